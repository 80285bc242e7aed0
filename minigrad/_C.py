"""A minimal stand-in for `torch._C`, the compiled core: only the names tutorials reach
for, such as `torch._C._functions.AccumulateGrad` (the class of a leaf's grad node)."""
import types

from .autograd.graph import AccumulateGrad

_functions = types.SimpleNamespace(AccumulateGrad=AccumulateGrad)
_functions.__doc__ = "Node classes of the autograd engine (torch._C._functions)."
