"""Bad input, differentially: every case must fail in minigrad exactly as in torch 2.13.

Each case is a ``setup`` snippet (run first, must succeed) and an ``action`` snippet that
torch refuses. Both run under torch and under minigrad (the name ``torch`` means the library
under test; ``nn`` and ``F`` are its ``nn`` and ``nn.functional``). For minigrad the test
checks that

* the action raises the same exception type as torch, with the same message after
  ``minigrad`` -> ``torch`` (``difftest.normalize``);
* the error is minigrad's own, not NumPy's: the exception class does not come from numpy, the
  innermost traceback frame is not inside numpy, and the message has no NumPy wording
  ("operands could not be broadcast", "numpy", "ndarray", ...);
* every tensor of the namespace (and every parameter of its modules) is unchanged by the
  failed action: shape, dtype, values, ``_version``, ``requires_grad``, ``grad_fn`` and
  ``.grad``. The same is asserted for torch, to keep the cases honest.
"""

from __future__ import annotations

import os
import textwrap
import traceback
import warnings

import numpy as np
import pytest

import minigrad
from difftest import normalize, requires_torch

try:
    import torch
except ImportError:  # the tests skip visibly through requires_torch
    torch = None

pytestmark = requires_torch

NUMPY_DIR = os.path.dirname(np.__file__)
NUMPY_WORDING = ("operands could not be broadcast", "numpy", "ndarray", "could not broadcast",
                 "setting an array element", "inhomogeneous", "AxisError", "axis ",
                 "non-broadcastable output operand", "object arrays are not supported")


def bad(case_id, setup, action, bug=None):
    """A case; ``bug`` marks it xfail(strict) with a diagnosis while minigrad diverges."""
    marks = [pytest.mark.xfail(strict=True, reason=bug)] if bug else []
    return pytest.param(textwrap.dedent(setup).strip("\n"), textwrap.dedent(action).strip("\n"),
                        id=case_id, marks=marks)


X23 = "x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)"
A3 = "a = torch.tensor([1., 2., 3.])"

