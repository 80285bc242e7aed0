"""Views, storage, clone() vs copy_(), shapes.

Differential cases: notebook-style cells run under torch 2.13 and under minigrad; the
transcripts must match (see difftest.py). The rules they check are in
docs/pytorch-2.13-semantics.md, sections 13, 14.

REGRESSIONS: cases found by the fuzzers (tests/test_fuzz.py, tests/test_bad_input.py).
One that minigrad still gets wrong is a strict xfail with its diagnosis.
"""

import pytest

from difftest import assert_same, case, regression, requires_torch

pytestmark = requires_torch


VIEW_CASES = [
    case(
        "views_have_base",
        """
        a = torch.arange(6.)
        v = a.view(2, 3)
        v._base is a, a._base
        """,
        "a[1:4]._base is a, a[2]._base is a, v.t()._base is a, v.transpose(0, 1)._base is a",
        "a.unsqueeze(0)._base is a, v[0:1].squeeze(0)._base is a, a[:1].expand(3)._base is a",
        "a.reshape(3, 2)._base is a, v.view(6)._base is a",
    ),
    case(
        "views_copies_have_no_base",
        """
        a = torch.arange(6.)
        [t._base is None for t in (a[[0, 2]], a[a > 2], a.clone(), a.detach(), a.data)]
        """,
        "m = a.view(2, 3).t()\nm.reshape(6)._base, m.contiguous()._base, m.is_contiguous()",
        "m.contiguous().is_contiguous(), m.stride(), m.contiguous().stride()",
    ),
    case(
        "views_storage_and_data_ptr",
        """
        a = torch.arange(6.)
        s = a[1:4]
        same_storage = s.untyped_storage().data_ptr() == a.untyped_storage().data_ptr()
        same_storage, s.data_ptr() == a.data_ptr(), a.view(2, 3).data_ptr() == a.data_ptr()
        """,
        "a.clone().untyped_storage().data_ptr() == a.untyped_storage().data_ptr()",
        "s.storage_offset(), a[3:].storage_offset(), a.view(2, 3)[1].storage_offset()",
    ),
    case(
        "views_write_through",
        """
        a = torch.arange(6.)
        v = a.view(2, 3)
        v[0, 0] = 100.
        a
        """,
        "a[1:3] = -1.\nv",
        "f = a[[0, 1]]\nf[0] = 55.\na",
        "v.t()[2, 1] = 8.\na",
    ),
    case(
        "views_errors",
        "a = torch.arange(6.).view(2, 3)\na.t().view(6)",
        "a.view(4)",
        "a.reshape(4)",
        "a.view(-1, 4)",
        "a.t().reshape(6)",
        "a.view(3, -1)",
        "a.view(-1, -1)",
    ),
    case(
        "views_gradient_through_view",
        """
        x = torch.ones(2, 2, requires_grad=True)
        v = x.view(4)
        (v * torch.arange(4.)).sum().backward()
        x.grad
        """,
        "v._base is x, v.is_leaf",
    ),
    case(
        "views_of_leaf_share_version",
        """
        x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
        v = x.view(2, 2)
        with torch.no_grad():
            v.add_(1)
        x, x._version, v._version
        """,
    ),
]


