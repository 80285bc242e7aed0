"""Machinery of the gradient checks in test_gradcheck.py: tolerances, the oracles (finite
differences, torch in float64 and float32), and the Hypothesis strategies that draw each
case's inputs."""


from __future__ import annotations


import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import minigrad

try:
    import torch
except ImportError:  # the oracle is optional
    torch = None

TORCH_MISSING = "torch oracle not installed: comparison with torch skipped"
requires_torch = pytest.mark.skipif(torch is None, reason=TORCH_MISSING)

F64 = np.float64
EPS = 1e-6
FD_TOL = dict(rtol=1e-5, atol=1e-7)
TORCH_TOL = dict(rtol=1e-9, atol=1e-12)
TORCH32_TOL = dict(rtol=1e-4, atol=1e-5)

# Few examples per case keep the whole file fast (~150 cases, three oracles); derandomize
# makes every run explore the same examples (no flaky failures in CI).
CHECK_SETTINGS = settings(max_examples=6, deadline=None, derandomize=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.filter_too_much])


# ---------------------------------------------------------------------------------------------
# helpers


def leaf(lib, array, dtype=F64):
    """A fresh leaf tensor of `lib` holding a copy of `array`, requiring grad."""
    lib_dtype = lib.float64 if dtype == F64 else lib.float32
    return lib.tensor(np.array(array, dtype=dtype), dtype=lib_dtype, requires_grad=True)


def to_numpy(t):
    return np.array(t.detach().numpy())


def numeric_grad(f, arrays, weight=None, eps=EPS):
    """Central finite differences of ``sum(f(*tensors) * weight)`` w.r.t. each array.

    `f` takes minigrad tensors and returns a minigrad tensor; it is evaluated under
    ``minigrad.no_grad()``. `weight` defaults to ones (plain sum of the output)."""
    arrays = [np.array(a, dtype=F64) for a in arrays]

    def value():
        with minigrad.no_grad():
            out = f(*[minigrad.tensor(a.copy(), dtype=minigrad.float64) for a in arrays])
        out = to_numpy(out)
        return float(np.sum(out if weight is None else out * weight))

    grads = []
    for a in arrays:
        g = np.zeros_like(a)
        flat_a, flat_g = a.reshape(-1), g.reshape(-1)     # views: edits reach `arrays`
        for i in range(flat_a.size):
            orig = flat_a[i]
            flat_a[i] = orig + eps
            plus = value()
            flat_a[i] = orig - eps
            minus = value()
            flat_a[i] = orig
            flat_g[i] = (plus - minus) / (2 * eps)
        grads.append(g)
    return grads


def run_backward(lib, fn, arrays, params, weight, dtype=F64):
    """Forward `fn` with `lib`, backward with upstream gradient `weight`.
    Returns (output array, output dtype, [(grad array or None, grad dtype)])."""
    leaves = [leaf(lib, a, dtype) for a in arrays]
    out = fn(lib, *leaves, **params)
    out.backward(lib.tensor(np.asarray(weight, dtype=dtype)))
    grads = [(None, None) if t.grad is None else (to_numpy(t.grad), str(t.grad.dtype))
             for t in leaves]
    return to_numpy(out), str(out.dtype), grads


def dtype_name(s):
    """'minigrad.float32' / 'torch.float32' -> 'float32'."""
    return s.split(".")[-1]


def check_case(case, arrays, params, seed, oracle):
    rng = np.random.default_rng(seed)
    if oracle == "torch32":
        check_against_torch32(case, arrays, params, rng)
        return
    with minigrad.no_grad():
        shape = tuple(case.fn(minigrad, *[minigrad.tensor(a) for a in arrays], **params).shape)
    weight = rng.standard_normal(shape)
    out, _, got = run_backward(minigrad, case.fn, arrays, params, weight)
    if oracle == "fd":
        expected = numeric_grad(lambda *ts: case.fn(minigrad, *ts, **params), arrays, weight)
        tol = FD_TOL
    else:
        t_out, _, t_grads = run_backward(torch, case.fn, arrays, params, weight)
        assert out.shape == t_out.shape
        np.testing.assert_allclose(out, t_out, **TORCH_TOL, err_msg="forward value")
        expected = [np.zeros_like(a) if g is None else g
                    for a, (g, _) in zip(arrays, t_grads)]
        tol = TORCH_TOL
    for i, ((g, _), e) in enumerate(zip(got, expected)):
        assert g is not None, f"input {i}: minigrad left .grad as None"
        assert g.shape == np.shape(arrays[i]), f"input {i}: gradient shape {g.shape}"
        np.testing.assert_allclose(g, e, **tol, err_msg=f"gradient of input {i}")


