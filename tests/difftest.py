"""Differential transcript harness: run learner-style cells under real torch and under minigrad.

A *case* is a list of source strings ("cells"), run in order in one fresh namespace, the way a
learner runs notebook cells. Each cell becomes a block of transcript lines::

    CELL <i>
    <everything the cell printed to stdout, line by line>
    WARN <Category>: <message>        one per warning raised while the cell ran
    OUT <repr>                        if the cell ends in an expression whose value is not None
    RAISE <TypeName>: <message>       if the cell raised (the next cell still runs)

Under ``lib="minigrad"`` the names ``torch``, ``torch.nn``, ``torch.nn.functional``,
``torch.optim``, ``torch.autograd``... resolve to ``minigrad``, ``minigrad.nn``, ... while the
cells run (an import hook plus a temporary swap of the ``torch*`` entries of ``sys.modules``;
everything is restored afterwards, also on error). A minigrad submodule that does not exist
yet makes the importing cell raise ``ModuleNotFoundError``, which shows up as a divergence.

Transcripts are compared after :func:`normalize`. Two further rules are applied while
recording, identically for both libraries:

* anomaly-mode warnings (``Error detected in XBackward0. Traceback of forward call that caused
  the error:`` followed by a Python traceback) are cut after ``caused the error:``, because the
  traceback lines depend on file names and line numbers of the harness;
* the namespace starts with ``torch`` already imported (cells may still ``import torch``).

Process-global state that a case may leave behind (grad mode, anomaly mode, print options) is
reset after every transcript. Warnings that torch emits only once per process (``float()`` of
a tensor that requires grad) depend on what ran earlier in the process; cases about them use
``isolated=True``, which runs the transcript in a fresh interpreter.

Determinism: torch and minigrad have different random generators, so cases never print
random values.
"""

from __future__ import annotations

import ast
import contextlib
import difflib
import importlib
import importlib.abc
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    # let `import minigrad` work when pytest is started as a console script from anywhere
    sys.path.append(str(ROOT))

LIBS = ("torch", "minigrad")
_WORKER_ENV = "DIFFTEST_ISOLATED_WORKER"
ORACLE_SERIES = "2.13."


# ---------------------------------------------------------------------------------------------
# oracle availability


def _oracle_skip_reason() -> str | None:
    try:
        import torch
    except Exception:  # ImportError, or a broken install
        return "torch 2.13 oracle not installed: differential tests skipped (CI installs it)"
    version = str(getattr(torch, "__version__", "unknown"))
    if not version.startswith(ORACLE_SERIES):
        return (
            f"torch {version} is installed but the oracle must be torch 2.13.x: "
            "differential tests skipped"
        )
    return None


# isolated-run workers (see _run_isolated) skip the check: it would import torch for nothing
ORACLE_SKIP_REASON = None if os.environ.get(_WORKER_ENV) else _oracle_skip_reason()
requires_torch = pytest.mark.skipif(
    ORACLE_SKIP_REASON is not None,
    reason=ORACLE_SKIP_REASON or "torch 2.13 oracle available",
)


# ---------------------------------------------------------------------------------------------
# normalization

_HEX = re.compile(r"0x[0-9a-fA-F]+")
_TRIGGERED = re.compile(r" \(Triggered internally at [^\n]*")
_ANOMALY_CUT = "Traceback of forward call that caused the error:"


def normalize(text: str) -> str:
    """Make a transcript comparable across the two libraries.

    ``minigrad`` -> ``torch``; a C++ ``(Triggered internally at ...)`` suffix is cut off (to the
    end of its line); so is a C++ backtrace that torch appends to a few messages ("Overflow when
    unpacking long long" + "Exception raised from ... frame #0: ..." up to the text's last
    line, which depends on the build and the process's addresses); hex addresses -> ``0x?``;
    trailing whitespace is stripped from each line.
    """
    text = text.replace("minigrad", "torch")
    backtrace = text.find("\nException raised from ")
    if backtrace >= 0:
        text = text[:backtrace] + text[text.rfind("\n") + 1:]
    text = _TRIGGERED.sub("", text)
    text = _HEX.sub("0x?", text)
    return "\n".join(line.rstrip() for line in text.split("\n"))


