"""Matrix products. Each saves its inputs (the gradient of one factor needs the other),
and only the ones a required gradient needs."""
import numpy as np

from ..autograd.graph import Node
from .._compat.messages import cname as _tensor_cname
from .._compat._argparse_calls import check_args
from .._compat._call_site import called_as_operator
from ._core import Tensor, check_tensor, type_name
from .._either import swap_last
from ._util import broadcast_shapes
from .views import SqueezeBackward4, UnsafeViewBackward0, _shape_view


_swap = swap_last


_KERNEL = {"mm": "addmm_impl_cpu_", "mv": "addmv_impl_cpu", "dot": "dot", "bmm": "bmm"}


def _scalar_name(t):
    return t.dtype._legacy.replace("Tensor", "")


def _dtype_check(a, b, what):
    """torch's messages for bool operands and for mixed dtypes, per kernel (only bmm
    refuses a bool first operand before comparing the dtypes)."""
    if a._data.dtype.kind == "b" and (what == "bmm" or a._data.dtype == b._data.dtype):
        raise NotImplementedError(f"\"{_KERNEL[what]}\" not implemented for 'Bool'")
    if a._data.dtype == b._data.dtype:
        return
    if what == "mm":
        raise RuntimeError(f"expected m1 and m2 to have the same dtype, but got: "
                           f"{_cname(a)} != {_cname(b)}")
    if what == "mv":
        raise RuntimeError(f"addmv input tensors must have the same dtype, but got "
                           f"{_scalar_name(b)}, {_scalar_name(a)}, and {_scalar_name(b)}")
    if what == "dot":
        raise RuntimeError(f"dot : expected both vectors to have same dtype, but found "
                           f"{_scalar_name(a)} and {_scalar_name(b)}")
    raise RuntimeError(f"expected scalar type {_scalar_name(a)} but found {_scalar_name(b)}")


def _cname(t):
    return _tensor_cname(t)


class _Product(Node):
    """A product of `self` and `mat2`: each input's gradient needs the other input."""
    __slots__ = ("s_self", "s_mat2")


class MmBackward0(_Product):
    """out = a @ b for matrices: da = g @ b^T, db = a^T @ g."""
    __slots__ = ()

    def forward(self, a, b):
        ad, bd = a._data, b._data
        if ad.shape[1] != bd.shape[0]:
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied "
                               f"({ad.shape[0]}x{ad.shape[1]} and {bd.shape[0]}x{bd.shape[1]})")
        if ad.dtype is not bd.dtype or ad.dtype.kind == "b":
            _dtype_check(a, b, "mm")
        # keep each input only if the OTHER input needs a gradient (torch saves mat2 first)
        self.save(mat2=b if self._next[0] is not None else None,
                  self=a if self._next[1] is not None else None)
        # = ad @ bd for matrices, bit for bit; the method skips np.dot's Python-level
        # __array_function__ dispatch
        return ad.dot(bd)

    def backward(self, g):
        a, b = self.s_self, self.s_mat2
        # branches on array-vs-Tensor for speed only (mm is on every training step):
        # ndarray.dot takes the transposed views as they are and skips `@`'s dispatch
        if type(g) is np.ndarray:
            ga = None if b is None else g.dot(b.unpack(self).T)
            gb = None if a is None else a.unpack(self).T.dot(g)
            return ga, gb
        ga = None if b is None else g @ _swap(b.unpack(self))      # create_graph: Tensors
        gb = None if a is None else _swap(a.unpack(self)) @ g
        return ga, gb


class MvBackward0(_Product):
    """out = M @ v: dM = outer(g, v), dv = M^T @ g."""
    __slots__ = ()

    def forward(self, a, b):
        ad, bd = a._data, b._data
        if ad.shape[1] != bd.shape[0]:
            raise RuntimeError(f"size mismatch, got input ({ad.shape[0]}), mat "
                               f"({ad.shape[0]}x{ad.shape[1]}), vec ({bd.shape[0]})")
        _dtype_check(a, b, "mv")
        # keep each input only if the OTHER input needs a gradient
        self.save(self=a if self._next[1] is not None else None,
                  mat2=b if self._next[0] is not None else None)
        with np.errstate(invalid="ignore", over="ignore"):     # 0 * inf is nan, silently
            return ad @ bd

    def backward(self, g):
        ga = gb = None
        if self.s_self is not None:             # torch unpacks self first
            gb = _swap(self.s_self.unpack(self)) @ g
        if self.s_mat2 is not None:
            v = self.s_mat2.unpack(self)
            ga = g.reshape(-1, 1) * v.reshape(1, -1)
        return ga, gb


