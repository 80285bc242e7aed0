"""Comparisons and logic: ==, <, &, ~ ... Their results are bool tensors that never require
grad, so no node is recorded."""
import numpy as np

from .._compat._argparse_calls import check_args

from .._compat._call_site import called_as_operator
from ._core import INTERNAL, Tensor, big_int_operand, check_broadcast, check_tensor, is_number, \
    refuse_array
from ._util import result_dtype


_NUMBERS = {bool, int, float}


def _operand(b):
    """The array or number to compare with, or NotImplemented for an object that is not
    a tensor, a number or an array (Python then answers `==` with False and `<` with
    its own TypeError, as it does for torch)."""
    if isinstance(b, Tensor):
        return b._data
    if isinstance(b, np.generic) and b.dtype.kind in "biuf":
        return b.item()
    if isinstance(b, (bool, int, float, complex, np.ndarray)):
        return b
    return NotImplemented


_ORDERING = {np.less: "lt", np.less_equal: "le", np.greater: "gt", np.greater_equal: "ge"}


_NAMES = {np.equal: "eq", np.not_equal: "ne", np.logical_and: "logical_and",
          np.logical_or: "logical_or", **_ORDERING}


def _first_not_tensor(ufunc, a, b):
    """torch.lt(1, t) and friends: the function's parser refuses a first argument that is
    not a Tensor (the operators never get here: Python hands them the tensor first)."""
    name = _NAMES[ufunc]
    from .._compat._argparse import Parser
    from .._compat._argparse_signatures import FUNCTIONS
    if name not in FUNCTIONS:
        check_tensor(a, name)
    err = Parser(name, *FUNCTIONS[name]).error({"input": a, "other": b})
    if err is not None:
        raise err


def _compare(ufunc, a, b):
    if a.__class__ is not Tensor and not isinstance(a, Tensor):
        _first_not_tensor(ufunc, a, b)
    if b.__class__ is Tensor:
        bd = b._data
    elif b.__class__ in _NUMBERS:
        bd = b
        if bd.__class__ is int and not -2 ** 63 <= bd < 2 ** 64:
            big_int_operand(a._data, bd)    # no int64 or uint64 holds it: OverflowError
    else:
        bd = _operand(b)
        if bd is NotImplemented:    # an operator declines it; torch.le(t, [1]) is refused
            refused = refuse_array(_NAMES[ufunc], a, b)
            return NotImplemented if refused is INTERNAL else refused
        if bd.__class__ is np.ndarray:
            # torch's `t == array` compares; its other comparison operators decline an
            # array (NumPy declines too: Python's TypeError, or identity for `!=`), and
            # torch.eq(t, array) gets the parser's error
            refused = refuse_array(_NAMES[ufunc], a, b)
            if refused is NotImplemented and ufunc is not np.equal:
                return refused
        if bd.__class__ is complex and ufunc in _ORDERING:
            kind = "Double" if a._data.dtype == np.float64 else "Float"
            raise NotImplementedError(f'"{_ORDERING[ufunc]}_cpu" not implemented for '
                                      f"'Complex{kind}'")
    try:
        if bd.__class__ is float and not -65504.0 <= bd <= 65504.0:
            with np.errstate(over="ignore"):    # a cast of a huge float: inf, silently
                return Tensor._make(ufunc(a._data, bd), False, None)
        return Tensor._make(ufunc(a._data, bd), False, None)
    except OverflowError:           # an int beyond int64: compare its value as a float
        return Tensor._make(ufunc(a._data, float(bd)), False, None)
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
    if a.__class__ is not Tensor or b.__class__ is not Tensor:
        _check_pair(a, b, "logical_and")
    return _compare(np.logical_and, a, b)


def logical_or(a, b):
    if a.__class__ is not Tensor or b.__class__ is not Tensor:
        _check_pair(a, b, "logical_or")
    return _compare(np.logical_or, a, b)


def _check_pair(a, b, op):
    # (a number on the right is let through for `&` and `|`, which these functions serve)
    check_tensor(a, op, "input", 1)
    if not isinstance(b, Tensor) and not called_as_operator():
        check_args(op, ("(Tensor other)",), a, {"other": b},
                   functions=("(Tensor input, Tensor other, *, Tensor out = None)",))


def logical_not(x):
    check_tensor(x, "logical_not")
    return Tensor._make(np.logical_not(x._data), False, None)


def isnan(x):
    check_tensor(x, "isnan")
    return Tensor._make(np.isnan(x._data), False, None)


def invert(x):
    if x._data.dtype.kind == "f":
        raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type "
                        "tensors")
    return Tensor._make(np.invert(x._data), False, None)


def _bitwise(ufunc, name, a, b):
    """torch's bitwise &, |, ^: integer and bool operands only (bool with bool stays bool);
    anything but a tensor or a number is declined (Python's TypeError)."""
    if a.__class__ is not Tensor:           # torch.bitwise_or(0, t): its (Number self, Tensor
        if isinstance(b, Tensor) and is_number(a):
            a, b = b, a                     # other) overload; the ops are symmetric
        else:
            from .._compat._argparse import Parser
            from .._compat._argparse_signatures import FUNCTIONS
            raise Parser(name, *FUNCTIONS[name]).error({"input": a, "other": b})
    if b.__class__ is Tensor:
        bd = b._data
    elif isinstance(b, np.bool_):           # torch reads a NumPy bool as a float
        b = bd = float(b)
    elif isinstance(b, np.generic) and b.dtype.kind in "biuf":
        b = bd = b.item()
    elif isinstance(b, (bool, int, float)):
        bd = b
    elif isinstance(b, complex):
        kind = "Double" if a._data.dtype == np.float64 else "Float"
        raise NotImplementedError(f"\"{name}_cpu\" not implemented for 'Complex{kind}'")
    else:           # an operator declines it (NumPy's own `&` then runs for an array)
        refused = refuse_array(name, a, b)
        if refused is not INTERNAL or not isinstance(b, np.ndarray):
            return NotImplemented if refused is INTERNAL else refused
        b = Tensor._make(b, False, None)
        bd = b._data
    ad = a._data
    if type(bd) is int and not -2 ** 63 <= bd < 2 ** 63:
        bd = big_int_operand(ad, bd)
        b = bd
    check_broadcast(ad, bd)
    rt = result_dtype(a, b)
    if rt.kind == "f":
        from .._dtype import from_numpy_dtype
        raise NotImplementedError(f"\"{name}_cpu\" not implemented for "
                                  f"'{from_numpy_dtype(rt)._legacy[:-6]}'")
    return Tensor._make(ufunc(ad.astype(rt, copy=False), np.asarray(bd).astype(rt, copy=False)),
                        False, None)


def bitwise_and(a, b):
    """a & b, bit by bit (logical for bool tensors)."""
    return _bitwise(np.bitwise_and, "bitwise_and", a, b)


def bitwise_or(a, b):
    """a | b, bit by bit (logical for bool tensors)."""
    return _bitwise(np.bitwise_or, "bitwise_or", a, b)


def bitwise_xor(a, b):
    """a ^ b, bit by bit (logical for bool tensors)."""
    return _bitwise(np.bitwise_xor, "bitwise_xor", a, b)
