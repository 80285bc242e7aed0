"""The NumPy-style keyword aliases torch's argument parser accepts: ``axis`` for ``dim`` and
``keepdims`` for ``keepdim`` (``x.argmax(axis=0)``, ``torch.cat(ts, axis=1)``).

torch accepts them on the functions and methods it binds in C++ that have a parameter named
``dim`` (or ``keepdim``); Python-level ones such as ``Tensor.norm``, ``Tensor.split`` and
``F.softmax`` refuse them. Giving both spellings is an unexpected keyword argument, named by
its alias.
"""
import functools

from ._compat._argparse_calls import binding_error, check_keepdim_needs_dim, is_binding_error

__all__ = ["with_numpy_aliases", "install_aliases"]

_ALIASES = (("axis", "dim"), ("keepdims", "keepdim"))

# C++-bound in torch, with a `dim` parameter
METHODS = ("sum", "mean", "argmax", "argmin", "max", "min", "prod", "all", "any", "softmax",
           "log_softmax", "squeeze", "unsqueeze", "chunk", "unbind", "narrow", "select", "size")
FUNCTIONS = ("sum", "mean", "argmax", "argmin", "max", "min", "prod", "all", "any", "softmax",
             "log_softmax", "squeeze", "unsqueeze", "chunk", "unbind", "narrow", "select",
             "cat", "concat", "concatenate", "stack")


def with_numpy_aliases(fn, name=None, method=False):
    """`fn` accepting axis= for dim= and keepdims= for keepdim=, as torch's parser does;
    arguments Python cannot bind raise torch's parser error (`method`: `fn` is a Tensor
    method, its first argument `self`)."""
    name = name or fn.__name__

    @functools.wraps(fn)
    def call(*args, **kwargs):
        given = kwargs
        if kwargs:
            given = dict(kwargs)
            for alias, real in _ALIASES:
                if alias in kwargs:
                    if real in kwargs:      # (raised here, not taken for a binding error)
                        raise _both_spellings(name, alias, args, given, method)
                    kwargs[real] = kwargs.pop(alias)
            if "keepdim" in kwargs and "dim" not in kwargs:
                check_keepdim_needs_dim(name, args, given, method)
        try:
            return fn(*args, **kwargs)
        except TypeError as exc:
            if not is_binding_error(exc):
                raise
            raise binding_error(name, exc, args, given, method, fn) from None
    return call


def _both_spellings(name, alias, args, kwargs, method):
    """torch's parser error for a call giving both spellings (`keepdim=` and `keepdims=`):
    one of them is left over, unless a missing argument is found first."""
    from ._compat._argparse import Parser
    from ._compat._argparse_signatures import FUNCTIONS, METHODS
    signatures = (METHODS if method else FUNCTIONS).get(name)
    err = None
    if signatures:
        err = Parser(name, *signatures).error(None, list(args[1:] if method else args),
                                              dict(kwargs))
    return err or TypeError(f"{name}() got an unexpected keyword argument '{alias}'")


def install_aliases(tensor_class, namespace):
    """Wrap the Tensor methods and the module-level functions listed above."""
    for name in METHODS:
        setattr(tensor_class, name,
                with_numpy_aliases(getattr(tensor_class, name), name, method=True))
    for name in FUNCTIONS:
        if name in namespace:
            namespace[name] = with_numpy_aliases(namespace[name], name)
