"""The backward engine: an iterative walk over the graph, newest node first.

Like torch's engine it (1) counts, for every reachable node, how many edges point at it,
(2) runs a node once all of its gradient contributions have arrived, picking among ready
nodes the one created last (leaf accumulators first), and (3) frees saved tensors as it
goes unless retain_graph=True. No recursion: a 200,000-node chain is fine.
"""
import gc
import heapq

import numpy as np

from . import anomaly as _anomaly, trace as _trace
from . import graph as _graph
from .graph import AccumulateGrad, grad_edge
from .._storage import VersionCounter
from .grad_mode import state as _grad_state
from .saved import SECOND_BACKWARD, engine_state

__all__ = ["run_backward", "accumulate_into_leaf"]

Tensor = None          # bound by minigrad._tensor
_NP_SCALARS = {np.float16, np.float32, np.float64, np.int64, np.int32, np.bool_}


def _as_tensor(g):
    return g if isinstance(g, Tensor) else Tensor._make(g, False, None)


def _data(g):
    return g._data if isinstance(g, Tensor) else g


def _check_hook_result(fn, old, new):
    if not isinstance(new, Tensor):
        raise TypeError(f"expected Variable, but hook returned '{type(new).__name__}'")
    name = getattr(fn, "__name__", repr(fn))
    if new._data.shape != _data(old).shape:
        raise RuntimeError(f"hook '{name}' has changed the size of value")
    if new._data.dtype != _data(old).dtype:
        was = Tensor._make(_data(old), False, None).type()
        raise RuntimeError(f"hook '{name}' has changed the type of value "
                           f"(was {was} got {new.type()})")


def _run_tensor_hooks(hooks, grad, node=None):
    """Tensor hooks in registration order, each seeing the previous one's result."""
    for fn in list(hooks.values()):
        if _anomaly.instrument.on:
            _trace.on_hook("tensor", node, grad)
        res = fn(_as_tensor(grad))
        if res is not None:
            _check_hook_result(fn, grad, res)
            grad = res if engine_state.create_graph else res._data
    return grad


def _pre_process(node, grad):
    """Tensor hooks, retain_grad, then node pre-hooks: everything that sees the gradient
    flowing into `node` before its backward runs."""
    if type(node) is AccumulateGrad:
        hooks = node.variable.__dict__.get("_hooks")
    else:
        hooks = node._tensor_pre_hooks
    if hooks:
        grad = _run_tensor_hooks(hooks, grad, node)
    ref = node._retain_ref
    if ref is not None:
        t = ref()
        if t is not None:
            if _anomaly.instrument.on:
                _trace.on_hook("retain_grad", node, grad)
            _retain(t, grad)
    if node._pre_hooks:
        for fn in list(node._pre_hooks.values()):
            if _anomaly.instrument.on:
                _trace.on_hook("prehook", node, grad)
            res = fn((_as_tensor(grad),))
            if res is not None:
                grad = _data(res[0]) if not engine_state.create_graph else res[0]
    return grad


def _retain(t, grad):
    """retain_grad(): store a copy of the gradient on a non-leaf (accumulating)."""
    if engine_state.create_graph:
        g = _as_tensor(grad)
        t._grad = g if t._grad is None else t._grad + g
    elif t._grad is None:
        t._grad = Tensor._make(np.array(grad, dtype=t._data.dtype), False, None)
    elif t._grad._data.flags.writeable:
        t._grad._data += grad
    else:
        t._grad._data = t._grad._data + grad


