"""Grad mode and inference mode are per thread, anomaly mode is per process (as in torch 2.13),
and the modes decorate generator functions and (deprecated) classes as torch's do.

Each scenario is a function of the library module; it returns what it observed, and the test
asserts that torch 2.13 and minigrad observe the same thing (plus, where the value is the point
of the test, what that value must be, so that both libraries being wrong cannot pass).
"""
import threading
import warnings

import pytest

import minigrad
from difftest import requires_torch

pytestmark = requires_torch


def both(scenario):
    import torch
    return scenario(torch), scenario(minigrad)


def in_thread(fn):
    """Run fn() in a new thread and return its result (re-raising what it raised)."""
    box = {}

    def target():
        try:
            box["value"] = fn()
        except BaseException as exc:       # pragma: no cover - shown by the re-raise
            box["error"] = exc
    t = threading.Thread(target=target)
    t.start()
    t.join()
    if "error" in box:
        raise box["error"]
    return box["value"]


def graph_in_other_thread(lib):
    x = lib.ones(2, requires_grad=True)
    y = (x * 3).sum()
    y.backward()
    return (y.requires_grad, type(y.grad_fn).__name__, x.grad.tolist(),
            lib.is_grad_enabled(), lib.is_inference_mode_enabled())


@pytest.mark.parametrize("mode", ["no_grad", "inference_mode", "set_grad_enabled"])
def test_mode_in_main_thread_does_not_reach_a_new_thread(mode):
    def scenario(lib):
        ctx = {"no_grad": lib.no_grad, "inference_mode": lib.inference_mode,
               "set_grad_enabled": lambda: lib.set_grad_enabled(False)}[mode]()
        with ctx:
            seen = in_thread(lambda: graph_in_other_thread(lib))
            here = lib.is_grad_enabled()
        return seen, here, lib.is_grad_enabled()
    t, m = both(scenario)
    assert m == t
    assert m[0] == (True, "SumBackward0", [3.0, 3.0], True, False)
    assert m[1] is False and m[2] is True


