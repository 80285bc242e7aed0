"""Reductions: sum, mean, max, min (whole tensor or along dims)."""
import builtins
import collections

import numpy as np

from ..autograd.grad_mode import state as _grad_state
from ..autograd.graph import Node, begin, output
from ..autograd.saved import FREED
from .._compat._argparse import Parser
from .._compat._argparse_calls import as_dtype, as_int, int_list
from .._compat._call_site import via_method
from .._dtype import dtype as _dtype_class
from ._core import Tensor
from ._util import F16, add_reduce, expand_to, wrap_dim, where
from .arg_extrema import argmax, argmin, check_long  # noqa: F401  (torch.argmax is here too)
from .clamp import maximum, minimum
from .._either import array, unsqueeze
from .index_views import scatter_into_zeros


def _return_type(name):
    """torch.return_types.max/min: a (values, indices) named tuple printed like torch's."""
    base = collections.namedtuple(name, ["values", "indices"])

    def __repr__(self):
        return f"minigrad.return_types.{name}(\nvalues={self.values!r},\nindices={self.indices!r})"
    return type(name, (base,), {"__slots__": (), "__repr__": __repr__})


return_types_max = _return_type("max")
return_types_min = _return_type("min")


def _dims(dim, ndim):
    """Normalised reduction dims, with torch's errors (a 0-d tensor accepts 0 and -1)."""
    dims = dim if isinstance(dim, (list, tuple)) else (dim,)
    out = []
    for d in dims:
        if d.__class__ is int and not -2 ** 63 <= d < 2 ** 63:
            raise ValueError("Overflow when unpacking long long")   # (torch reads a C long)
        w = wrap_dim(d, ndim)
        if w in out:
            raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
        out.append(w)
    if ndim == 0:
        return ()
    return tuple(sorted(out))


def _keep_shape(shape, dims):
    return tuple(1 if i in dims else s for i, s in enumerate(shape))


def _expand_back(g, shape, dims, keepdim):
    """Broadcast a reduced gradient back over the reduced dims."""
    if g.shape == shape and not hasattr(g, "_data"):
        return g    # (a 0-d input's array gradient, as it is: no view, so .grad takes it)
    if not keepdim:
        g = g.reshape(_keep_shape(shape, dims))
    return expand_to(g, shape)


class SumBackward0(Node):
    """out = x.sum(). Saves only x's shape: every element gets the output's gradient."""
    __slots__ = ("shape",)

    def forward(self, x, dtype):
        self.shape = x._data.shape
        xd = x._data
        if dtype is None and xd.dtype.kind in "biu":
            dtype = np.int64
        with np.errstate(invalid="ignore", over="ignore"):    # inf + -inf: nan, silently
            return np.asarray(add_reduce(xd, None, dtype=dtype))   # (ndarray.sum is Python)

    def backward(self, g):
        if not self.shape:      # a 0-d input: the gradient itself (torch's leaf then keeps it
            return (g,)         # as its .grad, at version 0)
        return (expand_to(g, self.shape),)


class SumBackward1(Node):
    """out = x.sum(dim, keepdim). Saves x's shape and the dims."""
    __slots__ = ("shape", "dims", "keepdim")

    def forward(self, x, dims, keepdim, dtype):
        xd = x._data
        self.shape, self.dims, self.keepdim = xd.shape, dims, keepdim
        if dtype is None and xd.dtype.kind in "biu":
            dtype = np.int64
        with np.errstate(invalid="ignore", over="ignore"):    # inf + -inf: nan, silently
            return np.asarray(add_reduce(xd, dims, keepdim, dtype))

    def backward(self, g):
        return (_expand_back(g, self.shape, self.dims, self.keepdim),)


