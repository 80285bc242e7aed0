"""The NumPy-style keyword aliases torch's argument parser accepts: ``axis`` for ``dim`` and
``keepdims`` for ``keepdim`` (``x.argmax(axis=0)``, ``torch.cat(ts, axis=1)``).

torch accepts them on the functions and methods it binds in C++ that have a parameter named
``dim`` (or ``keepdim``); Python-level ones such as ``Tensor.norm``, ``Tensor.split`` and
``F.softmax`` refuse them. Giving both spellings is an unexpected keyword argument, named by
its alias.
"""
import functools

__all__ = ["with_numpy_aliases", "install_aliases"]

_ALIASES = (("axis", "dim"), ("keepdims", "keepdim"))

# C++-bound in torch, with a `dim` parameter
METHODS = ("sum", "mean", "argmax", "argmin", "max", "min", "prod", "all", "any", "softmax",
           "log_softmax", "squeeze", "unsqueeze", "chunk", "unbind", "narrow", "select", "size")
FUNCTIONS = ("sum", "mean", "argmax", "argmin", "max", "min", "prod", "all", "any", "softmax",
             "log_softmax", "squeeze", "unsqueeze", "chunk", "unbind", "narrow", "select",
             "cat", "concat", "concatenate", "stack")


def with_numpy_aliases(fn, name=None):
    """`fn` accepting axis= for dim= and keepdims= for keepdim=, as torch's parser does."""
    name = name or fn.__name__

    @functools.wraps(fn)
    def call(*args, **kwargs):
        if not kwargs:                  # the common call: nothing to rename
            return fn(*args)
        for alias, real in _ALIASES:
            if alias in kwargs:
                if real in kwargs:
                    raise TypeError(f"{name}() got an unexpected keyword argument '{alias}'")
                kwargs[real] = kwargs.pop(alias)
        return fn(*args, **kwargs)
    return call


def install_aliases(tensor_class, namespace):
    """Wrap the Tensor methods and the module-level functions listed above."""
    for name in METHODS:
        setattr(tensor_class, name, with_numpy_aliases(getattr(tensor_class, name), name))
    for name in FUNCTIONS:
        if name in namespace:
            namespace[name] = with_numpy_aliases(namespace[name], name)
