"""nll_loss and cross_entropy (torch.nn.functional), re-exported by minigrad.nn.functional.

Both follow torch's two steps: the Python function maps the deprecated size_average / reduce
pair and the ``reduction`` string to torch's integer code, then torch's C function
(``nll_loss_nd``, ``cross_entropy_loss``) parses the arguments and checks them in its
order. The graphs are torch's: ``NllLossBackward0`` (``NllLoss2DBackward0`` for images) over
``LogSoftmaxBackward0``; with ``label_smoothing`` the smoothing term is built from ordinary
ops (``MaskedFillBackward0``, ``DivBackward0``...) and mixed in with ``MulBackward1`` and
``AddBackward0``, as torch's C++ builds it.
"""

import operator

import numpy as np

from .._compat._argparse import Parser, is_double, is_long
from .._tensor import Tensor
from ..autograd.graph import begin, output
from ..autograd.grad_mode import state as _grad_state
from ._functional_softmax import log_softmax
from ._nodes import (DivBackward1, MaskedFillBackward0, MulBackward1, NllLoss2DBackward0,
                     NllLossBackward0)
from ._reduction import get_enum, legacy_get_string
from ._scalar_names import scalar_name as _sname

__all__ = ["nll_loss", "cross_entropy"]

_NAMES = ("none", "mean", "sum")
_NLL_ND = Parser("nll_loss_nd", "(Tensor input, Tensor target, Tensor? weight = None, "
                 "int reduction = 1, int ignore_index = -100)")
_CROSS_ENTROPY = Parser("cross_entropy_loss", "(Tensor input, Tensor target, Tensor? weight = "
                        "None, int reduction = 1, int ignore_index = -100, "
                        "float label_smoothing = 0.0)")


def _shape(t):
    return "[" + ", ".join(str(s) for s in t.shape) + "]"


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    """Negative log-likelihood of class indices ``target`` under log-probabilities ``input``
    of shape (C,), (N, C) or (N, C, d1, ...); ``weight`` (C,) scales each class's terms and
    'mean' divides by the sum of the weights picked. NllLossBackward0 / NllLoss2DBackward0."""
    if size_average is not None or reduce is not None:
        reduction = legacy_get_string(size_average, reduce)
    code = get_enum(reduction)
    if not (isinstance(input, Tensor) and isinstance(target, Tensor) and
            (weight is None or isinstance(weight, Tensor)) and is_long(ignore_index)):
        err = _NLL_ND.error({}, [input, target, weight, code, ignore_index], {})
        if err is not None:
            raise err
    return _nll_loss_nd(input, target, weight, code, operator.index(ignore_index))


def _nll_loss_nd(input, target, weight, code, ignore_index):
    """torch's nll_loss_nd: its checks, in its order, then the node."""
    nd = input._data.ndim
    if nd < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {nd})")
    if nd >= 2 and input.shape[0] != (target.shape[0] if target._data.ndim else -1):
        raise ValueError(f"Expected input batch_size ({input.shape[0]}) to match target "
                         f"batch_size ({target.shape[0] if target._data.ndim else 1}).")
    if (nd == 3 or nd > 4) and tuple(target.shape[1:]) != tuple(input.shape[2:]):
        expected = [input.shape[0]] + list(input.shape[2:])
        raise RuntimeError(f"Expected target size {expected}, got {list(target.shape)}")
    if weight is not None and weight.requires_grad and _grad_state.enabled:
        op = "nll_loss2d_forward" if nd > 2 else "nll_loss_forward"
        raise RuntimeError(f"The function '{op}' is not differentiable with respect to "
                           "argument 'weight'. This input cannot have requires_grad True.")
    if nd <= 2 and target._data.ndim > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if nd == 4 and target._data.ndim != 3:
        raise RuntimeError("only batches of spatial targets supported (3D tensors) but got "
                           f"targets of dimension: {target._data.ndim}")
    tdt = target._data.dtype
    if tdt != np.int64 and tdt != np.uint8:
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got {_sname(target)}")
    if nd == 1 and target._data.ndim == 1 and target.shape[0] != 1:
        raise ValueError(f"For 1D input, 1D target must have size 1, but got target size: "
                         f"{target.shape[0]}")
    if weight is not None:
        classes = input.shape[1] if nd > 1 else input.shape[0]
        if nd > 2 and weight._data.size != classes:
            raise RuntimeError("weight tensor should be defined either for all or no classes")
        if nd <= 2 and (weight._data.ndim != 1 or weight._data.size != classes):
            raise RuntimeError(f"weight tensor should be defined either for all {classes} "
                               f"classes or no classes but got weight tensor of shape: "
                               f"{_shape(weight)}")
        if weight._data.dtype != input._data.dtype:
            raise RuntimeError(f"expected scalar type {_sname(input)} but found "
                               f"{_sname(weight)}")
    if nd == 4 and tuple(target.shape) != tuple(input.shape[:1] + input.shape[2:]):
        raise RuntimeError(f"size mismatch (got input: {_shape(input)} , target: "
                           f"{_shape(target)}")
    reduction = _NAMES[code]
    if nd == 3 or nd > 4:  # torch views these as 4-D: (N, C, d1, rest)
        n, c, d1 = input.shape[:3]
        out = _nll_loss_nd(input.view(n, c, d1, -1), target.view(n, d1, -1), weight, code,
                           ignore_index)
        return out if reduction != "none" else out.view(*target.shape)
    cls = NllLoss2DBackward0 if nd == 4 else NllLossBackward0
    node = begin(cls, (input,))         # target and weight get no edge: not differentiable
    out = node.forward(input, target, weight, reduction, ignore_index)
    if nd == 1 and reduction == "none":     # one sample: torch returns a 0-d loss
        out = out.reshape(())
    return output(node, out, (input,))


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100,
                  reduce=None, reduction="mean", label_smoothing=0.0):
    """log_softmax over the class dim (1, or 0 for unbatched input) followed by nll_loss;
    a ``target`` of the input's shape holds class probabilities instead of indices.
    ``weight`` (C,) scales each class; ``label_smoothing`` in [0, 1] mixes the target with
    the uniform distribution over the classes."""
    if size_average is not None or reduce is not None:
        reduction = legacy_get_string(size_average, reduce)
    code = get_enum(reduction)
    if not (isinstance(input, Tensor) and isinstance(target, Tensor) and
            (weight is None or isinstance(weight, Tensor)) and is_long(ignore_index) and
            is_double(label_smoothing)):
        err = _CROSS_ENTROPY.error({}, [input, target, weight, code, ignore_index,
                                        label_smoothing], {})
        if err is not None:
            raise err
    ignore_index = operator.index(ignore_index)
    smoothing = float(label_smoothing)
    if tuple(input.shape) == tuple(target.shape):  # torch's rule: probabilities
        if not target.dtype.is_floating_point:
            raise RuntimeError("Expected floating point type for target with class "
                               f"probabilities, got {_sname(target)}")
        if ignore_index >= 0:
            raise RuntimeError("ignore_index is not supported for floating point target")
        return _cross_entropy_probabilities(input, target, weight, code, smoothing)
    class_dim = 0 if input._data.ndim == 1 else 1
    if smoothing > 0.0:
        _check_smoothing(smoothing)
        return _cross_entropy_smoothed(input, target, weight, code, ignore_index, smoothing)
    return _nll_loss_nd(log_softmax(input, class_dim), target, weight, code, ignore_index)


