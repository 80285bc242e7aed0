"""What each op saves, and version counters.

Differential cases: notebook-style cells run under torch 2.13 and under minigrad; the
transcripts must match (see difftest.py). The rules they check are in
docs/pytorch-2.13-semantics.md, sections 5, 6.
"""

import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch


SAVED_CASES = [
    case(
        "saved_sigmoid_output_edit_raises",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = x.sigmoid()
        y.detach().zero_()
        y.sum().backward()
        """,
        "x.grad",
    ),
    case(
        "saved_sigmoid_input_edit_is_harmless",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = x.sigmoid()
        x.detach().zero_()
        y.sum().backward()
        x.grad
        """,
    ),
    case(
        "saved_pow_output_edit_is_harmless",
        """
        x = torch.tensor(1., requires_grad=True)
        y = x ** 2
        y.detach().zero_()
        y.backward()
        x.grad
        """,
    ),
    case(
        "saved_pow_input_edit_raises",
        """
        x = torch.tensor(1., requires_grad=True)
        y = x ** 2
        x.detach().add_(1)
        y.backward()
        """,
    ),
    case(
        "saved_inplace_on_sigmoid_output",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = x.sigmoid()
        y.mul_(2)
        y, y._version
        """,
        "y.sum().backward()",
    ),
    case(
        "saved_inplace_on_pow_output",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = x ** 2
        y.mul_(2)
        y.sum().backward()
        x.grad
        """,
    ),
    case(
        "saved_data_edit_corrupts_silently",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = x.sigmoid()
        y.data.zero_()
        y.sum().backward()
        x.grad
        """,
        "x.grad == torch.tensor([0., 0., 0.])",
    ),
    case(
        "saved_mul_saves_the_other_operand",
        """
        a = torch.tensor([1., 2.], requires_grad=True)
        b = torch.tensor([3., 4.], requires_grad=True)
        y = a * b
        a.detach().add_(1)
        y.sum().backward()
        """,
        """
        a2 = torch.tensor([1., 2.], requires_grad=True)
        b2 = torch.tensor([3., 4.])
        y2 = a2 * b2
        a2.detach().add_(1)
        y2.sum().backward()
        a2.grad
        """,
        """
        a3 = torch.tensor([1., 2.], requires_grad=True)
        b3 = torch.tensor([3., 4.])
        y3 = a3 * b3
        b3.add_(1)
        y3.sum().backward()
        """,
    ),
    case(
        "saved_mul_by_python_number_saves_nothing",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        z = x / 4
        x.detach().add_(10)
        (y + z).sum().backward()
        x.grad
        """,
    ),
    case(
        "saved_add_sub_sum_mean_view_save_nothing",
        """
        x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
        w = torch.tensor([1., 1., 1., 1.], requires_grad=True)
        y = (x + w - 1).view(2, 2).clone().neg().sum() + x.mean()
        x.detach().mul_(5)
        w.detach().mul_(5)
        y.backward()
        x.grad, w.grad
        """,
    ),
    case(
        "saved_exp_output_then_add_inplace",
        """
        x = torch.tensor([0., 1.], requires_grad=True)
        h = x.exp()
        h.add_(1)
        type(h.grad_fn).__name__, h._version
        """,
        "h.sum().backward()",
    ),
    case(
        "saved_log_div_matmul_inputs",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x.log()
        x.detach().mul_(2)
        y.sum().backward()
        """,
        """
        p = torch.tensor([1., 2.], requires_grad=True)
        q = torch.tensor([4., 8.], requires_grad=True)
        r = p / q
        q.detach().add_(1)
        r.sum().backward()
        """,
        """
        m = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
        n = torch.tensor([[1., 0.], [0., 1.]], requires_grad=True)
        o = m @ n
        n.detach().mul_(3)
        o.sum().backward()
        """,
    ),
    case(
        "saved_tanh_relu_sqrt_outputs",
        """
        x = torch.tensor([1., 4.], requires_grad=True)
        t = x.tanh()
        t.detach().zero_()
        t.sum().backward()
        """,
        "r = x.relu()\nr.detach().zero_()\nr.sum().backward()",
        "s = x.sqrt()\nx.detach().add_(5)\ns.sum().backward()\nx.grad",
    ),
]


VERSION_CASES = [
    case(
        "version_bumps_per_inplace_op",
        "t = torch.zeros(3)\nt._version",
        "t.add_(1); t.mul_(2)\nt._version",
        "t.zero_(); t.fill_(1); t.clamp_(0, 0.5)\nt._version",
        "t.sigmoid_(); t.copy_(torch.ones(3))\nt._version",
        "t += 1\nt._version",
        "t[0] = 5\nt._version, t",
    ),
    case(
        "version_item_and_slice_assignment",
        "u = torch.zeros(2, 3)\nu[:, 0] = 1\nu._version",
        "u[0][1] = 3\nu._version",
        "u[1, 2] = 7\nu._version, u",
        "u[u > 2] = 0\nu._version",
    ),
    case(
        "version_not_bumped",
        "t = torch.tensor([1., 2.])\nt.requires_grad_()\nt._version",
        "t.data.add_(1)\nt._version, t",
        "t.data._version",
        "d = t.data\nd.mul_(2)\nd._version, t._version",
        "t.data = torch.tensor([5., 6.])\nt._version",
        "w = torch.zeros(2)\nw.add_(1)\nw.data = torch.ones(3)\nw._version",
    ),
    case(
        "version_shared_by_views_and_detach",
        """
        a = torch.zeros(2, 3)
        v = a.view(6)
        s = a[0]
        d = a.detach()
        e = a.t()
        v.add_(1)
        a._version, v._version, s._version, d._version, e._version
        """,
        "d.mul_(2)\na._version, v._version",
        "a.reshape(3, 2).add_(1); a[1:].sub_(1); a.unsqueeze(0).add_(1)\na._version",
        "x = torch.ones(3)\nex = x.expand(2, 3)\nx.add_(1)\nex._version",
    ),
    case(
        "version_not_shared_by_copies",
        """
        a = torch.zeros(3)
        c = a.clone()
        f = a[[0, 2]]
        m = a[a == 0]
        dt = a.data
        c.add_(1); f.add_(1); m.add_(1); dt.add_(1)
        a._version, c._version, f._version, m._version, dt._version
        """,
        "a",
    ),
    case(
        "version_failed_inplace_does_not_bump",
        "x = torch.tensor([1., 2.], requires_grad=True)\nx.add_(1)",
        "x._version, x",
        "x[0] = 5.",
        "x._version, x",
    ),
    case(
        "version_error_message_for_leaf",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = (x * x).sum()
        x.detach().add_(1)
        y.backward()
        """,
        """
        s = torch.tensor(2., requires_grad=True)
        z = s.log()
        s.detach().add_(1)
        s.detach().add_(1)
        z.backward()
        """,
    ),
    case(
        "version_error_message_names_current_grad_fn",
        """
        x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
        s = x.sum(dim=1)
        z = s * s
        s.detach().add_(1)
        z.sum().backward()
        """,
        """
        d = x.double()
        zd = d * d
        d.detach().add_(1)
        zd.sum().backward()
        """,
        """
        m = x @ x
        zm = m * m
        m.detach().add_(1)
        zm.sum().backward()
        """,
        """
        p = x ** x
        zp = p * p
        p.detach().add_(1)
        zp.sum().backward()
        """,
    ),
    case(
        "version_error_at_version_two",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x.exp()
        y.detach().add_(1)
        y.detach().add_(1)
        y.sum().backward()
        """,
    ),
    case(
        "version_error_after_inplace_rewrote_grad_fn",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 1
        z = y * y
        y.add_(1)
        type(y.grad_fn).__name__, y._version
        """,
        "z.sum().backward()",
    ),
    case(
        "version_error_view_reports_as_strided",
        """
        x = torch.tensor([1., 1., 1.], requires_grad=True)
        y = torch.tensor([2., 4., 6.], requires_grad=True).view(-1, 1)
        z = torch.matmul(x, y)
        y.detach().mul_(2)
        z.backward()
        """,
        "type(y.grad_fn).__name__, y._version",
    ),
    case(
        "version_error_copy_slices",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        z = x * 1
        w = z * z
        z[0] = 0.
        type(z.grad_fn).__name__, z._version
        """,
        "w.sum().backward()",
    ),
    case(
        "version_error_double_tensor",
        """
        x = torch.tensor([[1., 2.]], dtype=torch.float64, requires_grad=True)
        y = x.sigmoid()
        y.detach().zero_()
        y.sum().backward()
        """,
    ),
    # in-place ops that save their output (sigmoid_, tanh_, exp_...): the saved result shares
    # the output's version counter; a further change is caught with its versions; an in-place
    # op on a view names the view's regenerated grad_fn (AsStrided)
    case(
        "saved_result_of_inplace_ops_and_versions",
        """
        x = torch.tensor([0.5, 1.0], requires_grad=True)
        y = x * 1
        y.sigmoid_()
        r = y.grad_fn._saved_result
        print(y._version, y.grad_fn, r, r._version)
        y.mul_(2)
        print(y._version, r._version, y.grad_fn, y.grad_fn.next_functions[0][0].name())
        """,
        "y.grad_fn.next_functions[0][0]._saved_result", "y.sum().backward()",
        """
        y = x * 1
        y.tanh_()
        y.detach().add_(1)
        y.sum().backward()
        """,
        """
        y = x * 1
        y.exp_()
        y.add_(1)
        print(y._version)
        y.sum().backward()
        """,
        """
        y = x * 1
        y.exp_()
        print(y.grad_fn._saved_result, y.grad_fn._saved_result is y)
        y.grad_fn._saved_result.add_(1)
        print(y._version, y)
        y.sum().backward()
        """,
        """
        y = x * 1
        v = y[0:1]
        v.sigmoid_()
        print(v._version, y._version, y.grad_fn, v.grad_fn)
        y.add_(1)
        y.sum().backward()
        """,
        """
        y = x * 1
        v = y[0:1]
        v.exp_()
        print(v.grad_fn.name(), y.grad_fn.name())
        y.sum().backward()
        x.grad
        """,
        """
        y = x * 1
        y.relu_()
        y.sqrt_()
        y.add_(1)
        y.sum().backward()
        """,
    ),
]


@pytest.mark.inplace
@pytest.mark.parametrize("cells, isolated", SAVED_CASES + VERSION_CASES)
def test_inplace(cells, isolated):
    assert_same(cells, isolated=isolated)
