"""Argument handling shared by the op families: operands, promotion, broadcasting checks.
(Recording an op is `Node.apply`, in minigrad/autograd/graph.py.)"""
import numpy as np

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
        rt = np.dtype(np.float32)
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
        return x.item()
    if isinstance(x, (Tensor, bool, int, float)):
        return x
    if isinstance(x, np.ndarray):
        return Tensor._make(x, False, None)
    raise TypeError(f"unsupported operand type: expected Tensor or Number for '{name}', got "
                    f"{type(x).__name__}")


# ---- the gate: torch's argument-parser messages, raised before NumPy sees a bad argument ----

def type_name(x):
    """How torch's argument parser names the type of a Python object in its messages:
    'int', 'NoneType', 'Tensor', 'numpy.int64', 'numpy.ndarray'."""
    if isinstance(x, Tensor):
        return "Tensor"
    cls = type(x)
    module = cls.__module__
    if module in ("builtins", None):
        return cls.__name__
    return f"{module.split('.')[0]}.{cls.__name__}"


def check_tensor(x, op, name="input", pos=1):
    """`op(): argument 'name' (position pos) must be Tensor, not int`, as torch, for an
    argument that must be a Tensor. Call it only off the hot path (after a class check)."""
    if not isinstance(x, Tensor):
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
