"""`viz.legend()`: what the words in a diagram's boxes and arrows mean, in both languages."""
import minigrad.viz._labels as _labels
from ._i18n import get_language, t

__all__ = ["legend", "Legend", "ZH_HEADER"]

ZH_HEADER = "中文"          # the Chinese column's title, the same in both languages


class Legend:
    """The legend table: one row per label a diagram can draw (label as drawn, its Chinese
    reading, its meaning in the current language). Shows as an HTML table in Jupyter and
    as aligned text elsewhere; `rows()` gives the data."""

    def __init__(self, labels=_labels.LABELS):
        self.labels = tuple(labels)
        self.zh = get_language() == "zh"     # fixed when made, like the other widgets
        self._headers = (t("label as drawn"), ZH_HEADER, t("meaning"))

    def rows(self):
        """[(label as drawn, Chinese, meaning)], with example values filled in."""
        return [(x.shown(), x.shown(zh=True), x.meaning_zh if self.zh else x.meaning)
                for x in self.labels]

    def headers(self):
        """The column titles, in the language the legend was made in."""
        return self._headers

    def text(self):
        rows = self.rows()
        width = max(_width(r[0]) for r in rows)
        zh_width = max(_width(r[1]) for r in rows)
        lines = [" · ".join(self.headers())]
        lines += [f"{_pad(a, width)} · {_pad(b, zh_width)} · {c}" for a, b, c in rows]
        return "\n".join(lines)

    def __repr__(self):
        return self.text()

    def _repr_html_(self):
        cell = "padding: 2px 10px; text-align: left; vertical-align: top"
        head = "".join(f'<th style="{cell}; border-bottom: 1px solid #999">{_esc(h)}</th>'
                       for h in self.headers())
        body = "".join(
            f'<tr><td style="{cell}; white-space: nowrap"><code>{_esc(a)}</code></td>'
            f'<td style="{cell}; white-space: nowrap">{_esc(b)}</td>'
            f'<td style="{cell}">{_esc(c)}</td></tr>' for a, b, c in self.rows())
        return (f'<table style="border-collapse: collapse"><thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>")

    def show(self):
        """Display the legend from anywhere in a cell."""
        from IPython.display import display
        display(self)


def legend():
    """The legend of the diagrams' state labels ("saved v0, now v1", "freed by backward",
    "leaf, requires_grad", ...): each label as drawn, its Chinese reading, and what it
    means (in Chinese after `viz.set_language("zh")`). The rows come from the same
    constants the diagram code draws with, so every label a diagram can show is here.
    In Jupyter, `viz.legend()` as a cell's last line shows it as a table."""
    return Legend()


def _width(text):
    """Columns a string takes in monospace text (a CJK character takes two)."""
    return sum(2 if ord(ch) > 0x2E80 else 1 for ch in text)


def _pad(text, width):
    return text + " " * (width - _width(text))


def _esc(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
