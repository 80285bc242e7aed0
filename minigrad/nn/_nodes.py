"""Autograd nodes of minigrad.nn.functional, named after torch's grad_fn classes.

Each node pairs its ``forward`` (tensors in, NumPy out; it says what it saves) with its
``backward``, in the op protocol of minigrad.autograd.graph (``Cls.apply(inputs, *options)``).
Options that are not tensors (dims, strides, reduction) are plain slots, listed in
``_options`` so that ``grad_fn._saved_<option>`` shows them as torch does.

Backward formulas receive NumPy arrays, or Tensors under ``create_graph=True``, and are
written once over the array-or-Tensor shim (minigrad/_either.py), so double backward works
through addmm, softmax, log_softmax, mse_loss and nll_loss; convolution's backward is a
NumPy kernel only, and refuses a graph of the backward.
"""

import numpy as np

from ..autograd.graph import Node
from ..autograd.saved import engine_state
from .._either import array, constant_like, exp, keep_dtype, sum_keepdim, t as _t
from .._ops._util import sum_to as _sum_to
import minigrad.nn._kernels as K
from minigrad._ops.power import MulBackward1

__all__ = [
    "AddmmBackward0", "ConstantPadNdBackward0", "ConvolutionBackward0", "SoftmaxBackward0",
    "LogSoftmaxBackward0", "MseLossBackward0", "NllLossBackward0", "NllLoss2DBackward0",
    "DivBackward1", "MulBackward1", "MaskedFillBackward0",
]

_REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}   # torch's enum, shown as _saved_reduction


def refuse_graph_of_backward(op, node_name):
    """For a formula written for arrays only: refuse to build a graph of the backward."""
    if engine_state.create_graph:
        raise NotImplementedError(f"minigrad: double backward through {op} is not supported "
                                  f"(create_graph=True reached {node_name})")


def _as_const(arr):
    """Wrap an ndarray as a constant Tensor (for create_graph formulas)."""
    from .._tensor import Tensor
    return Tensor._make(arr, False, None)


class AddmmBackward0(Node):
    """out = bias + mat1 @ mat2 (what linear runs on 2-D input with a bias)."""

    __slots__ = ("s_mat1", "s_mat2", "bias_shape", "alpha", "beta")
    _options = ("alpha", "beta")

    def forward(self, bias, mat1, mat2):
        _, need1, need2 = self.needs_input_grad
        self.bias_shape = bias._data.shape
        self.alpha = self.beta = 1
        # each matrix is needed only for the other one's gradient
        self.save(mat1=mat1 if need2 else None, mat2=mat2 if need1 else None)
        out = mat1._data @ mat2._data
        out += bias._data          # fresh array from matmul: safe to add in place
        return out

    def backward(self, grad):
        need0, need1, need2 = self.needs_input_grad
        g0 = _sum_to(grad, self.bias_shape) if need0 else None
        g1 = grad @ _t(self.s_mat2.unpack(self)) if need1 else None
        g2 = _t(self.s_mat1.unpack(self)) @ grad if need2 else None
        return g0, g1, g2


class ConvolutionBackward0(Node):
    """2-D convolution of (input, weight, bias); options are set by functional.conv2d.

    Like torch it saves input and weight whatever needs a gradient, and checks both for
    in-place edits at backward.
    """

    __slots__ = ("s_input", "s_weight", "stride", "padding", "dilation", "groups",
                 "transposed", "output_padding", "bias_sym_sizes_opt", "pads")
    _options = ("stride", "padding", "dilation", "groups", "transposed", "output_padding",
                "bias_sym_sizes_opt")

    def forward(self, input, weight, bias, stride, padding, dilation, groups):
        self.save(input=input, weight=weight)
        self.stride, self.dilation, self.groups, self.pads = stride, dilation, groups, padding
        # torch shows the symmetric padding; "same" with an odd total shows the smaller side
        self.padding = tuple(p[0] if isinstance(p, tuple) else p for p in padding)
        self.transposed, self.output_padding = False, (0, 0)
        self.bias_sym_sizes_opt = (0,) if bias is None else tuple(bias.shape)   # as torch
        return K.conv2d_forward(input._data, weight._data, None if bias is None else bias._data,
                                stride, padding, dilation, groups)

    def backward(self, grad):
        x = self.s_input.unpack(self)
        w = self.s_weight.unpack(self)
        refuse_graph_of_backward("conv2d", "ConvolutionBackward0")
        need_x, need_w, need_b = self.needs_input_grad
        return K.conv2d_backward(grad, x, w, self.stride, self.pads, self.dilation,
                                 self.groups, need=(need_x, need_w, need_b))


