"""Tensor printing: minigrad._tensor_str against PyTorch 2.13's str(tensor).

Pinned examples (from the semantics notes) always run.  The differential tests build
the same ndarray for both libraries and compare the text; they are skipped when the
torch oracle is not installed.
"""

import contextlib
import math
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from minigrad._tensor_str import get_printoptions, set_printoptions, tensor_str

pytestmark = pytest.mark.repr

try:
    import torch
except ImportError:  # the oracle is optional: only the differential tests need it
    torch = None

needs_torch = pytest.mark.skipif(
    torch is None or not torch.__version__.startswith("2.13"),
    reason="torch 2.13 oracle not installed: differential repr tests skipped",
)

DEFAULT_OPTIONS = {"precision": 4, "threshold": 1000, "edgeitems": 3, "linewidth": 80,
                   "sci_mode": None}
FLOAT_DTYPES = ["float16", "float32", "float64"]
INT_DTYPES = ["int8", "int16", "int32", "int64", "uint8"]
ALL_DTYPES = FLOAT_DTYPES + INT_DTYPES + ["bool"]

HYPOTHESIS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _reset_options():
    set_printoptions(profile="default")
    if torch is not None:
        torch.set_printoptions(profile="default")


@pytest.fixture(autouse=True)
def _default_options():
    _reset_options()
    yield
    _reset_options()


@contextlib.contextmanager
def both_options(**kwargs):
    """Apply the same print options to minigrad and torch; restore defaults after."""
    try:
        set_printoptions(**kwargs)
        torch.set_printoptions(**kwargs)
        yield
    finally:
        _reset_options()


def t(values, dtype_name="float32", **kwargs):
    """tensor_str of a literal, the way the notes write examples."""
    return tensor_str(np.array(values, dtype=dtype_name), dtype_name=dtype_name, **kwargs)


def torch_str(obj):
    """torch's text with the dtype namespace renamed (the only place 'torch.' appears)."""
    return repr(obj).replace("dtype=torch.", "dtype=minigrad.")


def torch_tensor(arr):
    return torch.from_numpy(arr.copy())  # a C-contiguous copy, 0-d stays 0-d


# ---------------------------------------------------------------- pinned examples

