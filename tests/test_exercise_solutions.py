"""The notebooks' exercises really check: for every `viz.exercise(key, check=...)` cell, the
code cell just above it (what the learner edits) is "Not yet" as shipped, and becomes
"Correct" with the quiz bank's hidden solution applied. In Chinese (`viz.set_language("zh")`)
the same holds with the Chinese solution and verdicts ("还不对" / "正确").

A solution either replaces the starter's `# your lines here` line, or is run after the
starter cell (it redefines the function or variable the learner fixes)."""
import importlib
import re

import nbsource
import pytest

import minigrad
from minigrad import viz

pytestmark = pytest.mark.notebooks

EXERCISE_CELL = re.compile(r"""viz\.exercise\(\s*["'](\d\d)/[\w-]+["']""")
PLACEHOLDER = re.compile(r"^# your lines? here.*$", re.M)
# notebooks whose exercise checks live in their quiz-bank module as check_* functions and whose
# solutions follow the convention above (extend when another notebook adopts it)
COVERED = ("00", "01", "02", "03")


class _Recorder:
    """Stands in for `viz` in an exercise cell: keeps the key and the check."""

    def exercise(self, key, check, check_now=True):
        self.key, self.check = key, check


def _cases():
    cases = []
    for src in nbsource.source_files():
        if not src.name.startswith(COVERED):
            continue
        cells = [c for c in nbsource.read_source(src).cells if c.cell_type == "code"]
        for before, cell in zip(cells, cells[1:]):
            m = EXERCISE_CELL.search(cell.source)
            if m:
                cases.append(pytest.param(m[1], before.source, cell.source,
                                          id=f"{src.stem[:2]}:{cell.source.split(chr(34))[1]}"))
    return cases


def _verdict(number, starter, exercise_cell, solution=None):
    bank = importlib.import_module(f"minigrad.viz.quizbank.nb{number}")
    ns = {"torch": minigrad, **{k: v for k, v in vars(bank).items() if k.startswith("check_")}}
    if solution is not None and PLACEHOLDER.search(starter):
        starter = PLACEHOLDER.sub(lambda _m: solution, starter)
        solution = None
    exec(compile(starter, "<starter>", "exec"), ns)
    if solution is not None:
        exec(compile(solution, "<solution>", "exec"), ns)
    ns["viz"] = recorder = _Recorder()
    exec(compile(exercise_cell, "<exercise>", "exec"), ns)
    model = viz.ExerciseModel(recorder.check, solution="(not shown)")
    model.check()
    return recorder.key, model.message


def test_there_are_exercises_to_check():
    assert len(_cases()) >= 8


VERDICTS = {"en": ("Not yet", "Correct"), "zh": ("还不对", "正确")}


@pytest.fixture(params=["en", "zh"])
def lang(request):
    viz.set_language(request.param)
    yield request.param
    viz.set_language("en")


@pytest.mark.parametrize("number, starter, exercise_cell", _cases())
def test_starter_is_not_yet_and_the_solution_is_correct(number, starter, exercise_cell, lang):
    not_yet, correct = VERDICTS[lang]
    key, shipped = _verdict(number, starter, exercise_cell)
    assert shipped.startswith(not_yet), f"{key}: the unsolved cell already passes: {shipped}"
    entry = viz.quizbank.exercise_entry(key)
    solution = entry["solution" if lang == "en" else "solution_zh"]
    _, solved = _verdict(number, starter, exercise_cell, solution)
    assert solved.startswith(correct), f"{key}: the bank's solution fails its check: {solved}"
