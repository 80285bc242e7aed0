"""Shared helpers for the notebook tooling: percent-source parsing, kernels, masking.

Used by ``tools/build_notebooks.py``, ``tools/export_html.py`` and the notebook tests. Sources
are read by jupytext (the ``test`` extra); the other helpers need only nbformat, nbclient and
jupyter_client.

Source format: jupytext's ``py:percent``::

    # %% [markdown] key="title"
    # # Title
    # Some *markdown*; every line starts with "# " (or is a bare "#").

    # %% tags=["raises-exception", "minigrad-only"] jupyter={"outputs_hidden": true}
    x.grad.zero_()

Options after the marker are ``key=<JSON>`` cell metadata: ``tags`` and ``jupyter`` go into
the notebook; ``key="slug"`` names a markdown cell for its translations (``notebooks/src/zh/``,
see ``tools/nbzh.py``) and ``myths="NN"`` marks the myth-check placeholder (``tools/myths.py``);
those two are not written into the notebook. Any other option is an error (jupytext would
keep a typo or an unreadable option as metadata), as is text before the first marker (it
would become a cell). Empty cells are dropped.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
SANITIZE_CFG = ROOT / "tests" / "nbval_sanitize.cfg"
# The folder that holds NN_slug.ipynb and src/NN_slug.py. Overridable so that the tools and
# tests can be pointed at a throwaway sample while no real notebooks exist.
NOTEBOOKS_ENV = "MINIGRAD_NOTEBOOKS_DIR"

RAISES = "raises-exception"
MINIGRAD_ONLY = "minigrad-only"
PARITY_IGNORE = "parity-ignore-output"   # run in both parity runs, compare nothing
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


class SourceError(ValueError):
    """A percent source that cannot be converted unambiguously."""


def notebooks_dir() -> Path:
    return Path(os.environ.get(NOTEBOOKS_ENV) or ROOT / "notebooks").resolve()


def source_files(nbdir: Path | None = None) -> list[Path]:
    nbdir = nbdir or notebooks_dir()
    return sorted((nbdir / "src").glob("[0-9][0-9]_*.py"))


def notebook_files(nbdir: Path | None = None) -> list[Path]:
    nbdir = nbdir or notebooks_dir()
    return sorted(nbdir.glob("*.ipynb"))


TRANSLATIONS = ("zh",)    # each edition lives in notebooks/<lang>/, its prose in src/<lang>/


def translated_notebook_files(nbdir: Path | None = None) -> list[Path]:
    """The stored translated editions, e.g. notebooks/zh/01_detach_vs_data.ipynb."""
    nbdir = nbdir or notebooks_dir()
    return sorted(p for lang in TRANSLATIONS for p in (nbdir / lang).glob("*.ipynb"))


def all_notebook_files(nbdir: Path | None = None) -> list[Path]:
    """English notebooks, then every translated edition."""
    return notebook_files(nbdir) + translated_notebook_files(nbdir)


def tags_of(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


# ---------------------------------------------------------------------------------------------
# parsing

CELL_KEY = "key"          # source-only option: a markdown cell's name for its translations
MYTHS = "myths"           # source-only option: the placeholder of a generated myth check
SOURCE_ONLY = (CELL_KEY, MYTHS)
OPTIONS = ("tags", "jupyter") + SOURCE_ONLY
# what jupytext records about the text layout of a cell, so that it can write the file back
LAYOUT_KEYS = ("lines_to_next_cell", "lines_to_end_of_cell_marker", "cell_marker")
# an optional jupytext YAML header, then the first cell marker
_FIRST_MARKER = re.compile(r"\s*(# ---\n(?:#.*\n)*?# ---\n\s*)?# %%")


def parse_percent(text: str, name: str = "<source>") -> list[dict]:
    """Return ``[{"cell_type", "source", "metadata"}, ...]`` for a percent-format source."""
    return copy.deepcopy(_parse_percent_cached(text, name))


# jupytext validates every cell against nbformat's schema (about 5 ms a cell): a test session
# reads each source many times, so each text is parsed once per process
@functools.lru_cache(maxsize=None)
def _parse_percent_cached(text: str, name: str) -> list[dict]:
    import jupytext   # only the tools that read sources need it, not `make html` or `make site`
    from nbformat import ValidationError

    if not _FIRST_MARKER.match(text):
        raise SourceError(f"{name}: text before the first '# %%' cell marker")
    try:
        notebook = jupytext.reads(text, fmt="py:percent")
    except ValidationError as exc:        # e.g. tags="x": nbformat wants a list of strings
        raise SourceError(f"{name}: {exc.message}") from None
    cells = []
    for cell in notebook.cells:
        metadata = {k: v for k, v in cell.metadata.items() if k not in LAYOUT_KEYS}
        unknown = sorted(set(metadata) - set(OPTIONS))
        if unknown:
            raise SourceError(f"{name}: cell {cell.source[:40]!r}: unknown cell options {unknown} "
                              f"(allowed: key=<JSON> for {', '.join(OPTIONS)})")
        if cell.source.strip():
            cells.append({"cell_type": cell.cell_type, "source": cell.source,
                          "metadata": metadata})
    if not cells:
        raise SourceError(f"{name}: no cells")
    return cells


def build_notebook(cells: list[dict]) -> nbformat.NotebookNode:
    """An unexecuted nbformat 4.5 notebook with deterministic ids and metadata."""
    nb = nbformat.v4.new_notebook()
    nb.metadata = nbformat.from_dict({
        "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                       "language": "python"},
        "language_info": {"name": "python"},
    })
    width = max(2, len(str(len(cells))))
    for index, cell in enumerate(cells):
        maker = nbformat.v4.new_code_cell if cell["cell_type"] == "code" else \
            nbformat.v4.new_markdown_cell
        metadata = {k: v for k, v in cell["metadata"].items() if k not in SOURCE_ONLY}
        new = maker(source=cell["source"], metadata=metadata)
        new.id = f"cell-{index:0{width}d}"
        nb.cells.append(new)
    return nb


def read_cells(path: Path, lang: str = "en") -> list[dict]:
    """The cells of source ``path`` with generated cells (the myth check) filled in."""
    if str(Path(__file__).parent) not in sys.path:   # myths.py sits beside this file
        sys.path.insert(0, str(Path(__file__).parent))
    import myths
    cells = parse_percent(path.read_text(encoding="utf-8"), path.name)
    return myths.expand(cells, path.parent, lang)


def read_source(path: Path) -> nbformat.NotebookNode:
    return build_notebook(read_cells(path))


def cell_signature(nb) -> list[tuple]:
    """What a stored notebook must share with its source: types, sources, tags."""
    return [(c.cell_type, c.source.strip(), tuple(tags_of(c))) for c in nb.cells]


# ---------------------------------------------------------------------------------------------
# kernels: always the interpreter running the tool (like nbval's --nbval-current-env)


def current_env_kernel_manager():
    from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager

    class _CurrentEnv(KernelSpecManager):
        def get_kernel_spec(self, kernel_name):
            return KernelSpec(
                argv=[sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                display_name="Python 3 (ipykernel)", language="python", resource_dir="")

    return AsyncKernelManager(kernel_name="python3", kernel_spec_manager=_CurrentEnv())


def execute(nb, cwd: Path, timeout: int = 300, allow_errors: bool = True):
    """Run ``nb`` top to bottom in a fresh kernel of this interpreter; return it, executed."""
    from nbclient import NotebookClient

    client = NotebookClient(
        nb, km=current_env_kernel_manager(), timeout=timeout, allow_errors=allow_errors,
        record_timing=False, store_widget_state=False, coalesce_streams=True,
        resources={"metadata": {"path": str(cwd)}})
    client.execute()
    return nb


# ---------------------------------------------------------------------------------------------
# masking (the rules nbval uses, read from tests/nbval_sanitize.cfg)


def load_sanitizers(path: Path = SANITIZE_CFG) -> list[tuple[re.Pattern, str]]:
    """Parse nbval's format: adjacent ``regex:`` / ``replace:`` lines; sections are cosmetic."""
    rules, regex = [], None
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if line.startswith("regex:"):
            regex = line[len("regex:"):].strip()
        elif line.startswith("replace:") and regex is not None:
            rules.append((re.compile(regex), line[len("replace:"):].strip()))
            regex = None
    return rules


def mask_text(text: str, rules) -> str:
    for pattern, replacement in rules:
        text = pattern.sub(replacement, text)
    return text


def masked_notebook(nb, rules) -> dict:
    """A JSON-able copy of ``nb`` with every output string masked and widget ids blanked."""
    def walk(value):
        if isinstance(value, str):
            return mask_text(value, rules)
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, dict):
            out = {k: walk(v) for k, v in value.items()}
            if "model_id" in out and "version_major" in out:
                out["model_id"] = "<MODEL-ID>"   # fresh uuid per run, ignored by nbval
            return out
        return value

    data = json.loads(nbformat.writes(nb))
    for cell in data["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = walk(cell["outputs"])
    return data
