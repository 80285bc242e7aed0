"""Copies and casts: clone, contiguous, to/double/float/long..."""
import numpy as np

from .. import _dtype
from ..autograd.graph import Node
from ._core import Tensor, invalid_combination
from ._util import cast


class CloneBackward0(Node):
    """out = a copy of x with its own storage and version counter; gradient passes through."""
    __slots__ = ()

    def forward(self, x, order):
        return np.array(x._data, order=order, copy=True)

    def backward(self, g):
        return (g,)


class ToCopyBackward0(Node):
    """out = x cast to another dtype; the gradient is cast back."""
    __slots__ = ("src_dtype",)

    def forward(self, x, np_dtype):
        self.src_dtype = x._data.dtype
        return _astype(x._data, np_dtype)

    def backward(self, g):
        return (cast(g, self.src_dtype, copy=True),)


def clone(x, *, memory_format=None):
    """A copy with new storage that stays in the graph (CloneBackward0)."""
    return CloneBackward0.apply((x,), "C" if memory_format == "contiguous" else "K")


def contiguous(x, memory_format=None):
    """x itself when already contiguous, else a contiguous clone."""
    if x._data.flags.c_contiguous:
        return x
    return clone(x, memory_format="contiguous")


_TO_TAIL = "bool non_blocking = False, bool copy = False, *, minigrad.memory_format " \
    "memory_format = None"
_TO_SIGNATURES = (
    (("minigrad.device", "device = None"), ("minigrad.dtype", "dtype = None"), ", " + _TO_TAIL),
    (("minigrad.dtype", "dtype"), ", " + _TO_TAIL),
    (("Tensor", "tensor"), ", " + _TO_TAIL),
)
_DEVICE_TYPES = ("cpu", "cuda", "mps", "meta", "xpu", "xla", "hip", "ipu", "mtia", "hpu")


def _parse_to(args, kwargs):
    """to()'s arguments as torch's parser reads them: a dtype (or int/float/bool), a device
    or device string, or a tensor whose dtype to take."""
    dtype = kwargs.pop("dtype", None)
    if dtype is not None and dtype.__class__ is not _dtype.dtype:
        try:
            dtype = _dtype.dtype_arg(dtype, "to")
        except TypeError:
            raise invalid_combination("to", args, _TO_SIGNATURES,
                                      keywords={"dtype": dtype}) from None
    copy = kwargs.pop("copy", False)
    kwargs.pop("non_blocking", None)
    kwargs.pop("device", None)
    for a in args:
        if isinstance(a, _dtype.dtype):
            dtype = a
        elif a is int or a is float or a is bool:
            dtype = _dtype.dtype_arg(a, "to")
        elif isinstance(a, Tensor):
            dtype = a.dtype
        elif isinstance(a, str) or a is None or type(a).__name__ == "device":
            if isinstance(a, str) and a.split(":")[0] not in _DEVICE_TYPES:
                raise RuntimeError(f"Invalid device string: '{a}'")
            if isinstance(a, str) and a.split(":")[0] == "cuda":
                raise AssertionError("Torch not compiled with CUDA enabled")    # torch's words
            if isinstance(a, str) and a not in ("cpu", "meta") and not a.startswith("cpu"):
                raise RuntimeError(f"minigrad runs on the CPU only (asked for device '{a}')")
        elif isinstance(a, int) and not isinstance(a, bool):     # a device index
            raise RuntimeError("Cannot access accelerator device when none is available.")
        else:
            raise invalid_combination("to", args, _TO_SIGNATURES)
    return dtype, copy


def to(x, *args, **kwargs):
    """Cast to a dtype; returns x itself when nothing changes (a cast is ToCopyBackward0)."""
    dtype, copy = _parse_to(args, kwargs)
    if dtype is None or dtype.np == x._data.dtype:
        return clone(x) if copy else x
    if dtype.is_floating_point:
        return ToCopyBackward0.apply((x,), dtype.np)
    return Tensor._make(_astype(x._data, dtype.np), False, None)     # not differentiable


def _astype(arr, np_dtype):
    """arr.astype(np_dtype); a float that does not fit (nan, inf, too large) converts
    silently, as in torch, without NumPy's warning."""
    np_dtype = np.dtype(np_dtype)
    if arr.dtype.kind == "f" and (np_dtype.kind != "f" or np_dtype.itemsize < arr.itemsize):
        with np.errstate(invalid="ignore", over="ignore"):
            return arr.astype(np_dtype)
    return arr.astype(np_dtype)


def _cast(name):
    def op(x, memory_format=None):
        return to(x, getattr(_dtype, name))
    op.__name__ = name
    return op


double = _cast("float64")
float_ = _cast("float32")
half = _cast("float16")
long = _cast("int64")
int_ = _cast("int32")
short = _cast("int16")
bool__ = _cast("bool_")
byte = _cast("uint8")
char = _cast("int8")


def cpu(x):
    return x


def cuda(x, *args, **kwargs):
    raise AssertionError("Torch not compiled with CUDA enabled")
