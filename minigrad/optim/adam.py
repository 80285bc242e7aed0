"""Adam (torch.optim.Adam), with torch's single-tensor update rule on the CPU."""

import numpy as np

from ..autograd.grad_mode import enable_grad, no_grad
from .optimizer import Optimizer, _is_tensor

__all__ = ["Adam"]


class Adam(Optimizer):
    """Adam: per-parameter step sizes from running averages of the gradient (exp_avg) and
    of its square (exp_avg_sq). For each parameter p with gradient g, at step t:

        g = -g if maximize;   g = g + weight_decay * p   (p *= 1 - lr * weight_decay if
                                                           decoupled_weight_decay)
        exp_avg    = lerp(exp_avg, g, 1 - beta1)
        exp_avg_sq = beta2 * exp_avg_sq + (1 - beta2) * g * g   (amsgrad: keep the max)
        p -= lr / (1 - beta1**t) * exp_avg / (sqrt(exp_avg_sq) / sqrt(1 - beta2**t) + eps)

    The arithmetic is done in the parameter's dtype in torch's order, so values match
    torch's to the last bit or two. Updates are in place (one version bump per step).
    """

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 amsgrad=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False, fused=None, decoupled_weight_decay=False):
        if _is_tensor(lr):
            if foreach and not capturable:
                raise ValueError("lr as a Tensor is not supported for capturable=False and "
                                 "foreach=True")
            if lr.numel() != 1:
                raise ValueError("Tensor lr must be 1-element")
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not ((isinstance(betas[0], float) and isinstance(betas[1], float)) or
                (_is_tensor(betas[0]) and _is_tensor(betas[1]))):
            raise ValueError("betas must be either both floats or both Tensors")
        for i, beta in enumerate(betas[:2]):
            if _is_tensor(beta):
                if not capturable and foreach:
                    raise ValueError(f"betas[{i}] as a Tensor is not supported for "
                                     "capturable=False and foreach=True")
                if beta.numel() != 1:
                    raise ValueError(f"Tensor betas[{i}] must be 1-element")
        betas = tuple(b.squeeze() if _is_tensor(b) and b.dim() != 0 else b for b in betas)
        if capturable or differentiable or fused:
            raise NotImplementedError("minigrad: Adam supports neither capturable, "
                                      "differentiable nor fused")
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                    "amsgrad": amsgrad, "maximize": maximize, "foreach": foreach,
                    "capturable": capturable, "differentiable": differentiable,
                    "fused": fused, "decoupled_weight_decay": decoupled_weight_decay}
        super().__init__(params, defaults)

    def _state_of(self, p, amsgrad):
        import minigrad
        state = self.state[p]
        if len(state) == 0:
            state["step"] = minigrad.tensor(0.0)
            state["exp_avg"] = minigrad.zeros_like(p)
            state["exp_avg_sq"] = minigrad.zeros_like(p)
            if amsgrad:
                state["max_exp_avg_sq"] = minigrad.zeros_like(p)
        return state

    @no_grad()
    def step(self, closure=None):
        """Update every parameter that has a gradient; returns closure() if given."""
        loss = None
        if closure is not None:
            with enable_grad():
                loss = closure()
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    self._update(p, group)
        return loss

    def _update(self, p, group):
        from .._tensor import Tensor
        beta1, beta2 = group["betas"]
        lr, wd, eps = group["lr"], group["weight_decay"], group["eps"]
        state = self._state_of(p, group["amsgrad"])
        dt = p._data.dtype
        f = dt.type                                 # scalars in the parameter's dtype

        def put(t, array):
            t.copy_(Tensor._make(np.asarray(array, dt), False, None))

        grad = -p.grad._data if group["maximize"] else p.grad._data
        state["step"].add_(1)
        step = state["step"].item()
        if wd != 0:
            if group["decoupled_weight_decay"]:
                put(p, p._data * f(1 - lr * wd))
            else:
                grad = grad + f(wd) * p._data
        exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
        w = f(1 - beta1)                            # torch's lerp for a weight below 0.5
        put(exp_avg, exp_avg._data + w * (grad - exp_avg._data))
        put(exp_avg_sq, exp_avg_sq._data * f(beta2) + f(1 - beta2) * grad * grad)
        bias_correction1 = 1 - beta1 ** step
        bias_correction2_sqrt = (1 - beta2 ** step) ** 0.5
        step_size = lr / bias_correction1
        second = exp_avg_sq._data
        if group["amsgrad"]:
            put(state["max_exp_avg_sq"], np.maximum(state["max_exp_avg_sq"]._data, second))
            second = state["max_exp_avg_sq"]._data
        denom = np.sqrt(second) / f(bias_correction2_sqrt) + f(eps)
        put(p, p._data + f(-step_size) * exp_avg._data / denom)
