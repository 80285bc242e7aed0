"""Bad input decided after argument parsing: value, shape and dtype checks, and the values of
calls torch accepts although they look wrong (bitwise operators, a Number first, view(dtype)).

Differential cases: notebook-style cells run under torch 2.13 and under minigrad; the
transcripts must match (see difftest.py). Found by the bad-input fuzzer (tests/badinput).
Argument-parser messages ("must be Tensor, not int", "invalid combination of arguments") are
in tests/test_bad_input.py and tests/test_op_messages.py.
"""

import pytest

from difftest import assert_same, regression, requires_torch

pytestmark = requires_torch

SETUP = """\
import numpy as np
F = torch.nn.functional
a = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
v = torch.tensor([1., -2., 3.])
b = torch.tensor([1, 2, 3])
s = torch.tensor(2.)
e = torch.tensor([])
bo = torch.tensor([True, False, True])
c = torch.arange(24.).reshape(2, 3, 4)
g = torch.tensor([1., 2., 3.], requires_grad=True)"""

REGRESSIONS = [
    # ---- & | ^ are bitwise: integer results, refused for floating operands ---------------
    regression(
        "bitwise_operators",
        SETUP,
        "b & bo", "b | 2", "b ^ b", "bo & True", "bo | bo", "3 & b", "True ^ bo",
        "torch.tensor([[1, 2]]) | torch.tensor(1)",
        "b & b.reshape(3, 1)", "torch.bitwise_xor(b, 6)",
        "v & v", "b | 2.5", "2.5 & b", "bo & np.bool_(True)", "np.bool_(True) & bo",
        "b & e", "bo & 2 ** 63", "b | 2 ** 63", "b & 1j", "b & 'x'", "~v",
    ),
    # ---- a Number where torch's first Tensor argument goes -------------------------------
    regression(
        "number_first_operands",
        SETUP,
        "torch.add(2, v)", "torch.add(2, b)", "torch.add(2.5, b)", "torch.add(True, bo)",
        "torch.mul(True, a)", "torch.add(np.float64(2.0), v)", "torch.add(np.int64(3), b)",
        "torch.sub(2, v)", "torch.div(2, v)", "torch.mul(2, g)", "torch.pow(2, g)",
        "torch.pow(np.bool_(True), v)", "torch.add(2, g, alpha=2)", "torch.sub(2, 2)",
        "torch.add(2, 2.5)", "torch.sub(True, v)", "torch.add(2, 'x')",
        "torch.mul(2, np.array(2.0))",
        "-1 % b", "2.5 % v", "np.int64(3) % b",
        "g - np.bool_(True)", "bo ** np.bool_(True)",
    ),
    regression(
        "reflected_operators_decline_other_types",
        SETUP,
        "[v, v] + a", "range(3) * v", "object() * g", "'x' * v", "(1, 2) - v", "None / v",
        "{} ** v", "np.array(2.0) * g", "2 * g", "True * v",
    ),
    regression(
        "alpha_and_rounding_modes",
        SETUP,
        "torch.add(b, -0.0, alpha=np.float32(0.5))", "torch.add(b, v, alpha=0.5)",
        "torch.add(b, b, alpha=0.5)", "torch.add(b, 2, alpha=0.5)", "torch.sub(b, 2.5, alpha=0.5)",
        "torch.add(s, a, alpha=s)", "torch.add(b, b, alpha=v[0])",
        "bo % bo", "torch.remainder(bo, True)",
        "t = torch.div(g, 2, rounding_mode='floor')\nt.sum().backward()\nt, g.grad",
        "torch.div(bo, bo, rounding_mode='trunc')", "torch.div(bo, 2, rounding_mode='trunc')",
        "torch.div(b, v, rounding_mode='floor')",
    ),
    # ---- in-place operators: **= exists, other types get Python's own error --------------
    regression(
        "augmented_assignment",
        SETUP,
        "t = b.clone()\nt **= b\nt",
        "t = g.clone()\nt **= 2\nt",
        "t = g.clone()\nt **= g\nt",
        "t = bo.clone()\nt **= s",
        "t = b.clone()\nt **= -0.0",
        "t = bo.clone()\nt **= 0",
        "t = s.clone()\nt **= slice(0, 2)",
        "t = v.clone()\nt += ...",
        "t = g.clone()\nt *= None",
        "t = v.clone()\nt /= 'x'",
    ),
    regression(
        "copy_fill_and_setitem_values",
        SETUP,
        "t = bo.clone()\nt.copy_(2)\nt",
        "t = a.clone()\nt.copy_(2.5)\nt",
        "t = (g * 2).clone()\nt.copy_(0)\nt",
        "t = b.clone()\nt.copy_(2.7)\nt",
        "t = s.clone()\nt.copy_(np.bool_(True))\nt",
        "t = s.clone()\nt.copy_(np.array(2.0))",
        "t = v.clone()\nt[0] = [1., 2.]",
        "t = v.clone()\nt[0] = np.float32(0.5)",
        "t = v.clone()\nt[0] = np.int64(1)\nt",
        "t = v.clone()\nt[0] = np.array(2.0)",
        "t = v.clone()\nt[5] = None",
        "t = v.clone()\nt[0] = 'x'",
        "t = v.clone()\nt[0] = 1j",
        "t = v.clone()\nt[0] = 2 ** 63",
        "t = b.clone()\nt[0] = float('nan')",
        "t = v.clone()\nt[0] = 1e300",
        "t = b.clone()\nt.fill_(2 ** 63)",
        "t = b.int()\nt.fill_(1j)",
        "t = bo.clone()\nt.fill_(1j)\nt",
        "t = b.clone()\nt.fill_(float('inf'))",
    ),
    # ---- requires_grad, grad and data assignments ----------------------------------------
    regression(
        "attribute_assignments",
        SETUP,
        "t = v.clone()\nt.requires_grad = 1",
        "t = v.clone()\nt.requires_grad = s",
        "t = v.clone()\nt.requires_grad = np.bool_(True)",
        "t = s.clone().requires_grad_()\nt.grad = b",
        "t = s.clone().requires_grad_()\nt.grad = np.float32(0.5)",
        "t = v.clone()\nt.data = np.float64(2.0)",
        "torch.from_numpy(np.int64(3))",
        "torch.nn.Parameter(np.float32(0.5))",
        "torch.nn.Parameter(torch.float32)",
        "torch.nn.Linear(2, 2).register_parameter(torch.float32, None)",
        "torch.float32 * torch.float32", "2.5 | torch.float32", "abs(torch.float32)",
        "type(torch.float32)",
    ),
    # ---- view(dtype) reinterprets the bytes; type() -----------------------------------
    regression(
        "view_dtype_and_type",
        SETUP,
        "a.view(torch.int32)", "a.view(torch.int64)", "a.view(float)", "s.view(torch.bool)",
        "s.view(torch.int32)", "torch.ones(2, 4).view(torch.float64)",
        "torch.ones(2, 4).view(torch.int16)", "torch.ones(2, 4)[:, 1:3].view(torch.float64)",
        "a.t().view(torch.bool)", "torch.zeros(3, 2).t()[:1].view(torch.float64)",
        "torch.zeros(3, 4).t()[:2].view(torch.int16)", "e.view(torch.int64)",
        "g.view(torch.float32).requires_grad", "a.view(None)", "a.view('a')",
        "a.type(None)", "a.type(int)", "a.type(torch.Tensor)", "b.type(torch.Tensor)",
        "a.type('float32')", "a.type(np.float32)", "a.type('torch.DoubleTensor')",
        "a.type(torch.FloatTensor)", "a.type(torch.nn.Parameter)", "a.type(3)",
    ),
    # ---- broadcasting, promotion and order of checks in binary reductions and clamp -------
    regression(
        "maximum_and_clamp",
        SETUP,
        "torch.maximum(c, b)", "torch.maximum(s, b)", "torch.max(a, c)", "torch.max(g, b)",
        "torch.clamp(e, b, b)", "torch.clamp(v, -5, s)", "torch.clamp(a, s, np.bool_(True))",
        "torch.clamp(b, v, v)", "torch.clamp(b, s)", "torch.clamp(a, v.reshape(3, 1))",
        "t = torch.clamp(g, s, b)\nt.sum().backward()\ng.grad",
    ),
    regression(
        "reductions_and_rounding",
        SETUP,
        "bo.argmax()", "bo.argmin(0)", "bo.argmax(np.int64(1))", "e.argmax()", "e.argmin(0)",
        "torch.zeros(0, 3).argmax(1)", "torch.zeros(2, 0).max(-1)", "e.sum(np.int64(1))",
        "e.mean()", "a.mean(())", "a.mean([])", "g.mean(())",
        "v.sum(dtype=int)", "a.sum(dtype=bool)", "g.sum(dtype=int)", "g.sum(0, dtype=torch.int64)",
        "bo.sign()", "torch.tensor([float('nan'), -2., 0.]).sign()", "bo.round()", "bo.floor()",
        "bo.ceil()", "b.round()",
    ),
    regression(
        "narrow_squeeze_flatten",
        SETUP,
        "v.narrow(0, 2, 3)", "v.narrow(0, -1, 3)", "v.narrow(0, 4, 0)", "v.narrow(0, -4, 1)",
        "v.narrow(0, 0, -1)", "v.narrow(0, 3, 0)", "s.narrow(-1, 0, 0)", "v.narrow(2, 0, 1)",
        "e.squeeze((0, 0))", "v.squeeze((0, -1))", "s.flatten(1)", "s.flatten(-1, 0)",
        "a.flatten(1, 0)",
    ),
    regression(
        "mask_expand_and_stack_messages",
        SETUP,
        "a[:, torch.tensor([True, False])]", "c[0, torch.tensor([True])]", "a[bo]",
        "a[:1, torch.tensor([True])]", "a[None, torch.tensor([True])]",
        "a[..., torch.tensor([True, False])]", "c.expand(2, 1, 3)", "a.expand(1, 6)",
        "torch.zeros(3, 1).expand(-1, 5, 2)", "torch.stack([a, v], 3)", "torch.stack([a, v], -4)",
        "e[a > 2]", "t = b.clone()\nt[a > 2] = -0.0", "v['a']", "v[np.float64(1.)]",
        "a.view(-2, 3)", "a.reshape(3, -2)",
        "x = torch.zeros(2, 3)\nx[0] = torch.ones(2)", "x[:, 0] = torch.ones(3)",
        "x[None] = torch.ones(2, 2)", "x[0] = torch.ones(1, 2, 3)",
        "y = torch.zeros(2, 3, requires_grad=True)\ny[0] = torch.ones(2)",
        "x[0] = torch.tensor([[[1., 2., 3.]]])\nx",
    ),
    regression(
        "products_complex_and_casts",
        SETUP,
        "v @ torch.ones(2, 3)", "b @ torch.ones(2, 2)", "v @ torch.ones(2, 3, dtype=torch.float64)",
        "torch.bmm(torch.ones(2, 2, 3), torch.ones(3, 3, 2))",
        "torch.bmm(torch.ones(2, 2, 3), torch.ones(2, 2, 2, dtype=torch.float64))",
        "torch.mv(s, a)", "torch.mv(a, s)",
        "t = a.clone()\nt += 1j", "t = b.clone()\nt.add_(1j)", "t = v.clone()\nt **= 1j",
        "t = v.clone()\nt /= 1j", "torch.clamp(c, 2, 1j)", "torch.clamp(v, 1j)",
        "torch.tensor([float('nan'), float('inf')]).long()",
        "torch.tensor([1e300, 2.], dtype=torch.float64).float()", "torch.tensor([1e10]).int()",
        "bo ** True", "bo ** False", "bo ** 2.0", "2 ** bo", "True ** bo", "bo ** bo",
        "True ** b", "bo ** b",
    ),
    # ---- losses --------------------------------------------------------------------------
    regression(
        "mse_loss_checks",
        SETUP,
        "F.mse_loss(g, (1, 2))", "F.mse_loss(2, a)", "torch.nn.MSELoss()(None, bo)",
        "torch.nn.MSELoss()(True, np.bool_(True))", "torch.nn.MSELoss()(bo, bo)",
        "F.mse_loss(bo, b)", "F.mse_loss(g, b)", "F.mse_loss(e, e)",
    ),
    regression(
        "cross_entropy_with_probabilities",
        SETUP,
        "F.cross_entropy(v, g)",
        "x = torch.tensor([[1., 2., 0.5], [0.3, -1., 2.]], requires_grad=True)\n"
        "p = torch.tensor([[0.1, 0.2, 0.7], [0.5, 0.5, 0.]])\n"
        "loss = F.cross_entropy(x, p)\nloss.backward()\nloss, x.grad",
        "F.cross_entropy(x, p, reduction='none')", "F.cross_entropy(x, p, reduction='sum')",
        "F.cross_entropy(torch.zeros(0, 3), torch.zeros(0, 3))",
        "F.cross_entropy(x, p, ignore_index=1)", "F.cross_entropy(x, p.double())",
        "F.cross_entropy(torch.zeros(2, 3, 4), torch.full((2, 3, 4), 0.25))",
        "F.cross_entropy(b, g)", "F.cross_entropy(v, bo)", "F.cross_entropy(x, p, reduction='x')",
    ),
    regression(
        "nll_and_cross_entropy_check_order",
        SETUP,
        "F.cross_entropy(g * 2, a)", "F.cross_entropy(torch.ones(2, 2), g)",
        "F.cross_entropy(e, g)", "F.nll_loss(torch.zeros(3), torch.zeros(2, dtype=torch.long))",
        "F.nll_loss(torch.tensor(1.), torch.tensor(1))",
        "F.nll_loss(torch.zeros(2, 3), torch.zeros(2, 3, dtype=torch.long))",
        "F.cross_entropy(torch.zeros(2, 3, 4), torch.zeros(2, 4))",
        "F.cross_entropy(torch.zeros(2, 3, 4), torch.zeros(2, 5, dtype=torch.long))",
        "F.log_softmax(e, 0)", "F.softmax(torch.zeros(2, 0), 0)",
    ),
    # ---- tensor() data -------------------------------------------------------------------
    regression(
        "tensor_data_inference",
        SETUP,
        "torch.tensor(np.float64(2.5))", "torch.tensor(np.int32(2))",
        "torch.tensor([np.float64(2.5), 1])", "torch.tensor([True, np.int8(3)])",
        "torch.as_tensor(np.float64(2.5))", "torch.tensor([s.double(), 1.])",
        "torch.tensor(range(3))", "torch.tensor([range(2), range(2)])", "torch.Tensor(range(3))",
        "torch.tensor([s, s])", "torch.tensor([a, a])", "torch.tensor([1., v])",
        "torch.tensor([a, a], dtype=bool)", "torch.tensor(2 ** 63)", "torch.tensor([2 ** 63, 1.5])",
        "torch.tensor({'a': 1})", "torch.tensor(object())", "torch.tensor([1, None])",
        "torch.tensor({'a': 1}, dtype=torch.float32)", "torch.tensor(set(), dtype=torch.int64)",
        "torch.tensor(None, dtype=torch.float32)", "torch.tensor([1, 'a'], dtype=torch.int64)",
        "torch.tensor(range(3), requires_grad=True)", "torch.Tensor('abc')",
    ),
    regression(
        "sizes_and_layers",
        "import warnings\nimport numpy as np",
        "torch.zeros((-1, -1))", "torch.zeros(2, -3)", "torch.ones(-1)",
        "torch.tensor([1.]).new_zeros(-1)", "torch.empty(2, True).shape",
        "with warnings.catch_warnings():\n"
        "    warnings.simplefilter('ignore')\n"
        "    lin = torch.nn.Linear(True, 0)\n"
        "    conv = torch.nn.Conv2d(True, 0, True)\n"
        "lin, lin.weight.shape, conv.weight.shape",
        "torch.nn.Conv2d(-1, -5, True)", "torch.nn.Conv2d(2, 2, np.int64(3)).weight.shape",
        "torch.nn.Conv2d(torch.tensor(2.), 2, 3)",
    ),
    # ---- backward's arguments ------------------------------------------------------------
    # ---- random factories, seeds and ranges ----------------------------------------------
    regression(
        "manual_seed_reads_negative_seeds_as_unsigned",
        "torch.manual_seed(-5)\ntorch.initial_seed()",
        "torch.manual_seed(np.int64(-3))\ntorch.initial_seed()",
        "torch.manual_seed(2 ** 64 - 1)\ntorch.initial_seed()",
        "torch.manual_seed(2 ** 64)", "torch.manual_seed(-2 ** 63 - 1)",
    ),
    regression(
        "randint_bounds_fit_int64_and_the_dtype",
        "torch.randint(2**63, (3,), dtype=torch.int32)", "torch.randint(-2**63 - 1, 3, (2,))",
        "torch.randint(3, (0,), dtype=torch.bool)", "torch.randint(300, (2,), dtype=torch.uint8)",
        "torch.randint(-1, 5, (2,), dtype=torch.uint8)",
        "torch.randint(2**40, (2,), dtype=torch.int32)",
        "torch.randint(5, 3, (2,), dtype=torch.uint8)",
        "torch.randint(2**30, (2,), dtype=torch.float16)",
        "torch.randint(2, (2,), dtype=torch.bool).shape",
        "torch.randint_like(torch.ones(2), torch.ones(2))",
        "torch.randint_like(torch.ones(2), torch.tensor(3)).shape",
    ),
    regression(
        "ranges_of_bool_and_integer_dtypes",
        "torch.arange(True, dtype=torch.bool)", "torch.arange(float('inf'), dtype=bool)",
        "torch.linspace(0, 3.5e38, 3, dtype=bool)", "torch.linspace(0, 1, 1, dtype=torch.bool)",
        "torch.linspace(0, 1, 0, dtype=torch.bool)",
        "torch.arange(np.float32(0.5), dtype=int)", "torch.arange(0.5, dtype=torch.int32)",
        "torch.arange(0, 2.5, 0.5, dtype=torch.int64)",
        "torch.arange(0, 2.5, 0.5, dtype=torch.int32)",
        "torch.arange(0.5, 3.7, dtype=torch.int64)", "torch.arange(0.5, 3.7, dtype=torch.int16)",
        "torch.arange(5.9, -3, -2.5, dtype=torch.int64)", "torch.arange(3.7, dtype=torch.uint8)",
    ),
    regression(
        "random_fills_are_recorded_in_place_ops",
        SETUP,
        "h = g * 2\nr = h.normal_(-1)\n(tuple(r.shape), r.grad_fn.name())",
        "h = g * 2\nh.uniform_()\nh.sum().backward()\ng.grad",
        "g.normal_()", "s.clone().normal_(v)", "b.float().normal_(0, 'x')",
        "a.uniform_(object())", "torch.ones(2).normal_(torch.tensor(1.)).shape",
    ),
    regression(
        "backward_argument_checks",
        SETUP,
        "(g * 2).sum().backward([])", "(g * 2).sum().backward(inputs=[])",
        "(g * 2).sum().backward(inputs=g.detach())", "(g * 2).sum().backward(inputs=[g, 1])",
        "torch.autograd.grad((g * 2).sum(), [g, 1])", "(g * 2).sum().backward(1.0)",
        "g.backward([None])", "torch.autograd.backward((g.detach() * 2).sum(), torch.ones(3))",
        "torch.autograd.backward([(g * 2).sum(), g.sum()], torch.tensor(1.))",
        "torch.autograd.backward(g.sum(), 'x')",
        "torch.autograd.grad(a.sum(), a, grad_outputs=torch.ones(3))",
        "(g * 2).backward([torch.ones(3)])\ng.grad",
    ),
]


@pytest.mark.parametrize("cells", REGRESSIONS)
def test_regression(cells):
    assert_same(cells)
