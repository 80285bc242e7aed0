"""Op argument checks and messages (matmul, reductions, indexing) and NumPy warnings.

Differential cases: notebook-style cells run under torch 2.13 and under minigrad; the
transcripts must match (see difftest.py). The rules they check are in
docs/pytorch-2.13-semantics.md, section 2.

REGRESSIONS: cases found by the fuzzers (tests/test_fuzz.py, tests/test_bad_input.py).
One that minigrad still gets wrong is a strict xfail with its diagnosis.
"""

import pytest

from difftest import assert_same, regression, requires_torch

pytestmark = requires_torch


REGRESSIONS = [
    # ---- matmul dtype and shape messages -------------------------------------------------
    regression(
        "matmul_dtype_mismatch_messages",
        "torch.ones(2) @ torch.ones(2, dtype=torch.float64)",
        "torch.ones(2, dtype=torch.float64) @ torch.ones(2, dtype=torch.long)",
        "torch.ones(2, 2) @ torch.ones(2, dtype=torch.float64)",
        "torch.ones(1, 1) @ torch.ones(1, 1, dtype=torch.long)",
    ),
    regression(
        "batched_matmul_mixed_dtypes_raise",
        "torch.ones(2, 2, 2) @ torch.ones(2, 2, 2, dtype=torch.float64)",
        "torch.ones(2, 2, 2) @ torch.ones(2, 2, dtype=torch.float64)",
        "torch.ones(2) @ torch.ones(2, 2, 2, dtype=torch.float64)",
        "torch.ones(3, 1, 3, dtype=torch.float64) @ torch.ones(3, 1)",
        "torch.ones(3, 1, 2) @ torch.ones(2, 3, dtype=torch.bool)",
        "torch.ones(3, 2, 3, dtype=torch.float64) @ torch.ones(3)",
    ),
    regression(
        "batched_matmul_folded_dtype_messages",
        "torch.ones(1, dtype=torch.int64) @ torch.ones(1, 1, 2)",
        "torch.ones(1) @ torch.ones(1, 1, 2, dtype=torch.int64)",
    ),
    regression(
        "matmul_batched_shape_messages",
        "torch.ones(2, 3, 2) @ torch.ones(3, 2)",
        "torch.ones(2, 2, 1) @ torch.ones(3)",
        "torch.ones(2, 1, 2) @ torch.ones(3, 2, 1)",
        "torch.ones(2) @ torch.ones(1, 2)",
        "torch.ones(2, 2, 3, 1) @ torch.ones(2, 2, 2)",
        "torch.ones(2, 3, 2, dtype=torch.long) @ torch.ones(3, 1, 3, dtype=torch.long)",
        "torch.ones(1, 2).expand(2, 1, 2) @ torch.ones(1, 2)",
    ),
    regression(
        "fresh_result_version",
        """
        a = torch.ones(2)
        (a @ torch.ones(2, 2))._version, (a @ a)._version
        """,
        """
        with torch.inference_mode():
            i = torch.ones(2)
        [r._version for r in (i.sum(), i + 1, i.mean(), i.sum(0), i.max(), i @ i, i.clone())]
        """,
        bug="fresh results always start at _version 0; torch's kernels build some results with "
            "internal in-place steps (1-D @ 2-D; reductions, @ and clone of inference tensors "
            "outside inference mode) and report 1 or 2 (an implementation artifact)",
    ),
    regression(
        "matmul_checks_before_bool_not_implemented",
        "torch.tensor([False]) @ torch.ones(1, 2, dtype=torch.float64)",
        "torch.zeros(3, 3, dtype=torch.bool) @ torch.ones(3)",
        "torch.tensor([False, True]) @ torch.ones(2, 3, 3)",
        "torch.ones(1, 1, 2, dtype=torch.bool) @ torch.ones(2, dtype=torch.bool)",
    ),
    regression(
        "matmul_shape_checked_before_dtype",
        "torch.ones(2, 1, 1, dtype=torch.long) @ torch.ones(2, 3, 1)",
        "torch.ones(2, 2, 3) @ torch.ones(3, 3, 2, dtype=torch.float64)",
    ),
    regression(
        "broadcast_error_reports_last_mismatching_dim",
        "torch.ones(3, 1, 2) - torch.ones(2, 1, 3)",
    ),
    regression(
        "matmul_checks_dtype_and_shape_in_torchs_order",
        # dot checks the dtypes before the sizes; bmm the sizes before the dtypes; an N-D @ 2-D
        # product is folded into mm and reports mm's dtype message (found by the fuzzer)
        "torch.ones(3) @ torch.ones(1, dtype=torch.float64)",
        "torch.ones(3, dtype=torch.bool) @ torch.ones(2, dtype=torch.bool)",
        "torch.ones(2, 2, 3) @ torch.ones(2, 2, 3, dtype=torch.float64)",
        "torch.ones(2, 2, 3, dtype=torch.bool) @ torch.ones(2, 2, 3, dtype=torch.bool)",
        "torch.ones(2, 2, 3) @ torch.ones(3, 2, dtype=torch.float64)",
        "torch.ones(2, 2, 3) @ torch.ones(2, 3, 2, dtype=torch.float64)",
        "torch.ones(1, 1, 2) @ torch.ones(2, dtype=torch.int64)",
        "torch.ones(1, 1, 2) @ torch.ones(3, dtype=torch.int64)",
        "torch.ones(0, 1, 1) @ torch.ones(0, 1, 1, dtype=torch.float64)",
        "torch.ones(1, 2, 0) @ torch.ones(1, 0, 2, dtype=torch.float64)",
    ),
    # ---- reductions ----------------------------------------------------------------------
    regression(
        "max_dim_of_bool_tensor_requiring_grad",
        """
        b = torch.full((2, 2), False)
        b[0] = torch.tensor(2.0, requires_grad=True) / -1.5
        b.max(dim=1, keepdim=True).values
        """,
        """
        n = torch.zeros(2, 2, dtype=torch.long)
        n[0] = torch.tensor(2.5, requires_grad=True)
        n[:, 1] = torch.tensor(1.0)
        """,
        bug="max(dim) of a bool tensor that requires grad records MaxBackward0; torch raises "
            "'Autograd not support dtype: Bool'. Any op recorded with an integer or bool "
            "input that requires grad (such a tensor comes from torch's fill_ quirk: "
            "n[0] = 0-d tensor requiring grad) raises it in torch: a check on the inputs of "
            "a recorded node (autograd/graph.py connect, the core)",
    ),
    regression(
        "max_over_empty_dim_message",
        "torch.ones(0).max(dim=-1)",
        "torch.ones(2, 0).max(1)",
        "torch.ones(0, 3).min(0)",
        "torch.ones(0).argmax()",
        "torch.ones(0, 3).argmin(0)",
        "torch.ones(0, 3).argmax(1)",
    ),
    regression(
        "reduce_0d_tensor_over_dim_0",
        "torch.tensor(2.).sum(0)",
        "torch.sum(torch.tensor(True), 0)",
        "torch.tensor(2.).mean(-1, keepdim=True)",
    ),
    regression(
        "reduce_duplicate_dims_message",
        "torch.ones(3, 1, 2).mean(dim=(0, -3))",
        "torch.ones(2, 2).sum(dim=(1, 1))",
        "torch.tensor(1.).mean(dim=(-1, 0))",
    ),
    # ---- indexing ------------------------------------------------------------------------
    regression(
        "index_0d_tensor_messages",
        "z = torch.tensor(1.5)\nz[0]",
        "z[-1]",
        "z[1]",
        "z[1, -1]",
        "z[-2, 0]",
        "z[:, -2:]",
        "m = torch.tensor([0.5]).min(-1)[0]\nm[-1]",
        "with torch.inference_mode():\n    mi = torch.tensor([3.0, 1.0]).max(0)[0]\n    mi[1]",
        "z[:1]",
        "z[[0]]",
        bug="indexing a 0-d tensor: torch says 'invalid index of a 0-dim tensor...' only for "
            "z[0]; 'index 1 is out of bounds for dimension 0 with size 0' for other ints, 'too "
            "many indices for tensor of dimension 0' for z[1, -1] and lists, 'slice() cannot "
            "be applied to a 0-dim tensor.'; and the 0-d values of max/min(dim) (a squeezed "
            "result) say 'select() cannot be applied to a 0-dim tensor.', in inference mode 'index "
            "1 is out of bounds for dimension 0 with size 1' (torch quirks)",
    ),
    regression(
        "index_count_checked_before_bounds",
        "v = torch.tensor([1.])\nv[-2, -1]",
        "v[5, 0]",
    ),
    regression(
        "setitem_value_leading_unit_dims_are_dropped",
        """
        a = torch.zeros(2, 2)
        a[0] = torch.ones(1, 2)
        a[1] = torch.full((1, 1, 2), 2.)
        a
        """,
    ),
    regression(
        "setitem_value_with_too_many_dims_message",
        "a = torch.zeros(3)\na[0] = torch.ones(3)",
        "b = torch.zeros(2, 2)\nb[0] = torch.ones(2, 2)",
        "x = torch.ones(3, requires_grad=True)\nx[0] = x",
    ),
    regression(
        "index_0d_tensor_lone_int_and_counted_dims",
        # a lone int on a 0-d tensor: 0 is 'invalid index', others out of bounds (size 0);
        # any other key counts its dims first (floats, strs, float tensors count one)
        "s = torch.tensor(2.)\ns[5]",
        "s[0]", "s[(0,)]", "s[(0, 0, 0)]", "s[1.5]", "s[torch.tensor(1.0)]", "s['a']",
        "s[slice(None, None, -1)]", "s[(slice(None),)]",
        "t = s.clone()\nt[5] = torch.ones(2)", "t = s.clone()\nt[1.5] = 2.5",
        "z = torch.zeros(3)\nz[[0, 'a']]", "z[['a']]", "torch.ones(2, 3)[[0, 'a']]",
    ),
    regression(
        "index_messages_name_the_key_position",
        "a = torch.ones(2, 3)\na[None, 0, 5]", "a[None, ..., 5]", "a[True, 0, 5]",
        "torch.ones(0)[None, 0]",
    ),
    regression(
        "advanced_index_checks_in_torchs_order",
        # an indexed dim of size 0 with a nonempty index; masks; the value's shape before the
        # bounds; float lists are truncated to int64 (float tensors are refused)
        "e = torch.ones(0)\ne[np.array([0, 1])]", "e[[0.5]]", "e[torch.tensor([[0]])]",
        "torch.ones(0, 2)[[0]]", "e[torch.tensor([True])]",
        "z = torch.zeros(3)\nz[[0.5, 2.7]]", "z[np.array([1.9])]",
        "t = torch.zeros(3)\nt[torch.tensor([0, 5])] = torch.ones(3)",
        "t = torch.zeros(2, 3)\nt[torch.tensor([0, 5])] = torch.ones(2)",
        "t = torch.zeros(3)\nt[[0, 1]] = torch.ones(1, 1, 2)\nt",
        "t = torch.zeros(3)\nt.index_put_((torch.tensor([0, 1]),), torch.ones(1, 2))",
        "t = torch.zeros(3)\nt.index_put_([torch.ones(2), torch.ones(2)], torch.ones(2))",
    ),
    regression(
        "setitem_lone_bool_or_none_key",
        "t = torch.zeros(3)\nt[True] = torch.ones(2)",
        "t = torch.zeros(3)\nt[None] = torch.ones(5)",
        "t = torch.zeros(3)\nt[False] = torch.ones(5)\nt",
        "t = torch.zeros(3)\nt[np.array(0)] = torch.ones(3)",
    ),
    regression(
        "setitem_leaf_checked_before_the_index_dtype",
        "g = torch.tensor([1., 2., 3.], requires_grad=True)\ng[torch.tensor(2.)] = 2",
        "g[...] = 2", "g[()] = torch.ones(3)",
        "t = torch.zeros(3)\nt[...] = torch.ones(1, 3)\nt",
    ),
    regression(
        "select_out_of_range_message",
        "a = torch.ones(2, 3)\na.select(1, np.int64(3))", "a.select(-1, -4)",
        "torch.select(a, 0, 2)",
    ),
    # ---- NumPy warnings ------------------------------------------------------------------
    regression(
        "no_numpy_runtime_warnings",
        "torch.tensor([1., 0.]) / 0",
        "torch.tensor([0.0]) ** -1.0",
        "0 ** torch.tensor([-1.5])",
        "torch.tensor([-1.0]) ** 0.5",
        "torch.tensor([1, 0]) / torch.tensor([0, 0])",
        "torch.tensor([True, False]) / torch.tensor([True, False])",
        "torch.tensor([float('nan'), float('inf')]).long()",
        "0 / torch.tensor([0., 1.])",
    ),
    regression(
        "no_numpy_warnings_from_inf_in_arithmetic",
        "torch.tensor([float('inf')]) * 0",
        "torch.tensor([float('inf')]) * torch.tensor([0.])",
        "torch.tensor([float('inf')]) - torch.tensor([float('inf')])",
        "torch.tensor([1e38]) * torch.tensor([1e38])",
    ),
]


