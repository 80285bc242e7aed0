"""Unary pointwise ops. Note which save their input and which their OUTPUT:
exp/sigmoid/tanh/relu/sqrt/reciprocal use the output in backward, so editing the output
in place breaks them; log/sin/cos/abs use the input (clamp, which does too, is in clamp.py)."""
import numpy as np

from ..autograd.graph import Node
from ._core import Tensor
from .._either import cos as _cos, sin as _sin
from ._util import zeros_of, where
from .._compat._argparse import Parser


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
        return out

    def backward(self, g):
        return (g / (2 * self.s_result.unpack(self)),)


class ReciprocalBackward0(Node):
    """out = 1/x; backward uses the output: d/dx = -out^2."""
    __slots__ = ("s_result",)

    def forward(self, x):
        with np.errstate(divide="ignore"):
            out = np.reciprocal(_float(x._data))
        return out

    def backward(self, g):
        r = self.s_result.unpack(self)
        return (-g * (r * r),)                  # (torch's grouping: same rounding, same graph)


class SinBackward0(Node):
    """out = sin x; saves the input: d/dx = cos x."""
    __slots__ = ("s_self",)

    def forward(self, x):
        self.save(self=x)
        with np.errstate(invalid="ignore"):     # sin(inf) is nan, silently
            return np.sin(_float(x._data))

    def backward(self, g):
        x = self.s_self.unpack(self)
        return (g * _cos(x),)


class CosBackward0(Node):
    """out = cos x; saves the input: d/dx = -sin x."""
    __slots__ = ("s_self",)

    def forward(self, x):
        self.save(self=x)
        with np.errstate(invalid="ignore"):     # cos(inf) is nan, silently
            return np.cos(_float(x._data))

    def backward(self, g):
        x = self.s_self.unpack(self)
        return (g * -_sin(x),)                  # (torch's grouping: a NegBackward0 of sin)


class TanhBackward0(Node):
    """out = tanh x; backward uses the output: d/dx = 1 - out^2."""
    __slots__ = ("s_result",)

    def forward(self, x):
        xd = x._data
        out = np.tanh(xd if xd.dtype.kind == "f" else xd.astype(np.float32))
        return out

    def backward(self, g):
        r = self.s_result.unpack(self)
        if r.__class__ is not np.ndarray:       # a graph of the backward: torch's own node
            return (TanhBackwardBackward0.apply((g, r)),)
        return (g * (1 - r * r),)


class SigmoidBackward0(Node):
    """out = 1 / (1 + e^-x); backward uses the output: d/dx = out (1 - out)."""
    __slots__ = ("s_result",)       # the output tensor is saved once it exists, so editing
                                    # it in place breaks backward

    def forward(self, x):
        with np.errstate(over="ignore"):
            out = 1 / (1 + np.exp(-_float(x._data)))
        return out

    def backward(self, g):
        r = self.s_result.unpack(self)
        if r.__class__ is not np.ndarray:       # a graph of the backward: torch's own node
            return (SigmoidBackwardBackward0.apply((g, r)),)
        return (g * r * (1 - r),)


class ReluBackward0(Node):
    """out = max(x, 0); backward uses the output: gradient passes unless out <= 0."""
    __slots__ = ("s_result",)

    def forward(self, x):
        xd = x._data
        if xd.dtype.kind == "b":
            raise RuntimeError("Boolean inputs not supported for relu")
        out = np.maximum(xd, 0).astype(xd.dtype, copy=False)
        return out

    def backward(self, g):
        r = self.s_result.unpack(self)
        if r.__class__ is not np.ndarray:       # a graph of the backward: torch's own node
            return (ThresholdBackwardBackward0.apply((g, r), 0),)
        # torch's threshold_backward zeroes where out <= 0: a nan output passes the gradient
        return (where(~(r <= 0), g, 0),)


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
        if x.__class__ is not np.ndarray:       # a graph of the backward: g * x.sgn()
            return (g * SgnBackward0.apply((x,)),)
        return (g * np.sign(x).astype(x.dtype),)


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
        if x._data.dtype.kind == "b":       # (NumPy has no bool sign; sign_ comes here)
            return x._data.copy()
        out = np.sign(x._data)
        if out.dtype.kind == "f" and np.isnan(out).any():
            out = np.where(out == out, out, out.dtype.type(0))     # sign(nan) is 0 in torch
        return out


class SgnBackward0(Node):
    """out = sgn(x), the sign of a real x: what abs's gradient multiplies by when a graph of
    the backward is built (torch's `grad * self.sgn()`). Piecewise constant: zero gradient."""
    __slots__ = ("s_self", "s_result")

    def forward(self, x):
        self.save(self=x)
        return SignBackward0.forward(self, x)

    def backward(self, g):
        return (zeros_of(g),)


# Double-backward nodes: with create_graph=True, torch records the gradient formula of tanh,
# sigmoid and relu as one node (tanh_backward(grad, output), ...) rather than the mul/sub it
# is made of; its inputs are the incoming gradient and the saved output.

