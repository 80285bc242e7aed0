"""A selection of PyTorch's own test_autograd.py methods on this project's topics (leaf,
detach, hooks, retain_grad, grad modes, in-place and the version counter, views), re-written
as transcript cases: each keeps what the original method checks, with fixed inputs instead of
random ones, and prints the checked values instead of asserting them. Both libraries must
print the same transcript (difftest); known mismatches are strict xfails with the reason.
The case name is the original method's name. This file: detach, hooks, retain_grad, in-place
ops on views and the version counter (test_ports_autograd_methods.py has the rest).
"""
import textwrap

import pytest

from difftest import assert_same, requires_torch

pytestmark = requires_torch


def case(name, *cells, xfail=None):
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    return pytest.param([textwrap.dedent(c).strip("\n") for c in cells], id=name, marks=marks)


DETACH_HOOKS = [
    case("test_detach",
         """
         x = torch.ones(5, 5, requires_grad=True)
         y = x + 2
         y = y.detach()
         z = y * 4 + 2
         print(y.requires_grad, z.requires_grad)
         x = torch.ones(5, 5, requires_grad=True)
         y = x * 2
         y = y.detach()
         print(y.requires_grad, y.grad_fn)
         z = x + y
         z.sum().backward()
         print(x.grad)
         """),
    case("test_detach_base",
         """
         x = torch.ones(10, 10, requires_grad=True)
         view = x.narrow(0, 1, 4)
         x = view.detach()
         print(x._base is None, x.is_leaf, x.requires_grad)
         """),
    case("test_detach_inplace_then_backward",
         """
         x = torch.ones(2, requires_grad=True)
         y = x * 2
         y.detach_()
         print(y.requires_grad, y.grad_fn, y.is_leaf)
         y.sum().backward()
         """),
    case("test_hooks",
         """
         x = torch.ones(5, 5, requires_grad=True)
         y = torch.ones(5, 5) * 4
         y.requires_grad_(True)
         counter = [0]
         def bw_hook(inc, grad):
             counter[0] += inc
         z = x ** 2 + x * 2 + x * y + y
         x.register_hook(lambda *args: bw_hook(0, *args))
         test = z.register_hook(lambda *args: bw_hook(1, *args))
         z.backward(torch.ones(5, 5), retain_graph=True)
         print(counter[0])
         test2 = z.register_hook(lambda *args: bw_hook(2, *args))
         z.backward(torch.ones(5, 5), retain_graph=True)
         print(counter[0])
         test2.remove()
         z.backward(torch.ones(5, 5), retain_graph=True)
         print(counter[0])
         def bw_hook_modify(grad):
             return grad.mul(2)
         test.remove()
         z.register_hook(bw_hook_modify)
         with torch.no_grad():
             y.grad.zero_()
         z.backward(torch.ones(5, 5), retain_graph=True)
         print(y.grad[0])
         """),
    case("test_hook_none",
         """
         class NoneGradientFunction(torch.autograd.Function):
             @staticmethod
             def forward(ctx, x, y):
                 return x.clone(), y.clone()
             @staticmethod
             def backward(ctx, grad_x, grad_y):
                 return grad_x, None
         was_called = [False]
         def hook(grad):
             print("hook got", grad)
             was_called[0] = True
         x = torch.ones(5, 5, requires_grad=True)
         y = torch.ones(5, 5)
         rx, ry = NoneGradientFunction.apply(x, y)
         rx.register_hook(hook)
         ry.register_hook(hook)
         (rx + ry).sum().backward()
         print(was_called[0])
         """),
    case("multi_output_function_hooks",
         """
         class Two(torch.autograd.Function):
             @staticmethod
             def forward(ctx, x):
                 ctx.set_materialize_grads(materialize)
                 return x * 2, x * 3
             @staticmethod
             def backward(ctx, ga, gb):
                 print("backward got", ga, gb)
                 return ga if gb is None else ga + gb
         for materialize in (True, False):
             x = torch.tensor([1., 2.], requires_grad=True)
             u, v = Two.apply(x)
             v.register_hook(lambda g: print("v hook", g))
             u.register_hook(lambda g: print("u hook", g) or g * 2)
             u.grad_fn.register_prehook(lambda go: print("prehook", go))
             u.sum().backward()
             print(x.grad, v.retains_grad)
         """),
    case("test_retain_grad",
         """
         input = torch.ones(3, requires_grad=True)
         h1 = input * 3
         out = (h1 * h1).sum()
         h1.retain_grad()
         h1.retain_grad()
         out.backward(retain_graph=True)
         print(h1 * 2, h1.grad)
         out.backward(retain_graph=True)
         print(h1.grad)
         input.grad.zero_()
         input.retain_grad()
         input.retain_grad()
         out.backward()
         print(input * 18, input.grad)
         """),
    case("test_retain_grad_inplace",
         """
         a = torch.tensor([1.], requires_grad=True).clone()
         a.retain_grad()
         a.mul_(2)
         a.sum().backward()
         print(a.grad)
         a = torch.tensor([1.], requires_grad=True).clone()
         a.retain_grad()
         a.mul_(2)
         a.mul_(2)
         a.sum().backward()
         print(a.grad)
         """),
    case("test_tensor_grad_warnings",
         """
         dummy = torch.empty(1)
         a = torch.ones(1, requires_grad=True)
         b = a * 2
         b.retain_grad()
         b.grad
         """,
         """
         dummy = torch.empty(1)
         a = torch.ones(1, requires_grad=True)
         c = a * 2
         c.grad
         """),
    case("test_hook_with_no_name_and_grad_fn_hooks",
         """
         x = torch.ones(2, requires_grad=True)
         y = x * 2
         handle = y.grad_fn.register_hook(lambda gi, go: print("fn hook", gi, go))
         y.sum().backward(retain_graph=True)
         handle.remove()
         y.sum().backward()
         print(x.grad)
         """),
]

