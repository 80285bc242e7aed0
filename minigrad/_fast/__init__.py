"""Speed machinery kept out of the core a learner reads.

Importing this package installs the backward engine's fast path (`backward.execute`) at the
engine's one seam, `autograd.engine.install_fast_path`; `minigrad/__init__.py` imports it.
docs/performance.md says what each shortcut buys and how that was measured.
"""
from ..autograd.engine import install_fast_path
from .backward import execute as _fast_execute

install_fast_path(_fast_execute)
