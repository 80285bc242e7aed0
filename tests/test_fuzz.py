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
``KNOWN_DIVERGENCES`` (tests/fuzz_known.py); they are counted, not failed, so the fuzzer keeps
finding new ones (``MINIGRAD_FUZZ_STRICT=1`` fails on them too).

The rules of tests/fuzz_rules.py add matmul over every rank combination (1-D to 4-D, broadcast
batch dims, size-0 and size-1 dims, mismatched sizes and dtypes) and chains of views followed by
in-place ops, ``.data``/``.detach()``, ``retain_grad`` and hooks on the view or its base; they
run when ``MINIGRAD_FUZZ_WIDE=1`` (``make fuzz`` sets it).

Knobs: ``MINIGRAD_FUZZ_EXAMPLES`` (number of programs, default 2000), ``MINIGRAD_FUZZ_STEPS``
(statements per program, default 20); ``CI`` set makes the run derandomized (reproducible);
``MINIGRAD_FUZZ_SURVEY=path`` appends every divergence (known or new) to ``path`` as a JSON
line and abandons its program instead of failing, to count a whole draw's divergent programs
and their families.
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

from difftest import requires_torch
from fuzz_known import KNOWN_DIVERGENCES
from fuzz_rules import WIDE, MoreRules
from fuzz_lockstep import (
    BINARY_OPS, CASTS, DTYPES, HOOKS, MODES, SCALARS, SHAPES, STATS, UNARY_FORMS, Lockstep,
    _accepts, broadcastable, broadcasts_to, dims, integers, literal, matmul_ok, size_args,
    values_for, with_mode,
)


CI = bool(os.environ.get("CI"))
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



# the widened rules join only when MINIGRAD_FUZZ_WIDE is set, so the default run draws exactly
# the programs it drew before
class LockstepMachine(*((MoreRules,) if WIDE else ()), RuleBasedStateMachine):
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
