"""The backward graph: `Node` (torch.autograd.graph.Node), `AccumulateGrad`, and the op protocol.

Every recorded op creates one `Node`: a small object whose class name is torch's grad_fn
name (`MulBackward0`). It holds edges to the nodes of its inputs (`next_functions`), a
creation sequence number (backward runs newest first), and whatever it saved.

The op protocol, the one way every op is recorded:

    class SigmoidBackward0(Node):
        __slots__ = ("s_result",)            # where the saved output lives

        def forward(self, x):                # tensors in, NumPy array out
            return 1 / (1 + np.exp(-x._data))    # (the output is saved once it exists)

        def backward(self, g):               # gradient in, one gradient per input out
            r = self.s_result.unpack(self)
            return (g * r * (1 - r),)

    y = SigmoidBackward0.apply((x,))         # begin() + forward + output()

`begin` makes the node and decides whether autograd records the op (the one place that
decides); `forward` computes, saving inputs with `self.save(...)`; `output` wraps the array
as the result tensor and, for a node with an `s_result` slot, saves that tensor. In-place
ops, views and custom Functions call the same `begin`, then write into x, make a view, or
run the user's forward.
"""
import itertools
import weakref

import numpy as np

from .._storage import VersionCounter
from .._tensor import Tensor
from ..utils.hooks import RemovableHandle
import minigrad.autograd.anomaly as _anomaly
from .trace import on_accumulate, on_create, on_free
from .anomaly import instrument as _instrument
from .grad_mode import state as _grad_state
from .ready_queue import ACCUMULATE_PRIORITY
from .saved import FREED, SavedTensor, _SavedAttribute, engine_state
from .saved_hooks import save_on_cpu, saved_tensors_hooks  # noqa: F401  (torch's place for them)

__all__ = ["Node", "AccumulateGrad", "begin", "connect", "output", "grad_edge"]

_next_seq = itertools.count().__next__      # torch's sequence_nr: creation order
_new = object.__new__
_SCALARS = {float, int, bool}


