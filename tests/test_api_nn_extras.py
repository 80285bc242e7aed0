"""nn additions a tutorial reaches for: F.binary_cross_entropy_with_logits (values, grad_fn,
gradients of input and target, weights, errors) and Module.to (dtypes, the CPU, errors),
each case run under torch 2.13 and minigrad (see difftest.py)."""

import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch

XY = ("import torch.nn.functional as F\n"
      "x = torch.tensor([0.5, -1., 2.], requires_grad=True)\ny = torch.tensor([1., 0., 1.])")

CASES = [
    case("bce_logits_values", XY, "F.binary_cross_entropy_with_logits(x, y)",
         "F.binary_cross_entropy_with_logits(x, y, reduction='none')",
         "F.binary_cross_entropy_with_logits(x, y, reduction='sum', "
         "pos_weight=torch.tensor([2., 1., 1.]), weight=torch.tensor([1., 2., 3.]))",
         "big = torch.tensor([100., -100.])\n"
         "F.binary_cross_entropy_with_logits(big, torch.tensor([0., 1.]), reduction='none')"),
    case("bce_logits_grads", XY,
         "F.binary_cross_entropy_with_logits(x, y).backward()\nx.grad",
         "x.grad = None\nyt = y.clone().requires_grad_()\n"
         "F.binary_cross_entropy_with_logits(x, yt, pos_weight=torch.tensor(3.)).backward()\n"
         "x.grad, yt.grad",
         "x.grad = None\nF.binary_cross_entropy_with_logits(\n"
         "    x, y, weight=torch.tensor([1., 0., 2.]), reduction='none').sum().backward()\n"
         "x.grad"),
    case("bce_logits_errors", XY, "F.binary_cross_entropy_with_logits(x, y[:2])",
         "F.binary_cross_entropy_with_logits(x, y, reduction='foo')",
         "F.binary_cross_entropy_with_logits(x, y.long())"),
    case("module_to",
         "m = torch.nn.Linear(2, 1)\nm.to(torch.float64) is m, m.weight.dtype, m.bias.dtype",
         "m.to('cpu') is m, m.to(torch.device('cpu'), torch.float32).weight.dtype",
         "m.to(torch.zeros(1, dtype=torch.float64)).bias.dtype",
         "m.to(dtype=torch.float16).weight.dtype", "m.to() is m, m.weight.dtype",
         "m.to(torch.int64)", "m.to('cuda')",
         "m.to(device='cpu', dtype=torch.float32).weight.dtype",
         "m(torch.ones(1, 2)).dtype"),
    case("module_to_keeps_parameter_and_grad",
         "m = torch.nn.Linear(2, 1)\nw = m.weight\nm(torch.ones(1, 2)).sum().backward()",
         "m.to(torch.float64)\nm.weight is w, w.dtype, w.grad.dtype, w.requires_grad"),
]


@pytest.mark.parametrize("cells, isolated", CASES)
def test_nn_extras(cells, isolated):
    assert_same(cells, isolated)


POST_ACCUMULATE = [
    case("post_accumulate_grad_hook",
         "x = torch.tensor([1., 2.], requires_grad=True)\nseen = []",
         "h = x.register_post_accumulate_grad_hook(lambda p: seen.append(p.grad.clone()))",
         "x.register_hook(lambda g: seen.append(('tensor hook', g.clone())))\n"
         "(x * 3).sum().backward()\n(x ** 2).sum().backward()\nseen",
         "h.remove()\nseen.clear()\n(x * 1).sum().backward()\nseen, x.grad",
         "(x * 2).register_post_accumulate_grad_hook(print)",
         "torch.ones(2).register_post_accumulate_grad_hook(print)"),
    case("post_accumulate_grad_hook_sgd_in_hook",
         "w = torch.tensor([1., -1.], requires_grad=True)\n"
         "def step(p):\n    with torch.no_grad():\n        p -= 0.1 * p.grad\n    p.grad = None\n"
         "w.register_post_accumulate_grad_hook(step)\n"
         "for _ in range(3):\n    (w ** 2).sum().backward()\nw, w.grad"),
]


@pytest.mark.parametrize("cells, isolated", POST_ACCUMULATE)
def test_post_accumulate_grad_hook(cells, isolated):
    assert_same(cells, isolated)
