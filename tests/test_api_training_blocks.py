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


X2 = "x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)"

REPEAT_RELU_ALLCLOSE = [
    case("repeat", X2, "y = x.repeat(2, 3)\ny", "y.grad_fn._saved_repeats, "
         "y.grad_fn._saved_self_sym_sizes, y._base is None",
         "y = x.repeat(2, 1, 2)\ny.shape",
         "(y * torch.arange(16.).reshape(2, 2, 4)).sum().backward()\nx.grad",
         "x.repeat((2, 2)).shape, x.repeat([1, 2]), x.repeat(repeats=(1, 2)).shape",
         "x.repeat(torch.tensor(2), 1).shape, x.repeat(torch.Size([2, 2])).shape",
         "x.repeat(0, 2), x.detach().repeat(0, 1)", "torch.tensor(3.).repeat(2)",
         "torch.tensor([1, 2]).repeat(2)",
         "g, = torch.autograd.grad((x.repeat(1, 2) ** 2).sum(), x, create_graph=True)\n"
         "g.sum().backward()\ng.detach(), x.grad"),
    case("repeat_errors", X2, "x.repeat(2)", "x.repeat()", "torch.tensor(3.).repeat()",
         "x.repeat(-1, 2)", "x.repeat(2.0, 2)", "x.repeat('a')", "x.repeat(2, None)",
         "x.repeat(sizes=(1, 2))", "x.repeat(2, 2, dim=1)", "x.repeat((2,), 2)",
         "x.repeat(2, (2,))", "x.repeat(1.5)", "x.repeat([1.5, 1])", "x.repeat(True, 2)",
         "torch.repeat"),
    case("relu_inplace", "import torch.nn.functional as F\n"
         "x = torch.tensor([-1., 2.], requires_grad=True)",
         "torch.relu_(x)", "F.relu_(x)", "F.relu_(1)", "torch.relu_([1.])",
         "y = x * 2\nz = torch.relu_(y)\nz is y, y, y._version",
         "y = x * 1\nF.relu_(y).sum().backward()\nx.grad",
         "F.relu_(torch.tensor([1, -2])), F.relu_(input=torch.tensor([-1., 3.]))",
         "F.relu_(torch.tensor([True]))", "F.relu_(x, inplace=True)",
         "h = torch.sigmoid(x)\nF.relu_(h)\nh.sum().backward()"),
    case("allclose",
         "a = torch.tensor([1., 2., float('nan')])\nb = torch.tensor([1., 2.00001, float('nan')])",
         "torch.allclose(a, b), torch.allclose(a, b, equal_nan=True), "
         "a.allclose(b, equal_nan=True)",
         "torch.allclose(a[:2], b[:2]), torch.allclose(a[:2], b[:2], rtol=0), "
         "torch.allclose(a[:2], b[:2], 0, 1e-4)",
         "torch.allclose(torch.tensor([1., 2]), torch.tensor([1.])), "
         "torch.allclose(torch.tensor([1., 1]), torch.tensor([1.])), "
         "torch.allclose(torch.tensor(1.), torch.tensor([1., 1.]))",
         "i = torch.tensor([10])\ni.allclose(torch.tensor([11]), rtol=0.1, atol=0), "
         "i.allclose(torch.tensor([11]), rtol=0.05, atol=0.5), "
         "i.allclose(torch.tensor([11]), rtol=0.05, atol=0.4), torch.allclose(i, i)",
         "torch.allclose(torch.tensor([True]), torch.tensor([False]), atol=1), "
         "torch.allclose(torch.tensor([True]), torch.tensor([False]))",
         "inf = float('inf')\ntorch.allclose(torch.tensor([inf]), torch.tensor([inf])), "
         "torch.allclose(torch.tensor([inf]), torch.tensor([-inf]), atol=1e30)",
         "w = torch.tensor([1., 2.], requires_grad=True)\ntype(torch.allclose(w, w * 1)), "
         "torch.allclose(torch.tensor([]), torch.tensor([]))",
         "torch.allclose(a[:2], b[:2], rtol=torch.tensor(1.)), torch.allclose(a, a, rtol=1)",
         "torch.allclose(torch.tensor([1e-9, 1.]), torch.tensor([0., 1.])), "
         "torch.allclose(torch.tensor([1e-7, 1.]), torch.tensor([0., 1.]))",
         "torch.allclose(torch.tensor([1.1], dtype=torch.float64), "
         "torch.tensor([1.100011], dtype=torch.float64))"),
    case("allclose_errors", "a = torch.tensor([1., 2.])",
         "torch.allclose(a, torch.tensor([1, 2]))", "torch.allclose(a, a.double())",
         "torch.allclose(torch.tensor([1]), torch.tensor([1], dtype=torch.int32))",
         "torch.allclose(a, [1., 2])", "torch.allclose(a, 2.)", "a.allclose([1])",
         "torch.allclose(a, a, rtol=-1)", "torch.allclose(a, a, atol=-1)",
         "torch.allclose(a, a, rtol=-0.5)", "torch.allclose(a, a, rtol=-1e-20)",
         "torch.allclose(a, a, rtol='a')", "torch.allclose(a, a, 1e-5, 1e-8, True, 1)",
         "a.allclose(a, 1e-5, 1e-8, True, 1)", "a.allclose(a, 1e-5, 1e-8, 1)",
         "torch.allclose(a, a, 1e-5, 1e-8, 1)", "torch.allclose(a, a, rtol=-1, atol='a')",
         "torch.allclose(a.long(), a, rtol=-1)", "torch.allclose(a, torch.ones(3))",
         "torch.allclose(a, a, tol=1)", "torch.allclose(a)", "a.allclose()",
         "torch.allclose(a, a, equal_nan=1)"),
]


