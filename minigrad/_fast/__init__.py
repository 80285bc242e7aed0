"""Speed machinery kept out of the core a learner reads.

Importing this package installs the two fast paths at their seams: the backward engine's
(`backward.execute`, at `autograd.engine.install_fast_path`) and the op recorder's
(`record.apply`, at `autograd.graph.install_fast_apply`); `minigrad/__init__.py` imports it.
docs/performance.md says what each shortcut buys and how that was measured.
"""
from ..autograd.engine import install_fast_path
from ..autograd.graph import install_fast_apply
from .backward import execute as _fast_execute
from .record import apply as _fast_apply

install_fast_path(_fast_execute)
install_fast_apply(_fast_apply)