class ConstantPadNdBackward0(Node):
    """Zero padding of the last two dims (used by conv2d's padding="same" for the odd pixel)."""

    __slots__ = ("pad",)
    _options = ("pad",)

    def forward(self, x, pad):
        self.pad = pad
        left, right, top, bottom = pad
        return np.pad(x._data, [(0, 0)] * (x._data.ndim - 2) + [(top, bottom), (left, right)])

    def backward(self, grad):
        left, right, top, bottom = self.pad
        h, w = grad.shape[-2:]
        return (grad[..., top:h - bottom, left:w - right],)


class _SoftmaxBase(Node):
    __slots__ = ("shown_dim", "dim", "s_result")
    kernel = None

    def forward(self, x, dim, wrapped):
        self.dim = wrapped
        self.shown_dim = int(dim) % (1 << 64)    # torch shows a negative dim as an unsigned int64
        out = self.kernel(x._data, wrapped)
        return out

    @property
    def _saved_dim(self):
        return self.shown_dim


class SoftmaxBackward0(_SoftmaxBase):
    """y = softmax(x, dim); saves its output: dx = y * (g - sum(g * y))."""

    __slots__ = ()
    kernel = staticmethod(K.softmax)

    def backward(self, grad):
        y = self.s_result.unpack(self)
        return (y * (grad - sum_keepdim(grad * y, self.dim)),)


class LogSoftmaxBackward0(_SoftmaxBase):
    """y = log_softmax(x, dim); saves its output: dx = g - exp(y) * sum(g)."""

    __slots__ = ()
    kernel = staticmethod(K.log_softmax)

    def backward(self, grad):
        y = self.s_result.unpack(self)
        return (grad - exp(y) * sum_keepdim(grad, self.dim),)


class MseLossBackward0(Node):
    """mean/sum/none of (input - target)^2; saves both inputs."""

    __slots__ = ("s_self", "s_target", "reduction")
    _options = ("reduction",)

    def forward(self, x, target, reduction):
        self.save(self=x, target=target)
        self.reduction = _REDUCTIONS[reduction]
        with np.errstate(over="ignore", invalid="ignore"):  # huge values: inf, silently
            d = x._data - target._data
            sq = d * d
        if reduction == "none":
            return sq
        if reduction == "mean" and not sq.size:      # nan, without NumPy's warning
            return np.asarray(np.nan, dtype=sq.dtype)
        with np.errstate(over="ignore", invalid="ignore"):  # huge values: inf, silently
            return np.asarray(sq.mean() if reduction == "mean" else sq.sum(), dtype=sq.dtype)

    def backward(self, grad):
        x = self.s_self.unpack(self)
        t = self.s_target.unpack(self)
        d = x - t
        scale = 2.0
        if self.reduction == 1:
            scale = 2.0 / max(1, int(np.prod(d.shape)))
        g = d * (grad * scale)      # grad is 0-d for mean/sum: broadcasts
        need_x, need_t = self.needs_input_grad
        gx = _sum_to(g, x.shape) if need_x else None
        gt = -_sum_to(g, t.shape) if need_t else None
        # each array gradient in its input's dtype
        return (None if gx is None else keep_dtype(gx, x.dtype),
                None if gt is None else keep_dtype(gt, t.dtype))


class NllLossBackward0(Node):
    """Negative log-likelihood of class-index targets over log-probabilities (N, C) or (C),
    each picked term scaled by its class weight when a ``weight`` is given.

    functional.nll_loss computes the forward (``nll_forward``) and sets ``coef``: the
    constant array with -w[class]/total_weight (or -w[class]) at each picked (row, class),
    so that backward is just ``coef * grad`` broadcast over the class axis. Like torch it
    saves (and version-checks) the input, the target and the weight.
    """

    __slots__ = ("coef", "s_self", "s_target", "s_weight", "reduction", "ignore_index",
                 "total_weight")
    _options = ("reduction", "ignore_index", "total_weight")

    def forward(self, input, target, weight, reduction, ignore_index):
        x, t = input._data, target._data.astype(np.int64)
        if x.ndim == 4:   # class axis last, then one row per pixel
            rows = x.transpose(0, 2, 3, 1).reshape(-1, x.shape[1])
        else:
            rows = x.reshape(-1, x.shape[-1])
        w = None if weight is None else weight._data.reshape(-1)
        loss, coef, total = nll_forward(rows, t.reshape(-1), reduction, ignore_index, w)
        self.coef = coef.reshape(x.shape[0], x.shape[2], x.shape[3], -1) if x.ndim == 4 \
            else coef.reshape(x.shape)
        self.save(self=input, target=target, weight=weight)
        self.reduction = _REDUCTIONS[reduction]
        self.ignore_index = ignore_index % (1 << 64)
        self.total_weight = _as_const(np.asarray(total, x.dtype))
        return loss.reshape(t.shape) if reduction == "none" else loss

    def backward(self, grad):
        x = self.s_self.unpack(self)    # (the in-place checks: coef already has the values)
        self.s_target.unpack(self)
        if self.s_weight is not None:
            self.s_weight.unpack(self)
        if not isinstance(grad, np.ndarray):    # a graph of the backward: torch's node
            backward_node = NllLoss2DBackwardBackward0 if self.coef.ndim == 4 \
                else NllLossBackwardBackward0
            return (backward_node.apply((grad, x), self.coef, self.reduction),)
        return (_nll_grad(self.coef, grad, self.reduction),)


