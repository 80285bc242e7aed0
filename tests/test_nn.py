"""minigrad.nn modules, init and optim: registration, reprs, hooks, state_dict, SGD, init.

Differential tests build the same model in both libraries and copy torch's weights into
minigrad through load_state_dict, so nothing depends on either RNG.
"""

import math
import warnings
from collections import OrderedDict

import numpy as np
import pytest

import minigrad
import minigrad.nn as nn
from minigrad.nn import init

try:
    import torch
except ImportError:  # the oracle is optional; differential tests skip visibly without it
    torch = None

requires_torch = pytest.mark.skipif(torch is None, reason="torch 2.13 oracle not installed")
pytestmark = [pytest.mark.nn]


def build(lib):
    """A small model exercising nesting, parameter-free layers and bias=False."""
    class Net(lib.nn.Module):
        def __init__(self):
            super().__init__()
            self.features = lib.nn.Sequential(lib.nn.Conv2d(1, 4, 3, stride=2, padding=1),
                                              lib.nn.ReLU(), lib.nn.Conv2d(4, 2, 3, bias=False))
            self.head = lib.nn.Linear(2 * 2 * 2, 3)
            self.act = lib.nn.Tanh()

        def forward(self, x):
            return self.act(self.head(self.features(x).reshape(x.shape[0], -1)))

    return Net()


def copy_weights(m_model, t_model):
    sd = {k: minigrad.tensor(v.numpy()) for k, v in t_model.state_dict().items()}
    assert repr(m_model.load_state_dict(sd)) == "<All keys matched successfully>"


# ----------------------------------------------------------------------------- registration

def test_registration_order_and_names():
    net = build(minigrad)
    names = [n for n, _ in net.named_parameters()]
    assert names == ["features.0.weight", "features.0.bias", "features.2.weight",
                     "head.weight", "head.bias"]
    assert [n for n, _ in net.named_children()] == ["features", "head", "act"]
    assert [n for n, _ in net.named_modules()] == ["", "features", "features.0", "features.1",
                                                   "features.2", "head", "act"]
    assert len(list(net.modules())) == 7 and next(net.children()) is net.features
    assert list(net.state_dict()) == names
    assert all(type(p).__name__ == "Parameter" and p.is_leaf for p in net.parameters())


@requires_torch
def test_registration_matches_torch():
    m, t = build(minigrad), build(torch)
    assert [n for n, _ in m.named_parameters()] == [n for n, _ in t.named_parameters()]
    assert [n for n, _ in m.named_modules()] == [n for n, _ in t.named_modules()]
    assert [tuple(p.shape) for p in m.parameters()] == [tuple(p.shape) for p in t.parameters()]


def test_shared_parameters_are_listed_once_and_reassignment_moves_them():
    lin = nn.Linear(2, 2)
    seq = nn.Sequential(lin, nn.ReLU(), lin)
    assert [n for n, _ in seq.named_parameters()] == ["0.weight", "0.bias"]
    assert len(list(seq.children())) == 2
    m = nn.Module()
    m.w = nn.Parameter(minigrad.ones(1))
    m.w = None
    assert list(m.named_parameters()) == [] and m.w is None


@pytest.mark.parametrize("action, exc, message", [
    ("m.weight = minigrad.zeros(2, 2)", TypeError,
     "cannot assign 'minigrad.FloatTensor' as parameter 'weight' (minigrad.nn.Parameter or "
     "None expected)"),
    ("m.foo", AttributeError, "'Linear' object has no attribute 'foo'"),
    ("nn.Module()(1)", NotImplementedError,
     'Module [Module] is missing the required "forward" function'),
    ("m.train('x')", ValueError, "training mode is expected to be boolean"),
    ("Bad()", AttributeError, "cannot assign parameters before Module.__init__() call"),
])
def test_module_errors(action, exc, message):
    class Bad(nn.Module):
        def __init__(self):
            self.w = nn.Parameter(minigrad.ones(1))

    m = nn.Linear(2, 2)
    with pytest.raises(exc) as err:
        exec(action, {"m": m, "nn": nn, "minigrad": minigrad, "Bad": Bad})
    assert str(err.value).strip("'\"") == message.strip("'\"")


