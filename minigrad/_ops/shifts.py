"""The shift operators `a << b` and `a >> b` (torch's __lshift__ / __rshift__): integer
tensors only, never recorded (torch has no gradient for them). A shift count that is
negative or not below the width of the dtype gives 0 (or, for `>>` of a negative signed
value, -1), as torch's kernels do; NumPy leaves those counts undefined."""
import numpy as np

from ._core import Tensor, check_broadcast
from ._util import result_dtype

__all__ = ["lshift", "rshift", "rlshift", "rrshift"]

_TORCH_NAMES = {"float16": "Half", "float32": "Float", "float64": "Double", "bool": "Bool"}


def _shift(x, y, left):
    """x << y (or x >> y); one of them a Tensor, the other a Tensor or a number."""
    kernel = "lshift_cpu" if left else "rshift_cpu"
    t, other = (x, y) if isinstance(x, Tensor) else (y, x)
    if not isinstance(other, Tensor):
        if isinstance(other, complex) or (isinstance(other, np.generic)
                                          and other.dtype.kind == "c"):
            raise NotImplementedError(f'"{kernel}" not implemented for \'ComplexFloat\'')
        if not isinstance(other, (bool, int, float, np.generic)):
            return NotImplemented
    if isinstance(other, Tensor):
        check_broadcast(t._data, other._data)     # (torch's message, before the dtype's)
    dt = result_dtype(t, other)
    if dt.kind not in "iu":
        raise NotImplementedError(f'"{kernel}" not implemented for '
                                  f"'{_TORCH_NAMES.get(dt.name, dt.name)}'")
    xd, yd = (v._data if isinstance(v, Tensor) else v for v in (x, y))
    if isinstance(yd, (bool, int)) or (isinstance(yd, np.generic)):
        yd = int(yd) if -2 ** 63 <= int(yd) < 2 ** 63 else -1     # (out of range: as -1)
    bits = dt.itemsize * 8
    xs = np.asarray(xd).astype(dt)
    ys = np.asarray(yd).astype(np.int64)
    valid = (ys >= 0) & (ys < bits)
    counts = np.where(valid, ys, 0).astype(dt)
    if left:
        out = np.where(valid, np.left_shift(xs, counts), dt.type(0))
    else:
        fill = np.right_shift(xs, dt.type(bits - 1)) if dt.kind == "i" else dt.type(0)
        out = np.where(valid, np.right_shift(xs, counts), fill)
    return Tensor._make(np.asarray(out, dtype=dt), False, None)


def lshift(a, b):
    return _shift(a, b, True)


def rshift(a, b):
    return _shift(a, b, False)


def rlshift(a, b):
    """number << a (Python's reflected <<)."""
    return _shift(b, a, True)


def rrshift(a, b):
    """number >> a (Python's reflected >>)."""
    return _shift(b, a, False)
