"""Building blocks real training code reaches for (issues 20 and 21), part 1: BCELoss and
F.binary_cross_entropy, BCEWithLogitsLoss, Tensor.repeat, relu_, allclose, BatchNorm2d,
out= arguments, the axis=/keepdims= aliases and UntypedStorage.tolist. Each case runs under
torch 2.13 and minigrad (see difftest.py): values, gradients, grad_fn names, reprs, warnings
and torch's errors. Part 2: test_api_rnn_hooks_distributions.py."""

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
    case("legacy_size_average_reduce", BCE,
         "m = nn.BCELoss(size_average=False)\nm.reduction, m(x, y)",
         "nn.MSELoss(reduce=False).reduction, nn.CrossEntropyLoss(size_average=True).reduction",
         "F.binary_cross_entropy(x, y, size_average=False)",
         "F.binary_cross_entropy(x, y, reduce=False, reduction='sum')",
         "F.binary_cross_entropy_with_logits(x, y, size_average=True, reduce=True)",
         "nn.BCEWithLogitsLoss(reduce=False)(x, y)"),
    case("bce_with_logits_module", BCE, "nn.BCEWithLogitsLoss()",
         "m = nn.BCEWithLogitsLoss(weight=torch.tensor([1., 2., 1., 1.]), "
         "pos_weight=torch.tensor([3., 1., 1., 1.]))\nm, list(m.named_buffers())",
         "z = torch.tensor([0.5, -1., 2., 0.], requires_grad=True)\nloss = m(z, y)\nloss",
         "loss.backward()\nz.grad",
         "nn.BCEWithLogitsLoss(reduction='sum')(z, y)", "m(z, y[:3])"),
    # a graph of the backward (create_graph=True): torch's own nodes, and their gradients
    case("bce_double_backward", BCE,
         """
         x = torch.tensor([0.2, 0.7, 0.9], requires_grad=True)
         t = torch.tensor([0., 1., 1.], requires_grad=True)
         w = torch.tensor([1., 2., 3.])
         def walk(fn, d=0):
             if fn is not None and d < 5:
                 print("  " * d + fn.name())
                 for n, _ in fn.next_functions:
                     walk(n, d + 1)
         """,
         """
         (g,) = torch.autograd.grad(F.binary_cross_entropy(x, t.detach()), x, create_graph=True)
         print(g, g.grad_fn.next_functions, g.grad_fn._saved_reduction)
         torch.autograd.grad(g.sum(), x)
         """,
         """
         for reduction in ('mean', 'sum', 'none'):
             loss = F.binary_cross_entropy(x, t, weight=w, reduction=reduction)
             g, gt = torch.autograd.grad(loss.sum(), (x, t), create_graph=True)
             walk(g.grad_fn)
             walk(gt.grad_fn)
             print(torch.autograd.grad((g * g).sum() + gt.sum(), (x, t)))
         """,
         """
         seed = torch.tensor(2., requires_grad=True)
         (g,) = torch.autograd.grad(F.binary_cross_entropy(x, t), x, seed, create_graph=True)
         walk(g.grad_fn)
         torch.autograd.grad(g.sum(), (seed, x, t))
         """),
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
    # an empty batch (a data loader's last, empty slice): torch skips every check, leaves the
    # running buffers alone and keeps weight and bias in the graph through their element 0
    case("batchnorm_empty_batch", BN, "y = bn(torch.ones(0, 2, 3, 2))\ny, y.grad_fn",
         "y.grad_fn.next_functions, y.grad_fn.next_functions[0][0].next_functions",
         "bn.running_mean, bn.running_var, bn.num_batches_tracked",
         "y.sum().backward()\nbn.weight.grad, bn.bias.grad",
         "F = torch.nn.functional\nF.batch_norm(torch.ones(0, 3), torch.zeros(2), "
         "torch.ones(2), training=True)",
         "F.batch_norm(torch.ones(0, 3), None, None, training=False).grad_fn",
         "bn.eval()\nbn(torch.ones(0, 2, 1, 1))", "F.batch_norm(torch.ones(0), None, None)"),
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


GAN = ("import torch.nn as nn\n"
       "def fixed(m):\n"
       "    with torch.no_grad():\n"
       "        for i, p in enumerate(m.parameters()):\n"
       "            p.copy_(torch.linspace(-0.5, 0.6, p.numel()).reshape(p.shape) * (-1) ** i)\n"
       "    return m\n"
       "G = fixed(nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 2)))\n"
       "D = fixed(nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1), nn.Sigmoid()))\n"
       "opt_g = torch.optim.SGD(G.parameters(), lr=0.1)\n"
       "opt_d = torch.optim.SGD(D.parameters(), lr=0.1)\n"
       "bce = nn.BCELoss()\n"
       "z = torch.linspace(-1, 1, 8).reshape(4, 2)\nreal = torch.linspace(0, 1, 8).reshape(4, 2)\n"
       "ones, zeros = torch.ones(4, 1), torch.zeros(4, 1)")

GAN_CASES = [
    case("gan_step_reusing_d_output_after_step", GAN,
         "fake = G(z)\nout_fake = D(fake)\n"
         "d_loss = bce(D(real), ones) + bce(out_fake, zeros)\nd_loss",
         "opt_d.zero_grad()\nd_loss.backward(retain_graph=True)\nopt_d.step()",
         "g_loss = bce(out_fake, ones)\ng_loss",
         "opt_g.zero_grad()\ng_loss.backward()"),
    case("gan_step_fixed", GAN,
         "fake = G(z)\nd_loss = bce(D(real), ones) + bce(D(fake.detach()), zeros)\n"
         "opt_d.zero_grad()\nd_loss.backward()\nopt_d.step()\nd_loss",
         "g_loss = bce(D(fake), ones)\nopt_g.zero_grad()\ng_loss.backward()\nopt_g.step()\n"
         "g_loss, G[0].weight, D[2].bias.grad"),
]


@pytest.mark.parametrize("cells, isolated", GAN_CASES)
def test_gan_step(cells, isolated):
    assert_same(cells, isolated)
