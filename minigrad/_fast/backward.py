"""`autograd.engine.execute`, tuned for a plain `backward()`: the engine's fast path.

The engine hands a backward over to `execute` below when it needs none of the extras
(create_graph, autograd.grad, inputs=, anomaly mode, trace capture). It walks the graph
exactly as the engine's own loop does and gives the same gradients, hook order and errors
(tests/test_engine_fast_path.py runs both and compares), with four shortcuts:

1. **No heap for a lone ready node.** When exactly one node is ready, it is held in a local
   and runs next: a chain never touches the heap. When a second becomes ready, both go into
   the heap in the order they became ready, as torch pushes them.
2. **Plain nodes are called inline.** A node without hooks, several outputs or a missing
   gradient runs as `node.backward(grad)`; the others go through the engine's `call_node`.
3. **The first array is stored inline.** The first gradient reaching a node becomes its
   buffer by reference (unless it is the array this node gave its previous edge: no formula
   returns one array for two inputs that are not adjacent); the others go through
   `add_to_buffer`.
4. **Leaves write at once.** A leaf accumulator without hooks adds into `.grad` the moment
   its gradient is complete. torch would pop it next anyway (accumulators have the highest
   priority), and without hooks nothing can observe the order among accumulators.
"""
import numpy as np

from ..autograd.backward_mode import BackwardMode
from ..autograd.engine import add_to_buffer, call_node, count_dependencies, seed_buffers
from ..autograd.graph import AccumulateGrad
from ..autograd.ready_queue import heappop, heappush

__all__ = ["execute"]


def execute(roots, grads, retain_graph):
    """Run a plain backward from the nodes `roots`, seeded with one gradient each."""
    root, buffers = seed_buffers(roots, grads)
    dependencies = count_dependencies(root)
    ready, node = [], root      # the heap, and the node that runs next without it (shortcut 1)
    with BackwardMode(False):
        while node is not None or ready:
            if node is None:
                node = heappop(ready)           # (torch's tie order: see ready_queue)
            grad = buffers.pop(node, None)
            if node._hooked or node._released or grad is None:
                outputs = call_node(node, grad, retain_graph)
            else:                               # shortcut 2
                outputs = node.backward(grad)
                if not retain_graph and node.saves:
                    node._release()
            ran, node, last = node, None, None
            for i, next_node in enumerate(ran._next):
                if next_node is None:
                    continue
                g = outputs[i]
                if g is not None:
                    if type(g) is np.ndarray and g is not last and not next_node._hooked \
                            and next_node not in buffers:
                        buffers[next_node] = g  # shortcut 3
                    else:
                        add_to_buffer(buffers, ran, i, g, (last,))
                    last = g
                left = dependencies[next_node] = dependencies[next_node] - 1
                if left:
                    continue
                if type(next_node) is AccumulateGrad and not next_node._hooked \
                        and next_node in buffers:
                    next_node.backward(buffers.pop(next_node))      # shortcut 4
                elif node is None and not ready:
                    node = next_node            # shortcut 1
                else:
                    if node is not None:
                        heappush(ready, node)
                    heappush(ready, next_node)
                    node = None
    return {}
