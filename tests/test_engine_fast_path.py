"""The engine's fast path (minigrad/_fast/backward.py) in lockstep with its plain loop
(`execute` in minigrad/autograd/engine.py).

Every scenario runs twice, once with the fast path installed and once without it, and
returns a transcript as plain data: gradient values, `.grad` versions, which `.grad`
arrays share memory, hook and node events in order, error texts. The two transcripts must
be equal. The scenarios cover what the fast path shortcuts (chains, diamonds, leaves used
twice, nodes returning one array for two inputs) and what it hands back to the engine
(hooks, retain_graph, create_graph, anomaly mode, multi-output nodes, a second backward).
"""

from __future__ import annotations

import numpy as np
import pytest

import minigrad
from minigrad.autograd import engine

from test_engine_order import _apply, _program, run as run_with_hooks_everywhere

FAST = engine.fast_execute


def both(scenario, *args):
    """(transcript with the fast path, transcript with the plain loop)."""
    assert FAST is not None, "minigrad/_fast installs the fast path on import"
    results = []
    try:
        for path in (FAST, None):
            engine.install_fast_path(path)
            results.append(scenario(*args))
    finally:
        engine.install_fast_path(FAST)
    return results


def grads_state(leaves):
    """Values, versions and memory sharing of the leaves' .grad tensors."""
    grads = [t.grad for t in leaves]
    arrays = [None if g is None else g.numpy() for g in grads]
    shared = [(i, j) for i, a in enumerate(arrays) for j, b in enumerate(arrays)
              if i < j and a is not None and b is not None and np.shares_memory(a, b)]
    return ([None if g is None else g.tolist() for g in grads],
            [None if g is None else g._version for g in grads], shared)


def _build(seed):
    n_leaves, steps, *_ = _program(seed)
    tensors = [minigrad.tensor([0.5 + i, -0.25 * i], requires_grad=True)
               for i in range(n_leaves)]
    for step in steps:
        tensors.append(_apply(step[0], *(tensors[i] for i in step[1:])))
    return tensors[:n_leaves], tensors[-1]


def plain_program(seed):
    """A random program without hooks (the shortcuts' ground): backward twice on one graph,
    then whether writing into one .grad changes another."""
    leaves, out = _build(seed)
    first = id(leaves[0].grad)
    try:
        out.sum().backward(retain_graph=True)
        state = [grads_state(leaves)]
        first = [id(t.grad) for t in leaves]
        out.sum().backward()
        state.append(grads_state(leaves))
        state.append([id(t.grad) for t in leaves] == first)     # .grad stays one object
        for t in leaves:
            if t.grad is not None:
                t.grad.add_(1)
        state.append(grads_state(leaves))
        out.sum().backward()
    except RuntimeError as e:
        state.append(str(e))
    return state


@pytest.mark.parametrize("seed", range(150))
def test_random_programs_without_hooks(seed):
    fast, plain = both(plain_program, seed)
    assert fast == plain


@pytest.mark.parametrize("seed", range(0, 400, 4))
def test_random_programs_with_hooks_on_every_tensor_and_node(seed):
    fast, plain = both(run_with_hooks_everywhere, minigrad, seed)
    assert fast == plain


def chain_with_hooks_on_some_nodes():
    events = []
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    y = x
    for i in range(30):
        y = y * 1.5 + 0.25 if i % 2 else (y * y).tanh()
        if i % 7 == 0:
            y.register_hook(lambda g, i=i: events.append(("hook", i, g.tolist())))
        if i % 11 == 0:
            y.grad_fn.register_hook(lambda gi, go, i=i: events.append(("post", i)))
        if i % 13 == 0:
            y.retain_grad()
            kept = y
    y.sum().backward()
    return events, grads_state([x]), kept.grad.tolist()


def leaf_hook_keeps_the_gradient():
    kept = []
    a = minigrad.tensor([1.0, 2.0], requires_grad=True)
    b = minigrad.tensor([3.0, 4.0], requires_grad=True)
    a.register_hook(kept.append)
    (a * b + a).sum().backward()
    state = grads_state([a, b])
    a.grad.add_(10)
    return state, kept[0].tolist(), np.shares_memory(kept[0].numpy(), a.grad.numpy())


def leaf_as_root():
    a = minigrad.tensor([1.0, 2.0], requires_grad=True)
    seed = minigrad.tensor([3.0, 5.0])
    a.backward(seed)
    a.backward(seed)
    return grads_state([a]), seed.tolist()


def one_array_for_two_inputs():
    """AddBackward0 returns (g, g): two leaves must not end up sharing one .grad array."""
    a = minigrad.tensor([1.0, 2.0], requires_grad=True)
    b = minigrad.tensor([3.0, 4.0], requires_grad=True)
    (a + b).sum().backward()
    (a + a + b).sum().backward()
    return grads_state([a, b])


def second_backward_and_create_graph():
    x = minigrad.tensor([0.5, -1.0], requires_grad=True)
    out = (x * x).sigmoid().sum()
    out.backward()
    try:
        out.backward()
    except RuntimeError as e:
        message = str(e)
    y = (x ** 3).sum()
    (g,) = minigrad.autograd.grad(y, x, create_graph=True)
    g.sum().backward()
    return message, g.grad_fn.name(), grads_state([x])


def anomaly_mode_nan():
    x = minigrad.tensor([0.0, 1.0], requires_grad=True)
    try:
        with minigrad.autograd.detect_anomaly():
            (x.sqrt() * 0).sum().backward()
        message = None
    except RuntimeError as e:
        message = str(e).splitlines()[0]
    return message, grads_state([x])


def multi_output_nodes():
    x = minigrad.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    first, second = x.split(2)
    (first * 2).sum().backward(retain_graph=True)
    (first.exp().sum() + (second * second).sum()).backward()
    return grads_state([x])


SCENARIOS = (chain_with_hooks_on_some_nodes, leaf_hook_keeps_the_gradient, leaf_as_root,
             one_array_for_two_inputs, second_backward_and_create_graph, anomaly_mode_nan,
             multi_output_nodes)


@pytest.mark.filterwarnings("ignore:Anomaly Detection:UserWarning")
@pytest.mark.filterwarnings("ignore:Error detected in:UserWarning")
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda f: f.__name__)
def test_scenario(scenario):
    fast, plain = both(scenario)
    assert fast == plain


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_a_plain_backward_takes_the_fast_path_and_extras_take_the_plain_loop(monkeypatch):
    calls = []
    monkeypatch.setattr(engine, "fast_execute", lambda *a: calls.append(a) or FAST(*a))
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    (x * x).sum().backward()
    assert len(calls) == 1
    (x * x).sum().backward(create_graph=True)
    minigrad.autograd.grad((x * x).sum(), x)
    (x * x).sum().backward(inputs=[x])
    with minigrad.autograd.detect_anomaly():
        (x * x).sum().backward()
    assert len(calls) == 1
