"""What torch accepts back from an autograd hook, with its messages (torch's python_hook.cpp):
a node pre-hook or post-hook returns a tuple holding one value per gradient it was given, each
None or a tensor of the same dtype and size (a None gradient stays None); a tensor hook
returns one such tensor. The engine's hook runner (autograd/node_hooks.py) calls these."""
from .._dtype import from_numpy_dtype
from ._argparse import _tensor_class, tp_name

__all__ = ["check_hook_tuple", "check_hook_value"]


def _hook_name(fn):
    name = getattr(fn, "__name__", None)
    return name if isinstance(name, str) else "<unknown>"


def check_hook_tuple(fn, originals, result):
    """Raise torch's error unless `result`, what hook `fn` returned for the gradients
    `originals` (arrays, tensors or None), may replace them."""
    if not isinstance(result, tuple):
        raise TypeError(f"expected tuple, but hook returned '{tp_name(result)}'")
    if len(result) != len(originals):
        raise RuntimeError(f"hook '{_hook_name(fn)}' has returned an incorrect number of values "
                           f"(got {len(result)}, but expected {len(originals)})")
    for original, value in zip(originals, result):
        if value is not None:
            if original is None:
                raise RuntimeError("can't replace a None gradient with a non-None value")
            check_hook_value(fn, original, value)


def check_hook_value(fn, original, value):
    """Raise torch's error unless tensor `value` may replace gradient `original` (an array or
    a tensor): same dtype, then same size."""
    if not isinstance(value, _tensor_class()):
        raise TypeError(f"expected Variable, but hook returned '{tp_name(value)}'")
    old, new = getattr(original, "_data", original), value._data
    if new.dtype != old.dtype:
        raise RuntimeError(f"hook '{_hook_name(fn)}' has changed the type of value (was "
                           f"minigrad.{from_numpy_dtype(old.dtype)._legacy} got "
                           f"minigrad.{from_numpy_dtype(new.dtype)._legacy})")
    if new.shape != old.shape:
        raise RuntimeError(f"hook '{_hook_name(fn)}' has changed the size of value")
