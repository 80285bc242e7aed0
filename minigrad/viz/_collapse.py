"""Folding long linear chains into one node when a graph is over its node budget.

A node can be folded when nothing interesting is attached to it: it has exactly one
input edge and one output edge, no drawn tensor, no hooks, no retain_grad, no stale saved
tensor. Maximal runs of such nodes (3 or more) are folded, longest first, until the
diagram fits the budget. Everything here is loops over lists: no recursion.
"""
from collections import Counter

from ..autograd.graph import AccumulateGrad
import minigrad.viz._labels as L
from ._saved import FREED, SavedTensor, is_drawn_saved, is_stale

__all__ = ["plan", "assign_ids", "chain_node"]

MIN_RUN = 3


def plan(walk, entries, attached, n_roots, max_nodes):
    """The runs (lists of walk positions) to fold, in walk order."""
    order, index, indeg = walk.order, walk.index, walk.indeg
    n = len(order)
    cost = [1] * n
    only_next = [None] * n
    foldable = [False] * n
    total = n_roots + sum(len(v) for v in attached.values())
    acc, saved_cls = AccumulateGrad, SavedTensor
    for i, fn in enumerate(order):                   # hot loop: kept flat on purpose
        stale = False
        for _name, v in entries[i]:
            if type(v) is saved_cls:
                cost[i] += 1
                stale = stale or is_stale(v)
            elif is_drawn_saved(v):
                cost[i] += 1
        total += cost[i]
        if type(fn) is acc:
            total += 1                                # its leaf tensor
            continue
        nexts = fn._next
        if not nexts:
            continue
        if len(nexts) == 1:
            only = nexts[0]
        else:
            live = [x for x in nexts if x is not None]
            only = live[0] if len(live) == 1 else None
        if only is None:
            continue
        only_next[i] = index[only]
        foldable[i] = (indeg[i] == 1 and not stale and i not in attached
                       and not (fn._hooks or fn._pre_hooks or fn._tensor_pre_hooks
                                or fn._retain_ref or fn._output_hooks
                                or fn._output_retains))
    if total <= max_nodes:
        return []
    runs = []
    for i in range(n):
        p = walk.pred[i]
        if not foldable[i] or (p is not None and foldable[p]):
            continue                                  # not the start of a run
        run, j = [i], only_next[i]
        while j is not None and foldable[j]:
            run.append(j)
            j = only_next[j]
        if len(run) >= MIN_RUN:
            runs.append((sum(cost[k] for k in run) - 1, run))
    runs.sort(key=lambda sr: (-sr[0], sr[1][0]))
    chosen = []
    for saving, run in runs:
        if total <= max_nodes:
            break
        chosen.append(run)
        total -= saving
    chosen.sort(key=lambda r: r[0])
    return chosen


def assign_ids(walk, runs):
    """Node id for every walk position: "f<k>" for drawn nodes, "c<k>" for all members
    of a folded run."""
    ids = [None] * len(walk.order)
    for k, run in enumerate(runs):
        for i in run:
            ids[i] = f"c{k}"
    m = 0
    for i in range(len(ids)):
        if ids[i] is None:
            ids[i] = f"f{m}"
            m += 1
    return ids


def chain_node(cid, fns, entries):
    """The node standing for a folded run: how many nodes, of which types."""
    from .model import Node
    counts = Counter(type(fn).__name__ for fn in fns)
    top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    info = [L.CHAIN_KIND(node=name, n=n) for name, n in top[:3]]
    if len(top) > 3:
        info.append(L.CHAIN_MORE(n=len(top) - 3))
    flags = []
    if any(v is FREED for e in entries for _, v in e):
        flags.append("freed")
    return Node(cid, "chain", L.CHAIN(n=len(fns)), tuple(info), tuple(flags))
