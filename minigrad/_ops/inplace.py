"""In-place ops: `add_`, `mul_`, `zero_`, `copy_`, `x[i] = v`, `+=` ...

Every in-place op (1) checks torch's rules (no in-place on a leaf that requires grad, nor
on a view of one), (2) writes into the existing array, (3) bumps the version counter, and
(4) rewrites history: the tensor's grad_fn becomes the op's node, or, for a view, the base
gets a CopySlices node and the view's history is regenerated from the base.
"""

import re
import weakref

import numpy as np

from ..autograd.graph import begin, grad_edge
from ..autograd.grad_mode import state as _grad_state
from ..autograd.saved import SavedTensor, node_short_name
from .._compat._argparse_calls import check_args
from .._compat._call_site import called_as_operator
from ._core import Tensor, as_tensor_arg
from ._util import broadcast_shapes
from ._binary import quietly, scalar_is_safe
from .permutations import _PermuteBack
from ..autograd.view_history import CopySlices
from .._tensor_base import wrap_dim
from . import arithmetic as A, unary as U
from .clamp import ClampBackward0, ClampBackward1, clamp_bounds

_LEAF = "a leaf Variable that requires grad is being used in an in-place operation."
_VIEW_OF_LEAF = ("a view of a leaf Variable that requires grad is being used in an in-place "
                 "operation.")
_NO_GRAD_VIEW = (
    " no_grad mode and {} modified inplace with grad mode enabled. "
    "Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify "
    "your code by moving both the view and the inplace either both inside the no_grad block "
    "(if you don't want the inplace to be tracked) or both outside (if you want the inplace to "
    "be tracked).")
_INFERENCE = ("Inplace update to inference tensor outside InferenceMode is not allowed.You can "
              "make a clone to get a normal tensor before doing inplace update.See "
              "https://github.com/pytorch/rfcs/pull/17 for more details.")
_OVERLAP = ("unsupported operation: more than one element of the written-to tensor refers to a "
            "single memory location. Please clone() the tensor before performing the operation.")


_INFERENCE_VIEW = (
    " inference mode and {} modified inplace in normal mode. Given that this use case is "
    "ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the "
    "view and the inplace either both inside the inference_mode block (if you don't want the "
    "inplace to be tracked) or both outside (if you want the inplace to be tracked).")


_MULTI_VIEW = ("Output {} of {} is a view and {} modified inplace. This view is the output "
               "of a function that returns multiple views. Such functions do not allow the output "
               "views to be modified inplace. You should replace the inplace operation by an "
               "out-of-place one.")


_CUSTOM_FUNCTION_VIEW = (
    "Output {} of {} is a view and {} modified inplace. This view was created inside a "
    "custom Function (or because an input was returned as-is) and the autograd logic to handle "
    "view+inplace would override the custom backward associated with the custom Function, "
    "leading to incorrect gradients. This behavior is forbidden. You can fix this by cloning "
    "the output of the custom Function.")


def check_inplace(x):
    """Raise torch's error if autograd forbids modifying x in place right now."""
    if not _grad_state.enabled:
        return
    check_view_rule(x, "is being")
    base = x._base
    if base is not None and x._requires_grad and base._node is None:
        raise RuntimeError(_VIEW_OF_LEAF)   # torch checks views first: a grad-requiring view
                                            # of a leaf (even one since detach_()ed)
    if x._requires_grad and x._node is None:
        raise RuntimeError(_LEAF)


def check_view_rule(x, modified):
    """Raise torch's error (handle_view_on_rebase) for a view that its creation forbids to
    change in place: a piece of split/unbind, a view a custom Function returned, a view made
    in no_grad or inference mode; `modified` says what changed ("is being": the view itself;
    "its base or another view of its base has been", seen when its grad_fn is read)."""
    multi = x.__dict__.get("_multi_view")     # a piece of split/chunk/unbind, or a view of one
    if not x._requires_grad:
        return
    if multi is not None:
        raise RuntimeError(_MULTI_VIEW.format(multi[0], multi[1] or node_short_name(x._node),
                                              modified))
    if x.__dict__.get("_custom_function_view"):
        # named by its node less the trailing "Backward0"/"Backward" (a custom Function's
        # node name may itself start with "Backward", as BackwardHookFunctionBackward does)
        name = re.sub(r"Backward\d*$", "", x._node.name())
        raise RuntimeError(_CUSTOM_FUNCTION_VIEW.format(x._output_nr, name, modified))
    if x._no_grad_view:
        fn = x._node            # a view of a no_grad view names its own node
        raise RuntimeError(("A view was created in" if fn is None else
                            f"Output {x._output_nr} of {node_short_name(fn)} is a view of a "
                            "view which was created in")
                           + (_INFERENCE_VIEW if x.__dict__.get("_inference_view")
                              else _NO_GRAD_VIEW).format(modified))