class DotBackward0(_Product):
    """out = a . b for vectors: da = g * b, db = g * a."""
    __slots__ = ()

    def forward(self, a, b):
        ad, bd = a._data, b._data
        if ad.dtype != bd.dtype:        # torch's dot checks the dtypes first, then the sizes
            raise RuntimeError(f"dot : expected both vectors to have same dtype, but found "
                               f"{_scalar_name(a)} and {_scalar_name(b)}")
        if ad.shape[0] != bd.shape[0]:
            raise RuntimeError(f"inconsistent tensor size, expected tensor [{ad.shape[0]}] and "
                               f"src [{bd.shape[0]}] to have the same number of elements, but "
                               f"got {ad.shape[0]} and {bd.shape[0]} elements respectively")
        _dtype_check(a, b, "dot")
        # keep each input only if the OTHER input needs a gradient
        self.save(self=a if self._next[1] is not None else None,
                  mat2=b if self._next[0] is not None else None)
        with np.errstate(invalid="ignore", over="ignore"):     # 0 * inf is nan, silently
            return np.asarray(ad @ bd)

    def backward(self, g):
        gb = None if self.s_self is None else g * self.s_self.unpack(self)   # torch: self first
        ga = None if self.s_mat2 is None else g * self.s_mat2.unpack(self)
        return ga, gb


class BmmBackward0(_Product):
    """Batched product of two 3-D tensors with the same batch: da = g @ b^T, db = a^T @ g
    per batch."""
    __slots__ = ()

    def forward(self, a, b):
        ad, bd = a._data, b._data
        if ad.size and bd.size:
            _dtype_check(a, b, "bmm")
        # keep each input only if the OTHER input needs a gradient (torch saves mat2 first)
        self.save(mat2=b if self._next[0] is not None else None,
                  self=a if self._next[1] is not None else None)
        if not (ad.size and bd.size):   # torch makes an empty product of mat2's dtype,
            return np.zeros(ad.shape[:2] + bd.shape[2:], bd.dtype)     # unchecked
        with np.errstate(invalid="ignore", over="ignore"):     # 0 * inf is nan, silently
            return ad @ bd

    def backward(self, g):
        ga = None if self.s_mat2 is None else g @ _swap(self.s_mat2.unpack(self))
        gb = None if self.s_self is None else _swap(self.s_self.unpack(self)) @ g
        return ga, gb


def matmul(a, b):
    """The `@` operator: dot, mv, mm, or (with a batch) an mm/mv over the folded batch or a
    bmm over the broadcast batch, chosen by torch's rules (they decide the messages, dtype
    checks and grad_fn of the result)."""
    if a.__class__ is not Tensor:
        check_tensor(a, "matmul", "input", 1)
    if not isinstance(b, Tensor):       # as Python says when both sides decline `@`
        if not called_as_operator():    # torch.matmul(a, 2), a.matmul(2): torch's parser
            check_args("matmul", ("(Tensor other)",), a, {"other": b},
                       functions=("(Tensor input, Tensor other, *, Tensor out = None)",))
        raise TypeError(f"unsupported operand type(s) for @: 'Tensor' and '{type_name(b)}'")
    da, db = a._data.ndim, b._data.ndim
    if da == 2 and db == 2:
        return MmBackward0.apply((a, b))        # the common case first
    if da == 0 or db == 0:
        raise RuntimeError(f"both arguments to matmul need to be at least 1D, but they are "
                           f"{da}D and {db}D")
    if da == 1 and db == 1:
        return DotBackward0.apply((a, b))
    if da == 2 and db == 1:
        return MvBackward0.apply((a, b))
    if da == 1 and db == 2:             # torch makes it a (1, n) @ (n, m) mm
        if a._data.shape[0] != b._data.shape[0]:
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied (1x"
                               f"{a._data.shape[0]} and {b._data.shape[0]}x{b._data.shape[1]})")
        out = MmBackward0.apply((a.unsqueeze(0), b))
        return _shape_view(SqueezeBackward4, out, out._data.shape[1:])
    if _should_fold(a, b):
        return _folded_product(a, b)
    if da == 3 and db == 3 and a._data.shape[0] != b._data.shape[0]:
        # torch drops a batch of one that requires grad (its gradient then needs no sum)
        if a._data.shape[0] == 1 and a._requires_grad:
            return matmul(a.squeeze(0), b)
        if b._data.shape[0] == 1 and b._requires_grad:
            return matmul(a, b.squeeze(0))
    return _batched_product(a, b)


