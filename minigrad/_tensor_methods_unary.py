"""The Tensor methods that take no arguments besides the tensor (`x.exp()`, `x.t()`,
`x.relu_()` ...): torch binds them in C as methods without any, so an argument given by
mistake fails with CPython's words for such a method, "TensorBase.exp() takes no arguments
(1 given)". Each method checks `args or kwargs` itself (a few tens of nanoseconds) rather
than through a wrapper that would translate Python's binding error on every call.

Copied onto `Tensor` by `_tensor_methods.install`, like the other method classes.
"""
from ._compat._argparse_calls import no_arguments
from ._ops import comparison, fill_copy, inplace, permutations, power, unary

__all__ = ["NoArgumentTensorMethods"]


class NoArgumentTensorMethods:
    """Pointwise and in-place methods without arguments (see the module docstring)."""

    def square(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("square", args, kwargs)
        return power.square(self)

    def logical_not(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("logical_not", args, kwargs)
        return comparison.logical_not(self)

    def isnan(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("isnan", args, kwargs)
        return comparison.isnan(self)

    def neg(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("neg", args, kwargs)
        return unary.neg(self)

    def negative(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("negative", args, kwargs)
        return unary.neg(self)

    def exp(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("exp", args, kwargs)
        return unary.exp(self)

    def log(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("log", args, kwargs)
        return unary.log(self)

    def sqrt(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("sqrt", args, kwargs)
        return unary.sqrt(self)

    def reciprocal(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("reciprocal", args, kwargs)
        return unary.reciprocal(self)

    def sin(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("sin", args, kwargs)
        return unary.sin(self)

    def cos(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("cos", args, kwargs)
        return unary.cos(self)

    def tanh(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("tanh", args, kwargs)
        return unary.tanh(self)

    def sigmoid(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("sigmoid", args, kwargs)
        return unary.sigmoid(self)

    def relu(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("relu", args, kwargs)
        return unary.relu(self)

    def abs(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("abs", args, kwargs)
        return unary.abs(self)

    def floor(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("floor", args, kwargs)
        return unary.floor(self)

    def ceil(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("ceil", args, kwargs)
        return unary.ceil(self)

    def sign(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("sign", args, kwargs)
        return unary.sign(self)

    def t(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("t", args, kwargs)
        return permutations.t(self)

    def exp_(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("exp_", args, kwargs)
        return inplace.exp_(self)

    def sigmoid_(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("sigmoid_", args, kwargs)
        return inplace.sigmoid_(self)

    def tanh_(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("tanh_", args, kwargs)
        return inplace.tanh_(self)

    def relu_(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("relu_", args, kwargs)
        return inplace.relu_(self)

    def neg_(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("neg_", args, kwargs)
        return inplace.neg_(self)

    def log_(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("log_", args, kwargs)
        return inplace.log_(self)

    def sqrt_(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("sqrt_", args, kwargs)
        return inplace.sqrt_(self)

    def abs_(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("abs_", args, kwargs)
        return inplace.abs_(self)

    def zero_(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("zero_", args, kwargs)
        return fill_copy.zero_(self)
