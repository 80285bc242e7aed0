"""Batch normalization (torch.nn.BatchNorm1d, BatchNorm2d, BatchNorm3d): one class body,
the variants differ only in the input dims they accept."""

import minigrad

import minigrad.nn.functional as F
import minigrad.nn.init as init
from ..parameter import Parameter
from .module import Module

__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d"]


class _BatchNorm(Module):
    """Normalize each of ``num_features`` channels to mean 0 and variance 1, then scale by
    ``weight`` and shift by ``bias``.

    Training mode uses the batch's statistics and updates the buffers ``running_mean`` and
    ``running_var`` (and counts ``num_batches_tracked``), even under ``no_grad``. Eval mode
    uses the running buffers, so one sample is normalized the same way whatever batch it
    comes in. ``momentum=None`` makes the running statistics a plain average over batches.
    """

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True,
                 track_running_stats=True, device=None, dtype=None, *, bias=True):
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        if affine:
            self.weight = Parameter(minigrad.empty(num_features, dtype=dtype))
            if bias:
                self.bias = Parameter(minigrad.empty(num_features, dtype=dtype))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        if track_running_stats:
            self.register_buffer("running_mean", minigrad.zeros(num_features, dtype=dtype))
            self.register_buffer("running_var", minigrad.ones(num_features, dtype=dtype))
            self.register_buffer("num_batches_tracked", minigrad.tensor(0, dtype=minigrad.long))
        else:
            self.register_buffer("running_mean", None)
            self.register_buffer("running_var", None)
            self.register_buffer("num_batches_tracked", None)
        self.reset_parameters()

    def reset_running_stats(self):
        """Running mean 0, running variance 1, no batches seen."""
        if self.track_running_stats:
            self.running_mean.zero_()
            self.running_var.fill_(1)
            self.num_batches_tracked.zero_()

    def reset_parameters(self):
        """Running statistics reset; weight 1 and bias 0."""
        self.reset_running_stats()
        if self.affine:
            init.ones_(self.weight)
            if self.bias is not None:
                init.zeros_(self.bias)

    def _check_input_dim(self, input):
        raise NotImplementedError

    def forward(self, input):
        self._check_input_dim(input)
        factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats and self.num_batches_tracked is not None:
            self.num_batches_tracked.add_(1)
            factor = (1.0 / float(self.num_batches_tracked) if self.momentum is None
                      else self.momentum)
        use_batch = self.training or (self.running_mean is None and self.running_var is None)
        keep = not self.training or self.track_running_stats
        return F.batch_norm(input, self.running_mean if keep else None,
                            self.running_var if keep else None, self.weight, self.bias,
                            use_batch, factor, self.eps)

    def extra_repr(self):
        return (f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, "
                f"affine={self.affine}, bias={self.bias is not None}, "
                f"track_running_stats={self.track_running_stats}")


class BatchNorm1d(_BatchNorm):
    """Batch normalization of (N, C) or (N, C, L) inputs, per channel C (see _BatchNorm)."""

    def _check_input_dim(self, input):
        if input.dim() not in (2, 3):
            raise ValueError(f"expected 2D or 3D input (got {input.dim()}D input)")


class BatchNorm2d(_BatchNorm):
    """Batch normalization of (N, C, H, W) images, per channel C over N, H and W (see
    _BatchNorm); the grad_fn of its output is NativeBatchNormBackward0."""

    def _check_input_dim(self, input):
        if input.dim() != 4:
            raise ValueError(f"expected 4D input (got {input.dim()}D input)")


class BatchNorm3d(_BatchNorm):
    """Batch normalization of (N, C, D, H, W) volumes, per channel C (see _BatchNorm)."""

    def _check_input_dim(self, input):
        if input.dim() != 5:
            raise ValueError(f"expected 5D input (got {input.dim()}D input)")
