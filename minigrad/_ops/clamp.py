"""Elementwise limits. clamp: limits given as numbers (ClampBackward1) or as tensors
(ClampBackward0); the gradient passes only where the input was inside them. maximum and
minimum of two tensors: the gradient goes to the larger (smaller) one, split on ties."""
import builtins

import numpy as np

from .._compat._argparse import Parser
from .._compat._argparse_calls import check_args
from .._compat._call_site import via_method
from ..autograd.graph import Node
from ._core import Tensor
from ._where import where_grad
from .._either import array
from ._util import broadcast_shapes, promote_types, result_dtype, sum_to, where


class ClampBackward1(Node):
    """out = min(max(x, lo), hi); saves the input: gradient passes where lo <= x <= hi."""
    __slots__ = ("s_self", "lo", "hi")

    def forward(self, x, lo, hi):
        self.save(self=x)
        self.lo, self.hi = lo, hi
        out = x._data
        dtype = out.dtype
        for bound in (lo, hi):          # the bounds take part in type promotion
            if bound is not None:
                from ._util import result_dtype
                dtype = result_dtype(Tensor._make(np.empty((1,), dtype), False, None), bound)
        out = out.astype(dtype)
        if lo is not None:
            out = np.maximum(out, lo)
        if hi is not None:
            out = np.minimum(out, hi)
        return out.astype(dtype, copy=False)

    def backward(self, g):
        xd = array(self.s_self.unpack(self))
        mask = np.ones(xd.shape, bool)
        if self.lo is not None:
            mask &= xd >= self.lo
        if self.hi is not None:
            mask &= xd <= self.hi
        return (where_grad(mask, g, True),)


def _common_dtype(arrays):
    """torch's result type of several tensors: dimensioned ones decide, 0-d ones only when of
    a higher category (bool < integer < floating)."""
    def promote(ds):
        out = ds[0]
        for d in ds[1:]:
            out = promote_types(out, d)
        return out
    dims = [a.dtype for a in arrays if a.ndim]
    zeros = [a.dtype for a in arrays if not a.ndim]
    if not dims or not zeros:
        return promote(dims or zeros)
    d, z = promote(dims), promote(zeros)
    kind = {"b": 0, "i": 1, "u": 1, "f": 2}
    return z if kind[z.kind] > kind[d.kind] else d


class ClampBackward0(Node):
    """out = clamp(x, lo, hi) with TENSOR bounds: each element's gradient goes to whichever
    of x, lo, hi it came from. Saves all three."""
    __slots__ = ("s_self", "s_min", "s_max")

    def forward(self, x, lo, hi):
        self.save(self=x, min=lo, max=hi)
        out = x._data
        bounds = [t._data for t in (lo, hi) if t is not None]
        shape = out.shape
        for bd in bounds:                   # torch's broadcast message, torch's promotion
            if bd.shape != shape:
                shape = broadcast_shapes(shape, bd.shape)
        if any(bd.dtype is not out.dtype for bd in bounds):
            rt = _common_dtype([out] + bounds)
            out = out.astype(rt)
            bounds = [bd.astype(rt, copy=False) for bd in bounds]
        if lo is not None:
            out = np.maximum(out, bounds[0])
        if hi is not None:
            out = np.minimum(out, bounds[-1])
        return out

    def backward(self, g):
        xd = array(self.s_self.unpack(self))
        lo = None if self.s_min is None else array(self.s_min.unpack(self))
        hi = None if self.s_max is None else array(self.s_max.unpack(self))
        below = np.zeros(xd.shape, bool) if lo is None else xd < lo
        above = np.zeros(xd.shape, bool) if hi is None else xd > hi
        if self.s_max is not None:           # where lo > hi, torch's result is hi
            below = below & ~above
        gx = where_grad(~below & ~above, g, True)
        glo = None if self.s_min is None else sum_to(where_grad(below, g, True), lo.shape)
        ghi = None if self.s_max is None else sum_to(where_grad(above, g, True), hi.shape)
        return gx, glo, ghi


