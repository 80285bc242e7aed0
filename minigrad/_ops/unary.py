"""Unary pointwise ops. Note which save their input and which their OUTPUT:
exp/sigmoid/tanh/relu/sqrt/reciprocal use the output in backward, so editing the output
in place breaks them; log/sin/cos/abs/clamp use the input."""
import numpy as np

from ..autograd.graph import Node
from ._core import Tensor
from ._util import broadcast_shapes, promote_types, zeros_of, where
from .._argparse import Parser, check_args


def _not_tensor(op, x):
    """torch's parser message for a unary op given something other than a Tensor."""
    return Parser(op, "(Tensor input, *, Tensor out = None)").error({"input": x})


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
        xd = x._data
        out = np.tanh(xd if xd.dtype.kind == "f" else xd.astype(np.float32))
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
        out = np.sign(x._data)
        if out.dtype.kind == "f" and np.isnan(out).any():
            out = np.where(out == out, out, out.dtype.type(0))     # sign(nan) is 0 in torch
        return out


def neg(x):
    """-x"""
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("neg", x)
    return NegBackward0.apply((x,))


def exp(x):
    """e ** x, elementwise"""
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("exp", x)
    return ExpBackward0.apply((x,))


def log(x):
    """natural logarithm, elementwise"""
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("log", x)
    return LogBackward0.apply((x,))


def sqrt(x):
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("sqrt", x)
    return SqrtBackward0.apply((x,))


def reciprocal(x):
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("reciprocal", x)
    return ReciprocalBackward0.apply((x,))


def sin(x):
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("sin", x)
    return SinBackward0.apply((x,))


def cos(x):
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("cos", x)
    return CosBackward0.apply((x,))


def tanh(x):
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("tanh", x)
    return TanhBackward0.apply((x,))


def sigmoid(x):
    """1 / (1 + e ** -x), elementwise"""
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("sigmoid", x)
    return SigmoidBackward0.apply((x,))


def relu(x):
    """max(x, 0), elementwise"""
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("relu", x)
    return ReluBackward0.apply((x,))


def abs(x):
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("abs", x)
    return AbsBackward0.apply((x,))


def floor(x):
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("floor", x)
    if x._data.dtype.kind == "b":
        raise NotImplementedError("\"floor_vml_cpu\" not implemented for 'Bool'")
    return FloorBackward0.apply((x,))


def ceil(x):
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("ceil", x)
    if x._data.dtype.kind == "b":
        raise NotImplementedError("\"ceil_vml_cpu\" not implemented for 'Bool'")
    return CeilBackward0.apply((x,))


def round(x):
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("round", x)
    if x._data.dtype.kind == "b":
        raise NotImplementedError("\"round_vml_cpu\" not implemented for 'Bool'")
    return RoundBackward0.apply((x,))


def sign(x):
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("sign", x)
    if x._data.dtype.kind == "b":
        return Tensor._make(x._data.copy(), False, None)   # (NumPy has no bool sign)
    return SignBackward0.apply((x,))


def _common_dtype(arrays):
    """torch's result type of several tensors: dimensioned ones decide, 0-d ones only when of
    a higher category (bool < integer < floating)."""
    def promote(ds):
        out = ds[0]
        for d in ds[1:]:
            out = promote_types(out, d)
        return out
    dims = [a.dtype for a in arrays if a.ndim]
    zeros = [a.dtype for a in arrays if not a.ndim]
    if not dims or not zeros:
        return promote(dims or zeros)
    d, z = promote(dims), promote(zeros)
    kind = {"b": 0, "i": 1, "u": 1, "f": 2}
    return z if kind[z.kind] > kind[d.kind] else d


class ClampBackward0(Node):
    """out = clamp(x, lo, hi) with TENSOR bounds: each element's gradient goes to whichever
    of x, lo, hi it came from. Saves all three."""
    __slots__ = ("s_self", "s_min", "s_max")

    def forward(self, x, lo, hi):
        self.save(self=x, min=lo, max=hi)
        out = x._data
        bounds = [t._data for t in (lo, hi) if t is not None]
        shape = out.shape
        for bd in bounds:                   # torch's broadcast message, torch's promotion
            if bd.shape != shape:
                shape = broadcast_shapes(shape, bd.shape)
        if any(bd.dtype is not out.dtype for bd in bounds):
            rt = _common_dtype([out] + bounds)
            out = out.astype(rt)
            bounds = [bd.astype(rt, copy=False) for bd in bounds]
        if lo is not None:
            out = np.maximum(out, bounds[0])
        if hi is not None:
            out = np.minimum(out, bounds[-1])
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


def _clamp_args(x, lo, hi):
    """The failure path of clamp's bounds: torch's parser error, or the bounds as torch
    reads them (with a number on either side, both are numbers)."""
    check_args("clamp", ("(Tensor min = None, Tensor max = None)",
                         "(Number min = None, Number max = None)"), x, {"min": lo, "max": hi},
               functions=("(Tensor input, Tensor min = None, Tensor max = None, *, "
                          "Tensor out = None)",
                          "(Tensor input, Number min = None, Number max = None, *, "
                          "Tensor out = None)"))
    if (lo is None or isinstance(lo, Tensor)) and (hi is None or isinstance(hi, Tensor)):
        return lo, hi
    return tuple(None if v is None else v.item() if isinstance(v, (Tensor, np.generic)) else v
                 for v in (lo, hi))


def clamp(x, min=None, max=None):
    """Limit values to [min, max] (numbers, or tensors that broadcast against x)."""
    if (x.__class__ is not Tensor and not isinstance(x, Tensor)) or not (
            (min is None or min.__class__ in (int, float)) and
            (max is None or max.__class__ in (int, float))) and not (
            (min is None or isinstance(min, Tensor)) and (max is None or isinstance(max, Tensor))):
        min, max = _clamp_args(x, min, max)
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    if isinstance(min, complex) or isinstance(max, complex):
        raise RuntimeError("value cannot be converted to type double without overflow")
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        return ClampBackward0.apply((x, min, max))
    return ClampBackward1.apply((x,), min, max)
