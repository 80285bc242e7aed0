"""Views that reorder axes: permute, transpose, t, T, mT, swapaxes (each a strided view;
its backward applies the inverse permutation)."""
import numpy as np

from .._compat._argparse_calls import as_int, check_args
from ..autograd.graph import Node
from .._either import permute as _permute
from ._core import Tensor, check_tensor
from ._util import wrap_dim
from .views import _shape_args, apply_view


class _PermuteBack(Node):
    __slots__ = ("inverse",)

    def forward(self, x, perm):
        self.inverse = tuple(np.argsort(perm))
        return x._data.transpose(perm)

    def backward(self, g):
        return (_permute(g, self.inverse),)


class PermuteBackward0(_PermuteBack):
    __slots__ = ()


class TransposeBackward0(_PermuteBack):
    __slots__ = ()


class TBackward0(_PermuteBack):
    __slots__ = ()


def _permute_view(cls, x, perm):
    return apply_view(cls, x, ("transpose", perm), perm)


def permute(x, *dims):
    if x.__class__ is not Tensor:
        check_tensor(x, "permute")
    dims = _shape_args(dims, x, "permute", "dims")
    nd = x._data.ndim
    if len(dims) != nd:
        raise RuntimeError(f"permute(sparse_coo): number of dimensions in the tensor input does "
                           f"not match the length of the desired ordering of dimensions i.e. "
                           f"input.dim() = {nd} is not equal to len(dims) = {len(dims)}")
    perm = tuple(wrap_dim(d, nd) for d in dims)
    if len(set(perm)) != nd:
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    return _permute_view(PermuteBackward0, x, perm)


def transpose(x, dim0, dim1):
    if dim0.__class__ is not int or dim1.__class__ is not int:
        check_args("transpose", ("(int dim0, int dim1)",), x, {"dim0": dim0, "dim1": dim1})
        dim0, dim1 = as_int(dim0), as_int(dim1)
    nd = x._data.ndim
    perm = list(range(nd))
    a, b = wrap_dim(dim0, nd), wrap_dim(dim1, nd)
    if nd == 0:
        return _permute_view(TransposeBackward0, x, ())
    perm[a], perm[b] = perm[b], perm[a]
    return _permute_view(TransposeBackward0, x, tuple(perm))


def t(x):
    nd = x._data.ndim
    if nd > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {nd}D")
    return _permute_view(TBackward0, x, tuple(range(nd))[::-1])


def T(x):
    nd = x._data.ndim
    return _permute_view(PermuteBackward0, x, tuple(range(nd))[::-1])


def mT(x):
    return transpose(x, -2, -1)


def swapaxes(x, a, b):
    if a.__class__ is not int or b.__class__ is not int:
        check_args("swapaxes", ("(int axis0, int axis1)",), x, {"axis0": a, "axis1": b})
    return transpose(x, a, b)


def _dim_list(dims, name):
    """movedim's source/destination: one int or a sequence of ints, as a list."""
    if isinstance(dims, (int, np.integer)) and not isinstance(dims, bool):
        return [int(dims)]
    for pos, d in enumerate(dims, 1):
        if isinstance(d, bool) or not isinstance(d, (int, np.integer)):
            raise TypeError(f"movedim(): argument '{name}' failed to unpack the object at pos "
                            f"{pos} with error \"type must be tuple of ints,but got "
                            f"{type(d).__name__}\"")
    return [int(d) for d in dims]


def movedim(x, source, destination):
    """x with the dims ``source`` moved to the positions ``destination``; the other dims keep
    their order. A view (PermuteBackward0), checked in torch's order."""
    if not (source.__class__ is int and destination.__class__ is int):
        check_args("movedim", ("(int source, int destination)",
                               "(tuple of ints source, tuple of ints destination)"),
                   x, {"source": source, "destination": destination})
    src, dst = _dim_list(source, "source"), _dim_list(destination, "destination")
    if len(src) != len(dst):
        raise RuntimeError(f"movedim: Invalid source or destination dims: source ({src} dims) "
                           f"should contain the same number of dims as destination ({dst} dims)")
    nd = x._data.ndim
    wrapped_src = [wrap_dim(d, nd) for d in src]
    wrapped_dst = [wrap_dim(d, nd) for d in dst]
    if len(set(wrapped_src)) != len(src):
        raise RuntimeError(f"movedim: repeated dim in `source` ({src})")
    if len(set(wrapped_dst)) != len(dst):
        raise RuntimeError(f"movedim: repeated dim in `destination` ({dst})")
    if nd == 0:
        from .index_views import AliasBackward0, basic_index_view
        return basic_index_view(x, (), AliasBackward0)
    order = [None] * nd
    for s, d in zip(wrapped_src, wrapped_dst):
        order[d] = s
    rest = iter(d for d in range(nd) if d not in wrapped_src)
    perm = tuple(o if o is not None else next(rest) for o in order)
    return _permute_view(PermuteBackward0, x, perm)