def check_cast(x, rt):
    """torch's `result type Float can't be cast to the desired output type Long`: a result of
    NumPy dtype `rt` written into tensor x (torch's canCast: no float into an integer or bool
    tensor, no integer into a bool one)."""
    xd = x._data
    rk, xk = rt.kind, xd.dtype.kind
    if (rk == "f" and xk != "f") or (rk in "iu" and xk == "b"):
        from .._dtype import from_numpy_dtype
        raise RuntimeError(f"result type {from_numpy_dtype(rt)._legacy[:-6]} can't be cast to "
                           f"the desired output type {from_numpy_dtype(xd.dtype)._legacy[:-6]}")


def _write(x, result):
    check_cast(x, result.dtype)
    xd = x._data
    if not xd.flags.writeable:
        raise RuntimeError(_OVERLAP)
    if result.shape != xd.shape:
        broadcast_shapes(xd.shape, result.shape)
        if np.broadcast_shapes(xd.shape, result.shape) != xd.shape:
            raise RuntimeError(f"output with shape {list(xd.shape)} doesn't match the broadcast "
                               f"shape {list(np.broadcast_shapes(xd.shape, result.shape))}")
    xd[...] = result


def _move_tensor_state(x, old, node):
    """After `x` got a new grad_fn: retain_grad() follows the tensor to its new node, while
    hooks registered so far stay with the old value (later ones start a fresh list)."""
    if old is not None and old._retain_ref is not None and old._retain_ref() is x:
        node._retain_ref = old._retain_ref
        node._hooked = True
        old._retain_ref = None
    x.__dict__.pop("_hooks", None)      # the next register_hook starts a new dict


def _save_original_self(node, x):
    """An in-place op whose backward needs self's OLD value (mul_, pow_, log_...) keeps a
    copy of it, as torch does (`original_self`); otherwise the write would invalidate it."""
    saved = getattr(node, "s_self", None)     # only `self`: `x.mul_(x)` still fails, as in torch
    if isinstance(saved, SavedTensor) and saved.tensor is x:
        original = Tensor._make(np.array(x._data), x._requires_grad, x.grad_fn)
        node.s_self = SavedTensor(original)


_UFUNC_OF = {A.AddBackward0: np.add, A.SubBackward0: np.subtract, A.MulBackward0: np.multiply,
             A.DivBackward0: np.true_divide}


def _fast_untracked(cls, x, others, options):
    """`p -= lr * p.grad` under no_grad: write straight into x's array (no temporary, no
    node). Only for float targets and same-kind operands, where nothing can go wrong."""
    ufunc = _UFUNC_OF.get(cls)
    if ufunc is None or (options and options[0] != 1):
        return False
    xd = x._data
    other = others[0]
    od = other._data if isinstance(other, Tensor) else other
    if xd.dtype.kind != "f" or not xd.flags.writeable or (
            isinstance(other, Tensor) and (od.dtype != xd.dtype or od.shape != xd.shape)) or \
            not isinstance(od, (np.ndarray, float, int)) or isinstance(od, bool) or \
            (od.__class__ is not np.ndarray and (xd.dtype.itemsize == 2
                                                  or not scalar_is_safe(ufunc, xd.dtype, od))):
        return False        # (a number that could give inf or nan: the op's own errstate)
    if od.__class__ is np.ndarray:
        quietly(ufunc, xd, od, out=xd)      # inf - inf, overflow: silent, as in torch
    else:
        ufunc(xd, od, out=xd)
    x._bump_version()
    return True


