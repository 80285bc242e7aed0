"""A stored notebook -> the notebook its page is built from (the stored file is only read).

What changes, cell by cell:

* the cell that sets the widget language (tag ``set-language``) is dropped;
* after the title cell: the "run it yourself" box;
* a quiz cell (``viz.quiz("NN/slug", ...)``): its output becomes the kernel-free quiz widget,
  its code is not shown;
* an exercise cell (``viz.exercise("NN/slug", ...)``): title, stored verdict, solution on
  request; its code is not shown;
* any other widget output (labs, steppers): "needs a running notebook" + link + its text;
* a diagram (``image/svg+xml`` + PNG): the SVG inline in the page;
* collapsed cells stay collapsed: ``jupyter.outputs_hidden`` -> myst-nb's ``hide-output``
  (a ``<details>``), ``jupyter.source_hidden`` on markdown -> the prose inside a
  ``<details>``, on code -> ``hide-input``;
* links to notebooks and cheat sheets -> links to their pages (layout.Site.rewrite_links).
"""
from __future__ import annotations

import copy
import re
import sys

import nbformat

from . import widgets
from .layout import Site
from .text import say

WIDGET = "application/vnd.jupyter.widget-view+json"
QUIZ = re.compile(r"\bviz\.quiz\(\s*[\"'](?P<key>[^\"']+)[\"']")
EXERCISE = re.compile(r"\bviz\.exercise\(\s*[\"'](?P<key>[^\"']+)[\"']")
# what an SVG file has and a page must not: the XML prolog, the doctype; comments are noise
_NOT_INLINE = re.compile(r"<\?xml[^>]*\?>|<!DOCTYPE[^>]*>|<!--.*?-->", re.I | re.S)


def _html_output(markup: str):
    return nbformat.v4.new_output("display_data", data={"text/html": markup})


def _text(output) -> str:
    value = output.get("data", {}).get("text/plain", "")
    return "".join(value) if isinstance(value, list) else value


def inline_svg(svg: str) -> str:
    """A stored SVG document as markup to put inside a page."""
    svg = "".join(svg) if isinstance(svg, list) else svg
    return f'<div class="mg-diagram">{_NOT_INLINE.sub("", svg).strip()}</div>'


def run_box(lang: str) -> str:
    """The "run it yourself" admonition, as MyST markdown."""
    return (f"```{{admonition}} {say(lang, 'run_title')}\n:class: tip mg-run-box\n\n"
            f"{say(lang, 'run_body')}\n\n"
            "    make lab     # JupyterLab on notebooks/\n"
            "    make test    # lint, tests, notebook outputs, browser\n```")


class _Page:
    """What the cell transforms need to know about the page being built."""

    def __init__(self, site: Site, lang: str, docname: str, notebook):
        self.site, self.lang, self.docname = site, lang, docname
        self.notebook_href = site.download_href(lang, docname, notebook)
        self.notebook_path = ("notebooks/" + ("zh/" if lang == "zh" else "")
                              + notebook.name)


def _tags(cell) -> list:
    return cell.metadata.setdefault("tags", [])


def _widget_markup(quiz, exercise, stored: str, page: _Page) -> str:
    """The page's stand-in for a widget output. A quiz or exercise whose key the quiz bank
    does not know (a notebook ahead of its bank) is shown like a lab, with a warning: the
    build goes on, and tests/test_site.py reports the missing quiz."""
    try:
        if quiz:
            return widgets.quiz_html(quiz["key"], page.lang)
        if exercise:
            return widgets.exercise_html(exercise["key"], page.lang, stored,
                                         page.notebook_href, page.notebook_path)
    except KeyError as error:
        print(f"WARNING: {page.notebook_path}: {error}", file=sys.stderr)
    return widgets.lab_html(page.lang, stored, page.notebook_href, page.notebook_path)


def _stage_outputs(cell, page: _Page) -> None:
    quiz, exercise = QUIZ.search(cell.source), EXERCISE.search(cell.source)
    outputs = []
    for out in cell.get("outputs", []):
        data = out.get("data", {})
        if WIDGET in data:
            out = _html_output(_widget_markup(quiz, exercise, _text(out), page))
        elif "image/svg+xml" in data:
            out = _html_output(inline_svg(data["image/svg+xml"]))
        outputs.append(out)
    cell.outputs = outputs


def _stage_code(cell, page: _Page) -> None:
    hidden = cell.metadata.get("jupyter", {})
    _stage_outputs(cell, page)
    if (QUIZ.search(cell.source) or EXERCISE.search(cell.source)) and cell.get("outputs"):
        _tags(cell).append("remove-input")      # the widget replaces the call
    prompts = cell.metadata.setdefault("mystnb", {})
    if hidden.get("outputs_hidden") and cell.get("outputs"):
        _tags(cell).append("hide-output")
        prompts["code_prompt_show"] = say(page.lang, "collapsed_output")
    if hidden.get("source_hidden"):
        _tags(cell).append("hide-input")
        prompts["code_prompt_show"] = say(page.lang, "hidden_input")
    prompts["code_prompt_hide"] = say(page.lang, "hide")


# a notebook anchor `<a id="x"></a>` in a heading: the theme copies the heading into its
# page table of contents, where an <a> without href breaks its script; a span keeps the id
_ANCHOR = re.compile(r'<a id="([^"]+)"></a>')


def _stage_markdown(cell, page: _Page) -> None:
    source = page.site.rewrite_links(cell.source, page.lang, page.docname)
    source = _ANCHOR.sub(r'<span id="\1"></span>', source)
    if cell.metadata.get("jupyter", {}).get("source_hidden"):
        source = (f'<details class="mg-collapsed">\n<summary>'
                  f'{say(page.lang, "collapsed_prose")}</summary>\n\n{source}\n\n</details>')
    cell.source = source


def stage_notebook(site: Site, lang: str, path) -> "nbformat.NotebookNode":
    """The notebook at `path` (edition `lang`) ready for myst-nb, as a new object."""
    nb = copy.deepcopy(nbformat.read(path, as_version=4))
    page = _Page(site, lang, path.stem, path)
    cells, boxed = [], False
    for cell in nb.cells:
        if "set-language" in cell.metadata.get("tags", []):
            continue
        if cell.cell_type == "code":
            _stage_code(cell, page)
        elif cell.cell_type == "markdown":
            _stage_markdown(cell, page)
        cells.append(cell)
        if not boxed and cell.cell_type == "markdown" and cell.source.lstrip().startswith("# "):
            cells.append(nbformat.v4.new_markdown_cell(run_box(lang)))
            boxed = True
    nb.cells = cells
    nb.metadata.pop("widgets", None)       # no widget state: myst-nb then loads no widget JS
    return nb
