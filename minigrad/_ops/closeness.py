"""torch.allclose and Tensor.allclose: are two tensors equal within a tolerance?

Elementwise test, as torch writes it: ``a == b``, or (both finite-apart)
``|a - b| <= atol + |rtol * b|`` computed in the tensors' dtype (integers and bools in the
default float dtype, float32). The answer is a Python bool; nothing is recorded.
"""
import numpy as np

from .._compat._argparse import Parser
from ._core import check_broadcast

__all__ = ["allclose", "allclose_method"]

_NAMES = ("input", "other", "rtol", "atol", "equal_nan")
_DEFAULTS = {"rtol": 1e-05, "atol": 1e-08, "equal_nan": False}
_TAIL = "float rtol = 1e-05, float atol = 1e-08, bool equal_nan = False)"
_FUNCTION = Parser("allclose", "(Tensor input, Tensor other, " + _TAIL)
_METHOD = Parser("allclose", "(Tensor other, " + _TAIL)
_TORCH_DTYPE = {"float16": "Half", "float32": "Float", "float64": "Double", "int64": "Long",
                "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte",
                "bool": "Bool"}


def _bind(parser, names, args, kwargs):
    """{name: value} for a call torch's parser accepts; its TypeError otherwise."""
    err = parser.error({}, list(args), dict(kwargs))
    if err is not None:
        raise err
    values = dict(_DEFAULTS)
    values.update(zip(names, args))
    values.update(kwargs)
    return values


def _torch_double(v):
    """How C++ prints a double in a message (six significant digits, no trailing .0)."""
    return format(float(v), "g")


def _close(a, b, rtol, atol, equal_nan):
    ad, bd = a._data, b._data
    if ad.dtype != bd.dtype:
        raise RuntimeError(f"{_TORCH_DTYPE.get(ad.dtype.name, ad.dtype.name)} did not match "
                           f"{_TORCH_DTYPE.get(bd.dtype.name, bd.dtype.name)}")
    if rtol < 0:
        raise RuntimeError(f"rtol must be greater than or equal to zero, but got "
                           f"{_torch_double(rtol)}")
    if atol < 0:
        raise RuntimeError(f"atol must be greater than or equal to zero, but got "
                           f"{_torch_double(atol)}")
    check_broadcast(ad, bd)
    with np.errstate(all="ignore"):
        close = ad == bd
        floating = ad.dtype.kind == "f"
        if equal_nan and floating:
            close = close | (np.isnan(ad) & np.isnan(bd))
        if rtol == 0 and atol == 0:
            return bool(close.all())
        if ad.dtype.kind == "b":            # torch casts bools to the default dtype
            ad, bd = ad.astype(np.float32), bd.astype(np.float32)
        # rtol * other is float32 for integer tensors (a Python float promotes them)
        work = ad.dtype if ad.dtype.kind == "f" else np.dtype(np.float32)
        allowed = work.type(atol) + np.abs(work.type(rtol) * bd.astype(work))
        actual = np.abs(ad - bd)
        if actual.dtype.kind != "f":
            actual = actual.astype(work)
        close = close | (np.isfinite(actual) & (actual <= allowed))
    return bool(close.all())


def allclose(*args, **kwargs):
    """allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool.

    True when every element satisfies ``|input - other| <= atol + rtol * |other|`` (after
    broadcasting). NaNs are unequal unless equal_nan=True. Both tensors must have the same
    dtype."""
    v = _bind(_FUNCTION, _NAMES, args, kwargs)
    return _close(v["input"], v["other"], float(v["rtol"]), float(v["atol"]), v["equal_nan"])


def allclose_method(self, *args, **kwargs):
    """self.allclose(other, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool (see
    minigrad.allclose)."""
    v = _bind(_METHOD, _NAMES[1:], args, kwargs)
    return _close(self, v["other"], float(v["rtol"]), float(v["atol"]), v["equal_nan"])