@pytest.mark.parametrize("cells", REGRESSIONS)
def test_regression(cells):
    assert_same(cells)


# ---- matmul: an exhaustive sweep of small shapes -------------------------------------------
# torch picks dot / mv / mm, an mm or mv over the folded batch, or one bmm over the broadcast
# batch, from the ranks, whether the smaller operand requires grad, and the larger one's
# strides; the choice shows in the messages, the dtype checks and the result's grad_fn.

def _operand(lib, shape, scale, requires_grad, dtype=None):
    import numpy as np
    x = lib.arange(float(np.prod(shape, dtype=np.int64))).reshape(shape) * scale
    if dtype is not None:
        x = x.to(getattr(lib, dtype))
    return x.requires_grad_(requires_grad)


def _matmul_outcome(lib, sa, sb, grads, dtype=None):
    """What matmul of two small tensors does: the error, or the result (shape, dtype,
    grad_fn name, values) and the gradients of sum() where some operand requires grad."""
    a = _operand(lib, sa, 1.0, grads[0])
    b = _operand(lib, sb, 0.5, grads[1], dtype)
    try:
        out = lib.matmul(a, b)
    except Exception as exc:            # the error is the outcome being compared
        return type(exc).__name__, str(exc).replace("minigrad", "torch")
    got = [tuple(out.shape), str(out.dtype).replace("minigrad", "torch"),
           type(out.grad_fn).__name__, out.detach().tolist()]
    if any(grads):
        out.sum().backward()
        got += [None if x.grad is None else x.grad.tolist() for x in (a, b)]
    return got


