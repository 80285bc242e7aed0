"""The backward engine: deep graphs, execution order, retain_graph, freeing saved tensors
and graphs, and how gradients are stored in leaves.

Most tests run one scenario ``scenario(lib)`` that returns a transcript (plain Python data);
a minigrad-only test checks the transcript against what we know torch does, and a second
test compares it with the transcript of the same scenario run under torch (skipped visibly
when torch is not installed).
"""

from __future__ import annotations

import gc
import weakref

import numpy as np
import pytest

import minigrad

try:
    import torch
except ImportError:  # the oracle is optional
    torch = None

requires_torch = pytest.mark.skipif(
    torch is None, reason="torch oracle not installed: comparison with torch skipped")

SECOND_BACKWARD = (
    "Trying to backward through the graph a second time (or directly access saved tensors "
    "after they have already been freed). Saved intermediate values of the graph are freed "
    "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
    "backward through the graph a second time or if you need to access saved tensors after "
    "calling backward.")


def values(t):
    """A tensor's values as nested Python floats (comparable across libraries)."""
    return np.round(t.detach().numpy().astype(np.float64), 10).tolist()


def error_of(fn):
    """None if fn() runs, else 'TypeName: message'."""
    try:
        fn()
    except Exception as e:  # the transcript records any failure
        return f"{type(e).__name__}: {e}"
    return None


# ---------------------------------------------------------------------------------------------
# (a) a 200,000-op chain: no recursion anywhere (backward, release, deallocation)

CHAIN_STEPS = 100_000


# about 2 s on an idle machine (forward 1.5 s, backward 0.5 s): not marked slow
def test_backward_through_a_200000_op_chain_matches_analytic_gradient():
    x = minigrad.tensor([0.5], dtype=minigrad.float64, requires_grad=True)
    y = x
    for _ in range(CHAIN_STEPS):
        y = y * 1.0001 + 0.0001             # two nodes per step
    a = 1.0001 ** CHAIN_STEPS
    # y_n = a^n x + b (a^n - 1) / (a - 1) with a = 1.0001, b = 0.0001
    assert y.item() == pytest.approx(a * 0.5 + 0.0001 * (a - 1) / 0.0001, rel=1e-9)
    y.backward()
    assert x.grad.item() == pytest.approx(a, rel=1e-9)
    del y                                   # freeing the chain must not recurse either
    gc.collect()


# ---------------------------------------------------------------------------------------------
# (b) execution order: hooks on graphs with diamonds fire in torch's order


def diamond(lib, x):
    """x feeds two branches that meet again, and `a` is used twice."""
    a = x * 2
    b = x.exp()
    c = a * b
    d = c + a
    return {"a": a, "b": b, "c": c, "d": d}, d.sum()


def uneven_branches(lib, x):
    """A long branch created first and a short one created last: torch runs the node with
    the highest sequence number among the ready ones, so the short branch goes first."""
    p = x.sin()
    q = p.cos()
    r = q * 3
    s = x.tanh()
    t = r + s
    return {"p": p, "q": q, "r": r, "s": s, "t": t}, t.sum()


def two_roots_in_one_sum(lib, x):
    """Branches that join through a multi-input op (stack) and a view."""
    u = x.sigmoid()
    v = (x * x).view(-1)
    w = lib.stack([u, v, u])
    return {"u": u, "v": v, "w": w}, w.sum()


def leaf_at_many_depths(lib, x):
    """x reaches the output directly and through one- and three-node paths, so its
    accumulator becomes ready only after the deepest path."""
    e = x.exp()
    f = (e + x).sin()
    g = x * f
    return {"e": e, "f": f, "g": g}, g.sum()


GRAPHS = {"diamond": diamond, "uneven_branches": uneven_branches,
          "two_roots_in_one_sum": two_roots_in_one_sum, "leaf_at_many_depths": leaf_at_many_depths}


