"""Variance and standard deviation: `x.var()`, `x.std()`, `torch.var_mean`, `torch.std_mean`.

    var = sum((x - mean)^2) / max(0, N - correction)        std = sqrt(var)

N is the number of elements reduced; `correction` is 1 by default (Bessel's correction,
`unbiased=True`), 0 for `unbiased=False`, or any number given as `correction=`. Like torch,
degrees of freedom <= 0 give a warning and inf or nan, not an error.

torch binds these in C++ with three overloads each (the `unbiased` ones and the
`correction` one); which of them a call fits decides what `grad_fn._saved_correction` shows
(1 or 0 for `unbiased`, the number given or None for `correction`).
"""
import operator
import sys

import numpy as np

from ..autograd.graph import Node, begin, output
from ..autograd.saved import SavedTensor
from .._compat._argparse import Parser, _NUMPY_NAMES
from .._compat._argparse_calls import int_list
from .._compat._internal_warning import warn_internal
from .._either import array
from ._core import Tensor
from ._util import F16
from .reduction import _dims, _expand_back

__all__ = ["std", "var", "std_mean", "var_mean", "std_method", "var_method"]

# where torch 2.13 raises the degrees-of-freedom warning
_REDUCE_OPS_CPP = "/__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861"

_METHOD_SIGNATURES = (
    "(tuple of ints[1]? dim, bool unbiased = True, bool keepdim = False)",
    "(tuple of ints[1]? dim = None, *, Number? correction = None, bool keepdim = False)",
    "(bool unbiased = True)")
_FUNCTION_SIGNATURES = (
    "(Tensor input, tuple of ints[1]? dim, bool unbiased = True, bool keepdim = False, *, "
    "Tensor out = None)",
    "(Tensor input, tuple of ints[1]? dim = None, *, Number? correction = None, "
    "bool keepdim = False, Tensor out = None)",
    "(Tensor input, bool unbiased = True)")
_PAIR_SIGNATURES = tuple(s.replace(", *, Tensor out = None)", ")").replace(
    ", Tensor out = None)", ")") for s in _FUNCTION_SIGNATURES)
_PARSERS = {}


def _parser(op, method):
    key = (op, method)
    if key not in _PARSERS:
        sigs = _METHOD_SIGNATURES if method else \
            _PAIR_SIGNATURES if op.endswith("_mean") else _FUNCTION_SIGNATURES
        _PARSERS[key] = Parser(op, *sigs)
    return _PARSERS[key]


def _bind(op, method, args, kwargs):
    """torch's parser on the call: its TypeError, or the values of the first overload that
    fits, {parameter name: value}, and that overload's number (0, 1, 2)."""
    parser = _parser(op, method)
    err = parser.error(None, list(args), dict(kwargs))
    if err is not None:
        raise err
    number = next(i for i, sig in enumerate(parser.signatures)
                  if sig.parse(list(args), dict(kwargs), False))
    sig = parser.signatures[number]
    values, pos = {}, 0
    for p in sig.params:
        if pos < len(args) and not p.keyword_only:
            values[p.name] = args[pos]
            pos += 1
            continue
        for key in (p.name,) + _NUMPY_NAMES.get(p.name, ()):
            if key in kwargs:
                values[p.name] = kwargs[key]
                break
    return values, number


def _unpack_dims(dim, op):
    """A `tuple of ints[1]` dim as torch unpacks it: a C long each (torch's error for an
    element of a list also carries its C++ trace, which minigrad leaves out)."""
    dims = int_list(dim, op, "dim")
    for i, d in enumerate(dims):
        if not -2 ** 63 <= d < 2 ** 63:
            if not isinstance(dim, (tuple, list)):
                raise ValueError("Overflow when unpacking long long")
            raise TypeError(f"{op}(): argument 'dim' failed to unpack the object at pos {i + 1} "
                            "with error \"Overflow when unpacking long long")
    return dims


def _correction(c):
    """A `Number correction` as torch reads it (a 0-d tensor as its value)."""
    if isinstance(c, Tensor):
        c = c.item()
    if isinstance(c, (bool, np.bool_)):
        return int(c)
    if isinstance(c, complex) or isinstance(c, np.complexfloating):
        if c.imag:
            raise RuntimeError("value cannot be converted to type double without overflow")
        return float(c.real)
    if isinstance(c, (int, np.integer)):
        c = operator.index(c)
        if not -2 ** 63 <= c < 2 ** 63:
            raise OverflowError("int too big to convert")
        return c
    return float(c)


def _parse(op, method, x, args, kwargs):
    """(input, dims or None, correction, keepdim, shown dim, shown correction) of a call."""
    values, number = _bind(op, method, args, kwargs)
    if not method:
        x = values["input"]
    keepdim = values.get("keepdim", False)
    if number == 1:
        shown_corr = None if values.get("correction") is None else \
            _correction(values["correction"])
        corr = 1 if shown_corr is None else shown_corr
    else:
        corr = shown_corr = 0 if values.get("unbiased", True) is False else 1
    dim = values.get("dim")
    dims = None if dim is None else _unpack_dims(dim, op)
    return x, dims, corr, keepdim, dims, shown_corr


