"""What runs around a node's backward when hooks are attached, in torch's order:
tensor hooks, then retain_grad, then node pre-hooks (all before backward), then node
post-hooks (after it). The engine calls these only for nodes marked `_hooked`."""
import weakref

import numpy as np

from .._compat.hook_results import check_hook_tuple, check_hook_value
from .._tensor import Tensor
import minigrad.autograd.anomaly as _anomaly
from .trace import on_hook
from .saved import engine_state

__all__ = ["before_backward", "tensor_pre_hooks", "after_backward", "retain", "as_tensor",
           "array_of"]


def as_tensor(g):
    return g if isinstance(g, Tensor) else Tensor._make(g, False, None)


def array_of(g):
    return g._data if isinstance(g, Tensor) else g


def _run_tensor_hooks(hooks, grad, node=None):
    """Tensor hooks in registration order, each seeing the previous one's result (None
    when no gradient reached this output of a multi-output node)."""
    leaf_accumulator = getattr(node, "variable", None) is not None
    for fn in list(hooks.values()):
        if _anomaly.instrument.on:
            on_hook("tensor", node, grad)
        seen = None if grad is None else as_tensor(grad)
        res = fn(seen)
        if res is not None:
            if grad is not None and res is not seen:
                check_hook_value(fn, grad, res)
            grad = res if engine_state.create_graph else res._data
        elif leaf_accumulator and seen is not None and not engine_state.create_graph:
            kept = weakref.ref(seen)
            del seen
            if kept() is not None:
                # the leaf's hook kept the gradient (`grads.append(g)`): torch sees a use
                # count above one and stores a copy as .grad, or the next backward would
                # add into the tensor the hook kept
                node.copy_next = True
    return grad


def before_backward(node, grad):
    """Tensor hooks, retain_grad, then node pre-hooks: everything that sees the gradient
    flowing into `node` before its backward runs. Returns the (possibly replaced) grad."""
    grad = tensor_pre_hooks(node, grad)
    if node._pre_hooks:
        several = node._n_outputs != 1
        for fn in list(node._pre_hooks.values()):
            if _anomaly.instrument.on:
                on_hook("prehook", node, grad)
            given = _as_tensors(grad) if several else (as_tensor(grad),)
            res = fn(given)
            if res is not None and res is not given:
                check_hook_tuple(fn, given, res)
                got = tuple(None if g is None else
                            (g if engine_state.create_graph else array_of(g)) for g in res)
                grad = got if several else got[0]
    return grad


def _as_tensors(grads):
    return tuple(None if g is None else as_tensor(g) for g in grads)


def tensor_pre_hooks(node, grad):
    """The hooks of the tensor whose gradient flows into `node`, then its retain_grad."""
    if node._n_outputs != 1:
        return _output_pre_hooks(node, grad)
    variable = getattr(node, "variable", None)       # an AccumulateGrad runs its leaf's hooks
    hooks = node._tensor_pre_hooks if variable is None else variable.__dict__.get("_hooks")
    if hooks:
        grad = _run_tensor_hooks(hooks, grad, node)
    ref = node._retain_ref
    if ref is not None:
        t = ref()
        if t is not None:
            if _anomaly.instrument.on:
                on_hook("retain_grad", node, grad)
            retain(t, grad)
    return grad


def _output_pre_hooks(node, grads):
    """A node with several outputs (split, a custom Function returning a tuple): each output
    tensor's hooks see only that output's gradient (None when none reached it), dict by
    dict in the order the outputs got their first hook, as torch keeps one pre-hook per
    hooked output; then retain_grad, output by output."""
    grads = list(grads)
    for nr, hooks in node._output_hooks or ():
        if hooks:
            grads[nr] = _run_tensor_hooks(hooks, grads[nr], node)
    for nr, ref in (node._output_retains or {}).items():
        t = ref()
        if t is not None and grads[nr] is not None:
            if _anomaly.instrument.on:
                on_hook("retain_grad", node, grads[nr])
            retain(t, grads[nr])
    return tuple(grads)


def after_backward(node, outs, grad):
    """Node post-hooks: fn(grad_inputs, grad_outputs); a returned tuple replaces grad_inputs."""
    gin = tuple(None if g is None else as_tensor(g) for g in outs)
    gout = _as_tensors(grad) if node._n_outputs != 1 else (as_tensor(grad),)
    for fn in list(node._hooks.values()):
        if _anomaly.instrument.on:
            on_hook("posthook", node, grad)
        res = fn(gin, gout)
        if res is not None and res is not gin:
            check_hook_tuple(fn, gin, res)
            gin = res
    return tuple(None if g is None else (g if engine_state.create_graph else array_of(g))
                 for g in gin)


def retain(t, grad):
    """retain_grad(): store a copy of the gradient on a non-leaf; later gradients are added
    OUT of place, as torch does (`t.grad = t.grad + grad`: the old .grad object, or a tensor
    autograd.grad returned, never changes; grad mode follows create_graph)."""
    if t._grad is not None:
        t._grad = t._grad + as_tensor(grad)
    elif engine_state.create_graph:
        t._grad = as_tensor(grad).clone()       # recorded (CloneBackward0) if it needs grad
    else:
        t._grad = Tensor._make(np.array(grad, dtype=t._data.dtype), False, None)
