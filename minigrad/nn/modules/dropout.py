"""Dropout (torch.nn.Dropout): random zeroing in training mode, the identity in eval mode."""

import minigrad.nn.functional as F
from .module import Module

__all__ = ["Dropout"]


class Dropout(Module):
    """During training, zero each element with probability p and scale the others by
    1/(1-p), so the expected value is unchanged. After ``.eval()`` it returns its input
    itself. Grad mode plays no part: under ``no_grad`` a module in training mode still
    drops."""

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p = p
        self.inplace = inplace

    def forward(self, input):
        return F.dropout(input, self.p, self.training, self.inplace)

    def extra_repr(self):
        return f"p={self.p}, inplace={self.inplace}"
