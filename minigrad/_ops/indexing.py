"""Indexing: `x[key]` (basic keys give views; lists, tensors and masks give copies),
`x[key] = value`, and cat/stack."""
import numpy as np

from .._compat._internal_warning import INDEXING, warn_internal
from ..autograd.graph import Node
from .._compat._argparse import Parser, tp_name
from .._compat._argparse_calls import as_int, check_args
from ._core import Tensor
from ._util import promote_types, torch_index_message, wrap_dim
from .fill_copy import checked_scalar, copy_, fill_, index_put_
from .._either import keep_dtype, select as _select
from .index_views import (AliasBackward0, SelectBackward0, SliceBackward0, basic_index_view,
                          check_advanced_key, scatter_into_zeros)


def _specified_dims(key):
    """How many dims of x a key tuple uses, counted as torch counts them before it reads
    any item: a bool or uint8 tensor uses its dims, another tensor one; None, ... and
    True/False none; anything else (even a float or a str, refused later) one."""
    count = 0
    for k in key:
        if isinstance(k, Tensor):
            count += k._data.ndim if k._data.dtype.kind in "bu" and \
                k._data.dtype.itemsize == 1 else 1
        elif not (k is None or k is Ellipsis or k is True or k is False):
            count += 1
    return count


def _index_of_0d(k):
    """x[k] for a 0-d x and a Python or NumPy integer k (torch's select on dim 0)."""
    if k == 0:
        raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                         "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
    raise IndexError(f"index {k} is out of bounds for dimension 0 with size 0")


def _norm_key(x, key):
    """Turn a torch-style key into a NumPy one; report whether it is 'basic' (a view)."""
    ndim = x._data.ndim
    if not isinstance(key, tuple):      # torch's paths for a lone int or slice come first
        if isinstance(key, (int, np.integer)) and not isinstance(key, (bool, np.bool_)):
            if ndim == 0:
                _index_of_0d(int(key))
        elif isinstance(key, slice):
            if key.step is not None and key.step <= 0:
                raise ValueError("step must be greater than zero")
            if ndim == 0:
                raise IndexError("slice() cannot be applied to a 0-dim tensor.")
        key = (key,)
    if _specified_dims(key) > ndim:
        raise IndexError(f"too many indices for tensor of dimension {ndim}")
    out, basic, dim = [], True, 0
    used = _specified_dims(key)
    real = 0                    # the position torch names in its messages (None counts)
    for pos, k in enumerate(key):
        if k is Ellipsis:           # the dims after `...` are counted from the end
            dim = ndim - sum(1 for j in key[pos + 1:] if j is not None and j is not Ellipsis)
            real += ndim - used
            out.append(k)
            continue
        if isinstance(k, Tensor):
            kd = k._data        # (a float tensor is refused by the indexing kernel, later)
            if kd.ndim == 0 and kd.dtype.kind in "iu":
                k = int(kd)
            else:
                basic = False
                k = kd
        elif isinstance(k, (list, np.ndarray)):
            k = _index_array(k)
            if k.ndim == 0 and k.dtype.kind in "iu":    # (a 0-d integer index is an int)
                k = int(k)
            else:
                basic = False
        elif isinstance(k, bool):
            basic = False
        elif isinstance(k, (np.integer,)):
            k = int(k)
        elif k is not None and not isinstance(k, (int, slice)):
            if isinstance(k, str):          # torch tries to make a tensor of it
                raise TypeError("new(): invalid data type 'str'")
            raise IndexError("only integers, slices (`:`), ellipsis (`...`), None and long or "
                             "byte Variables are valid indices (got "
                             f"{tp_name(k)})")
        if isinstance(k, int) and not isinstance(k, bool):
            size = x._data.shape[dim] if dim < x._data.ndim else None
            if size is None:
                raise IndexError(f"too many indices for tensor of dimension {x._data.ndim}")
            if not -size <= k < size:
                raise IndexError(f"index {k} is out of bounds for dimension {real} with size "
                                 f"{size}")
        if isinstance(k, slice) and k.step is not None and k.step <= 0:
            raise ValueError("step must be greater than zero")
        if k is not None and k is not True and k is not False:     # (these add a dim)
            dim += 1
        real += 1
        out.append(k)
    if dim > x._data.ndim and basic:
        raise IndexError(f"too many indices for tensor of dimension {x._data.ndim}")
    return tuple(out), basic


