"""HookOrderLab: which hook fires when, during one backward pass.

The program: `x = tensor([1., 2., 3.], requires_grad=True); y = x * 2; z = (y * x).sum()`
(x is used twice). Hooks are registered in a deliberately awkward order (retain_grad
first) to show torch's rules: for each node, tensor hooks run first (in registration
order), then retain_grad, then node pre-hooks, then the node, then its post-hooks; nodes
run outputs-before-inputs; a leaf's hook fires once, with the summed gradient.
"""
from .. import _creation
from ..autograd.trace import trace
from ._fmt import values_text
from ._i18n import joined, listed, t
from ._widgets import WidgetView, set_text, widgets

__all__ = ["HookOrderLab", "HookOrderLabModel", "HOOKS"]

# in registration order
HOOKS = ("retain_grad on y", "pre-hook on y.grad_fn", "post-hook on y.grad_fn",
         "tensor hook on y", "second tensor hook on y", "tensor hook on x (leaf)")


def _v(g):
    return values_text(getattr(g, "_data", g))


class HookOrderLabModel:
    """Headless hook-order lab: `enable(name, on)`, `run()` -> the firing order."""

    def __init__(self, enabled=HOOKS):
        self.enabled = set()
        for name in enabled:
            self.enable(name)
        self.order = []

    def enable(self, name, on=True):
        if name not in HOOKS:
            raise ValueError(f"unknown hook {name!r}; choose from {HOOKS}")
        (self.enabled.add if on else self.enabled.discard)(name)

    def run(self):
        """Build the program, register the enabled hooks, run backward; returns the
        list of lines describing what happened, in order."""
        x = _creation.tensor([1.0, 2.0, 3.0], requires_grad=True)
        y = x * 2
        z = (y * x).sum()
        calls = {}                          # trace position -> hook name

        def recorder(name):
            def hook(*args):
                calls[len(log.events)] = name
            return hook

        with trace() as log:
            owners = {}
            for name in HOOKS:
                if name not in self.enabled:
                    continue
                if name == "retain_grad on y":
                    y.retain_grad()
                elif name == "pre-hook on y.grad_fn":
                    y.grad_fn.register_prehook(recorder(name))
                elif name == "post-hook on y.grad_fn":
                    y.grad_fn.register_hook(recorder(name))
                elif name.endswith("on y"):
                    y.register_hook(recorder(name))
                else:
                    x.register_hook(recorder(name))
            owners[log.node_label(y.grad_fn)] = "y.grad_fn"
            owners[log.node_label(z.grad_fn)] = "z.grad_fn"
            z.backward()
        self.order = self._lines(log, calls, owners)
        return self.order

    @staticmethod
    def _lines(log, calls, owners):
        lines = []
        for i, ev in enumerate(log.events):
            if ev.kind == "run":
                name = ev.subject.split("#")[0]
                who = owners.get(ev.subject)
                line = ("{node} runs ({who}), grad_output {grad}" if who else
                        "{node} runs, grad_output {grad}")
                lines.append(t(line).format(node=name, who=who, grad=_v(ev.info["grad"])))
            elif ev.kind == "hook" and ev.info["hook"] == "retain_grad":
                lines.append(t("retain_grad on y: y.grad = {grad}").format(
                    grad=_v(ev.info["grad"])))
            elif ev.kind == "hook":
                name = calls.get(i + 1)
                hook = t(name) if name else t("{kind} hook").format(kind=ev.info["hook"])
                lines.append(t("{hook} fires with {grad}").format(hook=hook,
                                                                  grad=_v(ev.info["grad"])))
            elif ev.kind == "accumulate":
                lines.append(t("AccumulateGrad stores x.grad = {grad}").format(
                    grad=_v(ev.info["grad"])))
        return lines

    def text(self):
        lines = [joined(t("registered, in this order:"),
                        listed([t(h) for h in HOOKS if h in self.enabled]) or t("nothing"))]
        if self.order:
            lines += [f"{k + 1:>2}. {line}" for k, line in enumerate(self.order)]
        else:
            lines.append(t("(press run)"))
        return "\n".join(lines)


class HookOrderLab(WidgetView):
    """Checkboxes choose the hooks; "run backward" lists what fired, in order."""

    def __init__(self):
        w = widgets()
        self.model = HookOrderLabModel()
        self.checks = {}
        for name in HOOKS:
            box = w.Checkbox(value=name in self.model.enabled, description=t(name),
                             indent=False)
            box.observe(lambda ch, name=name: self.model.enable(name, ch["new"]), names="value")
            self.checks[name] = box
        self.run_button = w.Button(description=t("run backward"), button_style="primary")
        self.run_button.on_click(lambda _b: self._run())
        self.out = w.Output()
        self.box = w.VBox(list(self.checks.values()) + [self.run_button, self.out])
        set_text(self.out, self.model.text())

    def _run(self):
        self.model.run()
        set_text(self.out, self.model.text())
