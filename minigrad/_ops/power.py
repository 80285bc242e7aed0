"""Powers: x ** n, x ** y and n ** x (PowBackward0/1/2), with torch's integer and bool rules."""
import numpy as np

from ..autograd.graph import Node
from .._dtype import get_default_dtype
from ._core import Tensor, big_int_operand, binary_meta, check_tensor
from ._core import operand_arg as _check
from .._either import array, constant_like, log
from ._util import zeros_of, is_scalar, result_dtype, where
from ._binary import NUMBERS as _NUMBERS, PLAIN_OPERANDS as _PLAIN_OPERANDS, \
    compute as _compute, grads as _grads


class PowBackward0(Node):
    """out = x ** n for a number n. Saves the base x: d/dx = n * x^(n-1)."""
    __slots__ = ("s_self", "exponent")
    _options = ("exponent",)

    def forward(self, x, n):
        self.save(self=x)
        self.exponent = n
        xd = x._data
        if type(n) is float and xd.dtype.kind != "f":
            xd = xd.astype(get_default_dtype().np)  # an integer or bool base, a float exponent
        if n == 2:
            return xd * xd             # much cheaper than np.power
        with np.errstate(all="ignore"):     # 0 ** -1 is inf and (-2) ** 0.5 nan, silently
            return np.power(xd, n)

    def backward(self, g):
        x, n = self.s_self.unpack(self), self.exponent
        if n == 0:
            return (zeros_of(g),)
        if n == 2:          # g * 2x, in torch's order (2x first); x + x is exactly 2x, and
            # NumPy adds two arrays faster than it scales one by a Python number
            # (branches on array-vs-Tensor for speed only: `x ** 2` is in most losses; a
            # Tensor takes 2.0 * x, which records torch's MulBackward0)
            return (g * (x + x),) if type(x) is np.ndarray else (g * (2.0 * x),)
        return (g * n * x ** (n - 1),)


class PowBackward1(Node):
    """out = a ** b for two tensors. Saves both inputs and the result."""
    __slots__ = ("s_self", "s_exponent", "s_result", "meta")

    def forward(self, a, b):
        self.meta = binary_meta(a, b)
        self.save(exponent=b, self=a)           # (torch's order, seen by saved-tensor hooks)
        with np.errstate(all="ignore"):
            out = _compute(np.power, a, b)
        return out

    def backward(self, g):
        b, a = self.s_exponent.unpack(self), self.s_self.unpack(self)
        ga = None
        if self._next[0] is not None:   # torch defines d/da a^b as 0 where b == 0
            ga = where(array(b) == 0, 0 * g, g * b * a ** (b - 1))
        gb = None
        if self._next[1] is not None:
            r = self.s_result.unpack(self)
            gb = g * r * _log_where_positive(a)
        return _grads(self.meta, ga, gb)


def _log_where_positive(a):
    # d/db a^b = a^b * log(a); torch defines it as 0 where a == 0 (and b >= 0)
    zero = array(a) == 0
    with np.errstate(divide="ignore", invalid="ignore"):
        return where(~zero, log(a + constant_like(zero.astype(array(a).dtype), a)), 0)


class PowBackward2(Node):
    """out = number ** x. Saves the result: d/dx = out * log(number)."""
    __slots__ = ("s_result", "base")

    def forward(self, x, base):
        self.base = base
        xd = x._data
        if xd.dtype.kind != "f":
            xd = xd.astype(get_default_dtype().np)
        with np.errstate(all="ignore"):
            out = np.power(np.asarray(base, dtype=xd.dtype), xd)
        return out

    def backward(self, g):
        if self.base == 0:      # 0 ** x: torch's gradient is 0 (not 0 * -inf)
            return (zeros_of(g),)
        return (g * self.s_result.unpack(self) * float(np.log(self.base)),)

    @property
    def _saved_self(self):
        return self.base


def _int_pow(base, exponent):
    """Integer powers as torch computes them: exact, with negative exponents giving 0, 1 or
    -1 (1/b truncated)."""
    with np.errstate(all="ignore"):
        pos = np.power(base, np.abs(exponent))
    odd = np.abs(exponent) % 2 == 1
    neg = np.where(base == 1, 1, np.where(base == -1, np.where(odd, -1, 1), 0))
    return np.where(exponent < 0, neg, pos).astype(pos.dtype)


def pow(a, b):
    if b.__class__ not in _PLAIN_OPERANDS or a.__class__ is not Tensor:
        if not isinstance(a, Tensor) and isinstance(b, Tensor) and \
                isinstance(a, (bool, int, float, np.bool_, np.integer, np.floating)):
            a = a.item() if isinstance(a, np.generic) else a
            if a.__class__ is int and not -2 ** 63 <= a < 2 ** 64:
                big_int_operand(b._data, a)         # torch's OverflowError
            return rpow(b, a)                       # torch.pow(2, t)
        if isinstance(a, complex) and isinstance(b, Tensor):
            raise TypeError("minigrad does not support complex numbers")
        b = _check(a, b, "pow", "** or pow()")
        if b is NotImplemented:
            return b
    ak = a._data.dtype.kind
    if ak == "f" and b.__class__ in _NUMBERS:
        if b.__class__ is int and not -2 ** 63 <= b < 2 ** 64:
            big_int_operand(a._data, b)     # no int64 or uint64 holds it: torch's OverflowError
        return _pow_scalar(a, b)        # `x ** 2` on a float tensor: none of the checks below
    if ak == "b" and type(b) is bool:           # bool ** True is x, bool ** False all True
        return Tensor._make(a._data.copy() if b else np.ones_like(a._data), False, None)
    if ak == "b" and isinstance(b, Tensor) and b._data.dtype.kind == "b":
        raise NotImplementedError("\"pow\" not implemented for 'Bool'")
    if ak in "biu" and type(b) is int and not -2 ** 63 <= b < 2 ** 63:
        if b >= 2 ** 64:
            big_int_operand(a._data, b)
        raise RuntimeError("value cannot be converted to type int64_t without overflow")
    if ak in "biu" and type(b) is int and b < 0:
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    if ak == "b" and type(b) is int:            # bool ** int is int64 in torch
        return Tensor._make(np.power(a._data.astype(np.int64), b), False, None)
    if ak in "biu" and isinstance(b, Tensor) and b._data.dtype.kind in "iu" \
            and not (a._requires_grad or b._requires_grad):
        return Tensor._make(_int_pow(*np.broadcast_arrays(a._data, b._data)), False, None)
    if is_scalar(b):
        return _pow_scalar(a, b)
    return PowBackward1.apply((a, b))


def _pow_scalar(x, n):
    return PowBackward0.apply((x,), n)


def rpow(a, b):
    b = _check(a, b, "pow", "** or pow()", True)
    if b is NotImplemented:
        return b
    ak = a._data.dtype.kind
    if type(b) is bool and ak == "b":
        raise NotImplementedError("\"pow\" not implemented for 'Bool'")
    if type(b) in (int, bool) and ak in "biu":    # 2 ** int or bool tensor stays integer
        rt = result_dtype(a, b)
        return Tensor._make(_int_pow(np.asarray(b, rt), a._data.astype(rt, copy=False)),
                            False, None)
    return PowBackward2.apply((a,), b)


def square(x):
    if x.__class__ is not Tensor:
        check_tensor(x, "square")
    return _pow_scalar(x, 2)
