"""binary_cross_entropy (torch.nn.functional), re-exported by minigrad.nn.functional.

One node, BinaryCrossEntropyBackward0, over (input, target), as torch records it: the
target gets a gradient too (``-logit(input)``); the weight does not, and torch refuses a
weight that requires grad. The logarithms are clamped at -100, so an input of exactly 0 or 1
gives a finite loss (100 per element) instead of inf. Building a graph of the backward
(create_graph=True) records torch's nodes: the input's gradient is one
BinaryCrossEntropyBackwardBackward0, the target's logit, neg, mul (and div for 'mean').
"""

import numpy as np

from .._either import broadcast_like, clamp_min, log
from .._tensor import Tensor
from ..autograd.graph import Node
from ._reduction import get_enum, legacy_get_string
from ..autograd.grad_mode import state as _grad_state
from ._nodes import _REDUCTIONS, DivBackward1

__all__ = ["binary_cross_entropy", "BinaryCrossEntropyBackward0", "broadcast_shapes_checked"]

_EPSILON = 1e-12        # torch's floor for x (1 - x) in the input gradient
_TORCH_DTYPE = {"float16": "Half", "float32": "Float", "float64": "Double", "int64": "Long",
                "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte",
                "bool": "Bool"}


def _size(shape):
    return "torch.Size([" + ", ".join(str(s) for s in shape) + "])"


def broadcast_shapes_checked(first, second):
    """The shape both broadcast to, with torch.broadcast_shapes' message when they do not."""
    n = max(len(first), len(second))
    result = [1] * (n - len(first)) + list(first)
    for i in range(-1, -len(second) - 1, -1):
        size = second[i]
        if size == 1 or size == result[i]:
            continue
        if result[i] != 1:
            raise RuntimeError(
                f"Attempting to broadcast a dimension of length {size} at {i}! Mismatching "
                f"argument at index 1 had {_size(second)}; but expected shape should be "
                f"broadcastable to [{', '.join(str(s) for s in result)}]")
        result[i] = size
    return tuple(result)


class BinaryCrossEntropyBackward0(Node):
    """loss = -w [y max(log x, -100) + (1 - y) max(log(1 - x), -100)].

    d/dx = g (x - y) / max(x (1 - x), 1e-12) * w, d/dy = -g logit(x) * w (each divided by
    the element count for 'mean'), in torch's order of operations, so float32 results agree
    bit for bit on small inputs. The weight is saved (expanded to the target's shape).
    """

    __slots__ = ("s_self", "s_target", "s_weight", "reduction")
    _options = ("reduction",)

    def forward(self, x, y, weight, reduction):
        self.save(self=x, target=y, weight=weight)
        self.reduction = _REDUCTIONS[reduction]
        xd, yd = x._data, y._data
        one = xd.dtype.type(1)
        floor = xd.dtype.type(-100)
        with np.errstate(divide="ignore", invalid="ignore"):
            loss = ((yd - one) * np.maximum(np.log1p(-xd), floor)
                    - yd * np.maximum(np.log(xd), floor))
            if weight is not None:
                loss = loss * weight._data
            loss = loss.astype(xd.dtype, copy=False)
            if reduction == "mean":
                return np.asarray(loss.mean() if loss.size else np.nan, dtype=xd.dtype)
        if reduction == "sum":
            return np.asarray(loss.sum(), dtype=xd.dtype)
        return loss

    def backward(self, grad):
        x = self.s_self.unpack(self)
        y = self.s_target.unpack(self)
        w = None if self.s_weight is None else self.s_weight.unpack(self)
        count = int(np.prod(x.shape))
        need_x, need_y = self.needs_input_grad
        gx = gy = None
        if isinstance(x, Tensor):       # create_graph: the nodes torch records
            return (BinaryCrossEntropyBackwardBackward0.apply((grad, x, y), w, self.reduction)
                    if need_x else None,
                    _target_grad_graph(grad, x, w, self.reduction, count) if need_y else None)
        with np.errstate(divide="ignore", invalid="ignore"):
            if need_x:
                gx = _input_grad(grad, x, y, w, self.reduction, count)
            if need_y:
                gy = -log(x / (1 - x)) * grad
                if w is not None:
                    gy = gy * w
                if self.reduction == 1:
                    gy = gy / count
        return (None if gx is None else broadcast_like(gx, x),
                None if gy is None else broadcast_like(gy, y))


def _input_grad(grad, x, y, w, reduction, count):
    """g (x - y) / max(x (1 - x), 1e-12) * w (/ count for 'mean'), arrays or Tensors."""
    gx = grad * (x - y) / clamp_min((1 - x) * x, _EPSILON)
    if w is not None:
        gx = gx * w
    return gx / count if reduction == 1 else gx


def _target_grad_graph(grad, x, w, reduction, count):
    """-logit(x) * g * w (/ count), recorded as torch's logit, neg_, mul_, div_ record it."""
    gy = LogitBackward0.apply((x,)).neg() * grad
    if w is not None:
        gy = gy * w
    return DivBackward1.apply((gy,), count) if reduction == 1 else gy


