"""Unary pointwise ops. Note which save their input and which their OUTPUT:
exp/sigmoid/tanh/relu/sqrt/reciprocal use the output in backward, so editing the output
in place breaks them; log/sin/cos/abs/clamp use the input."""
import numpy as np

from ..autograd.graph import Node
from ._core import Tensor
from ._util import zeros_of, where


def _float(xd):
    return xd if xd.dtype.kind == "f" else xd.astype(np.float32)


class NegBackward0(Node):
    """out = -x. Saves nothing."""
    __slots__ = ()

    def forward(self, x):
        if x._data.dtype.kind == "b":
            raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. "
                               "If you are trying to invert a mask, use the `~` or "
                               "`logical_not()` operator instead.")
        return np.negative(x._data)

    def backward(self, g):
        return (-g,)


class ExpBackward0(Node):
    """out = e^x; backward uses the output: d/dx = out."""
    __slots__ = ("s_result",)

    def forward(self, x):
        with np.errstate(over="ignore"):            # torch gives inf silently
            out = np.exp(_float(x._data))
        self.save_result(out)
        return out

    def backward(self, g):
        return (g * self.s_result.unpack(self),)


class LogBackward0(Node):
    """out = ln x; saves the input: d/dx = 1/x."""
    __slots__ = ("s_self",)

    def forward(self, x):
        self.save(self=x)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.log(_float(x._data))

    def backward(self, g):
        return (g / self.s_self.unpack(self),)


class SqrtBackward0(Node):
    """out = sqrt(x); backward uses the output: d/dx = 1 / (2 out)."""
    __slots__ = ("s_result",)

    def forward(self, x):
        with np.errstate(invalid="ignore"):
            out = np.sqrt(_float(x._data))
        self.save_result(out)
        return out

    def backward(self, g):
        return (g / (2 * self.s_result.unpack(self)),)


class ReciprocalBackward0(Node):
    """out = 1/x; backward uses the output: d/dx = -out^2."""
    __slots__ = ("s_result",)

    def forward(self, x):
        with np.errstate(divide="ignore"):
            out = np.reciprocal(_float(x._data))
        self.save_result(out)
        return out

    def backward(self, g):
        r = self.s_result.unpack(self)
        return (-g * r * r,)


class SinBackward0(Node):
    """out = sin x; saves the input: d/dx = cos x."""
    __slots__ = ("s_self",)

    def forward(self, x):
        self.save(self=x)
        return np.sin(_float(x._data))

    def backward(self, g):
        x = self.s_self.unpack(self)
        return (g * (np.cos(x) if type(x) is np.ndarray else x.cos()),)


class CosBackward0(Node):
    """out = cos x; saves the input: d/dx = -sin x."""
    __slots__ = ("s_self",)

    def forward(self, x):
        self.save(self=x)
        return np.cos(_float(x._data))

    def backward(self, g):
        x = self.s_self.unpack(self)
        return (-g * (np.sin(x) if type(x) is np.ndarray else x.sin()),)


class TanhBackward0(Node):
    """out = tanh x; backward uses the output: d/dx = 1 - out^2."""
    __slots__ = ("s_result",)

    def forward(self, x):
        out = np.tanh(_float(x._data))
        self.save_result(out)
        return out

    def backward(self, g):
        r = self.s_result.unpack(self)
        return (g * (1 - r * r),)


class SigmoidBackward0(Node):
    """out = 1 / (1 + e^-x); backward uses the output: d/dx = out (1 - out)."""
    __slots__ = ("s_result",)

    def forward(self, x):
        with np.errstate(over="ignore"):
            out = 1 / (1 + np.exp(-_float(x._data)))
        self.save_result(out)           # so editing the output in place breaks backward
        return out

    def backward(self, g):
        r = self.s_result.unpack(self)
        return (g * r * (1 - r),)


class ReluBackward0(Node):
    """out = max(x, 0); backward uses the output: gradient passes unless out <= 0."""
    __slots__ = ("s_result",)

    def forward(self, x):
        xd = x._data
        if xd.dtype.kind == "b":
            raise RuntimeError("Boolean inputs not supported for relu")
        out = np.maximum(xd, 0).astype(xd.dtype, copy=False)
        self.save_result(out)
        return out

    def backward(self, g):
        r = self.s_result.unpack(self)
        # torch's threshold_backward zeroes where out <= 0: a nan output passes the gradient
        mask = ~((r if type(r) is np.ndarray else r._data) <= 0)
        return (where(mask, g, 0),)


class AbsBackward0(Node):
    """out = |x|; saves the input: d/dx = sign(x)."""
    __slots__ = ("s_self",)

    def forward(self, x):
        if x._data.dtype.kind == "b":
            raise NotImplementedError("\"abs_cpu\" not implemented for 'Bool'")
        self.save(self=x)
        return np.abs(x._data)

    def backward(self, g):
        x = self.s_self.unpack(self)
        xd = x if type(x) is np.ndarray else x._data
        return (g * np.sign(xd).astype(xd.dtype),)


