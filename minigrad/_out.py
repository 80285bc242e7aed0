"""The ``out=`` argument of torch's functions (``torch.add(a, b, out=c)``).

The result is computed as usual, then written into ``out`` (cast to its dtype, which must
be one torch can cast to; resized, with torch's deprecation warning, when its shape is
wrong and it has elements), and ``out`` itself is returned. Such calls are never recorded:
torch refuses them when autograd would have to record one.
"""
import functools
import warnings

import numpy as np

from ._compat._argparse_calls import alias_error, binding_error, is_binding_error

__all__ = ["with_out"]

# where torch 2.13 raises the resize warning (its messages name its C++ source line)
_RESIZE_CPP = "/__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30"
_TORCH_DTYPE = {"float16": "Half", "float32": "Float", "float64": "Double", "int64": "Long",
                "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte",
                "bool": "Bool"}


def _tensors(values):
    from ._tensor import Tensor
    for v in values:
        if isinstance(v, Tensor):
            yield v
        elif isinstance(v, (tuple, list)):
            yield from _tensors(v)


def _can_cast(src, dst):
    """torch.can_cast: never float to integer or bool, never a number to bool."""
    if src.kind == "f" and dst.kind in "iub":
        return False
    return not (src.kind in "iu" and dst.kind == "b")


def _write(name, result, out):
    from .autograd.grad_mode import no_grad
    rd, od = result._data.dtype, out._data.dtype
    if not _can_cast(rd, od):
        raise RuntimeError(f"result type {_TORCH_DTYPE.get(rd.name, rd.name)} can't be cast "
                           f"to the desired output type {_TORCH_DTYPE.get(od.name, od.name)}")
    if out._data.shape != result._data.shape:
        if out._base is not None or out._data.base is not None:
            raise NotImplementedError(f"minigrad: {name}(out=...) cannot resize a view")
        if out._data.size:
            shape = ", ".join(str(s) for s in out._data.shape)
            want = ", ".join(str(s) for s in result._data.shape)
            warnings.warn(f"An output with one or more elements was resized since it had "
                          f"shape [{shape}], which does not match the required output shape "
                          f"[{want}]. This behavior is deprecated, and in a future PyTorch "
                          "release outputs will not be resized unless they have zero "
                          "elements. You can explicitly reuse an out tensor t by resizing it, "
                          "inplace, to zero elements with t.resize_(0). (Triggered "
                          f"internally at {_RESIZE_CPP}.)", UserWarning, stacklevel=3)
        out._data = np.empty(result._data.shape, od)
    with no_grad():
        out.copy_(result)
    return out


def with_out(name, fn, differentiable=True, alias=None):
    """`fn` with torch's keyword-only ``out=`` (None: the plain call); `alias`: the name
    the function is called by, which torch's argument errors use (torch.subtract's say
    subtract(), its out= error sub())."""
    @functools.wraps(fn)
    def call(*args, out=None, **kwargs):
        if out is None:
            try:
                return fn(*args, **kwargs)
            except TypeError as exc:        # arguments Python cannot bind: torch's words
                if not is_binding_error(exc):
                    renamed = alias_error(name, alias, exc, args, kwargs)
                    if renamed is exc:
                        raise
                    raise renamed from None     # (torch.negative's errors say negative)
                raise binding_error(alias or name, exc, args, kwargs, fn=fn) from None
        from ._tensor import Tensor
        from .autograd.grad_mode import no_grad, state
        if not isinstance(out, Tensor):
            raise TypeError(f"{name}(): argument 'out' must be Tensor, not "
                            f"{type(out).__name__}")
        if differentiable and state.enabled and any(
                t.requires_grad for t in _tensors((*args, *kwargs.values(), out))):
            raise RuntimeError(f"{name}(): functions with out=... arguments don't support "
                               "automatic differentiation, but one of the arguments requires "
                               "grad.")
        with no_grad():
            try:
                result = fn(*args, **kwargs)
            except TypeError as exc:
                if not is_binding_error(exc):
                    raise
                raise binding_error(alias or name, exc, args, {**kwargs, "out": out},
                                    fn=fn) from None
        return _write(name, result, out)
    return call
