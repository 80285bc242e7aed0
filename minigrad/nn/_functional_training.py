"""dropout, batch_norm and binary_cross_entropy_with_logits (torch.nn.functional),
re-exported by minigrad.nn.functional.

Dropout records what torch records on the CPU: ``input * noise`` (a ``MulBackward0`` whose
``other`` is the scaled 0-or-1/(1-p) mask), drawn from minigrad's generator, so
``manual_seed`` makes it repeatable (the masks differ from torch's: different generators).
"""

import numpy as np

from .._compat._argparse import tp_name
from .._either import array, constant_like
from ..autograd.graph import Node
from ._reduction import get_enum, legacy_get_string
from ._norm_nodes import NativeBatchNormBackward0

__all__ = ["dropout", "batch_norm", "binary_cross_entropy_with_logits"]


def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


_INT_NAMES = {"int64": "Long", "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte"}


def dropout(input, p=0.5, training=True, inplace=False):
    """Zero each element with probability p and scale the rest by 1/(1-p) (training only).

    Returns `input` itself when p == 0, when not training, or when it is empty."""
    from .._random import _rng
    from .._tensor import Tensor
    _check_p(p)
    if not isinstance(input, Tensor):       # torch's _VF.dropout parser
        raise TypeError(f"dropout(): argument 'input' (position 1) must be Tensor, not "
                        f"{tp_name(input)}")
    if training.__class__ is not bool:
        raise TypeError(f"dropout(): argument 'train' (position 3) must be bool, not "
                        f"{tp_name(training)}")
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        zero = Tensor._make(np.zeros((), input._data.dtype), False, None)
        return input.mul_(zero) if inplace else input * zero
    if input._data.dtype.kind in "iu":     # (the scaled mask is float; torch casts it back)
        raise RuntimeError("result type Float can't be cast to the desired output type "
                           + _INT_NAMES[input._data.dtype.name])
    keep = _rng(None).random(input.shape) < (1 - p)
    noise = (keep.astype(input._data.dtype) / np.asarray(1 - p, input._data.dtype))
    noise = Tensor._make(noise.astype(input._data.dtype, copy=False), False, None)
    return input.mul_(noise) if inplace else input * noise


def _size_message(shape):
    return "torch.Size([" + ", ".join(str(s) for s in shape) + "])"


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-05):
    """Normalize each channel (axis 1) of an (N, C) or (N, C, L) input.

    training=True uses the batch's mean and (biased) variance and, when running buffers are
    given, moves them towards the batch statistics (the variance unbiased):
    ``running = (1 - momentum) * running + momentum * batch``. training=False uses the
    running buffers. One node, NativeBatchNormBackward0, over (input, weight, bias)."""
    if training:
        size = tuple(input.shape)
        per_channel = 1
        for s in size[:1] + size[2:]:
            per_channel *= s
        if per_channel == 1:
            raise ValueError("Expected more than 1 value per channel when training, got "
                             f"input size {_size_message(size)}")
    for pos, name, t in ((2, "weight", weight), (3, "bias", bias),
                         (4, "running_mean", running_mean), (5, "running_var", running_var)):
        if t is not None and not hasattr(t, "_data"):     # torch's parser: Tensor or None
            raise TypeError(f"batch_norm(): argument '{name}' (position {pos}) must be Tensor, "
                            f"not {type(t).__name__}")
    channels = input.shape[1] if input.dim() > 1 else 1
    for name, t in (("running_mean", running_mean), ("running_var", running_var),
                    ("weight", weight), ("bias", bias)):
        if t is not None and t.numel() != channels:
            raise RuntimeError(f"{name} should contain {channels} elements not {t.numel()}")
    if not training:
        for name, t in (("running_mean", running_mean), ("running_var", running_var)):
            if t is None:
                raise RuntimeError(f"{name} must be defined in evaluation mode")
    return NativeBatchNormBackward0.apply((input, weight, bias), running_mean, running_var,
                                          training, momentum, eps)


def _softplus(v):
    """log(1 + e^v) without overflow."""
    return np.logaddexp(0, v)


class BinaryCrossEntropyWithLogitsBackward0(Node):
    """loss = -w [pw y log sigmoid(x) + (1 - y) log(1 - sigmoid(x))], computed from the
    logits x directly (log sigmoid(x) = -softplus(-x)), so it never takes log(0).
    d loss / dx = w (sigmoid(x) (pw y + 1 - y) - pw y); the target gets a gradient too."""
    __slots__ = ("s_self", "s_target", "s_weight", "s_pos_weight", "reduction")

    def forward(self, x, y, weight, pos_weight, reduction):
        self.save(self=x, target=y, weight=weight, pos_weight=pos_weight)
        self.reduction = reduction
        xd, yd = x._data, y._data
        pw = 1 if pos_weight is None else pos_weight._data
        with np.errstate(over="ignore", invalid="ignore"):  # inf logits: nan, silently
            loss = pw * yd * _softplus(-xd) + (1 - yd) * _softplus(xd)
        if weight is not None:
            loss = loss * weight._data
        loss = loss.astype(xd.dtype, copy=False)
        if reduction == "mean":
            return np.asarray(loss.mean(dtype=xd.dtype))
        if reduction == "sum":
            return np.asarray(loss.sum(dtype=xd.dtype))
        return loss

    def backward(self, g):
        unpack = [None if s is None else s.unpack(self)
                  for s in (self.s_self, self.s_target, self.s_weight, self.s_pos_weight)]
        # a graph of backward is not recorded here: Tensors are read as arrays, and the
        # gradients come back as constants
        xd, yd, wd, pwd = [None if v is None else array(v) for v in unpack]
        gd = array(g)
        if self.reduction == "mean":
            gd = gd / xd.size
        pw = 1 if pwd is None else pwd
        w = 1 if wd is None else wd
        sig = 1 / (1 + np.exp(-xd))
        gx = gd * w * (sig * (pw * yd + 1 - yd) - pw * yd)
        gy = gd * w * (pw * _softplus(-xd) - _softplus(xd))
        gx = np.broadcast_to(gx, xd.shape).astype(xd.dtype)
        gy = np.broadcast_to(gy, yd.shape).astype(yd.dtype)
        return (constant_like(gx, g), constant_like(gy, g), None, None)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None,
                                     reduce=None, reduction="mean", pos_weight=None):
    """Binary cross entropy of `target` (probabilities in [0, 1]) against `sigmoid(input)`,
    taken from the logits `input` directly (stable for large |input|)."""
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
    if target._data.dtype.kind != "f":
        from .._ops.norm import _TORCH_NAME
        raise RuntimeError(f"result type Float can't be cast to the desired output type "
                           f"{_TORCH_NAME[target._data.dtype.name]}")
    return BinaryCrossEntropyWithLogitsBackward0.apply((input, target, weight, pos_weight),
                                                       reduction)
