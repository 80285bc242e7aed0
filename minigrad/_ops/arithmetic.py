"""Binary arithmetic: add, sub, mul and div, with broadcasting and torch's promotion (powers
are in power.py, floor division and remainder in division.py, the shared kernel in _binary.py).

What each node saves decides which in-place edits break backward: add/sub save no tensor,
mul saves each input for the *other* input's gradient, div saves both, pow saves its base.
"""
import numpy as np

from ..autograd.grad_mode import state as _grad_state
from ..autograd.graph import Node
from .._dtype import get_default_dtype
from .._compat._argparse_calls import arithmetic_error
from ._binary import NUMBERS as _NUMBERS, PLAIN_OPERANDS as _PLAIN_OPERANDS, \
    compute as _compute, grads as _grads
from ._core import Tensor, binary_meta, operands
from ._core import alpha_arg as _check_alpha, big_int_operand as _big_int, \
    operand_arg as _check, wrapped_number as _wrapped
from .division import floor_divide_like, floordiv, remainder, rfloordiv, rremainder
from ._util import is_scalar

__all__ = ["add", "radd", "sub", "rsub", "mul", "rmul", "div", "rdiv", "floordiv", "rfloordiv",
           "remainder", "rremainder"]


class AddBackward0(Node):
    """out = a + alpha * b. Saves no tensor: d/da = 1, d/db = alpha."""
    __slots__ = ("meta", "alpha")

    def forward(self, a, b, alpha=1):
        self.meta = None if b.__class__ in _NUMBERS else binary_meta(a, b)
        self.alpha = alpha
        if alpha == 1:
            return _compute(np.add, a, b)
        with np.errstate(invalid="ignore", over="ignore"):
            return _compute(np.add, a, b * alpha)

    def backward(self, g):
        n = self._next
        ga = g if n[0] is not None else None
        gb = None if n[1] is None else (g if self.alpha == 1 else g * self.alpha)
        return (ga, gb) if self.meta is None else _grads(self.meta, ga, gb)


class SubBackward0(Node):
    """out = a - alpha * b. Saves no tensor."""
    __slots__ = ("meta", "alpha")

    def forward(self, a, b, alpha=1):
        self.meta, self.alpha = binary_meta(a, b), alpha
        if alpha == 1:
            return _compute(np.subtract, a, b)
        with np.errstate(invalid="ignore", over="ignore"):
            return _compute(np.subtract, a, b * alpha)

    def backward(self, g):
        n = self._next
        gb = None if n[1] is None else -g * self.alpha
        return _grads(self.meta, g if n[0] is not None else None, gb)


class RsubBackward1(Node):
    """out = other - self, for `number - tensor`. Saves no tensor."""
    __slots__ = ()

    def forward(self, a, b):
        ad, bd, rt = operands(a, b)
        if bd.__class__ is int and not -2 ** 63 <= bd < 2 ** 63:
            wrapped = _big_int(ad, bd)      # a uint64 to torch: wrapped for integer tensors
            bd = float(bd) if ad.dtype.kind == "f" else wrapped
        with np.errstate(over="ignore", invalid="ignore"):  # a huge number: inf, silently
            out = np.subtract(bd, ad)
            return out if rt is None or out.dtype == rt else out.astype(rt)

    def backward(self, g):
        return (-g, None)


class MulBackward0(Node):
    """out = a * b. Each input's gradient needs the OTHER input, so that one is saved
    (a Python number is saved as a number)."""
    __slots__ = ("s_self", "s_other", "meta")

    def forward(self, a, b):
        self.meta = None if b.__class__ in _NUMBERS else binary_meta(a, b)
        a_needs_grad, b_needs_grad = self._next[0] is not None, self._next[1] is not None
        self.save(other=b if a_needs_grad else None, self=a if b_needs_grad else None)
        return _compute(np.multiply, a, b)

    def backward(self, g):
        s, o = self.s_self, self.s_other
        b = o if o is None or o.__class__ in _NUMBERS else o.unpack(self)  # torch: other first
        a = None if s is None else s.unpack(self)
        ga = None if b is None else g * b
        gb = None if a is None else g * a
        return (ga, gb) if self.meta is None else _grads(self.meta, ga, gb)


class DivBackward0(Node):
    """out = a / b. Saves both inputs (d/da = 1/b, d/db = -a/b^2); a number divisor is
    saved as a number."""
    __slots__ = ("s_self", "s_other", "meta")

    def forward(self, a, b):
        self.meta = binary_meta(a, b)
        self.save(other=b, self=a if self._next[1] is not None else None)  # other first
        ad = a._data
        if ad.dtype.kind != "f" and not (isinstance(b, Tensor) and b._data.dtype.kind == "f") \
                and type(b) is not float:
            # int / int is of the default float dtype (float32 unless set)
            a = Tensor._make(ad.astype(get_default_dtype().np), False, None)
        if b.__class__ in _NUMBERS and (1 <= b < np.inf or -np.inf < b <= -1):
            return _compute(np.true_divide, a, b)  # (cannot overflow: no errstate, usually)
        with np.errstate(all="ignore"):         # x / 0 is inf and 0 / 0 nan, silently
            return _compute(np.true_divide, a, b)

    def backward(self, g):
        o = self.s_other
        b = o if is_scalar(o) else o.unpack(self)
        ga = g / b if self._next[0] is not None else None
        gb = None
        if self.s_self is not None:
            gb = -g * self.s_self.unpack(self) / (b * b)
        return _grads(self.meta, ga, gb)


