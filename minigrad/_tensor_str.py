"""How a tensor turns into text: ``str(t)`` / ``repr(t)`` exactly as PyTorch 2.13 prints it.

The work happens in three steps:

1. **Choose a formatter.**  One formatter is shared by every element of the tensor.  It
   picks a number style (integers, ``1.``-style "int mode", fixed ``1.5000`` or
   scientific ``1.5000e-05``) and a column width.  Both are decided by looking only at
   the *nonzero finite* values, so a stray ``0.``, ``nan`` or ``inf`` never changes
   how the real numbers look.
2. **Lay out the nested lists.**  Rows are wrapped to the line width, nested
   dimensions get one more space of indent, and big tensors are summarised with
   ``...`` so that only the first and last few items of each dimension are shown.
3. **Add the suffixes** (``size=``, ``dtype=``, ``grad_fn=`` / ``requires_grad=``),
   moving each one to a new line if it would not fit.

This module depends on NumPy only; the Tensor class passes its data in as an ndarray.
"""

from __future__ import annotations

import math

import numpy as np

# Print options, with the same names and defaults as torch.
_options = {"precision": 4, "threshold": 1000, "edgeitems": 3, "linewidth": 80, "sci_mode": None}

_PROFILES = {
    "default": {"precision": 4, "threshold": 1000, "edgeitems": 3, "linewidth": 80},
    "short": {"precision": 2, "threshold": 1000, "edgeitems": 2, "linewidth": 80},
    "full": {"precision": 4, "threshold": math.inf, "edgeitems": 3, "linewidth": 80},
}

# Dtypes whose name is not printed: what you get by default from floats, ints and bools.
_IMPLICIT_DTYPES = ("float32", "int64", "bool")

_NUMPY_DTYPES = {
    "float16": np.float16, "float32": np.float32, "float64": np.float64,
    "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
    "uint8": np.uint8, "bool": np.bool_,
}


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     profile=None, sci_mode=None) -> None:
    """Change how tensors are printed (same meaning as ``torch.set_printoptions``).

    precision: digits after the decimal point (default 4).
    threshold: tensors with more elements than this are summarised (default 1000).
    edgeitems: items kept at the start and end of each summarised dimension (default 3).
    linewidth: characters per line before wrapping (default 80).
    profile:   "default", "short" (precision 2, edgeitems 2) or "full" (never
               summarise); applied first, so explicit arguments override it.
    sci_mode:  True/False forces scientific notation on/off; None lets the formatter
               decide.  Like torch, every call sets it, so a call without
               ``sci_mode`` switches it back to automatic.
    """
    if profile in _PROFILES:  # torch silently ignores unknown profile names
        _options.update(_PROFILES[profile])
    for name, value in (("precision", precision), ("threshold", threshold),
                        ("edgeitems", edgeitems), ("linewidth", linewidth)):
        if value is not None:
            _options[name] = value
    _options["sci_mode"] = sci_mode


def get_printoptions() -> dict:
    """Return the current print options as a dict usable as ``set_printoptions(**d)``."""
    return dict(_options)


class _Formatter:
    """Turns one element into a string; all elements share its mode and width."""

    def __init__(self, sample: np.ndarray, is_float: bool):
        self.is_float = is_float
        self.precision = _options["precision"]
        self.int_mode = True   # floats that are all whole numbers print as "2."
        self.sci_mode = False
        self.width = 1

        flat = sample.ravel()
        if not is_float:
            # The longest str() belongs to the largest or the smallest value
            # (for bools: "False" if there is one, else "True").
            if flat.size:
                self.width = max(len(str(flat.max().item())), len(str(flat.min().item())))
            return

        # Decisions use float64 copies of the nonzero finite values only.
        vals = flat[np.isfinite(flat) & (flat != 0)].astype(np.float64)
        if vals.size == 0:
            return  # all zero/inf/nan: int mode, width 1
        mags = np.abs(vals)
        smallest, largest = float(mags.min()), float(mags.max())
        self.int_mode = bool(np.all(vals == np.ceil(vals)))
        if _options["sci_mode"] is None:
            # Switch to 1.2345e+08 style when plain digits would lose information:
            # a huge range of magnitudes, huge numbers, or tiny numbers.
            self.sci_mode = largest / smallest > 1000.0 or largest > 1e8 or smallest < 1e-4
        else:
            self.sci_mode = bool(_options["sci_mode"])

        # The printed length only grows with |v| for each sign, so the extremes of the
        # positive and of the negative values are enough to find the widest string.
        candidates = []
        for part in (vals[vals > 0], vals[vals < 0]):
            if part.size:
                candidates += [float(part.min()), float(part.max())]
        self.width = max(len(self._plain(v)) for v in candidates)

    def _plain(self, value) -> str:
        """The element's text before padding."""
        if not self.is_float:
            return str(value)
        if self.sci_mode:
            return f"{value:.{self.precision}e}"
        if self.int_mode:
            text = f"{value:.0f}"
            # The trailing dot says "this is a float"; inf and nan already say it.
            return text if math.isinf(value) or math.isnan(value) else text + "."
        return f"{value:.{self.precision}f}"

    def __call__(self, value) -> str:
        # Right-align; strings wider than the width (e.g. "-0.0000") are never cut.
        return self._plain(value).rjust(self.width)


