"""The notebook sources are read by jupytext (tools/nbsource.py): every source file's cells match
its ``# %%`` marker lines and round-trip through jupytext's writer; bad sources are refused."""

import json
import re

import jupytext
import nbformat
import pytest

import nbsource

SOURCES = nbsource.source_files()
# a marker line: "# %%", an optional "[markdown]", then the options as written
MARKER = re.compile(r"^# %%(?: \[(markdown)\])?(.*)$", re.MULTILINE)


def _cells(src):
    return nbsource.parse_percent(src.read_text(encoding="utf-8"), src.name)


@pytest.mark.parametrize("src", SOURCES, ids=lambda p: p.stem[:2])
def test_cells_match_the_marker_lines(src):
    cells = _cells(src)
    markers = MARKER.findall(src.read_text(encoding="utf-8"))
    assert len(cells) == len(markers)
    for index, (cell, (markdown, options)) in enumerate(zip(cells, markers)):
        assert cell["cell_type"] == ("markdown" if markdown else "code"), index
        written = " ".join(f"{key}={json.dumps(value)}" for key, value in cell["metadata"].items())
        assert written == options.strip(), index


@pytest.mark.parametrize("src", SOURCES, ids=lambda p: p.stem[:2])
def test_cells_round_trip_through_jupytext(src):
    cells = _cells(src)
    makers = {"code": nbformat.v4.new_code_cell, "markdown": nbformat.v4.new_markdown_cell}
    nb = nbformat.v4.new_notebook(cells=[makers[c["cell_type"]](c["source"], metadata=c["metadata"])
                                         for c in cells])
    written = jupytext.writes(nb, fmt="py:percent")
    assert nbsource.parse_percent(written, src.name) == cells


def test_a_jupytext_header_is_read_past():
    text = "# ---\n# jupyter:\n#   jupytext:\n#     formats: py:percent\n# ---\n\n# %%\nx = 1\n"
    assert nbsource.parse_percent(text) == [{"cell_type": "code", "source": "x = 1",
                                             "metadata": {}}]


@pytest.mark.parametrize("text, message", [
    ("x = 1\n\n# %%\ny = 2\n", "text before the first"),
    ('# %% tag=["raises-exception"]\n1\n', r"unknown cell options \['tag'\]"),
    ("# %% tags=[raises\n1\n", "unknown cell options"),
    ('# %% tags="raises"\n1\n', "is not of type 'array'"),
    ("# %%\n\n# %% [markdown]\n#\n", "no cells"),
], ids=["preamble", "typo", "unreadable", "tags-not-list", "empty"])
def test_bad_sources_are_refused(text, message):
    with pytest.raises(nbsource.SourceError, match=message):
        nbsource.parse_percent(text)
