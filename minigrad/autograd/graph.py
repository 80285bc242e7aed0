"""The backward graph: `Node` (torch.autograd.graph.Node), `AccumulateGrad`, and the op pattern.

Every recorded op creates one `Node`: a small object whose class name is torch's grad_fn
name (`MulBackward0`). It holds edges to the nodes of its inputs (`next_functions`), a
creation sequence number (backward runs newest first), and whatever it saved.

Built-in ops are written as a Node subclass with a static `forward` (NumPy in, NumPy out)
and a `backward` side by side, run through `apply_op` (or `minigrad._ops._core.run`).
"""
import itertools
import weakref

import numpy as np

from .._storage import VersionCounter
from .._tensor import Tensor
from ..utils.hooks import RemovableHandle
from . import anomaly as _anomaly
from .trace import on_accumulate, on_create, on_free
from .anomaly import instrument as _instrument
from .grad_mode import state as _grad_state
from .ready_queue import ACCUMULATE_PRIORITY
from .saved import FREED, SavedTensor, engine_state

__all__ = ["Node", "AccumulateGrad", "apply_op", "new_node", "wrap", "grad_edge"]

_next_seq = itertools.count().__next__      # torch's sequence_nr: creation order
_SCALARS = {float, int, bool}


class Node:
    """A node of the backward graph (torch.autograd.graph.Node).

    Hot fields are slots; rarely used ones (hooks, anomaly trace) live in the instance
    dict, which Python only creates when one is set.
    """

    __slots__ = ("_next", "_seq", "_released", "__dict__", "__weakref__")
    _saved_names = ()        # slots holding SavedTensor objects (freed after backward)
    saves = False            # True if backward needs anything that backward frees
    save_result = False      # apply_op saves the output as `s_result`
    _hooks = None
    _pre_hooks = None
    _tensor_pre_hooks = None
    _retain_ref = None
    _trace = None            # anomaly mode: where in the forward code this node was made
    _next_nr = None          # output numbers of the inputs, when any is not 0
    _hooked = False          # set once any hook or retain_grad is attached (engine fast path)
    _n_outputs = 1

    def name(self):
        """torch's node name, e.g. 'MulBackward0'."""
        return type(self).__name__

    def _sequence_nr(self):
        """Creation order (torch's sequence_nr): backward runs higher numbers first."""
        return self._seq

    @property
    def next_functions(self):
        """((node_or_None, output_nr), ...) for each input, in argument order."""
        nrs = self._next_nr or (0,) * len(self._next)
        return tuple((n, 0 if n is None else nr) for n, nr in zip(self._next, nrs))

    @property
    def needs_input_grad(self):
        return tuple(n is not None for n in self._next)

    @property
    def metadata(self):
        d = self.__dict__.get("_metadata")
        if d is None:
            d = self.__dict__["_metadata"] = {}
        return d

    def register_hook(self, fn):
        """fn(grad_inputs, grad_outputs) runs after this node's backward; a returned tuple
        replaces grad_inputs."""
        self._hooked = True
        if self._hooks is None:
            self._hooks = {}
        h = RemovableHandle(self._hooks)
        self._hooks[h.id] = fn
        return h

    def register_prehook(self, fn):
        """fn(grad_outputs) runs before this node's backward; a returned tuple replaces them."""
        self._hooked = True
        if self._pre_hooks is None:
            self._pre_hooks = {}
        h = RemovableHandle(self._pre_hooks)
        self._pre_hooks[h.id] = fn
        return h

    def _release(self):
        """Drop what backward saved (retain_graph=False)."""
        if _instrument.on:
            on_free(self)
        self._released = True
        for n in self._saved_names:
            if getattr(self, n, None) is not None:     # slots that saved nothing stay empty
                setattr(self, n, FREED)

    def __getattr__(self, attr):
        # grad_fn._saved_self / _saved_other / _saved_result, as torch exposes them
        if attr.startswith("_saved_"):
            try:
                v = object.__getattribute__(self, "s_" + attr[7:])
            except AttributeError:
                pass
            else:
                if v is FREED or isinstance(v, SavedTensor):
                    return v.as_tensor(self)
                if v is None:                   # never saved (its gradient was not needed)
                    return None
                if self._released:
                    FREED.unpack(self)
                if v.__class__ in _SCALARS and attr in ("_saved_self", "_saved_other"):
                    # a number operand is kept as a 0-d "wrapped number" tensor in torch
                    return Tensor._make(np.asarray(v, np.float64 if type(v) is float
                                                   else np.int64), False, None)
                return v
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{attr}'")

    def __call__(self, *grads):
        return self.backward(*grads)

    def __repr__(self):
        return f"<{type(self).__name__} object at {id(self):#x}>"

    def backward(self, grad):
        raise NotImplementedError


def grad_edge(t):
    """The node a gradient for tensor `t` flows into: its grad_fn, its leaf accumulator,
    or None when `t` does not require grad."""
    fn = t._grad_fn
    if fn is not None:
        if t._base is not None:
            return t.grad_fn            # a view may need its grad_fn regenerated
        return fn
    if t._requires_grad:
        ref = t._acc
        acc = ref() if ref is not None else None
        if acc is None:
            acc = AccumulateGrad(t)
            t._acc = weakref.ref(acc)
        return acc
    return None


