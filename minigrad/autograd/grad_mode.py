"""Grad modes: no_grad, enable_grad, set_grad_enabled, inference_mode.

One switch per thread (`state.enabled`) decides whether ops record a graph: as in torch,
`no_grad` in one thread leaves every other thread's graph alone, and a new thread starts
with grad mode on and inference mode off. (Anomaly mode, in anomaly.py, is process-wide, as
torch's is.) Every mode is a context manager that saves the previous value and restores it
on exit (even after an exception); `utils/_contextlib.py` lets it decorate a function too.
"""
# the switches live at the bottom of the package, since Tensor reads them (_autograd_state.py);
# this module holds the context managers that flip them
from .._autograd_state import inference_anywhere  # noqa: F401  (re-exported)
from .._autograd_state import grad_state as state
from ..utils._contextlib import _DecoratorContextManager, _NoParamDecoratorContextManager

__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled", "inference_mode",
           "is_inference_mode_enabled"]


def is_grad_enabled():
    """True when ops record the graph for backward."""
    return state.enabled


def is_inference_mode_enabled():
    """True inside `inference_mode()`."""
    return state.inference


class no_grad(_NoParamDecoratorContextManager):
    """Disable graph recording inside the block: results have requires_grad=False.

    Tensors created with requires_grad=True inside still require grad, and backward of
    a graph built outside still works.
    """

    def __enter__(self):
        self.prev = state.enabled
        state.enabled = False

    def __exit__(self, *exc):
        state.enabled = self.prev


class enable_grad(_NoParamDecoratorContextManager):
    """Re-enable graph recording inside a no_grad block."""

    def __enter__(self):
        self.prev = state.enabled
        state.enabled = True

    def __exit__(self, *exc):
        state.enabled = self.prev


class set_grad_enabled(_DecoratorContextManager):
    """Set grad mode to `mode`. Takes effect at once (a plain call persists), and as a
    context manager or decorator restores the previous mode afterwards."""

    def __init__(self, mode):
        if not isinstance(mode, bool):
            raise TypeError(f"set_grad_enabled(): argument 'mode' (position 1) must be bool, "
                            f"not {type(mode).__name__}")
        self.prev = state.enabled
        self.mode = mode
        state.enabled = mode

    def __call__(self, func):
        state.enabled = self.prev     # as a decorator, the call itself must not switch modes
        return super().__call__(func)

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        state.enabled = self.prev

    def clone(self):
        return self.__class__(self.mode)

    def __repr__(self):
        return f"minigrad.autograd.grad_mode.set_grad_enabled(mode={self.mode})"


class inference_mode(_DecoratorContextManager):
    """Like no_grad, and tensors made inside are marked as inference tensors, which can
    never join a recorded graph later."""

    def __new__(cls, mode=True):
        if isinstance(mode, bool):
            return super().__new__(cls)
        return cls()(mode)            # used bare, as @inference_mode

    def __init__(self, mode=True):
        self.mode = mode
        self.prev = None

    def __enter__(self):
        self.prev = (state.enabled, state.inference)
        if self.mode:
            inference_anywhere.opened()
            state.enabled, state.inference = False, True
        else:
            state.enabled, state.inference = True, False

    def __exit__(self, *exc):
        state.enabled, state.inference = self.prev
        if self.mode:
            inference_anywhere.closed()

    def clone(self):
        return self.__class__(self.mode)