def test_train_eval_zero_grad_requires_grad():
    net = build(minigrad)
    assert net.training and net.eval() is net
    assert not any(m.training for m in net.modules())
    net.train()
    assert all(m.training for m in net.modules())
    net(minigrad.randn(2, 1, 8, 8)).sum().backward()
    net.zero_grad(set_to_none=False)
    assert all(float(p.grad.abs().sum()) == 0 for p in net.parameters())
    net.zero_grad()
    assert all(p.grad is None for p in net.parameters())
    net.features.requires_grad_(False)
    net(minigrad.randn(2, 1, 8, 8)).sum().backward()
    assert [p.grad is None for p in net.parameters()] == [True, True, True, False, False]


# ----------------------------------------------------------------------------- reprs

REPRS = [
    ("nn.Linear(3, 2)", "Linear(in_features=3, out_features=2, bias=True)"),
    ("nn.Linear(3, 2, bias=False)", "Linear(in_features=3, out_features=2, bias=False)"),
    ("nn.Conv2d(4, 8, 3, stride=2, padding=1)",
     "Conv2d(4, 8, kernel_size=(3, 3), stride=(2, 2), padding=(1, 1))"),
    ("nn.Conv2d(1, 2, (3, 5))", "Conv2d(1, 2, kernel_size=(3, 5), stride=(1, 1))"),
    ("nn.Conv2d(2, 4, 3, groups=2, bias=False, dilation=2)",
     "Conv2d(2, 4, kernel_size=(3, 3), stride=(1, 1), dilation=(2, 2), groups=2, bias=False)"),
    ("nn.Conv2d(2, 4, 3, padding='same')",
     "Conv2d(2, 4, kernel_size=(3, 3), stride=(1, 1), padding=same)"),
    ("nn.ReLU()", "ReLU()"), ("nn.ReLU(inplace=True)", "ReLU(inplace=True)"),
    ("nn.Tanh()", "Tanh()"), ("nn.Sigmoid()", "Sigmoid()"), ("nn.MSELoss()", "MSELoss()"),
    ("nn.CrossEntropyLoss(reduction='sum')", "CrossEntropyLoss()"), ("nn.Sequential()",
                                                                     "Sequential()"),
    ("nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Sequential(nn.Conv2d(1, 2, 3), nn.Tanh()))",
     "Sequential(\n  (0): Linear(in_features=3, out_features=4, bias=True)\n  (1): ReLU()\n"
     "  (2): Sequential(\n    (0): Conv2d(1, 2, kernel_size=(3, 3), stride=(1, 1))\n"
     "    (1): Tanh()\n  )\n)"),
    ("nn.Sequential(OrderedDict([('a', nn.ReLU()), ('b', nn.Sigmoid())]))",
     "Sequential(\n  (a): ReLU()\n  (b): Sigmoid()\n)"),
]


@pytest.mark.parametrize("expr, expected", REPRS)
def test_reprs(expr, expected):
    assert repr(eval(expr, {"nn": nn, "OrderedDict": OrderedDict})) == expected


@requires_torch
@pytest.mark.parametrize("expr, expected", REPRS)
def test_reprs_match_torch(expr, expected):
    assert repr(eval(expr, {"nn": torch.nn, "OrderedDict": OrderedDict})) == expected


def test_sequential_indexing():
    s = nn.Sequential(nn.ReLU(), nn.Tanh(), nn.Sigmoid())
    assert type(s[-1]).__name__ == "Sigmoid" and len(s) == 3
    assert repr(s[1:]) == "Sequential(\n  (1): Tanh()\n  (2): Sigmoid()\n)"  # keeps names
    with pytest.raises(IndexError, match="index 5 is out of range"):
        s[5]
    del s[0]
    assert [n for n, _ in s.named_children()] == ["0", "1"]
    s.append(nn.ReLU())
    assert repr(s[2]) == "ReLU()"


# ----------------------------------------------------------------------------- hooks

def test_forward_hooks_run_in_order_and_can_replace():
    lin = nn.Linear(2, 2)
    calls = []
    h1 = lin.register_forward_pre_hook(lambda m, args: calls.append(("pre", args[0].shape)))
    lin.register_forward_pre_hook(lambda m, args: minigrad.zeros(2))
    lin.register_forward_hook(lambda m, args, out: calls.append(("post", float(args[0].sum()))))
    lin.register_forward_hook(lambda m, args, out: out * 0 + 7)
    out = lin(minigrad.ones(2))
    assert calls == [("pre", (2,)), ("post", 0.0)]
    assert out.tolist() == [7.0, 7.0]
    h1.remove()
    h1.remove()                            # idempotent
    lin(minigrad.ones(2))
    assert len(calls) == 3


