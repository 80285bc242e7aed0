"""Leak classes (function: kind) known today: minigrad lets a NumPy or Python-internal
error, or a NumPy warning, reach the user where torch 2.13 raises its own error or is silent.

Each entry: key -> (reproducer, what happens). The fuzz test fails on a key missing here; the
strict-xfail test of each entry fails once its reproducer stops leaking, so the fixed entry
must be removed. Written by `python -m badinput 10000 --write-known` (from tests/), then kept
by hand.
"""
# ruff: noqa: E501
KNOWN_LEAKS = {
    'F.cross_entropy: numpy': ('F.cross_entropy(e, g)',
        'minigrad ValueError: zero-size array to reduction operation maximum which has no identity; torch RuntimeError: expected target dtype to be Long or ...'),
    'F.mse_loss: numpy': ('F.mse_loss(bo, bo)',
        'minigrad TypeError: numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function ...'),
    'F.mse_loss: numpy-warning': ('F.mse_loss(s, e)',
        'minigrad Using a target size (torch.Size([0])) that is different to the input size (torch.Size([])). This will likely lead to incorrect results due...'),
    'Tensor.argmax: numpy': ('e.argmax(0)',
        'minigrad ValueError: attempt to get argmax of an empty sequence; torch IndexError: argmax(): Expected reduction dim 0 to have non-zero size.'),
    'Tensor.expand: numpy': ('s.expand((-2, 3))',
        'minigrad ValueError: all elements of broadcast shape must be non-negative; torch RuntimeError: numel: integer multiplication overflow'),
    'Tensor.fill_: numpy-warning': ('t = v.clone()\nt.fill_(1j)',
        'minigrad Casting complex values to real discards the imaginary part; torch RuntimeError: value cannot be converted to type float without overflow'),
    'Tensor.max: numpy': ('e.max(0)',
        'minigrad ValueError: attempt to get argmax of an empty sequence; torch IndexError: max(): Expected reduction dim 0 to have non-zero size.'),
    'Tensor.mean/all: numpy-warning': ('e.mean()',
        'minigrad Mean of empty slice; invalid value encountered in divide; torch returns'),
    'Tensor.sign: numpy': ('bo.sign()',
        "minigrad UFuncTypeError: ufunc 'sign' did not contain a loop with signature matching types <class 'numpy.dtypes.BoolDType'> -> None; torch returns"),
    'nn.MSELoss: numpy': ('nn.MSELoss()(bo, bo)',
        'minigrad TypeError: numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function ...'),
    'nn.MSELoss: numpy-warning': ('nn.MSELoss()(e, e)',
        'minigrad Mean of empty slice; invalid value encountered in divide; torch returns'),
    'setitem: numpy-warning': ('t = z.clone()\nt[(..., None)] = 1j',
        'minigrad Casting complex values to real discards the imaginary part; torch RuntimeError: value cannot be converted to type float without overflow'),
    'torch.clamp: numpy': ('torch.clamp(e, b, b)',
        'minigrad ValueError: operands could not be broadcast together with shapes (0,) (3,); torch RuntimeError: The size of tensor a (0) must match the si...'),
    'torch.max/2: numpy': ('torch.max(a, c)',
        'minigrad ValueError: operands could not be broadcast together with shapes (2,3) (2,3,4); torch RuntimeError: The size of tensor a (3) must match th...'),
    'torch.maximum: numpy': ('torch.maximum(c, b)',
        'minigrad ValueError: operands could not be broadcast together with shapes (2,3,4) (3,); torch RuntimeError: The size of tensor a (4) must match the...'),
    # found by random runs (MINIGRAD_BADINPUT_RANDOM=1, 20,000 calls)
    'Tensor.mean: numpy-warning': ('e.mean(None)',
        'minigrad Mean of empty slice; invalid value encountered in divide; torch returns'),
    'imul: numpy-warning': ("t = z.clone()\nt *= float('inf')",
        'minigrad invalid value encountered in multiply; torch returns'),
    # the first reproducers of these keys were fixed by the dim/operand gate; these leaks
    # remain in the reductions, select and index_put_ (found by random runs)
}
