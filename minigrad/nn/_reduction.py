"""The deprecated size_average / reduce arguments of the losses (torch.nn._reduction): they
still work in torch, mapped to a ``reduction`` string, with a UserWarning each time."""

import warnings

__all__ = ["legacy_get_string"]


def legacy_get_string(size_average, reduce, emit_warning=True):
    """'mean', 'sum' or 'none' for the legacy pair (None counts as True), warning that the
    pair is deprecated in favour of ``reduction=``."""
    if size_average is None:
        size_average = True
    if reduce is None:
        reduce = True
    if size_average and reduce:
        reduction = "mean"
    elif reduce:
        reduction = "sum"
    else:
        reduction = "none"
    if emit_warning:
        warnings.warn("size_average and reduce args will be deprecated, please use "
                      f"reduction='{reduction}' instead.", stacklevel=3)
    return reduction
