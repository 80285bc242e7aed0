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
        bug="some batched products with mixed dtypes report bmm's 'expected scalar type Long but "
            "found Float' where torch folds the batch into an mv or mm and reports theirs "
            "('addmv input tensors must have the same dtype...', 'expected m1 and m2 to have "
            "the same dtype...'), e.g. 1-D @ 3-D with a batch of one",
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
        bug="3-D @ 2-D and 3-D @ 1-D shape mismatches are reported with the bmm message "
            "(torch folds the batch: 'mat1 and mat2 shapes cannot be multiplied (6x2 and 3x2)', "
            "'size mismatch, got input (4), mat (4x1), vec (3)'); mismatched batch dims leak "
            "NumPy's 'operands could not be broadcast'; 1-D @ 2-D is reported as mv, 4-D @ 3-D "
            "with the unfolded batch size; torch does not fold a non-contiguous (expanded) "
            "3-D operand and reports the bmm message",
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
        bug="matmul refuses bool operands before checking dtypes and shapes, and names the "
            "batched kernel; torch checks dtype/shape first and folds 3-D @ 1-D into addmv "
            "('\"addmv_impl_cpu\" not implemented for 'Bool'')",
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
        bug="add/sub/mul of tensors holding inf (inf * 0, inf - inf, overflow) let NumPy's "
            "RuntimeWarning out ('invalid value encountered in multiply'); torch computes "
            "nan/inf silently. Silencing needs np.errstate around every arithmetic forward, "
            "which costs about a microsecond per op on the hot path",
    ),
]


@pytest.mark.parametrize("cells", REGRESSIONS)
def test_regression(cells):
    assert_same(cells)
