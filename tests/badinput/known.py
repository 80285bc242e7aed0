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
    'torch.full: numpy': ('torch.full((2, 3), 2**63)',
        'minigrad OverflowError: Python int too large to convert to C long; torch RuntimeError: value cannot be converted to type int64_t without overflow'),
    'sub: python': ('2**63 - b',
        'minigrad OverflowError: Python int too large to convert to C long (rsub with an int beyond int64); torch returns'),
    'torch.arange/3: python': ('torch.arange(s, 2**63, s)',
        'minigrad ValueError: array is too big; torch RuntimeError: Storage size calculation overflowed with sizes=[...]'),
}
