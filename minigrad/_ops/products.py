"""Products and truth tests over a tensor or along dims: prod, all, any, and equal."""
import builtins

import numpy as np

from ..autograd.graph import Node
from .._dtype import dtype as _dtype_class
from ._core import Tensor
from ._util import wrap_dim
from .reduction import _dims, _expand_back


def _others_product(xd, axis):
    """For every element, the product of the OTHER elements along `axis` (all of them when
    None): exclusive cumulative products from the left and from the right, so zeros need no
    division."""
    flat = axis is None
    a = xd.reshape(-1) if flat else xd
    ax = 0 if flat else axis
    ones = np.ones_like(np.take(a, [0], axis=ax)) if a.shape[ax] else a
    left = np.concatenate([ones, np.cumprod(a, axis=ax)], axis=ax)
    right = np.flip(np.cumprod(np.flip(a, ax), axis=ax), ax)
    right = np.concatenate([right, ones], axis=ax)
    n = a.shape[ax]
    out = np.take(left, range(n), axis=ax) * np.take(right, range(1, n + 1), axis=ax)
    return out.reshape(xd.shape)


def _product_of_others(x, r, dim, keepdim):
    """d prod / d x_i, the product of the other elements (along `dim`; all when None).
    Branches on array-vs-Tensor because the two are different formulas: on arrays it is
    computed exactly, zeros included; a graph of backward (Tensors) uses r / x, which is
    differentiable again but written for nonzero inputs only."""
    if type(x) is np.ndarray:
        return _others_product(x, dim)
    if dim is not None:
        r = _expand_back(r, x.shape, (dim,), keepdim)
    return r / x


class ProdBackward0(Node):
    """out = x.prod(). Saves x and the result: d out / d x_i = product of the others."""
    __slots__ = ("s_self", "s_result")

    def forward(self, x, dtype):
        self.save(self=x)
        xd = x._data
        if dtype is None and xd.dtype.kind in "biu":
            dtype = np.int64
        with np.errstate(over="ignore", invalid="ignore"):    # overflow: inf, silently
            out = np.asarray(np.prod(xd, dtype=dtype))
        return out

    def backward(self, g):
        x = self.s_self.unpack(self)
        r = self.s_result.unpack(self)          # (checks the result was not edited in place)
        return (g * _product_of_others(x, r, None, False),)


class ProdBackward1(Node):
    """out = x.prod(dim, keepdim). Saves x, the result and the dim."""
    __slots__ = ("s_self", "s_result", "dim", "keepdim")
    _options = ("dim", "keepdim")

    def forward(self, x, dim, keepdim, dtype):
        self.save(self=x)
        self.dim, self.keepdim = dim, keepdim
        xd = x._data
        if dtype is None and xd.dtype.kind in "biu":
            dtype = np.int64
        out = np.asarray(np.prod(xd, axis=dim, keepdims=keepdim, dtype=dtype))
        return out

    def backward(self, g):
        x = self.s_self.unpack(self)
        r = self.s_result.unpack(self)
        g = _expand_back(g, x.shape, (self.dim,), self.keepdim)
        return (g * _product_of_others(x, r, self.dim, self.keepdim),)


_PROD_SIGNATURES = (", but expected one of:\n * (*, torch.dtype dtype = None)\n"
                    " * (int dim, bool keepdim = False, *, torch.dtype dtype = None)\n")


def _parser_check(name, x, values):
    """torch's parser error for prod/all/any in the form the user called (method or
    function); returns when torch's parser accepts the values."""
    from .._compat._argparse_calls import check_args
    from .._compat._argparse_signatures import FUNCTIONS, METHODS
    check_args(name, METHODS[name], x, values, functions=FUNCTIONS[name])


def _as_dims(dim, name):
    """dim as torch's parser reads it, once accepted: an int, or a tuple of ints."""
    from .._compat._argparse_calls import as_int, int_list
    if dim is None:
        return None
    return int_list(dim, name, "dim") if isinstance(dim, (tuple, list)) else as_int(dim)


def prod(x, dim=None, keepdim=None, *, dtype=None):
    """Product of all elements, or along one dim."""
    if not (dtype is None or dtype.__class__ is _dtype_class) or \
            (x.__class__ is not Tensor and not isinstance(x, Tensor)) or \
            not (dim is None or dim.__class__ is int) or \
            not (keepdim is None or keepdim.__class__ is bool):       # torch's parser
        values = {"dim": dim, "keepdim": keepdim, "dtype": dtype}
        _parser_check("prod", x, {k: v for k, v in values.items() if v is not None})
        from .._compat._argparse_calls import as_dtype
        dim, dtype = _as_dims(dim, "prod"), as_dtype(dtype)
    npd = None if dtype is None else dtype.np
    if dim is None:
        if keepdim is not None:         # keepdim only exists in the dim overload
            raise TypeError("prod() received an invalid combination of arguments - got "
                            f"(keepdim={type(keepdim).__name__}, )" + _PROD_SIGNATURES)
        return ProdBackward0.apply((x,), npd)
    keepdim = bool(keepdim)
    return ProdBackward1.apply((x,), wrap_dim(_long(dim), x._data.ndim), keepdim, npd)


def _long(dim):
    if not -2 ** 63 <= dim < 2 ** 63:
        raise ValueError("Overflow when unpacking long long")   # (torch reads a C long)
    return dim


def _truth(x, dim, keepdim, reduce, name):
    if x.__class__ is not Tensor and not isinstance(x, Tensor) or \
            keepdim.__class__ is not bool or not (dim is None or dim.__class__ is int or (
                dim.__class__ in (tuple, list) and builtins.all(d.__class__ is int for d in dim))):
        _parser_check(name, x, {"dim": dim, "keepdim": keepdim})
        dim = _as_dims(dim, name)
    xd = x._data
    out_dtype = np.uint8 if xd.dtype == np.uint8 else np.bool_
    if dim is None:
        out = np.asarray(reduce(xd))
        if keepdim:                         # every dim reduced, and kept
            out = out.reshape((1,) * xd.ndim)
    else:
        out = reduce(xd, axis=_dims(dim, xd.ndim), keepdims=keepdim)
    return Tensor._make(np.asarray(out).astype(out_dtype), False, None)


def all(x, dim=None, keepdim=False):
    """Whether every element is nonzero (a bool tensor; never requires grad)."""
    return _truth(x, dim, keepdim, np.all, "all")


def any(x, dim=None, keepdim=False):
    """Whether some element is nonzero (a bool tensor; never requires grad)."""
    return _truth(x, dim, keepdim, np.any, "any")


def equal(a, b, *, _pos=2):
    """True when a and b have the same shape and the same values (a Python bool)."""
    if not isinstance(a, Tensor):
        raise TypeError(f"equal(): argument 'input' (position 1) must be Tensor, not "
                        f"{type(a).__name__}")
    if not isinstance(b, Tensor):
        raise TypeError(f"equal(): argument 'other' (position {_pos}) must be Tensor, not "
                        f"{type(b).__name__}")
    if a._data.shape != b._data.shape:
        return False
    return bool(np.array_equal(a._data, b._data))
