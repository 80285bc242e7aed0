"""minigrad.autograd.graph: the Node class, as torch.autograd.graph exposes it."""
from .function import Node

__all__ = ["Node"]
