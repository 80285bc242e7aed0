"""The Tensor: an ndarray plus autograd state.

Fields a learner meets in torch, and where they live here:
- `_data`: the values, a NumPy array (views are NumPy views of the same memory);
- `_vc`: the version counter (created on first need, shared by views and detach());
- `_requires_grad`, `_node` (the grad_fn), `_grad`: autograd state; a tensor is a leaf iff
  it has no grad_fn;
- `_base` (views only) and `_view_steps`: how to re-derive the view from its base.

Imports go one way, and Tensor sits below autograd, the ops and the factories. So the
methods that need those layers are attached from above, by `_tensor_methods.py` and
`_tensor_methods_more.py`: every op method (`x.sigmoid()`), the constructor
`Tensor(...)` (`__new__`), `grad_fn` (a view's history is regenerated in
`autograd/view_history.py`), `backward` (the engine), `__repr__`, `__deepcopy__` and
torch's `_grad_fn`.
"""

import weakref

import numpy as np

from ._autograd_state import grad_state as _grad_state, instrument as _instrument
from ._autograd_state import inference_anywhere as _inference_anywhere
from ._compat import messages as _messages
from ._compat._argparse import Parser, register_tensor_class, tp_name as _tp_name
from ._compat._internal_warning import TENSOR_BODY, warn_internal
from ._storage import VersionCounter
from ._tensor_base import TensorBase
from .utils.hooks import RemovableHandle

__all__ = ["Tensor"]

_ndarray = np.ndarray
_new = object.__new__