class MeanBackward0(Node):
    """out = x.mean(). Saves x's shape: each element gets gradient / numel."""
    __slots__ = ("shape", "n")

    def forward(self, x):
        xd = x._data
        self.shape, self.n = xd.shape, builtins.max(xd.size, 1)
        if xd.dtype.kind == "f" and xd.size:    # straight to the ufunc (np.mean is Python)
            if xd.dtype is F16:                 # float32 sum and quotient, one rounding
                return np.asarray(np.add.reduce(xd, axis=None, dtype=np.float32)
                                  / xd.size).astype(F16)
            return np.asarray(np.add.reduce(xd, axis=None) / xd.size)
        if not xd.size:                         # nan, without NumPy's warnings
            return np.asarray(np.nan, xd.dtype)
        return np.asarray(xd.mean(dtype=xd.dtype))

    def backward(self, g):
        # branches on array-vs-Tensor for speed only (mean ends most losses): a filled new
        # array is several times faster than a broadcast, and is ours to keep as .grad
        if type(g) is np.ndarray:
            grad = np.empty(self.shape, g.dtype)    # (np.full is a Python function: slower)
            grad.fill(g[()] / self.n)       # (a NumPy scalar divides faster than a 0-d array)
            return (grad,)
        return (expand_to(g / self.n, self.shape),)


class MeanBackward1(Node):
    """out = x.mean(dim, keepdim). Saves x's shape and the dims."""
    __slots__ = ("shape", "dims", "keepdim")

    def forward(self, x, dims, keepdim):
        xd = x._data
        self.shape, self.dims, self.keepdim = xd.shape, dims, keepdim
        with np.errstate(invalid="ignore", divide="ignore"):    # empty dims give nan silently
            import warnings
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                wide = np.float32 if xd.dtype is F16 else xd.dtype     # (as torch adds halves)
                return np.asarray(xd.mean(axis=dims, keepdims=keepdim, dtype=wide), xd.dtype)

    def backward(self, g):
        n = 1
        for d in self.dims:
            n *= self.shape[d]
        return (_expand_back(g / n, self.shape, self.dims, self.keepdim),)


class _ExtremumAll(Node):
    """out = x.max() / x.min(). Saves x and the result; ties share the gradient evenly."""
    __slots__ = ("s_self", "s_result")
    reduce = None

    def forward(self, x):
        if x._data.size == 0:
            raise RuntimeError(f"{self.reduce.__name__}(): Expected reduction dim to be "
                               "specified for input.numel() == 0. Specify the reduction dim "
                               "with the 'dim' argument.")
        self.save(self=x)
        out = np.asarray(self.reduce(x._data))
        return out

    def backward(self, g):
        x, r = self.s_self.unpack(self), self.s_result.unpack(self)
        xd, rd = array(x), array(r)
        # torch's evenly_distribute_backward: a nan result shares it among the nans
        mask = np.isnan(xd) if rd.dtype.kind == "f" and np.isnan(rd) else xd == rd
        return (where(mask, expand_to(g, xd.shape) / int(mask.sum()), 0),)


class MaxBackward1(_ExtremumAll):
    __slots__ = ()
    reduce = staticmethod(np.max)


class MinBackward1(_ExtremumAll):
    __slots__ = ()
    reduce = staticmethod(np.min)


