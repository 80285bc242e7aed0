"""Binary arithmetic: add, sub, mul, div, floor division and remainder, with broadcasting and
torch's promotion (powers are in power.py).

What each node saves decides which in-place edits break backward: add/sub save no tensor,
mul saves each input for the *other* input's gradient, div saves both, pow saves its base.
"""
import numpy as np

from ..autograd.grad_mode import state as _grad_state
from ..autograd.graph import Node
from .._compat._argparse_calls import arithmetic_error
from ._core import Tensor, binary_meta, check_broadcast, operands
from ._core import alpha_arg as _check_alpha, big_int_operand as _big_int, \
    operand_arg as _check, wrapped_number as _wrapped
from .._either import array
from ._util import zeros_of, is_scalar, result_dtype, to_input


_PLAIN_OPERANDS = {Tensor, float, int, bool}       # need no conversion or check
_NUMBERS = {float, int, bool}


def _compute(ufunc, a, b):
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


def _grads(meta, ga, gb):
    if meta is None:
        return ga, gb
    return (None if ga is None else to_input(ga, meta[0]),
            None if gb is None else to_input(gb, meta[1]))


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
            a = Tensor._make(ad.astype(np.float32), False, None)   # int / int is float32
        if b.__class__ in _NUMBERS and (b >= 1 or b <= -1):    # (cannot overflow: no
            return _compute(np.true_divide, a, b)              # errstate, the usual case)
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
            and not a._requires_grad and a._data.dtype.kind == "f" and b - b == 0:
        # `lr * p.grad` in an optimizer step: under no_grad nothing is recorded, so the
        # result is the kernel's array in a plain tensor (a float keeps the tensor's dtype)
        return Tensor._make(a._data * b, False, None)
    if b.__class__ not in _PLAIN_OPERANDS or a.__class__ is not Tensor:
        if not isinstance(a, Tensor):
            a = _wrapped(a)
        b = _check(a, b, "mul", "*")
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
    if rounding_mode is not None:
        if rounding_mode not in ("floor", "trunc"):
            raise RuntimeError(f"div expected rounding_mode to be one of None, 'trunc', or "
                               f"'floor' but found '{rounding_mode}'")
        return floor_divide_like(a, b, rounding_mode)
    return DivBackward0.apply((a, b))


def rdiv(a, b):
    # torch computes `number / x` as reciprocal(x) * number: grad_fn is MulBackward0
    b = _check(a, b, "div", "/", True)
    if b is NotImplemented:
        return b
    with np.errstate(invalid="ignore", over="ignore"):     # 0 / 0 is nan, silently
        return mul(a.reciprocal(), b)


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
    if not isinstance(b, (Tensor, bool, int, float, np.generic)):
        return NotImplemented           # Python's "unsupported operand type(s) for //"
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


def rfloordiv(a, b):
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
    if not isinstance(b, (bool, int, float, np.generic)):
        return NotImplemented
    b = _check(a, b, "remainder", "%", True)
    if b.__class__ is int and not -2 ** 63 <= b < 2 ** 63:
        wrapped = _big_int(a._data, b)      # a uint64 to torch (refused next to a bool)
        b = float(b) if a._data.dtype.kind == "f" else wrapped
    with np.errstate(over="ignore"):        # a huge number cast to the tensor's dtype: inf
        return remainder(Tensor._make(np.asarray(b, dtype=result_dtype(a, b)), False, None), a)


class RemainderBackward0(Node):
    """out = a % number: d/da = 1. Saves nothing."""
    __slots__ = ()

    def forward(self, a, b):
        with np.errstate(divide="ignore", invalid="ignore"):    # float % 0 is nan, silently
            return _compute(np.remainder, a, b)

    def backward(self, g):
        return (g, None)


class RemainderBackward1(Node):
    """out = a % b for tensors: d/da = 1, d/db = -floor(a / b). Saves both."""
    __slots__ = ("s_self", "s_other", "meta")

    def forward(self, a, b):
        self.meta = binary_meta(a, b)
        self.save(self=a, other=b)
        with np.errstate(divide="ignore", invalid="ignore"):
            return _compute(np.remainder, a, b)

    def backward(self, g):
        gb = None
        if self._next[1] is not None:
            a, b = self.s_self.unpack(self), self.s_other.unpack(self)
            q = array(a) / array(b)
            gb = -g * np.floor(q)
        return _grads(self.meta, g if self._next[0] is not None else None, gb)


def remainder(a, b):
    """a % b with the sign of b (Python's rule, as torch)."""
    b = _check(a, b, "remainder", "%")
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
