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
