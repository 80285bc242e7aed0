"""Stochastic gradient descent with momentum, weight decay and Nesterov (torch.optim.SGD)."""

from ..autograd.grad_mode import no_grad
from .optimizer import Optimizer, _is_tensor

__all__ = ["SGD"]


class SGD(Optimizer):
    """SGD with torch's update rule, for each parameter p with a gradient g:

        g = -g if maximize;  g = g + weight_decay * p
        buf = g (first step) or momentum * buf + (1 - dampening) * g
        g = g + momentum * buf if nesterov else buf        (when momentum != 0)
        p -= lr * g

    Updates happen in place under ``no_grad()``: parameters stay the same leaf objects and
    their version counter goes up (so a graph that saved them refuses a stale backward).
    """

    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0,
                 nesterov=False, *, maximize=False, foreach=None, differentiable=False,
                 fused=None):
        if _is_tensor(lr) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {"lr": lr, "momentum": momentum, "dampening": dampening,
                    "weight_decay": weight_decay, "nesterov": nesterov, "maximize": maximize,
                    "foreach": foreach, "differentiable": differentiable, "fused": fused}
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)

    @no_grad()
    def step(self, closure=None):
        """Update every parameter that has a gradient; returns closure() if given."""
        loss = None
        if closure is not None:
            from ..autograd.grad_mode import enable_grad
            with enable_grad():
                loss = closure()
        for group in self.param_groups:
            lr, momentum = group["lr"], group["momentum"]
            dampening, wd = group["dampening"], group["weight_decay"]
            # torch reads every momentum buffer first and writes them back after the
            # updates (so a parameter listed twice in a group ends with its last buffer)
            params = [p for p in group["params"] if p.grad is not None]
            buffers = [self.state[p].get("momentum_buffer") for p in params] \
                if momentum != 0 else []
            for i, p in enumerate(params):
                grad = -p.grad if group["maximize"] else p.grad
                if wd != 0:
                    grad = grad.add(p, alpha=wd)
                if momentum != 0:
                    buf = buffers[i]
                    if buf is None:
                        buf = buffers[i] = grad.detach().clone()
                    else:
                        buf.mul_(momentum).add_(grad, alpha=1 - dampening)
                    grad = grad.add(buf, alpha=momentum) if group["nesterov"] else buf
                p.add_(grad, alpha=-lr)
            for p, buf in zip(params, buffers, strict=False):   # (none without momentum)
                self.state[p]["momentum_buffer"] = buf
        return loss
