"""The NumPy kernels of minigrad.nn against torch: values and gradients in float64."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minigrad.nn import _kernels as K

try:
    import torch
    import torch.nn.functional as TF
except ImportError:  # the oracle is optional; differential tests skip visibly without it
    torch = None

requires_torch = pytest.mark.skipif(torch is None, reason="torch 2.13 oracle not installed")
pytestmark = [pytest.mark.nn]


def _torch_conv(x, w, b, stride, padding, dilation, groups, g):
    """Run torch's conv2d and its backward for grad_out ``g``; returns (out, gx, gw, gb)."""
    tx = torch.tensor(x, requires_grad=True)
    tw = torch.tensor(w, requires_grad=True)
    tb = None if b is None else torch.tensor(b, requires_grad=True)
    out = TF.conv2d(tx, tw, tb, stride=stride, padding=padding, dilation=dilation, groups=groups)
    out.backward(torch.tensor(g))
    gb = None if tb is None else tb.grad.numpy()
    return out.detach().numpy(), tx.grad.numpy(), tw.grad.numpy(), gb


def _check_conv(rng, n, c, h, w_, o, kh, kw, stride, padding, dilation, groups, bias=True):
    x = rng.standard_normal((n, c, h, w_))
    w = rng.standard_normal((o, c // groups, kh, kw))
    b = rng.standard_normal(o) if bias else None
    out = K.conv2d_forward(x, w, b, stride, padding, dilation, groups)
    g = rng.standard_normal(out.shape)
    t_out, t_gx, t_gw, t_gb = _torch_conv(x, w, b, stride, padding, dilation, groups, g)
    assert out.shape == t_out.shape
    np.testing.assert_allclose(out, t_out, rtol=1e-10, atol=1e-10)
    gx, gw, gb = K.conv2d_backward(g, x, w, stride, padding, dilation, groups,
                                   need=(True, True, bias))
    np.testing.assert_allclose(gx, t_gx, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(gw, t_gw, rtol=1e-10, atol=1e-10)
    if bias:
        np.testing.assert_allclose(gb, t_gb, rtol=1e-10, atol=1e-10)
    else:
        assert gb is None


@requires_torch
@pytest.mark.parametrize(
    "shape, kernel, stride, padding, dilation, groups",
    [
        ((2, 4, 8, 8), (8, 3, 3), (2, 2), (1, 1), (1, 1), 1),   # the seed Conv2d(4, 8, 3, 2, 1)
        ((1, 1, 5, 7), (2, 3, 5), (1, 1), (0, 0), (1, 1), 1),   # non-square kernel
        ((3, 6, 9, 10), (4, 2, 3), (1, 2), (2, 0), (2, 1), 2),  # groups + dilation + mixed
        ((2, 6, 7, 7), (6, 3, 3), (1, 1), (1, 1), (1, 1), 6),   # depthwise
        ((1, 2, 4, 4), (3, 1, 1), (3, 3), (0, 0), (1, 1), 1),   # stride skips pixels
        ((2, 3, 6, 5), (2, 4, 2), (2, 1), (3, 1), (1, 2), 1),   # padding wider than kernel
    ],
)
def test_conv2d_matches_torch(shape, kernel, stride, padding, dilation, groups):
    rng = np.random.default_rng(0)
    n, c, h, w = shape
    o, kh, kw = kernel
    _check_conv(rng, n, c, h, w, o, kh, kw, stride, padding, dilation, groups)
    _check_conv(rng, n, c, h, w, o, kh, kw, stride, padding, dilation, groups, bias=False)


@requires_torch
@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(1, 3),
    cg=st.integers(1, 3),
    og=st.integers(1, 3),
    groups=st.integers(1, 3),
    kh=st.integers(1, 4),
    kw=st.integers(1, 4),
    sh=st.integers(1, 3),
    sw=st.integers(1, 3),
    ph=st.integers(0, 2),
    pw=st.integers(0, 2),
    dh=st.integers(1, 2),
    dw=st.integers(1, 2),
    extra_h=st.integers(0, 5),
    extra_w=st.integers(0, 5),
)
def test_conv2d_random_shapes(seed, n, cg, og, groups, kh, kw, sh, sw, ph, pw, dh, dw,
                              extra_h, extra_w):
    # Choose H, W so at least one output pixel exists.
    h = max(1, (kh - 1) * dh + 1 - 2 * ph) + extra_h
    w = max(1, (kw - 1) * dw + 1 - 2 * pw) + extra_w
    _check_conv(np.random.default_rng(seed), n, cg * groups, h, w, og * groups, kh, kw,
                (sh, sw), (ph, pw), (dh, dw), groups)


@requires_torch
@pytest.mark.filterwarnings("ignore:Using padding='same'")
def test_conv2d_asymmetric_padding_matches_same():
    # padding="same" with an even kernel pads one more at the bottom/right in torch.
    rng = np.random.default_rng(1)
    x = rng.standard_normal((2, 3, 6, 5))
    w = rng.standard_normal((4, 3, 2, 4))
    pad = ((0, 1), (1, 2))
    out = K.conv2d_forward(x, w, None, (1, 1), pad, (1, 1), 1)
    tx = torch.tensor(x, requires_grad=True)
    t_out = TF.conv2d(tx, torch.tensor(w), padding="same")
    np.testing.assert_allclose(out, t_out.detach().numpy(), rtol=1e-10, atol=1e-10)
    g = rng.standard_normal(out.shape)
    t_out.backward(torch.tensor(g))
    gx, _, _ = K.conv2d_backward(g, x, w, (1, 1), pad, (1, 1), 1, need=(True, False, False))
    np.testing.assert_allclose(gx, tx.grad.numpy(), rtol=1e-10, atol=1e-10)


def test_conv2d_keeps_float32_and_skips_unneeded():
    rng = np.random.default_rng(2)
    x = rng.standard_normal((1, 2, 5, 5)).astype(np.float32)
    w = rng.standard_normal((3, 2, 3, 3)).astype(np.float32)
    b = np.zeros(3, np.float32)
    out = K.conv2d_forward(x, w, b, (1, 1), (1, 1), (1, 1), 1)
    assert out.dtype == np.float32 and out.shape == (1, 3, 5, 5)
    gx, gw, gb = K.conv2d_backward(np.ones_like(out), x, w, (1, 1), (1, 1), (1, 1), 1,
                                   need=(False, True, False))
    assert gx is None and gb is None and gw.dtype == np.float32
    assert K.conv2d_output_size((8, 8), (3, 3), (2, 2), (1, 1), (1, 1)) == (4, 4)


@requires_torch
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), shape=st.lists(st.integers(1, 5), min_size=1, max_size=4),
       data=st.data())
