"""split / chunk / unbind / flip, prod, norm, all / any, equal, transpose_ and the in-place
unary forms, the new_* factories: values, grad_fn names, gradients, version counters and
torch's errors, each case run under torch 2.13 and minigrad (see difftest.py)."""

import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch

X = "x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)"

PIECES = [
    case("split_size", X, "x.split(2, dim=1)", "x.split(1)",
         "a, b = x.split(2, 1)\n(a * 2).sum().backward()\nx.grad",
         "x.split(2, 1)[0]._base is x, x.split(2, 1)[1].grad_fn.next_functions"),
    case("split_sizes", X, "x.split([1, 2], dim=1)",
         "p, q = x.split([1, 2], 1)\n(q ** 2).sum().backward()\nx.grad",
         "x.split([1, 1], 1)", "x.split([2], 1)", "x.split(0, 1)", "x.split(-1)",
         "torch.tensor(1.).split(1)"),
    case("chunk", X, "x.chunk(2, 1)", "x.chunk(5, 1)", "x.chunk(3)",
         "torch.chunk(x, 2, dim=-1)[1].sum().backward()\nx.grad", "x.chunk(0)",
         "x.chunk(1.5)"),
    case("unbind", X, "x.unbind(1)", "torch.unbind(x)",
         "r0, r1 = x.unbind()\n(r0 * r1).sum().backward()\nx.grad", "torch.tensor(1.).unbind()",
         "x.unbind(2)"),
    case("pieces_backward_only_one_used", X,
         "x.unbind(1)[2].sum().backward()\nx.grad",
         "x.grad = None\nx.chunk(2, 1)[1].sum().backward()\nx.grad"),
    case("pieces_inplace_forbidden", X,
         "x.unbind(0)[0].mul_(2)", "x.chunk(2, 1)[0].mul_(2)", "x.split([1, 2], 1)[0].add_(1)",
         "x.detach().split(1)[0].mul_(2)", "x.unbind(0)[0].mul(1).mul_(2)",
         "with torch.no_grad():\n    x.split(1)[0].mul_(1)"),
    case("pieces_hooks_fire", X,
         "a, b = x.split(1)\nseen = []\na.register_hook(lambda g: seen.append(g.clone()))\n"
         "(a * b).sum().backward()\nseen, x.grad"),
    case("pieces_hooks_per_output", "x = torch.tensor([1., 2., 3.], requires_grad=True)",
         # each piece's hooks see only its gradient, None where none arrived, dict by dict
         # in the order the pieces got their first hook; retain_grad per piece
         "a, b, c = x.unbind()\na.register_hook(lambda g: print('a', g))\n"
         "c.register_hook(lambda g: print('c', g))\nb.register_hook(lambda g: g * 10)\n"
         "a.register_hook(lambda g: print('a again', g))\nb.retain_grad()\nc.retain_grad()\n"
         "(2 * b).backward()\nx.grad, b.grad, c.grad, a.retains_grad, b.retains_grad",
         "p, q = x.split([1, 2])\np.grad_fn.register_prehook(lambda go: print('pre', go))\n"
         "p.grad_fn.register_hook(lambda gi, go: print('post', gi, go))\n(q * 2).sum().backward()",
         "a, b, c = x.unbind()\ntorch.autograd.grad(a * b * 5, [b, a])",
         "a, b, c = x.unbind()\nb.register_hook(lambda g: print('b', g))\n"
         "torch.autograd.grad(a * b * 5, b)"),
    case("flip", X, "x.flip(0)", "x.flip([0, 1])", "torch.flip(x, (1,))", "x.flip(0, 0)",
         "y = x.flip(1)\n(y * torch.tensor([1., 10., 100.])).sum().backward()\nx.grad",
         "y._base is None, x.flip(2)"),
]

REDUCTIONS = [
    case("prod", X, "x.prod()", "x.prod(1)", "x.prod(dim=1, keepdim=True)", "torch.prod(x, 0)",
         "x.prod().backward()\nx.grad", "torch.tensor([1, 2, 3]).prod()",
         "torch.tensor([[1, 2], [3, 4]]).prod(0)", "x.prod((0, 1))"),
    case("prod_with_zeros",
         "z = torch.tensor([[0., 2., 3.], [0., 0., 6.]], requires_grad=True)",
         "z.prod().backward()\nz.grad", "z.grad = None\nz.prod(1).sum().backward()\nz.grad",
         "z.grad = None\nz.prod(0, keepdim=True).sum().backward()\nz.grad"),
    case("prod_saves_result", X, "y = x.prod()\ny.add_(1)\ny.backward()"),
    case("norm", X, "x.norm()", "torch.norm(x)", "x.norm(dim=1)", "x.norm(p=1)",
         "x.norm(1, dim=0, keepdim=True)", "x.norm(p='fro')", "x.norm(float('inf'))",
         "x.norm(3, dim=(0, 1))", "x.norm(dim=-1, keepdim=True)", "torch.tensor([1, 2]).norm()"),
    case("norm_backward", X, "x.norm().backward()\nx.grad",
         "x.grad = None\nx.norm(dim=1).sum().backward()\nx.grad",
         "x.grad = None\nx.norm(1).backward()\nx.grad",
         "x.grad = None\nx.norm(float('inf'), dim=0).sum().backward()\nx.grad",
         "x.grad = None\nx.norm(3).backward()\nx.grad",
         "z = torch.zeros(3, requires_grad=True)\nz.norm().backward()\nz.grad"),
    case("norm_second_order", X,
         "g, = torch.autograd.grad(x.norm(), x, create_graph=True)\ng",
         "g.sum().backward()\nx.grad",
         "z = torch.zeros(2, requires_grad=True)\n"
         "g, = torch.autograd.grad(z.norm(), z, create_graph=True)\ng"),
    case("norm_saves_result", X, "n = x.norm()\nn.grad_fn._saved_result.equal(n)",
         "n.mul_(2)\nn.backward()"),
    case("all_any", X, "x.all(), x.any()", "(x > 3).all(), (x > 3).any(1)",
         "torch.all(x > 0), torch.any(x > 5, dim=0, keepdim=True)",
         "torch.tensor([1, 0], dtype=torch.uint8).all()", "torch.tensor([0, 0]).any()",
         "torch.zeros(0).all(), torch.zeros(0).any()"),
    case("equal", X, "x.equal(x), torch.equal(x, x.detach())", "x.equal(x + 1)",
         "x.equal(x[0]), torch.tensor([1, 2]).equal(torch.tensor([1., 2.]))",
         "torch.equal(torch.ones(2), 1)"),
]

