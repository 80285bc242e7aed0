"""Building blocks real training code reaches for (issues 20 and 21), part 2: nn.RNNCell and
nn.RNN, Module.register_backward_hook, minigrad.distributions. Each case runs under torch 2.13
and minigrad (see difftest.py): values, gradients, grad_fn names, reprs, warnings, errors."""

import numpy as np
import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch


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
    # bidirectional: parameters ..._reverse, both directions' features side by side (CatBackward0),
    # h_n layer by layer, forward direction first
    case("rnn_bidirectional", SET_WEIGHTS,
         "r = set_weights(nn.RNN(3, 2, bidirectional=True))\n"
         "r, [n for n, _ in r.named_parameters()], [[p.shape for p in l] for l in r.all_weights]",
         "out, hn = r(x)\nout, hn",
         "out.grad_fn, out.grad_fn.next_functions, hn.grad_fn.next_functions",
         "rev = out.grad_fn.next_functions[1][0]\n"
         "[n[0].next_functions[0][0].next_functions for n in rev.next_functions]",
         "(out.sum() + hn.sum()).backward()\n"
         "r.weight_ih_l0_reverse.grad, r.bias_hh_l0_reverse.grad, r.weight_hh_l0.grad",
         "o, h = r(x[:, 0])\no.shape, h.shape, o.grad_fn, h.grad_fn",
         "o, h = r(x[:, 0], torch.ones(2, 2))\nh",
         "r(x, torch.zeros(1, 2, 2))", "r(x[:, 0], torch.zeros(1, 2))",
         "r(torch.ones(0, 2, 3))", "nn.RNN(3, 2)(torch.ones(0, 3))",
         "sd = r.state_dict()\nlist(sd), sd['weight_hh_l0_reverse']",
         "nn.RNN(3, 2, bidirectional=True).load_state_dict(sd)",
         "[[p.shape for p in l] for l in nn.RNN(3, 2, bidirectional=True, bias=False).all_weights]",
         "nn.RNN(3, 2, bidirectional=1), nn.RNN(3, 2, 2, 'tanh', True, False, 0.0, True)"),
    case("rnn_bidirectional_layers_batch_first", SET_WEIGHTS,
         "r = set_weights(nn.RNN(3, 2, num_layers=2, bidirectional=True, batch_first=True, "
         "nonlinearity='relu'))\nr, r._flat_weights_names",
         "h0 = torch.full((4, 5, 2), 0.5, requires_grad=True)\nout, hn = r(x, h0)\n"
         "print(out.shape, hn.shape, out.grad_fn)\nout[1], hn",
         "hn.sum().backward()\nh0.grad[:, 0]",
         "m = set_weights(nn.RNN(3, 2, num_layers=2, bidirectional=True, dropout=0.5))\n"
         "m.eval()\nm, m(x)[1]"),
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
    # torch's graph: logits normalized by logsumexp, log_prob a gather (expanded when the
    # value's batch differs)
    case("categorical_log_prob_graph",
         """
         from torch.distributions import Categorical
         def walk(fn, d=0):
             if fn is not None and d < 7:
                 print("  " * d + fn.name())
                 for n, _ in fn.next_functions:
                     walk(n, d + 1)
         logits = torch.tensor([[0.5, 1.0, -1.0], [0.1, 0.2, 0.3]], requires_grad=True)
         d = Categorical(logits=logits)
         """,
         "lp = d.log_prob(torch.tensor([2, 0]))\nwalk(lp.grad_fn)\nlp",
         "lp.sum().backward()\nlogits.grad", "d.logits, d.probs.grad_fn",
         """
         p = torch.tensor([0.2, 0.3, 0.5], requires_grad=True)
         lp2 = Categorical(probs=p).log_prob(torch.tensor([1, 2, 2]))
         walk(lp2.grad_fn)
         lp2, torch.autograd.grad(lp2.sum(), p)
         """,
         "walk(d.entropy().grad_fn)\nd.entropy()",
         "lp4 = d.log_prob(torch.tensor([[1, 2], [0, 0], [2, 1]]))\nwalk(lp4.grad_fn)\nlp4",
         """
         (g,) = torch.autograd.grad(d.log_prob(torch.tensor([2, 0])).sum(), logits,
                                    create_graph=True)
         print(g, g.grad_fn.name())
         torch.autograd.grad((g * g).sum(), logits)
         """,
         """
         l3 = torch.tensor([[[0.5, float('-inf'), 1.0]], [[2.0, 2.0, 2.0]]], requires_grad=True)
         d3 = Categorical(logits=l3)
         lp = d3.log_prob(torch.tensor([[0], [1]]))
         d3.logits, lp, torch.autograd.grad(lp.sum(), l3)
         """,
         "Categorical(logits=torch.tensor([float('-inf'), float('-inf')]))",
         "Categorical(logits=torch.tensor([1e30, 0.], dtype=torch.float64)).logits"),
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


@pytest.mark.parametrize("layers, batch_first, nonlinearity, bidirectional",
                         [(1, False, "tanh", False), (3, True, "relu", False),
                          (2, False, "tanh", False), (1, False, "tanh", True),
                          (3, True, "relu", True), (2, False, "tanh", True)])
def test_rnn_matches_torch_numerically(layers, batch_first, nonlinearity, bidirectional):
    """Random weights copied from torch into minigrad: outputs, h_n and every parameter's
    gradient agree to float32 tolerance on a (4, 7, 5) input."""
    import torch

    import minigrad
    rng = np.random.default_rng(0)
    ref = torch.nn.RNN(5, 8, num_layers=layers, batch_first=batch_first,
                       nonlinearity=nonlinearity, bidirectional=bidirectional)
    ours = minigrad.nn.RNN(5, 8, num_layers=layers, batch_first=batch_first,
                           nonlinearity=nonlinearity, bidirectional=bidirectional)
    with minigrad.no_grad():
        for (name, p), (name2, q) in zip(ref.named_parameters(), ours.named_parameters()):
            assert name == name2
            q.copy_(minigrad.tensor(p.detach().numpy()))
    x = rng.standard_normal((4, 7, 5)).astype(np.float32)
    out_t, h_t = ref(torch.tensor(x))
    out_m, h_m = ours(minigrad.tensor(x))
    (out_t.square().sum() + h_t.sum()).backward()
    (out_m.square().sum() + h_m.sum()).backward()
    pairs = [(out_t.detach().numpy(), out_m.detach().numpy()),
             (h_t.detach().numpy(), h_m.detach().numpy())]
    pairs += [(p.grad.numpy(), q.grad.numpy()) for p, q in zip(ref.parameters(),
                                                               ours.parameters())]
    for expected, got in pairs:
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