@pytest.mark.parametrize("cells, isolated", REPEAT_RELU_ALLCLOSE)
def test_repeat_relu_allclose(cells, isolated):
    assert_same(cells, isolated)


BN = ("import torch.nn as nn\nbn = nn.BatchNorm2d(2)\n"
      "x = (torch.arange(24.).reshape(2, 2, 3, 2) % 7).requires_grad_()")

BATCHNORM2D = [
    case("batchnorm2d_train", BN, "bn, nn.BatchNorm2d(4, affine=False, momentum=None)",
         "y = bn(x)\ny.grad_fn, y[0, 0]",
         "bn.running_mean, bn.running_var, bn.num_batches_tracked",
         "(y * torch.arange(24.).reshape(2, 2, 3, 2)).sum().backward()\n"
         "x.grad[0], bn.weight.grad, bn.bias.grad",
         "y.grad_fn.next_functions[1:], y.grad_fn._saved_result1, y.grad_fn._saved_result2",
         "bn(x * 2)\nbn.running_mean, bn.running_var, bn.num_batches_tracked",
         "sorted(bn.state_dict()), [n for n, _ in bn.named_parameters()]"),
    case("batchnorm2d_eval_and_options", BN,
         "bn(x)\nbn.eval()\ny = bn(x)\ny[1, 1], y.grad_fn",
         "y.sum().backward()\nx.grad[1, 1], bn.weight.grad",
         "m = nn.BatchNorm2d(2, momentum=None)\nm(x)\nm(x + 1)\nm.running_mean, "
         "m.num_batches_tracked",
         "a = nn.BatchNorm2d(2, affine=False)\na.weight, a.bias, a(x)[0, 1]",
         "t = nn.BatchNorm2d(2, track_running_stats=False)\nt, t.running_mean, t(x)[0, 0]",
         "t.eval()\nt(x)[0, 0], t.num_batches_tracked",
         "with torch.no_grad():\n    out = nn.BatchNorm2d(2)(x)\nout.requires_grad"),
    case("batchnorm2d_errors", BN, "bn(torch.ones(2, 2, 3))", "bn(torch.ones(2, 2))",
         "bn(torch.ones(1, 2, 3, 3, 3))", "bn(torch.ones(1, 3, 2, 2))",
         "bn(torch.ones(1, 2, 1, 1))", "nn.BatchNorm1d(2)(torch.ones(2, 2, 2, 2))",
         "nn.BatchNorm3d(2), nn.BatchNorm3d(2)(torch.ones(2, 2, 2))"),
    case("resnet_block_inplace_relu",
         "import torch.nn as nn\ntorch.manual_seed(0)\n"
         "conv = nn.Conv2d(2, 2, 3, padding=1, bias=False)\n"
         "with torch.no_grad():\n"
         "    conv.weight.copy_(torch.linspace(-1, 1, 36).reshape(2, 2, 3, 3))\n"
         "block = nn.Sequential(conv, nn.BatchNorm2d(2), nn.ReLU(inplace=True))\n"
         "x = torch.linspace(-2, 2, 32).reshape(2, 2, 2, 4)",
         "block", "out = block(x) + x\nout.grad_fn, out.grad_fn.next_functions[0][0]",
         "out.pow(2).sum().backward()\nconv.weight.grad[0, 0], block[1].weight.grad"),
]


