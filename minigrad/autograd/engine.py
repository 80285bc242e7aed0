"""The backward engine: an iterative walk over the graph, in the order torch's engine uses.

`execute` is the whole algorithm on one screen: count how many edges point at each node,
keep a queue of nodes whose gradient contributions have all arrived, run the one torch
would run next (leaf accumulators first, then the newest node; see `ready_queue`), and add
each gradient it returns into the buffer of the node it flows to. No recursion: a
200,000-node chain is fine. Hooks, anomaly mode, trace capture and autograd.grad's pruning
live in `call_node` and the small helpers below it.

Speed lives behind one seam: `minigrad/_fast/` installs `fast_execute`, the same walk tuned
for a plain `backward()`, and `execute` hands over to it on its first line. Both paths are
tested in lockstep (tests/test_engine_fast_path.py); docs/performance.md says what it buys.
"""
import numpy as np

import minigrad.autograd.anomaly as _anomaly
from .trace import on_ran, on_run
from .graph import Node, _next_seq
from .node_hooks import after_backward, before_backward, tensor_pre_hooks
from .backward_mode import BackwardMode
from .ready_queue import heappop, heappush
from .._compat.messages import SECOND_BACKWARD

__all__ = ["execute", "install_fast_path", "call_node", "add_to_buffer", "count_dependencies"]

NP_SCALARS = {np.float16, np.float32, np.float64, np.int64, np.int32, np.bool_}
fast_execute = None     # the speed seam: see install_fast_path


def install_fast_path(fast):
    """Let `fast(roots, grads, retain_graph)` run every backward that needs no extras (no
    create_graph, autograd.grad, inputs=, anomaly mode or trace capture); None removes it.
    It must give exactly what `execute` gives: same gradients, hook order and errors."""
    global fast_execute
    fast_execute = fast


def execute(roots, grads, retain_graph=False, create_graph=False, capture=None, only=None):
    """Run backward from the nodes `roots`, seeded with one gradient each."""
    if fast_execute is not None and not (create_graph or capture or only
                                         or _anomaly.instrument.on):
        return fast_execute(roots, grads, retain_graph)     # the same walk, tuned
    root, buffers = seed_buffers(roots, grads)  # buffers: gradients waiting at each node
    dependencies = count_dependencies(root)     # how many edges point at each node
    should_run = _prune(root, dependencies, capture or only)    # None: every node runs
    captured = dict.fromkeys(capture or ())     # filled as gradients reach them
    ready = []                                  # the ready queue
    heappush(ready, root)
    with BackwardMode(create_graph):
        while ready:
            # the highest sequence number: leaf accumulators, then the newest node; equal
            # numbers pop in torch's order, as ready_queue moves entries like libstdc++'s
            # std::priority_queue (torch's ReadyQueue)
            node = heappop(ready)
            grad = buffers.pop(node, None)
            outputs = call_node(node, grad, retain_graph, should_run, captured)
            for i, next_node in enumerate(node._next):
                if next_node is None:
                    continue                    # this input needs no gradient
                if outputs[i] is not None:
                    add_to_buffer(buffers, node, i, outputs[i], outputs[:i])
                dependencies[next_node] -= 1
                if dependencies[next_node] == 0 and (should_run is None
                                                     or next_node in should_run):
                    heappush(ready, next_node)  # its last contribution has arrived
    return captured


def seed_buffers(roots, grads):
    """The node backward starts from, and the gradient buffers holding its seed. Several
    roots: torch adds one GraphRoot node that feeds them all."""
    if len(roots) == 1:
        return roots[0], {roots[0]: grads[0]}
    root = GraphRoot(roots)
    return root, {root: tuple(grads)}


def count_dependencies(root):
    """For every node reachable from `root`, how many edges point at it (iterative DFS)."""
    dependencies = {}
    stack = [root]
    while stack:
        for next_node in stack.pop()._next:
            if next_node is not None:
                if next_node in dependencies:
                    dependencies[next_node] += 1
                else:
                    dependencies[next_node] = 1
                    if next_node._next:         # (leaf accumulators have no edges)
                        stack.append(next_node)
    return dependencies


