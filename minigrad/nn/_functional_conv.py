"""conv2d of torch.nn.functional: argument checks with torch's messages, 'same'/'valid'
padding, and the ConvolutionBackward0 node (moved out of functional.py, which re-exports it)."""

from .._compat._argparse import Parser
from .._compat._argparse_calls import as_int, int_list
from .._tensor import Tensor
from ._nodes import ConstantPadNdBackward0, ConvolutionBackward0
from ._scalar_names import scalar_name as _sname
from .._compat.messages import cname as _cname

__all__ = ["conv2d"]


def _pair(v, name):
    if isinstance(v, int):
        return (v, v)
    v = tuple(int(i) for i in v)
    if len(v) == 1:
        return v * 2
    if len(v) != 2:
        raise RuntimeError(f"expected {name} to be a single integer value or a list of 2 values "
                           f"to match the convolution dimensions, but got {name}={list(v)}")
    return v


def _same_padding(weight, dilation):
    """Per-dim (before, after) padding that keeps H and W; the odd pixel goes after."""
    pads = []
    for k, d in zip(weight.shape[2:], dilation, strict=True):
        total = d * (k - 1)
        pads.append((total // 2, total - total // 2))
    return tuple(pads)


def _int_or_ints(v):
    return v.__class__ is int or (v.__class__ in (tuple, list) and
                                  all(i.__class__ is int for i in v))


def _conv2d_args(input, weight, bias, stride, padding, dilation, groups):
    """The failure path of conv2d's argument types: torch's parser error, when it has one."""
    err = Parser("conv2d", "(Tensor input, Tensor weight, Tensor bias = None, tuple of ints[2] "
                 "stride = 1, tuple of ints[2] padding = 0, tuple of ints[2] dilation = 1, "
                 "int groups = 1)",
                 "(Tensor input, Tensor weight, Tensor bias = None, tuple of ints[2] stride = 1, "
                 "str padding = \"valid\", tuple of ints[2] dilation = 1, int groups = 1)").error(
        {"input": input, "weight": weight, "bias": bias, "stride": stride, "padding": padding,
         "dilation": dilation, "groups": groups})
    if err is not None:
        raise err
    # accepted: read the sizes as torch unpacks them (NumPy integers, later non-ints)
    sizes = [v if isinstance(v, str) else int_list(v, "conv2d", name) if
             isinstance(v, (tuple, list)) else as_int(v)
             for name, v in (("stride", stride), ("padding", padding), ("dilation", dilation))]
    return (*sizes, as_int(groups))


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """2-D cross-correlation over (N, C, H, W) or unbatched (C, H, W) input.

    ``padding`` may be an int, a pair, or the strings 'valid' (no padding) and 'same'
    (output size = input size; stride must be 1). The node is ConvolutionBackward0 with
    edges (input, weight, bias).
    """
    if not (isinstance(input, Tensor) and isinstance(weight, Tensor) and
            (bias is None or isinstance(bias, Tensor)) and groups.__class__ is int and
            all(_int_or_ints(v) for v in (stride, dilation)) and
            (_int_or_ints(padding) or isinstance(padding, str))):
        stride, padding, dilation, groups = _conv2d_args(input, weight, bias, stride, padding,
                                                         dilation, groups)
    if bias is not None and bias._data.dtype != input._data.dtype:     # torch's first check
        raise RuntimeError(f"Input type ({_cname(input)}) and bias type ({_cname(bias)}) "
                           "should be the same")
    nd = input._data.ndim
    if nd not in (3, 4):
        raise RuntimeError(f"Expected 3D (unbatched) or 4D (batched) input to conv2d, but got "
                           f"input of size: {list(input.shape)}")
    if weight._data.ndim < 3:
        raise RuntimeError("weight should have at least three dimensions")
    if weight._data.ndim != 4:
        k = weight._data.ndim - 2
        raise RuntimeError(f"expected stride to be a single integer value or a list of {k} "
                           f"values to match the convolution dimensions, but got "
                           f"stride={list(_pair(stride, 'stride'))}")
    if nd == 3:  # unbatched: add the batch dim and drop it again, as torch does
        return conv2d(input.unsqueeze(0), weight, bias, stride, padding, dilation,
                      groups).squeeze(0)
    stride, dilation = _pair(stride, "stride"), _pair(dilation, "dilation")
    if isinstance(padding, str):
        if padding == "valid":
            padding = (0, 0)
        elif padding == "same":
            if any(s != 1 for s in stride):
                raise RuntimeError("padding='same' is not supported for strided convolutions")
            padding = _same_padding(weight, dilation)
            extra = [after - before for before, after in padding]
            if any(extra):  # torch pads the odd pixel explicitly (ConstantPadNdBackward0)
                input = _constant_pad(input, (0, extra[1], 0, extra[0]))
            padding = tuple(before for before, _ in padding)
        else:
            raise RuntimeError(f"Invalid padding string: '{padding}'")
    else:
        padding = _pair(padding, "padding")
    _check_conv_args(input, weight, bias, stride, padding, dilation, groups)
    return ConvolutionBackward0.apply((input, weight, bias), stride, padding, dilation, groups)


def _constant_pad(x, pad):
    """Zero-pad the last two dims by pad = (left, right, top, bottom), as F.pad orders it."""
    return ConstantPadNdBackward0.apply((x,), pad)


def _check_conv_args(input, weight, bias, stride, padding, dilation, groups):
    """torch's argument checks for conv2d, with its messages."""
    if any(s <= 0 for s in stride):
        raise RuntimeError("non-positive stride is not supported")
    flat_pad = [p for pp in padding for p in (pp if isinstance(pp, tuple) else (pp,))]
    if any(p < 0 for p in flat_pad):
        raise RuntimeError("negative padding is not supported")
    if any(d <= 0 for d in dilation):
        raise RuntimeError(f"dilation should be greater than zero, but got {list(dilation)}")
    if groups <= 0:
        raise RuntimeError("non-positive groups is not supported")
    wshape = list(weight.shape)
    if wshape[0] % groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be divisible by {groups} "
                           f"at dimension 0, but got weight of size [{wshape}] instead")
    if input.shape[1] != wshape[1] * groups:
        raise RuntimeError(f"Given groups={groups}, weight of size {wshape}, expected "
                           f"input{list(input.shape)} to have {wshape[1] * groups} channels, "
                           f"but got {input.shape[1]} channels instead")
    if bias is not None and (bias._data.ndim != 1 or bias.shape[0] != wshape[0]):
        raise RuntimeError(f"Given weight of size {wshape}, expected bias to be 1-dimensional "
                           f"with {wshape[0]} elements, but got bias of size "
                           f"{list(bias.shape)} instead")
    pads = [pp if isinstance(pp, tuple) else (pp, pp) for pp in padding]
    padded = [n + a + b for n, (a, b) in zip(input.shape[2:], pads, strict=True)]
    eff_k = [d * (k - 1) + 1 for k, d in zip(wshape[2:], dilation, strict=True)]
    if any(p < k for p, k in zip(padded, eff_k, strict=True)):
        raise RuntimeError(f"Calculated padded input size per channel: ({padded[0]} x "
                           f"{padded[1]}). Kernel size: ({eff_k[0]} x {eff_k[1]}). Kernel size "
                           "can't be greater than actual input size")
    if input.dtype != weight.dtype:     # (after the shapes, as torch)
        raise RuntimeError(f"expected scalar type {_sname(input)} but found {_sname(weight)}")
    if input._data.dtype.kind == "b":
        raise NotImplementedError("\"slow_conv2d_cpu\" not implemented for 'Bool'")
