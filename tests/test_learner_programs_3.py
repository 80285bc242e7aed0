"""Learner-style programs, third set: nn and training topics (optimizers and training loops,
GAN steps, RNN hidden states, BatchNorm/Dropout in train and eval mode, losses,
distributions, saving and loading).

Same rules as tests/test_learner_programs_2.py: short programs written for this file, fixed
values (weights are filled explicitly: the two libraries draw different random numbers),
both transcripts must match, a divergence of today is a strict xfail with its reason.
"""
import textwrap

import pytest

from difftest import assert_same, requires_torch

pytestmark = requires_torch

# weights filled with evenly spaced values, so both libraries start from the same model
FILL = """
from torch import nn
def fill(module, low=-0.5, high=0.5):
    with torch.no_grad():
        for p in module.parameters():
            p.copy_(torch.linspace(low, high, p.numel()).view(p.shape))
    return module
"""


def program(name, *cells, xfail=None):
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    cells = [FILL] + [textwrap.dedent(c).strip("\n") for c in cells]
    return pytest.param(cells, id=name, marks=marks)


TRAINING = [
    program("linear_regression_sgd_loop",
            """
            model = fill(nn.Linear(1, 1), 0., 0.)
            x = torch.tensor([[1.], [2.], [3.], [4.]])
            y = 2 * x + 1
            opt = torch.optim.SGD(model.parameters(), lr=0.05)
            for epoch in range(4):
                opt.zero_grad()
                loss = nn.MSELoss()(model(x), y)
                loss.backward()
                opt.step()
                print(epoch, round(loss.item(), 4), model.weight.grad)
            print(model.weight, model.bias)
            """),
    program("forgot_zero_grad",
            """
            w = torch.tensor([1., 2.], requires_grad=True)
            opt = torch.optim.SGD([w], lr=0.1)
            for step in range(3):
                loss = (w ** 2).sum()
                loss.backward()
                print(step, w.grad)
                opt.step()
            print(w)
            """),
    program("adam_steps_on_fixed_grad",
            """
            p = nn.Parameter(torch.tensor([1., -1., 0.5]))
            opt = torch.optim.Adam([p], lr=0.1)
            for _ in range(3):
                opt.zero_grad()
                (p * torch.tensor([1., 2., -3.])).sum().backward()
                opt.step()
            print(p)
            print(sorted(opt.state[p].keys()), opt.state[p]["step"])
            """),
    program("optimizer_param_groups_and_state_dict",
            """
            net = fill(nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1)))
            opt = torch.optim.SGD([{"params": net[0].parameters()},
                                   {"params": net[2].parameters(), "lr": 0.5}],
                                  lr=0.1, momentum=0.9)
            print([g["lr"] for g in opt.param_groups])
            print(opt.state_dict()["param_groups"])
            print(opt)
            """),
    program("zero_grad_sets_to_none",
            """
            lin = fill(nn.Linear(2, 1))
            opt = torch.optim.SGD(lin.parameters(), lr=0.1)
            lin(torch.ones(1, 2)).sum().backward()
            print(lin.weight.grad)
            opt.zero_grad()
            print(lin.weight.grad)
            lin(torch.ones(1, 2)).sum().backward()
            opt.zero_grad(set_to_none=False)
            print(lin.weight.grad, lin.bias.grad)
            """),
    program("clip_grad_norm_returns_total_norm",
            """
            lin = fill(nn.Linear(3, 2))
            lin(torch.tensor([[3., 4., 0.]])).sum().backward()
            total = nn.utils.clip_grad_norm_(lin.parameters(), max_norm=1.0)
            print(total)
            print(lin.weight.grad, lin.bias.grad)
            """),
    program("frozen_layer_in_training",
            """
            net = fill(nn.Sequential(nn.Linear(2, 2), nn.Tanh(), nn.Linear(2, 1)))
            for p in net[0].parameters():
                p.requires_grad = False
            opt = torch.optim.SGD(filter(lambda p: p.requires_grad, net.parameters()), lr=1.)
            net(torch.tensor([[1., 2.]])).sum().backward()
            opt.step()
            print(net[0].weight.grad, net[2].weight)
            print([n for n, p in net.named_parameters() if p.requires_grad])
            """),
]

