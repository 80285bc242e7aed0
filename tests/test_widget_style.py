"""How the widgets look in JupyterLab: text breaks at spaces, tables have room to breathe.
(The browser suite screenshots them; these tests pin the markup that does it.)"""
import pytest

import minigrad as torch
from minigrad import viz
from minigrad.viz._widgets import WIDGET_CLASS, WIDGET_CSS

pytest.importorskip("ipywidgets")


def test_displayed_widgets_carry_the_word_breaking_style_once():
    q = viz.Quiz("?", ["a", "b"], answer="a")
    before = len(q.box.children)
    q._repr_mimebundle_()
    q._repr_mimebundle_()
    assert WIDGET_CLASS in q.box._dom_classes
    styles = [c for c in q.box.children if "<style>" in str(getattr(c, "value", "") or "")]
    assert len(q.box.children) == before + 1 and len(styles) == 1
    assert "word-break: normal" in WIDGET_CSS and "jp-OutputArea-output pre" in WIDGET_CSS


def test_style_reaches_widgets_built_elsewhere():
    a = torch.tensor([1.0], requires_grad=True)
    stepper = viz.BackwardStepper((a * 2).sum())
    stepper._repr_mimebundle_()
    assert WIDGET_CLASS in stepper.box._dom_classes


def test_leaf_table_header_has_padding_and_does_not_wrap():
    x = torch.tensor([1.0], requires_grad=True)
    html = viz.LeafTableModel(x, names={"x": x}).html()
    assert html.count("<th style=") == 7 and "white-space: nowrap" in html
    assert "padding: 3px 12px" in html and "<td style=" in html