CASES = [
    # ---- tensor construction: ragged lists, strings, None -----------------------------------
    bad("tensor_ragged_list", "", "torch.tensor([[1, 2], [3]])"),
    bad("tensor_ragged_depth", "", "torch.tensor([[1, 2], 3])"),
    bad("tensor_string", "", "torch.tensor('abc')"),
    bad("tensor_list_of_strings", "", "torch.tensor(['a', 'b'])"),
    bad("tensor_none", "", "torch.tensor(None)"),
    bad("tensor_list_with_none", "", "torch.tensor([1.0, None])"),
    # ---- integer tensors asked to require grad (three messages) -----------------------------
    bad("int_factory_requires_grad", "", "torch.tensor([1, 2], requires_grad=True)"),
    bad("int_requires_grad_", "n = torch.tensor([1, 2])", "n.requires_grad_()"),
    bad("int_requires_grad_setter", "n = torch.tensor([1, 2])", "n.requires_grad = True"),
    bad("bool_zeros_requires_grad", "", "torch.zeros(2, dtype=torch.bool, requires_grad=True)"),
    bad("int_parameter", "", "nn.Parameter(torch.tensor([1, 2]))"),
    # ---- arithmetic with wrong operand types --------------------------------------------------
    bad("add_string", A3, "a + 'x'"),
    bad("add_none", A3, "a + None"),
    bad("radd_none", A3, "None + a"),
    # (torch's `*` declines a list: Python's sequence repeat then asks Tensor.__index__)
    bad("mul_list", A3, "a * [1, 2]"),
    bad("iadd_string", A3, "a += 'x'"),
    # ---- broadcasting ---------------------------------------------------------------------------
    bad("add_shape_mismatch", X23, "x + torch.ones(4)"),
    bad("sub_shape_mismatch", X23, "x - torch.ones(3, 2)"),
    bad("mul_shape_mismatch", X23, "x * torch.ones(2, 2, 2)"),
    bad("div_shape_mismatch", X23, "x / torch.ones(2)"),
    bad("pow_shape_mismatch", X23, "x ** torch.ones(4)"),
    bad("functional_add_shape_mismatch", X23, "torch.add(x, torch.ones(5))"),
    bad("inplace_add_broadcast_grows_output", A3, "a.add_(torch.ones(2, 3))"),
    bad("inplace_mul_shape_mismatch", A3, "a.mul_(torch.ones(4))"),
    bad("iadd_shape_mismatch", A3, "a += torch.ones(2)"),
    bad("nonleaf_inplace_shape_mismatch", X23 + "\ny = x * 2", "y.add_(torch.ones(3, 3))"),
    # ---- matmul / mm / mv / dot -----------------------------------------------------------------
    bad("matmul_2d_2d", X23, "x @ torch.ones(2, 3)"),
    bad("matmul_1d_1d", A3, "a @ torch.ones(4)"),
    bad("matmul_2d_1d", X23, "x @ torch.ones(2)"),
    bad("matmul_1d_2d", A3, "a @ torch.ones(2, 3)"),
    bad("matmul_0d", A3, "torch.tensor(2.) @ a"),
    bad("mm_not_matrix", X23, "torch.mm(x, torch.ones(3))"),
    bad("mm_shape_mismatch", X23, "x.mm(torch.ones(2, 2))"),
    bad("mv_shape_mismatch", X23, "torch.mv(x, torch.ones(2))"),
    bad("mv_not_vector", X23, "x.mv(torch.ones(3, 1))"),
    bad("dot_length_mismatch", A3, "torch.dot(a, torch.ones(2))"),
    bad("dot_not_1d", X23, "torch.dot(x, x)"),
    bad("bmm_batch_mismatch", "", "torch.bmm(torch.ones(2, 2, 3), torch.ones(3, 3, 2))"),
    # ---- view / reshape -----------------------------------------------------------------------
    bad("view_wrong_numel", X23, "x.view(4)"),
    bad("reshape_wrong_numel", X23, "x.reshape(5, -1)"),
    bad("view_two_inferred", X23, "x.view(-1, -1)"),
    bad("view_negative_size", X23, "x.view(-2, 3)"),
    bad("view_non_contiguous", X23, "x.t().view(6)"),
    bad("view_string", X23, "x.view('a')"),
    bad("expand_shrink", X23, "x.expand(2, 2)"),
    bad("expand_too_few_sizes", X23, "x.expand(3)"),
    bad("permute_wrong_length", X23, "x.permute(0)"),
    bad("permute_repeated_dim", X23, "x.permute(0, 0)"),
    # ---- cat / stack --------------------------------------------------------------------------
    bad("cat_shape_mismatch", X23, "torch.cat([x, torch.ones(2, 2)])"),
    bad("cat_rank_mismatch", X23, "torch.cat([x, torch.ones(3)])"),
    bad("cat_empty_list", "", "torch.cat([])"),
    bad("cat_dim_out_of_range", X23, "torch.cat([x, x], dim=2)"),
    bad("cat_not_tensors", X23, "torch.cat([x, [1, 2, 3]])"),
    bad("stack_shape_mismatch", X23, "torch.stack([x, torch.ones(3, 2)])"),
    bad("stack_empty_list", "", "torch.stack([])"),
    bad("stack_dim_out_of_range", X23, "torch.stack([x, x], dim=4)"),
    # ---- copy_ --------------------------------------------------------------------------------
    bad("copy_shape_mismatch", A3, "a.copy_(torch.ones(2))"),
    bad("copy_cannot_broadcast_to_smaller", A3, "a.copy_(torch.ones(2, 3))"),
    bad("copy_from_list", A3, "a.copy_([1., 2., 3.])"),
    bad("copy_into_grad_leaf", X23, "x.copy_(torch.zeros(2, 3))"),
    # ---- setitem ------------------------------------------------------------------------------
    bad("setitem_value_wrong_size", "b = torch.zeros(2, 2)", "b[0] = torch.ones(3)"),
    bad("setitem_value_too_many_dims", "b = torch.zeros(2, 2)", "b[0] = torch.ones(2, 2)"),
    bad("setitem_index_out_of_range", "b = torch.zeros(2, 2)", "b[5] = 1."),
    # (b[[0, 5]] = 1. is not used: torch writes b[0] before it finds index 5)
    bad("setitem_list_index_out_of_range", "b = torch.zeros(2, 2)", "b[[5]] = 1."),
    bad("setitem_string_value", "b = torch.zeros(2, 2)", "b[0] = 'x'"),
    bad("setitem_on_grad_leaf", X23, "x[0] = 0."),
    # ---- dims out of range --------------------------------------------------------------------
    bad("sum_dim_out_of_range", X23, "x.sum(2)"),
    bad("sum_negative_dim_out_of_range", X23, "x.sum(-3)"),
    bad("sum_dim_tuple_repeated", X23, "x.sum((0, 0))"),
    bad("mean_dim_out_of_range", X23, "x.mean(dim=3)"),
    bad("mean_of_int_tensor", "n = torch.tensor([1, 2])", "n.mean()"),
    bad("max_dim_out_of_range", X23, "x.max(2)"),
    bad("min_dim_out_of_range", X23, "x.min(dim=-3)"),
    bad("argmax_dim_out_of_range", X23, "x.argmax(5)"),
    bad("squeeze_dim_out_of_range", X23, "x.squeeze(3)"),
    bad("unsqueeze_dim_out_of_range", X23, "x.unsqueeze(3)"),
    bad("unsqueeze_negative_dim_out_of_range", X23, "x.unsqueeze(-4)"),
    bad("transpose_dim_out_of_range", X23, "x.transpose(0, 5)"),
    bad("t_of_3d", "", "torch.ones(2, 2, 2).t()"),
    bad("softmax_dim_out_of_range", X23, "torch.softmax(x, dim=2)"),
    bad("size_dim_out_of_range", X23, "x.size(2)"),
    bad("dim_on_0d", "s = torch.tensor(1.)", "s.sum(1)"),
    # ---- out-of-range indices -----------------------------------------------------------------
    bad("index_int_out_of_range", X23, "x[2]"),
    bad("index_negative_out_of_range", X23, "x[-3]"),
    bad("index_second_dim_out_of_range", X23, "x[0, 3]"),
    bad("index_too_many", X23, "x[0, 0, 0]"),
    bad("index_list_out_of_range", X23, "x[[0, 2]]"),
    bad("index_list_negative_out_of_range", X23, "x[[-3]]"),
    bad("index_0d_tensor", "s = torch.tensor(1.)", "s[0]"),
    bad("index_string", X23, "x['a']"),
    bad("index_float", X23, "x[1.5]"),
    # ---- hooks returning the wrong thing -------------------------------------------------------
    bad("hook_changes_size", X23 + "\ny = x * 2\nh = y.register_hook(lambda g: g[0])",
        "y.sum().backward()"),
    bad("hook_changes_dtype", X23 + "\ny = x * 2\n"
        "def to_double(g):\n    return g.double()\nh = y.register_hook(to_double)",
        "y.sum().backward()"),
    bad("hook_returns_int", X23 + "\ny = x * 2\nh = y.register_hook(lambda g: 1)",
        "y.sum().backward()"),
    bad("hook_returns_list", X23 + "\nh = x.register_hook(lambda g: [1., 2., 3.])",
        "(x * 2).sum().backward()"),
    bad("leaf_hook_changes_size", X23 + "\nh = x.register_hook(lambda g: g.sum())",
        "(x * 2).sum().backward()"),
    bad("hook_on_tensor_without_grad", A3, "a.register_hook(lambda g: g)"),
    bad("hook_raises", X23 + "\n"
        "def boom(g):\n    raise ValueError('boom from hook')\nh = x.register_hook(boom)",
        "(x * 2).sum().backward()"),
    # ---- .grad / .data assignment --------------------------------------------------------------
    bad("grad_wrong_shape", X23, "x.grad = torch.ones(3)"),
    bad("grad_wrong_dtype", X23, "x.grad = torch.ones(2, 3, dtype=torch.float64)"),
    bad("grad_int_dtype", X23, "x.grad = torch.ones(2, 3, dtype=torch.long)"),
    bad("grad_not_a_tensor", X23, "x.grad = [[1., 2., 3.], [4., 5., 6.]]"),
    bad("data_not_a_tensor", X23, "x.data = [1., 2.]"),
    bad("data_int_on_grad_tensor", X23, "x.data = torch.tensor([1, 2])"),
    # ---- backward / autograd.grad ---------------------------------------------------------------
    bad("backward_non_scalar", X23, "(x * 2).backward()"),
    bad("backward_gradient_wrong_shape", X23, "(x * 2).backward(torch.ones(3))"),
    bad("backward_no_grad_fn", A3, "a.sum().backward()"),
    bad("grad_of_unused_input", X23 + "\nw = torch.ones(2, requires_grad=True)",
        "torch.autograd.grad((x * 2).sum(), [x, w])"),
    bad("grad_input_without_grad", X23 + "\n" + A3, "torch.autograd.grad((x * 2).sum(), [a])"),
    bad("grad_empty_inputs", X23, "torch.autograd.grad((x * 2).sum(), [])"),
    # ---- nn -----------------------------------------------------------------------------------
    bad("conv2d_channel_mismatch", "w = torch.ones(2, 1, 3, 3)",
        "F.conv2d(torch.ones(1, 3, 4, 4), w)"),
    bad("conv2d_module_channel_mismatch", "conv = nn.Conv2d(4, 8, 3)",
        "conv(torch.ones(1, 3, 5, 5))"),
    bad("conv2d_input_too_small", "conv = nn.Conv2d(1, 1, 3)", "conv(torch.ones(1, 1, 2, 2))"),
    bad("conv2d_wrong_rank", "w = torch.ones(2, 1, 3, 3)", "F.conv2d(torch.ones(4, 4), w)"),
    bad("linear_feature_mismatch", "lin = nn.Linear(3, 2)", "lin(torch.ones(4, 2))"),
    bad("linear_1d_feature_mismatch", "lin = nn.Linear(3, 2)", "lin(torch.ones(2))"),
    bad("functional_linear_mismatch", "w = torch.ones(2, 3)", "F.linear(torch.ones(4, 2), w)"),
    bad("mse_loss_shape_mismatch", X23, "F.mse_loss(x, torch.ones(3, 2))"),
    bad("cross_entropy_target_out_of_range", X23,
        "F.cross_entropy(x, torch.tensor([0, 5]))"),
]


