"""where(condition, a, b): pick elementwise; gradients flow to the picked side."""
import numpy as np

from ..autograd.function import Node, new_node, wrap
from ._core import Tensor
from ._util import sum_to


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
    a = a if isinstance(a, Tensor) else Tensor._make(np.asarray(a), False, None)
    b = b if isinstance(b, Tensor) else Tensor._make(np.asarray(b), False, None)
    node = new_node(WhereBackward0, (c, a, b))
    if node is not None:
        node.cond, node.shapes = cd, (a._data.shape, b._data.shape)
    return wrap(np.where(cd, a._data, b._data), node)
