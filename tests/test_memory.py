"""Memory behaviour of the autograd graph: what backward releases, what dropping the output
releases, and a long training loop that must neither grow nor create reference cycles.

Weak references stand in for "is this object still alive?". Where a test claims that
something is freed *without* the cycle collector, it runs with ``gc`` disabled, so an object
kept alive only by a reference cycle would still be reachable through the weak reference.
"""

import contextlib
import gc
import time
import tracemalloc
import weakref
from collections import Counter

import numpy as np
import pytest

import minigrad as mg


@contextlib.contextmanager
def gc_disabled():
    """Run the block with the cycle collector off (restored afterwards)."""
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def collect_garbage():
    """Run the cycle collector; return (objects found, Counter of their type names)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        found = gc.collect()
        kinds = Counter(type(obj).__name__ for obj in gc.garbage)
        gc.garbage.clear()
    finally:
        gc.set_debug(0)
    return found, kinds


# ---------------------------------------------------------------------------------------------
# saved tensors


def test_saved_output_array_released_by_backward():
    """sigmoid saves its output; once the output tensor is gone only the node holds the array,
    and backward (without retain_graph) drops it."""
    with gc_disabled():
        x = mg.tensor([1.0, 2.0, 3.0], requires_grad=True)
        h = x.sigmoid()
        saved = weakref.ref(h.grad_fn.s_result.data)
        out = (h * 3).sum()       # a Python scalar factor: MulBackward0 saves no tensor
        del h
        assert saved() is not None, "the graph must keep the saved output alive"
        out.backward()
        assert saved() is None, "backward without retain_graph must release the saved array"
        assert x.grad is not None


def test_saved_input_tensor_released_by_backward():
    """log saves its input; a non-leaf input that nothing else holds dies at backward."""
    with gc_disabled():
        x = mg.tensor([1.0, 2.0, 3.0], requires_grad=True)
        b = x * 2
        y = b.log()
        saved = weakref.ref(b)
        del b
        assert saved() is not None, "LogBackward0 must keep its saved input alive"
        y.sum().backward()
        assert saved() is None, "backward without retain_graph must release the saved input"
        assert y.grad_fn is not None, "the graph itself survives backward"


def test_retain_graph_keeps_saved_tensors_until_the_last_backward():
    with gc_disabled():
        x = mg.tensor([1.0, 2.0], requires_grad=True)
        b = x * 2
        y = b.log().sum()
        saved = weakref.ref(b)
        del b
        y.backward(retain_graph=True)
        assert saved() is not None, "retain_graph=True must keep saved tensors"
        y.backward()
        assert saved() is None, "the backward without retain_graph releases them"
        np.testing.assert_allclose(x.grad.numpy(), [2.0, 1.0])   # 2 * 1/x, twice


def test_autograd_grad_releases_saved_tensors():
    with gc_disabled():
        x = mg.tensor([1.0, 2.0], requires_grad=True)
        b = x * 2
        y = b.log().sum()
        saved = weakref.ref(b)
        del b
        (g,) = mg.autograd.grad(y, [x])
        assert saved() is None
        np.testing.assert_allclose(g.numpy(), [1.0, 0.5])


# ---------------------------------------------------------------------------------------------
# the graph is freed with its output


def _graph_nodes(root):
    """Every node reachable from ``root`` through next_functions (AccumulateGrad included)."""
    seen, stack = [], [root]
    while stack:
        node = stack.pop()
        if node is None or any(node is s for s in seen):
            continue
        seen.append(node)
        stack.extend(fn for fn, _ in node.next_functions)
    return seen


@pytest.mark.parametrize("run_backward", [False, True], ids=["unused", "after_backward"])
def test_graph_freed_when_output_dropped(run_backward):
    """No reference cycles: dropping the output frees every node of its graph (gc is off),
    including the leaves' AccumulateGrad nodes; the leaves themselves stay."""
    with gc_disabled():
        x = mg.tensor([[1.0, -2.0], [0.5, 3.0]], requires_grad=True)
        w = mg.tensor([0.5, -1.0], requires_grad=True)
        h = (x @ w).tanh()
        h.retain_grad()
        h.register_hook(lambda g: g * 2)
        out = (h * h + x.sum(1).sigmoid()).mean()
        if run_backward:
            out.backward()
        nodes = [weakref.ref(node) for node in _graph_nodes(out.grad_fn)]
        assert len(nodes) >= 8
        del out, h
        alive = [ref() for ref in nodes if ref() is not None]
        assert not alive, f"nodes kept alive without gc: {[type(n).__name__ for n in alive]}"
        assert x.requires_grad and w.is_leaf


