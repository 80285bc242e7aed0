"""The state a backward pass runs in (see `BackwardMode`), kept apart from the engine loop."""
import gc

import numpy as np

from .grad_mode import state as _grad_state
from .saved import engine_state

__all__ = ["BackwardMode"]


class BackwardMode:
    """While backward runs: grad mode follows create_graph, NumPy stays silent about inf and
    nan (torch does not warn in backward), and the cyclic GC is paused (the graph is acyclic,
    so collections during backward only cost time)."""
    __slots__ = ("create_graph", "saved", "quiet")

    def __init__(self, create_graph):
        self.create_graph = create_graph

    def __enter__(self):
        self.saved = (_grad_state.enabled, engine_state.create_graph, gc.isenabled())
        self.quiet = _numpy_errors.set(_SILENT)
        gc.disable()
        _grad_state.enabled = engine_state.create_graph = self.create_graph

    def __exit__(self, *exc):
        _grad_state.enabled, engine_state.create_graph, gc_was_enabled = self.saved
        _numpy_errors.reset(self.quiet)
        if gc_was_enabled:
            gc.enable()


class _Errstate:
    """`np.errstate(all="ignore")` behind the `set`/`reset` of a context variable."""

    def set(self, _):
        quiet = np.errstate(all="ignore")
        quiet.__enter__()
        return quiet

    def reset(self, quiet):
        quiet.__exit__(None, None, None)


try:
    # NumPy 2 keeps its error state in a context variable; setting that variable to a
    # silent state made once costs a fifth of building and entering an np.errstate (about
    # 1 µs a backward, 1 % of a small training step). Any other NumPy: np.errstate.
    from numpy._core._ufunc_config import _extobj_contextvar as _numpy_errors
    with np.errstate(all="ignore"):
        _SILENT = _numpy_errors.get()
except (ImportError, AttributeError):
    _numpy_errors, _SILENT = _Errstate(), None
