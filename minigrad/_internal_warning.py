"""Warnings that torch raises from its C++ core end with "(Triggered internally at
<C++ file>:<line>.)". minigrad's core is Python, so the same suffix names the minigrad
source line that raised the warning: the learner can open it and read the rule."""
import sys
import warnings
from pathlib import Path

_PACKAGE_PARENT = Path(__file__).resolve().parent.parent

__all__ = ["warn_internal"]


def warn_internal(message, category=UserWarning, stacklevel=2, origin=1):
    """warnings.warn(message + the suffix), attributed `stacklevel` frames up, as usual; the
    suffix names the line `origin` frames up (1: the caller of warn_internal)."""
    caller = sys._getframe(origin)
    try:
        where = Path(caller.f_code.co_filename).resolve().relative_to(_PACKAGE_PARENT)
    except ValueError:                  # not inside the package (never for minigrad's own)
        where = Path(Path(caller.f_code.co_filename).name)
    warnings.warn(f"{message} (Triggered internally at {where.as_posix()}:{caller.f_lineno}.)",
                  category, stacklevel=stacklevel + 1)
