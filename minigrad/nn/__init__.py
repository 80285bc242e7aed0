"""Neural network building blocks (torch.nn): Parameter, Module and layers, functional, init."""

from . import functional, init
from .modules import (Conv2d, CrossEntropyLoss, Identity, Linear, LogSoftmax, Module, MSELoss,
                      NLLLoss, ReLU, Sequential, Sigmoid, Softmax, Tanh)
from .parameter import Parameter

__all__ = ["Module", "Parameter", "Linear", "Identity", "Conv2d", "Sequential", "ReLU", "Tanh",
           "Sigmoid", "Softmax", "LogSoftmax", "MSELoss", "CrossEntropyLoss", "NLLLoss",
           "functional", "init"]
