"""The table of what `make test-fast` leaves out (tests/conftest.py) names tests that exist: a
renamed test would silently come back into the quick run, or a listed case silently leave it."""

import re
from pathlib import Path

import pytest
from conftest import FAST_CASES, SAMPLED, SLOW

TESTS = Path(__file__).resolve().parent


def _split(entry):
    m = re.fullmatch(r"(?P<file>[\w.]+\.py)(?:::(?P<test>\w+))?(?:\[(?P<case>.+)\])?", entry)
    assert m, f"not file.py, file.py::test or file.py::test[case]: {entry!r}"
    return m["file"], m["test"], m["case"]


@pytest.mark.parametrize("entry", [*SLOW, *FAST_CASES, *SAMPLED])
def test_each_entry_names_an_existing_test(entry):
    file, test, _ = _split(entry)
    path = TESTS / file
    assert path.exists(), f"{entry}: no tests/{file}"
    if test:
        assert re.search(rf"^def {test}\(", path.read_text(encoding="utf-8"), re.MULTILINE), \
            f"{entry}: no test {test} in tests/{file}"


def test_the_kept_cases_are_real_cases(pytestconfig):
    """Each case test-fast keeps is one pytest collects (checked on the collected items when
    the test runs in a session that collected its file)."""
    collected = {}
    for item in pytestconfig.pluginmanager.get_plugin("session").items:
        if getattr(item, "callspec", None):
            collected.setdefault(f"{item.path.name}::{item.originalname}", set()).add(
                item.callspec.id)
    checked = [test for test in FAST_CASES if test in collected]
    if not checked:
        pytest.skip("none of the files with listed cases was collected in this run")
    for test in checked:
        assert set(FAST_CASES[test]) <= collected[test], test
