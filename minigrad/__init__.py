"""minigrad: a compact NumPy autograd engine that behaves like PyTorch 2.13's autograd.

`import minigrad as torch` runs a learner's autograd snippet and prints what torch prints.
"""
from . import _dtype
from ._dtype import Size, dtype
from ._tensor import Tensor
from .autograd import graph as _graph, engine as _engine, function as _function  # noqa: F401
from . import _tensor_methods, _tensor_operators  # noqa: F401  (Tensor.add, Tensor.__mul__...)
from ._creation import (as_tensor, device, empty, empty_like, eye, from_numpy, full,
                        full_like, get_default_dtype, is_tensor, numel, ones,
                        ones_like, set_default_dtype, tensor, zeros, zeros_like)
from ._ranges import arange, linspace
from ._random import (Generator, initial_seed, manual_seed, rand, rand_like, randint,
                      randint_like, randn, randn_like, seed)
from ._tensor_str import get_printoptions, set_printoptions
from ._ops import arithmetic as _A, comparison as _K, conversion as _Cv, indexing as _I
from ._ops import fill_copy as _Fc
from ._ops import linalg as _L, permutations as _Pm, products as _Pr, reduction as _R
from ._ops import clamp as _Cl, power as _Pw, unary as _U, views as _V
from . import autograd
from .autograd import enable_grad, inference_mode, no_grad, set_grad_enabled
from .autograd.grad_mode import is_grad_enabled, is_inference, is_inference_mode_enabled
from ._device import get_default_device, set_default_device
from . import accelerator, cuda  # noqa: F401  (CPU-only answers, as a CPU build of torch)
from .autograd.anomaly import is_anomaly_check_nan_enabled, is_anomaly_enabled, \
    set_detect_anomaly
from .utils import hooks as _hooks  # noqa: F401
from .autograd import functional as _functional, variable as _variable  # noqa: F401
from . import utils
autograd.Variable = _variable.Variable      # torch.autograd.Variable (needs Tensor first)
autograd.graph.saved_tensors_hooks = autograd.saved_hooks.saved_tensors_hooks  # torch's place
autograd.graph.save_on_cpu = autograd.saved_hooks.save_on_cpu

__version__ = "0.1.0"

float16 = half = _dtype.float16
float32 = float = _dtype.float32
float64 = double = _dtype.float64
uint8 = _dtype.uint8
int8 = _dtype.int8
int16 = short = _dtype.int16
int32 = int = _dtype.int32
int64 = long = _dtype.int64
bool = _dtype.bool_

# functional forms (torch.add, torch.sigmoid, ...)
add, sub, subtract, mul, multiply, div, divide, true_divide = (
    _A.add, _A.sub, _A.sub, _A.mul, _A.mul, _A.div, _A.div, _A.div)
pow, square, floor_divide, remainder = _Pw.pow, _Pw.square, _A.floordiv, _A.remainder
neg, negative, exp, log, sqrt, reciprocal = _U.neg, _U.neg, _U.exp, _U.log, _U.sqrt, \
    _U.reciprocal
sin, cos, tanh, sigmoid, relu, abs = _U.sin, _U.cos, _U.tanh, _U.sigmoid, _U.relu, _U.abs
clamp = clip = _Cl.clamp
floor, ceil, round, sign = _U.floor, _U.ceil, _U.round, _U.sign
eq, ne, lt, le, gt, ge, isnan = _K.eq, _K.ne, _K.lt, _K.le, _K.gt, _K.ge, _K.isnan
logical_not, logical_and, logical_or = _K.logical_not, _K.logical_and, _K.logical_or
bitwise_and, bitwise_or, bitwise_xor = _K.bitwise_and, _K.bitwise_or, _K.bitwise_xor
sum, mean, max, min, argmax, argmin = _R.sum, _R.mean, _R.max, _R.min, _R.argmax, _R.argmin
maximum, minimum = _Cl.maximum, _Cl.minimum
matmul, mm, mv, dot, bmm = _L.matmul, _L.mm, _L.mv, _L.dot, _L.bmm
reshape, flatten, squeeze, unsqueeze = _V.reshape, _V.flatten, _V.squeeze, _V.unsqueeze
permute, transpose, swapaxes, t = _Pm.permute, _Pm.transpose, _Pm.swapaxes, _Pm.t
cat, concat, concatenate, stack, select, narrow = _I.cat, _I.cat, _I.cat, _I.stack, \
    _I.select, _I.narrow
clone = _Cv.clone
zero_, fill_ = _Fc.zero_, _Fc.fill_
from ._ops import norm as _N, splits as _S  # noqa: E402
split, chunk, unbind, flip = _S.split, _S.chunk, _S.unbind, _S.flip
prod, all, any, equal, norm = _Pr.prod, _Pr.all, _Pr.any, _Pr.equal, _N.norm
from ._ops.closeness import allclose  # noqa: E402
relu_ = _U.relu_
from . import _C  # noqa: E402,F401  (torch._C._functions.AccumulateGrad)
from . import _fast  # noqa: E402,F401  (installs the backward engine's fast path)
from ._out import with_out as _with_out  # noqa: E402  (torch.add(a, b, out=c) ...)
add, sub, subtract, mul, multiply, div, divide, true_divide, pow, exp, log, sqrt, neg, \
    negative, sigmoid, tanh, abs, clamp, clip, matmul, mm, cat, concat, concatenate, stack, \
    maximum, minimum = [
        _with_out(_f.__name__.strip("_"), _f) for _f in (
            add, sub, subtract, mul, multiply, div, divide, true_divide, pow, exp, log, sqrt,
            neg, negative, sigmoid, tanh, abs, clamp, clip, matmul, mm, cat, concat,
            concatenate, stack, maximum, minimum)]
eq, ne, lt, le, gt, ge = [_with_out(_f.__name__, _f, differentiable=False)
                          for _f in (eq, ne, lt, le, gt, ge)]
from ._aliases import install_aliases as _install_aliases  # noqa: E402


def where(condition, input, other):
    """Elementwise choice (not differentiable through the condition)."""
    from ._ops._where import where_op
    return where_op(condition, input, other)


def _legacy(name, np_dtype):
    # FloatTensor(...) builds a plain Tensor of that dtype, as in torch
    def make(*args):
        from ._creation import legacy_new
        return legacy_new(Tensor, args, {"_legacy_dtype": np_dtype})
    make.__name__ = name
    return make


FloatTensor = _legacy("FloatTensor", _dtype.float32.np)
DoubleTensor = _legacy("DoubleTensor", _dtype.float64.np)
LongTensor = _legacy("LongTensor", _dtype.int64.np)
IntTensor = _legacy("IntTensor", _dtype.int32.np)
BoolTensor = _legacy("BoolTensor", _dtype.bool_.np)
HalfTensor = _legacy("HalfTensor", _dtype.float16.np)

from . import nn  # noqa: E402  (built on everything above)
try:  # noqa: E402
    from . import optim
except ImportError:  # pragma: no cover
    pass

# softmax lives in nn.functional (it needs nn's kernels); torch also exposes it here
softmax = nn.functional.softmax
log_softmax = nn.functional.log_softmax

from ._traceback import install as _install_short_tracebacks  # noqa: E402
_install_short_tracebacks()   # errors show the learner's code, not minigrad's (see _traceback)
_install_aliases(Tensor, globals())     # axis= / keepdims= where torch's parser takes them
from . import distributions  # noqa: E402,F401  (torch.distributions)
