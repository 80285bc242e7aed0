"""Summing a broadcast gradient back down to its input's shape (`sum_to`), and the NumPy
reductions it uses. Plain array helpers, below autograd: custom Functions (autograd) and the
ops' backward formulas both use them."""
import numpy as np

_ndarray = np.ndarray


def sum_to(g, shape):
    """Sum a broadcast gradient back down to `shape`."""
    gshape = g.shape
    if gshape == shape:
        return g
    lead = len(gshape) - len(shape)
    if lead == 1 and gshape[1:] == shape and type(g) is _ndarray:
        if len(gshape) == 2 and g.dtype.kind == "f" and g.dtype.itemsize >= 4:
            return sum_rows(g)              # a bias gradient (x @ w + b), the common case
        return add_reduce(g, 0)
    axes = tuple(range(lead)) + tuple(i + lead for i, s in enumerate(shape)
                                      if s == 1 and g.shape[i + lead] != 1)
    if type(g) is _ndarray:
        if not axes:
            return g.reshape(shape)
        if lead == len(axes):           # a bias gradient: sum over the leading axes only
            return add_reduce(g, axes)
        return add_reduce(g, axes, keepdims=True).reshape(shape)
    if not shape:                       # torch's at::sum_to: a full sum (SumBackward0)
        return g.sum()
    if axes:
        g = g.sum(axes, True)
    return g.reshape(shape)


F16 = np.dtype(np.float16)


def add_reduce(a, axis, keepdims=False, dtype=None):
    """np.add.reduce, but float16 is added up in float32 and rounded once at the end, as
    torch does (float16 additions round at every step and drift on long sums)."""
    if dtype is None and a.dtype is F16:
        with np.errstate(over="ignore", invalid="ignore"):     # inf - inf, silently
            return np.add.reduce(a, axis=axis, keepdims=keepdims, dtype=np.float32).astype(F16)
    return np.add.reduce(a, axis=axis, keepdims=keepdims, dtype=dtype)


_ONES = {}          # (rows, dtype) -> a read-only vector of ones, for sum_rows


def sum_rows(g):
    """A 2-D float32/float64 array summed over its rows, as `ones @ g`. On the small batches
    of a training step NumPy's reduction spends its time setting up, not adding: BLAS does
    a 64 x 16 bias gradient in a sixth of np.add.reduce's time."""
    key = (g.shape[0], g.dtype)
    ones = _ONES.get(key)
    if ones is None:
        if len(_ONES) > 16:         # (a handful of batch sizes in any one program)
            _ONES.clear()
        ones = _ONES[key] = np.ones(key[0], g.dtype)
        ones.flags.writeable = False
    return ones.dot(g)
