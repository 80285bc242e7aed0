"""In-place writes that replace values instead of combining them: zero_, fill_, copy_,
index_put_ and the random fills (recorded through inplace.inplace, as every in-place op)."""

import numpy as np

from .._compat._argparse_calls import check_args
from ..autograd.graph import Node
from ._core import Tensor, as_tensor_arg, check_tensor, checked_value
from .._either import array, constant_like
from ._util import zeros_of, broadcast_shapes, cast, sum_to, torch_index_message
from .index_views import check_advanced_key, index_arrays
from .inplace import _OVERLAP, inplace


class ZeroBackward0(Node):
    """x.zero_(): the old values do not matter any more, so their gradient is zero."""
    __slots__ = ()

    def forward(self, x):
        return np.zeros_like(x._data)

    def backward(self, g):
        return (zeros_of(g),)


class FillBackward2(Node):
    """x.fill_(value): as zero_, the overwritten values get a zero gradient."""
    __slots__ = ()

    def forward(self, x, value):
        return np.full_like(x._data, value)

    def backward(self, g):
        return (zeros_of(g),)


class FillBackward3(Node):
    """x.fill_(0-d tensor): gradient flows to the value tensor (summed)."""
    __slots__ = ()

    def forward(self, x, value):
        with np.errstate(invalid="ignore"):     # nan into integers: silently, as torch
            return np.full_like(x._data, value._data)

    def backward(self, g):
        return (zeros_of(g), g.sum())


def zero_(x):
    if x.__class__ is not Tensor:
        check_tensor(x, "zero_")
    return inplace(ZeroBackward0, x, ())


def fill_(x, value):
    if not isinstance(x, Tensor):           # torch.fill_(-5, t): the function's parser
        from .._compat._argparse import Parser
        from .._compat._argparse_signatures import FUNCTIONS
        raise Parser("fill_", *FUNCTIONS["fill_"]).error({"input": x, "value": value})
    if value.__class__ not in (int, float, bool) and not isinstance(value, Tensor):
        check_args("fill_", ("(Tensor value)", "(Number value)"), x, {"value": value})
        if isinstance(value, np.generic):
            value = value.item()
    if isinstance(value, Tensor):
        if value._data.ndim:
            raise RuntimeError(f"fill_ only supports 0-dimension value tensor but got tensor "
                               f"with {value._data.ndim} dimensions.")
        return inplace(FillBackward3, x, (value,))
    return inplace(FillBackward2, x, (), checked_scalar(x, value))


def checked_scalar(x, value):
    """A Number written into x (fill_, x[i] = v) as torch converts it: a complex number, or a
    value beyond the range of x's dtype (nan or inf into integers), is refused."""
    return checked_value(x._data.dtype, value)


class CopyBackwards(Node):
    """dst.copy_(src): dst's old values get zero gradient; src gets dst's gradient
    (summed over broadcasting, cast back to src's dtype)."""
    __slots__ = ("src_shape", "src_dtype")

    def name(self):
        return "torch::autograd::CopyBackwards"

    def forward(self, dst, src):
        if not dst._data.flags.writeable:       # torch's copy_ checks overlap before shapes
            raise RuntimeError(_OVERLAP)
        sd = src._data
        broadcast_shapes(dst._data.shape, sd.shape)
        self.src_shape, self.src_dtype = sd.shape, sd.dtype
        out = np.broadcast_to(sd, np.broadcast_shapes(dst._data.shape, sd.shape))
        if out.shape != dst._data.shape:
            raise RuntimeError(f"output with shape {list(dst._data.shape)} doesn't match the "
                               f"broadcast shape {list(out.shape)}")
        with np.errstate(over="ignore", invalid="ignore"):    # out of range: inf, silently
            return out.astype(dst._data.dtype)

    def backward(self, g):
        gsrc = None
        if self._next[1] is not None:
            # torch casts first; its engine then sums to the source's shape
            gsrc = sum_to(cast(g, self.src_dtype), self.src_shape)
        return (zeros_of(g), gsrc)


def copy_(dst, src, non_blocking=False):
    """Copy src's values into dst (broadcasting and casting); gradients flow to src."""
    if not isinstance(src, Tensor):
        # torch reads a Python number as a tensor here (and only a Python number)
        check_args("copy_", ("(Tensor other, bool non_blocking = False)",   # (+ one unprinted)
                             "hidden (Tensor other, bool non_blocking, bool _)"), dst,
                   {"other": src, "non_blocking": non_blocking}, numbers_as_tensors=True)
        if isinstance(src, complex):
            raise TypeError("minigrad does not support complex numbers")
        src = Tensor._make(np.asarray(src), False, None)
    elif src._requires_grad and dst._data.dtype.kind not in "fc":
        src = src.detach()      # an integer or bool result is not differentiable: no graph
    return inplace(CopyBackwards, dst, (src,))