CLONE_CASES = [
    case(
        "clone_is_a_differentiable_copy",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        c = x.clone()
        c
        """,
        "c.is_leaf, c.untyped_storage().data_ptr() == x.untyped_storage().data_ptr()",
        "c.add_(1)\nx, c, x._version, c._version",
        "c.sum().backward()\nx.grad",
    ),
    case(
        "clone_of_detach_is_graph_free_copy",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        k = x.detach().clone()
        same = k.untyped_storage().data_ptr() == x.untyped_storage().data_ptr()
        k, k.requires_grad, k.is_leaf, same
        """,
    ),
    case(
        "copy_into_non_grad_tensor",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        dst = torch.zeros(3)
        dst.copy_(x)
        dst, dst.is_leaf, dst.requires_grad
        """,
        "(dst * dst).sum().backward()\nx.grad",
        "d2 = torch.zeros(3)\nwith torch.no_grad():\n    d2.copy_(x)\nd2, d2.requires_grad",
    ),
    case(
        "copy_into_grad_leaf",
        "x = torch.tensor([1., 2.], requires_grad=True)\nx.copy_(torch.tensor([5., 6.]))",
        "with torch.no_grad():\n    x.copy_(torch.tensor([5., 6.]))\nx, x.is_leaf",
    ),
    case(
        "copy_broadcasts_casts_and_checks_shape",
        "dst = torch.zeros(2, 3)\ndst.copy_(torch.tensor([1., 2., 3.]))",
        "i = torch.zeros(2, dtype=torch.int64)\ni.copy_(torch.tensor([1.7, -2.7]))",
        "torch.zeros(2).copy_(torch.ones(3))",
        "torch.zeros(3).copy_(torch.tensor(4.))",
    ),
    case(
        "assignment_is_an_alias",
        """
        x = torch.tensor([1., 2.])
        y = x
        y.add_(1)
        x, y is x
        """,
    ),
]


SHAPE_CASES = [
    case(
        "shape_broadcast_errors",
        "torch.ones(2, 3) + torch.ones(2)",
        "torch.ones(3) * torch.ones(4)",
        "torch.ones(2, 1) + torch.ones(3)",
        "torch.ones(2, 3).add_(torch.ones(3, 1))",
    ),
    case(
        "shape_matmul_errors",
        "torch.ones(2, 3) @ torch.ones(2, 3)",
        "torch.ones(2, 3).mv(torch.ones(2))",
        "torch.ones(2, 3) @ torch.ones(2)",
        "torch.ones(3).dot(torch.ones(2))",
        "torch.tensor(1.) @ torch.ones(2)",
        "torch.ones(3).mm(torch.ones(3, 1))",
        "(torch.ones(2, 3) @ torch.ones(3)).shape, (torch.ones(3) @ torch.ones(3, 2)).shape",
    ),
    case(
        "shape_broadcast_results",
        "(torch.ones(2, 1) + torch.ones(3)).shape",
        "(torch.ones(4, 1, 3) * torch.ones(2, 1)).shape",
        "torch.tensor([[1.], [2.]]) * torch.tensor([10., 20.])",
        "torch.tensor(2.) + torch.tensor([1., 2.])",
    ),
]


REGRESSIONS = [
    regression(
        "view_follows_base_that_gains_history_in_place",
        """
        w = torch.tensor([-2.0], requires_grad=True)
        (w * 1).sum().backward()
        g = w.grad
        v = g[0:]
        g.add_(w)
        v.requires_grad, type(v.grad_fn).__name__, g.grad_fn, v.is_leaf
        """,
        """
        b = torch.zeros(3)
        u = b[:2]
        b += torch.ones(3, requires_grad=True)
        u.requires_grad, u.grad_fn, u.is_leaf
        """,
        """
        a = torch.full((2, 3), -2.0, requires_grad=True)
        with torch.no_grad():
            c = -a
        view = c[0:]
        c[0].add_(a.sum())
        view.requires_grad, view.is_leaf, type(view.grad_fn).__name__
        """,
    ),
    # ---- requires_grad of views ----------------------------------------------------------
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
        """
        x.grad = None
        b = x * 1
        v = b[:1]
        v.register_hook(lambda g: print("v hook1", g))
        v.retain_grad()
        b.mul_(2)
        v.register_hook(lambda g: print("v hook2", g))
        (v * 3).sum().backward()
        x.grad, v.grad
        """,
        """
        x.grad = None
        y = x * 1
        y.register_hook(lambda g: print("y hook1", g))
        y.retain_grad()
        z = y.exp()
        y[0] = 0.
        y.register_hook(lambda g: print("y hook2", g))
        (z.sum() + y.sum()).backward()
        x.grad, y.grad
        """,
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
        "y.grad, y.is_leaf, y.requires_grad",
        """
        z = x * 3
        z.retain_grad()
        z.retain_grad()
        z.mul_(2)
        z.sum().backward()
        z.retains_grad, z.grad, x.grad
        """,
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
        """
        w = torch.tensor([1.0, 2.0], requires_grad=True)
        y = (w * 3).sum()
        w.detach_()
        y.backward(retain_graph=True)
        print(w.grad)
        w.requires_grad = True
        y.backward()
        w.grad
        """,
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
    ),
    # torch does not track views of an inference tensor: they have no _base, no history, do
    # not follow the base's requires_grad, and in-place rules are those of inference tensors
    regression(
        "views_of_inference_tensors_are_not_views",
        """
        with torch.inference_mode():
            a = torch.ones(4)
            v, s = a.view(2, 2), a[1:3]
            w = torch.ones(4, requires_grad=True)
            wv = w.view(2, 2)
            print(v._base, v._is_view(), s._base, s._is_view(), a._is_view(), v.is_inference())
            print(wv.requires_grad, wv.is_leaf, wv._base, wv.grad_fn)
            wv.add_(1)
            u = a.unbind()
            print(u[0]._base, u[0].grad_fn, w.expand(2, 4)._base, w.unbind()[1].grad_fn)
            u[0].add_(1)
            print(a, w)
        """,
        "v._base, v._is_view(), wv.requires_grad, wv.is_leaf",
        "v.add_(1)", "s.mul_(2)", "wv.add_(1)", "a",
        """
        with torch.no_grad():
            wv.add_(1)
        """,
        """
        wo = w.view(4)
        print(wo.requires_grad, wo.is_leaf, wo._base, wo._is_view(), wo.grad_fn)
        print(w.unbind()[0].requires_grad, w.split(2)[1].is_leaf, w.t().requires_grad)
        (wo * 2).sum().backward()
        """,
        "w.unbind()[0].add_(1)", "(w.view(2, 2) * 2).sum().backward()",
        """
        d = a.detach()
        dv = d.view(2, 2)
        print(dv._base is d, dv._is_view())
        dv.add_(1)
        """,
        """
        w.requires_grad_(False)
        print(wv.requires_grad, wo.requires_grad)
        with torch.inference_mode():
            b = torch.ones(3)
            bv = b[:2]
        b.requires_grad_()
        print(bv.requires_grad)
        """,
        "bv.requires_grad_()",
        """
        with torch.inference_mode():
            bv.requires_grad_()
            print(bv.requires_grad, b.requires_grad)
            n = torch.ones(4)
        bv.detach_()
        print(bv.requires_grad)
        """,
        """
        n = torch.ones(4)
        with torch.inference_mode():
            nv = n.view(2, 2)
            print(nv._base is n, nv._is_view(), nv.is_inference())
        nv.add_(1)
        """,
    ),
    regression(
        "detach_inplace_of_inference_tensor_is_a_no_op",
        """
        with torch.inference_mode():
            w = torch.ones(4, requires_grad=True)
            w.detach_()
            print(w.requires_grad)
        w.detach_()
        w.requires_grad, w.is_leaf
        """,
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
    ),
    # ---- views made under no_grad / inference_mode ---------------------------------------
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
    ),
    regression(
        "inplace_on_view_of_no_grad_view_message",
        """
        x = torch.tensor(-1.5, requires_grad=True)
        with torch.no_grad():
            v = x.view(-1)
        v[:1].zero_()
        """,
        """
        z = torch.ones(3)
        with torch.no_grad():
            u = z[1:]
        u.mul_(2)
        z.requires_grad_()
        u.mul_(2)
        """,
        """
        z.requires_grad_(False)
        u.mul_(2)
        with torch.no_grad():
            q = z.view(3)
        q[0:2].add_(1)
        z
        """,
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
    ),
    regression(
        "backward_through_inference_mode_view",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.inference_mode():
            v = x.unsqueeze(0)
        v.backward(torch.ones_like(v))
        """,
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
]


@pytest.mark.views
@pytest.mark.parametrize("cells, isolated", VIEW_CASES + CLONE_CASES + SHAPE_CASES)
def test_views(cells, isolated):
    assert_same(cells, isolated=isolated)


@pytest.mark.parametrize("cells", REGRESSIONS)
def test_regression(cells):
    assert_same(cells)
