"""Class weights, label smoothing and the legacy size_average / reduce arguments of the
losses (issue 20): F.nll_loss, F.cross_entropy (class indices and class probabilities),
F.mse_loss, the BCE pair and their modules. Each case runs under torch 2.13 and minigrad
(see difftest.py): values, gradients, grad_fn names and saved values, reprs, warnings and
torch's errors in torch's order."""

import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch

SETUP = ("import torch.nn.functional as F\nimport torch.nn as nn\n"
         "x = torch.tensor([[1., 2., 0.5], [0.1, -1., 3.]], requires_grad=True)\n"
         "y = torch.tensor([2, 0])\nw = torch.tensor([1., 2., 3.])\n"
         "p = torch.tensor([[0.2, 0.3, 0.5], [1., 0., 0.]])\n"
         "x4 = torch.arange(24.).reshape(2, 3, 2, 2).div(7).requires_grad_()\n"
         "y4 = torch.tensor([[[0, 1], [2, 0]], [[1, 1], [2, 2]]])")


def chain(expr):
    """Cells printing every node name under `expr`'s grad_fn, depth first."""
    return ("def names(f, d=0):\n    if f is None:\n        return []\n"
            "    return [' ' * d + f.name()] + [n for g, _ in f.next_functions "
            "for n in names(g, d + 1)]\n"
            f"print('\\n'.join(names(({expr}).grad_fn)))")


