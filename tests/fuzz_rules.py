"""More rules of the lockstep fuzzer (tests/test_fuzz.py): matmul over every rank combination,
and chains of views followed by in-place ops, ``.data``/``.detach()``, ``retain_grad`` and
hooks on the view or its base.

These draw what the generated programs of outside measures hit first (matmul and views):
operands of 1 to 4 dims with broadcast batch dims and size-0 and size-1 dims, sometimes a
mismatched or non-broadcastable size or dtype (the error messages are compared too), and an
operand that is a transposed view; chains of up to four view ops (view/reshape, transpose,
permute, expand, narrow, select, unsqueeze, squeeze, unbind/split/chunk, slices with steps,
``.data``, ``.detach()``, ``.t()``, ``.mT``) whose shape is read from the torch side after each
step, so most chains are valid.
"""
from __future__ import annotations

import os

from hypothesis import strategies as st
from hypothesis.stateful import rule

from fuzz_lockstep import HOOKS, MODES, SCALARS, integers, literal, values_for, with_mode

# on in `make fuzz` (MINIGRAD_FUZZ_WIDE=1); off in the default run of `make test` until the
# divergences these rules find have regression cases (see the report of issue 20's round)
WIDE = os.environ.get("MINIGRAD_FUZZ_WIDE", "") not in ("", "0")

MATMUL_FORMS = ("{a} @ {b}", "{a} @ {b}", "torch.matmul({a}, {b})", "{a}.matmul({b})",
                "torch.mm({a}, {b})", "torch.bmm({a}, {b})", "torch.mv({a}, {b})",
                "torch.dot({a}, {b})")
MATMUL_DTYPES = (("float32", "float32"),) * 6 + (
    ("float64", "float64"), ("float32", "float64"), ("int64", "int64"), ("int64", "float32"))
SIZES = (1, 2, 2, 3, 3, 0)          # matrix sizes; 0 now and then
BATCH_SIZES = (1, 2, 3, 0)

# what follows a view chain: nothing, an in-place op on the view or on its base, autograd state
FOLLOW_UPS = ("", "", "view_inplace", "view_inplace", "base_inplace", "retain_grad", "hook",
              "backward", "view_setitem")
INPLACE_FORMS = ("{x}.add_({s})", "{x}.mul_({s})", "{x}.zero_()", "{x} += {s}",
                 "{x}.fill_({s})", "{x}.clamp_(min=0)", "{x}.copy_({x} * 2)")


def _operand_shape(rank, batch, rows, cols, vector_len, data, label):
    """The shape of one matmul operand: a vector, a matrix, or a batch of matrices whose
    batch dims are the last ones of ``batch`` with some replaced by 1 (broadcasting)."""
    if rank == 1:
        return [vector_len]
    lead = [b if data.draw(integers(0, 3), label=f"{label}_bcast") else 1
            for b in batch[len(batch) - (rank - 2):]] if rank > 2 else []
    return lead + [rows, cols]


