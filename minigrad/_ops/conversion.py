"""Copies and casts: clone, contiguous, to/double/float/long..."""
import numpy as np

from .. import _dtype
from ..autograd.graph import Node
from ._core import Tensor


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
        return x._data.astype(np_dtype)

    def backward(self, g):
        if type(g) is np.ndarray:
            return (g.astype(self.src_dtype),)
        return (g.to(_dtype.from_numpy_dtype(self.src_dtype)),)


def clone(x, *, memory_format=None):
    """A copy with new storage that stays in the graph (CloneBackward0)."""
    return CloneBackward0.apply((x,), "C" if memory_format == "contiguous" else "K")


def contiguous(x, memory_format=None):
    """x itself when already contiguous, else a contiguous clone."""
    if x._data.flags.c_contiguous:
        return x
    return clone(x, memory_format="contiguous")


def _parse_to(args, kwargs):
    dtype = kwargs.pop("dtype", None)
    copy = kwargs.pop("copy", False)
    kwargs.pop("non_blocking", None)
    kwargs.pop("device", None)
    for a in args:
        if isinstance(a, _dtype.dtype):
            dtype = a
        elif isinstance(a, Tensor):
            dtype = a.dtype
        elif isinstance(a, str) or a is None or type(a).__name__ == "device":
            if isinstance(a, str) and a not in ("cpu", "meta") and not a.startswith("cpu"):
                raise RuntimeError(f"minigrad runs on the CPU only (asked for device '{a}')")
        else:
            raise TypeError(f"to() received an invalid combination of arguments - got "
                            f"({type(a).__name__})")
    return dtype, copy


def to(x, *args, **kwargs):
    """Cast to a dtype; returns x itself when nothing changes (a cast is ToCopyBackward0)."""
    dtype, copy = _parse_to(args, kwargs)
    if dtype is None or dtype.np == x._data.dtype:
        return clone(x) if copy else x
    if dtype.is_floating_point:
        return ToCopyBackward0.apply((x,), dtype.np)
    return Tensor._make(x._data.astype(dtype.np), False, None)     # not differentiable


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
