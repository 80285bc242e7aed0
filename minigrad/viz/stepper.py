"""BackwardStepper: replay a backward pass node by node.

How it works: the graph is drawn first (the state before backward), then
`loss.backward(retain_graph=True)` runs once under `minigrad.autograd.trace()`, and the
recorded events are cut into steps, one per node run. Stepping only replays that record.

Side effects, kept small on purpose:
- the learner's `.grad` fields are set aside during the recording and put back after, so
  building a stepper does not accumulate anything;
- nothing is freed (retain_graph=True), so `loss.backward()` still works afterwards;
- hooks do run once, during the recording (what they print is captured and replayed at
  their step; other side effects, like appending to a list, happen once).
"""
import contextlib
import io
from dataclasses import dataclass, field

import numpy as np

from ..autograd.graph import AccumulateGrad
from ..autograd.trace import trace
import minigrad.viz._labels as L
import minigrad.viz._names as _names
import minigrad.viz._walk as _walk
from ._fmt import values_text
from ._i18n import joined, t as _t   # widget text in the chosen language (t: a local name)
from ._widgets import WidgetView, set_diagram, set_text, widgets
from .diagram import DEFAULT_MAX_NODES, Diagram
from .dot import DrawState

__all__ = ["BackwardStepper", "StepperModel", "Step"]


def _show(values):
    arr = np.asarray(values)
    text = values_text(arr)
    return text if text is not None else f"<{'x'.join(map(str, arr.shape))} values>"


@dataclass
class Step:
    """One node run during backward."""
    node_id: str                       # model id of the node (a chain id if folded)
    name: str                          # its class name, e.g. "MulBackward0"
    grad_output: object = None         # nested lists (from the trace)
    grad_inputs: list = field(default_factory=list)   # [(input nr, target id, class, values)]
    hooks: list = field(default_factory=list)         # [(kind, values)] in firing order
    grads: list = field(default_factory=list)         # [(tensor id, values)] .grad written
    printed: str = ""                  # what hooks printed during this step


class _Capture(io.TextIOBase):
    """stdout during the recording, tagged with the trace position it was written at."""

    def __init__(self, log):
        self.log, self.parts = log, []

    def write(self, s):
        self.parts.append((len(self.log.events), s))
        return len(s)


