"""The parser's helpers for the ops' failure paths: unpacking arguments that torch's parser
accepted, and raising its error for the form (method or function) the user called."""
import dis
import functools
import operator
import re

from ._argparse import Parser, _is_index, tp_name
from ._call_site import user_frame, via_method


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
        if op in ("add_", "sub_") and len(signatures) == 1:     # (their deprecated overload)
            signatures = (*signatures, "hidden (Number alpha, Tensor other)")
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


def no_arguments(name, args, kwargs):
    """torch's TypeError for arguments given to a Tensor method that torch binds in C with
    none (`x.exp(1)`): CPython's words for such a method of `torch._C.TensorBase`, which
    looks at keywords first. Raised by the methods themselves: a wrapper translating
    Python's own binding error would cost every call."""
    # (CPython names the class of the method descriptor, TensorBase, for `x.exp(1)`, and
    # the tensor's own class for a call that unpacks its arguments, `x.exp(*xs)`)
    frame = user_frame()
    owner = "Tensor" if frame is not None and _unpacking_call(frame) else "TensorBase"
    if kwargs:
        return TypeError(f"{owner}.{name}() takes no keyword arguments")
    return TypeError(f"{owner}.{name}() takes no arguments ({len(args)} given)")


def _unpacking_call(frame):
    """Whether `frame` is executing a call with *args or **kwargs (CALL_FUNCTION_EX)."""
    try:
        return frame.f_code.co_code[frame.f_lasti] == dis.opmap["CALL_FUNCTION_EX"]
    except (IndexError, KeyError):
        return False


def binding_error(name, exc, args, kwargs, method=False, fn=None):
    """torch's TypeError for a call whose arguments Python refused to bind (`exc`): the
    parser's message from the overloads torch prints for `name` when it has several, else
    the parser's message for `fn`'s own signature (torch checks the count of positional
    arguments, then the missing ones, then the keywords, where Python starts with the
    keywords), else Python's message in torch's words. `args` include `self` for a method."""
    signatures = torch_signatures(name, method)
    if not method and fn is not None and not _has_parameters(fn):
        # (C functions of the torch module without any: CPython's words)
        return TypeError(f"torch.{name}() takes no keyword arguments" if kwargs else
                         f"torch.{name}() takes no arguments ({len(args)} given)")
    if method and not signatures and fn is not None and \
            getattr(fn, "__code__", None) is not None and \
            fn.__code__.co_argcount == 1 and not _has_parameters_beyond_self(fn):
        # (torch's overloads of round() and the like are in METHODS)
        return no_arguments(name, args[1:], kwargs)
    if name == "from_numpy":            # (a C function taking exactly one argument)
        where = "torch._VariableFunctionsClass.from_numpy()"
        return TypeError(f"{where} takes no keyword arguments" if kwargs else
                         f"{where} takes exactly one argument ({len(args)} given)")
    if method and name in _PYTHON_METHODS:
        return TypeError(re.sub(r"^[\w.]+\(\)", f"Tensor.{name}()", str(exc)))
    if method:
        args = args[1:]
    if not signatures and fn is not None:
        signatures = _signature_of(fn, method, name)
    if signatures:
        err = Parser(name, *signatures, numbers_as_tensors=name.rstrip("_") in _NUMBERS_AS_TENSORS
                     ).error(None, list(args), dict(kwargs))
        if err is not None:
            return err
    return TypeError(_python_wording(name, str(exc), method))


def alias_error(name, alias, exc, args, kwargs, method=False):
    """`exc`, a parser error that the op `name` raised, as torch raises it for the alias the
    user called (`torch.negative`, `torch.multiply`): the alias's own overloads when it has
    some, else its name; `exc` itself when it is not about the arguments of `name`."""
    text = str(exc)
    if not alias or alias == name or not text.startswith(f"{name}()"):
        return exc
    signatures = torch_signatures(alias, method)
    if signatures and len(signatures) > 1 and signatures != torch_signatures(name, method):
        err = Parser(alias, *signatures, numbers_as_tensors=alias in _NUMBERS_AS_TENSORS
                     ).error(None, list(args), dict(kwargs))
        if err is not None:
            return err
    return TypeError(f"{alias}(){text[len(name) + 2:]}")


