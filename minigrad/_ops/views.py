"""View ops: results share memory AND the version counter with their input.

Each view remembers its root `_base` and the steps that derive it from that base; how
that history is kept and rewritten after an in-place edit is in `autograd/view_history.py`.
"""
import numpy as np

from ..autograd.graph import Node, begin
from ..autograd.view_history import make_view
from ._core import Tensor, check_tensor
from ._util import sum_to, wrap_dim
from .._compat._argparse import Parser
from .._compat._argparse_calls import as_int, check_args, int_list
from .._compat._call_site import via_method
from .._dtype import dtype as _dtype


def apply_view(cls, x, step, *options):
    """Node.apply for view ops: run the node's forward (a NumPy view of x's data) and wrap
    the result as a view of x, remembering `step` to re-derive it from the base."""
    node = begin(cls, (x,))
    return make_view(x, node.forward(x, *options), node, step)


# ---- reshape family ----------------------------------------------------------------

class _ShapeBack(Node):
    """Backward of ops that only change the shape: reshape the gradient back."""
    __slots__ = ("shape",)

    def forward(self, x, new_shape):
        self.shape = x._data.shape
        return x._data.reshape(new_shape)

    def backward(self, g):
        return (g.reshape(self.shape),)


class ViewBackward0(_ShapeBack):
    __slots__ = ()

    def forward(self, x, new_shape):
        self.shape = x._data.shape
        arr = x._data.view()
        try:
            arr.shape = new_shape           # raises if a copy would be needed
        except AttributeError:
            raise RuntimeError("view size is not compatible with input tensor's size and "
                               "stride (at least one dimension spans across two contiguous "
                               "subspaces). Use .reshape(...) instead.") from None
        return arr


class UnsqueezeBackward0(_ShapeBack):
    __slots__ = ()


class SqueezeBackward0(_ShapeBack):
    __slots__ = ()


class SqueezeBackward1(_ShapeBack):
    __slots__ = ()


class SqueezeBackward2(_ShapeBack):
    __slots__ = ()


class SqueezeBackward4(_ShapeBack):
    __slots__ = ()


class UnsafeViewBackward0(_ShapeBack):
    __slots__ = ()


def _infer_shape(shape, numel):
    shape = list(shape)
    neg = [i for i, s in enumerate(shape) if s == -1]
    if len(neg) > 1:
        raise RuntimeError("only one dimension can be inferred")
    known = 1
    for i, s in enumerate(shape):
        if s != -1:
            if s < 0:
                raise RuntimeError(f"invalid shape dimension {s} at index {i} of shape {shape}")
            known *= s
    if neg:
        if known == 0 or numel % known:
            raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
        shape[neg[0]] = numel // known
    elif known != numel:
        raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
    return tuple(shape)


def _shape_args(shape, x=None, op="view", name="size", more=()):
    """The sizes of view/reshape/permute/expand, given as separate ints or one sequence.
    Anything else gets torch's parser message (`more`: the method's other overloads)."""
    if len(shape) == 1 and shape[0].__class__ in (tuple, list):
        items = shape[0]
    elif not shape:         # no size at all (x.view(*()) of a 0-d x): torch's parser refuses
        return _shape_args_slow(shape, x, op, name, more)
    else:
        items = shape
    for s in items:
        if s.__class__ is not int:
            return _shape_args_slow(shape, x, op, name, more)
    return tuple(items)


def _shape_args_slow(shape, x, op, name, more):
    if via_method() or x is None:
        parser = Parser(op, *more, f"(tuple of ints {name})")
        err = parser.error({}, list(shape), {})
    else:
        parser = Parser(op, f"(Tensor input, tuple of ints {name})")
        err = parser.error({}, [x, *shape], {})
    if err is not None:
        raise err
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = shape[0]
    return int_list(shape, op, name)


def _shape_view(cls, x, new_shape):
    return apply_view(cls, x, ("reshape", new_shape), new_shape)


def view(x, *shape):
    """Same data, new shape; fails if the memory layout cannot be reinterpreted."""
    if len(shape) == 1 and (shape[0].__class__ is _dtype or
                            any(shape[0] is t for t in (float, int, bool))):
        return view_dtype(x, shape[0])
    new_shape = _infer_shape(_shape_args(shape, x, "view", "size", ("(torch.dtype dtype)",)),
                             x._data.size)
    return _shape_view(ViewBackward0, x, new_shape)


def view_dtype(x, dtype):
    """x.view(minigrad.int32): the same bytes read as another dtype. Not differentiable; with
    a different element size the last dim (contiguous) shrinks or grows, as in torch."""
    from .. import _dtype
    dtype = _dtype.dtype_arg(dtype, "view")     # (view() let only dtypes through)
    xd = x._data
    old = _dtype.from_numpy_dtype(xd.dtype)
    if dtype.itemsize != old.itemsize:
        what = f"to view {old._legacy[:-6]} as {dtype._legacy[:-6]} (different element sizes)"
        if xd.ndim == 0:
            raise RuntimeError(f"self.dim() cannot be 0 {what}")
        ratio = dtype.itemsize // old.itemsize
        if ratio > 1:
            if xd.shape[-1] % ratio:
                raise RuntimeError(f"self.size(-1) must be divisible by {ratio} {what}, but "
                                   f"got {xd.shape[-1]}")
            if x.storage_offset() % ratio:
                raise RuntimeError(f"self.storage_offset() must be divisible by {ratio} {what}, "
                                   f"but got {x.storage_offset()}")
        if x.stride(-1) != 1 and xd.shape[-1] > 1:     # (NumPy's stride of a dim of size
            raise RuntimeError(f"self.stride(-1) must be 1 {what}, but got {x.stride(-1)}")
        if ratio > 1:                                   # 0 or 1 may be anything)
            for d, st in enumerate(x.stride()[:-1]):
                if st % ratio:
                    raise RuntimeError(f"self.stride({d}) must be divisible by {ratio} {what}, "
                                       f"but got {st}")
    out = Tensor._make(xd.view(dtype.np), False, None)
    out._vc = x._version_counter()          # the same storage: in-place edits show in both
    return out