def test_concurrent_threads_keep_their_own_mode():
    """Thread A sits inside no_grad while thread B builds and differentiates a graph."""
    def scenario(lib):
        a_inside, b_done = threading.Event(), threading.Event()
        out = {}

        def thread_a():
            with lib.no_grad():
                a_inside.set()
                b_done.wait(10)
                x = lib.ones(2, requires_grad=True)
                out["a"] = ((x * 2).requires_grad, lib.is_grad_enabled())
            out["a_after"] = lib.is_grad_enabled()

        def thread_b():
            a_inside.wait(10)
            try:
                out["b"] = graph_in_other_thread(lib)
            finally:
                b_done.set()
        ts = [threading.Thread(target=thread_a), threading.Thread(target=thread_b)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        return out
    t, m = both(scenario)
    assert m == t
    assert m["a"] == (False, False) and m["b"][0] is True


def test_plain_set_grad_enabled_in_a_thread_stays_there():
    def scenario(lib):
        def off():
            lib.set_grad_enabled(False)           # never restored: the thread just ends
            x = lib.ones(1, requires_grad=True)
            return (x * 2).requires_grad
        inner = in_thread(off)
        x = lib.ones(1, requires_grad=True)
        return inner, (x * 2).requires_grad, lib.is_grad_enabled()
    t, m = both(scenario)
    assert m == t == (False, True, True)


def test_backward_in_a_thread_while_main_is_in_no_grad():
    def scenario(lib):
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        y = (x * x).sum()                          # graph built with grad mode on
        with lib.no_grad():
            (g,) = in_thread(lambda: lib.autograd.grad(y, x, create_graph=True))
            still_off = lib.is_grad_enabled()
        return g.tolist(), g.requires_grad, still_off
    t, m = both(scenario)
    assert m == t == ([2.0, 4.0], True, False)


def test_inference_tensor_made_in_a_thread():
    def scenario(lib):
        def make():
            with lib.inference_mode():
                return lib.ones(2)
        made = in_thread(make)
        try:
            made.requires_grad_()
            outcome = "accepted"
        except RuntimeError as exc:
            outcome = str(exc)
        return made.is_inference(), lib.is_inference_mode_enabled(), outcome
    t, m = both(scenario)
    assert m == t
    assert m[0] is True and m[1] is False


def test_anomaly_mode_is_process_wide():
    def scenario(lib):
        lib.autograd.set_detect_anomaly(True)
        try:
            return in_thread(lib.is_anomaly_enabled)
        finally:
            lib.autograd.set_detect_anomaly(False)
    t, m = both(scenario)
    assert m == t == True  # noqa: E712


# ---------------------------------------------------------------------------------------------
# decorating generators


@pytest.mark.parametrize("decorator", ["no_grad()", "no_grad", "enable_grad()",
                                       "inference_mode()", "set_grad_enabled(False)"])
def test_decorated_generator_runs_its_body_under_the_mode(decorator):
    def scenario(lib):
        deco = eval("lib." + decorator, {"lib": lib})
        outer = not lib.is_grad_enabled() if decorator.startswith("enable") else True
        seen = []

        @deco
        def gen(n):
            for _ in range(n):
                got = yield (lib.is_grad_enabled(), lib.is_inference_mode_enabled())
                seen.append(got)
            return "finished"

        with lib.set_grad_enabled(outer):
            it = gen(2)
            first = next(it)
            between = lib.is_grad_enabled()
            second = it.send("sent")
            try:
                it.send("again")
                stop = None
            except StopIteration as e:
                stop = e.value
        return first, between, second, stop, seen, lib.is_grad_enabled()
    t, m = both(scenario)
    assert m == t
    assert m[1] == (not decorator.startswith("enable"))   # caller's mode between yields


def test_decorated_generator_throw_and_close():
    def scenario(lib):
        log = []

        @lib.no_grad()
        def gen():
            try:
                yield 1
            except ValueError as e:
                log.append(("caught", str(e), lib.is_grad_enabled()))
                yield 2
            finally:
                log.append(("finally", lib.is_grad_enabled()))
        it = gen()
        next(it)
        log.append(("thrown", it.throw(ValueError("boom"))))
        it.close()
        log.append(("after", lib.is_grad_enabled()))
        return log
    t, m = both(scenario)
    assert m == t
    assert ("finally", False) in m


# ---------------------------------------------------------------------------------------------
# decorating classes (deprecated: a FutureWarning, and the result builds under the mode)


@pytest.mark.parametrize("mode", ["no_grad", "enable_grad", "inference_mode"])
def test_decorating_a_class_warns_as_torch(mode):
    def scenario(lib):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")

            @getattr(lib, mode)()
            class Probe:
                def __init__(self, k):
                    self.k = k
                    self.grad = lib.is_grad_enabled()
        made = Probe(3)
        shown = [(w.category.__name__, str(w.message), w.filename == __file__)
                 for w in caught]
        return shown, type(made).__name__, made.k, made.grad, Probe.__name__
    t, m = both(scenario)
    assert m == t
    assert m[0][0][0] == "FutureWarning" and m[0][0][2] is True


def test_concurrent_backward_passes_keep_their_own_create_graph():
    """Interleaved backward passes: A (create_graph=True) pauses in a hook, B (plain backward)
    starts and pauses in its own hook, A finishes, then B. Each pass must keep its own
    create_graph: A's gradient is a graph, B's is not."""
    def scenario(lib):
        a_inside, b_inside, a_done = threading.Event(), threading.Event(), threading.Event()
        out = {}

        def thread_a():
            try:
                x = lib.tensor([1.0, 2.0], requires_grad=True)
                y = x * x

                def wait_for_b(g):
                    a_inside.set()
                    b_inside.wait(10)
                y.register_hook(wait_for_b)
                (g,) = lib.autograd.grad(y.sum(), x, create_graph=True)
                out["a"] = (g.tolist(), g.requires_grad)
            finally:
                a_done.set()

        def thread_b():
            a_inside.wait(10)
            x = lib.tensor([3.0, 4.0], requires_grad=True)
            y = x * x * x

            def wait_for_a(g):
                b_inside.set()
                a_done.wait(10)
            y.register_hook(wait_for_a)
            y.sum().backward()
            out["b"] = (x.grad.tolist(), x.grad.requires_grad, lib.is_grad_enabled())
        ts = [threading.Thread(target=thread_a), threading.Thread(target=thread_b)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        return out
    t, m = both(scenario)
    assert m == t
    assert m["a"] == ([2.0, 4.0], True) and m["b"] == ([27.0, 48.0], False, True)


def test_open_inference_blocks_are_counted_across_threads():
    """Tensor._make looks at its thread's inference flag only while some inference_mode
    block is open in any thread (grad_mode.inference_anywhere): the count must follow
    nesting, exceptions and concurrent threads exactly, or tensors made inside a block
    would not be marked."""
    from minigrad.autograd.grad_mode import inference_anywhere
    assert inference_anywhere.count == 0
    with minigrad.inference_mode():
        with minigrad.inference_mode(False):
            assert not minigrad.ones(1).is_inference()
        assert inference_anywhere.count == 1 and minigrad.ones(1).is_inference()
        assert not in_thread(lambda: minigrad.ones(1).is_inference())
    with pytest.raises(ValueError), minigrad.inference_mode():
        raise ValueError("leaving the block by an exception")
    assert inference_anywhere.count == 0

    def churn():
        for _ in range(2000):
            with minigrad.inference_mode():
                assert minigrad.ones(1).is_inference()
    threads = [threading.Thread(target=churn) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert inference_anywhere.count == 0 and not minigrad.ones(1).is_inference()
