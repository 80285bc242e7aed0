"""Training-loop pieces against torch 2.13: Dropout, BatchNorm1d, clip_grad_norm_ /
clip_grad_value_, Adam, and module forward hooks used to capture activations.

Each case is a list of learner-style cells run under torch and under minigrad (see
difftest.py); the normalized transcripts must be identical. Dropout masks come from different
generators, so the cases print only what does not depend on the mask (the set of values, the
rule that a dropped element gets no gradient, eval/identity behaviour). A few direct checks at
the end compare Adam's trajectories numerically over many steps.
"""

import textwrap

import numpy as np
import pytest

from difftest import assert_same, requires_torch

pytestmark = requires_torch


def case(name, *cells):
    cells = [EDGES] + [textwrap.dedent(c).strip("\n") for c in cells]
    return pytest.param(cells, id=name)


# cells may call edges(t): the names of t.grad_fn's next_functions
EDGES = ("def edges(t):\n"
         "    return [(None if f is None else f.name(), n) for f, n in t.grad_fn.next_functions]")
X = "x = torch.tensor([[1., 2., 0.], [3., -1., 4.], [0.5, 0., -2.], [2., 2., 1.]])"
W = "wgt = torch.tensor([[1., -2., 0.5], [0., 3., 1.], [2., 1., -1.], [-1., 0., 2.]])"

DROPOUT_CASES = [
    case("dropout_repr_and_bad_p",
         "torch.nn.Dropout(), torch.nn.Dropout(p=0.2, inplace=True)",
         "torch.nn.Dropout(1.5)",
         "torch.nn.functional.dropout(torch.ones(3), -0.1)"),
    case("dropout_eval_and_p0_return_the_input",
         """
         d = torch.nn.Dropout(0.5)
         x = torch.ones(2, 4, requires_grad=True)
         print(d.training, d.eval() is d, d.training, d(x) is x)
         d.train()
         F = torch.nn.functional
         print(F.dropout(x, 0.0) is x, F.dropout(x, 0.5, False) is x)
         """),
    case("dropout_p1_is_a_multiplication_by_zero",
         """
         x = torch.ones(2, 3, requires_grad=True)
         y = torch.nn.functional.dropout(x, 1.0)
         print(y)
         print(y.grad_fn.name(), edges(y))
         print(y.grad_fn._saved_other, y.grad_fn._saved_self)
         """),
    case("dropout_train_values_graph_and_gradient",
         """
         torch.manual_seed(0)
         x = torch.ones(1000, requires_grad=True)
         y = torch.nn.Dropout(0.5)(x)
         print(sorted(set(y.tolist())))
         print(y.grad_fn.name(), edges(y))
         print(y.grad_fn._saved_self, sorted(set(y.grad_fn._saved_other.tolist())))
         y.sum().backward()
         print(x.grad.tolist() == y.tolist())
         """),
    case("dropout_p02_scale_and_dtype",
         """
         x = torch.ones(500, dtype=torch.float64)
         y = torch.nn.functional.dropout(x, 0.2)
         print(sorted(set(y.tolist())), y.dtype, y.grad_fn, y.requires_grad)
         """),
    case("dropout_ignores_grad_mode",
         """
         m = torch.nn.Dropout(0.5)
         x = torch.ones(400, requires_grad=True)
         with torch.no_grad():
             a = m(x)
         with torch.inference_mode():
             b = m(x)
         print(0.0 in a.tolist(), a.requires_grad, 0.0 in b.tolist(), b.is_inference())
         m.eval()
         with torch.no_grad():
             print(m(x) is x)
         """),
    case("dropout_inplace_bumps_the_version",
         """
         x = torch.ones(300)
         y = torch.nn.Dropout(0.5, inplace=True)(x)
         print(y is x, x._version, sorted(set(x.tolist())))
         """),
]

BN_SETUP = X + "\n" + W + "\nx.requires_grad_()\nbn = torch.nn.BatchNorm1d(3)"

