"""Module full backward hooks, built from minigrad's own autograd.

As in torch, the module's tensor inputs and its output are passed through an identity
autograd Function (``BackwardHookFunction``, whose node prints as
``BackwardHookFunctionBackward``). A pre-hook on the output's identity node records
grad_output; a post-hook on each input's identity node collects grad_input, and once every
input that requires grad has its gradient, the user hooks run and may replace grad_input.
"""

import os
import sys
import warnings

from ...autograd.function import Function

_PKG_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _user_stacklevel():
    """stacklevel that points a warning at the first frame outside minigrad (the user's
    backward() call), wherever the engine happens to call us from."""
    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_code.co_filename.startswith(_PKG_DIR):
        frame, level = frame.f_back, level + 1
    return level

__all__ = ["BackwardHook", "BackwardHookFunction"]


class BackwardHookFunction(Function):
    """Identity whose only purpose is to own a graph node that hooks can attach to."""

    @staticmethod
    def forward(ctx, x):
        return x

    @staticmethod
    def backward(ctx, grad):
        return grad


def _as_is_output(out):
    """Mark the identity's output as torch marks an input a custom Function returned as-is:
    a view that may not be modified in place (torch's creation meta CUSTOM_FUNCTION), so
    `nn.ReLU(inplace=True)` after a hooked module raises torch's error instead of cutting
    the hooks out of the graph."""
    if out.grad_fn is not None:
        out.__dict__["_custom_function_view"] = True
    return out


def _is_tensor(x):
    return hasattr(x, "_data") and hasattr(x, "grad_fn")


class BackwardHook:
    """Per-call state connecting one forward call of a module to its backward hooks."""

    def __init__(self, module, hooks):
        self.module = module
        self.hooks = hooks
        self.n_inputs = 0               # tensor positional args
        self.grad_positions = []        # which of those require grad
        self.grad_inputs = {}
        self.grad_outputs = None

    def setup_input_hook(self, args):
        """Wrap every positional Tensor argument that requires grad; returns the new args."""
        from ...autograd.grad_mode import is_grad_enabled
        new_args = []
        for a in args:
            if _is_tensor(a):
                pos = self.n_inputs
                self.n_inputs += 1
                if a.requires_grad and is_grad_enabled():
                    a = _as_is_output(BackwardHookFunction.apply(a))
                    self.grad_positions.append(pos)
                    a.grad_fn.register_hook(self._make_input_hook(pos))
            new_args.append(a)
        return tuple(new_args)

    def setup_output_hook(self, result):
        """Wrap a single Tensor output so its incoming gradient is recorded."""
        if not _is_tensor(result) or not result.requires_grad:
            return result
        out = _as_is_output(BackwardHookFunction.apply(result))
        out.grad_fn.register_prehook(self._on_grad_output)
        return out

    def _on_grad_output(self, grad_outputs):
        self.grad_outputs = tuple(grad_outputs)
        if not self.grad_positions:
            # Nothing upstream will report: fire now with all-None grad_input, like torch.
            warnings.warn(
                "Full backward hook is firing when gradients are computed with respect to "
                "module outputs since no inputs require gradients. See "
                "https://docs.pytorch.org/docs/main/generated/torch.nn.Module.html"
                "#torch.nn.Module.register_full_backward_hook for more details.",
                UserWarning, stacklevel=_user_stacklevel())
            grad_input = (None,) * self.n_inputs
            for hook in self.hooks:
                res = hook(self.module, grad_input, self.grad_outputs)
                if res is not None and any(r is not None for r in res):
                    raise RuntimeError("Backward hook for Modules where no input requires "
                                       "gradient should always return None or None for all "
                                       "gradients.")
        return None

    def _make_input_hook(self, pos):
        def hook(grad_inputs, grad_outputs):
            # grad_inputs of the identity node = the gradient w.r.t. this module input.
            self.grad_inputs[pos] = grad_inputs[0]
            if len(self.grad_inputs) < len(self.grad_positions):
                return None
            # Several inputs: the user hooks run when the last gradient arrives; the earlier
            # ones have already flowed on, so a replacement only reaches this last input.
            grad_input = tuple(self.grad_inputs.get(i) for i in range(self.n_inputs))
            for user_hook in self.hooks:
                res = user_hook(self.module, grad_input, self.grad_outputs)
                if res is not None:
                    res = tuple(res)
                    if len(res) != len(grad_input):
                        raise RuntimeError(
                            f"Backward hook returned an invalid number of grad_input, got "
                            f"{len(res)}, but expected {len(grad_input)}")
                    grad_input = res
            self.grad_inputs = {}
            return (grad_input[pos],)
        return hook
