"""The course website (`make site`), built from the stored notebooks into a temporary folder.

Checked without a browser (tests/browser/test_site.py clicks through it):

* a page for every stored notebook of both editions, and for both cheat sheets;
* every page's language switch leads to an existing page, a notebook's to its twin;
* no page or stylesheet loads anything from the network (links are fine);
* no internal link is broken (missing file or missing #id);
* quizzes keep their answer hidden, collapsed cells are collapsed, diagrams are inline SVG,
  labs say they need a kernel, exercises hide their solution;
* one error page per failure family in both editions, titled with torch's exact message,
  linking to notebook 08's section when 08 is stored (to the notebook list otherwise).
"""
import html
import os
import re
from pathlib import Path

import nbformat
import nbsource
import pytest
import site_check
from sitegen.build import build
from sitegen.error_repros import REPROS, title_of
from sitegen.pages import ERROR_KINDS
from sitegen.stage import EXERCISE, QUIZ, WIDGET

pytestmark = pytest.mark.slow        # two Sphinx builds: about a minute

NBDIR = nbsource.notebooks_dir()
EDITIONS = {"en": NBDIR, "zh": NBDIR / "zh"}
OUT_DIR = {"en": "", "zh": "zh/"}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A fresh build; MINIGRAD_SITE_DIR=build/site checks an existing one instead."""
    if os.environ.get("MINIGRAD_SITE_DIR"):
        return Path(os.environ["MINIGRAD_SITE_DIR"]).resolve()
    out = tmp_path_factory.mktemp("site") / "site"
    report = build(NBDIR, out)
    print(f"site built in {report.seconds:.0f} s: "
          + ", ".join(f"{k}: {len(v)} pages" for k, v in report.pages.items()))
    return out


def _notebooks(lang):
    return sorted(EDITIONS[lang].glob("[0-9][0-9]_*.ipynb"))


def _page(site, lang, name):
    return site / f"{OUT_DIR[lang]}{name}.html"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_notebook_and_cheat_sheet_has_a_page(site, lang):
    assert _notebooks(lang), f"no stored notebooks in {EDITIONS[lang]}"
    names = [p.stem for p in _notebooks(lang)]
    if (EDITIONS[lang] / "cheatsheet.md").exists():
        names.append("cheatsheet")
    missing = [n for n in names if not _page(site, lang, n).exists()]
    assert not missing, f"{lang}: no page for {missing}"
    index = site_check.Page(_page(site, lang, "index"))
    for name in names[:-1]:
        assert f"{name}.html" in index.links, f"{lang} home does not list {name}"


def test_language_switch_on_every_page_leads_to_a_page(site):
    problems = []
    for path in site_check.html_files(site):
        href = site_check.switch_link(path)
        if href is None:
            problems.append(f"{path.relative_to(site)}: no language switch")
            continue
        target, _ = site_check.resolve(path.resolve(), href)
        if not target.exists():
            problems.append(f"{path.relative_to(site)}: switch -> {href} (missing)")
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_notebook_switches_to_its_twin(site, lang):
    other = "zh" if lang == "en" else "en"
    twins = [p.stem for p in _notebooks(lang) if (EDITIONS[other] / p.name).exists()]
    assert twins
    for name in twins + ["index", "cheatsheet", "errors/index", "errors/inplace-modified"]:
        path = _page(site, lang, name)
        target, _ = site_check.resolve(path.resolve(), site_check.switch_link(path))
        assert target == _page(site, other, name).resolve(), f"{lang}/{name} -> {target}"


def test_nothing_is_loaded_from_the_network(site):
    loads = site_check.external_loads(site)
    assert not loads, "pages load from the network:\n" + "\n".join(loads[:20])
    pages = site_check.html_files(site)
    assert len(pages) >= 40
    assert all(site_check.Page(p).loads for p in pages[:3])     # the parser sees loads at all


def test_no_broken_internal_links(site):
    broken = site_check.broken_links(site)
    assert not broken, f"{len(broken)} broken links:\n" + "\n".join(broken[:30])


def _stored(lang):
    """(notebook, cell) for every stored cell of the edition."""
    for path in _notebooks(lang):
        for cell in nbformat.read(path, as_version=4).cells:
            yield path, cell


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_quizzes_exercises_and_labs_work_without_a_kernel(site, lang):
    for path in _notebooks(lang):
        cells = [c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
        page = site_check.Page(_page(site, lang, path.stem))
        widgets = [c for c in cells if any(WIDGET in o.get("data", {}) for o in c.outputs)]
        quizzes = [QUIZ.search(c.source)["key"] for c in widgets if QUIZ.search(c.source)]
        shown = [a["data-quiz"] for a in page.with_class("div", "mg-quiz")]
        assert shown == quizzes, f"{path.name}: quizzes on the page {shown} != {quizzes}"
        results = page.with_class("div", "mg-quiz-result")
        assert all("hidden" in a for a in results), f"{path.name}: a quiz answer is visible"
        exercises = [c for c in widgets if EXERCISE.search(c.source)]
        assert len(page.with_class("details", "mg-solution")) == len(exercises), path.name
        labs = len(widgets) - len(quizzes) - len(exercises)
        assert len(page.with_class("div", "mg-needs-kernel")) == labs, path.name
        assert "widget-view" not in _page(site, lang, path.stem).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_collapsed_cells_are_collapsed_and_diagrams_inline(site, lang):
    for path in _notebooks(lang):
        cells = nbformat.read(path, as_version=4).cells
        hidden = [c for c in cells if c.metadata.get("jupyter", {}).get("source_hidden")
                  or (c.metadata.get("jupyter", {}).get("outputs_hidden") and c.get("outputs"))]
        svgs = sum("image/svg+xml" in o.get("data", {}) for c in cells
                   for o in c.get("outputs", []))
        text = _page(site, lang, path.stem).read_text(encoding="utf-8")
        text = text[text.index("<article"):text.index("</article>")]    # not the sidebar
        details = len(re.findall(r"<details\b", text))
        solutions = text.count('class="mg-solution"')
        assert details - solutions == len(hidden), f"{path.name}: {details} <details>"
        inline = re.findall(r'<div class="mg-diagram">\s*<svg\b', text)
        assert len(inline) == svgs, f"{path.name}: {len(inline)} inline SVGs, {svgs} stored"
        assert 'src="data:image/png' not in text and "<?xml" not in text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_error_pages_titled_with_the_exact_message(site, lang):
    index = site_check.Page(_page(site, lang, "errors/index"))
    nb08 = EDITIONS[lang] / "08_when_backward_fails.ipynb"
    for kind in ERROR_KINDS:
        path = _page(site, lang, f"errors/{kind}")
        assert f"{kind}.html" in index.links, f"{lang} error index misses {kind}"
        page = site_check.Page(path)
        assert page.title() == title_of(kind), f"{lang}/{kind}: {page.title()!r}"
        assert REPROS[kind]["message"].startswith(page.title())
        text = path.read_text(encoding="utf-8")
        assert html.escape(REPROS[kind]["message"], quote=False) in text   # the whole text
        (more,) = [a["href"] for a in page.with_class("a", "mg-nb08")]
        if nb08.exists():
            assert more == f"../08_when_backward_fails.html#{kind}"
            target, anchor = site_check.resolve(path.resolve(), more)
            assert anchor in site_check.Page(target).ids, f"08 has no section #{anchor}"
        else:
            assert more == "../index.html#notebooks"
