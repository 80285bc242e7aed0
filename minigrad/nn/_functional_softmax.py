"""softmax and log_softmax of torch.nn.functional, and torch.softmax / Tensor.softmax
(re-exported by minigrad.nn.functional): torch's checks and messages, then one node,
SoftmaxBackward0 or LogSoftmaxBackward0, which saves its output."""

import operator
import warnings

from .._compat._argparse import Parser, tp_name
from .._dtype import dtype as _dtype
from .._tensor import Tensor
from ._nodes import LogSoftmaxBackward0, SoftmaxBackward0
from ._scalar_names import scalar_name as _sname

__all__ = ["softmax", "log_softmax", "torch_softmax", "torch_log_softmax"]


def _wrap_dim(dim, ndim):
    """Normalise a possibly negative dim (0-d tensors accept -1 and 0), torch's message."""
    n = max(ndim, 1)
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], "
                         f"but got {dim})")
    return dim % n


def _softmax_dim(name, ndim):
    warnings.warn(f"Implicit dimension choice for {name} has been deprecated. Change the call "
                  "to include dim=X as an argument.", UserWarning, stacklevel=4)
    return 0 if ndim in (0, 1, 3) else 1


def _softmax_like(cls, input, dim, dtype, name):
    if not isinstance(input, Tensor):       # torch's Python function reads input.dim() or
        raise AttributeError(f"'{tp_name(input)}' object has no attribute "   # calls
                             f"'{'dim' if dim is None else name}'")     # input.softmax(dim)
    if dim is None:
        dim = _softmax_dim(name, input._data.ndim)
    if dim.__class__ is not int or not (dtype is None or dtype.__class__ is _dtype):
        # torch's Python function calls input.softmax(dim, dtype=dtype)
        err = Parser(name, "(int dim, torch.dtype? dtype = None)").error(
            {}, [dim], {} if dtype is None else {"dtype": dtype})
        if err is not None:
            raise err
        dim = operator.index(dim)
    if dtype is not None:
        input = input.to(dtype)
    d = _wrap_dim(dim, input._data.ndim)
    if input._data.dtype.kind != "f":
        kernel_name = "lastdim_kernel_impl" if d == max(input._data.ndim - 1, 0) else "kernel_impl"
        raise NotImplementedError(f"\"{name}_{kernel_name}\" not implemented for "
                                  f"'{_sname(input)}'")
    return cls.apply((input,), dim, d)


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    """exp(x) / sum(exp(x)) along ``dim`` (SoftmaxBackward0, saves its output)."""
    return _softmax_like(SoftmaxBackward0, input, dim, dtype, "softmax")


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    """log(softmax(x)) along ``dim``, computed stably (LogSoftmaxBackward0)."""
    return _softmax_like(LogSoftmaxBackward0, input, dim, dtype, "log_softmax")


def torch_softmax(input, dim, dtype=None):
    """torch.softmax and Tensor.softmax: torch binds them in C, where ``dim`` is required and
    checked by its parser (F.softmax, torch's Python function, guesses a missing one)."""
    if dim.__class__ is not int or not (dtype is None or dtype.__class__ is _dtype) or \
            not isinstance(input, Tensor):
        _check_softmax_args("softmax", input, dim, dtype)
    return _softmax_like(SoftmaxBackward0, input, operator.index(dim), dtype, "softmax")


def torch_log_softmax(input, dim, dtype=None):
    """torch.log_softmax and Tensor.log_softmax (``dim`` required, see torch_softmax)."""
    if dim.__class__ is not int or not (dtype is None or dtype.__class__ is _dtype) or \
            not isinstance(input, Tensor):
        _check_softmax_args("log_softmax", input, dim, dtype)
    return _softmax_like(LogSoftmaxBackward0, input, operator.index(dim), dtype, "log_softmax")


def _check_softmax_args(name, input, dim, dtype):
    from .._compat._argparse_calls import check_args
    check_args(name, ("(int dim, torch.dtype? dtype = None)",), input,
               {"dim": dim, "dtype": dtype})
