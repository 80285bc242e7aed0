"""Fidelity machinery: what makes minigrad's failures read exactly like torch's, kept apart
from the engine so that the core can be read without it.

- `_argparse`: torch's Python argument parser, reproduced on the failure path (the
  "received an invalid combination of arguments" messages);
- `_argparse_calls`: call-site inspection (method or function? operator? which keywords?)
  and the argument helpers the ops use on their failure paths;
- `_traceback`: the filter that hides minigrad's own frames from a learner's tracebacks;
- `_internal_warning`: the "(Triggered internally at <torch C++ file>:<line>.)" suffixes;
- `messages`: torch's longer message texts that the tensor record raises or warns with;
- `_c_type_name`: CPython's own errors name the dtype class 'minigrad.dtype' (torch's C name).

Nothing here imports the tensor record or autograd: they sit above this package.
"""

from . import _c_type_name  # noqa: E402,F401  (applied once, on import)
