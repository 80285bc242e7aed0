"""Argument handling shared by the op families: operands, promotion, broadcasting checks.
(Recording an op is `Node.apply`, in minigrad/autograd/graph.py.)"""
import dis
import math
import os
import sys

import numpy as np

from .._compat._argparse import tp_name
from .._compat._argparse_calls import arithmetic_error
from .._compat._call_site import (called_as_operator, called_by_user, entry_file,
                                   operator_symbol, via_method)
from .._dtype import get_default_dtype
from .._tensor import Tensor
from ._util import broadcast_shapes, result_dtype

__all__ = ["operands", "binary_meta", "Tensor", "as_tensor_arg"]


def operands(a, b):
    """The arrays for `a op b` and the result dtype when NumPy's would differ from torch's
    (None when it agrees). b may be a Tensor or a Python number."""
    ad = a._data
    if isinstance(b, Tensor):
        bd = b._data
        if ad.dtype is bd.dtype:
            return ad, bd, None
        rt = result_dtype(a, b)
        return ad.astype(rt, copy=False), bd.astype(rt, copy=False), rt
    if type(b) is float and ad.dtype.kind != "f":
        rt = get_default_dtype().np         # (float32 unless set_default_dtype changed it)
        return ad.astype(rt), b, rt
    return ad, b, None


def binary_meta(a, b):
    """What a binary node's backward needs to undo broadcasting and promotion: None in the
    common case (same shape and dtype), else ((shape, dtype) of a, (shape, dtype) of b)."""
    ad = a._data
    if isinstance(b, Tensor):
        bd = b._data
        if ad.shape == bd.shape and ad.dtype is bd.dtype:
            return None
        return (ad.shape, ad.dtype), (bd.shape, bd.dtype)
    return None


def check_broadcast(ad, bd):
    """Raise torch's message for shapes that do not broadcast."""
    broadcast_shapes(np.shape(ad), np.shape(bd))


def as_tensor_arg(x, name="other"):
    """Accept Tensors and Python numbers as op arguments; reject everything else clearly."""
    if isinstance(x, np.generic):       # before the float check: np.float64 is a float
        return float(x) if isinstance(x, np.bool_) else x.item()   # (torch: a bool is a float)
    if isinstance(x, (Tensor, bool, int, float)):
        return x
    if isinstance(x, np.ndarray):
        return Tensor._make(x, False, None)
    raise TypeError(f"unsupported operand type: expected Tensor or Number for '{name}', got "
                    f"{type(x).__name__}")


# ---- the gate: torch's argument-parser messages, raised before NumPy sees a bad argument ----

def type_name(x):
    """How torch's argument parser names the type of a Python object in its messages:
    'int', 'NoneType', 'Tensor', 'numpy.int64', 'torch.dtype' (see _argparse.tp_name)."""
    return tp_name(x)


def check_tensor(x, op, name="input", pos=1):
    """`op(): argument 'name' (position pos) must be Tensor, not int`, as torch, for an
    argument that must be a Tensor. Call it only off the hot path (after a class check)."""
    if not isinstance(x, Tensor):
        if pos > 1 and via_method():        # (a method counts from the argument after self)
            pos -= 1
        raise TypeError(f"{op}(): argument '{name}' (position {pos}) must be Tensor, not "
                        f"{type_name(x)}")
    return x


def is_number(x):
    """What torch's parser accepts as a Number: Python and NumPy scalars (not strings,
    sequences or tensors)."""
    return isinstance(x, (bool, int, float, complex, np.number, np.bool_))


def _described(x):
    # torch writes a list argument with the types of its items: `list of [int]`
    if type(x) in (list, tuple) and x:
        names = list(dict.fromkeys(type_name(i) for i in x))
        return f"{type(x).__name__} of [{', '.join(names)}]"
    return type_name(x)