@pytest.mark.parametrize("cells, isolated", BATCHNORM2D)
def test_batchnorm2d(cells, isolated):
    assert_same(cells, isolated)


# minigrad's generator is not torch's: the weights are set from linspace in each library
SET_WEIGHTS = ("def set_weights(m):\n"
               "    with torch.no_grad():\n"
               "        for i, (name, p) in enumerate(m.named_parameters()):\n"
               "            p.copy_(torch.linspace(-0.8, 0.9, p.numel()).reshape(p.shape)"
               " * (-1) ** i)\n"
               "    return m\n"
               "import torch.nn as nn\n"
               "x = torch.linspace(-1, 1, 30).reshape(5, 2, 3)")

RNN_CASES = [
    case("rnn_cell", SET_WEIGHTS,
         "c = set_weights(nn.RNNCell(3, 2))\nc, [n for n, _ in c.named_parameters()]",
         "nn.RNNCell(3, 2, bias=False, nonlinearity='relu'), "
         "nn.RNNCell(3, 2, nonlinearity='sigmoid')",
         "h = c(x[0])\nh, h.grad_fn.next_functions[0][0].next_functions",
         "h2 = c(x[1], h)\nh2.sum().backward()\nc.weight_hh.grad, c.bias_ih.grad",
         "c(x[0, 0]), c(x[0, 0], torch.zeros(2))",
         "r = set_weights(nn.RNNCell(3, 2, bias=False, nonlinearity='relu'))\nr(x[0])",
         "torch.manual_seed(0)\nm = nn.RNNCell(3, 4)\n"
         "all(p.abs().max() <= 0.5 for p in m.parameters()), m.weight_ih.shape"),
    case("rnn_cell_errors", SET_WEIGHTS, "c = nn.RNNCell(3, 2)", "c(x)", "c(x[0, 0, :2])",
         "c(x[0], torch.zeros(3, 2))", "c(x[0], torch.zeros(2, 3))",
         "c(x[0, 0], torch.zeros(4, 2))", "c(x[0], torch.zeros(1, 1, 2))",
         "nn.RNNCell(3, 2, nonlinearity='sigmoid')(x[0])", "c(x[0].double())"),
    case("rnn_forward", SET_WEIGHTS,
         "r = set_weights(nn.RNN(3, 2))\nr, [n for n, _ in r.named_parameters()]",
         "out, hn = r(x)\nout, hn",
         "out.grad_fn, out.grad_fn.next_functions[0][0], hn.grad_fn",
         "step = out.grad_fn.next_functions[0][0].next_functions[0][0]\n"
         "step, step.next_functions",
         "(out.sum() + hn.sum()).backward()\nr.weight_ih_l0.grad, r.bias_hh_l0.grad",
         "out2, hn2 = r(x[:, :1], hn[:, :1].detach())\nout2[-1], hn2",
         "o, h = r(x[:, 0])\no.grad_fn, o.shape, h.shape, h.grad_fn"),
    case("rnn_layers_batch_first", SET_WEIGHTS,
         "r = set_weights(nn.RNN(3, 2, num_layers=2, batch_first=True, nonlinearity='relu'))\n"
         "r, [n for n, _ in r.named_parameters()]",
         "out, hn = r(x)\nout.shape, hn.shape, out.grad_fn, out.grad_fn.next_functions",
         "out[1], hn",
         "h0 = torch.full((2, 5, 2), 0.5, requires_grad=True)\nout, hn = r(x, h0)\n"
         "hn.sum().backward()\nh0.grad[:, 0]",
         "n = set_weights(nn.RNN(3, 2, bias=False))\nn, n(x)[1]",
         "torch.manual_seed(0)\nm = nn.RNN(4, 16, 3)\n"
         "all(p.abs().max() <= 0.25 for p in m.parameters()), len(m.all_weights)"),
    case("rnn_hidden_carried_across_batches", SET_WEIGHTS,
         "r = set_weights(nn.RNN(3, 2))\nh = torch.zeros(1, 2, 2)",
         "for batch in (x, x * 0.5):\n    out, h = r(batch, h)\n    out.sum().backward()"),
    case("rnn_errors", SET_WEIGHTS, "r = nn.RNN(3, 2)", "r(torch.ones(2, 3, 3, 3))",
         "r(torch.ones(5, 2, 4))", "r(x, torch.ones(1, 3, 2))", "r(x, torch.ones(2, 2))",
         "r(x[:, 0], torch.ones(1, 1, 2))", "r(x[:, 0], torch.ones(2))", "r(x.double())",
         "r(x, 1)", "nn.RNN(3, 2, nonlinearity='gelu')", "nn.RNN(3, 2, num_layers=0)",
         "nn.RNN(3, 2, dropout=2)", "nn.RNN(3, 2, num_layers=1.5)", "nn.RNN(3, 0)",
         "nn.RNN(3, 2, proj_size=1)", "nn.RNN(3, 2, dropout=0.5)",
         "nn.RNN(3, 2, 2, 'relu', False, True, 0.5)", "nn.RNN(3.0, 2)",
         "nn.RNN(3, 2, bias=1)"),
]


