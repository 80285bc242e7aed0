"""Unary pointwise ops. Note which save their input and which their OUTPUT:
exp/sigmoid/tanh/relu/sqrt/reciprocal use the output in backward, so editing the output
in place breaks them; log/sin/cos/abs/clamp use the input."""
import numpy as np

from ..autograd.graph import Node, new_node, wrap
from ..autograd.saved import SavedTensor
from ._core import Tensor, run
from ._util import zeros_of, where


def _float(xd):
    return xd if xd.dtype.kind == "f" else xd.astype(np.float32)


class _SavesSelf(Node):
    __slots__ = ("s_self",)
    _saved_names = ("s_self",)
    saves = True

    @classmethod
    def _save(cls, ctx, x):
        if ctx is not None:
            ctx.s_self = SavedTensor(x)


class _SavesResult(Node):
    __slots__ = ("s_result",)
    _saved_names = ("s_result",)
    saves = True
    save_result = True


class NegBackward0(Node):
    """out = -x. Saves nothing."""
    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        if x._data.dtype.kind == "b":
            raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. "
                               "If you are trying to invert a mask, use the `~` or "
                               "`logical_not()` operator instead.")
        return np.negative(x._data)

    def backward(self, g):
        return (-g,)


class ExpBackward0(_SavesResult):
    """out = e^x; backward uses the output: d/dx = out."""
    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        with np.errstate(over="ignore"):            # torch gives inf silently
            return np.exp(_float(x._data))

    def backward(self, g):
        return (g * self.s_result.unpack(self),)


class LogBackward0(_SavesSelf):
    """out = ln x; saves the input: d/dx = 1/x."""
    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        _SavesSelf._save(ctx, x)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.log(_float(x._data))

    def backward(self, g):
        return (g / self.s_self.unpack(self),)


class SqrtBackward0(_SavesResult):
    """out = sqrt(x); backward uses the output: d/dx = 1 / (2 out)."""
    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        with np.errstate(invalid="ignore"):
            return np.sqrt(_float(x._data))

    def backward(self, g):
        return (g / (2 * self.s_result.unpack(self)),)


class ReciprocalBackward0(_SavesResult):
    """out = 1/x; backward uses the output: d/dx = -out^2."""
    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        with np.errstate(divide="ignore"):
            return np.reciprocal(_float(x._data))

    def backward(self, g):
        r = self.s_result.unpack(self)
        return (-g * r * r,)


class SinBackward0(_SavesSelf):
    """out = sin x; saves the input: d/dx = cos x."""
    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        _SavesSelf._save(ctx, x)
        return np.sin(_float(x._data))

    def backward(self, g):
        x = self.s_self.unpack(self)
        return (g * (np.cos(x) if type(x) is np.ndarray else x.cos()),)


class CosBackward0(_SavesSelf):
    """out = cos x; saves the input: d/dx = -sin x."""
    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        _SavesSelf._save(ctx, x)
        return np.cos(_float(x._data))

    def backward(self, g):
        x = self.s_self.unpack(self)
        return (-g * (np.sin(x) if type(x) is np.ndarray else x.sin()),)


class TanhBackward0(_SavesResult):
    """out = tanh x; backward uses the output: d/dx = 1 - out^2."""
    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        return np.tanh(_float(x._data))

    def backward(self, g):
        r = self.s_result.unpack(self)
        return (g * (1 - r * r),)


class SigmoidBackward0(_SavesResult):
    """out = 1 / (1 + e^-x); backward uses the output: d/dx = out (1 - out)."""
    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        xd = _float(x._data)
        with np.errstate(over="ignore"):
            return 1 / (1 + np.exp(-xd))

    def backward(self, g):
        r = self.s_result.unpack(self)
        return (g * r * (1 - r),)


class ReluBackward0(_SavesResult):
    """out = max(x, 0); backward uses the output: gradient passes where out > 0."""
    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        xd = x._data
        if xd.dtype.kind == "b":
            raise RuntimeError("Boolean inputs not supported for relu")
        return np.maximum(xd, 0).astype(xd.dtype, copy=False)

    def backward(self, g):
        r = self.s_result.unpack(self)
        mask = (r if type(r) is np.ndarray else r._data) > 0
        return (where(mask, g, 0),)


