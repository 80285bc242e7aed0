"""Loss layers: thin Modules over the functional losses."""

import minigrad.nn.functional as F
from .._reduction import legacy_get_string
from .module import Module

__all__ = ["MSELoss", "CrossEntropyLoss", "NLLLoss", "BCELoss", "BCEWithLogitsLoss"]


class _Loss(Module):
    def __init__(self, size_average=None, reduce=None, reduction="mean"):
        super().__init__()
        if size_average is not None or reduce is not None:
            reduction = legacy_get_string(size_average, reduce)
        self.reduction = reduction


class MSELoss(_Loss):
    """Mean squared error between input and target ('mean', 'sum' or 'none')."""

    def forward(self, input, target):
        return F.mse_loss(input, target, reduction=self.reduction)


class _WeightedLoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)


class NLLLoss(_WeightedLoss):
    """Negative log-likelihood of class indices given log-probabilities; ``weight`` (a
    buffer of one value per class) rescales each class's terms."""

    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None,
                 reduction="mean"):
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index = ignore_index

    def forward(self, input, target):
        return F.nll_loss(input, target, weight=self.weight, ignore_index=self.ignore_index,
                          reduction=self.reduction)


class CrossEntropyLoss(_WeightedLoss):
    """log_softmax over the class dim followed by NLL, for class indices or class
    probabilities; ``weight`` (a buffer) rescales each class, ``label_smoothing`` mixes the
    target with the uniform distribution."""

    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None,
                 reduction="mean", label_smoothing=0.0):
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def forward(self, input, target):
        return F.cross_entropy(input, target, weight=self.weight,
                               ignore_index=self.ignore_index, reduction=self.reduction,
                               label_smoothing=self.label_smoothing)


class BCELoss(_WeightedLoss):
    """Binary cross entropy between probabilities (e.g. a sigmoid's output) and targets in
    [0, 1]; ``weight`` (a buffer) rescales each element's loss."""

    def forward(self, input, target):
        return F.binary_cross_entropy(input, target, weight=self.weight,
                                      reduction=self.reduction)


class BCEWithLogitsLoss(_Loss):
    """A sigmoid and binary cross entropy in one stable step, on raw scores (logits);
    ``pos_weight`` scales the positive term, ``weight`` each element (both buffers)."""

    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean",
                 pos_weight=None):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)
        self.register_buffer("pos_weight", pos_weight)

    def forward(self, input, target):
        return F.binary_cross_entropy_with_logits(input, target, self.weight,
                                                  pos_weight=self.pos_weight,
                                                  reduction=self.reduction)
