"""The pages that are not notebooks: home, cheat sheet, the error message index and one page
per failure family (MyST markdown, written into an edition's staging folder).

An error page takes its words from `minigrad.viz.explain` (the same catalogue `viz.explain(e)`
shows in a notebook, in both languages), its title and reproduction from `error_repros`, and
links to the family's section of notebook 08 (`08_when_backward_fails.html#<kind>`), or to
the notebook list while notebook 08 is not stored.
"""
from __future__ import annotations

import re

from minigrad.viz.explain import _HEADINGS, KINDS, Explanation

from .error_repros import REPROS, title_of
from .layout import NB08, NOTEBOOK_LIST, Site
from .stage import run_box
from .text import say

ERROR_KINDS = [k for k in KINDS if k != "unknown"]     # "unknown" has no message of its own
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~{}!])")


def escape_md(text: str) -> str:
    """Plain text as Markdown that shows exactly that text."""
    return _MD_SPECIAL.sub(r"\\\1", text)


def plain(text: str) -> str:
    """Catalogue text without its `code` marks (for labels that take plain text)."""
    return text.replace("`", "")


def home(site: Site, lang: str, notebooks: list[str]) -> str:
    """index.md: intro, run box, the notebook list, the reference pages; the hidden toctrees
    give the left table of contents and the prev/next order."""
    listing = "\n".join(f"- {{doc}}`{name}`" for name in notebooks) or say(lang, "no_notebooks")
    toc = "\n".join(notebooks)
    return f"""# {say(lang, 'site_title')}

{say(lang, 'home_intro')}

{run_box(lang)}

({NOTEBOOK_LIST})=
## {say(lang, 'notebooks')}

{listing}

## {say(lang, 'reference')}

- {{doc}}`cheatsheet`
- {{doc}}`errors/index`

```{{toctree}}
:hidden:
:caption: {say(lang, 'notebooks')}

{toc}
```

```{{toctree}}
:hidden:
:caption: {say(lang, 'reference')}

cheatsheet
errors/index
```
"""


def cheatsheet(site: Site, lang: str) -> str:
    """The edition's stored cheat sheet with its links pointed at the pages."""
    path = site.nbdir / ("zh/" if lang == "zh" else "") / "cheatsheet.md"
    return site.rewrite_links(path.read_text(encoding="utf-8"), lang, "cheatsheet")


def errors_index(lang: str) -> str:
    """errors/index.md: every family's exact message, linked to its page."""
    items = []
    for kind in ERROR_KINDS:
        title = Explanation(kind, lang=lang).title
        repro = REPROS[kind]
        items.append(f"- [{escape_md(title_of(kind))}]({kind}.md)  \n"
                     f"  `{repro['raises']}` · {title}")
    toc = "\n".join(f"{plain(Explanation(k, lang=lang).title)} <{k}>" for k in ERROR_KINDS)
    return (f"# {say(lang, 'errors_title')}\n\n{say(lang, 'errors_intro')}\n\n"
            "```{rst-class} mg-errors-index\n```\n\n" + "\n".join(items)
            + f"\n\n```{{toctree}}\n:hidden:\n\n{toc}\n```\n")


def error_page(site: Site, lang: str, kind: str) -> str:
    """errors/<kind>.md: titled with torch's exact message."""
    text = Explanation(kind, lang=lang)
    heads = _HEADINGS[lang]
    repro = REPROS[kind]
    docname = f"errors/{kind}"
    if site.exists(lang, NB08):
        href = site.href(lang, docname, lang, NB08, fragment=text.anchor)
        more = f'<a href="{href}" class="mg-nb08">{heads["section"]} {text.anchor}</a>'
    else:
        href = site.href(lang, docname, lang, "index", fragment="#" + NOTEBOOK_LIST)
        more = f'<a href="{href}" class="mg-nb08">{say(lang, "nb08_missing")}</a>'
    sep = heads["sep"]
    lines = [
        "```{rst-class} mg-error-page", "```", "",
        f"# {escape_md(title_of(kind))}", "",
        f"**{text.title}**", "",
        f"{say(lang, 'family')}{sep}`{kind}` · `{repro['raises']}`", "",
        f"## {heads['meaning']}", "", text.meaning, "",
        f"## {say(lang, 'repro')}", "", "```python", repro["code"].rstrip("\n"), "```", "",
        say(lang, "repro_prints"), "", "```text",
        f"{repro['raises']}: {repro['message']}", "```", "",
    ]
    if repro["raises"].endswith("Warning"):
        lines += [say(lang, "warning_note"), ""]
    if text.causes:
        lines += [f"## {heads['causes']}", ""] + [f"- {c}" for c in text.causes] + [""]
    lines += [f"## {heads['fix']}", ""] + [f"- {f}" for f in text.fix] + [""]
    lines += [f"## {heads['more']}", "", more, "", say(lang, "explain_hint"), ""]
    return "\n".join(lines)