def test_softmax_and_log_softmax_match_torch(seed, shape, data):
    dim = data.draw(st.integers(-len(shape), len(shape) - 1))
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape) * 5
    g = rng.standard_normal(shape)
    for fwd, bwd, tfn in ((K.softmax, K.softmax_backward, torch.softmax),
                          (K.log_softmax, K.log_softmax_backward, torch.log_softmax)):
        tx = torch.tensor(x, requires_grad=True)
        ty = tfn(tx, dim)
        ty.backward(torch.tensor(g))
        y = fwd(x, dim)
        np.testing.assert_allclose(y, ty.detach().numpy(), rtol=1e-10, atol=1e-12)
        np.testing.assert_allclose(bwd(g, y, dim), tx.grad.numpy(), rtol=1e-9, atol=1e-12)


@requires_torch
def test_softmax_is_stable_and_handles_scalars():
    x = np.array([[1000.0, 1001.0, -1000.0], [-np.inf, 0.0, 1.0]])
    np.testing.assert_allclose(K.softmax(x, 1), torch.softmax(torch.tensor(x), 1).numpy())
    np.testing.assert_allclose(K.log_softmax(x, -1), torch.log_softmax(torch.tensor(x), -1).numpy())
    s = np.array(3.0)
    assert K.softmax(s, 0).shape == () and K.softmax(s, 0) == 1.0
    assert K.log_softmax(s, -1) == 0.0
    assert K.softmax_backward(np.array(2.0), K.softmax(s, 0), 0) == 0.0
    assert K.log_softmax(np.ones(3, np.float32), 0).dtype == np.float32