BATCHNORM_CASES = [
    case("batchnorm_repr_buffers_and_versions",
         """
         bn = torch.nn.BatchNorm1d(3)
         print(bn)
         print(torch.nn.BatchNorm1d(4, eps=1e-3, momentum=None, affine=False,
                                   track_running_stats=False))
         print(torch.nn.BatchNorm1d(2, bias=False))
         print(list(bn.state_dict()), [n for n, _ in bn.named_parameters()])
         print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
         print(bn.running_mean._version, bn.running_var._version, bn.num_batches_tracked._version)
         print(bn.weight, bn.bias)
         """),
    case("batchnorm_train_forward_graph_and_running_stats",
         BN_SETUP,
         """
         y = bn(x)
         print(y)
         print(y.grad_fn.name(), edges(y))
         g = y.grad_fn
         print(g._saved_result1, g._saved_result2, g._saved_training, g._saved_eps)
         print(g._saved_running_mean is bn.running_mean, g._saved_weight is bn.weight)
         print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
         print(bn.running_mean._version, bn.num_batches_tracked._version)
         """),
    case("batchnorm_train_backward",
         BN_SETUP,
         """
         y = bn(x)
         (y * wgt).sum().backward()
         print(x.grad)
         print(bn.weight.grad, bn.bias.grad)
         """),
    case("batchnorm_two_forwards_then_backward_of_the_first",
         BN_SETUP,
         """
         y1 = bn(x)
         y2 = bn(x * 2)
         (y1 * wgt).sum().backward()
         print(bn.weight.grad, bn.num_batches_tracked, bn.running_mean)
         """),
    case("batchnorm_eval_uses_running_stats",
         BN_SETUP,
         """
         for _ in range(3):
             bn(x)
         bn.eval()
         y = bn(x)
         print(y)
         print(y.grad_fn.name(), y.grad_fn._saved_result1, y.grad_fn._saved_training)
         (y * wgt).sum().backward()
         print(x.grad)
         print(bn.weight.grad, bn.bias.grad, bn.num_batches_tracked)
         """),
    case("batchnorm_grad_mode_does_not_pick_the_statistics",
         BN_SETUP,
         """
         with torch.no_grad():
             a = bn(x)
         print(a.requires_grad, bn.num_batches_tracked, bn.running_mean)
         with torch.inference_mode():
             b = bn(x)
         print(b.is_inference(), bn.num_batches_tracked, bn.running_var)
         bn.eval()
         with torch.no_grad():
             c = bn(x)
         print(c, bn.num_batches_tracked)
         """),
    case("batchnorm_momentum_none_is_a_cumulative_average",
         X,
         """
         bn = torch.nn.BatchNorm1d(3, momentum=None)
         bn(x)
         bn(x * 3)
         print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
         """),
    case("batchnorm_3d_input",
         """
         x = torch.arange(24.).reshape(2, 3, 4).requires_grad_()
         bn = torch.nn.BatchNorm1d(3)
         y = bn(x)
         print(y)
         (y * torch.arange(24.).reshape(2, 3, 4).sin()).sum().backward()
         print(x.grad)
         print(bn.weight.grad, bn.running_mean, bn.running_var)
         """),
    case("batchnorm_without_affine_or_running_stats",
         X,
         """
         x.requires_grad_()
         wgt = torch.tensor([[1., -2., 0.5], [0., 3., 1.], [2., 1., -1.], [-1., 0., 2.]])
         bn = torch.nn.BatchNorm1d(3, affine=False, track_running_stats=False)
         bn.eval()
         y = bn(x)
         print(y)
         print([(None if f is None else f.name(), n) for f, n in y.grad_fn.next_functions])
         print(bn.running_mean, bn.weight, list(bn.state_dict()))
         (y * wgt).sum().backward()
         print(x.grad)
         """),
    case("batchnorm_float64",
         X,
         """
         bn = torch.nn.BatchNorm1d(3).double()
         y = bn(x.double())
         print(y.dtype, bn.running_mean.dtype, bn.num_batches_tracked.dtype)
         print(y)
         """),
    case("batchnorm_errors",
         """
         bn = torch.nn.BatchNorm1d(3)
         """,
         "bn(torch.ones(1, 3))",
         "bn(torch.ones(2, 3, 4, 5))",
         "bn(torch.ones(2, 4))",
         "bn.eval(); bn(torch.ones(1, 3))",
         "torch.nn.functional.batch_norm(torch.ones(4, 3), None, torch.ones(3))"),
    case("train_eval_flags_reach_children",
         """
         model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.BatchNorm1d(4),
                                     torch.nn.ReLU(), torch.nn.Dropout(0.3), torch.nn.Linear(4, 1))
         print(model)
         model.eval()
         print([m.training for m in model])
         model.train()
         print([m.training for m in model])
         """),
]

