"""minigrad.autograd: the backward engine, grad modes, custom Functions, anomaly mode."""
from . import anomaly, graph, engine, function, grad_mode
from .trace import trace
from .anomaly import detect_anomaly, set_detect_anomaly
from .function import Function
from .grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled

__all__ = ["backward", "grad", "Function", "no_grad", "enable_grad", "set_grad_enabled",
           "inference_mode", "detect_anomaly", "set_detect_anomaly", "graph", "function",
           "engine", "grad_mode", "anomaly"]


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, inputs=None):
    """Accumulate gradients of `tensors` into the leaves' `.grad`."""
    engine.run_backward(tensors, grad_tensors, retain_graph, create_graph, inputs)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         allow_unused=None, is_grads_batched=False, materialize_grads=False):
    """Return d(outputs)/d(inputs) as a tuple, without touching any `.grad`."""
    return engine.run_grad(outputs, inputs, grad_outputs, retain_graph, create_graph,
                           allow_unused, materialize_grads)