def invalid_combination(op, args, signatures, shown=None, keywords=None):
    """torch's `op() received an invalid combination of arguments` message. `signatures`:
    one tuple of (type, name) per overload, type 'Tensor' or 'Number' (extra text such as
    ', *, Tensor out = None' goes in a trailing str item); `shown`: indices of the overloads
    whose mismatches torch lists (those with as many parameters as there are arguments);
    `keywords`: keyword arguments given, shown after the positional ones."""
    got = ", ".join(type_name(a) for a in args)
    if keywords:        # (torch ends keywords given alone with ", ")
        got += (", " if args else "") + ", ".join(f"{k}={type_name(v)}"
                                                  for k, v in keywords.items())
        got += "" if args else ", "
    lines = [f"{op}() received an invalid combination of arguments - got "
             f"({got}), but expected one of:"]
    for i, sig in enumerate(signatures):
        params = [p for p in sig if not isinstance(p, str)]
        tail = "".join(p for p in sig if isinstance(p, str))
        lines.append(f" * ({', '.join(f'{t} {n}' for t, n in params)}{tail})")
        if shown is not None and i in shown:
            marks = []
            for (t, _), a in zip(params, args):
                # (torch's message marks every argument given for a Number parameter,
                # numbers included: only Tensor parameters are ever shown as matched)
                ok = t == "Tensor" and isinstance(a, Tensor)
                marks.append(type_name(a) if ok else f"!{_described(a)}!")
            lines.append("      didn't match because some of the arguments have invalid "
                         f"types: ({', '.join(marks)})")
    return TypeError("\n".join(lines) + "\n")


# ---- arguments of the factories and of the arithmetic operators ----

def size_arg(size, op="ones"):
    """The shape given to a factory (sizes as separate ints or one sequence), with the
    messages of torch's parser for anything else."""
    first = size[0] if size else None
    int_like = isinstance(first, (int, np.integer)) and first.__class__ is not bool or \
        getattr(getattr(first, "_data", None), "dtype", np.dtype(float)).kind in "iu" and \
        first._data.size == 1
    # (sizes as separate ints start with an int; nn's modules pass theirs as one tuple)
    if len(size) > 1 and not int_like and entry_file().endswith(("_device.py", "_random.py")):
        raise TypeError(f"{op}() takes 1 positional argument but {len(size)} were given")
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    elif len(size) == 1 and not int_like and not isinstance(first, bool):
        raise TypeError(f"{op}(): argument 'size' (position 1) must be tuple of ints, not "
                        f"{type_name(size[0])}")
    for i, s in enumerate(size):
        if not isinstance(s, (int, np.integer)) or (isinstance(s, bool) and i == 0):
            # (torch checks only the first element's type strictly: later bools are ints)
            data = getattr(s, "_data", None)
            if data is not None and data.dtype.kind in "iu" and data.size == 1:
                continue                    # an integer tensor of one element is an int
            if i == 0:
                raise TypeError(f"{op}(): argument 'size' (position 1) must be tuple of ints, "
                                f"but found element of type {type_name(s)} at pos 0")
            raise TypeError(f"{op}(): argument 'size' failed to unpack the object at pos "
                            f"{i + 1} with error \"type must be tuple of ints,but got "
                            f"{type_name(s)}\"")
        if not -2 ** 63 <= s < 2 ** 63:
            raise TypeError(f"{op}(): argument 'size' failed to unpack the object at pos "
                            f"{i + 1} with error \"Overflow when unpacking long long\"")
    size = tuple(int(s) for s in size)
    for s in size:
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: "
                               f"{list(size)}")
    return size


def number_arg(x, op, name, pos):
    """A Number argument as torch's parser reads it: Python and NumPy numbers and tensors
    of one element (as Python numbers); complex numbers are beyond minigrad."""
    if x.__class__ in (int, float, bool):
        if x.__class__ is int and not -2 ** 63 <= x < 2 ** 64:
            big_int_operand(np.empty(0), x)   # torch's OverflowError
        return x
    if isinstance(x, np.bool_):
        x = float(x)                    # torch reads a NumPy bool as a float
    elif isinstance(x, np.number):
        x = x.item()
    elif isinstance(x, Tensor) and x._data.ndim == 0:
        x = x._data.item()
    elif not isinstance(x, (int, float, complex)):
        raise TypeError(f"{op}(): argument '{name}' (position {pos}) must be Number, not "
                        f"{type_name(x)}")
    if isinstance(x, complex):
        raise TypeError("minigrad does not support complex numbers")
    return x


_ARITH_PARSED = ("add", "sub", "mul", "div", "pow")


