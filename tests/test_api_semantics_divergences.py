"""Semantic divergences found on learners' programs (issue 20, "Why"), each compared with
torch 2.13: the in-place rule for views of the pieces of unbind/split/chunk, in-place ops after
a module with full backward hooks, on views a custom Function returned, the legacy type names
(classes), and the scalar-conversion warning."""
import textwrap

import pytest

from difftest import assert_same, requires_torch

pytestmark = requires_torch


def case(name, *cells, xfail=None, isolated=False):
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    return pytest.param(([textwrap.dedent(c).strip("\n") for c in cells], isolated), id=name,
                        marks=marks)


CASES = [
    # a view of a view returned by unbind/split/chunk keeps the rule of the piece it views
    case("multi_view_pieces_and_their_views",
         "x = torch.ones(2, 4, requires_grad=True)",
         "x.unbind()[0].narrow(0, 0, 2).mul_(2)", "x.unbind()[0].mul_(2)",
         "x.split(1)[0].narrow(1, 0, 1).mul_(2)", "x.chunk(2)[1].view(4).add_(1)",
         "x.unbind(1)[1][0].add_(1)", "x.split(1)[0].t().add_(1)",
         "x.split(1)[0].unsqueeze(0).add_(1)", "x.unbind()[1][1:3].zero_()",
         "x.unbind()[0].expand(2, 4)[0].add_(1)",
         """
         y = x.clone()
         y.split(2, dim=1)[0][0:1].add_(1)
         """,
         """
         y = x.clone()
         piece = y.unbind()[1].narrow(0, 1, 2)
         piece[0] = 5.
         """,
         """
         y = x.clone()
         v = y.split(2, dim=1)[1].detach()
         v.add_(1)
         print(y)
         """,
         """
         z = torch.ones(4)
         z.split(2)[0][0:1].add_(1)
         print(z)
         """,
         """
         y = x.clone()
         with torch.no_grad():
             y.unbind()[0].narrow(0, 0, 2).mul_(2)
         print(y)
         """),
    # the output (and inputs) of a module with full backward hooks pass through an identity
    # custom Function: torch forbids modifying them in place, so the hooks stay in the graph
    case("inplace_after_full_backward_hooks",
         """
         lin = torch.nn.Linear(2, 2)
         lin.register_full_backward_hook(lambda m, gi, go: print("hook", [g.shape for g in go]))
         model = torch.nn.Sequential(lin, torch.nn.ReLU(inplace=True))
         """,
         "model(torch.ones(1, 2))", "torch.nn.functional.relu(lin(torch.ones(1, 2)), inplace=True)",
         "lin(torch.ones(1, 2)).mul_(2)", "lin(torch.ones(1, 2))[0].add_(1)",
         "lin(torch.ones(1, 2)).view(-1).add_(1)",
         """
         out = torch.nn.Sequential(lin, torch.nn.ReLU())(torch.ones(1, 2, requires_grad=True))
         out.sum().backward()
         """,
         """
         out = lin(torch.ones(1, 2, requires_grad=True)).clone().relu_()
         out.sum().backward()
         """,
         """
         with torch.no_grad():
             print(lin(torch.ones(1, 2)).relu_().shape)
         """,
         """
         class Doubler(torch.nn.Module):
             def forward(self, a):
                 return a.mul_(2)
         d = Doubler()
         d.register_full_backward_hook(lambda *args: print("hook"))
         d(torch.ones(2, requires_grad=True).clone())
         """),
    # a custom Function's output that is its input returned as-is, or a view of it, may not be
    # modified in place (torch's creation meta IN_CUSTOM_FUNCTION / MULTI_OUTPUT_NODE), nor
    # may its history be regenerated after its base changed
    case("custom_function_views_refuse_inplace",
         """
         class Ident(torch.autograd.Function):
             @staticmethod
             def forward(ctx, x):
                 return x
             @staticmethod
             def backward(ctx, g):
                 return g
         class ViewOf(torch.autograd.Function):
             @staticmethod
             def forward(ctx, x):
                 return x.view(-1)
             @staticmethod
             def backward(ctx, g):
                 return g.view(2, 2)
         class Pair(torch.autograd.Function):
             @staticmethod
             def forward(ctx, x):
                 return x, x[0]
             @staticmethod
             def backward(ctx, g, h):
                 return g
         x = torch.ones(2, 2, requires_grad=True)
         y = x * 1
         """,
         """
         o = Ident.apply(y)
         print(o is y, o._is_view(), o._base is y, o.grad_fn.name())
         o.add_(1)
         """,
         """
         o = Ident.apply(x)
         print(o is x, o._is_view(), o._base is x)
         o.add_(1)
         """,
         """
         o = ViewOf.apply(y)
         print(o._is_view(), o._base is y, o.grad_fn.name())
         o.add_(1)
         """,
         "ViewOf.apply(x).mul_(2)", "Ident.apply(y)[0].add_(1)", "Ident.apply(y).view(4).add_(1)",
         """
         p, q = Pair.apply(y)
         print(p._is_view(), q._is_view(), q._base is y)
         q.add_(1)
         """,
         "p.add_(1)",
         """
         with torch.no_grad():
             o = Ident.apply(y)
             o.add_(1)
         print(o.requires_grad, o._is_view())
         """,
         """
         o = Ident.apply(y)
         with torch.no_grad():
             o.add_(1)
         print(y)
         """,
         """
         z = torch.ones(3)
         o = Ident.apply(z)
         print(o.requires_grad, o._is_view())
         o.add_(1)
         o
         """,
         """
         o = ViewOf.apply(y)
         o.detach().add_(1)
         o.sum().backward()
         """,
         """
         o = Ident.apply(y)
         y.add_(1)
         print(o.grad_fn)
         """,
         "o.is_leaf",
         """
         o = Ident.apply(y)
         o.clone().add_(1).sum().backward()
         print(x.grad)
         """),
    # the same rule for the pieces of unbind/split and views made in no_grad mode: reading
    # the grad_fn of such a view after its base changed in place is refused
    case("views_with_a_creation_rule_refuse_a_new_history",
         """
         x = torch.ones(2, 2, requires_grad=True)
         y = x * 1
         u = y.unbind()
         y.add_(1)
         u[0].grad_fn
         """,
         "u[1].sum()", "u[0].is_leaf", "u[0].requires_grad",
         """
         with torch.no_grad():
             print(u[0].grad_fn)
         """,
         """
         y = x * 1
         with torch.no_grad():
             v = y[0]
             v.add_(1)
         v.grad_fn
         """,
         """
         z = torch.ones(2, 2)
         with torch.no_grad():
             w = z[0]
         z.add_(1)
         print(w.grad_fn)
         z.requires_grad_()
         print(w.requires_grad)
         w.grad_fn
         """,
         """
         y = x * 1
         with torch.no_grad():
             v = y[0]
         y.detach().add_(1)
         print(v.requires_grad)
         (v * 2).sum()
         """,
         """
         y = x * 1
         v = y[0]
         y.add_(1)
         print(v.grad_fn, v.is_leaf)
         """),
    # the legacy type names are classes (metaclass tensortype), not functions
    case("legacy_type_names_are_classes",
         "torch.DoubleTensor", "print(torch.FloatTensor, torch.LongTensor, torch.IntTensor, "
         "torch.HalfTensor, torch.BoolTensor, torch.ByteTensor, torch.CharTensor, "
         "torch.ShortTensor)", "type(torch.DoubleTensor)", "type(torch.DoubleTensor).__name__",
         "torch.DoubleTensor.__name__, torch.DoubleTensor.__qualname__",
         "torch.DoubleTensor.__module__", "torch.DoubleTensor.mro()",
         "torch.DoubleTensor.dtype, torch.LongTensor.dtype, torch.DoubleTensor.is_cuda",
         "issubclass(torch.DoubleTensor, torch.Tensor)", "torch.FloatTensor == torch.Tensor"),
    case("legacy_type_isinstance",
         "isinstance(torch.zeros(2, dtype=torch.float64), torch.DoubleTensor)",
         "isinstance(torch.zeros(2), torch.DoubleTensor)",
         "isinstance(torch.zeros(2), torch.FloatTensor)",
         "isinstance(torch.zeros(2, dtype=torch.int64), torch.LongTensor)",
         "isinstance(torch.zeros(2, dtype=torch.bool), torch.BoolTensor)",
         "isinstance(3, torch.FloatTensor)", "isinstance([1.], torch.FloatTensor)",
         "isinstance(torch.nn.Parameter(torch.zeros(2)), torch.FloatTensor)",
         "isinstance(torch.zeros(2), (torch.FloatTensor, torch.DoubleTensor))",
         "isinstance(torch.zeros(2), torch.Tensor)"),
    case("legacy_type_calls",
         "torch.DoubleTensor([1, 2])", "torch.DoubleTensor(2).shape", "torch.DoubleTensor()",
         "type(torch.DoubleTensor([1]))", "torch.DoubleTensor([1]).type()",
         "torch.LongTensor([1.5])", "torch.FloatTensor(2, 3).dtype", "torch.HalfTensor([1])",
         "torch.BoolTensor([1, 0])", "torch.IntTensor([1])", "torch.ByteTensor([1, 255])",
         "torch.CharTensor([-1])", "torch.ShortTensor([2]).dtype", "torch.FloatTensor('a')",
         "torch.FloatTensor(torch.ones(2))",
         "torch.FloatTensor([1]).type(torch.DoubleTensor)",
         "torch.zeros(2).type(torch.LongTensor)", "torch.zeros(2).type('torch.DoubleTensor')",
         """
         x = torch.FloatTensor([[1, 2], [3, 4]])
         x.requires_grad_()
         (x * x).sum().backward()
         print(x.grad, isinstance(x.grad, torch.FloatTensor))
         """),
    # torch reads each tensor in tensor()'s data as a Python number: the scalar-conversion
    # warning, once per process (hence a fresh interpreter per case), before the data's checks
    case("scalar_warning_from_tensor_of_tensors",
         "t1 = torch.tensor(1., requires_grad=True); t2 = torch.tensor(2., requires_grad=True)",
         "torch.tensor([t1, t2])", "torch.tensor([t1, t2])", "float(t1)", isolated=True),
    case("scalar_warning_before_the_size_check",
         "v = torch.tensor([1., 2.], requires_grad=True)", "torch.tensor([v, v])",
         "torch.tensor([v, v])", isolated=True),
    case("scalar_warning_from_float_of_many_elements",
         "v = torch.tensor([1., 2.], requires_grad=True)", "float(v)", "float(v)",
         "complex(v)", "complex(torch.ones(2))", "int(torch.ones(2))", isolated=True),
    case("scalar_warning_from_legacy_constructors",
         "t1 = torch.tensor(1., requires_grad=True)", "torch.FloatTensor([t1, 2.])",
         "torch.Tensor([[t1], [t1]])", isolated=True),
    case("scalar_warning_not_for_index_reads",
         "t1 = torch.tensor(1., requires_grad=True); n = torch.tensor(3)",
         "torch.tensor([t1, t1], dtype=torch.int64)", "torch.tensor([n, n], dtype=torch.bool)",
         "torch.tensor([t1.detach(), 2.])", "int(t1)", "bool(t1)", "t1.item()",
         "torch.tensor([t1, 2.])", isolated=True),
]


@pytest.mark.parametrize("cells_isolated", CASES)
def test_divergence_as_torch(cells_isolated):
    cells, isolated = cells_isolated
    assert_same(cells, isolated=isolated)
