"""Comparisons and logic: ==, <, &, ~ ... Their results are bool tensors that never require
grad, so no node is recorded."""
import numpy as np

from ._core import Tensor, check_broadcast


def _compare(ufunc, a, b):
    bd = b._data if isinstance(b, Tensor) else b
    try:
        return Tensor._make(ufunc(a._data, bd), False, None)
    except ValueError:
        check_broadcast(a._data, bd)
        raise


def eq(a, b):
    return _compare(np.equal, a, b)


def ne(a, b):
    return _compare(np.not_equal, a, b)


def lt(a, b):
    return _compare(np.less, a, b)


def le(a, b):
    return _compare(np.less_equal, a, b)


def gt(a, b):
    return _compare(np.greater, a, b)


def ge(a, b):
    return _compare(np.greater_equal, a, b)


def logical_and(a, b):
    return _compare(np.logical_and, a, b)


def logical_or(a, b):
    return _compare(np.logical_or, a, b)


def logical_not(x):
    return Tensor._make(np.logical_not(x._data), False, None)


def isnan(x):
    return Tensor._make(np.isnan(x._data), False, None)


def invert(x):
    if x._data.dtype.kind == "f":
        raise TypeError("bitwise_not_cpu not implemented for 'Float'")
    return Tensor._make(np.invert(x._data), False, None)
