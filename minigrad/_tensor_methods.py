"""Tensor methods and operators, written out: `x.sigmoid()` is `def sigmoid` below, which
calls the op in its family module (`_ops/unary.py`), where the node class with its forward
and backward lives. torch generates the same methods in C++ (`_TensorBase`).

They are defined in `TensorMethods` and copied onto `Tensor` at the bottom of this file: the
op modules build on `Tensor`, so `_tensor.py` cannot import them (imports go one way). The
operators (`+`, `*`, `@`, `==`, `+=` ...) are in `_tensor_operators.py`, the same way.
"""
import functools
import inspect

from ._compat._argparse_calls import alias_error, check_args, with_binding_errors
from ._compat._call_site import MISSING
from ._tensor import Tensor
from ._ops import clamp as clamp_ops
from ._ops import (arithmetic, comparison, conversion, fill_copy, indexing, inplace,
                   inplace_operators, linalg, permutations, power, reduction, unary, views)
from .nn import functional as F

__all__ = ["TensorMethods"]


class TensorMethods:
    """The ops every Tensor has as methods (see the module docstring)."""

    # ---- arithmetic (torch.add, +, ...) --------------------------------------

    def add(self, other=MISSING, *, alpha=1):
        return arithmetic.add(self, other, alpha=alpha)

    def sub(self, other=MISSING, *, alpha=1):
        return arithmetic.sub(self, other, alpha=alpha)

    def subtract(self, other, *, alpha=1):
        try:
            return arithmetic.sub(self, other, alpha=alpha)
        except TypeError as exc:
            _renamed(exc, "sub", "subtract", (other,), {"alpha": alpha} if alpha != 1 else {})

    def mul(self, other=MISSING):
        return arithmetic.mul(self, other)

    def multiply(self, other):
        try:
            return arithmetic.mul(self, other)
        except TypeError as exc:
            _renamed(exc, "mul", "multiply", (other,), {})

    def div(self, other=MISSING, *, rounding_mode=None):
        return arithmetic.div(self, other, rounding_mode=rounding_mode)

    def divide(self, other, *, rounding_mode=None):
        try:
            return arithmetic.div(self, other, rounding_mode=rounding_mode)
        except TypeError as exc:
            _renamed(exc, "div", "divide", (other,),
                     {"rounding_mode": rounding_mode} if rounding_mode is not None else {})

    def true_divide(self, other, *, rounding_mode=None):
        return arithmetic.div(self, other, rounding_mode=rounding_mode)

    def pow(self, other):
        return power.pow(self, other)

    def floor_divide(self, other):
        return arithmetic.floordiv(self, other)

    def remainder(self, other):
        return arithmetic.remainder(self, other)

    # ---- comparisons and logic (results never require grad) ------------------

    def eq(self, other):
        return comparison.eq(self, other)

    def ne(self, other):
        return comparison.ne(self, other)

    def lt(self, other):
        return comparison.lt(self, other)

    def le(self, other):
        return comparison.le(self, other)

    def gt(self, other):
        return comparison.gt(self, other)

    def ge(self, other):
        return comparison.ge(self, other)

    # ---- unary pointwise -----------------------------------------------------

    def clamp(self, min=None, max=None):
        return clamp_ops.clamp(self, min, max)

    def clip(self, min=None, max=None):
        try:
            return clamp_ops.clamp(self, min, max)
        except TypeError as exc:
            _renamed(exc, "clamp", "clip", (min, max), {})

    def round(self):
        return unary.round(self)

    def softmax(self, dim, dtype=None):
        return F.torch_softmax(self, dim, dtype)

    def log_softmax(self, dim, dtype=None):
        return F.torch_log_softmax(self, dim, dtype)

    # ---- reductions ----------------------------------------------------------

    def sum(self, dim=None, keepdim=False, *, dtype=None, axis=None, keepdims=None):
        return reduction.sum(self, dim, keepdim, dtype=dtype, axis=axis, keepdims=keepdims)

    def mean(self, dim=None, keepdim=False, *, dtype=None, axis=None, keepdims=None):
        return reduction.mean(self, dim, keepdim, dtype=dtype, axis=axis, keepdims=keepdims)

    def max(self, dim=reduction.NO_DIM, keepdim=False):
        return reduction.max(self, dim, keepdim)

    def min(self, dim=reduction.NO_DIM, keepdim=False):
        return reduction.min(self, dim, keepdim)

    def argmax(self, dim=None, keepdim=False):
        return reduction.argmax(self, dim, keepdim)

    def argmin(self, dim=None, keepdim=False):
        return reduction.argmin(self, dim, keepdim)

    def maximum(self, other):
        return clamp_ops.maximum(self, other)

    def minimum(self, other):
        return clamp_ops.minimum(self, other)

    # ---- linear algebra ------------------------------------------------------

    def matmul(self, other=MISSING):
        return linalg.matmul(self, other)

    def mm(self, mat2):
        return linalg.mm(self, mat2)

    def mv(self, vec):
        return linalg.mv(self, vec)

    def dot(self, tensor):
        return linalg.dot(self, tensor)

    def bmm(self, other):
        return linalg.bmm(self, other)

    # ---- views and shape -----------------------------------------------------

    def view(self, *shape):
        return views.view(self, *shape)

    def view_as(self, other):
        return views.view_as(self, other)

    def reshape(self, *shape):
        return views.reshape(self, *shape)

    def reshape_as(self, other):
        return views.reshape_as(self, other)

    def flatten(self, start_dim=0, end_dim=-1):
        return views.flatten(self, start_dim, end_dim)

    def squeeze(self, dim=None):
        return views.squeeze(self, dim)

    def unsqueeze(self, dim):
        return views.unsqueeze(self, dim)

    def permute(self, *dims):
        return permutations.permute(self, *dims)

    def transpose(self, dim0, dim1):
        return permutations.transpose(self, dim0, dim1)

    def swapaxes(self, axis0, axis1):
        return permutations.swapaxes(self, axis0, axis1)

    @property
    def T(self):
        return permutations.T(self)

    @property
    def mT(self):
        return permutations.mT(self)

    def expand(self, *sizes):
        return views.expand(self, *sizes)

    def expand_as(self, other):
        return views.expand_as(self, other)

    def __getitem__(self, key):
        return indexing.getitem(self, key)

    def __setitem__(self, key, value):
        return indexing.setitem(self, key, value)

    def select(self, dim, index):
        return indexing.select(self, dim, index)

    def narrow(self, dim, start, length):
        return indexing.narrow(self, dim, start, length)

    # ---- copies and casts ----------------------------------------------------

    def clone(self, *, memory_format=None):
        return conversion.clone(self, memory_format=memory_format)

    def contiguous(self, memory_format=None):
        return conversion.contiguous(self, memory_format)

    def to(self, *args, **kwargs):
        return conversion.to(self, *args, **kwargs)

    def double(self, *, memory_format=None):
        return conversion.double(self, memory_format)

    def float(self, *, memory_format=None):
        return conversion.float_(self, memory_format)

    def half(self, *, memory_format=None):
        return conversion.half(self, memory_format)

    def long(self, *, memory_format=None):
        return conversion.long(self, memory_format)

    def int(self, *, memory_format=None):
        return conversion.int_(self, memory_format)

    def short(self, *, memory_format=None):
        return conversion.short(self, memory_format)

    def bool(self, *, memory_format=None):
        return conversion.bool__(self, memory_format)

    def byte(self, *, memory_format=None):
        return conversion.byte(self, memory_format)

    def char(self, *, memory_format=None):
        return conversion.char(self, memory_format)

    def cpu(self):
        return conversion.cpu(self)

    def cuda(self, *args, **kwargs):
        return conversion.cuda(self, *args, **kwargs)

    def pin_memory(self, device=None):
        return conversion.pin_memory(self, device)

    def is_pinned(self, device=None):
        return conversion.is_pinned(self, device)

    # ---- in place (the trailing _) -------------------------------------------

    def add_(self, other=MISSING, *, alpha=1):
        return inplace.add_(self, other, alpha=alpha)

    def sub_(self, other=MISSING, *, alpha=1):
        return inplace.sub_(self, other, alpha=alpha)

    def mul_(self, other=MISSING):
        return inplace.mul_(self, other)

    def div_(self, other):
        return inplace.div_(self, other)

    def pow_(self, n):
        return inplace_operators.pow_(self, n)

    def clamp_(self, min=None, max=None):
        return inplace.clamp_(self, min, max)

    def clip_(self, min=None, max=None):
        try:
            return inplace.clamp_(self, min, max)
        except TypeError as exc:
            _renamed(exc, "clamp_", "clip_", (min, max), {})

    def fill_(self, value):
        return fill_copy.fill_(self, value)

    def copy_(self, src=MISSING, non_blocking=False):
        return fill_copy.copy_(self, src, non_blocking)

    def index_put_(self, indices, values, accumulate=False):
        if indices.__class__ not in (tuple, list) or not isinstance(values, Tensor) or \
                accumulate.__class__ is not bool or \
                not all(isinstance(i, Tensor) for i in indices):
            check_args("index_put_", ("(tuple of Tensors indices, Tensor values, "
                                      "bool accumulate = False)",), self,
                       {"indices": indices, "values": values, "accumulate": accumulate})
        return fill_copy.index_put_(self, indices, values, accumulate)

    def uniform_(self, a=0.0, other=1.0, *, generator=None):
        return fill_copy.uniform_(self, a, other, generator=generator)

    def normal_(self, mean=0.0, std=1.0, *, generator=None):
        return fill_copy.normal_(self, mean, std, generator=generator)


