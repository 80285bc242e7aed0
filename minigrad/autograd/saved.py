"""Saved tensors: what a node keeps for backward, and the version check that catches
in-place edits made after the save.

A node saves an *input* by keeping the tensor itself (so a later `x.data = ...` is seen,
as in torch). It saves its *output* by keeping only the array and the version counter:
keeping the output tensor would make a reference cycle (output -> node -> output).
"""
from .._tensor import Tensor
from .anomaly import instrument as _instrument
from .grad_mode import state as _grad_state

__all__ = ["SavedTensor", "FREED", "engine_state"]

_HINT = ("Hint: enable anomaly detection to find the operation that failed to compute its "
         "gradient, with minigrad.autograd.set_detect_anomaly(True, check_nan=False).")
_ANOMALY_HINT = ("Hint: the backtrace further above shows the operation that failed to compute "
                 "its gradient. The variable in question was changed in there or anywhere "
                 "later. Good luck!")
SECOND_BACKWARD = (
    "Trying to backward through the graph a second time (or directly access saved tensors "
    "after they have already been freed). Saved intermediate values of the graph are freed "
    "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
    "backward through the graph a second time or if you need to access saved tensors after "
    "calling backward.")


class _EngineState:
    """Set by the engine while a backward pass runs with create_graph=True: saved tensors
    then unpack as Tensors (so backward formulas build a graph) instead of arrays."""
    __slots__ = ("create_graph",)

    def __init__(self):
        self.create_graph = False


engine_state = _EngineState()


def node_short_name(node):
    """`SigmoidBackward0` -> `Sigmoid`, `PowBackward1` -> `Pow1`, as torch's message says."""
    name = node.name()
    if "::" in name:
        return name
    return name.replace("Backward0", "").replace("Backward", "")


class SavedTensor:
    """One tensor saved for backward, with the version it had when saved."""

    __slots__ = ("tensor", "data", "vc", "version")

    def __init__(self, tensor, is_output=False):
        if tensor._is_inference and not _grad_state.inference:
            raise RuntimeError(
                "Inference tensors cannot be saved for backward. Please do not use Tensors "
                "created in inference mode in computation tracked by autograd. To work around "
                "this, you can make a clone to get a normal tensor and use it in autograd, or "
                "use `minigrad.no_grad()` instead of `minigrad.inference_mode()`.")
        vc = tensor._vc
        if is_output:
            if vc is None:                 # the output needs a counter we can watch
                vc = tensor._version_counter()
            self.tensor = None
            self.data = tensor._data
            self.vc = vc
        else:
            self.tensor = tensor
            self.data = None
            self.vc = None
        self.version = 0 if vc is None else vc.value
        if _instrument.on:
            from .trace import on_save
            on_save(None, self, tensor)

    def _check(self, node):
        t = self.tensor
        vc = self.vc if t is None else t._vc
        current = 0 if vc is None else vc.value
        if current != self.version:
            if t is None:
                data, grad_fn = self.data, node
            else:
                data, grad_fn = t._data, t.grad_fn
            from .._dtype import from_numpy_dtype
            shape = list(data.shape)
            msg = ("one of the variables needed for gradient computation has been modified by "
                   f"an inplace operation: [minigrad.{from_numpy_dtype(data.dtype)._legacy} "
                   f"{shape}]")
            if grad_fn is not None:
                msg += f", which is output 0 of {node_short_name(grad_fn)},"
            from .anomaly import state as anomaly_state
            hint = _ANOMALY_HINT if anomaly_state.enabled else _HINT
            msg += f" is at version {current}; expected version {self.version} instead. {hint}"
            raise RuntimeError(msg)

    def unpack(self, node):
        """The saved value: an ndarray, or a Tensor while building a graph of the backward
        (create_graph=True). Raises if it was modified in place since it was saved."""
        t = self.tensor
        vc = self.vc if t is None else t._vc
        if (0 if vc is None else vc.value) != self.version:
            self._check(node)
        if engine_state.create_graph:
            if t is None:
                return Tensor._make(self.data, True, node)
            return t
        return self.data if t is None else t._data

    def as_tensor(self, node):
        """The saved value as a Tensor (what `grad_fn._saved_self` shows)."""
        self._check(node)
        if self.tensor is not None:
            return self.tensor
        return Tensor._make(self.data, True, node)


class _Freed:
    """Stands in for saved values after backward released them."""
    __slots__ = ()

    def unpack(self, node):
        raise RuntimeError(SECOND_BACKWARD)

    as_tensor = unpack

    def __repr__(self):
        return "<freed>"


FREED = _Freed()
