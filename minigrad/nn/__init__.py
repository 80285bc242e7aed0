"""Neural network building blocks (torch.nn): Parameter, Module and layers, functional, init."""

from . import functional, init, utils
from .modules import (RNN, BatchNorm1d, BatchNorm2d, BatchNorm3d, BCELoss, BCEWithLogitsLoss,
                      Conv2d, CrossEntropyLoss, Dropout, Flatten, Identity, Linear, LogSoftmax,
                      Module, ModuleList,
                      MSELoss, NLLLoss, ReLU, RNNCell, Sequential, Sigmoid, Softmax, Tanh)
from .parameter import Parameter

__all__ = ["Module", "Parameter", "Linear", "Identity", "Conv2d", "Sequential", "ReLU", "Tanh",
           "Sigmoid", "Softmax", "LogSoftmax", "MSELoss", "CrossEntropyLoss", "NLLLoss",
           "BCELoss", "BCEWithLogitsLoss", "Dropout", "BatchNorm1d", "BatchNorm2d",
           "BatchNorm3d", "RNNCell", "RNN", "ModuleList", "Flatten", "functional", "init",
           "utils"]
