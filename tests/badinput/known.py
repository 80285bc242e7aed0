"""Leak classes (function: kind) known today: minigrad lets a NumPy or Python-internal
error, or a NumPy warning, reach the user where torch 2.13 raises its own error or is silent.

Each entry: key -> (reproducer, what happens). The fuzz test fails on a key missing here; the
strict-xfail test of each entry fails once its reproducer stops leaking, so the fixed entry
must be removed. Written by `python -m badinput 10000 --write-known` (from tests/), then kept
by hand.
"""
# ruff: noqa: E501
KNOWN_LEAKS = {
    'Tensor.expand: numpy': ('s.expand((-2, 3))',
        'minigrad ValueError: all elements of broadcast shape must be non-negative; torch RuntimeError: numel: integer multiplication overflow'),
    # found by random runs (MINIGRAD_BADINPUT_RANDOM=1, 20,000 calls)
    'imul: numpy-warning': ("t = z.clone()\nt *= float('inf')",
        'minigrad invalid value encountered in multiply; torch returns'),
}
