"""Learner-style programs, second set: autograd topics (detach vs .data, leaf tensors,
retain_grad and hooks, no_grad/inference_mode, in-place errors); views and matmul are in
tests/test_learner_programs_4.py.

Each case is a short program of the kind people post when they ask why autograd did what it
did: it prints tensors, grads, grad_fn and the error it hit (a cell that raises is recorded and
the next cell still runs). Written for this file; values are fixed, nothing random is printed.
Both transcripts must match (tests/difftest.py); a case that does not match today is a strict
xfail with the reason. The nn and training topics are in tests/test_learner_programs_3.py.
"""
import textwrap

import pytest

from difftest import assert_same, requires_torch

pytestmark = requires_torch


def program(name, *cells, xfail=None):
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    return pytest.param([textwrap.dedent(c).strip("\n") for c in cells], id=name, marks=marks)


DETACH_VS_DATA = [
    program("data_hides_inplace_change_from_autograd",
            """
            a = torch.tensor([1., 2., 3.], requires_grad=True)
            out = a.sigmoid()
            c = out.data
            c.zero_()
            print(out)
            out.sum().backward()
            print(a.grad)
            """,
            """
            a = torch.tensor([1., 2., 3.], requires_grad=True)
            out = a.sigmoid()
            c = out.detach()
            c.zero_()
            print(out)
            out.sum().backward()
            """),
    program("detach_shares_storage_with_source",
            """
            x = torch.tensor([1., 2.], requires_grad=True)
            y = x.detach()
            y[0] = 10
            print(x, y)
            print(x.data_ptr() == y.data_ptr())
            print(y.requires_grad, y.is_leaf, y.grad_fn, x._version, y._version)
            """),
    program("detached_result_made_to_require_grad",
            """
            w = torch.tensor([0.5, -1.0], requires_grad=True)
            z = (w * 2).detach()
            z.requires_grad_()
            (z ** 2).sum().backward()
            print(z.grad, w.grad, z.is_leaf)
            """),
    program("assign_parameter_data",
            """
            from torch import nn
            p = nn.Parameter(torch.ones(2))
            p.data = torch.tensor([3., 4.])
            print(p)
            p.data = torch.zeros(3)
            print(p.shape, p.requires_grad)
            """,
            "p.data = [1, 2]"),
    program("detached_mean_as_target",
            """
            x = torch.tensor([1., 2., 4.], requires_grad=True)
            y = x * 3
            loss = ((y - y.detach().mean()) ** 2).sum()
            loss.backward()
            print(loss, x.grad)
            """),
    program("numpy_of_tensor_requiring_grad",
            """
            x = torch.tensor([1.5, 2.5], requires_grad=True)
            x.numpy()
            """,
            """
            print(x.detach().numpy(), x.data.numpy())
            n = x.detach().numpy()
            n[0] = 7
            print(x)
            """),
]

LEAVES = [
    program("cast_makes_a_non_leaf",
            """
            a = torch.tensor([1., 2.], requires_grad=True).double()
            print(a.is_leaf, a.grad_fn)
            a.sum().backward()
            print(a.grad)
            """),
    program("optimizer_rejects_scaled_tensor",
            """
            w = torch.ones(3, requires_grad=True) * 0.01
            print(w.is_leaf, w.grad_fn)
            opt = torch.optim.SGD([w], lr=0.1)
            """),
    program("requires_grad_flag_of_non_leaf",
            """
            a = torch.tensor([1., 2.], requires_grad=True)
            b = a * 2
            b.requires_grad = False
            """,
            "b.requires_grad_(True); print(b.requires_grad)"),
    program("write_into_leaf_then_under_no_grad",
            """
            x = torch.zeros(3, requires_grad=True)
            x[0] = 1.
            """,
            """
            with torch.no_grad():
                x[0] = 1.
            print(x, x.is_leaf, x.grad_fn, x._version)
            """),
    program("which_tensors_are_leaves",
            """
            from torch import nn
            a = torch.ones(2)
            b = torch.ones(2, requires_grad=True)
            c = b + 1
            d = c.detach()
            e = b.clone()
            print([t.is_leaf for t in (a, b, c, d, e)])
            print([t.requires_grad for t in (a, b, c, d, e)])
            print(nn.Linear(2, 2).weight.is_leaf, e.grad_fn)
            """),
    program("grads_accumulate_then_second_backward",
            """
            x = torch.tensor([1., 2.], requires_grad=True)
            y = (x ** 2).sum()
            y.backward(retain_graph=True)
            y.backward()
            print(x.grad)
            y.backward()
            """,
            "x.grad.zero_(); print(x.grad)"),
]

