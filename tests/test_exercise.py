"""The exercise widget: its headless model in plain pytest, then the ipywidgets view driven
through its buttons (no kernel, no browser)."""
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import minigrad as torch
from minigrad import viz
from minigrad.viz import quizbank


def snapshot_check(fn):
    """A check in the notebooks' style: call the learner's function, judge what it returns."""
    def check():
        w = torch.tensor([1.0, 2.0], requires_grad=True)
        snap = fn(w)
        if snap.requires_grad:
            return "Not yet: the snapshot still requires grad."
        w.data.add_(1)   # noqa: the check moves w on purpose
        if snap.tolist() != [1.0, 2.0]:
            return f"Not yet: the snapshot moved with w (it is {snap.tolist()})."
        return "Correct: a detached copy keeps the old values."
    return check


def test_model_verdicts_follow_the_checks_sentence():
    m = viz.ExerciseModel(snapshot_check(lambda w: w), solution="w.detach().clone()")
    assert m.verdict is None and m.result_text() == "Not checked yet: press Check."
    assert m.check() == "not yet"
    assert m.message == "Not yet: the snapshot still requires grad."
    m.check_fn = snapshot_check(lambda w: w.detach())
    assert m.check() == "not yet" and "moved with w" in m.message
    m.check_fn = snapshot_check(lambda w: w.detach().clone())
    assert m.check() == "correct" and m.checks == 3
    assert m.text().splitlines()[0] == "Correct: a detached copy keeps the old values."


def test_solution_stays_hidden_until_asked():
    m = viz.ExerciseModel(lambda: "Not yet: try again", solution="SECRET = 1\n",
                          title="Keep a snapshot")
    m.check()
    assert "SECRET" not in m.text() and "press Show solution" in m.text()
    assert m.show_solution() == "SECRET = 1"
    assert m.text().splitlines() == ["Exercise: Keep a snapshot", "Not yet: try again",
                                     "Solution:", "SECRET = 1"]
    assert m.show_solution(False) is None and "SECRET" not in m.text()


def test_learner_code_that_raises_is_a_not_yet_with_the_error_and_prints_are_kept(capsys):
    def check():
        print("checking...")
        torch.tensor([1.0], requires_grad=True).add_(1)
    m = viz.ExerciseModel(check, solution="x")
    assert m.check() == "not yet"
    assert m.message.startswith("Not yet: your code raised RuntimeError: a leaf Variable")
    assert m.printed == "checking...\n" and capsys.readouterr().out == ""
    assert m.result_text().splitlines()[:2] == ["printed:", "  checking..."]


@pytest.mark.parametrize("bad", [None, 1, "Maybe", "correct (lower case)"])
def test_a_check_must_answer_correct_or_not_yet(bad):
    m = viz.ExerciseModel(lambda: bad, solution="x")
    with pytest.raises(ValueError, match="'Correct' or 'Not yet'"):
        m.check()
    assert m.verdict is None and m.checks == 0


def test_bad_construction_is_explained():
    with pytest.raises(TypeError, match="check must be a function"):
        viz.ExerciseModel("Correct", solution="x")
    with pytest.raises(ValueError, match="needs a solution"):
        viz.ExerciseModel(lambda: "Correct", solution="  ")


# ---- the ipywidgets view ---------------------------------------------------------------------

@pytest.fixture(autouse=False)
def ipywidgets():
    return pytest.importorskip("ipywidgets")


def stdout_of(out):
    return "".join(o["text"] for o in out.outputs if o.get("name") == "stdout")


def test_widget_checks_on_creation_and_on_click(ipywidgets, capsys):
    answer = {"fn": lambda w: w}
    ex = viz.Exercise(snapshot_check(lambda w: answer["fn"](w)), solution="w.detach().clone()",
                      title="Keep a snapshot")
    assert stdout_of(ex.out) == "Not yet: the snapshot still requires grad.\n"
    answer["fn"] = lambda w: w.detach().clone()            # the learner edits their cell
    ex.check_button.click()
    assert stdout_of(ex.out) == "Correct: a detached copy keeps the old values.\n"
    assert ex.model.checks == 2 and capsys.readouterr().out == ""
    bundle = ex._repr_mimebundle_()
    assert bundle["text/plain"] == ex.model.text()
    assert "clone" not in bundle["text/plain"]


def test_widget_solution_button_toggles(ipywidgets):
    ex = viz.Exercise(lambda: "Not yet: no", solution="the answer", check_now=False)
    assert stdout_of(ex.out) == "Not checked yet: press Check.\n" and ex.model.checks == 0
    assert ex.solution_out.outputs == ()
    ex.solution_button.click()
    assert stdout_of(ex.solution_out) == "Solution:\nthe answer\n"
    assert ex.solution_button.description == "Hide solution"
    ex.solution_button.click()
    assert ex.solution_out.outputs == () and ex.solution_button.description == "Show solution"


def test_exercise_from_the_bank(ipywidgets, monkeypatch):
    bank = importlib.import_module(f"{quizbank.__name__}.nb00")
    monkeypatch.setattr(bank, "EXERCISES", {"00/test-only": dict(
        title="Say hi", solution="print('hi')")}, raising=False)
    ex = viz.exercise("00/test-only", check=lambda: "Correct!")
    assert ex.model.verdict == "correct" and ex.model.title == "Say hi"
    assert "print('hi')" not in ex.text()
    with pytest.raises(KeyError, match="not in EXERCISES"):
        viz.exercise("00/missing", check=lambda: "Correct")


def test_every_bank_exercise_has_a_solution():
    for m in pkgutil.iter_modules(quizbank.__path__):
        if not m.name.startswith("nb"):
            continue
        module = importlib.import_module(f"{quizbank.__name__}.{m.name}")
        number = m.name[2:]
        for key, entry in getattr(module, "EXERCISES", {}).items():
            assert key.startswith(number + "/"), f"{key} lives in {module.__name__}"
            viz.ExerciseModel(lambda: "Correct", entry["solution"], entry.get("title", ""))


def test_exercise_keys_used_by_the_notebooks_exist():
    root = Path(__file__).resolve().parents[1] / "notebooks" / "src"
    for src in sorted(root.glob("[0-9][0-9]_*.py")):
        for key in re.findall(r"""viz\.exercise\(\s*["'](\d\d/[\w-]+)["']""",
                              src.read_text(encoding="utf-8")):
            assert "solution" in quizbank.exercise_entry(key), f"{src.name}: {key}"