def _should_fold(a, b):
    """torch's rule for folding the batch of the larger operand (3-D or more, against a
    1-D or 2-D one) into the rows of one mm/mv: always when the smaller operand requires
    grad; never when the smaller one is a matrix on the left; otherwise when the fold is a
    view (the leading dims of the larger operand, transposed if on the right, are
    contiguous with each other) or the larger operand is empty."""
    a_larger = a._data.ndim >= b._data.ndim
    big, small = (a, b) if a_larger else (b, a)
    if big._data.ndim < 3 or small._data.ndim > 2:
        return False
    if small._requires_grad:
        return True
    if a._data.ndim == 2:
        return False
    if big._data.size == 0:
        return True
    shape, strides = list(big._data.shape), list(big.stride())
    for i in reversed(range(len(shape))):
        if shape[i] == 1 and not strides[i]:
            # NumPy gives a dim of size 1 stride 0 when it broadcasts or adds it (None);
            # torch keeps the contiguous stride such a dim had or gets
            strides[i] = strides[i + 1] * shape[i + 1] if i + 1 < len(shape) else 1
    if not a_larger:                    # the larger operand is used as its mT
        shape[-2:], strides[-2:] = shape[:-3:-1], strides[:-3:-1]
    return all(strides[i] == strides[i + 1] * shape[i + 1] for i in range(len(shape) - 2))


def _folded_product(a, b):
    """N-D @ 1-D/2-D as one mm/mv over (batch * rows); 1-D/2-D @ N-D transposed into that
    form and back (the result is then made contiguous, a copy)."""
    transpose = b._data.ndim > a._data.ndim
    big = b.mT if transpose else a
    small = (a.t() if a._data.ndim == 2 else a) if transpose else b
    shape = big._data.shape[:-1]
    folded = big.reshape(int(np.prod(shape, dtype=np.int64)), big._data.shape[-1])
    if small._data.ndim == 1:
        return UnsafeViewBackward0.apply((mv(folded, small),), shape)
    out = UnsafeViewBackward0.apply((mm(folded, small),), shape + small._data.shape[1:])
    return out.mT.contiguous() if transpose else out


def _batched_product(a, b):
    """One bmm over the broadcast batch: each operand expanded to it and flattened to 3-D
    (a 1-D left operand is one row, a 1-D right operand one column)."""
    sa, sb = a._data.shape, b._data.shape
    n = sa[-2] if len(sa) > 1 else 1
    m2, p = (sb[-2], sb[-1]) if len(sb) > 1 else (sb[0], 1)
    batch = broadcast_shapes(sa[:-2], sb[:-2])
    count = int(np.prod(batch, dtype=np.int64))
    a3 = a.expand(batch + (n, sa[-1])).reshape(count, n, sa[-1])
    if len(sb) == 1:
        b3 = b.expand(batch + (m2,)).reshape(count, m2).unsqueeze(2)
    else:
        b3 = b.expand(batch + (m2, p)).reshape(count, m2, p)
    out = bmm(a3, b3)
    if len(sb) == 1:
        out = out.squeeze(-1)
    shape = batch + ((n,) if len(sa) > 1 else ()) + ((p,) if len(sb) > 1 else ())
    return UnsafeViewBackward0.apply((out,), shape)


def _check_pair(a, b, op, second):
    """Both operands of a product must be Tensors (torch's parser names the second one)."""
    check_tensor(a, op, "input", 1)
    check_tensor(b, op, second, 2)


def mm(a, b):
    if a.__class__ is not Tensor or b.__class__ is not Tensor:
        _check_pair(a, b, "mm", "mat2")
    if a._data.ndim != 2:
        raise RuntimeError("self must be a matrix")
    if b._data.ndim != 2:
        raise RuntimeError("mat2 must be a matrix")
    return MmBackward0.apply((a, b))


def mv(a, b):
    if a.__class__ is not Tensor or b.__class__ is not Tensor:
        _check_pair(a, b, "mv", "vec")
    if a._data.ndim == 0:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    if a._data.ndim != 2 or b._data.ndim != 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got 1, {a._data.ndim}, "
                           f"{b._data.ndim}")
    return MvBackward0.apply((a, b))


def dot(a, b):
    if a.__class__ is not Tensor or b.__class__ is not Tensor:
        _check_pair(a, b, "dot", "tensor")
    if a._data.ndim != 1 or b._data.ndim != 1:
        raise RuntimeError(f"1D tensors expected, but got {a._data.ndim}D and "
                           f"{b._data.ndim}D tensors")
    return DotBackward0.apply((a, b))


def bmm(a, b):
    if a.__class__ is not Tensor or b.__class__ is not Tensor:
        _check_pair(a, b, "bmm", "mat2")
    if a._data.ndim != 3:
        raise RuntimeError("batch1 must be a 3D tensor")
    if b._data.ndim != 3:
        raise RuntimeError("batch2 must be a 3D tensor")
    (n, _, k), (bn, bk) = a._data.shape, b._data.shape[:2]
    if (bn, bk) != (n, k):
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{n}, {k}] but got: [{bn}, {bk}].")
    return BmmBackward0.apply((a, b))