class StepperModel:
    """Headless backward stepper: `steps`, `index` (0 = before backward), `next()`,
    `prev()`, `goto(i)`, `text()`, `diagram()`. `observe(fn)` calls `fn(index)` whenever
    the position changes, so a view follows `goto()` called from code."""

    def __init__(self, loss, gradient=None, names=None, max_nodes=DEFAULT_MAX_NODES,
                 namespaces=None):
        self.loss = loss
        resolved = _names.resolve(names, [loss], namespaces)
        self.names = resolved
        self.graph, self._fn_ids, self._tensor_ids = _walk.build_with_ids([loss], resolved,
                                                                           max_nodes)
        self._labels = {n.id: n.label for n in self.graph.nodes}
        self.before = self._grads_now()
        self.steps, self.error = [], None
        self._record(gradient)
        self.index = 0
        self._observers = []

    # ---- recording ---------------------------------------------------------------------
    def _grads_now(self):
        return {tid: (None if t._grad is None else t._grad._data.copy())
                for t, tid in self._tensor_ids.items()}

    def _record(self, gradient):
        if self.loss.grad_fn is None:
            self.error = _t("this tensor has no grad_fn: nothing to step through "
                            "(it is a leaf, or was computed without grad)")
            return
        tensors = list(self._tensor_ids)
        kept = [t._grad for t in tensors]
        outputs = {}
        wrapped = list(self._fn_ids)
        for fn in wrapped:                 # see what each node returns, per input
            fn.__dict__["backward"] = _spy(fn, outputs)
        with trace() as log:
            cap = _Capture(log)
            try:
                for t in tensors:
                    t._grad = None
                with contextlib.redirect_stdout(cap):
                    self.loss.backward(gradient, retain_graph=True)
            except Exception as e:         # e.g. the in-place error: it becomes the last step
                self.error = f"{type(e).__name__}: {e}"
            finally:
                for fn in wrapped:
                    fn.__dict__.pop("backward", None)
                for t, g in zip(tensors, kept):
                    t._grad = g
        self._cut(log, outputs, cap.parts)

    def _cut(self, log, outputs, printed):
        by_label = {label: node for node, label in log._labels.items()}
        pending_hooks, step, run_node = [], None, None
        owner = []                   # the step each event belongs to (hooks: the next run)
        waiting = []                 # positions of events waiting for their run
        for ev in log.events:
            node = by_label.get(ev.subject)
            owner.append(step)
            if ev.kind == "hook" and node is not None:
                hook = ev.info["hook"]
                if hook == "posthook" and step is not None:
                    step.hooks.append(("post-hook", ev.info["grad"]))
                    continue
                waiting.append(len(owner) - 1)
                if hook == "retain_grad":
                    t = node._retain_ref() if node._retain_ref is not None else None
                    if t in self._tensor_ids:
                        pending_hooks.append(("grad", (self._tensor_ids[t], ev.info["grad"])))
                else:
                    kind = {"tensor": "tensor hook", "prehook": "pre-hook"}.get(hook, hook)
                    pending_hooks.append(("hook", (kind, ev.info["grad"])))
            elif ev.kind == "run" and node is not None:
                run_node = node
                step = Step(self._fn_ids.get(node, "?"), type(node).__name__, ev.info["grad"])
                for what, item in pending_hooks:
                    (step.grads if what == "grad" else step.hooks).append(item)
                for k in waiting:
                    owner[k] = step
                pending_hooks, waiting = [], []
                owner[-1] = step
                step.grad_inputs = self._inputs(node, outputs.get(node))
                self.steps.append(step)
            elif ev.kind == "accumulate" and type(run_node) is AccumulateGrad:
                leaf = run_node.variable       # the event follows its AccumulateGrad's run
                if leaf in self._tensor_ids:
                    step.grads.append((self._tensor_ids[leaf], ev.info["grad"]))
        for at, text in printed:           # text written after event at-1 belongs to its step
            target = owner[at - 1] if 0 < at <= len(owner) else None
            if target is not None:
                target.printed += text

    def _inputs(self, node, outs):
        if outs is None:
            return []
        result = []
        for k, nxt in enumerate(node._next or ()):
            g = outs[k] if k < len(outs) else None
            if nxt is None or g is None:
                continue
            data = getattr(g, "_data", g)
            result.append((k, self._fn_ids.get(nxt, "?"), type(nxt).__name__,
                           np.asarray(data).tolist()))
        return result

    # ---- navigation ---------------------------------------------------------------------
    @property
    def count(self):
        """Number of positions: 0 (before backward) .. len(steps) (+1 if it raised)."""
        return len(self.steps) + 1 + (1 if self.error else 0)

    def observe(self, fn):
        """Call `fn(index)` after every change of position (the widget uses this)."""
        self._observers.append(fn)

    def goto(self, i):
        index = max(0, min(int(i), self.count - 1))
        if index != self.index:
            self.index = index
            for fn in self._observers:
                fn(index)
        return self.index

    def next(self):
        return self.goto(self.index + 1)

    def prev(self):
        return self.goto(self.index - 1)

    @property
    def current(self):
        """The Step shown now (None before backward and at the error)."""
        if 1 <= self.index <= len(self.steps):
            return self.steps[self.index - 1]
        return None

    def grads_at(self, index=None):
        """{tensor id: .grad values as lists or None} after `index` steps."""
        index = self.index if index is None else index
        state = {tid: (None if g is None else g.copy()) for tid, g in self.before.items()}
        for step in self.steps[:index]:
            for tid, values in step.grads:
                arr = np.asarray(values)
                state[tid] = arr if state[tid] is None else state[tid] + arr
        return {tid: (None if g is None else g.tolist()) for tid, g in state.items()}

    # ---- output -------------------------------------------------------------------------
    def _name(self, node_id, cls_name):
        if node_id.startswith("c"):                    # inside a folded chain
            return _t("{node} (in chain {chain})").format(node=cls_name, chain=node_id)
        return f"{cls_name} ({node_id})"

    def text(self):
        """What the current position shows, as lines of text."""
        n = len(self.steps)
        if self.index == 0:
            head = _t("before backward: {n} node(s) will run").format(n=n)
            if self.error:
                head += _t(", then backward raises")
            return head
        if self.index > n:
            return joined(_t("backward raised"), self.error)
        s = self.current
        lines = [f"{_t('step')} {self.index}/{n}{_t(': ')}{self._name(s.node_id, s.name)}"]
        for kind, values in s.hooks:
            if kind != "post-hook":
                lines.append("  " + _t(f"{kind} fires with {{grad}}").format(grad=_show(values)))
        lines.append(f"  grad_output {_show(s.grad_output)}")
        for k, target, cls_name, values in s.grad_inputs:
            lines.append(f"  {_t('-> input {k} to').format(k=k)} "
                         f"{self._name(target, cls_name)}{_t(': ')}{_show(values)}")
        for kind, values in s.hooks:
            if kind == "post-hook":
                lines.append("  " + _t("post-hook fires with grad_output {grad}").format(
                    grad=_show(values)))
        grads = self.grads_at()
        for tid, _values in s.grads:
            label = self._labels[tid]
            label = tid if label == L.UNNAMED() else label
            lines.append(f"  {label}.grad = {_show(grads[tid])}")
        if s.printed:
            lines += ["  " + joined(_t("printed:"), x) for x in s.printed.rstrip("\n").split("\n")]
        return "\n".join(lines)

    def diagram(self, view="backward"):
        """The graph with the current node highlighted and `.grad`s as of this step."""
        done = frozenset(s.node_id for s in self.steps[:max(0, self.index - 1)])
        cur = self.current
        grads = {tid: (None if v is None else L.GRAD(values=_show(v)))
                 for tid, v in self.grads_at().items()}
        notes = {}
        if cur is not None:
            notes[cur.node_id] = L.GRAD_OUTPUT(values=_show(cur.grad_output))
        state = DrawState(current=None if cur is None else cur.node_id, done=done,
                          grads=grads, notes=notes)
        return Diagram(self.graph, view=view, state=state)


