"""The layers of minigrad.nn."""

from .activation import LogSoftmax, ReLU, Sigmoid, Softmax, Tanh
from .batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d
from .container import ModuleList, Sequential
from .conv import Conv2d
from .dropout import Dropout
from .linear import Flatten, Identity, Linear
from .loss import BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, MSELoss, NLLLoss
from .module import Module
from .rnn import RNN, RNNCell

__all__ = ["Module", "Linear", "Identity", "Conv2d", "Sequential", "ReLU", "Tanh", "Sigmoid",
           "Softmax", "LogSoftmax", "MSELoss", "CrossEntropyLoss", "NLLLoss", "BCELoss",
           "BCEWithLogitsLoss", "Dropout", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d",
           "RNNCell", "RNN", "ModuleList", "Flatten"]
