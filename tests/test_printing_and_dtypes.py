"""Printing, dtypes and tensor creation.

Differential cases: notebook-style cells run under torch 2.13 and under minigrad; the
transcripts must match (see difftest.py). The rules they check are in
docs/pytorch-2.13-semantics.md, sections 1, 2.

REGRESSIONS: cases found by the fuzzers (tests/test_fuzz.py, tests/test_bad_input.py).
One that minigrad still gets wrong is a strict xfail with its diagnosis.
"""

import pytest

from difftest import assert_same, case, regression, requires_torch

pytestmark = requires_torch


REPR_CASES = [
    case(
        "repr_int_mode",
        "torch.tensor([1., 2., 3.])",
        "torch.tensor(2.)",
        "torch.tensor([1000., 1.])",
        "torch.tensor([100000000.])",
        "torch.tensor([-1., 0.])",
        "torch.tensor([[1., -2.], [30., 4.]])",
    ),
    case(
        "repr_fixed_point",
        "torch.tensor([1.5, 2., 3.])",
        "torch.tensor(-2.5)",
        "torch.tensor([1 / 3])",
        "torch.tensor([0.99999])",
        "torch.tensor([99999.9])",
        "torch.tensor([2.0000001])",
        "torch.tensor([-1.5, 2.25, 300.125])",
    ),
    case(
        "repr_sci_mode",
        "torch.tensor(1e-5)",
        "torch.tensor([1e-4, 1.])",
        "torch.tensor([1001., 1.])",
        "torch.tensor([123456789.])",
        "torch.tensor([1e8, 2e8])",
        "torch.tensor(1e20)",
        "torch.tensor([[1e-5, 1.], [2., 3.]])",
    ),
    case(
        "repr_inf_nan_and_zeros",
        "torch.tensor([float('inf'), 1.])",
        "torch.tensor([float('-inf'), float('nan')])",
        "torch.tensor([0., 0.])",
        "torch.tensor(float('nan'))",
        "torch.tensor([float('nan'), 1.5])",
        "torch.tensor([1e-5, float('inf')])",
        "torch.tensor([-0., 1.5])",
        "torch.tensor(-0.)",
        "torch.tensor([0., -0.])",
    ),
    case(
        "repr_integer_and_bool",
        "torch.tensor([-1, 10, 100])",
        "torch.tensor([True, False])",
        "torch.tensor(5, dtype=torch.int32)",
        "torch.tensor([1, -2], dtype=torch.int8)",
        "torch.tensor([1., 2.], dtype=torch.float16)",
        "torch.tensor([1., 2.], dtype=torch.float64)",
        "torch.tensor(7)",
        "torch.tensor(True)",
    ),
    case(
        "repr_wrapping_1d",
        "torch.arange(30.)",
        "torch.arange(30)",
        "torch.arange(25.) / 7",
        "torch.arange(12., requires_grad=True)",
        "torch.arange(13., dtype=torch.float64, requires_grad=True)",
    ),
    case(
        "repr_wrapping_2d_and_3d",
        "torch.zeros(2, 2, 2)",
        "torch.arange(24.).reshape(2, 3, 4)",
        "torch.arange(40.).reshape(2, 20)",
        "torch.full((2, 7), 0.5, requires_grad=True)",
        "torch.arange(8).reshape(2, 2, 2) * 1000",
    ),
    case(
        "repr_suffix_line_fitting",
        """
        x = torch.arange(30., requires_grad=True)
        x * 2
        """,
        "torch.arange(20., requires_grad=True).reshape(4, 5) * 3",
        "torch.ones(2, 3, requires_grad=True).double()",
        "(torch.arange(11., dtype=torch.float64, requires_grad=True) * 2).sum(0, keepdim=True)",
    ),
    case(
        "repr_summarization",
        "torch.arange(1200.)",
        "torch.arange(2500).reshape(50, 50)",
        "torch.arange(3000.).reshape(10, 300)",
        "torch.arange(1001)",
        "torch.arange(1000)[-3:]",
    ),
    case(
        "repr_empty",
        "torch.tensor([])",
        "torch.zeros(0, 3)",
        "torch.tensor([], dtype=torch.int64)",
        "torch.zeros(2, 0, dtype=torch.float64)",
        "torch.tensor([], requires_grad=True)",
        "torch.zeros(0, 3, requires_grad=True)",
        "torch.tensor([], dtype=torch.bool)",
    ),
    case(
        "repr_grad_suffixes",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        x
        """,
        "x.sigmoid()",
        "x.sum()",
        "torch.tensor(2., requires_grad=True)",
        "x.detach()",
        "x.double() * 2",
        "(x * 2).long()",
    ),
    case(
        "repr_parameter",
        "import torch.nn as nn\np = nn.Parameter(torch.tensor([1., 2.]))\np",
        "print(p)",
        "nn.Parameter(torch.tensor([1., 2.]), requires_grad=False)",
        "[p]",
        "str(p) == repr(p)",
        "p * 2",
        "nn.Parameter(torch.tensor([[0.5, 1.5], [2.5, 3.5]], dtype=torch.float64))",
    ),
    case(
        "repr_str_equals_repr_and_format",
        """
        t = torch.tensor([1.5, 2.5])
        print(t)
        str(t) == repr(t)
        """,
        'f"{torch.tensor(3.)}"',
        'format(torch.tensor(2.5), ".2f")',
        'f"{torch.tensor(7)}"',
        'f"value: {torch.tensor(1/3):.3f}"',
        'f"{torch.tensor([1., 2.])}"',
    ),
    case(
        "repr_size_dtype_device_type",
        "x = torch.ones(2, 3)\nx.shape",
        "x.size()",
        "torch.Size([])",
        "torch.tensor(1.).shape",
        "torch.float, torch.double, torch.long, torch.int, torch.float is torch.float32",
        "x.device",
        "type(x)",
        "x.type(), torch.tensor([1, 2]).type(), x.double().type()",
        "torch.tensor([True]).type(), torch.tensor([1], dtype=torch.int32).type()",
        "x.dtype, torch.tensor([1]).dtype, torch.tensor([True]).dtype",
    ),
    case(
        "repr_grad_fn_and_handle_objects",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 3
        y.grad_fn
        """,
        "y.grad_fn.next_functions",
        "y.grad_fn.next_functions[0][0]",
        "h = y.register_hook(lambda g: None)\ntype(h).__name__",
        "type(h).__module__",
        "y.grad_fn.name(), type(y.grad_fn).__name__",
    ),
]


