"""Creating tensors: tensor(), the legacy Tensor(...) constructor and the factories (arange and
linspace are in _ranges.py, the random ones in _random.py)."""
import functools
import warnings

import numpy as np

from . import _dtype
from ._device import factory as _device_factory
from ._dtype import device, dtype as _dtype_cls  # noqa: F401  (device: minigrad.device)
from ._dtype import _Default, get_default_dtype, set_default_dtype  # noqa: F401  (re-exported)
from ._compat._argparse import Parser, tp_name
from ._compat._argparse_calls import binding_error, torch_signatures, with_binding_errors
from ._tensor import Tensor
from ._ops._core import check_tensor, checked_value, type_name
from ._ops._core import number_arg as _number_arg, size_arg as _size
from ._tensor_data import to_array


def _factory(fn, takes_pin_memory=True):
    """The device wrapper of a factory (torch's order of device checks) over `fn` whose
    argument-binding errors are worded as torch's parser words them."""
    return _device_factory(with_binding_errors(fn), takes_pin_memory)


__all__ = ["tensor", "as_tensor", "from_numpy", "ones", "zeros", "full", "empty", "eye",
           "ones_like", "zeros_like", "full_like", "empty_like", "device", "get_default_dtype",
           "set_default_dtype", "is_tensor", "is_inference", "numel"]

_FLOAT_REQUIRED = "Only Tensors of floating point and complex dtype can require gradients"


def _finish(arr, requires_grad):
    t = Tensor._make(arr, False, None)
    if requires_grad:
        if arr.dtype.kind != "f":
            raise RuntimeError(_FLOAT_REQUIRED)
        t._requires_grad = True
    return t


@_factory
def tensor(data, *, dtype=None, device=None, requires_grad=False):
    """A new leaf tensor copying `data` (nested lists, numbers, arrays)."""
    if dtype is not None and dtype.__class__ is not _dtype_cls:
        dtype = _dtype.dtype_arg(dtype, "tensor")
    if isinstance(data, Tensor):
        warnings.warn("To copy construct from a tensor, it is recommended to use "
                      "sourceTensor.detach().clone() or "
                      "sourceTensor.detach().clone().requires_grad_(True), rather than "
                      "minigrad.tensor(sourceTensor).", UserWarning, stacklevel=2)
        arr = np.array(data._data, dtype=None if dtype is None else dtype.np)
        return _finish(arr, requires_grad)
    return _finish(to_array(data, dtype), requires_grad)


@functools.partial(_factory, takes_pin_memory=False)
def as_tensor(data, *, dtype=None, device=None):
    if dtype is not None and dtype.__class__ is not _dtype_cls:
        dtype = _dtype.dtype_arg(dtype, "as_tensor")
    if isinstance(data, Tensor) and (dtype is None or dtype == data.dtype):
        return data
    if isinstance(data, np.ndarray) and (dtype is None or dtype.np == data.dtype):
        return from_numpy(data)
    return tensor(data, dtype=dtype)


def from_numpy(arr):
    """A tensor sharing memory with the ndarray."""
    if not isinstance(arr, np.ndarray):
        raise TypeError(f"expected np.ndarray (got {tp_name(arr)})")
    _dtype.from_numpy_dtype(arr.dtype)
    return Tensor._make(arr, False, None)


def is_tensor(obj):
    return isinstance(obj, Tensor)


def is_inference(input):
    """True when `input` was created in inference mode (torch.is_inference)."""
    return check_tensor(input, "is_inference").is_inference()


def numel(input):
    """The number of elements of `input` (torch.numel)."""
    return check_tensor(input, "numel").numel()


def legacy_new(cls, args, kwargs):
    """`Tensor(...)`/`FloatTensor(...)`: from data (always float32 for Tensor), or sizes
    (uninitialised values)."""
    np_dtype = kwargs.pop("_legacy_dtype", np.float32)
    if kwargs:
        raise TypeError(f"new() received an invalid combination of arguments - got "
                        f"({', '.join(kwargs)})")
    if len(args) == 0:
        arr = np.empty((0,), np_dtype)
    elif len(args) == 1 and isinstance(args[0], str):
        raise TypeError("new(): invalid data type 'str'")
    elif len(args) == 1 and isinstance(args[0], (list, tuple, range, np.ndarray, Tensor)) \
            and not (isinstance(args[0], tuple) and all(isinstance(a, int) for a in args[0])
                     and False):
        src = args[0]
        if isinstance(src, Tensor):
            return src
        arr = to_array(src, _dtype.from_numpy_dtype(np.dtype(np_dtype)))
    elif all(isinstance(a, int) and not isinstance(a, bool) for a in args):
        # torch leaves memory uninitialised; zeros are fine
        arr = np.zeros(_size(args, "new"), np_dtype)
    elif len(args) == 1 and isinstance(args[0], str):
        raise TypeError("new(): invalid data type 'str'")
    else:
        raise TypeError(f"new(): data must be a sequence (got {tp_name(args[0])})")
    t = object.__new__(cls)
    t._data, t._requires_grad, t._node, t._grad, t._vc = arr, False, None, None, None
    return t