def check_against_torch32(case, arrays, params, rng):
    """float32 inputs: dtypes of the output and of the gradients, and loose values."""
    with torch.no_grad():
        shape = tuple(case.fn(torch, *[torch.tensor(a) for a in arrays], **params).shape)
    weight = rng.standard_normal(shape).astype(np.float32)
    out, out_dtype, got = run_backward(minigrad, case.fn, arrays, params, weight, np.float32)
    t_out, t_dtype, expected = run_backward(torch, case.fn, arrays, params, weight, np.float32)
    assert dtype_name(out_dtype) == dtype_name(t_dtype), "output dtype"
    np.testing.assert_allclose(out, t_out, **TORCH32_TOL, err_msg="forward value")
    for i, ((g, g_dtype), (e, e_dtype)) in enumerate(zip(got, expected)):
        assert (g is None) == (e is None), f"input {i}: .grad None-ness differs"
        if e is not None:
            assert dtype_name(g_dtype) == dtype_name(e_dtype), f"input {i}: gradient dtype"
            np.testing.assert_allclose(g, e, **TORCH32_TOL, err_msg=f"gradient of input {i}")


# ---------------------------------------------------------------------------------------------
# strategies: each case's strategy draws (arrays, params)

SHAPES = hnp.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=3)


def floats(lo=-2.0, hi=2.0, avoid=()):
    """Floats in [lo, hi], at least 0.1 away from each point of `avoid`."""
    el = st.floats(lo, hi, allow_nan=False, allow_infinity=False, allow_subnormal=False)
    if avoid:
        el = el.filter(lambda v: min(abs(v - a) for a in avoid) > 0.1)
    return el


ANY = floats()
NONZERO = floats(avoid=(0.0,))
POSITIVE = floats(0.1, 2.0)
BASE = floats(0.5, 2.0)              # base of pow when the exponent is a tensor


def arrays(shape, elements=ANY):
    return hnp.arrays(F64, shape, elements=elements)


def shapes(min_dims=0, max_dims=3, min_side=1, max_side=3):
    return hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side,
                            max_side=max_side)


def no_params(*array_strategies):
    return st.tuples(*array_strategies).map(lambda arrs: (arrs, {}))


def unary(elements=ANY, min_dims=0):
    return no_params(shapes(min_dims=min_dims).flatmap(lambda s: arrays(s, elements)))


@st.composite
def binary(draw, el_a=ANY, el_b=ANY, min_dims=0):
    """Two arrays of mutually broadcastable shapes."""
    sa, sb = draw(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=min_dims,
                                                    max_dims=3, max_side=3)).input_shapes
    return (draw(arrays(sa, el_a)), draw(arrays(sb, el_b))), {}


@st.composite
def distinct(draw, shape_strategy=SHAPES):
    """An array whose values are pairwise at least 0.3 apart (for max/min)."""
    shape = draw(shape_strategy)
    n = int(np.prod(shape))
    order = np.array(draw(st.permutations(range(n))), dtype=F64)
    jitter = draw(arrays((n,), floats(-0.1, 0.1)))
    return ((order - n / 2) * 0.5 + jitter).reshape(shape)


@st.composite
def grid(draw, shape, offset):
    """Values in offset + 0.5 * k (+-0.05): grids of offsets 0 and 0.25 never come closer
    than 0.15, so maximum/minimum never see a tie."""
    k = draw(hnp.arrays(np.int64, shape, elements=st.integers(-4, 4)))
    jitter = draw(arrays(shape, floats(-0.05, 0.05)))
    return k * 0.5 + offset + jitter


@st.composite
def separated_pair(draw):
    sa, sb = draw(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3,
                                                    max_side=3)).input_shapes
    return (draw(grid(sa, 0.25)), draw(grid(sb, 0.0))), {}


