"""minigrad.viz widgets, headless: every model driven through its methods, and every widget
through its controls (`.click()`, setting `.value`), with no kernel and no browser."""
import numpy as np
import pytest
from minigrad.viz.quiz import WHERE_TO_LOOK

import minigrad as torch
from minigrad import viz

widgets = pytest.importorskip("ipywidgets")


def stdout_of(out):
    return "".join(o["text"] for o in out.outputs if o.get("name") == "stdout")


# ---- BackwardStepper ------------------------------------------------------------------------

def stepper_program():
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    b = a * 2
    b.retain_grad()
    b.register_hook(lambda g: print("hook on b sees", g.tolist()))
    loss = (b * a).sum()
    return a, b, loss


STEPS = [
    "before backward: 4 node(s) will run",
    "step 1/4: SumBackward0 (f0)\n"
    "  grad_output 1.\n"
    "  -> input 0 to MulBackward0 (f1): [1., 1., 1.]",
    "step 2/4: MulBackward0 (f1)\n"
    "  grad_output [1., 1., 1.]\n"
    "  -> input 0 to MulBackward0 (f2): [1., 2., 3.]\n"
    "  -> input 1 to AccumulateGrad (f3): [2., 4., 6.]",
    "step 3/4: MulBackward0 (f2)\n"
    "  tensor hook fires with [1., 2., 3.]\n"
    "  grad_output [1., 2., 3.]\n"
    "  -> input 0 to AccumulateGrad (f3): [2., 4., 6.]\n"
    "  b.grad = [1., 2., 3.]\n"
    "  printed: hook on b sees [1.0, 2.0, 3.0]",
    "step 4/4: AccumulateGrad (f3)\n"
    "  grad_output [4., 8., 12.]\n"
    "  a.grad = [4., 8., 12.]",
]


def test_stepper_model_steps_in_engine_order(capsys):
    a, b, loss = stepper_program()
    m = viz.StepperModel(loss)
    assert capsys.readouterr().out == ""                  # hook prints are captured
    assert [s.name for s in m.steps] == ["SumBackward0", "MulBackward0", "MulBackward0",
                                         "AccumulateGrad"]
    texts = []
    for i in range(m.count):
        m.goto(i)
        texts.append(m.text())
    assert texts == STEPS


def test_stepper_grads_fill_in_and_navigation_clamps():
    a, b, loss = stepper_program()
    m = viz.StepperModel(loss)
    ta, tb = m.graph.tensor("a").id, m.graph.tensor("b").id
    assert m.grads_at(0) == {m.graph.tensor("loss").id: None, tb: None, ta: None}
    assert m.grads_at(3)[tb] == [1.0, 2.0, 3.0] and m.grads_at(3)[ta] is None
    assert m.grads_at(4)[ta] == [4.0, 8.0, 12.0]
    assert m.prev() == 0 and m.goto(99) == 4 and m.next() == 4
    m.goto(2)
    d = m.diagram()
    assert d.state.current == "f1" and d.state.done == {"f0"}
    assert 'color="#ff7f00"' in d.source and "grad_output [1., 1., 1.]" in d.source


def test_stepper_has_no_side_effects_on_the_learners_tensors():
    a, b, loss = stepper_program()
    a.grad = torch.tensor([10.0, 10.0, 10.0])
    keep = a.grad
    m = viz.StepperModel(loss, names={"a": a, "b": b, "loss": loss})
    assert a.grad is keep and a.grad.tolist() == [10.0, 10.0, 10.0]
    assert b._grad is None
    assert m.grads_at(4)[m.graph.tensor("a").id] == [14.0, 18.0, 22.0]   # what backward adds
    assert not m.graph.find(flag="freed")
    loss.backward()                                       # the graph was not freed
    assert a.grad.tolist() == [14.0, 18.0, 22.0]
    assert all("backward" not in n.__dict__ for n in _nodes(loss))


def _nodes(t):
    seen, stack = [], [t.grad_fn]
    while stack:
        n = stack.pop()
        if n is not None and not any(n is s for s in seen):
            seen.append(n)
            stack.extend(n._next or ())
    return seen


def test_stepper_shows_the_inplace_error_as_its_last_step():
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    out = a.sigmoid()
    loss = out.sum()
    out.detach().zero_()
    m = viz.StepperModel(loss)
    assert [s.name for s in m.steps] == ["SumBackward0", "SigmoidBackward0"]
    assert m.count == 4
    m.goto(3)
    assert m.text().startswith("backward raised RuntimeError: one of the variables needed")
    assert m.graph.one(kind="saved").has("stale")


