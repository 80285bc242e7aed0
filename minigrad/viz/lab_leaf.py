"""LeafTable: torch's leaf / requires_grad / retain_grad summary, read from live tensors.

Each row answers "will `backward()` fill this tensor's `.grad`?": only for leaves that
require grad, and for non-leaves that called `retain_grad()`.
"""
from .._tensor import Tensor
import minigrad.viz._names as _names
from ._fmt import array_text, values_text
from ._i18n import t as _t
from ._widgets import WidgetView, widgets

__all__ = ["LeafTable", "LeafTableModel", "COLUMNS"]

COLUMNS = ("name", "is_leaf", "requires_grad", "retains_grad", "grad_fn", "grad",
           "backward fills .grad")


def _width(text):
    """Columns a header takes in a monospace text table (a CJK character takes two)."""
    return sum(2 if ord(ch) > 0x2E80 else 1 for ch in text)


class LeafTableModel:
    """Headless table: `rows()` reads the tensors now; `text()` lays them out."""

    def __init__(self, *targets, names=None, namespaces=None):
        for t in targets:
            if not isinstance(t, (Tensor, str)):
                raise TypeError(f"LeafTable takes tensors or variable names, got "
                                f"{type(t).__name__}")
        self.targets = targets
        self.names = names
        self.namespaces = namespaces if namespaces is not None else \
            _names.caller_namespaces()

    def _tensors(self):
        merged = {}
        for ns in reversed(self.namespaces):
            merged.update(ns)
        if self.names is not None:
            found = _names.resolve(self.names, [t for t in self.targets
                                                if isinstance(t, Tensor)])
        else:
            found = _names.Names.from_namespaces(*self.namespaces)
        out = []
        targets = self.targets or tuple(found.candidates)
        for t in targets:
            if isinstance(t, str):
                value = merged.get(t)
                if isinstance(value, Tensor):
                    out.append((t, value))
            else:
                out.append((found.get(t) or _t("(unnamed)"), t))
        return out

    def rows(self):
        """One dict per tensor, keys as in COLUMNS."""
        rows = []
        for name, t in self._tensors():
            fn = t.grad_fn
            g = t._grad                           # not .grad: no warning for non-leaves
            grad = None if g is None else (values_text(g._data) or array_text(g._data))
            rows.append({
                "name": name, "is_leaf": t.is_leaf, "requires_grad": t.requires_grad,
                "retains_grad": t.retains_grad,
                "grad_fn": None if fn is None else type(fn).__name__,
                "grad": grad,
                "backward fills .grad": t.requires_grad and (t.is_leaf or t.retains_grad),
            })
        return rows

    def text(self):
        rows = [[str(r[c]) for c in COLUMNS] for r in self.rows()]
        headers = [_t(c) for c in COLUMNS]
        widths = [max([_width(c)] + [_width(r[i]) for r in rows]) for i, c in enumerate(headers)]

        def line(cells):
            return "  ".join(c + " " * (w - _width(c)) for c, w in zip(cells, widths))
        lines = [line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows]
        return "\n".join(x.rstrip() for x in lines)

    def html(self):
        esc = lambda s: str(s).replace("&", "&amp;").replace("<", "&lt;")
        cell = "padding: 3px 12px; text-align: left; white-space: nowrap"
        head = "".join(f'<th style="{cell}; border-bottom: 1px solid #999">{esc(_t(c))}</th>'
                       for c in COLUMNS)
        body = "".join("<tr>" + "".join(f'<td style="{cell}">{esc(r[c])}</td>'
                                        for c in COLUMNS) + "</tr>" for r in self.rows())
        return (f'<table style="border-collapse: collapse; font-family: monospace">'
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


class LeafTable(WidgetView):
    """The table as an HTML widget, with a Refresh button (re-reads the tensors)."""

    def __init__(self, *targets, names=None):
        w = widgets()
        self.model = LeafTableModel(*targets, names=names,
                                    namespaces=_names.caller_namespaces())
        self.table = w.HTML()
        self.refresh_button = w.Button(description=_t("Refresh"))
        self.refresh_button.on_click(lambda _b: self.refresh())
        self.box = w.VBox([self.table, self.refresh_button])
        self.refresh()

    def refresh(self):
        self.table.value = self.model.html()
        return self.model.rows()