# (how to build it, what torch prints); built lazily so one failure cannot break collection
PINNED = [
    (lambda: t([1.0, 2.0, 3.0]), "tensor([1., 2., 3.])"),
    (lambda: t(2.0), "tensor(2.)"),
    (lambda: t([1000.0, 1.0]), "tensor([1000.,    1.])"),
    (lambda: t([1e8]), "tensor([100000000.])"),
    (lambda: t([math.inf, 1.0]), "tensor([inf, 1.])"),
    (lambda: t([-math.inf, math.nan]), "tensor([-inf, nan])"),
    (lambda: t(math.nan), "tensor(nan)"),
    (lambda: t([0.0, 0.0]), "tensor([0., 0.])"),
    (lambda: t([1.5, 2.0, 3.0]), "tensor([1.5000, 2.0000, 3.0000])"),
    (lambda: t(-2.5), "tensor(-2.5000)"),
    (lambda: t([1 / 3]), "tensor([0.3333])"),
    (lambda: t([0.99999]), "tensor([1.0000])"),
    (lambda: t([99999.9]), "tensor([99999.8984])"),
    (lambda: t([2.0000001]), "tensor([2.])"),
    (lambda: t(1e-5), "tensor(1.0000e-05)"),
    (lambda: t([1e-4, 1.0]), "tensor([1.0000e-04, 1.0000e+00])"),
    (lambda: t([1001.0, 1.0]), "tensor([1.0010e+03, 1.0000e+00])"),
    (lambda: t([123456789.0]), "tensor([1.2346e+08])"),
    (lambda: t([1e8, 2e8]), "tensor([1.0000e+08, 2.0000e+08])"),
    (lambda: t(1e20), "tensor(1.0000e+20)"),
    (lambda: t([math.nan, 1.5]), "tensor([   nan, 1.5000])"),
    (lambda: t([1e-5, math.inf]), "tensor([1.0000e-05,        inf])"),
    (lambda: t([-1.0, 0.0]), "tensor([-1.,  0.])"),
    (lambda: t([-0.0, 1.5]), "tensor([-0.0000, 1.5000])"),
    (lambda: t(-0.0), "tensor(-0.)"),
    (lambda: t([0.0, -0.0]), "tensor([0., -0.])"),
    (lambda: t([-1, 10, 100], "int64"), "tensor([ -1,  10, 100])"),
    (lambda: t([True, False], "bool"), "tensor([ True, False])"),
    (lambda: t(5, "int32"), "tensor(5, dtype=minigrad.int32)"),
    (lambda: t([1, -2], "int8"), "tensor([ 1, -2], dtype=minigrad.int8)"),
    (lambda: t([1.0, 2.0], "float16"), "tensor([1., 2.], dtype=minigrad.float16)"),
    (lambda: t([1.0, 2.0], "float64"), "tensor([1., 2.], dtype=minigrad.float64)"),
    (lambda: t([]), "tensor([])"),
    (lambda: t(np.zeros((0, 3))), "tensor([], size=(0, 3))"),
    (lambda: t([], "int64"), "tensor([], dtype=minigrad.int64)"),
    (lambda: t([], requires_grad=True), "tensor([], requires_grad=True)"),
    (lambda: t(np.zeros((0, 3)), requires_grad=True),
     "tensor([], size=(0, 3), requires_grad=True)"),
    (lambda: t(2.0, requires_grad=True), "tensor(2., requires_grad=True)"),
    (lambda: t([0.7311, 0.8808, 0.9526], grad_fn_name="SigmoidBackward0"),
     "tensor([0.7311, 0.8808, 0.9526], grad_fn=<SigmoidBackward0>)"),
    (lambda: t([1.0, 2.0], requires_grad=True, is_parameter=True),
     "Parameter containing:\ntensor([1., 2.], requires_grad=True)"),
    (lambda: t([1.0, 2.0], is_parameter=True), "Parameter containing:\ntensor([1., 2.])"),
    (lambda: t([1.0, 2.0], "float64", namespace="torch"), "tensor([1., 2.], dtype=torch.float64)"),
    (lambda: t(np.zeros((2, 2, 2))),
     "tensor([[[0., 0.],\n         [0., 0.]],\n\n        [[0., 0.],\n         [0., 0.]]])"),
    (lambda: t([[1e-5, 1.0], [2.0, 3.0]]),
     "tensor([[1.0000e-05, 1.0000e+00],\n        [2.0000e+00, 3.0000e+00]])"),
    (lambda: t(np.arange(30.0)),
     "tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12., 13.,\n"
     "        14., 15., 16., 17., 18., 19., 20., 21., 22., 23., 24., 25., 26., 27.,\n"
     "        28., 29.])"),
    (lambda: t(np.arange(1200.0)),
     "tensor([0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 1.1970e+03, 1.1980e+03,\n"
     "        1.1990e+03])"),
    (lambda: t(np.arange(12.0), requires_grad=True),
     "tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11.],\n"
     "       requires_grad=True)"),
    (lambda: t(np.arange(13.0), "float64", requires_grad=True),
     "tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12.],\n"
     "       dtype=minigrad.float64, requires_grad=True)"),
    (lambda: t(np.full((2, 7), 0.5), requires_grad=True),
     "tensor([[0.5000, 0.5000, 0.5000, 0.5000, 0.5000, 0.5000, 0.5000],\n"
     "        [0.5000, 0.5000, 0.5000, 0.5000, 0.5000, 0.5000, 0.5000]],\n"
     "       requires_grad=True)"),
    (lambda: t(np.ones((2, 3)), "float64", grad_fn_name="ToCopyBackward0"),
     "tensor([[1., 1., 1.],\n        [1., 1., 1.]], dtype=minigrad.float64, "
     "grad_fn=<ToCopyBackward0>)"),
]


@pytest.mark.parametrize("make, expected", PINNED, ids=[repr(e)[:50] for _, e in PINNED])
def test_pinned_examples(make, expected):
    assert make() == expected


def test_summarised_matrix_rows():
    text = t(np.arange(2500).reshape(50, 50), "int64")
    lines = text.split("\n")
    assert lines[0] == "tensor([[   0,    1,    2,  ...,   47,   48,   49],"
    assert lines[3] == "        ...,"
    assert lines[-1] == "        [2450, 2451, 2452,  ..., 2497, 2498, 2499]])"


