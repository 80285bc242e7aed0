"""Custom autograd Functions: `class MyFn(Function)` with `forward(ctx, ...)` and
`backward(ctx, ...)`, exactly as in torch. The node behind each one is a
`BackwardCFunction` subclass named `MyFnBackward`, and the node itself is the `ctx`."""
import warnings

import numpy as np

from .._compat import messages as _messages
from .trace import on_free
from .anomaly import instrument as _instrument
from .graph import Node, begin
from .saved import FREED, SavedTensor, engine_state

__all__ = ["Function", "FunctionCtx", "BackwardCFunction"]


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
        if saved is FREED:                  # released by a backward without retain_graph
            FREED.unpack(self)
        # (a call that was not recorded keeps each tensor as it is, in a 1-tuple)
        return tuple(None if s is None else s[0] if isinstance(s, tuple) else s.as_tensor(self)
                     for s in saved or ())


class BackwardCFunction(Node, FunctionCtx):
    """Node type behind custom Functions; subclassed per Function as `<Name>Backward`."""

    _saved_names = ("_saved",)
    saves = True
    _fn_cls = None
    _skips_unneeded = False     # the user's backward computes every gradient it returns

    @property
    def needs_input_grad(self):
        # which tensor inputs require grad, also when the call was not recorded (as torch)
        return self._needs_input_grad

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
        if len(res) > n and all(r is None for r in res[n:]):
            res = res[:n]               # extra Nones are allowed, as in torch
        if len(res) != n:
            raise RuntimeError(f"function {self.name()} returned an incorrect number of "
                               f"gradients (expected {n}, got {len(res)})")
        out = []
        for i, (r, is_tensor) in enumerate(zip(res, self._inputs_kind)):
            if not is_tensor:
                continue                # (only tensor inputs have an edge)
            if r is None:
                out.append(None)
                continue
            want = self._input_shapes[i]
            if r._data.shape != want:
                from .._sum_to import sum_to
                try:
                    r = T._make(sum_to(np.broadcast_to(r._data, np.broadcast_shapes(
                        r._data.shape, want)), want), False, None)
                    assert r._data.shape == want
                except (ValueError, AssertionError):
                    raise RuntimeError(f"Function {self.name()} returned an invalid gradient at "
                                       f"index {i} - got {list(np.shape(r._data))} but expected "
                                       f"shape compatible with {list(want)}") from None
            out.append(r if engine_state.create_graph else r._data)
        return tuple(out)

    def _release(self):
        if _instrument.on:
            on_free(self)
        self._released = True
        self.__dict__["_saved"] = FREED if self.__dict__.get("_saved") else None

    def __repr__(self):
        # a Python class, so the default repr with its module, as torch's
        # `<torch.autograd.function.MyFnBackward object at 0x...>`
        return f"<{type(self).__module__}.{type(self).__qualname__} object at {id(self):#x}>"

    def __call__(self, *grads):
        # torch's custom-Function nodes cannot be called directly (built-in nodes can)
        raise TypeError(f"'{type(self).__name__}' object is not callable")


class _FunctionMeta(type):
    """Gives every Function subclass its own node class named `<Name>Backward`."""

    def __init__(cls, name, bases, attrs):
        backward_cls = type(name + "Backward", (BackwardCFunction,),
                            {"_fn_cls": cls, "__module__": __name__,
                             "__qualname__": name + "Backward"})
        cls._backward_cls = backward_cls
        super().__init__(name, bases, attrs)


class Function(metaclass=_FunctionMeta):
    """Base class for custom autograd operations (torch.autograd.Function).

    Subclass it with static `forward(ctx, *args)` and `backward(ctx, *grad_outputs)`, then
    call `MyFn.apply(*args)`. forward runs with grad mode off; tensors passed to
    `ctx.save_for_backward` are version-checked when `ctx.saved_tensors` is read.
    """

    def __init__(self, *args, **kwargs):
        warnings.warn(_messages.function_instantiated(type(self)), DeprecationWarning,
                      stacklevel=2)

    def __call__(self, *args, **kwargs):
        # the pre-2018 style `MyFn()(x)` with methods on the instance
        raise RuntimeError(_messages.LEGACY_FUNCTION)

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom "
                                  "autograd.Function.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError(_messages.NO_BACKWARD)

    @classmethod
    def apply(cls, *args, **kwargs):
        from .._tensor import Tensor as T
        from .grad_mode import no_grad
        kinds = tuple(isinstance(a, T) for a in args)
        node = begin(cls._backward_cls, tuple(a for a, k in zip(args, kinds) if k))
        record = node._seq is not None     # (edges only for tensor inputs, as in torch)
        if not record:
            node._next = ()             # torch gives a call it does not record no edges
        node._inputs_kind = kinds
        node._needs_input_grad = tuple(k and a._requires_grad for a, k in zip(args, kinds))
        node._input_shapes = tuple(a._data.shape if k else None for a, k in zip(args, kinds))
        with no_grad():
            outputs = cls.forward(node, *args, **kwargs)
        single = not isinstance(outputs, tuple)
        outs = (outputs,) if single else outputs
        dirty = node.__dict__.get("_dirty", ())
        non_diff = node.__dict__.get("_non_diff", ())
        if record and any(d._requires_grad and d._node is None for d in dirty):
            raise RuntimeError("a leaf Variable that requires grad has been used in an "
                               "in-place operation.")
        node._n_outputs = len(outs)
        if len(outs) > 1:
            node._hooked = True         # the engine's slow path buffers one grad per output
        node._output_shapes = tuple(o._data.shape if isinstance(o, T) else () for o in outs)
        node._output_dtypes = tuple(o._data.dtype if isinstance(o, T) else np.float32
                                    for o in outs)
        result = []
        for i, o in enumerate(outs):
            if not isinstance(o, T):
                result.append(o)
                continue
            differentiable = record and not any(o is n for n in non_diff) \
                and o.dtype.is_floating_point
            if any(o is a for a in args) and not any(o is d for d in dirty):
                # an input returned unchanged gives a new tensor: a view of it, or (not
                # recorded, yet requiring grad) a detached alias, as in torch
                with no_grad():
                    o = o.view_as(o) if differentiable or not o._requires_grad else o.detach()
            if differentiable:
                if any(o is d for d in dirty):
                    o._bump_version()
                o._set_grad_fn(node)
                if i:
                    o.__dict__["_output_nr"] = i
                if o._base is not None:     # torch forbids changing such a view in place
                    if len(outs) == 1:      # (creation meta IN_CUSTOM_FUNCTION, which the
                        o.__dict__["_custom_function_view"] = True  # check reads before a
                    else:                                           # no_grad view's mark)
                        o.__dict__["_multi_view"] = (i, None)       # (MULTI_OUTPUT_NODE)
            result.append(o)
        to_save = node.__dict__.pop("_to_save", ())
        if record:              # (a tensor this call returned is saved as an output)
            saved = [None if s is None else SavedTensor(s, any(s is r for r in result))
                     for s in to_save]
        else:
            saved = [(s,) for s in to_save]     # not recorded: kept as they are
        node.__dict__["_saved"] = saved
        return result[0] if single else tuple(result)

