"""Shared plumbing for the ipywidgets views.

Every widget here is a thin view over a headless model with a `text()` transcript. Views
write into `Output` widgets by setting `out.outputs` / `out.append_stdout(...)`, never with
`with out:` (under nbval that would leak into the cell's stdout). When displayed, the
plain-text fallback is the model's transcript, so nbval compares meaningful text.
"""
__all__ = ["widgets", "WidgetView", "set_text", "set_diagram", "WIDGET_CLASS", "WIDGET_CSS"]

WIDGET_CLASS = "minigrad-widget"
# JupyterLab styles output text with `word-break: break-all`, which splits words anywhere
# ("tens" / "or"). Inside our widgets, break at spaces and split only words too long for
# the line.
WIDGET_CSS = (f".{WIDGET_CLASS} .jp-OutputArea-output pre, .{WIDGET_CLASS} label "
              "{ word-break: normal !important; overflow-wrap: break-word; }")


def widgets():
    """The ipywidgets module, with a clear message when it is missing."""
    try:
        import ipywidgets
    except ImportError as e:              # the models still work without it
        raise ImportError("minigrad.viz widgets need ipywidgets>=8 (pip install ipywidgets); "
                          "the headless `.model` classes work without it") from e
    return ipywidgets


def set_text(out, text):
    """Replace the Output widget's content with `text`."""
    out.outputs = ()
    if text:
        out.append_stdout(text if text.endswith("\n") else text + "\n")


def set_diagram(out, diagram):
    """Replace the Output widget's content with a Diagram (SVG + its text form)."""
    if diagram is None:
        out.outputs = ()
        return
    bundle = diagram._repr_mimebundle_()
    out.outputs = ({"output_type": "display_data", "data": bundle, "metadata": {}},)


class WidgetView:
    """Base for the widget classes: `.model` (headless), `.box` (the ipywidgets layout).

    Displaying the object displays `.box`; its text/plain is `model.text()`."""

    model = None
    box = None

    def text(self):
        return self.model.text()

    def __repr__(self):
        return self.model.text()

    def _repr_mimebundle_(self, include=None, exclude=None):
        _style(self.box)
        bundle = dict(self.box._repr_mimebundle_(include=include, exclude=exclude) or {})
        bundle["text/plain"] = self.model.text()
        return bundle

    def show(self):
        """Display the widget from anywhere in a cell."""
        from IPython.display import display
        display(self)


def _style(box):
    """Mark the widget's box with WIDGET_CLASS and give it the style rules (once)."""
    if WIDGET_CLASS in box._dom_classes:
        return
    box.add_class(WIDGET_CLASS)
    box.children = tuple(box.children) + (widgets().HTML(f"<style>{WIDGET_CSS}</style>"),)