def test_stepper_on_a_leaf_explains_itself():
    a = torch.tensor([1.0], requires_grad=True)
    m = viz.StepperModel(a)
    assert m.count == 2 and "no grad_fn" in m.error


def test_stepper_post_hooks_and_prehooks():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    y = a.exp()
    y.grad_fn.register_hook(lambda gi, go: None)
    y.grad_fn.register_prehook(lambda go: None)
    m = viz.StepperModel(y.sum())
    m.goto(2)
    assert "pre-hook fires with [1., 1.]" in m.text()
    assert "post-hook fires with grad_output [1., 1.]" in m.text()


def test_stepper_widget_buttons_and_slider():
    a, b, loss = stepper_program()
    w = viz.BackwardStepper(loss)
    assert stdout_of(w.info) == STEPS[0] + "\n"
    w.next_button.click()
    w.next_button.click()
    assert w.slider.value == 2 and w.model.index == 2
    assert stdout_of(w.info) == STEPS[2] + "\n"
    w.slider.value = 4
    assert stdout_of(w.info) == STEPS[4] + "\n"
    w.prev_button.click()
    assert w.model.index == 3 and stdout_of(w.info) == STEPS[3] + "\n"
    (pic,) = w.picture.outputs
    assert "text/plain" in pic["data"]
    assert w.slider.max == 4
    bundle = w._repr_mimebundle_()
    assert bundle["text/plain"] == STEPS[3]
    assert "application/vnd.jupyter.widget-view+json" in bundle


# ---- LiveGraph -------------------------------------------------------------------------------

def test_live_graph_model_follows_a_name():
    ns = {}
    m = viz.LiveGraphModel("y", namespaces=(ns,))
    assert m.refresh() is None and m.message == "not defined yet: y"
    ns["x"] = torch.tensor([1.0], requires_grad=True)
    ns["y"] = ns["x"] * 2
    d = m.refresh()
    assert [n.label for n in d.model.nodes][:2] == ["y", "MulBackward0"]
    ns["y"] = ns["y"].sigmoid()
    assert m.refresh().model.nodes[1].label == "SigmoidBackward0"
    assert m.redraws == 3


def test_live_graph_with_no_targets_draws_every_named_tensor():
    ns = {"a": torch.tensor([1.0], requires_grad=True)}
    ns["b"] = ns["a"] * 3
    ns["_private"] = ns["b"] * 5
    m = viz.LiveGraphModel(namespaces=(ns,))
    labels = [n.label for n in m.refresh().model.nodes]
    assert labels == ["a", "b", "MulBackward0", "AccumulateGrad"]


class FakeEvents:
    def __init__(self):
        self.callbacks = {"post_run_cell": []}

    def register(self, name, fn):
        self.callbacks[name].append(fn)

    def unregister(self, name, fn):
        self.callbacks[name].remove(fn)

    def trigger(self, name, *args):
        for fn in list(self.callbacks[name]):
            fn(*args)


class FakeShell:
    def __init__(self):
        self.events = FakeEvents()


def test_live_graph_redraws_after_cells_until_closed():
    shell = FakeShell()
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    live = viz.LiveGraph("y", ip=shell)
    assert live.active and live.model.redraws == 1
    y = y.exp()                                        # noqa: F841 (read through the frame)
    shell.events.trigger("post_run_cell", None)
    assert live.model.redraws == 2
    assert "ExpBackward0" in live.text()
    (shown,) = live.out.outputs
    assert "ExpBackward0" in shown["data"]["text/plain"]
    live.close()
    live.close()                                       # idempotent
    assert not live.active and shell.events.callbacks["post_run_cell"] == []
    shell.events.trigger("post_run_cell", None)
    assert live.model.redraws == 2
    assert live.refresh() is not None and live.model.redraws == 3


def test_live_graph_in_a_real_ipython_shell():
    from IPython.core.interactiveshell import InteractiveShell
    shell = InteractiveShell.instance()
    try:
        shell.run_cell("import minigrad as torch\nfrom minigrad import viz\n"
                       "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 2\n"
                       "live = viz.LiveGraph('y')", store_history=False)
        live = shell.user_ns["live"]
        assert live.active and live.ip is shell
        shell.run_cell("y = y.sin()", store_history=False)
        assert "SinBackward0" in live.text()
        shell.run_cell("live.close()\ny = y.cos()", store_history=False)
        assert "CosBackward0" not in live.text()
    finally:
        InteractiveShell.clear_instance()


