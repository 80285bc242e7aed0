"""nn.Parameter: a leaf Tensor that Modules register as a trainable weight."""
import numpy as np

from .._tensor import Tensor

__all__ = ["Parameter"]


class Parameter(Tensor):
    """A Tensor subclass marking a module weight: a leaf with requires_grad=True by
    default, sharing storage with the tensor it wraps. Op results are plain Tensors."""

    __slots__ = ()

    def __new__(cls, data=None, requires_grad=True):
        if data is None:
            data = Tensor._make(np.empty((0,), np.float32), False, None)
        if not isinstance(data, Tensor):
            # torch calls data.detach() on anything that is not a Tensor: its AttributeError
            from .._ops._core import type_name
            raise AttributeError(f"'{type_name(data)}' object has no attribute 'detach'")
        if requires_grad and data._data.dtype.kind != "f":
            raise RuntimeError("Only Tensors of floating point and complex dtype can require "
                               "gradients")
        p = object.__new__(cls)
        p._data, p._requires_grad, p._grad_fn, p._grad = data._data, requires_grad, None, None
        p._vc = data._version_counter()
        return p

    def __init__(self, data=None, requires_grad=True):
        pass

    def __deepcopy__(self, memo):
        p = Parameter(Tensor._make(np.array(self._data), False, None), self._requires_grad)
        memo[id(self)] = p
        return p

    def __reduce_ex__(self, proto):
        return (Parameter, (Tensor._make(np.array(self._data), False, None),
                            self._requires_grad))
