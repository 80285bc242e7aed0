"""Tensor metadata and conversions: shape/dtype/strides/storage queries, and turning a
tensor into Python numbers, lists and NumPy arrays. A base class of `Tensor`, kept apart so
`_tensor.py` stays about autograd state."""
import sys
import warnings


from . import _dtype
from ._dtype import device, new_size
from ._compat._argparse_calls import no_arguments
from ._compat._call_site import via_method
from ._compat._internal_warning import SCALAR_CONVERSION, warn_internal
from ._storage import UntypedStorage
from ._autograd_state import grad_state

__all__ = ["TensorBase", "wrap_dim"]


def wrap_dim(dim, ndim, op=None, name=None, pos=None):
    """Normalise a possibly negative dim, with torch's IndexError when out of range; a dim
    that is not an int gets torch's TypeError `op(): argument 'name' (position pos) must be
    int, not tuple` (op, name and pos default to the calling function and its parameter)."""
    if dim.__class__ is not int:
        dim = _int_arg(dim, op, name, pos)
    n = ndim if ndim > 0 else 1
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}],"
                         f" but got {dim})")
    return dim if dim >= 0 else dim + n


def _int_arg(value, op, name, pos):
    """An int argument as torch's parser reads it: NumPy integers and integer tensors of
    one element count as ints; bools, floats, tuples... are refused."""
    import numpy as np
    if isinstance(value, np.integer):
        return int(value)
    data = getattr(value, "_data", None)
    if isinstance(data, np.ndarray) and data.dtype.kind in "iu" and data.size == 1:
        return int(data)
    if op is None:                  # name the caller's op and parameter, as torch does
        frame = sys._getframe(2)
        code = frame.f_code
        op = code.co_name.lstrip("_")
        params = code.co_varnames[:code.co_argcount]
        for i, param in enumerate(params):
            if frame.f_locals.get(param) is value and i:
                # a method's position leaves out self; torch.unsqueeze(x, dim) counts all
                method = hasattr(frame.f_locals.get(params[0]), "_data") and (
                    via_method() or code.co_filename == __file__)     # (x.size(dim) here)
                name, pos = name or param, pos or (i if method else i + 1)
                break
    if isinstance(value, np.generic):
        type_name = f"numpy.{type(value).__name__}"
    else:
        type_name = "Tensor" if data is not None else type(value).__name__
    raise TypeError(f"{op}(): argument '{name or 'dim'}' (position {pos or 1}) must be int, "
                    f"not {type_name}")


