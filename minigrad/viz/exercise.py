"""Exercise: the learner edits a cell, presses Check, and may ask for the solution.

A notebook cell names the exercise and gives the check::

    viz.exercise("01/snapshot", check=check_snapshot)

`check()` returns a sentence starting with "Correct" or "Not yet: ..." (what is still wrong,
as a hint). The solution text comes from the quiz bank (`EXERCISES[key]["solution"]` in
`minigrad/viz/quizbank/nbNN.py`), so it is not on screen until the learner asks for it.
"""
import contextlib
import io
import warnings

from ._i18n import VERDICT_PREFIXES, field, joined, t
from ._widgets import WidgetView, set_text, widgets

__all__ = ["Exercise", "ExerciseModel", "exercise"]

VERDICTS = VERDICT_PREFIXES["correct"] + VERDICT_PREFIXES["not yet"]


class ExerciseModel:
    """Headless exercise. `check()` runs the check and returns "correct" or "not yet";
    `message` is the check's sentence; `show_solution()` reveals the solution.

    The check runs with its prints and warnings captured (`printed`; a warning shows as
    its category and first sentence, never a file path). When it raises, the verdict is
    "not yet" and the message names the error: the learner's code raising is a normal
    way to be not there yet."""

    def __init__(self, check, solution, title=""):
        if not callable(check):
            raise TypeError(f"check must be a function returning 'Correct ...' or "
                            f"'Not yet: ...', got {type(check).__name__}")
        if not isinstance(solution, str) or not solution.strip():
            raise ValueError("an exercise needs a solution text (the quiz bank's "
                             "EXERCISES[key]['solution'])")
        self.check_fn = check
        self.solution = solution.strip("\n")
        self.title = title
        self.checks = 0                  # how many times the check ran
        self.verdict = None              # None (not checked), "correct" or "not yet"
        self.message = ""
        self.printed = ""
        self.solution_shown = False

    def check(self):
        """Run the check now; returns the verdict."""
        buf = io.StringIO()
        try:
            with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf), \
                    warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("default")
                result = self.check_fn()
        except Exception as e:           # the learner's code failing is a verdict, not a crash
            result = joined(t("Not yet: your code raised"), f"{type(e).__name__}: {e}")
        for w in caught:                 # "Category: message", without a per-run file path
            buf.write(f"{w.category.__name__}: {str(w.message).split('. ')[0]}. [...]\n")
        if not isinstance(result, str) or not result.startswith(VERDICTS):
            raise ValueError(f"an exercise check must return a string starting with "
                             f"'Correct' or 'Not yet' (in Chinese: '正确' or '还不对'), "
                             f"got {result!r}")
        self.checks += 1
        self.printed = buf.getvalue()
        self.message = result
        self.verdict = "correct" if result.startswith(VERDICT_PREFIXES["correct"]) else "not yet"
        return self.verdict

    def show_solution(self, shown=True):
        """Reveal (or hide again) the solution."""
        self.solution_shown = bool(shown)
        return self.solution if self.solution_shown else None

    def result_text(self):
        """The verdict part of the transcript (what the Check button shows)."""
        if self.verdict is None:
            return t("Not checked yet: press Check.")
        lines = []
        if self.printed:
            lines += [t("printed:")] + ["  " + x for x in self.printed.rstrip("\n").split("\n")]
        lines.append(self.message)
        return "\n".join(lines)

    def solution_text(self):
        """The solution part of the transcript ("" while hidden)."""
        return t("Solution:") + "\n" + self.solution if self.solution_shown else ""

    def text(self):
        lines = [joined(t("Exercise:"), self.title)] if self.title else []
        lines.append(self.result_text())
        lines.append(self.solution_text() or t("(solution hidden: press Show solution)"))
        return "\n".join(lines)


class Exercise(WidgetView):
    """Check button (re-runs the check, shows the verdict) and Show solution button.

    The check runs once when the widget is created, so the cell's output shows where the
    starting code stands; after editing, re-run the exercise cell (or its code cell, then
    press Check)."""

    def __init__(self, check, solution, title="", check_now=True):
        w = widgets()
        self.model = ExerciseModel(check, solution, title)
        self.check_button = w.Button(description=t("Check"), button_style="primary")
        self.solution_button = w.Button(description=t("Show solution"))
        self.out = w.Output()
        self.solution_out = w.Output()
        self.check_button.on_click(lambda _b: self.check())
        self.solution_button.on_click(lambda _b: self.toggle_solution())
        header = [w.HTML(f"<b>{joined(t('Exercise:'), _html(title))}</b>")] if title else []
        self.box = w.VBox(header + [w.HBox([self.check_button, self.solution_button]),
                                    self.out, self.solution_out])
        if check_now:
            self.check()
        else:
            set_text(self.out, self.model.result_text())

    def check(self):
        verdict = self.model.check()
        set_text(self.out, self.model.result_text())
        return verdict

    def toggle_solution(self):
        self.model.show_solution(not self.model.solution_shown)
        self.solution_button.description = (t("Hide solution") if self.model.solution_shown
                                            else t("Show solution"))
        set_text(self.solution_out, self.model.solution_text())


def _html(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def exercise(key, check, check_now=True):
    """An Exercise whose title and hidden solution come from the quiz bank
    (`EXERCISES[key]` in `minigrad/viz/quizbank/nbNN.py`)."""
    from .quizbank import exercise_entry
    entry = exercise_entry(key)
    if "solution" not in entry:
        raise KeyError(f"exercise {key!r} has no 'solution' in the quiz bank")
    return Exercise(check, field(entry, "solution"), title=field(entry, "title"),
                    check_now=check_now)
