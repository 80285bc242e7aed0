"""Short, deterministic text for shapes, dtypes and small values."""
import numpy as np

__all__ = ["shape_text", "values_text", "array_text", "SMALL"]

SMALL = 6          # tensors with at most this many elements show their values inline


def shape_text(shape):
    return "[" + ", ".join(str(int(s)) for s in shape) + "]"


def _float(v):
    text = f"{v:.4g}"
    if text in ("-0", "nan", "inf", "-inf"):
        return {"-0": "-0.", "nan": "nan", "inf": "inf", "-inf": "-inf"}[text]
    if "." not in text and "e" not in text:
        text += "."            # 1. not 1: like torch, floats keep their dot
    return text


def values_text(arr):
    """The values of a small array, e.g. `[0.7311, 0.8808]`; None when too big."""
    arr = np.asarray(arr)
    if arr.size > SMALL:
        return None
    if arr.dtype.kind == "f":
        fmt = {"float_kind": _float}
    elif arr.dtype.kind == "b":
        fmt = {"bool": lambda v: "True" if v else "False"}
    else:
        fmt = {"int_kind": lambda v: str(int(v))}
    text = np.array2string(arr, separator=", ", formatter=fmt, max_line_width=10_000)
    return " ".join(text.split())


def array_text(arr, dtype_name=None):
    """`[3] float64` for the shape (dtype only when not float32)."""
    arr = np.asarray(arr)
    text = shape_text(arr.shape)
    name = dtype_name or arr.dtype.name
    if name != "float32":
        text += " " + name
    return text


def version_of(t):
    """A tensor's version counter value, read without the error torch raises for
    inference tensors (they have no counter; shown as 0)."""
    vc = t._vc
    return 0 if vc is None else vc.value