INPLACE_VIEWS = [
    case("test_version_counter",
         """
         x = torch.ones(1, 2)
         xz = x[:]
         print(x._version, xz._version)
         xz.add_(1)
         print(x._version, xz._version)
         x.add_(1)
         print(x._version, xz._version)
         """),
    case("test_inplace_on_view_saved_output",
         """
         a = torch.ones(3, 3, requires_grad=True)
         b = a * 1
         c = b[0]
         d = c.exp()
         b.add_(1)
         d.sum().backward()
         """),
    case("test_inplace_on_view_backward",
         """
         root = torch.zeros(2, 2, requires_grad=True)
         x = root.clone()
         v = x.narrow(0, 1, 1)
         v.mul_(2)
         print(x.grad_fn, v.grad_fn)
         x.sum().backward()
         print(root.grad)
         """),
    case("test_inplace_on_view_of_view",
         """
         root = torch.ones(4, requires_grad=True)
         x = root.clone()
         v1 = x[1:3]
         v2 = v1[0:1]
         v2.mul_(3)
         print(x)
         x.sum().backward()
         print(root.grad)
         """),
    case("test_inplace_on_leaf_requires_grad",
         """
         x = torch.ones(2, requires_grad=True)
         x.add_(1)
         """,
         """
         x = torch.ones(2, 2, requires_grad=True)
         x[0].mul_(2)
         """),
    case("test_inplace_view_leaf_errors",
         """
         x = torch.zeros(1, requires_grad=True)
         y = x.view_as(x)
         y.add_(1)
         """),
    case("test_setitem_on_leaf_and_view",
         """
         x = torch.ones(2, 2, requires_grad=True)
         y = x * 1
         y[0, 0] = 5.
         print(y.grad_fn)
         y.sum().backward()
         print(x.grad)
         """),
    case("test_saved_variable_version_counter",
         """
         a = torch.ones(2, requires_grad=True)
         b = torch.ones(2) * 2
         c = a * b
         print(c.grad_fn._saved_other._version)
         b.add_(1)
         c.sum().backward()
         """),
    case("test_indexing_views_share_version",
         """
         x = torch.arange(1., 17).view(4, 4)
         y = x[1:3]
         y.zero_()
         print(x._version, y._version, x[1])
         z = x[[0, 1]]
         z.zero_()
         print(x._version, z._version)
         """),
]

MORE_VIEWS = [
    case("test_inplace_on_view_non_contig",
         """
         root = torch.ones(2, 3, 2).select(2, 1).t().requires_grad_(True)
         x = root.clone()
         v1 = x.narrow(0, 0, 1)
         v2 = v1.narrow(1, 1, 1)
         v2.mul_(2)
         x.sum().backward()
         print(root.grad)
         """),
    case("test_inplace_on_view_makes_base_require_grad",
         """
         a = torch.ones(4, 4)
         b = torch.full((2, 2), 3., requires_grad=True)
         x = a.clone()
         print(x.requires_grad)
         x.narrow(1, 2, 2).narrow(0, 1, 2).mul_(b)
         print(x.requires_grad, x.grad_fn)
         x.sum().backward()
         print(b.grad)
         """),
    case("test_mark_non_differentiable",
         """
         class MyFunction(torch.autograd.Function):
             @staticmethod
             def forward(ctx, input):
                 output = input > 0
                 ctx.mark_non_differentiable(output)
                 return output
             @staticmethod
             def backward(ctx, g):
                 return g * 0
         x = torch.tensor([[-1., 2.], [3., -4.]], requires_grad=True)
         mask = MyFunction.apply(x)
         print(mask.requires_grad, mask.grad_fn)
         y = x * mask
         y.sum().backward()
         print(x.grad)
         """),
    case("test_mark_dirty_inplace_function",
         """
         class Inplace(torch.autograd.Function):
             @staticmethod
             def forward(ctx, a, b):
                 ctx.mark_dirty(a)
                 return a.add_(b)
             @staticmethod
             def backward(ctx, grad):
                 return grad, grad
         a = torch.ones(3, requires_grad=True).clone()
         b = torch.full((3,), 2., requires_grad=True)
         c = Inplace.apply(a, b)
         print(c is a, c.grad_fn, a._version)
         c.sum().backward()
         print(b.grad)
         """),
    case("test_set_data_changes_dtype",
         """
         x = torch.ones(2, requires_grad=True)
         x.data = torch.tensor([1, 2])
         print(x.dtype, x.requires_grad, x.is_leaf)
         x.data = torch.tensor([1.5, 2.5], dtype=torch.float64)
         print(x.dtype, x)
         """),
    case("test_setitem_mask",
         """
         x = torch.tensor([[1., -2.], [-3., 4.]], requires_grad=True)
         y = x.clone()
         y[y < 0] = 0.
         print(y.grad_fn)
         y.sum().backward()
         print(x.grad)
         """),
    case("test_retain_grad_on_view",
         """
         a = torch.tensor([1., 2., 3.], requires_grad=True).clone()
         v = a[:2]
         v.retain_grad()
         (v * 3).sum().backward()
         print(v.grad, v.grad_fn)
         """),
]


@pytest.mark.parametrize("cells", DETACH_HOOKS + INPLACE_VIEWS + MORE_VIEWS)
def test_autograd_method_port(cells):
    assert_same(cells)
