"""GraphModel -> DOT text, in a backward or a forward view.

The DOT is built by hand from the model (ids and order come from the model), so it is
byte-identical for the same program. Colours carry the state: green outputs, blue leaves,
orange saved tensors, red for stale saved tensors and for `.data`-style aliases whose
edits autograd cannot see, grey dashes for freed buffers.
"""
from dataclasses import dataclass, field

import minigrad.viz._labels as L
from ._font import FONT, min_width, needs_measuring

__all__ = ["to_dot", "DrawState", "op_name"]

NODE_FONTSIZE, NODE_MARGIN = 11, (0.1, 0.05)      # inches: left/right, top/bottom
TITLE_FONTSIZE = 12


@dataclass
class DrawState:
    """Extra per-drawing state (the backward stepper uses it): the node being run, the
    nodes already run, replacement `.grad` lines for tensors and extra lines for nodes."""
    current: str = None
    done: frozenset = frozenset()
    grads: dict = field(default_factory=dict)       # tensor id -> "grad [...]" or None
    notes: dict = field(default_factory=dict)       # node id -> extra line


def _esc(text):
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _attrs(d):
    """DOT attribute list; a list value is a multi-line label (lines joined by `\\n`)."""
    parts = []
    for k, v in d.items():
        text = "\\n".join(_esc(x) for x in v) if isinstance(v, list) else _esc(str(v))
        parts.append(f'{k}="{text}"')
    return ", ".join(parts)


def op_name(fn_label):
    """Forward-view name of a node: `MulBackward0` -> `Mul`."""
    for suffix in ("Backward0", "Backward1", "Backward2", "Backward"):
        if fn_label.endswith(suffix):
            return fn_label[:-len(suffix)] or fn_label
    return fn_label


def _tensor_style(n):
    if n.has("output"):
        fill = "#c9efc9"
    elif n.has("alias"):
        fill = "#f0f0f0"
    elif n.has("leaf") and n.has("requires_grad"):
        fill = "#cfe2ff"
    elif n.has("leaf"):
        fill = "#f7f7f7"
    else:
        fill = "#fff4c2"
    style = "rounded,filled" + (",dashed" if n.has("alias") else "")
    return {"shape": "box", "style": style, "fillcolor": fill}


def _node_attrs(n, state, view):
    info = list(n.info)
    head = n.label
    if n.kind == "tensor":
        if state is not None and n.id in state.grads:
            info = [i for i in info if not L.GRAD.pattern().fullmatch(i)]
            if state.grads[n.id]:
                info.append(state.grads[n.id])
        badges = L.badge_line(n.flags)        # flags are named like the badges
        if badges:
            info.append(badges)
        attrs = _tensor_style(n)
    elif n.kind in ("fn", "accumulate"):
        if view == "forward":
            head = op_name(n.label)
        attrs = {"shape": "box", "style": "filled",
                 "fillcolor": "#dbe8ff" if n.kind == "accumulate" else "#e4e4e4"}
        if n.has("released"):
            info.append(L.SAVED_VALUES_FREED())
    elif n.kind == "saved":
        attrs = {"shape": "note", "style": "filled", "fillcolor": "#ffe3c2", "fontsize": "10"}
        if n.has("stale"):
            attrs.update(color="#d00000", fontcolor="#d00000", fillcolor="#ffd9d9",
                         penwidth="2")
        elif n.has("freed"):
            attrs.update(style="filled,dashed", fillcolor="#f4f4f4", fontcolor="#8a8a8a",
                         color="#9a9a9a")
    elif n.kind == "chain":
        attrs = {"shape": "box3d", "style": "filled", "fillcolor": "#ececec"}
    else:                                              # hook marks
        attrs = {"shape": "box", "style": "rounded,filled", "fillcolor": "#ffe6f2",
                 "fontsize": "9", "height": "0.2", "margin": "0.04,0.02"}
    if state is not None:
        if n.id in state.notes:
            info.append(state.notes[n.id])
        if n.id == state.current:
            attrs.update(color="#ff7f00", penwidth="3")
        elif n.id in state.done:
            attrs.update(color="#2a9d2a", penwidth="2")
    attrs["label"] = [head] + info
    _fit(attrs)
    return attrs


