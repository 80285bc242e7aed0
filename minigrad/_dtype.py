"""dtypes and Size: small value objects that print like torch's.

A minigrad dtype wraps a NumPy dtype. `float32` is the default, as in torch.
"""
import functools
import operator

import numpy as np

__all__ = ["dtype", "Size"]


class dtype:
    """A tensor element type (`minigrad.float32`, `minigrad.int64`, ...)."""

    __slots__ = ("name", "np", "is_floating_point", "is_complex", "is_signed", "itemsize",
                 "_legacy", "_kind")

    def __init__(self, name, np_dtype, legacy, kind):
        self.name = name
        self.np = np.dtype(np_dtype)
        self.is_floating_point = kind == 2
        self.is_complex = False
        self.is_signed = name not in ("uint8", "bool")
        self.itemsize = self.np.itemsize
        self._legacy = legacy        # used by t.type() and in error messages: FloatTensor
        self._kind = kind            # promotion category: 0 bool, 1 integer, 2 floating

    def __repr__(self):
        return "minigrad." + self.name

    def __reduce__(self):
        return (_by_name, (self.name,))

    def to_real(self):
        return self


# torch's dtype is a C type: `type(torch.float32).__name__` is 'dtype', its module 'torch'
# (CPython's own errors print its C name, 'torch.dtype': see _compat/_c_type_name.py).
dtype.__module__ = "minigrad"

float16 = dtype("float16", np.float16, "HalfTensor", 2)
float32 = dtype("float32", np.float32, "FloatTensor", 2)
float64 = dtype("float64", np.float64, "DoubleTensor", 2)
uint8 = dtype("uint8", np.uint8, "ByteTensor", 1)
int8 = dtype("int8", np.int8, "CharTensor", 1)
int16 = dtype("int16", np.int16, "ShortTensor", 1)
int32 = dtype("int32", np.int32, "IntTensor", 1)
int64 = dtype("int64", np.int64, "LongTensor", 1)
bool_ = dtype("bool", np.bool_, "BoolTensor", 0)

ALL = (float16, float32, float64, uint8, int8, int16, int32, int64, bool_)
_FROM_NP = {d.np: d for d in ALL}
_BY_NAME = {d.name: d for d in ALL}
ALIASES = {"half": float16, "float": float32, "double": float64, "short": int16,
           "int": int32, "long": int64, "bool": bool_}


class _Default:
    """The floating dtype factories use when given none (here, not in _creation.py: the ops
    below the factories read it too)."""
    dtype = float32


def get_default_dtype():
    return _Default.dtype


def set_default_dtype(d):
    if not d.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    _Default.dtype = d


def _by_name(name):
    return _BY_NAME[name]


def from_numpy_dtype(np_dtype):
    """The minigrad dtype of an ndarray's dtype; TypeError for unsupported ones."""
    try:
        return _FROM_NP[np_dtype]
    except KeyError:
        raise TypeError(
            f"can't convert np.ndarray of type numpy.{np.dtype(np_dtype).type.__name__}. The "
            "only supported types are: float64, float32, float16, complex64, complex128, int64, "
            "int32, int16, int8, uint64, uint32, uint16, uint8, and bool.") from None


_PYTHON_TYPES = {"int": "int64", "float": "float64", "bool": "bool"}


def dtype_arg(d, op):
    """A `dtype=` argument as torch's parser reads it: a minigrad dtype, None, or one of
    the Python types int, float and bool (int64, float64, bool); anything else is
    `op(): argument 'dtype' must be torch.dtype, not str`."""
    if d is None or isinstance(d, dtype):
        return d
    if d is int or d is float or d is bool:
        return _BY_NAME[_PYTHON_TYPES[d.__name__]]
    raise TypeError(f"{op}(): argument 'dtype' must be minigrad.dtype, not {type_name[0](d)}")


# how torch's messages name an argument's type ('int', 'numpy.int64', 'torch._C._TensorMeta'
# for the class torch.Tensor): the parser's rule, which sits above this module and puts
# itself here when imported (see _compat/_argparse.py)
type_name = [lambda x: type(x).__name__]


def to_np(d):
    """Accept a minigrad dtype (or None) and return the NumPy dtype (or None)."""
    if d is None:
        return None
    if isinstance(d, dtype):
        return d.np
    raise TypeError(f"expected a minigrad dtype, got {type(d).__name__}")


class Size(tuple):
    """The shape of a tensor: a tuple that prints as `minigrad.Size([2, 3])`."""

    __slots__ = ()

    def __new__(cls, sizes=()):
        items = tuple(sizes)
        for item in items:
            if item.__class__ is not int:
                items = _checked_sizes(items)
                break
        return tuple.__new__(cls, items)

    def __repr__(self):
        return f"minigrad.Size({list(self)})"

    __str__ = __repr__

    def numel(self):
        n = 1
        for s in self:
            n *= s
        return n

    def __getitem__(self, item):
        out = tuple.__getitem__(self, item)
        return Size(out) if isinstance(item, slice) else out

    def __add__(self, other):
        return Size(tuple(self) + tuple(other))


def _checked_sizes(items):
    """A Size's items as torch checks them: ints (bools, NumPy integers and integer tensors
    of one element count) in int64's range."""
    out = []
    for i, item in enumerate(items):
        try:
            n = operator.index(item)
        except TypeError:
            raise TypeError(f"torch.Size() takes an iterable of 'int' (item {i} is "
                            f"'{type_name[0](item)}')") from None
        if not -2 ** 63 <= n < 2 ** 63:
            raise ValueError("Overflow when unpacking long long")
        out.append(n)
    return tuple(out)


# the tensor record makes its shapes without Size's checks (NumPy's are ints)
new_size = functools.partial(tuple.__new__, Size)

# `device` lives with the rest of device handling; imported here because minigrad.device
# sits beside minigrad.dtype in the front door.
from ._device import device  # noqa: E402,F401
