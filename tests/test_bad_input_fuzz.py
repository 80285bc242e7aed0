"""The bad-input differential fuzzer (tests/badinput/) as tests.

* ``test_no_new_leak_class``: a derandomized run of the wide distribution
  (``MINIGRAD_BADINPUT_EXAMPLES`` calls, default 800, about 15 s, shared with the target tests;
  ``make fuzz`` runs 10,000 new calls;
  ``MINIGRAD_BADINPUT_RANDOM=1`` draws new calls, and is how rarer leak classes are found).
  It fails when minigrad lets a NumPy or Python-internal error, or a NumPy warning, out of a
  function where that leak class is not in ``badinput.known.KNOWN_LEAKS``. Run with ``-s`` to
  see the classification table.
* ``test_known_leak``: one strict xfail per known leak class, running its reproducer; once the
  leak is fixed the test XPASSes, which fails the run until the entry is removed;
  ``test_known_divergence`` likewise for the classes of other divergences not fixed.
* ``test_behaves_as_torch``: issue 20's targets on this run's draw: the fixed one in
  ``make test``, new calls in ``make fuzz`` (``MINIGRAD_BADINPUT_RANDOM=1``).
"""
import functools
import os

import pytest

from badinput.classify import compare, leak_key
from badinput.fuzz import run_fuzz
from badinput.known import KNOWN_DIVERGENCES, KNOWN_LEAKS
from difftest import requires_torch

pytestmark = requires_torch

EXAMPLES = int(os.environ.get("MINIGRAD_BADINPUT_EXAMPLES")
               or os.environ.get("MINIGRAD_FUZZ_EXAMPLES") or 800)
RANDOM = bool(os.environ.get("MINIGRAD_BADINPUT_RANDOM"))


@functools.lru_cache(maxsize=None)
def _tally(derandomize):
    """One run per session and kind of draw (the tests below share it)."""
    return run_fuzz(EXAMPLES, derandomize=derandomize)


def test_no_new_leak_class():
    tally = _tally(not RANDOM)
    print("\n" + tally.table())
    assert tally.total >= EXAMPLES * 0.95         # hypothesis ran (almost) every call asked
    assert tally.counts["same"] > tally.total * 0.3   # the harness compares something real
    new = {key: tally.reproducers[key] for key in tally.leaks if key not in KNOWN_LEAKS}
    assert not new, "new leak classes (fix them, or list them in badinput/known.py):\n" + \
        "\n".join(f"{key}: {src!r}\n    minigrad {detail}\n    torch {torch_did}"
                  for key, (src, detail, torch_did) in new.items())


def test_behaves_as_torch():
    """Issue 20's targets on this run's draw of the wide distribution (the derandomized one,
    the same calls on every machine, unless MINIGRAD_BADINPUT_RANDOM asks for new calls): no
    leak and no NumPy warning at all, fewer than 1 % accepted where torch raises, and at
    least 95 % of calls exactly as torch."""
    tally = _tally(not RANDOM)
    counts, total = tally.counts, tally.total
    assert counts["leak"] == 0 and counts["numpy-warning"] == 0, tally.table()
    assert counts["accepted"] < 0.01 * total, tally.table()
    assert counts["same"] >= 0.95 * total, tally.table()


@pytest.mark.parametrize(
    "source", [pytest.param(src, marks=pytest.mark.xfail(strict=True, reason=reason))
               for src, reason in KNOWN_DIVERGENCES.items()])
def test_known_divergence(source):
    """Each class of divergence that is not fixed, by one reproducer: it fails until the
    reproducer behaves as torch (then the strict xfail fails: remove the entry)."""
    cls, t, m = compare(source)
    assert cls == "same", f"{cls}: torch {t.exc_type}: {t.message} | minigrad {m.exc_type}: " \
        f"{m.message}"


# one strict xfail per leak class left unfixed (none today: pytest would report an empty
# parameter list as a skip, so the test exists only while the table has entries)
if KNOWN_LEAKS:
    @pytest.mark.parametrize(
        "key", [pytest.param(key, marks=pytest.mark.xfail(strict=True, reason=reason))
                for key, (_, reason) in sorted(KNOWN_LEAKS.items())])
    def test_known_leak(key):
        source = KNOWN_LEAKS[key][0]
        name = key.split(": ")[0]
        cls, t, m = compare(source)
        assert cls not in ("leak", "numpy-warning"), f"{leak_key(name, m)}: {source}"


@pytest.mark.parametrize("source, expected", [
    ("a.unsqueeze((0, 1))", "leak"),         # '<=' not supported between 'int' and 'tuple'
    ("a + a", "same"),
    ("torch.tensor([[1, 2], [3]])", "same"),
    ("a.sum(5)", "same"),
])
def test_classifier_on_fixed_examples(source, expected):
    """The classifier itself: a known leak is a leak, agreeing calls are 'same'."""
    if expected == "leak" and "Tensor.unsqueeze: python" not in KNOWN_LEAKS:
        expected = "same"                     # fixed meanwhile: then it must agree with torch
    assert compare(source)[0] == expected
