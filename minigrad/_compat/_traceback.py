"""Short tracebacks: a learner sees their own code and the error, not minigrad's insides.

torch shows none of its frames for an error raised inside an op (`a.add_(1)` on a leaf)
and at most three for `backward()`, because its insides are C++. minigrad's insides are
Python, so without help every error would come with the engine's frames and source lines
before the one line the lesson is about. At `import minigrad`, `install()` hooks the two
places where Python and IPython print an uncaught exception:

- a plain `python` script or REPL: `sys.excepthook` (only when nobody replaced it yet);
- IPython / Jupyter: `set_custom_exc`, IPython's hook for custom exception display (only
  when no other custom handler is set).

Both drop the frames of files inside the minigrad package from the printed traceback and
then print it the usual way. Nothing runs on the hot path: the hooks only run when an
exception reaches the top. The learner's own frames stay, including hooks and custom
`Function.backward`s that minigrad calls. Frames are kept in full when the error was raised
in library code that minigrad called (say NumPy): that is a minigrad bug, and whoever
reports it needs every frame.

Developers: set `MINIGRAD_FULL_TRACEBACK=1` (read at each error, so setting it in
`os.environ` inside a running kernel works) to see every frame.
"""
import os
import sys
import sysconfig
import types

__all__ = ["install", "trim", "full_traceback_requested", "ENV"]

ENV = "MINIGRAD_FULL_TRACEBACK"
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep  # minigrad/
_LIBRARIES = tuple(sorted({os.path.abspath(p) + os.sep for p in
                           (sysconfig.get_path(k) for k in ("stdlib", "platstdlib",
                                                            "purelib", "platlib")) if p}))


def full_traceback_requested():
    return os.environ.get(ENV, "").strip().lower() not in ("", "0", "false", "no")


def _is_minigrad(tb):
    return tb.tb_frame.f_code.co_filename.startswith(_PACKAGE)


def _is_library(tb):
    return os.path.abspath(tb.tb_frame.f_code.co_filename).startswith(_LIBRARIES)


def _raised_by_library_under_minigrad(frames):
    """True when the innermost frames are library code called from minigrad (a bug)."""
    i = len(frames) - 1
    while i >= 0 and _is_library(frames[i]) and not _is_minigrad(frames[i]):
        i -= 1
    return i < len(frames) - 1 and i >= 0 and _is_minigrad(frames[i])


def trim(tb):
    """A new traceback chain without minigrad's frames (the given one is left as it is).

    Returns `tb` itself when there is nothing to drop, when full tracebacks were asked for,
    or when the error came from library code minigrad called."""
    frames = []
    while tb is not None:
        frames.append(tb)
        tb = tb.tb_next
    if (full_traceback_requested() or not any(map(_is_minigrad, frames))
            or _raised_by_library_under_minigrad(frames)):
        return frames[0] if frames else None
    kept = [f for f in frames if not _is_minigrad(f)]
    new = None
    for f in reversed(kept):
        new = types.TracebackType(new, f.tb_frame, f.tb_lasti, f.tb_lineno)
    return new


def _trim_chain(value):
    """Trim the tracebacks of the exceptions chained to `value` (its cause and context)."""
    seen = {id(value)}
    link = value
    while True:
        link = link.__cause__ or (None if link.__suppress_context__ else link.__context__)
        if link is None or id(link) in seen:
            return
        seen.add(id(link))
        link.__traceback__ = trim(link.__traceback__)


def _excepthook(etype, value, tb):
    if not full_traceback_requested():
        tb = trim(tb)
        if value is not None:
            value.__traceback__ = tb     # the default hook prints this one, not `tb`
            _trim_chain(value)
    sys.__excepthook__(etype, value, tb)


def _ipython_handler(shell, etype, value, tb, tb_offset=None):
    # IPython calls this in two places: when a cell does not compile (no minigrad frame can
    # be there: show it exactly as IPython does) and when running it raises (run_code)
    if tb is None or tb.tb_frame.f_code.co_name != "run_code":
        shell.showsyntaxerror()
        return []
    if not full_traceback_requested():
        tb = trim(tb)
        _trim_chain(value)
    shell.showtraceback((etype, value, tb), tb_offset=tb_offset, running_compiled_code=True)
    return []        # showtraceback has displayed it (IPython only checks the type)


def install():
    """Hook the plain-Python and the IPython traceback display (idempotent, at import)."""
    if sys.excepthook is sys.__excepthook__:
        sys.excepthook = _excepthook
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None and not getattr(shell, "custom_exceptions", ()):
        shell.set_custom_exc((Exception,), _ipython_handler)