class LogitBackward0(Node):
    """log(x / (1 - x)), as in the target's gradient of binary_cross_entropy."""

    __slots__ = ("s_self",)

    def forward(self, x):
        self.save(self=x)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.log(x._data / (1 - x._data))

    def backward(self, grad):
        x = self.s_self.unpack(self)
        with np.errstate(divide="ignore", invalid="ignore"):
            return (grad / (x * (1 - x)),)


class BinaryCrossEntropyBackwardBackward0(Node):
    """The input's gradient of binary_cross_entropy as one op over (grad_output, input,
    target), with torch's double-backward formulas (eps 1e-12); the weight is an option."""

    __slots__ = ("s_grad_output", "s_self", "s_target", "s_weight", "reduction")
    _options = ("reduction",)

    def forward(self, grad_output, x, y, weight, reduction):
        self.save(grad_output=grad_output, self=x, target=y, weight=weight)
        self.reduction = reduction
        count = x._data.size
        with np.errstate(divide="ignore", invalid="ignore"):
            gx = _input_grad(grad_output._data, x._data, y._data,
                             None if weight is None else weight._data, reduction, count)
        return np.broadcast_to(gx, x._data.shape).astype(x._data.dtype)

    def backward(self, grad):
        g_out, x, y = (s.unpack(self) for s in (self.s_grad_output, self.s_self, self.s_target))
        w = None if self.s_weight is None else self.s_weight.unpack(self)
        count, eps, mean = int(np.prod(x.shape)), _EPSILON, self.reduction == 1
        need_out, need_x, need_y = self.needs_input_grad
        result = [None, None, None]
        with np.errstate(divide="ignore", invalid="ignore"):
            scale = grad if w is None else grad * w
            if need_out:
                g = (x - y) / ((x + eps) * (1 - x + eps)) * scale
                g = g / count if mean else g
                result[0] = g.sum() if self.reduction != 0 else g
            if need_x:
                g = ((x * x - 2 * x * y + y) / (((x + eps) ** 2) * ((1 - x + eps) ** 2))
                     * (scale * g_out))
                result[1] = g / count if mean else g
            if need_y:
                g = -scale * g_out / clamp_min((1 - x) * x, eps)
                result[2] = g / count if mean else g
        return tuple(r if r is None else broadcast_like(r, like)
                     for r, like in zip(result, (g_out, x, y)))


def _check_range(x, y):
    """torch checks element by element, input before target: the first bad one wins."""
    xd, yd = x._data.reshape(-1), y._data.reshape(-1)
    bad_x = ~((xd >= 0) & (xd <= 1))
    bad_y = ~((yd >= 0) & (yd <= 1))
    bad = bad_x | bad_y
    if bad.any():
        which = "input" if bad_x[int(np.argmax(bad))] else "target"
        raise RuntimeError(f"all elements of {which} should be between 0 and 1")


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
                         reduction="mean"):
    """Binary cross entropy between probabilities `input` (each in [0, 1], e.g. the output
    of a sigmoid) and `target` of the same shape: ``-w [y log x + (1 - y) log(1 - x)]``,
    with each log clamped at -100. `weight` broadcasts against the target. Prefer
    binary_cross_entropy_with_logits on raw scores: it is stable where sigmoid saturates."""
    if size_average is not None or reduce is not None:
        reduction = legacy_get_string(size_average, reduce)
    reduction = ("none", "mean", "sum")[get_enum(reduction)]
    if target.size() != input.size():   # (as torch: a non-tensor fails here, in Python's words)
        raise ValueError(f"Using a target size ({_size(target.shape)}) that is different to "
                         f"the input size ({_size(input.shape)}) is deprecated. Please ensure "
                         "they have the same size.")
    if weight is not None:
        weight.size()                   # (as torch: a non-tensor fails here)
        weight = weight.expand(broadcast_shapes_checked(tuple(target.shape),
                                                        tuple(weight.shape)))
        if weight.requires_grad and _grad_state.enabled:
            raise RuntimeError("The function 'binary_cross_entropy' is not differentiable "
                               "with respect to argument 'weight'. This input cannot have "
                               "requires_grad True.")
    xk, yk = input._data.dtype, target._data.dtype
    if xk != yk:
        raise RuntimeError(f"Found dtype {_TORCH_DTYPE.get(yk.name, yk.name)} but expected "
                           f"{_TORCH_DTYPE.get(xk.name, xk.name)}")
    if xk.kind != "f":
        raise NotImplementedError("\"binary_cross_entropy\" not implemented for "
                                  f"'{_TORCH_DTYPE.get(xk.name, xk.name)}'")
    _check_range(input, target)
    if weight is not None:
        if tuple(weight.shape) != tuple(input.shape):
            raise RuntimeError(
                f"output with shape [{', '.join(str(s) for s in input.shape)}] doesn't match "
                f"the broadcast shape [{', '.join(str(s) for s in weight.shape)}]")
        if weight._data.dtype != xk:
            weight = weight.to(input.dtype)
    return BinaryCrossEntropyBackward0.apply((input, target), weight, reduction)