def add_to_buffer(buffers, node, index, g, handed=()):
    """Add gradient g, flowing from `node` along its edge `index`, into the buffer of the node
    at the other end. The first contribution is kept as it is, later ones are added out of
    place; `handed` holds what `node` already gave its earlier edges."""
    next_node = node._next[index]
    if g.__class__ in NP_SCALARS:           # 0-d arithmetic gives NumPy scalars
        g = np.asarray(g)
    elif type(g) is np.ndarray and any(g is h for h in handed):
        g = g.copy()    # one array for two inputs (AddBackward0 returns (g, g)): give each
                        # owner its own, as AccumulateGrad may keep it and add into it
    if next_node._n_outputs != 1:           # multi-output custom Function: one slot per output
        nr = node._next_nr[index] if node._next_nr else 0
        slots = buffers.get(next_node)
        if slots is None:
            slots = buffers[next_node] = MultiGrad([None] * next_node._n_outputs)
        slots[nr] = g if slots[nr] is None else slots[nr] + g
        return
    prev = buffers.get(next_node)
    if prev is None:
        buffers[next_node] = g
    else:
        g = prev + g
        buffers[next_node] = np.asarray(g) if g.__class__ in NP_SCALARS else g


class MultiGrad(list):
    """Per-output gradients of a multi-output node (passed to its backward as a tuple);
    missing ones are materialised as zeros when the node runs."""


def _prune(root, dependencies, targets):
    """With `targets`, run only them and the nodes from which one can be reached (torch's
    exec_info); None when everything runs."""
    if targets is None:
        return None
    needed = set()
    for node in sorted([root, *dependencies], key=lambda n: n._seq):   # children first
        if any(n is not None and (n in needed or n in targets) for n in node._next):
            needed.add(node)
    return needed.union(targets)


def call_node(node, grad, retain_graph, should_run=None, captured=None):
    """Run one node on its summed gradient, with all that goes around it in torch's order:
    captured inputs (autograd.grad), hooks, anomaly mode, a second backward, multi-output
    nodes. Returns one gradient (or None) per input edge."""
    if grad is None:
        return (None,) * len(node._next)
    if type(grad) is MultiGrad:
        grad = tuple(grad)      # None where no gradient arrived: hooks see None there
    if should_run is not None and node in captured:
        if not any(n in should_run for n in node._next if n is not None):
            # nothing below it is wanted: torch runs only the tensor's hooks, then captures
            captured[node] = tensor_pre_hooks(node, grad) if node._hooked else grad
            return (None,) * len(node._next)
        captured[node] = grad           # before the hooks, as torch does
    if node._hooked:
        grad = before_backward(node, grad)
    if node._released and any(n is not None for n in node._next):
        raise RuntimeError(SECOND_BACKWARD)     # (torch: a formula unpacked a freed tensor)
    if _anomaly.instrument.on:
        on_run(node, grad)
    hooked_grad = grad
    if node._n_outputs != 1:
        grad = _materialize(node, grad)
    if node._released or grad is None:  # no input needs a gradient, or a pre-hook dropped
        outputs = (None,) * len(node._next)     # it: torch's formula computes nothing
    elif _anomaly.state.enabled:
        outputs = _anomaly.run_checked(node, grad)
    else:
        outputs = node.backward(grad)
    if should_run is not None and node._skips_unneeded:
        # torch's formulas compute only the gradients some wanted node needs
        # (task_should_compute_output): the others are None, also for the post-hooks
        outputs = tuple(None if n is None or n not in should_run else g
                        for g, n in zip(outputs, node._next))
    if node._hooks:
        outputs = after_backward(node, outputs, hooked_grad)
    if _anomaly.instrument.on:
        on_ran(node, outputs)
    if not retain_graph and node.saves:
        node._release()                 # free what forward saved
    if len(outputs) != len(node._next):
        outputs = tuple(outputs) + (None,) * (len(node._next) - len(outputs))
    return outputs


def _materialize(node, grads):
    """Zeros for the outputs of a multi-output node that no gradient reached (a custom
    Function that called ctx.set_materialize_grads(False) gets None instead)."""
    if all(g is not None for g in grads) or not node.__dict__.get("_materialize", True):
        return grads
    shapes = node.__dict__.get("_output_shapes", ())
    dtypes = node.__dict__.get("_output_dtypes", ())
    return tuple(g if g is not None else
                 np.zeros(shapes[i] if i < len(shapes) else (),
                          dtypes[i] if i < len(dtypes) else np.float32)
                 for i, g in enumerate(grads))


class GraphRoot(Node):
    """torch's GraphRoot: when backward starts from several tensors, one extra node whose
    outputs are their gradients, so the walk has a single starting point. A root that
    depends on another root then waits for that root's contribution, and a root given twice
    receives both gradients."""

    __slots__ = ()

    def __init__(self, roots):
        self._next = tuple(roots)
        self._seq = _next_seq()
        self._released = False

    def name(self):
        return "torch::autograd::GraphRoot"

    def backward(self, grads):
        return grads