def _nll_grad(coef, grad, reduction):
    """The input's gradient: coef times grad, along the class axis (last in coef; moved to
    dim 1 for images, which coef holds channels-last)."""
    if reduction == 0:       # grad has the target's shape: add the class axis
        grad = grad.reshape(tuple(grad.shape) + (1,))
    out = coef * grad
    return out.transpose(0, 3, 1, 2) if coef.ndim == 4 else out


class NllLoss2DBackward0(NllLossBackward0):
    """nll_loss over (N, C, H, W) log-probabilities (class axis moved last internally)."""

    __slots__ = ()


class NllLossBackwardBackward0(Node):
    """The graph of nll_loss's backward (create_graph=True): linear in the incoming gradient
    (its gradient: the picked coefficients times gg), constant in the input (zeros)."""

    __slots__ = ("coef", "reduction", "grad_shape", "input_shape")

    def forward(self, grad, x, coef, reduction):
        self.coef, self.reduction = coef, reduction
        self.grad_shape, self.input_shape = grad._data.shape, x._data.shape
        return _nll_grad(coef, grad._data, reduction)

    def backward(self, gg):
        g = array(gg)
        if self.coef.ndim == 4:     # back to channels-last, as coef
            g = g.transpose(0, 2, 3, 1)
        # each row's picked term alone (a sum over the classes would turn -0 into 0)
        chosen = (self.coef != 0).argmax(axis=-1)[..., None]
        picked = np.take_along_axis(self.coef * g, chosen, axis=-1)[..., 0]
        picked[~(self.coef != 0).any(axis=-1)] = 0
        gg_grad = picked.reshape(self.grad_shape) if self.reduction == 0 else picked.sum()
        need_grad, need_x = self.needs_input_grad
        return (constant_like(np.asarray(gg_grad, g.dtype), gg) if need_grad else None,
                constant_like(np.zeros(self.input_shape, g.dtype), gg) if need_x else None)


class NllLoss2DBackwardBackward0(NllLossBackwardBackward0):
    """NllLossBackwardBackward0 of the image form (N, C, H, W)."""

    __slots__ = ()


def nll_forward(logp, target, reduction, ignore_index, weight=None):
    """Loss value, backward coefficients and total weight for class-index targets.

    ``logp``: (M, C) array, ``target``: (M,) int array, ``weight``: (C,) array or None.
    Returns (loss, coef, total_weight) with loss of shape (M,) for 'none' and () otherwise;
    coef has logp's shape; total_weight is 0 for 'none', as torch saves it.
    """
    m, c = logp.shape
    valid = target != ignore_index
    bad = valid & ((target < 0) | (target >= c))
    if bad.any():
        raise IndexError(f"Target {int(target[bad][0])} is out of bounds.")
    rows = np.nonzero(valid)[0]
    cols = target[valid]
    scale = np.ones(len(cols), logp.dtype) if weight is None else weight[cols]
    picked = np.zeros(m, dtype=logp.dtype)
    picked[rows] = -logp[rows, cols] * scale
    coef = np.zeros_like(logp)
    if reduction == "none":
        coef[rows, cols] = -scale
        return picked, coef, 0.0
    total = scale.sum(dtype=logp.dtype)
    if reduction == "sum":
        coef[rows, cols] = -scale
        return np.asarray(picked.sum(), dtype=logp.dtype), coef, total
    with np.errstate(invalid="ignore", divide="ignore"):   # nothing counted: 0/0 = nan, as torch
        loss = np.asarray(picked.sum() / total, dtype=logp.dtype)
        if len(rows):       # torch: weight * -(grad / total_weight)
            coef[rows, cols] = scale * -(logp.dtype.type(1) / total)
    return loss, coef, total


class DivBackward1(Node):
    """out = x / a number (torch's div by a Scalar, as inside cross_entropy with class
    probabilities: the sum divided by the batch size). Saves only the number."""
    __slots__ = ("other",)
    _options = ("other",)

    def forward(self, x, other):
        self.other = other
        return x._data / x._data.dtype.type(other)

    def backward(self, grad):
        return (grad / self.other,)


class MaskedFillBackward0(Node):
    """out = x with ``value`` where ``mask`` (an array) is True; the gradient is zero there."""
    __slots__ = ("mask",)

    def forward(self, x, mask, value):
        self.mask = mask
        out = x._data.copy()
        out[np.broadcast_to(mask, out.shape)] = value
        return out

    def backward(self, grad):
        if isinstance(grad, np.ndarray):
            return (np.where(self.mask, grad.dtype.type(0), grad),)
        from .._ops._where import where_op
        return (where_op(_as_const(np.asarray(self.mask)), 0.0, grad),)