def hook_order(lib, build):
    """Register tensor hooks, retain_grad, node pre-hooks and post-hooks everywhere (also
    on the leaf's AccumulateGrad); return the order in which they fire."""
    events = []
    x = lib.tensor([0.5, -1.0], dtype=lib.float64, requires_grad=True)
    tensors, out = build(lib, x)
    tensors = {"x": x, **tensors, "out": out}

    def on_tensor(name):
        def hook(grad):
            events.append(("tensor", name, values(grad)))
        return hook

    def on_pre(name):
        def hook(grad_outputs):
            events.append(("pre", name))
        return hook

    def on_post(name):
        def hook(grad_inputs, grad_outputs):
            events.append(("post", name, len(grad_inputs)))
        return hook

    for name, t in tensors.items():
        t.register_hook(on_tensor(name))
        if t.grad_fn is not None:
            t.retain_grad()
            t.grad_fn.register_prehook(on_pre(name))
            t.grad_fn.register_hook(on_post(name))
    accumulate = tensors["out"].grad_fn
    while accumulate.next_functions:      # walk down the first edges to x's accumulator
        accumulate = accumulate.next_functions[0][0]
    accumulate.register_prehook(on_pre("AccumulateGrad(x)"))
    accumulate.register_hook(on_post("AccumulateGrad(x)"))
    out.backward()
    events.append(("x.grad", values(x.grad)))
    return events


@pytest.mark.hooks
@pytest.mark.parametrize("graph", list(GRAPHS))
def test_hooks_fire_in_dependency_order(graph):
    events = hook_order(minigrad, GRAPHS[graph])
    order = [e[1] for e in events if e[0] == "pre"]
    # every node runs once, after all the nodes that feed it a gradient
    assert len(order) == len(set(order))
    assert order[0] == "out" and order[-1] == "AccumulateGrad(x)"
    tensor_names = [e[1] for e in events if e[0] == "tensor"]
    assert tensor_names[0] == "out" and tensor_names[-1] == "x"


@pytest.mark.hooks
@requires_torch
@pytest.mark.parametrize("graph", list(GRAPHS))
def test_hook_order_matches_torch(graph):
    assert hook_order(minigrad, GRAPHS[graph]) == hook_order(torch, GRAPHS[graph])


# ---------------------------------------------------------------------------------------------
# (c) retain_graph


def x2(lib):
    return lib.tensor([1.0, 2.0], dtype=lib.float64, requires_grad=True)


ONE_OP = {
    # saves nothing: can run twice
    "add": lambda lib, x: x + 1,
    "rsub": lambda lib, x: 1 - x,
    "neg": lambda lib, x: -x,
    "view": lambda lib, x: x.view(2),
    "expand": lambda lib, x: x.expand(3, 2),
    "getitem": lambda lib, x: x[0],
    "clone": lambda lib, x: x.clone(),
    "sum": lambda lib, x: x.sum(),
    "mean": lambda lib, x: x.mean(),
    "cat": lambda lib, x: lib.cat([x, x]),
    # saves something: the second backward raises
    "mul_number": lambda lib, x: x * 2,
    "div_number": lambda lib, x: x / 2,
    "mul_tensor": lambda lib, x: x * lib.ones(2, dtype=lib.float64),
    "number_div": lambda lib, x: 2 / x,
    "pow": lambda lib, x: x ** 2,
    "exp": lambda lib, x: x.exp(),
    "sin": lambda lib, x: x.sin(),
    "relu": lambda lib, x: x.relu(),
    "max": lambda lib, x: x.max(),
    "matmul": lambda lib, x: x @ x,
}
SAVES_NOTHING = ("add", "rsub", "neg", "view", "expand", "getitem", "clone", "sum", "mean", "cat")


def backward_twice(lib, op):
    x = x2(lib)
    y = ONE_OP[op](lib, x).sum()
    y.backward()
    error = error_of(y.backward)
    return error, values(x.grad)


@pytest.mark.parametrize("op", list(ONE_OP))
def test_second_backward_without_retain_graph(op):
    error, grad = backward_twice(minigrad, op)
    if op in SAVES_NOTHING:
        assert error is None
    else:
        assert error == f"RuntimeError: {SECOND_BACKWARD}"


@requires_torch
@pytest.mark.parametrize("op", list(ONE_OP))
def test_second_backward_without_retain_graph_matches_torch(op):
    assert backward_twice(minigrad, op) == backward_twice(torch, op)


