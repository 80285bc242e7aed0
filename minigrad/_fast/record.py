"""`Node.apply`, tuned: the forward fast path.

Every op runs through `Node.apply`, whose plain form in autograd/graph.py reads as the
three steps of recording an op: `begin` (make the node; decide whether to record it),
`forward`, `output` (wrap the array; save it if the node keeps its output). This copy does
the same with `begin` and `output` written inline for an op that is recorded, which saves
two Python calls per op, about 5 % of a chain of scalar ops. An op that is not recorded
takes the plain steps. tests/test_record_fast_path.py runs programs both ways and compares
what they record.
"""
from .._autograd_state import grad_state
from .._tensor import Tensor
from ..autograd.graph import connect, output
from ..autograd.saved import SavedTensor

__all__ = ["apply"]

_new = object.__new__
_make = Tensor._make


def apply(cls, inputs, *options):
    """Run the op `cls` on `inputs` as `Node.apply` does."""
    node = _new(cls)
    if grad_state.enabled and connect(node, inputs):
        out = _make(node.forward(*inputs, *options), True, node)
        if node._saves_result:
            node.s_result = SavedTensor(out, is_output=True)
        return out
    node._next = (None,) * len(inputs)      # a loose node, as begin() leaves it
    node._seq = None
    node._released = True
    return output(node, node.forward(*inputs, *options), inputs)
