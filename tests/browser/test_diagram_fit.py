"""Diagram text stays inside its boxes when a real Chromium draws the SVG.

Graphviz sizes each box from its own idea of the text's width; the browser draws the text
in whatever font the SVG's font-family resolves to. When those differ (Helvetica measured,
DejaVu Sans drawn: the old state on Linux) the text spills over the box edges. This test
puts the SVG of the diagrams of notebooks 00-02 (diagram_samples.py, including a 2x2 data
line and a Chinese one) in a page, and compares every text's getBBox() with its node's
shape. A screenshot goes to build/screenshots/diagram-fit.png.

No Chromium (find_chromium.py says where it looks) means a skip with a notice, never a
browser download.
"""
from pathlib import Path

import diagram_samples
import find_chromium
import pytest

from minigrad import viz

pytestmark = [pytest.mark.browser]

CHROME_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--disable-dev-shm-usage"]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screenshots"
TOLERANCE_PX = 0.5        # rounding of the SVG's 2-decimal coordinates, and no more

CHROMIUM, _WHY_NOT = find_chromium.find()
if CHROMIUM is None:
    pytest.skip(find_chromium.notice(_WHY_NOT), allow_module_level=True)
if viz.renderer_path() is None:
    pytest.skip("no Graphviz renderer installed (pip install graphviz-pure)",
                allow_module_level=True)
from playwright import sync_api  # noqa: E402  (after the skip: find() checked it imports)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROME_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    yield page
    context.close()


def _page_html(samples):
    figures = "".join(f'<figure id="{name}"><figcaption>{name}</figcaption>{diagram.svg()}'
                      "</figure>" for name, diagram in samples)
    # the page styles SVG text as nothing: the SVG's own font-family decides, as in Jupyter
    return ("<!doctype html><html><head><meta charset='utf-8'><style>"
            "body{margin:8px;font-family:sans-serif} figure{display:inline-block;"
            "vertical-align:top;margin:6px;border:1px solid #ddd}"
            "figcaption{font-size:12px;color:#555}</style></head><body>"
            f"{figures}</body></html>")


# For every node group: its shape's box (the first path/polygon/ellipse), and each text's
# box, in the SVG's user units (the same for both, so no transform is needed).
_MEASURE_JS = """() => {
  const out = [];
  for (const fig of document.querySelectorAll('figure')) {
    const svg = fig.querySelector('svg');
    const bg = svg.querySelector('g.graph > polygon').getBBox();
    const box = b => ({x: b.x, y: b.y, w: b.width, h: b.height});
    for (const t of svg.querySelectorAll('g.graph > text')) {       // the title
      out.push({figure: fig.id, node: '(title)', text: t.textContent, shape: box(bg),
                text_box: box(t.getBBox()), font: getComputedStyle(t).fontFamily});
    }
    for (const g of svg.querySelectorAll('g.node')) {
      const shape = g.querySelector('path, polygon, ellipse');
      for (const t of g.querySelectorAll('text')) {
        out.push({figure: fig.id, node: g.querySelector('title').textContent,
                  text: t.textContent, shape: box(shape.getBBox()),
                  text_box: box(t.getBBox()), font: getComputedStyle(t).fontFamily});
      }
    }
  }
  return out;
}"""


def _overflow(m):
    """How far (px) the text's box sticks out of its shape's box; 0 when inside."""
    s, t = m["shape"], m["text_box"]
    return max(s["x"] - t["x"], (t["x"] + t["w"]) - (s["x"] + s["w"]),
               s["y"] - t["y"], (t["y"] + t["h"]) - (s["y"] + s["h"]), 0)


@pytest.fixture(scope="module")
def measured(page):
    samples = diagram_samples.samples()
    page.set_content(_page_html(samples))
    page.evaluate("document.fonts.ready")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "diagram-fit.png"), full_page=True)
    return page.evaluate(_MEASURE_JS), [name for name, _d in samples]


def test_every_text_lies_inside_its_box(measured):
    boxes, _names = measured
    outside = [f"{m['figure']}/{m['node']}: {m['text']!r} sticks out {_overflow(m):.1f}px "
               f"(text {m['text_box']}, box {m['shape']})"
               for m in boxes if _overflow(m) > TOLERANCE_PX]
    assert not outside, "\n".join(outside)


def test_the_samples_cover_what_the_issue_names(measured):
    boxes, names = measured
    texts = {m["text"] for m in boxes}
    assert "data [[1., 8.], [27., 64.]]" in texts and "leaf, requires_grad" in texts
    assert any("saved v0, now v1" in x for x in texts) and "freed by backward" in texts
    chinese = [m for m in boxes if m["figure"] == "chinese" and any(
        "\u4e00" <= ch <= "\u9fff" for ch in m["text"])]
    assert len(chinese) >= 4            # the three names and the title
    assert len(names) == len(set(m["figure"] for m in boxes)) >= 10
    # the browser was asked for the font the layout measured
    assert {m["font"].split(",")[0].strip("\"'") for m in boxes} == {"DejaVu Sans"}
