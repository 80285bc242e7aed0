"""`Variable`: the pre-0.4 wrapper, kept by torch for old code (and old tutorials).

Since torch 0.4 every Tensor is a Variable: `isinstance(t, Variable)` is True for any tensor,
and `Variable(t, requires_grad=...)` just returns a new leaf tensor sharing `t`'s data
(cut from `t`'s graph), as torch's legacy constructor does.
"""
import warnings

from .._tensor import Tensor

__all__ = ["Variable"]

_VOLATILE = ("volatile was removed and now has no effect. Use `with torch.no_grad():` "
             "instead.")


class VariableMeta(type):
    def __instancecheck__(cls, other):
        return isinstance(other, Tensor)


class Variable(metaclass=VariableMeta):
    """Legacy: `Variable(tensor, requires_grad=False)` -> a leaf tensor sharing the data."""

    def __new__(cls, data=None, requires_grad=False, volatile=False):
        if volatile:
            warnings.warn(_VOLATILE.replace("torch.", "minigrad."), UserWarning, stacklevel=2)
            if requires_grad:
                raise ValueError("Variable can't be volatile and require_grad at the same time!")
        if data is None:
            from .._creation import tensor
            data = tensor([])
        if not isinstance(data, Tensor):
            from .._compat._argparse import tp_name
            raise TypeError(f"Variable data has to be a tensor, but got {tp_name(data)}")
        if not isinstance(requires_grad, (bool, int)):
            from .._compat._argparse import tp_name
            raise TypeError(f"'{tp_name(requires_grad)}' object cannot be interpreted as "
                            f"an integer")
        leaf = data.detach()
        if requires_grad:
            if not leaf.is_floating_point():
                from .._creation import _FLOAT_REQUIRED      # the constructors' wording
                raise RuntimeError(_FLOAT_REQUIRED)
            leaf.requires_grad_(True)
        return leaf