@pytest.mark.parametrize("cells, isolated", RNN_CASES)
def test_rnn(cells, isolated):
    assert_same(cells, isolated)


LIN = ("import torch.nn as nn\nlin = nn.Linear(3, 2)\n"
       "with torch.no_grad():\n"
       "    lin.weight.copy_(torch.arange(6.).reshape(2, 3))\n    lin.bias.fill_(0.5)\n"
       "x = torch.ones(4, 3, requires_grad=True)")

BACKWARD_HOOKS = [
    case("register_backward_hook_linear", LIN,
         "h = lin.register_backward_hook(lambda m, gi, go: print(type(m).__name__, gi, go))",
         "y = lin(x)", "y.sum().backward()", "lin(torch.ones(3, requires_grad=True)).sum()"
         ".backward()", "lin(torch.ones(2, 3)).sum().backward()",
         "h.remove()\nlin(x).sum().backward()", "lin._is_full_backward_hook"),
    case("register_backward_hook_replaces_grad_input", LIN,
         "lin.register_backward_hook(lambda m, gi, go: (gi[0], gi[1] * 0, gi[2]))",
         "lin(x).sum().backward()\nx.grad, lin.bias.grad"),
    case("register_backward_hook_other_modules", LIN,
         "s = nn.Sigmoid()\ns.register_backward_hook(lambda m, gi, go: print(gi, go))",
         "y = s(x)\ny.sum().backward()", "s(torch.ones(2)).requires_grad",
         "seq = nn.Sequential(nn.Linear(3, 2), nn.ReLU())\n"
         "seq.register_backward_hook(lambda m, gi, go: print('seq', [g.shape for g in gi]))",
         "seq(x).sum().backward()",
         "class Two(nn.Module):\n    def forward(self, a):\n        return a * 2, a + 1\n"
         "t = Two()\nt.register_backward_hook(lambda m, gi, go: print('two', gi))",
         "p, q = t(x)\n(p + q).sum().backward()",
         "class Dict(nn.Module):\n    def forward(self, a):\n        return {'out': a * 3}\n"
         "d = Dict()\nd.register_backward_hook(lambda m, gi, go: print('dict', gi[0][0]))",
         "d(x)['out'].sum().backward()",
         "class Same(nn.Module):\n    def forward(self, a):\n        return (a * 3, a * 3)[:1]\n"
         "sm = Same()\nsm.register_backward_hook(lambda m, gi, go: print('same', len(gi)))",
         "sm(x)[0].sum().backward()"),
    case("register_backward_hook_mixing_refused", LIN,
         "lin.register_backward_hook(lambda *a: None)",
         "lin.register_full_backward_hook(lambda *a: None)",
         "m = nn.Linear(2, 2)\nm.register_full_backward_hook(lambda *a: None)",
         "m.register_backward_hook(lambda *a: None)", "nn.Linear(1, 1)._is_full_backward_hook"),
]


