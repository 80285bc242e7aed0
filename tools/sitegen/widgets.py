"""The HTML a page shows where the notebook shows a live widget.

* a quiz (`viz.quiz(key, ...)`): the question and choices from the quiz bank as buttons; the
  answer and the explanation sit in a hidden block that `minigrad-site.js` shows after a pick
  (nothing needs a kernel);
* an exercise (`viz.exercise(key, ...)`): its title, the verdict the notebook stored, and the
  solution behind a `<details>` click;
* any other widget (labs, steppers, live graphs): a notice that it needs a running notebook,
  a link to the notebook, and the text the widget shows when it starts.

Widget words ("The answer is:", "Show solution", ...) come from `minigrad.viz._i18n`, the
same words the notebook's widgets use.
"""
from __future__ import annotations

import contextlib
import html
import re

from minigrad.viz import _i18n
from minigrad.viz.quizbank import exercise_entry, quiz_entry

from .text import say


@contextlib.contextmanager
def _language(lang: str):
    """minigrad.viz's language switched to `lang` for the duration (then restored)."""
    before = _i18n.get_language()
    _i18n.set_language(lang)
    try:
        yield
    finally:
        _i18n.set_language(before)


def inline(text: str) -> str:
    """Escape `text`, then turn `code` spans into <code> (quiz bank text uses backticks)."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(str(text)))


def quiz_html(key: str, lang: str) -> str:
    """The quiz `key` as a widget that needs no kernel (see minigrad-site.js)."""
    entry = quiz_entry(key)
    with _language(lang):
        question = _i18n.field(entry, "question")
        choices = [str(c) for c in _i18n.field(entry, "choices")]
        explanation = _i18n.field(entry, "explanation")
        words = {w: _i18n.t(w) for w in ("Correct!", "Not quite.", "The answer is:")}
        where = _i18n.t("Now open the collapsed cells below (click the bar beside each) for "
                        "the experiment and the explanation.")
    answer = entry["answer"]
    if not isinstance(answer, int):
        answer = [str(c) for c in entry["choices"]].index(str(answer))
    buttons = "".join(
        f'<li><button type="button" class="mg-quiz-choice" data-index="{i}">'
        f'{inline(choice)}</button></li>' for i, choice in enumerate(choices))
    return (
        f'<div class="mg-quiz" data-quiz="{html.escape(key)}" data-answer="{answer}" '
        f'data-correct="{html.escape(words["Correct!"])}" '
        f'data-wrong="{html.escape(words["Not quite."])}">'
        f'<p class="mg-quiz-question">{inline(question)}</p>'
        f'<ol class="mg-quiz-choices">{buttons}</ol>'
        f'<p class="mg-quiz-hint">{inline(say(lang, "quiz_hint"))}</p>'
        f'<div class="mg-quiz-result" hidden>'
        f'<p class="mg-quiz-verdict"></p>'
        f'<p class="mg-quiz-answer"><b>{html.escape(words["The answer is:"])}</b> '
        f'{inline(choices[answer])}</p>'
        f'<p class="mg-quiz-explanation">{inline(explanation)}</p>'
        f'<p class="mg-quiz-where">{inline(where)}</p>'
        f'</div></div>')


def exercise_html(key: str, lang: str, stored_text: str, notebook_href: str,
                  notebook_path: str) -> str:
    """Exercise `key`: title, the stored verdict, and the solution on request."""
    entry = exercise_entry(key)
    with _language(lang):
        title = _i18n.field(entry, "title")
        solution = _i18n.field(entry, "solution")
        label, show = _i18n.t("Exercise:"), _i18n.t("Show solution")
    verdict = [line for line in stored_text.splitlines()[1:]
               if line.strip() and not line.startswith(("(", "（"))]
    kernel = say(lang, "exercise_kernel", href=html.escape(notebook_href),
                 path=html.escape(notebook_path))
    return (
        f'<div class="mg-exercise" data-exercise="{html.escape(key)}">'
        f'<p class="mg-exercise-title"><b>{html.escape(label)}</b> {inline(title)}</p>'
        f'<p class="mg-exercise-kernel">{kernel}</p>'
        f'<pre class="mg-exercise-verdict">{html.escape(chr(10).join(verdict))}</pre>'
        f'<details class="mg-solution"><summary>{html.escape(show)}</summary>'
        f'<pre><code>{html.escape(solution)}</code></pre></details></div>')


def lab_html(lang: str, stored_text: str, notebook_href: str, notebook_path: str) -> str:
    """A live widget the page cannot run: say so, link the notebook, show its first state."""
    body = say(lang, "lab_body", href=html.escape(notebook_href),
               path=html.escape(notebook_path))
    shown = f"<pre>{html.escape(stored_text)}</pre>" if stored_text.strip() else ""
    return (f'<div class="mg-needs-kernel admonition note">'
            f'<p class="admonition-title">{html.escape(say(lang, "lab_title"))}</p>'
            f'<p>{body}</p>{shown}</div>')