class _ExtremumDim(Node):
    """values, indices = x.max(dim). Saves the indices: only the chosen element of each
    slice gets the gradient."""
    __slots__ = ("s_indices", "shape", "in_shape", "dim", "keepdim")
    _options = ("dim", "keepdim")

    def forward(self, x, d, keepdim, arg):
        xd = x._data if x._data.ndim else x._data.reshape(1)
        idx = np.asarray(arg(xd, axis=d, keepdims=keepdim))
        vals = np.take_along_axis(xd, idx if keepdim else np.expand_dims(idx, d), axis=d)
        if not keepdim:
            vals = np.squeeze(vals, axis=d)
        if x._data.ndim == 0:
            vals, idx = vals.reshape(()), idx.reshape(())
        self.save(indices=idx)
        self.shape, self.dim, self.keepdim, self.in_shape = xd.shape, d, keepdim, x._data.shape
        return vals, idx

    def backward(self, g):
        idx = self.s_indices
        if idx is FREED:
            FREED.unpack(self)
        if not self.keepdim:
            idx = np.expand_dims(idx, self.dim)
        elif not self.in_shape:             # a 0-d input, handled as shape (1,)
            idx = np.reshape(idx, (1,))
            g = g.reshape(1)
        grids = np.indices(idx.shape, sparse=True)
        key = tuple(idx if d == self.dim else grids[d] for d in range(len(self.shape)))
        gd = g if self.keepdim else unsqueeze(g, self.dim)
        return (scatter_into_zeros(gd, self.shape, key).reshape(self.in_shape),)


class MaxBackward0(_ExtremumDim):
    __slots__ = ()


class MinBackward0(_ExtremumDim):
    __slots__ = ()


_SUM_SIGNATURES = {
    False: ("(Tensor input, *, torch.dtype? dtype = None)",
            "(Tensor input, tuple of ints[1]? dim, bool keepdim = False, *, "
            "torch.dtype? dtype = None, Tensor out = None)"),
    True: ("(*, torch.dtype? dtype = None)",
           "(tuple of ints[1]? dim, bool keepdim = False, *, torch.dtype? dtype = None)")}
_MEAN_SIGNATURES = {
    False: ("(Tensor input, *, torch.dtype? dtype = None, Tensor out = None)",
            _SUM_SIGNATURES[False][1]),
    True: _SUM_SIGNATURES[True]}


def _plain_dims(dim):
    return dim is None or dim.__class__ is int or (
        dim.__class__ in (tuple, list) and builtins.all(d.__class__ is int for d in dim))


def _reduce_args(op, signatures, x, dim, keepdim, dtype):
    """The failure path of sum/mean's cheap argument test: torch's parser error, or the
    arguments as torch reads them (NumPy or tensor ints as ints)."""
    method = via_method()
    values = {"dim": dim, "keepdim": keepdim, "dtype": dtype}
    if not method:
        values = {"input": x, **values}
    err = Parser(op, *signatures[method]).error(values)
    if err is not None:
        raise err
    if dim is not None:
        dim = int_list(dim, op, "dim")
    return dim, keepdim, as_dtype(dtype)


def sum(x, dim=None, keepdim=False, *, dtype=None, axis=None, keepdims=None):
    """Sum of all elements, or along `dim` (an int or a tuple of ints)."""
    if axis is not None:
        dim = axis
    if keepdims is not None:
        keepdim = keepdims
    if (x.__class__ is not Tensor and not isinstance(x, Tensor)) or keepdim.__class__ is not \
            bool or not (dtype is None or dtype.__class__ is _dtype_class) or \
            not _plain_dims(dim):
        dim, keepdim, dtype = _reduce_args("sum", _SUM_SIGNATURES, x, dim, keepdim, dtype)
    if dtype is not None and not dtype.is_floating_point and x._requires_grad and \
            _grad_state.enabled:      # (it would be recorded)
        raise RuntimeError(f"Autograd not support dtype: {dtype._legacy[:-6]}")
    npd = None if dtype is None else dtype.np
    if dim is None or dim.__class__ is tuple and not dim:
        if not keepdim or not x._data.ndim:
            return SumBackward0.apply((x,), npd)
        dim = tuple(range(x._data.ndim))     # dim=None with keepdim: every dim, kept
    dims = _dims(dim, x._data.ndim)
    return SumBackward1.apply((x,), dims, keepdim, npd)