class AbsBackward0(_SavesSelf):
    """out = |x|; saves the input: d/dx = sign(x)."""
    __slots__ = ()

    @staticmethod
    def forward(ctx, x):
        if x._data.dtype.kind == "b":
            raise NotImplementedError("\"abs_cpu\" not implemented for 'Bool'")
        _SavesSelf._save(ctx, x)
        return np.abs(x._data)

    def backward(self, g):
        x = self.s_self.unpack(self)
        xd = x if type(x) is np.ndarray else x._data
        return (g * np.sign(xd).astype(xd.dtype),)


class ClampBackward1(_SavesSelf):
    """out = min(max(x, lo), hi); saves the input: gradient passes where lo <= x <= hi."""
    __slots__ = ("lo", "hi")

    @staticmethod
    def forward(ctx, x, lo, hi):
        _SavesSelf._save(ctx, x)
        if ctx is not None:
            ctx.lo, ctx.hi = lo, hi
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
    forward = staticmethod(lambda ctx, x: np.floor(x._data))


class CeilBackward0(_ZeroGrad):
    __slots__ = ()
    forward = staticmethod(lambda ctx, x: np.ceil(x._data))


class RoundBackward0(_ZeroGrad):
    __slots__ = ()
    forward = staticmethod(lambda ctx, x: np.round(x._data))


class SignBackward0(_ZeroGrad):
    __slots__ = ()
    forward = staticmethod(lambda ctx, x: np.sign(x._data))


def _unary(cls):
    def op(x):
        return run(cls, (x,))
    op.__name__ = cls.__name__.replace("Backward0", "").lower()
    op.__doc__ = cls.__doc__
    return op


neg = _unary(NegBackward0)
exp = _unary(ExpBackward0)
log = _unary(LogBackward0)
sqrt = _unary(SqrtBackward0)
reciprocal = _unary(ReciprocalBackward0)
sin = _unary(SinBackward0)
cos = _unary(CosBackward0)
tanh = _unary(TanhBackward0)
sigmoid = _unary(SigmoidBackward0)
relu = _unary(ReluBackward0)
abs = _unary(AbsBackward0)
floor = _unary(FloorBackward0)
ceil = _unary(CeilBackward0)
round = _unary(RoundBackward0)
sign = _unary(SignBackward0)


class ClampBackward0(Node):
    """out = clamp(x, lo, hi) with TENSOR bounds: each element's gradient goes to whichever
    of x, lo, hi it came from. Saves all three."""
    __slots__ = ("s_self", "s_min", "s_max")
    _saved_names = ("s_self", "s_min", "s_max")
    saves = True

    @staticmethod
    def forward(ctx, x, lo, hi):
        if ctx is not None:
            ctx.s_self = SavedTensor(x)
            ctx.s_min = None if lo is None else SavedTensor(lo)
            ctx.s_max = None if hi is None else SavedTensor(hi)
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
        node = new_node(ClampBackward0, (x, min, max))
        return wrap(ClampBackward0.forward(node, x, min, max), node)
    node = new_node(ClampBackward1, (x,))
    return wrap(ClampBackward1.forward(node, x, min, max), node)


def floor_divide_like(a, b, mode):
    from .arithmetic import _compute
    q = _compute(np.true_divide, a, b)
    q = np.floor(q) if mode == "floor" else np.trunc(q)
    if a._data.dtype.kind != "f" and (not isinstance(b, Tensor) or b._data.dtype.kind != "f") \
            and not isinstance(b, float):
        q = q.astype(a._data.dtype)
    return Tensor._make(q, False, None)


# ---- comparisons and logic: results never require grad -----------------------------

def _compare(ufunc):
    def op(a, b):
        bd = b._data if isinstance(b, Tensor) else b
        try:
            return Tensor._make(ufunc(a._data, bd), False, None)
        except ValueError:
            from ._core import check_broadcast
            check_broadcast(a._data, bd)
            raise
    return op


eq = _compare(np.equal)
ne = _compare(np.not_equal)
lt = _compare(np.less)
le = _compare(np.less_equal)
gt = _compare(np.greater)
ge = _compare(np.greater_equal)
logical_and = _compare(np.logical_and)
logical_or = _compare(np.logical_or)


def logical_not(x):
    return Tensor._make(np.logical_not(x._data), False, None)


def isnan(x):
    return Tensor._make(np.isnan(x._data), False, None)


def invert(x):
    if x._data.dtype.kind == "f":
        raise TypeError("bitwise_not_cpu not implemented for 'Float'")
    return Tensor._make(np.invert(x._data), False, None)
