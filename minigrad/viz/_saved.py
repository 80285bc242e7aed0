"""Reading what a grad_fn node saved for backward, and whether it went stale."""
import numpy as np

from ..autograd.view_history import CopySlices
from ..autograd.saved import FREED, SavedTensor
import minigrad.viz._fmt as _fmt

__all__ = ["saved_entries", "is_drawn_saved", "saved_versions", "is_stale", "FREED",
           "SavedTensor"]


def saved_entries(fn):
    """[(name, value)] of what `fn` keeps for backward: SavedTensor objects, FREED,
    arrays, numbers. CopySlices shows what its wrapped node saved."""
    if type(fn) is CopySlices:
        fn = fn.fn
    names = type(fn)._saved_names
    if not names:
        return []
    if names == ("_saved",):                         # a custom Function's ctx
        saved = fn.__dict__.get("_saved")
        if saved is FREED:
            return [("saved", FREED)]
        return [(f"saved[{i}]", s) for i, s in enumerate(saved or ())
                if isinstance(s, SavedTensor)]
    out = []
    for slot in names:
        value = getattr(fn, slot, None)
        if value is not None:
            out.append((slot[2:] if slot.startswith("s_") else slot, value))
    return out


def is_drawn_saved(value):
    """Saved tensors, freed slots and arrays get their own node; numbers do not."""
    return type(value) is SavedTensor or value is FREED or type(value) is np.ndarray


def saved_versions(s):
    """(version at save time, version now) of a SavedTensor."""
    if s.tensor is None:
        return s.version, (0 if s.vc is None else s.vc.value)
    return s.version, _fmt.version_of(s.tensor)


def is_stale(value):
    if type(value) is not SavedTensor:
        return False
    then, now = saved_versions(value)
    return then != now