def _shapes(ndim, batch_sizes=(0, 1, 2), core_sizes=(0, 2, 3)):
    import itertools
    return [batch + core for batch in itertools.product(batch_sizes, repeat=max(ndim - 2, 0))
            for core in itertools.product(core_sizes, repeat=min(ndim, 2))]


_RANK_PAIRS = [pytest.param(da, db, id=f"{da}d@{db}d",
                            marks=[pytest.mark.slow] if 4 in (da, db) else [])
               for da in range(1, 5) for db in range(1, 5)]


@pytest.mark.parametrize("da, db", _RANK_PAIRS)
def test_matmul_sweep_matches_torch(da, db):
    """Every pair of shapes of these ranks (batch sizes 0..2, matrix sizes 0, 2, 3), with no
    operand, the left or the right one requiring grad: messages, values, dtypes, grad_fn
    names and gradients as torch's."""
    import minigrad
    import torch
    diffs = []
    for sa in _shapes(da):
        for sb in _shapes(db):
            for grads in ((False, False), (True, False), (False, True)):
                want = _matmul_outcome(torch, sa, sb, grads)
                got = _matmul_outcome(minigrad, sa, sb, grads)
                if got != want:
                    diffs.append((sa, sb, grads, want, got))
    assert not diffs, f"{len(diffs)} differ, e.g. {diffs[:3]}"