DTYPE_CASES = [
    case(
        "dtype_defaults_from_data",
        "torch.tensor([1, 2]).dtype",
        "torch.tensor([1, 2.]).dtype",
        "torch.tensor([True]).dtype",
        "torch.tensor(3.5).dtype, torch.tensor(3).dtype",
        "torch.Tensor([1, 2]).dtype",
        "torch.tensor([1.7, 2.2, -1.7], dtype=torch.long)",
        "torch.tensor([0, 1, 2], dtype=torch.bool)",
    ),
    case(
        "dtype_promotion_int_and_float",
        "i = torch.tensor([1, 2])\ni + torch.tensor([0.5, 0.5])",
        "i * 2.5",
        "i / 2",
        "i // 2",
        "i * 2",
        "(i + True).dtype",
        "i.float() / 3",
    ),
    case(
        "dtype_promotion_float64_and_zero_dim",
        "f32 = torch.tensor([1., 2.])\n"
        "f64 = torch.tensor([1., 2.], dtype=torch.float64)\n"
        "(f32 + f64).dtype",
        "(torch.tensor(1., dtype=torch.float64) + f32).dtype",
        "(torch.tensor([1, 2]) + torch.tensor(1.5, dtype=torch.float64)).dtype",
        "(f32 * 2).dtype, (f64 * 2).dtype",
        "(f32 + torch.tensor(1)).dtype",
        "(torch.tensor([1], dtype=torch.int32) + torch.tensor([1])).dtype",
    ),
    case(
        "dtype_item_values",
        "torch.tensor(0.1).item()",
        "torch.tensor(0.1, dtype=torch.float64).item()",
        "torch.tensor(1 / 3).item()",
        "torch.tensor([[7.]]).item()",
        "type(torch.tensor(3).item()), type(torch.tensor(True).item())",
        "torch.tensor(2.5, requires_grad=True).item()",
        "torch.tensor([5]).item()",
    ),
    case(
        "dtype_python_conversions",
        "t = torch.tensor(2.7)\nfloat(t), int(t), bool(t)",
        "int(torch.tensor(-2.7)), bool(torch.tensor(0.)), int(torch.tensor([9]))",
        "torch.tensor([[1., 2.], [3., 4.]]).tolist()",
        "torch.tensor(1.5).tolist()",
        "torch.tensor([1, 2]).tolist(), torch.tensor([True]).tolist()",
        "torch.tensor([1.5, 2.], requires_grad=True).tolist()",
        "int(torch.tensor(2.7, requires_grad=True)), bool(torch.tensor(1., requires_grad=True))",
    ),
    case(
        "dtype_conversion_errors",
        "torch.tensor([1., 2.]).item()",
        "float(torch.tensor([1., 2.]))",
        "int(torch.tensor([1, 2]))",
        "bool(torch.tensor([1., 2.]))",
        "if torch.tensor([1, 2]):\n    print('yes')",
        "torch.tensor([1., 2.], requires_grad=True).numpy()",
        "torch.tensor([]).item()",
    ),
    case(
        "dtype_float_of_grad_tensor_warns_once_per_process",
        "x = torch.tensor(2., requires_grad=True)\nfloat(x)",
        "float(x)",
        "float(x * 3)",
        "complex(x)",
        "int(x), bool(x), x.item(), x.tolist(), f'{x}'",
        isolated=True,
    ),
    case(
        "dtype_complex_of_grad_tensor_warns_first",
        "x = torch.tensor(2., requires_grad=True)\ncomplex(x)",
        "float(x)",
        isolated=True,
    ),
    case(
        "dtype_numpy_shares_memory",
        """
        t = torch.tensor([1., 2., 3.])
        n = t.numpy()
        n[0] = 10.
        t
        """,
        "n.dtype, type(n).__name__",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        m = x.detach().numpy()
        m[1] = -5.
        x
        """,
        "torch.tensor([1, 2]).numpy().dtype, "
        "torch.tensor([1., 2.], dtype=torch.float64).numpy().dtype",
    ),
    case(
        "dtype_tensor_of_tensor_warns_and_copies",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        c = torch.tensor(x)
        c
        """,
        "c.requires_grad, c.is_leaf",
        "c[0] = 100.\nx",
        "torch.tensor(torch.tensor([1, 2]))",
    ),
    case(
        "dtype_shape_helpers",
        "x = torch.zeros(2, 3)\nx.shape, x.size(), x.size(0), x.size(-1), x.size(1)",
        "x.dim(), x.ndim, x.numel(), len(x)",
        "x.shape == (2, 3), type(x.shape).__name__, isinstance(x.shape, tuple)",
        "torch.float32.is_floating_point, torch.int64.is_floating_point, x.dtype.is_floating_point",
        "len(torch.tensor(1.))",
        "x.size(2)",
        "torch.tensor(5.).dim(), torch.tensor(5.).numel(), torch.tensor(5.).shape",
    ),
]