def operand_arg(a, b, op="add", symbol="+", reflected=False, extra=None):
    """The other operand of `a op b` as a Tensor or a Python number. Anything else gets the
    TypeError Python gives when both sides return NotImplemented, as torch's operators do:
    `unsupported operand type(s) for +: 'Tensor' and 'list'`. Called as a function or a
    method (`torch.add(a, b)`, `a.add(b)`), torch's argument parser words the error."""
    if not reflected and op in _ARITH_PARSED and (
            not isinstance(a, Tensor) or not isinstance(b, (Tensor, bool, int, float))) \
            and not called_as_operator() and called_by_user():
        err = arithmetic_error(op, a, b, extra)
        if err is not None:
            raise err
    if not isinstance(a, Tensor):
        if is_number(a):
            raise TypeError(f"expected Tensor as element 0 in argument 0, but got "
                            f"{type(a).__name__}")
        raise TypeError(f"{op}(): argument 'input' (position 1) must be Tensor, not "
                        f"{type_name(a)}")
    if isinstance(b, np.ndarray):
        if reflected:       # torch's reflected operators decline arrays (`/` is rdiv's own)
            return NotImplemented
        refused = refuse_array(op, a, b)
        if refused is not INTERNAL:
            return refused
    if isinstance(b, (Tensor, bool, int, float, np.generic, np.ndarray)):
        return as_tensor_arg(b)
    if isinstance(b, complex):
        raise TypeError("minigrad does not support complex numbers")
    if reflected or called_as_operator():
        # declined, as torch does: Python then says what fails ("unsupported operand
        # type(s) for +: 'Tensor' and 'list'"), or runs the other side's operator (`t * [1]`
        # repeats the list t times, through Tensor.__index__)
        return NotImplemented
    written = operator_symbol()
    if written and written.endswith("=") and written not in ("==", "!=", "<=", ">="):
        symbol = written                    # `t **= x`: Python names the augmented operator
    raise TypeError(f"unsupported operand type(s) for {symbol}: 'Tensor' and '{type_name(b)}'")


# the ops' own modules and the wrappers users reach them through: frames in these files are
# not the code that called the op
_OP_FILES = tuple(os.sep + os.path.join(*p.split("/")) for p in (
    "_ops/_core.py", "_ops/_binary.py", "_ops/arithmetic.py", "_ops/division.py",
    "_ops/power.py", "_ops/comparison.py", "_ops/shifts.py", "_ops/inplace.py",
    "_ops/inplace_operators.py", "_tensor_operators.py", "_tensor_methods.py",
    "_tensor_methods_more.py", "_tensor_methods_unary.py", "_aliases.py", "_out.py",
    "_compat/_argparse_calls.py"))
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep

INTERNAL = object()     # refuse_array's answer when minigrad's own code called the op