def inplace(cls, x, others, *options):
    """Run node class `cls` as an in-place op on x with the other inputs `others`."""
    check_inplace(x)
    inputs = (x,) + others
    node = begin(cls, inputs)
    record = node._seq is not None
    if not record and not x._is_inference and _fast_untracked(cls, x, others, options):
        return x
    result = node.forward(*inputs, *options)
    if record:
        _save_original_self(node, x)
    _write(x, result)
    if x._is_inference and not _grad_state.inference and not x._inference_alias:
        raise RuntimeError(_INFERENCE)      # torch checks after the kernel ran, before autograd
    x._bump_version()                       # records anything
    if record:
        base = x._base
        if base is not None:
            cs = CopySlices.__new__(CopySlices)
            cs._next = (grad_edge(base),) + node._next[1:]
            cs._seq = node._seq
            cs._released = False
            cs.fn, cs.steps = node, x._view_steps
            _move_tensor_state(base, base._node, cs)    # (before: needs base's old node)
            base._node = cs
            base._set_requires_grad(True)   # (views without history follow the flag)
            x._node = cs                 # replaced by AsStridedBackward0 on next access
            x._requires_grad = True
        else:
            old = x._node
            x._node = node
            x._set_requires_grad(True)      # (views without history follow the flag)
            _move_tensor_state(x, old, node)
        if node._saves_result:
            node.s_result = SavedTensor(x, is_output=True)   # the output is x itself, at
            if base is not None:                             # its new version
                node.__dict__["_inplace_view"] = weakref.ref(x)  # (for the version error)
    return x


# ---- the in-place ops --------------------------------------------------------------

def _inplace_other(x, other, op, symbol, name="other", signatures=None):
    """The other operand of an in-place op, when it is not a Tensor or a Python number:
    `t += [1]` gets Python's operator message, `t.add_([1])` torch's parser message."""
    if other.__class__ is not complex and not isinstance(other, (np.generic, np.ndarray)):
        if called_as_operator():        # declined: Python tries `t + other`, then other's
            return NotImplemented       # reflected operator, then words its own TypeError
        alpha = ", *, Number alpha = 1" if op in ("add_", "sub_") else ""
        check_args(op, signatures or (f"(Tensor {name}{alpha})",), x, {name: other},
                   numbers_as_tensors=signatures is None)
    elif isinstance(other, np.ndarray):
        if called_as_operator():
            # torch's `+=` declines an array, and so does its `+`: NumPy's reflected operator
            # computes a new tensor (with NumPy's promotion), which Python binds to the name
            return NotImplemented
        check_args(op, signatures or (f"(Tensor {name})",), x, {name: other},
                   numbers_as_tensors=signatures is None)
    return _operand(x, other, name)     # (a complex number: torch's cast error)


def add_(x, other, *, alpha=1):
    if other.__class__ not in (int, float, bool) and not isinstance(other, Tensor):
        other = _inplace_other(x, other, "add_", "+")
        if other is NotImplemented:
            return other
    return inplace(A.AddBackward0, x, (other,), alpha)


def sub_(x, other, *, alpha=1):
    if other.__class__ is Tensor and not _grad_state.enabled and alpha.__class__ is int \
            and alpha == 1:
        # `p -= lr * p.grad` in an optimizer step: under no_grad nothing is recorded or
        # checked, so a float tensor of the same dtype and shape is updated in its own array
        # (no temporary, no node); anything else takes the general path below
        xd, od = x._data, other._data
        if xd.dtype is od.dtype and xd.shape == od.shape and xd.dtype.kind == "f" \
                and xd.flags.writeable and not x._is_inference:
            np.subtract(xd, od, xd)     # (out given by position: cheaper than out=)
            x._bump_version()
            return x
    if other.__class__ not in (int, float, bool) and not isinstance(other, Tensor):
        if other.__class__ is complex and x._data.dtype.kind == "b":
            A._check_bool_sub(x, other)     # (before the complex cast error)
        other = _inplace_other(x, other, "sub_", "-")
        if other is NotImplemented:
            return other
    if x._data.dtype.kind == "b" or other.__class__ is bool or \
            other.__class__ is Tensor and other._data.dtype.kind == "b":
        if other.__class__ is int and not -2 ** 63 <= other < 2 ** 64:
            raise OverflowError("int too big to convert" if other > 0 else
                                "can't convert negative int to unsigned")
        A._check_bool_sub(x, other)         # torch's bool-subtraction error, before NumPy's
    return inplace(A.SubBackward0, x, (other,), alpha)