class ClampBackward1(Node):
    """out = min(max(x, lo), hi); saves the input: gradient passes where lo <= x <= hi."""
    __slots__ = ("s_self", "lo", "hi")

    def forward(self, x, lo, hi):
        self.save(self=x)
        self.lo, self.hi = lo, hi
        out = x._data
        dtype = out.dtype
        for bound in (lo, hi):          # the bounds take part in type promotion
            if bound is not None:
                from ._util import result_dtype
                dtype = result_dtype(Tensor._make(np.empty((1,), dtype), False, None), bound)
        out = out.astype(dtype)
        if lo is not None:
            out = np.maximum(out, lo)
        if hi is not None:
            out = np.minimum(out, hi)
        return out.astype(dtype, copy=False)

    def backward(self, g):
        x = self.s_self.unpack(self)
        xd = x if type(x) is np.ndarray else x._data
        mask = np.ones(xd.shape, bool)
        if self.lo is not None:
            mask &= xd >= self.lo
        if self.hi is not None:
            mask &= xd <= self.hi
        return (where(mask, g, 0),)


class _ZeroGrad(Node):
    """Piecewise-constant ops (floor, ceil, round, sign): the gradient is zero."""
    __slots__ = ()

    def backward(self, g):
        return (zeros_of(g),)


class FloorBackward0(_ZeroGrad):
    __slots__ = ()

    def forward(self, x):
        return np.floor(x._data)


class CeilBackward0(_ZeroGrad):
    __slots__ = ()

    def forward(self, x):
        return np.ceil(x._data)


class RoundBackward0(_ZeroGrad):
    __slots__ = ()

    def forward(self, x):
        return np.round(x._data)


class SignBackward0(_ZeroGrad):
    __slots__ = ()

    def forward(self, x):
        return np.sign(x._data)


def neg(x):
    """-x"""
    return NegBackward0.apply((x,))


def exp(x):
    """e ** x, elementwise"""
    return ExpBackward0.apply((x,))


def log(x):
    """natural logarithm, elementwise"""
    return LogBackward0.apply((x,))


def sqrt(x):
    return SqrtBackward0.apply((x,))


def reciprocal(x):
    return ReciprocalBackward0.apply((x,))


def sin(x):
    return SinBackward0.apply((x,))


def cos(x):
    return CosBackward0.apply((x,))


def tanh(x):
    return TanhBackward0.apply((x,))


def sigmoid(x):
    """1 / (1 + e ** -x), elementwise"""
    return SigmoidBackward0.apply((x,))


def relu(x):
    """max(x, 0), elementwise"""
    return ReluBackward0.apply((x,))


def abs(x):
    return AbsBackward0.apply((x,))


def floor(x):
    return FloorBackward0.apply((x,))


def ceil(x):
    return CeilBackward0.apply((x,))


def round(x):
    return RoundBackward0.apply((x,))


def sign(x):
    return SignBackward0.apply((x,))


class ClampBackward0(Node):
    """out = clamp(x, lo, hi) with TENSOR bounds: each element's gradient goes to whichever
    of x, lo, hi it came from. Saves all three."""
    __slots__ = ("s_self", "s_min", "s_max")

    def forward(self, x, lo, hi):
        self.save(self=x, min=lo, max=hi)
        out = x._data
        if lo is not None:
            out = np.maximum(out, lo._data)
        if hi is not None:
            out = np.minimum(out, hi._data)
        return out

    def backward(self, g):
        from ._util import sum_to
        def arr(s):
            v = s.unpack(self)
            return v if type(v) is np.ndarray else v._data
        xd = arr(self.s_self)
        below = np.zeros(xd.shape, bool) if self.s_min is None else xd < arr(self.s_min)
        above = np.zeros(xd.shape, bool) if self.s_max is None else xd > arr(self.s_max)
        if self.s_max is not None:           # where lo > hi, torch's result is hi
            below = below & ~above
        gx = where(~below & ~above, g, 0)
        glo = None if self.s_min is None else sum_to(where(below, g, 0), arr(self.s_min).shape)
        ghi = None if self.s_max is None else sum_to(where(above, g, 0), arr(self.s_max).shape)
        return gx, glo, ghi


def clamp(x, min=None, max=None):
    """Limit values to [min, max] (numbers, or tensors that broadcast against x)."""
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        if not all(b is None or isinstance(b, Tensor) for b in (min, max)):
            raise TypeError("clamp() received an invalid combination of arguments - got a "
                            "Tensor and a number as bounds; pass both as tensors or both as "
                            "numbers")
        return ClampBackward0.apply((x, min, max))
    return ClampBackward1.apply((x,), min, max)