@st.composite
def with_dim(draw, elements=ANY, keepdim=True, distinct_values=False, min_dims=1, max_dims=3):
    """One array with min_dims <= ndim <= max_dims, a dim (possibly negative) and keepdim."""
    shape = draw(shapes(min_dims=min_dims, max_dims=max_dims))
    x = draw(distinct(st.just(shape))) if distinct_values else draw(arrays(shape, elements))
    params = {"dim": draw(st.integers(-x.ndim, x.ndim - 1))}
    if keepdim:
        params["keepdim"] = draw(st.booleans())
    return (x,), params


@st.composite
def with_dims_tuple(draw):
    x = draw(arrays(draw(shapes(min_dims=1))))
    dims = draw(st.lists(st.integers(0, x.ndim - 1), min_size=1, max_size=x.ndim, unique=True))
    negate = draw(st.lists(st.booleans(), min_size=len(dims), max_size=len(dims)))
    dims = tuple(d - x.ndim if neg else d for d, neg in zip(dims, negate))
    return (x,), {"dim": dims, "keepdim": draw(st.booleans())}


@st.composite
def matmul_shapes(draw, a_dims, b_dims, broadcast_batch=False):
    """Shapes for a @ b with a of ndim `a_dims` and b of ndim `b_dims` (1, 2 or more)."""
    m, k, n = (draw(st.integers(1, 3)) for _ in range(3))
    if broadcast_batch:
        ba, bb = draw(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=1, max_dims=2,
                                                        max_side=3)).input_shapes
    else:           # one batch shape, shared (bmm needs equal batches)
        batch = draw(shapes(min_dims=1, max_dims=1))
        ba = batch if a_dims > 2 else ()
        bb = batch if b_dims > 2 else ()
    sa = (k,) if a_dims == 1 else tuple(ba) + (m, k)
    sb = (k,) if b_dims == 1 else tuple(bb) + (k, n)
    return (draw(arrays(sa)), draw(arrays(sb))), {}


@st.composite
def gufunc_matmul(draw):
    """Any matmul form, drawn with NumPy's matmul signature (optional core dims)."""
    sa, sb = draw(hnp.mutually_broadcastable_shapes(signature="(m?,n),(n,p?)->(m?,p?)",
                                                    max_dims=4, max_side=3)).input_shapes
    return (draw(arrays(sa)), draw(arrays(sb))), {}


@st.composite
def one_with(draw, make_params, min_dims=0, elements=ANY, shape_strategy=None):
    """One array plus parameters computed by `make_params(draw, shape)`."""
    shape = draw(shape_strategy if shape_strategy is not None else shapes(min_dims=min_dims))
    return (draw(arrays(shape, elements)),), make_params(draw, shape)


@st.composite
def pieces(draw, same_shape, count=st.integers(1, 3)):
    """Arrays to cat (sizes may differ along `dim`) or stack (same shape)."""
    shape = list(draw(shapes(min_dims=1)))
    n = draw(count)
    nd = len(shape) + 1 if same_shape else len(shape)     # stack makes a new dim
    dim = draw(st.integers(-nd, nd - 1))
    out = []
    for _ in range(n):
        s = list(shape)
        if not same_shape:
            s[dim] = draw(st.integers(1, 3))
        out.append(draw(arrays(tuple(s))))
    return tuple(out), {"dim": dim}


@st.composite
def where_inputs(draw):
    sc, sa, sb = draw(hnp.mutually_broadcastable_shapes(num_shapes=3, max_dims=3,
                                                        max_side=3)).input_shapes
    cond = draw(hnp.arrays(np.bool_, sc))
    return (draw(arrays(sa)), draw(arrays(sb))), {"cond": cond}


@st.composite
def shape_broadcasting_to(draw, shape):
    """A shape that broadcasts to `shape` without growing it (trailing dims kept or 1)."""
    ndim = draw(st.integers(0, len(shape)))
    tail = shape[len(shape) - ndim:]
    return tuple(draw(st.sampled_from([s, 1])) for s in tail)


