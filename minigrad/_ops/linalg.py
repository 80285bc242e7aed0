"""Matrix products. Each saves its inputs (the gradient of one factor needs the other),
and only the ones a required gradient needs."""
import numpy as np

from ..autograd.graph import Node
from .._compat.messages import cname as _tensor_cname
from .._compat._argparse_calls import check_args
from .._compat._call_site import called_as_operator
from ._core import Tensor, check_tensor, type_name
from .._either import swap_last
from ._util import sum_to


_swap = swap_last


_KERNEL = {"mm": "addmm_impl_cpu_", "mv": "addmv_impl_cpu", "dot": "dot", "bmm": "bmm"}


def _scalar_name(t):
    return t.dtype._legacy.replace("Tensor", "")


def _dtype_check(a, b, what):
    """torch's messages for bool operands and for mixed dtypes, per kernel."""
    if a._data.dtype.kind == "b":
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
    """Batched product (broadcast batch dims): the 2-D rule per batch, then gradients are
    summed over broadcast batch dims."""
    __slots__ = ("shapes",)

    def forward(self, a, b):
        ad, bd = a._data, b._data
        if ad.shape[-1] != bd.shape[-2] and bd.ndim == 2:
            rows = int(np.prod(ad.shape[:-1]))   # torch folds the batch into the rows
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({rows}x"
                               f"{ad.shape[-1]} and {bd.shape[0]}x{bd.shape[1]})")
        if ad.shape[-1] != bd.shape[-2]:
            raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                               f"[{bd.shape[0] if bd.ndim > 2 else 1}, {ad.shape[-1]}] but got: "
                               f"[{bd.shape[0] if bd.ndim > 2 else 1}, {bd.shape[-2]}].")
        if bd.ndim == 2 or (ad.size and bd.size):    # (torch promotes empty batched products)
            _dtype_check(a, b, "mm" if bd.ndim == 2 else "bmm")    # after the shapes, as torch
        # keep each input only if the OTHER input needs a gradient (torch saves mat2 first)
        self.save(mat2=b if self._next[0] is not None else None,
                  self=a if self._next[1] is not None else None)
        self.shapes = (ad.shape, bd.shape)
        with np.errstate(invalid="ignore", over="ignore"):     # 0 * inf is nan, silently
            return ad @ bd

    def backward(self, g):
        ga = gb = None
        if self.s_mat2 is not None:
            ga = sum_to(g @ _swap(self.s_mat2.unpack(self)), self.shapes[0])
        if self.s_self is not None:
            gb = sum_to(_swap(self.s_self.unpack(self)) @ g, self.shapes[1])
        return ga, gb


class UnsafeViewBackward0(BmmBackward0):
    """torch names a broadcast N-D matmul's result this way (it is a bmm plus a view)."""
    __slots__ = ()


def matmul(a, b):
    """The `@` operator: dot, mv, mm or a batched product depending on the dims."""
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
    if da == 1 and db == 2:
        if a._data.shape[0] != b._data.shape[0]:      # torch makes it a (1, n) @ (n, m) mm
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied (1x"
                               f"{a._data.shape[0]} and {b._data.shape[0]}x{b._data.shape[1]})")
        from .views import SqueezeBackward4, _shape_view
        out = MmBackward0.apply((a.unsqueeze(0), b))
        return _shape_view(SqueezeBackward4, out, out._data.shape[1:])
    if da == 2 and db == 2:
        return MmBackward0.apply((a, b))
    if db == 1:
        if a._data.shape[-1] != b._data.shape[0]:
            rows = int(np.prod(a._data.shape[:-1]))
            raise RuntimeError(f"size mismatch, got input ({rows}), mat ({rows}x"
                               f"{a._data.shape[-1]}), vec ({b._data.shape[0]})")
        if a._data.dtype != b._data.dtype:
            _dtype_check(a, b, "mv")            # torch folds N-D @ 1-D into an mv
        return UnsafeViewBackward0.apply((a, b.unsqueeze(-1))).squeeze(-1)
    _check_batched(a, b, da, db)
    if da == 1:
        return UnsafeViewBackward0.apply((a.unsqueeze(0), b)).squeeze(-2)
    return UnsafeViewBackward0.apply((a, b))


def _check_batched(a, b, da, db):
    """torch's checks of a batched product, in its order: a 1-D or 2-D left factor that
    requires grad is folded into one mv/mm with the transposed batch (so its message is
    the mv/mm one), then the batch dims must broadcast (NumPy's matmul would say so in its
    own words)."""
    if db == 2:         # a batch times a matrix: one mm (BmmBackward0 words its message)
        return
    sa, sb = a._data.shape, b._data.shape
    if a._requires_grad and sa[-1] != sb[-2] and (da <= 2 or (da == db == 3 and sa[0] == 1)):
        rows = int(np.prod(sb[:-2])) * sb[-1]
        if da == 1:
            raise RuntimeError(f"size mismatch, got input ({rows}), mat ({rows}x{sb[-2]}), "
                               f"vec ({sa[0]})")
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({rows}x{sb[-2]} and "
                           f"{sa[-1]}x{sa[-2]})")
    batch_a, batch_b = sa[:-2], sb[:-2]
    n = max(len(batch_a), len(batch_b))
    batch_a = (1,) * (n - len(batch_a)) + batch_a
    batch_b = (1,) * (n - len(batch_b)) + batch_b
    for i, (x, y) in enumerate(zip(batch_a, batch_b)):
        if x != y and x != 1 and y != 1:
            raise RuntimeError(f"The size of tensor a ({x}) must match the size of tensor b "
                               f"({y}) at non-singleton dimension {i}")
    if sa[-1] != sb[-2]:        # one bmm over the broadcast batch
        batch = int(np.prod([max(x, y) for x, y in zip(batch_a, batch_b)]))
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{batch}, {sa[-1]}] but got: [{batch}, {sb[-2]}].")


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
