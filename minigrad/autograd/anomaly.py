"""Anomaly mode: remember where in the forward code each node was created, and when its
backward fails, warn with that traceback before re-raising (as torch does)."""
import traceback
import warnings

import numpy as np

# the flags live at the bottom of the package, since Tensor reads `instrument`
# (_autograd_state.py); this module holds the modes that set them
from .._autograd_state import anomaly_state as state, instrument
from .._tensor import Tensor

__all__ = ["detect_anomaly", "set_detect_anomaly", "is_anomaly_enabled",
           "is_anomaly_check_nan_enabled", "run_checked"]


def set_watcher(watcher):
    """Install `watcher` (None removes it) and return the previous one. While a watcher is
    installed, every version-counter bump calls `watcher.on_bump(tensor)` (after the bump)
    and a failed saved-tensor version check calls `watcher.on_version_error(saved, node)`
    just before raising torch's error, unchanged."""
    previous, instrument.watcher = instrument.watcher, watcher
    instrument.update()
    return previous


def _refresh():
    instrument.anomaly = state.enabled
    instrument.update()


def is_anomaly_enabled():
    return state.enabled


def is_anomaly_check_nan_enabled():
    return state.check_nan


def record_trace(node):
    """Store the user's forward stack on the node (only called in anomaly mode)."""
    stack = traceback.format_stack()
    # drop minigrad's own frames at the end: the learner wants their line, not ours
    while stack and "/minigrad/" in stack[-1].split(",")[0]:
        stack.pop()
    node._trace = "".join(stack)


def report_failure(node):
    """Warn with the forward traceback of the node whose backward failed."""
    trace = node._trace
    if trace is None:
        warnings.warn(f"Error detected in {node.name()}. No forward pass information available. "
                      "Enable detect anomaly during forward pass for more information.",
                      UserWarning, stacklevel=3)
        return
    warnings.warn(f"Error detected in {node.name()}. Traceback of forward call that caused "
                  f"the error:\n{trace}", UserWarning, stacklevel=3)


def run_checked(node, grad):
    """The engine runs a node this way in anomaly mode: a failing backward first warns with
    the node's forward traceback; with check_nan, a nan in any returned gradient is an
    error."""
    try:
        outs = node.backward(grad)
    except Exception:
        report_failure(node)
        raise
    if state.check_nan:
        for i, g in enumerate(outs):
            if g is not None and np.isnan(g._data if isinstance(g, Tensor) else g).any():
                report_failure(node)
                raise RuntimeError(f"Function '{node.name()}' returned nan values in its "
                                   f"{i}th output.")
    return outs


class detect_anomaly:
    """Context manager / decorator enabling anomaly detection for the block."""

    def __init__(self, check_nan=True):
        self.prev = None
        self.check_nan = check_nan
        warnings.warn("Anomaly Detection has been enabled. This mode will increase the runtime "
                      "and should only be enabled for debugging.", UserWarning, stacklevel=2)

    def __enter__(self):
        self.prev = (state.enabled, state.check_nan)
        state.enabled, state.check_nan = True, self.check_nan
        _refresh()

    def __exit__(self, *exc):
        state.enabled, state.check_nan = self.prev
        _refresh()

    def __call__(self, func):
        import functools

        @functools.wraps(func)
        def wrapper(*a, **k):
            with self.__class__(self.check_nan):
                return func(*a, **k)
        return wrapper


class set_detect_anomaly:
    """Turn anomaly detection on or off (a plain call persists; also a context manager)."""

    def __init__(self, mode, check_nan=True):
        self.prev = (state.enabled, state.check_nan)
        state.enabled, state.check_nan = bool(mode), check_nan
        _refresh()

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        state.enabled, state.check_nan = self.prev
        _refresh()
