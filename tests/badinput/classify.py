"""Run one call under torch and minigrad and name what happened.

The classes, in the order they are tested (the first that applies wins):

* ``same``: both raise the same type with the same (normalized) message, or both return equal
  values (type, shape, dtype, values, requires_grad) with the same warnings;
* ``leak``: minigrad lets a NumPy or Python-internal error out: an exception whose class or
  innermost frame comes from NumPy, or one raised inside minigrad by an expression rather
  than by one of its own ``raise`` statements (``'int' object has no attribute '_data'``,
  ``'<=' not supported between ...``, NumPy's ``operands could not be broadcast ...``);
* ``numpy-warning``: minigrad emits a NumPy warning (``divide by zero encountered ...``) that
  torch does not;
* ``accepted``: minigrad returns where torch raises;
* ``refused``: minigrad raises (its own error) where torch returns;
* ``other-type``, ``other-message``: both raise, with another type / another message (a
  different set of warnings counts as another message);
* ``other-value``: both return, different values.
"""
import ast
import functools
import math
import os
import signal
import threading
import warnings

import numpy as np

import minigrad
from difftest import normalize

CLASSES = ("same", "leak", "numpy-warning", "accepted", "refused", "other-type",
           "other-message", "other-value")

MINIGRAD_DIR = os.path.dirname(minigrad.__file__)
NUMPY_DIR = os.path.dirname(np.__file__)
NUMPY_WORDING = ("operands could not be broadcast", "numpy", "ndarray", "could not broadcast",
                 "setting an array element", "inhomogeneous", "axis ", "ufunc", "casting rule",
                 "cannot reshape array", "array of sample", "only integer scalar arrays",
                 "object arrays", "array_function")


class Outcome:
    """What one library did with one call."""
    __slots__ = ("raised", "exc_type", "message", "value", "warnings", "leak", "frame")

    def __init__(self):
        self.raised = False
        self.exc_type = self.message = self.value = self.leak = self.frame = None
        self.warnings = []


@functools.lru_cache(maxsize=None)
def _raise_lines(filename):
    """The line numbers covered by `raise` statements in a source file."""
    try:
        with open(filename, encoding="utf-8") as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError):
        return frozenset()
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return frozenset(lines)


def leak_kind(exc):
    """'numpy' or 'python' when `exc` is an internal error escaping from minigrad, else None;
    also returns the innermost frame as 'file:line'."""
    tb = exc.__traceback__
    inner = None
    while tb is not None:
        inner = tb
        tb = tb.tb_next
    filename = inner.tb_frame.f_code.co_filename if inner else ""
    where = f"{os.path.relpath(filename, os.path.dirname(MINIGRAD_DIR))}:{inner.tb_lineno}" \
        if inner else "?"
    text = str(exc)
    if type(exc).__module__.startswith("numpy") or filename.startswith(NUMPY_DIR):
        return "numpy", where
    if not filename.startswith(MINIGRAD_DIR):
        return None, where                  # raised by the caller's code or by Python's call
    if inner.tb_lineno in _raise_lines(filename):
        return None, where                  # one of minigrad's own errors
    if any(w in text for w in NUMPY_WORDING):
        return "numpy", where
    return "python", where


def _summary(value, depth=0):
    """A comparable description of a call's value, the same for both libraries."""
    if depth > 3:
        return "..."
    if isinstance(value, (minigrad.Tensor,)) or type(value).__name__ in ("Tensor", "Parameter"):
        try:
            arr = np.array(value.detach().tolist(), dtype=object)
        except Exception as exc:             # pragma: no cover - reported as a value
            arr = f"<unreadable: {type(exc).__name__}>"
        return ("tensor", tuple(value.shape), normalize(str(value.dtype)), arr,
                bool(value.requires_grad))
    if isinstance(value, (list, tuple)) and type(value).__name__ in ("list", "tuple"):
        return (type(value).__name__, [_summary(v, depth + 1) for v in value])
    if type(value).__name__ == "Size":
        return ("tuple", [int(v) for v in value])
    if isinstance(value, np.ndarray):
        return ("ndarray", value.shape, str(value.dtype), np.array(value.tolist(), dtype=object))
    if isinstance(value, str):          # (t.type(): 'minigrad.FloatTensor' is torch's name)
        return ("str", normalize(value))
    if value is None or isinstance(value, (bool, int, float, complex)):
        return (type(value).__name__, value)
    return ("object", normalize(type(value).__name__))


