"""Floor division and remainder (`//`, `%`, div with a rounding mode), with torch's integer
rules: an integer division by zero raises, bool operands are refused, and `x // y` on floats
records a node that refuses to backward."""
import numpy as np

from ..autograd.graph import Node
from ._binary import compute as _compute, grads as _grads
from ._core import Tensor, binary_meta, check_broadcast, operands
from ._core import INTERNAL, big_int_operand as _big_int, operand_arg as _check, \
    refuse_array, \
    is_number, wrapped_number
from .._either import array
from ._util import zeros_of, is_scalar, result_dtype

__all__ = ["floordiv", "rfloordiv", "remainder", "rremainder", "floor_divide_like"]


class NotImplemented_(Node):
    """torch records `x // y` on float tensors with a node that refuses to backward."""
    __slots__ = ()

    def forward(self, a, b):
        with np.errstate(all="ignore"):         # float // 0 or by a huge number, silently
            return np.floor_divide(*operands(a, b)[:2])

    def backward(self, g):
        raise RuntimeError("derivative for aten::floor_divide is not implemented")


NotImplemented_.__name__ = NotImplemented_.__qualname__ = "NotImplemented"


def _check_integer_divisor(ad, bd):
    """Integer division by zero: torch raises (its message is the exception's name)."""
    if np.any(bd == 0):
        raise RuntimeError("ZeroDivisionError")


def floordiv(a, b):
    """x // y: floor division (integer results for integer inputs)."""
    if not isinstance(a, Tensor) and isinstance(b, Tensor) and is_number(a):
        a = wrapped_number(a)       # torch.floor_divide(2, t): the number as a 0-d tensor
    if not isinstance(b, (Tensor, bool, int, float, np.generic)):
        # the operator declines it (Python's "unsupported operand type(s) for //", or
        # NumPy's reflected `//` for an array); torch.floor_divide gets the parser's error
        refused = refuse_array("floor_divide", a, b)
        return NotImplemented if refused is INTERNAL else refused
    b = _check(a, b, "floor_divide", "//")
    if isinstance(b, Tensor):
        check_broadcast(a._data, b._data)
    ad, bd, rt = operands(a, b)
    if ad.dtype.kind != "f" and (rt is None or rt.kind != "f"):
        if ad.dtype.kind == "b" and np.asarray(bd).dtype.kind == "b":
            raise NotImplementedError("\"div_floor_cpu\" not implemented for 'Bool'")
        _check_integer_divisor(ad, bd)
        if bd.__class__ is int and not -2 ** 63 <= bd < 2 ** 63:
            bd = _big_int(ad, bd)           # a uint64 to torch, wrapped as its kernel does
        return Tensor._make(np.floor_divide(ad, bd), False, None)
    return NotImplemented_.apply((a, b))


def _complex_kernel(a, b, kernel):
    # torch computes `complex op tensor` in complex: its kernel refuses it by name
    if isinstance(b, complex):
        kind = "Double" if a._data.dtype == np.float64 else "Float"
        raise NotImplementedError(f"\"{kernel}\" not implemented for 'Complex{kind}'")


def rfloordiv(a, b):
    _complex_kernel(a, b, "div_floor_cpu")
    if not isinstance(b, (bool, int, float, np.generic)):
        return NotImplemented
    b = _check(a, b, "floor_divide", "//", True)
    if b.__class__ is int and not -2 ** 63 <= b < 2 ** 63:
        wrapped = _big_int(a._data, b)      # a uint64 to torch (refused next to a bool)
        b = float(b) if a._data.dtype.kind == "f" else wrapped
    with np.errstate(over="ignore"):        # a huge number cast to the tensor's dtype: inf
        other = np.asarray(b, dtype=result_dtype(a, b))
    return floordiv(Tensor._make(other, False, None), a)


def rremainder(a, b):
    """number % x (Python's reflected %)."""
    _complex_kernel(a, b, "remainder_cpu")
    if not isinstance(b, (bool, int, float, np.generic)):
        return NotImplemented
    b = _check(a, b, "remainder", "%", True)
    if b.__class__ is int and not -2 ** 63 <= b < 2 ** 63:
        wrapped = _big_int(a._data, b)      # a uint64 to torch (refused next to a bool)
        b = float(b) if a._data.dtype.kind == "f" else wrapped
    with np.errstate(over="ignore"):        # a huge number cast to the tensor's dtype: inf
        return remainder(Tensor._make(np.asarray(b, dtype=result_dtype(a, b)), False, None), a)


