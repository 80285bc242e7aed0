"""What the bad-input fuzzer knows it will find today.

``KNOWN_LEAKS``: leak classes (function: kind) where minigrad lets a NumPy or Python-internal
error, or a NumPy warning, reach the user where torch 2.13 raises its own error or is silent.
Each entry: key -> (reproducer, what happens). The fuzz test fails on a key missing here; the
strict-xfail test of each entry fails once its reproducer stops leaking, so the fixed entry
must be removed. Written by `python -m badinput 10000 --write-known` (from tests/), then kept
by hand. The fixed draw of the wide distribution finds none; random draws may.

``KNOWN_DIVERGENCES``: the classes of other divergences (another message, another type, a
call accepted) left unfixed, each by one reproducer and the reason (a strict xfail each).
"""
# ruff: noqa: E501
KNOWN_LEAKS = {}

KNOWN_DIVERGENCES = {
    "b < 2**63": "an int in [2**63, 2**64) is a uint64 to torch, compared after wrapping; minigrad compares its value",
}
