"""Every notebook prints the same with real torch 2.13 as with minigrad.

The notebooks say ``import minigrad as torch``. Each notebook's code cells run twice in a fresh
kernel of this interpreter: once as written, once with an import hook that makes ``minigrad``
(and ``minigrad.nn``, ``minigrad.autograd``...) resolve to ``torch``. Per cell, the text a
learner sees is compared after normalization (``minigrad`` -> ``torch``, addresses, warning
file paths): stdout, warnings (category and message), the ``text/plain`` of results and
displays, and the error's type and message (tracebacks are not compared).

Cell tags: ``minigrad-only`` cells (diagrams, widgets, traces) are not run at all;
``parity-ignore-output`` cells run in both but are not compared (random values: the two
libraries' generators differ). A cell that errors without the ``raises-exception`` tag fails the
test in either run: usually it needs a name defined in a skipped ``minigrad-only`` cell.
"""

import difflib
import re

import nbformat
import nbsource
import pytest
from difftest import ORACLE_SKIP_REASON, normalize

pytestmark = [pytest.mark.slow, pytest.mark.notebooks]

NBDIR = nbsource.notebooks_dir()
NOTEBOOKS = nbsource.all_notebook_files(NBDIR)     # the Chinese edition runs the same code

TORCH_PREAMBLE = '''
import importlib, importlib.abc, importlib.util, sys

class _MinigradIsTorch(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """import minigrad[.x] -> the module torch[.x]"""
    def find_spec(self, fullname, path=None, target=None):
        if fullname == "minigrad" or fullname.startswith("minigrad."):
            return importlib.util.spec_from_loader(fullname, self)
        return None
    def create_module(self, spec):
        module = importlib.import_module("torch" + spec.name[len("minigrad"):])
        self.real_spec = module.__spec__
        return module
    def exec_module(self, module):
        module.__spec__ = self.real_spec   # the import system replaced it with the alias spec

sys.meta_path.insert(0, _MinigradIsTorch())
del _MinigradIsTorch
'''

_WARNING = re.compile(r"^\S.*?:\d+: (?P<cat>\w+): (?P<msg>.*)$")


def _stderr_lines(text: str) -> list[str]:
    """Python's warning lines become ``WARN Category: message``; the echoed source line goes."""
    lines, skip_source = [], False
    for line in text.splitlines():
        m = _WARNING.match(line)
        if m:
            lines.append(f"WARN {m['cat']}: {m['msg']}")
            skip_source = True
        elif skip_source and line.startswith("  "):
            skip_source = False
        else:
            skip_source = False
            lines.append(f"STDERR {line}")
    return lines


def _cell_text(cell) -> list[str]:
    lines = []
    for out in cell.outputs:
        kind = out.output_type
        if kind == "stream":
            lines += out.text.splitlines() if out.name == "stdout" else _stderr_lines(out.text)
        elif kind in ("execute_result", "display_data"):
            text = out.get("data", {}).get("text/plain", "")
            label = "OUT" if kind == "execute_result" else "DISPLAY"
            lines += [f"{label} {line}" for line in text.splitlines()] or [label]
        elif kind == "error":
            lines.append(f"RAISE {out.ename}: {out.evalue}")
    return [normalize(line) for line in lines]


def _run(cells, lib: str, cwd=NBDIR):
    nb = nbsource.build_notebook(
        [{"cell_type": "code", "source": TORCH_PREAMBLE if lib == "torch" else "pass",
          "metadata": {}}] + cells)
    nbsource.execute(nb, cwd=cwd, timeout=600)
    return nb.cells[1:]


def _parity_cells(path):
    nb = nbformat.read(path, as_version=4)
    picked = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and cell.source.strip() \
                and nbsource.MINIGRAD_ONLY not in nbsource.tags_of(cell):
            picked.append((index, {"cell_type": "code", "source": cell.source,
                                   "metadata": dict(cell.metadata)}))
    return picked


@pytest.mark.skipif(ORACLE_SKIP_REASON is not None, reason=ORACLE_SKIP_REASON or "")
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(NBDIR)))
def test_notebook_prints_the_same_with_torch(path):
    picked = _parity_cells(path)
    if not picked:
        pytest.skip("every code cell is minigrad-only")
    cells = [cell for _, cell in picked]
    runs = {lib: _run(cells, lib, path.parent) for lib in ("torch", "minigrad")}
    report = []
    for k, (index, cell) in enumerate(picked):
        tags = nbsource.tags_of(cell)
        texts = {lib: _cell_text(runs[lib][k]) for lib in runs}
        for lib, text in texts.items():
            if nbsource.RAISES not in tags and any(t.startswith("RAISE ") for t in text):
                report.append(f"cell {index} raised under {lib} without the raises-exception "
                              f"tag (needs a skipped minigrad-only cell?): {text[-1]}")
        if nbsource.PARITY_IGNORE in tags or texts["torch"] == texts["minigrad"]:
            continue
        diff = "\n".join(difflib.unified_diff(texts["torch"], texts["minigrad"],
                                              "torch 2.13", "minigrad", lineterm=""))
        source = "\n".join("    " + s for s in cell["source"].splitlines())
        report.append(f"cell {index} differs:\n{source}\n{diff}")
    if report:
        pytest.fail(f"{path.name}: " + "\n\n".join(report), pytrace=False)
