"""View history: how a view remembers where it came from, and how its history is rewritten
after an in-place edit.

Each view remembers its root `_base` and the steps that derive it from that base
(`_view_steps`, e.g. `(("getitem", 0), ("reshape", (3, 1)))`), and shares the base's version
counter. An in-place op through a view gives the base a `CopySlices` node (the gradient
outside the view passes through, inside it goes through the op's node); after any in-place
edit of the base or of a sibling view, reading the view's `grad_fn` regenerates its history
as "this slice of the new base" (`AsStridedBackward0`), as torch does.
"""
from weakref import ref as _weakref

import numpy as np

from .._autograd_state import grad_state as _grad_state
from .._either import array, constant_like, copy_of, expand, permute, write_into
from .._tensor import Tensor
from .graph import Node, connect


def apply_steps(v, steps):
    """Re-derive a view from (an array or Tensor shaped like) its base; on a Tensor the steps
    are differentiable ops (used when backward builds a graph)."""
    for kind, arg in steps:
        if kind == "getitem":
            v = v[arg]
        elif kind == "reshape":
            v = v.reshape(arg)
        elif kind == "transpose":
            v = permute(v, arg)
        elif kind == "expand":
            v = expand(v, arg)
    return v


def make_view(x, data, node, step):
    """Wrap `data` (a NumPy view of x's data) as a view tensor of x."""
    recorded = node is not None and node._seq is not None and not x._is_inference
    out = Tensor._make(data, recorded, node if recorded else None)
    if x._is_inference:         # torch tracks no view of an inference tensor: a plain one
        out._is_inference = True    # (no base, no history, no counter of its own)
        return out
    base = x._base if x._base is not None else x
    vc = out._vc = x._version_counter()
    d = out.__dict__
    d["_base"] = base
    d["_view_steps"] = x._view_steps + (step,)
    d["_view_version"] = vc.value
    if not recorded:
        if x._requires_grad and not _grad_state.enabled:
            out._requires_grad = True   # a view of a grad-requiring tensor, made in no_grad
            d["_no_grad_view"] = True
            if _grad_state.inference:
                d["_inference_view"] = True     # torch's creation meta INFERENCE_MODE
            _follow_base(base, out)
        elif data.dtype.kind == "f":
            _follow_base(base, out)     # base.requires_grad_() later makes it require grad
            if not _grad_state.enabled and not _grad_state.inference:
                d["_no_grad_view"] = True   # (torch: any view made in no_grad mode)
    elif x._no_grad_view:
        d["_no_grad_view"] = True       # a view of a no_grad view: torch keeps the mark
        if x.__dict__.get("_inference_view"):
            d["_inference_view"] = True
    if recorded:                        # a view of a split/unbind piece, or of a view a custom
        if "_multi_view" in x.__dict__:     # Function returned, keeps its rule (torch's creation
            d["_multi_view"] = (0, None)    # meta MULTIPLE_OUTPUTS, CUSTOM_FUNCTION), named by
        if "_custom_function_view" in x.__dict__:   # its own node
            d["_custom_function_view"] = True
    if out._is_inference:
        d["_is_inference"] = False  # a view of a normal tensor made in inference mode is normal
    return out


def _follow_base(base, view):
    """A view without history takes its requires_grad from its base, as in torch
    (requires_grad_ or grad_fn or base.requires_grad): the base keeps weak references to
    such views and updates them when its own flag changes (Tensor._set_requires_grad).
    Dead references are dropped each time the list doubles."""
    views = base.__dict__.get("_views_following")
    if views is None:
        views = base.__dict__["_views_following"] = []
    n = len(views)
    if n >= 64 and not n & (n - 1):
        views[:] = [r for r in views if r() is not None]
    views.append(_weakref(view))


class AsStridedBackward0(Node):
    """The regenerated history of a view whose base was modified in place: scatter the
    view's gradient into a zero gradient for the whole base."""
    __slots__ = ("base_shape", "base_dtype", "steps")

    def backward(self, g):
        gd = array(g)               # (a graph of backward gets a constant: not recorded)
        out = np.zeros(self.base_shape, self.base_dtype)
        region = apply_steps(out, self.steps)
        if region.flags.writeable:
            region += gd
        else:                                 # an expanded view: sum the overlapping parts
            np.add.at(out.reshape(-1), apply_steps(
                np.arange(out.size).reshape(out.shape), self.steps).reshape(-1), gd.reshape(-1))
        return (constant_like(out, g),)


def regenerate_view_grad_fn(view):
    base = view._base
    node = AsStridedBackward0.__new__(AsStridedBackward0)
    joined = connect(node, (base,))
    assert joined, "a view with history has a base that requires grad"
    node.base_shape, node.base_dtype = base._data.shape, base._data.dtype
    node.steps = view._view_steps
    old = view._node
    if old is not None and old._retain_ref is not None:
        node._retain_ref = old._retain_ref
        node._hooked = True
    view._node = node
    view.__dict__.pop("_hooks", None)   # hooks so far stay with the old node (as torch)
    view.__dict__["_view_version"] = view._vc.value
    return node


class CopySlices(Node):
    """History of a base tensor after one of its views was modified in place: the
    gradient outside the view passes through; inside it goes through the op's node."""
    __slots__ = ("fn", "steps")
    saves = True

    def name(self):
        return "torch::autograd::CopySlices"

    def backward(self, g):
        result = copy_of(g)
        region = apply_steps(result, self.steps)        # the view's part of the gradient
        grads = self.fn.backward(copy_of(region))
        write_into(region, grads[0])
        return (result,) + tuple(grads[1:])

    def _release(self):
        self._released = True
        self.fn._release()