class Node:
    """A node of the backward graph (torch.autograd.graph.Node).

    Hot fields are slots; rarely used ones (hooks, anomaly trace) live in the instance
    dict, which Python only creates when one is set.
    """

    __slots__ = ("_next", "_seq", "_released", "__dict__", "__weakref__")
    # derived from each class's slots (see __init_subclass__): the `s_*` slots hold what
    # the op saved, and backward frees them; a class with an `s_result` slot saves its output
    _saved_names = ()
    saves = False
    _saves_result = False
    _options = ()            # non-tensor arguments torch shows as `_saved_<name>` too
    _hooks = None
    _pre_hooks = None
    _tensor_pre_hooks = None
    _retain_ref = None
    _output_hooks = None     # several outputs: [(output_nr, that tensor's hooks dict), ...]
    _output_retains = None   # several outputs: {output_nr: weakref to a retaining tensor}
    _trace = None            # anomaly mode: where in the forward code this node was made
    _next_nr = None          # output numbers of the inputs, when any is not 0
    _hooked = False          # hooks or retain_grad attached, or several outputs: the engine
                             # then runs the node through its slow path
    _n_outputs = 1
    _skips_unneeded = True   # backward(inputs=...), autograd.grad: gradients no wanted
                             # node needs come back None (a custom Function's do not)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        names = []
        for klass in reversed(cls.__mro__):
            for slot in klass.__dict__.get("__slots__", ()):
                if slot.startswith("s_") and slot not in names:
                    names.append(slot)
        if names:                   # (custom Functions keep their saves in a list instead)
            cls._saved_names = tuple(names)
            cls.saves = True
            cls._saves_result = "s_result" in names
        for name in [slot[2:] for slot in names] + list(cls._options):
            if not hasattr(cls, "_saved_" + name):      # (a class may define its own)
                setattr(cls, "_saved_" + name, _SavedAttribute(name))

    # ---- the op protocol: an op is `Cls.apply(inputs, *options)`; its forward (NumPy in,
    # NumPy out) says with save() which inputs backward will need
    @classmethod
    def apply(cls, inputs, *options):
        """Run this op on `inputs` (Tensors or numbers), recording a node when autograd
        needs one, and return the output Tensor: `begin`, `forward`, `output`."""
        node = begin(cls, inputs)
        return output(node, node.forward(*inputs, *options), inputs)

    _plain_apply = apply    # the speed seam: see install_fast_apply

    def save(self, /, **values):
        """Keep inputs for backward: `self.save(self=x)` fills the slot `s_self`. A tensor
        is kept with its current version (an in-place edit later is an error in backward);
        numbers, arrays (indices) and None are kept as they are. Does nothing when the op
        is not recorded."""
        if self._released:
            return
        for name, value in values.items():
            if value.__class__ is Tensor or (value is not None and value.__class__ not in _SCALARS
                                             and isinstance(value, Tensor)):
                value = SavedTensor(value)
            setattr(self, "s_" + name, value)

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
        return self.__dict__.setdefault("_metadata", {})

    def register_hook(self, fn):
        """fn(grad_inputs, grad_outputs) runs after this node's backward; a returned tuple
        replaces grad_inputs."""
        return self._add_hook("_hooks", fn)

    def register_prehook(self, fn):
        """fn(grad_outputs) runs before this node's backward; a returned tuple replaces them."""
        return self._add_hook("_pre_hooks", fn)

    def _add_hook(self, kind, fn):
        self._hooked = True         # the engine runs a hooked node through its slow path
        hooks = getattr(self, kind)
        if hooks is None:
            hooks = {}
            setattr(self, kind, hooks)
        h = RemovableHandle(hooks)
        hooks[h.id] = fn
        return h

    def _release(self):
        """Drop what backward saved (retain_graph=False)."""
        if _instrument.on:
            on_free(self)
        self._released = True
        for n in self._saved_names:
            if getattr(self, n, None) is not None:     # slots that saved nothing stay empty
                setattr(self, n, FREED)

    def _saved_value(self, name):
        """What `grad_fn._saved_<name>` shows, as torch exposes it: a saved tensor (version
        checked), a number, or an option backward uses (stride, dim)."""
        try:
            v = object.__getattribute__(self, "s_" + name)
        except AttributeError:
            if name in self._options:
                return object.__getattribute__(self, name)
            raise AttributeError(f"'{type(self).__name__}' object has no attribute "
                                 f"'_saved_{name}'") from None
        if v is FREED or isinstance(v, SavedTensor):
            return v.as_tensor(self)
        if v is None:                   # never saved (its gradient was not needed)
            return None
        if self._released:
            FREED.unpack(self)
        if v.__class__ in _SCALARS and name in ("self", "other"):
            # a number operand is kept as a 0-d "wrapped number" tensor in torch
            return Tensor._make(np.asarray(v, np.float64 if type(v) is float
                                           else np.int64), False, None)
        return v

    def __call__(self, *grads):
        """Call the node like torch's: one gradient per output, gradients for the inputs
        back (the engine calls `backward` directly)."""
        if len(grads) != self._n_outputs:
            raise TypeError(f"expected {self._n_outputs} arguments, got {len(grads)} instead")
        return self.backward(*grads)

    def __repr__(self):
        return f"<{type(self).__name__} object at {id(self):#x}>"

    def backward(self, grad):
        raise NotImplementedError


def install_fast_apply(fast):
    """Let `fast` stand in for `Node.apply` (see minigrad/_fast/record.py); None: the plain."""
    Node.apply = classmethod(fast) if fast else vars(Node)["_plain_apply"]


def grad_edge(t):
    """The node a gradient for tensor `t` flows into: its grad_fn, its leaf accumulator,
    or None when `t` does not require grad."""
    fn = t._node if t._base is None else t.grad_fn     # a view's may need regenerating
    if fn is not None:
        return fn
    if t._requires_grad:
        ref = t._acc
        acc = ref() if ref is not None else None
        if acc is None:
            if t._base is not None and not t._own_requires_grad:
                return None     # a view that requires grad only through its base: torch
                                # gives it no accumulator, and its gradient is dropped
            acc = AccumulateGrad(t)
            t._acc = weakref.ref(acc)
        return acc
    return None


