"""Warnings that torch raises from its C++ core end with "(Triggered internally at
<C++ file>:<line>.)". minigrad prints torch's text word for word, so the suffix names the same
C++ line of torch 2.13's build that torch names: a learner who searches the message finds
torch's source, and a notebook shows exactly what torch shows."""
import warnings

__all__ = ["warn_internal", "TENSOR_BODY", "SCALAR_CONVERSION", "ENGINE_CREATE_GRAPH",
           "INDEXING"]

_BUILD = "/__w/pytorch/pytorch/"
# where torch 2.13 raises each of the warnings minigrad gives
TENSOR_BODY = _BUILD + "build/aten/src/ATen/core/TensorBody.h:493"            # non-leaf .grad
SCALAR_CONVERSION = _BUILD + "torch/csrc/autograd/generated/python_variable_methods.cpp:822"
ENGINE_CREATE_GRAPH = _BUILD + "torch/csrc/autograd/engine.cpp:1307"    # backward(create_graph)
INDEXING = _BUILD + "torch/csrc/autograd/python_variable_indexing.cpp:349"  # list as a tuple


def warn_internal(message, where, category=UserWarning, stacklevel=2):
    """warnings.warn(message + " (Triggered internally at <where>.)"), attributed
    `stacklevel` frames up, as usual; `where` is one of the torch locations above."""
    warnings.warn(f"{message} (Triggered internally at {where}.)", category,
                  stacklevel=stacklevel + 1)
