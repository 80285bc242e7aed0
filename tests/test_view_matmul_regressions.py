"""Regression cases found by the widened lockstep fuzzer (tests/fuzz_rules.py: matmul over
every rank combination, chains of views followed by in-place ops). Each is the smallest
program showing one divergence; a strict xfail names the bug while minigrad still diverges
(tests/fuzz_known.py lists them, so the fuzzer counts them instead of failing).
"""
import pytest

from difftest import assert_same, regression, requires_torch

pytestmark = requires_torch

REGRESSIONS = [
    regression(
        "view_of_leaf_after_base_stops_requiring_grad_and_changes",
        """
        t0 = torch.tensor(-2.0, requires_grad=True)
        t4 = t0.view(-1)
        t0.requires_grad_(False)
        t0.add_(2)
        t4.is_leaf, t4.grad_fn
        """,
        bug="a view of a leaf whose base then stops requiring grad and is modified in place: "
            "minigrad leaks AssertionError 'a view with history has a base that requires grad' "
            "when the view's history is regenerated; torch reads is_leaf False (autograd core: "
            "view_history.regenerate_view_grad_fn)"),
    regression(
        "second_backward_through_exp_of_no_grad_view",
        """
        t0 = torch.tensor(-2.0, requires_grad=True)
        with torch.no_grad():
            t1 = t0.view(-1)
        t3 = torch.exp(t1)
        t3.sum().backward()
        t3.sum().backward()
        """,
        bug="exp of a view made under no_grad of a leaf: torch frees exp's saved result after "
            "the first backward and refuses a second one ('Trying to backward through the "
            "graph a second time...'); minigrad runs it again (saved tensors / autograd core)"),
    regression(
        "chunk_of_empty_dim_gives_chunks_pieces",
        """
        x = torch.ones(2, 0, requires_grad=True)
        [tuple(p.shape) for p in x.chunk(3, 1)], x.chunk(2, -1)[1].grad_fn
        """,
        """
        y = torch.ones(3, 0, requires_grad=True) * 1
        y[::2].chunk(1, -1)[-1].grad_fn
        """),
    regression(
        "multi_output_view_grad_fn_after_base_modified_in_place",
        """
        x = torch.ones(2, 2, requires_grad=True) * 1
        v = x.chunk(2, 0)[0]
        x.zero_()
        v.grad_fn
        """,
        """
        x = torch.ones(2, 2, requires_grad=True) * 1
        v = x.unbind(0)[0].t()
        x.mul_(2)
        v.is_leaf
        """),
    regression(
        "backward_through_split_of_a_view",
        """
        x = torch.tensor([[[3.0, 0.5], [2.0, 1.0]]], requires_grad=True)
        x.select(0, 0).chunk(1, 0)[-1].sum().backward()
        x.grad
        """,
        """
        x = torch.ones(2, 2, requires_grad=True)
        x[0].chunk(1, 0)[0].sum().backward()
        x.grad
        """,
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True) * 1
        y = x.unbind(0)[-1].unsqueeze(0).unbind(-1)[0]
        y.backward()
        """,
        bug="backward through split/chunk/unbind of a view (of select, of an unsqueezed "
            "unbind output) leaks NumPy errors ('could not broadcast input array from shape "
            "(4,) into shape (2,2)', 'zero-dimensional arrays cannot be concatenated', "
            "TypeError 'iteration over a 0-d array'): the multi-output node receives one "
            "gradient per output of the wrong shape (engine / multi-output views)"),
    regression(
        "no_grad_view_requires_grad_follows_the_root_base",
        """
        t0 = torch.tensor([1., 2.], requires_grad=True)
        t1 = t0.view(-1)
        t0.requires_grad_(False)
        with torch.no_grad():
            t3 = t1.view(-1)
        t1.requires_grad, t3.requires_grad, t3.grad_fn, t3.is_leaf
        """,
        bug="a view made under no_grad of a view (t1) whose root base no longer requires grad: "
            "torch takes requires_grad from the root base (False), minigrad from the viewed "
            "tensor t1 (True) (autograd core: view_history.make_view)"),
    regression(
        "inference_view_full_slice_setitem_message",
        """
        t = torch.ones(2, requires_grad=True) * 1
        with torch.inference_mode():
            v = t.narrow(0, 0, 1)
        v[..., :1] = -1
        """,
        """
        t = torch.ones(2, 1, requires_grad=True) * 1
        with torch.no_grad():
            v = t[::2]
        v[..., :1] = 3
        """,
        bug="an index of full slices is no view in torch (it writes into v itself: 'A view "
            "was created in inference mode and is being modified inplace...'); minigrad "
            "slices first and names 'Output 0 of Slice is a view of a view...' (indexing)"),
    regression(
        "index_with_only_none_is_unsqueeze",
        """
        x = torch.ones(2, requires_grad=True) * 1
        x[None].grad_fn, x[None, None].grad_fn
        """,
        bug="x[None] records UnsqueezeBackward0 in torch, AliasBackward0 in minigrad "
            "(indexing)"),
    regression(
        "view_rule_checked_before_the_op_arguments",
        """
        t0 = torch.tensor(-2.0, requires_grad=True)
        with torch.inference_mode():
            t3 = t0.view(-1)
        t0.detach().add_(2)
        t3.transpose(0, 1)
        """,
        bug="a no_grad or inference-mode view whose base was then modified in place: torch "
            "raises the view-rule error as soon as an op reads the view's history, before "
            "the op checks its arguments; minigrad's view ops check their dims first "
            "(IndexError: Dimension out of range)"),
    regression(
        "select_out_of_range_message",
        """
        torch.zeros(2, 3).select(1, 5)
        """,
        """
        torch.zeros(1, 1, 0).select(-1, 0)
        """),
    regression(
        "matmul_empty_result_skips_dtype_check",
        """
        torch.ones(2) @ torch.ones(1, 2, 0, dtype=torch.float64)
        """,
        """
        (torch.ones(3, 3, dtype=torch.float64) @ torch.ones(1, 3, 3, 0)).dtype
        """),
]


@pytest.mark.parametrize("cells", REGRESSIONS)
def test_view_matmul_regression(cells):
    assert_same(cells)
