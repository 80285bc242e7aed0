"""Ops that cut a tensor into pieces (`split`, `chunk`, `unbind`) and `flip`.

split/chunk/unbind return several VIEWS made by ONE node with several outputs
(`SplitBackward0`, ...): backward receives one gradient per piece (zeros for the pieces
that did not reach the loss) and joins them back. torch forbids modifying such a view in
place (the one node could not rewrite the history of a single piece), and so do we.
flip is not a view: it copies, so its backward flips the gradient back.
"""
import numpy as np

from ..autograd.graph import Node, begin
from ._core import Tensor, check_tensor
from .._either import flip as _flip, keep_dtype
from ._util import wrap_dim
from .views import _shape_args
from ..autograd.view_history import make_view

__all__ = ["split", "chunk", "unbind", "flip"]


def _join(grads, dim, stack):
    """cat (or stack) the per-output gradients; Tensors when a graph of backward is built
    (a shim helper, see _either.py: the engine may hand a mix of arrays and Tensors)."""
    if any(isinstance(g, Tensor) for g in grads):
        from .indexing import cat, stack as stack_t
        parts = [g if isinstance(g, Tensor) else Tensor._make(g, False, None) for g in grads]
        return stack_t(parts, dim) if stack else cat(parts, dim)
    return np.stack(grads, axis=dim) if stack else np.concatenate(grads, axis=dim)


class SplitBackward0(Node):
    """outs = x.split(size, dim): every output is a slice of x; backward concatenates the
    output gradients along dim."""
    __slots__ = ("dim", "dtype")
    _view_label = "Split"           # the name torch's in-place error uses

    def forward(self, x, dim, bounds):
        self.dim, self.dtype = dim, x._data.dtype
        return [x._data[_slice_key(dim, a, b)] for a, b in bounds]

    def backward(self, grads):
        grads = tuple(keep_dtype(g, self.dtype) for g in grads)
        return (_join(grads, self.dim, stack=False),)


class SplitWithSizesBackward0(SplitBackward0):
    """outs = x.split([sizes], dim)."""
    __slots__ = ()
    _view_label = "SplitWithSizes"


class UnbindBackward0(SplitBackward0):
    """outs = x.unbind(dim): each output is x.select(dim, i); backward stacks them."""
    __slots__ = ()
    _view_label = "Unbind"

    def forward(self, x, dim, n):
        self.dim, self.dtype = dim, x._data.dtype
        return [x._data[_slice_key(dim, i, None)] for i in range(n)]

    def backward(self, grads):
        grads = tuple(keep_dtype(g, self.dtype) for g in grads)
        return (_join(grads, self.dim, stack=True),)


def _slice_key(dim, a, b):
    """The NumPy key of x[..., a:b, ...] on dim (x[..., a, ...] when b is None)."""
    return (slice(None),) * dim + ((a if b is None else slice(a, b)), Ellipsis)


def _views(cls, x, dim, arg, bounds):
    """Run the multi-output node `cls` and wrap each piece as a view of x."""
    node = begin(cls, (x,))
    pieces = node.forward(x, dim, arg)
    recorded = node._seq is not None
    if recorded:
        node._n_outputs = len(pieces)
        node._hooked = True          # the engine's slow path keeps one gradient per output
        node.__dict__["_output_shapes"] = tuple(p.shape for p in pieces)
        node.__dict__["_output_dtypes"] = (x._data.dtype,) * len(pieces)
    outs = []
    for i, (piece, (a, b)) in enumerate(zip(pieces, bounds)):
        out = make_view(x, piece, node, ("getitem", _slice_key(dim, a, b)))
        if recorded:
            if i:
                out.__dict__["_output_nr"] = i
            out.__dict__["_multi_view"] = (i, cls._view_label)
        outs.append(out)
    return tuple(outs)


def _int_arg(value, fn, name, pos, type_name="int"):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{fn}(): argument '{name}' (position {pos}) must be {type_name}, not "
                        f"{type(value).__name__}")
    return int(value)