def test_line_breaks_follow_torch_not_the_namespace_length():
    # torch's "dtype=torch.float64" fits on the line, so the renamed suffix stays there
    # too, even though "minigrad" makes the line 3 characters longer than 80.
    text = t(np.arange(10.0, 20.0), "float64")
    assert text == ("tensor([10., 11., 12., 13., 14., 15., 16., 17., 18., 19.], "
                    "dtype=minigrad.float64)")
    assert len(t(np.arange(10.0, 20.0), "float64", namespace="torch")) == 79


def test_print_options_semantics():
    assert get_printoptions() == DEFAULT_OPTIONS
    set_printoptions(precision=2, sci_mode=True)
    assert get_printoptions()["precision"] == 2 and get_printoptions()["sci_mode"] is True
    assert t([1.5]) == "tensor([1.50e+00])"
    set_printoptions(linewidth=100)  # every call resets sci_mode to automatic
    assert get_printoptions() == dict(DEFAULT_OPTIONS, precision=2, linewidth=100)
    set_printoptions(profile="short", edgeitems=1)  # explicit arguments beat the profile
    assert get_printoptions() == dict(DEFAULT_OPTIONS, precision=2, edgeitems=1)
    set_printoptions(profile="full")
    assert get_printoptions()["threshold"] == math.inf
    set_printoptions(profile="no-such-profile")  # ignored, like torch
    assert get_printoptions()["threshold"] == math.inf
    options = get_printoptions()
    options["precision"] = 9  # a copy: changing it changes nothing
    assert get_printoptions()["precision"] == 4
    set_printoptions(profile="default")
    assert get_printoptions() == DEFAULT_OPTIONS


def test_strided_input_and_large_tensor_speed():
    base = np.arange(12.0, dtype=np.float32).reshape(3, 4)
    for view in (base.T, base[::-1, ::2], base[:, 1]):
        copy = np.ascontiguousarray(view)
        assert tensor_str(view, dtype_name="float32") == tensor_str(copy, dtype_name="float32")
    big = np.random.default_rng(0).standard_normal((1000, 1000)).astype(np.float32)
    start = time.perf_counter()
    text = tensor_str(big, dtype_name="float32")
    assert time.perf_counter() - start < 0.5
    assert text.count("...") == 7  # 6 rows with " ...", one "...," line between rows


# ---------------------------------------------------------------- strategies

SPECIAL_FLOATS = [0.0, -0.0, math.inf, -math.inf, math.nan, 1.0, -1.0, 2.0, 7.0, 1000.0,
                  1001.0, 1e8, 1e8 + 1, 1e-4, 9.9e-5, 1e-5, 1e-30, 1e10, 1e30, 1e100, 1e300,
                  0.5, -2.5, 1 / 3, 0.99999, 99999.9, 123456789.0, 2.0000001, 65504.0, 6e-8]


def float_values():
    return st.one_of(
        st.sampled_from(SPECIAL_FLOATS),
        st.integers(-10**6, 10**6).map(float),  # integral floats: int mode
        st.floats(-100, 100),
        st.floats(allow_nan=True, allow_infinity=True),
    )


@st.composite
def shapes(draw):
    kind = draw(st.sampled_from(["small", "small", "row", "big"]))
    if kind == "small":
        return tuple(draw(st.lists(st.integers(0, 5), max_size=4)))
    if kind == "row":  # long enough to wrap lines
        rows = draw(st.lists(st.integers(1, 3), max_size=2))
        return tuple(rows) + (draw(st.integers(6, 40)),)
    return draw(st.sampled_from([(1001,), (1200,), (2, 501), (40, 30), (11, 10, 10),
                                 (3, 4, 5, 20), (1, 1001), (1001, 1), (7, 7, 7, 7)]))


