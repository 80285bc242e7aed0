"""Functional forms of the layers and losses (torch.nn.functional).

Each function checks its arguments the way torch does (same messages), then records the
same graph torch records: ``linear`` on a 2-D input with a bias is one ``AddmmBackward0``
over ``(bias, input, weight.t())``, ``cross_entropy`` is ``NllLossBackward0`` on top of
``LogSoftmaxBackward0``, and so on, so ``grad_fn`` names and ``next_functions`` match.
"""

import operator
import warnings

import numpy as np

from .._compat._argparse import Parser
from .._dtype import dtype as _dtype
from .._compat.messages import cname as _cname
from .._tensor import Tensor
from ..autograd.graph import begin, output
from .._ops.views import UnsafeViewBackward0
from .._ops.unary import relu_
from ._functional_losses import binary_cross_entropy
from ._functional_training import batch_norm, binary_cross_entropy_with_logits, dropout
from ._functional_conv import conv2d
from ._nodes import (_REDUCTIONS, AddmmBackward0, DivBackward1, LogSoftmaxBackward0,
                     MseLossBackward0, NllLoss2DBackward0, NllLossBackward0, SoftmaxBackward0)
from ._scalar_names import scalar_name as _sname
from .._compat._argparse_calls import with_binding_errors as _with_binding_errors

# torch binds these two in C: a call Python cannot bind raises torch's parser error (a
# convolution costs far more than the wrapper)
conv2d = _with_binding_errors(conv2d, "conv2d")
relu_ = _with_binding_errors(relu_, "relu_")

__all__ = ["linear", "conv2d", "relu", "sigmoid", "tanh", "softmax", "log_softmax",
           "mse_loss", "nll_loss", "cross_entropy", "dropout", "batch_norm",
           "binary_cross_entropy_with_logits", "binary_cross_entropy", "relu_"]

def _wrap_dim(dim, ndim):
    """Normalise a possibly negative dim (0-d tensors accept -1 and 0), torch's message."""
    n = max(ndim, 1)
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], "
                         f"but got {dim})")
    return dim % n


# ----------------------------------------------------------------------------------------------
# linear
# ----------------------------------------------------------------------------------------------

def linear(input, weight, bias=None):
    """y = input @ weight.T + bias, for input of shape (*, in_features).

    Recorded as torch does: AddmmBackward0 (2-D input with bias), MmBackward0 (2-D, no bias),
    with ViewBackward0 / UnsafeViewBackward0 / SqueezeBackward4 around it for other ranks.
    """
    if (input.__class__ is not Tensor and not isinstance(input, Tensor)) or \
            (weight.__class__ is not Tensor and not isinstance(weight, Tensor)) or \
            not (bias is None or isinstance(bias, Tensor)):
        raise Parser("linear", "(Tensor input, Tensor weight, Tensor bias = None)").error(
            {}, [input, weight] + ([] if bias is None else [bias]), {})
    xd, wd = input._data.ndim, weight._data.ndim
    if xd == 0 or wd == 0:
        raise RuntimeError(f"both arguments to linear need to be at least 1D, but they are "
                           f"{xd}D and {wd}D")
    if wd == 1 and bias is not None:    # (torch's addmv path wants a matrix)
        raise RuntimeError("mat2 must be a matrix, got 1-D tensor")
    in_f = input.shape[-1]
    if wd == 2 and in_f != weight.shape[1]:
        rows = int(np.prod(input.shape[:-1], dtype=np.int64))
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({rows}x{in_f} and "
                           f"{weight.shape[1]}x{weight.shape[0]})")
    _check_linear_dtypes(input, weight, bias)
    wt = weight.t()
    if bias is not None and (xd == 2 or xd == 1 or input.is_contiguous()):
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
# activations and softmax
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


def _softmax_dim(name, ndim):
    warnings.warn(f"Implicit dimension choice for {name} has been deprecated. Change the call "
                  "to include dim=X as an argument.", UserWarning, stacklevel=4)
    return 0 if ndim in (0, 1, 3) else 1