CREATION_CASES = [
    case(
        "create_factories",
        "torch.ones(2, 3)",
        "torch.zeros(2)",
        "torch.full((2, 2), 7.)",
        "torch.full((2,), 3)",
        "torch.arange(5)",
        "torch.arange(0, 1, 0.25)",
        "torch.arange(1, 4, dtype=torch.float32)",
        "torch.linspace(0, 1, 5)",
        "torch.eye(3)",
        "torch.eye(2, 3)",
        "torch.zeros((2, 2), dtype=torch.int64)",
    ),
    case(
        "create_like_factories",
        "x = torch.tensor([[1, 2], [3, 4]])\ntorch.ones_like(x)",
        "torch.zeros_like(x, dtype=torch.float32)",
        "torch.full_like(x, 9)",
        "torch.empty_like(x).shape",
        "g = torch.tensor([1., 2.], requires_grad=True)\ntorch.ones_like(g)",
        "torch.zeros_like(g).requires_grad, torch.zeros_like(g, requires_grad=True)",
        "torch.ones_like(torch.tensor([0.5]), dtype=torch.float64)",
    ),
    case(
        "create_legacy_constructors",
        "torch.Tensor([1, 2])",
        "torch.FloatTensor([1, 2])",
        "torch.LongTensor([1, 2])",
        "torch.DoubleTensor([1.5])",
        "torch.Tensor(2, 3).shape",
        "torch.Tensor()",
        "torch.Tensor([[1, 2], [3, 4]]).dtype",
        "torch.Tensor([1., 2.]).requires_grad",
    ),
    case(
        "create_with_requires_grad",
        "torch.ones(2, requires_grad=True)",
        "torch.zeros(2, 2, requires_grad=True)",
        "torch.arange(3., requires_grad=True)",
        "torch.full((2,), 1., requires_grad=True)",
        "torch.linspace(0, 1, 3, requires_grad=True)",
        "torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)",
        "torch.eye(2, requires_grad=True).is_leaf",
    ),
    case(
        "create_from_numpy_shares_memory",
        """
        import numpy as np
        arr = np.array([1., 2., 3.])
        t = torch.from_numpy(arr)
        t
        """,
        "arr[0] = 5.\nt",
        "t[1] = -1.\narr",
        "torch.from_numpy(np.array([1, 2])).dtype, torch.from_numpy(np.ones(2, dtype=np.float32))",
        "c = torch.tensor(arr)\narr[2] = 42.\nc",
        "torch.as_tensor(arr).dtype",
    ),
    case(
        "create_ragged_and_non_numeric_data",
        "torch.tensor([[1, 2], [3]])",
        "torch.tensor([[1, 2], [3, 4, 5]])",
        "torch.tensor(['a'])",
        "torch.tensor([1, 'a'])",
        "torch.tensor(None)",
        "torch.tensor([1, [2]])",
        "torch.tensor([[1., 2.], [3., 4.]]).shape",
    ),
    case(
        "create_dtype_arguments_and_casts",
        "torch.tensor([1, 2], dtype=torch.float64)",
        "torch.ones(2, dtype=torch.int32)",
        "x = torch.tensor([1.5, -2.5])\nx.long()",
        "x.int()",
        "x.double()",
        "x.float() is x, x.double().float()",
        "x.to(torch.float16)",
        "x.half().dtype, x.bool()",
        "x.to(torch.float64).dtype, x.type(torch.float64).dtype",
    ),
]