def _op_caller():
    """'internal' when minigrad's own code called the op, 'operator' when the user's code
    wrote an operator (`t + a`, `t < a`), 'call' when it called a function or method."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.endswith(_OP_FILES):
        frame = frame.f_back
    if frame is None:
        return "call"
    if os.path.abspath(frame.f_code.co_filename).startswith(_PACKAGE):
        return "internal"
    try:
        at = frame.f_lasti
        ins = max((i for i in dis.get_instructions(frame.f_code) if i.offset <= at),
                  key=lambda i: i.offset)
    except Exception:
        return "call"
    return "operator" if ins.opname.startswith(("BINARY_", "INPLACE_", "COMPARE_OP")) \
        else "call"


def refuse_array(op, a, b, name="other"):
    """An ndarray (or other object) operand, as torch treats one: an operator declines it
    (NotImplemented: for an ndarray NumPy's reflected operator then computes with
    `Tensor.__array__` and wraps the result with `Tensor.__array_wrap__`, so `t + ndarray`
    follows NumPy's promotion); a call (torch.remainder(t, a), t.remainder(a)) gets torch's
    parser error. For minigrad's own code (backward formulas mixing arrays and tensors) the
    answer is INTERNAL: the caller keeps its old, permissive reading."""
    caller = _op_caller()
    if caller == "internal":
        return INTERNAL
    if caller == "operator":
        return NotImplemented
    from .._compat._argparse_signatures import FUNCTIONS, METHODS
    from .._compat._argparse_calls import check_args
    check_args(op, METHODS.get(op, (f"(Tensor {name})",)), a, {name: b},
               functions=FUNCTIONS.get(op))
    raise TypeError(f"{op}(): argument '{name}' (position 2) must be Tensor, not "
                    f"{type_name(b)}")


def wrapped_number(a):
    """`torch.add(2, x)`: a Number given for the first Tensor argument becomes a 0-d tensor
    (bool, int64 or the default float dtype, as torch's parser wraps it; a NumPy bool reads
    as a float); anything else, and an int beyond int64, is returned as is."""
    if isinstance(a, Tensor) or not is_number(a):
        return a
    if isinstance(a, np.bool_):
        a = float(a)                    # torch reads a NumPy bool as a float
    elif isinstance(a, np.generic):
        a = a.item()
    if isinstance(a, complex):
        raise TypeError("minigrad does not support complex numbers")
    if a.__class__ is bool:
        return Tensor._make(np.asarray(a), False, None)
    if a.__class__ is int:
        if not -2 ** 63 <= a < 2 ** 63:
            return a
        return Tensor._make(np.asarray(a, np.int64), False, None)
    return Tensor._make(np.asarray(a, get_default_dtype().np), False, None)


def alpha_arg(a, alpha, op, b=None):
    """alpha must be a Number (a 0-d tensor is read as one), and an integer one when the
    result (of a and b) is an integer tensor."""
    if isinstance(alpha, np.generic) and alpha.dtype.kind in "biuf":
        alpha = alpha.item()
    elif isinstance(alpha, Tensor) and alpha._data.ndim == 0 and not alpha._requires_grad:
        alpha = alpha._data.item()          # torch's parser reads such a tensor as a Number
    if isinstance(b, Tensor) and isinstance(alpha, (float, complex)):
        check_broadcast(a._data, b._data)   # (torch checks the shapes before alpha's type)
    if isinstance(alpha, complex):
        if a._data.dtype.kind in "biu":
            raise RuntimeError("For integral input tensors, argument alpha must not be a "
                               "floating point number.")
        raise RuntimeError("For non-complex input tensors, argument alpha must not be a complex "
                           "number.")
    if not isinstance(alpha, (bool, int, float)):
        raise TypeError(f"{op}(): argument 'alpha' must be Number, not {type_name(alpha)}")
    b_float = isinstance(b, float) or isinstance(b, Tensor) and b._data.dtype.kind == "f"
    if isinstance(alpha, float) and a._data.dtype.kind in "biu" and not b_float:
        raise RuntimeError("For integral input tensors, argument alpha must not be a floating "
                           "point number.")
    return alpha


def big_int_operand(ad, b):
    """An int in [2**63, 2**64) is a uint64 to torch: refused next to a bool tensor, taken
    modulo 2**64 next to an integer one; other ints do not convert at all."""
    if not (isinstance(b, int) and -2 ** 63 <= b < 2 ** 64):
        if b < 0:
            raise OverflowError("can't convert negative int to unsigned")
        raise OverflowError("int too big to convert")
    if ad.dtype.kind == "b":
        raise RuntimeError("Promotion for uint16, uint32, uint64 types is not supported, "
                           "attempted to promote Bool and UInt64")
    return b - 2 ** 64


_C_TYPE = {"float32": "float", "float64": "double", "float16": "c10::Half", "int64": "int64_t",
           "int32": "int", "int16": "short", "int8": "int8_t", "uint8": "uint8_t"}


_NO_DATA = np.empty(0)


def checked_value(dt, value):
    """`value` converted for NumPy dtype `dt` as torch converts a Number (see checked_scalar);
    an int beyond int64 (a uint64 to torch) is True for bool and a float for floats."""
    if value.__class__ is int and not -2 ** 63 <= value < 2 ** 63:
        big_int_operand(_NO_DATA, value)     # (raises for ints no uint64 holds either)
        if dt.kind != "b":
            value = float(value) if dt.kind == "f" else value
    if dt.kind == "b" or isinstance(value, (bool, np.bool_)):
        return bool(value) if value.__class__ is int else value
    if isinstance(value, (complex, np.complexfloating)):
        bad = True
    elif isinstance(value, (float, np.floating)):
        if dt.kind == "f":
            bad = math.isfinite(value) and abs(value) > float(np.finfo(dt).max)
        else:
            bad = not math.isfinite(value) or not np.iinfo(dt).min <= value <= np.iinfo(dt).max
    elif isinstance(value, (int, np.integer)) and dt.kind in "iu":
        bad = not int(np.iinfo(dt).min) <= value <= int(np.iinfo(dt).max)
    else:
        return value
    if bad:
        raise RuntimeError(f"value cannot be converted to type {_C_TYPE[dt.name]} without "
                           "overflow")
    return value