def _softmax_like(cls, input, dim, dtype, name):
    if not isinstance(input, Tensor):       # torch's Python function reads input.dim() or
        raise AttributeError(f"'{type(input).__name__}' object has no attribute "   # calls
                             f"'{'dim' if dim is None else name}'")     # input.softmax(dim)
    if dim is None:
        dim = _softmax_dim(name, input._data.ndim)
    if dim.__class__ is not int or not (dtype is None or dtype.__class__ is _dtype):
        # torch's Python function calls input.softmax(dim, dtype=dtype)
        err = Parser(name, "(int dim, torch.dtype? dtype = None)").error(
            {}, [dim], {} if dtype is None else {"dtype": dtype})
        if err is not None:
            raise err
        dim = operator.index(dim)
    if dtype is not None:
        input = input.to(dtype)
    d = _wrap_dim(dim, input._data.ndim)
    if input._data.dtype.kind != "f":
        kernel_name = "lastdim_kernel_impl" if d == max(input._data.ndim - 1, 0) else "kernel_impl"
        raise NotImplementedError(f"\"{name}_{kernel_name}\" not implemented for "
                                  f"'{_sname(input)}'")
    return cls.apply((input,), dim, d)


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    """exp(x) / sum(exp(x)) along ``dim`` (SoftmaxBackward0, saves its output)."""
    return _softmax_like(SoftmaxBackward0, input, dim, dtype, "softmax")


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    """log(softmax(x)) along ``dim``, computed stably (LogSoftmaxBackward0)."""
    return _softmax_like(LogSoftmaxBackward0, input, dim, dtype, "log_softmax")


def torch_softmax(input, dim, dtype=None):
    """torch.softmax and Tensor.softmax: torch binds them in C, where ``dim`` is required and
    checked by its parser (F.softmax, torch's Python function, guesses a missing one)."""
    if dim.__class__ is not int or not (dtype is None or dtype.__class__ is _dtype) or \
            not isinstance(input, Tensor):
        _check_softmax_args("softmax", input, dim, dtype)
    return _softmax_like(SoftmaxBackward0, input, operator.index(dim), dtype, "softmax")


def torch_log_softmax(input, dim, dtype=None):
    """torch.log_softmax and Tensor.log_softmax (``dim`` required, see torch_softmax)."""
    if dim.__class__ is not int or not (dtype is None or dtype.__class__ is _dtype) or \
            not isinstance(input, Tensor):
        _check_softmax_args("log_softmax", input, dim, dtype)
    return _softmax_like(LogSoftmaxBackward0, input, operator.index(dim), dtype, "log_softmax")


def _check_softmax_args(name, input, dim, dtype):
    from .._compat._argparse_calls import check_args
    check_args(name, ("(int dim, torch.dtype? dtype = None)",), input,
               {"dim": dim, "dtype": dtype})


# ----------------------------------------------------------------------------------------------
# losses
# ----------------------------------------------------------------------------------------------