@pytest.mark.parametrize("dtype", ["float64", "int64", "bool"])
def test_matmul_sweep_mixed_dtypes_match_torch(dtype):
    """A float32 left operand times a right operand of another dtype, ranks 1..3 (sizes 0..2):
    which kernel reports the mismatch, and empty batched products (no check, mat2's dtype)."""
    import minigrad
    import torch
    shapes = [s for n in (1, 2, 3) for s in _shapes(n, (0, 1, 2), (0, 1, 2))]
    diffs = []
    for sa in shapes:
        for sb in shapes:
            want = _matmul_outcome(torch, sa, sb, (False, False), dtype)
            got = _matmul_outcome(minigrad, sa, sb, (False, False), dtype)
            if got != want:
                diffs.append((sa, sb, want, got))
    assert not diffs, f"{len(diffs)} differ, e.g. {diffs[:3]}"


@pytest.mark.parametrize("cells", [
    # the fold needs the larger operand's leading dims to be one run of memory (torch reads
    # strides): expanded and transposed operands go through bmm instead
    ["torch.ones(1, 2).expand(2, 1, 2) @ torch.ones(1, 2)",
     "torch.ones(3, 2, 2).transpose(0, 1) @ torch.ones(3, 2)",
     "torch.ones(2, 3, 4).transpose(0, 1) @ torch.ones(4)",
     "type((torch.ones(3, 2, 4).transpose(0, 1) @ torch.ones(4, 2)).grad_fn).__name__",
     "torch.ones(2) @ torch.ones(3, 1, 2).mT",
     "torch.ones(2) @ torch.ones(3, 2, 1)",
     "torch.ones(2) @ torch.ones(1, 1, 3).expand(1, 1, 3)",
     "torch.ones(1, 1, 3).expand(1, 1, 3) @ torch.ones(2)"],
    # the reproducers
    ["torch.matmul(torch.ones((4, 2)), torch.ones((0, 3, 4)))",
     "(torch.ones((1, 4, 2), requires_grad=True) @ torch.ones((1, 4, 2))).sum().backward()",
     "torch.matmul(torch.ones((3,)), torch.ones((2, 0, 4)))"],
], ids=["strides_decide_the_fold", "issue_reproducers"])
def test_matmul_cases(cells):
    assert_same(cells)