# ---------------------------------------------------------------------------------------------


def _state(value):
    """A comparable summary of one tensor."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        grad = value.grad
        fn = value.grad_fn
        return (
            tuple(value.shape), str(value.dtype).split(".")[-1], value.data.numpy().copy(),
            value._version, value.requires_grad, None if fn is None else type(fn).__name__,
            None if grad is None else grad.detach().numpy().copy(),
        )


def namespace_state(ns) -> dict:
    """Every tensor of the namespace, and every parameter of every module in it."""
    lib = ns["torch"]
    state = {}
    for name, value in ns.items():
        if isinstance(value, lib.Tensor):
            state[name] = _state(value)
        elif isinstance(value, lib.nn.Module):
            for pname, param in value.named_parameters():
                state[f"{name}.{pname}"] = _state(param)
    return state


def _same(a, b) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return (isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.shape == b.shape
                and a.dtype == b.dtype and np.array_equal(a, b, equal_nan=a.dtype.kind == "f"))
    if isinstance(a, tuple):
        return isinstance(b, tuple) and len(a) == len(b) and all(map(_same, a, b))
    return a == b


def run_case(lib, setup, action):
    """Run setup then action with ``torch`` meaning ``lib``; return the action's exception (or
    None) and the namespace state before and after it."""
    ns = {"torch": lib, "nn": lib.nn, "F": lib.nn.functional}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(setup, ns)
        before = namespace_state(ns)
        error = None
        try:
            exec(action, ns)
        except Exception as exc:     # the point of the test
            error = exc
        after = namespace_state(ns)
    return error, before, after


def changed(before, after) -> list[str]:
    return sorted(name for name in before.keys() | after.keys()
                  if name not in before or name not in after
                  or not _same(before[name], after[name]))


def describe(exc) -> str:
    return f"{type(exc).__name__}: {normalize(str(exc))}"


@pytest.mark.parametrize("setup, action", CASES)
def test_bad_input(setup, action):
    expected, t_before, t_after = run_case(torch, setup, action)
    assert expected is not None, f"torch accepts this input; not a bad-input case: {action}"
    assert not changed(t_before, t_after), "torch itself changed state; pick another case"

    actual, m_before, m_after = run_case(minigrad, setup, action)
    assert actual is not None, f"minigrad accepts the input; torch raises {describe(expected)}"

    frames = traceback.extract_tb(actual.__traceback__)
    message = str(actual)
    assert not type(actual).__module__.startswith("numpy"), f"NumPy error: {describe(actual)}"
    assert not frames[-1].filename.startswith(NUMPY_DIR), (
        f"raised inside numpy ({frames[-1].filename}): {describe(actual)}")
    assert not any(w in message for w in NUMPY_WORDING), f"NumPy wording: {describe(actual)}"

    assert describe(actual) == describe(expected)
    assert not changed(m_before, m_after), (
        f"the failed action changed {changed(m_before, m_after)}")
