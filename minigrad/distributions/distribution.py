"""Distribution: the base class of minigrad.distributions (torch.distributions.Distribution).

It holds the batch and event shapes and, unless ``validate_args=False``, checks the
parameters against ``arg_constraints`` when the distribution is made and the values given
to ``log_prob`` against ``support``, with torch's messages.
"""

import numbers

import minigrad

__all__ = ["Distribution", "broadcast_all"]


def _all_true(check):
    return bool(check.all())


def broadcast_all(*values):
    """Numbers become tensors (of the first tensor's dtype, else the default dtype), then
    everything is broadcast to one shape (tensors already of that shape are kept)."""
    if not all(isinstance(v, (minigrad.Tensor, numbers.Number)) for v in values):
        raise ValueError("Input arguments must all be instances of Number, torch.Tensor or "
                         "objects implementing __torch_function__.")
    dtype = next((v.dtype for v in values if isinstance(v, minigrad.Tensor)),
                 minigrad.get_default_dtype())
    tensors = [v if isinstance(v, minigrad.Tensor) else minigrad.tensor(v, dtype=dtype)
               for v in values]
    from .._ops._util import broadcast_shapes
    shape = ()
    for t in tensors:
        shape = broadcast_shapes(shape, tuple(t.shape))
    return tuple(t if tuple(t.shape) == shape else t.expand(shape) for t in tensors)


class Distribution:
    """A family of probability distributions with batch_shape independent members, each
    over values of event_shape."""

    has_rsample = False
    _validate_args = True           # torch's default (__debug__)

    @staticmethod
    def set_default_validate_args(value):
        """Turn argument validation on or off for distributions made afterwards."""
        if value not in (True, False):
            raise ValueError
        Distribution._validate_args = value

    def __init__(self, batch_shape=(), event_shape=(), validate_args=None):
        self._batch_shape = minigrad.Size(batch_shape)
        self._event_shape = minigrad.Size(event_shape)
        if validate_args is not None:
            self._validate_args = validate_args
        if self._validate_args:
            for param, constraint in self.arg_constraints.items():
                if param not in self.__dict__:
                    continue            # (a parameter computed only when asked for)
                value = getattr(self, param)
                if not _all_true(constraint.check(value)):
                    raise ValueError(
                        f"Expected parameter {param} ({type(value).__name__} of shape "
                        f"{tuple(value.shape)}) of distribution {self!r} to satisfy the "
                        f"constraint {constraint!r}, but found invalid values:\n{value}")

    @property
    def batch_shape(self):
        """The shape over which parameters are batched."""
        return self._batch_shape

    @property
    def event_shape(self):
        """The shape of a single sample (without batching)."""
        return self._event_shape

    def _extended_shape(self, sample_shape=()):
        return minigrad.Size(tuple(sample_shape) + tuple(self._batch_shape)
                             + tuple(self._event_shape))

    def sample(self, sample_shape=()):
        """A sample (no gradient) of shape sample_shape + batch_shape + event_shape."""
        with minigrad.no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape=()):
        """A reparameterized sample: gradients flow back to the parameters."""
        raise NotImplementedError

    def _validate_sample(self, value):
        if not isinstance(value, minigrad.Tensor):
            raise ValueError("The value argument to log_prob must be a Tensor")
        size = value.size()
        start = len(size) - len(self._event_shape)
        if size[start:] != self._event_shape:
            raise ValueError(f"The right-most size of value must match event_shape: {size} "
                             f"vs {self._event_shape}.")
        expected = minigrad.Size(tuple(self._batch_shape) + tuple(self._event_shape))
        for i, j in zip(reversed(size), reversed(expected)):
            if i != 1 and j != 1 and i != j:
                raise ValueError(f"Value is not broadcastable with batch_shape+event_shape: "
                                 f"{size} vs {expected}.")
        if not _all_true(self.support.check(value)):
            raise ValueError(
                f"Expected value argument ({type(value).__name__} of shape "
                f"{tuple(value.shape)}) to be within the support ({self.support!r}) of the "
                f"distribution {self!r}, but found invalid values:\n{value}")

    def __repr__(self):
        names = [k for k in self.arg_constraints if k in self.__dict__]
        parts = []
        for p in names:
            v = self.__dict__[p]
            parts.append(f"{p}: {v if v.numel() == 1 else v.size()}")
        return f"{type(self).__name__}({', '.join(parts)})"