class TensorBase:
    """Everything a Tensor can tell about its data without touching autograd."""

    __slots__ = ()

    # ---- metadata --------------------------------------------------------------------
    @property
    def shape(self):
        return new_size(self._data.shape)

    def size(self, dim=None):
        if dim is None:
            return new_size(self._data.shape)
        if not self._data.ndim and dim.__class__ is int:
            raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
        return self._data.shape[wrap_dim(dim, self._data.ndim)]

    @property
    def dtype(self):
        return _dtype._FROM_NP[self._data.dtype]

    @property
    def device(self):
        return device("cpu")

    is_cuda = False
    is_cpu = True

    def get_device(self, *args, **kwargs):
        """-1: the CPU (a GPU tensor would answer its index)."""
        if args or kwargs:
            raise no_arguments("get_device", args, kwargs)
        return -1
    is_sparse = False
    is_quantized = False
    is_meta = False

    @property
    def ndim(self):
        return self._data.ndim

    def dim(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("dim", args, kwargs)
        return self._data.ndim

    def ndimension(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("ndimension", args, kwargs)
        return self._data.ndim

    def numel(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("numel", args, kwargs)
        return int(self._data.size)

    def nelement(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("nelement", args, kwargs)
        return int(self._data.size)

    def element_size(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("element_size", args, kwargs)
        return self._data.itemsize

    def is_floating_point(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("is_floating_point", args, kwargs)
        return self._data.dtype.kind == "f"

    def is_inference(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("is_inference", args, kwargs)
        return self._is_inference

    def type(self, dtype=None):
        """`minigrad.FloatTensor`-style type name, or a cast when dtype is given."""
        if dtype is None:
            return "minigrad." + self.dtype._legacy
        if dtype.__class__ is not _dtype.dtype:
            dtype = _type_arg(dtype)
        return self.to(dtype)

    def stride(self, dim=None):
        st = tuple(s // self._data.itemsize for s in self._data.strides)
        if dim is None:
            return st
        if dim.__class__ is not int:
            from ._compat._argparse import Parser
            err = Parser("stride", "(int dim)").error({"dim": dim})
            if err is not None:
                raise err
            dim = int(dim)
        if not st:
            raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
        if not -len(st) <= dim < len(st):
            raise IndexError(f"Dimension out of range (expected to be in range of "
                             f"[{-len(st)}, {len(st) - 1}], but got {dim})")
        return st[dim]

    def storage_offset(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("storage_offset", args, kwargs)
        root = UntypedStorage(self._data)._root
        return (self.data_ptr() - root.__array_interface__["data"][0]) // self._data.itemsize

    def untyped_storage(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("untyped_storage", args, kwargs)
        return UntypedStorage(self._data)

    def data_ptr(self, *args, **kwargs):
        """Address of this tensor's first element (differs from the storage's for views
        with an offset)."""
        if args or kwargs:
            raise no_arguments("data_ptr", args, kwargs)
        return self._data.__array_interface__["data"][0]

    def is_contiguous(self, *, memory_format=None):
        return bool(self._data.flags.c_contiguous)

    # ---- conversions -----------------------------------------------------------------
    def item(self, *args, **kwargs):
        """The single value as a Python number."""
        if args or kwargs:
            raise no_arguments("item", args, kwargs)
        if self._data.size != 1:
            raise RuntimeError(f"a Tensor with {self._data.size} elements cannot be converted "
                               "to Scalar")
        return self._data.reshape(-1)[0].item()

    def tolist(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("tolist", args, kwargs)
        return self._data.tolist()

    def numpy(self, *, force=False):
        """The values as an ndarray sharing memory (refused for a tensor that requires grad
        while grad mode is on, as torch)."""
        if self._requires_grad and not force and grad_state.enabled:
            raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use "
                               "tensor.detach().numpy() instead.")
        return self._data

    def __array__(self, dtype=None, copy=None):
        # torch's __array__ is numpy(): refused for a tensor that requires grad while grad
        # mode is on (this is how NumPy's reflected `ndarray + g` fails, as in torch)
        data = self.numpy()
        return data if dtype is None else data.astype(dtype, copy=False)

    def __array_wrap__(self, array):
        # NumPy wraps a ufunc's result on a tensor (np.sin(t), the reflected `t + ndarray`)
        # with this: a tensor sharing the array, bool read as uint8, as torch does. (Like
        # torch's, the signature lacks NumPy 2's context arguments, so NumPy issues the same
        # DeprecationWarning.)
        if array.dtype == bool:
            array = array.astype("uint8")
        return type(self)._make(array, False, None)

    def _scalar_for_builtin(self):
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")

    def __float__(self):
        if self._requires_grad:
            _warn_scalar_once()         # (torch warns before it checks the size)
        self._scalar_for_builtin()
        return float(self.item())

    def __complex__(self):
        if self._requires_grad:
            _warn_scalar_once()
        self._scalar_for_builtin()
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


_WARNED = set()


def warn_once(message, stacklevel=3, internal=None):
    """Warn like torch's TORCH_WARN_ONCE: the first time in the process, never again.
    `internal`: where torch warns from C++ (a location from `_internal_warning`), so the
    message ends with "(Triggered internally at <that location>.)"."""
    if message not in _WARNED:
        _WARNED.add(message)
        if internal:
            warn_internal(message, internal, stacklevel=stacklevel + 1)
        else:
            warnings.warn(message, UserWarning, stacklevel=stacklevel + 1)


def _warn_scalar_once(stacklevel=3):
    """torch's once-per-process warning when a tensor that requires grad is read as a Python
    number (float(), complex(), an element of the data of tensor())."""
    warn_once("Converting a tensor with requires_grad=True to a scalar may lead to unexpected "
              "behavior.\nConsider using tensor.detach() first.", stacklevel=stacklevel,
              internal=SCALAR_CONVERSION)


def _type_arg(d):
    """What Tensor.type() accepts besides a dtype, as torch reads it: a type name string
    ('minigrad.DoubleTensor') or a tensor type (Tensor, FloatTensor...)."""
    by_legacy = {t._legacy: t for t in _dtype.ALL}
    if isinstance(d, str):
        module, _, name = d.rpartition(".")
        if module in ("minigrad", "torch") and name in by_legacy:
            return by_legacy[name]
        raise ValueError(f"invalid type: '{d}'")
    if isinstance(d, type) or callable(d) and getattr(d, "__name__", None) in by_legacy:
        name = getattr(d, "__name__", "")
        if name in by_legacy and d.__module__.split(".")[0] == "minigrad":
            return by_legacy[name]
        if name == "Tensor" and d.__module__.split(".")[0] == "minigrad":
            return _dtype.float32               # the default tensor type
        module = d.__module__                   # (torch names the type by its tp_name)
        qualified = f"{module}.{name}" if module in ("numpy",) else name
        raise ValueError(f"invalid type: '{qualified}'")
    raise TypeError("dtype must be a type, str, or dtype object")
