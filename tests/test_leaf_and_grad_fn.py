"""Leaf tensors, requires_grad, grad_fn and .grad.

Differential cases: notebook-style cells run under torch 2.13 and under minigrad; the
transcripts must match (see difftest.py). The rules they check are in
docs/pytorch-2.13-semantics.md, sections 3, 4, 9.
"""

import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch


LEAF_CASES = [
    case(
        "leaf_defaults",
        "x = torch.tensor([1., 2.])\nx.requires_grad, x.is_leaf, x.grad_fn, x.grad",
        "y = x * 2\ny.requires_grad, y.is_leaf, y.grad_fn",
    ),
    case(
        "leaf_user_created_vs_results",
        "w = torch.ones(2, requires_grad=True)\nw.requires_grad, w.is_leaf, w.grad_fn",
        "y = w * 2\ny.requires_grad, y.is_leaf, y.grad_fn.name()",
        "b = torch.tensor([1., 1.]) + 1\nb.is_leaf, b.requires_grad",
        "(w + b).is_leaf",
    ),
    case(
        "leaf_results_that_never_require_grad",
        "w = torch.tensor([1.5, -0.5, 2.], requires_grad=True)\n"
        "c = w > 0\n"
        "c, c.requires_grad, c.is_leaf",
        "a = w.argmax()\na, a.requires_grad",
        "w.long(), w.long().grad_fn",
        "w.round(), w.floor()",
        "w == w, (w == w).grad_fn",
        "with torch.no_grad():\n    n = w * 2\nn.is_leaf, n.requires_grad",
        "w.detach().is_leaf, w.data.is_leaf",
    ),
    case(
        "leaf_views_and_casts_are_not_leaves",
        "x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)\n"
        "x.view(4).is_leaf, x[0].is_leaf",
        "x.reshape(4).is_leaf, x.t().is_leaf",
        "x.double().is_leaf, x.to(torch.float64).grad_fn",
        "x.float() is x, x.to(torch.float32) is x, x.contiguous() is x",
        "x.float().is_leaf",
        "torch.tensor([1., 2.]).double().is_leaf",
    ),
    case(
        "leaf_requires_grad_underscore_returns_self",
        "a = torch.tensor([1., 2.])\na.requires_grad_() is a",
        "a.requires_grad, a.is_leaf",
        "a.requires_grad_(False) is a",
        "a.requires_grad",
        "a.requires_grad_(True)",
        "a.requires_grad = False\na",
        "a.requires_grad = True\na",
    ),
    case(
        "leaf_non_leaf_requires_grad_flags",
        "x = torch.tensor([1., 2.], requires_grad=True)\ny = x * 2\ny.requires_grad_() is y",
        "y.requires_grad_(True)",
        "y.requires_grad_(False)",
        "y.requires_grad = False",
        "y.requires_grad = True",
        "y.requires_grad, y.is_leaf",
    ),
    case(
        "leaf_integer_dtypes_cannot_require_grad",
        "torch.tensor([1, 2], requires_grad=True)",
        "torch.ones(2, dtype=torch.long, requires_grad=True)",
        "torch.arange(3, requires_grad=True)",
        "import torch.nn as nn\nnn.Parameter(torch.tensor([1, 2]))",
        "t = torch.tensor([1, 2])\nt.requires_grad_()",
        "t.requires_grad = True",
        "t.requires_grad_(False)",
        "t.requires_grad = False\nt.requires_grad",
        "torch.tensor([True], requires_grad=True)",
    ),
    case(
        "leaf_turned_off_drops_out",
        "w = torch.ones(2, requires_grad=True)\nw.requires_grad_(False)",
        "(w * 3).sum().backward()",
        "w.grad",
        "w.requires_grad = True\n(w * 3).sum().backward()\nw.grad",
    ),
    case(
        "leaf_grad_is_plain_tensor",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        (x * x).sum().backward()
        g = x.grad
        g
        """,
        "g.requires_grad, g.is_leaf, g.grad_fn, g.dtype",
        """
        a = torch.tensor([1., 2.], requires_grad=True)
        (a.double() * 3).sum().backward()
        a.grad, a.grad.dtype
        """,
    ),
    case(
        "leaf_mixed_inputs",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        c = torch.tensor([3., 4.])
        y = x * c + c
        y.requires_grad, y.grad_fn
        """,
        "y.sum().backward()\nx.grad, c.grad",
        "c.is_leaf, c.requires_grad",
    ),
    case(
        "leaf_detached_then_requires_grad_is_new_leaf",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        d = y.detach().requires_grad_()
        d, d.is_leaf
        """,
        "(d * 3).sum().backward()\nd.grad",
        "x.grad",
        "y.sum().backward()\nx.grad",
    ),
    case(
        "leaf_results_in_chain",
        """
        a = torch.tensor(2., requires_grad=True)
        b = a * 3
        c = b.exp()
        d = c.sum()
        [t.is_leaf for t in (a, b, c, d)], [t.requires_grad for t in (a, b, c, d)]
        """,
        "[type(t.grad_fn).__name__ for t in (b, c, d)]",
    ),
]


GRAD_FN_CASES = [
    case(
        "gradfn_add",
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n"
        "[type(e.grad_fn).__name__ for e in (x + 1, 1 + x, x + x, x.add(x, alpha=2))]",
        "type(torch.add(x, 1).grad_fn).__name__, x + 1",
    ),
    case(
        "gradfn_sub_and_rsub",
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n"
        "[type(e.grad_fn).__name__ for e in (x - 1, x - x, x.sub(1), 1 - x)]",
        "1 - x",
        "(1 - x).grad_fn.name()",
    ),
    case(
        "gradfn_mul_and_div",
        "x = torch.tensor([1., 2., 4.], requires_grad=True)\n"
        "[type(e.grad_fn).__name__ for e in (x * 2, 2 * x, x * x, torch.mul(x, x))]",
        "[type(e.grad_fn).__name__ for e in (x / 2, x / x, x.div(2))]",
        "2 / x",
        "(2 / x).grad_fn.next_functions[0][0]",
    ),
    case(
        "gradfn_neg_and_pow",
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n"
        "[type(e.grad_fn).__name__ for e in (-x, x.neg(), x ** 2, x.pow(2), x.square())]",
        "x ** x",
        "2 ** x",
        "x ** 0.5",
    ),
    case(
        "gradfn_unary_functions",
        "x = torch.tensor([0.5, 1., 2.], requires_grad=True)\n"
        "[type(f(x).grad_fn).__name__ for f in (torch.exp, torch.log, torch.sigmoid, torch.tanh)]",
        "[type(f(x).grad_fn).__name__ for f in (torch.relu, torch.abs, torch.sin, torch.cos)]",
        "x.sqrt(), x.exp(), x.log()",
        "x.tanh(), x.relu(), x.abs()",
        "x.sin(), x.cos()",
    ),
    case(
        "gradfn_reductions",
        "x = torch.tensor([[1., 5.], [3., 2.]], requires_grad=True)\nx.sum(), x.sum(0)",
        "x.sum(dim=1, keepdim=True)",
        "x.mean(), x.mean(0)",
        "x.max(), x.min()",
        "x.max(0)",
        "x.max(0).values, x.min(dim=1).values",
        "x.max(1)[1]",
    ),
    case(
        "gradfn_matmul_family",
        """
        m = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
        v = torch.tensor([1., -1.], requires_grad=True)
        m @ m
        """,
        "m.mm(m).grad_fn, torch.mm(m, m)",
        "m @ v, m.mv(v)",
        "v @ v, v.dot(v)",
        "torch.matmul(v, m)",
        "w = torch.tensor([[1.], [2.]])\nv @ w",
    ),
    case(
        "gradfn_transpose_family",
        "x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)\nx.t()",
        "x.T",
        "x.transpose(0, 1)",
        "x.permute(1, 0)",
        "x.mT",
    ),
    case(
        "gradfn_view_family",
        "x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)\nx.view(4)",
        "x.reshape(4), x.flatten()",
        "x.unsqueeze(0)",
        "u = x.view(1, 2, 2)\nu.squeeze(), u.squeeze(0)",
        "x[0].expand(2, 2)",
        "x.view(-1, 1)",
    ),
    case(
        "gradfn_indexing",
        "x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)\nx[0], x[:, 0]",
        "x[0, 1]",
        "x[0:1]",
        "x[[0, 1]]",
        "x[x > 2]",
        "x[:, 1:]",
        "x[..., -1]",
    ),
    case(
        "gradfn_copies_casts_and_joins",
        "x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)\nx.clone()",
        "x.t().contiguous()",
        "x.double(), x.to(torch.float64).grad_fn",
        "torch.cat([x, x])",
        "torch.stack([x[0], x[1]])",
        "x.contiguous() is x, x.float() is x",
    ),
    case(
        "gradfn_copy_and_copy_slices",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        dst = torch.zeros(3)
        dst.copy_(x)
        """,
        "dst.grad_fn.name()",
        "z = x * 1\nz[1:3] = 0\nz",
        "type(z.grad_fn).__name__, z.grad_fn.name()",
        "b = torch.zeros(2)\nb[0] = x[0]\nb",
    ),
    case(
        "gradfn_next_functions_with_constants",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        b = torch.tensor([3., 4.])
        y = x * b
        y.grad_fn.next_functions
        """,
        "c = y + 1\nc.grad_fn.next_functions",
        "[type(f).__name__ if f else None for f, _ in c.grad_fn.next_functions]",
        "[type(f).__name__ if f else None for f, _ in (x * 2).grad_fn.next_functions]",
        "[type(f).__name__ if f else None for f, _ in (b * x).grad_fn.next_functions]",
        "[n for _, n in y.grad_fn.next_functions]",
    ),
    case(
        "gradfn_next_functions_structure",
        """
        a = torch.tensor([1., 2.], requires_grad=True)
        b = torch.tensor([3., 4.], requires_grad=True)
        y = (a * b).exp().sum()
        node = y.grad_fn
        names = []
        while node is not None:
            names.append(type(node).__name__)
            node = node.next_functions[0][0] if node.next_functions else None
        names
        """,
        "[type(f).__name__ if f else None for f, _ in torch.cat([a, b]).grad_fn.next_functions]",
        "s = torch.stack([a, a, b])\n"
        "[type(f).__name__ if f else None for f, _ in s.grad_fn.next_functions]",
        "[type(f).__name__ if f else None for f, _ in (a @ b).grad_fn.next_functions]",
        "t = torch.add(a, b, alpha=2)\n"
        "[type(f).__name__ if f else None for f, _ in t.grad_fn.next_functions]",
        "[type(f).__name__ if f else None for f, _ in a.sum().grad_fn.next_functions]",
    ),
    case(
        "gradfn_accumulate_grad_node",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        acc = (x * 2).grad_fn.next_functions[0][0]
        acc
        """,
        "acc.variable is x, acc.next_functions",
        "(x.exp()).grad_fn.next_functions[0][0] is acc",
        "type(acc).__name__, acc.name()",
        "(x * 2).grad_fn.next_functions[0][1]",
    ),
    case(
        "gradfn_identity_and_survives_backward",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = (x * x).sum()
        y.grad_fn is y.grad_fn
        """,
        "y.backward()\ny",
        "type(y.grad_fn).__name__, y.grad_fn.next_functions[0][0].name()",
        "x.grad",
    ),
    case(
        "gradfn_round_floor_have_zero_grad",
        "x = torch.tensor([1.4, 2.6], requires_grad=True)\nr = x.round()\nf = x.floor()\nr, f",
        "(r + f).sum().backward()\nx.grad",
        "x.ceil(), torch.sign(x)",
    ),
    case(
        "gradfn_leaf_and_no_grad_have_none",
        "x = torch.tensor([1., 2.], requires_grad=True)\nprint(x.grad_fn)",
        "with torch.no_grad():\n    y = x * 2\nprint(y.grad_fn)",
        "print(x.detach().grad_fn, torch.ones(2).grad_fn)",
    ),
]


GRAD_CASES = [
    case(
        "grad_accumulates_across_backward",
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n(x * 2).sum().backward()\nx.grad",
        "(x * 2).sum().backward()\nx.grad",
        "(x * x).sum().backward()\nx.grad",
    ),
    case(
        "grad_zero_keeps_the_same_tensor",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        (x * 3).sum().backward()
        g = x.grad
        x.grad.zero_()
        """,
        "(x * 5).sum().backward()\ng is x.grad, g",
        "x.grad = None\n(x * 7).sum().backward()\ng is x.grad, x.grad, g",
    ),
    case(
        "grad_tensor_used_twice_sums",
        "a = torch.tensor(3., requires_grad=True)\ny = a * a + a\ny.backward()\na.grad",
        "b = torch.tensor([1., 2.], requires_grad=True)\n"
        "(b * b * b + b.exp()).sum().backward()\n"
        "b.grad",
    ),
    case(
        "grad_broadcast_is_summed_back",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = x + torch.ones(2, 3)
        y.sum().backward()
        x.grad
        """,
        """
        s = torch.tensor(2., requires_grad=True)
        (s * torch.ones(2, 3)).sum().backward()
        s.grad, s.grad.shape
        """,
        """
        a = torch.tensor([[1.], [2.]], requires_grad=True)
        b = torch.tensor([[10., 20., 30.]], requires_grad=True)
        (a * b).sum().backward()
        a.grad, b.grad
        """,
        """
        k = torch.tensor([[1., 2.]], requires_grad=True)
        (k.expand(3, 2) * torch.arange(6.).view(3, 2)).sum().backward()
        k.grad
        """,
    ),
    case(
        "grad_assign_then_accumulate",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        x.grad = torch.tensor([10., 10.])
        (x * 2).sum().backward()
        x.grad
        """,
        "x.grad = None\nx.grad",
        "x.grad = torch.zeros(2)\nx.grad.requires_grad",
    ),
    case(
        "grad_assign_errors",
        "x = torch.tensor([1., 2.], requires_grad=True)\nx.grad = torch.ones(3)",
        "x.grad = torch.ones(2, dtype=torch.float64)",
        "x.grad = [1., 2.]",
        "x.grad",
    ),
    case(
        "grad_backward_with_gradient_weights",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = x * 2
        y.backward(torch.tensor([1., 0.1, 0.01]))
        x.grad
        """,
        "z = torch.tensor(3., requires_grad=True)\nz.backward()\nz.grad",
        "m = torch.tensor([[1., 2.]], requires_grad=True)\n"
        "(m * 3).backward(torch.ones(1, 2))\n"
        "m.grad",
    ),
    case(
        "grad_single_element_outputs_are_fine",
        "x = torch.tensor([2.], requires_grad=True)\n(x * 3).backward()\nx.grad",
        "w = torch.tensor([[2.]], requires_grad=True)\n(w * w).backward()\nw.grad",
    ),
    case(
        "grad_of_non_grad_inputs_stays_none",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        c = torch.tensor([5., 6.])
        (x * c).sum().backward()
        print(c.grad, x.grad)
        """,
    ),
]


@pytest.mark.leaf
@pytest.mark.parametrize("cells, isolated", LEAF_CASES + GRAD_FN_CASES + GRAD_CASES)
def test_leaf(cells, isolated):
    assert_same(cells, isolated=isolated)
