"""The state a backward pass runs in (see `BackwardMode`), kept apart from the engine loop."""
import gc

import numpy as np

from .grad_mode import state as _grad_state
from .saved import engine_state

__all__ = ["BackwardMode"]


class BackwardMode:
    """While backward runs: grad mode follows create_graph, NumPy stays silent about inf and
    nan (torch does not warn in backward), and the cyclic GC is paused (the graph is acyclic,
    so collections during backward only cost time). Everything is restored on exit."""
    __slots__ = ("create_graph", "saved", "quiet")

    def __init__(self, create_graph):
        self.create_graph = create_graph
        self.quiet = np.errstate(all="ignore")

    def __enter__(self):
        self.saved = (_grad_state.enabled, engine_state.create_graph, gc.isenabled())
        self.quiet.__enter__()
        gc.disable()
        _grad_state.enabled = engine_state.create_graph = self.create_graph

    def __exit__(self, *exc):
        _grad_state.enabled, engine_state.create_graph, gc_was_enabled = self.saved
        self.quiet.__exit__(*exc)
        if gc_was_enabled:
            gc.enable()