def _equal(x, y):
    if isinstance(x, float) and isinstance(y, float):
        return x == y or (math.isnan(x) and math.isnan(y)) or \
            math.isclose(x, y, rel_tol=1e-5, abs_tol=1e-6)
    if isinstance(x, np.ndarray) and isinstance(y, np.ndarray):
        return x.shape == y.shape and all(_equal(p, q) for p, q in zip(x.flat, y.flat))
    if isinstance(x, (list, tuple)) and isinstance(y, (list, tuple)):
        return len(x) == len(y) and all(_equal(p, q) for p, q in zip(x, y))
    if type(x) is not type(y):
        return False
    return bool(x == y)


class CallTimeout(Exception):
    """A call ran longer than TIME_LIMIT seconds (a hang is reported, not waited for)."""


TIME_LIMIT = 5.0


def _on_alarm(signum, frame):
    raise CallTimeout(f"the call ran longer than {TIME_LIMIT} s")


def run(lib, source):
    """Run SETUP-then-call `source` under `lib` (a module named torch in the namespace)."""
    from .calls import SETUP
    out = Outcome()
    ns = {"torch": lib}
    exec(SETUP, ns)
    tree = ast.parse(source)
    last = tree.body[-1] if tree.body else None
    use_alarm = threading.current_thread() is threading.main_thread()
    if use_alarm:
        previous = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, TIME_LIMIT)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            if isinstance(last, ast.Expr):
                exec(compile(ast.Module(tree.body[:-1], []), "<call>", "exec"), ns)
                value = eval(compile(ast.Expression(last.value), "<call>", "eval"), ns)
            else:
                exec(compile(tree, "<call>", "exec"), ns)
                value = ns.get("t")
            out.value = _summary(value)
        except Exception as exc:
            out.raised = True
            out.exc_type = type(exc).__name__
            out.message = normalize(str(exc))
            if lib is minigrad:
                out.leak, out.frame = leak_kind(exc)
        finally:
            if use_alarm:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
    out.warnings = [(w.category.__name__, normalize(str(w.message)),
                     os.path.dirname(str(w.filename)).startswith(NUMPY_DIR)) for w in caught]
    return out


def _numpy_warning(t, m):
    theirs = {(c, msg) for c, msg, _ in t.warnings}
    for cat, msg, from_numpy in m.warnings:
        if (cat, msg) in theirs:
            continue
        if from_numpy or "encountered in" in msg or "empty slice" in msg \
                or "Degrees of freedom" in msg or "ComplexWarning" in cat:
            return msg
    return None


_PYTHON_WORDING = ("object has no attribute", "not supported between", "is not iterable",
                   "is not subscriptable", "object is not callable")


def _torch_fails_alike(t, m):
    """torch itself lets a Python error of the same type out (nn.MSELoss()(2, x) raises
    AttributeError: 'int' object has no attribute 'size'): not counted as minigrad's leak."""
    return t.raised and t.exc_type == m.exc_type and any(w in t.message for w in _PYTHON_WORDING)


def classify(t, m):
    """The class of the pair of outcomes (torch's `t`, minigrad's `m`)."""
    same_warnings = [(c, w) for c, w, _ in t.warnings] == [(c, w) for c, w, _ in m.warnings]
    if t.raised and m.raised and t.exc_type == m.exc_type and t.message == m.message:
        return "same"
    if m.raised and m.leak and not _torch_fails_alike(t, m):
        return "leak"
    if _numpy_warning(t, m):
        return "numpy-warning"
    if t.raised and not m.raised:
        return "accepted"
    if m.raised and not t.raised:
        return "refused"
    if t.raised:
        return "other-type" if t.exc_type != m.exc_type else "other-message"
    if not _equal(t.value, m.value):
        return "other-value"
    return "same" if same_warnings else "other-message"


def leak_key(name, m, t=None):
    """How a leak (or a NumPy warning) is identified in the allow-list: function and kind."""
    if m.raised and m.leak:
        return f"{name}: {m.leak}"
    return f"{name}: numpy-warning"


@functools.lru_cache(maxsize=None)
def _warm_up(torch):
    """torch imports some modules on first use (an optimizer's first step imports
    torch._dynamo, seconds on a busy machine): done once here, outside the per-call time
    limit, which would otherwise interrupt the import and leave torch half-imported."""
    p = torch.zeros(1, requires_grad=True)
    opt = torch.optim.SGD([p], lr=0.1, momentum=0.9)
    p.sum().backward()
    opt.step()
    opt.zero_grad()


def compare(source):
    """(class, torch outcome, minigrad outcome) for one call."""
    import torch
    _warm_up(torch)
    t = run(torch, source)
    m = run(minigrad, source)
    return classify(t, m), t, m
