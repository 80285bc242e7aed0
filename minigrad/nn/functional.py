"""Functional forms of the layers and losses (torch.nn.functional).

Each function checks its arguments the way torch does (same messages), then records the
same graph torch records: ``linear`` on a 2-D input with a bias is one ``AddmmBackward0``
over ``(bias, input, weight.t())``, ``cross_entropy`` is ``NllLossBackward0`` on top of
``LogSoftmaxBackward0``, and so on, so ``grad_fn`` names and ``next_functions`` match.
"""

import functools
import warnings

import numpy as np

from .._compat._argparse import Parser
from .._compat.messages import cname as _cname
from .._tensor import Tensor
from .._ops.views import UnsafeViewBackward0
from .._ops.unary import relu_
from ._functional_losses import binary_cross_entropy
from ._functional_bce_logits import binary_cross_entropy_with_logits
from ._functional_training import batch_norm, dropout
from ._functional_conv import conv2d
from ._functional_nll import cross_entropy, nll_loss
from ._functional_softmax import (log_softmax, softmax,
                                  torch_log_softmax, torch_softmax)  # noqa: F401 (torch.softmax, Tensor.softmax)
from ._nodes import AddmmBackward0, MseLossBackward0
from ._reduction import get_enum, legacy_get_string
from ._scalar_names import scalar_name as _sname
from .._compat._argparse_calls import is_binding_error as _is_binding_error
from .._compat._argparse_calls import with_binding_errors as _with_binding_errors

# torch binds these two in C: a call Python cannot bind raises torch's parser error (a
# convolution costs far more than the wrapper)
conv2d = _with_binding_errors(conv2d, "conv2d")
relu_ = _with_binding_errors(relu_, "relu_")

__all__ = ["linear", "conv2d", "relu", "sigmoid", "tanh", "softmax", "log_softmax",
           "mse_loss", "nll_loss", "cross_entropy", "dropout", "batch_norm",
           "binary_cross_entropy_with_logits", "binary_cross_entropy", "relu_"]

# ----------------------------------------------------------------------------------------------
# linear
# ----------------------------------------------------------------------------------------------

_LINEAR = Parser("linear", "(Tensor input, Tensor weight, Tensor? bias = None)")


def linear(input, weight, bias=None):
    """y = input @ weight.T + bias, for input of shape (*, in_features).

    Recorded as torch does: AddmmBackward0 (2-D input with bias), MmBackward0 (2-D, no bias),
    with ViewBackward0 / UnsafeViewBackward0 / SqueezeBackward4 around it for other ranks.
    """
    if (input.__class__ is not Tensor and not isinstance(input, Tensor)) or \
            (weight.__class__ is not Tensor and not isinstance(weight, Tensor)) or \
            not (bias is None or isinstance(bias, Tensor)):
        raise _LINEAR.error({}, [input, weight] + ([] if bias is None else [bias]), {})
    xd, wd = input._data.ndim, weight._data.ndim
    if xd == 0 or wd == 0:
        raise RuntimeError(f"both arguments to linear need to be at least 1D, but they are "
                           f"{xd}D and {wd}D")
    if wd > 2:          # (every path of torch's starts with weight.t())
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {wd}D")
    # torch's fused addmm path: 2-D input with a bias, or a contiguous input with a bias of
    # at least one dim (a 0-d bias is added after the product)
    fused = bias is not None and (xd == 2 or (bias._data.ndim >= 1 and input.is_contiguous()))
    if wd == 1:
        if fused:       # addmm checks the dtypes first, then wants a matrix
            _check_linear_dtypes(input, weight, bias)
            raise RuntimeError("mat2 must be a matrix, got 1-D tensor")
        out = input.matmul(weight.t())      # dot or mv, with their own dtype messages
        return out if bias is None else out + bias
    in_f = input.shape[-1]
    if wd == 2 and in_f != weight.shape[1]:
        rows = int(np.prod(input.shape[:-1], dtype=np.int64))
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({rows}x{in_f} and "
                           f"{weight.shape[1]}x{weight.shape[0]})")
    _check_linear_dtypes(input, weight, bias)
    wt = weight.t()
    if fused:
        # addmm path: flatten the batch dims to one (a view), then view back
        if xd == 2:
            return _addmm(bias, input, wt)
        out = _addmm(bias, input.reshape(-1, in_f), wt)
        return out.view(*input.shape[:-1], weight.shape[0])
    if xd <= 2:
        out = input.matmul(wt)     # MmBackward0 (SqueezeBackward4 on top for 1-D input)
    else:
        flat = input.reshape(-1, in_f).mm(wt)
        out = _reshaped(UnsafeViewBackward0, flat, tuple(input.shape[:-1]) + (weight.shape[0],))
    return out if bias is None else out + bias


