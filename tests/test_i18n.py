"""viz.set_language("zh"): the labs, LiveGraph and the widget buttons speak Chinese; the
models' data (keys, verdicts, HOOKS names) and every torch message stay as they are."""
import re

import pytest

import minigrad as torch
from minigrad import viz
from minigrad.viz import _i18n

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def chinese():
    viz.set_language("zh")
    yield
    viz.set_language("en")


def _lab_texts():
    views = viz.ViewsLabModel("detach")
    views.edit("other")
    inplace = viz.InplaceLabModel()
    inplace.edit("detach")
    inplace.run_backward()
    hooks = viz.HookOrderLabModel()
    hooks.run()
    x = torch.tensor([1.], requires_grad=True)
    y = x * 2
    table = viz.LeafTableModel(x, y, namespaces=({"x": x, "y": y},))
    live = viz.LiveGraphModel("not_there", namespaces=({},))
    live.refresh()
    gradmode = viz.GradModeLabModel(mode="inference_mode", w_requires_grad=True)
    return {"views": views.text(), "inplace": inplace.text(), "hooks": hooks.text(),
            "table": table.text(), "live": live.text(), "gradmode": gradmode.text()}


def test_labs_speak_chinese_when_asked(chinese):
    texts = _lab_texts()
    english = [name for name, text in texts.items() if not CJK.search(text)]
    assert not english, f"no Chinese in {english}"
    # the torch error inside the lab's transcript stays torch's, word for word
    assert "one of the variables needed for gradient computation" in texts["inplace"]
    assert "backward 会报错" in texts["inplace"]
    assert "计算图节点数：0" in texts["gradmode"]
    assert texts["gradmode"].endswith(
        "之后，(y * w).sum().backward()：抛出 RuntimeError: Inference tensors cannot be saved "
        "for backward")


def test_labs_stay_english_by_default():
    assert viz.get_language() == "en"
    texts = _lab_texts()
    assert not [name for name, text in texts.items() if CJK.search(text)]


def test_model_data_does_not_change_with_the_language(chinese):
    lab = viz.ViewsLabModel("row")
    assert "same storage" in lab.facts()
    assert viz.InplaceLabModel().prediction() == "correct"
    assert viz.HookOrderLabModel().enabled == set(viz.lab_hooks.HOOKS)


def test_every_widget_string_has_a_translation():
    missing = [k for k, v in _i18n.STRINGS.items() if not v.strip()]
    assert not missing
    assert _i18n.t("no such string") == "no such string"


def test_widget_buttons_in_chinese(chinese):
    pytest.importorskip("ipywidgets")
    ex = viz.Exercise(lambda: "还不对：再试试", "x = 1", title="标题")
    assert (ex.check_button.description, ex.solution_button.description) == ("检查", "显示答案")
    ex.toggle_solution()
    assert ex.solution_button.description == "隐藏答案"
    assert ex.model.verdict == "not yet"
    lab = viz.HookOrderLab()
    assert lab.run_button.description == "运行 backward"
    assert lab.checks["retain_grad on y"].description == "y 上的 retain_grad"


def _stepper_texts():
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x.sigmoid()
    loss = y.sum()
    ok = viz.StepperModel(loss, names={"x": x, "y": y, "loss": loss})
    y2 = x.sigmoid()
    y2.detach().zero_()                       # stale saved output: backward raises
    bad = viz.StepperModel(y2.sum(), names={"x": x, "y2": y2})
    leaf = viz.StepperModel(x, names={"x": x})
    texts = [ok.text()]
    ok.goto(1)
    texts.append(ok.text())
    texts.append(bad.text())
    bad.goto(bad.count - 1)
    texts.append(bad.text())
    return texts, leaf.error


def test_stepper_speaks_chinese_when_asked(chinese):
    (start, step, start_bad, raised), leaf_error = _stepper_texts()
    assert start.startswith("backward 之前：将运行 ") and "个节点" in start
    assert step.startswith("步骤 1/") and "-> 第 0 个输入，传给" in step
    assert start_bad.endswith("，然后 backward 报错")
    # the torch error itself stays torch's, word for word
    assert raised.startswith("backward 报错：RuntimeError: one of the variables needed")
    assert leaf_error.startswith("这个张量没有 grad_fn")


def test_stepper_stays_english_by_default():
    (start, step, start_bad, raised), leaf_error = _stepper_texts()
    assert re.fullmatch(r"before backward: \d+ node\(s\) will run", start)
    assert step.startswith("step 1/") and "-> input 0 to" in step
    assert start_bad.endswith(", then backward raises")
    assert raised.startswith("backward raised RuntimeError: one of the variables needed")
    assert leaf_error.startswith("this tensor has no grad_fn")
    assert not CJK.search("\n".join([start, step, start_bad, raised, leaf_error]))


def test_stepper_buttons_in_chinese(chinese):
    pytest.importorskip("ipywidgets")
    x = torch.tensor([1.], requires_grad=True)
    loss = (x * 2).sum()
    s = viz.BackwardStepper(loss, names={"x": x, "loss": loss})
    assert (s.prev_button.description, s.next_button.description,
            s.slider.description) == ("上一步", "下一步", "步骤")