def _clamp_args(x, lo, hi, name):
    """The failure path of clamp's bounds: torch's parser error, or the bounds as torch
    reads them (with a number on either side, both are numbers)."""
    check_args(name, ("(Tensor min = None, Tensor max = None)",
                         "(Number min = None, Number max = None)"), x, {"min": lo, "max": hi},
               functions=("(Tensor input, Tensor min = None, Tensor max = None, *, "
                          "Tensor out = None)",
                          "(Tensor input, Number min = None, Number max = None, *, "
                          "Tensor out = None)"))
    if (lo is None or isinstance(lo, Tensor)) and (hi is None or isinstance(hi, Tensor)):
        return lo, hi
    return tuple(None if v is None else v.item() if isinstance(v, (Tensor, np.generic)) else v
                 for v in (lo, hi))


def clamp(x, min=None, max=None):
    """Limit values to [min, max] (numbers, or tensors that broadcast against x)."""
    min, max = clamp_bounds(x, min, max)
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        return ClampBackward0.apply((x, min, max))
    return ClampBackward1.apply((x,), min, max)


def clamp_bounds(x, min, max, name="clamp"):
    """clamp's and clamp_'s bounds as torch reads them, after its checks: both tensors (or
    None), or both numbers."""
    if (x.__class__ is not Tensor and not isinstance(x, Tensor)) or not (
            (min is None or min.__class__ in (int, float)) and
            (max is None or max.__class__ in (int, float))) and not (
            (min is None or isinstance(min, Tensor)) and (max is None or isinstance(max, Tensor))):
        min, max = _clamp_args(x, min, max, name)
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    if isinstance(min, complex) or isinstance(max, complex):
        raise RuntimeError("value cannot be converted to type double without overflow")
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        return min, max
    xd = x._data.dtype
    if xd.kind == "f" and xd.itemsize < 8:
        for bound in (min, max):            # (torch casts the bounds to the tensor's dtype)
            if bound is not None and abs(bound) != float("inf") and \
                    abs(bound) > float(np.finfo(xd).max):
                raise RuntimeError("value cannot be converted to type "
                                   f"{'float' if xd.itemsize == 4 else 'c10::Half'} without "
                                   "overflow")
    elif xd.kind in "iu" and builtins.any(b.__class__ is int and not -2 ** 63 <= b < 2 ** 63
                                          for b in (min, max)):
        raise RuntimeError("value cannot be converted to type int64_t without overflow")
    return min, max


class MaximumBackward0(Node):
    """out = maximum(a, b). Saves both; ties split the gradient."""
    __slots__ = ("s_self", "s_other")
    pick = staticmethod(np.maximum)

    def forward(self, a, b):
        self.save(other=b, self=a)             # (torch's order, seen by saved-tensor hooks)
        ad, bd = a._data, b._data
        if ad.dtype is not bd.dtype:            # torch's promotion, not NumPy's
            rt = result_dtype(a, b)
            ad, bd = ad.astype(rt, copy=False), bd.astype(rt, copy=False)
        if ad.shape != bd.shape:
            broadcast_shapes(ad.shape, bd.shape)    # torch's message
        return self.pick(ad, bd)

    def backward(self, g):
        b = self.s_other.unpack(self)
        a = self.s_self.unpack(self)
        ad, bd = array(a), array(b)
        win = (ad > bd) if self.pick is np.maximum else (ad < bd)
        tie = ad == bd
        ga = where(win, g, 0) + where(tie, g / 2, 0)
        gb = where(~win & ~tie, g, 0) + where(tie, g / 2, 0)
        return (sum_to(ga, ad.shape), sum_to(gb, bd.shape))


class MinimumBackward0(MaximumBackward0):
    __slots__ = ()
    pick = staticmethod(np.minimum)


def _binary_args(op, a, b):
    if via_method():
        return Parser(op, "(Tensor other)").error({"other": b})
    return Parser(op, "(Tensor input, Tensor other, *, Tensor out = None)").error(
        {"input": a, "other": b})


def maximum(a, b):
    if (a.__class__ is not Tensor and not isinstance(a, Tensor)) or \
            (b.__class__ is not Tensor and not isinstance(b, Tensor)):
        raise _binary_args("maximum", a, b)
    return MaximumBackward0.apply((a, b))


def minimum(a, b):
    if (a.__class__ is not Tensor and not isinstance(a, Tensor)) or \
            (b.__class__ is not Tensor and not isinstance(b, Tensor)):
        raise _binary_args("minimum", a, b)
    return MinimumBackward0.apply((a, b))