HOOKS = [
    program("retain_grad_of_intermediate",
            """
            x = torch.tensor([1., -2., 3.], requires_grad=True)
            y = x * 2
            y.retain_grad()
            z = (y ** 2).mean()
            z.backward()
            print(y.grad, y.retains_grad, x.grad, z.grad)
            """),
    program("hook_scales_leaf_grad",
            """
            x = torch.tensor([1., 2.], requires_grad=True)
            h = x.register_hook(lambda g: g * 10)
            (x * 3).sum().backward()
            print(x.grad)
            h.remove()
            x.grad = None
            (x * 3).sum().backward()
            print(x.grad)
            """),
    program("hooks_on_intermediate_print_in_order",
            """
            x = torch.tensor([2., 3.], requires_grad=True)
            y = x.exp()
            y.register_hook(lambda g: print("first", g))
            y.register_hook(lambda g: print("second", g))
            z = y.log().sum()
            z.register_hook(lambda g: print("z", g))
            z.backward()
            print(x.grad)
            """),
    program("retain_grad_without_requires_grad",
            """
            t = torch.ones(2)
            t.retain_grad()
            """,
            """
            t.register_hook(lambda g: g)
            """),
    program("hook_changes_size",
            """
            x = torch.tensor([1., 2., 3.], requires_grad=True)
            x.register_hook(lambda g: g.sum())
            (x * 2).sum().backward()
            """,
            """
            y = torch.tensor([1., 2.], requires_grad=True)
            y.register_hook(lambda g: g.long())
            (y * 2).sum().backward()
            print(y.grad)
            """),
    program("module_forward_and_backward_hooks",
            """
            from torch import nn
            lin = nn.Linear(3, 2)
            with torch.no_grad():
                lin.weight.copy_(torch.tensor([[1., 0., -1.], [0.5, 0.5, 0.5]]))
                lin.bias.fill_(0.1)
            lin.register_forward_hook(lambda m, i, o: print("fwd", type(i), len(i), o))
            lin.register_full_backward_hook(lambda m, gi, go: print("bwd", gi, go))
            out = lin(torch.tensor([[1., 2., 3.]], requires_grad=True))
            out.sum().backward()
            print(out.grad_fn)
            """),
    program("retain_grad_then_inplace",
            """
            x = torch.tensor([1., 2.], requires_grad=True)
            y = x * 2
            y.retain_grad()
            y.add_(1)
            y.sum().backward()
            print(y.grad, y.grad_fn, y._version)
            """),
]

NO_GRAD = [
    program("no_grad_result_cannot_backward",
            """
            x = torch.tensor([1., 2.], requires_grad=True)
            with torch.no_grad():
                y = x * 2
            print(y.requires_grad, y.grad_fn, y.is_leaf)
            y.sum().backward()
            """),
    program("no_grad_decorator",
            """
            @torch.no_grad()
            def double(t):
                print("enabled inside:", torch.is_grad_enabled())
                return t * 2
            x = torch.ones(2, requires_grad=True)
            r = double(x)
            print(r.requires_grad, torch.is_grad_enabled())
            """),
    program("inference_tensor_saved_for_backward",
            """
            x = torch.tensor([1., 2.], requires_grad=True)
            with torch.inference_mode():
                y = x * 2
            print(y.is_inference(), y.requires_grad)
            z = y * x
            """,
            """
            z = y.clone() * x
            z.sum().backward()
            print(x.grad)
            """),
    program("set_grad_enabled_as_function_and_context",
            """
            x = torch.ones(2, requires_grad=True)
            torch.set_grad_enabled(False)
            y = x * 2
            torch.set_grad_enabled(True)
            with torch.set_grad_enabled(False):
                w = x * 3
            z = x * 4
            print(y.requires_grad, w.requires_grad, z.requires_grad)
            """),
    program("manual_sgd_step_needs_no_grad",
            """
            w = torch.tensor([1., -1.], requires_grad=True)
            loss = ((w - 3) ** 2).sum()
            loss.backward()
            w -= 0.1 * w.grad
            """,
            """
            with torch.no_grad():
                w -= 0.1 * w.grad
            w.grad.zero_()
            print(w, w.grad, w.is_leaf)
            """),
    program("inference_tensor_inplace_outside",
            """
            with torch.inference_mode():
                t = torch.ones(3)
            t.add_(1)
            """,
            """
            with torch.inference_mode():
                t.add_(1)
            print(t, t.is_inference())
            """),
]

INPLACE = [
    program("exp_result_modified_inplace",
            """
            x = torch.tensor([0., 1.], requires_grad=True)
            out = torch.exp(x)
            out += 1
            print(out.grad_fn, out._version)
            out.sum().backward()
            """),
    program("inplace_on_view_of_leaf",
            """
            x = torch.ones(2, 2, requires_grad=True)
            y = x[0]
            y.mul_(2)
            """,
            """
            z = x.clone()
            z[0].mul_(2)
            z.sum().backward()
            print(z, z.grad_fn, x.grad)
            """),
    program("relu_inplace_after_sigmoid_module",
            """
            from torch import nn
            net = nn.Sequential(nn.Sigmoid(), nn.ReLU(inplace=True))
            x = torch.tensor([-1., 0., 1.], requires_grad=True)
            y = net(x)
            print(y.grad_fn)
            y.sum().backward()
            """),
    program("tanh_output_scaled_inplace",
            """
            x = torch.tensor([0.5, -0.5], requires_grad=True)
            a = x.tanh()
            a.mul_(2)
            (a * a).sum().backward()
            """),
    program("plus_equals_vs_rebinding_leaf",
            """
            x = torch.tensor([1., 2.], requires_grad=True)
            x = x + 1
            print(x.is_leaf, x.grad_fn)
            x += 1
            print(x.grad_fn, x._version)
            """,
            """
            w = torch.tensor([1., 2.], requires_grad=True)
            w += 1
            """),
    program("unbind_output_modified_inplace",
            """
            x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
            y = x * 1
            a, b = y.unbind()
            a.mul_(2)
            """,
            """
            c = y.split(1)[0]
            c.add_(1)
            """),
    program("expanded_tensor_add_inplace",
            """
            x = torch.tensor([1., 2.])
            e = x.expand(3, 2)
            e.add_(1)
            """,
            "print(e.contiguous().add_(1), x)"),
]

@pytest.mark.parametrize(
    "cells", DETACH_VS_DATA + LEAVES + HOOKS + NO_GRAD + INPLACE)
def test_learner_program(cells):
    assert_same(cells)