def mul_(x, other):
    if other.__class__ not in (int, float, bool) and not isinstance(other, Tensor):
        other = _inplace_other(x, other, "mul_", "*")
        if other is NotImplemented:
            return other
    return inplace(A.MulBackward0, x, (other,))


def div_(x, other):
    if other.__class__ not in (int, float, bool) and not isinstance(other, Tensor):
        other = _inplace_other(x, other, "div_", "/")
        if other is NotImplemented:
            return other
    return inplace(A.DivBackward0, x, (other,))


def _operand(x, other, name="other"):
    """The other operand of an in-place op; a complex number cannot be written into x."""
    if other.__class__ is complex:
        from .._dtype import from_numpy_dtype
        kind = "Double" if x._data.dtype == np.float64 else "Float"
        raise RuntimeError(f"result type Complex{kind} can't be cast to the desired output "
                           f"type {from_numpy_dtype(x._data.dtype)._legacy[:-6]}")
    return as_tensor_arg(other, name)


def _unary_inplace(cls):
    def op(x):
        return inplace(cls, x, ())
    op.__name__ = cls.__name__.replace("Backward0", "").lower() + "_"
    return op


exp_ = _unary_inplace(U.ExpBackward0)
sigmoid_ = _unary_inplace(U.SigmoidBackward0)
tanh_ = _unary_inplace(U.TanhBackward0)
relu_ = _unary_inplace(U.ReluBackward0)
neg_ = _unary_inplace(U.NegBackward0)
log_ = _unary_inplace(U.LogBackward0)
sqrt_ = _unary_inplace(U.SqrtBackward0)
abs_ = _unary_inplace(U.AbsBackward0)
sin_ = _unary_inplace(U.SinBackward0)
cos_ = _unary_inplace(U.CosBackward0)
reciprocal_ = _unary_inplace(U.ReciprocalBackward0)
floor_ = _unary_inplace(U.FloorBackward0)
ceil_ = _unary_inplace(U.CeilBackward0)
round_ = _unary_inplace(U.RoundBackward0)
sign_ = _unary_inplace(U.SignBackward0)


def clamp_(x, min=None, max=None):
    """x.clamp_(min, max): clamp's checks, then its tensor or number form in place."""
    min, max = clamp_bounds(x, min, max, "clamp_")
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        return inplace(ClampBackward0, x, (min, max))
    return inplace(ClampBackward1, x, (), min, max)


class TransposeBackward1(_PermuteBack):
    """x.transpose_(a, b): x itself now shows its data with two dims swapped."""
    __slots__ = ()


def transpose_(x, dim0, dim1):
    """Swap two dims of x in place (x's data is not moved; x is re-described)."""
    for pos, (name, d) in enumerate((("dim0", dim0), ("dim1", dim1)), 1):
        if isinstance(d, bool) or not isinstance(d, (int, np.integer)):
            raise TypeError(f"transpose_(): argument '{name}' (position {pos}) must be int, "
                            f"not {type(d).__name__}")
    check_inplace(x)
    nd = x._data.ndim
    perm = list(range(nd))
    if nd:
        a, b = wrap_dim(dim0, nd), wrap_dim(dim1, nd)
        perm[a], perm[b] = perm[b], perm[a]
    else:
        wrap_dim(dim0, nd), wrap_dim(dim1, nd)
    perm = tuple(perm)
    node = begin(TransposeBackward1, (x,))
    record = node._seq is not None
    x._data = node.forward(x, perm)
    if x._base is not None:
        x.__dict__["_view_steps"] = x._view_steps + (("transpose", perm),)
    x._bump_version()
    if record:
        old = x._node
        x._node = node
        _move_tensor_state(x, old, node)
    return x
