"""The plain-data picture of an autograd graph: what `minigrad.viz.graph()` returns.

A `GraphModel` is a list of `Node`s and a list of `Edge`s, each a small frozen dataclass
holding only strings and tuples. Everything that draws (DOT, SVG, widgets) reads this;
nothing here refers back to live tensors, so a model is a snapshot that can be compared,
printed and tested.

Node kinds:
    "tensor"      a tensor (a root you passed, a named intermediate, a leaf, an alias)
    "fn"          a grad_fn node (MulBackward0, CopySlices, ...)
    "accumulate"  the AccumulateGrad node of a leaf
    "saved"       one value a node saved for backward
    "hook"        a mark for hooks registered on a tensor or node, with a count
    "chain"       a run of linear nodes collapsed into one (big graphs only)

Edge kinds:
    "grad_fn"     tensor -> the node that created it
    "next"        node -> next node (gradient flow), labelled with the input number
    "grad"        AccumulateGrad -> the leaf whose .grad it fills
    "saved"       node -> a value it saved
    "hook"        hook mark -> the tensor or node it is registered on
    "view"        view tensor -> its base
    "alias"       tensor -> another tensor sharing its storage (detach, .data)
"""
from dataclasses import dataclass, field

__all__ = ["GraphModel", "Node", "Edge"]


def _quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass(frozen=True)
class Node:
    """One box of the diagram.

    `id` is stable for a given program ("t0", "f3", ...: walk order, never an address),
    `label` is the headline (a variable name, a node class name), `info` holds the extra
    lines (shape, values, versions), `flags` the state as sorted words ("leaf", "stale").
    """
    id: str
    kind: str
    label: str
    info: tuple = ()
    flags: tuple = ()

    def has(self, flag):
        """True if `flag` (e.g. "stale", "leaf") is set on this node."""
        return flag in self.flags

    def line(self):
        """The node as one deterministic line of text."""
        parts = [f"{self.id} {self.kind} {_quote(self.label)}"]
        parts += [f"| {i}" for i in self.info]
        if self.flags:
            parts.append("{" + ", ".join(self.flags) + "}")
        return " ".join(parts)


@dataclass(frozen=True)
class Edge:
    """One arrow: `src` and `dst` are node ids, `label` is the text on the arrow."""
    src: str
    dst: str
    kind: str
    label: str = ""
    flags: tuple = ()

    def has(self, flag):
        return flag in self.flags

    def line(self):
        text = f"{self.src} -> {self.dst} {self.kind}"
        if self.label:
            text += " " + _quote(self.label)
        if self.flags:
            text += " {" + ", ".join(self.flags) + "}"
        return text


@dataclass
class GraphModel:
    """Nodes and edges of one diagram, in a stable order, plus a few summary facts.

    `roots` are the ids of the tensors the diagram was asked for; `hidden` counts graph
    nodes folded into "chain" nodes; `total_fns` is the number of grad_fn nodes reached.
    """
    nodes: list = field(default_factory=list)
    edges: list = field(default_factory=list)
    roots: tuple = ()
    hidden: int = 0
    total_fns: int = 0

    # ---- lookups (used by tests and widgets) ------------------------------------------
    def node(self, node_id):
        """The node with this id (KeyError if absent)."""
        for n in self.nodes:
            if n.id == node_id:
                return n
        raise KeyError(node_id)

    def find(self, kind=None, label=None, flag=None):
        """All nodes matching the given kind, label and/or flag, in model order."""
        return [n for n in self.nodes
                if (kind is None or n.kind == kind) and (label is None or n.label == label)
                and (flag is None or flag in n.flags)]

    def one(self, kind=None, label=None, flag=None):
        """The single node matching; raises LookupError if there are none or several."""
        found = self.find(kind, label, flag)
        if len(found) != 1:
            raise LookupError(f"expected one node (kind={kind}, label={label}, flag={flag}), "
                              f"found {len(found)}")
        return found[0]

    def edges_from(self, node_id, kind=None):
        return [e for e in self.edges if e.src == node_id and (kind is None or e.kind == kind)]

    def edges_to(self, node_id, kind=None):
        return [e for e in self.edges if e.dst == node_id and (kind is None or e.kind == kind)]

    def saved_of(self, node_id):
        """The "saved" nodes hanging off a grad_fn node."""
        return [self.node(e.dst) for e in self.edges_from(node_id, "saved")]

    def tensor(self, name):
        """The tensor node labelled `name`."""
        return self.one(kind="tensor", label=name)

    # ---- text form ------------------------------------------------------------------
    def lines(self):
        """One line per node, then one per edge: the deterministic text form."""
        return [n.line() for n in self.nodes] + [e.line() for e in self.edges]

    def __str__(self):
        head = f"GraphModel({len(self.nodes)} nodes, {len(self.edges)} edges"
        if self.hidden:
            head += f", {self.hidden} collapsed"
        return "\n".join([head + ")"] + ["  " + x for x in self.lines()])

    __repr__ = __str__
