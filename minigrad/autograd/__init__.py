"""minigrad.autograd: the backward engine, grad modes, custom Functions, anomaly mode.

Reading order: `saved.py` (a saved tensor and its version check), `graph.py` (nodes, and how
an op is recorded), `view_history.py` (views and in-place edits), `function.py` (custom
Functions), `engine.py` (backward). `grad_mode.py` and `anomaly.py` are the modes; the
switches they flip live below Tensor, in `minigrad/_autograd_state.py`.
(`functional.py`, jacobian and friends, is built on this package, so `minigrad/__init__.py`
loads it; `backward` and `grad`, torch's entry points with their argument checks, are in
`minigrad/_autograd_api.py`, above the engine.)
"""
from . import anomaly, engine, function, grad_mode, graph, saved_hooks  # noqa: F401
from .anomaly import detect_anomaly, set_detect_anomaly
from .._autograd_api import backward, grad
from .function import Function
from .grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled
from .trace import trace
from .variable import Variable

__all__ = ["backward", "grad", "Function", "no_grad", "enable_grad", "set_grad_enabled",
           "inference_mode", "detect_anomaly", "set_detect_anomaly", "graph", "function",
           "engine", "grad_mode", "anomaly"]
