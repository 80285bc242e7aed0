"""dropout and batch_norm (torch.nn.functional), re-exported by minigrad.nn.functional.

Dropout records what torch records on the CPU: ``input * noise`` (a ``MulBackward0`` whose
``other`` is the scaled 0-or-1/(1-p) mask), drawn from minigrad's generator, so
``manual_seed`` makes it repeatable (the masks differ from torch's: different generators).
"""

import numpy as np

from .._compat._argparse import tp_name
from ._norm_nodes import NativeBatchNormBackward0
from ._scalar_names import scalar_name as _sname

__all__ = ["dropout", "batch_norm"]


def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


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
    if input._data.dtype.kind in "iub":    # (the scaled mask is float; torch casts it back)
        raise RuntimeError("result type Float can't be cast to the desired output type "
                           + _sname(input))
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
        per_channel = size[0]           # (a 0-d input fails here, as in torch's Python)
        for s in size[2:]:
            per_channel *= s
        if per_channel == 1:
            raise ValueError("Expected more than 1 value per channel when training, got "
                             f"input size {_size_message(size)}")
    for pos, name, t in ((2, "weight", weight), (3, "bias", bias),
                         (4, "running_mean", running_mean), (5, "running_var", running_var)):
        if t is not None and not hasattr(t, "_data"):     # torch's parser: Tensor or None
            raise TypeError(f"batch_norm(): argument '{name}' (position {pos}) must be Tensor, "
                            f"not {type(t).__name__}")
    if input.numel() == 0:
        return _empty_batch_norm(input, weight, bias)
    # torch reads the size of dim 1 unchecked: an input of fewer dims counts 0 channels
    channels = input.shape[1] if input.dim() > 1 else 0
    for name, t in (("running_mean", running_mean), ("running_var", running_var)):
        if t is not None:
            if t.numel() != channels:
                raise RuntimeError(f"{name} should contain {channels} elements not {t.numel()}")
        elif not training:
            raise RuntimeError(f"{name} must be defined in evaluation mode")
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and t.numel() != channels:
            raise RuntimeError(f"{name} should contain {channels} elements not {t.numel()}")
    if input.dim() < 2:
        n = max(input.dim(), 1)
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], "
                         "but got 1)")
    _check_batch_norm_dtypes(input, (weight, bias, running_mean, running_var), training)
    return NativeBatchNormBackward0.apply((input, weight, bias), running_mean, running_var,
                                          training, momentum, eps)


def _empty_batch_norm(input, weight, bias):
    """torch's kernel skips an input without elements before any other check and leaves the
    running buffers alone; it returns a copy (not a view, not a detached tensor) that stays
    connected to weight and bias through their first element."""
    out = input.clone()
    if weight is not None:
        out = out * weight[0]
    if bias is not None:
        out = out + bias[0]
    return out


def _check_batch_norm_dtypes(input, params, training):
    """torch's CPU kernel: a floating input, and parameters of the input's dtype."""
    kind = input._data.dtype.kind
    if kind != "f":
        raise NotImplementedError(f"\"batch_norm\" not implemented for '{_sname(input)}'")
    for t in params:
        if t is None or t._data.dtype == input._data.dtype:
            continue
        if training:
            raise RuntimeError(f"expected scalar type {_sname(input)} but found {_sname(t)}")
        if input._data.dtype == np.float32:
            raise RuntimeError("mixed dtype (CPU): expect parameter to have scalar type of Float")
        raise RuntimeError("mixed dtype (CPU): all inputs must share same datatype.")