def torch_signatures(name, method):
    """torch's overloads of `name`, the method's or the function's, or None if unknown."""
    from . import _argparse_signatures as several
    from . import _argparse_single as single
    if method:
        return several.METHODS.get(name) or single.METHODS.get(name)
    return several.FUNCTIONS.get(name) or single.FUNCTIONS.get(name)


# the functions whose Tensor parameters torch's parser lets a Python number stand for
_NUMBERS_AS_TENSORS = {"add", "sub", "subtract", "mul", "multiply", "div", "divide",
                       "true_divide", "floor_divide", "copy", "to"}

# the Tensor methods torch defines in Python (torch/_tensor.py): Python words their errors
_PYTHON_METHODS = {"backward", "norm", "register_hook", "register_post_accumulate_grad_hook",
                   "split"}
# minigrad's parameter names for torch's
_TORCH_NAMES = {"x": "input", "a": "input", "b": "other"}
_RENAMED = {"swapaxes": {"a": "axis0", "b": "axis1"}, "dot": {"b": "tensor"}}


def _has_parameters(fn):
    code = getattr(fn, "__code__", None)
    return code is None or code.co_argcount or code.co_kwonlyargcount or code.co_flags & 0xC


def _has_parameters_beyond_self(fn):
    code = fn.__code__
    return code.co_argcount > 1 or code.co_kwonlyargcount or code.co_flags & 0xC


def _signature_of(fn, method, op):
    """`fn`'s parameters as a one-overload signature of torch's parser, or None when it
    takes *args or **kwargs. Types are unknown here, except that a function's first
    parameter is the input tensor; the rest accept anything."""
    import inspect
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None
    if method:
        params = params[1:]
    pieces, star = [], False
    for i, p in enumerate(params):
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            return None
        if p.kind is p.KEYWORD_ONLY and not star:
            pieces.append("*")
            star = True
        name = p.name if method else _RENAMED.get(op, {}).get(p.name) or \
            (_TORCH_NAMES.get(p.name, p.name) if i < 2 else p.name)
        kind = "Tensor" if not method and i == 0 and name == "input" else "object"
        default = "" if p.default is p.empty else " = None"
        pieces.append(f"{kind} {name}{default}")
    return (f"({', '.join(pieces)})",)


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


def with_binding_errors(fn, name=None, method=False):
    """`fn` whose arguments, when Python cannot bind them, raise torch's parser error (for
    factories: torch.ones(2, foo=1), under their device wrapper; and for the Tensor methods
    not on hot paths, `method`: `fn`'s first argument is `self`)."""
    name = name or fn.__name__

    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except TypeError as exc:
            if not is_binding_error(exc):
                raise
            raise binding_error(name, exc, args, kwargs, method, fn) from None
    call.__name__, call.__qualname__, call.__doc__ = fn.__name__, fn.__qualname__, fn.__doc__
    call.__module__, call.__wrapped__ = fn.__module__, fn
    return call


# module-level functions that torch binds in C and minigrad writes as plain functions (the
# others have a wrapper already: out=, axis=, the factories' device=)
_PLAIN_C_FUNCTIONS = (
    "allclose", "bitwise_and", "bitwise_or", "bitwise_xor", "bmm", "ceil", "clone", "cos",
    "dot", "equal", "fill_", "flatten", "flip", "floor", "floor_divide", "from_numpy",
    "get_default_dtype",
    "is_anomaly_check_nan_enabled", "is_anomaly_enabled", "is_grad_enabled", "is_inference",
    "is_inference_mode_enabled", "isnan", "logical_and", "logical_not", "logical_or", "mv",
    "numel", "permute", "randint_like", "reciprocal", "relu", "relu_", "remainder", "reshape",
    "round", "sign", "sin", "square", "swapaxes", "t", "transpose", "where", "zero_")


def install_binding_errors(namespace):
    """Wrap minigrad's module-level functions that torch binds in C (see above) so that a
    call Python cannot bind raises torch's parser error."""
    for name in _PLAIN_C_FUNCTIONS:
        fn = namespace.get(name)
        if fn is not None and not hasattr(fn, "__wrapped__"):
            namespace[name] = functools.wraps(fn)(with_binding_errors(fn, name))
