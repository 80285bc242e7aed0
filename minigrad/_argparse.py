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
"""
import dis
import operator
import os
import sys

import numpy as np

_HERE = os.path.dirname(os.path.abspath(__file__))
# minigrad classes that stand for torch's C types: Python prints those with their module
_C_TYPES = {"dtype", "Size", "device", "Generator", "finfo", "iinfo", "layout",
            "memory_format"}


def tp_name(x):
    """The name torch's messages give the type of `x` (CPython's tp_name): 'int', 'NoneType',
    'Tensor', 'Parameter', 'numpy.int64', 'torch.dtype'."""
    cls = type(x)
    module = cls.__module__ or ""
    if module == "builtins":
        return cls.__name__
    if module.startswith("minigrad"):    # (minigrad says minigrad where torch says torch)
        return f"minigrad.{cls.__name__}" if cls.__name__ in _C_TYPES else cls.__name__
    if module.startswith("numpy"):
        return f"numpy.{cls.__name__}"
    return cls.__name__


def _tensor_class():
    from ._tensor import Tensor
    return Tensor


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
        from ._dtype import dtype
        return isinstance(x, dtype) or x in (float, int, bool, complex)
    if kind == "str":
        return isinstance(x, str)
    if kind == "torch.device":
        from ._dtype import device
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
        if left > 0:
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


def parse_error(name, signatures, values):
    """Shorthand: the error of a one-off Parser(name, *signatures) for `values`."""
    return Parser(name, *signatures).error(values)


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


# ---- how the user called: which arguments were positional, which keywords ----

def _user_frame():
    frame = sys._getframe(2)
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(_HERE):
        frame = frame.f_back
    return frame


def operator_symbol():
    """The operator the user's line is running ('+', '**=', '<'), or None for a call: torch's
    operators answer NotImplemented, so Python words their errors, not torch's parser."""
    frame = _user_frame()
    if frame is None:
        return None
    try:
        at = frame.f_lasti
        ins = max((i for i in dis.get_instructions(frame.f_code) if i.offset <= at),
                  key=lambda i: i.offset)
    except Exception:
        return None
    if ins.opname.startswith(("BINARY_", "INPLACE_", "COMPARE_OP")):
        return ins.argrepr or "?"
    return None


def called_as_operator():
    return operator_symbol() is not None


_PASS_THROUGH = ("_argparse.py", "_core.py", "_tensor_methods.py", "_tensor_methods_more.py",
                 "_tensor_operators.py")


def called_by_user():
    """Whether the failing op was called by the user (directly or through a Tensor method),
    not by minigrad's own code (which may hand ops NumPy arrays)."""
    frame, ops = sys._getframe(1), 0
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(_HERE):
        if not frame.f_code.co_filename.endswith(_PASS_THROUGH):
            ops += 1
        frame = frame.f_back
    return ops <= 1


def _call_site(frame):
    """(number of arguments, keyword names) of the call the frame is executing, or None."""
    try:
        code, at = frame.f_code, frame.f_lasti
        instrs = [i for i in dis.get_instructions(code) if i.opname != "CACHE"]
        # the frame's last instruction may sit in the CALL's inline cache: take the CALL
        k = max(j for j, i in enumerate(instrs) if i.offset <= at)
        op = instrs[k].opname
        if op in ("CALL", "CALL_FUNCTION", "CALL_METHOD"):
            j = k - 1
            while j >= 0 and instrs[j].opname == "PRECALL":
                j -= 1
            names = code.co_consts[instrs[j].arg] if j >= 0 and \
                instrs[j].opname == "KW_NAMES" else ()
            return instrs[k].arg, tuple(names)
        if op in ("CALL_KW", "CALL_FUNCTION_KW") and instrs[k - 1].opname == "LOAD_CONST":
            return instrs[k].arg, tuple(instrs[k - 1].argval)
    except Exception:       # an unusual frame: fall back to the values alone
        return None
    return None


_REQUIRED = object()


def _default(sigs, name):
    for s in sigs:
        for p in s.params:
            if p.name == name and (p.optional or p.allow_none):
                return {"False": False, "True": True}.get(p.default, p.default or None)
    return _REQUIRED


def _is_default(value, default):
    if value is default or value is None:     # (None is what a parameter not given holds)
        return True
    return isinstance(default, str) and value.__class__ in (int, float) and \
        str(value) == default


def call_shape(values, sigs):
    """(args, kwargs) as the user gave them: read from the calling line when it accounts for
    every value that is not a default, else the values up to the last one that differs from
    its default, all positional."""
    names = list(values)
    frame = _user_frame()
    site = _call_site(frame) if frame is not None else None
    if site is not None:
        n, keywords = site
        npos = n - len(keywords)
        if 0 <= npos <= len(names) and all(k in values for k in keywords):
            given = set(names[:npos]) | set(keywords)
            if all(k in given or _is_default(values[k], _default(sigs, k)) for k in names):
                return ([values[k] for k in names[:npos]],
                        {k: values[k] for k in keywords})
    keyword_only = {p.name for s in sigs for p in s.params if p.keyword_only}
    positional = [k for k in names if k not in keyword_only]
    while positional and _is_default(values[positional[-1]], _default(sigs, positional[-1])):
        positional.pop()
    kwargs = {k: values[k] for k in names if k in keyword_only
              and not _is_default(values[k], _default(sigs, k))}
    return [values[k] for k in positional], kwargs


