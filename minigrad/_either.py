"""The array-or-Tensor shim of backward formulas (it needs only the Tensor record, so the
formulas in autograd/ can use it too).

A backward formula receives NumPy arrays, or Tensors while a graph of the backward is being
built (create_graph=True). Where the two spell an operation differently, the formula calls
one of these helpers (or `where`, `sum_to`, `expand_to`, `zeros_of`, `cast` in
_ops/_util.py, `scatter_into_zeros` in _ops/index_views.py), so each formula is written
once. Hot formulas (mul, add, tanh, sigmoid, ...) need none: NumPy and Tensor operators are
spelled alike, so their array path pays no extra call.
"""
import numpy as np

from ._tensor import Tensor


def array(v):
    """The NumPy array of an array or Tensor: for masks, shapes and counts, which carry no
    gradient."""
    return v._data if isinstance(v, Tensor) else v


def constant_like(out, like):
    """`out`, an array computed from values, in the form of `like`: a Tensor without history
    when `like` is one (a part of the formula that is not differentiated again)."""
    return Tensor._make(out, False, None) if isinstance(like, Tensor) else out


def keep_dtype(g, np_dtype):
    """An array gradient converted to `np_dtype`; a Tensor gradient is left as its graph made
    it."""
    return g if isinstance(g, Tensor) else g.astype(np_dtype, copy=False)


def copy_of(v):
    """A copy with its own storage (recorded as a clone for a Tensor)."""
    return v.clone() if isinstance(v, Tensor) else np.array(v)


def write_into(region, value):
    """region[...] = value, or zeros for None (recorded as copy_ for a Tensor)."""
    if isinstance(region, Tensor):
        region.copy_(region * 0 if value is None else value)
    else:
        region[...] = 0 if value is None else value


def exp(v):
    return v.exp() if isinstance(v, Tensor) else np.exp(v)


def log(v):
    return v.log() if isinstance(v, Tensor) else np.log(v)


def sin(v):
    return v.sin() if isinstance(v, Tensor) else np.sin(v)


def cos(v):
    return v.cos() if isinstance(v, Tensor) else np.cos(v)


def permute(v, perm):
    return v.permute(perm) if isinstance(v, Tensor) else v.transpose(perm)


def clamp_min(v, low):
    """max(v, low), elementwise."""
    return v.clamp(min=low) if isinstance(v, Tensor) else np.maximum(v, v.dtype.type(low))


def broadcast_like(g, like):
    """A gradient broadcast to the shape of the input `like`: a fresh array in its dtype, or
    an expanded Tensor."""
    if isinstance(like, Tensor):
        return g.expand(like.shape)
    return np.broadcast_to(g, like.shape).astype(like.dtype)


def expand(v, shape):
    return v.expand(shape) if isinstance(v, Tensor) else np.broadcast_to(v, shape)


def swap_last(m):
    """The last two dims swapped (a matrix transposed)."""
    return m.transpose(-1, -2) if isinstance(m, Tensor) else m.swapaxes(-1, -2)


def select(v, dim, i):
    return v.select(dim, i) if isinstance(v, Tensor) else np.take(v, i, axis=dim)


def flip(v, dims):
    return v.flip(dims) if isinstance(v, Tensor) else np.flip(v, dims).copy()


def sum_keepdim(v, dim):
    """Sum over `dim`, keeping it (a 0-d value is its own sum, as in torch)."""
    if isinstance(v, Tensor):
        return v.sum(dim, keepdim=True)
    return v.sum(axis=dim, keepdims=True) if np.ndim(v) else v


def unsqueeze(v, dim):
    return v.unsqueeze(dim) if isinstance(v, Tensor) else np.expand_dims(v, dim)


def t(m):
    """A matrix transposed (recorded as torch's TBackward0 for a Tensor)."""
    return m.t() if isinstance(m, Tensor) else m.T

