"""Views made by basic indexing (select, slice, alias), and the differentiable scatter that
double backward of indexing uses."""
import numpy as np

from ..autograd.graph import Node
from .views import apply_view


class _IndexViewBack(Node):
    """Backward of x[key] for basic keys: scatter the gradient into zeros."""
    __slots__ = ("shape", "key")

    def forward(self, x, key):
        self.shape, self.key = x._data.shape, key
        return x._data[key]

    def backward(self, g):
        return (scatter_into_zeros(g, self.shape, self.key),)


class SelectBackward0(_IndexViewBack):
    __slots__ = ()


class SliceBackward0(_IndexViewBack):
    __slots__ = ()


class AliasBackward0(_IndexViewBack):
    __slots__ = ()


def basic_index_view(x, key, cls):
    if Ellipsis not in key:
        key = key + (Ellipsis,)     # keeps x[0] of a 1-D array a 0-d VIEW, not a copy
    return apply_view(cls, x, ("getitem", key), key)


class _IndexIntoZeros(Node):
    """Differentiable 'zeros(shape)[key] += g' (used to build graphs of index backward)."""
    __slots__ = ("key",)

    def forward(self, g, shape, key):
        self.key = key
        out = np.zeros(shape, g._data.dtype)
        np.add.at(out, key, g._data)
        return out

    def backward(self, g):
        return (g[self.key],)          # an ndarray, or a Tensor (create_graph)


def index_into_zeros(g, shape, key):
    return _IndexIntoZeros.apply((g,), shape, key)


def scatter_into_zeros(g, shape, key, accumulate=False):
    """Zeros of `shape` with g written at `key` (added, where `accumulate` says the key may
    repeat an element): the gradient of indexing, part of the array-or-Tensor shim
    (_either.py). A Tensor goes through the recorded index_into_zeros, so it is
    differentiable again."""
    if type(g) is not np.ndarray:
        return index_into_zeros(g, shape, key)
    out = np.zeros(shape, g.dtype)
    if accumulate:
        np.add.at(out, key, g)
    else:
        out[key] = g
    return out


IndexIntoZerosBackward0 = _IndexIntoZeros


_INDEX_DTYPES = "tensors used as indices must be long, int, byte or bool tensors"


def index_arrays(key, ndim):
    """An index_put_ key as NumPy indices: Tensors become arrays; more Tensors than x has
    dims are refused with torch's message."""
    if len(key) > ndim and all(hasattr(k, "_data") for k in key):
        raise IndexError(f"too many indices for tensor of dimension {ndim} (got {len(key)})")
    out = []
    for k in key:
        out.append(k._data if hasattr(k, "_data") else k)     # (dtypes: checked later)
    return tuple(out)


class _Shaped:
    """Something with a `_data` of a given shape (what torch_index_message reads)."""
    __slots__ = ("_data",)

    def __init__(self, data):
        self._data = data


def check_advanced_key(shape, key, value_shape=None):
    """torch's checks of an advanced key (arrays among ints, slices, None, ...) on a tensor
    of `shape`, made before its kernel reads any index: an indexed dim of size 0 with a
    nonempty index, then (for index_put) the value's shape against the result's; an index
    out of bounds is left to the kernel, so it is reported after these."""
    if any(isinstance(k, np.ndarray) and k.dtype.kind not in "biu" for k in key):
        raise IndexError(_INDEX_DTYPES)
    ndim = len(shape)
    used = sum(k.ndim if isinstance(k, np.ndarray) and k.dtype.kind == "b" else 1
               for k in key if k is not None and k is not Ellipsis and not isinstance(k, bool))
    sizes, index_shapes, pos = [], [], 0
    for k in key:
        if k is Ellipsis:
            pos += ndim - used
        elif isinstance(k, np.ndarray) and k.dtype.kind == "b":
            if tuple(shape[pos:pos + k.ndim]) != k.shape:   # torch's words for the mask
                from ._util import torch_index_message
                view = np.broadcast_to(np.empty((), bool), shape)
                raise IndexError(torch_index_message(_Shaped(view), key, "mask"))
            sizes += shape[pos:pos + k.ndim]
            index_shapes.append((int(k.sum()),))
            pos += k.ndim
        elif isinstance(k, np.ndarray):
            sizes.append(shape[pos] if pos < ndim else 1)
            index_shapes.append(k.shape)
            pos += 1
        elif k is not None and not isinstance(k, bool):
            pos += 1
    try:
        replaced = np.broadcast_shapes(*index_shapes)
    except ValueError:
        return                  # (reported by the caller, in torch's words)
    if 0 in sizes and 0 not in replaced:
        raise IndexError("index is out of bounds for dimension with size 0")
    if value_shape is None or pos > ndim:
        return
    # the result's shape, read with every index at 0 (its bounds are checked later)
    probe = tuple(np.zeros(k.shape, np.intp) if isinstance(k, np.ndarray) and k.dtype.kind != "b"
                  else k for k in key)
    try:
        result = np.broadcast_to(np.empty((), bool), shape)[probe].shape
    except (IndexError, ValueError):
        return
    lead = len(result) - len(value_shape)
    if lead < 0 or any(v not in (1, r) for v, r in zip(value_shape, result[lead:])):
        raise RuntimeError(f"shape mismatch: value tensor of shape {list(value_shape)} cannot "
                           f"be broadcast to indexing result of shape {list(result)}")
