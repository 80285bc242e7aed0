"""Tensor operators: `a * b` calls `Tensor.__mul__`, which IS `arithmetic.mul` (operators run
on every op of every model, so they skip the extra method call). Copied onto `Tensor` like
the named methods in `_tensor_methods.py`."""

import numpy as np

from ._ops import arithmetic, comparison, inplace, inplace_operators, linalg, power, shifts, \
    unary
from ._tensor_methods import install

__all__ = ["TensorOperators"]


class TensorOperators:
    """Python's operator methods for Tensor."""

    __add__ = arithmetic.add
    __radd__ = arithmetic.radd
    __sub__ = arithmetic.sub
    __rsub__ = arithmetic.rsub
    __mul__ = arithmetic.mul
    __rmul__ = arithmetic.rmul
    __truediv__ = arithmetic.div
    __rtruediv__ = arithmetic.rdiv
    __pow__ = power.pow
    __rpow__ = power.rpow
    __floordiv__ = arithmetic.floordiv
    __rfloordiv__ = arithmetic.rfloordiv
    __mod__ = arithmetic.remainder
    __rmod__ = arithmetic.rremainder
    __neg__ = unary.neg
    __abs__ = unary.abs
    __eq__ = comparison.eq
    __ne__ = comparison.ne
    __lt__ = comparison.lt
    __le__ = comparison.le
    __gt__ = comparison.gt
    __ge__ = comparison.ge
    __and__ = __rand__ = comparison.bitwise_and
    __or__ = __ror__ = comparison.bitwise_or
    __xor__ = __rxor__ = comparison.bitwise_xor
    __lshift__, __rlshift__ = shifts.lshift, shifts.rlshift
    __rshift__, __rrshift__ = shifts.rshift, shifts.rrshift
    __invert__ = comparison.invert

    def __matmul__(self, other):
        if other.__class__ is np.ndarray:   # declined, as torch does: NumPy's reflected `@`
            return NotImplemented           # computes (and its errors are what torch shows)
        return linalg.matmul(self, other)

    def __rmatmul__(self, other):
        # (torch's __rmatmul__ turns a TypeError into NotImplemented: `2 @ t` is Python's
        # "unsupported operand type(s) for @")
        try:
            return linalg.matmul(other, self)
        except TypeError:
            return NotImplemented

    def __pos__(self):
        return self

    # the in-place ops return self, or NotImplemented for an operand torch's operators decline
    # (an ndarray: Python then runs NumPy's reflected operator, which makes a new tensor)
    __iadd__ = inplace.add_
    __isub__ = inplace.sub_     # (`p -= lr * p.grad` in every optimizer step)
    __imul__ = inplace.mul_
    __itruediv__ = inplace.div_
    __ipow__ = inplace_operators.pow_
    __iand__ = inplace_operators.iand
    __ior__ = inplace_operators.ior
    __ixor__ = inplace_operators.ixor
    __ilshift__ = inplace_operators.ilshift
    __irshift__ = inplace_operators.irshift
    __ifloordiv__ = inplace_operators.ifloordiv
    __imod__ = inplace_operators.imod


install(TensorOperators)