def backward_twice_through_nothing_needed(lib):
    """A node whose inputs need no gradient (here: a no_grad view of a leaf, which gets no
    accumulator) computes nothing, so a second backward unpacks no freed tensor."""
    x = lib.tensor(-2.0, requires_grad=True)
    with lib.no_grad():
        v = x.view(-1)
    y = v @ v
    return [error_of(lambda: y.sum().backward()) for _ in range(2)] + [x.grad]


def test_second_backward_through_a_node_nothing_needs_does_not_raise():
    assert backward_twice_through_nothing_needed(minigrad) == [None, None, None]


@requires_torch
def test_second_backward_through_a_node_nothing_needs_matches_torch():
    assert backward_twice_through_nothing_needed(minigrad) == \
        backward_twice_through_nothing_needed(torch)


def retain_then_release(lib):
    x = x2(lib)
    y = (x.exp() * x).sum()
    transcript = []
    for retain in (True, True, False, None):
        transcript.append(error_of(lambda r=retain: y.backward(retain_graph=r)))
        transcript.append(values(x.grad))
    return transcript


def test_retain_graph_keeps_saved_tensors_until_a_backward_without_it():
    transcript = retain_then_release(minigrad)
    errors, grads = transcript[0::2], transcript[1::2]
    assert errors == [None, None, None, f"RuntimeError: {SECOND_BACKWARD}"]
    one = np.exp([1.0, 2.0]) * (1 + np.array([1.0, 2.0]))
    for n, g in zip((1, 2, 3, 3), grads):
        np.testing.assert_allclose(g, n * one, rtol=1e-9)


@requires_torch
def test_retain_graph_matches_torch():
    assert retain_then_release(minigrad) == retain_then_release(torch)


def saved_after_backward(lib, how="backward"):
    """Reading saved values through grad_fn._saved_* before and after backward."""
    x = x2(lib)
    e = x.exp()
    s = x.sin()
    total = (e + s).sum()
    before = [values(e.grad_fn._saved_result), values(s.grad_fn._saved_self)]
    if how == "backward":
        total.backward()
    else:
        lib.autograd.grad(total, x)
    after = [error_of(lambda: e.grad_fn._saved_result),
             error_of(lambda: s.grad_fn._saved_self)]
    return before, after


@pytest.mark.parametrize("how", ["backward", "autograd.grad"])
def test_saved_tensors_unreadable_after_backward(how):
    before, after = saved_after_backward(minigrad, how)
    np.testing.assert_allclose(before[0], np.exp([1.0, 2.0]))
    assert before[1] == [1.0, 2.0]
    assert after == [f"RuntimeError: {SECOND_BACKWARD}"] * 2


@requires_torch
@pytest.mark.parametrize("how", ["backward", "autograd.grad"])
def test_saved_tensors_after_backward_match_torch(how):
    assert saved_after_backward(minigrad, how) == saved_after_backward(torch, how)


IGNORE_CREATE_GRAPH_WARNING = pytest.mark.filterwarnings(
    "ignore:Using backward\\(\\) with create_graph=True:UserWarning")


def create_graph_retains(lib):
    """create_graph=True implies retain_graph=True (unless told otherwise)."""
    x = x2(lib)
    y = (x.sin() * x).sum()
    y.backward(create_graph=True)
    second = error_of(y.backward)
    z = (x.exp() ** 2).sum()
    z.backward(create_graph=True, retain_graph=False)
    third = error_of(z.backward)
    return second, third, values(x.grad)


@IGNORE_CREATE_GRAPH_WARNING
def test_create_graph_implies_retain_graph():
    second, third, _ = create_graph_retains(minigrad)
    assert second is None
    assert third == f"RuntimeError: {SECOND_BACKWARD}"


@IGNORE_CREATE_GRAPH_WARNING
@requires_torch
def test_create_graph_retain_matches_torch():
    assert create_graph_retains(minigrad) == create_graph_retains(torch)


# ---------------------------------------------------------------------------------------------
# (d) saved tensors are released by backward; dropping the output frees the graph


@pytest.fixture
def no_gc():
    """Turn the cycle collector off: what dies below dies by reference counting alone,
    which proves that the graph holds no reference cycle."""
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def test_saved_output_array_is_released_by_backward(no_gc):
    x = x2(minigrad)
    y = x.exp()                            # ExpBackward0 saves its output
    saved = weakref.ref(y._data)
    total = y.sum()
    del y
    assert saved() is not None             # kept alive by the node only
    total.backward()
    assert saved() is None


