"""The augmented operators torch implements in place beyond `+= -= *= /= **=`: `&= |= ^=
<<= >>= //= %=`, with torch's rule for writing a result into an existing tensor: the result
type of `x op other` must cast to x's dtype (torch's canCast: no float into an integer or bool
tensor, no integer into a bool one, nothing complex into a real one), checked before the
kernel runs, so `bool_t &= 2.5` is a cast error, not the kernel's "not implemented for".

Each operator declines what torch's declines (an ndarray, a list...): Python then tries the
plain operator, and for an ndarray NumPy's reflected one, which builds a new tensor."""
import numpy as np

from .._dtype import from_numpy_dtype
from ._core import Tensor
from ._util import broadcast_shapes, result_dtype
from . import comparison, division, power, shifts
from .inplace import check_cast, check_inplace, inplace, _write, \
    _inplace_other as inplace_other

__all__ = ["iand", "ior", "ixor", "ilshift", "irshift", "ifloordiv", "imod", "pow_"]


def _legacy_name(dt):
    # torch's scalar-type names in its cast messages: Float, Long, Bool, Byte...
    return from_numpy_dtype(dt)._legacy[:-len("Tensor")]


def _check_shapes(x, other):
    """torch's shape errors come first: operands that do not broadcast, then a broadcast
    shape other than x's own."""
    if isinstance(other, Tensor):
        shape = broadcast_shapes(x._data.shape, other._data.shape)
        if tuple(shape) != x._data.shape:
            raise RuntimeError(f"output with shape {list(x._data.shape)} doesn't match the "
                               f"broadcast shape {list(shape)}")


def _operand(x, other):
    """`other` as torch's operator reads it (a NumPy scalar as a Python number, a NumPy bool
    as a float), or NotImplemented for what the operator declines."""
    if isinstance(other, Tensor) or other.__class__ in (int, float, bool):
        pass
    elif isinstance(other, np.bool_):
        other = float(other)
    elif isinstance(other, np.generic) and other.dtype.kind in "biuf":
        other = other.item()
    elif isinstance(other, complex):
        kind = "Double" if x._data.dtype == np.float64 else "Float"
        raise RuntimeError(f"result type Complex{kind} can't be cast to the desired output "
                           f"type {_legacy_name(x._data.dtype)}")
    else:
        return NotImplemented
    if other.__class__ is int and not -2 ** 63 <= other < 2 ** 64:
        raise OverflowError("int too big to convert" if other > 0 else
                            "can't convert negative int to unsigned")
    return other


def _in_place(x, other, op):
    """x op= other for an op recorded by no node: checks, the out-of-place op, the write."""
    other = _operand(x, other)
    if other is NotImplemented:
        return other
    check_inplace(x)
    _check_shapes(x, other)
    if other.__class__ is not int or -2 ** 63 <= other < 2 ** 63:
        check_cast(x, result_dtype(x, other))
    result = op(x, other)
    _write(x, result._data.astype(x._data.dtype, copy=False))
    x._bump_version()
    return x


def iand(x, other):
    """x &= other (torch's bitwise_and_)."""
    return _in_place(x, other, comparison.bitwise_and)


def ior(x, other):
    """x |= other (torch's bitwise_or_)."""
    return _in_place(x, other, comparison.bitwise_or)


def ixor(x, other):
    """x ^= other (torch's bitwise_xor_)."""
    return _in_place(x, other, comparison.bitwise_xor)


def ilshift(x, other):
    """x <<= other."""
    return _in_place(x, other, shifts.lshift)


def irshift(x, other):
    """x >>= other."""
    return _in_place(x, other, shifts.rshift)


def _float_target(x, other):
    return x._data.dtype.kind == "f" or isinstance(other, float) or \
        isinstance(other, Tensor) and other._data.dtype.kind == "f"


def ifloordiv(x, other):
    """x //= other: on a float tensor recorded as torch's NotImplemented node."""
    other = _operand(x, other)
    if other is NotImplemented or not _float_target(x, other):
        return other if other is NotImplemented else _in_place(x, other, division.floordiv)
    check_inplace(x)
    _check_shapes(x, other)
    check_cast(x, result_dtype(x, other))
    return inplace(division.NotImplemented_, x, (other,))


def imod(x, other):
    """x %= other: on a float tensor recorded as torch's RemainderBackward0/1."""
    other = _operand(x, other)
    if other is NotImplemented or not _float_target(x, other):
        return other if other is NotImplemented else _in_place(x, other, division.remainder)
    check_inplace(x)
    _check_shapes(x, other)
    check_cast(x, result_dtype(x, other))
    cls = division.RemainderBackward1 if isinstance(other, Tensor) else \
        division.RemainderBackward0
    return inplace(cls, x, (other,))


# ---- x **= n ----

def pow_(x, n):
    """x **= n (torch's pow_), with torch's checks for integer and bool tensors."""
    if n.__class__ not in (int, float, bool) and not isinstance(n, Tensor):
        n = inplace_other(x, n, "pow_", "**", "exponent",
                          ("(Tensor exponent)", "(Number exponent)"))
        if n is NotImplemented:
            return n
    if x._data.dtype.kind != "f" or n.__class__ is int:
        _check_pow_(x, n)
        if x._data.dtype.kind != "f" and not isinstance(n, float) and not (
                isinstance(n, Tensor) and n._data.dtype.kind == "f"):
            # an integer power of an integer tensor: exact, recorded by no node
            check_inplace(x)
            nd = n._data if isinstance(n, Tensor) else n
            _write(x, power._int_pow(*np.broadcast_arrays(x._data, nd)).astype(x._data.dtype))
            x._bump_version()
            return x
    if isinstance(n, Tensor):
        return inplace(_PowInplaceTensor, x, (n,))
    return inplace(_PowInplace, x, (), n)


def _check_pow_(x, n):
    """torch's errors for x **= n, in its order: an int no int64 or uint64 holds, a negative
    integer power of an integer tensor, bool ** bool tensors, then the cast of the result."""
    if n.__class__ is int and not -2 ** 63 <= n < 2 ** 64:
        raise OverflowError("int too big to convert" if n > 0 else
                            "can't convert negative int to unsigned")
    kind = x._data.dtype.kind
    if kind in "biu" and n.__class__ is int and n >= 2 ** 63:     # (a uint64-only power)
        raise RuntimeError("value cannot be converted to type int64_t without overflow")
    if kind in "biu" and n.__class__ is int and n < 0:
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    if kind == "b" and isinstance(n, Tensor) and n._data.dtype.kind == "b":
        raise NotImplementedError("\"pow\" not implemented for 'Bool'")
    if isinstance(n, Tensor):
        broadcast_shapes(x._data.shape, n._data.shape)      # (torch's message first)
    if not (kind == "b" and n.__class__ is bool):           # (bool ** bool stays bool)
        check_cast(x, result_dtype(x, n))


class _PowInplace(power.PowBackward0):
    __slots__ = ()


class _PowInplaceTensor(power.PowBackward1):
    __slots__ = ()


_PowInplace.__name__ = "PowBackward0"
_PowInplaceTensor.__name__ = "PowBackward1"
