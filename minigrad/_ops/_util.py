"""Helpers shared by the op families: dims, dtype promotion, and gradient reshaping.

Backward formulas receive NumPy arrays, or Tensors when a graph of the backward is being
built (create_graph=True); the helpers here accept both, so each formula is written once.
"""
import numpy as np

from .._dtype import get_default_dtype
from .._tensor import Tensor
from .._tensor_base import wrap_dim  # noqa: F401  (used by the op families)
from .._sum_to import F16, add_reduce, sum_rows, sum_to  # noqa: F401  (used by the op families)

_ndarray = np.ndarray
_KIND = {"b": 0, "i": 1, "u": 1, "f": 2}
I64 = np.dtype(np.int64)


def promote_types(x, y):
    """torch.promote_types for two NumPy dtypes."""
    if x is y:
        return x
    kx, ky = _KIND[x.kind], _KIND[y.kind]
    if kx != ky:
        return x if kx > ky else y
    return np.promote_types(x, y)


def scalar_kind(s):
    return 0 if type(s) is bool else 1 if type(s) is int else 2


def result_dtype(a, b):
    """The dtype torch gives `a op b` (a Tensor; b a Tensor or a Python scalar): dimensioned
    tensors decide, 0-d tensors and Python numbers only when of a higher category."""
    ad = a._data.dtype
    if isinstance(b, (bool, int, float)):
        k = scalar_kind(b)
        if k > _KIND[ad.kind]:
            return get_default_dtype().np if k == 2 else I64   # (float32 unless set)
        return ad
    if not isinstance(b, Tensor):
        if isinstance(b, np.generic) and b.dtype.kind in "biuf":   # a NumPy scalar: its
            return result_dtype(a, b.item())                        # value, as a number
        if isinstance(b, complex):
            raise TypeError("minigrad does not support complex numbers")
        raise TypeError(f"expected a Tensor or a number, got {type(b).__name__}")
    bd = b._data.dtype
    if ad is bd:
        return ad
    a0, b0 = a._data.ndim == 0, b._data.ndim == 0
    if a0 == b0:
        return promote_types(ad, bd)
    dim, zero = (bd, ad) if a0 else (ad, bd)
    return zero if _KIND[zero.kind] > _KIND[dim.kind] else dim


def cast(g, np_dtype, copy=False):
    """g converted to np_dtype (array or Tensor); an array is copied when `copy` says so."""
    if not hasattr(g, "_data"):
        g = np.asarray(g)
        return g if g.dtype == np_dtype and not copy else g.astype(np_dtype)
    if g._data.dtype == np_dtype:
        return g
    from .._dtype import from_numpy_dtype
    return g.to(from_numpy_dtype(np_dtype))


def to_input(g, meta):
    """Reduce and cast a gradient to an input's (shape, dtype)."""
    shape, dtype = meta
    if g.shape != shape:
        g = sum_to(g, shape)
    if type(g) is _ndarray and (g.dtype is dtype or g.dtype == dtype):
        return g
    return cast(g, dtype)


def zeros(shape, like):
    if type(like) is _ndarray:
        return np.zeros(shape, like.dtype)
    return Tensor._make(np.zeros(shape, like._data.dtype), False, None)


_UINT_OF_SIZE = {2: np.uint16, 4: np.uint32, 8: np.uint64}


def where(mask, a, b):
    """mask ? a : b for arrays or Tensors (mask: an array, or a bool Tensor)."""
    if type(a) is _ndarray or not hasattr(a, "_data"):
        if type(b) is int and b == 0 and type(a) is _ndarray and a.ndim \
                and a.dtype.kind == "f" and type(mask) is _ndarray and a.shape == mask.shape:
            return _keep_where(mask, a)
        return np.where(mask, a, b)
    m = mask if type(mask) is not _ndarray else Tensor._make(mask, False, None)
    return a * m + (b * (~m) if not isinstance(b, (int, float)) or b != 0 else 0)


def _keep_where(mask, a):
    """mask ? a : +0.0, exactly (nan and inf outside the mask become 0, as in torch), but
    without branches: ANDing the bits with all-ones or all-zeros. np.where mispredicts a
    branch per element on a random mask (a relu's), about 20 times slower here."""
    uint = _UINT_OF_SIZE[a.dtype.itemsize]
    bits = mask.astype(uint)
    np.negative(bits, out=bits)                       # True -> all ones, False -> 0
    out = np.empty_like(a)          # its own array, not a view: the leaf's .grad can be it
    np.bitwise_and(a.view(uint), bits, out=out.view(uint))
    return out


def expand_to(g, shape):
    """Broadcast g to shape (read-only view for arrays)."""
    if hasattr(g, "_data"):
        return g.expand(shape)
    return np.broadcast_to(g, shape)


def is_scalar(x):
    t = type(x)
    return t is float or t is int or t is bool


def broadcast_shapes(s1, s2):
    """torch's broadcasting rule, with its error message."""
    n = max(len(s1), len(s2))
    a = (1,) * (n - len(s1)) + tuple(s1)
    b = (1,) * (n - len(s2)) + tuple(s2)
    for i in reversed(range(n)):        # torch reports the last mismatching dim
        x, y = a[i], b[i]
        if x != y and x != 1 and y != 1:
            raise RuntimeError(f"The size of tensor a ({x}) must match the size of tensor b "
                               f"({y}) at non-singleton dimension {i}")
    return tuple(y if x == 1 else x for x, y in zip(a, b))


def zeros_of(g):
    """A zero gradient shaped like g (not `g * 0`, which turns inf/nan into nan)."""
    if hasattr(g, "_data"):
            return Tensor._make(np.zeros_like(g._data), False, None)
    return np.zeros_like(g)


def torch_index_message(x, key, err):
    """torch's IndexError message for an advanced index that does not fit x."""
    if not isinstance(key, (tuple, list)):
        key = (key,)
    used = sum(k.ndim if isinstance(k, np.ndarray) and k.dtype.kind == "b" else 1
               for k in key if k is not None and k is not Ellipsis)      # a mask uses its dims
    if used > x._data.ndim:
        return f"too many indices for tensor of dimension {x._data.ndim}"
    for dim, k in enumerate(key):
        if dim >= x._data.ndim:
            break
        if isinstance(k, np.ndarray) and k.dtype.kind in "iu" and k.size:
            size = x._data.shape[dim]
            bad = k[(k >= size) | (k < -size)]
            if bad.size:
                return f"index {int(bad.flat[0])} is out of bounds for dimension {dim} with " \
                       f"size {size}"
    # a mask is compared with the tensor left by the basic indices (ints, slices, None),
    # which torch applies first
    shape, pos = list(x._data.shape), 0
    for k in key:
        if k is None:
            shape.insert(pos, 1)
            pos += 1
        elif k is Ellipsis:
            pos += len(shape) - pos - sum(1 for j in key[key.index(k) + 1:]
                                          if j is not None and j is not Ellipsis)
        elif isinstance(k, (int, np.integer)) and not isinstance(k, bool):
            if pos < len(shape):
                del shape[pos]
        elif isinstance(k, slice):
            if pos < len(shape):
                shape[pos] = len(range(*k.indices(shape[pos])))
            pos += 1
        elif isinstance(k, np.ndarray) and k.dtype.kind == "b":
            for j, n in enumerate(k.shape):
                if pos + j >= len(shape) or shape[pos + j] != n:
                    return (f"The shape of the mask {list(k.shape)} at index {j} does not "
                            f"match the shape of the indexed tensor {shape} at index {pos + j}")
            pos += k.ndim
        else:
            pos += 1
    return str(err)
