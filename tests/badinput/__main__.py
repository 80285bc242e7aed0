"""`python -m badinput [EXAMPLES] [--random] [--write-known]` from tests/: run the fuzzer and
print the classification table; --write-known rewrites known.py from the leak classes found."""
import sys
from pathlib import Path

from .fuzz import run_fuzz

HEADER = '''"""Leak classes (function: kind) known today: minigrad lets a NumPy or Python-internal
error, or a NumPy warning, reach the user where torch 2.13 raises its own error or is silent.

Each entry: key -> (reproducer, what happens). The fuzz test fails on a key missing here; the
strict-xfail test of each entry fails once its reproducer stops leaking, so the fixed entry
must be removed. Written by `python -m badinput 10000 --write-known` (from tests/), then kept
by hand.
"""
# ruff: noqa: E501
KNOWN_LEAKS = {
'''


def _short(text, limit=150):
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def write_known(tally):
    lines = [HEADER]
    for key in sorted(tally.reproducers):
        src, detail, torch_did = tally.reproducers[key]
        reason = _short(f"minigrad {detail.split(' [')[0]}; torch {torch_did}")
        lines.append(f"    {key!r}: ({src!r},\n        {reason!r}),\n")
    lines.append("}\n")
    Path(__file__).with_name("known.py").write_text("".join(lines))


def main(argv):
    examples = int(argv[0]) if argv and argv[0].isdigit() else 5000
    tally = run_fuzz(examples, derandomize="--random" not in argv)
    print(tally.table())
    for cls, rows in sorted(tally.samples.items()):
        print(f"examples of {cls}:")
        for name, src, detail in rows:
            print(f"  {name}: {src!r}\n      {detail}")
    if "--write-known" in argv:
        write_known(tally)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
