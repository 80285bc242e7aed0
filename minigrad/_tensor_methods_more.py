"""More Tensor methods, written out like those in `_tensor_methods.py` (which installs
them): pieces (`split`, `chunk`, `unbind`), `flip`, `prod`, `norm`, truth tests, `equal`,
`transpose_` and the in-place unary forms, the `new_*` factories, and hook bookkeeping.
"""
import collections
import warnings

from ._ops import inplace, norm as norm_ops, reduction, splits

__all__ = ["MoreTensorMethods"]


class MoreTensorMethods:
    """Tensor methods added on top of TensorMethods (see the module docstring)."""

    # ---- pieces and order ----------------------------------------------------

    def split(self, split_size, dim=0):
        return splits.split(self, split_size, dim)

    def chunk(self, chunks, dim=0):
        return splits.chunk(self, chunks, dim, _pos=1)   # (torch counts from self)

    def unbind(self, dim=0):
        return splits.unbind(self, dim)

    def flip(self, *dims):
        return splits.flip(self, *dims)

    # ---- reductions ------------------------------------------------------------

    def prod(self, dim=None, keepdim=False, *, dtype=None):
        return reduction.prod(self, dim, keepdim, dtype=dtype)

    def norm(self, p="fro", dim=None, keepdim=False, dtype=None):
        return norm_ops.norm(self, p, dim, keepdim, dtype=dtype)

    def all(self, dim=None, keepdim=False):
        return reduction.all(self, dim, keepdim)

    def any(self, dim=None, keepdim=False):
        return reduction.any(self, dim, keepdim)

    def equal(self, other):
        return reduction.equal(self, other)

    # ---- in place ----------------------------------------------------------------

    def transpose_(self, dim0, dim1):
        return inplace.transpose_(self, dim0, dim1)

    def sin_(self):
        return inplace.sin_(self)

    def cos_(self):
        return inplace.cos_(self)

    def reciprocal_(self):
        return inplace.reciprocal_(self)

    def floor_(self):
        return inplace.floor_(self)

    def ceil_(self):
        return inplace.ceil_(self)

    def round_(self):
        return inplace.round_(self)

    def sign_(self):
        return inplace.sign_(self)

    # ---- new tensors like this one (same dtype unless told) ------------------------

    def new_ones(self, *size, dtype=None, device=None, requires_grad=False):
        from ._creation import ones
        return ones(*size, dtype=dtype or self.dtype, device=device, requires_grad=requires_grad)

    def new_zeros(self, *size, dtype=None, device=None, requires_grad=False):
        from ._creation import zeros
        return zeros(*size, dtype=dtype or self.dtype, device=device,
                     requires_grad=requires_grad)

    def new_empty(self, *size, dtype=None, device=None, requires_grad=False):
        from ._creation import empty
        return empty(*size, dtype=dtype or self.dtype, device=device,
                     requires_grad=requires_grad)

    def new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False):
        from ._creation import full
        return full(size, fill_value, dtype=dtype or self.dtype, device=device,
                    requires_grad=requires_grad)

    def new_tensor(self, data, *, dtype=None, device=None, requires_grad=False):
        from ._creation import tensor
        from ._tensor import Tensor
        if isinstance(data, Tensor):
            warnings.warn("To copy construct from a tensor, it is recommended to use "
                          "sourceTensor.detach().clone() or "
                          "sourceTensor.detach().clone().requires_grad_(True), rather than "
                          "tensor.new_tensor(sourceTensor).", UserWarning, stacklevel=2)
            data = data.detach().clone()
            return data.to(dtype or data.dtype).requires_grad_(requires_grad)
        return tensor(data, dtype=dtype or self.dtype, device=device,
                      requires_grad=requires_grad)

    # ---- hooks -----------------------------------------------------------------------

    @property
    def _backward_hooks(self):
        """The hooks registered with register_hook, by handle id (None before the first)."""
        assigned = self.__dict__.get("_backward_hooks_assigned")
        if assigned is not None:
            return assigned
        hooks = self.__dict__.get("_hooks")
        return None if hooks is None else collections.OrderedDict(hooks)

    @_backward_hooks.setter
    def _backward_hooks(self, value):
        # torch keeps an assigned dict on the tensor without handing it to the engine, so
        # hooks put there directly never run; we keep it for display only, likewise
        self.__dict__["_backward_hooks_assigned"] = value

    def register_post_accumulate_grad_hook(self, hook):
        """Run `hook(self)` after backward has accumulated into this leaf's .grad (an
        optimizer step per parameter, for instance). Leaves that require grad only.
        Returns a handle with `.remove()`."""
        from .autograd.graph import grad_edge
        from .utils.hooks import RemovableHandle
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require "
                               "gradient")
        if self._grad_fn is not None:
            raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf "
                               "tensors")
        d = self.__dict__
        hooks = d.get("_post_accumulate_grad_hooks")
        if hooks is None:
            hooks = d["_post_accumulate_grad_hooks"] = collections.OrderedDict()
            # The leaf's AccumulateGrad node runs them: keep that node alive with the leaf
            # (it is otherwise held only by the graphs using it) and let it call them after
            # each accumulation, as one of its post-hooks.
            acc = d["_accumulator_kept"] = grad_edge(self)
            acc.register_hook(_PostAccumulateCall(hooks, self))
        handle = RemovableHandle(hooks)
        hooks[handle.id] = hook
        return handle


class _PostAccumulateCall:
    """The AccumulateGrad post-hook that runs a leaf's post-accumulate-grad hooks."""
    __slots__ = ("hooks", "leaf")

    def __init__(self, hooks, leaf):
        self.hooks, self.leaf = hooks, leaf

    def __call__(self, grad_inputs, grad_outputs):
        for fn in list(self.hooks.values()):
            fn(self.leaf)
