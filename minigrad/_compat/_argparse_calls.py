"""The parser's helpers for the ops' failure paths: unpacking arguments that torch's parser
accepted, and raising its error for the form (method or function) the user called."""
import operator
import re

from ._argparse import Parser, _is_index, tp_name
from ._call_site import via_method


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
    from .. import _dtype
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
             "(Tensor input, Tensor other, *, str? rounding_mode, Tensor out = None)",
             "(Tensor input, Number other, *, str? rounding_mode)"),
            ("(Tensor other)", "(Tensor other, *, str? rounding_mode)",
             "(Number other, *, str? rounding_mode)")),
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
    elif op == "div":
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


_TAKES = re.compile(r"takes (from (\d+) to (\d+)|(\d+)) positional arguments? but (\d+) (was|were) "
                    r"given")
_MISSING = re.compile(r"missing (\d+) required (?:positional|keyword-only) arguments?: (.*)$")


def _python_wording(name, text, method):
    """Python's binding message as torch's parser words it for a single overload: the bare
    name, counts without `self`, missing names in double quotes."""
    text = re.sub(r"^[\w.]+\(\)", f"{name}()", text)
    shift = 1 if method else 0
    takes = _TAKES.search(text)
    if takes:
        given = int(takes.group(5)) - shift
        if takes.group(2):
            low, high = int(takes.group(2)) - shift, int(takes.group(3)) - shift
            counts = f"from {low} to {high} positional arguments"
        else:
            high = int(takes.group(4)) - shift
            counts = f"{high} positional argument{'' if high == 1 else 's'}"
        text = (text[:takes.start()] + f"takes {counts} but {given} "
                f"{'was' if given == 1 else 'were'} given")
    missing = _MISSING.search(text)
    if missing:
        names = re.findall(r"'(\w+)'", missing.group(2))
        if not method and names and len(names) == 1 and names[0] == "x":
            names = ["input"]           # (minigrad's name for torch's `input`)
        # (torch's plural is the wrong way round: "1 ... arguments")
        text = (text[:missing.start()] + f"missing {len(names)} required positional argument"
                f"{'s' if len(names) == 1 else ''}: " + ", ".join(f'"{n}"' for n in names))
    return text


def binding_error(name, exc, args, kwargs, method=False):
    """torch's TypeError for a call whose arguments Python refused to bind (`exc`): the
    parser's message from the overloads torch prints for `name` when it has several, else
    Python's message in torch's words. `args` include `self` for a method."""
    from ._argparse_signatures import FUNCTIONS, METHODS
    if method:
        args = args[1:]
    signatures = (METHODS if method else FUNCTIONS).get(name)
    if signatures:
        err = Parser(name, *signatures).error(None, list(args), dict(kwargs))
        if err is not None:
            return err
    return TypeError(_python_wording(name, str(exc), method))


def is_binding_error(exc):
    """Whether `exc`, caught by the wrapper that made the call, was raised by Python while
    binding the arguments (the called function never started)."""
    return isinstance(exc, TypeError) and exc.__traceback__ is not None and \
        exc.__traceback__.tb_next is None


def check_keepdim_needs_dim(name, args, kwargs, method=False):
    """torch's overloads with `keepdim` all take `dim` first, so `x.sum(keepdim=True)`
    fits none of them (while `x.sum(dim=None, keepdim=True)` fits): raise the parser's
    error for a call that gives keepdim and no dim. `args` include `self` for a method."""
    from ._argparse_signatures import FUNCTIONS, METHODS
    if method:
        args = args[1:]
    signatures = (METHODS if method else FUNCTIONS).get(name)
    if signatures and len(args) <= (0 if method else 1):
        err = Parser(name, *signatures).error(None, list(args), dict(kwargs))
        if err is not None:
            raise err


def with_binding_errors(fn, name=None):
    """`fn` whose arguments, when Python cannot bind them, raise torch's parser error (for
    factories: torch.ones(2, foo=1)); used under the device wrapper of the factories."""
    name = name or fn.__name__

    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except TypeError as exc:
            if not is_binding_error(exc):
                raise
            raise binding_error(name, exc, args, kwargs) from None
    call.__name__, call.__qualname__, call.__doc__ = fn.__name__, fn.__qualname__, fn.__doc__
    call.__module__, call.__wrapped__ = fn.__module__, fn
    return call
