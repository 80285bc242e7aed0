"""`autograd.backward()` and `autograd.grad()`: what a user calls, and torch's checks of it.

torch writes these two in Python (torch/autograd/__init__.py) on top of its C++ engine; here
too they sit above the engine, in the surface layer. They turn the user's tensors into graph
roots (`grad_edge`) and the user's gradients into seeds, checked in torch's order and with
torch's messages, then hand both to `autograd/engine.py`'s `execute`. `Tensor.backward()`
comes here too.
"""
import operator

import numpy as np

from ._compat.messages import CREATE_GRAPH_CYCLE
from ._compat._internal_warning import ENGINE_CREATE_GRAPH
from ._tensor import Tensor
from ._tensor_base import warn_once
from .autograd.engine import MultiGrad, execute
from .autograd.graph import AccumulateGrad, grad_edge

__all__ = ["backward", "grad", "run_backward", "run_grad"]


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, inputs=None):
    """Accumulate gradients of `tensors` into the leaves' `.grad` (torch.autograd.backward)."""
    run_backward(tensors, grad_tensors, retain_graph, create_graph, inputs)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         allow_unused=None, is_grads_batched=False, materialize_grads=False):
    """Return d(outputs)/d(inputs) as a tuple, without touching any `.grad`
    (torch.autograd.grad)."""
    return run_grad(outputs, inputs, grad_outputs, retain_graph, create_graph,
                    allow_unused, materialize_grads)


def _as_flag(value):
    """retain_graph/create_graph as torch's engine reads them: a C unsigned char, taken from
    anything with `__index__` (so not a float, nor a float tensor)."""
    n = operator.index(value)
    if not -2 ** 63 <= n < 2 ** 63:
        raise OverflowError("Python int too large to convert to C long")
    if not 0 <= n <= 255:
        raise OverflowError("unsigned byte integer is " + ("less than minimum" if n < 0 else
                                                           "greater than maximum"))
    return bool(n)


def _root_grads(tensors, grad_tensors, retain_graph, create_graph):
    """The gradients the roots start from, checked in torch's order: each given gradient
    (shape, type; a missing one needs a scalar root), the two flags, then the counts (extra
    gradients are ignored), then that every root requires grad."""
    for t, g in zip(tensors, grad_tensors):
        if g is None:
            if t._requires_grad and t._data.size != 1:
                raise RuntimeError("grad can be implicitly created only for scalar outputs")
        elif not isinstance(g, Tensor):
            raise TypeError(f"gradients can be either Tensors or None, but got "
                            f"{type(g).__name__}")
        elif g._data.shape != t._data.shape:
            # torch finds both positions with tuple.index, so by ==, as here
            raise RuntimeError(f"Mismatch in shape: grad_output[{grad_tensors.index(g)}] has a "
                               f"shape of {g.shape} and output[{tensors.index(t)}] has a shape "
                               f"of {t.shape}.")
    _as_flag(retain_graph)
    _as_flag(create_graph)
    if len(grad_tensors) < len(tensors):
        raise RuntimeError(f"got {len(tensors)} tensors and {len(grad_tensors)} gradients")
    grads = []
    for i, (t, g) in enumerate(zip(tensors, grad_tensors)):
        if not t._requires_grad or (t._node is None and t._base is not None
                                    and grad_edge(t) is None):   # (a view without history)
            raise RuntimeError(f"element {i} of tensors does not require grad and does not "
                               "have a grad_fn")
        if g is None:
            data = t._data      # a fresh 1 of t's dtype (np.ones is slower for the 0-d loss)
            arr = np.array(1, data.dtype) if data.ndim == 0 else np.ones(data.shape, data.dtype)
            grads.append(Tensor._make(arr, False, None) if create_graph else arr)
        elif create_graph:
            grads.append(g if g._data.dtype == t._data.dtype else g.to(t.dtype))
        else:
            grads.append(np.array(g._data, dtype=t._data.dtype))   # never alias the caller's
        node = t._node
        if node is not None and node._n_outputs != 1:    # one output of several (var_mean)
            grads[-1] = MultiGrad([grads[-1] if nr == t._output_nr else None
                                   for nr in range(node._n_outputs)])
    return grads


