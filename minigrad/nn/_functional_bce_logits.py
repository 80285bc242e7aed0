"""binary_cross_entropy_with_logits (torch.nn.functional), re-exported by
minigrad.nn.functional.

One node, BinaryCrossEntropyWithLogitsBackward0, over (input, target), computed with torch's
formula in torch's order, so that infinities and mixed dtypes come out as torch's do:

    loss = (1 - y) x - [1 + (pos_weight - 1) y] log_sigmoid(x)      (times weight)

(``(1 - y) * x`` is nan for y = 1 and x = -inf, as in torch). The loss has the target's
dtype (torch writes the products into ``1 - y`` in place). weight and pos_weight get no
gradient: torch refuses them when they require one.
"""

import numpy as np

from .._compat._argparse import tp_name
from .._either import broadcast_like, exp
from ..autograd.grad_mode import state as _grad_state
from ..autograd.graph import Node
from ._nodes import DivBackward1
from ._reduction import get_enum, legacy_get_string
from ._scalar_names import scalar_name as _sname

__all__ = ["binary_cross_entropy_with_logits", "BinaryCrossEntropyWithLogitsBackward0"]


def _size_message(shape):
    return "torch.Size([" + ", ".join(str(s) for s in shape) + "])"


def _log_sigmoid(v):
    """log(sigmoid(v)) = min(v, 0) - log1p(exp(-|v|)), torch's CPU formula."""
    if isinstance(v, np.ndarray):
        with np.errstate(over="ignore", invalid="ignore"):
            return np.minimum(v, 0) - np.log1p(np.exp(-np.abs(v)))
    return v.clamp(max=0) - ((-v.abs()).exp() + 1).log()     # (a Tensor, while a graph of
                                                             # the backward is built)


def _broadcast_error(a, b):
    """torch's message for two shapes that do not broadcast, or None."""
    n = max(len(a), len(b))
    pa, pb = (1,) * (n - len(a)) + tuple(a), (1,) * (n - len(b)) + tuple(b)
    for i in range(n - 1, -1, -1):
        if pa[i] != pb[i] and pa[i] != 1 and pb[i] != 1:
            return RuntimeError(f"The size of tensor a ({pa[i]}) must match the size of tensor "
                                f"b ({pb[i]}) at non-singleton dimension {i}")
    return None


def _in_place(out, other, op):
    """out = op(out, other) as torch's in-place op: broadcast into out's shape and dtype."""
    err = _broadcast_error(out.shape, other.shape)
    if err is not None:
        raise err
    shape = np.broadcast_shapes(out.shape, other.shape)
    if shape != out.shape:
        raise RuntimeError(f"output with shape [{', '.join(str(s) for s in out.shape)}] doesn't "
                           f"match the broadcast shape [{', '.join(str(s) for s in shape)}]")
    with np.errstate(over="ignore", invalid="ignore"):
        return op(out, other).astype(out.dtype, copy=False)


