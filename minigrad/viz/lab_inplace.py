"""InplaceLab: edit a saved tensor through detach(), .data or a view, and see whether the
next backward raises or is silently wrong.

The setup is `a = tensor([1., 2., 3.], requires_grad=True); out = a.sigmoid()`.
SigmoidBackward0 saves its result (`out`) for backward, so editing `out` in place matters:
- `out.detach().mul_(2)` shares the version counter: the edit is seen, backward raises;
- `out[0].mul_(2)` is a view: same counter, autograd records it, backward raises;
- `out.data.mul_(2)` has its own counter: nobody notices, the gradient is silently wrong.
"""
import numpy as np

from .. import _creation
import minigrad.viz._walk as _walk
from ._fmt import values_text
from ._i18n import joined, t
from ._names import Names
from ._saved import saved_versions
from ._widgets import WidgetView, set_diagram, set_text, widgets
from .diagram import Diagram

__all__ = ["InplaceLab", "InplaceLabModel", "EDITS"]

EDITS = {
    "detach": ("out.detach().mul_(2)", lambda out: out.detach()),
    "data": ("out.data.mul_(2)", lambda out: out.data),
    "view": ("out[0].mul_(2)", lambda out: out[0]),
}


class InplaceLabModel:
    """Headless in-place lab: `edit(how)` with how in EDITS, `prediction()`,
    `run_backward()`, `reset()`, `text()`, `diagram()`."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.a = _creation.tensor([1.0, 2.0, 3.0], requires_grad=True)
        self.out = self.a.sigmoid()
        self.node = self.out.grad_fn                 # SigmoidBackward0, kept: views replace it
        s = self.out._data.astype(np.float64)
        self.correct = (s * (1 - s)).astype(np.float32)
        self.original = self.out._data.copy()
        self.edits, self.alias, self.result = [], None, None

    def edit(self, how):
        """Apply one edit: "detach", "data" or "view"."""
        if how not in EDITS:
            raise ValueError(f"edit must be one of {sorted(EDITS)}, not {how!r}")
        code, make = EDITS[how]
        self.alias = make(self.out)
        self.alias.mul_(2)
        self.edits.append(code)
        self.result = None

    def versions(self):
        """(version SigmoidBackward0 saved, version now)."""
        return saved_versions(self.node.s_result)

    def prediction(self):
        """"raises", "wrong" (runs, but wrong gradient) or "correct"."""
        then, now = self.versions()
        if then != now:
            return "raises"
        if not np.array_equal(self.out._data, self.original):
            return "wrong"
        return "correct"

    def run_backward(self):
        """Really run `out.sum().backward()` (on a fresh a.grad); returns the outcome."""
        self.a._grad = None
        try:
            self.out.sum().backward(retain_graph=True)
        except RuntimeError as e:
            self.result = ("raises", f"RuntimeError: {e}")
            return "raises"
        got = self.a._grad._data
        ok = np.allclose(got, self.correct, rtol=1e-5, atol=1e-7)
        self.result = ("correct" if ok else "wrong", values_text(got))
        return self.result[0]

    def text(self):
        then, now = self.versions()
        lines = ["a = tensor([1., 2., 3.], requires_grad=True); out = a.sigmoid()",
                 joined(t("edits:"), "; ".join(self.edits) if self.edits else t("none")),
                 f"out = {values_text(self.out._data)}   out._version = {self.out._version}",
                 t("SigmoidBackward0 saved out at v{then}; now v{now}").format(then=then, now=now)
                 + ("  " + t("<- stale") if then != now else "")]
        verdict = {
            "raises": "backward will raise (the version counter saw the edit)",
            "wrong": "backward will run, but the gradient is silently WRONG "
                     "(.data edits are invisible to the version counter)",
            "correct": "backward will run and be correct",
        }
        lines.append(joined(t("prediction:"), t(verdict[self.prediction()])))
        if self.result is not None:
            kind, detail = self.result
            if kind == "raises":
                lines.append(joined(t("backward:"), detail.split(". Hint:")[0]))
            else:
                lines.append(t("backward: a.grad = {got}; correct: {want} -> {verdict}").format(
                    got=detail, want=values_text(self.correct), verdict=t(kind.upper())))
        return "\n".join(lines)

    def diagram(self):
        names = Names.from_argument({"a": self.a, "out": self.out}, [])
        if self.alias is not None:
            names.add("edited", self.alias)
        return Diagram(_walk.build([self.out], names, None))


class InplaceLab(WidgetView):
    """Buttons for `out.detach().mul_(2)`, `out.data.mul_(2)`, `out[0].mul_(2)`, reset and
    run backward; shows the version counter, the prediction and the diagram."""

    def __init__(self):
        w = widgets()
        self.model = InplaceLabModel()
        self.buttons = {}
        for how, (code, _make) in EDITS.items():
            b = w.Button(description=code, layout=w.Layout(width="auto"))
            b.on_click(lambda _b, how=how: self._do(self.model.edit, how))
            self.buttons[how] = b
        self.run_button = w.Button(description=t("run backward"), button_style="warning")
        self.run_button.on_click(lambda _b: self._do(self.model.run_backward))
        self.reset_button = w.Button(description=t("reset"))
        self.reset_button.on_click(lambda _b: self._do(self.model.reset))
        self.info, self.picture = w.Output(), w.Output()
        self.box = w.VBox([w.HBox(list(self.buttons.values())),
                           w.HBox([self.run_button, self.reset_button]),
                           self.info, self.picture])
        self._refresh()

    def _do(self, fn, *args):
        fn(*args)
        self._refresh()

    def _refresh(self):
        set_text(self.info, self.model.text())
        set_diagram(self.picture, self.model.diagram())