class Tensor(TensorBase):
    """A multi-dimensional array that can record the operations applied to it."""

    __slots__ = ("_data", "_requires_grad", "_node", "_grad", "_vc", "__dict__",
                 "__weakref__")
    # rarely set state: class-level defaults, instance dict only when used
    _base = None
    _view_steps = ()
    _view_version = 0
    _acc = None                 # weakref to this leaf's AccumulateGrad node
    _output_nr = 0              # which output of its grad_fn (custom multi-output Functions)
    _is_inference = False
    _inference_alias = False    # detach()/.data of an inference tensor, made outside the mode
    _no_grad_view = False       # a view made under no_grad (or a view of one)
    _made_in_no_grad = False    # computed from grad-requiring inputs while grad mode was off
    _own_requires_grad = False  # a view set to require grad itself (not through its base)
    _views_following = None     # weakrefs to views whose requires_grad follows this base
    _retains_grad = False       # retain_grad() was called (the hook lives on the grad_fn)
    __array_priority__ = 1000   # make `ndarray * Tensor` defer to Tensor

    @staticmethod
    def _make(data, requires_grad, grad_fn):
        """The one fast constructor every op uses."""
        if type(data) is not _ndarray:
            data = np.asarray(data)
        t = _new(Tensor)
        t._data = data
        t._requires_grad = requires_grad
        t._node = grad_fn
        t._grad = None
        t._vc = None
        if _inference_anywhere.count and _grad_state.inference:
            t._is_inference = True
        return t

    # ---- version counter -----------------------------------------------------------
    def _version_counter(self):
        vc = self._vc
        if vc is None:
            vc = self._vc = VersionCounter()
        return vc

    def _bump_version(self):
        vc = self._vc
        if vc is None:
            self._vc = VersionCounter(1)
        else:
            vc.value += 1
        if _instrument.on:
            _instrument.bumped(self)        # autograd/trace.py's on_bump

    @property
    def _version(self):
        """How many in-place modifications this tensor's data has seen."""
        if self._is_inference and not self._inference_alias:
            raise RuntimeError("Inference tensors do not track version counter.")
        return 0 if self._vc is None else self._vc.value

    # ---- autograd state --------------------------------------------------------------
    def _set_grad_fn(self, node):
        self._node = node
        self._requires_grad = True
        self.__dict__.pop("_made_in_no_grad", None)    # a custom Function output made in forward

    @property
    def is_leaf(self):
        """True for tensors with no grad_fn: all tensors that don't require grad, and
        those the user created with requires_grad=True."""
        return self.grad_fn is None     # (a view may regain a history, or refuse to)

    @property
    def requires_grad(self):
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value):
        if value.__class__ is not bool:         # (torch checks the type before anything)
            raise RuntimeError("requires_grad must be a bool")
        if self._node is not None:
            raise RuntimeError(_messages.LEAF_FLAGS if not value else
                               "you can only change requires_grad flags of leaf variables.")
        if value and not self._data.dtype.kind == "f":
            raise RuntimeError(_messages.FLOAT_REQUIRES_GRAD)
        if value and self._is_inference and not _grad_state.inference:
            raise RuntimeError(_messages.INFERENCE_REQUIRES_GRAD)
        self._set_requires_grad(value)

    def requires_grad_(self, requires_grad=True):
        """Set requires_grad in place and return self (only meaningful on leaves)."""
        if requires_grad.__class__ is not bool:
            err = Parser("requires_grad_", "(bool requires_grad = True)").error(
                {"requires_grad": requires_grad})
            if err is not None:
                raise err
        if self._node is not None:
            if not requires_grad:
                raise RuntimeError(_messages.LEAF_FLAGS)
            return self
        if requires_grad and self._data.dtype.kind != "f":
            raise RuntimeError("only Tensors of floating point dtype can require gradients")
        if requires_grad and self._is_inference and not _grad_state.inference:
            raise RuntimeError(_messages.INFERENCE_REQUIRES_GRAD)
        self._set_requires_grad(requires_grad)
        return self

    def _set_requires_grad(self, value):
        # (the leaf keeps its AccumulateGrad, as torch: a graph built before requires_grad
        # was switched off and on again still reaches it; while off, it adds nothing)
        self._requires_grad = value
        if self._base is not None:
            self.__dict__["_own_requires_grad"] = value     # no longer only follows its base
            self._requires_grad = value or self._base._requires_grad
        views = self._views_following
        if views:
            for ref in views:       # views without history follow this base's flag
                v = ref()
                if v is not None and v._node is None and not v._own_requires_grad:
                    v._requires_grad = value

    @property
    def grad(self):
        """The accumulated gradient (leaves, and non-leaves that retain_grad())."""
        if self._node is not None and not self.retains_grad:
            warn_internal(_messages.NONLEAF_GRAD, TENSOR_BODY, stacklevel=2)
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(_messages.GRAD_NOT_A_TENSOR + _tp_name(value))
            if value._data.dtype != self._data.dtype:
                raise RuntimeError(_messages.grad_dtype_mismatch(value, self))
            if value._data.shape != self._data.shape:
                raise RuntimeError(_messages.grad_size_mismatch(value, self))
        self._grad = value

    @grad.deleter
    def grad(self):
        self._grad = None

    @property
    def retains_grad(self):
        """True once retain_grad() was called on this non-leaf (torch keeps the flag, also
        through detach_())."""
        return self._retains_grad

    def retain_grad(self):
        """Ask backward to fill `.grad` on this non-leaf tensor too (no-op on leaves)."""
        if not self._requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        if self._node is None:
            return
        fn = self.grad_fn
        self.__dict__["_retains_grad"] = True
        if fn._n_outputs == 1:
            fn._retain_ref = weakref.ref(self)
        else:               # one output of several: only its own gradient is kept
            if fn._output_retains is None:
                fn._output_retains = {}
            fn._output_retains[self._output_nr] = weakref.ref(self)
        fn._hooked = True

    def register_hook(self, hook):
        """Run `hook(grad)` when this tensor's gradient is computed; a returned tensor
        replaces the gradient. Returns a handle with `.remove()`."""
        if not self._requires_grad:
            raise RuntimeError(_messages.HOOK_WITHOUT_GRAD)
        hooks = self.__dict__.get("_hooks")
        if hooks is None:
            # the first hook (since the last in-place op gave this tensor a new grad_fn):
            # the dict joins the current grad_fn, and later hooks go into the same dict
            hooks = self.__dict__["_hooks"] = {}
            fn = self.grad_fn
            if fn is not None:
                if fn._n_outputs == 1:
                    fn._tensor_pre_hooks = hooks
                else:       # one output of several: its hooks see only its own gradient
                    if fn._output_hooks is None:
                        fn._output_hooks = []
                    fn._output_hooks.append((self._output_nr, hooks))
                fn._hooked = True
        if self._node is None and self._acc is not None and self._acc() is not None:
            self._acc()._hooked = True      # a leaf: its AccumulateGrad runs the hooks
        handle = RemovableHandle(hooks)
        hooks[handle.id] = hook
        return handle

    # ---- detach / data ---------------------------------------------------------------
    def detach(self):
        """A new leaf sharing this tensor's storage AND version counter, with no history."""
        t = Tensor._make(self._data, False, None)
        if self._is_inference:
            _mark_inference_alias(t)
        else:
            t._is_inference = False             # made in inference mode, still a normal tensor
            t._vc = self._version_counter()
        return t

    def detach_(self):
        """Cut this tensor out of the graph in place (a no-op on an inference tensor, which
        torch's autograd never sees)."""
        if self._base is not None:
            raise RuntimeError(_messages.DETACH_VIEW_IN_PLACE)
        if not self._is_inference:
            self._node = None
            self._set_requires_grad(False)
        return self

    @property
    def data(self):
        """A new tensor sharing the storage but NOT the version counter: edits through it
        are invisible to autograd's checks."""
        t = Tensor._make(self._data, False, None)
        if self._is_inference:
            _mark_inference_alias(t)
        else:
            t._is_inference = False             # made in inference mode, still a normal tensor
        return t

    @data.setter
    def data(self, other):
        if not isinstance(other, Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {_tp_name(other)}")
        if self._requires_grad and other._data.dtype.kind != "f":
            raise RuntimeError(_messages.DATA_NOT_FLOATING)
        self._data = other._data

    @data.deleter
    def data(self):
        raise RuntimeError("Deleting tensor data is not allowed. Delete tensor instead!")

    def __reduce_ex__(self, proto):
        return (_rebuild, (np.array(self._data), self._requires_grad))


def _rebuild(data, requires_grad):
    return Tensor._make(data, requires_grad, None)


Tensor.__module__ = "minigrad"
register_tensor_class(Tensor)     # (the argument parser tests isinstance against it)


def _mark_inference_alias(t):
    """detach()/.data of an inference tensor is an inference tensor, as in torch. Made outside
    inference mode, torch gives it a version counter and lets in-place ops run on it (a view
    of it is still refused): torch's alias keeps the inference key but gets a fresh counter."""
    t._is_inference = True
    if not _grad_state.inference:
        t.__dict__["_inference_alias"] = True
