"""The lockstep fuzzer's machinery (tests/test_fuzz.py): one program run in two namespaces,
torch's and minigrad's, compared after every statement; and the pieces statements are built
from."""
from __future__ import annotations

import os
import re
import warnings
from dataclasses import dataclass, field

import numpy as np
from hypothesis import strategies as st

import minigrad
from difftest import normalize
from fuzz_known import find_known

try:
    import torch
except ImportError:  # the fuzz test is skipped by requires_torch
    torch = None

LIBS = ("torch", "minigrad")
STRICT = bool(os.environ.get("MINIGRAD_FUZZ_STRICT"))
# survey mode: every new divergence is appended to this file as a JSON line and its program is
# abandoned, instead of failing the run; so one run counts the divergent programs of a whole
# draw and their families (tools to measure the fuzzer, not a way to pass the test)
SURVEY = os.environ.get("MINIGRAD_FUZZ_SURVEY")


class Divergence(AssertionError):
    """torch and minigrad disagreed; the message holds the program and the difference."""


class KnownDivergence(Exception):
    """A divergence that already has a strict-xfail regression test; the program stops."""


@dataclass
class RunStats:
    programs: int = 0
    statements: int = 0
    known: dict[str, int] = field(default_factory=dict)  # regression test -> hits


STATS = RunStats()


# ---------------------------------------------------------------------------------------------
# observing the two libraries


def _outcome(read):
    """("ok", value) or ("raise", type name, normalized message)."""
    try:
        return ("ok", read())
    except Exception as exc:
        return ("raise", type(exc).__name__, normalize(str(exc)))


def _grad_fn_name(t):
    fn = t.grad_fn
    return None if fn is None else type(fn).__name__


def _describe_grad(t):
    grad = t.grad
    if grad is None:
        return None
    return (tuple(grad.shape), str(grad.dtype).split(".")[-1], grad.requires_grad,
            grad.detach().numpy().copy())


SNAPSHOT_READS = (
    ("type", lambda t: type(t).__name__),
    ("shape", lambda t: tuple(t.shape)),
    ("dtype", lambda t: str(t.dtype).split(".")[-1]),
    ("values", lambda t: t.data.numpy().copy()),
    ("requires_grad", lambda t: t.requires_grad),
    ("is_leaf", lambda t: t.is_leaf),
    ("grad_fn", _grad_fn_name),
    ("retains_grad", lambda t: t.retains_grad),
    ("_version", lambda t: t._version),
    ("grad", _describe_grad),
)


def snapshot(t) -> list[tuple[str, object]]:
    """Everything compared about one pool tensor, in reporting order; each entry is an
    ``_outcome`` (torch raises on some reads, e.g. ``_version`` of an inference tensor)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [(attr, _outcome(lambda read=read: read(t))) for attr, read in SNAPSHOT_READS]


def _close(a, b) -> bool:
    """Equality of snapshot entries; float arrays up to rtol 1e-4 / atol 1e-5 (NaN == NaN)."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        if not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray)):
            return False
        if a.shape != b.shape or a.dtype != b.dtype:
            return False
        if a.dtype.kind != "f":
            return bool(np.array_equal(a, b))
        return bool(np.array_equal(a, b, equal_nan=True)
                    or np.allclose(a, b, rtol=1e-4, atol=1e-5, equal_nan=True))
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    return a == b


def _show(value) -> str:
    if isinstance(value, np.ndarray):
        return np.array2string(value, precision=5, separator=", ")
    if isinstance(value, tuple):
        return "(" + ", ".join(_show(v) for v in value) + ")"
    return repr(value)


def _warnings_of(caught) -> list[str]:
    return [f"{w.category.__name__}: {normalize(str(w.message))}" for w in caught]


