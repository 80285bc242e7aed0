"""The autograd node of batch normalization (torch's NativeBatchNormBackward0).

Kept in its own file: one node, its NumPy forward and its backward side by side, in the op
protocol of minigrad.autograd.graph (``forward`` says what it saves, ``backward`` beside it).
"""

import numpy as np

from .._tensor import Tensor
from ..autograd.graph import Node
from ._nodes import refuse_graph_of_backward

__all__ = ["NativeBatchNormBackward0", "batch_norm_stats"]


def _reduce_axes(x):
    """Every axis except the channel axis 1: (0,) for (N, C), (0, 2) for (N, C, L)."""
    return (0,) + tuple(range(2, x.ndim))


def _per_channel(v, ndim):
    """A (C,) array shaped to broadcast against (N, C, ...)."""
    return v.reshape((1, -1) + (1,) * (ndim - 2))


def batch_norm_stats(x):
    """Mean and biased variance over every axis but the channels, accumulated in float64
    (as torch's CPU kernel does) and returned in float64."""
    x64 = x.astype(np.float64)
    axes = _reduce_axes(x)
    mean = x64.mean(axis=axes)
    var = ((x64 - _per_channel(mean, x.ndim)) ** 2).mean(axis=axes)
    return mean, var


class NativeBatchNormBackward0(Node):
    """y = (x - mean) * invstd * weight + bias over (input, weight, bias).

    Training: mean and invstd come from the batch; they are saved as ``result1`` and
    ``result2``. Evaluation: the running statistics are used and result1/result2 are
    empty, as in torch. The running buffers are saved as tensors (torch shows their current
    values); their updates do not move a version counter, so they never make a graph stale.
    """

    __slots__ = ("s_input", "s_weight", "s_running_mean", "s_running_var", "s_result1",
                 "s_result2", "training", "eps")
    _options = ("training", "eps")

    def forward(self, x, weight, bias, running_mean, running_var, training, momentum, eps):
        """NumPy output; updates the running buffers in place when training (no bump)."""
        data = x._data
        if training:
            mean, var = batch_norm_stats(data)
            invstd = 1.0 / np.sqrt(var + eps)
            if running_mean is not None:
                n = data.size // data.shape[1]
                unbiased = var * n / max(n - 1, 1)
                rm, rv = running_mean._data, running_var._data
                # in the buffer's dtype, as torch's CPU kernel does
                f = rm.dtype.type
                rm[...] = f(momentum) * mean.astype(rm.dtype) + f(1 - momentum) * rm
                rv[...] = f(momentum) * unbiased.astype(rv.dtype) + f(1 - momentum) * rv
        else:
            mean = running_mean._data.astype(np.float64)
            invstd = 1.0 / np.sqrt(running_var._data.astype(np.float64) + eps)
        alpha = invstd if weight is None else invstd * weight._data
        beta = -mean * alpha if bias is None else bias._data - mean * alpha
        out = (data * _per_channel(alpha.astype(data.dtype), data.ndim)
               + _per_channel(beta.astype(data.dtype), data.ndim))
        # torch saves the batch statistics as result1/result2 (empty in evaluation mode);
        # they are the node's own tensors, so nobody can edit them in place
        empty = np.zeros(0, data.dtype)
        self.save(input=x, weight=weight, running_mean=running_mean, running_var=running_var)
        if not self._released:
            self.s_result1 = Tensor._make(mean.astype(data.dtype) if training else empty,
                                          False, None)
            self.s_result2 = Tensor._make(invstd.astype(data.dtype) if training else empty,
                                          False, None)
        self.training, self.eps = bool(training), eps
        return out

    def backward(self, grad):
        refuse_graph_of_backward("batch_norm", "NativeBatchNormBackward0")
        x = self.s_input.unpack(self)
        w = None if self.s_weight is None else self.s_weight.unpack(self)
        nd = x.ndim
        axes = _reduce_axes(x)
        if self.training:
            mean = self.s_result1._data.astype(np.float64)
            invstd = self.s_result2._data.astype(np.float64)
        else:
            mean = self.s_running_mean.unpack(self).astype(np.float64)
            invstd = 1.0 / np.sqrt(self.s_running_var.unpack(self).astype(np.float64)
                                   + self.eps)
        g = grad.astype(np.float64)
        xhat = (x - _per_channel(mean, nd)) * _per_channel(invstd, nd)
        grad_bias = g.sum(axis=axes)
        grad_weight = (g * xhat).sum(axis=axes)
        need_x, need_w, need_b = self.needs_input_grad
        gx = None
        if need_x:
            scale = invstd if w is None else invstd * w
            if self.training:
                n = x.size // x.shape[1]
                inner = (g - _per_channel(grad_bias / n, nd)
                         - xhat * _per_channel(grad_weight / n, nd))
            else:
                inner = g
            gx = (inner * _per_channel(scale, nd)).astype(x.dtype)
        return (gx,
                grad_weight.astype(x.dtype) if need_w else None,
                grad_bias.astype(x.dtype) if need_b else None)
