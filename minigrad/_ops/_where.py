"""where(condition, a, b): pick elementwise; gradients flow to the picked side."""
import numpy as np

from ..autograd.graph import Node, new_node, wrap
from ._core import Tensor
from ._util import result_dtype, sum_to


class WhereBackward0(Node):
    """Saves the condition (not a tensor that in-place edits could change)."""
    __slots__ = ("cond", "shapes")

    def backward(self, g):
        zero = 0 * g
        ga = sum_to(g * self.cond + zero, self.shapes[0]) if self._next[1] is not None else None
        gb = sum_to(g * ~self.cond + zero, self.shapes[1]) if self._next[2] is not None \
            else None
        return None, ga, gb


def where_op(c, a, b):
    cd = c._data.astype(bool)
    if not isinstance(a, Tensor) and not isinstance(b, Tensor):
        a = Tensor._make(np.asarray(a, np.float32 if isinstance(a, float) else None), False,
                         None)
    # a Python number takes the other side's dtype, as in torch's promotion
    if not isinstance(a, Tensor):
        a = Tensor._make(np.asarray(a, dtype=result_dtype(b, a)), False, None)
    if not isinstance(b, Tensor):
        b = Tensor._make(np.asarray(b, dtype=result_dtype(a, b)), False, None)
    node = new_node(WhereBackward0, (c, a, b))
    if node is not None:
        node.cond, node.shapes = cd, (a._data.shape, b._data.shape)
    return wrap(np.where(cd, a._data, b._data), node)