def mean(x, dim=None, keepdim=False, *, dtype=None, axis=None, keepdims=None):
    """Mean of all elements, or along `dim`; floating tensors only."""
    if axis is not None:
        dim = axis
    if keepdims is not None:
        keepdim = keepdims
    if (x.__class__ is not Tensor and not isinstance(x, Tensor)) or keepdim.__class__ is not \
            bool or not (dtype is None or dtype.__class__ is _dtype_class) or \
            not _plain_dims(dim):
        dim, keepdim, dtype = _reduce_args("mean", _MEAN_SIGNATURES, x, dim, keepdim, dtype)
    if dtype is not None:
        x = x.to(dtype)
    if x._data.dtype.kind != "f":
        raise RuntimeError("mean(): could not infer output dtype. Input dtype must be either a "
                           "floating point or complex dtype. Got: "
                           f"{x.dtype.name.capitalize().replace('Int64', 'Long')}")
    if dim is None and not keepdim:
        return MeanBackward0.apply((x,))
    if dim is None or dim.__class__ in (tuple, list) and not dim:
        dim = tuple(range(x._data.ndim))        # no dims: all of them (torch's rule)
    dims = _dims(dim, x._data.ndim)
    return MeanBackward1.apply((x,), dims, keepdim)


NO_DIM = type("NoDim", (), {"__repr__": lambda self: "<no dim>", "__slots__": ()})()
# (max()/min() without dim is its own overload: dim=None is refused, as in torch)

_EXTREMUM_SIGNATURES = {
    False: ("(Tensor input, *, Tensor out = None)",
            "(Tensor input, Tensor other, *, Tensor out = None)",
            "(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)"),
    True: ("()", "(Tensor other)", "(int dim, bool keepdim = False)")}


def _extremum_args(op, x, dim, keepdim):
    method = via_method()
    values = {"dim": dim, "keepdim": keepdim}
    if dim is NO_DIM:               # (not given: the overloads without it)
        values = {"keepdim": keepdim}
    if not method:
        values = {"input": x, **values}
    err = Parser(op, *_EXTREMUM_SIGNATURES[method]).error(values)
    if err is not None:
        raise err
    return dim if dim is NO_DIM or isinstance(dim, Tensor) else as_int(dim)


def _extremum(x, dim, keepdim, all_cls, dim_cls, arg, rtype):
    if dim is NO_DIM:
        return all_cls.apply((x,))
    if isinstance(dim, Tensor):
        raise TypeError("dim must be an int")
    check_long(dim)
    d = wrap_dim(dim, x._data.ndim)
    if x._data.ndim and not x._data.shape[d]:
        raise IndexError(f"{rtype.__name__.rpartition('_')[2]}(): Expected reduction dim {d} "
                         "to have non-zero size.")
    node = begin(dim_cls, (x,))         # two outputs: values (recorded) and indices
    vals, idx = node.forward(x, d, keepdim, arg)
    return rtype(output(node, vals, (x,)), Tensor._make(idx.astype(np.int64), False, None))


def max(x, dim=NO_DIM, keepdim=False):
    """Largest element, or (values, indices) along `dim`; with a tensor: elementwise."""
    if (x.__class__ is not Tensor and not isinstance(x, Tensor)) or \
            keepdim.__class__ is not bool or not (dim is NO_DIM or dim.__class__ is int):
        dim = _extremum_args("max", x, dim, keepdim)
    if isinstance(dim, Tensor):
        return maximum(x, dim)
    return _extremum(x, dim, keepdim, MaxBackward1, MaxBackward0, np.argmax, return_types_max)


def min(x, dim=NO_DIM, keepdim=False):
    """Smallest element, or (values, indices) along `dim`; with a tensor: elementwise."""
    if (x.__class__ is not Tensor and not isinstance(x, Tensor)) or \
            keepdim.__class__ is not bool or not (dim is NO_DIM or dim.__class__ is int):
        dim = _extremum_args("min", x, dim, keepdim)
    if isinstance(dim, Tensor):
        return minimum(x, dim)
    return _extremum(x, dim, keepdim, MinBackward1, MinBackward0, np.argmin, return_types_min)
