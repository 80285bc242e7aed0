"""Building blocks real training code reaches for (issues 20 and 21): BCELoss and
F.binary_cross_entropy, BCEWithLogitsLoss, each case run under torch 2.13 and minigrad (see
difftest.py): values, gradients, grad_fn names, reprs and torch's errors."""

import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch

BCE = ("import torch.nn.functional as F\nimport torch.nn as nn\n"
       "x = torch.tensor([0.2, 0.9, 1.0, 0.0], requires_grad=True)\n"
       "y = torch.tensor([1., 0., 1., 1.])")

BCE_CASES = [
    case("bce_values", BCE, "F.binary_cross_entropy(x, y)",
         "F.binary_cross_entropy(x, y, reduction='none')",
         "F.binary_cross_entropy(x, y, weight=torch.tensor([1., 2., 3., 4.]), reduction='sum')",
         "p = torch.tensor([1e-8, 0.3, 0.7, 1 - 1e-7, 0.123456])\n"
         "t = torch.tensor([0.3, 0.7, 0.2, 0.9, 0.5])\n"
         "F.binary_cross_entropy(p, t, reduction='none').tolist()",
         "F.binary_cross_entropy(p.double(), t.double())",
         "F.binary_cross_entropy(torch.tensor([]), torch.tensor([]))",
         "F.binary_cross_entropy(torch.tensor(0.5), torch.tensor(1.))"),
    case("bce_graph", BCE, "loss = F.binary_cross_entropy(x, y)\nloss.grad_fn",
         "loss.grad_fn.name(), loss.grad_fn.next_functions[1], loss.grad_fn._saved_reduction",
         "loss.grad_fn._saved_weight, loss.grad_fn._saved_self is x",
         "F.binary_cross_entropy(x, y, weight=torch.tensor([[2., 1., 1., 1.]]).squeeze(0))"
         ".grad_fn._saved_weight"),
    case("bce_grads", BCE, "F.binary_cross_entropy(x, y).backward()\nx.grad",
         "x.grad = None\nyt = y.clone().requires_grad_()\n"
         "F.binary_cross_entropy(x, yt, weight=torch.tensor([1., 2., 3., 4.])).backward()\n"
         "x.grad, yt.grad",
         "x.grad = None\nF.binary_cross_entropy(x, y, reduction='none').sum().backward()\nx.grad",
         "q = torch.tensor([[0.5, 0.2]], requires_grad=True)\n"
         "F.binary_cross_entropy(q, torch.tensor([[1., 0.]]), weight=torch.tensor([1., 2.]))"
         ".backward()\nq.grad",
         # double backward: same values; torch names the node of g
         # BinaryCrossEntropyBackwardBackward0, minigrad records the formula's own ops
         "g, = torch.autograd.grad(F.binary_cross_entropy(q, torch.tensor([[1., 0.]])), q, "
         "create_graph=True)\ng.detach(), g.requires_grad",
         "g.sum().backward()\nq.grad"),
    case("bce_module", BCE, "nn.BCELoss(), nn.BCELoss(reduction='sum')",
         "m = nn.BCELoss(weight=torch.tensor([1., 1., 2., 2.]))\nm, m.weight",
         "list(m.named_buffers()), list(m.parameters())", "m(x, y)",
         "nn.BCELoss(reduction='none')(x, y)",
         "torch.manual_seed(0)\nd = nn.Sequential(nn.Linear(3, 1), nn.Sigmoid())\n"
         "loss = nn.BCELoss()(d(torch.ones(2, 3)), torch.ones(2, 1))\nloss.grad_fn"),
    case("bce_errors", BCE, "F.binary_cross_entropy(torch.tensor([1.5]), torch.tensor([1.]))",
         "F.binary_cross_entropy(torch.tensor([-0.5]), torch.tensor([1.]))",
         "F.binary_cross_entropy(torch.tensor([float('nan')]), torch.tensor([1.]))",
         "F.binary_cross_entropy(torch.tensor([0.5]), torch.tensor([2.]))",
         "F.binary_cross_entropy(torch.tensor([.5, 1.5]), torch.tensor([2., 1]))",
         "F.binary_cross_entropy(torch.tensor([0.5, 0.5]), torch.tensor([1.]))",
         "F.binary_cross_entropy(torch.tensor([0.5]), torch.tensor(1.))",
         "F.binary_cross_entropy(torch.tensor([0.5]), torch.tensor([1]))",
         "F.binary_cross_entropy(torch.tensor([1]), torch.tensor([1.]))",
         "F.binary_cross_entropy(torch.tensor([1]), torch.tensor([1]))",
         "F.binary_cross_entropy(torch.tensor([0.5]), torch.tensor([1.]), reduction='x')",
         "F.binary_cross_entropy(torch.tensor([0.5]), 1.)",
         "F.binary_cross_entropy(0.5, torch.tensor([1.]))",
         "F.binary_cross_entropy(torch.tensor([.5, .2]), torch.tensor([1., 0]), "
         "weight=torch.tensor([1., 2, 3]))",
         "F.binary_cross_entropy(torch.tensor([[.5, .5]]), torch.tensor([[1., 1]]), "
         "weight=torch.tensor([[1.], [2.]]))",
         "F.binary_cross_entropy(torch.tensor([.5]), torch.tensor([1.]), "
         "weight=torch.tensor([1.], requires_grad=True))",
         "with torch.no_grad():\n    print(F.binary_cross_entropy(torch.tensor([.5]), "
         "torch.tensor([1.]), weight=torch.tensor([1.], requires_grad=True)))",
         "nn.BCELoss()(x, y[:2])"),
    case("bce_with_logits_module", BCE, "nn.BCEWithLogitsLoss()",
         "m = nn.BCEWithLogitsLoss(weight=torch.tensor([1., 2., 1., 1.]), "
         "pos_weight=torch.tensor([3., 1., 1., 1.]))\nm, list(m.named_buffers())",
         "z = torch.tensor([0.5, -1., 2., 0.], requires_grad=True)\nloss = m(z, y)\nloss",
         "loss.backward()\nz.grad",
         "nn.BCEWithLogitsLoss(reduction='sum')(z, y)", "m(z, y[:3])"),
]


@pytest.mark.parametrize("cells, isolated", BCE_CASES)
def test_bce(cells, isolated):
    assert_same(cells, isolated)
