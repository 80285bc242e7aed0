"""Graph nodes and the op pattern.

Every recorded op creates one `Node`: a small object whose class name is torch's grad_fn
name (`MulBackward0`). It holds edges to the nodes of its inputs (`next_functions`), a
creation sequence number (backward runs newest first), and whatever it saved.

Built-in ops are written as a Node subclass with a static `forward` (NumPy in, NumPy out)
and a `backward` side by side, run through `apply_op`. Learners subclass `Function` instead,
exactly as in torch.
"""
import itertools
import weakref

import numpy as np

from ..utils.hooks import RemovableHandle
from .grad_mode import state as _grad_state
from .saved import FREED, SavedTensor
from . import anomaly as _anomaly, trace as _trace
from .anomaly import instrument as _instrument

__all__ = ["Node", "AccumulateGrad", "apply_op", "Function", "FunctionCtx", "grad_edge"]

_next_seq = itertools.count().__next__      # torch's sequence_nr: creation order
_SCALARS = {float, int, bool}
Tensor = None                                # bound by minigrad._tensor (avoids an import cycle)


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
            _trace.on_free(self)
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
    _trace.on_create(node)


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
    exactly as long as some graph uses it, and is the same object for every use.
    """

    __slots__ = ("variable",)

    def __init__(self, variable):
        self.variable = variable
        if variable.__dict__.get("_hooks"):
            self._hooked = True     # the leaf's own tensor hooks run here
        self._next = ()
        self._seq = _next_seq()
        self._released = False

    def name(self):
        return "torch::autograd::AccumulateGrad"

    def backward(self, grad):
        from .engine import accumulate_into_leaf
        accumulate_into_leaf(self.variable, grad)
        return ()

    def _release(self):
        pass


# ---------------------------------------------------------------------------------------
# Custom functions: class MyFn(Function): forward(ctx, ...), backward(ctx, ...)
# ---------------------------------------------------------------------------------------

class FunctionCtx:
    """The `ctx` API of custom Functions (the node itself is the ctx, as in torch)."""

    def save_for_backward(self, *tensors):
        self._to_save = tensors

    def mark_dirty(self, *tensors):
        self._dirty = tensors

    def mark_non_differentiable(self, *tensors):
        self._non_diff = tensors

    def set_materialize_grads(self, value):
        self._materialize = bool(value)

    @property
    def saved_tensors(self):
        saved = self.__dict__.get("_saved")
        if saved is None:
            return ()
        out = []
        for s in saved:
            if s is None:
                out.append(None)
            elif s is FREED:
                FREED.unpack(self)
            else:
                out.append(s.as_tensor(self) if not isinstance(s, tuple) else s[0])
        return tuple(out)


class BackwardCFunction(Node, FunctionCtx):
    """Node type behind custom Functions; subclassed per Function as `<Name>Backward`."""

    _saved_names = ("_saved",)
    saves = True
    _fn_cls = None

    def backward(self, grads):
        from .._tensor import Tensor as T
        if self._n_outputs == 1:
            grads = (grads,)
        wrapped = [g if isinstance(g, T) or g is None else T._make(g, False, None)
                   for g in grads]
        res = self._fn_cls.backward(self, *wrapped)
        if not isinstance(res, tuple):
            res = (res,)
        n = len(self._inputs_kind)
        if len(res) < n:
            raise RuntimeError(f"function {self.name()} returned an incorrect number of "
                               f"gradients (expected {n}, got {len(res)})")
        res = res[:n] if all(r is None for r in res[n:]) else res
        if len(res) != n:
            raise RuntimeError(f"function {self.name()} returned an incorrect number of "
                               f"gradients (expected {n}, got {len(res)})")
        out = []
        for i, (r, is_tensor) in enumerate(zip(res, self._inputs_kind)):
            if r is None or not is_tensor:
                out.append(None)
                continue
            want = self._input_shapes[i]
            if r._data.shape != want:
                from .._ops._util import sum_to
                try:
                    r = T._make(sum_to(np.broadcast_to(r._data, np.broadcast_shapes(
                        r._data.shape, want)), want), False, None)
                    assert r._data.shape == want
                except (ValueError, AssertionError):
                    raise RuntimeError(f"Function {self.name()} returned an invalid gradient at "
                                       f"index {i} - got {list(np.shape(r._data))} but expected "
                                       f"shape compatible with {list(want)}") from None
            elif engine_create_graph():
                out.append(r)
            else:
                out.append(r._data)
        return tuple(out)

    def _release(self):
        if _instrument.on:
            _trace.on_free(self)
        self._released = True
        self.__dict__["_saved"] = FREED if self.__dict__.get("_saved") else None


def engine_create_graph():
    from .saved import engine_state
    return engine_state.create_graph


class _FunctionMeta(type):
    """Gives every Function subclass its own node class named `<Name>Backward`."""

    def __init__(cls, name, bases, attrs):
        backward_cls = type(name + "Backward", (BackwardCFunction,), {"_fn_cls": cls})
        cls._backward_cls = backward_cls
        super().__init__(name, bases, attrs)


class Function(metaclass=_FunctionMeta):
    """Base class for custom autograd operations (torch.autograd.Function).

    Subclass it with static `forward(ctx, *args)` and `backward(ctx, *grad_outputs)`, then
    call `MyFn.apply(*args)`. forward runs with grad mode off; tensors passed to
    `ctx.save_for_backward` are version-checked when `ctx.saved_tensors` is read.
    """

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom "
                                  "autograd.Function.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for "
                                  "your custom autograd.Function to use it with backward mode AD.")

    @classmethod
    def apply(cls, *args, **kwargs):
        from .._tensor import Tensor as T
        from .grad_mode import no_grad
        node = cls._backward_cls.__new__(cls._backward_cls)
        kinds = tuple(isinstance(a, T) for a in args)
        node._inputs_kind = kinds
        node._next = tuple(grad_edge(a) if k else None for a, k in zip(args, kinds))
        if any(k and a._output_nr for a, k in zip(args, kinds)):
            node._next_nr = tuple(a._output_nr if k else 0 for a, k in zip(args, kinds))
        node._input_shapes = tuple(a._data.shape if k else None for a, k in zip(args, kinds))
        node._seq = _next_seq()
        node._released = False
        record = _grad_state.enabled and any(n is not None for n in node._next)
        if record and _instrument.on:
            _instrumented_create(node)
        with no_grad():
            outputs = cls.forward(node, *args, **kwargs)
        single = not isinstance(outputs, tuple)
        outs = (outputs,) if single else outputs
        dirty = node.__dict__.get("_dirty", ())
        non_diff = node.__dict__.get("_non_diff", ())
        if record:
            for d in dirty:
                if d._requires_grad and d._grad_fn is None:
                    raise RuntimeError("a leaf Variable that requires grad has been used in an "
                                       "in-place operation.")
        node._n_outputs = len(outs)
        node._output_shapes = tuple(o._data.shape if isinstance(o, T) else () for o in outs)
        result = []
        for i, o in enumerate(outs):
            if not isinstance(o, T):
                result.append(o)
                continue
            if any(o is a for a in args) and not any(o is d for d in dirty):
                o = o.view_as(o)            # returning an input unchanged gives a new tensor
            if record and not any(o is n for n in non_diff) and o.dtype.is_floating_point:
                if any(o is d for d in dirty):
                    o._bump_version()
                o._set_grad_fn(node)
                if i:
                    o.__dict__["_output_nr"] = i
            result.append(o)
        if record:
            to_save = node.__dict__.pop("_to_save", ())
            saved = []
            for s in to_save:
                if s is None:
                    saved.append(None)
                elif any(s is r for r in result):
                    saved.append(SavedTensor(s, is_output=True))
                else:
                    saved.append(SavedTensor(s))
            node.__dict__["_saved"] = saved
        else:
            to_save = node.__dict__.pop("_to_save", ())
            node.__dict__["_saved"] = [(s,) for s in to_save]
        return result[0] if single else tuple(result)
