"""Where each page of the site lives, and links between pages and editions.

A page is (edition, docname): ("en", "01_detach_vs_data") is build/site/01_detach_vs_data.html,
("zh", "errors/index") is build/site/zh/errors/index.html. The stored notebook
notebooks/NN_x.ipynb is page ("en", "NN_x"), notebooks/zh/NN_x.ipynb is ("zh", "NN_x"); the
cheat sheets notebooks/cheatsheet.md and notebooks/zh/cheatsheet.md are "cheatsheet".
A copy of each stored notebook is served beside the pages, at notebooks/NN_x.ipynb of its
edition, for the "run it yourself" links.
"""
from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path

EDITION_DIR = {"en": "", "zh": "zh/"}       # an edition's folder, in the site and in notebooks/
NOTEBOOK_LIST = "notebooks"                  # the home page's label of the notebook list
NB08 = "08_when_backward_fails"              # the notebook the error pages link into
# a markdown link [text](target "title"); the text may hold one level of brackets
_LINK = re.compile(r"(?<!!)\[(?P<text>(?:[^\[\]\n]|\[[^\[\]\n]*\])*)\]"
                   r"\((?P<target>[^)\s]+)(?:\s+\"[^\"]*\")?\)")
_LOCAL = re.compile(r"^(?P<path>[^:#?]*\.(?:ipynb|md))?(?P<frag>#[^\s]*)?$")


def page_url(edition: str, docname: str) -> str:
    """The page's path from the site's root folder."""
    return f"{EDITION_DIR[edition]}{docname}.html"


def relative(from_url: str, to_url: str) -> str:
    """`to_url` (from the site's root) as seen from the page at `from_url`."""
    start = posixpath.dirname(from_url) or "."
    return posixpath.relpath(to_url, start)


@dataclass
class Site:
    """The pages of both editions (filled in as they are staged)."""
    nbdir: Path
    pages: dict = field(default_factory=lambda: {"en": set(), "zh": set()})

    def notebooks(self, edition: str) -> list[Path]:
        """The stored notebooks of `edition`, in course order."""
        return sorted((self.nbdir / EDITION_DIR[edition]).glob("[0-9][0-9]_*.ipynb"))

    def page_of(self, repo_rel: str):
        """notebooks/<repo_rel> -> (edition, docname), or None when it is not a page."""
        parts = repo_rel.split("/")
        edition = "zh" if len(parts) == 2 and parts[0] == "zh" else "en"
        if len(parts) > (2 if edition == "zh" else 1):
            return None
        stem = parts[-1].rsplit(".", 1)[0]
        if re.fullmatch(r"\d\d_\w+", stem) or stem == "cheatsheet":
            return edition, stem
        return None

    def exists(self, edition: str, docname: str) -> bool:
        """Whether the edition has that page in this build."""
        return docname in self.pages[edition]

    def href(self, edition: str, docname: str, to_edition: str, to_docname: str,
             fragment: str = "") -> str:
        """A link from one page to another; to the notebook list when the target is absent."""
        if not self.exists(to_edition, to_docname):
            to_docname, fragment = "index", "#" + NOTEBOOK_LIST
        return relative(page_url(edition, docname),
                        page_url(to_edition, to_docname)) + fragment

    def download_href(self, edition: str, docname: str, notebook: Path) -> str:
        """The page's link to the stored notebook's copy in the site."""
        return relative(page_url(edition, docname),
                        f"{EDITION_DIR[edition]}notebooks/{notebook.name}")

    def rewrite_links(self, markdown: str, edition: str, docname: str) -> str:
        """Links to notebooks and cheat sheets (`01_x.ipynb`, `../cheatsheet.md#rule`) become
        raw `<a href>` to their pages, so that links across editions, to anchors, and to
        notebooks not stored yet all land somewhere real. Other links are left to MyST."""
        def swap(m):
            target = _LOCAL.match(m["target"])
            if target is None or not (target["path"] or target["frag"]):
                return m[0]
            frag = target["frag"] or ""
            if target["path"]:
                repo = posixpath.normpath(posixpath.join(EDITION_DIR[edition] or ".",
                                                         target["path"]))
                page = self.page_of(repo)
                if page is None:
                    return m[0]
                href = self.href(edition, docname, *page, fragment=frag)
            else:
                href = frag
            return f'<a href="{href}">{m["text"]}</a>'
        return _LINK.sub(swap, markdown)
