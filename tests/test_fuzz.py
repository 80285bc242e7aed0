"""Differential fuzzing: random autograd programs run in lockstep under torch 2.13 and minigrad.

A hypothesis ``RuleBasedStateMachine`` writes a program one statement at a time. Every
statement is a line of Python source that uses the name ``torch``; it is executed twice, once
in a namespace where ``torch`` is real torch and once where it is ``minigrad``. Tensors created
by the program are named ``t0``, ``t1``, ... in both namespaces and make up the *pool*.

After every statement the two runs must agree on:

* the outcome of the statement: both succeed, or both raise the same exception type with the
  same message (after ``minigrad`` -> ``torch``, see ``difftest.normalize``);
* the warnings the statement emitted (category and normalized message);
* for every tensor in the pool: type, shape, dtype, values (rtol 1e-4, atol 1e-5, NaN equal to
  NaN), ``requires_grad``, ``is_leaf``, ``grad_fn`` name, ``retains_grad``, ``_version`` and
  its ``.grad`` (shape, dtype, values, ``requires_grad``), read with the non-leaf warning
  silenced. Each read is an outcome too: torch raises on some (``_version`` of an inference
  tensor, ``grad_fn`` of a no_grad view whose base changed in place).

Out of scope (excluded on purpose):

* whether a result is a view (``_base``): torch's composite ops (matmul's folding,
  autograd.grad of a sum) return views or copies as an implementation detail; where that is
  observable (an in-place op on the result) the statement's outcome is compared anyway;
* list indexing of a tensor with no elements: torch bounds-checks inside the gather kernel,
  which never runs then, so out-of-range indices pass silently (not generated).

A new divergence fails the test with the whole program so far, ready to paste into a
regression test (the REGRESSIONS lists of the topic test files keep one named case per
divergence found; see difftest.REGRESSION_MODULES).
Divergences that already have a strict-xfail regression test are listed in
``KNOWN_DIVERGENCES`` below; they are counted, not failed, so the fuzzer keeps finding new
ones (``MINIGRAD_FUZZ_STRICT=1`` fails on them too).

Knobs: ``MINIGRAD_FUZZ_EXAMPLES`` (number of programs, default 2000), ``MINIGRAD_FUZZ_STEPS``
(statements per program, default 20); ``CI`` set makes the run derandomized (reproducible).
Run with ``-s`` to see how many programs were executed (every state machine run, including
examples hypothesis discards as invalid, so a little more than the setting) and how long it
took, and which known divergences were hit.

Programs use small exact values (halves and small integers), so float32/float64 round-off
stays far below the tolerance and ties (max/min, relu/abs/clamp at their kinks) are common
on purpose: they probe torch's tie-breaking rules.
"""

from __future__ import annotations

import os
import re
import time
import warnings
from dataclasses import dataclass, field

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    precondition,
    rule,
    run_state_machine_as_test,
)

import minigrad
from difftest import normalize, requires_torch

try:
    import torch
except ImportError:  # the test is skipped by requires_torch
    torch = None


LIBS = ("torch", "minigrad")
CI = bool(os.environ.get("CI"))
STRICT = bool(os.environ.get("MINIGRAD_FUZZ_STRICT"))
FUZZ_SETTINGS = settings(
    max_examples=int(os.environ.get("MINIGRAD_FUZZ_EXAMPLES", "2000")),
    stateful_step_count=int(os.environ.get("MINIGRAD_FUZZ_STEPS", "20")),
    deadline=None,
    derandomize=CI,
    database=None if CI else settings.default.database,
    report_multiple_bugs=False,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.data_too_large,
    ],
)


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
# known divergences
#
# minigrad bugs that already have a strict-xfail regression case in a topic file. A hit does
# not fail the run (it is counted in the summary), so the fuzzer keeps looking for *new*
# divergences: the program goes on when both libraries are still in the same state (both
# raised, or only a warning or a ``_version`` read differs), otherwise it is abandoned.
# Set MINIGRAD_FUZZ_STRICT=1 to fail on these too. When a regression test starts to pass,
# delete its entries here.


