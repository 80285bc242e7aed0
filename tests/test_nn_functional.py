"""minigrad.nn.functional against torch: values, gradients, grad_fn graphs and error messages.

Inputs are drawn with NumPy and handed to both libraries, so nothing depends on either RNG.
"""

import warnings

import numpy as np
import pytest

import minigrad
import minigrad.nn.functional as F

try:
    import torch
    import torch.nn.functional as TF
except ImportError:  # the oracle is optional; differential tests skip visibly without it
    torch = None

requires_torch = pytest.mark.skipif(torch is None, reason="torch 2.13 oracle not installed")
pytestmark = [pytest.mark.nn]

RNG = np.random.default_rng(1234)


def pair(shape, requires_grad=True, dtype=np.float64, arr=None):
    """The same values as a minigrad tensor and a torch tensor."""
    a = RNG.standard_normal(shape).astype(dtype) if arr is None else arr
    m = minigrad.tensor(a.copy(), requires_grad=requires_grad)
    t = torch.tensor(a.copy(), requires_grad=requires_grad) if torch is not None else None
    return m, t


def graph(fn):
    """The grad_fn tree as nested (name, children) tuples, for comparing graphs."""
    if fn is None:
        return None
    return (fn.name().replace("torch::", "").replace("minigrad::", ""),
            tuple(graph(n) for n, _ in fn.next_functions))


def check(m_out, t_out, m_inputs, t_inputs, rtol=1e-10, atol=1e-12):
    """Same value, same graph, and the same gradients for a random upstream gradient."""
    np.testing.assert_allclose(m_out.detach().numpy(), t_out.detach().numpy(), rtol, atol)
    assert graph(m_out.grad_fn) == graph(t_out.grad_fn)
    g = RNG.standard_normal(tuple(t_out.shape))
    m_out.backward(minigrad.tensor(g.astype(m_out.detach().numpy().dtype)))
    t_out.backward(torch.tensor(g, dtype=t_out.dtype))
    for m, t in zip(m_inputs, t_inputs, strict=True):
        if t is None or t.grad is None:
            assert m is None or m.grad is None
            continue
        np.testing.assert_allclose(m.grad.numpy(), t.grad.numpy(), rtol, atol)


def raises_like(m_fn, t_fn, exc=RuntimeError):
    """Both raise the same exception type with the same message (minigrad for torch)."""
    with pytest.raises(exc) as t_err:
        t_fn()
    with pytest.raises(exc) as m_err:
        m_fn()
    assert str(m_err.value) == str(t_err.value).replace("torch", "minigrad")


@requires_torch
@pytest.mark.parametrize("shape", [(3,), (4, 3), (5, 4, 3), (2, 2, 2, 3)])
@pytest.mark.parametrize("bias", [True, False])
def test_linear_matches_torch(shape, bias):
    x, tx = pair(shape)
    w, tw = pair((2, 3))
    b, tb = pair((2,)) if bias else (None, None)
    check(F.linear(x, w, b), TF.linear(tx, tw, tb), [x, w, b], [tx, tw, tb])


@requires_torch
def test_linear_non_contiguous_input_graph():
    x, tx = pair((3, 4, 5))
    w, tw = pair((2, 3))
    b, tb = pair((2,))
    check(F.linear(x.transpose(0, 2), w, b), TF.linear(tx.transpose(0, 2), tw, tb),
          [x, w, b], [tx, tw, tb])


@requires_torch
def test_linear_errors_match_torch():
    w, tw = pair((2, 3), requires_grad=False)
    for shape in [(4, 2), (2,), (5, 4, 2)]:
        x, tx = pair(shape, requires_grad=False)
        raises_like(lambda x=x: F.linear(x, w), lambda tx=tx: TF.linear(tx, tw))
    raises_like(lambda: F.linear(minigrad.tensor(1.0), w), lambda: TF.linear(torch.tensor(1.0),
                                                                             tw))
    x32 = minigrad.ones(4, 3)
    raises_like(lambda: F.linear(x32, w), lambda: TF.linear(torch.ones(4, 3), tw))