CLIP_CASES = [
    case("clip_grad_norm_scales_large_gradients",
         """
         p = torch.nn.Parameter(torch.ones(2))
         q = torch.nn.Parameter(torch.ones(1))
         p.grad = torch.tensor([3., 4.])
         q.grad = torch.tensor([12.])
         n = torch.nn.utils.clip_grad_norm_([p, q], max_norm=1.0)
         print(n, p.grad, q.grad, p.grad._version)
         print(n.requires_grad, n.dtype)
         """),
    case("clip_grad_norm_leaves_small_gradients",
         """
         p = torch.nn.Parameter(torch.ones(2))
         p.grad = torch.tensor([0.3, 0.4])
         print(torch.nn.utils.clip_grad_norm_(p, 1.0), p.grad, p.grad._version)
         """),
    case("clip_grad_norm_norm_types",
         """
         p = torch.nn.Parameter(torch.ones(3))
         p.grad = torch.tensor([3., -4., 1.])
         print(torch.nn.utils.clip_grad_norm_(p, 2.0, norm_type='inf'), p.grad)
         p.grad = torch.tensor([3., -4., 1.])
         print(torch.nn.utils.clip_grad_norm_(p, 2.0, norm_type=1), p.grad)
         p.grad = torch.tensor([3., -4., 1.], dtype=torch.float64)
         print(torch.nn.utils.clip_grad_norm_(p, 100.0, norm_type=3.0))
         """),
    case("clip_grad_norm_edge_cases",
         """
         print(torch.nn.utils.clip_grad_norm_([], 1.0))
         q = torch.nn.Parameter(torch.ones(2))
         print(torch.nn.utils.clip_grad_norm_([q], 1.0), q.grad)
         model = torch.nn.Linear(2, 1)
         torch.nn.init.constant_(model.weight, 1.0)
         torch.nn.init.constant_(model.bias, 0.0)
         model(torch.tensor([[30., 40.]])).sum().backward()
         print(torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0))
         print(model.weight.grad, model.bias.grad)
         """,
         """
         p = torch.nn.Parameter(torch.ones(2))
         p.grad = torch.tensor([3., float('nan')])
         torch.nn.utils.clip_grad_norm_(p, 1.0, error_if_nonfinite=True)
         """,
         "print(torch.nn.utils.clip_grad_norm_(p, 1.0), p.grad)"),
    case("clip_grad_value",
         """
         p = torch.nn.Parameter(torch.ones(3))
         p.grad = torch.tensor([3., -0.5, -4.])
         print(torch.nn.utils.clip_grad_value_(p, 1.0), p.grad, p.grad._version)
         """),
]

ADAM_CASES = [
    case("adam_repr_and_bad_arguments",
         """
         p = torch.nn.Parameter(torch.ones(2))
         print(torch.optim.Adam([p], lr=0.1))
         """,
         "torch.optim.Adam([p], lr=-1)",
         "torch.optim.Adam([p], eps=-1e-3)",
         "torch.optim.Adam([p], betas=(1.0, 0.9))",
         "torch.optim.Adam([p], betas=(0.9, -0.1))",
         "torch.optim.Adam([p], weight_decay=-1)"),
    case("adam_steps_on_a_quadratic",
         """
         w = torch.nn.Parameter(torch.tensor([1.0, -2.0, 3.0]))
         opt = torch.optim.Adam([w], lr=0.1)
         for step in range(5):
             opt.zero_grad()
             loss = (w * w * torch.tensor([1., 2., 3.])).sum()
             loss.backward()
             opt.step()
             print(step, round(loss.item(), 4), w.detach(), w._version)
         st = opt.state[w]
         print(sorted(st), st["step"], st["exp_avg"], st["exp_avg_sq"])
         """),
    case("adam_options",
         """
         def run(**kw):
             w = torch.nn.Parameter(torch.tensor([0.5, -1.5]))
             opt = torch.optim.Adam([w], lr=0.05, **kw)
             for _ in range(3):
                 opt.zero_grad()
                 (w.pow(3).sum() + w.sum()).backward()
                 opt.step()
             print(kw, w.detach(), sorted(opt.state[w]))
         run()
         run(weight_decay=0.1)
         run(weight_decay=0.1, decoupled_weight_decay=True)
         run(amsgrad=True)
         run(maximize=True)
         run(betas=(0.5, 0.9), eps=1e-3)
         """),
    case("adam_skips_parameters_without_grad",
         """
         a = torch.nn.Parameter(torch.ones(2))
         b = torch.nn.Parameter(torch.ones(2))
         opt = torch.optim.Adam([a, b], lr=0.1)
         (a * 2).sum().backward()
         opt.step()
         print(a.detach(), b.detach(), len(opt.state), b._version)
         """),
]

