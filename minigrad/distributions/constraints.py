"""The constraints a distribution checks its parameters and values against
(torch.distributions.constraints), with torch's reprs: ``check(value)`` is a bool tensor."""

__all__ = ["Constraint", "real", "real_vector", "positive", "simplex", "integer_interval",
           "greater_than"]


class Constraint:
    """A region of valid values; ``check`` says, element by element, whether a value is in."""

    event_dim = 0

    def check(self, value):
        raise NotImplementedError

    def __repr__(self):
        return type(self).__name__[1:] + "()"


class _Real(Constraint):
    def check(self, value):
        return value == value          # False only for NaN


class _IndependentReal(Constraint):
    event_dim = 1

    def check(self, value):
        return (value == value).all(-1)

    def __repr__(self):
        return "IndependentConstraint(Real(), 1)"


class _GreaterThan(Constraint):
    def __init__(self, lower_bound):
        self.lower_bound = lower_bound

    def check(self, value):
        return self.lower_bound < value

    def __repr__(self):
        return f"GreaterThan(lower_bound={self.lower_bound})"


class _Simplex(Constraint):
    event_dim = 1

    def check(self, value):
        return (value >= 0).all(-1) & ((value.sum(-1) - 1).abs() < 1e-6)


class _IntegerInterval(Constraint):
    def __init__(self, lower_bound, upper_bound):
        self.lower_bound, self.upper_bound = lower_bound, upper_bound

    def check(self, value):
        return ((value % 1 == 0) & (self.lower_bound <= value)
                & (value <= self.upper_bound))

    def __repr__(self):
        return (f"IntegerInterval(lower_bound={self.lower_bound}, "
                f"upper_bound={self.upper_bound})")


real = _Real()
real_vector = _IndependentReal()
positive = _GreaterThan(0.0)
simplex = _Simplex()
integer_interval = _IntegerInterval
greater_than = _GreaterThan
