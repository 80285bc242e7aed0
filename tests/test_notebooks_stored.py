"""Guard for the stored notebooks: nbval only compares outputs that are stored.

A notebook saved without outputs, run out of order, or built from an older source passes nbval
without checking anything; these tests catch that. Fix any failure with ``make notebooks``
(or ``make notebooks NB=01``), which rebuilds from ``notebooks/src``. The Chinese edition
(``notebooks/zh/NN_slug.ipynb``, built from the same source plus ``src/zh/NN_slug.md``) is
held to the same rules.
"""

import ast

import nbformat
import nbsource
import nbzh
import pytest

pytestmark = pytest.mark.notebooks

NBDIR = nbsource.notebooks_dir()
NOTEBOOKS = nbsource.all_notebook_files(NBDIR)     # English, then notebooks/zh/
SOURCES = nbsource.source_files(NBDIR)
FIX = "rebuild with `make notebooks NB={}`"


def _ids(path):
    return str(path.relative_to(NBDIR))


def _source_of(path):
    """(English source, reader) of a stored notebook of either edition."""
    src = NBDIR / "src" / (path.stem + ".py")
    if path.parent == NBDIR:
        return src, nbsource.read_source
    return src, lambda s: nbzh.read_edition(s, path.parent.name)


def _read(path):
    return nbformat.read(path, as_version=4)


def _prints_at_top_level(source: str) -> bool:
    try:
        tree = ast.parse(source)
    except SyntaxError:  # IPython syntax (magics): no opinion
        return False
    return any(isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
               and getattr(node.value.func, "id", None) == "print" for node in tree.body)


def test_every_notebook_has_a_source_and_back():
    if not NOTEBOOKS and not SOURCES:
        pytest.skip(f"no notebooks yet in {NBDIR}")
    stored = {p.stem for p in nbsource.notebook_files(NBDIR)}
    sources = {p.stem for p in SOURCES}
    assert not sources - stored, f"sources never built: {sorted(sources - stored)}; make notebooks"
    assert not stored - sources, (
        f"notebooks without a source in {NBDIR / 'src'}: {sorted(stored - sources)} "
        "(notebooks are built from notebooks/src/NN_slug.py, not edited by hand)")


def test_every_chinese_notebook_has_its_prose_and_back():
    stored = {p.stem for p in nbsource.translated_notebook_files(NBDIR)}
    prose = {p.stem for p in nbzh.translated_sources(NBDIR)}
    assert not prose - stored, f"Chinese editions never built: {sorted(prose - stored)}"
    assert not stored - prose, (
        f"notebooks/zh/ notebooks without prose in src/zh/: {sorted(stored - prose)}")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids)
def test_built_from_current_source(path):
    src, read = _source_of(path)
    if not src.exists():
        pytest.skip("no source (reported by test_every_notebook_has_a_source_and_back)")
    expected = nbsource.cell_signature(read(src))
    stored = nbsource.cell_signature(_read(path))
    assert stored == expected, f"{path.name} is older than {src.name}: " + FIX.format(path.stem[:2])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids)
def test_executed_top_to_bottom_in_a_fresh_kernel(path):
    nb = _read(path)
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3", (
        "kernelspec must be python3 (anything else breaks nbval and JupyterLab): "
        + FIX.format(path.stem[:2]))
    code = [c for c in nb.cells if c.cell_type == "code"]
    ran = [c for c in code if c.source.strip()]
    counts = [c.execution_count for c in ran]
    assert None not in counts, (
        f"{counts.count(None)} non-empty code cells never ran: " + FIX.format(path.stem[:2]))
    assert counts == list(range(1, len(ran) + 1)), (
        f"execution counts {counts}: not one top-to-bottom run in a fresh kernel; "
        + FIX.format(path.stem[:2]))
    for index, cell in enumerate(code):
        if not cell.source.strip():
            assert not cell.outputs, f"empty code cell {index} has outputs"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids)
def test_outputs_stored_where_cells_print(path):
    nb = _read(path)
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or not _prints_at_top_level(cell.source):
            continue
        kinds = {o.output_type for o in cell.outputs}
        streams = {o.get("name") for o in cell.outputs if o.output_type == "stream"}
        assert "error" in kinds or "stdout" in streams, (
            f"cell {index} prints but has no stored stdout (outputs stripped?): "
            + FIX.format(path.stem[:2]))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids)
def test_stored_errors_match_raises_exception_tags(path):
    nb = _read(path)
    wrong = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        tagged = nbsource.RAISES in nbsource.tags_of(cell)
        errored = any(o.output_type == "error" for o in cell.outputs)
        if tagged != errored:
            what = "tagged raises-exception but stores no error" if tagged else \
                "stores an error but is not tagged raises-exception"
            wrong.append(f"cell {index} {what}")
    assert not wrong, "; ".join(wrong)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids)
def test_no_widget_state_blob(path):
    """Widget state is a few KB of churn per build and goes stale: build without it."""
    assert "widgets" not in _read(path).metadata, FIX.format(path.stem[:2])