def _spy(fn, outputs):
    original = type(fn).backward.__get__(fn)

    def backward(grad):
        res = original(grad)
        outputs[fn] = res
        return res
    return backward


class BackwardStepper(WidgetView):
    """Step through `loss.backward()` node by node: Prev/Next buttons and a slider; the
    current node is highlighted, grad_output -> grad_inputs listed, `.grad`s fill in.

    `.model` is the headless StepperModel. Building it runs backward once with
    retain_graph=True and restores every `.grad` afterwards (hooks do run once)."""

    def __init__(self, loss, gradient=None, names=None, max_nodes=DEFAULT_MAX_NODES):
        w = widgets()
        self.model = StepperModel(loss, gradient, names, max_nodes,
                                  None if names is not None else _names.caller_namespaces())
        last = self.model.count - 1
        self.prev_button = w.Button(description=_t("Prev"), icon="step-backward")
        self.next_button = w.Button(description=_t("Next"), icon="step-forward")
        self.slider = w.IntSlider(value=0, min=0, max=last, description=_t("step"))
        self.info = w.Output()
        self.picture = w.Output()
        # the model is the one source of truth: buttons and slider move it, and the view
        # follows every move, including `stepper.model.goto(3)` typed in another cell
        self.prev_button.on_click(lambda _b: self.model.prev())
        self.next_button.on_click(lambda _b: self.model.next())
        self.slider.observe(lambda ch: self.model.goto(ch["new"]), names="value")
        self.model.observe(self._follow)
        self.box = w.VBox([w.HBox([self.prev_button, self.next_button, self.slider]),
                           self.info, self.picture])
        self._refresh()

    def _follow(self, index):
        self.slider.value = index      # its observer calls goto(index): no change, no loop
        self._refresh()

    def _refresh(self):
        set_text(self.info, self.model.text())
        set_diagram(self.picture, self.model.diagram())
