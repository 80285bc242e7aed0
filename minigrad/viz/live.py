"""LiveGraph: a diagram that redraws itself after every cell run.

Targets are tensors (drawn as they are now) or variable names (looked up again at every
redraw, so `LiveGraph("loss")` follows `loss` as cells reassign it). With no targets,
every named tensor in the namespace is drawn. Redraws happen on IPython's
`post_run_cell` event while the graph is open, or on demand with `.refresh()`.
"""
from .._tensor import Tensor
import minigrad.viz._names as _names
import minigrad.viz._walk as _walk
from ._i18n import joined, t as _t
from ._widgets import WidgetView, set_diagram, set_text, widgets
from .diagram import DEFAULT_MAX_NODES, Diagram

__all__ = ["LiveGraph", "LiveGraphModel"]


class LiveGraphModel:
    """Headless part: which tensors to draw, and the latest Diagram."""

    def __init__(self, *targets, names=None, view="backward", max_nodes=DEFAULT_MAX_NODES,
                 namespaces=None):
        for t in targets:
            if not isinstance(t, (Tensor, str)):
                raise TypeError(f"LiveGraph targets are tensors or variable names, got "
                                f"{type(t).__name__}")
        self.targets = targets
        self.names = names
        self.view = view
        self.max_nodes = max_nodes
        # a tuple of dicts, or a callable returning them (re-read at every redraw)
        self.namespaces = namespaces if namespaces is not None else _names.LiveNamespaces()
        self.diagram = None
        self.redraws = 0
        self.message = ""

    def _spaces(self):
        return self.namespaces() if callable(self.namespaces) else self.namespaces

    def _lookup(self, spaces):
        merged = {}
        for ns in reversed(spaces):                    # locals win over globals
            merged.update(ns)
        found, missing = [], []
        targets = self.targets or tuple(k for k, v in merged.items()
                                        if isinstance(v, Tensor) and not k.startswith("_"))
        for t in targets:
            if isinstance(t, str):
                value = merged.get(t)
                if isinstance(value, Tensor):
                    found.append(value)
                else:
                    missing.append(t)
            else:
                found.append(t)
        return found, missing

    def refresh(self):
        """Rebuild the diagram from the live objects; returns it (None if nothing to draw)."""
        self.redraws += 1
        spaces = self._spaces()
        tensors, missing = self._lookup(spaces)
        self.message = joined(_t("not defined yet:"), ", ".join(missing)) if missing else ""
        if not tensors:
            self.diagram = None
            if not self.message:
                self.message = _t("no tensors to draw yet")
            return None
        if self.names is not None:
            resolved = _names.resolve(self.names, tensors)
        else:
            resolved = _names.Names.from_namespaces(*spaces)
        model = _walk.build(tensors, resolved, self.max_nodes)
        self.diagram = Diagram(model, view=self.view)
        return self.diagram

    def text(self):
        body = self.diagram.text() if self.diagram is not None else ""
        return "\n".join(x for x in (self.message, body) if x) or _t("LiveGraph (not drawn yet)")


class LiveGraph(WidgetView):
    """A diagram that redraws after every cell (IPython `post_run_cell`) until `.close()`.

    `LiveGraph("loss")` follows the variable `loss`; `LiveGraph(t)` a fixed tensor;
    `LiveGraph()` every named tensor. `ip` is the IPython shell (default: the current one;
    without one, only `.refresh()` redraws)."""

    def __init__(self, *targets, names=None, view="backward", max_nodes=DEFAULT_MAX_NODES,
                 ip=None):
        w = widgets()
        self._spaces = _names.LiveNamespaces()
        self.model = LiveGraphModel(*targets, names=names, view=view, max_nodes=max_nodes,
                                    namespaces=self._spaces)
        self.out = w.Output()
        self.box = w.VBox([self.out])
        self.ip = ip if ip is not None else _current_shell()
        self._registered = False
        if self.ip is not None:
            self.ip.events.register("post_run_cell", self._on_post_run_cell)
            self._registered = True
        self.refresh()

    @property
    def active(self):
        """True while redrawing after every cell."""
        return self._registered

    def _on_post_run_cell(self, result=None):
        self.refresh()

    def refresh(self):
        """Redraw now; returns the Diagram (or None when nothing can be drawn)."""
        diagram = self.model.refresh()
        if diagram is None:
            set_text(self.out, self.model.message)
        else:
            set_diagram(self.out, diagram)
        return diagram

    def close(self):
        """Stop redrawing after cells (idempotent). `.refresh()` still works, on the
        variables as they are at closing time."""
        if self._spaces.frame is not None:
            self.model.namespaces = tuple(dict(ns) for ns in self._spaces())
            self._spaces.release()
        if self._registered:
            try:
                self.ip.events.unregister("post_run_cell", self._on_post_run_cell)
            except ValueError:
                pass
            self._registered = False


def _current_shell():
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    return get_ipython()