def reshape(x, *shape):
    """A view when the layout allows it, otherwise a copy (clone + view)."""
    new_shape = _infer_shape(_shape_args(shape, x, "reshape", "shape"), x._data.size)
    try:
        return view(x, new_shape)
    except RuntimeError:
        pass
    c = x.clone(memory_format="contiguous")
    return UnsafeViewBackward0.apply((c,), new_shape)


def _other_tensor(op, other):
    """torch's message for a `(Tensor other)` method given something else."""
    return Parser(op, "(Tensor other)").error({"other": other})


def view_as(x, other):
    if other.__class__ is not Tensor and not isinstance(other, Tensor):
        raise _other_tensor("view_as", other)
    return view(x, other._data.shape)


def reshape_as(x, other):
    if other.__class__ is not Tensor and not isinstance(other, Tensor):
        raise _other_tensor("reshape_as", other)
    return reshape(x, other._data.shape)


def flatten(x, start_dim=0, end_dim=-1):
    if start_dim.__class__ is not int or end_dim.__class__ is not int or \
            not isinstance(x, Tensor):
        check_args("flatten", ("(int start_dim = 0, int end_dim = -1)",), x,
                   {"start_dim": start_dim, "end_dim": end_dim})
        start_dim, end_dim = as_int(start_dim), as_int(end_dim)
    nd = x._data.ndim
    s, e = wrap_dim(start_dim, nd), wrap_dim(end_dim, nd)
    if nd == 0:
        return reshape(x, (1,))
    if s > e:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return x
    shape = x._data.shape
    new = shape[:s] + (int(np.prod(shape[s:e + 1])),) + shape[e + 1:]
    return reshape(x, new)


def unsqueeze(x, dim):
    if x.__class__ is not Tensor:
        check_tensor(x, "unsqueeze")
    d = wrap_dim(dim, x._data.ndim + 1)
    return _shape_view(UnsqueezeBackward0, x, np.expand_dims(x._data, d).shape)


def _plain_ints(dims):
    return dims.__class__ in (tuple, list) and all(d.__class__ is int for d in dims)


def squeeze(x, dim=None):
    if x.__class__ is not Tensor:
        check_tensor(x, "squeeze")
    if not (dim is None or dim.__class__ is int or _plain_ints(dim)):
        check_args("squeeze", ("()", "(int dim)", "(tuple of ints dim)"), x, {"dim": dim})
        dim = int_list(dim, "squeeze", "dim") if isinstance(dim, (tuple, list)) else as_int(dim)
    shape = x._data.shape
    if dim is None:
        return _shape_view(SqueezeBackward0, x, tuple(s for s in shape if s != 1))
    if isinstance(dim, (tuple, list)):
        dims = {wrap_dim(d, x._data.ndim) for d in dim}
        if len(dims) != len(dim):
            seen = set()
            for d in dim:
                w = wrap_dim(d, x._data.ndim)
                if w in seen:
                    raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
                seen.add(w)
        cls = SqueezeBackward2
    else:
        dims = {wrap_dim(dim, x._data.ndim)}
        cls = SqueezeBackward1
    return _shape_view(cls, x, tuple(s for i, s in enumerate(shape) if not (i in dims and s == 1)))




# ---- expand ------------------------------------------------------------------------

class ExpandBackward0(Node):
    """out = x broadcast to a bigger shape: sum the gradient back."""
    __slots__ = ("shape",)

    def forward(self, x, target):
        self.shape = x._data.shape
        return np.broadcast_to(x._data, target)

    def backward(self, g):
        return (sum_to(g, self.shape),)


def expand(x, *sizes):
    sizes = _shape_args(sizes, None, "expand", "size")
    shape = x._data.shape
    if len(sizes) < len(shape):
        raise RuntimeError(f"expand({x.type()}{{{list(shape)}}}, size={list(sizes)}): the number "
                           "of sizes provided (%d) must be greater or equal to the number of "
                           "dimensions in the tensor (%d)" % (len(sizes), len(shape)))
    lead = len(sizes) - len(shape)
    target = [0] * len(sizes)
    for i in reversed(range(len(sizes))):       # torch checks from the last dim
        s = sizes[i]
        cur = shape[i - lead] if i >= lead else 1
        if s == -1:
            if i < lead:
                raise RuntimeError(f"The expanded size of the tensor (-1) isn't allowed in a "
                                   f"leading, non-existing dimension {i}")
            s = cur
        elif cur != 1 and cur != s:
            raise RuntimeError(f"The expanded size of the tensor ({s}) must match the existing "
                               f"size ({cur}) at non-singleton dimension {i}.  Target sizes: "
                               f"{list(sizes)}.  Tensor sizes: {list(shape)}")
        target[i] = s
    target = tuple(target)
    if min(target, default=0) < 0:      # (a size below -1 where the tensor has 1)
        raise RuntimeError("numel: integer multiplication overflow")
    return apply_view(ExpandBackward0, x, ("expand", target), target)


def expand_as(x, other):
    if other.__class__ is not Tensor and not isinstance(other, Tensor):
        raise _other_tensor("expand_as", other)
    return expand(x, other._data.shape)
