"""2-D convolution layer (torch.nn.Conv2d)."""

import collections.abc
import math

import minigrad.nn.functional as F
import minigrad.nn.init as init
from ..parameter import Parameter
from .linear import _empty
from .module import Module

__all__ = ["Conv2d"]

_PADDING_STRINGS = {"same", "valid"}
_PADDING_MODES = {"zeros", "reflect", "replicate", "circular"}


def _pair(v):
    # torch's rule: anything iterable is read as the pair, anything else is repeated
    return tuple(v) if isinstance(v, collections.abc.Iterable) else (v, v)


class Conv2d(Module):
    """Cross-correlation of (N, C_in, H, W) input with a [C_out, C_in/groups, kh, kw] weight.

    Output size per spatial dim: floor((H + 2*padding - dilation*(k - 1) - 1) / stride) + 1.
    Initialised like torch: weight ~ kaiming_uniform_(a=sqrt(5)), bias ~
    U(-1/sqrt(fan_in), 1/sqrt(fan_in)) with fan_in = C_in/groups * kh * kw.
    Only padding_mode='zeros' is implemented.
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, bias=True, padding_mode="zeros", device=None, dtype=None):
        super().__init__()
        kernel_size, stride = _pair(kernel_size), _pair(stride)     # first, as in torch
        if not isinstance(padding, str):
            padding = _pair(padding)
        dilation = _pair(dilation)
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        if isinstance(padding, str):
            if padding not in _PADDING_STRINGS:
                raise ValueError(f"Invalid padding string {padding!r}, should be one of "
                                 f"{_PADDING_STRINGS}")
            if padding == "same" and any(s != 1 for s in stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        if padding_mode not in _PADDING_MODES:
            raise ValueError(f"padding_mode must be one of {_PADDING_MODES}, but got "
                             f"padding_mode='{padding_mode}'")
        if padding_mode != "zeros":
            raise NotImplementedError(f"minigrad: padding_mode='{padding_mode}' is not "
                                      "supported (only 'zeros')")
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.transposed = False
        self.output_padding = (0, 0)
        self.groups = groups
        self.padding_mode = padding_mode
        self.weight = Parameter(_empty(out_channels, in_channels // groups, *self.kernel_size,
                                       dtype=dtype))
        if bias:
            self.bias = Parameter(_empty(out_channels, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        """Redraw weight and bias from torch's default distributions."""
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            if fan_in != 0:
                bound = 1 / math.sqrt(fan_in)
                init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.conv2d(input, self.weight, self.bias, self.stride, self.padding,
                        self.dilation, self.groups)

    def extra_repr(self):
        s = (f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, "
             f"stride={self.stride}")
        if self.padding != (0, 0):
            s += f", padding={self.padding}"
        if self.dilation != (1, 1):
            s += f", dilation={self.dilation}"
        if self.groups != 1:
            s += f", groups={self.groups}"
        if self.bias is None:
            s += ", bias=False"
        return s
