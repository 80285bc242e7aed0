"""The experiments behind notebook 04's and 05's quizzes print what real torch prints.

A collapsed cell below a quiz may not show printed text (tests/test_quiz_collapse.py), so these
notebooks print their experiments only inside the quizzes' ``run=`` functions, which live in
``minigrad-only`` cells that the parity run skips. Here each notebook's code runs twice, once
with minigrad and once with torch as ``torch``, with a stand-in ``viz`` whose ``quiz`` calls
``run``; the two transcripts must agree (``minigrad`` read as ``torch``)."""
import contextlib
import io

import nbsource
import pytest

torch_real = pytest.importorskip("torch")
pytestmark = pytest.mark.notebooks

NOTEBOOKS = ("04_no_grad", "05_inplace_and_versions")


class _QuizRunner:
    """Stands in for minigrad.viz: quiz(key, run) runs the experiment, the rest does nothing."""

    def __init__(self, out):
        self.out = out

    def quiz(self, key, run):
        self.out.write(f"== {key}\n")
        try:
            with contextlib.redirect_stdout(self.out):
                run()
        except Exception as err:          # an experiment that raises is part of the answer
            self.out.write(f"{type(err).__name__}: {err}\n")

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def _transcript(name, module):
    cells = [c for c in nbsource.read_source(nbsource.notebooks_dir() / "src" / f"{name}.py").cells
             if c.cell_type == "code"]
    out = io.StringIO()
    ns = {"__name__": "__main__", "viz": _QuizRunner(out)}
    for cell in cells:
        if "from minigrad import viz" in cell.source:
            continue
        if nbsource.MINIGRAD_ONLY in nbsource.tags_of(cell) and "viz.quiz(" not in cell.source:
            continue
        code = cell.source.replace("import minigrad as torch", "torch = __torch__")
        ns["__torch__"] = module
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            try:
                exec(compile(code, f"<{name}>", "exec"), ns)
            except Exception:                 # the lessons' error cells raise on purpose
                pass
    return out.getvalue().replace("minigrad", "torch")


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_quiz_experiments_match_torch(name):
    import minigrad
    ours, theirs = _transcript(name, minigrad), _transcript(name, torch_real)
    assert ours.count("== ") >= 6
    assert ours == theirs