def apply_op(cls, *inputs):
    """Run `cls.forward(ctx, *inputs)` and wrap the array it returns in a Tensor.

    Inputs are Tensors, Python scalars or None (only Tensors get edges). When grad mode is
    on and some input requires grad, a `cls` node is created first and passed as `ctx`, so
    forward can save what backward needs (`ctx.s_other = SavedTensor(b)`); otherwise ctx is
    None and nothing is recorded. Non-tensor options go on the node via a keyword-free
    wrapper: call `cls.forward` yourself and then `record(cls, data, inputs)` (see below).
    """
    if _grad_state.enabled:
        for t in inputs:
            if t.__class__ not in _SCALARS and t is not None and t._requires_grad:
                node = _new_node(cls, inputs)
                out = Tensor._make(cls.forward(node, *inputs), True, node)
                if cls.save_result:
                    node.s_result = SavedTensor(out, is_output=True)
                return out
    return Tensor._make(cls.forward(None, *inputs), False, None)


def _new_node(cls, inputs):
    node = cls.__new__(cls)
    edges = []
    renumber = False
    for t in inputs:
        if t is None or t.__class__ in _SCALARS:
            edges.append(None)
            continue
        fn = t._grad_fn
        if fn is None or t._base is not None:
            fn = grad_edge(t)
        edges.append(fn)
        if t._output_nr:
            renumber = True
    node._next = tuple(edges)
    node._seq = _next_seq()
    node._released = False
    if renumber:
        node._next_nr = tuple(0 if t is None or t.__class__ in _SCALARS else t._output_nr
                              for t in inputs)
    if _instrument.on:
        _instrumented_create(node)
    return node


def _instrumented_create(node):
    if _anomaly.state.enabled:
        _anomaly.record_trace(node)
    on_create(node)


def new_node(cls, inputs):
    """Create a `cls` node with edges to `inputs` if autograd should record it, else None.
    For ops whose forward needs options: `node = new_node(Cls, (x,))`, compute, then
    `wrap(data, node)`."""
    if _grad_state.enabled:
        for t in inputs:
            if t.__class__ not in _SCALARS and t is not None and t._requires_grad:
                return _new_node(cls, inputs)
    return None


def wrap(data, node):
    """The output Tensor for `data`, attached to `node` (which may be None)."""
    if node is None:
        return Tensor._make(data, False, None)
    out = Tensor._make(data, True, node)
    if node.save_result:
        node.s_result = SavedTensor(out, is_output=True)
    return out


class AccumulateGrad(Node):
    """The node at a leaf that requires grad: adds the incoming gradient into `.grad`.

    It holds the leaf strongly (`.variable`); the leaf holds it only weakly, so it lives
    exactly as long as some graph uses it, and is the same object for every use. Its
    sequence number is the largest possible, as in torch, so ready leaves go first.
    """

    __slots__ = ("variable",)
    _seq = ACCUMULATE_PRIORITY

    def __init__(self, variable):
        self.variable = variable
        if variable.__dict__.get("_hooks"):
            self._hooked = True     # the leaf's own tensor hooks run here
        self._next = ()
        self._released = False

    def name(self):
        return "torch::autograd::AccumulateGrad"

    def _release(self):
        pass

    def backward(self, grad):
        """The first gradient is stored, later ones are added in place (so `x.grad` stays
        the same object across backward calls)."""
        leaf = self.variable
        if not leaf._requires_grad:
            return ()               # requires_grad was switched off after the graph was built
        if _instrument.on:
            on_accumulate(leaf, grad)
        if engine_state.create_graph:
            g = grad if isinstance(grad, Tensor) else Tensor._make(grad, False, None)
            if g._data.dtype != leaf._data.dtype:
                g = g.to(leaf.dtype)
            if leaf._grad is None:
                # torch materialises the first gradient by copying into zeros: CopyBackwards
                leaf._grad = Tensor._make(np.zeros_like(leaf._data), False, None).copy_(g)
            else:
                leaf._grad = leaf._grad + g
            return ()
        old = leaf._grad
        if old is None:
            # copy only when we may not own the array (read-only broadcast view, other dtype)
            copied = False
            if not grad.flags.writeable or grad.dtype != leaf._data.dtype \
                    or grad.base is not None:      # copied contiguous, like torch
                grad = np.array(grad, dtype=leaf._data.dtype, order="C")
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
        return ()


class GraphRoot(Node):
    """torch's GraphRoot: when backward starts from several tensors, one extra node whose
    outputs are their gradients, so the walk has a single starting point. A root that
    depends on another root then waits for that root's contribution, and a root given twice
    receives both gradients."""

    __slots__ = ()

    def __init__(self, roots, output_nrs=None):
        self._next = tuple(roots)
        self._seq = _next_seq()
        self._released = False
        if output_nrs and any(output_nrs):
            self._next_nr = tuple(output_nrs)

    def name(self):
        return "torch::autograd::GraphRoot"

    def backward(self, grads):
        return grads