@st.composite
def target_and_other(draw, el_target=ANY, el_other=ANY, min_dims=0):
    """A target and an `other` that broadcasts to the target's shape (for in-place ops)."""
    shape = draw(shapes(min_dims=min_dims))
    other_shape = draw(shape_broadcasting_to(shape))
    return (draw(arrays(shape, el_target)), draw(arrays(other_shape, el_other))), {}


@st.composite
def target_and_row(draw):
    """A target of ndim >= 1 and a value that broadcasts to one of its rows."""
    shape = draw(shapes(min_dims=1))
    row_shape = draw(shape_broadcasting_to(shape[1:]))
    return (draw(arrays(shape)), draw(arrays(row_shape))), {}


# ---- parameter makers for one_with: (draw, shape) -> params


def p_index_int(draw, shape):
    return {"i": draw(st.integers(-shape[0], shape[0] - 1))}


def p_index_dim1(draw, shape):
    return {"i": draw(st.integers(-shape[1], shape[1] - 1))}


def p_slice(draw, shape, step=False):
    n = shape[0]
    start = draw(st.none() | st.integers(-n - 1, n + 1))
    stop = draw(st.none() | st.integers(-n - 1, n + 1))
    return {"key": slice(start, stop, draw(st.integers(1, 3)) if step else None)}


def p_index_list(draw, shape):
    n = shape[0]
    return {"idx": draw(st.lists(st.integers(-n, n - 1), min_size=1, max_size=5))}


def p_unique_list(draw, shape):
    n = shape[0]
    return {"idx": draw(st.lists(st.integers(-n, n - 1), min_size=1, max_size=n,
                                 unique_by=lambda i: i % n))}


def p_mask(draw, shape):
    return {"mask": draw(hnp.arrays(np.bool_, shape))}


def p_row_mask(draw, shape):
    return {"mask": draw(hnp.arrays(np.bool_, shape[:1]))}


def p_last_index(draw, shape):
    return {"i": draw(st.integers(-shape[-1], shape[-1] - 1))}


def wide_shapes():
    """Shapes whose last dim is larger than the first one."""
    return st.tuples(st.integers(1, 2), st.integers(0, 1)).map(
        lambda t: (t[0],) + (2,) * t[1] + (t[0] + 1,))


def p_past_first_dim(draw, shape):
    """An index valid for the last dim but out of range for the first one."""
    return {"i": draw(st.sampled_from([shape[-1] - 1, -shape[-1]]))}


def p_perm(draw, shape):
    return {"perm": tuple(draw(st.permutations(range(len(shape)))))}


def p_transpose(draw, shape):
    nd = max(len(shape), 1)
    return {"d0": draw(st.integers(-nd, nd - 1)), "d1": draw(st.integers(-nd, nd - 1))}


def p_unsqueeze(draw, shape):
    return {"dim": draw(st.integers(-len(shape) - 1, len(shape)))}


def p_flatten(draw, shape):
    nd = max(len(shape), 1)
    a, b = sorted(draw(st.lists(st.integers(0, nd - 1), min_size=2, max_size=2)))
    return {"start": a, "end": b}


def p_squeeze_dim(draw, shape):
    nd = max(len(shape), 1)
    return {"dim": draw(st.integers(-nd, nd - 1))}


def p_squeeze_dims(draw, shape):
    dims = draw(st.lists(st.integers(0, len(shape) - 1), min_size=1, unique=True))
    return {"dims": tuple(dims)}


def p_expand(draw, shape):
    lead = draw(st.lists(st.integers(1, 3), max_size=2))
    sizes = [draw(st.integers(1, 3)) if s == 1 else draw(st.sampled_from([s, -1]))
             for s in shape]
    return {"sizes": tuple(lead) + tuple(sizes)}


def p_narrow(draw, shape):
    n = shape[0]
    start = draw(st.integers(0, n - 1))
    return {"start": start, "length": draw(st.integers(0, n - start))}


def p_two_lists(draw, shape):
    return {"rows": draw(st.lists(st.integers(0, shape[0] - 1), min_size=1, max_size=4)),
            "col": draw(st.integers(0, shape[1] - 1))}


SIDES_1_OR_2 = hnp.array_shapes(min_dims=1, max_dims=4, min_side=1, max_side=2)