def _warn_dof(op):
    """torch's warning, attributed to the first frame outside minigrad (the user's line)."""
    frame, level = sys._getframe(1), 2
    while frame is not None and frame.f_globals.get("__name__", "").startswith("minigrad"):
        frame, level = frame.f_back, level + 1
    warn_internal(f"{op}(): degrees of freedom is <= 0. Correction should be strictly less "
                  "than the reduction factor (input numel divided by output numel).",
                  _REDUCE_OPS_CPP, stacklevel=level)


def _moments(op, x, dims, correction, keepdim):
    """(var, mean, axes, N) as arrays in x's dtype; axes None for every dim."""
    xd = x._data
    if xd.dtype.kind != "f":
        raise RuntimeError(f"{'std and var' if op in ('std', 'var') else op} only support "
                           "floating point and complex dtypes")
    axes = None
    if dims:
        axes = _dims(dims, xd.ndim) or None     # (a 0-d tensor: dim 0 or -1 is all of it)
    elif dims is not None:
        _dims(dims, xd.ndim)
    n = xd.size if axes is None else int(np.prod([xd.shape[a] for a in axes]))
    out_numel = 1 if axes is None else int(np.prod(
        [s for i, s in enumerate(xd.shape) if i not in axes]))
    # (torch's reduction factor: input numel over output numel, 0 without outputs)
    if (xd.size // out_numel if out_numel else 0) - correction <= 0:
        _warn_dof(op)
    wide = np.float32 if xd.dtype == F16 else xd.dtype
    with np.errstate(all="ignore"):
        total = np.add.reduce(xd, axis=axes, dtype=wide, keepdims=True)
        mean = total / n
        dev = xd.astype(wide) - mean
        variance = np.add.reduce(dev * dev, axis=axes, keepdims=keepdim) / max(0, n - correction)
    mean = mean.reshape(np.shape(variance))
    return (np.asarray(variance).astype(xd.dtype), np.asarray(mean).astype(xd.dtype), axes, n)


class _MomentsNode(Node):
    """Shared by the four nodes: the options torch shows, and var's backward
    d var / dx = 2 (x - mean) / (N - correction)."""
    __slots__ = ("s_self", "dim", "correction", "keepdim", "axes", "n", "corr")
    _options = ("dim", "correction", "keepdim")

    def _setup(self, x, dims, correction, keepdim, shown_dim, shown_corr, axes, n):
        self.save(self=x)
        # (torch shows a negative dim as an unsigned int64)
        self.dim = None if shown_dim is None else tuple(d % (1 << 64) for d in shown_dim)
        self.correction, self.keepdim = shown_corr, keepdim
        self.axes, self.n, self.corr = axes, n, correction

    def _full(self, g, shape):
        axes = tuple(range(len(shape))) if self.axes is None else self.axes
        if self.axes is None and not self.keepdim:
            return g.expand(shape) if isinstance(g, Tensor) else np.broadcast_to(g, shape)
        return _expand_back(g, shape, axes, self.keepdim)

    def _var_grad(self, g, x):
        xd = array(x)
        shape, dof = xd.shape, self.n - self.corr
        if isinstance(g, Tensor):               # create_graph: recorded, differentiable again
            mean = x.mean() if self.axes is None else x.mean(self.axes, keepdim=True)
            dev = x - mean
        else:
            wide = np.float32 if xd.dtype == F16 else xd.dtype
            with np.errstate(all="ignore"):
                mean = np.add.reduce(xd, axis=self.axes, dtype=wide, keepdims=True) / self.n
                dev = (xd - mean.astype(xd.dtype))
        g = self._full(g, shape)
        with np.errstate(all="ignore"):
            if self.axes is None and dof <= 0:      # torch: nan where x is its mean, else inf
                at_mean = np.asarray(dev._data if isinstance(dev, Tensor) else dev) == 0
                scale = np.where(at_mean, np.nan, np.inf).astype(xd.dtype)
                return g * (Tensor._make(scale, False, None) if isinstance(g, Tensor) else scale)
            factor = float(np.float64(2.0) / np.float64(dof))
            return g * dev * factor

    def _mean_grad(self, g, shape):
        with np.errstate(all="ignore"):     # (no elements: nothing to divide)
            return self._full(g / self.n if self.n else g, shape)

    @staticmethod
    def _std_to_var(g, r):
        """The gradient of var from that of std = sqrt(var): g / (2 std), 0 where std is 0."""
        if isinstance(g, Tensor):
            zero = Tensor._make((r._data == 0).astype(r._data.dtype), False, None)
            return g / (r * 2 + zero) * (1 - zero)
        rd = r._data if isinstance(r, Tensor) else r
        with np.errstate(all="ignore"):
            return np.where(rd == 0, 0, g / (2 * rd)).astype(rd.dtype)


class VarBackward0(_MomentsNode):
    """out = x.var(dim, correction, keepdim)."""
    __slots__ = ()

    def forward(self, x, dims, correction, keepdim, shown_dim, shown_corr):
        variance, _, axes, n = _moments("var", x, dims, correction, keepdim)
        self._setup(x, dims, correction, keepdim, shown_dim, shown_corr, axes, n)
        return variance

    def backward(self, g):
        return (self._var_grad(g, self.s_self.unpack(self)),)


class StdBackward0(_MomentsNode):
    """out = x.std(...) = sqrt(var); saves its result, since d std = d var / (2 std)."""
    __slots__ = ("s_result",)

    def forward(self, x, dims, correction, keepdim, shown_dim, shown_corr):
        variance, _, axes, n = _moments("std", x, dims, correction, keepdim)
        self._setup(x, dims, correction, keepdim, shown_dim, shown_corr, axes, n)
        return np.sqrt(variance)

    def backward(self, g):
        x, r = self.s_self.unpack(self), self.s_result.unpack(self)
        return (self._var_grad(self._std_to_var(g, r), x),)


class VarMeanBackward0(_MomentsNode):
    """var, mean = torch.var_mean(x, ...): one node, two outputs."""
    __slots__ = ()
    op = "var_mean"

    def forward(self, x, dims, correction, keepdim, shown_dim, shown_corr):
        variance, mean, axes, n = _moments(self.op, x, dims, correction, keepdim)
        self._setup(x, dims, correction, keepdim, shown_dim, shown_corr, axes, n)
        return self._first(variance), mean

    def _first(self, variance):
        return variance

    def _first_grad(self, g, x):
        return self._var_grad(g, x)

    def backward(self, grads):
        g0, g1 = grads
        if isinstance(g0, Tensor) or isinstance(g1, Tensor):   # (a materialised zero is an
            g0, g1 = (g if isinstance(g, Tensor) else          # array: make both Tensors)
                      Tensor._make(np.asarray(g), False, None) for g in grads)
        x = self.s_self.unpack(self)
        shape = array(x).shape
        return (self._first_grad(g0, x) + self._mean_grad(g1, shape),)


class StdMeanBackward0(VarMeanBackward0):
    """std, mean = torch.std_mean(x, ...): saves the std (`_saved_result0`)."""
    __slots__ = ("s_result0",)
    op = "std_mean"

    def _first(self, variance):
        return np.sqrt(variance)

    def _first_grad(self, g, x):
        return self._var_grad(self._std_to_var(g, self.s_result0.unpack(self)), x)


def _single(cls, op, method, x, args, kwargs):
    x, dims, corr, keepdim, shown_dim, shown_corr = _parse(op, method, x, args, kwargs)
    return cls.apply((x,), dims, corr, keepdim, shown_dim, shown_corr)


def _pair(cls, op, args, kwargs):
    x, dims, corr, keepdim, shown_dim, shown_corr = _parse(op, False, None, args, kwargs)
    node = begin(cls, (x,))
    first, mean = node.forward(x, dims, corr, keepdim, shown_dim, shown_corr)
    if node._seq is None:
        return Tensor._make(first, False, None), Tensor._make(mean, False, None)
    node._n_outputs = 2
    node._hooked = True          # the engine's slow path keeps one gradient per output
    node.__dict__["_output_shapes"] = (first.shape, mean.shape)
    node.__dict__["_output_dtypes"] = (first.dtype, mean.dtype)
    out0 = output(node, first, (x,))
    if cls is StdMeanBackward0:
        node.s_result0 = SavedTensor(out0, is_output=True)
    out1 = Tensor._make(mean, True, node)
    out1.__dict__["_output_nr"] = 1
    return out0, out1


def var(*args, **kwargs):
    """torch.var(input, dim=None, *, correction=1, keepdim=False): the variance (also
    `var(input, dim, unbiased, keepdim)`)."""
    return _single(VarBackward0, "var", False, None, args, kwargs)


def std(*args, **kwargs):
    """torch.std(input, dim=None, *, correction=1, keepdim=False): the standard deviation
    (also `std(input, dim, unbiased, keepdim)`)."""
    return _single(StdBackward0, "std", False, None, args, kwargs)


def var_mean(*args, **kwargs):
    """torch.var_mean: (variance, mean) over the same dims, as one recorded node."""
    return _pair(VarMeanBackward0, "var_mean", args, kwargs)


def std_mean(*args, **kwargs):
    """torch.std_mean: (standard deviation, mean) over the same dims, as one recorded node."""
    return _pair(StdMeanBackward0, "std_mean", args, kwargs)


def var_method(x, args, kwargs):
    """Tensor.var(...): as torch.var without the input."""
    return _single(VarBackward0, "var", True, x, args, kwargs)


def std_method(x, args, kwargs):
    """Tensor.std(...): as torch.std without the input."""
    return _single(StdBackward0, "std", True, x, args, kwargs)