# ---- Quiz ------------------------------------------------------------------------------------

def leaf_inplace():
    a = torch.tensor([1.0], requires_grad=True)
    a.add_(1)


def test_quiz_model_verdicts_and_captured_error():
    q = viz.QuizModel("Does a.add_(1) on a leaf raise?", ["yes", "no"], answer="yes",
                      run=leaf_inplace, explanation="Leaves that require grad are read-only.")
    assert q.run() is None and q.output == "Pick an answer first." and not q.ran
    q.choose("no")
    assert q.run() == "not quite"
    assert q.raised.startswith("RuntimeError: a leaf Variable that requires grad")
    assert q.text().splitlines()[-3:] == ["Not quite. The answer is: yes",
                                          "Leaves that require grad are read-only.",
                                          WHERE_TO_LOOK]
    q.choose(0)
    assert q.run() == "correct" and "Correct!" in q.text()
    with pytest.raises(ValueError):
        q.choose("maybe")


def test_quiz_shows_prints_and_return_values():
    def run():
        print("hello")
        return [1, 2]
    q = viz.QuizModel("?", ["a", "b"], answer=1, run=run)
    q.choose("b")
    q.run()
    assert q.output == "hello\n[1, 2]\n" and q.verdict == "correct"
    with pytest.raises(ValueError):
        viz.QuizModel("?", ["a"], answer="z")


def test_quiz_widget(capsys):
    q = viz.Quiz("Does a.add_(1) on a leaf raise?", ["yes", "no"], answer="yes",
                 run=leaf_inplace, explanation="Leaves that require grad are read-only.")
    q.button.click()
    assert stdout_of(q.out) == "Pick an answer first.\n"
    q.radio.value = "yes"
    q.button.click()
    text = stdout_of(q.out)
    assert text.startswith("output:\n  RuntimeError: a leaf Variable")
    assert "Correct! The answer is: yes" in text
    assert capsys.readouterr().out == ""                   # nothing leaked to the cell


# ---- labs ------------------------------------------------------------------------------------

@pytest.mark.parametrize("how,prediction,outcome", [
    ("detach", "raises", "raises"),
    ("view", "raises", "raises"),
    ("data", "wrong", "wrong"),
])
def test_inplace_lab_model(how, prediction, outcome):
    lab = viz.InplaceLabModel()
    assert lab.prediction() == "correct" and lab.run_backward() == "correct"
    lab.reset()
    lab.edit(how)
    assert lab.prediction() == prediction
    then, now = lab.versions()
    assert (then, now) == ((0, 1) if prediction == "raises" else (0, 0))
    assert lab.run_backward() == outcome
    assert ("stale" in lab.text()) == (prediction == "raises")
    d = lab.diagram()
    edited = d.model.tensor("edited")
    assert edited.has("view") or edited.has("alias")


def test_inplace_lab_widget():
    lab = viz.InplaceLab()
    lab.buttons["data"].click()
    lab.run_button.click()
    text = stdout_of(lab.info)
    assert "edits: out.data.mul_(2)" in text and "-> WRONG" in text
    lab.reset_button.click()
    lab.buttons["detach"].click()
    assert "saved out at v0; now v1  <- stale" in stdout_of(lab.info)
    lab.run_button.click()
    assert "backward: RuntimeError: one of the variables" in stdout_of(lab.info)
    assert lab.picture.outputs


@pytest.mark.parametrize("kind,storage,counter,is_base", [
    ("row", True, True, True), ("transpose", True, True, True), ("reshape", True, True, True),
    ("detach", True, True, False), ("data", True, False, False), ("clone", False, False, False),
])
def test_views_lab_model(kind, storage, counter, is_base):
    lab = viz.ViewsLabModel(kind)
    f = lab.facts()
    assert (f["same storage"], f["same version counter"], f["other._base is base"]) == \
        (storage, counter, is_base)
    before = lab.base._data.copy()
    lab.edit("other")
    assert (not np.array_equal(before, lab.base._data)) == storage
    assert lab.facts()["base._version"] == (1 if counter else 0)


def test_views_lab_tracks_history_rewrites():
    lab = viz.ViewsLabModel("row", track=True)
    assert lab.facts()["other.grad_fn"] == "SelectBackward0"
    lab.edit("other")
    f = lab.facts()
    assert f["base.grad_fn"] == "CopySlices" and f["other.grad_fn"] == "AsStridedBackward0"


