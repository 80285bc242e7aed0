"""The legacy tensor type names: `minigrad.FloatTensor`, `DoubleTensor`, `LongTensor`...

In torch these are classes (of the metaclass `torch.tensortype`), not functions: they print as
`<class 'torch.DoubleTensor'>`, calling one builds a plain Tensor of its dtype (from data, or
uninitialised from sizes), and `isinstance(t, torch.DoubleTensor)` asks whether a tensor has
that dtype (and is on the CPU). They are not subclasses of Tensor, and a Tensor's class stays
Tensor. The same here.
"""
from . import _dtype
from ._creation import legacy_new
from ._tensor import Tensor

__all__ = ["tensortype", "FloatTensor", "DoubleTensor", "HalfTensor", "ByteTensor",
           "CharTensor", "ShortTensor", "IntTensor", "LongTensor", "BoolTensor"]


class tensortype(type):
    """The metaclass of the legacy tensor types: calling one of them makes a Tensor of its
    dtype; a tensor is an instance of the one that names its dtype."""

    def __call__(cls, *args, **kwargs):
        return legacy_new(Tensor, args, dict(kwargs, _legacy_dtype=cls.dtype.np))

    def __instancecheck__(cls, obj):
        return isinstance(obj, Tensor) and obj.dtype is cls.dtype


tensortype.__module__ = "minigrad"


def _make(dt):
    return tensortype(dt._legacy, (), {"__module__": "minigrad", "__qualname__": dt._legacy,
                                       "__slots__": (), "dtype": dt, "is_cuda": False,
                                       "is_sparse": False})


FloatTensor = _make(_dtype.float32)
DoubleTensor = _make(_dtype.float64)
HalfTensor = _make(_dtype.float16)
ByteTensor = _make(_dtype.uint8)
CharTensor = _make(_dtype.int8)
ShortTensor = _make(_dtype.int16)
IntTensor = _make(_dtype.int32)
LongTensor = _make(_dtype.int64)
BoolTensor = _make(_dtype.bool_)