@requires_torch
@pytest.mark.parametrize("kw", [
    dict(),
    dict(stride=2, padding=1),
    dict(stride=(1, 2), padding=(2, 0), dilation=(2, 1)),
    dict(groups=2),
    dict(padding="same"),
    dict(padding="same", dilation=2),
    dict(padding="valid", stride=[2, 1]),
])
@pytest.mark.parametrize("bias", [True, False])
def test_conv2d_matches_torch(kw, bias):
    x, tx = pair((2, 4, 7, 6))
    w, tw = pair((6, 4 // kw.get("groups", 1), 3, 2))
    b, tb = pair((6,)) if bias else (None, None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # torch warns about padding="same" with even kernels
        t_out = TF.conv2d(tx, tw, tb, **kw)
    check(F.conv2d(x, w, b, **kw), t_out, [x, w, b], [tx, tw, tb])


@requires_torch
def test_conv2d_unbatched_and_frozen_inputs():
    x, tx = pair((3, 5, 5))
    w, tw = pair((2, 3, 3, 3))
    check(F.conv2d(x, w, padding=1), TF.conv2d(tx, tw, padding=1), [x, w], [tx, tw])
    x, tx = pair((1, 3, 5, 5), requires_grad=False)      # only the weight needs a gradient
    w, tw = pair((2, 3, 3, 3))
    check(F.conv2d(x, w), TF.conv2d(tx, tw), [x, w], [tx, tw])
    x, tx = pair((1, 3, 5, 5))                           # only the input needs a gradient
    w, tw = pair((2, 3, 3, 3), requires_grad=False)
    check(F.conv2d(x, w), TF.conv2d(tx, tw), [x, w], [tx, tw])


@requires_torch
def test_conv2d_float32_and_saved_options():
    x, tx = pair((1, 2, 6, 6), dtype=np.float32)
    w, tw = pair((3, 2, 3, 3), dtype=np.float32)
    out, t_out = F.conv2d(x, w, stride=2, padding=1), TF.conv2d(tx, tw, stride=2, padding=1)
    assert out.dtype == minigrad.float32
    np.testing.assert_allclose(out.detach().numpy(), t_out.detach().numpy(), rtol=1e-5,
                               atol=1e-5)
    fn, tfn = out.grad_fn, t_out.grad_fn
    for name in ("stride", "padding", "dilation", "groups", "transposed", "output_padding",
                 "bias_sym_sizes_opt"):
        assert getattr(fn, "_saved_" + name) == getattr(tfn, "_saved_" + name), name
    assert fn._saved_input is x and fn._saved_weight is w


@requires_torch
@pytest.mark.parametrize("call", [
    lambda F, x, w: F.conv2d(x((1, 3, 4, 4)), w((2, 1, 3, 3))),
    lambda F, x, w: F.conv2d(x((3, 4, 4)), w((2, 1, 3, 3))),
    lambda F, x, w: F.conv2d(x((1, 4, 4, 4)), w((4, 1, 3, 3)), groups=2),
    lambda F, x, w: F.conv2d(x((1, 4, 4, 4)), w((3, 2, 3, 3)), groups=2),
    lambda F, x, w: F.conv2d(x((1, 3, 2, 2)), w((2, 3, 3, 3))),
    lambda F, x, w: F.conv2d(x((4, 4)), w((2, 3, 3, 3))),
    lambda F, x, w: F.conv2d(x((1, 3, 4, 4)), w((2, 3, 3, 3)), w((3,))),
    lambda F, x, w: F.conv2d(x((1, 3, 4, 4)), w((2, 3, 3, 3)), stride=0),
    lambda F, x, w: F.conv2d(x((1, 3, 4, 4)), w((2, 3, 3, 3)), padding=-1),
    lambda F, x, w: F.conv2d(x((1, 3, 4, 4)), w((2, 3, 3, 3)), dilation=0),
    lambda F, x, w: F.conv2d(x((1, 3, 4, 4)), w((2, 3, 3, 3)), groups=0),
    lambda F, x, w: F.conv2d(x((1, 3, 4, 4)), w((2, 3, 3, 3)), stride=(1, 1, 1)),
    lambda F, x, w: F.conv2d(x((1, 3, 4, 4)), w((2, 3, 3, 3)), padding="same", stride=2),
    lambda F, x, w: F.conv2d(x((1, 3, 4, 4)), w((2, 3, 3, 3)), padding="foo"),
])
def test_conv2d_errors_match_torch(call):
    raises_like(lambda: call(F, minigrad.zeros, minigrad.zeros),
                lambda: call(TF, torch.zeros, torch.zeros))


@requires_torch
@pytest.mark.parametrize("name", ["relu", "sigmoid", "tanh"])
def test_activations_match_torch(name):
    x, tx = pair((3, 4))
    check(getattr(F, name)(x), getattr(TF, name)(tx), [x], [tx])


@requires_torch
@pytest.mark.parametrize("fn", ["softmax", "log_softmax"])
@pytest.mark.parametrize("shape, dim", [((3, 4), 1), ((3, 4), 0), ((2, 3, 4), -1), ((5,), 0)])
def test_softmax_family_matches_torch(fn, shape, dim):
    x, tx = pair(shape)
    out, t_out = getattr(F, fn)(x, dim), getattr(TF, fn)(tx, dim)
    assert out.grad_fn._saved_dim == t_out.grad_fn._saved_dim
    check(out, t_out, [x], [tx])


@requires_torch
def test_softmax_saves_output_and_checks_dims():
    x, tx = pair((1, 3))
    raises_like(lambda: F.softmax(x, 2), lambda: TF.softmax(tx, 2), IndexError)
    ints = [1, 2]
    raises_like(lambda: F.log_softmax(minigrad.tensor(ints), -1),
                lambda: TF.log_softmax(torch.tensor(ints), -1), NotImplementedError)
    s = F.softmax(x, 1)
    s.detach().zero_()
    ts = TF.softmax(tx, 1)
    ts.detach().zero_()
    raises_like(lambda: s.sum().backward(), lambda: ts.sum().backward())
    with pytest.warns(UserWarning, match="Implicit dimension choice for softmax"):
        F.softmax(x)


@requires_torch
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("target_shape, target_grad", [((3, 4), False), ((3, 4), True),
                                                       ((1, 4), True)])
def test_mse_loss_matches_torch(reduction, target_shape, target_grad):
    x, tx = pair((3, 4))
    y, ty = pair(target_shape, requires_grad=target_grad)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")    # the broadcasting warning, checked below
        out, t_out = F.mse_loss(x, y, reduction=reduction), TF.mse_loss(tx, ty,
                                                                        reduction=reduction)
    assert out.grad_fn._saved_reduction == t_out.grad_fn._saved_reduction
    check(out, t_out, [x, y], [tx, ty])


@requires_torch
def test_mse_loss_warnings_and_errors():
    x, tx = pair((3, 4))
    y, ty = pair((4,), requires_grad=False)
    with pytest.warns(UserWarning, match=r"Using a target size \(minigrad.Size\(\[4\]\)\)"):
        F.mse_loss(x, y)
    raises_like(lambda: F.mse_loss(x, x, reduction="foo"),
                lambda: TF.mse_loss(tx, tx, reduction="foo"), ValueError)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        raises_like(lambda: F.mse_loss(x, minigrad.zeros(5)),
                    lambda: TF.mse_loss(tx, torch.zeros(5)))


def _targets(values):
    return minigrad.tensor(values), (torch.tensor(values) if torch is not None else None)


@requires_torch
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("shape, target", [
    ((4, 3), [0, 2, 1, 2]),
    ((4, 3), [0, -100, 1, -100]),
    ((3,), 1),
    ((2, 3, 4), [[0, 1, 2, 0], [1, 1, 1, -100]]),
    ((2, 3, 2, 2), [[[0, 1], [2, 0]], [[1, 1], [1, 2]]]),
])
def test_cross_entropy_matches_torch(reduction, shape, target):
    x, tx = pair(shape)
    t, tt = _targets(target)
    out = F.cross_entropy(x, t, reduction=reduction)
    t_out = TF.cross_entropy(tx, tt, reduction=reduction)
    node, t_node = out.grad_fn, t_out.grad_fn
    while node.name() == "ViewBackward0":   # 3-D input, reduction='none': a view on top
        node, t_node = node.next_functions[0][0], t_node.next_functions[0][0]
    assert node._saved_reduction == t_node._saved_reduction
    assert node._saved_ignore_index == t_node._saved_ignore_index
    check(out, t_out, [x], [tx])


@requires_torch
def test_cross_entropy_all_ignored_and_errors():
    x, tx = pair((3, 4))
    t, tt = _targets([-100, -100, -100])
    check(F.cross_entropy(x, t), TF.cross_entropy(tx, tt), [x], [tx], atol=0)
    for bad in ([0, 4, 1], [0, -1, 1]):
        t, tt = _targets(bad)
        raises_like(lambda t=t: F.cross_entropy(x, t), lambda tt=tt: TF.cross_entropy(tx, tt),
                    IndexError)
    t, tt = _targets([0, 1])
    raises_like(lambda: F.cross_entropy(x, t), lambda: TF.cross_entropy(tx, tt), ValueError)
    raises_like(lambda: F.cross_entropy(x, minigrad.tensor([0, 1, 2], dtype=minigrad.int32)),
                lambda: TF.cross_entropy(tx, torch.tensor([0, 1, 2], dtype=torch.int32)))
    raises_like(lambda: F.cross_entropy(x, t, reduction="avg"),
                lambda: TF.cross_entropy(tx, tt, reduction="avg"), ValueError)


@requires_torch
def test_nll_loss_checks_saved_target_version():
    x, tx = pair((4, 3))
    t, tt = _targets([0, 1, 2, 0])
    out, t_out = F.nll_loss(x, t), TF.nll_loss(tx, tt)
    t[0] = 2
    tt[0] = 2
    raises_like(lambda: out.backward(), lambda: t_out.backward())


@requires_torch
def test_double_backward_through_linear_softmax_and_mse():
    x, tx = pair((4, 3))
    w, tw = pair((2, 3))
    b, tb = pair((2,))
    y, ty = pair((4, 2), requires_grad=False)

    def loss(F, x, w, b, y):
        return F.mse_loss(F.log_softmax(F.linear(x, w, b), 1).exp() + F.softmax(x, 0)[:, :2], y)

    (gw,) = minigrad.autograd.grad(loss(F, x, w, b, y), w, create_graph=True)
    (tgw,) = torch.autograd.grad(loss(TF, tx, tw, tb, ty), tw, create_graph=True)
    np.testing.assert_allclose(gw.detach().numpy(), tgw.detach().numpy(), rtol=1e-10)
    (gx,) = minigrad.autograd.grad((gw * gw).sum(), x)
    (tgx,) = torch.autograd.grad((tgw * tgw).sum(), tx)
    np.testing.assert_allclose(gx.numpy(), tgx.numpy(), rtol=1e-9, atol=1e-12)


def test_conv2d_double_backward_is_refused():
    x = minigrad.randn(1, 1, 4, 4, requires_grad=True)
    w = minigrad.randn(1, 1, 3, 3, requires_grad=True)
    with pytest.raises(NotImplementedError, match="double backward through conv2d"):
        minigrad.autograd.grad(F.conv2d(x, w).sum(), x, create_graph=True)
