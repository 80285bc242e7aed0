"""The diagram font (minigrad/viz/_font.py): the widths we measure with are the ones the
renderer lays out with, boxes with Chinese text get the width it needs, and the SVG asks the
browser for the same font. (tests/browser/test_diagram_fit.py checks the result in
Chromium.)"""
import json
import string

import pytest

import minigrad as torch
from minigrad import viz
from minigrad.viz import _font, render

needs_renderer = pytest.mark.skipif(viz.renderer_path() is None, reason="no renderer installed")


def _graphviz_text_widths(texts, size=100):
    """The width Graphviz gives each text in FONT, read from its JSON output."""
    nodes = "\n".join(f'n{i} [label="{t}"]' for i, t in enumerate(texts))
    source = (f'digraph {{ node [shape=box, margin=0, fontname="{_font.FONT}", '
              f'fontsize={size}]\n{nodes}\n}}')
    graph = json.loads(render.render(source, "json"))
    widths = {}
    for obj in graph["objects"]:
        for op in obj.get("_ldraw_", ()):
            if op["op"] == "T":
                widths[obj["name"]] = op["width"]
    return [widths[f"n{i}"] for i in range(len(texts))]


@needs_renderer
def test_our_ascii_widths_are_the_renderers():
    printable = [ch for ch in string.printable[:95] if ch not in '"\\']
    texts = ["".join(printable), "data [[1., 8.], [27., 64.]]", "leaf, requires_grad",
             "saved v0, now v1", "freed by backward", "MulBackward0", "WWW mmm iii"]
    for text, theirs in zip(texts, _graphviz_text_widths(texts)):
        ours = _font.line_width(text, 100)
        # ours are rounded up to 1/1000 em: never less, and at most that much more
        assert theirs <= ours <= theirs + 0.1 * len(text), text


def test_non_ascii_is_measured_an_em_wide():
    assert _font.line_width("叶子", 10) == 20
    assert _font.line_width("x", 10) == pytest.approx(5.92)
    assert _font.needs_measuring("x 叶子") and not _font.needs_measuring("leaf, requires_grad")
    # 4 characters of 11 pt, 0.1 in of margin each side, in inches rounded up
    assert _font.min_width(["损失张量", "v0"], 11, 0.1) == pytest.approx(0.82)


def test_boxes_with_chinese_text_get_their_width():
    x = torch.tensor([1., 2.], requires_grad=True)
    损失 = (x * 2).sum()
    source = viz.draw(损失, names={"损失": 损失, "x": x}, title="标题").source
    line = next(x for x in source.splitlines() if 'label="损失' in x)
    assert 'width="' in line
    assert '<TD WIDTH="24" ALIGN="LEFT">标题</TD>' in source
    plain = viz.draw(损失, names={"loss": 损失, "x": x}).source
    assert "width=" not in plain and 'fontname="DejaVu Sans"' in plain


@needs_renderer
def test_svg_names_the_font_with_narrower_fallbacks(capfd):
    x = torch.tensor([1., 2.], requires_grad=True)
    损失 = (x * 2).sum()
    svg = viz.draw(损失, title="中文标题").svg()
    assert f'font-family="{_font.SVG_FONT_FAMILY}"' in svg
    assert 'font-family="DejaVu Sans"' not in svg and "Helvetica" not in svg
    # Graphviz warns about the Chinese characters' widths; that must not reach the notebook
    captured = capfd.readouterr()
    assert "Warning" not in captured.err + captured.out
