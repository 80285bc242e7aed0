"""Grad modes: no_grad, enable_grad, set_grad_enabled, inference_mode.

One switch per thread (`state.enabled`) decides whether ops record a graph: as in torch,
`no_grad` in one thread leaves every other thread's graph alone, and a new thread starts
with grad mode on and inference mode off. (Anomaly mode, in anomaly.py, is process-wide, as
torch's is.) Every mode is a context manager that saves the previous value and restores it
on exit (even after an exception), and can also decorate a function, a generator function
(the mode then holds inside the generator's body, not between its yields) or, deprecated, a
class.
"""
import functools
import inspect
import warnings

# the switches live at the bottom of the package, since Tensor reads them (_autograd_state.py);
# this module holds the context managers that flip them
from .._autograd_state import inference_anywhere  # noqa: F401  (re-exported)
from .._autograd_state import grad_state as state
from .._tensor import Tensor

__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled", "is_inference",
           "inference_mode", "is_inference_mode_enabled"]


def is_grad_enabled():
    """True when ops record the graph for backward."""
    return state.enabled


def is_inference_mode_enabled():
    """True inside `inference_mode()`."""
    return state.inference


_CLASS_DECORATION = (
    "Decorating classes is deprecated and will be disabled in future versions. You should "
    "only decorate functions or methods. To preserve the current behavior of class "
    "decoration, you can directly decorate the `__init__` method and nothing else.")


def _in_mode_generator(make_mode, gen_func):
    """Wrap a generator function so that its body runs under a fresh `make_mode()` each time
    it resumes, while the caller keeps its own mode between the yields."""
    @functools.wraps(gen_func)
    def wrapper(*args, **kwargs):
        gen = gen_func(*args, **kwargs)
        try:
            with make_mode():
                value = gen.send(None)
            while True:
                try:
                    sent = yield value
                except GeneratorExit:
                    with make_mode():
                        gen.close()
                    raise
                except BaseException as exc:        # thrown in by the caller: pass it on
                    with make_mode():
                        value = gen.throw(exc)
                else:
                    with make_mode():
                        value = gen.send(sent)
        except StopIteration as stop:
            return stop.value
    return wrapper


class _DecoratorContextManager:
    """Lets a mode be used as `with mode():`, `@mode()` and (for no_grad) `@mode`."""

    def __call__(self, func):
        if inspect.isclass(func):
            # torch still accepts a class, with a FutureWarning: calling the result builds
            # an instance under the mode
            warnings.warn(_CLASS_DECORATION, FutureWarning, stacklevel=2)
            cls = func
            func = lambda *args, **kwargs: cls(*args, **kwargs)  # noqa: E731
        if inspect.isgeneratorfunction(func):
            return _in_mode_generator(self.clone, func)

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self.clone():
                return func(*args, **kwargs)
        return wrapper

    def clone(self):
        return self.__class__()


class no_grad(_DecoratorContextManager):
    """Disable graph recording inside the block: results have requires_grad=False.

    Tensors created with requires_grad=True inside still require grad, and backward of
    a graph built outside still works.
    """

    def __new__(cls, orig_func=None):
        if orig_func is None or not callable(orig_func):
            return super().__new__(cls)
        return cls()(orig_func)      # used bare, as @no_grad

    def __init__(self, orig_func=None):
        self.prev = False

    def __enter__(self):
        self.prev = state.enabled
        state.enabled = False

    def __exit__(self, *exc):
        state.enabled = self.prev


class enable_grad(_DecoratorContextManager):
    """Re-enable graph recording inside a no_grad block."""

    def __new__(cls, orig_func=None):
        if orig_func is None or not callable(orig_func):
            return super().__new__(cls)
        return cls()(orig_func)

    def __init__(self, orig_func=None):
        self.prev = False

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


def is_inference(input):
    """True when `input` was created in inference mode (torch.is_inference)."""
    if not isinstance(input, Tensor):
        raise TypeError(f"is_inference(): argument 'input' (position 1) must be Tensor, not "
                        f"{type(input).__name__}")
    return input.is_inference()