def split(x, split_size_or_sections, dim=0):
    """Pieces of `split_size` along dim (the last may be smaller), or pieces of the given
    sizes when a list is passed. Views of x."""
    if isinstance(dim, bool) or not isinstance(dim, (int, np.integer)):
        got = type(split_size_or_sections).__name__
        dn = type(dim).__name__
        raise TypeError(
            f"split() received an invalid combination of arguments - got (Tensor, {got}, {dn}), "
            "but expected one of:\n * (Tensor input, int split_size, int dim = 0)\n      "
            "didn't match because some of the arguments have invalid types: "
            f"(Tensor, {got if got == 'int' else '!' + got + '!'}, !{dn}!)\n"
            " * (Tensor input, tuple of ints split_size, int dim = 0)\n      didn't match "
            "because some of the arguments have invalid types: "
            f"(Tensor, {'!' + got + '!' if got == 'int' else got}, !{dn}!)\n")
    nd = x._data.ndim
    if nd == 0:
        raise RuntimeError("split expects at least a 1-dimensional tensor")
    d = wrap_dim(dim, nd)
    n = x._data.shape[d]
    if isinstance(split_size_or_sections, (list, tuple)):
        sizes = list(split_size_or_sections)
        for i, s in enumerate(sizes):
            if isinstance(s, bool) or not isinstance(s, (int, np.integer)):
                if isinstance(s, float):
                    raise TypeError("split_with_sizes(): argument 'split_sizes' (position 2) "
                                    "must be tuple of ints, but found element of type float "
                                    f"at pos {i}")
                raise TypeError("split_with_sizes(): argument 'split_sizes' failed to unpack "
                                "the object at pos 2 with error \"type must be tuple of "
                                f"ints,but got {type(s).__name__}\"")
        if any(s < 0 for s in sizes) or sum(sizes) != n:
            raise RuntimeError(f"split_with_sizes expects split_sizes to sum exactly to {n} "
                               f"(input tensor's size at dimension {d}), but got "
                               f"split_sizes={sizes}")
        bounds, start = [], 0
        for s in sizes:
            bounds.append((start, start + s))
            start += s
        return _views(SplitWithSizesBackward0, x, d, bounds, bounds)
    size = _int_arg(split_size_or_sections, "split_with_sizes", "split_sizes", 2,
                    "tuple of ints")
    if size < 0:
        raise RuntimeError(f"split expects split_size be non-negative, but got split_size={size}")
    if size == 0 and n != 0:
        raise RuntimeError(f"split_size can only be 0 if dimension size is 0, but got "
                           f"dimension size of {n}")
    count = max(-(-n // size), 1) if size else 1
    bounds = [(i * size, min((i + 1) * size, n)) for i in range(count)]
    return _views(SplitBackward0, x, d, bounds, bounds)


def chunk(x, chunks, dim=0, *, _pos=2):
    """`chunks` pieces of (almost) equal size along dim: split with size ceil(n / chunks)."""
    chunks = _int_arg(chunks, "chunk", "chunks", _pos)
    nd = x._data.ndim
    if nd == 0:
        raise RuntimeError("chunk expects at least a 1-dimensional tensor")
    if chunks <= 0:
        raise RuntimeError("chunk expects `chunks` to be greater than 0, got: " + str(chunks))
    d = wrap_dim(dim, nd)
    n = x._data.shape[d]
    if n == 0:
        # torch: chunk size 0 would give one piece; it splits into `chunks` empty pieces
        return split(x, [0] * chunks, d)
    return split(x, -(-n // chunks), d)


def unbind(x, dim=0):
    """The slices x.select(dim, i) for every i, as a tuple of views."""
    if x.__class__ is not Tensor:
        check_tensor(x, "unbind")
    dim = _int_arg(dim, "unbind", "dim", 1)
    nd = x._data.ndim
    if nd == 0:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    d = wrap_dim(dim, nd)
    n = x._data.shape[d]
    return _views(UnbindBackward0, x, d, n, [(i, None) for i in range(n)])


class FlipBackward0(Node):
    """out = x.flip(dims): a copy with the dims reversed; backward flips the gradient."""
    __slots__ = ("dims",)

    def forward(self, x, dims):
        self.dims = dims
        return np.flip(x._data, dims).copy()

    def backward(self, g):
        return (_flip(g, self.dims),)


def flip(x, *dims):
    """Reverse the order of elements along the given dims (a copy, not a view)."""
    if x.__class__ is not Tensor and dims:
        check_tensor(x, "flip")
    dims = _shape_args(dims, x, "flip", "dims")     # (torch's parser messages)
    nd = x._data.ndim
    wrapped = []
    for dim in dims:
        w = wrap_dim(dim, nd)
        if w in wrapped:
            raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
        wrapped.append(w)
    return FlipBackward0.apply((x,), tuple(wrapped))