class BinaryCrossEntropyWithLogitsBackward0(Node):
    """d/dx = g [(pw y + 1 - y) sigmoid(x) - pw y] w, d/dy = g [log_sigmoid(-x) -
    pw log_sigmoid(x)] w (-x g without pw), each divided by the element count for 'mean':
    torch's formulas, written over arrays and Tensors so that a graph of the backward can
    be built (create_graph=True)."""

    __slots__ = ("s_self", "s_target", "s_weight", "s_pos_weight", "reduction")
    _options = ("reduction",)

    def forward(self, x, y, weight, pos_weight, reduction):
        self.save(self=x, target=y, weight=weight, pos_weight=pos_weight)
        self.reduction = get_enum(reduction)
        xd, yd = x._data, y._data
        log_sig = _log_sigmoid(xd)
        if pos_weight is not None:
            pw = pos_weight._data
            err = _broadcast_error(pw.shape, yd.shape)
            if err is not None:
                raise err
            log_weight = (pw - pw.dtype.type(1)) * yd + 1
            log_sig = _in_place(log_sig, log_weight, np.multiply)
        loss = _in_place(1 - yd, xd, np.multiply)
        loss = _in_place(loss, log_sig, np.subtract)
        if weight is not None:
            loss = _in_place(loss, weight._data, np.multiply)
        if reduction == "mean":
            with np.errstate(invalid="ignore", over="ignore"):
                return np.asarray(loss.mean() if loss.size else np.nan, dtype=loss.dtype)
        if reduction == "sum":
            with np.errstate(invalid="ignore", over="ignore"):
                return np.asarray(loss.sum(), dtype=loss.dtype)
        return loss

    def backward(self, g):
        x = self.s_self.unpack(self)
        y = self.s_target.unpack(self)
        w = None if self.s_weight is None else self.s_weight.unpack(self)
        pw = None if self.s_pos_weight is None else self.s_pos_weight.unpack(self)
        need_x, need_y = self.needs_input_grad
        count = int(np.prod(x.shape))
        gx = gy = None
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
            if need_x:
                sig = 1 / (1 + exp(-x))
                if pw is None:
                    gx = sig - y
                else:
                    t = pw * y
                    gx = (t + 1 - y) * sig - t
                gx = gx * g
                if w is not None:
                    gx = gx * w
                if self.reduction == 1:
                    gx = _divided(gx, count)
            if need_y:
                if pw is None:
                    gy = -x * g
                else:
                    gy = (_log_sigmoid(-x) - _log_sigmoid(x) * pw) * g
                if w is not None:
                    gy = gy * w
                if self.reduction == 1:
                    gy = _divided(gy, count)
        return (None if gx is None else _shaped_like(gx, x),
                None if gy is None else _shaped_like(gy, y))


def _divided(v, count):
    """v / count; for a Tensor recorded as torch's div by a Scalar (DivBackward1)."""
    if isinstance(v, np.ndarray):
        return v / count
    return DivBackward1.apply((v,), count)


def _shaped_like(g, like):
    """A gradient in the shape (and, for arrays, the dtype) of the input ``like``."""
    if tuple(g.shape) == tuple(like.shape) and not isinstance(g, np.ndarray):
        return g
    return broadcast_like(g, like)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None,
                                     reduce=None, reduction="mean", pos_weight=None):
    """Binary cross entropy of `target` (probabilities in [0, 1]) against `sigmoid(input)`,
    taken from the logits `input` directly (stable for large |input|). ``weight``
    rescales each element, ``pos_weight`` (one value per class, broadcast along the last
    dim) the positive term."""
    from .._tensor import Tensor
    if size_average is not None or reduce is not None:
        reduction = legacy_get_string(size_average, reduce)
    reduction = ("none", "mean", "sum")[get_enum(reduction)]
    if not target.size() == input.size():   # (as torch: a non-tensor fails here, in Python's
        raise ValueError(f"Target size ({_size_message(target.shape)}) must be the same as "
                         f"input size ({_size_message(input.shape)})")          # words)
    for pos, name, t in ((3, "weight", weight), (4, "pos_weight", pos_weight)):
        if t is not None and not isinstance(t, Tensor):     # torch's parser
            raise TypeError(f"binary_cross_entropy_with_logits(): argument '{name}' (position "
                            f"{pos}) must be Tensor, not {tp_name(t)}")
    if _grad_state.enabled:
        for name, t in (("weight", weight), ("pos_weight", pos_weight)):
            if t is not None and t.requires_grad:
                raise RuntimeError("The function 'binary_cross_entropy_with_logits' is not "
                                   f"differentiable with respect to argument '{name}'. This "
                                   "input cannot have requires_grad True.")
    if input._data.dtype.kind != "f":
        raise NotImplementedError(f"\"log_sigmoid_cpu\" not implemented for '{_sname(input)}'")
    if target._data.dtype.kind == "b":     # (torch's 1 - target, with 1 taken as a bool)
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not "
                           "supported. Use the `^` or `logical_xor()` operator instead.")
    if target._data.dtype.kind != "f":
        raise RuntimeError(f"result type {_sname(input)} can't be cast to the desired output "
                           f"type {_sname(target)}")
    # weight and pos_weight are saved, without an edge (torch's node has two)
    return BinaryCrossEntropyWithLogitsBackward0.apply((input, target), weight, pos_weight,
                                                       reduction)
