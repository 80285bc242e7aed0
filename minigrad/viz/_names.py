"""Finding the variable names a learner used for tensors.

When `names` is not given, diagrams look at the namespace of the code that called them
(the first frame outside `minigrad.viz`) and match tensors by identity (`is`). Names that
start with `_` are skipped (IPython's `_`, `_1`, `__`...).

A diagram should only show a name that is current. A variable cannot say whether the
learner still means it (`for name, prm in lin.named_parameters(): ...` leaves `prm` bound
to the bias), so when one tensor has several names the most specific wins:

1. a module's attribute path (`lin.bias`, found through the modules in the namespace) over
   any plain variable: it names where the parameter lives now; among paths, the one with
   the most parts (through the outermost module: `model.0.weight` over a stray
   `layer.weight`);
2. then a variable of the calling function over a global (the code running now);
3. then the shortest name, then the alphabetically first (`loss` beats `the_loss`).
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


PATH, LOCAL, GLOBAL = 0, 1, 2          # kinds of name, most specific first (rules 1-2)


def _rank(name, kind):
    """Sort key of a name: smaller is better (the module docstring's rules)."""
    depth = name.count(".") if kind == PATH else 0
    return (kind, -depth, len(name), name)


class Names:
    """Tensor -> name, plus the named tensors in namespace order (the candidates that may
    appear in a diagram as intermediates or aliases)."""

    def __init__(self):
        self._by_tensor = {}       # Tensor hashes by identity, so this is an identity map
        self.candidates = []

    def add(self, name, tensor, kind=LOCAL):
        """Name `tensor`; it keeps the best-ranked of its names (`kind`: PATH, LOCAL or
        GLOBAL)."""
        rank = _rank(name, kind)
        if tensor not in self._by_tensor:
            self.candidates.append(tensor)
            self._by_tensor[tensor] = (rank, name)
        elif rank < self._by_tensor[tensor][0]:
            self._by_tensor[tensor] = (rank, name)

    def get(self, tensor):
        found = self._by_tensor.get(tensor)
        return None if found is None else found[1]

    def __contains__(self, tensor):
        return tensor in self._by_tensor

    # ---- constructors -----------------------------------------------------------------
    @classmethod
    def from_namespaces(cls, *namespaces):
        """Scan dicts of variables (the caller's locals, then its globals): tensors, and
        parameters of modules under `var.param` names."""
        from .._tensor import Tensor
        module_cls = _module_class()
        names = cls()
        for k, ns in enumerate(namespaces):
            # at module level locals and globals are one dict: its names count as local
            kind = LOCAL if k == 0 or any(ns is n for n in namespaces[:k]) else GLOBAL
            for key, value in list(ns.items()):
                if not isinstance(key, str) or key.startswith("_"):
                    continue
                if isinstance(value, Tensor):
                    names.add(key, value, kind)
                elif module_cls is not None and isinstance(value, module_cls):
                    try:
                        params = list(value.named_parameters())
                    except Exception:      # a half-built module must not break a drawing
                        continue
                    for pname, p in params:
                        names.add(f"{key}.{pname}", p, PATH)
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
