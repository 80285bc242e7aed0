"""Random numbers: one global generator (reseeded by manual_seed) and the random factories."""
import numpy as np

from . import _dtype
from ._creation import _factory, _finish, _like, _np, allocate
from ._ops._core import size_arg as _size


class Generator:
    """The random source behind rand/randn/randint and nn.init (NumPy's PCG64)."""

    def __init__(self, device="cpu"):
        self._seed = 67280421310721
        self._rng = np.random.default_rng(self._seed)

    def manual_seed(self, seed):
        """Reseed: any integer that fits 64 bits, a negative one read as its unsigned
        two's complement (torch's rule: -5 is 2**64 - 5)."""
        seed = int(seed)
        if -2 ** 63 <= seed < 0:
            seed += 2 ** 64
        elif not 0 <= seed < 2 ** 64:
            raise ValueError("Overflow when unpacking long long")
        self._seed = seed
        self._rng = np.random.default_rng(self._seed)
        return self

    def initial_seed(self):
        return self._seed


default_generator = Generator()


def manual_seed(seed):
    """Seed minigrad's generator (values differ from torch's: different algorithms)."""
    return default_generator.manual_seed(seed)


def initial_seed():
    return default_generator.initial_seed()


def seed():
    s = int(np.random.SeedSequence().entropy % (2 ** 63))
    default_generator.manual_seed(s)
    return s


def _rng(generator):
    return (generator or default_generator)._rng


_SCALAR_NAMES = {"int64": "Long", "int32": "Int", "int16": "Short", "int8": "Char",
                 "uint8": "Byte", "bool": "Bool"}


def _floating(draw, shape, np_dtype, kernel):
    """Samples of a floating dtype; torch's kernels have no integer or bool version (checked
    once the output is allocated, as torch does)."""
    if np_dtype.kind != "f":
        np.empty(shape, np_dtype)       # (an allocation that fails comes first, as in torch)
        raise NotImplementedError(f'"{kernel}" not implemented for '
                                  f"'{_SCALAR_NAMES.get(np_dtype.name, np_dtype.name)}'")
    return draw(shape).astype(np_dtype)


def _raise_parser_error(name, args, **keywords):
    """Raise torch's parser error for a random factory's arguments, if its parser refuses
    them (keywords left at their defaults are not passed)."""
    from ._compat._argparse import Parser
    from ._compat._argparse_signatures import FUNCTIONS
    given = {k: v for k, v in keywords.items() if v is not None}
    err = Parser(name, *FUNCTIONS[name]).error(None, list(args), given)
    if err is not None:
        raise err


@_factory
def rand(*size, generator=None, dtype=None, requires_grad=False, device=None):
    try:
        shape, np_dtype = _size(size, "rand"), _np(dtype, op="rand")
    except TypeError:
        _raise_parser_error("rand", size, generator=generator, dtype=dtype)
        raise
    arr = allocate(lambda: _floating(_rng(generator).random, shape, np_dtype,
                                     "check_uniform_bounds"), shape, np_dtype)
    return _finish(arr, requires_grad)


@_factory
def randn(*size, generator=None, dtype=None, requires_grad=False, device=None):
    try:
        shape, np_dtype = _size(size, "randn"), _np(dtype, op="randn")
    except TypeError:
        _raise_parser_error("randn", size, generator=generator, dtype=dtype)
        raise
    arr = allocate(lambda: _floating(_rng(generator).standard_normal, shape, np_dtype,
                                     "normal_kernel_cpu"), shape, np_dtype)
    return _finish(arr, requires_grad)


@_factory
def randint(low, high=None, size=None, *, generator=None, dtype=None, requires_grad=False,
            device=None):
    if low.__class__ is not int or high.__class__ not in (int, tuple, list, type(None)) or \
            size.__class__ not in (tuple, list, type(None)) or \
            (high.__class__ in (tuple, list) and size is not None) or \
            not (dtype is None or isinstance(dtype, _dtype.dtype)):
        _raise_parser_error("randint", _as_given(low, high, size), generator=generator,
                            dtype=dtype)
    given = (low, high, size)
    if size is None and isinstance(high, (tuple, list)):     # randint(high, size)
        high, size = None, high
    if high is None:
        low, high = 0, low
    if size is None:
        raise TypeError("randint() missing 1 required positional arguments: \"size\"")
    try:
        shape = _size((size,), "randint")
    except TypeError:
        _raise_parser_error("randint", _as_given(*given), generator=generator, dtype=dtype)
        raise
    if not (-2 ** 63 <= low < 2 ** 63 and -2 ** 63 <= high < 2 ** 63):
        raise ValueError("Overflow when unpacking long long")
    if low >= high:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={low} "
                           f">= to={high}")
    np_dtype = np.dtype(_np(dtype, _dtype.int64, op="randint"))
    if np_dtype.kind in "biu" or np_dtype == np.float16:     # the bounds must fit the dtype
        info = np.iinfo(np_dtype) if np_dtype.kind in "iu" else \
            np.finfo(np_dtype) if np_dtype.kind == "f" else None
        lo, hi = (0, 1) if info is None else (float(info.min), float(info.max))
        for what, v in (("from", low), ("to - 1", high - 1)):
            if not lo <= v <= hi:
                raise RuntimeError(f"{what} is out of bounds for {_C_TYPE_NAMES[np_dtype.name]}")
    arr = _rng(generator).integers(low, high, size=shape)
    return _finish(arr.astype(np_dtype), requires_grad)


# how torch's range check names a dtype (its C++ type)
_C_TYPE_NAMES = {"bool": "bool", "uint8": "unsigned char", "int8": "signed char",
                 "int16": "short int", "int32": "int", "int64": "long int",
                 "float16": "c10::Half"}


def _as_given(*args):
    """randint's positional arguments as the user gave them (trailing defaults dropped)."""
    args = list(args)
    while args and args[-1] is None:
        args.pop()
    return args


rand_like = _like(rand, "rand_like")


randn_like = _like(randn, "randn_like")


def randint_like(t, low, high=None, *, dtype=None, requires_grad=False):
    """Random integers in [low, high) (or [0, low)) shaped like t; a lone bound may be a 0-d
    tensor, as in torch."""
    if high is None and hasattr(low, "_data"):
        if low._data.ndim:
            raise RuntimeError("high must be a scalar tensor and on CPU")
        low = int(low._data)
    return randint(low, high, t._data.shape, dtype=dtype or t.dtype)
