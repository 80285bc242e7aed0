"""Normal(loc, scale): the Gaussian distribution (torch.distributions.Normal)."""

import math
import numbers

import minigrad

import minigrad.distributions.constraints as constraints
from .distribution import Distribution, broadcast_all

__all__ = ["Normal"]


class _Erf(minigrad.autograd.Function):
    """erf(x), elementwise; d/dx = 2 / sqrt(pi) exp(-x^2)."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        flat = [math.erf(v) for v in x.detach().reshape(-1).tolist()]
        return minigrad.tensor(flat, dtype=x.dtype).reshape(x.shape)

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        return grad * (2 / math.sqrt(math.pi)) * (-x * x).exp()


class Normal(Distribution):
    """Normal distribution with mean ``loc`` and standard deviation ``scale`` (numbers or
    tensors, broadcast together). ``rsample`` is reparameterized (``loc + eps * scale``,
    eps from minigrad's generator), so gradients reach loc and scale."""

    arg_constraints = {"loc": constraints.real, "scale": constraints.positive}
    support = constraints.real
    has_rsample = True

    def __init__(self, loc, scale, validate_args=None):
        self.loc, self.scale = broadcast_all(loc, scale)
        if isinstance(loc, numbers.Number) and isinstance(scale, numbers.Number):
            batch_shape = ()
        else:
            batch_shape = self.loc.size()
        super().__init__(batch_shape, validate_args=validate_args)

    @property
    def mean(self):
        """loc."""
        return self.loc

    @property
    def mode(self):
        """loc."""
        return self.loc

    @property
    def stddev(self):
        """scale."""
        return self.scale

    @property
    def variance(self):
        """scale squared."""
        return self.stddev.pow(2)

    def rsample(self, sample_shape=()):
        """loc + eps * scale with eps ~ N(0, 1) of shape sample_shape + batch_shape."""
        shape = self._extended_shape(sample_shape)
        eps = minigrad.randn(shape, dtype=self.loc.dtype)
        return self.loc + eps * self.scale

    def sample(self, sample_shape=()):
        """A draw without gradient, of shape sample_shape + batch_shape."""
        with minigrad.no_grad():
            return self.rsample(sample_shape)

    def log_prob(self, value):
        """log density at value: -(value - loc)^2 / (2 scale^2) - log scale - log sqrt(2 pi)."""
        if self._validate_args:
            self._validate_sample(value)
        var = self.scale ** 2
        return (-((value - self.loc) ** 2) / (2 * var) - self.scale.log()
                - math.log(math.sqrt(2 * math.pi)))

    def cdf(self, value):
        """P(X <= value)."""
        if self._validate_args:
            self._validate_sample(value)
        z = (value - self.loc) * self.scale.reciprocal() / math.sqrt(2)
        return 0.5 * (1 + _Erf.apply(z))

    def entropy(self):
        """0.5 + 0.5 log(2 pi) + log scale."""
        return 0.5 + 0.5 * math.log(2 * math.pi) + minigrad.log(self.scale)