def begin(cls, inputs):
    """Create the node of a `cls` op on `inputs` (Tensors, Python numbers or None), deciding
    whether autograd records it: when grad mode is on and some input requires grad. A
    recorded node joins the graph (`connect`); otherwise it is a loose node, with no edges
    and no sequence number, whose `save` keeps nothing (its forward still runs)."""
    node = _new(cls)
    if not (_grad_state.enabled and connect(node, inputs)):
        node._next = (None,) * len(inputs)
        node._seq = None
        node._released = True           # nothing to keep, nothing to free
    return node


def connect(node, inputs):
    """Join `node` to the graph if some input requires grad: give it its edges (one per
    input: the node its gradient flows into, or None) and the next sequence number, and
    return True. Return False, leaving the node as it is, when no input requires grad.
    Used by `begin`, and for a view's regenerated history (made whatever the grad mode)."""
    edges = []
    recording = renumber = False
    for t in inputs:
        if t.__class__ is not Tensor and (t is None or t.__class__ in _SCALARS):
            edges.append(None)
            continue
        fn = t._node
        if fn is not None or t._requires_grad:     # (an op's output requires grad)
            recording = True
            if fn is None or t._base is not None:   # a leaf's accumulator; a view may need
                fn = grad_edge(t)                   # its grad_fn regenerated
        edges.append(fn)
        if t._output_nr:
            renumber = True
    if not recording:
        return False
    node._next = tuple(edges)
    node._seq = _next_seq()
    node._released = False
    if renumber:
        node._next_nr = tuple(0 if t is None or t.__class__ in _SCALARS else t._output_nr
                              for t in inputs)
    if _instrument.on:
        _instrumented_create(node)
    return True


def _instrumented_create(node):
    if _anomaly.state.enabled:
        _anomaly.record_trace(node)
    on_create(node)


def output(node, data, inputs=()):
    """The Tensor for the array an op computed: attached to `node` when it was recorded
    (and saved, when the node keeps its output), else a plain tensor."""
    if node._seq is None:
        out = Tensor._make(data, False, None)
        if not _grad_state.enabled:     # (`p -= lr * p.grad` comes here)
            for t in inputs:
                if t.__class__ not in _SCALARS and t is not None and t._requires_grad:
                    out.__dict__["_made_in_no_grad"] = True     # shown as a badge by viz
                    break
        return out
    out = Tensor._make(data, True, node)
    if node._saves_result:
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
    # True when the next gradient is also held elsewhere (a leaf's hook kept it, or it is
    # the seed of backward() on the leaf itself): like torch, which sees a use count above
    # one, `.grad` becomes a copy (at version 1), never the shared array.
    copy_next = False

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
        """The first gradient becomes `.grad` (the array itself when nothing else holds it),
        later ones are added in place (so `x.grad` stays the same object across backward
        calls)."""
        copy = self.copy_next
        if copy:
            self.copy_next = False
        leaf = self.variable
        if leaf._node is not None:      # requires_grad switched off, then made a non-leaf
            raise RuntimeError("leaf variable has been moved into the graph interior")
        if not leaf._requires_grad:     # switched off after the graph was built
            return ()
        if _instrument.on:
            on_accumulate(leaf, grad)
        old = leaf._grad
        if engine_state.create_graph:
            g = grad if isinstance(grad, Tensor) else Tensor._make(grad, False, None)
            if g._data.dtype != leaf._data.dtype:
                g = g.to(leaf.dtype)
            if old is None:
                # torch materialises the first gradient by copying into zeros: CopyBackwards
                leaf._grad = Tensor._make(np.zeros_like(leaf._data), False, None).copy_(g)
            else:
                leaf._grad = old + g
        elif old is not None:
            old._data += grad
            old._bump_version()
        else:
            data = leaf._data
            if copy or grad.base is not None or not grad.flags.writeable \
                    or grad.dtype != data.dtype or grad.shape != data.shape:
                # a copy, contiguous like torch's: torch's copy_ into a fresh buffer bumps
                # the new .grad's version to 1
                leaf._grad = Tensor._make(np.array(np.broadcast_to(grad, data.shape),
                                                   dtype=data.dtype, order="C"), False, None)
                leaf._grad._vc = VersionCounter(1)
            else:
                leaf._grad = Tensor._make(grad, False, None)    # ours alone: kept as it is
        return ()