class Lockstep:
    """Two namespaces, one program: run each statement in both and compare everything.

    After a divergence listed in ``KNOWN_DIVERGENCES`` the program is abandoned: later
    statements are not run (they would mostly report consequences of the same bug)."""

    def __init__(self):
        self.ns = {lib: {"torch": module, "warnings": warnings}
                   for lib, module in zip(LIBS, (torch, minigrad))}
        self.pool: list[str] = []      # names of tensors living in both namespaces
        self.origin: dict[str, str] = {}  # pool name -> the statement that bound it
        self.handles: list[str] = []   # names of hook handles
        self.lines: list[str] = []
        self.abandoned = False
        self.tolerated: set[str] = set()  # "t3._version": known divergences let through
        self.excused: str | None = None
        self._counter = 0
        self.serial = STATS.programs   # which program of the run (survey reports)

    # -- names and metadata (read from the torch side, which is the reference) ---------------
    def fresh(self, prefix="t") -> str:
        self._counter += 1
        return f"{prefix}{self._counter - 1}"

    def ref(self, name):
        return self.ns["torch"][name]

    def eval_ref(self, expr):
        """Evaluate an expression on the torch side only (for choosing operands); None if it
        raises."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return eval(expr, self.ns["torch"])
        except Exception:
            return None

    # -- running ---------------------------------------------------------------------------
    def run(self, code: str, new: str | None = None, kind: str = "tensor",
            touches: list[str] | None = None) -> None:
        """Run ``code`` in both namespaces and compare. ``new`` names the variable the code
        binds; it joins the pool (``kind="tensor"``) or the hook handles (``kind="handle"``)
        when both runs bound it to such an object. ``touches`` lists the only pool tensors
        the code can change (default: all of them)."""
        self.run_checks(self._run, code, new, kind, touches)

    def run_checks(self, step, *args) -> None:
        if self.abandoned:
            return
        try:
            step(*args)
        except KnownDivergence:
            self.abandoned = True

    def _run(self, code, new, kind, touches):
        self.excused = None     # a known divergence of this statement's outcome
        self.lines.append(code)
        STATS.statements += 1
        compiled = _CODE_CACHE.get(code)
        if compiled is None:
            compiled = _CODE_CACHE[code] = compile(code, "<fuzz>", "exec")
        results = {}
        for lib in LIBS:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                outcome = _outcome(lambda lib=lib: exec(compiled, self.ns[lib]))
            results[lib] = (outcome, _warnings_of(caught))
        (t_out, t_warn), (m_out, m_warn) = results["torch"], results["minigrad"]
        if t_out != m_out:
            self.diverged("outcome", _show_outcome(t_out), _show_outcome(m_out))
        if t_warn != m_warn:
            self.diverged("warnings", t_warn, m_warn)
        if new is not None and t_out[0] == "ok":
            t_obj, m_obj = self.ns["torch"].get(new), self.ns["minigrad"].get(new)
            if type(t_obj).__name__ != type(m_obj).__name__:
                self.diverged(f"{new}.type", type(t_obj).__name__, type(m_obj).__name__)
            if kind == "tensor" and isinstance(t_obj, torch.Tensor):
                self.pool.append(new)
                self.origin[new] = code
            elif kind == "handle" and t_obj is not None:
                self.handles.append(new)
        if touches is None:
            self.compare_pool()
        else:
            self.compare_pool([n for n in self.pool if n in touches or n == new])

    def compare_pool(self, names=None) -> None:
        for name in self.pool if names is None else names:
            theirs = snapshot(self.ns["torch"][name])
            ours = snapshot(self.ns["minigrad"][name])
            for (attr, expected), (_, actual) in zip(theirs, ours):
                what = f"{name}.{attr}"
                if what not in self.tolerated and not _close(expected, actual):
                    self.diverged(what, _show(expected), _show(actual))

    def program(self) -> str:
        return "\n".join(self.lines)

    def diverged(self, what, expected, actual):
        """Fail, unless the divergence is known (see ``KNOWN_DIVERGENCES``): then either
        tolerate it and go on, when it leaves both libraries in the same state (different
        messages for the same failure, an extra warning, a ``_version`` read), or abandon
        the program."""
        expected, actual = str(expected), str(actual)
        if self.excused is not None:
            # both libraries raised (differently) on a known bug, yet the state differs: one of
            # them changed something before raising; a consequence, not a new divergence
            raise KnownDivergence(self.excused)
        name, _, attr = what.rpartition(".")
        if not name:    # outcome or warnings: the first pool tensor the statement names
            name = next((n for n in re.findall(r"\bt\d+\b", self.lines[-1])
                         if n in self.origin), "")
        known = find_known(attr, expected, actual, origin=self.origin.get(name, ""),
                           code=self.lines[-1], program=self.program())
        if SURVEY:
            _record_survey(self.serial, what, expected, actual, known, self.program())
        if known is not None and not STRICT:
            STATS.known[known] = STATS.known.get(known, 0) + 1
            if attr == "outcome" and "no exception" not in (expected, actual):
                self.excused = known
                return
            if attr in ("warnings", "_version"):
                self.tolerated.add(what)
                return
            raise KnownDivergence(known)
        self.abandoned = True       # no further checks (teardown) once a divergence is reported
        if SURVEY:
            raise KnownDivergence(what)
        raise Divergence(
            f"torch and minigrad diverge on {what}\n"
            f"  torch:    {expected}\n  minigrad: {actual}\n"
            + (f"  (known: regression case {known})\n" if known else "")
            + f"program:\n{self.program()}"
        )


_CODE_CACHE: dict[str, object] = {}


def _record_survey(run_id, what, expected, actual, known, program) -> None:
    import json

    with open(SURVEY, "a", encoding="utf-8") as out:
        out.write(json.dumps({"run": run_id, "what": what, "torch": expected, "minigrad": actual,
                              "known": known, "program": program}) + "\n")


def _show_outcome(outcome) -> str:
    if outcome[0] == "ok":
        return "no exception"
    return f"{outcome[1]}: {outcome[2]}"


# ---------------------------------------------------------------------------------------------
# building statements

FLOAT_VALUES = (-2.0, -1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 3.0)
SCALARS = (2, -1, 0, 3, 0.5, -1.5, 2.0)
DTYPES = ("float32", "float64", "int64", "bool")
# most statements run with grad mode on; the rest inside a grad-mode block
MODES = ("", "", "", "", "", "no_grad", "enable_grad", "inference_mode")
MODE_HEADERS = {
    "no_grad": "with torch.no_grad():",
    "enable_grad": "with torch.no_grad(), torch.enable_grad():",
    "inference_mode": "with torch.inference_mode():",
}

UNARY_FORMS = (
    "-{x}", "{x}.neg()", "torch.exp({x})", "{x}.exp()", "{x}.log()", "torch.sqrt({x})",
    "{x}.sigmoid()", "torch.tanh({x})", "{x}.relu()", "torch.relu({x})", "{x}.abs()",
    "abs({x})", "{x}.clamp(-1, 1)", "{x}.clamp(min=0.5)", "torch.clamp({x}, max=0)",
    "{x}.clamp(0.0, 2.0)",
)
BINARY_OPS = ("+", "-", "*", "/", "**")
CASTS = ("{x}.float()", "{x}.double()", "{x}.long()", "{x}.bool()", "{x}.to(torch.float64)")
HOOKS = ("lambda g: g * 2", "lambda g: g * 0.5", "lambda g: None", "lambda g: -g")


SHAPES = st.lists(st.integers(1, 3), max_size=3)
_VALUES: dict[int, st.SearchStrategy] = {}
_INDICES: dict[tuple[int, int], st.SearchStrategy] = {}


def values_for(shape) -> st.SearchStrategy:
    numel = int(np.prod(shape))
    if numel not in _VALUES:
        _VALUES[numel] = st.lists(st.sampled_from(FLOAT_VALUES), min_size=numel,
                                  max_size=numel)
    return _VALUES[numel]


def integers(low: int, high: int) -> st.SearchStrategy:
    """``st.integers(low, high)``, built once per range (strategies are costly to build)."""
    key = (low, high)
    if key not in _INDICES:
        _INDICES[key] = st.integers(low, high)
    return _INDICES[key]


def with_mode(code: str, mode: str) -> str:
    if not mode:
        return code
    body = "\n".join("    " + line for line in code.split("\n"))
    return f"{MODE_HEADERS[mode]}\n{body}"


def literal(values, shape, dtype) -> str:
    """A nested-list literal of the given shape holding ``values`` converted to ``dtype``."""
    if dtype == "bool":
        items = [str(v > 0) for v in values]
    elif dtype == "int64":
        items = [str(int(v)) for v in values]
    else:
        items = [repr(float(v)) for v in values]

    def nest(items, shape):
        if not shape:
            return items[0]
        step = len(items) // shape[0]
        return "[" + ", ".join(nest(items[i * step:(i + 1) * step], shape[1:])
                               for i in range(shape[0])) + "]"

    return nest(items, list(shape))


def broadcastable(a, b) -> bool:
    return all(x == y or x == 1 or y == 1 for x, y in zip(reversed(a), reversed(b)))


def broadcasts_to(src, dst) -> bool:
    """True if a tensor of shape ``src`` can be written into one of shape ``dst``."""
    return len(src) <= len(dst) and all(
        x == y or x == 1 for x, y in zip(reversed(src), reversed(dst)))


def matmul_ok(a, b) -> bool:
    if not a or not b:
        return False
    k_a = a[-1]
    k_b = b[0] if len(b) == 1 else b[-2]
    if k_a != k_b:
        return False
    return broadcastable(a[:-2], b[:-2])


def size_args(sizes) -> str:
    """``view``/``reshape``/``expand`` arguments: ``2, 3``, or ``()`` for a 0-d result."""
    return ", ".join(map(str, sizes)) if sizes else "()"


def dims(ndim: int):
    """Dimension arguments for a tensor of ``ndim`` dims, including one invalid on each side."""
    n = max(ndim, 1)
    return integers(-n - 1, n)


def _accepts(accept, t) -> bool:
    # some reads raise in torch (grad_fn of a no_grad view whose base changed in place)
    try:
        return bool(accept(t))
    except Exception:
        return False