def test_saved_input_is_released_by_backward(no_gc):
    x = x2(minigrad)
    a = x * 3
    b = a.sin()                            # SinBackward0 saves its input `a`
    saved = weakref.ref(a)
    total = b.sum()
    del a, b
    assert saved() is not None
    total.backward()
    assert saved() is None


def test_retain_graph_keeps_saved_output_until_last_backward(no_gc):
    x = x2(minigrad)
    y = x.tanh()
    saved = weakref.ref(y._data)
    total = y.sum()
    del y
    total.backward(retain_graph=True)
    assert saved() is not None
    total.backward()
    assert saved() is None


def graph_nodes(root):
    """Every node reachable from `root` (through next_functions)."""
    seen, stack = [], [root]
    while stack:
        node = stack.pop()
        if node is None or any(node is s for s in seen):
            continue
        seen.append(node)
        stack.extend(n for n, _ in node.next_functions)
    return seen


@pytest.mark.parametrize("backward_first", [False, True])
def test_dropping_the_output_frees_the_whole_graph(no_gc, backward_first):
    x = x2(minigrad)
    out = ((x.exp() * x).sigmoid()[0] + x.sum()).tanh()
    refs = [weakref.ref(n) for n in graph_nodes(out.grad_fn)]
    assert len(refs) >= 8
    if backward_first:
        out.backward()
    del out
    alive = [r() for r in refs if r() is not None]
    assert alive == []


def test_output_that_saves_itself_is_not_in_a_cycle(no_gc):
    x = x2(minigrad)
    y = x.exp()                            # node -> saved output; output -> node
    node = weakref.ref(y.grad_fn)
    tensor = weakref.ref(y)
    del y
    assert node() is None and tensor() is None


def test_hooks_and_retain_grad_do_not_keep_the_graph_alive(no_gc):
    x = x2(minigrad)
    y = x.sigmoid()
    y.retain_grad()
    y.register_hook(lambda g: g * 2)
    y.grad_fn.register_hook(lambda gin, gout: None)
    out = y.sum()
    out.backward()
    refs = [weakref.ref(n) for n in graph_nodes(out.grad_fn)] + [weakref.ref(y)]
    del y, out
    assert [r() for r in refs if r() is not None] == []
    assert x.grad is not None


# ---------------------------------------------------------------------------------------------
# (e) x.grad is one object across backward calls, and accumulates


def grad_identity(lib):
    x = x2(lib)
    (x * x).sum().backward()
    first = x.grad
    first_values = values(first)
    (x * 3).sum().backward()
    same = x.grad is first
    x.grad = None
    x.sum().backward()
    fresh = x.grad is not first
    return first_values, same, values(first), values(x.grad), fresh


@pytest.mark.leaf
def test_grad_is_the_same_object_across_backward_calls_and_accumulates():
    first_values, same, first_after, now, fresh = grad_identity(minigrad)
    assert first_values == [2.0, 4.0]
    assert same
    assert first_after == [5.0, 7.0]       # updated in place: the old handle sees the sum
    assert now == [1.0, 1.0] and fresh


@pytest.mark.leaf
@requires_torch
def test_grad_identity_matches_torch():
    assert grad_identity(minigrad) == grad_identity(torch)


# ---------------------------------------------------------------------------------------------
# (f) a leaf's first gradient never aliases another leaf's gradient, nor `gradient=`


def pair(lib):
    a = lib.tensor([1.0, 2.0, 3.0], dtype=lib.float64, requires_grad=True)
    b = lib.tensor([4.0, 5.0, 6.0], dtype=lib.float64, requires_grad=True)
    return a, b


SHARED_GRADIENT_GRAPHS = {
    # ops whose backward may hand the same upstream gradient to both inputs
    "add": lambda lib, a, b: a + b,
    "sub": lambda lib, a, b: a - b,
    "add_scaled": lambda lib, a, b: a * 1 + b,
    "clone_add": lambda lib, a, b: a.clone() + b.clone(),
    "view_add": lambda lib, a, b: a.view(3) + b.view(1, 3).view(3),
    "cat_halves": lambda lib, a, b: lib.cat([a, b])[1:4] * 1 + lib.cat([a, b])[2:5],
    "stack_rows": lambda lib, a, b: lib.stack([a, b]).sum(0),
    "where": lambda lib, a, b: lib.where(lib.tensor([True, False, True]), a, b) + a + b,
    "broadcast": lambda lib, a, b: (a.view(3, 1) + b.view(1, 3)).sum(0),
}
GRADIENT_ARG = [0.5, -1.0, 2.0]