def _tensor(v):
    """A gradient given as an array, as a Tensor without history (a node input)."""
    return v if v.__class__ is not np.ndarray else Tensor._make(v, False, None)


class TanhBackwardBackward0(Node):
    """out = grad_output * (1 - output^2): tanh's gradient, differentiable again."""
    __slots__ = ("s_grad_output", "s_output")

    def forward(self, grad_output, output):
        self.save(grad_output=grad_output, output=output)
        r = output._data
        return grad_output._data * (1 - r * r)

    def backward(self, g):
        go, r = self.s_grad_output.unpack(self), self.s_output.unpack(self)
        g_go = g_r = None
        if self._next[0] is not None:           # tanh_backward(grad, output) again
            g_go = TanhBackwardBackward0.apply((_tensor(g), r)) \
                if r.__class__ is not np.ndarray else g * (1 - r * r)
        if self._next[1] is not None:
            g_r = g * (-2 * r * go)
        return g_go, g_r


class SigmoidBackwardBackward0(Node):
    """out = grad_output * output * (1 - output): sigmoid's gradient, differentiable again."""
    __slots__ = ("s_grad_output", "s_output")

    def forward(self, grad_output, output):
        self.save(grad_output=grad_output, output=output)
        r = output._data
        return grad_output._data * r * (1 - r)

    def backward(self, g):
        go, r = self.s_grad_output.unpack(self), self.s_output.unpack(self)
        g_go = g_r = None
        if self._next[0] is not None:           # sigmoid_backward(grad, output) again
            g_go = SigmoidBackwardBackward0.apply((_tensor(g), r)) \
                if r.__class__ is not np.ndarray else g * r * (1 - r)
        if self._next[1] is not None:
            g_r = g * go * (-2 * r + 1)
        return g_go, g_r


class ThresholdBackwardBackward0(Node):
    """out = grad_output where self > threshold, else 0 (relu's gradient, self its output):
    linear in grad_output, piecewise constant in self."""
    __slots__ = ("s_self", "threshold")
    _options = ("threshold",)

    def forward(self, grad_output, x, threshold):
        self.save(self=x)
        self.threshold = threshold
        return where(~(x._data <= threshold), grad_output._data, 0)

    def backward(self, g):
        x = self.s_self.unpack(self)
        g_go = None
        if self._next[0] is not None:
            g_go = ThresholdBackwardBackward0.apply((_tensor(g), x), self.threshold) \
                if x.__class__ is not np.ndarray else where(~(x <= self.threshold), g, 0)
        return g_go, None if self._next[1] is None else zeros_of(g)


def _unary_op(name, node_cls, doc=None, bool_kernel=None):
    """The function `torch.<name>(input)`: torch's parser error for anything but a Tensor
    (the one argument guard every unary op has), a kernel's refusal of bool tensors when
    `bool_kernel` names it, then the op. Made by a factory rather than a decorator, so the
    hot ops (tanh, relu) pay no extra call."""
    def op(x):
        if x.__class__ is not Tensor and not isinstance(x, Tensor):
            raise _not_tensor(name, x)
        if bool_kernel is not None and x._data.dtype.kind == "b":
            raise NotImplementedError(f"\"{bool_kernel}\" not implemented for 'Bool'")
        return node_cls.apply((x,))
    op.__name__ = op.__qualname__ = name        # (Python's TypeErrors name the function)
    op.__doc__ = doc
    return op


neg = _unary_op("neg", NegBackward0, "-x")
exp = _unary_op("exp", ExpBackward0, "e ** x, elementwise")
log = _unary_op("log", LogBackward0, "natural logarithm, elementwise")
sqrt = _unary_op("sqrt", SqrtBackward0)
reciprocal = _unary_op("reciprocal", ReciprocalBackward0)
sin = _unary_op("sin", SinBackward0)
cos = _unary_op("cos", CosBackward0)
tanh = _unary_op("tanh", TanhBackward0)
sigmoid = _unary_op("sigmoid", SigmoidBackward0, "1 / (1 + e ** -x), elementwise")
relu = _unary_op("relu", ReluBackward0, "max(x, 0), elementwise")
abs = _unary_op("abs", AbsBackward0)
floor = _unary_op("floor", FloorBackward0, bool_kernel="floor_vml_cpu")
ceil = _unary_op("ceil", CeilBackward0, bool_kernel="ceil_vml_cpu")
round = _unary_op("round", RoundBackward0, bool_kernel="round_vml_cpu")


def relu_(input):
    """max(x, 0) written into `input` (torch.relu_, F.relu_): its grad_fn becomes
    ReluBackward0; refused on a leaf that requires grad, as every in-place op."""
    if input.__class__ is not Tensor and not isinstance(input, Tensor):
        raise Parser("relu_", "(Tensor input)").error({"input": input})
    return input.relu_()


def sign(x):
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise _not_tensor("sign", x)
    if x._data.dtype.kind == "b":
        return Tensor._make(x._data.copy(), False, None)   # (NumPy has no bool sign)
    return SignBackward0.apply((x,))


