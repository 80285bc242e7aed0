"""Finding the variable names a learner used for tensors.

When `names` is not given, diagrams look at the namespace of the code that called them
(the first frame outside `minigrad.viz`) and match tensors by identity (`is`). Names that
start with `_` are skipped (IPython's `_`, `_1`, `__`...). When one tensor has several
names the shortest wins (then alphabetical), so `loss` beats `the_loss`.
"""
import sys

__all__ = ["caller_namespaces", "caller_frame", "LiveNamespaces", "Names", "resolve"]


def caller_frame():
    """The first frame outside this package (None if there is none)."""
    frame = sys._getframe(1)
    while frame is not None and \
            str(frame.f_globals.get("__name__", "")).startswith("minigrad.viz"):
        frame = frame.f_back
    return frame


def caller_namespaces():
    """(locals, globals) of the first frame outside this package."""
    frame = caller_frame()
    try:
        if frame is None:
            return {}, {}
        return frame.f_locals, frame.f_globals
    finally:
        del frame          # frames in locals make reference cycles


class LiveNamespaces:
    """The caller's namespaces, read again on every use: inside a function `f_locals` is
    a snapshot, so a long-lived LiveGraph keeps the frame and re-reads it. `release()`
    drops the frame (a LiveGraph does it on close)."""

    def __init__(self):
        self.frame = caller_frame()

    def __call__(self):
        if self.frame is None:
            return {}, {}
        return self.frame.f_locals, self.frame.f_globals

    def release(self):
        self.frame = None


def _better(name, old):
    return old is None or (len(name), name) < (len(old), old)


class Names:
    """Tensor -> name, plus the named tensors in namespace order (the candidates that may
    appear in a diagram as intermediates or aliases)."""

    def __init__(self):
        self._by_tensor = {}       # Tensor hashes by identity, so this is an identity map
        self.candidates = []

    def add(self, name, tensor):
        if tensor not in self._by_tensor:
            self.candidates.append(tensor)
            self._by_tensor[tensor] = name
        elif _better(name, self._by_tensor[tensor]):
            self._by_tensor[tensor] = name

    def get(self, tensor):
        return self._by_tensor.get(tensor)

    def __contains__(self, tensor):
        return tensor in self._by_tensor

    # ---- constructors -----------------------------------------------------------------
    @classmethod
    def from_namespaces(cls, *namespaces):
        """Scan dicts of variables (locals first): tensors, and parameters of modules
        under `var.param` names."""
        from .._tensor import Tensor
        module_cls = _module_class()
        names = cls()
        for ns in namespaces:
            for key, value in list(ns.items()):
                if not isinstance(key, str) or key.startswith("_"):
                    continue
                if isinstance(value, Tensor):
                    names.add(key, value)
                elif module_cls is not None and isinstance(value, module_cls):
                    try:
                        params = list(value.named_parameters())
                    except Exception:      # a half-built module must not break a drawing
                        continue
                    for pname, p in params:
                        names.add(f"{key}.{pname}", p)
        return names

    @classmethod
    def from_argument(cls, names, tensors):
        """`names=` as given by the caller: a mapping name -> tensor, or one name per
        positional tensor."""
        from .._tensor import Tensor
        out = cls()
        if hasattr(names, "items"):
            for key, value in names.items():
                if isinstance(value, Tensor) and not str(key).startswith("_"):
                    out.add(str(key), value)
            return out
        names = list(names)
        if len(names) != len(tensors):
            raise ValueError(f"names: got {len(names)} names for {len(tensors)} tensors")
        for key, value in zip(names, tensors):
            out.add(str(key), value)
        return out


def _module_class():
    try:
        from ..nn import Module
    except Exception:
        return None
    return Module


def resolve(names, tensors, namespaces=None):
    """The `Names` for a diagram: from `names=` if given, else from the caller's frame."""
    if names is not None:
        return Names.from_argument(names, tensors)
    if namespaces is None:
        namespaces = caller_namespaces()
    return Names.from_namespaces(*namespaces)