def test_view_graph_freed_when_output_dropped():
    """Views, in-place ops on views (CopySlices) and hooks do not create cycles either."""
    with gc_disabled():
        x = mg.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
        y = x * 1
        v = y[1:3]
        v.mul_(2)                 # y's grad_fn becomes CopySlices
        v.register_hook(lambda g: None)
        out = y.view(2, 2).sum()
        nodes = [weakref.ref(node) for node in _graph_nodes(out.grad_fn)]
        views = [weakref.ref(t) for t in (y, v)]
        out.backward()
        del out, y, v
        assert all(ref() is None for ref in views), "view tensors leaked"
        alive = [ref() for ref in nodes if ref() is not None]
        assert not alive, f"nodes kept alive without gc: {[type(n).__name__ for n in alive]}"
        np.testing.assert_allclose(x.grad.numpy(), [1.0, 2.0, 2.0, 1.0])


# ---------------------------------------------------------------------------------------------
# a long training loop

STEPS = 10_000
CHECKPOINT = 1_000
SLACK_BYTES = 64 * 1024


def _mlp_problem():
    """A fixed regression problem and a 4-16-1 MLP (deterministic initial weights)."""
    rng = np.random.default_rng(0)
    x = mg.tensor(rng.standard_normal((32, 4)), dtype=mg.float32)
    y = mg.tensor((rng.standard_normal((32, 1)) > 0).astype(np.float32))
    params = [
        mg.tensor(rng.standard_normal((4, 16)) * 0.5, dtype=mg.float32, requires_grad=True),
        mg.zeros(16, requires_grad=True),
        mg.tensor(rng.standard_normal((16, 1)) * 0.5, dtype=mg.float32, requires_grad=True),
        mg.zeros(1, requires_grad=True),
    ]
    return x, y, params


def _train_step(x, y, params, lr=0.05):
    w1, b1, w2, b2 = params
    hidden = (x @ w1 + b1).relu()
    pred = (hidden @ w2 + b2).sigmoid()
    loss = ((pred - y) ** 2).mean()
    loss.backward()
    with mg.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad = None
    return loss.item()


@pytest.mark.slow
def test_training_loop_memory_is_flat_and_acyclic():
    x, y, params = _mlp_problem()
    _train_step(x, y, params)            # warm caches (first-use imports, lazy tables)
    losses = {}
    started = time.perf_counter()
    tracemalloc.start()
    try:
        with gc_disabled():
            for step in range(1, STEPS + 1):
                loss = _train_step(x, y, params)
                if step == CHECKPOINT:
                    at_checkpoint = tracemalloc.get_traced_memory()[0]
                if step in (1, CHECKPOINT, STEPS):
                    losses[step] = loss
            at_end, peak = tracemalloc.get_traced_memory()
            found, kinds = collect_garbage()
    finally:
        tracemalloc.stop()
    elapsed = time.perf_counter() - started
    print(f"\nmemory: traced {at_checkpoint} B at step {CHECKPOINT}, {at_end} B at step "
          f"{STEPS} (growth {at_end - at_checkpoint:+d} B), peak {peak} B; "
          f"loss {losses[1]:.4f} -> {losses[STEPS]:.4f}; {elapsed:.1f} s")

    assert found == 0, f"reference cycles left by the loop: {found} objects {dict(kinds)}"
    assert at_end - at_checkpoint < SLACK_BYTES, (
        f"traced memory grew by {at_end - at_checkpoint} B between step {CHECKPOINT} and "
        f"{STEPS}")
    assert losses[STEPS] < losses[1], "the model did not train"
    assert all(p.is_leaf and p.requires_grad and p.grad is None for p in params)