def _normalize(tensors, grads):
    if grads is None and tensors.__class__ is tuple and len(tensors) == 1:
        return tensors, (None,)         # Tensor.backward() without a gradient
    if isinstance(tensors, Tensor):
        tensors = (tensors,)
    tensors = tuple(tensors)
    if grads is None:
        grads = (None,) * len(tensors)
    elif isinstance(grads, Tensor):
        grads = (grads,)
    return tensors, tuple(grads)        # (a number is not iterable: torch's TypeError)


def _check_inputs(inputs):
    for t in inputs:
        if not isinstance(t, Tensor):
            from ._compat._argparse import tp_name
            raise RuntimeError(f"all inputs have to be Tensors or GradientEdges, but got "
                               f"{tp_name(t)}")


def run_backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False,
                 inputs=None):
    """torch.autograd.backward: accumulate d(tensors)/d(leaf) into every leaf's .grad."""
    if grad_tensors is None and inputs is None and create_graph is False \
            and (retain_graph is None or retain_graph.__class__ is bool) \
            and tensors.__class__ is tuple and len(tensors) == 1:
        t = tensors[0]      # `loss.backward()`: for a 0-d result of an op (not a view) none
        node = t._node      # of the checks below can fail, and the seed is a plain 1
        if node is not None and t._base is None and t._data.ndim == 0 and node._n_outputs == 1:
            execute([node], [np.array(1, t._data.dtype)], retain_graph)
            return
    if inputs is not None and not isinstance(inputs, Tensor) and not len(inputs):
        raise RuntimeError("`inputs` argument to `backward()` cannot be empty.")
    tensors, grads = _normalize(tensors, grad_tensors)
    if retain_graph is None:
        retain_graph = create_graph
    root_grads = _root_grads(tensors, grads, retain_graph, create_graph)
    create_graph = _as_flag(create_graph)
    if create_graph:        # (torch's engine warns, once: Tensor.backward or autograd.backward)
        warn_once(CREATE_GRAPH_CYCLE, stacklevel=3, internal=ENGINE_CREATE_GRAPH)
    roots = list(map(grad_edge, tensors))
    only = None
    if inputs is not None:
        inputs = (inputs,) if isinstance(inputs, Tensor) else tuple(inputs)
        _check_inputs(inputs)
        for t in inputs:
            t.retain_grad()         # as torch: a non-leaf input keeps retaining its grad
        only = {grad_edge(t) for t in inputs}
    for node in roots:
        if node.__class__ is AccumulateGrad and not create_graph and (not only or node in only):
            node.copy_next = True   # backward() of a leaf itself: torch copies the seed
    execute(roots, root_grads, retain_graph, create_graph, only=only)


def run_grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
             allow_unused=None, materialize_grads=False):
    """torch.autograd.grad: return d(outputs)/d(inputs) without touching any .grad."""
    # torch's order: outputs, then inputs (and their emptiness), then the gradients
    outputs = (outputs,) if isinstance(outputs, Tensor) else tuple(outputs)
    single = isinstance(inputs, Tensor)
    inputs = (inputs,) if single else tuple(inputs)
    if not inputs:
        raise RuntimeError("`inputs` argument to `grad()` cannot be empty.")
    outputs, grads = _normalize(outputs, grad_outputs)
    if allow_unused is None:
        allow_unused = materialize_grads
    if retain_graph is None:
        retain_graph = create_graph
    root_grads = _root_grads(outputs, grads, retain_graph, create_graph)
    create_graph = _as_flag(create_graph)
    _check_inputs(inputs)
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
        node = grad_edge(t)
        g = captured.get(node)
        if g is not None and node._n_outputs != 1:
            g = g[t._output_nr]         # one output of a multi-output node
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