HOOK_CASES = [
    case("forward_hook_captures_detached_activations",
         """
         model = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU(), torch.nn.Linear(3, 1))
         for m in (model[0], model[2]):
             torch.nn.init.constant_(m.weight, 0.5)
             torch.nn.init.constant_(m.bias, -0.25)
         seen = {}
         def keep(name):
             def hook(module, inputs, output):
                 seen[name] = output.detach()
             return hook
         handle = model[1].register_forward_hook(keep("relu"))
         out = model(torch.tensor([[1., -2.], [3., 1.]]))
         print(seen["relu"], seen["relu"].requires_grad, out.grad_fn.name())
         handle.remove()
         model(torch.tensor([[0., 0.]]))
         print(seen["relu"].shape, len(model[1]._forward_hooks))
         """),
]


@pytest.mark.parametrize("cells", DROPOUT_CASES)
def test_dropout(cells):
    assert_same(cells)


@pytest.mark.parametrize("cells", BATCHNORM_CASES)
def test_batchnorm(cells):
    assert_same(cells)


@pytest.mark.parametrize("cells", CLIP_CASES)
def test_clip_grad(cells):
    assert_same(cells)


@pytest.mark.parametrize("cells", ADAM_CASES)
def test_adam(cells):
    assert_same(cells)


@pytest.mark.parametrize("cells", HOOK_CASES)
def test_forward_hooks(cells):
    assert_same(cells)


@pytest.mark.parametrize("kw", [{}, {"amsgrad": True}, {"weight_decay": 0.01},
                                {"weight_decay": 0.01, "decoupled_weight_decay": True}],
                         ids=lambda kw: ",".join(kw) or "plain")
def test_adam_trajectory_matches_torch_over_200_steps(kw):
    import torch

    import minigrad
    start = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
    target = np.cos(np.arange(12, dtype=np.float32)).reshape(3, 4)
    paths = {}
    for lib in (torch, minigrad):
        w = lib.nn.Parameter(lib.tensor(start.copy()))
        t = lib.tensor(target)
        opt = lib.optim.Adam([w], lr=0.05, **kw)
        for _ in range(200):
            opt.zero_grad()
            ((w - t) ** 2).sum().backward()
            opt.step()
        paths[lib.__name__] = w.detach().numpy().copy()
    np.testing.assert_allclose(paths["minigrad"], paths["torch"], rtol=1e-5, atol=1e-6)


def test_batchnorm_gradients_match_torch_on_random_batches():
    import torch

    import minigrad
    rng = np.random.default_rng(3)
    for shape in [(5, 4), (3, 4, 6)]:
        x = rng.standard_normal(shape).astype(np.float32)
        g = rng.standard_normal(shape).astype(np.float32)
        grads = {}
        for lib in (torch, minigrad):
            xt = lib.tensor(x, requires_grad=True)
            bn = lib.nn.BatchNorm1d(4)
            with lib.no_grad():
                bn.weight.copy_(lib.tensor([0.5, 1.5, -1.0, 2.0]))
            (bn(xt) * lib.tensor(g)).sum().backward()
            grads[lib.__name__] = [xt.grad.numpy().copy(), bn.weight.grad.numpy().copy(),
                                   bn.running_var.numpy().copy()]
        for a, b in zip(grads["minigrad"], grads["torch"]):
            np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-5)
