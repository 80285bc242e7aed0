"""Probability distributions (torch.distributions): Normal and Categorical, with sample,
rsample (Normal), log_prob, entropy and torch's validation messages. Random draws come from
minigrad's generator, so they differ from torch's for the same seed."""

from . import constraints
from .categorical import Categorical
from .distribution import Distribution
from .normal import Normal

__all__ = ["Distribution", "Normal", "Categorical", "constraints"]