def _edge_sample(data: np.ndarray, edgeitems: int) -> np.ndarray:
    """Keep the first/last ``edgeitems`` entries along every long dimension.

    A summarised tensor only shows these items, so only they decide the formatter
    (and we avoid formatting a million numbers we will never print).
    """
    keep = []
    for size in data.shape:
        if size > 2 * edgeitems:
            keep.append(np.r_[0:edgeitems, size - edgeitems:size])
        else:
            keep.append(np.arange(size))
    return data[np.ix_(*keep)] if data.ndim else data


def _layout(data: np.ndarray, indent: int, summarize: bool, fmt: _Formatter) -> str:
    """Nested ``[...]`` text of ``data``; ``indent`` is the column after the ``[``s."""
    edge = _options["edgeitems"]
    if data.ndim == 0:
        return fmt(data.item())

    if data.ndim == 1:
        if summarize and not edge:
            items = ["..."]
        elif summarize and data.shape[0] > 2 * edge:
            # " ..." counts as one item of the line (hence the extra space).
            items = ([fmt(v) for v in data[:edge].tolist()] + [" ..."]
                     + [fmt(v) for v in data[-edge:].tolist()])
        else:
            items = [fmt(v) for v in data.tolist()]
        # Each item takes its width plus ", "; at least one item per line.
        per_line = max(1, math.floor((_options["linewidth"] - indent) / (fmt.width + 2)))
        lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
        return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"

    rows = data.shape[0]
    if summarize and rows > 2 * edge:
        parts = ([_layout(data[i], indent + 1, summarize, fmt) for i in range(edge)] + ["..."]
                 + [_layout(data[i], indent + 1, summarize, fmt) for i in range(rows - edge, rows)])
    else:
        parts = [_layout(data[i], indent + 1, summarize, fmt) for i in range(rows)]
    # Sub-blocks of a k-D tensor are separated by k-1 newlines: a blank line between
    # matrices of a 3-D tensor, two between the 3-D blocks of a 4-D one.
    return "[" + ("," + "\n" * (data.ndim - 1) + " " * (indent + 1)).join(parts) + "]"


def _add_suffixes(text: str, suffixes: list, indent: int, namespace: str) -> str:
    """Append ``, suffix`` items, starting a new line when one would overflow."""

    def torch_len(suffix):
        # The output must equal torch's with only the namespace renamed, so line breaks
        # are decided on the length of "dtype=torch.xxx", whatever the namespace is.
        if suffix.startswith("dtype="):
            return len(suffix) - len(namespace) + len("torch")
        return len(suffix)

    out = [text]
    # torch's measure of the last line (it counts 1 more than the real length).
    last = len(text) - text.rfind("\n") + 1
    for suffix in suffixes:
        if last + torch_len(suffix) + 2 > _options["linewidth"]:
            out.append(",\n" + " " * indent + suffix)
            last = indent + torch_len(suffix)
        else:
            out.append(", " + suffix)
            last += torch_len(suffix) + 2
    return "".join(out) + ")"


def tensor_str(data: np.ndarray, *, dtype_name: str, grad_fn_name: str | None = None,
               requires_grad: bool = False, is_parameter: bool = False,
               namespace: str = "minigrad") -> str:
    """Return the text torch prints for a tensor with these values and attributes.

    data:          the tensor's values (any shape and strides, 0-d allowed).
    dtype_name:    torch dtype name without prefix, e.g. "float32", "int64", "bool".
    grad_fn_name:  class name of the tensor's grad_fn (e.g. "MulBackward0"), or None.
    requires_grad: shown as ``requires_grad=True`` when there is no grad_fn.
    is_parameter:  prefix the text with ``Parameter containing:`` and a newline.
    namespace:     module name used in ``dtype=<namespace>.float64``.

    >>> tensor_str(np.array([1.0, 2.5], dtype=np.float32), dtype_name="float32")
    'tensor([1.0000, 2.5000])'
    """
    data = np.asarray(data)
    if dtype_name in _NUMPY_DTYPES:
        data = data.astype(_NUMPY_DTYPES[dtype_name], copy=False)
    prefix = "tensor("
    indent = len(prefix)
    edge = _options["edgeitems"]
    dtype_suffix = f"dtype={namespace}.{dtype_name}"
    suffixes = []

    if data.size == 0:
        # Only the shape tells [] apart from [[]]: show it unless it is (0,).
        if data.ndim != 1:
            suffixes.append(f"size={tuple(data.shape)}")
        # No element hints at the dtype, so every dtype except the default float is named.
        if dtype_name != "float32":
            suffixes.append(dtype_suffix)
        body = "[]"
    else:
        if not edge:  # with edgeitems=0 nothing but "..." is left, so show the size
            suffixes.append(f"size={tuple(data.shape)}")
        if dtype_name not in _IMPLICIT_DTYPES:
            suffixes.append(dtype_suffix)
        summarize = data.size > _options["threshold"]
        sample = _edge_sample(data, edge) if summarize else data
        fmt = _Formatter(sample, is_float=np.issubdtype(data.dtype, np.floating))
        body = _layout(data, indent, summarize, fmt)

    if grad_fn_name is not None:
        suffixes.append(f"grad_fn=<{grad_fn_name}>")
    elif requires_grad:
        suffixes.append("requires_grad=True")

    text = _add_suffixes(prefix + body, suffixes, indent, namespace)
    return "Parameter containing:\n" + text if is_parameter else text