@pytest.mark.parametrize("cells, isolated", BACKWARD_HOOKS)
def test_register_backward_hook(cells, isolated):
    assert_same(cells, isolated)


OUT_ALIASES = [
    case("out_argument",
         "a = torch.tensor([1., 2.])\nb = torch.tensor([3., 4.])\n"
         "w = torch.tensor([1., 2.], requires_grad=True)",
         "o = torch.empty(2)\nr = torch.add(a, b, out=o)\nr is o, o, o._version",
         "torch.add(w, b, out=torch.empty(2))", "torch.mul(b, w, out=torch.empty(2))",
         "torch.add(a, b, out=torch.empty(2, requires_grad=True))",
         "torch.sub(w, b, out=torch.empty(2))", "torch.div(w, b, out=torch.empty(2))",
         "torch.subtract(w, b, out=torch.empty(2))", "torch.matmul(w, b, out=torch.empty(()))",
         "torch.exp(w, out=torch.empty(2))", "torch.clip(w, 0, 1, out=torch.empty(2))",
         "torch.cat([w, b], out=torch.empty(4))", "torch.stack([w, b], out=torch.empty(2, 2))",
         "torch.maximum(w, b, out=torch.empty(2))",
         "with torch.no_grad():\n    o = torch.empty(2)\n    r = torch.add(w, b, out=o)\nr is o, r",
         "torch.add(a, b, out=torch.empty(0))",
         "torch.add(a, b, out=torch.empty(2, dtype=torch.long))",
         "torch.add(a, b, out=torch.empty(2, dtype=torch.float64))",
         "torch.add(a, a, out=torch.empty(2, dtype=torch.bool))",
         "torch.add(torch.tensor([1, 2]), torch.tensor([1, 2]), "
         "out=torch.empty(2, dtype=torch.float64))",
         "torch.add(a, 1, alpha=2, out=torch.empty(2)), torch.add(a, b, out=None)",
         "torch.mul(a, 2, out=torch.empty(2, dtype=torch.float16))",
         "torch.add(a, b, out='x')", "torch.add(a, b, out=[a])",
         "t = torch.empty(2, 2)\ntorch.add(a, b, out=t[0])\nt[0]",
         "torch.eq(w, b, out=torch.empty(2, dtype=torch.bool)), "
         "torch.eq(a, a, out=torch.empty(2))",
         "torch.mm(a[None], b[:, None], out=torch.empty(1, 1))",
         "c = a.clone()\ntorch.add(c, c, out=c)\nc"),
    case("out_argument_resized_warning",
         "a = torch.tensor([1., 2.])\nb = torch.tensor([3., 4.])",
         "o = torch.empty(3)\nr = torch.add(a, b, out=o)\nr is o, o"),
    case("numpy_style_aliases", "x = torch.tensor([[1., 5.], [3., 4.]])",
         "x.sum(axis=0), x.sum(axis=0, keepdims=True), x.sum(0, keepdims=True), "
         "torch.sum(x, axis=1)",
         "x.mean(axis=0), x.mean(axis=0, keepdims=True), torch.mean(x, axis=1)",
         "x.argmax(axis=0), x.argmax(axis=0, keepdims=True), torch.argmax(x, axis=1), "
         "x.argmin(axis=1), torch.argmin(x, axis=0), x.argmax(dim=0, keepdims=True)",
         "x.max(axis=0), x.max(axis=0, keepdims=True), x.min(axis=1), torch.max(x, axis=0)",
         "x.prod(axis=0), x.prod(axis=0, keepdims=True), x.all(axis=0), x.any(axis=0)",
         "torch.cat([x, x], axis=1), torch.stack([x, x], axis=1).shape",
         "x.softmax(axis=0), torch.softmax(x, axis=0), x.log_softmax(axis=0)",
         "x.squeeze(axis=0).shape, x.unsqueeze(axis=0).shape, torch.squeeze(x, axis=0).shape",
         "x.chunk(2, axis=0), x.unbind(axis=0), x.narrow(axis=0, start=0, length=1), "
         "x.select(axis=0, index=0), x.size(axis=0)",
         "x.sum(axis=0, dim=0)", "x.mean(0, keepdim=True, keepdims=True)",
         "torch.cat([x], dim=0, axis=0)", "x.argmax(0, keepdims=True, keepdim=True)",
         "torch.nn.functional.softmax(x, axis=0)",
         "w = x.clone().requires_grad_()\nw.max(axis=1)[0].sum().backward()\nw.grad"),
    case("untyped_storage_tolist",
         "torch.tensor([1., 2.]).untyped_storage().tolist()",
         "torch.tensor([1, 2], dtype=torch.int16)[1:].untyped_storage().tolist()",
         "torch.tensor([True, False]).untyped_storage().tolist()"),
]


