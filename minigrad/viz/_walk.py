"""Build a GraphModel by walking live tensors and grad_fn nodes.

The walk is breadth-first with an explicit queue (no recursion: a 200,000-node chain is
fine). Ids come from walk order ("f0" is the first root's grad_fn), so the same program
gives the same model in every process. Tensors appear when they are roots, when a name in
the caller's namespace points at them, when a node retains their grad, as the leaf of an
AccumulateGrad, or as an alias sharing storage with a tensor already drawn.
"""
import gc

import numpy as np

from ..autograd.view_history import CopySlices
from .._storage import root_array
from ..autograd.graph import AccumulateGrad
import minigrad.viz._collapse as _collapse
from ._fmt import version_of
from ._saved import FREED, SavedTensor, is_drawn_saved, saved_entries, saved_versions
from ._fmt import array_text, values_text
import minigrad.viz._labels as L
from .model import Edge, GraphModel, Node

__all__ = ["build"]


# ---- node builders -------------------------------------------------------------------------

def _tensor_node(t, tid, name, is_root, in_graph, base_name):
    flags = []
    if is_root:
        flags.append("output")
    if t._node is None:
        flags.append("leaf")
    if t._requires_grad:
        flags.append("requires_grad")
    if t.retains_grad:
        flags.append("retains_grad")
    info = [L.SHAPE_VERSION(shape=array_text(t._data), version=version_of(t))]
    small = values_text(t._data)
    if small is not None:
        info.append(L.DATA(values=small))
    g = t._grad                                        # not .grad: no non-leaf warning
    if g is not None:
        gs = values_text(g._data)
        info.append(L.GRAD(values=gs if gs is not None else array_text(g._data)))
    if t._base is not None:
        flags.append("view")
        info.append(L.VIEW_OF(base=base_name))
    if t._node is None and (t._made_in_no_grad or (t._no_grad_view and t._requires_grad)):
        # (a custom Function's output is computed under no_grad, then gets its grad_fn)
        flags.append("no_grad")
        info.append(L.MADE_UNDER_NO_GRAD())
    if t._is_inference:
        flags.append("inference")
        info.append(L.INFERENCE())
    if not in_graph:
        flags.append("alias")
    return Node(tid, "tensor", name or L.UNNAMED(), tuple(info), tuple(sorted(flags)))


def _saved_node(sid, name, value, names):
    if value is FREED:
        return Node(sid, "saved", name, (L.FREED_BY_BACKWARD(),), ("freed",))
    if not isinstance(value, SavedTensor):                 # a plain array (e.g. indices)
        return Node(sid, "saved", name, (L.SHAPE(shape=array_text(value)),), ("array",))
    then, now = saved_versions(value)
    if value.tensor is None:
        label, flags, data = name, ["output"], value.data
    else:
        tname = names.get(value.tensor)
        label = L.SLOT(slot=name, value=tname) if tname else name
        flags, data = ["input"], value.tensor._data
    if then != now:
        flags.append("stale")
    return Node(sid, "saved", label, (L.SHAPE(shape=array_text(data)),
                                      L.SAVED_VERSIONS(then=then, now=now)),
                tuple(sorted(flags)))


def _fn_node(fid, fn, entries):
    kind = "accumulate" if type(fn) is AccumulateGrad else "fn"
    info = []
    if type(fn) is CopySlices:
        info.append(L.WRAPS(node=type(fn.fn).__name__))
    for name, value in entries:
        if not is_drawn_saved(value):
            info.append(L.SLOT(slot=name, value=_plain(value)))
    flags = []
    if fn._released and kind == "fn" and entries:
        flags.append("released")
    return Node(fid, kind, type(fn).__name__, tuple(info), tuple(flags))


_PLAIN = (int, float, bool, str, type(None))