GAN = [
    program("gan_discriminator_step_with_detach",
            """
            G = fill(nn.Sequential(nn.Linear(2, 2), nn.Tanh()))
            D = fill(nn.Sequential(nn.Linear(2, 1), nn.Sigmoid()), -0.3, 0.7)
            criterion = nn.BCELoss()
            real = torch.tensor([[1., 0.5], [0.5, 1.]])
            z = torch.tensor([[0.1, -0.2], [0.3, 0.4]])
            fake = G(z)
            d_loss = criterion(D(real), torch.ones(2, 1)) + criterion(D(fake.detach()),
                                                                      torch.zeros(2, 1))
            d_loss.backward()
            print(d_loss, D[0].weight.grad, G[0].weight.grad)
            """),
    program("gan_generator_step_after_d_backward_without_detach",
            """
            G = fill(nn.Linear(2, 2))
            D = fill(nn.Sequential(nn.Linear(2, 1), nn.Sigmoid()))
            bce = nn.BCELoss()
            fake = G(torch.tensor([[1., -1.]]))
            d_loss = bce(D(fake), torch.zeros(1, 1))
            d_loss.backward()
            g_loss = bce(D(fake), torch.ones(1, 1))
            g_loss.backward()
            """),
    program("gan_logits_loss",
            """
            logits = torch.tensor([[0.5], [-1.], [2.]], requires_grad=True)
            labels = torch.tensor([[1.], [0.], [1.]])
            loss = nn.BCEWithLogitsLoss()(logits, labels)
            loss.backward()
            print(loss, logits.grad)
            print(torch.allclose(loss, nn.BCELoss()(logits.sigmoid(), labels)))
            """),
    program("gan_freeze_discriminator_for_generator_step",
            """
            G = fill(nn.Linear(2, 2))
            D = fill(nn.Sequential(nn.Linear(2, 1), nn.Sigmoid()))
            for p in D.parameters():
                p.requires_grad_(False)
            g_loss = nn.BCELoss()(D(G(torch.tensor([[1., 2.]]))), torch.ones(1, 1))
            g_loss.backward()
            print(g_loss.grad_fn, D[0].weight.grad, G.weight.grad)
            """),
    program("bce_target_of_wrong_shape",
            """
            out = torch.tensor([[0.2], [0.9]], requires_grad=True)
            nn.BCELoss()(out, torch.ones(2))
            """,
            "nn.BCELoss()(torch.tensor([1.5]), torch.tensor([1.]))"),
]

RNN = [
    program("rnn_hidden_carried_across_batches",
            """
            rnn = fill(nn.RNN(2, 3, batch_first=True), -0.2, 0.2)
            h = torch.zeros(1, 1, 3)
            for batch in (torch.ones(1, 2, 2), torch.full((1, 2, 2), 0.5)):
                out, h = rnn(batch, h)
                out.sum().backward()
            """,
            """
            h = torch.zeros(1, 1, 3)
            for batch in (torch.ones(1, 2, 2), torch.full((1, 2, 2), 0.5)):
                out, h = rnn(batch, h.detach())
                out.sum().backward()
            print(out.shape, h.shape, h.grad_fn)
            print(torch.equal(out[:, -1], h[0]))
            """),
    program("rnn_output_and_hidden",
            """
            rnn = fill(nn.RNN(input_size=2, hidden_size=2, num_layers=1))
            x = torch.tensor([[[1., 0.]], [[0., 1.]], [[1., 1.]]])
            out, h_n = rnn(x)
            print(out)
            print(h_n, out.grad_fn)
            print([name for name, _ in rnn.named_parameters()])
            """),
    program("rnn_cell_manual_loop",
            """
            cell = fill(nn.RNNCell(2, 2))
            h = torch.zeros(1, 2)
            xs = torch.tensor([[1., 2.], [0., -1.], [0.5, 0.5]])
            for x in xs:
                h = cell(x.unsqueeze(0), h)
            h.sum().backward()
            print(h, cell.weight_hh.grad)
            """),
    program("rnn_input_of_wrong_rank",
            """
            rnn = nn.RNN(3, 4)
            rnn(torch.ones(3))
            """),
]

NORM_DROPOUT = [
    program("batchnorm_train_then_eval",
            """
            bn = nn.BatchNorm1d(2)
            x = torch.tensor([[1., 2.], [3., 6.], [5., 10.]])
            print(bn(x))
            print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
            bn.eval()
            print(bn(x), bn.training)
            """,
            xfail="batch norm output in float32: torch's kernel computes x*alpha+beta with "
                  "alpha, beta in float32 and a fused multiply-add (-5.9605e-08 at the mean), "
                  "minigrad's rounds differently (0.): the print switches to scientific "
                  "notation in torch (nn.functional kernel owner)"),
    program("batchnorm_batch_of_one",
            """
            bn = nn.BatchNorm1d(3)
            bn(torch.ones(1, 3))
            """,
            """
            bn.eval()
            print(bn(torch.ones(1, 3)))
            """),
    program("dropout_in_eval_mode_is_identity",
            """
            net = nn.Sequential(nn.Linear(2, 2), nn.Dropout(0.5))
            net.eval()
            fill(net)
            x = torch.tensor([[1., 2.]])
            print(net(x), net.training, net[1].training)
            print(nn.functional.dropout(x, 0.5, training=False))
            net.train()
            print(net[1].training)
            """),
    program("dropout_extreme_probabilities",
            """
            x = torch.tensor([1., 2., 3.], requires_grad=True)
            print(nn.Dropout(p=0.)(x), nn.Dropout(p=1.)(x))
            nn.Dropout(p=1.5)
            """),
    program("batchnorm2d_state_dict",
            """
            bn = nn.BatchNorm2d(2)
            print(list(bn.state_dict().keys()))
            bn(torch.arange(16.).view(2, 2, 2, 2))
            print(bn.running_mean, bn.running_var)
            print(bn)
            """),
]