class MoreRules:
    """Mixed into the fuzzer's state machine (it provides ``pick``, ``produce``, ``run``)."""

    def produced(self, expr, mode):
        """``produce(expr)``; the new pool name, or None when the statement raised."""
        before = len(self.run.pool)
        self.produce(expr, mode)
        return self.run.pool[-1] if len(self.run.pool) > before else None

    def make_operand(self, data, shape, dtype, transposed) -> str:
        """Bind a new pool tensor of ``shape`` (optionally as a transposed view of a tensor of
        the swapped shape) and return its name."""
        grad = dtype.startswith("float") and data.draw(st.booleans(), label="op_grad")
        args = f"dtype=torch.{dtype}" + (", requires_grad=True" if grad else "")
        made = list(shape)
        if transposed and len(shape) >= 2:
            made[-1], made[-2] = made[-2], made[-1]
        if 0 in made:
            expr = f"torch.ones({tuple(made)}, {args})"
        else:
            values = data.draw(values_for(made), label="op_values")
            expr = f"torch.tensor({literal(values, made, dtype)}, {args})"
        if transposed and len(shape) >= 2:
            expr += ".transpose(-1, -2)"
        name = self.run.fresh()
        self.run.run(f"{name} = {expr}", new=name, touches=[])
        return name

    @rule(data=st.data(), form=st.sampled_from(MATMUL_FORMS), mode=st.sampled_from(MODES),
          ranks=st.tuples(st.integers(1, 4), st.integers(1, 4)),
          dtypes=st.sampled_from(MATMUL_DTYPES))
    def matmul_ranks(self, data, form, mode, ranks, dtypes):
        batch = [data.draw(st.sampled_from(BATCH_SIZES), label="batch") for _ in range(2)]
        n, k, m = (data.draw(st.sampled_from(SIZES), label=lbl) for lbl in "nkm")
        k_b = k + 1 if data.draw(integers(0, 11), label="k_mismatch") == 0 else k
        a_shape = _operand_shape(ranks[0], batch, n, k, k, data, "a")
        b_shape = _operand_shape(ranks[1], batch, k_b, m, k_b, data, "b")
        if len(b_shape) > 2 and data.draw(integers(0, 11), label="batch_mismatch") == 0:
            b_shape[0] = 4      # broadcasts with nothing drawn above
        a = self.make_operand(data, a_shape, dtypes[0],
                              data.draw(integers(0, 3), label="a_t") == 0)
        b = self.make_operand(data, b_shape, dtypes[1],
                              data.draw(integers(0, 3), label="b_t") == 0)
        result = self.produced(form.format(a=a, b=b), mode)
        if result is None:
            return
        if self.run.eval_ref(f"{result}.grad_fn") is not None and data.draw(
                st.booleans(), label="mm_backward"):
            backward = data.draw(st.sampled_from(
                ("{x}.sum().backward()", "{x}.backward(torch.ones_like({x}))")))
            self.run.run(backward.format(x=result))

    # drawn twice as often as one rule (hypothesis picks among rules uniformly)
    matmul_ranks_again = matmul_ranks

    # -- chains of views -------------------------------------------------------------------
    def view_step(self, data, shape) -> str:
        """One view op (source suffix) for a tensor of ``shape``; mostly valid."""
        ndim = len(shape)
        n = max(ndim, 1)
        d = data.draw(integers(-n, n - 1), label="step_dim")
        kinds = ["view", "reshape", "unsqueeze", "data", "detach", "slice", "expand"]
        if ndim:
            kinds += ["transpose", "permute", "narrow", "select", "squeeze", "unbind",
                      "split", "chunk", "step_slice"]
        if ndim <= 2:
            kinds.append("t")
        if ndim >= 2:
            kinds.append("mT")
        kind = data.draw(st.sampled_from(kinds), label="step")
        size = shape[d] if ndim else 1
        if kind in ("view", "reshape"):
            numel = 1
            for s in shape:
                numel *= s
            options = [[-1], shape[::-1], [1] + shape, shape + [1]]
            if ndim >= 2:
                options += [[shape[0], -1], [-1, shape[-1]]]
            if numel % 2 == 0 and numel:
                options.append([2, -1])
            return f".{kind}({', '.join(map(str, data.draw(st.sampled_from(options)))) or '()'})"
        if kind == "unsqueeze":
            return f".unsqueeze({data.draw(integers(-ndim - 1, ndim), label='udim')})"
        if kind in ("data", "detach"):
            return ".data" if kind == "data" else ".detach()"
        if kind == "slice":
            return data.draw(st.sampled_from(("[:]", "[1:]", "[:1]", "[..., :1]", "[None]")))
        if kind == "expand":
            options = [[2] + shape, [3 if s == 1 else -1 for s in shape]]
            return f".expand({', '.join(map(str, data.draw(st.sampled_from(options)))) or '()'})"
        if kind == "transpose":
            return f".transpose({d}, {data.draw(integers(-n, n - 1), label='dim2')})"
        if kind == "permute":
            return f".permute({', '.join(map(str, data.draw(st.permutations(range(ndim)))))})"
        if kind == "narrow":
            start = data.draw(integers(0, max(size - 1, 0)), label="start")
            length = data.draw(integers(0, size - start), label="length")
            return f".narrow({d}, {start}, {length})"
        if kind == "select":
            return f".select({d}, {data.draw(integers(-size, max(size - 1, 0)), label='i')})"
        if kind == "squeeze":
            return data.draw(st.sampled_from((".squeeze()", f".squeeze({d})")))
        if kind == "unbind":
            return f".unbind({d})[{data.draw(integers(-1, max(size - 1, 0)), label='part')}]"
        if kind in ("split", "chunk"):
            pieces = data.draw(integers(1, 2), label="pieces")
            return f".{kind}({pieces}, {d})[{data.draw(integers(-1, 0), label='piece')}]"
        if kind == "step_slice":
            return data.draw(st.sampled_from(("[::2]", "[1::2]", "[..., ::2]", "[:, ::-1]"
                                              if ndim >= 2 else "[::-1]")))
        return ".t()" if kind == "t" else ".mT"

    @rule(data=st.data(), mode=st.sampled_from(MODES), follow=st.sampled_from(FOLLOW_UPS),
          length=st.integers(1, 4), from_op=st.booleans())
    def view_chain(self, data, mode, follow, length, from_op):
        base = self.pick(data, label="base")
        if from_op and self.run.eval_ref(f"{base}.requires_grad"):
            # a non-leaf base: in-place ops on its views are allowed and rebase the graph
            name = self.run.fresh()
            self.run.run(f"{name} = {base} * 1", new=name, touches=[base])
            base = name
        expr = base
        for _ in range(length):
            ref = self.run.eval_ref(expr)
            if ref is None or not hasattr(ref, "shape"):
                break
            expr += self.view_step(data, list(ref.shape))
        view = self.produced(expr, mode)
        if view is None or not follow:
            return
        scalar = data.draw(st.sampled_from(SCALARS), label="scalar")
        follow_mode = data.draw(st.sampled_from(MODES), label="follow_mode")
        if follow in ("view_inplace", "base_inplace"):
            target = view if follow == "view_inplace" else base
            form = data.draw(st.sampled_from(INPLACE_FORMS), label="inplace")
            self.run.run(with_mode(form.format(x=target, s=scalar), follow_mode))
        elif follow == "view_setitem":
            self.run.run(with_mode(f"{view}[..., :1] = {scalar}", follow_mode))
        elif follow == "retain_grad":
            self.run.run(f"{view}.retain_grad()")
        elif follow == "hook":
            handle = self.run.fresh("h")
            hook = data.draw(st.sampled_from(HOOKS), label="hook")
            self.run.run(f"{handle} = {view}.register_hook({hook})", new=handle, kind="handle")
        if follow != "backward" and not data.draw(st.booleans(), label="then_backward"):
            return
        root = data.draw(st.sampled_from((view, base)), label="root")
        if self.run.eval_ref(f"{root}.grad_fn") is not None:
            self.run.run(with_mode(f"{root}.sum().backward()", follow_mode))

    view_chain_again = view_chain