def aliasing(lib, graph, seed):
    """Backward through `graph`, then write into a.grad, b.grad and the gradient argument in
    turn; report what each of the three looks like after each write."""
    a, b = pair(lib)
    gradient = lib.tensor(GRADIENT_ARG, dtype=lib.float64)
    out = SHARED_GRADIENT_GRAPHS[graph](lib, a, b)
    if seed == "implicit":
        out.sum().backward()
    else:
        out.backward(gradient)
    snapshots = [[values(a.grad), values(b.grad), values(gradient)]]
    a.grad.zero_()
    snapshots.append([values(a.grad), values(b.grad), values(gradient)])
    b.grad.add_(100)
    snapshots.append([values(a.grad), values(b.grad), values(gradient)])
    gradient.mul_(0)
    snapshots.append([values(a.grad), values(b.grad), values(gradient)])
    return snapshots


@pytest.mark.leaf
@pytest.mark.parametrize("seed", ["implicit", "gradient_arg"])
@pytest.mark.parametrize("graph", list(SHARED_GRADIENT_GRAPHS))
def test_first_gradient_does_not_alias(graph, seed):
    (ga, gb, g), after_a, after_b, after_arg = aliasing(minigrad, graph, seed)
    assert after_a == [[0.0] * 3, gb, g], "zeroing a.grad changed another tensor"
    assert after_b[0] == [0.0] * 3 and after_b[2] == g, "writing b.grad changed another tensor"
    assert after_arg[:2] == after_b[:2], "writing the gradient argument changed a .grad"


# torch 2.13 itself lets AccumulateGrad steal a gradient that is a view of the user's
# `gradient=` tensor: after view_add / stack_rows with gradient=g, a.grad, b.grad and g share
# memory in torch. minigrad deliberately does not; there only the gradients are compared.
TORCH_ALIASES = {("view_add", "gradient_arg"), ("stack_rows", "gradient_arg")}


@pytest.mark.leaf
@requires_torch
@pytest.mark.parametrize("seed", ["implicit", "gradient_arg"])
@pytest.mark.parametrize("graph", list(SHARED_GRADIENT_GRAPHS))
def test_gradient_aliasing_matches_torch(graph, seed):
    ours, theirs = aliasing(minigrad, graph, seed), aliasing(torch, graph, seed)
    if (graph, seed) in TORCH_ALIASES:
        ours, theirs = ours[:1], theirs[:1]
    assert ours == theirs


@pytest.mark.leaf
@pytest.mark.parametrize("lib_name", ["minigrad", pytest.param("torch", marks=requires_torch)])
def test_leaf_backward_does_not_alias_the_gradient_argument(lib_name):
    lib = minigrad if lib_name == "minigrad" else torch
    a, _ = pair(lib)
    gradient = lib.tensor(GRADIENT_ARG, dtype=lib.float64)
    a.backward(gradient)                   # the root is the leaf itself
    a.grad.add_(1)
    assert values(gradient) == GRADIENT_ARG
    gradient.zero_()
    assert values(a.grad) == [1.5, 0.0, 3.0]


def test_backward_is_silent_about_inf_and_restores_numpy_error_state():
    """torch's backward does not warn when a gradient overflows or divides by zero; the
    engine silences NumPy for the pass (np.errstate) and hands the caller's own settings
    back, also when backward fails."""
    x = minigrad.tensor([0.0, 1.0], requires_grad=True)
    with np.errstate(all="raise"):
        x.log().sum().backward()            # d log(x) = 1 / x: a division by zero at 0
        assert np.geterr()["divide"] == "raise"
        assert x.grad.tolist() == [float("inf"), 1.0]
        y = x.log().sum()
        y.register_hook(lambda g: 1 / 0)
        with pytest.raises(ZeroDivisionError):
            y.backward()
        assert np.geterr() == {"divide": "raise", "over": "raise", "under": "raise",
                               "invalid": "raise"}