def _check_reduction(reduction):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """Mean (or sum, or elementwise with 'none') squared error (MseLossBackward0)."""
    if size_average is not None or reduce is not None or weight is not None:
        raise NotImplementedError("minigrad: mse_loss supports only the reduction argument")
    if not (target.size() == input.size()):     # (torch's own test: non-tensors fail here)
        warnings.warn(f"Using a target size ({target.shape}) that is different to the input "
                      f"size ({input.shape}). This will likely lead to incorrect results due "
                      "to broadcasting. Please ensure they have the same size.", stacklevel=2)
    _check_reduction(reduction)
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
    return MseLossBackward0.apply((input, target), reduction)


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


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    """Negative log-likelihood of class indices ``target`` under log-probabilities ``input``
    of shape (C,), (N, C) or (N, C, d1, ...). NllLossBackward0 / NllLoss2DBackward0."""
    if weight is not None or size_average is not None or reduce is not None:
        raise NotImplementedError("minigrad: nll_loss supports reduction and ignore_index only")
    _check_reduction(reduction)
    if (input.__class__ is not Tensor and not isinstance(input, Tensor)) or \
            (target.__class__ is not Tensor and not isinstance(target, Tensor)):
        raise Parser("nll_loss_nd", "(Tensor input, Tensor target, Tensor weight = None, "
                     "int reduction = 1, int ignore_index = -100)").error(
            {}, [input, target, weight, 1, ignore_index], {})
    nd = input._data.ndim
    tdt = target._data.dtype
    if nd < 1:                          # torch's checks, in torch's order
        raise ValueError(f"Expected 1 or more dimensions (got {nd})")
    if nd >= 2 and input.shape[0] != (target.shape[0] if target._data.ndim else -1):
        raise ValueError(f"Expected input batch_size ({input.shape[0]}) to match target "
                         f"batch_size ({target.shape[0] if target._data.ndim else 1}).")
    if nd <= 2 and target._data.ndim > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if tdt != np.int64 and tdt != np.uint8:
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got {_sname(target)}")
    if nd == 1 and target._data.ndim == 1 and target.shape[0] != 1:
        raise ValueError(f"For 1D input, 1D target must have size 1, but got target size: "
                         f"{target.shape[0]}")
    if nd > 2 and tuple(target.shape[1:]) != tuple(input.shape[2:]):
        expected = [input.shape[0]] + list(input.shape[2:])
        raise RuntimeError(f"Expected target size {expected}, got {list(target.shape)}")
    if nd == 3 or nd > 4:  # torch views these as 4-D: (N, C, d1, rest)
        n, c, d1 = input.shape[:3]
        out = nll_loss(input.view(n, c, d1, -1), target.view(n, d1, -1),
                       ignore_index=ignore_index, reduction=reduction)
        return out if reduction != "none" else out.view(*target.shape)
    cls = NllLoss2DBackward0 if nd == 4 else NllLossBackward0
    node = begin(cls, (input,))         # the target gets no edge: it is not differentiable
    return output(node, node.forward(input, target, reduction, ignore_index), (input,))


def _cross_entropy_probabilities(input, target, weight, ignore_index, reduction, class_dim):
    """Cross entropy against class probabilities: -(log_softmax(input) * target) summed over
    the classes; 'mean' divides by the number of samples (DivBackward1), as torch."""
    if not target.dtype.is_floating_point:
        raise RuntimeError("Expected floating point type for target with class probabilities, "
                           f"got {_sname(target)}")
    if ignore_index >= 0:
        raise RuntimeError("ignore_index is not supported for floating point target")
    if weight is not None:
        raise NotImplementedError("minigrad: cross_entropy with class probabilities does not "
                                  "support weight")
    products = log_softmax(input, class_dim) * target
    if reduction == "none":
        return -products.sum(class_dim)
    total = -products.sum()
    if reduction == "sum":
        return total
    if not input._data.size:
        return total.fill_(float("nan"))
    return DivBackward1.apply((total,), input._data.size // input.shape[class_dim])


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100,
                  reduce=None, reduction="mean", label_smoothing=0.0):
    """log_softmax over the class dim (1, or 0 for unbatched input) followed by nll_loss."""
    if (input.__class__ is not Tensor and not isinstance(input, Tensor)) or \
            (target.__class__ is not Tensor and not isinstance(target, Tensor)):
        _check_reduction(reduction)
        # torch's Python function passes everything on positionally, reduction as an int
        raise Parser("cross_entropy_loss", "(Tensor input, Tensor target, Tensor weight = None, "
                     "int reduction = 1, int ignore_index = -100, "
                     "float label_smoothing = 0.0)").error(
            {}, [input, target, weight, 1, ignore_index, label_smoothing], {})
    if label_smoothing != 0.0:
        raise NotImplementedError("minigrad: cross_entropy does not support label_smoothing")
    _check_reduction(reduction)
    class_dim = 0 if input._data.ndim == 1 else 1
    if target.shape == input.shape:     # torch's rule: the same shape means probabilities
        return _cross_entropy_probabilities(input, target, weight, ignore_index, reduction,
                                            class_dim)
    return nll_loss(log_softmax(input, class_dim), target, weight, size_average, ignore_index,
                    reduce, reduction)
