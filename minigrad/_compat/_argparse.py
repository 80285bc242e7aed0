"""torch's Python argument parser, in miniature, for the FAILURE path only.

torch binds the arguments of `torch.sum(...)`, `t.view(...)`, `F.linear(...)` in C++: each
function has one or more signatures ("overloads"), and a call that fits none of them raises a
TypeError whose wording depends on how the call failed:

* one signature: the first argument that does not fit names itself,
  `exp(): argument 'input' (position 1) must be Tensor, not int` (no position for a keyword);
* several: if exactly one of them accepts that many arguments, its message as above; else
  `sum() received an invalid combination of arguments - got (...), but expected one of:`
  with every signature, and under those taking exactly as many arguments as given,
  `didn't match because some of the arguments have invalid types: (int, !str!)`.

minigrad's public functions keep a cheap class test on the success path and build a `Parser`
error only when that test fails, so a learner sees the words torch prints:

    if x.__class__ is not Tensor and not isinstance(x, Tensor):
        raise EXP.error({"input": x})

Signatures are written as torch prints them, plus two marks it does not print: `?` after a
type (None is accepted although there is no default) and `[n]` after `tuple of ints` (a single
int is accepted too). A signature starting with `hidden ` is tried but never printed.
How the call was written (positional or keyword, method or function) is read from the
user's line on the failure path: see _argparse_calls.py.
"""
import operator

import numpy as np

from .. import _dtype
from ._call_site import call_shape

# minigrad classes that stand for torch's C types: Python prints those with their module
_C_TYPES = {"dtype", "Size", "device", "Generator", "finfo", "iinfo", "layout", "memory_format"}


def tp_name(x):
    """The name torch's messages give the type of `x` (CPython's tp_name): 'int', 'NoneType',
    'Tensor', 'Parameter', 'numpy.int64', 'torch.dtype'."""
    cls = type(x)
    module = cls.__module__ or ""
    if cls is type and _registered and issubclass(x, _tensor_class()):   # (their metaclasses)
        return "_ParameterMeta" if any(c.__module__ == "minigrad.nn.parameter"
                                       for c in x.__mro__) else "minigrad._C._TensorMeta"
    if module == "builtins":
        return cls.__name__
    if module.startswith("minigrad"):    # (minigrad says minigrad where torch says torch)
        return f"minigrad.{cls.__name__}" if cls.__name__ in _C_TYPES else cls.__name__
    if module.startswith("numpy"):
        return f"numpy.{cls.__name__}"
    return cls.__name__


_dtype.type_name[0] = tp_name      # (dtype_arg's messages, below the parser, use it too)
_registered = []     # [Tensor], registered by _tensor.py (which sits above the parser)
register_tensor_class = _registered.append


def _tensor_class():
    return _registered[0]


# ---- what each parameter type accepts (torch's FunctionParameter::check) ----

def is_long(x):
    """An int for torch's parser: Python and NumPy integers, never a bool."""
    return (isinstance(x, int) and x.__class__ is not bool) or isinstance(x, np.integer)


def is_double(x):
    return isinstance(x, (float, int, np.integer, np.floating, np.bool_, np.complexfloating))


def is_scalar(x):
    # Python numbers and NumPy scalars (what torch reads as a number in place of a Tensor)
    return isinstance(x, (bool, int, float, complex, np.number, np.bool_))


def _zero_dim(x, integral=False):
    T = _tensor_class()
    if not isinstance(x, T) or x.requires_grad or x._data.ndim != 0:
        return False
    return not integral or x._data.dtype.kind in "iu"


def _is_index(x):
    if x.__class__ is bool:
        return False
    if is_long(x):
        return True
    try:
        operator.index(x)
    except Exception:
        return False
    return True


def _int_list(x, size):
    """(accepted, index of the element that failed or -1): only the first element is looked
    at here; the others fail later, when the list is unpacked (see `int_list`)."""
    if isinstance(x, (tuple, list)):
        if not x or _is_index(x[0]):
            return True, -1
        return False, 0
    return size > 0 and _is_index(x), -1


def _check(param, x, argnum, numbers_as_tensors):
    kind = param.kind
    if kind == "Tensor":
        return isinstance(x, _tensor_class()) or (numbers_as_tensors and is_scalar(x))
    if kind in ("Number", "complex", "float"):
        if kind == "Number" and is_scalar(x):
            return True
        if kind != "float" and isinstance(x, complex):
            return True
        return is_double(x) or _zero_dim(x)
    if kind == "int":
        return is_long(x) or _zero_dim(x, integral=True)
    if kind == "bool":
        return x.__class__ is bool
    if kind == "tuple of ints":
        return _int_list(x, param.size)
    if kind == "tuple of Tensors":
        if not isinstance(x, (tuple, list)):
            return False
        T = _tensor_class()
        for i, item in enumerate(x):
            if not isinstance(item, T):          # torch raises here, whatever the overload
                raise TypeError(f"expected Tensor as element {i} in argument {argnum}, but "
                                f"got {tp_name(item)}")
        return True
    if kind == "tuple of floats":
        return isinstance(x, (tuple, list)) and (not x or is_double(x[0])
                                                 or isinstance(x[0], complex))
    if kind == "torch.dtype":
        from .._dtype import dtype
        return isinstance(x, dtype) or any(x is t for t in (float, int, bool, complex))
    if kind == "str":
        return isinstance(x, str)
    if kind == "torch.device":
        from .._dtype import device
        return is_long(x) or isinstance(x, (str, device))
    if kind == "object":
        return True
    return tp_name(x) == param.shown            # torch.Generator, torch.layout, ...


