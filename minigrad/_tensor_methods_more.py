"""More Tensor methods, written out like those in `_tensor_methods.py` (which installs
them): pieces (`split`, `chunk`, `unbind`), `flip`, `prod`, `norm`, truth tests, `equal`,
`transpose_` and the in-place unary forms, the `new_*` factories, and hook bookkeeping.

Also the Tensor methods that reach the layers above the tensor record (see `_tensor.py`):
`Tensor(...)`, `grad_fn`, `backward`, `__repr__` and `__deepcopy__`. Tensor cannot import
the factories, autograd or the engine (they import Tensor), so they are attached from here,
the surface, like every op method.
"""
import collections
import warnings

import numpy as np

from ._compat._argparse import Parser
from ._compat._argparse_calls import no_arguments
from ._creation import empty, full, legacy_new, ones, tensor
from ._ops import closeness, inplace, moments, norm as norm_ops, products, splits, tiling
from ._tensor import Tensor
from ._tensor_str import tensor_str
from ._autograd_api import run_backward
from .autograd.graph import grad_edge
from .autograd.view_history import regenerate_view_grad_fn
from .utils.hooks import RemovableHandle

__all__ = ["MoreTensorMethods"]


def _refuse_grad_fn_deletion(t):
    raise RuntimeError("Deletion of _grad_fn not allowed. Detach tensor instead!")


