"""The ``reduction`` argument of the losses (torch.nn._reduction): its integer code, and the
deprecated size_average / reduce pair, which still works in torch, mapped to a ``reduction``
string with a UserWarning each time."""

import warnings

__all__ = ["get_enum", "legacy_get_string"]


def get_enum(reduction):
    """torch's code of a reduction string: 'none' 0, 'mean' 1, 'sum' 2 (the deprecated
    'elementwise_mean' means 'mean', with a warning)."""
    if reduction == "none":
        return 0
    if reduction == "mean":
        return 1
    if reduction == "elementwise_mean":
        warnings.warn("reduction='elementwise_mean' is deprecated. Please use reduction='mean' "
                      "instead.", stacklevel=2)
        return 1
    if reduction == "sum":
        return 2
    raise ValueError(f"{reduction} is not a valid value for reduction")


def legacy_get_string(size_average, reduce, emit_warning=True):
    """'mean', 'sum' or 'none' for the legacy pair (None counts as True), warning that the
    pair is deprecated in favour of ``reduction=``. The pair is read by truth value, as torch
    reads it (an array of several values fails there, with NumPy's words, in torch too)."""
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
        # (stacklevel 2: the loss function, as torch's; its "default" filter then shows the
        # warning once per loss function, as torch does)
        warnings.warn("size_average and reduce args will be deprecated, please use "
                      f"reduction='{reduction}' instead.", stacklevel=2)
    return reduction
