"""Categorical(probs or logits): a draw among K classes (torch.distributions.Categorical).

Its graph has torch's nodes: logits are normalized by a log-sum-exp (LogsumexpBackward0) and
log_prob gathers one entry per row of the last dim (GatherBackward0). minigrad has neither op
in its public API yet, so the two nodes are defined here, for these uses only.
"""

import functools

import numpy as np

import minigrad

import minigrad.distributions.constraints as constraints
from .._either import array, constant_like, exp
from ..autograd.graph import Node
from .distribution import Distribution

__all__ = ["Categorical"]


class Categorical(Distribution):
    """Distribution over the class indices 0..K-1 of the last dim of ``probs`` (normalized
    to sum to 1) or ``logits`` (normalized log-probabilities); the leading dims batch.
    Samples are int64 drawn from minigrad's generator; there is no ``rsample``."""

    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}
    has_enumerate_support = True

    def __init__(self, probs=None, logits=None, validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        if probs is not None:
            if probs.dim() < 1:
                raise ValueError("`probs` parameter must be at least one-dimensional.")
            self.probs = probs / probs.sum(-1, keepdim=True)
        else:
            if logits.dim() < 1:
                raise ValueError("`logits` parameter must be at least one-dimensional.")
            with np.errstate(invalid="ignore"):     # (a row of -inf: nan, silently)
                self.logits = logits - LogsumexpBackward0.apply((logits,))
        self._param = self.probs if probs is not None else self.logits
        self._num_events = self._param.size()[-1]
        batch_shape = self._param.size()[:-1] if self._param.dim() > 1 else ()
        super().__init__(batch_shape, validate_args=validate_args)

    @property
    def support(self):
        """The integers 0 .. K-1."""
        return constraints.integer_interval(0, self._num_events - 1)

    @functools.cached_property
    def logits(self):
        """log of the (clamped) probabilities."""
        eps = float(np.finfo(self.probs._data.dtype).eps)
        return minigrad.log(self.probs.clamp(min=eps, max=1 - eps))

    @functools.cached_property
    def probs(self):
        """softmax of the logits."""
        return minigrad.softmax(self.logits, dim=-1)

    @property
    def param_shape(self):
        """The shape of probs (or logits)."""
        return self._param.size()

    @property
    def mean(self):
        """Undefined for classes: nan."""
        return minigrad.full(self._extended_shape(), float("nan"), dtype=self.probs.dtype)

    @property
    def mode(self):
        """The most probable class."""
        return self.probs.argmax(dim=-1)

    @property
    def variance(self):
        """Undefined for classes: nan."""
        return minigrad.full(self._extended_shape(), float("nan"), dtype=self.probs.dtype)

    def sample(self, sample_shape=()):
        """Class indices (int64) of shape sample_shape + batch_shape."""
        from .._random import _rng
        shape = self._extended_shape(sample_shape)
        probs = self.probs.detach()._data.astype(np.float64).reshape(-1, self._num_events)
        count = int(np.prod(tuple(sample_shape), dtype=np.int64))
        cumulative = np.cumsum(probs, axis=-1)
        draws = _rng(None).random((count, probs.shape[0])) * cumulative[:, -1]
        picked = np.empty((count, probs.shape[0]), np.int64)
        for row in range(probs.shape[0]):
            picked[:, row] = np.searchsorted(cumulative[row], draws[:, row], side="right")
        picked = np.minimum(picked, self._num_events - 1)
        return minigrad.tensor(picked.reshape(tuple(shape)), dtype=minigrad.long)

    def log_prob(self, value):
        """log P(value): the normalized logit at each class index."""
        if self._validate_args:
            self._validate_sample(value)
        index = value.long().unsqueeze(-1)
        shape = tuple(np.broadcast_shapes(tuple(index.shape), tuple(self.logits.shape)))
        log_pmf = self.logits
        if tuple(log_pmf.shape) != shape:
            log_pmf = log_pmf.expand(shape)
        index = np.broadcast_to(index._data, shape[:-1] + (1,))
        return GatherBackward0.apply((log_pmf,), index).squeeze(-1)

    def entropy(self):
        """-sum p log p over the classes."""
        lowest = float(np.finfo(self.logits._data.dtype).min)
        p_log_p = self.logits.clamp(min=lowest) * self.probs
        return -p_log_p.sum(-1)

    def enumerate_support(self, expand=True):
        """Every class index, shaped (K, 1, ...) or expanded over the batch."""
        values = minigrad.arange(self._num_events, dtype=minigrad.long)
        values = values.view((-1,) + (1,) * len(self._batch_shape))
        if expand:
            values = values.expand((-1,) + tuple(self._batch_shape))
        return values


class LogsumexpBackward0(Node):
    """log(sum(exp(x))) over the last dim, kept (torch's logsumexp(-1, keepdim=True)):
    shifted by the row maximum so exp cannot overflow; the gradient is g * exp(x - result)."""

    __slots__ = ("s_self", "s_result")

    def forward(self, x):
        self.save(self=x)
        data = x._data
        top = np.max(data, axis=-1, keepdims=True)
        top = np.where(np.isinf(top), 0, top)
        with np.errstate(divide="ignore"):
            return (top + np.log(np.exp(data - top).sum(-1, keepdims=True))).astype(data.dtype)

    def backward(self, grad):
        x, result = self.s_self.unpack(self), self.s_result.unpack(self)
        return (grad * exp(x - result),)


class GatherBackward0(Node):
    """x.gather(-1, index) for an index of width 1 along the last dim (one entry per row):
    the gradient lands at the gathered entries."""

    __slots__ = ("picked",)

    def forward(self, x, index):
        data = x._data
        self.picked = np.arange(data.shape[-1]) == index    # (..., K) mask of the entries
        return np.take_along_axis(data, index, axis=-1)

    def backward(self, grad):
        return (grad * constant_like(self.picked.astype(array(grad).dtype), grad),)
