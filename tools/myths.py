"""Build each notebook's myth-check cell, in English and Chinese, from notebooks/src/myths.py.

A notebook source marks the place with a placeholder markdown cell carrying ``myths="NN"``
(see the table's docstring). ``expand(cells, src_dir, lang)`` replaces that placeholder's text
by the rendered table; ``tools/nbsource.py`` (English) and ``tools/nbzh.py`` (the translated
edition) call it, so every tool that reads a source sees the generated cell.
"""

from __future__ import annotations

import importlib.util
import urllib.parse
from pathlib import Path

OPTION = "myths"                     # the placeholder cell's option: the notebook number
ORDER = ("false", "misleading", "outdated", "broken", "true")
WORDS = {
    "en": {"false": "False", "misleading": "Misleading", "outdated": "Outdated",
           "broken": "Does not run", "true": "True"},
    "zh": {"false": "错误", "misleading": "有误导性", "outdated": "已过时",
           "broken": "代码无法运行", "true": "正确"},
}
LABELS = "ABCDE"                     # posts 000..004 are cited as [A]..[E] throughout


def load_table(src_dir: Path):
    """The table module from ``src_dir/myths.py`` (None when the folder has none)."""
    path = Path(src_dir) / "myths.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("_minigrad_myths", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def post_label(post: str) -> str:
    return LABELS[int(post)]


def _search_link(title: str) -> str:
    return "https://www.bing.com/search?q=" + urllib.parse.quote(f'"{title}"')


def _posts_line(table, posts: list[str], lang: str) -> str:
    items = []
    for post in posts:
        info = table.POSTS[post]
        by = f", {info['by']}" if info.get("by") else ""
        items.append(f"[{post_label(post)}] [{info['title']}]({_search_link(info['search'])}){by}")
    return " · ".join(items)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render(table, notebook: str, lang: str = "en") -> str:
    """The markdown of notebook ``notebook``'s myth check in ``lang`` ("en" or "zh")."""
    ideas = [i for i in table.IDEAS if i["notebook"] == notebook]
    ideas.sort(key=lambda i: ORDER.index(i["verdict"]))
    posts = sorted({i["post"] for i in ideas})
    words = WORDS[lang]
    zh = lang == "zh"
    out = ["## 说法核对" if zh else "## Myth check", ""]
    if zh:
        out.append("五篇流行的中文博客讲过本篇的主题。下面先列出它们说错或容易误导的地方，"
                   "再列出说对的地方；每一条都在 torch 2.13 上实际运行核对过，“见”一栏指向"
                   "本篇演示它的那一节（§）或表格下方的 M 单元格。文章："
                   + _posts_line(table, posts, lang))
    else:
        out.append("Five popular Chinese blog posts cover this notebook's topic. What they get "
                   "wrong or misleading comes first, then what they get right; each was checked "
                   "live on torch 2.13, and *Shown in* points to the section (§) or the M-cell "
                   "below the table that shows it. The posts: " + _posts_line(table, posts, lang))
    wrong = [i for i in ideas if i["verdict"] != "true"]
    right = [i for i in ideas if i["verdict"] == "true"]
    if wrong:
        out += ["", "| 博客原话 | 结论 | torch 2.13 的实际行为 | 见 |" if zh else
                "| The post says | Verdict | What torch 2.13 does | Shown in |",
                "| --- | --- | --- | --- |"]
        for i in wrong:
            out.append(f"| 「{_cell(i['quote'])}」[{post_label(i['post'])}] | "
                       f"**{words[i['verdict']]}** | {_cell(i[lang])} | {i['evidence']} |")
    if right:
        head = "**说对的地方：**" if zh else "**What they get right:**"
        out += ["", head, ""]
        for i in right:
            shown = f"（{i['evidence']}）" if zh else f" ({i['evidence']})"
            out.append(f"- 「{i['quote']}」[{post_label(i['post'])}]"
                       f"{'：' if zh else ': '}{i[lang]}{shown}")
    markers = [f"<!-- claim {c} {i['verdict']} -->" for i in ideas for c in i["claims"]]
    if markers:
        out += ["", " ".join(markers)]
    return "\n".join(out)


def expand(cells: list[dict], src_dir: Path, lang: str = "en") -> list[dict]:
    """``cells`` with every myth placeholder's source replaced by its rendered table."""
    if not any(OPTION in c["metadata"] for c in cells):
        return cells
    table = load_table(src_dir)
    out = []
    for cell in cells:
        if OPTION in cell["metadata"]:
            if table is None:
                raise ValueError(f"a myths={cell['metadata'][OPTION]!r} cell, but no myths.py "
                                 f"in {src_dir}")
            cell = dict(cell, source=render(table, str(cell["metadata"][OPTION]), lang))
        out.append(cell)
    return out
