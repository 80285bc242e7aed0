"""ViewsLab: what a view, detach(), .data and clone() share with their base.

Pick how `other` is made from `base`, edit one of them in place, and read off: do the
values change together (same storage)? Do both version counters move (same counter)? Is
`other._base` the base? With `track=True` the base is a non-leaf that requires grad, so
the grad_fn rewrites (CopySlices, AsStridedBackward0) show up too.
"""
import numpy as np

from .. import _creation
from .._storage import root_array
from ._fmt import values_text
from ._i18n import joined, t
from ._widgets import WidgetView, set_text, widgets

__all__ = ["ViewsLab", "ViewsLabModel", "MAKERS"]

MAKERS = {
    "row": ("base[0]", lambda b: b[0]),
    "transpose": ("base.t()", lambda b: b.t()),
    "reshape": ("base.view(6)", lambda b: b.view(6)),
    "detach": ("base.detach()", lambda b: b.detach()),
    "data": ("base.data", lambda b: b.data),
    "clone": ("base.clone()", lambda b: b.clone()),
}


def _yes(flag):
    return t("yes") if flag else t("no")


class ViewsLabModel:
    """Headless views lab: `make(kind)`, `edit("other" | "base")`, `reset()`, `facts()`."""

    def __init__(self, kind="row", track=False):
        self.track = track
        self.kind = kind
        self.reset()

    def reset(self):
        leaf = _creation.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=self.track)
        self.base = leaf * 1 if self.track else leaf     # a non-leaf may be edited in place
        self.edits = []
        self.make(self.kind)

    def make(self, kind):
        """Make `other` from `base` in one of the MAKERS ways."""
        if kind not in MAKERS:
            raise ValueError(f"kind must be one of {sorted(MAKERS)}, not {kind!r}")
        self.kind = kind
        self.other = MAKERS[kind][1](self.base)
        return self.other

    def edit(self, target="other"):
        """`other.mul_(10)` or `base.add_(100)`."""
        if target == "other":
            self.other.mul_(10)
            self.edits.append("other.mul_(10)")
        elif target == "base":
            self.base.add_(100)
            self.edits.append("base.add_(100)")
        else:
            raise ValueError("target must be 'other' or 'base'")

    def facts(self):
        b, o = self.base, self.other
        facts = {
            "same storage": root_array(b._data) is root_array(o._data),
            "same version counter": b._vc is not None and b._vc is o._vc,
            "other._base is base": o._base is b,
            "base._version": b._version,
            "other._version": o._version,
        }
        if self.track:
            facts["base.grad_fn"] = _fn_name(b)
            facts["other.grad_fn"] = _fn_name(o)
        return facts

    def text(self):
        lines = [f"other = {MAKERS[self.kind][0]}",
                 joined(t("edits:"), "; ".join(self.edits) if self.edits else t("none")),
                 "base  = " + _values(self.base),
                 "other = " + _values(self.other)]
        for key, value in self.facts().items():
            lines.append(f"{t(key)}{t(': ')}{_yes(value) if isinstance(value, bool) else value}")
        return "\n".join(lines)


def _values(t):
    return values_text(t._data) or np.array2string(t._data, separator=", ").replace("\n", "")


def _fn_name(t):
    fn = t.grad_fn
    return "None" if fn is None else type(fn).__name__


class ViewsLab(WidgetView):
    """Choose how `other` is made from `base`, edit either one, compare what they share."""

    def __init__(self, kind="row", track=False):
        w = widgets()
        self.model = ViewsLabModel(kind, track)
        self.kind = w.ToggleButtons(options=[(code, k) for k, (code, _f) in MAKERS.items()],
                                    value=kind)
        self.edit_other = w.Button(description="other.mul_(10)")
        self.edit_base = w.Button(description="base.add_(100)")
        self.reset_button = w.Button(description=t("reset"))
        self.out = w.Output()
        self.kind.observe(self._on_kind, names="value")
        self.edit_other.on_click(lambda _b: self._do(self.model.edit, "other"))
        self.edit_base.on_click(lambda _b: self._do(self.model.edit, "base"))
        self.reset_button.on_click(lambda _b: self._do(self.model.reset))
        self.box = w.VBox([self.kind, w.HBox([self.edit_other, self.edit_base,
                                              self.reset_button]), self.out])
        self._refresh()

    def _on_kind(self, change):
        self.model.kind = change["new"]
        self._do(self.model.reset)

    def _do(self, fn, *args):
        fn(*args)
        self._refresh()

    def _refresh(self):
        set_text(self.out, self.model.text())
