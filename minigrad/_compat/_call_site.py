"""Call-site inspection: how a failing call was written.

torch's parser sees the call exactly as written: which arguments came positionally and which
by keyword, whether `t.sum(...)` (method) or `torch.sum(t, ...)` (function), and operators
never reach it at all (Python words their errors). A Python function only receives values,
so on the failure path (never on the success path) minigrad reads the user's line: the
calling instruction tells how many arguments were given and which keywords. When that line
cannot be read, the values alone decide (see `call_shape`).
"""
import dis
import os
import sys


_HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep   # minigrad's files


def user_frame():
    """The frame of the user's code that called into minigrad (None if there is none)."""
    frame = sys._getframe(1)
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(_HERE):
        frame = frame.f_back
    return frame


def operator_symbol():
    """The operator the user's line is running ('+', '**=', '<'), or None for a call: torch's
    operators answer NotImplemented, so Python words their errors, not torch's parser."""
    frame = user_frame()
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


_PASS_THROUGH = ("_argparse.py", "_argparse_calls.py", "_call_site.py", "_core.py",
                 "_tensor_methods.py", "_tensor_methods_more.py", "_tensor_methods_unary.py",
                 "_tensor_operators.py",
                 "_out.py", "_aliases.py")


def entry_file():
    """The file of minigrad's function that the user's line called (for `torch.zeros(...)`,
    the factories' wrapper in _device.py), or '' when no minigrad frame is found."""
    frame, entry = sys._getframe(1), None
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(_HERE):
        entry, frame = frame, frame.f_back
    return entry.f_code.co_filename if entry is not None else ""


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

# the default of a required parameter of a method on a hot path (`def mul(self,
# other=MISSING)`): a call without it reaches the op's failure path, where the parser, which
# leaves it out, words the error as torch does; Python's own words would cost a wrapper
MISSING = type("MISSING", (), {"__repr__": lambda self: "<required>"})()
_NUMPY_SPELLINGS = {"axis": "dim", "keepdims": "keepdim"}


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
    every value that is not a default. A line that does not is calling minigrad code that
    calls this function (Conv2d's forward calling conv2d): then every value goes on
    positionally, as torch's Python layer passes them. A line that cannot be read: the values
    up to the last one that differs from its default."""
    values = {k: v for k, v in values.items() if v is not MISSING}
    names = list(values)
    frame = user_frame()
    site = _call_site(frame) if frame is not None else None
    if site is not None:
        n, keywords = site
        npos = n - len(keywords)
        # (NumPy's spellings axis= and keepdims= stand for dim= and keepdim=)
        named = {k: k if k in values else _NUMPY_SPELLINGS.get(k, k) for k in keywords}
        if 0 <= npos <= len(names) and all(k in values for k in named.values()):
            given = set(names[:npos]) | set(named.values())
            if all(k in given or _is_default(values[k], _default(sigs, k)) for k in names):
                return ([values[k] for k in names[:npos]],
                        {k: values[named[k]] for k in keywords})
    keyword_only = {p.name for s in sigs for p in s.params if p.keyword_only}
    positional = [k for k in names if k not in keyword_only]
    # (a required parameter was given: None there is a value, `f(*(None,))`)
    while site is None and positional and \
            _default(sigs, positional[-1]) is not _REQUIRED and \
            _is_default(values[positional[-1]], _default(sigs, positional[-1])):
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
                                              "_tensor_methods_unary.py",
                                              "_tensor.py")):
            return True
        frame = frame.f_back
    return False