class IndexPutBackward0(Node):
    """x[indices] = values (in place, advanced indices). Saves only the indices: the
    overwritten positions get zero gradient, the values get the gradient there."""
    __slots__ = ("key", "vshape", "vdtype", "accumulate")

    def forward(self, x, v, key, accumulate):
        vd = v._data if isinstance(v, Tensor) else v
        try:
            check_advanced_key(x._data.shape, key, np.shape(vd))
        except IndexError:
            _check_put_dtypes(x, key, vd, accumulate)   # torch: the value's shape, the
            raise                                       # dtypes, then the bounds
        _check_put_dtypes(x, key, vd, accumulate)
        out = np.array(x._data)
        try:
            if accumulate:
                np.add.at(out, key, vd)
            else:
                out[key] = vd
        except IndexError as e:
            raise IndexError(torch_index_message(x, key, e)) from None
        except (ValueError, TypeError):     # (NumPy's mask assignment says TypeError)
            raise RuntimeError(f"shape mismatch: value tensor of shape {list(np.shape(vd))} "
                               f"cannot be broadcast to indexing result of shape "
                               f"{list(x._data[key].shape)}") from None
        self.key, self.accumulate = key, accumulate
        self.vshape = np.shape(vd)
        self.vdtype = vd.dtype if isinstance(vd, np.ndarray) else x._data.dtype
        return out

    def backward(self, g):
        gd = array(g)               # (a graph of backward gets constants: not recorded)
        gx = np.array(gd)
        if not self.accumulate:
            gx[self.key] = 0
        gv = None
        if self._next[1] is not None:
            gv = sum_to(gd[self.key], self.vshape).astype(self.vdtype, copy=False)
        return constant_like(gx, g), (None if gv is None else constant_like(gv, g))


def _check_put_dtypes(x, key, vd, accumulate):
    if isinstance(vd, np.ndarray) and vd.dtype != x._data.dtype \
            and not _as_masked_fill(key, vd, accumulate):
        from .._dtype import from_numpy_dtype
        raise RuntimeError(
            "Index put requires the source and destination dtypes match, got "
            f"{from_numpy_dtype(x._data.dtype)._legacy[:-len('Tensor')]} for the "
            f"destination and {from_numpy_dtype(vd.dtype)._legacy[:-len('Tensor')]} for "
            "the source.")


def _as_masked_fill(key, vd, accumulate):
    """Whether torch runs this index_put_ as a masked_fill_ (which converts the value to the
    tensor's dtype): one value, no accumulation, and one advanced index, a bool mask."""
    if accumulate or vd.size != 1:
        return False
    arrays = [k for k in (key if isinstance(key, tuple) else (key,))
              if isinstance(k, (np.ndarray, Tensor))]
    return len(arrays) == 1 and array(arrays[0]).dtype.kind == "b"


def index_put_(x, key, value, accumulate=False):
    """x[key] = value (or += with accumulate) for advanced keys: IndexPutBackward0."""
    return inplace(IndexPutBackward0, x, (as_tensor_arg(value, "value"),),
                   index_arrays(key, x._data.ndim), accumulate)


class _RandomFillBackward(Node):
    """x.normal_() / x.uniform_(): new values that do not depend on the old ones (their
    gradient is zero); torch records the fill, so a tensor with history stays in the graph."""
    __slots__ = ()

    def forward(self, x, sample):
        return sample(x._data.shape).astype(x._data.dtype)

    def backward(self, g):
        return (zeros_of(g),)


class NormalBackward0(_RandomFillBackward):
    __slots__ = ()


class UniformBackward0(_RandomFillBackward):
    __slots__ = ()


def _fill_args(name, x, values):
    """torch's parser message for a random fill's bounds given as anything but numbers."""
    if any(v.__class__ not in (int, float, bool) for v in values.values()):
        first, second = values
        check_args(name, (f"(float {first} = 0, float {second} = 1, *, "
                          "torch.Generator generator = None)",), x, values)


def uniform_(x, a=0.0, b=1.0, *, generator=None):
    from .._random import _rng
    _fill_args("uniform_", x, {"from": a, "to": b})
    return inplace(UniformBackward0, x, (), lambda shape: _rng(generator).uniform(a, b, shape))


def normal_(x, mean=0.0, std=1.0, *, generator=None):
    from .._random import _rng
    _fill_args("normal_", x, {"mean": mean, "std": std})
    return inplace(NormalBackward0, x, (),
                   lambda shape: _rng(generator).normal(mean, std, shape))