CASES = [
    case("nll_weight_values", SETUP,
         "F.nll_loss(x, y, w), F.nll_loss(x, y, w, reduction='sum')",
         "F.nll_loss(x, y, w, reduction='none')",
         "F.nll_loss(x, torch.tensor([2, -100]), w), F.nll_loss(x, torch.tensor([-100, -100]), w)",
         "F.nll_loss(x, y, w, ignore_index=2), F.nll_loss(x, y.to(torch.uint8), w)",
         "F.nll_loss(x[0], torch.tensor(1), w), F.nll_loss(x[0], torch.tensor([1]), w, "
         "reduction='none')",
         "F.nll_loss(x4, y4, w), F.nll_loss(x4, y4, w, reduction='none')",
         "F.nll_loss(x4[:, :, 0], y4[:, 0], w, reduction='sum')"),
    case("nll_weight_graph", SETUP,
         "l = F.nll_loss(x, y, w)\nl.grad_fn, l.grad_fn._saved_weight, "
         "l.grad_fn._saved_total_weight",
         "[F.nll_loss(x, y, w, reduction=r).grad_fn._saved_total_weight "
         "for r in ('none', 'sum', 'mean')]",
         "F.nll_loss(x, y).grad_fn._saved_weight, F.nll_loss(x, y, reduction='none')"
         ".grad_fn._saved_total_weight",
         "l = F.nll_loss(x4, y4, w)\nl.grad_fn, l.grad_fn._saved_total_weight",
         "l.backward()\nx4.grad",
         "F.nll_loss(x, y, w).backward()\nx.grad",
         "x.grad = None\nF.nll_loss(x, y, w, reduction='none').sum().backward()\nx.grad",
         "g, = torch.autograd.grad(F.nll_loss(x, y, w), x, create_graph=True)\ng",
         "g.grad_fn.next_functions[0], torch.autograd.grad(g.sum(), x)",
         "u = torch.ones(2, requires_grad=True)\n"
         "g, = torch.autograd.grad(F.nll_loss(x, y, w, reduction='none'), x, u, "
         "create_graph=True)\ntorch.autograd.grad((g * torch.arange(6.).reshape(2, 3)).sum(), u)",
         "u4 = torch.ones(2, 2, 2, requires_grad=True)\n"
         "g, = torch.autograd.grad(F.nll_loss(x4, y4, w, reduction='none'), x4, u4, "
         "create_graph=True)\n"
         "g.grad_fn, torch.autograd.grad((g * torch.arange(24.).reshape(2, 3, 2, 2)).sum(), u4)",
         "g, = torch.autograd.grad(F.cross_entropy(x, y, w, label_smoothing=0.2), x, "
         "create_graph=True)\ng.detach(), torch.autograd.grad((g * g).sum(), x)"),
    case("nll_weight_errors", SETUP,
         "F.nll_loss(x, y, torch.tensor([1., 2.]))",
         "F.nll_loss(x, y, torch.tensor([[1., 2., 3.]]))",
         "F.nll_loss(x, y, torch.tensor(2.))", "F.nll_loss(x, y, torch.tensor([1, 2, 3]))",
         "F.nll_loss(x.double(), y, w)", "F.nll_loss(x, torch.tensor([5, 0]), w.long())",
         "F.nll_loss(x, y, w.clone().requires_grad_())",
         "F.nll_loss(x, y.float(), w.clone().requires_grad_())",
         "with torch.no_grad():\n    print(F.nll_loss(x, y, w.clone().requires_grad_()))",
         "F.nll_loss(x, y.float(), w[:2])", "F.nll_loss(x[0], y, w[:2])",
         "F.nll_loss(x4, y4, w[:2])", "F.nll_loss(x4, y4, w.clone().requires_grad_())",
         "F.nll_loss(x4, y4[:, :1])", "F.nll_loss(x4, y4[:, 0])",
         "F.nll_loss(x4, y4.float(), w[:2])",
         "F.nll_loss(x4[:, :, 0], y4[:, 0], w[:2])"),
    case("nll_arguments", SETUP,
         "F.nll_loss(x, (0, 1), {})", "F.nll_loss(x, y, object())", "F.nll_loss(x, y, 1.0)",
         "F.nll_loss(torch.tensor(2.), torch.tensor(True), torch.tensor(True))",
         "F.nll_loss(x, 2, [x, x])", "F.nll_loss(x, y, w, ignore_index=2.5)",
         "F.nll_loss(x, y, reduction='bad')", "F.nll_loss(x, y, None, True, -100, None, 'bad')",
         "F.nll_loss(x, y, reduction='elementwise_mean')"),
    case("cross_entropy_weight", SETUP,
         "F.cross_entropy(x, y, w), F.cross_entropy(x, y, w, reduction='none')",
         chain("F.cross_entropy(x, y, w)"),
         "F.cross_entropy(x, p, w), F.cross_entropy(x, p, w, reduction='none')",
         "F.cross_entropy(x, p, w.double()), F.cross_entropy(x[0], p[0], w)",
         chain("F.cross_entropy(x, p, w)"),
         "l = F.cross_entropy(x, p, w)\nl.grad_fn._saved_other",
         "l.backward()\nx.grad",
         "F.cross_entropy(x, y, torch.tensor([1., 2.]))",
         "F.cross_entropy(x, p, torch.tensor([1., 2.]))",
         "F.cross_entropy(x, y, object())", "F.cross_entropy(x, y, 1.0)",
         "F.cross_entropy(torch.tensor([]), torch.tensor([1, 2, 3]), torch.tensor([1, 2, 3]))",
         "F.cross_entropy(torch.tensor(2.), torch.tensor(2.))",
         "F.cross_entropy(x, x.detach(), torch.tensor([1, 2]))",
         "nn.CrossEntropyLoss(weight=w)", "m = nn.CrossEntropyLoss(w)\nm(x, y), m.weight",
         "list(m.named_buffers())", "m = nn.NLLLoss(weight=w)\nm, m(x, y), m.state_dict()"),
    case("label_smoothing", SETUP,
         "F.cross_entropy(x, y, label_smoothing=0.1)",
         chain("F.cross_entropy(x, y, label_smoothing=0.1)"),
         "l = F.cross_entropy(x, y, w, label_smoothing=0.1)\nl",
         "[f._saved_other for f, _ in l.grad_fn.next_functions]",
         "l.backward()\nx.grad",
         "F.cross_entropy(x, y, ignore_index=2, label_smoothing=0.2, reduction='none')",
         "F.cross_entropy(x, y, w, ignore_index=2, label_smoothing=0.2, reduction='sum')",
         "F.cross_entropy(x, torch.tensor([-100, -100]), label_smoothing=0.2)",
         "F.cross_entropy(x, torch.tensor([-100, -100]), w, label_smoothing=0.2)",
         "F.cross_entropy(x[0], torch.tensor(2), w, label_smoothing=0.2)",
         "F.cross_entropy(x, p, label_smoothing=0.1), F.cross_entropy(x, p, w, label_smoothing=0.3,"
         " reduction='none')",
         "F.cross_entropy(x4, y4, label_smoothing=0.25)",
         "F.cross_entropy(x, y, label_smoothing=1.5)",
         "F.cross_entropy(x, p, label_smoothing=1.5)",
         "F.cross_entropy(x, y, label_smoothing=-0.5)",
         "F.cross_entropy(x, y, label_smoothing='a')",
         "F.cross_entropy(x, y, torch.tensor([1, 2, 3]), label_smoothing=0.1)",
         "nn.CrossEntropyLoss(label_smoothing=0.1)(x, y)"),
    case("legacy_reduction_args", SETUP,
         "F.nll_loss(x, y, size_average=False)", "F.nll_loss(x, y, None, False)",
         "F.nll_loss(x, y, None, None, -100, False)", "F.nll_loss(x, y, w, 1, 2)",
         "F.cross_entropy(x, y, None, True)", "F.cross_entropy(x, y, None, None, -100, False)",
         "F.mse_loss(x, x.detach() + 1, False)", "F.mse_loss(x, x.detach(), None, False)",
         "F.mse_loss(x, x, torch.float16)", "F.mse_loss(x, x, torch.tensor([1., 2.]))",
         "F.binary_cross_entropy(torch.sigmoid(x), p, None, False)",
         "F.binary_cross_entropy_with_logits(x, p, None, None, False)",
         "nn.NLLLoss(size_average=False), nn.MSELoss(None, False).reduction",
         "nn.CrossEntropyLoss(w, True, reduce=False)(x, y)",
         "nn.BCELoss(reduce=False).reduction, nn.BCEWithLogitsLoss(size_average=False).reduction",
         "F.mse_loss(x, 2, 3)",
         "F.mse_loss(x, [1, 2], float('nan'))"),
    case("bce_with_logits_weights", SETUP,
         "v = torch.tensor([1., -2., 3.])\n"
         "F.binary_cross_entropy_with_logits(v * -1e40, torch.tensor([1., 0., 1.]))",
         "F.binary_cross_entropy_with_logits(v * 1e40, torch.tensor([1., 0., 1.]), "
         "pos_weight=torch.tensor([2., 1., 0.5]), reduction='none')",
         "F.binary_cross_entropy_with_logits(torch.tensor([float('inf'), -float('inf')]), "
         "torch.zeros(2), reduction='none')",
         "yg = p.clone().requires_grad_()\npw = torch.tensor([2., 1., 0.5])\n"
         "F.binary_cross_entropy_with_logits(x, yg, w, pos_weight=pw, reduction='none')",
         "l = F.binary_cross_entropy_with_logits(x, yg, w, pos_weight=pw)\nl, l.grad_fn, "
         "l.grad_fn._saved_weight, l.grad_fn._saved_pos_weight, l.grad_fn._saved_reduction",
         "torch.autograd.grad(l, (x, yg))",
         "torch.autograd.grad(F.binary_cross_entropy_with_logits(x, yg, reduction='sum'), "
         "(x, yg))",
         "torch.autograd.grad(F.binary_cross_entropy_with_logits(x, yg, pos_weight=pw[:1]), "
         "(x, yg))",
         "g, = torch.autograd.grad(F.binary_cross_entropy_with_logits(x, yg, w, pos_weight=pw),"
         " x, create_graph=True)\ng, torch.autograd.grad(g.sum(), (x, yg))",
         "F.binary_cross_entropy_with_logits(x, p, w.clone().requires_grad_())",
         "F.binary_cross_entropy_with_logits(x, p, pos_weight=pw.clone().requires_grad_())",
         "F.binary_cross_entropy_with_logits(x, p, torch.ones(2))",
         "F.binary_cross_entropy_with_logits(x, p, pos_weight=torch.ones(2))",
         "F.binary_cross_entropy_with_logits(x, p, torch.ones(1, 2, 3))",
         "F.binary_cross_entropy_with_logits(x, p.double()), "
         "F.binary_cross_entropy_with_logits(x.double(), p)",
         "F.binary_cross_entropy_with_logits(torch.tensor([1, 2]), torch.tensor([1., 0.]))",
         "F.binary_cross_entropy_with_logits(torch.tensor([1., 2.]), torch.tensor([1, 0]))",
         "F.binary_cross_entropy_with_logits(torch.tensor([1., 2.]), torch.tensor([True, False]))",
         "F.binary_cross_entropy_with_logits(torch.tensor([]), torch.tensor([]))",
         "F.binary_cross_entropy_with_logits(x, 2, 3)",
         "F.binary_cross_entropy_with_logits(x[0, 0], p, 3)",
         "F.binary_cross_entropy(torch.sigmoid(x), p, w.clone().requires_grad_())",
         "F.binary_cross_entropy(2, p)"),
    case("mse_weight", SETUP,
         "F.mse_loss(x, x.detach() + 1, weight=torch.ones(2, 3) * 2)",
         chain("F.mse_loss(x, x.detach() + 1, weight=torch.ones(2, 3) * 2)"),
         "F.mse_loss(x, x.detach() + 1, weight=torch.ones(2, 3) * 2, reduction='none')",
         "F.mse_loss(x, x.detach() + 1, weight=torch.ones(2, 3) * 2, reduction='sum')",
         "F.mse_loss(x, x, weight=torch.ones(3))",
         "F.mse_loss(x, x + 1, weight=torch.ones(2, 3), reduction='bad')",
         "F.mse_loss(x, torch.ones(3), weight=torch.arange(6.).reshape(2, 3)).backward()\nx.grad"),
]


@pytest.mark.parametrize("cells, isolated", CASES)
def test_loss_weights(cells, isolated):
    assert_same(cells, isolated)
