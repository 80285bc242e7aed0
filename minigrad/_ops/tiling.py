"""Tensor.repeat: tile a tensor along every dim (torch's RepeatBackward0).

Not a view: the result owns new memory. Its gradient sums, for each input element, the
gradients of all its copies.
"""
import numpy as np

from ..autograd.graph import Node
from .._compat._argparse import Parser
from .._compat._argparse_calls import int_list
from .._compat._call_site import via_method

__all__ = ["repeat", "RepeatBackward0"]


class RepeatBackward0(Node):
    """out = x tiled `repeats` times (x's shape padded with leading 1s to len(repeats))."""
    __slots__ = ("repeats", "self_sym_sizes")
    _options = ("repeats", "self_sym_sizes")

    def forward(self, x, repeats):
        self.repeats, self.self_sym_sizes = repeats, x._data.shape
        padded = x._data.reshape((1,) * (len(repeats) - x._data.ndim) + x._data.shape)
        return np.tile(padded, repeats)

    def backward(self, g):
        # view each output dim of size r*s as (r, s) and sum over the r copies
        shape = (1,) * (len(self.repeats) - len(self.self_sym_sizes)) + self.self_sym_sizes
        split = []
        for r, s in zip(self.repeats, shape):
            split += [r, s]
        copies = tuple(range(0, 2 * len(shape), 2))
        return (g.reshape(split).sum(copies).reshape(self.self_sym_sizes),)   # (array or Tensor)


def _repeats(args):
    parser = Parser("repeat", "(tuple of ints repeats)" if via_method()
                    else "(Tensor input, tuple of ints repeats)")
    if not args:
        raise parser.error({}, [], {})
    if isinstance(args[0], (tuple, list)):
        if len(args) > 1:       # (ints may follow one another, not a sequence)
            raise TypeError(f"repeat() takes 1 positional argument but {len(args)} were given")
        items = args[0]
    else:
        items = args
    if all(a.__class__ is int for a in items):
        return tuple(items)
    err = parser.error({}, list(args), {})
    if err is not None:
        raise err
    return int_list(items, "repeat", "repeats")


def repeat(x, *repeats):
    """x tiled along each dim: ``x.repeat(2, 3)`` of a (2, 2) tensor is (4, 6). A repeat
    list longer than x's dims adds leading dims; a shorter one is an error."""
    repeats = _repeats(repeats)
    if len(repeats) < x._data.ndim:
        raise RuntimeError("Number of dimensions of repeat dims can not be smaller than "
                           "number of dimensions of tensor")
    shape = (1,) * (len(repeats) - x._data.ndim) + x._data.shape
    out_shape = [r * s for r, s in zip(repeats, shape)]
    for size in out_shape:
        if size < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {size}: "
                               f"{out_shape}")
    return RepeatBackward0.apply((x,), repeats)
