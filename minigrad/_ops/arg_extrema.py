"""argmax / argmin: the index of the largest or smallest element, of the flattened tensor
or along one dim (never recorded: indices have no gradient). torch's parser checks the
argument types first, then the op refuses bool input and empty reductions."""
import numpy as np

from .._compat._argparse_calls import as_int, check_args
from .._compat._internal_warning import warn_internal
from ._core import Tensor
from ._util import wrap_dim

__all__ = ["argmax", "argmin", "check_long"]

_ARG_SIGNATURES = {True: ("(int? dim = None, bool keepdim = False)",),
                   False: ("(Tensor input, int? dim = None, bool keepdim = False, *, "
                           "Tensor out = None)",)}
# the words torch's out= check uses for each dtype (C++ type names)
_CPP_NAMES = {"float32": "float", "float64": "double", "float16": "c10::Half", "int64": "long int",
              "int32": "int", "int16": "short int", "int8": "signed char", "uint8": "unsigned char",
              "bool": "bool"}


_RESIZE_CPP = "/__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30"


def _arg_reduction(op, reduce, x, dim, keepdim, out):
    """argmax/argmin: torch's parser first (types), then its refusals (bool input, nothing to
    choose from), then the indices."""
    if x.__class__ is not Tensor and not isinstance(x, Tensor) or keepdim.__class__ is not bool \
            or not (dim is None or dim.__class__ is int) or out is not None:
        values = {"dim": dim, "keepdim": keepdim}
        if out is not None:
            values["out"] = out
        check_args(op, _ARG_SIGNATURES[True], x, values, functions=_ARG_SIGNATURES[False])
        if dim is not None:
            dim = as_int(dim)
    if dim is not None:
        check_long(dim)
    xd = x._data
    if xd.dtype.kind == "b" or not xd.size:
        _check_arg_reduction(x, dim, op)
    if dim is None:
        result = np.asarray(reduce(xd), np.int64)
        if keepdim:
            result = result.reshape((1,) * xd.ndim)
    else:
        result = reduce(xd, axis=wrap_dim(dim, xd.ndim), keepdims=keepdim).astype(np.int64)
    result = Tensor._make(result, False, None)
    if out is None:
        return result
    if out._data.dtype != np.int64:
        raise RuntimeError("Expected out tensor to have dtype long int, but got "
                           f"{_CPP_NAMES.get(out._data.dtype.name, out._data.dtype.name)} instead")
    return _write_indices(result, out)


def _write_indices(result, out):
    """out= of argmax/argmin: the indices written into `out`, resized (with torch's
    deprecation warning when it had elements) if its shape differs."""
    from ..autograd.grad_mode import no_grad
    if out._data.shape != result._data.shape:
        if out._data.size:
            have = ", ".join(map(str, out._data.shape))
            want = ", ".join(map(str, result._data.shape))
            warn_internal(f"An output with one or more elements was resized since it had shape "
                          f"[{have}], which does not match the required output shape [{want}]. "
                          "This behavior is deprecated, and in a future PyTorch release outputs "
                          "will not be resized unless they have zero elements. You can "
                          "explicitly reuse an out tensor t by resizing it, inplace, to zero "
                          "elements with t.resize_(0).", _RESIZE_CPP, stacklevel=4)
        out._data = np.empty(result._data.shape, np.int64)
    with no_grad():
        out.copy_(result)
    return out


def check_long(dim):
    """torch reads an int argument as a C long long."""
    if not -2 ** 63 <= dim < 2 ** 63:
        raise ValueError("Overflow when unpacking long long")


def argmax(x, dim=None, keepdim=False, *, out=None):
    """Index of the largest element (of the flattened tensor, or along `dim`)."""
    return _arg_reduction("argmax", np.argmax, x, dim, keepdim, out)


def argmin(x, dim=None, keepdim=False, *, out=None):
    """Index of the smallest element (of the flattened tensor, or along `dim`)."""
    return _arg_reduction("argmin", np.argmin, x, dim, keepdim, out)


def _check_arg_reduction(x, dim, name):
    """torch's refusals for argmax/argmin: bool input, nothing to choose from."""
    xd = x._data
    if xd.dtype.kind == "b":
        raise RuntimeError(f"{name}(): does not support bool input")
    if dim is None:
        raise IndexError(f"{name}(): Expected reduction dim to be specified for "
                         "input.numel() == 0.")
    d = wrap_dim(dim, xd.ndim)
    if xd.ndim and not xd.shape[d]:
        raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")
