"""Predict before you see: on opening a notebook, no quiz's answer is on screen.

Between a quiz cell (``viz.quiz(...)``) and the next section heading (a markdown cell that
starts with ``#``), every stored output is collapsed (``jupyter.outputs_hidden``) and every
markdown cell is collapsed (``jupyter.source_hidden``): JupyterLab shows a bar the learner
clicks after answering. nbval still compares the hidden outputs. Checked on the stored
notebooks of both editions, as a learner opens them.

A collapsed cell is not blank: JupyterLab's bar shows the first non-empty line of a hidden
markdown cell's source, and of a hidden output's first output (placeholder_text below does
what JupyterLab 4 does). So that line must say nothing either:

* a hidden explanation starts with a neutral lead line of its own, one of NEUTRAL_LEADS
  (``**Explanation**``, then the text);
* a hidden output is a diagram (its bar reads ``<?xml ...``), an error of a raises-exception
  cell (no text on the bar) or a widget; printed text below a quiz would show its first line,
  so an experiment's prints belong in the quiz's own ``run=`` function, whose output the quiz
  shows after the pick.
"""
import re

import nbformat
import nbsource
import pytest

NBDIR = nbsource.notebooks_dir()
QUIZ = re.compile(r"\bviz\.quiz\(")
NOTEBOOKS = nbsource.all_notebook_files(NBDIR)


def is_heading(cell) -> bool:
    return cell.cell_type == "markdown" and cell.source.lstrip().startswith("#")


NEUTRAL_LEADS = ("**Explanation**", "**How to read this message**",
                 "**解释**", "**怎样读这条报错**")
# what JupyterLab reads a collapsed output's bar from, in its order of preference
_PLACEHOLDER_MIMES = ("text/html", "image/svg+xml", "application/pdf", "text/markdown",
                      "text/plain", "application/vnd.jupyter.stderr",
                      "application/vnd.jupyter.stdout", "text")
WIDGET = "application/vnd.jupyter.widget-view+json"


def placeholder_text(cell):
    """The text on a collapsed cell's bar in JupyterLab 4 (None: an empty bar)."""
    if cell.cell_type == "markdown":
        lines = cell.source.splitlines()
    else:
        if not cell.get("outputs"):
            return None
        first = cell.outputs[0]
        data = dict(first.get("data", {}))
        if first.get("output_type") == "stream":
            data = {"application/vnd.jupyter." + first["name"]: first["text"]}
        mime = next((m for m in _PLACEHOLDER_MIMES if isinstance(
            data.get(m), (str, list))), None)
        if mime is None:
            return None
        value = data[mime]
        lines = value if isinstance(value, list) else value.split("\n")
    return next((line.rstrip("\n") for line in lines if line.rstrip("\n") != ""), None)


def _bar_says_nothing(cell) -> bool:
    text = placeholder_text(cell)
    if cell.cell_type == "markdown":
        return text in NEUTRAL_LEADS
    if WIDGET in cell.outputs[0].get("data", {}):
        return True
    return text is None or text.startswith(("<?xml", "<svg"))


def visible_before_a_pick(cells) -> list[str]:
    """Cells after a quiz and before the next heading that show something on open."""
    shown = []
    for i, cell in enumerate(cells):
        if cell.cell_type != "code" or not QUIZ.search(cell.source):
            continue
        for later in cells[i + 1:]:
            if is_heading(later) or QUIZ.search(later.source):
                break
            hidden = later.get("metadata", {}).get("jupyter", {})
            if later.cell_type == "markdown" and not hidden.get("source_hidden"):
                shown.append(f"cell {cells.index(later)} (prose) after the quiz in cell {i}: "
                             f"{later.source[:60]!r}")
            elif later.cell_type == "code" and later.get("outputs") \
                    and not hidden.get("outputs_hidden"):
                shown.append(f"cell {cells.index(later)} (output) after the quiz in cell {i}: "
                             f"{later.source[:60]!r}")
            elif (later.cell_type == "markdown" or later.get("outputs")) \
                    and not _bar_says_nothing(later):
                shown.append(f"cell {cells.index(later)}: its collapsed bar reads "
                             f"{placeholder_text(later)!r} (after the quiz in cell {i}); start "
                             f"the prose with a line of NEUTRAL_LEADS, move prints into the "
                             f"quiz's run= function")
    return shown


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(NBDIR)))
def test_no_answer_is_visible_before_the_learner_picks(path):
    cells = nbformat.read(path, as_version=4).cells
    shown = visible_before_a_pick(cells)
    assert not shown, f"{path.name}: answer visible on open:\n" + "\n".join(shown)


def test_the_rule_sees_a_spoiler_and_accepts_a_collapsed_one():
    quiz = nbformat.v4.new_code_cell('viz.quiz("01/x", run=f)')
    run = nbformat.v4.new_code_cell("f()", outputs=[nbformat.v4.new_output(
        "stream", name="stdout", text="tensor([0., 0.])\n")])
    prose = nbformat.v4.new_markdown_cell("It is zero because ...")
    heading = nbformat.v4.new_markdown_cell("## 2. Next")
    after = nbformat.v4.new_markdown_cell("visible, after the heading")
    assert len(visible_before_a_pick([quiz, run, prose, heading, after])) == 2
    run.metadata["jupyter"] = {"outputs_hidden": True}
    prose.metadata["jupyter"] = {"source_hidden": True}
    shown = visible_before_a_pick([quiz, run, prose, heading, after])
    assert len(shown) == 2 and "tensor([0., 0.])" in shown[0] and "It is zero" in shown[1]
    prose.source = "**Explanation**\n\nIt is zero because ..."
    diagram = nbformat.v4.new_code_cell("viz.draw(y)", metadata=run.metadata, outputs=[
        nbformat.v4.new_output("display_data",
                               data={"image/svg+xml": "<?xml version='1.0'?>\n<svg/>"})])
    error = nbformat.v4.new_code_cell("y.backward()", metadata=run.metadata, outputs=[
        nbformat.v4.new_output("error", ename="RuntimeError", evalue="x", traceback=[])])
    assert visible_before_a_pick([quiz, diagram, error, prose, heading, after]) == []