def accumulate_into_leaf(leaf, grad):
    """AccumulateGrad: the first gradient is stored, later ones are added in place (so
    `x.grad` stays the same object across backward calls)."""
    if not leaf._requires_grad:
        return                  # requires_grad was switched off after the graph was built
    if _anomaly.instrument.on:
        _trace.on_accumulate(leaf, grad)
    if engine_state.create_graph:
        g = _as_tensor(grad)
        if g._data.dtype != leaf._data.dtype:
            g = g.to(leaf.dtype)
        if leaf._grad is None:
            # torch materialises the first gradient by copying into zeros: CopyBackwards
            leaf._grad = Tensor._make(np.zeros_like(leaf._data), False, None).copy_(g)
        else:
            leaf._grad = leaf._grad + g
        return
    old = leaf._grad
    if old is None:
        # copy only when we may not own the array (read-only broadcast view, other dtype)
        copied = False
        if not grad.flags.writeable or grad.dtype != leaf._data.dtype or grad.base is not None:
            grad = np.array(grad, dtype=leaf._data.dtype, order="C")   # contiguous, like torch
            copied = True
        if grad.shape != leaf._data.shape:
            grad = np.array(np.broadcast_to(grad, leaf._data.shape))
            copied = True
        leaf._grad = Tensor._make(grad, False, None)
        if copied:
            leaf._grad._vc = VersionCounter(1)    # torch's copy_ into a fresh buffer bumps it
    else:
        old._data += grad
        old._bump_version()


_graph.accumulate = accumulate_into_leaf


def _collect(roots):
    """Count incoming edges for every node reachable from `roots` (iterative DFS)."""
    deps = {}
    stack = [r for r in roots if r is not None]
    while stack:
        for nxt in stack.pop()._next:
            if nxt is not None:
                if nxt in deps:
                    deps[nxt] += 1
                else:
                    deps[nxt] = 1
                    stack.append(nxt)
    return deps


def _needed(nodes, targets):
    """Nodes from which some target node can be reached (for autograd.grad)."""
    needed = set(targets)
    for node in sorted(nodes, key=lambda n: n._seq):     # creation order is topological
        if node not in needed and any(n in needed for n in node._next if n is not None):
            needed.add(node)
    return needed


def _add(a, b):
    return a + b


def execute(roots, root_grads, retain_graph, create_graph, capture=None):
    """Run backward from `roots` (nodes) seeded with `root_grads`.

    capture: {node: slot} for autograd.grad — gradients reaching those nodes are stored
    in the returned dict instead of running them; other leaves are left untouched.
    """
    deps = _collect(roots)
    needed = None
    if capture is not None:
        needed = _needed(set(deps).union(r for r in roots if r is not None), capture)
    buffers = {}
    for r, g in zip(roots, root_grads):
        if r is not None:
            buffers[r] = g if r not in buffers else buffers[r] + g
    captured = {}
    ready = []
    for r in set(roots):
        if r is not None and deps.get(r, 0) == 0:
            ready.append((type(r) is not AccumulateGrad, -r._seq, r))
    heapq.heapify(ready)
    old_err = np.seterr(all="ignore")       # torch does not warn about nan/inf in backward
    gc_was_enabled = gc.isenabled()
    gc.disable()          # the graph is acyclic: collections during backward only cost time
    prev_grad_mode, prev_cg = _grad_state.enabled, engine_state.create_graph
    _grad_state.enabled, engine_state.create_graph = create_graph, create_graph
    slow = capture is not None or _anomaly.instrument.on
    heappop, heappush = heapq.heappop, heapq.heappush
    try:
        while ready:
            node = heappop(ready)[2]
            grad = buffers.pop(node, None)
            if slow or grad is None or node._hooked or type(grad) is _MultiGrad:
                outs = _run_node_slow(node, grad, needed, capture, captured, retain_graph)
            else:
                if node._released:
                    raise RuntimeError(SECOND_BACKWARD)
                outs = node.backward(grad)
                if not retain_graph and node.saves:
                    node._release()
            nexts = node._next
            if len(outs) != len(nexts):
                outs = tuple(outs) + (None,) * (len(nexts) - len(outs))
            last = None
            i = -1
            for nxt in nexts:
                i += 1
                if nxt is None:
                    continue
                g = outs[i]
                if g is not None:
                    if g.__class__ in _NP_SCALARS:      # 0-d arithmetic gives NumPy scalars
                        g = np.asarray(g)
                    elif g is last and type(g) is np.ndarray:
                        g = g.copy()                    # never hand one array to two owners
                    last = g
                    if nxt._n_outputs != 1:
                        _add_to_output(buffers, nxt, node._next_nr[i] if node._next_nr else 0, g)
                    else:
                        prev = buffers.get(nxt)
                        if prev is None:
                            buffers[nxt] = g
                        else:
                            g = prev + g
                            buffers[nxt] = np.asarray(g) if g.__class__ in _NP_SCALARS else g
                left = deps[nxt] - 1
                deps[nxt] = left
                if left == 0:
                    heappush(ready, (type(nxt) is not AccumulateGrad, -nxt._seq, nxt))
    finally:
        _grad_state.enabled, engine_state.create_graph = prev_grad_mode, prev_cg
        np.seterr(**old_err)
        if gc_was_enabled:
            gc.enable()
    return captured


