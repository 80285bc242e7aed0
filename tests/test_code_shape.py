"""The shape of the code a learner reads (issue 19): the core's size, file sizes, and the
reading guide (docs/reading-the-engine.md) answering each newcomer question in at most two
files that really hold what it names."""
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "minigrad"
GUIDE = ROOT / "docs" / "reading-the-engine.md"

# the core a learner reads: the tensor record, storage, and autograd without the modules that
# are torch APIs built on it (functional, variable) or debugging aids (trace, anomaly,
# saved-tensor hooks)
CORE_LIMIT = 1800
NOT_CORE = {"functional.py", "trace.py", "anomaly.py", "variable.py", "saved_hooks.py"}
FILE_LIMIT = 400


def core_files():
    yield PACKAGE / "_tensor.py"
    yield PACKAGE / "_storage.py"
    yield from (p for p in sorted((PACKAGE / "autograd").glob("*.py")) if p.name not in NOT_CORE)


def lines(path):
    return len(path.read_text(encoding="utf-8").splitlines())


def test_the_core_fits_its_budget():
    sizes = {p.relative_to(PACKAGE).as_posix(): lines(p) for p in core_files()}
    assert sum(sizes.values()) <= CORE_LIMIT, sizes


def test_no_library_file_is_over_the_limit():
    big = {p.relative_to(ROOT).as_posix(): lines(p) for p in PACKAGE.rglob("*.py")
           if lines(p) > FILE_LIMIT}
    assert not big


def guide_sections():
    """{heading: body} for the numbered questions of the guide."""
    text = GUIDE.read_text(encoding="utf-8")
    parts = re.split(r"^## (.*)$", text, flags=re.M)
    return {h: body for h, body in zip(parts[1::2], parts[2::2]) if re.match(r"\d\. ", h)}


def test_the_guide_answers_five_questions():
    assert len(guide_sections()) == 5


@pytest.mark.parametrize("heading", list(guide_sections()))
def test_each_answer_reads_at_most_two_files_that_hold_what_it_names(heading):
    body = guide_sections()[heading]
    files = re.findall(r"\*\*`(minigrad/[\w/]+\.py)`\*\*", body)
    assert 1 <= len(set(files)) <= 2, files
    sources = ""
    for f in files:
        assert (ROOT / f).is_file(), f
        sources += (ROOT / f).read_text(encoding="utf-8")
    # every code name the answer mentions (Tensor.detach, SavedTensor.unpack, s_result...)
    # is defined or used in the files it sends the reader to
    for name in re.findall(r"`([A-Za-z_][\w.]*)(?:\(\))?`", body):
        if "/" in name or name.endswith(".py"):
            continue
        last = name.rsplit(".", 1)[-1]
        assert re.search(rf"\b{re.escape(last)}\b", sources), (heading, name)


@pytest.mark.parametrize("page", ["README.md", "notebooks/06_under_the_hood.ipynb",
                                  "notebooks/zh/06_under_the_hood.ipynb"])
def test_the_guide_is_linked(page):
    assert "reading-the-engine.md" in (ROOT / page).read_text(encoding="utf-8")
