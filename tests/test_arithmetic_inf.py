"""Arithmetic on inf, nan and huge values: torch computes inf, nan and overflow silently, so
no NumPy RuntimeWarning may reach the user, and the values must be torch's. A sweep of
add/sub/mul/div, tensor-tensor, tensor-number, number-tensor and in place, in three float
dtypes, with warnings turned into errors."""
import warnings

import numpy as np
import pytest
import torch

import minigrad

INF, NAN = float("inf"), float("nan")
VALUES = [INF, -INF, NAN, 1e38, 0.0, -2.0, 3e38, -3e38, 70000.0, 0.5]
# (1e40 and -1e300 lie beyond float32: the number's own cast overflows)
NUMBERS = [0, 0.0, 2.0, -0.5, 1e4, 1e38, 1e40, -1e300, INF, -INF, NAN]
OPS = ("add", "sub", "mul", "div")
REFLECTED = {"add": lambda n, x: n + x, "sub": lambda n, x: n - x,
             "mul": lambda n, x: n * x, "div": lambda n, x: n / x}


def _outcome(lib, dtype, op, form, number, shift):
    x = lib.tensor(VALUES, dtype=getattr(lib, dtype))
    y = lib.tensor(VALUES[shift:] + VALUES[:shift], dtype=getattr(lib, dtype))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            if form == "tensor":
                r = getattr(x, op)(y)
            elif form == "number":
                r = getattr(x, op)(number)
            elif form == "reflected":
                r = REFLECTED[op](number, x)
            elif form == "in place":
                r = getattr(x, op + "_")(y)
            else:
                r = getattr(x, op + "_")(number)
        except Exception as e:      # (a warning turned error, or torch's own refusal)
            return f"{type(e).__name__}: {e}"
    return np.array(r.tolist())


def _cases():
    for dtype in ("float32", "float64", "float16"):
        for op in OPS:
            for shift in range(len(VALUES)):
                yield dtype, op, "tensor", None, shift
                yield dtype, op, "in place", None, shift
            for number in NUMBERS:
                for form in ("number", "reflected", "in place number"):
                    marks = ()
                    if dtype == "float16" and number == 1e38 and op in ("mul", "div"):
                        marks = pytest.mark.xfail(strict=True, reason=(
                            "torch computes a float16 tensor and a number beyond float16's "
                            "range in float32 (0 * 1e38 is 0); minigrad casts the number to "
                            "float16 first (inf, so 0 * 1e38 is nan)"))
                    yield pytest.param(dtype, op, form, number, 0, marks=marks)


@pytest.mark.parametrize("dtype, op, form, number, shift", list(_cases()))
def test_no_numpy_warning_and_torch_values(dtype, op, form, number, shift):
    expected = _outcome(torch, dtype, op, form, number, shift)
    got = _outcome(minigrad, dtype, op, form, number, shift)
    if isinstance(expected, str):
        assert got == expected
    else:
        assert isinstance(got, np.ndarray), got
        np.testing.assert_array_equal(got, expected)


UNARY = ("exp", "log", "sqrt", "tanh", "sigmoid", "reciprocal", "sin", "cos", "abs", "neg")
POWERS = (2, 3, 0.5, -1, -0.5, 2.5, 1e38, 0.0)


def _unary_outcome(lib, dtype, call):
    x = lib.tensor(VALUES + [-1.0, -0.0], dtype=getattr(lib, dtype))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            r = call(x)
        except Exception as e:
            return f"{type(e).__name__}: {e}"
    return np.array(r.tolist())


def _unary_cases():
    for dtype in ("float32", "float64", "float16"):
        for name in UNARY:
            yield pytest.param(dtype, name, None)
        for power in POWERS:
            marks = ()
            if power == 2 and dtype == "float32":
                marks = pytest.mark.xfail(strict=True, reason=(
                    "x ** 2 is x * x in power.py, outside the silenced kernels: 1e38 ** 2 "
                    "lets NumPy's 'overflow encountered in multiply' out"))
            if power == -0.5 and dtype != "float16":
                marks = pytest.mark.xfail(strict=True, reason=(
                    "torch gives (-inf) ** -0.5 = nan and (-0.) ** -0.5 = -inf; NumPy's "
                    "power (minigrad) gives 0 and inf"))
            if power == 1e38 and dtype == "float16":
                marks = pytest.mark.xfail(strict=True, reason=(
                    "a float16 tensor ** 1e38 raises minigrad's own ValueError ('truth value "
                    "of an array ... is ambiguous') in power.py; torch computes it"))
            yield pytest.param(dtype, "pow", power, marks=marks)
            yield pytest.param(dtype, "rpow", power)


@pytest.mark.parametrize("dtype, name, power", list(_unary_cases()))
def test_unary_and_pow_without_numpy_warning(dtype, name, power):
    def call(x):
        if name == "pow":
            return x ** power
        if name == "rpow":
            return power ** x
        return getattr(x, name)()
    expected = _unary_outcome(torch, dtype, call)
    got = _unary_outcome(minigrad, dtype, call)
    if isinstance(expected, str):
        assert got == expected
    else:
        assert isinstance(got, np.ndarray), got
        np.testing.assert_allclose(got, expected, rtol=1e-3 if dtype == "float16" else 1e-6,
                                   equal_nan=True)
