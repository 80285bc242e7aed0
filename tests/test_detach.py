"""detach() vs .data.

Differential cases: notebook-style cells run under torch 2.13 and under minigrad; the
transcripts must match (see difftest.py). The rules they check are in
docs/pytorch-2.13-semantics.md, section 7.
"""

import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch


DETACH_CASES = [
    case(
        "detach_shares_storage_new_object",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        d = y.detach()
        d.requires_grad, d.is_leaf, d.grad_fn, d is y
        """,
        "d.untyped_storage().data_ptr() == y.untyped_storage().data_ptr(), "
        "d.data_ptr() == y.data_ptr()",
        "y.detach() is y.detach()",
        "d[0] = 100.\ny",
    ),
    case(
        "data_shares_storage_new_object",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        t = x.data
        t.requires_grad, t.is_leaf, t.grad_fn, t is x, x.data is x.data
        """,
        "t.untyped_storage().data_ptr() == x.untyped_storage().data_ptr()",
        "t[1] = -7.\nx",
        "type(t).__name__",
    ),
    case(
        "detach_shares_version_data_does_not",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        y.detach().add_(1)
        y._version
        """,
        "y.data.add_(1)\ny._version, y.data._version",
        "y",
    ),
    case(
        "detach_grad_is_not_shared",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        (x * 3).sum().backward()
        x.grad, x.detach().grad, x.data.grad
        """,
    ),
    case(
        "detach_inplace_on_non_leaf",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        y.detach_() is y
        """,
        "y.requires_grad, y.is_leaf, y.grad_fn, y",
        "z = y * 3\nz.requires_grad",
        "(x * 5).sum().backward()\nx.grad",
    ),
    case(
        "detach_inplace_on_leaf",
        "x = torch.tensor([1., 2.], requires_grad=True)\nx.detach_()",
        "x.requires_grad, x.is_leaf",
    ),
    case(
        "detach_inplace_on_views_errors",
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n(x * 2)[0:2].detach_()",
        "x[0:1].detach_()",
        "torch.zeros(3)[1:].detach_()",
        "x.view(3, 1).detach_()",
    ),
    case(
        "data_assignment_adopts_storage",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        other = torch.tensor([5., 6., 7.])
        x.data = other
        x, x.shape, x.requires_grad, x.is_leaf
        """,
        "other[0] = 9.\nx",
        "x.untyped_storage().data_ptr() == other.untyped_storage().data_ptr()",
        "(x * 2).sum().backward()\nx.grad",
    ),
    case(
        "data_assignment_dtype_rules",
        "x = torch.tensor([1., 2.], requires_grad=True)\nx.data = torch.tensor([1, 2])",
        "x",
        "x.data = torch.tensor([1.5, 2.5], dtype=torch.float64)\nx",
        "n = torch.tensor([1., 2.])\nn.data = torch.tensor([3, 4])\nn",
        "x.data = torch.tensor([[1.]], dtype=torch.float64)\n(x * 2).sum().backward()\nx.grad",
    ),
    case(
        "data_manual_sgd_update",
        """
        w = torch.tensor([1., 2.], requires_grad=True)
        (w * w).sum().backward()
        w.data -= 0.1 * w.grad
        w, w._version, w.is_leaf
        """,
        "w.grad.zero_()\n(w * w).sum().backward()\nw.grad",
    ),
    case(
        "detach_of_view",
        """
        x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
        v = x.view(2, 2)
        d = v.detach()
        v._base is x, d._base
        """,
        "d.add_(1)\nv._version, x._version, x",
    ),
    case(
        "detach_then_requires_grad_builds_own_graph",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x.sigmoid()
        d = y.detach().requires_grad_()
        loss = (d * d).sum()
        loss.backward()
        d.grad, x.grad
        """,
        "d.is_leaf, type(loss.grad_fn).__name__",
    ),
]


@pytest.mark.detach
@pytest.mark.parametrize("cells, isolated", DETACH_CASES)
def test_detach(cells, isolated):
    assert_same(cells, isolated=isolated)