@dataclass(frozen=True)
class Known:
    test: str           # the id of the regression case
    torch: str          # regex searched in what torch did
    minigrad: str       # regex searched in what minigrad did
    attr: str = "outcome"   # regex for what differs: outcome, warnings, a tensor attribute
    origin: str = ""    # regex searched in the statement that created the tensor
    code: str = ""      # regex searched in the statement that was running
    program: str = ""   # regex searched in the whole program so far
    at_creation: bool = False  # only in the statement that created the tensor


NO_EXC = "^no exception$"
KNOWN_DIVERGENCES = (
    # autograd.grad / backward
    Known("autograd_grad_of_sum_is_an_expanded_view",
          "more than one element of the written-to tensor", NO_EXC),
    Known("autograd_grad_of_sum_is_an_expanded_view", ".", ".", attr="outcome|values",
          origin=r"autograd\.grad\(", code=r"_\(|\] = "),
    Known("autograd_grad_of_sum_is_an_expanded_view", "Can't detach views in-place", NO_EXC,
          program=r"autograd\.grad\("),
    Known("autograd_grad_of_sum_is_an_expanded_view",
          "more than one element of the written-to tensor|A view was created in no_grad mode",
          ".", program=r"autograd\.grad\("),
    Known("autograd_grad_of_sum_is_an_expanded_view", NO_EXC,
          "view size is not compatible with input tensor's size and stride",
          program=r"autograd\.grad\("),
    Known("inplace_checks_shape_before_overlap", "doesn't match the broadcast shape",
          "more than one element of the written-to tensor"),
    Known("pow_zero_base_negative_exponent_grad", ".", ".", attr="grad|values",
          program=r"\*\* t\d+|torch\.pow\(t\d+, t"),
    Known("pow_bool_exponent_backward_raises", "Subtraction, the `-` operator", NO_EXC,
          code="backward|autograd"),
    Known("scalar_pow_tensor_saves_exponent", "modified by an inplace operation", ".",
          program=r"\d \*\* t\d+"),
    Known("cast_of_expanded_tensor_is_contiguous", NO_EXC, "view size is not compatible",
          program=r"expand\("),
    Known("pow_tensor_tensor_saves_result", "output 0 of Pow1", NO_EXC),
    Known("inplace_on_inference_tensor_check_order",
          "Inplace update to inference tensor|doesn't match the broadcast shape|"
          "can't be cast to the desired output type|must match the size of tensor",
          "Inference tensors cannot be saved"),
    Known("create_graph_copy_grad_keeps_source_dtype", "float64", "float32", attr="dtype",
          origin="create_graph=True", program=r"copy_\(|\] = "),
    Known("create_graph_double_backward_nodes", ".", ".",
          attr="grad_fn|requires_grad|is_leaf", origin="create_graph=True"),
    # the same gradient (through relu/abs) kept by retain_grad: torch's requires grad
    Known("create_graph_double_backward_nodes", r"', True, \[", r"', False, \[", attr="grad",
          program=r"(relu|abs)\((.|\n)*retain_grad\(\)(.|\n)*create_graph=True"),
    # inference mode
    Known("inference_mode_view_of_normal_tensor_is_normal", NO_EXC,
          "inference tensor|Inference tensors"),
    Known("inference_mode_view_of_normal_tensor_is_normal", ".",
          "Inference tensors cannot be saved", program=r"inference_mode\(\):\n    t\d+ = t\d+"
          r"(\.(view|reshape|t|transpose|squeeze|unsqueeze|expand|detach)\(|\[|\.data)"),
    Known("inference_mode_view_of_normal_tensor_is_normal", "False", "True",
          attr="requires_grad", origin="inference_mode"),
    Known("inference_mode_view_of_normal_tensor_is_normal", r"\('ok', \d+\)",
          "Inference tensors do not track version counter", attr="_version"),
    Known("detach_of_inference_tensor_is_inference", "Inplace update to inference tensor",
          NO_EXC, code=r"detach\(\)|\.data"),
    Known("detach_of_inference_tensor_is_inference", "Inplace update to inference tensor",
          NO_EXC, origin=r"detach\(\)|\.data$"),
    Known("detach_of_inference_tensor_is_inference", r"\('ok', 0\)", r"\('ok', [1-9]",
          attr="_version", origin=r"detach\(\)|\.data$"),
    Known("detach_of_inference_tensor_is_inference", "Inference tensors do not track",
          r"\('ok', \d+\)", attr="_version", program=r"detach\(\)|\.data"),
    Known("detach_of_inference_tensor_is_inference",
          "Setting requires_grad=True on inference tensor", NO_EXC,
          origin=r"detach\(\)|\.data$"),
    Known("inplace_on_inference_mode_view_message",
          "A view was created in inference mode and is being modified|"
          "view of a view which was created in inference mode", "."),
    Known("inference_save_check_before_shape_check",
          "Inference tensors cannot be saved for backward", "."),
    Known("inference_grad_accumulated_outside_inference_mode",
          "Inplace update to inference tensor", NO_EXC, code="backward|autograd"),
    # views, requires_grad, retain_grad
    Known("max_dim_of_bool_tensor_requiring_grad", "Autograd not support dtype: Bool", NO_EXC),
    Known("create_graph_through_index_grad_fn_name", "IndexPutImplBackward0",
          "_IndexIntoZeros", attr="grad_fn"),
    Known("detach_inplace_on_inference_view", NO_EXC, "Can't detach views in-place"),
    Known("reshape_empty_with_inferred_dim_message", "cannot reshape tensor of 0 elements",
          "is invalid for input of size 0"),
    Known("reshape_of_non_contiguous_viewable_is_reshape_alias", "ReshapeAliasBackward0",
          "ViewBackward0", attr="grad_fn"),
    Known("grad_version_after_masked_backward", r"\('ok', \d+\)", r"\('ok', \d+\)",
          attr="_version", program=r"\.grad\b"),
    Known("nd_matmul_saved_operand_version_message", "which is output 0 of AsStrided",
          "which is output 0 of (?!AsStrided)", program=r"@"),
    Known("matmul_nd_grad_fn_names", "UnsafeViewBackward0|CloneBackward0|TransposeBackward0",
          "SqueezeBackward1|UnsafeViewBackward0", attr="grad_fn", origin="@|matmul"),
    # dtypes
    Known("bool_pow_scalar_type_promotion", ".", ".", attr="dtype",
          origin=r"\*\* -?\d|\d \*\* t"),
    # matmul messages
    Known("fresh_result_version", r"\('ok', [12]\)", r"\('ok', 0\)", attr="_version",
          at_creation=True),
    # the same offset carried on: an in-place op on such a result, then an alias of it
    # (`t.double()` of a float64 t is t): torch 2, minigrad 1
    Known("fresh_result_version", r"\('ok', 2\)", r"\('ok', 1\)", attr="_version",
          at_creation=True, program=r"inference_mode\(\)(.|\n)*\.clone\(\)"),
    Known("matmul_checks_before_bool_not_implemented",
          "expected m1 and m2|Expected size for first two|addmv_impl_cpu|mat1 and mat2 shapes|"
          "must match the size of tensor|addmv input tensors|dot : expected both",
          "not implemented for 'Bool'"),
    Known("batched_matmul_folded_dtype_messages",
          "expected scalar type (Float|Double|Long) but found|expected m1 and m2", NO_EXC),
    Known("batched_matmul_folded_dtype_messages", "expected m1 and m2|addmv input tensors",
          "expected scalar type"),
    Known("matmul_shape_checked_before_dtype",
          "Expected size for first two dimensions|mat1 and mat2 shapes|size mismatch|"
          "must match the size of tensor b",
          "expected scalar type|expected m1 and m2|same dtype"),
    Known("matmul_batched_shape_messages", "mat1 and mat2 shapes cannot be multiplied",
          "batch2 tensor"),
    Known("matmul_batched_shape_messages", "size mismatch, got input", "batch2 tensor"),
    Known("matmul_batched_shape_messages", "mat1 and mat2 shapes cannot be multiplied",
          "size mismatch, got input"),
    Known("matmul_batched_shape_messages", "Expected size for first two dimensions",
          "Expected size for first two dimensions|mat1 and mat2 shapes"),
    Known("matmul_batched_shape_messages", "must match the size of tensor b",
          "operands could not be broadcast|Expected size for first two dimensions"),
    # indexing and in-place checks
    Known("index_0d_tensor_messages",
          "invalid index of a 0-dim tensor|slice\\(\\) cannot be applied to a 0-dim tensor|"
          "with size 0$|too many indices for tensor of dimension 0|"
          "select\\(\\) cannot be applied to a 0-dim tensor",
          "."),
    Known("index_0d_tensor_messages", "out of bounds for dimension 0 with size 1$", ".",
          origin=r"\.(max|min)\("),
    Known("inplace_partial_overlap_with_input",
          "some elements of the input tensor and the written-to tensor", "."),
    Known("inplace_overlap_checked_before_dtype",
          "more than one element of the written-to tensor", "can't be cast to the desired"),
    Known("inplace_on_non_overlapping_slice_of_expanded", NO_EXC + "|Inplace update to inf",
          "more than one element of the written-to tensor"),
    Known("inplace_checks_shape_before_dtype", "doesn't match the broadcast shape",
          "can't be cast to the desired output type"),
    Known("copy_checks_overlap_before_shape", "more than one element of the written-to",
          "doesn't match the broadcast shape", code=r"copy_\("),
    Known("setitem_value_expand_size_mismatch_message", "The expanded size of the tensor",
          "doesn't match the broadcast shape|must match the size of tensor|leaf Variable"),
    Known("max_over_empty_dim_message", "Expected reduction dim", "empty sequence"),
    Known("expand_message_bool_type_name", "CPUBoolType", "BoolTensor"),
    Known("setitem_value_expand_size_mismatch_message", r"expand\(torch\.\w+\{\[",
          r"expand\(torch\.\w+\{\[1, ", code=r"\] = "),
    Known("copy_into_integer_tensor_does_not_require_grad", "Autograd not support dtype",
          NO_EXC),
    Known("copy_into_integer_tensor_does_not_require_grad", "False|None", "True|Copy",
          attr="requires_grad|is_leaf|grad_fn", code=r"copy_\(|\] = "),
    # views made under no_grad / inference_mode
    Known("no_grad_view_grad_fn_after_base_modified_in_place",
          "A view was created in (no_grad|inference) mode and its base", ".",
          attr="outcome|is_leaf|grad_fn|requires_grad"),
    Known("full_slices_in_multi_index_give_alias", "AliasBackward0", "SliceBackward0",
          attr="grad_fn"),
    # NumPy leaking through
    Known("no_numpy_runtime_warnings", ".", "RuntimeWarning: .* encountered in",
          attr="warnings"),
)