@requires_torch
def test_full_backward_hook_matches_torch():
    seen = {}
    t_lin = torch.nn.Linear(3, 2)
    for lib in (torch, minigrad):
        lin = t_lin if lib is torch else lib.nn.Linear(3, 2)
        if lib is minigrad:
            copy_weights(lin, t_lin)
        got = []
        lin.register_full_backward_hook(lambda m, gi, go, got=got: got.append((m, gi, go)))
        lin.register_full_backward_hook(lambda m, gi, go: (gi[0] * 2,))
        x = lib.tensor(np.arange(12.0).reshape(4, 3).astype(np.float32), requires_grad=True)
        y = lin(x)
        assert type(y.grad_fn).__name__ == "BackwardHookFunctionBackward"
        (y * y).sum().backward()
        (m, gi, go), = got
        assert m is lin and len(gi) == 1 and len(go) == 1
        seen[lib.__name__] = (gi[0].numpy(), go[0].numpy(), x.grad.numpy())
    for a, b in zip(seen["minigrad"], seen["torch"], strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-5)


def test_full_backward_hook_without_input_grad_warns():
    lin = nn.Linear(3, 2)
    got = []
    lin.register_full_backward_hook(lambda m, gi, go: got.append((gi, go[0].shape)))
    with pytest.warns(UserWarning, match="Full backward hook is firing when gradients"):
        lin(minigrad.ones(4, 3)).sum().backward()
    assert got == [((None,), (4, 2))]


# ----------------------------------------------------------------------------- state_dict

def test_state_dict_roundtrip_and_errors():
    a, b = nn.Linear(3, 2), nn.Linear(3, 2)
    sd = a.state_dict()
    assert list(sd) == ["weight", "bias"] and sd["weight"].requires_grad is False
    b.load_state_dict(sd)
    assert b.weight.tolist() == a.weight.tolist() and b.weight._version > 0
    res = b.load_state_dict({"weight": minigrad.zeros(2, 3), "foo": minigrad.ones(1)},
                            strict=False)
    assert res.missing_keys == ["bias"] and res.unexpected_keys == ["foo"]
    with pytest.raises(RuntimeError) as err:
        b.load_state_dict({"weight": minigrad.zeros(3, 3)})
    assert str(err.value) == (
        'Error(s) in loading state_dict for Linear:\n\tMissing key(s) in state_dict: "bias". '
        "\n\tsize mismatch for weight: copying a param with shape minigrad.Size([3, 3]) from "
        "checkpoint, the shape in current model is minigrad.Size([2, 3]).")


# ----------------------------------------------------------------------------- optim

@pytest.mark.parametrize("kwargs, message", [
    (dict(lr=-1.0), "Invalid learning rate: -1.0"),
    (dict(lr=0.1, momentum=-0.5), "Invalid momentum value: -0.5"),
    (dict(lr=0.1, weight_decay=-1), "Invalid weight_decay value: -1"),
    (dict(lr=0.1, nesterov=True), "Nesterov momentum requires a momentum and zero dampening"),
])
def test_sgd_argument_errors(kwargs, message):
    with pytest.raises(ValueError) as err:
        minigrad.optim.SGD([nn.Parameter(minigrad.ones(1))], **kwargs)
    assert str(err.value) == message


def test_sgd_updates_in_place_and_zero_grad():
    p = nn.Parameter(minigrad.tensor([1.0, 2.0]))
    opt = minigrad.optim.SGD([p], lr=0.5)
    (p ** 2).sum().backward()
    v = p._version
    opt.step()
    assert p.tolist() == [0.0, 0.0] and p._version > v and p.is_leaf
    assert type(p).__name__ == "Parameter"
    opt.zero_grad()
    assert p.grad is None
    with pytest.raises(ValueError, match="can't optimize a non-leaf Tensor"):
        minigrad.optim.SGD([p * 2], lr=0.1)
    with pytest.raises(ValueError, match="optimizer got an empty parameter list"):
        minigrad.optim.SGD([], lr=0.1)


