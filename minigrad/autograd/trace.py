"""An event trace of autograd: `with minigrad.autograd.trace() as log:`.

While a trace is active, the engine and the ops report what happens, as plain data:
node creation, saves (with versions), version bumps, backward steps, hook firings,
accumulation into `.grad`, and freed buffers. Labels come from creation order inside the
trace (`MulBackward0#2`, `t3`), never from `id()`, so two runs of the same program give
identical logs. Outside a trace the only cost is one flag check on paths that already
check anomaly mode.
"""
import dataclasses
import weakref

from .anomaly import instrument

__all__ = ["trace", "Event", "TraceLog"]


class _State:
    __slots__ = ("log",)

    def __init__(self):
        self.log = None


state = _State()


@dataclasses.dataclass(frozen=True)
class Event:
    """One thing autograd did. `subject` is a node or tensor label; `info` holds the
    event's details (versions, input labels, gradient values as nested lists...)."""
    step: int
    kind: str          # create | save | bump | run | ran | hook | accumulate | free
    subject: str
    info: dict

    def __str__(self):
        details = ", ".join(f"{k}={v}" for k, v in self.info.items())
        return f"{self.step:>3} {self.kind:<10} {self.subject}" + (f"  ({details})"
                                                                   if details else "")


class TraceLog:
    """The recorded events, plus the objects they refer to (held weakly)."""

    def __init__(self):
        self.events = []
        self._labels = weakref.WeakKeyDictionary()   # node -> label
        self._nodes = weakref.WeakValueDictionary()   # label -> node
        self._tensor_labels = {}                      # id(t) -> (weakref, label); never printed
        self._tensors = weakref.WeakValueDictionary() # label -> tensor
        self._counts = {}
        self._next_tensor = 0
        self.names = {}                               # tensor label -> user name

    # -- labels ---------------------------------------------------------------------
    def node_label(self, node):
        if node is None:
            return "None"
        label = self._labels.get(node)
        if label is None:
            name = type(node).__name__
            n = self._counts.get(name, 0)
            self._counts[name] = n + 1
            label = f"{name}#{n}"
            self._labels[node] = label
            self._nodes[label] = node
        return label

    def tensor_label(self, t):
        entry = self._tensor_labels.get(id(t))
        if entry is not None and entry[0]() is t:
            return entry[1]
        label = f"t{self._next_tensor}"
        self._next_tensor += 1
        key = id(t)
        # drop the entry when the tensor dies, so a new object at the same address is new
        ref = weakref.ref(t, lambda _r, k=key, d=self._tensor_labels: d.pop(k, None))
        self._tensor_labels[key] = (ref, label)
        self._tensors[label] = t
        return label

    def node(self, label):
        """The live node behind a label (None once it was garbage collected)."""
        return self._nodes.get(label)

    def tensor(self, label):
        """The live tensor behind a label (None once it was garbage collected)."""
        return self._tensors.get(label)

    def add(self, kind, subject, **info):
        self.events.append(Event(len(self.events), kind, subject, info))

    # -- views ----------------------------------------------------------------------
    def of_kind(self, *kinds):
        return [e for e in self.events if e.kind in kinds]

    def __iter__(self):
        return iter(self.events)

    def __len__(self):
        return len(self.events)

    def __str__(self):
        return "\n".join(str(e) for e in self.events)

    __repr__ = __str__


class trace:
    """Context manager recording autograd events into a TraceLog."""

    def __init__(self):
        self.log = TraceLog()
        self.prev = None

    def __enter__(self):
        self.prev = state.log
        state.log = self.log
        instrument.tracing = True
        instrument.update()
        return self.log

    def __exit__(self, *exc):
        state.log = self.prev
        instrument.tracing = state.log is not None
        instrument.update()


# ---- called by the engine and the ops when instrumented ------------------------------

def _values(g):
    data = getattr(g, "_data", g)
    try:
        return data.tolist()
    except AttributeError:
        return data


def on_create(node):
    log = state.log
    if log is not None:
        log.add("create", log.node_label(node),
                inputs=[log.node_label(n) for n in node._next])


def on_save(node_label_src, saved, tensor):
    log = state.log
    if log is not None:
        log.add("save", log.tensor_label(tensor), version=saved.version)


def on_bump(tensor):
    log = state.log
    if log is not None:
        log.add("bump", log.tensor_label(tensor), version=tensor._version)
    watcher = instrument.watcher
    if watcher is not None:
        watcher.on_bump(tensor)


instrument.bumped = on_bump      # Tensor._bump_version calls it (Tensor cannot import us)


def on_version_error(saved, node):
    """A saved tensor failed its version check (saved.py raises right after this)."""
    watcher = instrument.watcher
    if watcher is not None:
        watcher.on_version_error(saved, node)


def on_run(node, grad):
    log = state.log
    if log is not None:
        log.add("run", log.node_label(node), grad=_values(grad))


def on_ran(node, grads):
    log = state.log
    if log is not None:
        log.add("ran", log.node_label(node),
                grad_inputs=[None if g is None else _values(g) for g in grads])


def on_hook(kind, node, grad):
    log = state.log
    if log is not None:
        log.add("hook", log.node_label(node), hook=kind, grad=_values(grad))


def on_accumulate(leaf, grad):
    log = state.log
    if log is not None:
        log.add("accumulate", log.tensor_label(leaf), grad=_values(grad))


def on_free(node):
    log = state.log
    if log is not None:
        log.add("free", log.node_label(node))
