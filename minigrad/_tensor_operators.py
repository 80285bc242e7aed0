"""Tensor operators, written out: `a * b` calls `Tensor.__mul__` below, which calls
`arithmetic.mul`. Copied onto `Tensor` like the named methods in `_tensor_methods.py`."""
from ._ops import arithmetic, comparison, inplace, linalg, unary
from ._tensor_methods import install

__all__ = ["TensorOperators"]


class TensorOperators:
    """Python's operator methods for Tensor."""

    def __add__(self, other):
        return arithmetic.add(self, other)

    def __radd__(self, other):
        return arithmetic.radd(self, other)

    def __sub__(self, other):
        return arithmetic.sub(self, other)

    def __rsub__(self, other):
        return arithmetic.rsub(self, other)

    def __mul__(self, other):
        return arithmetic.mul(self, other)

    def __rmul__(self, other):
        return arithmetic.mul(self, other)

    def __truediv__(self, other, *, rounding_mode=None):
        return arithmetic.div(self, other, rounding_mode=rounding_mode)

    def __rtruediv__(self, other):
        return arithmetic.rdiv(self, other)

    def __pow__(self, other):
        return arithmetic.pow(self, other)

    def __rpow__(self, other):
        return arithmetic.rpow(self, other)

    def __floordiv__(self, other):
        return arithmetic.floordiv(self, other)

    def __rfloordiv__(self, other):
        return arithmetic.rfloordiv(self, other)

    def __mod__(self, other):
        return arithmetic.remainder(self, other)

    def __matmul__(self, other):
        return linalg.matmul(self, other)

    def __rmatmul__(self, other):
        return linalg.matmul(other, self)

    def __neg__(self):
        return unary.neg(self)

    def __pos__(self):
        return self

    def __abs__(self):
        return unary.abs(self)

    def __eq__(self, other):
        return comparison.eq(self, other)

    def __ne__(self, other):
        return comparison.ne(self, other)

    def __lt__(self, other):
        return comparison.lt(self, other)

    def __le__(self, other):
        return comparison.le(self, other)

    def __gt__(self, other):
        return comparison.gt(self, other)

    def __ge__(self, other):
        return comparison.ge(self, other)

    def __and__(self, other):
        return comparison.logical_and(self, other)

    def __or__(self, other):
        return comparison.logical_or(self, other)

    def __invert__(self):
        return comparison.invert(self)

    def __iadd__(self, other):
        inplace.add_(self, other)
        return self

    def __isub__(self, other):
        inplace.sub_(self, other)
        return self

    def __imul__(self, other):
        inplace.mul_(self, other)
        return self

    def __itruediv__(self, other):
        inplace.div_(self, other)
        return self


install(TensorOperators)
