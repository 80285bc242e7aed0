"""How `tensor(data)` reads nested Python data: the dtype it infers (torch's rules for
bools, ints, floats, big ints and tensors inside lists), the shape, and torch's errors for
ragged or non-numeric data."""
import os
import sys

import numpy as np

from . import _dtype
from ._dtype import _Default
from ._compat._argparse import tp_name
from ._tensor import Tensor
from ._tensor_base import _warn_scalar_once
from ._ops._util import I64, promote_types as _promote_types

__all__ = ["to_array"]


def _not_a_number(item, floating):
    # what torch says when storing a non-number into a float or an integer/bool tensor
    if floating:
        return TypeError(f"must be real number, not {tp_name(item)}")
    return TypeError(f"'{tp_name(item)}' object cannot be interpreted as an integer")


_BIG = np.dtype(np.uint64)     # marks a Python int beyond int64 (no minigrad dtype is uint64)


def _promote(x, y):
    """torch.promote_types of two leaf dtypes (None: no leaf yet)."""
    if x is None or x is y:
        return y
    if y is None:
        return x
    if _BIG in (x, y):                  # a big int stays too big unless a float joins it
        other = y if x is _BIG else x
        return other if other.kind == "f" else _BIG
    return _promote_types(x, y)


def _infer(data, depth=0, dtype=None):
    """Walk nested sequences: return (shape, dtype of the leaves promoted together, None when
    there are none) with torch's messages for ragged or non-numeric data. `dtype`: the dtype
    asked for, which changes some messages."""
    if isinstance(data, Tensor):
        as_index = dtype is not None and dtype.np.kind in "biu"     # (read with __index__)
        if depth and as_index and data._data.dtype.kind == "f":
            raise TypeError("only integer tensors of a single element can be converted to an "
                            "index")
        if depth and data._data.size != 1:      # inside a list a tensor is one number
            if as_index:
                raise TypeError("only integer tensors of a single element can be converted "
                                "to an index")
            raise ValueError("only one element tensors can be converted to Python scalars")
        return (tuple(data._data.shape) if not depth else ()), data._data.dtype
    if isinstance(data, np.ndarray):
        if data.dtype.kind not in "biuf":
            _dtype.from_numpy_dtype(data.dtype)        # torch's "can't convert" TypeError
        return data.shape, data.dtype
    if isinstance(data, (bool, np.bool_)):
        return (), np.dtype(np.bool_)
    if isinstance(data, np.generic) and data.dtype.kind in "iuf":
        return (), _dtype.from_numpy_dtype(data.dtype).np   # a NumPy scalar keeps its dtype
    if isinstance(data, int):
        return (), I64 if -2 ** 63 <= data < 2 ** 63 else _BIG
    if isinstance(data, float):
        return (), _Default.dtype.np
    if isinstance(data, (list, tuple, range)):
        if not data:
            return (0,), None
        if isinstance(data[0], str):          # torch reads a leading str as a sequence
            raise ValueError("too many dimensions 'str'")
        shapes, dt = [], None
        for item in data:
            s, d = _infer(item, depth + 1, dtype)
            shapes.append(s)
            dt = _promote(dt, d)
        first = shapes[0]
        for s in shapes[1:]:
            if s != first:
                if first and not s:        # a number where a list was expected
                    raise TypeError("not a sequence")
                if s and not first:        # a list where a number was expected
                    kind = np.dtype(dtype.np if dtype is not None else dt).kind
                    raise _not_a_number([], kind == "f")
                raise ValueError(f"expected sequence of length {first[0]} at dim {depth + 1} "
                                 f"(got {s[0]})")
        return (len(data),) + first, dt
    if isinstance(data, complex):
        raise TypeError("minigrad does not support complex numbers")
    if isinstance(data, str) and (dtype is None or not depth):
        raise TypeError("new(): invalid data type 'str'")
    if dtype is not None:     # converted as one number of that dtype
        raise _not_a_number(data, dtype.is_floating_point)
    raise RuntimeError(f"Could not infer dtype of {tp_name(data)}")


_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def _warn_for_grad_elements(data, dtype):
    """torch reads each tensor inside the data of tensor() as a Python number: one that
    requires grad gives the scalar-conversion warning (once per process, before any check of
    the data, at the user's line), unless an integer or bool dtype reads it as an index."""
    if dtype is not None and dtype.np.kind in "biu" or not isinstance(data, (list, tuple)):
        return

    def grad_element(items):
        return any(item._requires_grad if isinstance(item, Tensor) else
                   isinstance(item, (list, tuple)) and grad_element(item) for item in items)
    if grad_element(data):
        frame, up = sys._getframe(1), 1     # the frames from here to the user's code
        while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE_DIR):
            frame, up = frame.f_back, up + 1
        _warn_scalar_once(stacklevel=up + 2)


def to_array(data, dtype):
    """Build the ndarray for tensor(data, dtype)."""
    _warn_for_grad_elements(data, dtype)
    shape, dt = _infer(data, 0, dtype)
    if dtype is None:
        if isinstance(data, np.ndarray):
            np_dtype = _dtype.from_numpy_dtype(data.dtype).np
        else:
            np_dtype = dt if dt is not None else _Default.dtype.np
    else:
        np_dtype = dtype.np
    if dt is _BIG and np.dtype(np_dtype).kind != "f":
        raise ValueError("Overflow when unpacking long long")
    if isinstance(data, (list, tuple, range)):
        data = _unwrap(data)
    arr = np.array(data, dtype=np.float64 if dt is _BIG else None)
    target = np.dtype(np_dtype)
    if arr.dtype.kind == "f" and target.kind in "iu":
        arr = np.trunc(arr)
        limits = np.iinfo(target)
        if arr.size and not (np.isfinite(arr).all() and limits.min <= arr.min()
                             and arr.max() <= limits.max):
            raise RuntimeError(f"value cannot be converted to type {target.name} without "
                               "overflow")
    if arr.dtype.kind == "f" and target.kind == "f" and target.itemsize < arr.dtype.itemsize:
        with np.errstate(over="ignore"):        # beyond the dtype's range: inf, silently
            return np.array(arr, dtype=np_dtype).reshape(shape)
    return np.array(arr, dtype=np_dtype).reshape(shape)


def _unwrap(data):
    if isinstance(data, Tensor):
        return data._data.reshape(())         # (one element, checked by _infer)
    if isinstance(data, (list, tuple, range)):
        return [_unwrap(d) for d in data]
    return data