@pytest.mark.parametrize("cells, isolated", OUT_ALIASES)
def test_out_and_aliases(cells, isolated):
    assert_same(cells, isolated)


# random draws differ between the libraries (different generators): only shapes, dtypes,
# grad_fns and values computed from fixed inputs are compared
DISTRIBUTIONS = [
    case("normal", "from torch.distributions import Normal\n"
         "mu = torch.tensor([0., 1.], requires_grad=True)\n"
         "sd = torch.tensor([1., 2.], requires_grad=True)\nn = Normal(mu, sd)",
         "n, n.batch_shape, n.event_shape, n.mean, n.stddev, n.variance",
         "Normal(0., 1.), Normal(torch.tensor(0.), 1.), Normal(0, 1).loc, Normal(1, 2.).scale",
         "lp = n.log_prob(torch.tensor([0.5, -1.]))\nlp", "lp.sum().backward()\nmu.grad, sd.grad",
         "n.entropy()", "s = n.sample()\ns.shape, s.requires_grad, n.sample((3,)).shape",
         "r = n.rsample()\nr.shape, r.grad_fn, n.rsample((3,)).shape, n.has_rsample",
         "mu.grad = None\nn.rsample((4,)).sum().backward()\nmu.grad",
         "n.cdf(torch.tensor([0., 1.]))",
         "Normal(torch.tensor([0.]), torch.tensor([1.])).log_prob(torch.tensor([float('inf')]))",
         "Normal(torch.zeros(2, 1), torch.ones(3)).batch_shape"),
    case("normal_errors", "from torch.distributions import Normal",
         "Normal(0., -1.)", "Normal(torch.zeros(2), torch.ones(3))",
         "Normal(0., 1.).log_prob(2)", "Normal(0., 1.).sample(3)",
         "Normal(torch.tensor([0., 1.]), 1.).log_prob(torch.tensor([0., 1., 2.]))",
         "Normal(torch.tensor([0., float('nan')]), 1.)",
         "Normal(0., -1., validate_args=False).scale"),
    case("categorical", "from torch.distributions import Categorical\n"
         "c = Categorical(probs=torch.tensor([0.2, 0.3, 0.5]))",
         "c.probs, c.logits, c.batch_shape, c.event_shape, c.param_shape",
         "c, c.entropy(), c.log_prob(torch.tensor(1)), c.log_prob(torch.tensor([0, 2, 2]))",
         "c.sample().dtype, c.sample().shape, c.sample((2,)).shape, c.has_rsample",
         "Categorical(torch.tensor([1., 1., 2.])).probs",
         "lg = torch.tensor([[1., 2., 3.], [0., 0., 0.]], requires_grad=True)\n"
         "c2 = Categorical(logits=lg)\nc2",
         "c2.logits, c2.probs, c2.log_prob(torch.tensor([0, 2]))",
         "c2.entropy(), c2.batch_shape, c2.sample((5,)).shape",
         "c2.log_prob(torch.tensor([0, 2])).sum().backward()\nlg.grad",
         "lg.grad = None\nc2.entropy().sum().backward()\nlg.grad",
         "c2.log_prob(torch.tensor([[0, 1], [2, 2], [1, 0]]))",
         "c2.mode, c2.enumerate_support()"),
    case("categorical_errors", "from torch.distributions import Categorical",
         "Categorical()",
         "Categorical(probs=torch.tensor([0.5, 0.5]), logits=torch.tensor([0., 0.]))",
         "Categorical(torch.tensor([-1., 2.]))", "Categorical(torch.tensor(1.))",
         "Categorical(torch.tensor([0.5, 0.5])).log_prob(torch.tensor(3))",
         "Categorical(torch.tensor([0.5, 0.5])).log_prob(torch.tensor(0.5))",
         "Categorical(torch.tensor([0.5, 0.5])).rsample()"),
]


