"""`viz.explain(error)`: from an autograd error message to what it means and how to fix it.

    try:
        loss.backward()
    except RuntimeError as e:
        viz.explain(e)              # or viz.explain(e, lang="zh"), or viz.explain("...text...")

Accepted: an exception, a warning (or the `warnings.WarningMessage` that
`warnings.catch_warnings(record=True)` collects), a message string (pasted from torch 2.x on
the CPU or a GPU, from torch 1.x, or from minigrad), bytes, or a tensor whose `.grad` is
None. Anything else gives kind "unknown": `explain` never raises for its first argument.

Two families have no error message of their own:
- "non-leaf-grad" is the UserWarning torch gives when `.grad` of a non-leaf is read;
- "leaf-moved" is the case where that non-leaf is a copy made by `.to()`, `.cuda()`,
  `.double()`... after `requires_grad=True`. The warning's text is the same in both cases,
  so a message gives "non-leaf-grad" (whose causes list the moved copy); pass the tensor
  itself, `viz.explain(w)`, to tell the two apart: a non-leaf whose `grad_fn` is
  `ToCopyBackward0` is "leaf-moved", any other non-leaf "non-leaf-grad".

The result is an `Explanation`: `.kind` (one of `KINDS`), the text fields, and a link to the
section of notebook 08 for that family. It displays as Markdown/HTML in Jupyter and as plain
text with `print`. Only this helper's own text is translated; torch's message stays torch's.
"""
import html
import os
import re

from ._explain_catalog import (ANCHORS, COPY_NODES, INPLACE_RE, KINDS, NAN_RE, NOTEBOOK,
                               NOTEBOOK_ZH, PATTERNS, TEXT_EN)
from ._explain_catalog_zh import TEXT_ZH
from ._i18n import LANGUAGES, get_language

__all__ = ["explain", "Explanation", "KINDS", "ANCHORS", "grad_fn_name"]

_HEADINGS = {
    "en": {"meaning": "What it means", "causes": "Usual causes", "fix": "Fix",
           "more": "More", "section": "notebook 08, section", "message": "Message",
           "sep": ": "},
    "zh": {"meaning": "含义", "causes": "常见原因", "fix": "解决办法", "more": "详见",
           "section": "第 08 本笔记本，小节", "message": "报错原文", "sep": "："},
}
_MAX_MESSAGE = 600      # how much of a long pasted message the display repeats


def grad_fn_name(node):
    """The grad_fn class name behind a node name as a message prints it: torch 2.13 prints
    `Sigmoid` for `SigmoidBackward0` and `Pow1` for `PowBackward1`, torch 1.x printed
    `SigmoidBackward`. Names that already end in `Backward<n>` (2.11 on a GPU) are kept.
    (A custom `autograd.Function` named `MyFn` is printed `MyFn` too; it becomes
    `MyFnBackward0` here, the name a built-in node would have.)"""
    if not node or "::" in node:
        return node
    if re.search(r"Backward\d+$", node):
        return node
    if node.endswith("Backward"):
        return node + "0"
    m = re.fullmatch(r"(.*?[A-Za-z_])(\d+)", node)
    if m:
        return f"{m.group(1)}Backward{m.group(2)}"
    return node + "Backward0"


def _is_tensor(obj):
    return all(hasattr(type(obj), a) for a in ("is_leaf", "grad_fn", "requires_grad"))


def _node_name(node):
    name = getattr(node, "name", None)
    return name() if callable(name) else type(node).__name__


def _kind_of_tensor(t):
    if t.is_leaf:
        return "unknown"
    return "leaf-moved" if _node_name(t.grad_fn) in COPY_NODES else "non-leaf-grad"


def _message_of(obj):
    """The text of an exception, warning, string or bytes; None for anything else."""
    if isinstance(obj, str):
        return obj
    if isinstance(obj, (bytes, bytearray)):
        return bytes(obj).decode("utf-8", errors="replace")
    if isinstance(obj, BaseException):       # warnings are exceptions too
        return str(obj)
    message = getattr(obj, "message", None)  # warnings.WarningMessage
    if isinstance(message, (Warning, str)):
        return str(message)
    return None