def test_views_lab_widget():
    lab = viz.ViewsLab()
    lab.kind.value = "data"
    lab.edit_other.click()
    text = stdout_of(lab.out)
    assert text.startswith("other = base.data\nedits: other.mul_(10)")
    assert "same version counter: no" in text and "base._version: 0" in text
    lab.reset_button.click()
    assert "edits: none" in stdout_of(lab.out)


def test_grad_mode_lab_model():
    lab = viz.GradModeLabModel()
    f = lab.facts()
    assert f["y.grad_fn"] == "SigmoidBackward0" and f["graph nodes"] == 3
    lab.set(mode="no_grad")
    f = lab.facts()
    assert f["y.grad_fn"] is None and f["graph nodes"] == 0 and not f["y.requires_grad"]
    assert "nothing to backpropagate" in lab.text()
    lab.set(mode="grad", x_requires_grad=False)
    assert lab.facts()["graph nodes"] == 0
    lab.set(mode="inference_mode", x_requires_grad=True, w_requires_grad=True)
    assert lab.facts()["y.is_inference()"] is True
    assert "raises RuntimeError: Inference tensors cannot be saved for backward" in lab.text()
    lab.set(mode="grad")
    assert lab.facts()["graph nodes"] == 4
    with pytest.raises(ValueError):
        lab.set(mode="off")


def test_grad_mode_lab_widget():
    lab = viz.GradModeLab()
    lab.mode.value = "no_grad"
    assert "y.grad_fn: None" in stdout_of(lab.info)
    lab.mode.value = "grad"
    lab.w_box.value = True
    assert "graph nodes: 4" in stdout_of(lab.info)
    assert lab.picture.outputs


def test_leaf_table_model():
    a = torch.tensor([1.0], requires_grad=True)
    b = a * 2
    b.retain_grad()
    c = b * 3
    d = torch.tensor([1.0])
    c.sum().backward()
    rows = {r["name"]: r for r in viz.LeafTableModel("a", "b", "c", "d").rows()}
    assert [rows[n]["backward fills .grad"] for n in "abcd"] == [True, True, False, False]
    assert rows["a"]["grad"] == "[6.]" and rows["b"]["grad"] == "[3.]"
    assert rows["c"]["grad"] is None and rows["c"]["grad_fn"] == "MulBackward0"
    text = viz.LeafTableModel(a, d).text().splitlines()
    assert text[0].split() == ["name", "is_leaf", "requires_grad", "retains_grad", "grad_fn",
                               "grad", "backward", "fills", ".grad"]
    assert text[2].split() == ["a", "True", "True", "False", "None", "[6.]", "True"]
    assert d is not None


def test_leaf_table_widget_refresh():
    a = torch.tensor([1.0], requires_grad=True)
    table = viz.LeafTable("a")
    assert ">None</td>" in table.table.value
    (a * 5).sum().backward()
    table.refresh_button.click()
    assert ">[5.]</td>" in table.table.value


HOOK_ORDER = [
    "SumBackward0 runs (z.grad_fn), grad_output 1.",
    "MulBackward0 runs, grad_output [1., 1., 1.]",
    "tensor hook on y fires with [1., 2., 3.]",
    "second tensor hook on y fires with [1., 2., 3.]",
    "retain_grad on y: y.grad = [1., 2., 3.]",
    "pre-hook on y.grad_fn fires with [1., 2., 3.]",
    "MulBackward0 runs (y.grad_fn), grad_output [1., 2., 3.]",
    "post-hook on y.grad_fn fires with [1., 2., 3.]",
    "tensor hook on x (leaf) fires with [4., 8., 12.]",
    "AccumulateGrad runs, grad_output [4., 8., 12.]",
    "AccumulateGrad stores x.grad = [4., 8., 12.]",
]


def test_hook_order_lab_model():
    lab = viz.HookOrderLabModel()
    assert lab.run() == HOOK_ORDER
    lab.enable("second tensor hook on y", False)
    lab.enable("retain_grad on y", False)
    order = lab.run()
    assert len(order) == len(HOOK_ORDER) - 2 and "retain_grad" not in " ".join(order)
    with pytest.raises(ValueError):
        lab.enable("hook on the moon")


def test_hook_order_lab_widget():
    lab = viz.HookOrderLab()
    lab.checks["tensor hook on x (leaf)"].value = False
    lab.run_button.click()
    lines = stdout_of(lab.out).splitlines()
    assert lines[0].startswith("registered, in this order: retain_grad on y")
    assert len(lines) == 1 + len(HOOK_ORDER) - 1
    assert not any("tensor hook on x" in x for x in lines[1:])