# ---- signatures ----

_NUMPY_NAMES = {"dim": ("axis",), "keepdim": ("keepdims",), "input": ("x", "a", "x1"),
                "other": ("x2",)}


class Param:
    __slots__ = ("kind", "shown", "name", "default", "optional", "allow_none", "keyword_only",
                 "size")

    def __init__(self, text, keyword_only):
        decl, eq, default = text.partition(" = ")
        kind, _, self.name = decl.rpartition(" ")
        self.allow_none = kind.endswith("?") or default == "None"
        kind = kind.rstrip("?")
        self.size = 0
        if kind.endswith("]"):
            kind, _, n = kind[:-1].partition("[")
            self.size = int(n)
        self.kind, self.default, self.optional = kind, default, bool(eq)
        self.shown = kind.replace("torch.", "minigrad.")     # what minigrad prints
        self.keyword_only = keyword_only

    def printed(self):
        return f"{self.shown} {self.name}" + (f" = {self.default}" if self.optional else "")


class Signature:
    """One overload: `(Tensor input, int dim, *, Tensor out = None)` as torch prints it."""

    def __init__(self, name, text, numbers_as_tensors=False):
        self.hidden = text.startswith("hidden ")
        text = text[len("hidden "):] if self.hidden else text
        self.name, self.numbers_as_tensors = name, numbers_as_tensors
        self.params = []
        keyword_only = False
        for piece in filter(None, text.strip()[1:-1].split(", ")):
            if piece == "*":
                keyword_only = True
            else:
                self.params.append(Param(piece, keyword_only))
        self.max_args = len(self.params)
        self.min_args = sum(not p.optional for p in self.params)
        self.max_pos = sum(not p.keyword_only for p in self.params)
        self.varargs_list = self.max_pos == 1 and self.params[0].kind == "tuple of ints"

    def printed(self):
        parts, star = [], False
        for p in self.params:
            if p.keyword_only and not star:
                parts.append("*")
                star = True
            parts.append(p.printed())
        return f"({', '.join(parts)})"

    def _too_many(self, nargs):
        if self.min_args != self.max_pos:
            return TypeError(f"{self.name}() takes from {self.min_args} to {self.max_pos} "
                             f"positional arguments but {nargs} were given")
        return TypeError(f"{self.name}() takes {self.max_pos} positional argument"
                         f"{'' if self.max_pos == 1 else 's'} but {nargs} "
                         f"{'was' if nargs == 1 else 'were'} given")

    def parse(self, args, kwargs, raise_):
        """True when the call fits; False, or torch's TypeError raised when `raise_`."""
        nargs, pos, left = len(args), 0, len(kwargs)
        if nargs > self.max_pos and not self.varargs_list:
            if raise_:
                raise self._too_many(nargs)
            return False
        for i, p in enumerate(self.params):
            keyword, x = False, None
            if pos < nargs:
                if p.keyword_only:
                    if raise_:
                        raise self._too_many(nargs)
                    return False
                x = args[pos]
            else:
                keyword = True
                for key in (p.name,) + _NUMPY_NAMES.get(p.name, ()):
                    if key in kwargs:
                        x = kwargs[key]
                        left -= 1
                        break
                else:
                    if p.optional:
                        continue
                    if raise_:
                        missing = [f'"{q.name}"' for q in self.params[i:] if not q.optional]
                        # (torch's plural is the wrong way round: "1 ... arguments")
                        raise TypeError(f"{self.name}() missing {len(missing)} required "
                                        f"positional argument{'s' if len(missing) == 1 else ''}"
                                        f": {', '.join(missing)}")
                    return False
            if x is None and p.allow_none:
                pass
            else:
                ok = _check(p, x, i, self.numbers_as_tensors)
                failed = -1
                if isinstance(ok, tuple):
                    ok, failed = ok
                if not ok and self.varargs_list and pos == 0 and not keyword:
                    # sizes given as separate ints: permute(1, 0) is permute((1, 0))
                    if _int_list(list(args), 0)[0]:
                        pos = nargs
                        continue
                    if nargs > 1:
                        if raise_:
                            raise self._too_many(nargs)
                        return False
                if not ok:
                    if not raise_:
                        return False
                    if keyword:
                        raise TypeError(f"{self.name}(): argument '{p.name}' must be "
                                        f"{p.shown}, not {tp_name(x)}")
                    where = f"{self.name}(): argument '{p.name}' (position {pos + 1})"
                    if failed != -1:
                        raise TypeError(f"{where} must be {p.shown}, but found element of type "
                                        f"{tp_name(x[failed])} at pos {failed}")
                    raise TypeError(f"{where} must be {p.shown}, not {tp_name(x)}")
            if not keyword:
                pos += 1
        if pos < nargs and raise_:      # (sizes as one sequence, then more: `permute((0, 1), 2)`)
            raise self._too_many(nargs)
        if left > 0 or pos < nargs:
            if raise_:
                names = [p.name for p in self.params]
                for key in kwargs:
                    if key not in names:
                        raise TypeError(f"{self.name}() got an unexpected keyword argument "
                                        f"'{key}'")
                    if names.index(key) < nargs:
                        raise TypeError(f"{self.name}() got multiple values for argument "
                                        f"'{key}'")
                raise TypeError("invalid keyword arguments")
            return False
        return True


