"""CPython's own errors name a C type by its full C name: torch's dtype is a C type called
'torch.dtype', so `1 - torch.float32` says "unsupported operand type(s) for -: 'int' and
'torch.dtype'", while `type(torch.float32).__name__` is just 'dtype'.

A Python class has a single name for both. To print both as torch does, the C name (`tp_name`,
the first field after the header of every type object) of minigrad's dtype class is pointed
at a string of its own. This pokes at CPython's type layout, so it lives here, apart from the
code a learner reads, and runs on CPython only; elsewhere those errors say 'dtype'.
"""
import ctypes
import sys

from .. import _dtype

_C_NAME = ctypes.create_string_buffer(b"minigrad.dtype")    # (kept alive: the type uses it)


def name_dtype_as_c_type():
    """Point the dtype class's C name at 'minigrad.dtype' (idempotent)."""
    if sys.implementation.name != "cpython":
        return
    tp_name = ctypes.c_void_p.from_address(
        id(_dtype.dtype) + object.__basicsize__ + ctypes.sizeof(ctypes.c_ssize_t))
    tp_name.value = ctypes.addressof(_C_NAME)


name_dtype_as_c_type()
