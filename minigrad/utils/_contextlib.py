"""Context managers that also work as decorators (mirrors `torch.utils._contextlib`).

The grad modes (`no_grad`, `enable_grad`, `set_grad_enabled`, `inference_mode`) share this
base: used as `with mode():`, as `@mode()`, or (no_grad, enable_grad, inference_mode) bare as
`@mode`. Decorating a generator function holds the mode inside the generator's body, not
between its yields; decorating a class is deprecated, as in torch.
"""
import functools
import inspect
import warnings

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


class _NoParamDecoratorContextManager(_DecoratorContextManager):
    """A mode that takes no argument, so it may also decorate bare: `@no_grad`."""

    def __new__(cls, orig_func=None):
        if orig_func is None or not callable(orig_func):
            return super().__new__(cls)
        return cls()(orig_func)      # used bare: decorate orig_func

    def __init__(self, orig_func=None):
        self.prev = False
