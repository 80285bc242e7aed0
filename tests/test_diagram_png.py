"""Diagrams carry a PNG copy next to their SVG: JupyterLab draws no SVG in a notebook that is
not trusted (a fresh clone, a download), and some viewers draw no SVG at all; they show the
PNG. nbval never compares PNG, so the stored notebooks stay stable under it."""
import base64
import json
import re
from pathlib import Path

import pytest

import minigrad as torch
from minigrad import viz

ROOT = Path(__file__).resolve().parents[1]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

needs_renderer = pytest.mark.skipif(viz.renderer_path() is None, reason="no renderer installed")


def _program():
    x = torch.tensor([1., 2.], requires_grad=True)
    return (x * 2).sigmoid().sum()


def _png_size(png):
    assert png.startswith(PNG_MAGIC)
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


@needs_renderer
def test_bundle_has_a_png_the_size_the_svg_shows_at():
    bundle = viz.draw(_program())._repr_mimebundle_()
    assert set(bundle) == {"image/svg+xml", "image/png", "text/plain"}
    png = base64.b64decode(bundle["image/png"], validate=True)
    width_pt, height_pt = map(int, re.search(r'<svg width="(\d+)pt" height="(\d+)pt"',
                                             bundle["image/svg+xml"]).groups())
    width, height = _png_size(png)
    assert abs(width - width_pt * 4 / 3) <= 2 and abs(height - height_pt * 4 / 3) <= 2


@needs_renderer
def test_png_is_deterministic_and_saves(tmp_path):
    d1, d2 = viz.draw(_program()), viz.draw(_program())
    assert d1.png() == d2.png()
    assert d1.save(tmp_path / "g.png").read_bytes() == d1.png()
    with pytest.raises(ValueError, match=r"\.png"):
        d1.save(tmp_path / "g.pdf")


def _display_outputs(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            if out.get("output_type") in ("display_data", "execute_result"):
                yield out["data"]


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.ipynb")),
                         ids=lambda p: p.name)
def test_every_stored_diagram_has_its_png(path):
    diagrams = [data for data in _display_outputs(path) if "image/svg+xml" in data]
    for data in diagrams:
        assert "image/png" in data, f"{path.name}: an SVG output without a PNG copy"
        png = "".join(data["image/png"]) if isinstance(data["image/png"], list) \
            else data["image/png"]
        _png_size(base64.b64decode(png))