@pytest.mark.parametrize("cells, isolated", DISTRIBUTIONS)
def test_distributions(cells, isolated):
    assert_same(cells, isolated)


def test_distribution_samples_follow_their_law():
    """minigrad only (its draws are not torch's): moments and frequencies of many draws."""
    import minigrad
    from minigrad.distributions import Categorical, Normal

    minigrad.manual_seed(0)
    draws = Normal(minigrad.tensor([0., 5.]), minigrad.tensor([1., 0.1])).sample((20000,))
    assert draws.shape == (20000, 2) and draws.dtype == minigrad.float32
    mean = draws.mean(0)
    spread = ((draws - mean) ** 2).mean(0).sqrt()
    assert abs(mean[0].item()) < 0.05 and abs(mean[1].item() - 5) < 0.005
    assert abs(spread[0].item() - 1) < 0.03 and abs(spread[1].item() - 0.1) < 0.003
    picks = Categorical(minigrad.tensor([0.2, 0.3, 0.5])).sample((30000,))
    freq = [(picks == k).float().mean().item() for k in range(3)]
    assert all(abs(f - p) < 0.015 for f, p in zip(freq, (0.2, 0.3, 0.5)))
    sure = Categorical(minigrad.tensor([[0., 1.], [1., 0.]])).sample((50,))
    assert (sure[:, 0] == 1).all() and (sure[:, 1] == 0).all()
