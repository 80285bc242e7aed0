"""Utilities (mirrors `torch.utils`)."""
from . import hooks

__all__ = ["hooks"]
