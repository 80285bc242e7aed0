"""Reading a built site (tools/build_site.py) without a browser: its pages, links and loads.

Used by tests/test_site.py and tests/browser/test_site.py. Only the standard library.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

# what a page LOADS (as opposed to what it links to): tag -> attributes holding a URL
LOADS = {"script": ("src",), "img": ("src", "srcset"), "iframe": ("src",), "embed": ("src",),
         "source": ("src", "srcset"), "video": ("src", "poster"), "audio": ("src",),
         "object": ("data",), "input": ("src",), "image": ("href", "xlink:href"),
         "use": ("href", "xlink:href"), "track": ("src",)}
# <link rel=...> that only names another page, never fetched
_NAVIGATION_RELS = {"index", "search", "next", "prev", "canonical", "alternate", "author",
                    "help", "license", "first", "last", "up"}
_CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)|@import\s+['\"]([^'\"]+)")


class Page(HTMLParser):
    """One HTML file: its ids, links (<a href>), loads, and the text of chosen elements."""

    def __init__(self, path: Path | None, text: str | None = None):
        super().__init__(convert_charrefs=True)
        self.path = path
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.loads: list[str] = []
        self.tags: list[tuple[str, dict]] = []
        self.h1s: list[str] = []
        self._in_h1 = 0
        self.feed(path.read_text(encoding="utf-8") if text is None else text)

    @classmethod
    def from_text(cls, text: str) -> "Page":
        """A page read from its HTML text (e.g. as a server returned it)."""
        return cls(None, text)

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        self.tags.append((tag, a))
        for key in ("id", "name") if tag == "a" else ("id",):
            if a.get(key):
                self.ids.add(a[key])
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        if tag == "link" and a.get("href"):
            rels = set(a.get("rel", "").lower().split())
            (self.links if rels and rels <= _NAVIGATION_RELS else self.loads).append(a["href"])
        for attr in LOADS.get(tag, ()):
            if a.get(attr):
                self.loads += [part.strip().split(" ")[0] for part in a[attr].split(",")] \
                    if attr == "srcset" else [a[attr]]
        if "style" in a:
            self.loads += [m[0] or m[1] for m in _CSS_URL.findall(a["style"])]
        if tag == "h1":
            self._in_h1 += 1
            self.h1s.append("")

    def handle_endtag(self, tag):
        if tag == "h1" and self._in_h1:
            self._in_h1 -= 1

    def handle_data(self, data):
        if self._in_h1:
            self.h1s[-1] += data

    def title(self) -> str:
        """The article's <h1> (the theme puts a print-only copy before it), without the
        permalink sign Sphinx appends."""
        return self.h1s[-1].replace("\uf0c1", "").rstrip("#").strip() if self.h1s else ""

    def with_class(self, tag: str, cls: str) -> list[dict]:
        """The attributes of every `tag` element that has class `cls`."""
        return [a for t, a in self.tags if t == tag and cls in a.get("class", "").split()]


def is_external(url: str) -> bool:
    """A URL that would reach the network (http, https, protocol-relative //host, ftp...)."""
    scheme = urlsplit(url).scheme.lower()
    return url.startswith("//") or scheme in {"http", "https", "ftp", "ws", "wss"}


def html_files(site: Path) -> list[Path]:
    """The site's pages (not the theme's files under _static/)."""
    return sorted(p for p in site.rglob("*.html") if "_static" not in p.relative_to(site).parts)


def external_loads(site: Path) -> list[str]:
    """Every URL a page or stylesheet of the site would fetch from the network."""
    found = []
    for path in html_files(site):
        found += [f"{path.relative_to(site)}: {u}" for u in Page(path).loads if is_external(u)]
    for css in sorted(site.rglob("*.css")):
        text = re.sub(r"/\*.*?\*/", "", css.read_text(encoding="utf-8", errors="replace"),
                      flags=re.S)
        found += [f"{css.relative_to(site)}: {m[0] or m[1]}" for m in _CSS_URL.findall(text)
                  if is_external(m[0] or m[1])]
    return found


def resolve(page: Path, href: str) -> tuple[Path, str] | None:
    """(file, fragment) an internal href of `page` points to; None for external or special."""
    if not href or is_external(href) or urlsplit(href).scheme:
        return None                                   # mailto:, javascript:, data:, http...
    parts = urlsplit(href)
    target = page if not parts.path else (page.parent / unquote(parts.path)).resolve()
    if target.is_dir():
        target = target / "index.html"
    return target, unquote(parts.fragment)


def broken_links(site: Path) -> list[str]:
    """Internal links to a missing file, or to a missing #id in an HTML page."""
    pages: dict[Path, Page] = {}

    def page(path: Path) -> Page:
        if path not in pages:
            pages[path] = Page(path)
        return pages[path]

    broken = []
    for path in html_files(site):
        for href in page(path.resolve()).links:
            where = resolve(path.resolve(), href)
            if where is None:
                continue
            target, fragment = where
            if not target.exists():
                broken.append(f"{path.relative_to(site)} -> {href} (no such file)")
            elif fragment and target.suffix == ".html" and fragment not in page(target).ids:
                broken.append(f"{path.relative_to(site)} -> {href} (no id {fragment!r})")
    return broken


def switch_link(path: Path) -> str | None:
    """The href of the page's language switch (#mg-lang-switch)."""
    return next((a["href"] for t, a in Page(path).tags
                 if t == "a" and a.get("id") == "mg-lang-switch"), None)
