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
KNOWN_LEAKS = {
    # found by a random run (MINIGRAD_BADINPUT_RANDOM=1, 5,000 calls); Tensor.size lives in
    # _tensor_base.py, outside this fuzzer's fixes
    'Tensor.size: python': ('s.size(-1)',
        "minigrad IndexError: tuple index out of range; torch IndexError: Dimension specified as -1 but tensor has no dimensions"),
}

KNOWN_DIVERGENCES = {
    "c.exp(c)": "Tensor methods torch binds as C methods without arguments (exp, tanh, t, detach, item, ...): torch says 'TensorBase.exp() takes no arguments (1 given)', Python words minigrad's binding error; a translating wrapper costs about 0.2-0.3 us on every call of these hot methods",
    "b.mul()": "Tensor methods without an argument-binding wrapper (mul, sub, equal, new_full, ...): Python's missing/unexpected-argument message names TensorMethods.mul() and quotes names its own way (same cost reason)",
    "c.float(None)": "dtype-conversion methods (float, long, bool, half, ...) accept a positional argument torch's parser refuses ('float() takes 0 positional arguments but 1 was given')",
    "torch.softmax(c, dtype=torch.float64)": "torch.softmax/log_softmax are the C functions (dim required) while minigrad's are nn.functional's (dim optional, with the deprecation warning)",
    "F.linear()": "nn.functional functions torch binds in C: Python words the missing-argument error ('missing 2 required positional arguments: 'input' and 'weight'')",
    "torch.Size([s, s])": "torch.Size checks its items are ints ('torch.Size() takes an iterable of 'int' (item 0 is 'Tensor')'); minigrad's accepts them",
    "b < 2**63": "an int in [2**63, 2**64) is a uint64 to torch, compared after wrapping; minigrad compares its value",
    "torch.neg(1, keepdim=1)": "single-overload functions: torch's parser checks argument types before unknown keywords; the binding translation reports the keyword",
}