def _index_array(k):
    """A list or ndarray index as torch reads it: as an int64 tensor (floats truncated), or
    a bool mask; a str among the items is refused as torch's tensor constructor does."""
    if isinstance(k, list) and not k:
        return np.zeros(0, np.int64)
    k = np.asarray(k)
    if k.dtype.kind in "US":
        raise TypeError("new(): invalid data type 'str'")
    if k.dtype.kind == "f":
        with np.errstate(invalid="ignore"):
            return k.astype(np.int64)
    return k


def _view_class(key):
    if all(isinstance(k, int) for k in key):
        return SelectBackward0
    if any(isinstance(k, int) for k in key):
        return SelectBackward0
    if any(isinstance(k, slice) for k in key):
        return SliceBackward0
    return AliasBackward0


class IndexBackward0(Node):
    """out = x[indices] with lists/tensors/masks (a copy): scatter-add the gradient back,
    so repeated indices accumulate. The indices count as saved: freed by backward."""
    __slots__ = ("shape", "key")
    saves = True

    def forward(self, x, key):
        check_advanced_key(x._data.shape, key)
        try:
            data = x._data[key]
        except IndexError as e:
            raise IndexError(torch_index_message(x, key, e)) from None
        self.shape, self.key = x._data.shape, key
        return np.array(data)

    def backward(self, g):
        return (scatter_into_zeros(g, self.shape, self.key, accumulate=True),)


_LIST_AS_TUPLE = (
    "Using a non-tuple sequence for multidimensional indexing is deprecated and will be "
    "changed in pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will be "
    "interpreted as tensor index, x[torch.tensor(seq)], which will result either in an error "
    "or a different result")


def _sequence_as_tuple(key):
    """torch 2.13 still reads a short list key holding a slice, None, ..., a tensor or
    another sequence as a tuple of indices (x[[0, slice(None)]] is x[0, :]), with a
    deprecation warning; any other list is one tensor index. Returns the key to use."""
    if type(key) is str:                # a str is a sequence too (then refused)
        warn_internal(_LIST_AS_TUPLE, INDEXING, stacklevel=4)
        return key
    if type(key) is not list or len(key) >= 32:
        return key
    for k in key:
        if k is None or k is Ellipsis or \
                isinstance(k, (slice, Tensor, list, tuple, np.ndarray, str)):
            warn_internal(_LIST_AS_TUPLE, INDEXING, stacklevel=4)
            return tuple(key)
    return key


def getitem(x, key):
    """x[key]: a view for ints/slices/None/..., a copy for lists, tensors and masks."""
    key = _sequence_as_tuple(key)
    nkey, basic = _norm_key(x, key)
    if basic:
        return basic_index_view(x, nkey, _view_class(nkey))
    return IndexBackward0.apply((x,), nkey)