def find_known(attr, torch_side, minigrad_side, origin, code, program) -> str | None:
    """The regression test of the first known divergence matching this report, or None."""
    for known in KNOWN_DIVERGENCES:
        if (re.fullmatch(known.attr, attr)
                and re.search(known.torch, torch_side)
                and re.search(known.minigrad, minigrad_side)
                and re.search(known.origin, origin)
                and re.search(known.code, code)
                and re.search(known.program, program)
                and (not known.at_creation or origin == code)):
            return known.test
    return None


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
        raise Divergence(
            f"torch and minigrad diverge on {what}\n"
            f"  torch:    {expected}\n  minigrad: {actual}\n"
            + (f"  (known: regression case {known})\n" if known else "")
            + f"program:\n{self.program()}"
        )


_CODE_CACHE: dict[str, object] = {}


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


class LockstepMachine(RuleBasedStateMachine):
    """Random programs over a pool of paired tensors; see the module docstring."""

    def __init__(self):
        super().__init__()
        STATS.programs += 1
        self.run = Lockstep()

    # -- helpers ---------------------------------------------------------------------------
    def pick(self, data, accept=None, label="x", strict=False) -> str:
        """A pool tensor name; ``accept(t)`` (on the torch tensor) is preferred, and required
        when ``strict``."""
        pool = self.run.pool
        good = [n for n in pool if accept is None or _accepts(accept, self.run.ref(n))]
        if strict or (good and data.draw(integers(0, 9), label=f"{label}_any") > 0):
            pool = good
        if not pool:
            return None
        return pool[data.draw(integers(0, len(pool) - 1), label=label)]

    def produce(self, expr: str, mode: str = "") -> None:
        """Bind a new pool tensor to ``expr``; the statement modifies nothing else, so only
        the tensors it names are compared afterwards."""
        name = self.run.fresh()
        self.run.run(with_mode(f"{name} = {expr}", mode), new=name,
                     touches=re.findall(r"\bt\d+\b", expr))

    def teardown(self):
        self.run.run_checks(self.run.compare_pool)

    # -- creation --------------------------------------------------------------------------
    @initialize(data=st.data(), dtype=st.sampled_from(("float32", "float64")))
    def start(self, data, dtype):
        """Every program starts from a float tensor that requires grad, so the pool is never
        empty."""
        shape = data.draw(SHAPES, label="shape")
        values = data.draw(values_for(shape), label="values")
        self.produce(f"torch.tensor({literal(values, shape, dtype)}, dtype=torch.{dtype}, "
                     "requires_grad=True)")

    @rule(data=st.data())
    def create(self, data):
        shape = data.draw(SHAPES, label="shape")
        dtype = data.draw(st.sampled_from(DTYPES), label="dtype")
        grad = data.draw(st.sampled_from((True, True, False, None)), label="requires_grad")
        values = data.draw(values_for(shape), label="values")
        form = data.draw(st.sampled_from(("tensor", "tensor", "tensor", "ones", "full")),
                         label="factory")
        args = ""
        if dtype != "float32" or data.draw(st.booleans(), label="explicit_dtype"):
            args += f", dtype=torch.{dtype}"
        if grad is not None:
            args += f", requires_grad={grad}"
        if form == "tensor":
            expr = f"torch.tensor({literal(values, shape, dtype)}{args})"
        elif form == "ones":
            expr = f"torch.ones({tuple(shape)}{args})"
        else:
            expr = f"torch.full({tuple(shape)}, {literal(values[:1], (), dtype)}{args})"
        self.produce(expr)

    # -- out-of-place ops ------------------------------------------------------------------
    @rule(data=st.data(), form=st.sampled_from(UNARY_FORMS), mode=st.sampled_from(MODES))
    def unary(self, data, form, mode):
        self.produce(form.format(x=self.pick(data)), mode)

    @rule(data=st.data(), op=st.sampled_from(BINARY_OPS),
          layout=st.sampled_from(("tensor-tensor", "tensor-scalar", "scalar-tensor", "method")),
          scalar=st.sampled_from(SCALARS), mode=st.sampled_from(MODES))
    def binary(self, data, op, layout, scalar, mode):
        a = self.pick(data, label="a")
        if layout == "tensor-scalar":
            expr = f"{a} {op} {scalar}"
        elif layout == "scalar-tensor":
            expr = f"{scalar} {op} {a}"
        else:
            shape = tuple(self.run.ref(a).shape)
            b = self.pick(data, lambda t: broadcastable(shape, tuple(t.shape)), label="b")
            if layout == "method":
                method = {"+": "add", "-": "sub", "*": "mul", "/": "div", "**": "pow"}[op]
                expr = f"torch.{method}({a}, {b})"
            else:
                expr = f"{a} {op} {b}"
        self.produce(expr, mode)

    @rule(data=st.data(), kind=st.sampled_from(("sum", "mean", "max", "min")),
          variant=st.sampled_from(("all", "dim", "keepdim", "dim-tuple", "indices")),
          mode=st.sampled_from(MODES))
    def reduce(self, data, kind, variant, mode):
        x = self.pick(data)
        ndim = self.run.ref(x).dim()
        d = data.draw(dims(ndim), label="dim")
        if variant == "all":
            expr = f"{x}.{kind}()"
        elif variant == "dim-tuple" and kind in ("sum", "mean"):
            expr = f"{x}.{kind}(dim=({d}, {data.draw(dims(ndim), label='dim2')}))"
        elif kind in ("sum", "mean"):
            expr = f"torch.{kind}({x}, {d}, keepdim={variant == 'keepdim'})"
        elif variant == "indices":
            expr = f"{x}.{kind}({d}).indices"
        elif variant == "keepdim":
            expr = f"{x}.{kind}(dim={d}, keepdim=True).values"
        else:
            expr = f"{x}.{kind}({d})[0]"
        self.produce(expr, mode)

    @rule(data=st.data(), form=st.sampled_from(("{a} @ {b}", "torch.matmul({a}, {b})", "self")),
          mode=st.sampled_from(MODES))
    def matmul(self, data, form, mode):
        a = self.pick(data, label="a")
        shape = tuple(self.run.ref(a).shape)
        if form == "self":
            other = f"{a}.transpose(-1, -2)" if len(shape) >= 2 else a
            expr = f"{a} @ {other}"
        else:
            b = self.pick(data, lambda t: matmul_ok(shape, tuple(t.shape)), label="b")
            expr = form.format(a=a, b=b)
        self.produce(expr, mode)

    @rule(data=st.data(), form=st.sampled_from(CASTS + ("{x}.detach()", "{x}.data",
                                                        "{x}.clone()")),
          mode=st.sampled_from(MODES))
    def convert(self, data, form, mode):
        self.produce(form.format(x=self.pick(data)), mode)

    @rule(data=st.data(), mode=st.sampled_from(MODES),
          kind=st.sampled_from(("view", "reshape", "transpose", "t", "unsqueeze", "squeeze",
                                "expand", "slice", "int", "list")))
    def view(self, data, kind, mode):
        x = self.pick(data)
        shape = list(self.run.ref(x).shape)
        ndim = len(shape)
        if kind in ("view", "reshape"):
            shapes = [[-1], shape[::-1], [1] + shape, shape + [1], [int(np.prod(shape)) + 1]]
            if ndim >= 2:
                shapes.append([shape[0], -1])
            new = data.draw(st.sampled_from(shapes), label="shape")
            expr = f"{x}.{kind}({size_args(new)})"
        elif kind == "transpose":
            expr = f"{x}.transpose({data.draw(dims(ndim))}, {data.draw(dims(ndim))})"
        elif kind == "t":
            expr = f"{x}.t()"
        elif kind == "unsqueeze":
            expr = f"{x}.unsqueeze({data.draw(integers(-ndim - 2, ndim + 1))})"
        elif kind == "squeeze":
            arg = data.draw(st.sampled_from(["", str(data.draw(dims(ndim)))]), label="dim")
            expr = f"{x}.squeeze({arg})"
        elif kind == "expand":
            sizes = data.draw(st.sampled_from([
                [2] + shape, [-1 if s != 1 else 3 for s in shape], shape[1:] or [2]]))
            expr = f"{x}.expand({size_args(sizes)})"
        elif kind == "slice":
            start = data.draw(integers(-2, 2), label="start")
            stop = data.draw(st.sampled_from(["", "1", "2", "-1", "5"]), label="stop")
            lead = data.draw(st.sampled_from(["", ":, ", "..., "]), label="lead")
            expr = f"{x}[{lead}{start}:{stop}]"
        elif kind == "int":
            size = shape[0] if shape else 1
            i = data.draw(integers(-size - 1, size), label="index")
            rest = data.draw(st.sampled_from(["", ", 0", ", -1", ", ..."]), label="rest")
            expr = f"{x}[{i}{rest}]"
        else:
            # out of scope: list indexing of a tensor with no elements (torch bounds-checks
            # inside the gather kernel, which never runs then, so bad indices pass silently)
            if 0 in shape:
                return
            size = shape[0] if shape else 1
            idx = data.draw(st.lists(integers(-size - 1, size), min_size=1, max_size=3))
            expr = f"{x}[{idx}]"
        self.produce(expr, mode)

    # -- in-place ops ----------------------------------------------------------------------
    @rule(data=st.data(), mode=st.sampled_from(MODES),
          route=st.sampled_from(("", "", ".detach()", ".data", "[0]", "[:1]")),
          op=st.sampled_from(("add_", "add_t", "mul_", "mul_t", "zero_", "fill_", "copy_",
                              "iadd", "setitem", "setitem_t")),
          scalar=st.sampled_from(SCALARS))
    def inplace(self, data, mode, route, op, scalar):
        x = self.pick(data)
        target = x + route
        ref = self.run.eval_ref(target)
        tshape = tuple(ref.shape) if ref is not None else ()
        if op in ("add_t", "mul_t", "copy_", "setitem_t"):
            if op == "setitem_t":
                region = self.run.eval_ref(f"{target}[0]") if tshape else None
                tshape = tuple(region.shape) if region is not None else ()
            other = self.pick(data, lambda t: broadcasts_to(tuple(t.shape), tshape), label="o")
        if op == "add_":
            code = f"{target}.add_({scalar})"
        elif op == "add_t":
            code = f"{target}.add_({other})"
        elif op == "mul_":
            code = f"{target}.mul_({scalar})"
        elif op == "mul_t":
            code = f"{target}.mul_({other})"
        elif op == "zero_":
            code = f"{target}.zero_()"
        elif op == "fill_":
            code = f"{target}.fill_({scalar})"
        elif op == "copy_":
            code = f"{target}.copy_({other})"
        elif op == "iadd":
            code = f"{x} += {scalar}" if not route else f"{target}.add_({scalar})"
        elif op == "setitem":
            code = f"{target}[0] = {scalar}"
        else:
            code = f"{target}[0] = {other}"
        self.run.run(with_mode(code, mode))

    # -- autograd state --------------------------------------------------------------------
    @rule(data=st.data(), form=st.sampled_from((
        "{x}.requires_grad_()", "{x}.requires_grad_(False)", "{x}.requires_grad = True",
        "{x}.requires_grad = False", "{x}.retain_grad()", "{x}.detach_()", "{x}.grad = None",
        "{x}.grad.zero_()")))
    def flags(self, data, form):
        self.run.run(form.format(x=self.pick(data)))

    @rule(data=st.data(), hook=st.sampled_from(HOOKS))
    def register_hook(self, data, hook):
        x = self.pick(data, lambda t: t.requires_grad)
        name = self.run.fresh("h")
        self.run.run(f"{name} = {x}.register_hook({hook})", new=name, kind="handle")

    @precondition(lambda self: self.run.handles)
    @rule(data=st.data())
    def remove_hook(self, data):
        self.run.run(f"{data.draw(st.sampled_from(self.run.handles))}.remove()")

    @rule(data=st.data(), mode=st.sampled_from(MODES), form=st.sampled_from((
        "{x}.sum().backward()", "{x}.sum().backward(retain_graph=True)", "{x}.backward()",
        "{x}.backward(torch.ones_like({x}))")))
    def backward(self, data, form, mode):
        x = self.pick(data, lambda t: t.grad_fn is not None)
        self.run.run(with_mode(form.format(x=x), mode))

    @rule(data=st.data(), mode=st.sampled_from(MODES),
          options=st.sampled_from(("", ", retain_graph=True", ", allow_unused=True",
                                   ", create_graph=True")))
    def autograd_grad(self, data, options, mode):
        y = self.pick(data, lambda t: t.grad_fn is not None, label="y")
        x = self.pick(data, lambda t: t.requires_grad, label="x")
        # not produce(): hooks and retained grads anywhere in the graph may change
        name = self.run.fresh()
        code = f"{name} = torch.autograd.grad({y}.sum(), [{x}]{options})[0]"
        self.run.run(with_mode(code, mode), new=name)

    @rule(data=st.data())
    def take_grad(self, data):
        x = self.pick(data, lambda t: t.requires_grad)
        self.produce(f"{x}.grad")


