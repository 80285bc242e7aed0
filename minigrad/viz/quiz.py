"""Quiz: predict, then run, then see the verdict and the explanation."""
import contextlib
import io

from ._i18n import field, joined, t
from ._widgets import WidgetView, set_text, widgets

__all__ = ["Quiz", "QuizModel", "quiz"]

# the notebook collapses the experiment's output and its explanation until the learner picks
WHERE_TO_LOOK = ("Now open the collapsed cells below (click the bar beside each) for the "
                 "experiment and the explanation.")


class QuizModel:
    """Headless quiz. `choose(choice)`, then `run()`; `verdict` is "correct" or
    "not quite"; `output` holds what `run` printed, returned or raised."""

    def __init__(self, question, choices, answer, run=None, explanation=""):
        self.question = question
        self.choices = [str(c) for c in choices]
        if not self.choices:
            raise ValueError("Quiz needs at least one choice")
        if isinstance(answer, int) and not isinstance(answer, bool):
            if not 0 <= answer < len(self.choices):
                raise ValueError(f"answer index {answer} is out of range")
            answer = self.choices[answer]
        if str(answer) not in self.choices:
            raise ValueError(f"answer {answer!r} is not one of the choices")
        self.answer = str(answer)
        self.run_fn = run
        self.explanation = explanation
        self.reset()

    def reset(self):
        self.selected = None
        self.ran = False
        self.output = ""
        self.raised = None               # "RuntimeError: ..." when run raised
        self.verdict = None

    def choose(self, choice):
        """Pick a choice (its text or its index)."""
        if isinstance(choice, int) and not isinstance(choice, bool):
            choice = self.choices[choice]
        if choice is not None and str(choice) not in self.choices:
            raise ValueError(f"{choice!r} is not one of the choices")
        self.selected = None if choice is None else str(choice)
        return self.selected

    def run(self):
        """Run the code (capturing prints and errors) and judge the prediction. Without a
        prediction nothing runs: predicting first is the point."""
        if self.selected is None:
            self.output = t("Pick an answer first.")
            return None
        buf = io.StringIO()
        self.raised = None
        try:
            with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
                result = self.run_fn() if self.run_fn is not None else None
            if result is not None:
                buf.write(repr(result) + "\n")
        except Exception as e:           # showing the error is the lesson
            self.raised = f"{type(e).__name__}: {e}"
        self.output = buf.getvalue() + (self.raised + "\n" if self.raised else "")
        self.ran = True
        self.verdict = "correct" if self.selected == self.answer else "not quite"
        return self.verdict

    def text(self):
        lines = [self.question]
        lines += [f"  ({'x' if c == self.selected else ' '}) {c}" for c in self.choices]
        if self.ran:
            if self.output:
                lines += [t("output:")] + ["  " + x for x in self.output.rstrip("\n").split("\n")]
            mark = t("Correct!") if self.verdict == "correct" else t("Not quite.")
            lines.append(joined(mark, t("The answer is:"), self.answer))
            if self.explanation:
                lines.append(self.explanation)
            lines.append(t(WHERE_TO_LOOK))
        elif self.output:
            lines.append(self.output)
        return "\n".join(lines)


class Quiz(WidgetView):
    """Predict (radio buttons), run (button), then a verdict and the explanation.

    `answer` is the right choice (text or index); `run` is a callable whose prints,
    return value or exception are shown after the prediction."""

    def __init__(self, question, choices, answer, run=None, explanation=""):
        w = widgets()
        self.model = QuizModel(question, choices, answer, run, explanation)
        self.radio = w.RadioButtons(options=self.model.choices, value=None,
                                    description="", layout=w.Layout(width="max-content"))
        self.button = w.Button(description=t("Run"), button_style="primary")
        self.out = w.Output()
        self.radio.observe(self._on_choice, names="value")
        self.button.on_click(self._on_run)
        self.box = w.VBox([w.HTML(f"<b>{_html(question)}</b>"), self.radio, self.button,
                           self.out])

    def _on_choice(self, change):
        self.model.choose(change["new"])

    def _on_run(self, _button=None):
        self.model.run()
        lines = self.model.text().split("\n")
        # the question and choices are already on screen: show the result part only
        set_text(self.out, "\n".join(lines[1 + len(self.model.choices):]))


def _html(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quiz(key, run=None):
    """A Quiz whose question, choices, answer and explanation come from the quiz bank
    (`minigrad.viz.quizbank`), so the notebook's code cell does not show the answer.
    In Chinese (`viz.set_language("zh")`) the `*_zh` fields are shown; the answer is the
    same choice, matched by its index."""
    from .quizbank import quiz_entry
    entry = quiz_entry(key)
    answer = entry["answer"]
    if not isinstance(answer, int):
        answer = [str(c) for c in entry["choices"]].index(str(answer))
    return Quiz(field(entry, "question"), field(entry, "choices"), answer, run=run,
                explanation=field(entry, "explanation"))
