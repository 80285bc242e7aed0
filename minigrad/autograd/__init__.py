"""minigrad.autograd: the backward engine, grad modes, custom Functions, anomaly mode.

Imports go one way: grad modes, anomaly mode and the trace come first (Tensor uses them);
`graph`, `engine` and `function` build on Tensor, so they are loaded on first use here
(`minigrad/__init__.py` loads them right after Tensor).
"""
import importlib

from . import anomaly, grad_mode
from .trace import trace
from .anomaly import detect_anomaly, set_detect_anomaly
from .grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled

__all__ = ["backward", "grad", "Function", "no_grad", "enable_grad", "set_grad_enabled",
           "inference_mode", "detect_anomaly", "set_detect_anomaly", "graph", "function",
           "engine", "grad_mode", "anomaly"]

_ABOVE_TENSOR = {"graph": "graph", "engine": "engine", "function": "function",
                 "Function": "function"}


def __getattr__(name):
    # the parts of autograd that need Tensor (which itself needs grad_mode and anomaly)
    module = _ABOVE_TENSOR.get(name)
    if module is None:
        raise AttributeError(f"module 'minigrad.autograd' has no attribute '{name}'")
    loaded = importlib.import_module(f"{__name__}.{module}")
    return loaded if name == module else getattr(loaded, name)


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, inputs=None):
    """Accumulate gradients of `tensors` into the leaves' `.grad`."""
    from .engine import run_backward
    run_backward(tensors, grad_tensors, retain_graph, create_graph, inputs)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         allow_unused=None, is_grads_batched=False, materialize_grads=False):
    """Return d(outputs)/d(inputs) as a tuple, without touching any `.grad`."""
    from .engine import run_grad
    return run_grad(outputs, inputs, grad_outputs, retain_graph, create_graph,
                    allow_unused, materialize_grads)