def _run_node_slow(node, grad, needed, capture, captured, retain_graph):
    """Everything but the plain case: pruned nodes (autograd.grad), missing gradients,
    multi-output nodes, hooks, captured inputs and anomaly mode."""
    if needed is not None and node not in needed:
        return ()
    if grad is None:
        return (None,) * len(node._next)
    if type(grad) is _MultiGrad:
        shapes = node.__dict__.get("_output_shapes", ())
        grad = tuple(g if g is not None else np.zeros(shapes[i] if i < len(shapes) else ())
                     for i, g in enumerate(grad))
    elif node._hooked:
        grad = _pre_process(node, grad)
    if capture is not None and node in capture:
        captured[node] = grad
        return (None,) * len(node._next)
    if node._released:
        raise RuntimeError(SECOND_BACKWARD)
    if _anomaly.instrument.on:
        _trace.on_run(node, grad)
    if _anomaly.state.enabled:
        outs = _call_anomalous(node, grad)
    else:
        outs = node.backward(grad)
    if node._hooks:
        outs = _post_hooks(node, outs, grad)
    if _anomaly.instrument.on:
        _trace.on_ran(node, outs)
    if not retain_graph and node.saves:
        node._release()
    return outs


def _add_to_output(buffers, node, nr, g):
    """Multi-output nodes (custom Functions) buffer one gradient per output; missing ones
    are materialised as zeros when the node runs."""
    slots = buffers.get(node)
    if slots is None:
        slots = buffers[node] = _MultiGrad([None] * node._n_outputs)
    slots[nr] = g if slots[nr] is None else slots[nr] + g


class _MultiGrad(list):
    """Per-output gradients of a multi-output node (passed to its backward as a tuple)."""


def _call_anomalous(node, grad):
    try:
        outs = node.backward(grad)
    except Exception:
        _anomaly.report_failure(node)
        raise
    if _anomaly.state.check_nan:
        for g in outs:
            if g is not None and np.isnan(_data(g)).any():
                _anomaly.report_failure(node)
                raise RuntimeError(f"Function '{node.name()}' returned nan values in its "
                                   "0th output.")
    return outs


def _post_hooks(node, outs, grad):
    gin = tuple(None if g is None else _as_tensor(g) for g in outs)
    for fn in list(node._hooks.values()):
        if _anomaly.instrument.on:
            _trace.on_hook("posthook", node, grad)
        res = fn(gin, (_as_tensor(grad),))
        if res is not None:
            gin = tuple(res)
    return tuple(None if g is None else (g if engine_state.create_graph else _data(g))
                 for g in gin)


