"""`make html`: the static pages hide what the notebooks collapse, so they do not spoil a quiz."""
import re
import sys
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import export_html  # noqa: E402

pytest.importorskip("nbconvert")


def _sample(folder: Path) -> None:
    (folder / "zh").mkdir(parents=True)
    hidden = {"jupyter": {"outputs_hidden": True}}
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# 01 · Sample"),
        nbformat.v4.new_code_cell('viz.quiz("01/x")'),
        nbformat.v4.new_code_cell("print(1)", metadata=hidden, outputs=[
            nbformat.v4.new_output("stream", name="stdout", text="THE-ANSWER-OUTPUT\n")]),
        nbformat.v4.new_markdown_cell("THE-ANSWER-PROSE",
                                      metadata={"jupyter": {"source_hidden": True}}),
        nbformat.v4.new_markdown_cell("## 2. Next: VISIBLE-PROSE"),
        nbformat.v4.new_code_cell("print(2)", outputs=[
            nbformat.v4.new_output("stream", name="stdout", text="VISIBLE-OUTPUT\n")]),
    ])
    nbformat.write(nb, folder / "01_sample.ipynb")
    nbformat.write(nb, folder / "zh" / "01_sample.ipynb")


def _inside_details(page: str, marker: str) -> bool:
    at = page.index(marker)
    return page.rfind("<details", 0, at) > page.rfind("</details>", 0, at)


def test_collapsed_cells_are_behind_a_click_and_the_rest_is_not(tmp_path):
    _sample(tmp_path / "nb")
    pages = export_html.export(tmp_path / "nb", tmp_path / "out")
    assert sorted(href for href, _ in pages) == ["01_sample.html", "zh/01_sample.html"]
    page = (tmp_path / "out" / "01_sample.html").read_text(encoding="utf-8")
    assert _inside_details(page, "THE-ANSWER-OUTPUT")
    assert _inside_details(page, "THE-ANSWER-PROSE")
    assert not _inside_details(page, "VISIBLE-OUTPUT")
    assert not _inside_details(page, "VISIBLE-PROSE")
    assert len(re.findall(r"<details class=\"minigrad-collapsed\">", page)) == 2
    assert "open it after you predict" in page
    zh = (tmp_path / "out" / "zh" / "01_sample.html").read_text(encoding="utf-8")
    assert "先预测，再点开" in zh and "open it after you predict" not in zh
