"""Hooks on saved tensors: `saved_tensors_hooks(pack_hook, unpack_hook)` and `save_on_cpu`.

Inside the context, every tensor an op saves for backward is handed to `pack_hook` and only
what it returns is kept; when backward (or `grad_fn._saved_self`) needs the tensor,
`unpack_hook` turns that back into a tensor. Typical uses: offload to other memory, compress,
or log what autograd keeps alive. As in torch, the hooks are per thread, the innermost context
wins, a pack hook may not modify its input in place, and a tensor that went through hooks is
not version-checked (the hooks own it).

SavedTensor (saved.py) asks `current()` at each save; `anywhere` keeps that to one attribute
read while no thread has hooks.
"""
import threading

from .._autograd_state import OpenAnywhere

__all__ = ["saved_tensors_hooks", "save_on_cpu", "current"]


class _Stack(threading.local):
    hooks = ()            # this thread's (pack, unpack) pairs, innermost last


_stack = _Stack()
anywhere = OpenAnywhere()      # contexts open in any thread (a fast "no hooks at all" test)


def current():
    """The calling thread's innermost (pack, unpack) pair, or None."""
    hooks = _stack.hooks
    return hooks[-1] if hooks else None


class saved_tensors_hooks:
    """Context manager: pack/unpack every tensor saved for backward inside it.

    `pack_hook(tensor) -> anything` runs when an op saves `tensor`;
    `unpack_hook(anything) -> Tensor` runs each time the saved value is needed.
    """

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        if not callable(self.pack_hook) or not callable(self.unpack_hook):
            raise TypeError("saved_tensors_hooks(): pack_hook and unpack_hook must be callable")
        _stack.hooks = _stack.hooks + ((self.pack_hook, self.unpack_hook),)
        anywhere.opened()
        return self

    def __exit__(self, *exc):
        _stack.hooks = _stack.hooks[:-1]
        anywhere.closed()


class save_on_cpu(saved_tensors_hooks):
    """Keep saved tensors in CPU memory until backward needs them (then move them back).

    minigrad tensors always live on the CPU, so the packed value is the tensor itself with
    its device; kept for scripts written for GPUs."""

    def __init__(self, pin_memory=False, device_type="cuda"):
        def pack_to_cpu(tensor):
            return tensor.device, tensor.cpu()

        def unpack_from_cpu(packed):
            device, tensor = packed
            return tensor.to(device)
        super().__init__(pack_to_cpu, unpack_from_cpu)
