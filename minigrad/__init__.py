"""minigrad: a compact NumPy autograd engine that behaves like PyTorch 2.13's autograd.

`import minigrad as torch` runs a learner's autograd snippet and prints what torch prints.

Short tracebacks: importing minigrad installs a traceback filter
(`minigrad/_compat/_traceback.py`, installed at the bottom of this file).
- What it hides: the frames of minigrad's own files in the tracebacks that Python and
  Jupyter print for an uncaught error. The learner's own frames stay (hooks and custom
  `Function.backward`s too), and every frame stays when the error came from a library that
  minigrad called (that is a minigrad bug, and its report needs them all).
- Why: torch's insides are C++, so a torch error shows the learner's line and torch's
  message, not torch's code. minigrad's insides are Python; without the filter every error
  in a lesson would start with a screen of engine frames.
- How to turn it off: set `MINIGRAD_FULL_TRACEBACK=1` in the environment (read at each
  error, so `os.environ["MINIGRAD_FULL_TRACEBACK"] = "1"` in a running kernel works).
It only hooks where uncaught exceptions are printed (`sys.excepthook`, IPython's custom
exception handler), and only when nothing else has claimed that hook: nothing runs on the
hot path, and a caught exception keeps all its frames.

The package is built in layers, imports only going down (see `[tool.importlinter]` in
pyproject.toml): the foundation, the tensor record (`_tensor.py`), `autograd/`, the ops and
factories, and the surface, this file among it.
"""
from . import _dtype
from ._dtype import Size, dtype, get_default_dtype, set_default_dtype
from ._tensor import Tensor
from . import autograd
from .autograd import functional as _autograd_functional  # noqa: F401  (jacobian, hessian...)
from . import _tensor_methods, _tensor_operators  # noqa: F401  (Tensor.add, Tensor.__mul__...)
from ._creation import (as_tensor, device, empty, empty_like, eye, from_numpy, full,
                        full_like, is_inference, is_tensor, numel, ones, ones_like, tensor,
                        zeros, zeros_like)
from ._ranges import arange, linspace
from ._random import (Generator, initial_seed, manual_seed, rand, rand_like, randint,
                      randint_like, randn, randn_like, seed)
from ._tensor_str import get_printoptions, set_printoptions
from ._ops.arithmetic import add, div, floordiv as floor_divide, mul, remainder, sub
from ._ops.clamp import clamp, maximum, minimum
from ._ops.closeness import allclose
from ._ops.comparison import (bitwise_and, bitwise_or, bitwise_xor, eq, ge, gt, isnan, le,
                              logical_and, logical_not, logical_or, lt, ne)
from ._ops.conversion import clone
from ._ops.fill_copy import fill_, zero_
from ._ops.indexing import cat, narrow, select, stack
from ._ops.linalg import bmm, dot, matmul, mm, mv
from ._ops.moments import std, std_mean, var, var_mean
from ._ops.norm import norm
from ._ops.permutations import movedim, permute, swapaxes, t, transpose
from ._ops.permutations import movedim as moveaxis
from ._ops.power import pow, square
from ._ops.products import all, any, equal, prod
from ._ops.reduction import argmax, argmin, max, mean, min, sum
from ._ops.splits import chunk, flip, split, unbind
from ._ops.unary import (abs, ceil, cos, exp, floor, log, neg, reciprocal, relu, relu_, round,
                         sigmoid, sign, sin, sqrt, tanh)
from ._ops.views import flatten, reshape, squeeze, unsqueeze
from ._ops._where import where_op as _where_op
from .autograd import enable_grad, inference_mode, no_grad, set_grad_enabled
from .autograd.grad_mode import is_grad_enabled, is_inference_mode_enabled
from .autograd.anomaly import (is_anomaly_check_nan_enabled, is_anomaly_enabled,
                               set_detect_anomaly)
from ._device import get_default_device, set_default_device
from . import accelerator, cuda  # noqa: F401  (CPU-only answers, as a CPU build of torch)
from . import _C  # noqa: F401  (torch._C._functions.AccumulateGrad)
from . import _fast  # noqa: F401  (installs the backward engine's fast path at its seam)
from . import utils
from . import nn
from . import optim
from . import distributions  # noqa: F401  (torch.distributions)
from .serialization import load, save  # (torch.save, torch.load; also minigrad.serialization)
from . import _raw_saved  # noqa: F401  (grad_fn._raw_saved_self.register_hooks)
from ._out import with_out as _with_out
from ._aliases import install_aliases as _install_aliases
from ._compat._argparse_calls import install_binding_errors as _install_binding_errors
from ._compat._traceback import install as _install_short_tracebacks

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

# functional forms under torch's other names (torch.subtract is torch.sub, ...)
subtract, multiply, divide, true_divide = sub, mul, div, div
negative, clip = neg, clamp
concat = concatenate = cat

# torch.add(a, b, out=c) and friends
# (argument errors name the alias called: torch.subtract's say subtract())
for _name in ("add", "sub", "subtract", "mul", "multiply", "div", "divide", "true_divide",
              "pow", "exp", "log", "sqrt", "neg", "negative", "sigmoid", "tanh", "abs", "clamp",
              "clip", "matmul", "mm", "cat", "concat", "concatenate", "stack", "maximum",
              "minimum", "std", "var"):
    globals()[_name] = _with_out(globals()[_name].__name__.strip("_"), globals()[_name],
                                 alias=_name)
eq, ne, lt, le, gt, ge = [_with_out(_f.__name__, _f, differentiable=False)
                          for _f in (eq, ne, lt, le, gt, ge)]

# softmax lives in nn.functional (it needs nn's kernels); torch also exposes it here
softmax = nn.functional.torch_softmax
log_softmax = nn.functional.torch_log_softmax


def where(condition, input, other):
    """Elementwise choice (not differentiable through the condition)."""
    return _where_op(condition, input, other)


# the legacy type names are classes, as in torch
from ._legacy_types import (BoolTensor, ByteTensor, CharTensor,  # noqa: E402
                            DoubleTensor, FloatTensor, HalfTensor, IntTensor, LongTensor,
                            ShortTensor)

_install_aliases(Tensor, globals())     # axis= / keepdims= where torch's parser takes them
_install_binding_errors(globals())      # torch's parser words a call Python cannot bind
_install_short_tracebacks()             # see "Short tracebacks" at the top of this file