def _check_smoothing(smoothing):
    if smoothing > 1.0:
        raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {smoothing:g}")


def _class_weight_view(weight, ndim, class_dim):
    """The (C,) weight shaped to broadcast along the class dim of an ndim-D input."""
    shape = [1] * ndim
    shape[class_dim] = weight.shape[0]
    return weight.view(*shape)


def _cross_entropy_probabilities(input, target, weight, code, smoothing):
    """-(log_softmax(input) * target [* weight]) summed over the classes; 'mean' divides by
    the number of samples (DivBackward1), as torch."""
    if input._data.ndim == 0:       # torch asks for the size of dim 1 first
        raise IndexError("Dimension specified as 1 but tensor has no dimensions")
    class_dim = 0 if input._data.ndim == 1 else 1
    classes = input.shape[class_dim]
    if weight is not None and (weight._data.ndim != 1 or weight._data.size != classes):
        raise RuntimeError(f"cross_entropy: weight tensor should be defined either for all "
                           f"{classes} classes or no classes but got weight tensor of shape: "
                           f"{_shape(weight)}")
    logp = log_softmax(input, class_dim)
    if smoothing > 0.0:
        _check_smoothing(smoothing)
        target = target * (1 - smoothing) + (smoothing / classes)
    products = logp * target
    if weight is not None:
        if input._data.ndim > 1:
            weight = _class_weight_view(weight, input._data.ndim, 1)
        products = products * weight
    if code == 0:
        return -products.sum(class_dim)
    total = -products.sum()
    if code == 2:
        return total
    if not input._data.size:
        return total.fill_(float("nan"))
    return DivBackward1.apply((total,), input._data.size // classes)


def _cross_entropy_smoothed(input, target, weight, code, ignore_index, smoothing):
    """torch's label smoothing for class indices: (1 - s) * nll + s / C * the mean (or sum)
    of -sum_c(log p_c [* w_c]) over the samples not ignored."""
    class_dim = 0 if input._data.ndim == 1 else 1
    logp = log_softmax(input, class_dim)
    nll = _nll_loss_nd(logp, target, weight, code, ignore_index)
    classes = logp.shape[class_dim]
    ignored = target._data == ignore_index
    if weight is not None:
        smooth = -(logp * _class_weight_view(weight, logp._data.ndim, class_dim)).sum(class_dim)
    else:
        smooth = -logp.sum(class_dim)
    smooth = MaskedFillBackward0.apply((smooth,), ignored, 0.0)
    if code == 1:
        if weight is not None:
            picked = weight._data[target._data[~ignored].reshape(-1)]
            count = Tensor._make(np.asarray(picked.sum(), weight._data.dtype), False, None)
        else:
            count = Tensor._make(np.asarray((~ignored).sum(), np.int64), False, None)
        smooth = smooth.sum() / count
    elif code == 2:
        smooth = smooth.sum()
    return (MulBackward1.apply((nll,), 1 - smoothing) +
            MulBackward1.apply((smooth,), smoothing / classes))
