"""GradModeLab: toggle no_grad / inference_mode / requires_grad and watch nodes vanish.

The program is always the same:

    x = tensor([1., 2.], requires_grad=<x flag>)
    w = tensor([3., 4.], requires_grad=<w flag>)
    with <mode>:
        h = x * w
        y = h.sigmoid()

and afterwards, outside the block, `(y * w).sum().backward()` is tried.
"""
import contextlib

from .. import _creation
from ..autograd import grad_mode
import minigrad.viz._walk as _walk
from ._fmt import values_text
from ._i18n import joined, t
from ._names import Names
from ._widgets import WidgetView, set_diagram, set_text, widgets
from .diagram import Diagram

__all__ = ["GradModeLab", "GradModeLabModel", "MODES"]

MODES = {
    "grad": ("(grad mode on)", contextlib.nullcontext),
    "no_grad": ("with minigrad.no_grad():", grad_mode.no_grad),
    "inference_mode": ("with minigrad.inference_mode():", grad_mode.inference_mode),
}


class GradModeLabModel:
    """Headless grad-mode lab: `set(mode=..., x_requires_grad=..., w_requires_grad=...)`
    recomputes; `facts()`, `text()`, `diagram()`."""

    def __init__(self, mode="grad", x_requires_grad=True, w_requires_grad=False):
        self.mode, self.x_requires_grad, self.w_requires_grad = "grad", True, False
        self.set(mode, x_requires_grad, w_requires_grad)

    def set(self, mode=None, x_requires_grad=None, w_requires_grad=None):
        if mode is not None:
            if mode not in MODES:
                raise ValueError(f"mode must be one of {list(MODES)}, not {mode!r}")
            self.mode = mode
        if x_requires_grad is not None:
            self.x_requires_grad = bool(x_requires_grad)
        if w_requires_grad is not None:
            self.w_requires_grad = bool(w_requires_grad)
        self._compute()

    def _compute(self):
        self.x = _creation.tensor([1.0, 2.0], requires_grad=self.x_requires_grad)
        self.w = _creation.tensor([3.0, 4.0], requires_grad=self.w_requires_grad)
        with MODES[self.mode][1]():
            self.h = self.x * self.w
            self.y = self.h.sigmoid()
        self._later = self._try_later()
        self.later = " ".join(self._later)          # the outcome, in English (model data)

    def _try_later(self):
        """The outcome as (widget string, torch's text or values): the first part is
        translated when shown, the second never is."""
        try:
            z = (self.y * self.w).sum()
            if not z.requires_grad:
                return ("z does not require grad: nothing to backpropagate",)
            z.backward()
        except RuntimeError as e:
            return ("raises", f"RuntimeError: {str(e).split('. ')[0]}")
        parts = [f"{n}.grad = {values_text(x._grad._data)}" for n, x in
                 (("x", self.x), ("w", self.w)) if x._grad is not None]
        return ("runs:", ", ".join(parts)) if parts else ("runs:", "no leaf gets a .grad")

    def _names(self):
        return Names.from_argument({"x": self.x, "w": self.w, "h": self.h, "y": self.y}, [])

    def facts(self):
        fn = self.y.grad_fn
        model = _walk.build([self.y], self._names(), None)
        return {
            "y.requires_grad": self.y.requires_grad,
            "y.grad_fn": None if fn is None else type(fn).__name__,
            "y.is_leaf": self.y.is_leaf,
            "y.is_inference()": self.y.is_inference(),
            "graph nodes": sum(1 for n in model.nodes if n.kind in ("fn", "accumulate")),
        }

    def text(self):
        head, _ctx = MODES[self.mode]
        lines = [f"x.requires_grad={self.x_requires_grad}, w.requires_grad="
                 f"{self.w_requires_grad}", t(head),
                 "    h = x * w", "    y = h.sigmoid()"]
        lines += [f"{t(k)}{t(': ')}{v}" for k, v in self.facts().items()]
        lines.append(joined(t("later, (y * w).sum().backward():"),
                            *[t(part) for part in self._later]))
        return "\n".join(lines)

    def diagram(self):
        return Diagram(_walk.build([self.y], self._names(), None), view="forward")


class GradModeLab(WidgetView):
    """Radio buttons for the grad mode, checkboxes for requires_grad on x and w; the text
    and the (forward) diagram update on every change."""

    def __init__(self):
        w = widgets()
        self.model = GradModeLabModel()
        self.mode = w.RadioButtons(options=list(MODES), value=self.model.mode,
                                   description=t("mode"))
        self.x_box = w.Checkbox(value=self.model.x_requires_grad, description="x requires_grad")
        self.w_box = w.Checkbox(value=self.model.w_requires_grad, description="w requires_grad")
        self.info, self.picture = w.Output(), w.Output()
        for widget in (self.mode, self.x_box, self.w_box):
            widget.observe(self._on_change, names="value")
        self.box = w.VBox([w.HBox([self.mode, w.VBox([self.x_box, self.w_box])]),
                           self.info, self.picture])
        self._refresh()

    def _on_change(self, _change):
        self.model.set(self.mode.value, self.x_box.value, self.w_box.value)
        self._refresh()

    def _refresh(self):
        set_text(self.info, self.model.text())
        set_diagram(self.picture, self.model.diagram())
