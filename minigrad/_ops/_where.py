"""where(condition, a, b): pick elementwise; gradients flow to the picked side."""
import numpy as np

from .. import _dtype
from ..autograd.graph import Node
from .._compat._argparse import Parser
from ._core import Tensor, is_number
from ._util import broadcast_shapes, result_dtype, sum_to


class WhereBackward0(Node):
    """Saves the condition (not a tensor that in-place edits could change)."""
    __slots__ = ("cond", "shapes")

    def forward(self, c, a, b):
        self.cond, self.shapes = c._data.astype(bool), (a._data.shape, b._data.shape)
        return np.where(self.cond, a._data, b._data)

    def backward(self, g):
        zero = 0 * g
        ga = sum_to(g * self.cond + zero, self.shapes[0]) if self._next[1] is not None else None
        gb = sum_to(g * ~self.cond + zero, self.shapes[1]) if self._next[2] is not None \
            else None
        return None, ga, gb


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
        return WhereBackward0.apply((c, a, b))
    except ValueError:                  # NumPy's broadcasting error: torch's message instead
        _check_where(c, a, b)
        raise
