"""The reproductions on the site's error pages (tools/sitegen/error_repros.py) are true.

Each program is run as printed under real torch 2.13, and with ``import minigrad as torch``:
it must raise (or, for the two warning families, warn) with exactly the message the page is
titled with (``minigrad.`` where torch says ``torch.``), and `viz.explain` must put that
message in the page's family. Every family of the catalogue but "unknown" has one.
"""
import warnings

import pytest
from sitegen.error_repros import REPROS
from sitegen.pages import ERROR_KINDS

from difftest import requires_torch
from minigrad import viz
from minigrad.viz.explain import KINDS

LIBS = [pytest.param("torch", marks=requires_torch), "minigrad"]


def _run(code: str, lib: str):
    """(class name, message) of what the program raised, else of the last warning it gave."""
    if lib == "minigrad":
        assert code.startswith("import torch\n")
        code = "import minigrad as torch\n" + code[len("import torch\n"):]
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        try:
            exec(compile(code, "<repro>", "exec"), {"__name__": "repro"})
        except Exception as error:
            return type(error).__name__, str(error)
    if not seen:
        return None, None
    return seen[-1].category.__name__, str(seen[-1].message)


def test_one_reproduction_per_family():
    assert set(REPROS) == set(KINDS) - {"unknown"} == set(ERROR_KINDS)


@pytest.mark.parametrize("lib", LIBS)
@pytest.mark.parametrize("kind", sorted(REPROS))
def test_reproduction_gives_the_exact_message(kind, lib, capsys):
    repro = REPROS[kind]
    raised, message = _run(repro["code"], lib)
    expected = repro["message"]
    if lib == "minigrad":
        expected = expected.replace("torch.", "minigrad.")
    assert raised == repro["raises"], f"{kind} under {lib}: {raised}: {message}"
    assert message == expected


@pytest.mark.parametrize("kind", sorted(REPROS))
def test_explain_puts_the_message_in_its_family(kind):
    # "leaf-moved" has no message of its own: the non-leaf warning is the same text
    expected = "non-leaf-grad" if kind == "leaf-moved" else kind
    assert viz.explain(REPROS[kind]["message"]).kind == expected


def test_programs_are_short_and_import_torch_first():
    for kind, repro in REPROS.items():
        lines = repro["code"].splitlines()
        assert lines[0] == "import torch" and 2 <= len(lines) <= 6, kind
