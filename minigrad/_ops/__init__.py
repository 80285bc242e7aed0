"""Op families, and the binding of their functions as Tensor methods and operators
(torch does the same with its generated `_TensorBase` methods)."""
from .._tensor import Tensor
from . import arithmetic as A, conversion as C, indexing as I, inplace as P, linalg as L
from . import reduction as R, unary as U, views as V


def _swap(fn):
    def op(self, other):
        return fn(self, other)
    return op


def _iop(fn):
    def op(self, other):
        fn(self, other)
        return self
    return op


def _bind():
    methods = {
        # arithmetic and operators
        "add": A.add, "sub": A.sub, "subtract": A.sub, "mul": A.mul, "multiply": A.mul,
        "div": A.div, "divide": A.div, "true_divide": A.div, "pow": A.pow,
        "square": A.square, "floor_divide": A.floordiv, "remainder": A.remainder,
        "__add__": A.add, "__radd__": A.radd, "__sub__": A.sub, "__rsub__": A.rsub,
        "__mul__": A.mul, "__rmul__": A.mul, "__truediv__": A.div, "__rtruediv__": A.rdiv,
        "__pow__": A.pow, "__rpow__": A.rpow, "__floordiv__": A.floordiv,
        "__rfloordiv__": A.rfloordiv,
        "__mod__": A.remainder, "__matmul__": L.matmul,
        "__rmatmul__": lambda self, other: L.matmul(other, self),
        "__neg__": U.neg, "__pos__": lambda self: self, "__abs__": U.abs,
        "__eq__": U.eq, "__ne__": U.ne, "__lt__": U.lt, "__le__": U.le, "__gt__": U.gt,
        "__ge__": U.ge, "__and__": U.logical_and, "__or__": U.logical_or,
        "__invert__": U.invert,
        "eq": U.eq, "ne": U.ne, "lt": U.lt, "le": U.le, "gt": U.gt, "ge": U.ge,
        "logical_not": U.logical_not, "isnan": U.isnan,
        # unary
        "neg": U.neg, "negative": U.neg, "exp": U.exp, "log": U.log, "sqrt": U.sqrt,
        "reciprocal": U.reciprocal, "sin": U.sin, "cos": U.cos, "tanh": U.tanh,
        "sigmoid": U.sigmoid, "relu": U.relu, "abs": U.abs, "clamp": U.clamp, "clip": U.clamp,
        "floor": U.floor, "ceil": U.ceil, "round": U.round, "sign": U.sign,
        # reductions
        "sum": R.sum, "mean": R.mean, "max": R.max, "min": R.min, "argmax": R.argmax,
        "argmin": R.argmin, "maximum": R.maximum, "minimum": R.minimum,
        # linear algebra
        "matmul": L.matmul, "mm": L.mm, "mv": L.mv, "dot": L.dot, "bmm": L.bmm,
        # views and shape
        "view": V.view, "view_as": V.view_as, "reshape": V.reshape,
        "reshape_as": V.reshape_as, "flatten": V.flatten, "squeeze": V.squeeze,
        "unsqueeze": V.unsqueeze, "permute": V.permute, "transpose": V.transpose,
        "swapaxes": V.swapaxes, "t": V.t, "expand": V.expand, "expand_as": V.expand_as,
        "__getitem__": I.getitem, "__setitem__": I.setitem, "select": I.select,
        "narrow": I.narrow,
        # copies and casts
        "clone": C.clone, "contiguous": C.contiguous, "to": C.to, "double": C.double,
        "float": C.float_, "half": C.half, "long": C.long, "int": C.int_, "short": C.short,
        "bool": C.bool__, "byte": C.byte, "char": C.char, "cpu": C.cpu, "cuda": C.cuda,
        # in place
        "add_": P.add_, "sub_": P.sub_, "mul_": P.mul_, "div_": P.div_, "pow_": P.pow_,
        "exp_": P.exp_, "sigmoid_": P.sigmoid_, "tanh_": P.tanh_, "relu_": P.relu_,
        "neg_": P.neg_, "log_": P.log_, "sqrt_": P.sqrt_, "abs_": P.abs_,
        "clamp_": P.clamp_, "clip_": P.clamp_, "zero_": P.zero_, "fill_": P.fill_,
        "copy_": P.copy_, "index_put_": P.index_put_, "uniform_": P.uniform_,
        "normal_": P.normal_,
        "__iadd__": _iop(P.add_), "__isub__": _iop(P.sub_), "__imul__": _iop(P.mul_),
        "__itruediv__": _iop(P.div_),
    }
    for name, fn in methods.items():
        setattr(Tensor, name, fn)
    Tensor.T = property(V.T)
    Tensor.mT = property(V.mT)


_bind()
