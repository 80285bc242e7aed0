"""where(condition, a, b): pick elementwise; gradients flow to the picked side."""
import numpy as np

from ..autograd.graph import Node
from ._core import Tensor
from ._util import result_dtype, sum_to


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


def where_op(c, a, b):
    if not isinstance(a, Tensor) and not isinstance(b, Tensor):
        a = Tensor._make(np.asarray(a, np.float32 if isinstance(a, float) else None), False,
                         None)
    # a Python number takes the other side's dtype, as in torch's promotion
    if not isinstance(a, Tensor):
        a = Tensor._make(np.asarray(a, dtype=result_dtype(b, a)), False, None)
    if not isinstance(b, Tensor):
        b = Tensor._make(np.asarray(b, dtype=result_dtype(a, b)), False, None)
    return WhereBackward0.apply((c, a, b))