def _root_grads(tensors, grad_tensors, create_graph):
    grads = []
    for i, (t, g) in enumerate(zip(tensors, grad_tensors)):
        if not t._requires_grad:
            raise RuntimeError(f"element {i} of tensors does not require grad and does not "
                               "have a grad_fn")
        if g is None:
            if t._data.size != 1:
                raise RuntimeError("grad can be implicitly created only for scalar outputs")
            arr = np.ones(t._data.shape, dtype=t._data.dtype)
            grads.append(Tensor._make(arr, False, None) if create_graph else arr)
            continue
        if not isinstance(g, Tensor):
            raise TypeError(f"gradients can be either Tensors or None, but got "
                            f"{type(g).__name__}")
        if g._data.shape != t._data.shape:
            raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {g.shape} "
                               f"and output[{i}] has a shape of {t.shape}.")
        if create_graph:
            grads.append(g if g._data.dtype == t._data.dtype else g.to(t.dtype))
        else:
            grads.append(np.array(g._data, dtype=t._data.dtype))   # never alias the caller's
    return grads


def _normalize(tensors, grads):
    if isinstance(tensors, Tensor):
        tensors = (tensors,)
    tensors = tuple(tensors)
    if grads is None:
        grads = (None,) * len(tensors)
    elif isinstance(grads, Tensor):
        grads = (grads,)
    grads = tuple(grads)
    if len(grads) != len(tensors):
        raise RuntimeError("grad can be implicitly created only for scalar outputs"
                           if not grads else
                           f"got {len(grads)} gradients for {len(tensors)} tensors")
    return tensors, grads


def run_backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False,
                 inputs=None):
    """torch.autograd.backward: accumulate d(tensors)/d(leaf) into every leaf's .grad."""
    tensors, grads = _normalize(tensors, grad_tensors)
    if retain_graph is None:
        retain_graph = create_graph
    root_grads = _root_grads(tensors, grads, create_graph)
    roots = [grad_edge(t) for t in tensors]
    if inputs is not None:
        inputs = (inputs,) if isinstance(inputs, Tensor) else tuple(inputs)
        capture = {grad_edge(t): i for i, t in enumerate(inputs)}
        captured = execute(roots, root_grads, retain_graph, create_graph, capture)
        for node, g in captured.items():
            t = inputs[capture[node]]
            if t._grad_fn is None:
                accumulate_into_leaf(t, g)
            else:
                _retain(t, g)
        return
    execute(roots, root_grads, retain_graph, create_graph)


def run_grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
             allow_unused=None, materialize_grads=False):
    """torch.autograd.grad: return d(outputs)/d(inputs) without touching any .grad."""
    outputs, grads = _normalize(outputs, grad_outputs)
    single = isinstance(inputs, Tensor)
    inputs = (inputs,) if single else tuple(inputs)
    if not inputs:
        raise RuntimeError("`inputs` argument to `grad()` cannot be empty.")
    if allow_unused is None:
        allow_unused = materialize_grads
    if retain_graph is None:
        retain_graph = create_graph
    root_grads = _root_grads(outputs, grads, create_graph)
    for t in inputs:
        if not t._requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    roots = [grad_edge(t) for t in outputs]
    capture = {}
    for t in inputs:
        capture.setdefault(grad_edge(t), len(capture))
    captured = execute(roots, root_grads, retain_graph, create_graph, capture)
    result = []
    for i, t in enumerate(inputs):
        g = captured.get(grad_edge(t))
        if g is None:
            if materialize_grads:
                result.append(Tensor._make(np.zeros_like(t._data), False, None))
                continue
            if not allow_unused:
                raise RuntimeError(f"The differentiated Tensor at index {i} appears to not "
                                   "have been used in the graph. Set allow_unused=True if this "
                                   "is the desired behavior.")
            result.append(None)
        elif isinstance(g, Tensor):
            result.append(g)
        else:
            result.append(Tensor._make(np.array(g, dtype=t._data.dtype, order="C")
                                       if g.dtype != t._data.dtype or not g.flags.writeable
                                       else g, False, None))
    return tuple(result)
