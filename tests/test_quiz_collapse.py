"""Predict before you see: on opening a notebook, no quiz's answer is on screen.

Between a quiz cell (``viz.quiz(...)``) and the next section heading (a markdown cell that
starts with ``#``), every stored output is collapsed (``jupyter.outputs_hidden``) and every
markdown cell is collapsed (``jupyter.source_hidden``): JupyterLab shows a bar the learner
clicks after answering. nbval still compares the hidden outputs. Checked on the stored
notebooks of both editions, as a learner opens them.
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
    assert visible_before_a_pick([quiz, run, prose, heading, after]) == []
