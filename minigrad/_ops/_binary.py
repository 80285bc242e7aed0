"""The elementwise kernel the binary arithmetic nodes share (add, sub, mul, div, pow,
remainder): NumPy's ufunc on the two operands with torch's promotion and torch's errors, and
the undoing of broadcasting and promotion in their backward."""
import numpy as np

from ._core import Tensor, check_broadcast, operands, big_int_operand as _big_int
from ._util import to_input

__all__ = ["compute", "grads", "PLAIN_OPERANDS", "NUMBERS"]


PLAIN_OPERANDS = {Tensor, float, int, bool}       # need no conversion or check
NUMBERS = {float, int, bool}


def compute(ufunc, a, b):
    """ufunc(a, b) as torch computes a binary op: a Tensor `a`, a Tensor or number `b`."""
    ad = a._data
    if b.__class__ is float:
        if ad.dtype.kind == "f":            # a Python float keeps the tensor's dtype
            # inf, nan (0 * inf, inf - inf: nan) or beyond float16's range (a cast to the
            # tensor's dtype that overflows to inf): computed silently, as torch does
            if not -65504.0 <= b <= 65504.0 or ad.dtype.itemsize == 2:   # (float16 overflows)
                with np.errstate(invalid="ignore", over="ignore"):
                    return ufunc(ad, b)
            return ufunc(ad, b)
    elif isinstance(b, Tensor):
        bd = b._data
        if ad.dtype is bd.dtype:
            if ad.shape == bd.shape:
                return ufunc(ad, bd)
            try:
                return ufunc(ad, bd)            # broadcasting (a bias)
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
    except OverflowError:           # a Python int beyond int64 (wrapped to a narrower int too)
        big = np.int64(_big_int(ad, bd))
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

