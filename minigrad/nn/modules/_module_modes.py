"""The methods of Module that switch its mode or its parameters as a whole: train/eval,
requires_grad_, zero_grad, and the dtype and device moves (to, double, float, cpu, cuda).

A mixin of Module: it walks the model through Module's parameters(), buffers(), modules()
and children().
"""

from ...autograd.grad_mode import no_grad

__all__ = ["ModuleModes"]


class ModuleModes:
    """Mode, gradient, dtype and device switches of a Module (mixed into Module)."""

    def train(self, mode=True):
        """Set training mode on this module and every descendant; returns self."""
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for m in self.children():
            m.train(mode)
        return self

    def eval(self):
        """Same as ``train(False)``."""
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        """Set requires_grad on every parameter (e.g. to freeze a layer); returns self."""
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=True):
        """Reset every parameter's .grad: to None by default, else to zeros in place."""
        for p in self.parameters():
            if p.grad is None:
                continue
            if set_to_none:
                p.grad = None
            else:
                g = p.grad
                if g.grad_fn is not None:
                    g.detach_()
                else:
                    g.requires_grad_(False)
                g.zero_()

    def _apply_dtype(self, dtype):
        # Swap each parameter's data (same Parameter object, as torch does) and its grad.
        with no_grad():
            for p in self.parameters():
                if not p.dtype.is_floating_point:
                    continue                    # integer parameters keep their dtype
                p.data = p.data.to(dtype)
                if p.grad is not None:
                    p.grad = p.grad.to(dtype)
            for m in self.modules():
                for name, b in m._buffers.items():
                    if b is not None and b.dtype.is_floating_point:
                        m._buffers[name] = b.to(dtype)
        return self

    def to(self, *args, **kwargs):
        """Move to a device (the CPU only) and/or cast floating point parameters and buffers
        to a floating dtype, in place; returns self. `to(dtype)`, `to(device)`,
        `to(device, dtype)`, `to(tensor)` (its dtype) and the keywords `device`, `dtype`,
        `non_blocking`, as torch accepts them."""
        from ..._ops.conversion import _parse_to
        from ..._device import refuse
        dtype, _, device = _parse_to(args, dict(kwargs))
        if dtype is not None and not dtype.is_floating_point:
            raise TypeError("nn.Module.to only accepts floating point or complex dtypes, but "
                            f"got desired dtype={dtype}")
        if device is not None and any(True for _ in self._own_tensors()):
            refuse(device)      # (torch moves each tensor: a module without any moves freely)
        return self if dtype is None else self._apply_dtype(dtype)

    def cpu(self):
        """Move to the CPU, where minigrad's tensors already are; returns self."""
        return self

    def cuda(self, device=None):
        """Move every parameter and buffer to a GPU: refused as a CPU-only build of torch
        refuses it (a module without tensors has nothing to move); returns self."""
        for t in self._own_tensors():
            t.cuda(device)
        return self

    def _own_tensors(self):
        yield from self.parameters()
        yield from self.buffers()

    def double(self):
        """Cast floating point parameters and buffers to float64; returns self."""
        from ... import _dtype
        return self._apply_dtype(_dtype.float64)

    def float(self):
        """Cast floating point parameters and buffers to float32; returns self."""
        from ... import _dtype
        return self._apply_dtype(_dtype.float32)