# ---- factories ---------------------------------------------------------------------

def _np(dtype, default=None, op="ones"):
    if dtype is None:
        return (default or _Default.dtype).np
    if dtype.__class__ is not _dtype_cls:
        dtype = _dtype.dtype_arg(dtype, op)
        if dtype is None:
            return (default or _Default.dtype).np
    return dtype.np


def _requires_grad_first(size, dtype, requires_grad, op):
    """A factory's `requires_grad=` that is not a bool, in the parser's order: after the
    size's type and the dtype's (a tensor class passes), before the size's values."""
    try:
        _size(size, op)
    except TypeError as exc:
        if "(position 1)" in str(exc) or "positional" in str(exc):
            raise
    except RuntimeError:
        pass
    if dtype is not None and not _tensor_type(dtype):
        _dtype.dtype_arg(dtype, op)
    return _requires_grad_arg(requires_grad, op)


def _shape_and_dtype(size, dtype, op, requires_grad=False):
    """(shape, NumPy dtype) of a factory call, its errors in torch's order: the parser checks
    the size's type, then the dtype's; the size's values (later elements, signs) come last."""
    if requires_grad.__class__ is not bool:
        _requires_grad_first(size, dtype, requires_grad, op)
    if not size:                        # (`size` is required: ones(()) is the 0-d tensor)
        raise TypeError(f'{op}() missing 1 required positional arguments: "size"')
    try:
        shape = _size(size, op)
    except (TypeError, RuntimeError) as exc:
        if isinstance(exc, RuntimeError) or "failed to unpack" in str(exc):
            _np(dtype, op=op)
        raise
    return shape, _np(dtype, op=op)


def allocate(make, shape, np_dtype):
    """`make()` (which allocates an array of `shape` and `np_dtype`) under torch's checks: a
    byte count beyond int64 is refused before NumPy sees it, and an allocation the machine
    cannot make raises torch's allocator error rather than NumPy's MemoryError."""
    nbytes = np.dtype(np_dtype).itemsize
    for n in shape:
        nbytes *= n
    if nbytes >= 2 ** 63:
        raise RuntimeError(f"Storage size calculation overflowed with sizes="
                           f"[{', '.join(str(n) for n in shape)}]")
    try:
        return make()
    except (MemoryError, ValueError) as exc:
        if isinstance(exc, ValueError) and "too big" not in str(exc):
            raise                       # (NumPy's "array is too big": it cannot allocate)
        raise RuntimeError(f"[enforce fail at alloc_cpu.cpp:127] err == 0. DefaultCPUAllocator: "
                           f"can't allocate memory: you tried to allocate {nbytes} bytes. Error "
                           f"code 12 (Cannot allocate memory)") from None


@_factory
def ones(*size, dtype=None, requires_grad=False, device=None, out=None):
    shape, np_dtype = _shape_and_dtype(size, dtype, "ones", requires_grad)
    return _finish(allocate(lambda: np.ones(shape, np_dtype), shape, np_dtype), requires_grad)


@_factory
def zeros(*size, dtype=None, requires_grad=False, device=None, out=None):
    try:
        shape, np_dtype = _shape_and_dtype(size, dtype, "zeros", requires_grad)
    except RuntimeError:                # a negative size: zeros has its own message
        raise RuntimeError("zeros: Dimension size must be non-negative.") from None
    return _finish(allocate(lambda: np.zeros(shape, np_dtype), shape, np_dtype), requires_grad)


@_factory
def empty(*size, dtype=None, requires_grad=False, device=None, memory_format=None):
    shape, np_dtype = _shape_and_dtype(size, dtype, "empty", requires_grad)
    return _finish(allocate(lambda: np.zeros(shape, np_dtype), shape, np_dtype), requires_grad)


@_factory
def full(size, fill_value, *, dtype=None, requires_grad=False, device=None):
    if not isinstance(size, (tuple, list)):
        raise TypeError(f"full(): argument 'size' (position 1) must be tuple of ints, not "
                        f"{type_name(size)}")
    try:            # the parser reads the size's type, then fill_value, then the size's values
        shape = _size((size,), "full")
    except (TypeError, RuntimeError) as exc:
        if isinstance(exc, RuntimeError) or "failed to unpack" in str(exc):
            _number_arg(fill_value, "full", "fill_value", 2)
        raise
    fill_value = _number_arg(fill_value, "full", "fill_value", 2)
    if dtype is None:
        dtype = (_dtype.bool_ if isinstance(fill_value, bool) else
                 _dtype.int64 if isinstance(fill_value, int) else _Default.dtype)
    np_dtype = _np(dtype, op="full")
    fill_value = checked_value(np.dtype(np_dtype), fill_value)
    return _finish(allocate(lambda: np.full(shape, fill_value, np_dtype), shape, np_dtype),
                   requires_grad)


