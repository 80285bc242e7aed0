"""Regression tests for divergences found by the differential fuzzer (tests/test_fuzz.py) and
the bad-input tests (tests/test_bad_input.py).

Each case is a small, explicit snippet run under torch 2.13 and under minigrad (see
``difftest.py``); the transcripts must match. A case that minigrad still gets wrong is marked
``xfail(strict=True)`` with a one-line diagnosis: once it is fixed the test XPASSes, which fails
the run, and the mark should be removed (and the matching entry of ``KNOWN_DIVERGENCES`` in
test_fuzz.py deleted).
"""

import textwrap

import pytest

from difftest import assert_same, requires_torch

pytestmark = requires_torch


def regression(name, *cells, bug=None):
    """One named case; ``bug`` is the diagnosis while minigrad still diverges."""
    marks = [pytest.mark.xfail(strict=True, reason=bug)] if bug else []
    return pytest.param([textwrap.dedent(c).strip("\n") for c in cells], id=name, marks=marks)


CASES = [
    # ---- autograd.grad / backward -----------------------------------------------------------
    regression(
        "autograd_grad_checks_outputs_before_inputs",
        """
        x = torch.tensor(-1.0)
        torch.autograd.grad(x, [x])
        """,
    ),
    regression(
        "autograd_grad_of_sum_is_an_expanded_view",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        g = torch.autograd.grad(x.sum(), [x])[0]
        g._base is None, g.stride()
        """,
        "g.add_(1)",
        """
        x = torch.full((2, 1), 3., requires_grad=True)
        g = torch.autograd.grad(x.sum(), [x])[0]
        g[:1].zero_()
        g
        """,
        "g.detach_()",
        "g = torch.autograd.grad(x.sum(), [x])[0]\ng[0].mul_(x)",
        bug="SumBackward0 hands autograd.grad a copy; torch returns the expanded gradient "
            "(a stride-0 view made under no_grad): writing to it hits every element or raises "
            "(overlap, 'Can't detach views in-place', no_grad-view error)",
    ),
    regression(
        "inplace_checks_shape_before_overlap",
        """
        x = torch.full((2, 1), -0.5, requires_grad=True)
        g = torch.autograd.grad(x.sum(), [x], create_graph=True)[0]
        with torch.no_grad():
            g[0].add_(g)
        """,
        bug="in-place ops check for internal overlap before the broadcast shape; torch reports "
            "the shape mismatch first",
    ),
    regression(
        "retain_grad_with_create_graph_then_second_backward",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        y.retain_grad()
        y.sum().backward(create_graph=True)
        y.sum().backward()
        y.grad
        """,
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        y.retain_grad()
        torch.autograd.grad(y.sum(), [x], create_graph=True)
        torch.autograd.grad(y.sum(), [x])
        """,
    ),
    regression(
        "grad_version_after_non_stealable_first_accumulation",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        x.sum().backward(retain_graph=True)
        v1 = x.grad._version
        x.sum().backward()
        v1, x.grad._version
        """,
        """
        w = torch.tensor([1., 2.], requires_grad=True)
        (w * 2).sum().backward()
        w.grad._version
        """,
    ),
    regression(
        "max_dim0_of_0d_tensor_backward",
        """
        x = torch.tensor(-0.5, requires_grad=True)
        y = x.max(0)[0]
        y.backward()
        x.grad
        """,
        """
        x = torch.tensor(-0.5, requires_grad=True)
        y = x.max(-1)[0]
        torch.autograd.grad(y, [x], retain_graph=True)[0].shape
        """,
        "y.backward()\nx.grad",
        """
        z = torch.tensor(1.0, requires_grad=True)
        z.min(dim=0, keepdim=True).values.backward()
        z.grad
        """,
        bug="MaxBackward0 on a 0-d input mishandles the index: max(0) crashed with "
            "'numpy.int64' object has no attribute 'unpack'; max(-1) gives a gradient of "
            "shape [1] and backward fails with NumPy's 'cannot broadcast a non-scalar'",
    ),
    # ---- inference mode -----------------------------------------------------------------------
    regression(
        "inference_tensor_version_raises",
        """
        with torch.inference_mode():
            i = torch.ones(2) + 2
        i._version
        """,
    ),
    regression(
        "inference_mode_view_of_normal_tensor_is_normal",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.inference_mode():
            v = x.reshape(-1)
            d = x.detach()
        v.is_inference(), d.is_inference(), v.requires_grad
        """,
        "d.requires_grad_()",
        "with torch.inference_mode():\n    dd = x.data\ndd._version",
        "x.requires_grad = False\nv.requires_grad",
        bug="views (and detach) of a normal tensor made in inference mode are marked inference "
            "tensors; in torch they stay normal tensors",
    ),
    regression(
        "requires_grad_setter_on_inference_tensor",
        """
        x = torch.tensor(2.0, requires_grad=True)
        with torch.inference_mode():
            i = x * 2
        i.requires_grad = True
        """,
        bug="the requires_grad setter skips the inference check that requires_grad_() has; "
            "torch raises 'Setting requires_grad=True on inference tensor outside "
            "InferenceMode is not allowed.'",
    ),
    regression(
        "detach_of_inference_tensor_is_inference",
        """
        with torch.inference_mode():
            j = torch.ones(2)
        d = j.detach()
        d.is_inference()
        """,
        "d[0] = 1",
        "j.data[0] = 1",
        """
        x = torch.tensor(0.5, requires_grad=True)
        with torch.inference_mode():
            i = x * 1
        try:
            i.add_(i)
        except RuntimeError:
            pass
        i.detach().is_inference(), i.detach()._version
        """,
        bug="detach() / .data of an inference tensor outside inference mode is a normal tensor; "
            "in torch it is still an inference tensor (so in-place edits are refused) with "
            "version 0 even after a refused in-place op",
    ),
    regression(
        "inplace_on_inference_mode_view_message",
        """
        x = torch.tensor(-2.0, requires_grad=True)
        e = x.expand(())
        with torch.inference_mode():
            v = e.expand(2)
        v.copy_(v)
        """,
        """
        y = torch.tensor(-2.0, requires_grad=True)
        with torch.inference_mode():
            w = y.view(-1)
        w[0].add_(2)
        """,
        bug="in-place on a view made in inference mode (of a normal tensor), or on a view of "
            "it, reports the no_grad / view-of-leaf message; torch says 'A view was created in "
            "inference mode and is being modified inplace in normal mode...' ('Output 0 of "
            "Select is a view of a view which was created in inference mode...')",
    ),
    regression(
        "inplace_on_inference_tensor_check_order",
        """
        x = torch.tensor(3.0, requires_grad=True)
        with torch.inference_mode():
            i = torch.tensor(1.0)
            j = torch.tensor(2.0)
        i.mul_(x)
        """,
        "j.mul_(torch.tensor([1.0], requires_grad=True))",
        """
        with torch.inference_mode():
            b = torch.tensor(True)
        b.mul_(torch.tensor(2.0, dtype=torch.float64, requires_grad=True))
        """,
        bug="an in-place op on an inference tensor with a grad-requiring operand reports "
            "'Inference tensors cannot be saved for backward'; torch reports the broadcast "
            "shape / result type, then 'Inplace update to inference tensor outside "
            "InferenceMode...'",
    ),
    regression(
        "inference_save_check_before_shape_check",
        """
        x = torch.ones(1, 1, 3, requires_grad=True)
        with torch.inference_mode():
            i = x.clamp(-1, 1)
        i @ x
        """,
        bug="matmul checks shapes before refusing to save an inference tensor; torch raises "
            "'Inference tensors cannot be saved for backward...' first",
    ),
    regression(
        "inference_grad_accumulated_outside_inference_mode",
        """
        x = torch.ones(2, dtype=torch.float64, requires_grad=True)
        with torch.inference_mode():
            x.backward(torch.ones_like(x))
        x.grad.is_inference()
        """,
        "x.backward(torch.ones_like(x))",
        "x.grad",
        bug="accumulating into an inference-mode .grad outside inference mode is silently "
            "allowed; torch raises the 'Inplace update to inference tensor' error (after "
            "writing)",
    ),
    # ---- requires_grad of views ---------------------------------------------------------------
    regression(
        "view_requires_grad_follows_its_base",
        """
        a = torch.ones(2, 1)
        v = a.view(1, 2, 1)
        a.requires_grad_()
        v.requires_grad, v.is_leaf, v.grad_fn
        """,
        """
        x = torch.ones(2, 1, requires_grad=True)
        with torch.no_grad():
            e = x.expand(2, 2, 1)
        x.requires_grad_(False)
        e.requires_grad
        """,
        bug="a view's requires_grad is fixed when the view is made; torch computes it as "
            "requires_grad_ or grad_fn or base.requires_grad",
    ),
    regression(
        "hook_after_inplace_applies_to_new_version_only",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 1
        h1 = y.register_hook(lambda g: None)
        z = y.exp()
        y[0] = 0.
        h2 = y.register_hook(lambda g: g * 2)
        z.sum().backward()
        x.grad
        """,
        bug="once a tensor has a hook, the hooks dict is shared by its old and new grad_fn, so "
            "a hook registered after an in-place op also scales the gradient of the old "
            "version; in torch it only applies to the new version",
    ),
    regression(
        "retain_grad_survives_inplace",
        """
        x = torch.ones(2, requires_grad=True)
        y = x * 1
        y.retain_grad()
        y.mul_(2)
        y.retains_grad
        """,
        "y.sum().backward()\ny.grad, x.grad",
    ),
    regression(
        "retains_grad_after_detach_",
        """
        x = torch.tensor(-2.0, requires_grad=True)
        y = -x
        y.retain_grad()
        y.detach_()
        y.retains_grad
        """,
        bug="detach_() clears retains_grad (it lives on the grad_fn); torch keeps the flag True",
    ),
    regression(
        "requires_grad_toggle_keeps_grad_accumulator",
        """
        x = torch.tensor([2.0], requires_grad=True)
        v = x.view(1)
        x.requires_grad_(False)
        x.requires_grad_()
        torch.autograd.grad(v.sum(), [x])
        """,
        bug="requires_grad_(False) drops the leaf's AccumulateGrad, so after re-enabling it the "
            "existing graph (through v) no longer reaches x: 'appears to not have been used in "
            "the graph'",
    ),
    regression(
        "index_backward_twice_raises",
        """
        x = torch.ones(2, requires_grad=True)
        i = x[[1]]
        i.sum().backward()
        i.sum().backward()
        """,
    ),
    regression(
        "create_graph_through_index_grad_fn_name",
        """
        x = torch.ones(2, requires_grad=True)
        g = torch.autograd.grad(x[[1]].sqrt().sum(), [x], create_graph=True)[0]
        type(g.grad_fn).__name__
        """,
        bug="the double-backward node of IndexBackward0 is minigrad's internal _IndexIntoZeros; "
            "torch records IndexPutImplBackward0",
    ),
    regression(
        "detach_inplace_on_inference_view",
        """
        with torch.inference_mode():
            s = torch.ones(2, 2).sqrt()
            v = s.t()
        v.detach_()
        """,
        bug="detach_() refuses views made in inference mode; torch does not track those as "
            "views and allows it",
    ),
    regression(
        "reshape_empty_with_inferred_dim_message",
        "torch.ones(0, 1).reshape(0, -1)",
        "torch.ones(2, 0).view(-1, 0)",
        bug="reshape/view of an empty tensor with -1 next to a 0 says \"shape '[0, -1]' is "
            "invalid for input of size 0\"; torch: 'cannot reshape tensor of 0 elements into "
            "shape [0, -1] because the unspecified dimension size -1 can be any value and is "
            "ambiguous'",
    ),
    regression(
        "reshape_of_non_contiguous_viewable_is_reshape_alias",
        """
        x = torch.ones(2, 3, requires_grad=True) * 1
        [type(r.grad_fn).__name__ for r in (x.t().reshape(3, 2), x.t().reshape(3, 1, 2),
                                             x[:, :1].reshape(2), x.reshape(3, 2))]
        """,
        bug="reshape of a non-contiguous tensor that can still be viewed records ViewBackward0; "
            "torch uses _reshape_alias (ReshapeAliasBackward0)",
    ),
    regression(
        "matmul_nd_grad_fn_names",
        """
        a1 = torch.ones(2, requires_grad=True)
        a2 = torch.ones(2, 2, requires_grad=True)
        a3 = torch.ones(2, 2, 2, requires_grad=True)
        [type(r.grad_fn).__name__ for r in (a1 @ a3, a2 @ a3, a3 @ a1)]
        """,
        "type((torch.ones(3, 1, requires_grad=True) @ torch.ones(3, 1, 1)).grad_fn).__name__",
        bug="1-D @ 3-D and 3-D @ 1-D record SqueezeBackward1 (torch: UnsafeViewBackward0); "
            "2-D @ 3-D records UnsafeViewBackward0 (torch: CloneBackward0, or TransposeBackward0 "
            "when the transposed result is already contiguous)",
    ),
    # ---- bool / integer dtypes ----------------------------------------------------------------
    regression(
        "bool_pow_not_implemented",
        "b = torch.tensor([True])\nb ** b",
    ),
    regression(
        "bool_relu_not_supported",
        "torch.tensor([True]).relu()",
    ),
    regression(
        "bool_abs_not_implemented",
        "torch.tensor([True]).abs()",
    ),
    regression(
        "bool_negation_message",
        "-torch.tensor([True, False])",
        "torch.tensor([True, False]).neg()",
    ),
    regression(
        "bool_subtraction_not_supported",
        "b = torch.tensor([True, False])\nb - torch.tensor([0.5, 1.0])",
        "b - 1",
        "1 - b",
        "torch.tensor([0.5, 1.0]) - b",
    ),
    regression(
        "bool_matmul_not_implemented",
        "b = torch.ones(2, dtype=torch.bool)\nb @ b",
        "B = torch.ones(2, 2, dtype=torch.bool)\nB @ B",
        "B @ b",
        "torch.ones(1, 1, 1, dtype=torch.bool) @ torch.ones(1, 1, 1, dtype=torch.bool)",
    ),
    regression(
        "int_tensor_pow_negative_int_tensor",
        "torch.tensor([2, 1, -1]) ** torch.tensor([-1, -1, -1])",
        "torch.tensor([2]) ** -1",
    ),
    regression(
        "bool_pow_scalar_type_promotion",
        "b = torch.tensor([True, False])\nb ** 2, b ** 2.0, 2 ** b",
        bug="bool ** 2 and bool ** 2.0 stay bool and 2 ** bool gives float32; torch gives "
            "int64, float32 and int64",
    ),
    regression(
        "bool_pow_negative_int_message",
        "torch.tensor([True]) ** -1",
        "torch.tensor([True, False]) ** torch.tensor([-1, -2])",
        bug="bool ** -1 leaks NumPy's ValueError (torch: RuntimeError 'Integers to negative "
            "integer powers are not allowed.'); bool ** negative int64 tensor raises where "
            "torch computes int64 results",
    ),
    regression(
        "int_scalar_pow_int_tensor_stays_int64",
        "2 ** torch.tensor([2, 1])",
    ),
    regression(
        "clamp_type_promotion",
        "torch.tensor([2, -1]).clamp(min=0.5)",
        "torch.tensor([True]).clamp(max=0)",
        "torch.tensor([True]).clamp(0.0, 2.0)",
    ),
    # ---- matmul dtype and shape messages ------------------------------------------------------
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
        bug="3-D @ 2-D with mixed dtypes says 'expected scalar type Double but found Float'; "
            "torch folds to mm: 'expected m1 and m2 to have the same dtype, but got: double "
            "!= float' (3-D @ 1-D: 'addmv input tensors must have the same dtype, but got "
            "Float, Double, and Float')",
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
        bug="batched matmul reports the dtype mismatch before the shape mismatch; torch "
            "reports the shapes first",
    ),
    regression(
        "broadcast_error_reports_last_mismatching_dim",
        "torch.ones(3, 1, 2) - torch.ones(2, 1, 3)",
    ),
    # ---- reductions ---------------------------------------------------------------------------
    regression(
        "max_dim_of_bool_tensor_requiring_grad",
        """
        b = torch.full((2, 2), False)
        b[0] = torch.tensor(2.0, requires_grad=True) / -1.5
        b.max(dim=1, keepdim=True).values
        """,
        bug="max(dim) of a bool tensor that requires grad records MaxBackward0; torch raises "
            "'Autograd not support dtype: Bool'",
    ),
    regression(
        "max_over_empty_dim_message",
        "torch.ones(0).max(dim=-1)",
        "torch.ones(2, 0).max(1)",
        bug="max over an empty dim leaks NumPy's 'attempt to get argmax of an empty sequence'; "
            "torch: IndexError 'max(): Expected reduction dim 1 to have non-zero size.'",
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
    # ---- indexing -----------------------------------------------------------------------------
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
    # ---- in-place overlap ---------------------------------------------------------------------
    regression(
        "inplace_partial_overlap_with_input",
        "a = torch.zeros(1, 1, 1)\na[0].add_(a)",
        bug="torch refuses an in-place op whose input partially overlaps the written tensor "
            "('some elements of the input tensor and the written-to tensor refer to a single "
            "memory location'); minigrad reports the broadcast shape instead",
    ),
    regression(
        "inplace_overlap_checked_before_dtype",
        """
        eb = torch.ones(2, dtype=torch.bool).unsqueeze(1).expand(2, 2)
        eb += -1
        """,
        bug="in-place on an expanded bool tensor reports the cast error; torch reports the "
            "internal-overlap error first",
    ),
    regression(
        "inplace_on_non_overlapping_slice_of_expanded",
        """
        t = torch.zeros(1, 2)
        e = t.expand(3, 2)
        e[:1].zero_()
        e[1].fill_(1)
        t
        """,
        bug="any view of an expanded tensor is read-only; torch only refuses writes through "
            "views that really overlap (a size-1 slice or a row of the expansion is fine)",
    ),
    regression(
        "inplace_checks_shape_before_dtype",
        "b = torch.tensor(True)\nb.mul_(torch.ones(1, 1, dtype=torch.long))",
        bug="in-place ops report the cast error before the broadcast shape; torch reports "
            "'output with shape [] doesn't match the broadcast shape [1, 1]' first",
    ),
    regression(
        "inplace_on_view_of_detached_leaf",
        """
        x = torch.ones(2, 3, dtype=torch.float64, requires_grad=True)
        v = x.view(1, 2, 3)
        x.detach_()
        v.mul_(2)
        """,
        """
        y = torch.tensor([1.0])
        w = y.view(-1)
        w.requires_grad_()
        w.add_(2)
        """,
        """
        z = torch.tensor(0.5)
        with torch.no_grad():
            u = z.squeeze(-1)
        u.requires_grad = True
        u.zero_()
        """,
        bug="torch's view-of-leaf check looks at the view's requires_grad and the base being a "
            "leaf (not the base's requires_grad): after x.detach_() it still refuses (minigrad "
            "allows the write), and a view made a grad leaf with requires_grad_() gets the "
            "view-of-leaf message, or the no_grad-view message if made under no_grad "
            "(minigrad: the leaf message)",
    ),
    regression(
        "copy_checks_overlap_before_shape",
        """
        t = torch.zeros(3, 2, 1).expand(-1, -1, 3)
        t[:1].copy_(torch.ones(3, 2, 1))
        """,
        bug="copy_ into an overlapping (expanded) destination reports the broadcast shape; "
            "torch's copy_ reports the internal-overlap error first (unlike add_)",
    ),
    regression(
        "inplace_leaf_check_before_overlap",
        """
        x = torch.tensor([1.5])
        e = x.expand(3)
        e.requires_grad_()
        e[0] = -1
        """,
        bug="writing into a view of an expanded leaf that requires grad reports the overlap "
            "error; torch reports 'a view of a leaf Variable that requires grad is being used "
            "in an in-place operation.' first",
    ),
    regression(
        "setitem_value_expand_size_mismatch_message",
        "a = torch.zeros(2, 2)\na[0] = torch.ones(3)",
        "b = torch.ones(3, 1, 1, dtype=torch.long)\nb[:1][0] = torch.ones(3, dtype=torch.long)",
        "c = torch.zeros(2, 3)\nc[0] = torch.ones(1, 2, 3)",
        """
        x = torch.ones(3, 3, 1, requires_grad=True)
        v = x.view(3, 3, 1, 1)
        v[0] = x
        """,
        bug="setitem with a value of the wrong size reports the broadcast error; torch expands "
            "the value: 'The expanded size of the tensor (2) must match the existing size (3) "
            "at non-singleton dimension 0.  Target sizes: [2].  Tensor sizes: [3]' (after dropping "
            "the value's leading size-1 dims, and before the view-of-leaf check)",
    ),
    regression(
        "expand_message_bool_type_name",
        "torch.ones(2, 2, dtype=torch.bool).expand(3)",
        "a = torch.zeros(3, 3)\na[0] = torch.ones(3, 3, dtype=torch.bool)",
        bug="expand errors name a bool tensor torch.BoolTensor; torch prints CPUBoolType "
            "('expand(CPUBoolType{[2, 2]}, size=[3]): ...')",
    ),
    regression(
        "copy_into_integer_tensor_does_not_require_grad",
        """
        b = torch.zeros(1, dtype=torch.bool)
        b.copy_(torch.tensor(1.5, requires_grad=True))
        b.requires_grad, b.grad_fn
        """,
        """
        n = torch.zeros(2, dtype=torch.long)
        n.copy_(torch.ones(2, requires_grad=True))
        n.requires_grad
        """,
        """
        k = torch.zeros(3, dtype=torch.long)
        k[0] = torch.tensor(2.5, requires_grad=True)
        k.requires_grad
        """,
        bug="copy_ / setitem from a tensor that requires grad into a bool/int tensor records "
            "a graph; torch leaves the integer tensor without grad",
    ),
    regression(
        "saved_tensor_detached_in_place",
        """
        x = torch.ones(2, requires_grad=True)
        y = x * 1
        z = x * y
        y.detach_()
        z.sum().backward()
        """,
        bug="backward silently uses a saved tensor that was detach_()ed; torch raises 'Trying "
            "to use a saved tensor that has been detached in-place, i.e. with .detach_().This "
            "is not supported, please use out-of-place `.detach()` instead'",
    ),
    regression(
        "retained_grad_accumulates_out_of_place",
        """
        x = torch.tensor([2.0], requires_grad=True)
        y = x * 1
        y.retain_grad()
        y.sum().backward(retain_graph=True)
        first = y.grad
        y.sum().backward()
        first, y.grad, first is y.grad
        """,
        """
        w = torch.tensor(1.0, requires_grad=True)
        u = w.unsqueeze(-1)
        u.retain_grad()
        g = torch.autograd.grad(u.sum(), [u], create_graph=True)[0]
        u.sum().backward()
        g, u.grad
        """,
        """
        a = torch.tensor([[1.0, -0.5], [0.5, 0.5]], requires_grad=True)
        b = a @ a
        b.retain_grad()
        torch.autograd.grad(b.exp().sum(), [a], create_graph=True)
        torch.autograd.grad(b.sum(), [b])
        b.grad.requires_grad
        """,
        bug="a retained grad is accumulated in place (the old y.grad object, or the tensor "
            "autograd.grad returned, changes, and it keeps requires_grad from an earlier "
            "create_graph pass); torch replaces it with a new tensor",
    ),
    regression(
        "grad_version_after_backward_of_0d_leaf",
        """
        x = torch.tensor(-1.0, requires_grad=True)
        x.backward()
        x.grad._version
        """,
        """
        w = torch.tensor(-2.0, requires_grad=True)
        w.sum().backward()
        w.grad._version
        """,
        bug="the first .grad of a 0-d leaf has the wrong _version: torch gives 1 after "
            "x.backward() (the implicit ones are copied with copy_) but 0 after "
            "x.sum().backward() (the incoming gradient is stolen)",
    ),
    regression(
        "backward_mul_by_0d_float64_tensor",
        """
        x = torch.tensor(1.0, requires_grad=True)
        c = torch.tensor(2.0, dtype=torch.float64)
        (x * c).backward()
        x.grad
        """,
    ),
    regression(
        "pow_tensor_tensor_grad_at_zero",
        """
        x = torch.tensor([0.0, 1.0, 2.0], dtype=torch.float64, requires_grad=True)
        (x ** x).sum().backward()
        x.grad
        """,
        """
        y = torch.tensor([3.0, 2.0, 0.0], requires_grad=True)
        torch.autograd.grad((0 ** y).sum(), [y])
        """,
    ),
    regression(
        "pow_zero_base_negative_exponent_grad",
        """
        x = torch.tensor([0.0, -1.5, 1.0], requires_grad=True)
        torch.autograd.grad((0 ** x).sum(), [x])
        """,
        """
        e = torch.tensor([-1.5, 3.0], requires_grad=True)
        torch.autograd.grad(torch.pow(torch.tensor([0, 2]), e).sum(), [e])
        """,
        """
        x = torch.tensor([[0.0, 3.0]], dtype=torch.float64, requires_grad=True)
        torch.autograd.grad(torch.pow(x, x).sum(), [x], create_graph=True)[0]
        """,
        bug="pow gradients at a zero base: d(0 ** x)/dx is 0 (torch: -inf for x < 0), int "
            "base 0 with a negative exponent gives nan (torch: -inf), and the create_graph "
            "formula of x ** x is not masked at 0 (nan, torch: 0)",
    ),
    regression(
        "pow_tensor_tensor_saves_result",
        """
        b = torch.tensor([-1.5], requires_grad=True)
        p = torch.pow(b, torch.tensor([2.0]))
        p[0].copy_(torch.tensor(-0.5))
        p.sum().backward()
        """,
        bug="PowBackward1 does not check its saved result; torch saves it (for the exponent "
            "gradient) and raises the version error '...which is output 0 of Pow1, is at "
            "version 1; expected version 0 instead...'",
    ),
    regression(
        "relu_grad_at_nan",
        """
        x = torch.tensor([-0.5, 2.0], requires_grad=True)
        x.log().relu().sum().backward()
        x.grad
        """,
        bug="relu's backward zeroes the gradient where the output is nan; torch's "
            "threshold_backward only zeroes where output <= 0, so nan passes the gradient",
    ),
    regression(
        "pow_bool_exponent_backward_raises",
        """
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        y = torch.pow(x, torch.tensor([False, True]))
        y.sum().backward()
        """,
        bug="torch's pow backward computes exponent - 1, which fails for a bool exponent "
            "('Subtraction, the `-` operator, with a bool tensor is not supported...'); "
            "minigrad computes a gradient",
    ),
    regression(
        "scalar_pow_tensor_saves_exponent",
        """
        x = torch.tensor([[-2.0]], requires_grad=True)
        y = 0.5 ** x
        with torch.no_grad():
            x.zero_()
        y.sum().backward()
        """,
        bug="PowBackward2 (number ** tensor) does not check the saved exponent; torch raises "
            "the version error '[torch.FloatTensor [1, 1]] is at version 1; expected version "
            "0 instead...'",
    ),
    regression(
        "saved_tensor_check_order",
        """
        x = torch.tensor([-1.5, 0.5], requires_grad=True)
        y = x * 0
        z = x @ y
        with torch.no_grad():
            x.mul_(2)
            y[0] = 2.0
        z.backward()
        """,
        bug="when several saved tensors were modified, the version error names the second "
            "one (y, 'output 0 of Mul'); torch checks self first and names the leaf x",
    ),
    regression(
        "accumulate_grad_into_tensor_that_became_non_leaf",
        """
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        m = x.mean()
        x.requires_grad_(False)
        x.copy_(m)
        m.backward()
        """,
        bug="backward into the AccumulateGrad of a tensor that has since become a non-leaf "
            "runs; torch raises 'leaf variable has been moved into the graph interior'",
    ),
    regression(
        "backward_through_full_max_crash",
        """
        x = torch.tensor([1.0, 0.5], dtype=torch.float64, requires_grad=True)
        m = x.max()
        (m + m).backward()
        x.grad
        """,
    ),
    regression(
        "backward_pow_times_float64_0d_crash",
        """
        x = torch.tensor(1.0, requires_grad=True)
        d = x.double()
        m = torch.pow(d, d) * d
        (torch.tensor(1.0) / m).backward()
        x.grad
        """,
    ),
    regression(
        "cast_of_expanded_tensor_is_contiguous",
        "torch.ones(1, 3).expand(2, 3).bool().view(6)",
        bug="a dtype cast keeps the stride-0 layout of an expanded tensor, so view() fails; "
            "torch's cast of an overlapping tensor returns a contiguous copy",
    ),
    regression(
        "view_hooks_after_base_modified_in_inference_mode",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        v = x[0:5]
        h = v.register_hook(lambda g: -g)
        v.sum().backward()
        with torch.inference_mode():
            x.mul_(1)
        h2 = v.register_hook(lambda g: g * 0.5)
        v.sum().backward()
        x.grad
        """,
        bug="after the base of a view is modified in inference mode, torch runs none of the "
            "view's hooks (old or newly registered) in the next backward; minigrad runs both",
    ),
    regression(
        "create_graph_copy_grad_keeps_source_dtype",
        """
        a = torch.ones(1, 1, 1)
        s = torch.tensor(2.0, dtype=torch.float64, requires_grad=True)
        a[0].copy_(s)
        torch.autograd.grad(a.sum(), [s], create_graph=True)[0].dtype
        """,
        bug="with create_graph=True the gradient of a float64 copy_ source into a float32 "
            "slice comes back float32; torch casts it to the source dtype (float64), as "
            "minigrad already does without create_graph",
    ),
    regression(
        "create_graph_double_backward_nodes",
        """
        x = torch.tensor([0.5, 1.0], dtype=torch.float64, requires_grad=True)
        [type(torch.autograd.grad(f(x).sum(), [x], create_graph=True)[0].grad_fn).__name__
         for f in (torch.tanh, torch.sigmoid, torch.relu, torch.abs)]
        """,
        bug="create_graph through tanh/sigmoid records MulBackward0 (torch: "
            "TanhBackwardBackward0, SigmoidBackwardBackward0); through relu/abs the gradient "
            "does not require grad (torch: ThresholdBackwardBackward0, MulBackward0)",
    ),
    # ---- views made under no_grad / inference_mode -----------------------------------------
    regression(
        "no_grad_view_grad_fn_after_base_modified_in_place",
        """
        x = torch.ones(2, requires_grad=True)
        y = x * 1
        with torch.no_grad():
            v = y[:1]
        y.add_(1)
        v.grad_fn
        """,
        "v.is_leaf",
        """
        y = x * 1
        with torch.inference_mode():
            w = y[:1]
        y.add_(1)
        w.grad_fn
        """,
        bug="reading grad_fn/is_leaf of a no_grad (or inference-mode) view whose base was then "
            "modified in place with grad mode on returns None/True; torch raises 'A view was "
            "created in no_grad mode and its base or another view of its base has been "
            "modified inplace...'",
    ),
    regression(
        "inplace_on_view_of_no_grad_view_message",
        """
        x = torch.tensor(-1.5, requires_grad=True)
        with torch.no_grad():
            v = x.view(-1)
        v[:1].zero_()
        """,
        bug="an in-place op on a view of a no_grad view of a leaf reports the view-of-leaf "
            "error; torch reports 'Output 0 of Slice is a view of a view which was created in "
            "no_grad mode and is being modified inplace with grad mode enabled...'",
    ),
    regression(
        "backward_through_no_grad_view",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.no_grad():
            v = x[:1]
        (v * 2).sum().backward()
        v.grad, x.grad
        """,
        "torch.autograd.grad(v.sum(), [v])",
        bug="a view made under no_grad gets its own AccumulateGrad and a .grad; in torch the "
            "gradient reaching it is dropped (v.grad and x.grad stay None)",
    ),
    regression(
        "backward_through_inference_mode_view",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.inference_mode():
            v = x.unsqueeze(0)
        v.backward(torch.ones_like(v))
        """,
        bug="backward from a view of a grad leaf made in inference mode runs; torch raises "
            "'element 0 of tensors does not require grad and does not have a grad_fn'",
    ),
    regression(
        "full_slices_in_multi_index_give_alias",
        """
        x = torch.ones(2, 3, requires_grad=True) * 1
        [type(v.grad_fn).__name__ for v in (x[..., 0:], x[:, 0:], x[0:], x[..., 1:])]
        """,
        bug="an index made only of full slices (x[..., 0:], x[:, 0:]) records SliceBackward0; "
            "torch skips no-op slices in multi-item indexing and returns an alias "
            "(AliasBackward0)",
    ),
    # ---- NumPy warnings -----------------------------------------------------------------------
    regression(
        "no_numpy_runtime_warnings",
        "torch.tensor([1., 0.]) / 0",
        "torch.tensor([0.0]) ** -1.0",
        "0 ** torch.tensor([-1.5])",
        "torch.tensor([-1.0]) ** 0.5",
        "torch.tensor([1, 0]) / torch.tensor([0, 0])",
        "torch.tensor([True, False]) / torch.tensor([True, False])",
        "torch.tensor([float('nan'), float('inf')]).long()",
        bug="NumPy RuntimeWarnings (divide by zero / invalid value in divide, power, cast) "
            "reach the user; torch computes inf/nan silently",
    ),
]


@pytest.mark.parametrize("cells", CASES)
def test_regression(cells):
    assert_same(cells)
