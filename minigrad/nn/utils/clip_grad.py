"""Gradient clipping (torch.nn.utils.clip_grad_norm_ and clip_grad_value_).

Both edit the ``.grad`` tensors in place, after ``backward()`` and before
``optimizer.step()``, under ``no_grad``.
"""

import math

import numpy as np

from ...autograd.grad_mode import no_grad

__all__ = ["clip_grad_norm_", "clip_grad_value_"]


def _as_list(parameters):
    from ..._tensor import Tensor
    if isinstance(parameters, Tensor):
        return [parameters]
    return list(parameters)


def _vector_norm(arrays, norm_type):
    """The norm of all arrays taken together, computed in float64."""
    if math.isinf(norm_type):
        return max(float(np.abs(a).max()) if a.size else 0.0 for a in arrays)
    if norm_type == 0:
        return float(sum(np.count_nonzero(a) for a in arrays))
    total = sum(float((np.abs(a.astype(np.float64)) ** norm_type).sum()) for a in arrays)
    return total ** (1.0 / norm_type)


@no_grad()
def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False,
                    foreach=None):
    """Scale the gradients so that their total norm (all of them as one vector) is at most
    ``max_norm``; gradients already small enough are left as they are (factor 1).

    Returns the total norm before clipping, as a 0-d tensor. ``error_if_nonfinite=True``
    raises instead of scaling by a nan or inf norm."""
    from ..._tensor import Tensor
    params = _as_list(parameters)
    max_norm, norm_type = float(max_norm), float(norm_type)
    grads = [p.grad for p in params if p.grad is not None]
    if not grads:
        return Tensor._make(np.asarray(0.0, np.float32), False, None)
    dtype = np.result_type(*[g._data.dtype for g in grads])
    total = np.asarray(_vector_norm([g._data for g in grads], norm_type), dtype)
    if error_if_nonfinite and not np.isfinite(total):
        raise RuntimeError(
            f"The total norm of order {norm_type} for gradients from `parameters` is "
            "non-finite, so it cannot be clipped. To disable this error and scale the "
            "gradients by the non-finite norm anyway, set `error_if_nonfinite=False`")
    coef = np.asarray(max_norm, dtype) / (total + np.asarray(1e-6, dtype))
    coef = Tensor._make(np.minimum(coef, np.asarray(1.0, dtype)).astype(dtype), False, None)
    for g in grads:
        g.mul_(coef)
    return Tensor._make(total, False, None)


@no_grad()
def clip_grad_value_(parameters, clip_value, foreach=None):
    """Clamp every gradient element into [-clip_value, clip_value], in place."""
    clip_value = float(clip_value)
    for p in _as_list(parameters):
        if p.grad is not None:
            p.grad.clamp_(min=-clip_value)      # two in-place steps, as torch does
            p.grad.clamp_(max=clip_value)