def via_method():
    """Whether the failing call came in through a Tensor method (`t.sum(...)`, whose
    signatures leave out `input`) rather than the function (`torch.sum(t, ...)`)."""
    frame = sys._getframe(1)
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(_HERE):
        if frame.f_code.co_filename.endswith(("_tensor_methods.py", "_tensor_methods_more.py",
                                              "_tensor.py")):
            return True
        frame = frame.f_back
    return False


def int_list(value, op, name):
    """A `tuple of ints` argument that torch's parser accepted (only its first element is
    checked there), unpacked as torch unpacks it: later elements that are not ints fail with
    `failed to unpack the object at pos N`; a single int stands for a one-element list."""
    items = value if isinstance(value, (tuple, list)) else (value,)
    out = []
    for i, item in enumerate(items):
        if item.__class__ is not int:
            # (the parser refused a bool first element; later ones unpack as ints)
            if not (_is_index(item) or item.__class__ is bool):
                raise TypeError(f"{op}(): argument '{name}' failed to unpack the object at pos "
                                f"{i + 1} with error \"type must be tuple of ints,but got "
                                f"{tp_name(item)}\"")
            item = int(item) if item.__class__ is bool else operator.index(item)
        out.append(item)
    return tuple(out)


def as_dtype(value):
    """A `torch.dtype` argument that torch's parser accepted: Python's float, int, bool and
    complex stand for float64, int64, bool and complex128."""
    from . import _dtype
    return {float: _dtype.float64, int: _dtype.int64, bool: _dtype.bool_}.get(value, value)


def as_int(value):
    """An `int` argument that torch's parser accepted (NumPy integer, integer 0-d tensor)."""
    return value if value.__class__ is int else operator.index(value)


_ARITHMETIC = {
    # the overloads torch prints for the function form and for the method form
    "add": (("(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)",
             "hidden (Tensor input, Number alpha, Tensor other, *, Tensor out = None)"),
            ("(Tensor other, *, Number alpha = 1)", "hidden (Number alpha, Tensor other)")),
    "mul": (("(Tensor input, Tensor other, *, Tensor out = None)",), ("(Tensor other)",)),
    "div": (("(Tensor input, Tensor other, *, Tensor out = None)",
             "(Tensor input, Tensor other, *, str rounding_mode, Tensor out = None)",
             "(Tensor input, Number other, *, str rounding_mode)"),
            ("(Tensor other)", "(Tensor other, *, str rounding_mode)",
             "(Number other, *, str rounding_mode)")),
    "pow": (("(Tensor input, Tensor exponent, *, Tensor out = None)",
             "(Number self, Tensor exponent, *, Tensor out = None)",
             "(Tensor input, Number exponent, *, Tensor out = None)"),
            ("(Tensor exponent)", "(Number exponent)")),
}
_ARITHMETIC["sub"] = _ARITHMETIC["add"]


def arithmetic_error(op, a, b, extra=None):
    """torch's parser error for torch.add(a, b) / a.add(b) and friends (not the operators),
    or None when torch's parser accepts the pair; `extra`: alpha (add, sub) or
    rounding_mode (div), which decide which overloads are plausible."""
    functions, methods = _ARITHMETIC[op]
    second = "exponent" if op == "pow" else "other"
    if via_method():
        parser, values = Parser(op, *methods, numbers_as_tensors=op != "pow"), {second: b}
    else:
        parser = Parser(op, *functions, numbers_as_tensors=op != "pow")
        values = {"input": a, second: b}
    if op in ("add", "sub"):
        values["alpha"] = 1 if extra is None else extra
    elif op == "div" and extra is not None:
        values["rounding_mode"] = extra
    return parser.error(values)


def _function_form(sig):
    # a method's signature as the torch.<op> function's: `input` comes first
    hidden = "hidden " if sig.startswith("hidden ") else ""
    body = sig[len(hidden) + 1:-1]
    return f"{hidden}(Tensor input{', ' + body if body else ''})"


def check_args(op, signatures, x, values, functions=None, numbers_as_tensors=False):
    """Failure path of a method that is also a torch.<op> function: raise torch's parser
    error for the form the user called (`signatures`: the method's; `functions`: the
    function's, by default the method's with `Tensor input` first). Returns when torch's
    parser accepts the call, so the caller can read the values as torch reads them."""
    if via_method():
        parser = Parser(op, *signatures, numbers_as_tensors=numbers_as_tensors)
    else:
        parser = Parser(op, *(functions or [_function_form(s) for s in signatures]),
                        numbers_as_tensors=numbers_as_tensors)
        values = {"input": x, **values}
    err = parser.error(values)
    if err is not None:
        raise err
