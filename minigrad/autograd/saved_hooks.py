"""Hooks on saved tensors: `saved_tensors_hooks(pack_hook, unpack_hook)` and `save_on_cpu`.

Inside the context, every tensor an op saves for backward is handed to `pack_hook` and only
what it returns is kept; when backward (or `grad_fn._saved_self`) needs the tensor,
`unpack_hook` turns that back into a tensor. Typical uses: offload to other memory, compress,
or log what autograd keeps alive. As in torch, the hooks are per thread, the innermost context
wins, a pack hook may not modify its input in place, and a tensor that went through hooks is
not version-checked (the hooks own it).

SavedTensor (saved.py) asks `current()` at each save; `anywhere` keeps that to one attribute
read while no thread has hooks. `pack` and `unpack` are the two ends: the unpacked tensor gets
back the saved tensor's autograd identity (requires_grad, grad_fn, a leaf's accumulator), as
torch's does, whatever the hooks did to it (a pack hook that detaches is the common case).
"""
import threading

from .._autograd_state import OpenAnywhere, grad_state as _grad_state
from .._compat import messages as _messages
from .._tensor import Tensor

__all__ = ["saved_tensors_hooks", "save_on_cpu", "current", "pack", "unpack", "identity"]


class _Stack(threading.local):
    hooks = ()            # this thread's (pack, unpack) pairs, innermost last


_stack = _Stack()
anywhere = OpenAnywhere()      # contexts open in any thread (a fast "no hooks at all" test)


def current():
    """The calling thread's innermost (pack, unpack) pair, or None."""
    hooks = _stack.hooks
    return hooks[-1] if hooks else None


def identity(tensor, is_output):
    """What torch's SavedVariable remembers of a hooked tensor's autograd state: None for an
    output (it gets the node it was saved for), else (requires_grad, grad_fn, output_nr, the
    weak reference to a leaf's accumulator)."""
    if is_output:
        return None
    return tensor._requires_grad, tensor._node, tensor._output_nr, tensor._acc


def pack(tensor, is_output):
    """Run the calling thread's pack hook on `tensor` (without recording, and refusing an
    in-place change of it); return what a SavedTensor keeps in `hooked`."""
    pack_hook, unpack_hook = current()
    before, was_enabled = tensor._version, _grad_state.enabled
    _grad_state.enabled = False
    try:
        packed = pack_hook(tensor)
    finally:
        _grad_state.enabled = was_enabled
    if tensor._version != before:
        raise RuntimeError(_messages.PACK_HOOK_IN_PLACE)
    return packed, unpack_hook, identity(tensor, is_output)


def unpack(hooked, node):
    """The unpack hook's result for a value saved by `node`, as a new tensor with the saved
    tensor's autograd identity: gradients through it reach the saved tensor's graph."""
    packed, unpack_hook, saved_identity = hooked
    value = unpack_hook(packed)
    if not isinstance(value, Tensor):
        raise TypeError(f"Output of saved tensor unpack_hook expected to be a Tensor but "
                        f"got result of type {type(value).__name__}")
    if saved_identity is None:
        return Tensor._make(value._data, True, node)
    requires_grad, grad_fn, output_nr, accumulator = saved_identity
    out = Tensor._make(value._data, requires_grad, grad_fn)
    if output_nr:
        out.__dict__["_output_nr"] = output_nr
    if grad_fn is None and requires_grad:
        out._acc = accumulator      # a leaf: its gradient goes to the saved leaf's .grad
    return out


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
