"""The notebooks' exercises really check: every `viz.exercise(key, check=...)` is "Not yet"
as shipped and becomes "Correct" once the quiz bank's hidden solution is applied.

Each notebook's code cells run in order in one namespace (as a learner's Run All would, with
output thrown away). At an exercise cell the check runs twice: once as shipped, once with the
solution applied (in place, as the learner would: later cells see the solved state). A
solution either replaces the `# your lines here` line of the nearest cell above that has one,
since the previous exercise (that cell and the ones after it re-run), or runs just before the
exercise cell (it redefines the function, class or variables the learner fixes).

In Chinese (`viz.set_language("zh")`) the same holds with the Chinese solution and verdicts
("还不对" / "正确") for the exercises that have been translated."""
import contextlib
import io
import re
import warnings

import nbsource
import pytest

from minigrad import viz

pytestmark = pytest.mark.notebooks

EXERCISE_CELL = re.compile(r"""viz\.exercise\(\s*["'](\d\d/[\w-]+)["']""")
PLACEHOLDER = re.compile(r"^# your lines? here.*$", re.M)


class _Recorder:
    """Stands in for `viz.exercise`: keeps the key and the check instead of drawing."""

    def __call__(self, key, check, check_now=True):
        self.key, self.check = key, check


def _run(source, ns, name):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()), \
            warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            exec(compile(source, name, "exec"), ns)
        except Exception:                 # the lessons' error cells raise on purpose
            pass


def _verdict(check):
    model = viz.ExerciseModel(check, solution="(not shown)")
    model.check()
    return model.message


def _results(src, lang):
    """(key, translated?, shipped verdict, solved verdict) for each exercise of a notebook."""
    cells = [c.source for c in nbsource.read_source(src).cells if c.cell_type == "code"]
    recorder = _Recorder()
    ns = {"__name__": "__main__"}
    results = []
    last_exercise = -1
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(viz, "exercise", recorder)
        for i, cell in enumerate(cells):
            m = EXERCISE_CELL.search(cell)
            if not m:
                _run(cell, ns, f"<{src.stem} cell {i}>")
                continue
            _run(cell, ns, f"<{src.stem} cell {i}>")
            shipped = _verdict(recorder.check)
            entry = viz.quizbank.exercise_entry(m[1])
            translated = lang == "zh" and "solution_zh" in entry
            solution = entry["solution_zh" if translated else "solution"]
            # solve it in place, as the learner would; later cells then see the solved state
            starter = next((j for j in range(i - 1, last_exercise, -1)
                            if PLACEHOLDER.search(cells[j])), None)
            if starter is not None:
                solved = PLACEHOLDER.sub(lambda _m, text=solution: text, cells[starter])
                _run(solved, ns, "<solved>")
                for j in range(starter + 1, i):
                    _run(cells[j], ns, f"<{src.stem} cell {j}>")
            else:
                _run(solution, ns, "<solution>")
            _run(cell, ns, "<exercise>")
            results.append((m[1], translated, shipped, _verdict(recorder.check)))
            last_exercise = i
    return results


VERDICTS = {False: ("Not yet", "Correct"), True: ("还不对", "正确")}


@pytest.fixture(params=["en", "zh"])
def lang(request):
    viz.set_language(request.param)
    yield request.param
    viz.set_language("en")


@pytest.mark.parametrize("src", nbsource.source_files(), ids=lambda p: p.stem[:2])
def test_starter_is_not_yet_and_the_solution_is_correct(src, lang):
    results = _results(src, lang)
    assert 2 <= len(results) <= 3, f"{src.name}: {len(results)} exercises"
    for key, translated, shipped, solved in results:
        not_yet, correct = VERDICTS[translated]
        assert shipped.startswith(not_yet), f"{key}: the unsolved cell already passes: {shipped}"
        assert solved.startswith(correct), f"{key}: the bank's solution fails: {solved}"
