"""The Tensor: an ndarray plus autograd state.

Fields a learner meets in torch, and where they live here:
- `_data`: the values, a NumPy array (views are NumPy views of the same memory);
- `_vc`: the version counter (created on first need, shared by views and detach());
- `_requires_grad`, `_grad_fn`, `_grad`: autograd state; a tensor is a leaf iff it has
  no grad_fn;
- `_base` (views only) and `_view_steps`: how to re-derive the view from its base.
Operations are attached by `minigrad._ops`, grouped by family.
"""
import warnings

import numpy as np

from . import _dtype
from ._dtype import Size
from ._storage import UntypedStorage, VersionCounter
from .autograd import engine as _engine, function as _function
from .autograd.anomaly import instrument as _instrument
from .autograd.grad_mode import state as _grad_state

__all__ = ["Tensor"]

_ndarray = np.ndarray
_new = object.__new__

_NONLEAF_GRAD_WARNING = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad "
    "field to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. "
    "If you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor "
    "instead. See github.com/pytorch/pytorch/pull/30531 for more information.")
_LEAF_FLAGS = ("you can only change requires_grad flags of leaf variables. If you want to use "
               "a computed variable in a subgraph that doesn't require differentiation use "
               "var_no_grad = var.detach().")


class Tensor:
    """A multi-dimensional array that can record the operations applied to it."""

    __slots__ = ("_data", "_requires_grad", "_grad_fn", "_grad", "_vc", "__dict__",
                 "__weakref__")
    # rarely set state: class-level defaults, instance dict only when used
    _base = None
    _view_steps = ()
    _view_version = 0
    _acc = None                 # weakref to this leaf's AccumulateGrad node
    _output_nr = 0              # which output of its grad_fn (custom multi-output Functions)
    _is_inference = False
    _no_grad_view = False       # a view of a grad-requiring tensor made under no_grad
    _made_in_no_grad = False    # computed from grad-requiring inputs while grad mode was off
    __array_priority__ = 1000   # make `ndarray * Tensor` defer to Tensor

    def __new__(cls, *args, **kwargs):
        from ._creation import legacy_new
        return legacy_new(cls, args, kwargs)

    @staticmethod
    def _make(data, requires_grad, grad_fn):
        """The one fast constructor every op uses."""
        if type(data) is not _ndarray:
            data = np.asarray(data)
        t = _new(Tensor)
        t._data = data
        t._requires_grad = requires_grad
        t._grad_fn = grad_fn
        t._grad = None
        t._vc = None
        if _grad_state.inference:
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
            from .autograd.trace import on_bump
            on_bump(self)

    @property
    def _version(self):
        """How many in-place modifications this tensor's data has seen."""
        if self._is_inference:
            raise RuntimeError("Inference tensors do not track version counter.")
        return 0 if self._vc is None else self._vc.value

    # ---- autograd state --------------------------------------------------------------
    @property
    def grad_fn(self):
        """The node that created this tensor (None for leaves)."""
        fn = self._grad_fn
        if fn is not None and self._base is not None and self._vc is not None \
                and self._vc.value != self._view_version:
            # the base or a sibling view changed in place: the view's history is now
            # "take this slice of the (new) base", as in torch
            from ._ops.views import regenerate_view_grad_fn
            fn = regenerate_view_grad_fn(self)
        return fn

    def _set_grad_fn(self, node):
        self._grad_fn = node
        self._requires_grad = True
        self.__dict__.pop("_made_in_no_grad", None)    # a custom Function output made in forward

    @property
    def is_leaf(self):
        """True for tensors with no grad_fn: all tensors that don't require grad, and
        those the user created with requires_grad=True."""
        return self._grad_fn is None

    @property
    def requires_grad(self):
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value):
        value = bool(value)
        if self._grad_fn is not None:
            raise RuntimeError(_LEAF_FLAGS if not value else
                               "you can only change requires_grad flags of leaf variables.")
        if value and not self._data.dtype.kind == "f":
            raise RuntimeError("only Tensors of floating point and complex dtype can require "
                               "gradients")
        self._set_requires_grad(value)

    def requires_grad_(self, requires_grad=True):
        """Set requires_grad in place and return self (only meaningful on leaves)."""
        if self._grad_fn is not None:
            if not requires_grad:
                raise RuntimeError(_LEAF_FLAGS)
            return self
        if requires_grad and self._data.dtype.kind != "f":
            raise RuntimeError("only Tensors of floating point dtype can require gradients")
        if requires_grad and self._is_inference and not _grad_state.inference:
            raise RuntimeError("Setting requires_grad=True on inference tensor outside "
                               "InferenceMode is not allowed.")
        self._set_requires_grad(requires_grad)
        return self

    def _set_requires_grad(self, value):
        self._requires_grad = value
        if not value:
            self._acc = None

    @property
    def grad(self):
        """The accumulated gradient (leaves, and non-leaves that retain_grad())."""
        if self._grad_fn is not None and not self.retains_grad:
            warnings.warn(_NONLEAF_GRAD_WARNING, UserWarning, stacklevel=2)
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError("assigned grad expected to be a Tensor or None but got grad of "
                                f"type {type(value).__name__}")
            if value._data.shape != self._data.shape:
                raise RuntimeError(
                    f"attempting to assign a gradient of size '{list(value.shape)}' to a "
                    f"tensor of size '{list(self.shape)}'. Please ensure that the gradient "
                    "and the tensor are the same size")
            if value._data.dtype != self._data.dtype:
                raise RuntimeError(
                    f"attempting to assign a gradient with dtype '{_cname(value)}' to a tensor "
                    f"with grad_dtype '{_cname(self).capitalize()}'. The gradient must match "
                    "the tensor's grad_dtype (defaults to the tensor's dtype). You can set the "
                    "tensor's grad_dtype attribute with a specific dtype, or None to allow any "
                    "dtype. Set grad_dtype with caution. Diverging the dtypes of a tensor and "
                    "its gradient may break downstream systems that assume they match.")
        self._grad = value

    @grad.deleter
    def grad(self):
        self._grad = None

    @property
    def retains_grad(self):
        fn = self._grad_fn
        return fn is not None and fn._retain_ref is not None and fn._retain_ref() is self

    def retain_grad(self):
        """Ask backward to fill `.grad` on this non-leaf tensor too (no-op on leaves)."""
        if not self._requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        if self._grad_fn is None:
            return
        import weakref
        fn = self.grad_fn
        fn._retain_ref = weakref.ref(self)
        fn._hooked = True

    def register_hook(self, hook):
        """Run `hook(grad)` when this tensor's gradient is computed; a returned tensor
        replaces the gradient. Returns a handle with `.remove()`."""
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require "
                               "gradient")
        from .utils.hooks import RemovableHandle
        hooks = self.__dict__.get("_hooks")
        if hooks is None:
            hooks = self.__dict__["_hooks"] = {}
        fn = self.grad_fn
        if fn is not None:
            fn._tensor_pre_hooks = hooks
            fn._hooked = True
        elif self._acc is not None and self._acc() is not None:
            self._acc()._hooked = True
        handle = RemovableHandle(hooks)
        hooks[handle.id] = hook
        return handle

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        """Accumulate d(self)/d(leaf) into every leaf's `.grad` (see autograd.backward)."""
        if create_graph:
            warnings.warn(
                "Using backward() with create_graph=True will create a reference cycle between "
                "the parameter and its gradient which can cause a memory leak. We recommend "
                "using autograd.grad when creating the graph to avoid this. If you have to use "
                "this function, make sure to reset the .grad fields of your parameters to None "
                "after use to break the cycle and avoid the leak.", UserWarning, stacklevel=2)
        _engine.run_backward((self,), None if gradient is None else (gradient,),
                             retain_graph, create_graph, inputs)

    # ---- detach / data ---------------------------------------------------------------
    def detach(self):
        """A new leaf sharing this tensor's storage AND version counter, with no history."""
        t = Tensor._make(self._data, False, None)
        t._vc = self._version_counter()
        return t

    def detach_(self):
        """Cut this tensor out of the graph in place."""
        if self._base is not None:
            raise RuntimeError(
                "Can't detach views in-place. Use detach() instead. If you are using "
                "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set "
                "as True, gradients are views of DDP buckets, and hence detach_() cannot be "
                "called on these gradients. To fix this error, please refer to the "
                "Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.")
        self._grad_fn = None
        self._set_requires_grad(False)
        return self

    @property
    def data(self):
        """A new tensor sharing the storage but NOT the version counter: edits through it
        are invisible to autograd's checks."""
        return Tensor._make(self._data, False, None)

    @data.setter
    def data(self, other):
        if not isinstance(other, Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {type(other).__name__}")
        if self._requires_grad and other._data.dtype.kind != "f":
            raise RuntimeError("data set to a tensor that requires gradients must be floating "
                               "point or complex dtype")
        self._data = other._data

    # ---- metadata --------------------------------------------------------------------
    @property
    def shape(self):
        return Size(self._data.shape)

    def size(self, dim=None):
        if dim is None:
            return Size(self._data.shape)
        from ._ops._util import wrap_dim
        return self._data.shape[wrap_dim(dim, self._data.ndim)]

    @property
    def dtype(self):
        return _dtype._FROM_NP[self._data.dtype]

    @property
    def device(self):
        from ._creation import device
        return device("cpu")

    is_cuda = False
    is_sparse = False
    is_quantized = False
    is_meta = False

    @property
    def ndim(self):
        return self._data.ndim

    def dim(self):
        return self._data.ndim

    ndimension = dim

    def numel(self):
        return int(self._data.size)

    nelement = numel

    def element_size(self):
        return self._data.itemsize

    def is_floating_point(self):
        return self._data.dtype.kind == "f"

    def is_inference(self):
        return self._is_inference

    def type(self, dtype=None):
        """`minigrad.FloatTensor`-style type name, or a cast when dtype is given."""
        if dtype is None:
            return "minigrad." + self.dtype._legacy
        return self.to(dtype)

    def stride(self, dim=None):
        st = tuple(s // self._data.itemsize for s in self._data.strides)
        return st if dim is None else st[dim]

    def storage_offset(self):
        root = UntypedStorage(self._data)._root
        return (self.data_ptr() - root.__array_interface__["data"][0]) // self._data.itemsize

    def untyped_storage(self):
        return UntypedStorage(self._data)

    def data_ptr(self):
        """Address of this tensor's first element (differs from the storage's for views
        with an offset)."""
        return self._data.__array_interface__["data"][0]

    def is_contiguous(self, memory_format=None):
        return bool(self._data.flags.c_contiguous)

    # ---- conversions -----------------------------------------------------------------
    def item(self):
        """The single value as a Python number."""
        if self._data.size != 1:
            raise RuntimeError(f"a Tensor with {self._data.size} elements cannot be converted "
                               "to Scalar")
        return self._data.reshape(-1)[0].item()

    def tolist(self):
        return self._data.tolist()

    def numpy(self, *, force=False):
        """The values as an ndarray sharing memory (refused while requires_grad)."""
        if self._requires_grad and not force:
            raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use "
                               "tensor.detach().numpy() instead.")
        return self._data

    def __array__(self, dtype=None, copy=None):
        return self._data if dtype is None else self._data.astype(dtype)

    def _scalar_for_builtin(self):
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")

    def __float__(self):
        self._scalar_for_builtin()
        if self._requires_grad:
            _warn_scalar_once()
        return float(self.item())

    def __complex__(self):
        if self._requires_grad:
            _warn_scalar_once()
        return complex(self.item())

    def __int__(self):
        self._scalar_for_builtin()
        return int(self.item())

    def __index__(self):
        if self._data.dtype.kind not in "iub" or self._data.size != 1:
            raise TypeError("only integer tensors of a single element can be converted to an "
                            "index")
        return int(self.item())

    def __bool__(self):
        if self._data.size != 1:
            if self._data.size == 0:
                raise RuntimeError("Boolean value of Tensor with no values is ambiguous")
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return bool(self.item())

    def __len__(self):
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self._data.shape[0]

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return (self[i] for i in range(self._data.shape[0]))

    def __hash__(self):
        return id(self)

    def __format__(self, spec):
        if self._data.ndim == 0:
            return self.item().__format__(spec)
        return object.__format__(self, spec) if spec else repr(self)

    def __repr__(self, *, tensor_contents=None):
        from ._tensor_str import tensor_str
        fn = self.grad_fn
        return tensor_str(self._data, dtype_name=self.dtype.name,
                          grad_fn_name=None if fn is None else type(fn).__name__,
                          requires_grad=self._requires_grad,
                          is_parameter=self.__class__.__name__ == "Parameter")

    __str__ = __repr__

    def __reduce_ex__(self, proto):
        return (_rebuild, (np.array(self._data), self._requires_grad))

    def __deepcopy__(self, memo):
        if self._grad_fn is not None:
            raise RuntimeError("Only Tensors created explicitly by the user (graph leaves) "
                               "support the deepcopy protocol at the moment.  If you were "
                               "attempting to deepcopy a module, this may be because of a "
                               "torch.nn.utils.weight_norm usage, see "
                               "https://github.com/pytorch/pytorch/pull/103001")
        new = type(self).__new__(type(self), np.array(self._data)) \
            if type(self) is not Tensor else Tensor._make(np.array(self._data), False, None)
        new._requires_grad = self._requires_grad
        if self._grad is not None:
            new._grad = self._grad.__deepcopy__(memo)
        memo[id(self)] = new
        return new


def _rebuild(data, requires_grad):
    return Tensor._make(data, requires_grad, None)


def _cname(t):
    """torch's C++ scalar type name: 'float', 'double', 'long', ..."""
    return {"float32": "float", "float64": "double", "float16": "c10::Half", "int64": "long",
            "int32": "int", "int16": "short", "int8": "signed char", "uint8": "unsigned char",
            "bool": "bool"}[t.dtype.name]


class _Once:
    warned = False


def _warn_scalar_once():
    # torch emits this with TORCH_WARN_ONCE: once per process
    if not _Once.warned:
        _Once.warned = True
        warnings.warn("Converting a tensor with requires_grad=True to a scalar may lead to "
                      "unexpected behavior.\nConsider using tensor.detach() first.",
                      UserWarning, stacklevel=3)


Tensor.__module__ = "minigrad"
_function.Tensor = Tensor
_engine.Tensor = Tensor