class MoreTensorMethods:
    """Tensor methods added on top of TensorMethods (see the module docstring)."""

    # ---- reaching the layers above Tensor ------------------------------------

    def __new__(cls, *args, **kwargs):
        return legacy_new(cls, args, kwargs)

    @property
    def grad_fn(self):
        """The node that created this tensor (None for leaves)."""
        fn = self._node
        if self._base is not None and self._vc is not None \
                and self._vc.value != self._view_version \
                and (fn is not None or self._base._requires_grad):
            # the base or a sibling view changed in place: the view's history is now
            # "take this slice of the (new) base", as in torch, unless its creation forbids it
            inplace.check_view_rule(self, "its base or another view of its base has been")
            if fn is not None or self._follows_a_base_with_history():
                fn = regenerate_view_grad_fn(self)
        return fn

    def _is_view(self, *args, **kwargs):
        """Whether this tensor is a view of another (has a `_base`); an inference tensor's
        views are not views (autograd/view_history.py's make_view), as in torch."""
        if args or kwargs:
            raise TypeError("TensorBase._is_view() takes no keyword arguments" if kwargs else
                            f"TensorBase._is_view() takes no arguments ({len(args)} given)")
        return self._base is not None

    # torch's `t._grad_fn`: reads and writes go straight to Tensor's slot `_node`, but `del`
    # is refused as in torch. minigrad's own code uses `_node`, so this property costs nothing
    # on the hot path (a __delattr__ would slow every attribute write).
    _grad_fn = property(Tensor.__dict__["_node"].__get__, Tensor.__dict__["_node"].__set__,
                        _refuse_grad_fn_deletion,
                        "The node that created this tensor, without regenerating a view's.")

    def _follows_a_base_with_history(self):
        """A view made without history whose base then got one by an in-place op (torch
        gives it the regenerated history too)."""
        return (self._requires_grad and not self._no_grad_view
                and self._base._node is not None)

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        """Accumulate d(self)/d(leaf) into every leaf's `.grad` (see autograd.backward)."""
        run_backward((self,), gradient, retain_graph, create_graph, inputs)

    def __repr__(self, *, tensor_contents=None):
        fn = self.grad_fn
        return tensor_str(self._data, dtype_name=self.dtype.name,
                          grad_fn_name=None if fn is None else type(fn).__name__,
                          requires_grad=self._requires_grad,
                          is_parameter=self.__class__.__name__ == "Parameter")

    __str__ = __repr__

    def __deepcopy__(self, memo):
        if self._node is not None:
            raise RuntimeError("Only Tensors created explicitly by the user (graph leaves) "
                               "support the deepcopy protocol at the moment.  If you were "
                               "attempting to deepcopy a module, this may be because of a "
                               "torch.nn.utils.weight_norm usage, see "
                               "https://github.com/pytorch/pytorch/pull/103001")
        new = type(self).__new__(type(self), np.array(self._data)) \
            if type(self) is not Tensor else Tensor._make(np.array(self._data), False, None)
        new._requires_grad = self._requires_grad
        if self._grad is not None:
            new._grad = self._grad.__deepcopy__(memo)
        memo[id(self)] = new
        return new

    # ---- pieces and order ----------------------------------------------------

    def split(self, split_size, dim=0):
        return splits.split(self, split_size, dim)

    def chunk(self, chunks, dim=0):
        return splits.chunk(self, chunks, dim, _pos=1)   # (torch counts from self)

    def unbind(self, dim=0):
        return splits.unbind(self, dim)

    def flip(self, *dims):
        return splits.flip(self, *dims)

    def repeat(self, *repeats, **kwargs):
        """This tensor tiled `repeats` times along each dim (RepeatBackward0); more
        repeats than dims add leading dims."""
        if kwargs:      # torch's only keyword is `repeats` (a tuple of ints)
            if list(kwargs) != ["repeats"] or repeats:
                raise Parser("repeat", "(tuple of ints repeats)").error({}, list(repeats),
                                                                         kwargs)
            repeats = (kwargs["repeats"],)
        return tiling.repeat(self, *repeats)

    allclose = closeness.allclose_method

    # ---- reductions ------------------------------------------------------------

    def prod(self, dim=None, keepdim=None, *, dtype=None):
        return products.prod(self, dim, keepdim, dtype=dtype)

    def norm(self, p="fro", dim=None, keepdim=False, dtype=None):
        return norm_ops.norm(self, p, dim, keepdim, dtype=dtype)

    def all(self, dim=None, keepdim=False):
        return products.all(self, dim, keepdim)

    def any(self, dim=None, keepdim=False):
        return products.any(self, dim, keepdim)

    def std(self, *args, **kwargs):
        return moments.std_method(self, args, kwargs)

    def var(self, *args, **kwargs):
        return moments.var_method(self, args, kwargs)

    def equal(self, other):
        return products.equal(self, other, _pos=1)

    # ---- in place ----------------------------------------------------------------

    def transpose_(self, dim0, dim1):
        return inplace.transpose_(self, dim0, dim1)

    def sin_(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("sin_", args, kwargs)
        return inplace.sin_(self)

    def cos_(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("cos_", args, kwargs)
        return inplace.cos_(self)

    def reciprocal_(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("reciprocal_", args, kwargs)
        return inplace.reciprocal_(self)

    def floor_(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("floor_", args, kwargs)
        return inplace.floor_(self)

    def ceil_(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("ceil_", args, kwargs)
        return inplace.ceil_(self)

    def round_(self):
        return inplace.round_(self)

    def sign_(self, *args, **kwargs):
        if args or kwargs:
            raise no_arguments("sign_", args, kwargs)
        return inplace.sign_(self)

    # ---- new tensors like this one (same dtype unless told) ------------------------

    def _new_size(self, name, size):
        """torch's check of the size argument of new_ones/new_zeros/new_empty/new_full."""
        if len(size) == 1 and isinstance(size[0], (list, tuple)):
            size = tuple(size[0])
        elif name == "new_full" and not isinstance(size, (list, tuple)):
            size = (size,)
        for s in size:
            if isinstance(s, bool) or not isinstance(s, (int, np.integer)):
                bad = size if name == "new_full" and not isinstance(size, tuple) else s
                raise TypeError(f"{name}(): argument 'size' (position 1) must be tuple of ints, "
                                f"not {type(bad).__name__}")
        return size

    def new_ones(self, *size, dtype=None, device=None, requires_grad=False,
                 pin_memory=False):
        size = self._new_size("new_ones", size)
        return ones(size, dtype=dtype or self.dtype, device=device, pin_memory=pin_memory,
                    requires_grad=requires_grad)

    def new_zeros(self, *size, dtype=None, device=None, requires_grad=False,
                 pin_memory=False):
        # (full, not zeros: torch.zeros has its own negative-size message)
        size = self._new_size("new_zeros", size)
        return full(size, 0, dtype=dtype or self.dtype, device=device, pin_memory=pin_memory,
                    requires_grad=requires_grad)

    def new_empty(self, *size, dtype=None, device=None, requires_grad=False,
                 pin_memory=False):
        size = self._new_size("new_empty", size)
        return empty(size, dtype=dtype or self.dtype, device=device, pin_memory=pin_memory,
                     requires_grad=requires_grad)

    def new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False,
                 pin_memory=False):
        if not isinstance(size, (list, tuple)):
            raise TypeError("new_full(): argument 'size' (position 1) must be tuple of ints, "
                            f"not {type(size).__name__}")
        size = self._new_size("new_full", (tuple(size),))
        if isinstance(fill_value, bool) or not isinstance(fill_value, (int, float, np.number)):
            if not isinstance(fill_value, bool):
                raise TypeError("new_full(): argument 'fill_value' (position 2) must be "
                                f"Number, not {type(fill_value).__name__}")
        return full(size, fill_value, dtype=dtype or self.dtype, device=device,
                    pin_memory=pin_memory, requires_grad=requires_grad)

    def new_tensor(self, data, *, dtype=None, device=None, requires_grad=False):
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
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require "
                               "gradient")
        if self._node is not None:
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
