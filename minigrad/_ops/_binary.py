"""The elementwise kernel the binary arithmetic nodes share (add, sub, mul, div, pow,
remainder): NumPy's ufunc on the two operands with torch's promotion and torch's errors, and
the undoing of broadcasting and promotion in their backward."""
import numpy as np

from ._core import Tensor, check_broadcast, operands, big_int_operand as _big_int
from ._util import to_input

__all__ = ["compute", "grads", "quietly", "scalar_is_safe", "PLAIN_OPERANDS", "NUMBERS"]

# torch computes inf - inf, inf * 0 and overflow to inf silently; NumPy would warn. A fresh
# `np.errstate` per op costs about 10,000 instructions, so the forward sets NumPy's own
# error-state context variable to a prebuilt "ignore all" state and resets it (about 1,400;
# docs/performance.md). If a NumPy version lacks that private variable, np.errstate serves.
try:
    from numpy._core._ufunc_config import _extobj_contextvar, _make_extobj
    _QUIET = _make_extobj(all="ignore")
    _set_state, _reset_state = _extobj_contextvar.set, _extobj_contextvar.reset
except (ImportError, AttributeError, TypeError):      # pragma: no cover (other NumPy)
    _QUIET = None


def quietly(ufunc, x, y, out=None):
    """ufunc(x, y) with NumPy's floating-point warnings off for this call only."""
    if _QUIET is None:                      # pragma: no cover (other NumPy)
        with np.errstate(all="ignore"):
            return ufunc(x, y) if out is None else ufunc(x, y, out=out)
    token = _set_state(_QUIET)
    try:      # (out=None is not the same: NumPy then casts a Python float to x's dtype first)
        return ufunc(x, y) if out is None else ufunc(x, y, out=out)
    finally:
        _reset_state(token)


# the largest finite Python float that, added to any finite value of the dtype, cannot round
# to inf (half a unit in the last place at the dtype's maximum), by itemsize
_SAFE_ADDEND = {2: 16.0, 4: 2.0 ** 103, 8: 2.0 ** 970}


_FLOAT_MAX = {n: float(np.finfo(t).max) for n, t in ((2, np.float16), (4, np.float32),
                                                     (8, np.float64))}


def scalar_is_safe(ufunc, dtype, b):
    """Whether `ufunc(tensor of float dtype, Python float b)` can raise no floating-point
    flag whatever the tensor holds: then the op skips the error-state switch (the common
    `y * 0.5`, `x + 1e-3`, `lr * grad`). inf op b stays inf without a flag when b is finite
    and nonzero; nan is quiet."""
    if ufunc is np.multiply:
        return 0.0 < b <= 1.0 or -1.0 <= b < 0.0
    if ufunc is np.true_divide:     # (b itself must fit the dtype: its cast would overflow)
        return 1.0 <= abs(b) <= _FLOAT_MAX[dtype.itemsize]
    if ufunc is np.add or ufunc is np.subtract:
        return -_SAFE_ADDEND[dtype.itemsize] < b < _SAFE_ADDEND[dtype.itemsize]
    return False


PLAIN_OPERANDS = {Tensor, float, int, bool}       # need no conversion or check
NUMBERS = {float, int, bool}


def compute(ufunc, a, b):
    """ufunc(a, b) as torch computes a binary op: a Tensor `a`, a Tensor or number `b`."""
    ad = a._data
    if b.__class__ is float:
        if ad.dtype.kind == "f":            # a Python float keeps the tensor's dtype
            # inf, nan (0 * inf, inf - inf: nan), overflow, or b beyond float16's range (a
            # cast to the tensor's dtype that overflows to inf): silent, as in torch
            if ad.dtype.itemsize != 2 and scalar_is_safe(ufunc, ad.dtype, b):
                return ufunc(ad, b)
            return quietly(ufunc, ad, b)
    elif isinstance(b, Tensor):
        bd = b._data
        if ad.dtype is bd.dtype:
            if ad.dtype.kind != "f":        # integers: no floating-point flags
                if ad.shape == bd.shape:
                    return ufunc(ad, bd)
            elif _QUIET is not None:        # (inlined quietly(): the hot path)
                token = _set_state(_QUIET)
                try:
                    return ufunc(ad, bd)
                except ValueError:
                    check_broadcast(ad, bd)         # torch's message
                    raise
                finally:
                    _reset_state(token)
            try:
                return quietly(ufunc, ad, bd)   # broadcasting (a bias)
            except ValueError:
                check_broadcast(ad, bd)         # torch's message
                raise
    ad, bd, rt = operands(a, b)
    if bd.__class__ is int and not -2 ** 63 <= bd < 2 ** 64:
        _big_int(ad, bd)            # no int64 or uint64 holds it: torch's OverflowError
    try:
        with np.errstate(invalid="ignore", over="ignore"):     # inf * 0 is nan, silently
            out = ufunc(ad, bd)
    except ValueError:
        check_broadcast(ad, bd)
        raise
    except OverflowError:           # a Python int beyond the tensor's int type: torch wraps it
        big = np.int64(bd if -2 ** 63 <= bd < 2 ** 63 else _big_int(ad, bd))
        out = ufunc(ad, big.astype(ad.dtype) if ad.dtype.kind in "iu" else int(big))
    if rt is not None and out.dtype != rt:
        out = out.astype(rt)
    return out


def grads(meta, ga, gb):
    """The gradients of a binary op reduced to its inputs' shapes and dtypes (see binary_meta)."""
    if meta is None:
        return ga, gb
    return (None if ga is None else to_input(ga, meta[0]),
            None if gb is None else to_input(gb, meta[1]))

