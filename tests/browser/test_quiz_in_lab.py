"""Predict before you see, in a real JupyterLab: a quiz's answer is hidden when the notebook
opens, and there after the learner picks, runs, and opens the collapsed cells.

For notebook 01 in both editions: open it without running anything and check that the cells
between the first quiz and the next heading show no stored output and no prose (screenshot
``*-quiz-before.png``); then Run All, pick a choice, press the quiz's Run button, and check
that the verdict names the answer and says where to look; open the collapsed output and
check it is shown (screenshot ``*-quiz-after.png``). Uses test_lab.py's JupyterLab and
Chromium (and skips with its notice when there is no Chromium).
"""
import re

import pytest
import test_lab
from test_lab import NBDIR, SHOTS, _cell, _log, _open_without_running, _state

pytestmark = [pytest.mark.browser, pytest.mark.slow]
lab, browser, page = test_lab.lab, test_lab.browser, test_lab.page   # the same fixtures

QUIZ = re.compile(r"\bviz\.quiz\(")
EDITIONS = [p for p in (NBDIR / "01_detach_vs_data.ipynb", NBDIR / "zh" / "01_detach_vs_data.ipynb")
            if p.exists()]
AFTER_PICK = {"en": ("The answer is:", "collapsed cells"), "zh": ("答案是：", "折叠")}


def _quiz_section(cells):
    """(index of the first quiz cell, indexes of the cells up to the next heading)."""
    quiz = next(i for i, c in enumerate(cells) if c["type"] == "code" and QUIZ.search(c["source"]))
    after = []
    for i in range(quiz + 1, len(cells)):
        if cells[i]["type"] == "markdown" and cells[i]["source"].lstrip().startswith("#"):
            break
        after.append(i)
    return quiz, after


def _run_up_to(page, index):
    """Run the cells above cell `index` and then that cell, as a learner who goes in order
    (Run All would also run, and so show, the experiment below the quiz)."""
    page.wait_for_function(
        "() => { const s = window.jupyterapp.shell.currentWidget.sessionContext;"
        " return s.session && s.session.kernel && s.session.kernel.status === 'idle'; }",
        timeout=90_000)
    page.evaluate("""async (i) => {
      const app = window.jupyterapp, panel = app.shell.currentWidget;
      panel.content.activeCellIndex = i;
      await app.commands.execute('notebook:run-all-above');
      panel.content.activeCellIndex = i;
      await app.commands.execute('notebook:run-cell');
    }""", index)
    page.wait_for_function(
        "(i) => { const w = window.jupyterapp.shell.currentWidget;"
        " const m = w.content.widgets[i].model;"
        " return m.executionCount && w.sessionContext.session.kernel.status === 'idle'; }",
        arg=index, timeout=120_000)
    _log(f"ran the cells up to the quiz (cell {index})")


def _top(page, index):
    """Scroll so that cell `index` (the quiz) is at the top of the notebook panel."""
    _cell(page, index).evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)


@pytest.mark.parametrize("path", EDITIONS, ids=lambda p: str(p.relative_to(NBDIR)))
def test_quiz_answer_hidden_until_the_learner_picks(lab, page, path):
    SHOTS.mkdir(parents=True, exist_ok=True)
    name = path.relative_to(NBDIR).as_posix()
    lang = "zh" if name.startswith("zh/") else "en"
    stem = name[:-len(".ipynb")].replace("/", "-")
    _open_without_running(page, lab, name)
    cells = _state(page)["cells"]
    quiz, after = _quiz_section(cells)
    assert after, f"{name}: nothing after the first quiz"
    problems = []
    for i in after:
        cell = _cell(page, i)
        if cells[i]["type"] == "markdown" and cell.locator(".jp-RenderedMarkdown").is_visible():
            problems.append(f"cell {i}: prose visible on open")
        if cells[i]["outputs"] and cell.locator(".jp-OutputArea-output").first.is_visible():
            problems.append(f"cell {i}: output visible on open")
    _top(page, quiz)
    page.screenshot(path=str(SHOTS / f"{stem}-quiz-before.png"))
    assert not problems, f"{name}: " + "; ".join(problems)

    _run_up_to(page, quiz)
    widget = _cell(page, quiz).locator(".jp-OutputArea-output .jupyter-widgets")
    widget.locator("input[type=radio]").first.check()
    widget.locator("button").first.click()
    answer, where = AFTER_PICK[lang]
    page.wait_for_function("([i, text]) => document.querySelector("
                           "`[data-nbtest-index='${i}']`).innerText.includes(text)",
                           arg=[quiz, answer], timeout=10_000)
    shown = _cell(page, quiz).inner_text()
    assert where in shown, f"{name}: the verdict does not say where to look: {shown[-300:]}"
    output = next(i for i in after if cells[i]["outputs"])
    _cell(page, output).locator(".jp-OutputPlaceholder").first.click()
    page.wait_for_timeout(500)
    assert _cell(page, output).locator(".jp-OutputArea-output").first.is_visible(), (
        f"{name}: the collapsed output did not open on a click")
    _log(f"{name}: answer hidden on open, shown after the pick")
    _top(page, quiz)
    page.screenshot(path=str(SHOTS / f"{stem}-quiz-after.png"))