INPLACE = [
    case("transpose_", X,
         "y = x.exp()\nv = y._version\ny.transpose_(0, 1)\ny.shape, y._version - v, y.grad_fn",
         "y.grad_fn.next_functions[0][0].name()",
         "(y * torch.arange(6.).view(3, 2)).sum().backward()\nx.grad", "x.transpose_(0, 1)",
         "t = torch.arange(6.).view(2, 3)\nt.transpose_(0, 1)\nt, t.is_contiguous()"),
    case("unary_inplace_forms", X,
         "for name in ['cos_', 'sin_', 'exp_', 'tanh_', 'sigmoid_', 'relu_', 'reciprocal_', "
         "'sqrt_', 'log_', 'neg_', 'abs_', 'floor_', 'ceil_', 'round_', 'sign_']:\n"
         "    y = (x / 7).clone()\n    v = y._version\n    out = getattr(y, name)()\n"
         "    x.grad = None\n    out.sum().backward()\n"
         "    print(name, out is y, y._version - v, y.grad_fn.name(), x.grad)"),
    case("unary_inplace_saved", X,
         "y = x.exp()\ny.cos_()\ny.grad_fn._saved_self._version, y._version",
         "y = x.exp()\ny.sigmoid_()\ny.grad_fn._saved_result is y, y._version",
         "y.mul_(2)\ny.sum().backward()", "x.cos_()",
         "x.grad = None\ny = x.exp()\ny.tanh_()\ny.add_(1)\ny.sum().backward()"),
]

FACTORIES = [
    case("new_factories",
         "x = torch.tensor([1., 2.], requires_grad=True)\ni = torch.tensor([1, 2])",
         "x.new_ones(2), x.new_zeros((2, 1)), x.new_full((2,), 3)",
         "x.new_ones(2, 3).shape, x.new_ones(2, dtype=torch.int64)",
         "i.new_full((2,), 2.5), i.new_zeros(3), x.new_empty(2).shape",
         "x.new_ones(2, requires_grad=True), x.new_ones(2).requires_grad",
         "x.new_tensor([1, 2]), i.new_tensor([1, 2]).dtype", "x.new_tensor(x)",
         "i.new_ones(2, requires_grad=True)"),
    case("backward_hooks_attribute",
         "x = torch.ones(2, requires_grad=True)\nx._backward_hooks",
         "h = x.register_hook(lambda g: g)\nlen(x._backward_hooks)",
         "h.remove()\nx._backward_hooks", "(x * 2)._backward_hooks"),
    case("accumulate_grad_class",
         "x = torch.ones(2, requires_grad=True)\nacc = (x * 2).grad_fn.next_functions[0][0]",
         "isinstance(acc, torch._C._functions.AccumulateGrad)",
         "torch._C._functions.AccumulateGrad.__name__"),
]

BAD_INPUT = [
    case("bad_arguments",
         "x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)\n"
         "import torch.nn.functional as F",
         "x.split('a')", "x.split(1, 5)", "x.split(1, 'a')", "x.split([1, 'a'])",
         "x.split([1.5, 0.5])", "x.split(None)", "x.flip('a')", "x.flip(5)", "x.flip()",
         "x.norm(dim='a')", "x.norm(dim=5)", "x.norm(p='abc')", "x.norm(dim=(0, 0))",
         "x.prod(dim=5)", "x.prod(keepdim=True)", "x.chunk(2, dim=5)", "x.chunk('a')",
         "x.new_ones('a')", "x.new_full(2, 1)", "x.new_full((2,), 'a')", "x.new_zeros(-1)",
         "x.unbind('a')", "x.unbind(5)", "x.all(dim=9)", "x.any('a')", "x.all(dim=(0, 0))",
         "x.all(dim=())", "x.transpose_(0, 5)", "x.detach().transpose_('a', 1)",
         "F.binary_cross_entropy_with_logits(x, 1)", "F.binary_cross_entropy_with_logits(1, x)",
         "x.equal(None)", "torch.equal(x, [1])", "torch.tensor([1, 2]).cos_()",
         "torch.tensor([1, 2]).floor_()", "torch.tensor([1, 2]).reciprocal_()",
         "x.split(1)[0].transpose_(0, 1)", "x.unbind(0)[0].detach().mul_(2)"),
]


@pytest.mark.parametrize("cells, isolated", PIECES + REDUCTIONS + INPLACE + FACTORIES + BAD_INPUT)
def test_api(cells, isolated):
    assert_same(cells, isolated)