def _fit(attrs):
    """Give a box holding non-ASCII text the width its text needs (Graphviz counts such a
    character as a space; a browser draws a Chinese one an em wide)."""
    lines = attrs["label"]
    if not any(needs_measuring(x) for x in lines):
        return
    size = float(attrs.get("fontsize", NODE_FONTSIZE))
    margin = float(attrs.get("margin", f"{NODE_MARGIN[0]}").split(",")[0])
    attrs["width"] = f"{min_width(lines, size, margin):.2f}"


def _title(title):
    """The graph's caption. Non-ASCII text goes in a left-aligned table cell as wide as the
    text is (measured here), so the drawing makes room for it and it stays centred."""
    if not needs_measuring(title):
        return f'"{_esc(title)}"'
    html = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    width = round(min_width([title], TITLE_FONTSIZE, 0) * 72)
    return (f'<<TABLE BORDER="0" CELLPADDING="0" CELLSPACING="0"><TR><TD WIDTH="{width}" '
            f'ALIGN="LEFT">{html}</TD></TR></TABLE>>')


def _edge_attrs(e):
    kind = e.kind
    if kind == "next":
        return {"label": e.label}
    if kind == "grad_fn":
        return {"style": "dotted", "color": "#777777", "arrowhead": "vee"}
    if kind == "grad":
        return {"style": "dashed", "color": "#1f5fbf", "label": e.label, "fontcolor": "#1f5fbf"}
    if kind == "saved":
        return {"style": "dashed", "color": "#e08a2e", "arrowhead": "none"}
    if kind == "hook":
        return {"style": "dotted", "color": "#c0508a", "arrowhead": "none"}
    colour = "#6a3d9a" if e.has("shares_version") else "#d00000"
    return {"style": "dashed", "color": colour, "fontcolor": colour, "label": e.label,
            "constraint": "false" if kind == "alias" else "true"}


def _forward_edges(model):
    """Backward edges turned into data flow: inputs -> op -> output tensor. AccumulateGrad
    nodes disappear (the leaf feeds the op directly)."""
    kinds = {n.id: n.kind for n in model.nodes}
    output_of = {}                 # fn id -> first tensor it produced
    leaf_of = {}                   # AccumulateGrad id -> leaf tensor id
    for e in model.edges:
        if e.kind == "grad_fn":
            output_of.setdefault(e.dst, e.src)
        elif e.kind == "grad":
            leaf_of[e.src] = e.dst
    out = []
    for e in model.edges:
        if e.kind == "next":
            src = leaf_of.get(e.dst) or output_of.get(e.dst, e.dst)
            if kinds.get(src) != "accumulate":
                out.append((src, e.src, {"label": e.label}))
        elif e.kind == "grad_fn":
            out.append((e.dst, e.src, {}))
        elif e.kind != "grad":        # saved, hooks, aliases: re-home those of AccumulateGrad
            out.append((leaf_of.get(e.src, e.src), leaf_of.get(e.dst, e.dst), _edge_attrs(e)))
    hidden = {n.id for n in model.nodes if n.kind == "accumulate"}
    return out, hidden


def to_dot(model, view="backward", state=None, title=None):
    """DOT source for `model`. view: "backward" (grad_fn graph, arrows follow the
    gradient) or "forward" (tensors and ops, arrows follow the data)."""
    if view not in ("backward", "forward"):
        raise ValueError(f"view must be 'backward' or 'forward', not {view!r}")
    lines = ["digraph minigrad {",
             f'  graph [{_attrs({"rankdir": "TB", "nodesep": "0.3", "ranksep": "0.35", "fontname": FONT, "fontsize": TITLE_FONTSIZE})}]',  # noqa: E501
             f'  node [{_attrs({"fontname": FONT, "fontsize": NODE_FONTSIZE, "margin": "%s,%s" % NODE_MARGIN})}]',  # noqa: E501
             f'  edge [{_attrs({"fontname": FONT, "fontsize": "9", "arrowsize": "0.7"})}]']
    if title:
        lines.append(f"  label={_title(title)}")
        lines.append('  labelloc="t"')
    if view == "forward":
        edges, hidden = _forward_edges(model)
    else:
        edges, hidden = [(e.src, e.dst, _edge_attrs(e)) for e in model.edges], set()
    for n in model.nodes:
        if n.id not in hidden:
            lines.append(f"  {n.id} [{_attrs(_node_attrs(n, state, view))}]")
    for src, dst, attrs in edges:
        tail = f" [{_attrs(attrs)}]" if attrs else ""
        lines.append(f"  {src} -> {dst}{tail}")
    lines.append("}")
    return "\n".join(lines) + "\n"