def _renamed(exc, name, alias, args, kwargs):
    """Raise `exc` (from the op `name`) as torch raises it for the method `alias`."""
    renamed = alias_error(name, alias, exc, args, kwargs, method=True)
    if renamed is exc:
        raise exc
    raise renamed from None


# Methods on hot paths have no wrapper that words Python's binding errors as torch's parser
# does (it costs about 0.2 us a call): a missing argument defaults to MISSING, which the op's
# failure path reports in torch's words (`x.mul()`); too many arguments or an unknown
# keyword keep Python's words (`TensorMethods.mul() takes 2 positional arguments ...`)
_HOT = {"add", "sub", "mul", "div", "matmul", "view", "reshape", "unsqueeze", "squeeze", "to",
        "add_", "sub_", "mul_", "copy_", "detach", "backward", "dim", "size"}
# ... and those `_aliases.install_aliases` wraps anyway (axis= for dim=), which translate too
_HOT |= {"sum", "mean", "argmax", "argmin", "max", "min", "prod", "all", "any", "softmax",
         "log_softmax", "chunk", "unbind"}


def install(cls, tensor_class=Tensor, translate=True):
    """Copy the methods defined in `cls` onto Tensor; with `translate`, those not on hot
    paths raise torch's parser error when Python cannot bind their arguments."""
    for name, method in vars(cls).items():
        # (defining __eq__ sets a class's __hash__ to None; Tensor keeps TensorBase's hash)
        if name not in ("__module__", "__qualname__", "__doc__", "__dict__", "__weakref__",
                        "__hash__"):
            if translate and name not in _HOT and not name.startswith("__") and \
                    inspect.isfunction(method):
                method = functools.wraps(method)(with_binding_errors(method, name, True))
            setattr(tensor_class, name, method)


install(TensorMethods)

# methods of the tensor record that take arguments or are rarely called: torch's words too
for _name in ("stride", "is_contiguous", "numpy", "requires_grad_", "retain_grad", "detach_",
              "type"):
    setattr(Tensor, _name, with_binding_errors(getattr(Tensor, _name), _name, True))

from ._tensor_methods_unary import NoArgumentTensorMethods  # noqa: E402
install(NoArgumentTensorMethods, translate=False)   # (they check themselves)

from ._tensor_methods_more import MoreTensorMethods  # noqa: E402  (splits, norms, new_*)
install(MoreTensorMethods)