def _plain(value):
    """repr of small plain values; just the type for anything whose repr might carry an
    address (the text must be identical in every process)."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, _PLAIN) or (isinstance(value, tuple)
                                     and all(isinstance(v, _PLAIN) for v in value)):
        return repr(value)
    return f"<{type(value).__name__}>"


def _hook_marks(owner_id, counts, next_id, nodes, edges):
    """Small hook nodes for [(kind, count)], each with an edge to its owner."""
    labels = {"tensor": L.HOOKS, "pre": L.PRE_HOOKS, "post": L.POST_HOOKS}
    for kind, n in counts:
        if n:
            hid = next_id()
            text = labels[kind](n=n, s="s" if n > 1 else "")
            nodes.append(Node(hid, "hook", text, (), (kind,)))
            edges.append(Edge(hid, owner_id, "hook"))


def _hooks_len(d):
    return len(d) if d else 0


# ---- the walk ------------------------------------------------------------------------------

class _Walk:
    """Breadth-first order of the grad_fn nodes reachable from the roots, with in-degrees."""

    def __init__(self, root_fns):
        order, index, indeg, pred = [], {}, [], []
        for fn in root_fns:
            if fn not in index:
                index[fn] = len(order)
                order.append(fn)
                indeg.append(0)
                pred.append(None)
        i = 0
        while i < len(order):                 # `order` doubles as the BFS queue
            for nxt in order[i]._next or ():
                if nxt is None:
                    continue
                j = index.get(nxt)
                if j is None:
                    index[nxt] = len(order)
                    order.append(nxt)
                    indeg.append(1)
                    pred.append(i)
                else:
                    indeg[j] += 1
            i += 1
        self.order, self.index, self.indeg, self.pred = order, index, indeg, pred


class _Ids:
    def __init__(self, prefix):
        self.prefix, self.n = prefix, 0

    def __call__(self):
        self.n += 1
        return f"{self.prefix}{self.n - 1}"


def build(tensors, names, max_nodes=60):
    """The GraphModel for `tensors` (roots) with `names` (a `_names.Names`)."""
    return build_with_ids(tensors, names, max_nodes)[0]


def build_with_ids(tensors, names, max_nodes=60):
    """(model, {grad_fn node: model id}, {tensor: model id}): the model plus where each
    live object went (the backward stepper maps trace events onto the picture with it)."""
    # The walk allocates many small containers; on a 200,000-node graph the cyclic GC would
    # re-scan the whole graph again and again, for nothing (graphs are acyclic).
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _build(tensors, names, max_nodes)
    finally:
        if was_enabled:
            gc.enable()


def _build(tensors, names, max_nodes):
    roots = []
    for t in tensors:
        if not any(t is r for r in roots):
            roots.append(t)
    walk = _Walk([fn for fn in (t.grad_fn for t in roots) if fn is not None])
    order, index = walk.order, walk.index

    # tensors hanging off each node: roots, then named tensors, then retained ones
    attached = {}
    for t in roots:
        fn = t.grad_fn
        if fn is not None:
            attached.setdefault(index[fn], []).append(t)
    for t in names.candidates:
        if t._node is not None and not any(t is r for r in roots):
            j = index.get(t.grad_fn)
            if j is not None:
                attached.setdefault(j, []).append(t)
    for j, fn in enumerate(order):
        ref = fn._retain_ref
        kept = ref() if ref is not None else None
        if kept is not None and not any(kept is x for x in attached.get(j, ())):
            attached.setdefault(j, []).append(kept)

    entries = [saved_entries(fn) for fn in order]
    runs = []
    if max_nodes is not None:
        runs = _collapse.plan(walk, entries, attached, len(roots), max_nodes)
    em = _Emitter(roots, names, walk, attached, entries, runs)
    fn_ids = {fn: em.fn_ids[i] for i, fn in enumerate(order)}
    return em.model(), fn_ids, em.tensor_ids


class _Emitter:
    """Second pass: turn the walk into nodes and edges, in a stable order."""

    def __init__(self, roots, names, walk, attached, entries, runs):
        self.names, self.walk, self.entries = names, walk, entries
        self.nodes, self.edges = [], []
        self.tid, self.sid, self.hid = _Ids("t"), _Ids("s"), _Ids("h")
        self.tensor_ids = {}                      # Tensor -> id (identity map)
        self.drawn = []                           # tensors in emission order
        self.fn_ids = _collapse.assign_ids(walk, runs)
        self.runs = runs
        self.run_of = {}
        for k, run in enumerate(runs):
            for i in run:
                self.run_of[i] = k
        self.hidden = sum(len(r) for r in runs)
        for t in roots:
            self._tensor(t, is_root=True)
        for i in range(len(walk.order)):
            k = self.run_of.get(i)
            if k is not None and i != runs[k][0] and i != runs[k][-1]:
                continue                           # inside a folded chain: nothing to draw
            self._fn(i, attached.get(i, ()))
        self._aliases()
        self.root_ids = tuple(self.tensor_ids[t] for t in roots)

    def model(self):
        return GraphModel(self.nodes, self.edges, self.root_ids, self.hidden,
                          len(self.walk.order))

    # ---- tensors ------------------------------------------------------------------------
    def _tensor(self, t, is_root=False, in_graph=True):
        tid = self.tensor_ids.get(t)
        if tid is not None:
            return tid
        tid = self.tid()
        self.tensor_ids[t] = tid
        self.drawn.append(t)
        base = t._base
        base_name = None
        if base is not None:
            base_name = self.names.get(base) or self.tensor_ids.get(base) or "another tensor"
        self.nodes.append(_tensor_node(t, tid, self.names.get(t), is_root, in_graph,
                                       base_name))
        fn = t.grad_fn if t._node is not None else None
        if fn is not None and fn in self.walk.index:
            self.edges.append(Edge(tid, self.fn_ids[self.walk.index[fn]], "grad_fn"))
        hooks = t.__dict__.get("_hooks")
        _hook_marks(tid, [("tensor", _hooks_len(hooks))], self.hid, self.nodes, self.edges)
        return tid

    # ---- grad_fn nodes --------------------------------------------------------------------
    def _fn(self, i, attached):
        fn = self.walk.order[i]
        fid = self.fn_ids[i]
        k = self.run_of.get(i)
        if k is None:
            self._plain_fn(i, fn, fid, attached)
        elif self.runs[k][0] == i:
            self.nodes.append(_collapse.chain_node(fid, [self.walk.order[j] for j in self.runs[k]],
                                                   [self.entries[j] for j in self.runs[k]]))
        if k is None or self.runs[k][-1] == i:
            self._next_edges(fn, fid, k)
        if type(fn) is AccumulateGrad:
            leaf = fn.variable
            tid = self._tensor(leaf)
            self.edges.append(Edge(fid, tid, "grad", L.TO_GRAD()))
        for t in attached:
            self._tensor(t)

    def _plain_fn(self, i, fn, fid, attached):
        entries = self.entries[i]
        self.nodes.append(_fn_node(fid, fn, entries))
        for name, value in entries:
            if is_drawn_saved(value):
                sid = self.sid()
                self.nodes.append(_saved_node(sid, name, value, self.names))
                self.edges.append(Edge(fid, sid, "saved"))
        own = fn._tensor_pre_hooks
        if own and any(t.__dict__.get("_hooks") is own for t in attached):
            own = None                             # drawn on the tensor instead
        _hook_marks(fid, [("tensor", _hooks_len(own)), ("pre", _hooks_len(fn._pre_hooks)),
                          ("post", _hooks_len(fn._hooks))], self.hid, self.nodes, self.edges)

    def _next_edges(self, fn, fid, run):
        nrs = fn._next_nr
        for k, nxt in enumerate(fn._next or ()):
            if nxt is None:
                continue
            j = self.walk.index[nxt]
            if run is not None and self.run_of.get(j) == run:
                continue
            label = L.INPUT(k=k) if not nrs or not nrs[k] else L.INPUT_OUTPUT(k=k, nr=nrs[k])
            self.edges.append(Edge(fid, self.fn_ids[j], "next", label))

    # ---- storage aliases --------------------------------------------------------------------
    def _aliases(self):
        groups = []                                # [(root array, [tensors])], identity-keyed
        for t in self.drawn:
            _group(groups, t).append(t)
        for c in self.names.candidates:
            if c in self.tensor_ids:
                continue
            root = root_array(c._data)
            for r, members in groups:
                if r is root:
                    self._tensor(c, in_graph=False)
                    members.append(c)
                    break
        for _root, members in groups:
            if len(members) < 2:
                continue
            # the anchor owns the storage (not a view) when such a member is drawn
            anchor = next((m for m in members if m._base is None), members[0])
            for m in members:
                if m is not anchor:
                    self._alias_edge(m, anchor, members)

    def _alias_edge(self, m, anchor, members):
        base = m._base
        if base is not None and any(base is x for x in members):
            target, kind = base, "view"
        else:
            target, kind = anchor, "alias"
        shared = m._vc is not None and m._vc is target._vc
        if kind == "view":
            label = L.VIEW_EDGE()
        elif shared:
            label = L.SHARED_EDGE()
        else:
            label = L.OWN_COUNTER_EDGE()
        self.edges.append(Edge(self.tensor_ids[m], self.tensor_ids[target], kind, label,
                               ("shares_version",) if shared else ()))


def _group(groups, t):
    root = root_array(t._data)
    for r, members in groups:
        if r is root:
            return members
    members = []
    groups.append((root, members))
    return members
