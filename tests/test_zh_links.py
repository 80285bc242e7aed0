"""Links inside the Chinese edition stay inside it.

A learner reading notebooks/zh/ follows a link to the Chinese notebook or cheat sheet, never
to the English one next door. Checked on every block of notebooks/src/zh/*.md and on the
stored Chinese notebooks (which also hold the generated myth checks).
"""
import re
from pathlib import Path

import nbformat
import nbsource
import pytest

NBDIR = nbsource.notebooks_dir()
ZH = NBDIR / "zh"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def local_links(text: str) -> list[str]:
    """Relative link targets (no scheme), without their #anchor."""
    return [t.split("#")[0] for t in LINK.findall(text)
            if "://" not in t and not t.startswith(("#", "mailto:"))]


def outside_the_edition(text: str, folder: Path = ZH) -> list[str]:
    bad = []
    for target in local_links(text):
        if not target:
            continue
        path = (folder / target).resolve()
        if not path.is_relative_to(folder.resolve()):
            bad.append(f"{target} leaves the Chinese edition")
        elif not path.exists():
            bad.append(f"{target} does not exist")
    return bad


@pytest.mark.parametrize("path", sorted((NBDIR / "src" / "zh").glob("*.md")), ids=lambda p: p.name)
def test_prose_links_stay_in_the_chinese_edition(path):
    bad = outside_the_edition(path.read_text(encoding="utf-8"))
    assert not bad, f"{path.name}: " + "; ".join(bad)


@pytest.mark.parametrize("path", nbsource.translated_notebook_files(NBDIR), ids=lambda p: p.name)
def test_stored_chinese_notebooks_link_within_the_edition(path):
    cells = nbformat.read(path, as_version=4).cells
    bad = [b for c in cells if c.cell_type == "markdown" for b in outside_the_edition(c.source)]
    assert not bad, f"{path.name}: " + "; ".join(bad)


def test_the_rule_catches_an_english_link():
    assert outside_the_edition("见 [05](../05_inplace_and_versions.ipynb)")
    assert not outside_the_edition("见 [05](05_inplace_and_versions.ipynb#sec)")