def test_known_divergences_have_xfail_regressions():
    """Every KNOWN_DIVERGENCES entry names a strict-xfail regression case of a topic file
    (a fixed bug loses its xfail mark there, and must then lose its entries here)."""
    from difftest import all_regressions

    xfails = {case.id for case in all_regressions() if case.marks}
    assert {known.test for known in KNOWN_DIVERGENCES} <= xfails, (
        {known.test for known in KNOWN_DIVERGENCES} - xfails)


@pytest.mark.slow
@requires_torch
def test_fuzz_torch_vs_minigrad(record_property):
    """Random programs behave identically under torch 2.13 and minigrad."""
    before = STATS.programs
    started = time.perf_counter()
    try:
        run_state_machine_as_test(LockstepMachine, settings=FUZZ_SETTINGS)
    finally:
        elapsed = time.perf_counter() - started
        programs = STATS.programs - before
        record_property("fuzz_programs", programs)
        record_property("fuzz_seconds", round(elapsed, 1))
        print(f"\nfuzz: {programs} programs ({STATS.statements} statements) in {elapsed:.1f} s")
        if STATS.known:
            print("fuzz: known divergences hit (regression cases of the topic files):")
            for test, hits in sorted(STATS.known.items(), key=lambda item: -item[1]):
                print(f"  {hits:5d}  {test}")
