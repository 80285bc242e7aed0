"""Pure NumPy kernels behind minigrad.nn.functional.

Nothing here knows about Tensors or autograd: every function takes and returns ndarrays and keeps
the input dtype (float32 stays float32, float64 stays float64). The autograd nodes in
``minigrad.nn.functional`` call these for their forward and backward passes.

Convolution uses im2col: ``sliding_window_view`` gives every receptive field as a strided view
(no copy), one reshape gathers them into a matrix, and a single batched matmul per direction
does the arithmetic, so BLAS does almost all of the work.
"""

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

__all__ = [
    "conv2d_forward",
    "conv2d_backward",
    "conv2d_output_size",
    "softmax",
    "log_softmax",
    "softmax_backward",
    "log_softmax_backward",
]


# ----------------------------------------------------------------------------------------------
# conv2d
# ----------------------------------------------------------------------------------------------

def _pad_pairs(padding):
    """Normalise padding to ((top, bottom), (left, right)).

    Accepts (ph, pw) for symmetric padding or ((top, bottom), (left, right)); the asymmetric
    form is what padding="same" needs when the total padding is odd (torch puts the extra row
    or column at the bottom/right).
    """
    out = []
    for p in padding:
        if isinstance(p, (tuple, list)):
            out.append((int(p[0]), int(p[1])))
        else:
            out.append((int(p), int(p)))
    return tuple(out)


def conv2d_output_size(in_hw, kernel_hw, stride, padding, dilation):
    """Spatial output size: floor((H + pads - dilation * (k - 1) - 1) / stride) + 1 per dim."""
    pads = _pad_pairs(padding)
    return tuple(
        (n + p0 + p1 - d * (k - 1) - 1) // s + 1
        for n, k, s, (p0, p1), d in zip(in_hw, kernel_hw, stride, pads, dilation, strict=True)
    )


