"""Copies and casts: clone, contiguous, to/double/float/long..."""
import numpy as np

from .. import _dtype
from .._device import NO_ACCELERATOR, NO_CUDA, as_device, device as device_cls
from .._device import refuse as refuse_device
from ..autograd.graph import Node
from ._core import Tensor, invalid_combination, type_name
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
    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise TypeError(f"clone(): argument 'input' (position 1) must be Tensor, not "
                        f"{type_name(x)}")
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
def _parse_to(args, kwargs):
    """to()'s arguments as torch's parser reads them: a dtype (or int/float/bool), a device
    or device string, or a tensor whose dtype to take. Returns (dtype, copy, device); a
    malformed device raises here, a device minigrad lacks is refused by the caller (a module
    without tensors moves anywhere)."""
    dtype = kwargs.pop("dtype", None)
    if dtype is not None and dtype.__class__ is not _dtype.dtype:
        try:
            dtype = _dtype.dtype_arg(dtype, "to")
        except TypeError:
            raise invalid_combination("to", args, _TO_SIGNATURES,
                                      keywords={"dtype": dtype}) from None
    copy = kwargs.pop("copy", False)
    kwargs.pop("non_blocking", None)
    device = kwargs.pop("device", None)
    if device is not None and not isinstance(device, (str, int, device_cls)) or \
            isinstance(device, bool):
        raise invalid_combination("to", args, _TO_SIGNATURES, keywords={"device": device})
    device = as_device(device, "to")
    given = None                        # (a device string is parsed once the types match)
    for i, a in enumerate(args):
        if isinstance(a, _dtype.dtype):
            dtype = a
        elif a is int or a is float or a is bool:
            dtype = _dtype.dtype_arg(a, "to")
        elif isinstance(a, Tensor):
            dtype = a.dtype
        elif a is None:
            pass
        elif i == 0 and (isinstance(a, (str, device_cls)) or isinstance(a, int) and
                         not isinstance(a, bool)):
            given = a                   # (only the first overload takes a device, first)
        else:
            raise invalid_combination("to", args, _TO_SIGNATURES)
    if given is not None:
        device = as_device(given, "to")
    return dtype, copy, device


def to(x, *args, **kwargs):
    """Cast to a dtype; returns x itself when nothing changes (a cast is ToCopyBackward0).
    Any device but the CPU is refused as a CPU-only build of torch refuses it."""
    dtype, copy, device = _parse_to(args, kwargs)
    if device is not None:
        refuse_device(device)
    if dtype is None or dtype.np == x._data.dtype:
        if not copy:
            return x
        dtype = _dtype.from_numpy_dtype(x._data.dtype)      # (a copy is a ToCopyBackward0 too)
    if dtype.is_floating_point:
        return ToCopyBackward0.apply((x,), dtype.np)
    return Tensor._make(_astype(x._data, dtype.np), False, None)     # not differentiable


def _astype(arr, np_dtype):
    """arr.astype(np_dtype); a float that does not fit (nan, inf, too large) converts
    silently, as in torch, without NumPy's warning. The result is laid out as torch's
    preserve_format lays it out (see _dense_order)."""
    np_dtype = np.dtype(np_dtype)
    with np.errstate(invalid="ignore", over="ignore"):
        if _dense(arr):                     # keeps arr's strides (a transpose stays one)
            return arr.astype(np_dtype, order="K")
        order = _dense_order(arr)
        out = np.empty([arr.shape[d] for d in order], np_dtype).transpose(np.argsort(order))
        out[...] = arr
        return out


def _dense(arr):
    """Whether arr's elements fill a block of memory exactly once (torch's
    is_non_overlapping_and_dense): its strides, smallest first, are the running products
    of the sizes."""
    if arr.flags.c_contiguous or arr.flags.f_contiguous:
        return True
    expected = arr.itemsize
    for stride, size in sorted((st, n) for st, n in zip(arr.strides, arr.shape) if n != 1):
        if stride != expected:
            return False
        expected *= size
    return True


def _dense_order(arr):
    """The dims of a non-dense arr, outermost first, as torch's infer_dense_strides orders
    them: by stride, with a stride-0 (expanded) dim compared with nothing, so it keeps its
    place (an expanded tensor's copy is contiguous, a sliced transpose's stays transposed)."""
    strides, shape = arr.strides, arr.shape
    perm = list(range(arr.ndim))[::-1]      # innermost first; insertion sort as torch's
    for i in range(1, len(perm)):
        j = i
        for k in range(i - 1, -1, -1):
            a, b = perm[k], perm[j]
            if strides[a] == 0 or strides[b] == 0 or \
                    (strides[a] == strides[b] and shape[a] <= shape[b]):
                continue                    # no order between them: look further
            if strides[a] < strides[b]:
                break
            perm[k], perm[j] = b, a
            j = k
    return perm[::-1]


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


def pin_memory(x, device=None):
    """Page-locked memory needs an accelerator; there is none."""
    raise RuntimeError(NO_ACCELERATOR)


def is_pinned(x, device=None):
    return False


def cuda(x, device=None, non_blocking=False, memory_format=None, **unexpected):
    """Copy to a GPU: the device is parsed as torch parses it, then refused (no CUDA)."""
    if device is not None and not isinstance(device, (str, int, device_cls)) or \
            isinstance(device, bool):
        raise TypeError(f"cuda(): argument 'device' (position 1) must be minigrad.device, not "
                        f"{type_name(device)}")
    if unexpected:      # (torch's parser checks the device first)
        raise TypeError(f"cuda() got an unexpected keyword argument '{next(iter(unexpected))}'")
    device = as_device(device, "cuda")
    if device is not None and device.type != "cuda":
        raise RuntimeError("Invalid device, must be cuda device")
    raise AssertionError(NO_CUDA)