class Explanation:
    """What `viz.explain` returns. `.kind` names the family; `.title`, `.meaning`,
    `.causes`, `.fix` hold the text in `.lang`; `.link` is the section of notebook 08,
    relative to the notebooks folder. For "inplace-modified" the message is read out into
    `.tensor_type`, `.shape`, `.node` (as printed), `.grad_fn_name` (normalised),
    `.output_index`, `.version`, `.expected_version`; for "nan-gradient" into `.node`,
    `.grad_fn_name` and `.output_index`. Fields that do not apply are None."""

    def __init__(self, kind, message=None, lang="en", fields=None):
        if kind not in KINDS or lang not in LANGUAGES:
            raise ValueError(f"kind must be one of {KINDS} and lang one of {LANGUAGES}, "
                             f"not {kind!r} and {lang!r}")
        self.kind = kind
        self.message = message
        self.lang = lang
        self.tensor_type = self.shape = self.node = self.grad_fn_name = None
        self.output_index = self.version = self.expected_version = None
        for name, value in (fields or {}).items():
            setattr(self, name, value)
        text = (TEXT_ZH if lang == "zh" else TEXT_EN)[kind]
        self.title = text["title"]
        self.meaning = text["meaning"]
        detail = self._detail(text)
        if detail:
            self.meaning += " " + detail if lang == "en" else detail
        self.causes = list(text["causes"])
        self.fix = list(text["fix"])
        self.anchor = ANCHORS[kind]
        self.link = (NOTEBOOK_ZH if lang == "zh" else NOTEBOOK) + self.anchor

    def _detail(self, text):
        if "detail" not in text or self.version is None and self.output_index is None:
            return ""
        values = dict(vars(self))
        if self.kind == "inplace-modified":
            values["shape_text"] = "[" + ", ".join(map(str, self.shape)) + "]"
            bumps = self.version - self.expected_version
            values["bumps"] = bumps
            values["s"] = "" if bumps == 1 else "s"
            values["made_by"] = (text["made_by"].format(**values)
                                 if self.grad_fn_name is not None else "")
        return text["detail"].format(**values)

    @property
    def href(self):
        """`.link` as seen from the kernel's working directory: Jupyter starts a notebook's
        kernel in the notebook's folder, `notebooks/` or `notebooks/zh/`."""
        in_zh_folder = os.path.basename(os.getcwd()) == "zh"
        if self.lang == "zh":
            return self.link[len("zh/"):] if in_zh_folder else self.link
        return "../" + self.link if in_zh_folder else self.link

    # ---- display ---------------------------------------------------------------------
    def _short_message(self):
        m = (self.message or "").strip()
        return m if len(m) <= _MAX_MESSAGE else m[:_MAX_MESSAGE] + " ..."

    def __str__(self):
        h = _HEADINGS[self.lang]
        sep = h["sep"]
        lines = [f"[{self.kind}] {self.title}"]
        if self._short_message():
            lines.append(f"{h['message']}{sep}{self._short_message()}")
        lines.append(f"{h['meaning']}{sep}{self.meaning}")
        for key in ("causes", "fix"):
            if getattr(self, key):
                lines.append(f"{h[key]}{sep}".rstrip())
                lines += [f"  - {item}" for item in getattr(self, key)]
        lines.append(f"{h['more']}{sep}{self.link}")
        return "\n".join(lines)

    def __repr__(self):
        return f"<Explanation kind={self.kind!r} lang={self.lang!r}>"

    def _repr_markdown_(self):
        h = _HEADINGS[self.lang]
        sep = h["sep"]
        kind = f"（`{self.kind}`）" if self.lang == "zh" else f" (`{self.kind}`)"
        parts = [f"**{self.title}**{kind}"]
        if self._short_message():
            parts.append("```\n" + self._short_message() + "\n```")
        parts.append(f"**{h['meaning']}**{sep}{self.meaning}")
        for key in ("causes", "fix"):
            items = getattr(self, key)
            if items:
                parts.append(f"**{h[key]}**{sep}\n\n" + "\n".join(f"- {i}" for i in items))
        parts.append(f"**{h['more']}**{sep}[{h['section']} {self.anchor}]({self.href})")
        return "\n\n".join(parts)

    def _repr_html_(self):
        h = _HEADINGS[self.lang]
        sep = h["sep"]

        def inline(text):   # escape, then `code` spans as <code>
            return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))

        kind = f"<code>{self.kind}</code>"
        kind = f"（{kind}）" if self.lang == "zh" else f" ({kind})"
        out = [f"<div class=\"minigrad-explain\"><p><b>{inline(self.title)}</b>{kind}</p>"]
        if self._short_message():
            out.append(f"<pre>{html.escape(self._short_message())}</pre>")
        out.append(f"<p><b>{h['meaning']}</b>{sep}{inline(self.meaning)}</p>")
        for key in ("causes", "fix"):
            items = getattr(self, key)
            if items:
                lis = "".join(f"<li>{inline(i)}</li>" for i in items)
                out.append(f"<p><b>{h[key]}</b>{sep}</p><ul>{lis}</ul>")
        out.append(f"<p><b>{h['more']}</b>{sep}<a href=\"{html.escape(self.href)}\">"
                   f"{h['section']} {self.anchor}</a></p></div>")
        return "".join(out)


def _fields(kind, message):
    if kind == "inplace-modified":
        m = INPLACE_RE.search(message)
        if m is None:
            return {}
        shape = tuple(int(s) for s in m["shape"].replace(" ", "").split(",") if s)
        node = m["node"]
        return {"tensor_type": m["type"], "shape": shape, "node": node,
                "grad_fn_name": grad_fn_name(node),
                "output_index": None if m["index"] is None else int(m["index"]),
                "version": int(m["version"]), "expected_version": int(m["expected"])}
    if kind == "nan-gradient":
        m = NAN_RE.search(message)
        return {"node": m["node"], "grad_fn_name": grad_fn_name(m["node"]),
                "output_index": int(m["index"])}
    return {}


def _classify(error_or_message):
    """(kind, message, fields) for any input; never raises."""
    try:
        if _is_tensor(error_or_message):
            return _kind_of_tensor(error_or_message), None, {}
        message = _message_of(error_or_message)
        if not message:
            return "unknown", message, {}
        for kind, pattern in PATTERNS:
            if pattern.search(message):
                return kind, message, _fields(kind, message)
        return "unknown", message, {}
    except Exception:   # a broken __str__, an odd tensor-like: still an answer
        return "unknown", None, {}


def explain(error_or_message, lang=None):
    """Explain an autograd error, warning or message (see the module docstring).

    `lang` is "en" or "zh"; by default the language set with `viz.set_language` ("en"
    unless changed). Returns an `Explanation`; its `.kind` is "unknown" for anything that
    is not a known autograd failure (never an exception)."""
    lang = get_language() if lang is None else lang
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {LANGUAGES}, not {lang!r}")
    kind, message, fields = _classify(error_or_message)
    return Explanation(kind, message, lang, fields)