def _with_linear_parser(fn):
    """linear, raising torch's parser error when Python cannot bind the call (torch binds
    linear in C: a wrong type is named before an unknown keyword)."""
    def linear(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except TypeError as exc:
            if not _is_binding_error(exc):
                raise
            raise (_LINEAR.error(None, list(args), dict(kwargs)) or exc) from None
    functools.update_wrapper(linear, fn)
    return linear


linear_unwrapped = linear      # what nn.Linear calls: its calls always bind
linear = _with_linear_parser(linear)


def _check_linear_dtypes(input, weight, bias):
    """torch's messages differ by which of its kernels (mm or addmm) sees the mismatch."""
    if bias is None:
        if input.dtype != weight.dtype:
            raise RuntimeError(f"expected m1 and m2 to have the same dtype, but got: "
                               f"{_cname(input)} != {_cname(weight)}")
    elif bias.dtype != weight.dtype:
        raise RuntimeError(f"self and mat2 must have the same dtype, but got {_sname(bias)} "
                           f"and {_sname(weight)}")
    elif input.dtype != weight.dtype:
        raise RuntimeError(f"mat1 and mat2 must have the same dtype, but got {_sname(input)} "
                           f"and {_sname(weight)}")


def _addmm(bias, mat1, mat2):
    return AddmmBackward0.apply((bias, mat1, mat2))


def _reshaped(cls, x, shape):
    """x's values in a new shape, recorded as a shape-only node ``cls`` (not a view)."""
    return cls.apply((x,), shape)


# ----------------------------------------------------------------------------------------------
# activations (softmax and log_softmax: _functional_softmax.py)
# ----------------------------------------------------------------------------------------------

def relu(input, inplace=False):
    """max(x, 0) elementwise (ReluBackward0); ``inplace`` modifies ``input``."""
    if input.__class__ is not Tensor and not isinstance(input, Tensor):
        op = "relu_" if inplace else "relu"
        raise Parser(op, "(Tensor input)").error({}, [input], {})
    return input.relu_() if inplace else input.relu()


def sigmoid(input):
    """1 / (1 + exp(-x)) elementwise (SigmoidBackward0)."""
    return input.sigmoid()


def tanh(input):
    """tanh elementwise (TanhBackward0)."""
    return input.tanh()


# ----------------------------------------------------------------------------------------------
# losses
# ----------------------------------------------------------------------------------------------

def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """Mean (or sum, or elementwise with 'none') squared error (MseLossBackward0); with a
    ``weight`` of the input's size, torch's Python formula: sum(w (x - y)^2) / sum(w)."""
    if not (target.size() == input.size()):     # (torch's own test: non-tensors fail here)
        warnings.warn(f"Using a target size ({target.shape}) that is different to the input "
                      f"size ({input.shape}). This will likely lead to incorrect results due "
                      "to broadcasting. Please ensure they have the same size.", stacklevel=2)
    if size_average is not None or reduce is not None:
        reduction = legacy_get_string(size_average, reduce)
    if weight is not None:
        return _weighted_mse(input, target, reduction, weight)
    code = get_enum(reduction)
    if input._data.dtype is not target._data.dtype or input._data.dtype.kind != "f":
        input, target = _mse_operands(input, target)
    if tuple(target.shape) != tuple(input.shape):
        # torch expands both to the broadcast shape first (ExpandBackward0 in the graph)
        _broadcast_check(input, target)
        shape = np.broadcast_shapes(tuple(input.shape), tuple(target.shape))
        if tuple(input.shape) != shape:
            input = input.expand(*shape)
        if tuple(target.shape) != shape:
            target = target.expand(*shape)
    return MseLossBackward0.apply((input, target), ("none", "mean", "sum")[code])


def _weighted_mse(input, target, reduction, weight):
    """torch's Python path for a weight: ordinary ops (PowBackward0, MulBackward0,
    SumBackward0, DivBackward0), after the weight's size check."""
    x, y = input, target
    if tuple(x.shape) != tuple(y.shape):        # torch.broadcast_tensors
        _broadcast_check(x, y)
        shape = np.broadcast_shapes(tuple(x.shape), tuple(y.shape))
        x, y = x.expand(*shape), y.expand(*shape)
    if weight.size() != input.size():
        raise ValueError("Weights and input must have the same size.")
    weighted = (x - y).pow(2) * weight
    if reduction == "none":
        return weighted
    if reduction == "sum":
        return weighted.sum()
    if reduction == "mean":
        return weighted.sum() / weight.sum()
    raise ValueError(f"Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', "
                     "'sum'.")


def _mse_operands(input, target):
    """Both operands in their common dtype, which must be floating (torch's kernel has no
    integer or bool version)."""
    from .._ops._util import result_dtype
    from .._dtype import from_numpy_dtype
    common = from_numpy_dtype(result_dtype(input, target))
    if not common.is_floating_point:
        raise NotImplementedError(f"\"mse_cpu\" not implemented for '{common._legacy[:-6]}'")
    return (input if input.dtype is common else input.to(common),
            target if target.dtype is common else target.to(common))


def _broadcast_check(a, b):
    sa, sb = tuple(a.shape), tuple(b.shape)
    n = max(len(sa), len(sb))
    pa, pb = (1,) * (n - len(sa)) + sa, (1,) * (n - len(sb)) + sb
    for i in range(n - 1, -1, -1):
        if pa[i] != pb[i] and pa[i] != 1 and pb[i] != 1:
            raise RuntimeError(f"The size of tensor a ({pa[i]}) must match the size of tensor b "
                               f"({pb[i]}) at non-singleton dimension {i}")