@requires_torch
@pytest.mark.parametrize("kwargs", [
    dict(lr=0.1),
    dict(lr=0.05, momentum=0.9),
    dict(lr=0.05, momentum=0.9, weight_decay=0.01, dampening=0.1),
    dict(lr=0.05, momentum=0.8, nesterov=True, weight_decay=0.1),
    dict(lr=0.05, momentum=0.5, maximize=True),
])
def test_sgd_matches_torch_over_several_steps(kwargs):
    rng = np.random.default_rng(7)
    x, y = rng.standard_normal((8, 4)), rng.integers(0, 3, 8)
    models = {}
    for lib in (torch, minigrad):
        model = lib.nn.Sequential(lib.nn.Linear(4, 5), lib.nn.Tanh(), lib.nn.Linear(5, 3))
        model.double()
        if lib is torch:
            start = {k: minigrad.tensor(v.numpy().copy()) for k, v in model.state_dict().items()}
        else:
            model.load_state_dict(start)
        opt = lib.optim.SGD(model.parameters(), **kwargs)
        for _ in range(5):
            opt.zero_grad()
            loss = lib.nn.CrossEntropyLoss()(model(lib.tensor(x)), lib.tensor(y))
            loss.backward()
            opt.step()
        models[lib.__name__] = model
    for (n, p), (tn, tp) in zip(models["minigrad"].named_parameters(),
                                models["torch"].named_parameters(), strict=True):
        assert n == tn
        np.testing.assert_allclose(p.detach().numpy(), tp.detach().numpy(), rtol=1e-10)


@requires_torch
def test_sgd_repr_matches_torch():
    reprs = [str(lib.optim.SGD([lib.nn.Parameter(lib.ones(1))], lr=0.1, momentum=0.9))
             for lib in (torch, minigrad)]
    assert reprs[0] == reprs[1]


# ----------------------------------------------------------------------------- init

@pytest.mark.parametrize("make, fan_in", [(lambda: nn.Linear(256, 128), 256),
                                          (lambda: nn.Conv2d(16, 32, 3), 144),
                                          (lambda: nn.Conv2d(16, 32, 3, groups=4), 36)])
def test_default_init_statistics(make, fan_in):
    minigrad.manual_seed(0)
    layer = make()
    bound = 1 / math.sqrt(fan_in)             # kaiming_uniform_(a=sqrt(5)) gives this bound
    w, b = layer.weight.detach().numpy(), layer.bias.detach().numpy()
    assert np.abs(w).max() <= bound and np.abs(b).max() <= bound
    assert abs(w.mean()) < 0.05 * bound
    assert abs(w.std() - bound / math.sqrt(3)) < 0.05 * bound
    assert w.dtype == np.float32 and layer.weight.is_leaf and layer.weight.requires_grad


@requires_torch
@pytest.mark.parametrize("args", [("linear",), ("conv2d",), ("sigmoid",), ("tanh",), ("relu",),
                                  ("leaky_relu",), ("leaky_relu", 0.2), ("selu",)])
def test_calculate_gain_matches_torch(args):
    assert init.calculate_gain(*args) == torch.nn.init.calculate_gain(*args)


def test_init_functions_work_in_place():
    w = nn.Parameter(minigrad.empty(20, 30))
    for fn, args in [(init.constant_, (0.5,)), (init.zeros_, ()), (init.ones_, ()),
                     (init.uniform_, (-0.1, 0.1)), (init.normal_, (0.0, 0.01)),
                     (init.xavier_uniform_, ()), (init.kaiming_uniform_, ()),
                     (init.xavier_normal_, ()), (init.kaiming_normal_, ())]:
        v = w._version
        assert fn(w, *args) is w and w._version > v and w.is_leaf and w.grad_fn is None
    init.xavier_uniform_(w, gain=2.0)
    assert np.abs(w.detach().numpy()).max() <= 2.0 * math.sqrt(6 / 50)
    assert init.eye_(minigrad.empty(2, 3)).tolist() == [[1, 0, 0], [0, 1, 0]]
    with pytest.raises(ValueError, match="fewer than 2 dimensions"):
        init.xavier_uniform_(minigrad.empty(3))
    with pytest.raises(ValueError, match="Unsupported nonlinearity foo"):
        init.calculate_gain("foo")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        init.kaiming_uniform_(minigrad.empty(0, 3))
    assert "Initializing zero-element tensors is a no-op" in str(caught[0].message)