@st.composite
def arrays(draw, dtypes=ALL_DTYPES):
    """An ndarray built from a small pool of interesting values, maybe non-contiguous."""
    dtype_name = draw(st.sampled_from(dtypes))
    shape = draw(shapes())
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    if dtype_name == "bool":
        pool = draw(st.lists(st.booleans(), min_size=1, max_size=2))
    elif dtype_name in INT_DTYPES:
        info = np.iinfo(dtype_name)
        pool = draw(st.lists(st.integers(int(info.min), int(info.max)), min_size=1, max_size=6))
    elif draw(st.booleans()):
        pool = draw(st.lists(float_values(), min_size=1, max_size=6))
    else:  # many distinct values at one scale
        scale = draw(st.sampled_from([1e-6, 1e-3, 1.0, 10.0, 1e4, 1e9]))
        pool = list(rng.standard_normal(8) * scale)
    with np.errstate(over="ignore"):  # huge values become inf in float16, as in torch
        arr = np.asarray(rng.choice(np.array(pool, dtype=object), size=shape), dtype=dtype_name)
    if arr.ndim >= 2 and draw(st.booleans()):
        arr = arr.swapaxes(0, -1)  # exercise arbitrary strides
    elif arr.ndim == 1 and draw(st.booleans()):
        arr = arr[::-1]
    return arr, dtype_name


# ---------------------------------------------------------------- differential tests


@needs_torch
@settings(HYPOTHESIS, max_examples=300)
@given(arrays())
def test_matches_torch_default_options(case):
    arr, dtype_name = case
    assert tensor_str(arr, dtype_name=dtype_name) == torch_str(torch_tensor(arr))


OPTIONS = st.fixed_dictionaries({}, optional={
    "precision": st.integers(0, 8),
    "threshold": st.sampled_from([0, 1, 5, 20, 100, 1000, math.inf]),
    "edgeitems": st.integers(0, 4),
    "linewidth": st.integers(5, 150),
    "profile": st.sampled_from(["default", "short", "full"]),
    "sci_mode": st.sampled_from([None, True, False]),
})


@needs_torch
@settings(HYPOTHESIS, max_examples=200)
@given(arrays(), OPTIONS)
def test_matches_torch_with_print_options(case, options):
    arr, dtype_name = case
    with both_options(**options):
        assert get_printoptions() == torch._tensor_str.get_printoptions()
        assert tensor_str(arr, dtype_name=dtype_name) == torch_str(torch_tensor(arr))


@needs_torch
@settings(HYPOTHESIS, max_examples=150)
@given(arrays(FLOAT_DTYPES), st.sampled_from(["leaf", "grad_fn", "param", "param_no_grad"]),
       st.one_of(st.just({}), OPTIONS))
def test_matches_torch_autograd_suffixes(case, variant, options):
    arr, dtype_name = case
    tensor = torch_tensor(arr)
    with both_options(**options):
        if variant == "leaf":
            expected = torch_str(tensor.requires_grad_())
            got = tensor_str(arr, dtype_name=dtype_name, requires_grad=True)
        elif variant == "grad_fn":
            expected = torch_str(tensor.requires_grad_() * 1)
            got = tensor_str(arr, dtype_name=dtype_name, grad_fn_name="MulBackward0",
                             requires_grad=True)
        else:
            grad = variant == "param"
            expected = torch_str(torch.nn.Parameter(tensor, requires_grad=grad))
            got = tensor_str(arr, dtype_name=dtype_name, requires_grad=grad, is_parameter=True)
        assert got == expected


@needs_torch
@pytest.mark.parametrize("dtype_name", ["float32", "float64", "int64", "int32", "bool"])
def test_suffix_wrapping_boundaries_match_torch(dtype_name):
    # Every length around the line width, where the suffixes start to move.
    for n in range(1, 40):
        arr = (np.arange(n) % 2 if dtype_name == "bool" else np.arange(n) * 7).astype(dtype_name)
        tensor = torch_tensor(arr)
        assert tensor_str(arr, dtype_name=dtype_name) == torch_str(tensor)
        if dtype_name.startswith("float"):
            grad_fn = torch_str(tensor.requires_grad_() * 2.5)
            assert tensor_str(arr * 2.5, dtype_name=dtype_name,
                              grad_fn_name="MulBackward0") == grad_fn


@needs_torch
def test_namespace_torch_gives_torch_text():
    arr = np.array([[1.5, -2.0], [3.0, 4.0]], dtype=np.float64)
    assert tensor_str(arr, dtype_name="float64", namespace="torch") == str(torch_tensor(arr))
