"""Saved tensors: what a node keeps for backward (`SavedTensor`), and the version check
that catches in-place edits made after the save."""
import threading

from .._compat import messages as _messages
from .._compat.messages import SECOND_BACKWARD
from .._tensor import Tensor
from .anomaly import instrument as _instrument
from .grad_mode import state as _grad_state
import minigrad.autograd.saved_hooks as _saved_hooks

__all__ = ["SavedTensor", "FREED", "engine_state"]

class _EngineState(threading.local):
    """Set by the engine while a backward pass runs with create_graph=True: saved tensors
    then unpack as Tensors (so backward formulas build a graph) instead of arrays. Per
    thread, as torch's graph tasks are: a backward pass in one thread does not change how
    another thread's pass unpacks."""
    create_graph = False


engine_state = _EngineState()


def node_short_name(node):
    """`SigmoidBackward0` -> `Sigmoid`, `PowBackward1` -> `Pow1`, as torch's message says."""
    name = node.name()
    return name if "::" in name else name.replace("Backward0", "").replace("Backward", "")


class SavedTensor:
    """One tensor saved for backward, with the version it had when saved.

    An input is kept as the tensor itself (so a later `x.data = ...` is seen, as in torch);
    an output only as its array and version counter, since keeping the output tensor would
    make a reference cycle (output -> node -> output). Inside `saved_tensors_hooks`, only
    what the pack hook returned is kept, in `hooked` (see saved_hooks.py); such a value is
    not version-checked, as in torch (the hooks own it).
    """

    # nonleaf: an input that had a grad_fn when saved (detach_() later is refused)
    __slots__ = ("tensor", "data", "vc", "version", "nonleaf", "hooked")

    def __init__(self, tensor, is_output=False):
        self.hooked = None
        if tensor._is_inference or _saved_hooks.anywhere.count or _instrument.on:
            if self._save_checked(tensor, is_output):   # (the rare cases, off the common path)
                return
        vc = tensor._vc
        if is_output:
            if vc is None:                 # the output needs a counter we can watch
                vc = tensor._version_counter()
            self.tensor = None
            self.data = tensor._data
            self.vc = vc
            self.nonleaf = False
        else:
            self.tensor = tensor
            self.data = self.vc = None
            self.nonleaf = tensor._node is not None
        self.version = 0 if vc is None else vc.value
        if _instrument.on:
            from .trace import on_save
            on_save(None, self, tensor)

    def _save_checked(self, tensor, is_output):
        """Refuse an inference tensor; hand `tensor` to the thread's pack hook, if it has one,
        and return True when it did (then only what saved_hooks.pack returned is kept)."""
        if tensor._is_inference and not _grad_state.inference:
            raise RuntimeError(_messages.INFERENCE_SAVED)
        if not _saved_hooks.anywhere.count or _saved_hooks.current() is None:
            return False
        self.hooked = _saved_hooks.pack(tensor, is_output)
        self.tensor = self.data = self.vc = None
        self.version, self.nonleaf = 0, False
        return True

    def _check(self, node):
        """Raise torch's "modified by an inplace operation" error if the version moved."""
        t = self.tensor
        vc = self.vc if t is None else t._vc
        current = 0 if vc is None else vc.value
        if current == self.version:
            return
        data, grad_fn = (self.data, node) if t is None else (t._data, t.grad_fn)
        view = t is None and node.__dict__.get("_inplace_view")
        if view and view() is not None:     # the output of an in-place op on a view: torch
            grad_fn = view().grad_fn        # names the view's own (regenerated) grad_fn
        from .._dtype import from_numpy_dtype
        msg = ("one of the variables needed for gradient computation has been modified by an "
               f"inplace operation: [minigrad.{from_numpy_dtype(data.dtype)._legacy} "
               f"{list(data.shape)}]")
        if grad_fn is not None:
            msg += f", which is output 0 of {node_short_name(grad_fn)},"
        from .anomaly import state as anomaly_state
        hint = _messages.ANOMALY_ON_HINT if anomaly_state.enabled else _messages.ANOMALY_OFF_HINT
        msg += f" is at version {current}; expected version {self.version} instead. {hint}"
        if _instrument.on:
            from .trace import on_version_error
            on_version_error(self, node)
        raise RuntimeError(msg)

    def unpack(self, node):
        """The saved value: an ndarray, or a Tensor while building a graph of the backward
        (create_graph=True). Raises if it was modified in place since it was saved."""
        t = self.tensor
        if t is None:
            if self.hooked is not None:
                value = _saved_hooks.unpack(self.hooked, node)
                return value if engine_state.create_graph else value._data
            vc = self.vc
        else:
            if self.nonleaf and t._node is None:   # torch checks this before the version
                raise RuntimeError(_messages.DETACHED_IN_PLACE)
            vc = t._vc
        if (0 if vc is None else vc.value) != self.version:
            self._check(node)
        if engine_state.create_graph:
            if t is None:
                return Tensor._make(self.data, True, node)
            return t
        return self.data if t is None else t._data

    def as_tensor(self, node):
        """The saved value as a Tensor (what `grad_fn._saved_self` shows)."""
        if self.hooked is not None:
            return _saved_hooks.unpack(self.hooked, node)
        self._check(node)
        if self.tensor is not None:
            return self.tensor
        out = Tensor._make(self.data, True, node)
        out._vc = self.vc       # torch's unpacked output shares the output's version counter
        return out


class _Freed:
    """Stands in for saved values after backward released them."""
    __slots__ = ()

    def unpack(self, node):
        raise RuntimeError(SECOND_BACKWARD)

    as_tensor = unpack

    def __repr__(self):
        return "<freed>"


FREED = _Freed()


class _SavedAttribute:
    """`grad_fn._saved_<name>` on every node class that saves `s_<name>` or has the option
    `<name>` (set up by Node.__init_subclass__). A descriptor, as a `__getattr__` on Node
    would slow every attribute read of every node, and the engine reads them all the time."""
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __get__(self, node, owner=None):
        if node is None:
            return self
        return node._saved_value(self.name)
