"""The op recorder's fast path (minigrad/_fast/record.py) in lockstep with the plain
`Node.apply` (autograd/graph.py: begin, forward, output).

Every scenario runs twice, once with the fast path installed and once with the plain
apply, and returns a transcript as plain data: each result's repr, grad_fn name and edges,
requires_grad and leaf status, the no_grad badge, gradients, and error texts. The two
transcripts must be equal. The scenarios cover recorded and unrecorded ops, numbers as
inputs, saved outputs edited in place, no_grad, inference mode, views, several outputs,
anomaly mode and saved-tensor hooks.
"""
import warnings

import pytest

import minigrad
from minigrad.autograd import graph
from minigrad._fast.record import apply as FAST

from test_engine_order import _apply, _program


def both(scenario, *args):
    """(transcript with the fast path, transcript with the plain apply)."""
    assert graph.Node.apply.__func__ is FAST, "minigrad/_fast installs the fast path on import"
    results = []
    try:
        for fast in (FAST, None):
            graph.install_fast_apply(fast)
            results.append(scenario(*args))
    finally:
        graph.install_fast_apply(FAST)
    return results


def describe(t):
    fn = t.grad_fn
    edges = None if fn is None else [None if n is None else (n.name(), nr)
                                     for n, nr in fn.next_functions]
    return (repr(t), None if fn is None else fn.name(), edges, t.requires_grad, t.is_leaf,
            t.__dict__.get("_made_in_no_grad", False))


def error_of(f):
    try:
        f()
    except Exception as exc:        # the transcript keeps the type and the text
        return f"{type(exc).__name__}: {exc}"
    return None


def random_program(seed):
    n_leaves, steps, *_ = _program(seed)
    leaves = [minigrad.tensor([0.5 + i, -0.25 * i], requires_grad=i % 2 == 0)
              for i in range(n_leaves)]
    tensors = list(leaves)
    for step in steps:
        tensors.append(_apply(step[0], *(tensors[i] for i in step[1:])))
    out = tensors[-1]
    err = error_of(lambda: out.sum().backward()) if out.requires_grad else "no grad"
    return [describe(t) for t in tensors], err, [None if t.grad is None else t.grad.tolist()
                                                 for t in leaves]


@pytest.mark.parametrize("seed", range(40))
def test_random_programs(seed):
    fast, plain = both(random_program, seed)
    assert fast == plain


def saved_output_edited():
    x = minigrad.tensor([0.5, 1.5], requires_grad=True)
    y = x.sigmoid()
    z = (y * 2).tanh()
    y.mul_(2)                   # sigmoid saved its output: backward must refuse
    return describe(y), describe(z), error_of(lambda: z.sum().backward())


def numbers_and_unrecorded():
    a = minigrad.tensor([1.0, 2.0])
    b = 2 * a + 1               # nothing requires grad: unrecorded
    w = minigrad.tensor([3.0, 4.0], requires_grad=True)
    c = 1.5 - w / 2
    return describe(b), describe(c), error_of(lambda: b.sum().backward())


def no_grad_and_inference():
    w = minigrad.tensor([1.0, -1.0], requires_grad=True)
    with minigrad.no_grad():
        u = w * 2               # the no_grad badge (viz)
    with minigrad.inference_mode():
        v = w.exp()
    return describe(u), describe(v), v.is_inference()


def views_and_several_outputs():
    x = minigrad.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    y = x * 1
    row = y[0]
    row.mul_(3)
    parts = y.split(1)
    out = (parts[0] * parts[1]).sum() + y.t().sum()
    out.backward()
    return [describe(t) for t in (y, row, *parts, out)], x.grad.tolist()


def anomaly_mode():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # anomaly mode's own warnings, the same both ways
        with minigrad.autograd.detect_anomaly():
            x = minigrad.tensor([0.0, 1.0], requires_grad=True)
            y = (x.sqrt() * 0).sum()
            return describe(y), error_of(y.backward)


def saved_tensor_hooks():
    seen = []
    with minigrad.autograd.graph.saved_tensors_hooks(lambda t: seen.append("pack") or t,
                                                      lambda t: seen.append("unpack") or t):
        x = minigrad.tensor([1.0, 2.0], requires_grad=True)
        y = (x * x).sigmoid().sum()
    y.backward()
    return describe(y), seen, x.grad.tolist()


@pytest.mark.parametrize("scenario", [saved_output_edited, numbers_and_unrecorded,
                                      no_grad_and_inference, views_and_several_outputs,
                                      anomaly_mode, saved_tensor_hooks])
def test_scenario(scenario):
    fast, plain = both(scenario)
    assert fast == plain


def test_the_seam_swaps_apply_and_puts_the_plain_one_back():
    x = minigrad.tensor([1.0], requires_grad=True)
    try:
        graph.install_fast_apply(None)
        assert graph.Node.apply.__func__ is vars(graph.Node)["_plain_apply"].__func__
        assert (x * 2).grad_fn.name() == "MulBackward0"
    finally:
        graph.install_fast_apply(FAST)
    assert graph.Node.apply.__func__ is FAST