def setitem(x, key, value):
    """x[key] = value: a copy_ (or fill_) into the view x[key], or index_put_ for advanced
    keys. Either way one in-place op on x: the version goes up by one."""
    if value.__class__ is not Tensor:
        value = _setitem_value(x, value)
    if key is True or key is None:      # torch: a copy into x.unsqueeze(0)
        target = x.unsqueeze(0)
        if isinstance(value, Tensor):
            copy_(target, _fit_value(target, value))
        else:
            fill_(target, value)
        return
    if key is False:                    # torch writes nothing and checks nothing
        return
    if key is Ellipsis or (type(key) is tuple and not key):     # x itself, not a view
        if isinstance(value, Tensor):
            copy_(x, _fit_value(x, value))
        else:
            fill_(x, value)
        return
    key = _sequence_as_tuple(key)
    nkey, basic = _norm_key(x, key)
    if basic:
        target = getitem(x, key)
        if isinstance(value, Tensor) and not value._data.ndim and target._data.ndim:
            fill_(target, value)        # torch fills from a 0-d value (recorded, any dtype)
        elif isinstance(value, Tensor):
            value = _fit_value(target, value)
            copy_(target, value)
        else:
            fill_(target, value)
        return
    if isinstance(value, Tensor) and value._data.ndim and value._data.shape[0] == 1:
        shape = value._data.shape       # torch drops a value's leading dims of size 1
        lead = next((i for i, n in enumerate(shape) if n != 1), len(shape))
        value = value.view(shape[lead:])
    index_put_(x, nkey, value)


def _setitem_value(x, value):
    """The value of x[key] = value, checked as torch does before it reads the key: a Tensor,
    or a Python number (NumPy integers too) that fits x's dtype."""
    if isinstance(value, Tensor):
        return value
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        if not -2 ** 63 <= value < 2 ** 63:
            raise ValueError("Overflow when unpacking long long")
    elif not isinstance(value, (bool, float, complex)):
        raise TypeError(f"can't assign a {tp_name(value)} to a {x.type()}")
    return checked_scalar(x, value)


def _fit_value(target, value):
    """torch drops a value's extra leading size-1 dims before broadcasting it into x[key],
    and reports a value with more dims than that as an expand error."""
    vshape, tshape = value._data.shape, target._data.shape
    if vshape == tshape:
        return value
    lead = 0
    while lead < len(vshape) and vshape[lead] == 1:
        lead += 1
    if lead:                                # torch drops all leading size-1 dims
        value = value.reshape(vshape[lead:])
        vshape = vshape[lead:]
    if len(vshape) <= len(tshape):
        return value.expand(tshape)         # torch's expand message for a value that does not fit
    raise RuntimeError(f"expand({value.type()}{{{list(vshape)}}}, size={list(tshape)}): the "
                       f"number of sizes provided ({len(tshape)}) must be greater or equal to "
                       f"the number of dimensions in the tensor ({len(vshape)})")


# ---- cat / stack -------------------------------------------------------------------

class CatBackward0(Node):
    """out = cat(tensors, dim): slice the gradient back into pieces."""
    __slots__ = ("dim", "sizes", "dtypes")

    def forward(self, *parts_and_dim):
        *parts, d = parts_and_dim
        rt = parts[0]._data.dtype
        for t in parts[1:]:
            rt = promote_types(rt, t._data.dtype)
        self.dim, self.sizes = d, [t._data.shape[d] for t in parts]
        self.dtypes = [t._data.dtype for t in parts]
        return np.concatenate([t._data for t in parts], axis=d).astype(rt, copy=False)

    def backward(self, g):
        out, start = [], 0
        for size, dt in zip(self.sizes, self.dtypes):
            sl = [slice(None)] * len(g.shape)
            sl[self.dim] = slice(start, start + size)
            piece = g[tuple(sl)]
            out.append(keep_dtype(piece, dt))
            start += size
        return tuple(out)


class StackBackward0(Node):
    """out = stack(tensors, dim): select each slice of the gradient."""
    __slots__ = ("dim", "n", "dtypes")

    def forward(self, *tensors_and_dim):
        *tensors, d = tensors_and_dim
        self.dim, self.n = d, len(tensors)
        self.dtypes = [t._data.dtype for t in tensors]
        rt = self.dtypes[0]
        for dt in self.dtypes[1:]:
            rt = promote_types(rt, dt)      # torch's promotion (int64 with float32: float32)
        return np.stack([t._data for t in tensors], axis=d).astype(rt, copy=False)

    def backward(self, g):
        return tuple(keep_dtype(_select(g, self.dim, i), dt)
                     for i, dt in zip(range(self.n), self.dtypes))


