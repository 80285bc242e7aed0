"""Powers: x ** n, x ** y and n ** x (PowBackward0/1/2), with torch's integer and bool rules."""
import math

import numpy as np

from ..autograd.graph import Node
from .._dtype import get_default_dtype
from ._core import Tensor, big_int_operand, binary_meta, check_tensor
from ._core import operand_arg as _check
from .._either import array, log
from .arithmetic import _check_bool_sub as check_bool_sub
from ._where import where_op
from ._util import zeros_of, is_scalar, result_dtype
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
        if type(x) is not np.ndarray:   # building a graph: torch's formula as it is,
            # grad * (n * x.pow(n - 1)) with n as a double, so x stays in the graph
            n = float(n)
            return (g * MulBackward1.apply((x ** (n - 1),), n),)
        if n == 2:          # g * 2x, in torch's order (2x first); x + x is exactly 2x, and
            # NumPy adds two arrays faster than it scales one by a Python number
            return (g * (x + x),)
        return (g * (n * x ** (n - 1)),)


class MulBackward1(Node):
    """out = x * a number, the number kept as torch keeps a Scalar (``_saved_other``): what
    torch's own C++ records for ``(1 - label_smoothing) * loss`` and in pow's backward
    formula (``n * x.pow(n - 1)``)."""
    __slots__ = ("other",)
    _options = ("other",)

    def forward(self, x, other):
        self.other = other
        return x._data * x._data.dtype.type(other)

    def backward(self, grad):
        return (grad * self.other,)


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
        # torch unpacks (and version-checks) all three, in this order, whatever is needed
        b, a = self.s_exponent.unpack(self), self.s_self.unpack(self)
        r = self.s_result.unpack(self)
        ga = None
        if self._next[0] is not None:   # torch defines d/da a^b as 0 where b == 0
            if array(b).dtype.kind == "b":      # torch's formula computes b - 1, which a
                check_bool_sub(Tensor._make(array(b), False, None), 1)  # bool b refuses
            with np.errstate(divide="ignore", invalid="ignore"):
                ga = _zero_where(array(b) == 0, g * (b * a ** (b - 1)), g)
        gb = None
        if self._next[1] is not None:   # d/db a^b = a^b log(a), defined as 0 where a == 0
            ad = array(a)               # and b >= 0 (so 0 ** -1 gives -inf, as in torch)
            if ad.dtype != array(r).dtype:
                a = a.to(r.dtype) if isinstance(a, Tensor) else ad.astype(r.dtype)
            with np.errstate(divide="ignore", invalid="ignore"):
                gb = g * _zero_where((ad == 0) & (array(b) >= 0), r * log(a), g)
        return _grads(self.meta, ga, gb)


def _zero_where(mask, value, g):
    """torch's where(mask, zeros({}, grad.options()), value): exactly 0 where mask is set
    (not 0 * value, which is nan at inf); a WhereBackward0 node when building a graph."""
    if isinstance(value, Tensor):
        zero = Tensor._make(np.zeros((), array(g).dtype), False, None)
        return where_op(Tensor._make(np.asarray(mask), False, None), zero, value)
    return np.where(mask, g.dtype.type(0), value)


class PowBackward2(Node):
    """out = number ** x. Saves the exponent x and the result: d/dx = out * log(number)."""
    __slots__ = ("s_exponent", "s_result", "base")

    def forward(self, x, base):
        self.save(exponent=x)       # torch saves it (for the zero base) and checks its version
        self.base = base
        xd = x._data
        if xd.dtype.kind != "f":
            xd = xd.astype(get_default_dtype().np)
        with np.errstate(all="ignore"):
            out = np.power(np.asarray(base, dtype=xd.dtype), xd)
        return out

    def backward(self, g):
        x, r = self.s_exponent.unpack(self), self.s_result.unpack(self)
        if self.base == 0:      # 0 ** x: torch's gradient is 0 where x >= 0, else inf * -inf
            with np.errstate(invalid="ignore"):
                return (g * _zero_where(array(x) >= 0, r * -math.inf, g),)
        with np.errstate(divide="ignore", invalid="ignore"):
            return (g * (r * float(np.log(self.base))),)

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
