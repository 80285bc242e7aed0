"""Export the executed notebooks to static HTML: build/html/NN_slug.html plus index.html.

The Chinese edition (notebooks/zh/) goes to build/html/zh/ and gets its own list in the index.

    python tools/export_html.py [--dir notebooks] [--out build/html]

Uses the stored outputs (nothing is re-executed): run ``make notebooks`` first if a source
changed. Diagrams are stored as SVG and end up inline in the page. Widgets need a live kernel,
so the HTML shows their text fallback (e.g. ``Button(description='Double x')``). The cells a
notebook collapses on open (a quiz's experiment and explanation) sit behind a click
(``<details>``, template ``tools/html_templates/minigrad``), so a page does not spoil a quiz.
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter

sys.path.insert(0, str(Path(__file__).resolve().parent))
import nbsource  # noqa: E402


def title_of(nb, fallback: str) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return fallback


TEMPLATES = Path(__file__).resolve().parent / "html_templates"
# the label of a collapsed cell's click-to-open line, per edition
REVEAL = {
    "en": {"prose": "Explanation (open it after you predict)",
           "output": "Output (open it after you predict)"},
    "zh": {"prose": "解释（先预测，再点开）", "output": "输出（先预测，再点开）"},
}


def export(nbdir: Path, out: Path) -> list[tuple[str, str]]:
    """Every stored notebook of every edition; returns (relative href, title) pairs."""
    exporter = HTMLExporter(template_name="minigrad", extra_template_basedirs=[str(TEMPLATES)])
    pages = []
    for path in nbsource.all_notebook_files(nbdir):
        rel = path.relative_to(nbdir).with_suffix(".html")
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        nb = nbformat.read(path, as_version=4)
        lang = rel.parts[0] if len(rel.parts) > 1 and rel.parts[0] in REVEAL else "en"
        body, _ = exporter.from_notebook_node(nb, resources={
            "metadata": {"name": path.stem}, "minigrad_reveal": REVEAL[lang]})
        target.write_text(body, encoding="utf-8")
        pages.append((rel.as_posix(), title_of(nb, path.stem)))
        print(f"wrote {target}")
    return pages


def _inline_code(text: str) -> str:
    """Escape, then `code` -> <code>code</code> (titles are markdown headings)."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def write_index(out: Path, pages: list[tuple[str, str]]) -> Path:
    def listing(chosen):
        return "\n".join(f'    <li><a href="{html.escape(href)}">{_inline_code(title)}</a>'
                         f" <small>({html.escape(href)})</small></li>" for href, title in chosen)
    english = [p for p in pages if "/" not in p[0]]
    chinese = [p for p in pages if p[0].startswith("zh/")]
    items = listing(english) if english else "    <li>No notebooks yet.</li>"
    if chinese:
        items += ('\n  </ol>\n  <h2 lang="zh">中文版</h2>\n  <ol>\n' + listing(chinese))
    index = out / "index.html"
    index.write_text(f"""<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>minigrad notebooks</title>
<style>body {{ font-family: sans-serif; max-width: 46em; margin: 2em auto; line-height: 1.5; }}
</style></head>
<body>
  <h1>minigrad notebooks</h1>
  <p>Static copies with stored outputs. Run them live with <code>make lab</code>.</p>
  <ol>
{items}
  </ol>
</body>
</html>
""", encoding="utf-8")
    return index


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=None, help="notebooks folder")
    parser.add_argument("--out", type=Path, default=nbsource.ROOT / "build" / "html")
    args = parser.parse_args(argv)
    pages = export((args.dir or nbsource.notebooks_dir()).resolve(), args.out)
    print(f"wrote {write_index(args.out, pages)} ({len(pages)} notebooks)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
