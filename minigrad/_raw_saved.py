"""`grad_fn._raw_saved_<name>`: a node's saved tensor as an object (torch's
`torch._C._autograd.SavedTensor`) whose `register_hooks(pack, unpack)` replaces how that one
value is kept, as the autograd mechanics note shows (`y.grad_fn._raw_saved_self`).

The node classes and their saved slots live in the autograd core, which is at its size
budget; the attribute is attached here, from the surface, to every node class that saves a
tensor (imported by `minigrad/__init__.py` once the ops and nn have defined their nodes).
"""
from .autograd.graph import Node
import minigrad.autograd.saved_hooks as _saved_hooks
from .autograd.saved import FREED, SavedTensor as _CoreSavedTensor
from ._tensor import Tensor

__all__ = ["SavedTensor", "install"]

_FREED_MESSAGE = (
    "Calling register_hooks on a saved tensor after it has been freed. Saved intermediate "
    "values of the graph are freed when you call .backward() or autograd.grad(). Specify "
    "retain_graph=True if you need to backward through the graph a second time or if you "
    "need to access saved variables after calling backward.")


class SavedTensor:
    """One value a node saved for backward (`grad_fn._raw_saved_self`)."""

    __slots__ = ("_node", "_name")

    def __init__(self, node, name):
        self._node, self._name = node, name

    def register_hooks(self, *args, **kwargs):
        """Pack the saved value now with `pack` and keep only what it returns; backward (and
        `_saved_<name>`) then get the value back from `unpack(packed)`."""
        if len(args) != 2 or kwargs or not all(callable(a) for a in args):
            shown = ", ".join([repr(self), *map(repr, args)]
                              + [f"kwargs: {', '.join(f'{k}={v!r}' for k, v in kwargs.items())}"
                                 ] * bool(kwargs))
            raise TypeError(
                "register_hooks(): incompatible function arguments. The following argument "
                "types are supported:\n    1. (self: minigrad._C._autograd.SavedTensor, arg0: "
                "collections.abc.Callable, arg1: collections.abc.Callable) -> None\n\n"
                f"Invoked with: {shown}")
        pack, unpack = args
        saved = getattr(self._node, "s_" + self._name)
        if saved is FREED:
            raise RuntimeError(_FREED_MESSAGE)
        if saved.hooked is not None:
            raise RuntimeError("Calling register_hooks on a saved tensor whose hooks have "
                               "already been set. Hint: only one pair of hooks is allowed at "
                               "a time.")
        # torch hands the pack hook the saved data without its autograd identity, and puts
        # that identity back on what the unpack hook returns (saved_hooks.unpack)
        original = saved.tensor
        if original is not None:
            packed = pack(original.detach())
        else:
            packed = pack(Tensor._make(saved.data, False, None))
        saved.hooked = (packed, unpack, _saved_hooks.identity(original, original is None))
        saved.tensor = saved.data = saved.vc = None
        saved.version, saved.nonleaf = 0, False


SavedTensor.__module__ = "minigrad._C._autograd"


class _RawSavedAttribute:
    """`grad_fn._raw_saved_<name>`: the same SavedTensor object on every read, as in torch;
    only for a slot that holds a saved tensor (a number saved there has no raw form)."""

    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __get__(self, node, owner=None):
        if node is None:
            return self
        saved = getattr(node, "s_" + self.name, None)
        if saved is not FREED and not isinstance(saved, _CoreSavedTensor):
            raise AttributeError(f"'{type(node).__name__}' object has no attribute "
                                 f"'_raw_saved_{self.name}'")
        key = "_raw_saved_" + self.name
        raw = node.__dict__.get(key)
        if raw is None:
            raw = node.__dict__[key] = SavedTensor(node, self.name)
        return raw


def install():
    """Attach `_raw_saved_<name>` to every node class defined so far that saves tensors."""
    pending = [Node]
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        for slot in cls._saved_names:
            name = "_raw_saved_" + slot[2:]
            if slot.startswith("s_") and name not in cls.__dict__:
                setattr(cls, name, _RawSavedAttribute(slot[2:]))


install()
