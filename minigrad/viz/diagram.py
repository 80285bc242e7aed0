"""`graph()` (the data) and `draw()` (the picture), and the `Diagram` they display as."""
import base64

import minigrad.viz._names as _names
import minigrad.viz._walk as _walk
import minigrad.viz.render as _render
from ._font import FONT, RASTER_FONT, svg_with_fallbacks
from ._i18n import t as _t
from .dot import to_dot

__all__ = ["graph", "draw", "Diagram", "DEFAULT_MAX_NODES"]

DEFAULT_MAX_NODES = 60
PNG_DPI = 96          # CSS pixels per inch: the PNG shows at the SVG's size (its pt * 4/3)


def _flatten(tensors):
    """Accept tensors, and tuples/lists of tensors (what a model may return)."""
    from .._tensor import Tensor
    out = []
    for i, t in enumerate(tensors):
        items = t if isinstance(t, (tuple, list)) else (t,)
        for x in items:
            if not isinstance(x, Tensor):
                raise TypeError(f"minigrad.viz: argument {i} should be a Tensor (or a tuple of "
                                f"Tensors), got {type(x).__name__}. Pass the tensor itself, "
                                "e.g. draw(loss), not a function or a module.")
            out.append(x)
    if not out:
        raise TypeError("minigrad.viz: give at least one tensor, e.g. draw(loss)")
    return out


def _model(tensors, names, max_nodes, namespaces=None):
    tensors = _flatten(tensors)
    resolved = _names.resolve(names, tensors, namespaces)
    return _walk.build(tensors, resolved, max_nodes)


def graph(*tensors, names=None, max_nodes=DEFAULT_MAX_NODES):
    """The autograd graph behind `tensors`, as plain data (a `GraphModel`).

    names: a dict {name: tensor} or one name per tensor; by default the variable names of
        the calling code are used (matched by identity; names starting with `_` skipped).
    max_nodes: past this many drawn nodes, long linear chains fold into one "chain" node
        (None: never fold).
    """
    return _model(tensors, names, max_nodes)


def draw(*tensors, names=None, view="backward", max_nodes=DEFAULT_MAX_NODES, title=None):
    """A `Diagram` of the graph behind `tensors`.

    view: "backward" (grad_fn nodes, arrows follow the gradient, saved tensors and hooks
        attached) or "forward" (tensors and ops, arrows follow the data).
    names, max_nodes: as for `graph()`. title: an optional caption.
    In Jupyter the Diagram shows as SVG when it is the last expression of a cell; call
    `.show()` to display it from anywhere.
    """
    model = _model(tensors, names, max_nodes)
    return Diagram(model, view=view, title=title)


class Diagram:
    """A drawn graph: `.model` (GraphModel), `.source` (DOT text), SVG via `_repr_svg_()`,
    and a text `repr` with one line per node and edge (stable across runs, no addresses)."""

    def __init__(self, model, view="backward", title=None, state=None):
        self.model = model
        self.view = view
        self.title = title
        self.state = state
        self.source = to_dot(model, view, state, title)

    # ---- text --------------------------------------------------------------------------
    def text(self):
        m = self.model
        head = f"Diagram({self.view}, {len(m.nodes)} nodes, {len(m.edges)} edges"
        if m.hidden:
            head += f", {m.hidden} nodes folded"
        return "\n".join([head + ")"] + ["  " + line for line in m.lines()])

    def __repr__(self):
        return self.text()

    # ---- pictures ----------------------------------------------------------------------
    def svg(self):
        """The SVG text, or None when no renderer is installed. Its text asks for DejaVu
        Sans, the font the layout measured (see `_font`), then narrower fallbacks."""
        svg = _render.render(self.source, "svg")
        return None if svg is None else svg_with_fallbacks(svg)

    def _repr_svg_(self):
        return self.svg()

    def png(self):
        """PNG bytes at 96 dpi (the size the SVG shows at), or None without a renderer.

        The layout is the SVG's (laid out for DejaVu Sans), drawn without moving anything
        in a sans-serif font the renderer carries: it has no DejaVu Sans of its own to
        draw with, and that font is narrower, so the text still fits."""
        laid = _render.render(self.source, "dot")
        if laid is None:
            return None
        laid = laid.replace(f'fontname="{FONT}"', f'fontname="{RASTER_FONT}"')
        head, brace, body = laid.partition("{")
        return _render.render(f'{head}{brace}\n  graph [dpi="{PNG_DPI}"]{body}', "png",
                              engine="neato", no_layout=2)

    def _repr_mimebundle_(self, include=None, exclude=None):
        # SVG for JupyterLab (it prefers SVG to PNG); the PNG is what a notebook shows while it
        # is not trusted (JupyterLab renders no SVG then) and in viewers without SVG, and
        # nbval never compares it; the text is what nbval checks
        svg = self.svg()
        if svg is None:
            return {"text/plain": f"{self.text()}\n\n{_t(_render.NO_RENDERER)}\n\n{self.source}"}
        png = base64.b64encode(self.png()).decode("ascii")
        return {"image/svg+xml": svg, "image/png": png, "text/plain": self.text()}

    def show(self):
        """Display now (works anywhere in a cell, not only as the last expression)."""
        try:
            from IPython.display import display
        except ImportError:
            print(self._repr_mimebundle_()["text/plain"])
            return
        display(self)

    def save(self, path, fmt=None):
        """Write DOT (`.dot`/`.gv`) or rendered output (`.svg`, `.png`) to `path`."""
        import pathlib
        path = pathlib.Path(path)
        fmt = fmt or path.suffix.lstrip(".") or "svg"
        if fmt in ("dot", "gv"):
            path.write_text(self.source, encoding="utf-8")
            return path
        if fmt not in ("svg", "png"):
            raise ValueError("save(): only .dot/.gv, .svg and .png are supported")
        out = self.svg() if fmt == "svg" else self.png()
        if out is None:
            raise RuntimeError(_render.NO_RENDERER)
        if fmt == "png":
            path.write_bytes(out)
        else:
            path.write_text(out, encoding="utf-8")
        return path