def _trim_anomaly(message: str) -> str:
    cut = message.find(_ANOMALY_CUT)
    if cut >= 0:
        return message[: cut + len(_ANOMALY_CUT)]
    return message


# ---------------------------------------------------------------------------------------------
# running minigrad under the name `torch`


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, module):
        self.module = module
        self.spec = getattr(module, "__spec__", None)

    def create_module(self, spec):
        return self.module

    def exec_module(self, module):
        # the import system overwrote __spec__ with the alias spec: put the real one back
        with contextlib.suppress(AttributeError, TypeError):
            module.__spec__ = self.spec


class _TorchAsMinigrad(importlib.abc.MetaPathFinder):
    """Resolve ``torch`` / ``torch.x.y`` to ``minigrad`` / ``minigrad.x.y``."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "torch" and not fullname.startswith("torch."):
            return None
        module = importlib.import_module("minigrad" + fullname[len("torch"):])
        return importlib.util.spec_from_loader(fullname, _AliasLoader(module))


def _is_torch_name(name: str) -> bool:
    return name == "torch" or name.startswith("torch.")


@contextlib.contextmanager
def _library(lib: str):
    """Make ``import torch`` (and its submodules) mean ``lib`` inside the block."""
    if lib == "torch":
        yield
        return
    if lib != "minigrad":
        raise ValueError(f"unknown lib {lib!r}; expected one of {LIBS}")
    saved = {name: mod for name, mod in sys.modules.items() if _is_torch_name(name)}
    for name in saved:
        del sys.modules[name]
    finder = _TorchAsMinigrad()
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        with contextlib.suppress(ValueError):
            sys.meta_path.remove(finder)
        for name in [n for n in sys.modules if _is_torch_name(n)]:
            del sys.modules[name]
        sys.modules.update(saved)


def _reset_global_state(mod) -> None:
    """Undo process-global switches a case may have flipped (best effort, per library)."""
    if mod is None:
        return
    steps = (
        lambda: mod.set_grad_enabled(True),
        lambda: mod.autograd.set_detect_anomaly(False),
        lambda: mod.set_printoptions(profile="default"),
    )
    for step in steps:
        with contextlib.suppress(Exception):
            step()


# ---------------------------------------------------------------------------------------------
# running cells


def _format_exception(exc: BaseException) -> str:
    return f"RAISE {type(exc).__name__}: {exc}"


def _compile_cell(source: str, filename: str):
    """Return (code for the statements, code for a trailing expression or None)."""
    tree = ast.parse(source, filename, "exec")
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
        body = compile(tree, filename, "exec")
        return body, compile(last, filename, "eval")
    return compile(tree, filename, "exec"), None


def _run_cell(source: str, index: int, namespace: dict) -> list[str]:
    lines = [f"CELL {index}"]
    out = io.StringIO()
    shown: str | None = None
    error: BaseException | None = None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with contextlib.redirect_stdout(out):
            try:
                body, last = _compile_cell(source, f"<cell {index}>")
                exec(body, namespace)
                if last is not None:
                    value = eval(last, namespace)
                    if value is not None:
                        shown = repr(value)  # inside the capture: repr may warn or print
            except Exception as exc:  # recorded, the next cell still runs
                error = exc
    lines.extend(out.getvalue().splitlines())
    for w in caught:
        lines.append(f"WARN {w.category.__name__}: {_trim_anomaly(str(w.message))}")
    if shown is not None:
        lines.append(f"OUT {shown}")
    if error is not None:
        lines.append(_format_exception(error))
    return lines


def run_transcript(cells: list[str], lib: str, isolated: bool = False) -> list[str]:
    """Run ``cells`` in one fresh namespace with ``torch`` meaning ``lib``; return raw lines.

    With ``isolated=True`` the transcript is produced by a fresh Python interpreter (for
    behaviour that depends on what already ran in the process, like warn-once messages).
    """
    if isolated:
        return _run_isolated(cells, lib)
    lines: list[str] = []
    namespace: dict = {"__name__": "__main__"}
    with _library(lib):
        mod = None
        try:
            exec("import torch", namespace)
            mod = namespace["torch"]
        except Exception as exc:
            lines.append("SETUP " + _format_exception(exc))
        try:
            for index, source in enumerate(cells):
                lines.extend(_run_cell(source, index, namespace))
        finally:
            _reset_global_state(mod)
    return lines


_ISOLATED_DRIVER = """
import json, sys
sys.path.insert(0, {tests!r})
import difftest
cells, lib = json.load(sys.stdin)
print(json.dumps(difftest.run_transcript(cells, lib)))
"""


def _run_isolated(cells: list[str], lib: str) -> list[str]:
    driver = _ISOLATED_DRIVER.format(tests=str(Path(__file__).resolve().parent))
    proc = subprocess.run(
        [sys.executable, "-c", driver],
        input=json.dumps([cells, lib]),
        capture_output=True,
        text=True,
        cwd=str(ROOT),
        env={**os.environ, _WORKER_ENV: "1"},
        timeout=300,
    )
    if proc.returncode != 0 or not proc.stdout.strip():
        last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return [f"SETUP RAISE IsolatedRunFailed: {last}"]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def transcript_text(cells: list[str], lib: str, isolated: bool = False) -> str:
    """The normalized transcript of ``cells`` under ``lib``, as one string."""
    return normalize("\n".join(run_transcript(cells, lib, isolated=isolated)))


def _describe_cells(cells: list[str]) -> str:
    parts = []
    for index, source in enumerate(cells):
        body = "\n".join("    " + line for line in source.strip("\n").split("\n"))
        parts.append(f"  [cell {index}]\n{body}")
    return "\n".join(parts)


def assert_same(cells: list[str], isolated: bool = False) -> None:
    """Fail with a torch-vs-minigrad diff unless both libraries print the same transcript."""
    expected = transcript_text(cells, "torch", isolated=isolated)
    actual = transcript_text(cells, "minigrad", isolated=isolated)
    if expected == actual:
        return
    diff = "\n".join(
        difflib.unified_diff(
            expected.split("\n"),
            actual.split("\n"),
            fromfile="torch 2.13",
            tofile="minigrad",
            lineterm="",
        )
    )
    pytest.fail(
        "minigrad transcript differs from torch 2.13\n"
        f"{diff}\n\ncells:\n{_describe_cells(cells)}",
        pytrace=False,
    )


# ---- writing cases ----------------------------------------------------------------------------

def case(name, *cells, isolated=False):
    """One named differential case; cells are dedented so they can be written as indented
    blocks."""
    return pytest.param([textwrap.dedent(c).strip("\n") for c in cells], isolated, id=name)


def regression(name, *cells, bug=None):
    """One named regression case; ``bug`` is the diagnosis while minigrad still diverges (the
    case is then a strict xfail, so a fix shows up as an XPASS)."""
    marks = [pytest.mark.xfail(strict=True, reason=bug)] if bug else []
    return pytest.param([textwrap.dedent(c).strip("\n") for c in cells], id=name, marks=marks)


# the topic files that hold REGRESSIONS (tests/test_fuzz.py checks its known divergences there)
REGRESSION_MODULES = ("test_backward_api", "test_grad_modes", "test_views",
                      "test_printing_and_dtypes", "test_op_messages", "test_inplace_rules",
                      "test_view_matmul_regressions")


def all_regressions():
    """Every regression case of the topic files."""
    cases = []
    for name in REGRESSION_MODULES:
        cases += importlib.import_module(name).REGRESSIONS
    return cases


def main(argv: list[str] | None = None) -> int:
    """``python tests/difftest.py torch|minigrad FILE`` prints a transcript of the cells in
    FILE (cells separated by lines containing only ``# %%``)."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print(main.__doc__)
        return 2
    lib, path = argv
    cells = [c for c in re.split(r"^# %%\s*$", Path(path).read_text(), flags=re.M) if c.strip()]
    print(transcript_text(cells, lib))
    return 0


if __name__ == "__main__":
    sys.exit(main())