def _tensors_arg(tensors, name):
    if isinstance(tensors, Tensor) or not isinstance(tensors, (list, tuple)):
        raise TypeError(f"{name}(): argument 'tensors' (position 1) must be tuple of Tensors, "
                        f"not {tp_name(tensors)}")
    if not tensors:
        if name == "stack":
            raise RuntimeError("stack expects a non-empty TensorList")
        raise ValueError(f"minigrad.{name}(): expected a non-empty list of Tensors")
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got "
                            f"{tp_name(t)}")
    return tuple(tensors)


def cat(tensors, dim=0):
    """Join tensors along an existing dim."""
    tensors = _tensors_arg(tensors, "cat")
    ref = next((t for t in tensors if t._data.ndim > 0), tensors[0])
    d = wrap_dim(dim, ref._data.ndim)
    parts = [t for t in tensors if not (t._data.ndim == 1 and t._data.size == 0)] or [ref]
    for i, t in enumerate(parts):
        if t._data.ndim != ref._data.ndim:
            raise RuntimeError(f"Tensors must have same number of dimensions: got "
                               f"{ref._data.ndim} and {t._data.ndim}")
        for j, (a, b) in enumerate(zip(ref._data.shape, t._data.shape)):
            if j != d and a != b:
                raise RuntimeError(f"Sizes of tensors must match except in dimension {d}. "
                                   f"Expected size {a} but got size {b} for tensor number {i} "
                                   "in the list.")
    return CatBackward0.apply(tuple(parts), d)


def stack(tensors, dim=0):
    """Join same-shaped tensors along a new dim."""
    if dim.__class__ is not int:
        err = Parser("stack", "(tuple of Tensors tensors, int dim = 0, *, Tensor out = None)"
                     ).error({"tensors": tensors, "dim": dim})
        if err is not None:
            raise err
        dim = as_int(dim)
    tensors = _tensors_arg(tensors, "stack")
    shape = tensors[0]._data.shape
    d = wrap_dim(dim, len(shape) + 1)
    for i, t in enumerate(tensors):
        if t._data.shape != shape:
            raise RuntimeError(f"stack expects each tensor to be equal size, but got "
                               f"{list(shape)} at entry 0 and {list(t._data.shape)} at entry {i}")
    return StackBackward0.apply(tuple(tensors), d)


def select(x, dim, index):
    if dim.__class__ is not int or index.__class__ is not int:
        check_args("select", ("(int dim, int index)",), x, {"dim": dim, "index": index})
        dim, index = as_int(dim), as_int(index)
    if not x._data.ndim:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    key = [slice(None)] * x._data.ndim
    d = wrap_dim(dim, x._data.ndim)
    size = x._data.shape[d]
    if not -size <= index < size:
        raise IndexError(f"select(): index {index} out of range for tensor of size "
                         f"{list(x._data.shape)} at dimension {d}")
    key[d] = index
    return getitem(x, tuple(key))


def narrow(x, dim, start, length):
    if dim.__class__ is not int or start.__class__ is not int or length.__class__ is not int:
        check_args("narrow", ("(int dim, Tensor start, int length)",
                              "(int dim, int start, int length)"), x,
                   {"dim": dim, "start": start, "length": length})
        if isinstance(start, Tensor) and (start._data.ndim or start._data.dtype.kind not in "iu"):
            raise RuntimeError("start must be an 0-dim integral Tensor.")
        dim, start, length = as_int(dim), as_int(start), as_int(length)
    if x._data.ndim == 0:                   # torch's checks, in torch's order
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    if length < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    key = [slice(None)] * x._data.ndim
    d = wrap_dim(dim, x._data.ndim)
    size = x._data.shape[d]
    if not -size <= start <= size:
        raise IndexError(f"start out of range (expected to be in range of [{-size}, {size}], "
                         f"but got {start})")
    if start < 0:
        start += size
    if start + length > size:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size "
                           f"({size}).")
    key[d] = slice(start, start + length)
    return getitem(x, tuple(key))