# ---- the functions -----------------------------------------------------------------


def add(a, b, *, alpha=1):
    if b.__class__ not in _PLAIN_OPERANDS or a.__class__ is not Tensor:
        if not isinstance(a, Tensor):           # (only calls get here: operators have self)
            a = _wrapped(a)
        b = _check(a, b, "add", "+", False, alpha)          # (the common cases skip the checks)
        if b is NotImplemented:                 # an ndarray given to the operator
            return b
    if alpha.__class__ is not int:
        alpha = _check_alpha(a, alpha, "add", b)
    return AddBackward0.apply((a, b), alpha)


def radd(a, b):
    if b.__class__ not in _PLAIN_OPERANDS:
        b = _check(a, b, "add", "+", True)
        if b is NotImplemented:
            return b
    return add(a, b)


def sub(a, b, *, alpha=1):
    if b.__class__ not in _PLAIN_OPERANDS or a.__class__ is not Tensor:
        if not isinstance(a, Tensor):           # (only calls get here: operators have self)
            a = _wrapped(a)
        b = _check(a, b, "sub", "-", False, alpha)          # (the common cases skip the checks)
        if b is NotImplemented:
            return b
    if alpha.__class__ is not int:
        alpha = _check_alpha(a, alpha, "sub", b)
    _check_bool_sub(a, b)
    return SubBackward0.apply((a, b), alpha)


def _check_bool_sub(a, b):
    a_bool = a._data.dtype.kind == "b"
    b_bool = b._data.dtype.kind == "b" if isinstance(b, Tensor) else type(b) is bool
    if a_bool and b_bool:
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not "
                           "supported. Use the `^` or `logical_xor()` operator instead.")
    if a_bool or b_bool:
        raise RuntimeError("Subtraction, the `-` operator, with a bool tensor is not "
                           "supported. If you are trying to invert a mask, use the `~` or "
                           "`logical_not()` operator instead.")


def rsub(a, b):
    b = _check(a, b, "sub", "-", True)
    if b is NotImplemented:
        return b
    _check_bool_sub(a, b)
    return RsubBackward1.apply((a, b))


def mul(a, b):
    if b.__class__ is float and not _grad_state.enabled and a.__class__ is Tensor \
            and not a._requires_grad and a._data.dtype.kind == "f" \
            and (0.0 < b <= 1.0 or -1.0 <= b < 0.0):     # (then no inf/nan/overflow warning)
        # `lr * p.grad` in an optimizer step: under no_grad nothing is recorded, so the
        # result is the kernel's array in a plain tensor (a float keeps the tensor's dtype)
        return Tensor._make(a._data * b, False, None)
    if b.__class__ not in _PLAIN_OPERANDS or a.__class__ is not Tensor:
        if not isinstance(a, Tensor):
            a = _wrapped(a)
        b = _check(a, b, "mul", "*")
        if b is NotImplemented:
            return b
    return MulBackward0.apply((a, b))


def rmul(a, b):
    """number * x (Python's reflected *); anything else is declined."""
    if b.__class__ not in _PLAIN_OPERANDS:
        b = _check(a, b, "mul", "*", True)
        if b is NotImplemented:
            return b
    return mul(a, b)        # (mul's optimizer fast path serves `lr * p.grad` too)


def div(a, b, *, rounding_mode=None):
    if rounding_mode is not None and rounding_mode.__class__ is not str:
        err = arithmetic_error("div", a, b, rounding_mode)     # no overload takes it
        if err is not None:
            raise err
    if a.__class__ is not Tensor and not isinstance(a, Tensor):
        a = _wrapped(a)
    b = _check(a, b, "div", "/", False, rounding_mode)
    if b is NotImplemented:
        return b
    if rounding_mode is not None:
        if rounding_mode not in ("floor", "trunc"):
            raise RuntimeError(f"div expected rounding_mode to be one of None, 'trunc', or "
                               f"'floor' but found '{rounding_mode}'")
        return floor_divide_like(a, b, rounding_mode)
    return DivBackward0.apply((a, b))


def rdiv(a, b):
    # torch computes `number / x` as reciprocal(x) * number: grad_fn is MulBackward0
    if b.__class__ is np.ndarray:
        # torch's `reciprocal(x) * array`: the Tensor's `*` declines the array, so NumPy
        # multiplies (and wraps the result with __array_wrap__)
        return np.multiply(a.reciprocal(), b)
    b = _check(a, b, "div", "/", True)
    if b is NotImplemented:
        return b
    with np.errstate(invalid="ignore", over="ignore"):     # 0 / 0 is nan, silently
        return mul(a.reciprocal(), b)