LOSSES = [
    program("cross_entropy_with_float_targets",
            """
            logits = torch.tensor([[2., 1., 0.], [0., 1., 2.]], requires_grad=True)
            loss_fn = nn.CrossEntropyLoss()
            print(loss_fn(logits, torch.tensor([0, 2])))
            loss_fn(logits, torch.tensor([0., 2.]))
            """,
            "loss_fn(logits, torch.tensor([0, 3]))"),
    program("mse_with_broadcast_target",
            """
            pred = torch.tensor([[1.], [2.], [3.]], requires_grad=True)
            target = torch.tensor([1., 2., 4.])
            loss = nn.MSELoss()(pred, target)
            print(loss)
            """),
    program("nll_of_log_softmax_equals_cross_entropy",
            """
            import torch.nn.functional as F
            logits = torch.tensor([[1., 2., 3.], [1., 1., 1.]], requires_grad=True)
            target = torch.tensor([2, 0])
            a = F.nll_loss(F.log_softmax(logits, dim=1), target)
            b = F.cross_entropy(logits, target)
            print(a, b, a.grad_fn, b.grad_fn)
            b.backward()
            print(logits.grad)
            """),
    program("loss_reductions",
            """
            pred = torch.tensor([0., 1., 3.], requires_grad=True)
            target = torch.tensor([1., 1., 1.])
            for reduction in ("none", "sum", "mean"):
                print(reduction, nn.MSELoss(reduction=reduction)(pred, target))
            nn.MSELoss(reduction="average")(pred, target)
            """),
    program("cross_entropy_with_probabilities_and_weights",
            """
            logits = torch.tensor([[1., 0.], [0., 1.]], requires_grad=True)
            probs = torch.tensor([[0.75, 0.25], [0.5, 0.5]])
            print(nn.CrossEntropyLoss()(logits, probs))
            w = nn.CrossEntropyLoss(weight=torch.tensor([1., 3.]))
            print(w(logits, torch.tensor([0, 1])))
            """),
]

DISTRIBUTIONS = [
    program("normal_log_prob_and_grad",
            """
            from torch.distributions import Normal
            mu = torch.tensor(0.5, requires_grad=True)
            dist = Normal(mu, torch.tensor(2.))
            lp = dist.log_prob(torch.tensor([0., 1.]))
            print(lp, lp.grad_fn)
            lp.sum().backward()
            print(mu.grad, dist.mean, dist.stddev)
            """),
    program("categorical_probs_normalized",
            """
            from torch.distributions import Categorical
            c = Categorical(probs=torch.tensor([1., 1., 2.]))
            print(c.probs, c.logits)
            print(c.log_prob(torch.tensor(2)), c.entropy())
            """),
    program("reinforce_loss",
            """
            from torch.distributions import Categorical
            logits = torch.tensor([0.5, 1.0, -1.0], requires_grad=True)
            dist = Categorical(logits=logits)
            action = torch.tensor(1)
            loss = -dist.log_prob(action) * 2.0
            loss.backward()
            print(loss, logits.grad)
            """),
    program("normal_rejects_negative_scale",
            """
            from torch.distributions import Normal
            Normal(torch.tensor(0.), torch.tensor(-1.))
            """,
            """
            torch.manual_seed(0)
            d = Normal(torch.zeros(2), torch.ones(2))
            print(d.sample().shape, d.rsample((3,)).shape, d.sample().requires_grad)
            """),
]

SAVING = [
    program("state_dict_round_trip",
            """
            import io
            net = fill(nn.Linear(2, 2))
            buf = io.BytesIO()
            torch.save(net.state_dict(), buf)
            buf.seek(0)
            other = nn.Linear(2, 2)
            print(other.load_state_dict(torch.load(buf)))
            print(torch.equal(other.weight, net.weight), other.weight.requires_grad)
            """),
    program("load_state_dict_with_wrong_keys",
            """
            net = nn.Sequential(nn.Linear(2, 2))
            sd = {"weight": torch.zeros(2, 2), "bias": torch.zeros(2)}
            print(net.load_state_dict(sd, strict=False))
            net.load_state_dict(sd)
            """),
    program("load_state_dict_size_mismatch",
            """
            small, big = nn.Linear(3, 2), nn.Linear(3, 3)
            big.load_state_dict(small.state_dict())
            """),
    program("save_tensor_keeps_requires_grad",
            """
            import io
            t = torch.tensor([1., 2.], requires_grad=True)
            buf = io.BytesIO()
            torch.save({"t": t, "step": 3}, buf)
            buf.seek(0)
            back = torch.load(buf)
            print(back, back["t"].is_leaf)
            """),
]


@pytest.mark.parametrize(
    "cells", TRAINING + GAN + RNN + NORM_DROPOUT + LOSSES + DISTRIBUTIONS + SAVING)
def test_learner_program(cells):
    assert_same(cells)
