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