_FACTORY_KEYWORDS = ("torch.dtype dtype = None, torch.layout layout = None, torch.device device = "
                     "None, bool pin_memory = False, bool requires_grad = False")

_EYE = Parser("eye", f"(int n, *, Tensor out = None, {_FACTORY_KEYWORDS})",
              f"(int n, int m, *, Tensor out = None, {_FACTORY_KEYWORDS})")


@_factory
def eye(n, m=None, *, dtype=None, requires_grad=False, device=None):
    """The n x m identity matrix (square when m is None)."""
    given = (n,) if m is None else (n, m)
    for x in given:
        if not isinstance(x, (int, np.integer)) or isinstance(x, bool):
            err = _EYE.error({"n": n} if m is None else {"n": n, "m": m})
            if err is not None:
                raise err
        if not -2 ** 63 <= x < 2 ** 63:
            raise ValueError("Overflow when unpacking long long")
    for name, x in zip("nm", given):
        if x < 0:
            raise RuntimeError(f"{name} must be greater or equal to 0, got {x}")
    rows, cols = int(n), int(n if m is None else m)
    np_dtype = _np(dtype, op="eye")
    return _finish(allocate(lambda: np.eye(rows, cols, dtype=np_dtype), (rows, cols), np_dtype),
                   requires_grad)


_LIKE_OPTIONS = ("layout", "pin_memory", "memory_format")     # torch's, with no effect here


def _tensor_type(x):
    """Whether `x` is a tensor class (torch.Tensor, torch.FloatTensor): torch's parser lets
    one through as a dtype, and fails to convert it after the other arguments' checks."""
    return isinstance(x, type) and (tp_name(x) == "minigrad._C._TensorMeta"
                                    or type(x).__name__ == "tensortype")


def _requires_grad_arg(value, op):
    """`requires_grad=` as torch's parser reads it: a bool, or None for False."""
    if value is None:
        return False
    if value.__class__ is not bool:
        raise TypeError(f"{op}(): argument 'requires_grad' must be bool, not {tp_name(value)}")
    return value


def _like_arguments(name, t, args, kwargs):
    """torch's parser error for arguments `ones_like(t, ...)` does not take: a second
    positional argument or a keyword it does not know."""
    unknown = [k for k in kwargs if k not in _LIKE_OPTIONS + ("dtype", "requires_grad",
                                                             "device", "generator")]
    text = (f"{name}() takes 1 positional argument but {len(args) + 1} were given" if args
            else f"{name}() got an unexpected keyword argument '{unknown[0]}'" if unknown
            else None)
    signatures = torch_signatures(name, False)
    err = Parser(name, *signatures).error(None, [t, *args], kwargs) if signatures else None
    if err is not None:
        raise err
    if text is not None:
        raise binding_error(name, TypeError(text), (t, *args), kwargs)


def _like(fn, name):
    def like(input, *args, dtype=None, requires_grad=False, device=None, **kwargs):
        t = input
        if (fn is not full_like_impl and (args or kwargs)) or requires_grad.__class__ is \
                not bool or (dtype is not None and dtype.__class__ is not _dtype_cls):
            # (a factory's parser lets a tensor class through as dtype; its cast fails after)
            named = {"dtype": None if _tensor_type(dtype) else dtype,
                     "requires_grad": requires_grad, "device": device}
            _like_arguments(name, t, args if fn is not full_like_impl else (), {
                **{k: v for k, v in named.items() if v is not None and v is not False},
                **(kwargs if fn is not full_like_impl else {})})
            requires_grad = bool(requires_grad)     # (None: the parser's default)
            if dtype is not None:
                dtype = _dtype.dtype_arg(dtype, name)     # (a tensor class fails here)
        if t.__class__ is not Tensor:
            check_tensor(t, name)
        d = dtype or t.dtype
        return fn(*args, t._data.shape, dtype=d, requires_grad=requires_grad, **kwargs) \
            if fn is full_like_impl else fn(t._data.shape, dtype=d, requires_grad=requires_grad)
    like.__name__ = like.__qualname__ = name      # (Python's binding errors name it)
    return _factory(like)


def full_like_impl(value, shape, dtype=None, requires_grad=False):
    return _finish(np.full(shape, value, dtype.np), requires_grad)


ones_like = _like(ones, "ones_like")
zeros_like = _like(zeros, "zeros_like")
empty_like = _like(empty, "empty_like")


@_factory
def full_like(t, fill_value, *, dtype=None, requires_grad=False, device=None):
    check_tensor(t, "full_like")
    if isinstance(fill_value, Tensor) and fill_value._data.ndim:   # (a 0-d one is a Number)
        raise TypeError("full_like(): argument 'fill_value' (position 2) must be Number, not "
                        "Tensor")
    return full_like_impl(fill_value, t._data.shape, dtype or t.dtype, requires_grad)


