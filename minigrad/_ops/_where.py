"""where(condition, a, b): pick elementwise; gradients flow to the picked side."""
import numpy as np

from .. import _dtype
from ..autograd.graph import Node
from .._compat._argparse import Parser
from ._core import Tensor, is_number
from .._either import array
from ._util import broadcast_shapes, result_dtype, sum_to, where


class WhereBackward0(Node):
    """out = a where condition else b. Its inputs are a and b; the condition is saved (an
    in-place edit of it before backward is an error, as in torch)."""
    __slots__ = ("s_condition", "shapes")

    def forward(self, a, b, condition):
        self.save(condition=condition)
        self.shapes = a._data.shape, b._data.shape
        return np.where(condition._data, a._data, b._data)

    def backward(self, g):
        cond = self.s_condition.unpack(self)
        ga = gb = None
        if self._next[0] is not None:
            ga = sum_to(where_grad(cond, g, True), self.shapes[0])
        if self._next[1] is not None:
            gb = sum_to(where_grad(cond, g, False), self.shapes[1])
        return ga, gb


def where_grad(cond, g, keep):
    """g where cond == keep, else 0 exactly (torch's where(cond, grad, 0) in a gradient
    formula: an inf or nan outside the mask does not leak). cond: a bool array or Tensor.
    While a graph of the backward is built (g a Tensor) it is recorded, as WhereBackward0."""
    if g.__class__ is np.ndarray:
        return where(array(cond) if keep else ~array(cond), g, 0)
    if not isinstance(cond, Tensor):
        cond = Tensor._make(cond, False, None)
    zero = Tensor._make(np.zeros((), g._data.dtype), False, None)
    return WhereBackward0.apply((g, zero) if keep else (zero, g), cond)


_WHERE = Parser("where", "(Tensor condition)",
                 "(Tensor condition, Tensor input, Tensor other, *, Tensor out = None)",
                 "(Tensor condition, Number self, Tensor other)",
                 "(Tensor condition, Tensor input, Number other)",
                 "(Tensor condition, Number self, Number other)")


def _check_where(c, a, b):
    """torch's checks, in its order: argument types, a bool condition, broadcasting."""
    if not isinstance(c, Tensor) or not all(isinstance(x, Tensor) or is_number(x)
                                            for x in (a, b)):
        err = _WHERE.error({}, [c, a, b], {})
        if err is not None:
            raise err
    if c._data.dtype.kind != "b":
        raise RuntimeError(f"where expected condition to be a boolean tensor, but got a "
                           f"tensor with dtype {c.dtype._legacy[:-len('Tensor')]}")
    if isinstance(a, complex) or isinstance(b, complex):
        raise TypeError("minigrad does not support complex numbers")
    shape = broadcast_shapes(c._data.shape, np.shape(a._data if isinstance(a, Tensor) else a))
    broadcast_shapes(shape, np.shape(b._data if isinstance(b, Tensor) else b))


def where_op(c, a, b):
    if c.__class__ is not Tensor or a.__class__ is not Tensor or b.__class__ is not Tensor \
            or c._data.dtype.kind != "b":
        _check_where(c, a, b)
        if isinstance(a, np.generic):       # (torch reads a NumPy bool as a float)
            a = float(a) if isinstance(a, np.bool_) else a.item()
        if isinstance(b, np.generic):
            b = float(b) if isinstance(b, np.bool_) else b.item()
    if not isinstance(a, Tensor) and not isinstance(b, Tensor):
        a = Tensor._make(np.asarray(a, _dtype.get_default_dtype().np if isinstance(a, float)
                                    else None), False, None)
    # a Python number takes the other side's dtype, as in torch's promotion
    if not isinstance(a, Tensor):
        a = Tensor._make(np.asarray(a, dtype=result_dtype(b, a)), False, None)
    if not isinstance(b, Tensor):
        b = Tensor._make(np.asarray(b, dtype=result_dtype(a, b)), False, None)
    if a._data.dtype is not b._data.dtype:      # torch promotes the two sides
        rt = result_dtype(a, b)
        a, b = (x if x._data.dtype is rt else x.to(_dtype.from_numpy_dtype(rt))
                for x in (a, b))
    try:
        return WhereBackward0.apply((a, b), c)
    except ValueError:                  # NumPy's broadcasting error: torch's message instead
        _check_where(c, a, b)
        raise