class Parser:
    """The overloads of one function, e.g. Parser("sum", "(Tensor input, ...)", ...)."""

    def __init__(self, name, *signatures, numbers_as_tensors=False):
        self.name = name
        self.signatures = [Signature(name, s, numbers_as_tensors) for s in signatures]

    def error(self, values, args=None, kwargs=None):
        """torch's TypeError for this call, or None when torch's parser would accept it.
        `values`: every parameter as received, {name: value} in positional order;
        how the user passed them (positionally or by keyword) is read from the call site."""
        if args is None:
            args, kwargs = call_shape(values, self.signatures)
        try:
            if len(self.signatures) == 1:
                self.signatures[0].parse(args, kwargs, True)
                return None
            for sig in self.signatures:
                if sig.parse(args, kwargs, False):
                    return None
            n = len(args) + len(kwargs)
            plausible = [s for s in self.signatures
                         if s.min_args <= n <= s.max_args and not s.hidden]
            if len(plausible) == 1:
                plausible[0].parse(args, kwargs, True)
        except TypeError as exc:
            return exc
        shown = [s.printed() for s in self.signatures if not s.hidden]
        return TypeError(invalid_arguments(f"{self.name}()", args, kwargs, shown))


# ---- torch's "received an invalid combination of arguments" text ----

def _option(printed):
    # torch re-reads each printed signature by splitting on ", " and on the last space, so
    # "*" and "bool keepdim = False" become (odd) entries of their own; "()" has one entry
    out = []
    for arg in printed[1:-1].split(", "):
        cut = arg.rfind(" ")
        out.append((arg[:cut] if cut >= 0 else arg, arg[cut + 1:]))
    return out


def _matches(kind, x):
    name = tp_name(x)
    if kind == "float":
        return name in ("float", "int", "long")
    if kind == "int":
        return name in ("int", "long")
    return name == kind


def _desc(x):
    if isinstance(x, tuple):
        items = ", ".join(tp_name(i) for i in x)
        return f"tuple of ({items}{',' if len(x) == 1 else ''})"
    if isinstance(x, list):
        return f"list of [{', '.join(tp_name(i) for i in x)}]"
    return tp_name(x)


def _plain(args, kwargs):
    text = "".join(f"{tp_name(a)}, " for a in args)
    text += "".join(f"{k}={tp_name(v)}, " for k, v in kwargs.items())
    return f"({text[:-2] if args else text})"


def _marked(option, args, kwargs):
    text = ""
    for i in range(len(args) + len(kwargs)):
        is_kw = i >= len(args)
        x = kwargs.get(option[i][1]) if is_kw else args[i]
        ok = i < len(option) and _matches(option[i][0], x)
        body = (f"{option[i][1]}=" if is_kw else "") + _desc(x)
        text += (body if ok else f"!{body}!") + ", "
    return f"({text[:-2] if args else text})"


def _unknown_keywords(option, kwargs):
    start = max(len(option) - len(kwargs), 0)
    names = [n for _, n in option[start:]]
    return [k for k in kwargs if k not in names]


def invalid_arguments(fname, args, kwargs, options):
    """The message torch builds when no overload fits (its invalid_arguments.cpp)."""
    # torch keeps keyword arguments in a hash map; with a handful of names its iteration
    # order is the reverse of the call's
    kwargs = dict(reversed(list(kwargs.items())))
    head = f"{fname} received an invalid combination of arguments - "
    if len(options) == 1:
        option = _option(options[0])
        unknown = _unknown_keywords(option, kwargs) if kwargs else []
        if unknown:
            return head + "got unrecognized keyword arguments: " + ", ".join(unknown)
        got = _marked(option, args, kwargs) if len(option) == len(args) + len(kwargs) \
            else _plain(args, kwargs)
        return head + f"got {got}, but expected {options[0]}"
    lines = [head + f"got {_plain(args, kwargs)}, but expected one of:"]
    for printed in options:
        option = _option(printed)
        lines.append(f" * {printed}")
        if len(option) == len(args) + len(kwargs):
            unknown = _unknown_keywords(option, kwargs) if kwargs else []
            if unknown:
                lines.append("      didn't match because some of the keywords were incorrect: "
                             + ", ".join(unknown))
            else:
                lines.append("      didn't match because some of the arguments have invalid "
                             f"types: {_marked(option, args, kwargs)}")
    return "\n".join(lines) + "\n"