def _remainder(x, y):
    """x % y with the sign of y, as torch's kernel computes it: for floats fmod(x, y), plus y
    when the signs differ, so a zero result keeps x's sign (NumPy's takes y's)."""
    out = np.remainder(x, y)
    if out.dtype.kind != "f":
        return out
    m = np.fmod(x, y)
    fix = (m != 0) & ((m < 0) != (np.asarray(y) < 0))
    return np.where(fix, m + y, m).astype(out.dtype, copy=False)


class RemainderBackward0(Node):
    """out = a % number: d/da = 1. Saves nothing."""
    __slots__ = ()

    def forward(self, a, b):
        with np.errstate(divide="ignore", invalid="ignore"):    # float % 0 is nan, silently
            return _compute(_remainder, a, b)

    def backward(self, g):
        return (g, None)


class RemainderBackward1(Node):
    """out = a % b for tensors: d/da = 1, d/db = -floor(a / b). Saves both."""
    __slots__ = ("s_self", "s_other", "meta")

    def forward(self, a, b):
        self.meta = binary_meta(a, b)
        self.save(self=a, other=b)
        with np.errstate(divide="ignore", invalid="ignore"):
            return _compute(_remainder, a, b)

    def backward(self, g):
        gb = None
        if self._next[1] is not None:
            a, b = self.s_self.unpack(self), self.s_other.unpack(self)
            q = array(a) / array(b)
            gb = -g * np.floor(q)
        return _grads(self.meta, g if self._next[0] is not None else None, gb)


def remainder(a, b):
    """a % b with the sign of b (Python's rule, as torch)."""
    if not isinstance(a, Tensor) and isinstance(b, Tensor) and is_number(a):
        return rremainder(b, a)             # torch.remainder(2, t): its (Number self) overload
    b = _check(a, b, "remainder", "%")
    if b is NotImplemented:
        return b
    if a._data.dtype.kind == "b" and (type(b) is bool or isinstance(b, Tensor)
                                      and b._data.dtype.kind == "b"):
        raise NotImplementedError("\"remainder_cpu\" not implemented for 'Bool'")
    if a._data.dtype.kind in "biu" and (isinstance(b, (bool, int)) or isinstance(b, Tensor)
                                       and b._data.dtype.kind in "biu"):
        _check_integer_divisor(a._data, b._data if isinstance(b, Tensor) else b)
    return (RemainderBackward0 if is_scalar(b) else RemainderBackward1).apply((a, b))


class DivBackward2(Node):
    """out = div(a, b, rounding_mode='floor' or 'trunc'): a step function, so both
    gradients are zero. Saves nothing."""
    __slots__ = ("meta",)

    def forward(self, a, b, mode):
        self.meta = binary_meta(a, b)
        with np.errstate(divide="ignore", invalid="ignore"):
            q = _compute(np.true_divide, a, b)
        return np.floor(q) if mode == "floor" else np.trunc(q)

    def backward(self, g):
        return _grads(self.meta, zeros_of(g), zeros_of(g))


def floor_divide_like(a, b, mode):
    integer = a._data.dtype.kind != "f" and (not isinstance(b, Tensor) or
                                             b._data.dtype.kind != "f") \
        and not isinstance(b, float)
    if not integer:
        return DivBackward2.apply((a, b), mode)
    if a._data.dtype.kind == "b" and (type(b) is bool or isinstance(b, Tensor)
                                      and b._data.dtype.kind == "b"):
        raise NotImplementedError(f"\"div_{mode}_cpu\" not implemented for 'Bool'")
    _check_integer_divisor(a._data, b._data if isinstance(b, Tensor) else b)
    with np.errstate(divide="ignore", invalid="ignore"):
        q = _compute(np.true_divide, a, b)
    q = np.floor(q) if mode == "floor" else np.trunc(q)
    return Tensor._make(q.astype(result_dtype(a, b)), False, None)
