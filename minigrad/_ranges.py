"""Evenly spaced values: arange and linspace, with torch's argument checks and result dtypes."""
import math

import numpy as np

from . import _dtype
from ._compat._argparse import Parser
from ._creation import _FACTORY_KEYWORDS, _Default, _factory, _finish, _np, allocate
from ._dtype import dtype as _dtype_cls
from ._tensor import Tensor
from ._ops._core import checked_value, number_arg as _number_arg


def _int64(x):
    if isinstance(x, int) and not -2 ** 63 <= x < 2 ** 63:
        raise RuntimeError("value cannot be converted to type int64_t without overflow")
    return x


@_factory
def arange(start, end=None, step=1, *, dtype=None, requires_grad=False, device=None):
    """start, start + step, ... up to (not including) end."""
    if start.__class__ not in (int, float) or end.__class__ not in (int, float, type(None)) \
            or step.__class__ not in (int, float) or not (dtype is None or
                                                         dtype.__class__ is _dtype_cls):
        err = _ARANGE.error({"start": start, "end": end, "step": step, "dtype": dtype,
                             "requires_grad": requires_grad, "device": device})
        if err is not None:
            raise err
    given = (start,) if end is None else (start, end) if type(step) is int and step == 1 \
        else (start, end, step)
    if any(isinstance(v, complex) for v in given):
        raise RuntimeError("value cannot be converted to type double without overflow")
    vals = [_number_arg(v, "arange", "end", 1) for v in given]
    if len(vals) == 1:
        vals = [0] + vals
    if len(vals) == 2:
        vals.append(1)
    is_float = any(isinstance(v, float) for v in vals)
    np_dtype = _np(dtype, _Default.dtype if is_float else _dtype.int64, op="arange")
    if np_dtype.kind == "b":            # torch's kernel has no bool version
        raise NotImplementedError("\"arange_cpu\" not implemented for 'Bool'")
    if not is_float:                    # (with a float among them torch computes in double)
        start, end, step = (_int64(v) for v in vals)
    else:
        start, end, step = vals
    if step == 0 or step != step:       # (nan counts as zero, as in torch; checked first)
        raise RuntimeError("step must be nonzero")
    if not (math.isfinite(start) and math.isfinite(end)):
        raise RuntimeError(f"unsupported range: {start} -> {end}")
    if (end - start) * step < 0:
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    n = int(np.ceil((end - start) / step))
    if np.dtype(np_dtype).kind in "iu" and is_float:
        # an integer dtype: torch computes the values in int64, from the bounds truncated
        # (and for int64 the length too, so a step below 1 in size becomes zero)
        start, step = int(start), int(step)
        if np.dtype(np_dtype) == np.int64:
            if step == 0:
                raise ValueError("step must be nonzero")
            n = max(0, -((start - int(end)) // step))
        arr = allocate(lambda: (start + step * np.arange(n, dtype=np.int64)).astype(np_dtype),
                       (n,), np_dtype)
        return _finish(arr, requires_grad)
    arr = allocate(lambda: (start + step * np.arange(n, dtype=np.float64)).astype(np_dtype),
                   (n,), np_dtype)
    return _finish(arr, requires_grad)




_ARANGE = Parser("arange", f"(Number end, *, Tensor out = None, {_FACTORY_KEYWORDS})",
                 f"(Number start, Number end, *, {_FACTORY_KEYWORDS})",
                 f"(Number start, Number end, Number step = 1, *, Tensor out = None, "
                 f"{_FACTORY_KEYWORDS})")


_LINSPACE = Parser("linspace", *(f"({a} start, {b} end, int steps, *, Tensor out = None, "
                                 f"{_FACTORY_KEYWORDS})"
                                 for a, b in (("Tensor", "Tensor"), ("Number", "Tensor"),
                                              ("Tensor", "Number"), ("Number", "Number"))))


@_factory
def linspace(start, end, steps, *, dtype=None, requires_grad=False, device=None):
    """`steps` evenly spaced values from start to end."""
    if steps.__class__ is not int or not all(x.__class__ in (int, float) for x in (start, end)) \
            or not (dtype is None or dtype.__class__ is _dtype_cls):
        err = _LINSPACE.error({"start": start, "end": end, "steps": steps, "dtype": dtype,
                               "requires_grad": requires_grad, "device": device})
        if err is not None:
            raise err
    for name, x in (("start", start), ("end", end)):
        if isinstance(x, Tensor) and x._data.ndim:
            raise RuntimeError(f"linspace only supports 0-dimensional start and end tensors, "
                               f"but got {name} with {x._data.ndim} dimension(s).")
    start, end = (_number_arg(x, "linspace", "start", 1) for x in (start, end))
    steps = int(steps._data) if isinstance(steps, Tensor) else int(steps)
    if not -2 ** 63 <= steps < 2 ** 63:
        raise ValueError("Overflow when unpacking long long")
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    np_dtype = _np(dtype, op="linspace")
    if np.dtype(np_dtype).kind == "b" and steps > 1:    # (0 or 1 value needs no kernel)
        raise NotImplementedError("\"linspace_cpu\" not implemented for 'Bool'")
    if np.dtype(np_dtype).kind in "iu":     # start and end must fit the integer dtype
        checked_value(np.dtype(np_dtype), start)
        checked_value(np.dtype(np_dtype), end)
    if math.isfinite(start) and math.isfinite(end):
        with np.errstate(over="ignore", invalid="ignore"):    # (casts as torch's, silently)
            return _finish(np.linspace(start, end, steps).astype(np_dtype), requires_grad)
    # torch's kernel: the first half counts up from start, the second half down from end
    # (so an infinite end gives inf and nan where NumPy's formula differs)
    i = np.arange(steps, dtype=np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        step = (end - start) / (steps - 1) if steps > 1 else 0.0
        arr = np.where((i < steps // 2) | (steps == 1), start + step * i,
                       end - step * (steps - 1 - i))
    arr = arr.astype(np_dtype)
    return _finish(arr, requires_grad)