REGRESSIONS = [
    # ---- bool / integer dtypes -----------------------------------------------------------
    regression(
        "bool_pow_not_implemented",
        "b = torch.tensor([True])\nb ** b",
    ),
    regression(
        "bool_relu_not_supported",
        "torch.tensor([True]).relu()",
    ),
    regression(
        "bool_abs_not_implemented",
        "torch.tensor([True]).abs()",
    ),
    regression(
        "bool_negation_message",
        "-torch.tensor([True, False])",
        "torch.tensor([True, False]).neg()",
    ),
    regression(
        "bool_subtraction_not_supported",
        "b = torch.tensor([True, False])\nb - torch.tensor([0.5, 1.0])",
        "b - 1",
        "1 - b",
        "torch.tensor([0.5, 1.0]) - b",
    ),
    regression(
        "bool_matmul_not_implemented",
        "b = torch.ones(2, dtype=torch.bool)\nb @ b",
        "B = torch.ones(2, 2, dtype=torch.bool)\nB @ B",
        "B @ b",
        "torch.ones(1, 1, 1, dtype=torch.bool) @ torch.ones(1, 1, 1, dtype=torch.bool)",
    ),
    regression(
        "int_tensor_pow_negative_int_tensor",
        "torch.tensor([2, 1, -1]) ** torch.tensor([-1, -1, -1])",
        "torch.tensor([2]) ** -1",
    ),
    regression(
        "bool_pow_scalar_type_promotion",
        "b = torch.tensor([True, False])\nb ** 2, b ** 2.0, 2 ** b",
        "b ** True, b ** False, torch.pow(b, True), True ** torch.tensor([1, 2])",
        "True ** b", "b ** b", "torch.tensor([1, 2]) ** b",
    ),
    regression(
        "bool_pow_negative_int_message",
        "torch.tensor([True]) ** -1",
        "torch.tensor([True, False]) ** torch.tensor([-1, -2])",
    ),
    regression(
        "int_scalar_pow_int_tensor_stays_int64",
        "2 ** torch.tensor([2, 1])",
    ),
    regression(
        "clamp_type_promotion",
        "torch.tensor([2, -1]).clamp(min=0.5)",
        "torch.tensor([True]).clamp(max=0)",
        "torch.tensor([True]).clamp(0.0, 2.0)",
    ),
]


@pytest.mark.repr
@pytest.mark.parametrize("cells, isolated", REPR_CASES + DTYPE_CASES + CREATION_CASES)
def test_repr(cells, isolated):
    assert_same(cells, isolated=isolated)


@pytest.mark.parametrize("cells", REGRESSIONS)
def test_regression(cells):
    assert_same(cells)