def _im2col(x, kh, kw, stride, pads, dilation, groups):
    """Gather receptive fields as a (groups, C/groups*kh*kw, N*Ho*Wo) matrix.

    Returns the matrix and (Ho, Wo). The pixel axis is last because that keeps the source's
    unit-stride W axis innermost during the copy (about 10x faster than channels-last here).
    """
    n, c = x.shape[:2]
    (pt, pb), (pl, pr) = pads
    if pt or pb or pl or pr:
        x = np.pad(x, ((0, 0), (0, 0), (pt, pb), (pl, pr)))
    sh, sw = stride
    dh, dw = dilation
    # A dilated kernel spans (k - 1) * d + 1 pixels; take full spans, then subsample both the
    # window positions (stride) and the taps inside each window (dilation). All views.
    win = sliding_window_view(x, ((kh - 1) * dh + 1, (kw - 1) * dw + 1), axis=(2, 3))
    win = win[:, :, ::sh, ::sw, ::dh, ::dw]  # (N, C, Ho, Wo, kh, kw)
    ho, wo = win.shape[2:4]
    # (C, kh, kw, N, Ho, Wo): the one real copy of im2col happens in this reshape.
    cols = win.transpose(1, 4, 5, 0, 2, 3).reshape(groups, (c // groups) * kh * kw, n * ho * wo)
    return cols, (ho, wo)


def conv2d_forward(x, w, b, stride, padding, dilation, groups):
    """2-D cross-correlation of NCHW ``x`` with ``w`` of shape [out, in/groups, kh, kw].

    ``stride`` and ``dilation`` are 2-tuples of ints; ``padding`` is (ph, pw) or
    ((top, bottom), (left, right)). ``b`` is an [out] array or None. Returns (N, out, Ho, Wo).
    """
    n = x.shape[0]
    o, _, kh, kw = w.shape
    pads = _pad_pairs(padding)
    cols, (ho, wo) = _im2col(x, kh, kw, stride, pads, dilation, groups)
    og = o // groups
    out = np.matmul(w.reshape(groups, og, -1), cols)  # (g, O/g, N*Ho*Wo)
    out = out.reshape(o, n, ho, wo).transpose(1, 0, 2, 3)
    if b is not None:
        out = out + b.reshape(1, o, 1, 1)  # also makes the NCHW copy
    return np.ascontiguousarray(out, dtype=np.result_type(x, w))


def conv2d_backward(grad_out, x, w, stride, padding, dilation, groups, need=(True, True, True),
                    x_shape=None, w_shape=None):
    """Gradients of conv2d_forward w.r.t. (x, w, b); entries not in ``need`` are None.

    ``need`` is (input, weight, bias). The bias gradient is grad_out summed over N, H and W.
    Only what a requested gradient uses must be given: ``x`` for the weight gradient, ``w``
    for the input gradient; pass ``x_shape`` / ``w_shape`` instead of a missing array.
    """
    need_x, need_w, need_b = need
    n, c, h, wd = x.shape if x is not None else x_shape
    o, cg, kh, kw = w.shape if w is not None else w_shape
    og = o // groups
    ho, wo = grad_out.shape[2:]
    pads = _pad_pairs(padding)
    gx = gw = gb = None
    if need_b:
        gb = grad_out.sum(axis=(0, 2, 3))
    # grad_out as (g, O/g, N*Ho*Wo), matching the column layout of _im2col.
    gmat = grad_out.transpose(1, 0, 2, 3).reshape(groups, og, n * ho * wo)
    if need_w:
        cols, _ = _im2col(x, kh, kw, stride, pads, dilation, groups)
        gw = np.matmul(gmat, cols.transpose(0, 2, 1)).reshape(o, cg, kh, kw)
    if need_x:
        wmat = w.reshape(groups, og, cg * kh * kw)
        dcols = np.matmul(wmat.transpose(0, 2, 1), gmat)  # (g, C/g*kh*kw, N*Ho*Wo)
        dcols = dcols.reshape(c, kh, kw, n, ho, wo)
        (pt, pb), (pl, pr) = pads
        sh, sw = stride
        dh, dw = dilation
        # Accumulate channel-major, (C, N, H, W), so each slab add walks memory in order.
        gxp = np.zeros((c, n, h + pt + pb, wd + pl + pr), dtype=dcols.dtype)
        # col2im: each kernel tap (i, j) scatters one strided slab back; slabs of different
        # taps overlap, so accumulate tap by tap (kh*kw vectorised adds).
        for i in range(kh):
            r0 = i * dh
            for j in range(kw):
                c0 = j * dw
                gxp[:, :, r0:r0 + sh * (ho - 1) + 1:sh, c0:c0 + sw * (wo - 1) + 1:sw] += (
                    dcols[:, i, j]
                )
        gx = np.ascontiguousarray(gxp[:, :, pt:pt + h, pl:pl + wd].transpose(1, 0, 2, 3))
    return gx, gw, gb


# ----------------------------------------------------------------------------------------------
# softmax / log_softmax
# ----------------------------------------------------------------------------------------------

def _as_1d_if_scalar(x):
    # torch treats a 0-d tensor as one element along dim 0/-1; NumPy reductions need an axis.
    return (x.reshape(1), True) if x.ndim == 0 else (x, False)


def softmax(x, dim):
    """exp(x) / sum(exp(x)) along ``dim``, shifted by the max so exp never overflows."""
    x, scalar = _as_1d_if_scalar(np.asarray(x))
    if not x.size:                      # nothing to normalise (NumPy's max has no identity)
        return x.copy()
    with np.errstate(invalid="ignore"):     # inf - inf: nan, silently as torch
        e = np.exp(x - x.max(axis=dim, keepdims=True))
        y = e / e.sum(axis=dim, keepdims=True)
    return y.reshape(()) if scalar else y


def log_softmax(x, dim):
    """x - logsumexp(x) along ``dim``, computed as (x - max) - log(sum(exp(x - max)))."""
    x, scalar = _as_1d_if_scalar(np.asarray(x))
    if not x.size:                      # nothing to normalise (NumPy's max has no identity)
        return x.copy()
    with np.errstate(invalid="ignore"):     # inf - inf: nan, silently as torch
        shifted = x - x.max(axis=dim, keepdims=True)
        y = shifted - np.log(np.exp(shifted).sum(axis=dim, keepdims=True))
    return y.reshape(()) if scalar else y


def softmax_backward(grad, y, dim):
    """dL/dx for y = softmax(x): y * (g - sum(g * y)) along ``dim``."""
    grad, scalar = _as_1d_if_scalar(np.asarray(grad))
    y = y.reshape(grad.shape)
    gx = y * (grad - (grad * y).sum(axis=dim, keepdims=True))
    return gx.reshape(()) if scalar else gx


def log_softmax_backward(grad, y, dim):
    """dL/dx for y = log_softmax(x): g - exp(y) * sum(g) along ``dim``."""
    grad, scalar = _as_1d_if_scalar(np.asarray(grad))
    y = y.reshape(grad.shape)
    gx = grad - np.exp(y) * grad.sum(axis=dim, keepdims=True)
    return gx.reshape(()) if scalar else gx
