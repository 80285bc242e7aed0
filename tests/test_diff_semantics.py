"""Differential tests for the rules in /work/shared/notes/pytorch-2.13-semantics.md.

Every case is a list of notebook-style cells run under torch 2.13 and under minigrad; the two
normalized transcripts (stdout, warnings, last-expression reprs, exceptions) must be identical.
See ``difftest.py`` for the transcript format and the normalization rules.

Groups and their markers (the notes' section in brackets):

=====================  ===========  ==================================================
group                  marker       covers
=====================  ===========  ==================================================
REPR_CASES             repr         tensor printing [1]
DTYPE_CASES            repr         dtypes, promotion, item/float/int/tolist/numpy [2]
CREATION_CASES         repr         tensor(), legacy constructors, factories [2]
LEAF_CASES             leaf         requires_grad and is_leaf [3]
GRAD_FN_CASES          leaf         grad_fn names and next_functions [4]
GRAD_CASES             leaf         .grad accumulation/assignment, broadcasting [9]
BACKWARD_CASES         leaf         backward/autograd.grad errors, retain/create_graph [11]
FUNCTION_CASES         leaf         custom torch.autograd.Function subclasses
SAVED_CASES            inplace      what each op saves [5]
VERSION_CASES          inplace      version counters and their error message [6]
INPLACE_CASES          inplace      in-place rules [8]
DETACH_CASES           detach       detach(), .data, detach_(), x.data = ... [7]
HOOK_CASES             hooks        retain_grad, non-leaf .grad warning, hooks [9, 10]
GRAD_MODE_CASES        grad_mode    no_grad, enable_grad, set_grad_enabled, inference [12]
ANOMALY_CASES          grad_mode    detect_anomaly (warning tracebacks are trimmed)
VIEW_CASES             views        views, _base, storage, view errors [13]
CLONE_CASES            views        clone() vs copy_() [14]
SHAPE_CASES            views        broadcasting and shape-mismatch messages
NN_CASES               nn           Parameter, Linear, Conv2d, functional, init, SGD [15]
=====================  ===========  ==================================================

Nothing random is printed (torch and minigrad have different generators): weights are set
with ``torch.no_grad()`` + ``copy_`` or ``nn.init.constant_``, inputs are fixed.
"""

import textwrap

import pytest

from difftest import assert_same, requires_torch

pytestmark = requires_torch


def case(name, *cells, isolated=False):
    """One named case; cells are dedented so they can be written as indented blocks."""
    return pytest.param([textwrap.dedent(c).strip("\n") for c in cells], isolated, id=name)




# =============================================================================================
# [1] repr

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

# =============================================================================================
# [2] dtypes, conversions

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

# =============================================================================================
# [2] creation

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

# =============================================================================================
# [3] requires_grad and leaves

LEAF_CASES = [
    case(
        "leaf_defaults",
        "x = torch.tensor([1., 2.])\nx.requires_grad, x.is_leaf, x.grad_fn, x.grad",
        "y = x * 2\ny.requires_grad, y.is_leaf, y.grad_fn",
    ),
    case(
        "leaf_user_created_vs_results",
        "w = torch.ones(2, requires_grad=True)\nw.requires_grad, w.is_leaf, w.grad_fn",
        "y = w * 2\ny.requires_grad, y.is_leaf, y.grad_fn.name()",
        "b = torch.tensor([1., 1.]) + 1\nb.is_leaf, b.requires_grad",
        "(w + b).is_leaf",
    ),
    case(
        "leaf_results_that_never_require_grad",
        "w = torch.tensor([1.5, -0.5, 2.], requires_grad=True)\n"
        "c = w > 0\n"
        "c, c.requires_grad, c.is_leaf",
        "a = w.argmax()\na, a.requires_grad",
        "w.long(), w.long().grad_fn",
        "w.round(), w.floor()",
        "w == w, (w == w).grad_fn",
        "with torch.no_grad():\n    n = w * 2\nn.is_leaf, n.requires_grad",
        "w.detach().is_leaf, w.data.is_leaf",
    ),
    case(
        "leaf_views_and_casts_are_not_leaves",
        "x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)\n"
        "x.view(4).is_leaf, x[0].is_leaf",
        "x.reshape(4).is_leaf, x.t().is_leaf",
        "x.double().is_leaf, x.to(torch.float64).grad_fn",
        "x.float() is x, x.to(torch.float32) is x, x.contiguous() is x",
        "x.float().is_leaf",
        "torch.tensor([1., 2.]).double().is_leaf",
    ),
    case(
        "leaf_requires_grad_underscore_returns_self",
        "a = torch.tensor([1., 2.])\na.requires_grad_() is a",
        "a.requires_grad, a.is_leaf",
        "a.requires_grad_(False) is a",
        "a.requires_grad",
        "a.requires_grad_(True)",
        "a.requires_grad = False\na",
        "a.requires_grad = True\na",
    ),
    case(
        "leaf_non_leaf_requires_grad_flags",
        "x = torch.tensor([1., 2.], requires_grad=True)\ny = x * 2\ny.requires_grad_() is y",
        "y.requires_grad_(True)",
        "y.requires_grad_(False)",
        "y.requires_grad = False",
        "y.requires_grad = True",
        "y.requires_grad, y.is_leaf",
    ),
    case(
        "leaf_integer_dtypes_cannot_require_grad",
        "torch.tensor([1, 2], requires_grad=True)",
        "torch.ones(2, dtype=torch.long, requires_grad=True)",
        "torch.arange(3, requires_grad=True)",
        "import torch.nn as nn\nnn.Parameter(torch.tensor([1, 2]))",
        "t = torch.tensor([1, 2])\nt.requires_grad_()",
        "t.requires_grad = True",
        "t.requires_grad_(False)",
        "t.requires_grad = False\nt.requires_grad",
        "torch.tensor([True], requires_grad=True)",
    ),
    case(
        "leaf_turned_off_drops_out",
        "w = torch.ones(2, requires_grad=True)\nw.requires_grad_(False)",
        "(w * 3).sum().backward()",
        "w.grad",
        "w.requires_grad = True\n(w * 3).sum().backward()\nw.grad",
    ),
    case(
        "leaf_grad_is_plain_tensor",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        (x * x).sum().backward()
        g = x.grad
        g
        """,
        "g.requires_grad, g.is_leaf, g.grad_fn, g.dtype",
        """
        a = torch.tensor([1., 2.], requires_grad=True)
        (a.double() * 3).sum().backward()
        a.grad, a.grad.dtype
        """,
    ),
    case(
        "leaf_mixed_inputs",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        c = torch.tensor([3., 4.])
        y = x * c + c
        y.requires_grad, y.grad_fn
        """,
        "y.sum().backward()\nx.grad, c.grad",
        "c.is_leaf, c.requires_grad",
    ),
    case(
        "leaf_detached_then_requires_grad_is_new_leaf",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        d = y.detach().requires_grad_()
        d, d.is_leaf
        """,
        "(d * 3).sum().backward()\nd.grad",
        "x.grad",
        "y.sum().backward()\nx.grad",
    ),
    case(
        "leaf_results_in_chain",
        """
        a = torch.tensor(2., requires_grad=True)
        b = a * 3
        c = b.exp()
        d = c.sum()
        [t.is_leaf for t in (a, b, c, d)], [t.requires_grad for t in (a, b, c, d)]
        """,
        "[type(t.grad_fn).__name__ for t in (b, c, d)]",
    ),
]

# =============================================================================================
# [4] grad_fn names and structure

GRAD_FN_CASES = [
    case(
        "gradfn_add",
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n"
        "[type(e.grad_fn).__name__ for e in (x + 1, 1 + x, x + x, x.add(x, alpha=2))]",
        "type(torch.add(x, 1).grad_fn).__name__, x + 1",
    ),
    case(
        "gradfn_sub_and_rsub",
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n"
        "[type(e.grad_fn).__name__ for e in (x - 1, x - x, x.sub(1), 1 - x)]",
        "1 - x",
        "(1 - x).grad_fn.name()",
    ),
    case(
        "gradfn_mul_and_div",
        "x = torch.tensor([1., 2., 4.], requires_grad=True)\n"
        "[type(e.grad_fn).__name__ for e in (x * 2, 2 * x, x * x, torch.mul(x, x))]",
        "[type(e.grad_fn).__name__ for e in (x / 2, x / x, x.div(2))]",
        "2 / x",
        "(2 / x).grad_fn.next_functions[0][0]",
    ),
    case(
        "gradfn_neg_and_pow",
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n"
        "[type(e.grad_fn).__name__ for e in (-x, x.neg(), x ** 2, x.pow(2), x.square())]",
        "x ** x",
        "2 ** x",
        "x ** 0.5",
    ),
    case(
        "gradfn_unary_functions",
        "x = torch.tensor([0.5, 1., 2.], requires_grad=True)\n"
        "[type(f(x).grad_fn).__name__ for f in (torch.exp, torch.log, torch.sigmoid, torch.tanh)]",
        "[type(f(x).grad_fn).__name__ for f in (torch.relu, torch.abs, torch.sin, torch.cos)]",
        "x.sqrt(), x.exp(), x.log()",
        "x.tanh(), x.relu(), x.abs()",
        "x.sin(), x.cos()",
    ),
    case(
        "gradfn_reductions",
        "x = torch.tensor([[1., 5.], [3., 2.]], requires_grad=True)\nx.sum(), x.sum(0)",
        "x.sum(dim=1, keepdim=True)",
        "x.mean(), x.mean(0)",
        "x.max(), x.min()",
        "x.max(0)",
        "x.max(0).values, x.min(dim=1).values",
        "x.max(1)[1]",
    ),
    case(
        "gradfn_matmul_family",
        """
        m = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
        v = torch.tensor([1., -1.], requires_grad=True)
        m @ m
        """,
        "m.mm(m).grad_fn, torch.mm(m, m)",
        "m @ v, m.mv(v)",
        "v @ v, v.dot(v)",
        "torch.matmul(v, m)",
        "w = torch.tensor([[1.], [2.]])\nv @ w",
    ),
    case(
        "gradfn_transpose_family",
        "x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)\nx.t()",
        "x.T",
        "x.transpose(0, 1)",
        "x.permute(1, 0)",
        "x.mT",
    ),
    case(
        "gradfn_view_family",
        "x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)\nx.view(4)",
        "x.reshape(4), x.flatten()",
        "x.unsqueeze(0)",
        "u = x.view(1, 2, 2)\nu.squeeze(), u.squeeze(0)",
        "x[0].expand(2, 2)",
        "x.view(-1, 1)",
    ),
    case(
        "gradfn_indexing",
        "x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)\nx[0], x[:, 0]",
        "x[0, 1]",
        "x[0:1]",
        "x[[0, 1]]",
        "x[x > 2]",
        "x[:, 1:]",
        "x[..., -1]",
    ),
    case(
        "gradfn_copies_casts_and_joins",
        "x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)\nx.clone()",
        "x.t().contiguous()",
        "x.double(), x.to(torch.float64).grad_fn",
        "torch.cat([x, x])",
        "torch.stack([x[0], x[1]])",
        "x.contiguous() is x, x.float() is x",
    ),
    case(
        "gradfn_copy_and_copy_slices",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        dst = torch.zeros(3)
        dst.copy_(x)
        """,
        "dst.grad_fn.name()",
        "z = x * 1\nz[1:3] = 0\nz",
        "type(z.grad_fn).__name__, z.grad_fn.name()",
        "b = torch.zeros(2)\nb[0] = x[0]\nb",
    ),
    case(
        "gradfn_next_functions_with_constants",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        b = torch.tensor([3., 4.])
        y = x * b
        y.grad_fn.next_functions
        """,
        "c = y + 1\nc.grad_fn.next_functions",
        "[type(f).__name__ if f else None for f, _ in c.grad_fn.next_functions]",
        "[type(f).__name__ if f else None for f, _ in (x * 2).grad_fn.next_functions]",
        "[type(f).__name__ if f else None for f, _ in (b * x).grad_fn.next_functions]",
        "[n for _, n in y.grad_fn.next_functions]",
    ),
    case(
        "gradfn_next_functions_structure",
        """
        a = torch.tensor([1., 2.], requires_grad=True)
        b = torch.tensor([3., 4.], requires_grad=True)
        y = (a * b).exp().sum()
        node = y.grad_fn
        names = []
        while node is not None:
            names.append(type(node).__name__)
            node = node.next_functions[0][0] if node.next_functions else None
        names
        """,
        "[type(f).__name__ if f else None for f, _ in torch.cat([a, b]).grad_fn.next_functions]",
        "s = torch.stack([a, a, b])\n"
        "[type(f).__name__ if f else None for f, _ in s.grad_fn.next_functions]",
        "[type(f).__name__ if f else None for f, _ in (a @ b).grad_fn.next_functions]",
        "t = torch.add(a, b, alpha=2)\n"
        "[type(f).__name__ if f else None for f, _ in t.grad_fn.next_functions]",
        "[type(f).__name__ if f else None for f, _ in a.sum().grad_fn.next_functions]",
    ),
    case(
        "gradfn_accumulate_grad_node",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        acc = (x * 2).grad_fn.next_functions[0][0]
        acc
        """,
        "acc.variable is x, acc.next_functions",
        "(x.exp()).grad_fn.next_functions[0][0] is acc",
        "type(acc).__name__, acc.name()",
        "(x * 2).grad_fn.next_functions[0][1]",
    ),
    case(
        "gradfn_identity_and_survives_backward",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = (x * x).sum()
        y.grad_fn is y.grad_fn
        """,
        "y.backward()\ny",
        "type(y.grad_fn).__name__, y.grad_fn.next_functions[0][0].name()",
        "x.grad",
    ),
    case(
        "gradfn_round_floor_have_zero_grad",
        "x = torch.tensor([1.4, 2.6], requires_grad=True)\nr = x.round()\nf = x.floor()\nr, f",
        "(r + f).sum().backward()\nx.grad",
        "x.ceil(), torch.sign(x)",
    ),
    case(
        "gradfn_leaf_and_no_grad_have_none",
        "x = torch.tensor([1., 2.], requires_grad=True)\nprint(x.grad_fn)",
        "with torch.no_grad():\n    y = x * 2\nprint(y.grad_fn)",
        "print(x.detach().grad_fn, torch.ones(2).grad_fn)",
    ),
]

# =============================================================================================
# [9] .grad: accumulation, assignment, broadcasting

GRAD_CASES = [
    case(
        "grad_accumulates_across_backward",
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n(x * 2).sum().backward()\nx.grad",
        "(x * 2).sum().backward()\nx.grad",
        "(x * x).sum().backward()\nx.grad",
    ),
    case(
        "grad_zero_keeps_the_same_tensor",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        (x * 3).sum().backward()
        g = x.grad
        x.grad.zero_()
        """,
        "(x * 5).sum().backward()\ng is x.grad, g",
        "x.grad = None\n(x * 7).sum().backward()\ng is x.grad, x.grad, g",
    ),
    case(
        "grad_tensor_used_twice_sums",
        "a = torch.tensor(3., requires_grad=True)\ny = a * a + a\ny.backward()\na.grad",
        "b = torch.tensor([1., 2.], requires_grad=True)\n"
        "(b * b * b + b.exp()).sum().backward()\n"
        "b.grad",
    ),
    case(
        "grad_broadcast_is_summed_back",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = x + torch.ones(2, 3)
        y.sum().backward()
        x.grad
        """,
        """
        s = torch.tensor(2., requires_grad=True)
        (s * torch.ones(2, 3)).sum().backward()
        s.grad, s.grad.shape
        """,
        """
        a = torch.tensor([[1.], [2.]], requires_grad=True)
        b = torch.tensor([[10., 20., 30.]], requires_grad=True)
        (a * b).sum().backward()
        a.grad, b.grad
        """,
        """
        k = torch.tensor([[1., 2.]], requires_grad=True)
        (k.expand(3, 2) * torch.arange(6.).view(3, 2)).sum().backward()
        k.grad
        """,
    ),
    case(
        "grad_assign_then_accumulate",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        x.grad = torch.tensor([10., 10.])
        (x * 2).sum().backward()
        x.grad
        """,
        "x.grad = None\nx.grad",
        "x.grad = torch.zeros(2)\nx.grad.requires_grad",
    ),
    case(
        "grad_assign_errors",
        "x = torch.tensor([1., 2.], requires_grad=True)\nx.grad = torch.ones(3)",
        "x.grad = torch.ones(2, dtype=torch.float64)",
        "x.grad = [1., 2.]",
        "x.grad",
    ),
    case(
        "grad_backward_with_gradient_weights",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = x * 2
        y.backward(torch.tensor([1., 0.1, 0.01]))
        x.grad
        """,
        "z = torch.tensor(3., requires_grad=True)\nz.backward()\nz.grad",
        "m = torch.tensor([[1., 2.]], requires_grad=True)\n"
        "(m * 3).backward(torch.ones(1, 2))\n"
        "m.grad",
    ),
    case(
        "grad_single_element_outputs_are_fine",
        "x = torch.tensor([2.], requires_grad=True)\n(x * 3).backward()\nx.grad",
        "w = torch.tensor([[2.]], requires_grad=True)\n(w * w).backward()\nw.grad",
    ),
    case(
        "grad_of_non_grad_inputs_stays_none",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        c = torch.tensor([5., 6.])
        (x * c).sum().backward()
        print(c.grad, x.grad)
        """,
    ),
]

# =============================================================================================
# [11] backward() and autograd.grad

BACKWARD_CASES = [
    case(
        "backward_on_tensor_without_grad",
        "torch.tensor([1., 2.]).sum().backward()",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.no_grad():
            y = (x * 2).sum()
        y.backward()
        """,
        "torch.autograd.backward(torch.tensor(1.))",
        "torch.autograd.grad(y, x)",
    ),
    case(
        "backward_non_scalar_output",
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n(x * 2).backward()",
        "torch.autograd.grad(x * 2, x)",
        "(x[:1] * 2).backward()\nx.grad",
        "(x.view(3, 1)[:1] * 2).backward()\nx.grad",
    ),
    case(
        "backward_gradient_shape_and_dtype",
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n(x * 2).backward(torch.ones(2, 3))",
        "(x.sum()).backward(torch.ones(1))",
        "(x * 2).backward(torch.ones(3, dtype=torch.float64))\nx.grad, x.grad.dtype",
        "(x * 2).backward(torch.tensor([1, 1, 1]))\nx.grad",
    ),
    case(
        "backward_twice_frees_saved_tensors",
        "x = torch.tensor([1., 2.], requires_grad=True)\ny = (x * x).sum()\ny.backward()\nx.grad",
        "y.backward()",
        "x.grad",
        "y, type(y.grad_fn).__name__",
    ),
    case(
        "backward_twice_without_saved_tensors_is_fine",
        """
        a = torch.tensor([1., 2.], requires_grad=True)
        s = (a + a).sum()
        s.backward()
        s.backward()
        a.grad
        """,
        """
        w = torch.tensor([1., 2.], requires_grad=True)
        t = (w + w - 1).sum()
        t.backward()
        t.backward()
        w.grad
        """,
        "u = (w * 2 + 1).sum()\nu.backward()\nu.backward()",
        "v = w.sigmoid().sum()\nv.backward()\nv.backward()",
        "q = (a * a).sum()\nq.backward()\nq.backward()",
    ),
    case(
        "backward_shared_branch_after_free",
        "x = torch.tensor([1., 2.], requires_grad=True)\n"
        "h = x.exp()\n"
        "(h * 3).sum().backward()\n"
        "x.grad",
        "(h * 4).sum().backward()",
        "(h + 4).sum().backward()",
    ),
    case(
        "backward_retain_graph",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = (x * x).sum()
        y.backward(retain_graph=True)
        y.backward(retain_graph=True)
        x.grad
        """,
        "y.backward()\nx.grad",
        "y.backward()",
        "x.grad",
    ),
    case(
        "autograd_grad_basics",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = (x ** 3).sum()
        g = torch.autograd.grad(y, x)
        g
        """,
        "type(g).__name__, g[0].requires_grad, x.grad",
        "torch.autograd.grad((x * 2).sum(), [x])",
        "a = torch.tensor(2., requires_grad=True)\nb = torch.tensor(3., requires_grad=True)\n"
        "torch.autograd.grad(a * b, (a, b))",
        "torch.autograd.grad(x * 2, x, grad_outputs=torch.ones(3))",
    ),
    case(
        "autograd_grad_create_graph_second_derivative",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = (x ** 3).sum()
        (g,) = torch.autograd.grad(y, x, create_graph=True)
        g
        """,
        "g.requires_grad, g.is_leaf",
        "(g2,) = torch.autograd.grad(g.sum(), x)\ng2",
        """
        t = torch.tensor(2., requires_grad=True)
        (d1,) = torch.autograd.grad(t.sin() * t, t, create_graph=True)
        (d2,) = torch.autograd.grad(d1, t, create_graph=True)
        (d3,) = torch.autograd.grad(d2, t)
        d1, d2, d3
        """,
    ),
    case(
        "autograd_grad_unused_inputs",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        u = torch.tensor([3., 4.], requires_grad=True)
        torch.autograd.grad((x * 2).sum(), [x, u])
        """,
        "torch.autograd.grad((x * 2).sum(), [x, u], allow_unused=True)",
        "torch.autograd.grad((x * 2).sum(), [x, u], allow_unused=True, materialize_grads=True)",
        "torch.autograd.grad((x * 2).sum(), [x, torch.ones(2)])",
    ),
    case(
        "autograd_grad_retain_graph",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = (x * x).sum()
        torch.autograd.grad(y, x, retain_graph=True)
        """,
        "torch.autograd.grad(y, x)",
        "torch.autograd.grad(y, x)",
    ),
    case(
        "backward_create_graph_warns",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = (x ** 3).sum()
        y.backward(create_graph=True)
        x.grad
        """,
        "x.grad.requires_grad, x.grad.is_leaf",
        "x.grad.sum().backward()\nx.grad",
    ),
    case(
        "backward_inputs_argument",
        """
        a = torch.tensor([1., 2.], requires_grad=True)
        b = torch.tensor([3., 4.], requires_grad=True)
        (a * b).sum().backward(inputs=[a])
        a.grad, b.grad
        """,
        "torch.autograd.backward([(a * 2).sum(), (b * 3).sum()])\na.grad, b.grad",
    ),
]

# =============================================================================================
# custom autograd.Function

FUNCTION_CASES = [
    case(
        "function_basic_exp",
        """
        from torch.autograd import Function

        class MyExp(Function):
            @staticmethod
            def forward(ctx, x):
                result = x.exp()
                ctx.save_for_backward(result)
                return result

            @staticmethod
            def backward(ctx, grad_output):
                (result,) = ctx.saved_tensors
                return grad_output * result
        """,
        "x = torch.tensor([0., 1.], requires_grad=True)\ny = MyExp.apply(x)\ny",
        "type(y.grad_fn).__name__, y.is_leaf, y.requires_grad",
        "y.sum().backward()\nx.grad",
        "[type(f).__name__ if f else None for f, _ in y.grad_fn.next_functions]",
    ),
    case(
        "function_needs_input_grad_and_constants",
        """
        import torch
        class Scale(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x, w, k):
                ctx.save_for_backward(x, w)
                ctx.k = k
                return x * w * k

            @staticmethod
            def backward(ctx, grad):
                x, w = ctx.saved_tensors
                print("needs_input_grad:", ctx.needs_input_grad)
                gx = grad * w * ctx.k if ctx.needs_input_grad[0] else None
                gw = grad * x * ctx.k if ctx.needs_input_grad[1] else None
                return gx, gw, None
        """,
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        w = torch.tensor([3., 4.])
        out = Scale.apply(x, w, 10)
        out
        """,
        "out.sum().backward()\nx.grad, w.grad",
    ),
    case(
        "function_without_grad_inputs",
        """
        from torch.autograd import Function
        class Double(Function):
            @staticmethod
            def forward(ctx, x):
                return x * 2
            @staticmethod
            def backward(ctx, g):
                return g * 2
        y = Double.apply(torch.tensor([1., 2.]))
        y, y.requires_grad, y.grad_fn
        """,
        "with torch.no_grad():\n    z = Double.apply(torch.tensor([1.], requires_grad=True))\nz",
    ),
    case(
        "function_saved_tensors_freed_after_backward",
        """
        from torch.autograd import Function
        class Square(Function):
            @staticmethod
            def forward(ctx, x):
                ctx.save_for_backward(x)
                return x * x
            @staticmethod
            def backward(ctx, g):
                (x,) = ctx.saved_tensors
                return 2 * x * g
        x = torch.tensor([3.], requires_grad=True)
        y = Square.apply(x)
        y.backward(retain_graph=True)
        y.backward()
        x.grad
        """,
        "y.backward()",
    ),
    case(
        "function_wrong_number_of_gradients",
        """
        from torch.autograd import Function
        class Bad(Function):
            @staticmethod
            def forward(ctx, x):
                return x + 1
            @staticmethod
            def backward(ctx, g):
                return g, g
        y = Bad.apply(torch.tensor([1.], requires_grad=True))
        type(y.grad_fn).__name__
        """,
        "y.backward()",
    ),
    case(
        "function_mark_dirty_inplace",
        """
        from torch.autograd import Function
        class AddOneInplace(Function):
            @staticmethod
            def forward(ctx, x):
                x.add_(1)
                ctx.mark_dirty(x)
                return x
            @staticmethod
            def backward(ctx, g):
                return g
        x = torch.tensor([1., 2.], requires_grad=True)
        a = x * 1
        b = AddOneInplace.apply(a)
        b is a, a, a._version
        """,
        "type(a.grad_fn).__name__",
        "b.sum().backward()\nx.grad",
        "AddOneInplace.apply(x)",
    ),
    case(
        "function_multiple_outputs",
        """
        from torch.autograd import Function
        class SplitTwo(Function):
            @staticmethod
            def forward(ctx, x):
                return x * 2, x * 3
            @staticmethod
            def backward(ctx, g1, g2):
                return g1 * 2 + g2 * 3
        x = torch.tensor([1., 1.], requires_grad=True)
        p, q = SplitTwo.apply(x)
        p, q
        """,
        "p.grad_fn is q.grad_fn",
        "(p.sum() + q.sum()).backward()\nx.grad",
    ),
    case(
        "function_backward_returns_wrong_shape",
        """
        from torch.autograd import Function
        class Wrong(Function):
            @staticmethod
            def forward(ctx, x):
                return x.sum()
            @staticmethod
            def backward(ctx, g):
                return torch.ones(5)
        Wrong.apply(torch.tensor([1., 2.], requires_grad=True)).backward()
        """,
    ),
]

# =============================================================================================
# [5] what each op saves

SAVED_CASES = [
    case(
        "saved_sigmoid_output_edit_raises",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = x.sigmoid()
        y.detach().zero_()
        y.sum().backward()
        """,
        "x.grad",
    ),
    case(
        "saved_sigmoid_input_edit_is_harmless",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = x.sigmoid()
        x.detach().zero_()
        y.sum().backward()
        x.grad
        """,
    ),
    case(
        "saved_pow_output_edit_is_harmless",
        """
        x = torch.tensor(1., requires_grad=True)
        y = x ** 2
        y.detach().zero_()
        y.backward()
        x.grad
        """,
    ),
    case(
        "saved_pow_input_edit_raises",
        """
        x = torch.tensor(1., requires_grad=True)
        y = x ** 2
        x.detach().add_(1)
        y.backward()
        """,
    ),
    case(
        "saved_inplace_on_sigmoid_output",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = x.sigmoid()
        y.mul_(2)
        y, y._version
        """,
        "y.sum().backward()",
    ),
    case(
        "saved_inplace_on_pow_output",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = x ** 2
        y.mul_(2)
        y.sum().backward()
        x.grad
        """,
    ),
    case(
        "saved_data_edit_corrupts_silently",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = x.sigmoid()
        y.data.zero_()
        y.sum().backward()
        x.grad
        """,
        "x.grad == torch.tensor([0., 0., 0.])",
    ),
    case(
        "saved_mul_saves_the_other_operand",
        """
        a = torch.tensor([1., 2.], requires_grad=True)
        b = torch.tensor([3., 4.], requires_grad=True)
        y = a * b
        a.detach().add_(1)
        y.sum().backward()
        """,
        """
        a2 = torch.tensor([1., 2.], requires_grad=True)
        b2 = torch.tensor([3., 4.])
        y2 = a2 * b2
        a2.detach().add_(1)
        y2.sum().backward()
        a2.grad
        """,
        """
        a3 = torch.tensor([1., 2.], requires_grad=True)
        b3 = torch.tensor([3., 4.])
        y3 = a3 * b3
        b3.add_(1)
        y3.sum().backward()
        """,
    ),
    case(
        "saved_mul_by_python_number_saves_nothing",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        z = x / 4
        x.detach().add_(10)
        (y + z).sum().backward()
        x.grad
        """,
    ),
    case(
        "saved_add_sub_sum_mean_view_save_nothing",
        """
        x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
        w = torch.tensor([1., 1., 1., 1.], requires_grad=True)
        y = (x + w - 1).view(2, 2).clone().neg().sum() + x.mean()
        x.detach().mul_(5)
        w.detach().mul_(5)
        y.backward()
        x.grad, w.grad
        """,
    ),
    case(
        "saved_exp_output_then_add_inplace",
        """
        x = torch.tensor([0., 1.], requires_grad=True)
        h = x.exp()
        h.add_(1)
        type(h.grad_fn).__name__, h._version
        """,
        "h.sum().backward()",
    ),
    case(
        "saved_log_div_matmul_inputs",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x.log()
        x.detach().mul_(2)
        y.sum().backward()
        """,
        """
        p = torch.tensor([1., 2.], requires_grad=True)
        q = torch.tensor([4., 8.], requires_grad=True)
        r = p / q
        q.detach().add_(1)
        r.sum().backward()
        """,
        """
        m = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
        n = torch.tensor([[1., 0.], [0., 1.]], requires_grad=True)
        o = m @ n
        n.detach().mul_(3)
        o.sum().backward()
        """,
    ),
    case(
        "saved_tanh_relu_sqrt_outputs",
        """
        x = torch.tensor([1., 4.], requires_grad=True)
        t = x.tanh()
        t.detach().zero_()
        t.sum().backward()
        """,
        "r = x.relu()\nr.detach().zero_()\nr.sum().backward()",
        "s = x.sqrt()\nx.detach().add_(5)\ns.sum().backward()\nx.grad",
    ),
]

# =============================================================================================
# [6] version counters

VERSION_CASES = [
    case(
        "version_bumps_per_inplace_op",
        "t = torch.zeros(3)\nt._version",
        "t.add_(1); t.mul_(2)\nt._version",
        "t.zero_(); t.fill_(1); t.clamp_(0, 0.5)\nt._version",
        "t.sigmoid_(); t.copy_(torch.ones(3))\nt._version",
        "t += 1\nt._version",
        "t[0] = 5\nt._version, t",
    ),
    case(
        "version_item_and_slice_assignment",
        "u = torch.zeros(2, 3)\nu[:, 0] = 1\nu._version",
        "u[0][1] = 3\nu._version",
        "u[1, 2] = 7\nu._version, u",
        "u[u > 2] = 0\nu._version",
    ),
    case(
        "version_not_bumped",
        "t = torch.tensor([1., 2.])\nt.requires_grad_()\nt._version",
        "t.data.add_(1)\nt._version, t",
        "t.data._version",
        "d = t.data\nd.mul_(2)\nd._version, t._version",
        "t.data = torch.tensor([5., 6.])\nt._version",
        "w = torch.zeros(2)\nw.add_(1)\nw.data = torch.ones(3)\nw._version",
    ),
    case(
        "version_shared_by_views_and_detach",
        """
        a = torch.zeros(2, 3)
        v = a.view(6)
        s = a[0]
        d = a.detach()
        e = a.t()
        v.add_(1)
        a._version, v._version, s._version, d._version, e._version
        """,
        "d.mul_(2)\na._version, v._version",
        "a.reshape(3, 2).add_(1); a[1:].sub_(1); a.unsqueeze(0).add_(1)\na._version",
        "x = torch.ones(3)\nex = x.expand(2, 3)\nx.add_(1)\nex._version",
    ),
    case(
        "version_not_shared_by_copies",
        """
        a = torch.zeros(3)
        c = a.clone()
        f = a[[0, 2]]
        m = a[a == 0]
        dt = a.data
        c.add_(1); f.add_(1); m.add_(1); dt.add_(1)
        a._version, c._version, f._version, m._version, dt._version
        """,
        "a",
    ),
    case(
        "version_failed_inplace_does_not_bump",
        "x = torch.tensor([1., 2.], requires_grad=True)\nx.add_(1)",
        "x._version, x",
        "x[0] = 5.",
        "x._version, x",
    ),
    case(
        "version_error_message_for_leaf",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = (x * x).sum()
        x.detach().add_(1)
        y.backward()
        """,
        """
        s = torch.tensor(2., requires_grad=True)
        z = s.log()
        s.detach().add_(1)
        s.detach().add_(1)
        z.backward()
        """,
    ),
    case(
        "version_error_message_names_current_grad_fn",
        """
        x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
        s = x.sum(dim=1)
        z = s * s
        s.detach().add_(1)
        z.sum().backward()
        """,
        """
        d = x.double()
        zd = d * d
        d.detach().add_(1)
        zd.sum().backward()
        """,
        """
        m = x @ x
        zm = m * m
        m.detach().add_(1)
        zm.sum().backward()
        """,
        """
        p = x ** x
        zp = p * p
        p.detach().add_(1)
        zp.sum().backward()
        """,
    ),
    case(
        "version_error_at_version_two",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x.exp()
        y.detach().add_(1)
        y.detach().add_(1)
        y.sum().backward()
        """,
    ),
    case(
        "version_error_after_inplace_rewrote_grad_fn",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 1
        z = y * y
        y.add_(1)
        type(y.grad_fn).__name__, y._version
        """,
        "z.sum().backward()",
    ),
    case(
        "version_error_view_reports_as_strided",
        """
        x = torch.tensor([1., 1., 1.], requires_grad=True)
        y = torch.tensor([2., 4., 6.], requires_grad=True).view(-1, 1)
        z = torch.matmul(x, y)
        y.detach().mul_(2)
        z.backward()
        """,
        "type(y.grad_fn).__name__, y._version",
    ),
    case(
        "version_error_copy_slices",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        z = x * 1
        w = z * z
        z[0] = 0.
        type(z.grad_fn).__name__, z._version
        """,
        "w.sum().backward()",
    ),
    case(
        "version_error_double_tensor",
        """
        x = torch.tensor([[1., 2.]], dtype=torch.float64, requires_grad=True)
        y = x.sigmoid()
        y.detach().zero_()
        y.sum().backward()
        """,
    ),
]

# =============================================================================================
# [8] in-place rules

INPLACE_CASES = [
    case(
        "inplace_on_grad_leaf_errors",
        "x = torch.tensor([1., 2., 3., 4.], requires_grad=True)\nx.add_(1)",
        "x.zero_()",
        "x += 1",
        "x.copy_(torch.zeros(4))",
        "x[0] = 5.",
        "x.view(2, 2).mul_(2)",
        "x[0].mul_(2)",
        "x[1:3] = 0.",
        "x, x._version",
    ),
    case(
        "inplace_on_leaf_under_no_grad",
        """
        import torch.nn as nn
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.no_grad():
            x.add_(1)
            x[0] = 10.
        x, x.is_leaf, x.requires_grad, x._version
        """,
        """
        p = nn.Parameter(torch.tensor([1., 2.]))
        with torch.no_grad():
            p.mul_(3)
        p, type(p).__name__, p._version
        """,
    ),
    case(
        "inplace_through_detach_and_data",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        x.detach().add_(1)
        x, x._version
        """,
        "x.data.add_(1)\nx, x._version",
    ),
    case(
        "inplace_on_non_leaf_is_recorded",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        y.add_(1)
        y, y._version
        """,
        "y.mul_(y)\ny",
        "y.sum().backward()\nx.grad",
    ),
    case(
        "inplace_makes_non_grad_tensor_a_non_leaf",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        a = torch.zeros(2)
        a.add_(x)
        a, a.is_leaf, a.requires_grad
        """,
        "(a * 3).sum().backward()\nx.grad",
        "b = torch.zeros(2)\nb[0] = x[0]\nb, b.is_leaf",
        "c = torch.zeros(2)\nc.mul_(x)\nc",
    ),
    case(
        "inplace_through_view_of_non_leaf",
        """
        x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
        z = x.clone()
        v = z[1:3]
        v.mul_(0)
        type(v.grad_fn).__name__, type(z.grad_fn).__name__
        """,
        "z, v",
        "z.sum().backward()\nx.grad",
        """
        x2 = torch.tensor([1., 2., 3., 4.], requires_grad=True)
        z2 = x2 * 1
        z2[1:3] = 0
        z2.sum().backward()
        x2.grad
        """,
    ),
    case(
        "inplace_on_base_changes_view_grad_fn",
        """
        x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
        z = x * 2
        v = z.view(2, 2)
        type(v.grad_fn).__name__
        """,
        "z.add_(1)\ntype(v.grad_fn).__name__, type(z.grad_fn).__name__",
        "v",
        "(v * v).sum().backward()\nx.grad",
    ),
    case(
        "inplace_view_created_in_no_grad",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        with torch.no_grad():
            v = x[0:2]
        v.requires_grad, v.is_leaf, v.grad_fn
        """,
        "v.mul_(2)",
        "with torch.no_grad():\n    v.mul_(2)\nx",
    ),
    case(
        "inplace_unary_ops_on_non_leaf",
        """
        x = torch.tensor([-1., 0.5, 2.], requires_grad=True)
        y = x * 1
        y.sigmoid_()
        y
        """,
        "y.sum().backward()\nx.grad",
        "r = x * 1\nr.relu_()\nr",
        "x2 = torch.tensor([0., 1.], requires_grad=True)\n"
        "e = x2 * 1\ne.exp_()\ne.sum().backward()\nx2.grad, e",
    ),
    case(
        "inplace_setitem_with_tensor_value",
        """
        x = torch.tensor([5., 6.], requires_grad=True)
        buf = torch.zeros(3)
        buf[1:] = x * 2
        buf
        """,
        "buf.sum().backward()\nx.grad",
        "buf._version, buf.is_leaf",
    ),
]

# =============================================================================================
# [7] detach vs data

DETACH_CASES = [
    case(
        "detach_shares_storage_new_object",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        d = y.detach()
        d.requires_grad, d.is_leaf, d.grad_fn, d is y
        """,
        "d.untyped_storage().data_ptr() == y.untyped_storage().data_ptr(), "
        "d.data_ptr() == y.data_ptr()",
        "y.detach() is y.detach()",
        "d[0] = 100.\ny",
    ),
    case(
        "data_shares_storage_new_object",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        t = x.data
        t.requires_grad, t.is_leaf, t.grad_fn, t is x, x.data is x.data
        """,
        "t.untyped_storage().data_ptr() == x.untyped_storage().data_ptr()",
        "t[1] = -7.\nx",
        "type(t).__name__",
    ),
    case(
        "detach_shares_version_data_does_not",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        y.detach().add_(1)
        y._version
        """,
        "y.data.add_(1)\ny._version, y.data._version",
        "y",
    ),
    case(
        "detach_grad_is_not_shared",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        (x * 3).sum().backward()
        x.grad, x.detach().grad, x.data.grad
        """,
    ),
    case(
        "detach_inplace_on_non_leaf",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        y.detach_() is y
        """,
        "y.requires_grad, y.is_leaf, y.grad_fn, y",
        "z = y * 3\nz.requires_grad",
        "(x * 5).sum().backward()\nx.grad",
    ),
    case(
        "detach_inplace_on_leaf",
        "x = torch.tensor([1., 2.], requires_grad=True)\nx.detach_()",
        "x.requires_grad, x.is_leaf",
    ),
    case(
        "detach_inplace_on_views_errors",
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n(x * 2)[0:2].detach_()",
        "x[0:1].detach_()",
        "torch.zeros(3)[1:].detach_()",
        "x.view(3, 1).detach_()",
    ),
    case(
        "data_assignment_adopts_storage",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        other = torch.tensor([5., 6., 7.])
        x.data = other
        x, x.shape, x.requires_grad, x.is_leaf
        """,
        "other[0] = 9.\nx",
        "x.untyped_storage().data_ptr() == other.untyped_storage().data_ptr()",
        "(x * 2).sum().backward()\nx.grad",
    ),
    case(
        "data_assignment_dtype_rules",
        "x = torch.tensor([1., 2.], requires_grad=True)\nx.data = torch.tensor([1, 2])",
        "x",
        "x.data = torch.tensor([1.5, 2.5], dtype=torch.float64)\nx",
        "n = torch.tensor([1., 2.])\nn.data = torch.tensor([3, 4])\nn",
        "x.data = torch.tensor([[1.]], dtype=torch.float64)\n(x * 2).sum().backward()\nx.grad",
    ),
    case(
        "data_manual_sgd_update",
        """
        w = torch.tensor([1., 2.], requires_grad=True)
        (w * w).sum().backward()
        w.data -= 0.1 * w.grad
        w, w._version, w.is_leaf
        """,
        "w.grad.zero_()\n(w * w).sum().backward()\nw.grad",
    ),
    case(
        "detach_of_view",
        """
        x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
        v = x.view(2, 2)
        d = v.detach()
        v._base is x, d._base
        """,
        "d.add_(1)\nv._version, x._version, x",
    ),
    case(
        "detach_then_requires_grad_builds_own_graph",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x.sigmoid()
        d = y.detach().requires_grad_()
        loss = (d * d).sum()
        loss.backward()
        d.grad, x.grad
        """,
        "d.is_leaf, type(loss.grad_fn).__name__",
    ),
]

# =============================================================================================
# [9, 10] retain_grad, non-leaf .grad warning, hooks

HOOK_CASES = [
    case(
        "hooks_return_none_keeps_gradient",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        h = x.register_hook(lambda g: print("hook saw", g))
        type(h).__name__
        """,
        "(x * 3).sum().backward()\nx.grad",
    ),
    case(
        "hooks_return_tensor_replaces_gradient",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        y.register_hook(lambda g: g * 10)
        y.sum().backward()
        x.grad
        """,
    ),
    case(
        "hooks_run_in_registration_order",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 1
        def first(g):
            print("first", g)
            return g + 1
        def second(g):
            print("second", g)
            return g * 2
        y.register_hook(first)
        y.register_hook(second)
        y.sum().backward()
        x.grad
        """,
    ),
    case(
        "hooks_remove_is_idempotent",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        h = x.register_hook(lambda g: g * 100)
        h.remove()
        h.remove()
        (x * 1).sum().backward()
        x.grad
        """,
    ),
    case(
        "hooks_persist_across_backward_calls",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        calls = []
        x.register_hook(lambda g: calls.append(g.tolist()))
        y = (x * x).sum()
        y.backward(retain_graph=True)
        y.backward()
        calls, x.grad
        """,
    ),
    case(
        "hooks_retain_grad_stores_value_after_hooks",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 1
        y.retain_grad()
        y.register_hook(lambda g: g * 2)
        y.sum().backward()
        y.grad, x.grad
        """,
        """
        x2 = torch.tensor([1., 2.], requires_grad=True)
        y2 = x2 * 1
        y2.register_hook(lambda g: g * 3)
        y2.retain_grad()
        y2.sum().backward()
        y2.grad, x2.grad
        """,
    ),
    case(
        "hooks_leaf_gets_total_before_accumulation",
        """
        x = torch.tensor(2., requires_grad=True)
        def show(g):
            print("hook", g, "x.grad is", x.grad)
        x.register_hook(show)
        (x * x + x).backward()
        x.grad
        """,
        "(x * 4).backward()\nx.grad",
    ),
    case(
        "hooks_non_leaf_used_twice_called_once",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        y.register_hook(lambda g: print("y hook", g))
        (y * y + y).sum().backward()
        x.grad
        """,
    ),
    case(
        "hooks_outputs_fire_before_inputs",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        z = y * y
        x.register_hook(lambda g: print("x", g))
        y.register_hook(lambda g: print("y", g))
        z.register_hook(lambda g: print("z", g))
        z.sum().backward()
        """,
    ),
    case(
        "hooks_run_for_autograd_grad",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 3
        y.register_hook(lambda g: print("y hook", g))
        x.register_hook(lambda g: print("x hook", g))
        torch.autograd.grad(y.sum(), x)
        """,
        "x.grad",
    ),
    case(
        "hooks_need_requires_grad",
        "t = torch.tensor([1., 2.])\nt.register_hook(lambda g: g)",
        "t.requires_grad_()\n"
        "h = t.register_hook(lambda g: g * 2)\n"
        "(t * 1).sum().backward()\n"
        "t.grad",
    ),
    case(
        "hooks_changing_size_or_type_errors",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        def bad_size(g):
            return torch.ones(5)
        h = x.register_hook(bad_size)
        (x * 2).sum().backward()
        """,
        "h.remove()\nh2 = x.register_hook(lambda g: torch.ones(3))\n(x * 2).sum().backward()",
        """
        h2.remove()
        def to_double(g):
            return g.double()
        h3 = x.register_hook(to_double)
        (x * 2).sum().backward()
        """,
        "h3.remove()\nx.register_hook(lambda g: 1)\n(x * 2).sum().backward()",
        "x.grad",
    ),
    case(
        "hooks_exception_propagates",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        def boom(g):
            raise ValueError("boom from hook")
        x.register_hook(boom)
        (x * 2).sum().backward()
        """,
        "x.grad",
    ),
    case(
        "hooks_inplace_on_expanded_gradient",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        s = x * 1
        s.register_hook(lambda g: g.mul_(2))
        s.sum().backward()
        """,
        "x.grad",
    ),
    case(
        "retain_grad_basic_and_accumulates",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 3
        y.retain_grad()
        y.retains_grad, x.retains_grad
        """,
        "z = (y * y).sum()\nz.backward(retain_graph=True)\ny.grad",
        "z.backward()\ny.grad",
    ),
    case(
        "retain_grad_after_backward_fills_nothing",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 3
        y.sum().backward()
        y.retain_grad()
        y.grad
        """,
        "y.retains_grad",
    ),
    case(
        "retain_grad_on_leaf_and_without_grad",
        "x = torch.tensor([1., 2.], requires_grad=True)\nx.retain_grad()\nx.retains_grad",
        "torch.tensor([1., 2.]).retain_grad()",
        "with torch.no_grad():\n    n = x * 2\nn.retain_grad()",
    ),
    case(
        "retain_grad_on_the_output",
        "x = torch.tensor([1., 2.], requires_grad=True)\n"
        "s = (x * x).sum()\n"
        "s.retain_grad()\n"
        "s.backward()\n"
        "s.grad",
    ),
    case(
        "nonleaf_grad_warns_every_time",
        "x = torch.tensor([1., 2.], requires_grad=True)\ny = x * 2\ny.grad",
        "y.grad",
        "print(x.view(2, 1).grad)",
        "print(x.double().grad)",
        "print(x.detach().grad, x.grad)",
        "with torch.no_grad():\n    n = x * 2\nprint(n.grad)",
    ),
]

# =============================================================================================
# [12] grad modes

GRAD_MODE_CASES = [
    case(
        "no_grad_results_are_leaves_without_grad",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.no_grad():
            y = x * 2
            print(torch.is_grad_enabled())
        y.requires_grad, y.is_leaf, y.grad_fn, torch.is_grad_enabled()
        """,
    ),
    case(
        "no_grad_restored_after_exception",
        "with torch.no_grad():\n    raise ValueError('inside no_grad')",
        "torch.is_grad_enabled()",
    ),
    case(
        "no_grad_nested_and_as_target",
        """
        with torch.no_grad() as v:
            print(v is None)
            with torch.no_grad():
                print(torch.is_grad_enabled())
            print(torch.is_grad_enabled())
        torch.is_grad_enabled()
        """,
        "type(torch.no_grad()).__name__",
    ),
    case(
        "no_grad_as_decorator",
        """
        x = torch.tensor([1., 2.], requires_grad=True)

        @torch.no_grad()
        def f(t):
            return t * 2

        @torch.no_grad
        def g(t):
            return t * 3

        f(x), g(x)
        """,
        "f.__name__, g.__name__",
        "(x * 4).requires_grad",
    ),
    case(
        "no_grad_factories_still_make_grad_leaves",
        """
        with torch.no_grad():
            w = torch.ones(2, requires_grad=True)
            v = torch.tensor([1.], requires_grad=True)
        w, w.is_leaf, v
        """,
    ),
    case(
        "no_grad_backward_inside_still_works",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = (x * x).sum()
        with torch.no_grad():
            y.backward()
        x.grad
        """,
    ),
    case(
        "enable_grad_inside_no_grad",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.no_grad():
            with torch.enable_grad():
                y = x * 2
            z = x * 2
        y.requires_grad, z.requires_grad
        """,
        """
        @torch.enable_grad()
        def tracked(t):
            return t * 5

        with torch.no_grad():
            r = tracked(x)
        r
        """,
    ),
    case(
        "set_grad_enabled_plain_call",
        "x = torch.tensor([1., 2.], requires_grad=True)\ntorch.set_grad_enabled(False)",
        "y = x * 2\ny.requires_grad, torch.is_grad_enabled()",
        "_ = torch.set_grad_enabled(True)\n(x * 2).requires_grad",
    ),
    case(
        "set_grad_enabled_context_and_decorator",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        flag = False
        with torch.set_grad_enabled(flag):
            y = x * 2
        y.requires_grad, torch.is_grad_enabled()
        """,
        "with torch.set_grad_enabled(True):\n    z = x * 2\nz.requires_grad",
        """
        @torch.set_grad_enabled(False)
        def frozen(t):
            return t * 2
        frozen(x).requires_grad, torch.is_grad_enabled()
        """,
    ),
    case(
        "inference_mode_basics",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.inference_mode():
            y = x * 2
            print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
        y.requires_grad, y.is_inference(), x.is_inference()
        """,
        "torch.is_inference_mode_enabled(), torch.is_grad_enabled()",
        "with torch.inference_mode(False):\n    z = x * 2\nz.requires_grad, z.is_inference()",
        """
        @torch.inference_mode()
        def infer(t):
            return t + 1
        infer(x).is_inference(), infer(x)
        """,
    ),
    case(
        "inference_tensor_inplace_outside_errors",
        "with torch.inference_mode():\n    t = torch.ones(2)\nt.add_(1)",
        "t",
        "with torch.inference_mode():\n    t.add_(1)\nt",
    ),
    case(
        "inference_tensor_in_autograd",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.inference_mode():
            t = torch.tensor([3., 4.])
        t * x
        """,
        "t + x",
        "t.requires_grad_()",
        "c = t.clone()\nc.is_inference(), (c * x)",
        "(t * 2).is_inference()",
    ),
]

ANOMALY_CASES = [
    case(
        # the "Error detected in ..." warning carries a Python traceback: the harness cuts it
        "anomaly_version_error_hint_changes",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        with torch.autograd.detect_anomaly():
            y = x.sigmoid()
            y.detach().zero_()
            y.sum().backward()
        """,
        "torch.is_anomaly_enabled()",
    ),
    case(
        "anomaly_detects_nan_in_backward",
        """
        x = torch.tensor([0., 1.], requires_grad=True)
        with torch.autograd.detect_anomaly():
            y = (x.sqrt() * 0).sum()
            y.backward()
        """,
        "x.grad",
    ),
    case(
        "anomaly_set_detect_and_success",
        "torch.autograd.set_detect_anomaly(True)\ntorch.is_anomaly_enabled()",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        (x * x).sum().backward()
        x.grad
        """,
        "torch.autograd.set_detect_anomaly(False)\ntorch.is_anomaly_enabled()",
    ),
]

# =============================================================================================
# [13] views and storage, [14] clone vs copy_, shapes

VIEW_CASES = [
    case(
        "views_have_base",
        """
        a = torch.arange(6.)
        v = a.view(2, 3)
        v._base is a, a._base
        """,
        "a[1:4]._base is a, a[2]._base is a, v.t()._base is a, v.transpose(0, 1)._base is a",
        "a.unsqueeze(0)._base is a, v[0:1].squeeze(0)._base is a, a[:1].expand(3)._base is a",
        "a.reshape(3, 2)._base is a, v.view(6)._base is a",
    ),
    case(
        "views_copies_have_no_base",
        """
        a = torch.arange(6.)
        [t._base is None for t in (a[[0, 2]], a[a > 2], a.clone(), a.detach(), a.data)]
        """,
        "m = a.view(2, 3).t()\nm.reshape(6)._base, m.contiguous()._base, m.is_contiguous()",
        "m.contiguous().is_contiguous(), m.stride(), m.contiguous().stride()",
    ),
    case(
        "views_storage_and_data_ptr",
        """
        a = torch.arange(6.)
        s = a[1:4]
        same_storage = s.untyped_storage().data_ptr() == a.untyped_storage().data_ptr()
        same_storage, s.data_ptr() == a.data_ptr(), a.view(2, 3).data_ptr() == a.data_ptr()
        """,
        "a.clone().untyped_storage().data_ptr() == a.untyped_storage().data_ptr()",
        "s.storage_offset(), a[3:].storage_offset(), a.view(2, 3)[1].storage_offset()",
    ),
    case(
        "views_write_through",
        """
        a = torch.arange(6.)
        v = a.view(2, 3)
        v[0, 0] = 100.
        a
        """,
        "a[1:3] = -1.\nv",
        "f = a[[0, 1]]\nf[0] = 55.\na",
        "v.t()[2, 1] = 8.\na",
    ),
    case(
        "views_errors",
        "a = torch.arange(6.).view(2, 3)\na.t().view(6)",
        "a.view(4)",
        "a.reshape(4)",
        "a.view(-1, 4)",
        "a.t().reshape(6)",
        "a.view(3, -1)",
        "a.view(-1, -1)",
    ),
    case(
        "views_gradient_through_view",
        """
        x = torch.ones(2, 2, requires_grad=True)
        v = x.view(4)
        (v * torch.arange(4.)).sum().backward()
        x.grad
        """,
        "v._base is x, v.is_leaf",
    ),
    case(
        "views_of_leaf_share_version",
        """
        x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
        v = x.view(2, 2)
        with torch.no_grad():
            v.add_(1)
        x, x._version, v._version
        """,
    ),
]

CLONE_CASES = [
    case(
        "clone_is_a_differentiable_copy",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        c = x.clone()
        c
        """,
        "c.is_leaf, c.untyped_storage().data_ptr() == x.untyped_storage().data_ptr()",
        "c.add_(1)\nx, c, x._version, c._version",
        "c.sum().backward()\nx.grad",
    ),
    case(
        "clone_of_detach_is_graph_free_copy",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        k = x.detach().clone()
        same = k.untyped_storage().data_ptr() == x.untyped_storage().data_ptr()
        k, k.requires_grad, k.is_leaf, same
        """,
    ),
    case(
        "copy_into_non_grad_tensor",
        """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        dst = torch.zeros(3)
        dst.copy_(x)
        dst, dst.is_leaf, dst.requires_grad
        """,
        "(dst * dst).sum().backward()\nx.grad",
        "d2 = torch.zeros(3)\nwith torch.no_grad():\n    d2.copy_(x)\nd2, d2.requires_grad",
    ),
    case(
        "copy_into_grad_leaf",
        "x = torch.tensor([1., 2.], requires_grad=True)\nx.copy_(torch.tensor([5., 6.]))",
        "with torch.no_grad():\n    x.copy_(torch.tensor([5., 6.]))\nx, x.is_leaf",
    ),
    case(
        "copy_broadcasts_casts_and_checks_shape",
        "dst = torch.zeros(2, 3)\ndst.copy_(torch.tensor([1., 2., 3.]))",
        "i = torch.zeros(2, dtype=torch.int64)\ni.copy_(torch.tensor([1.7, -2.7]))",
        "torch.zeros(2).copy_(torch.ones(3))",
        "torch.zeros(3).copy_(torch.tensor(4.))",
    ),
    case(
        "assignment_is_an_alias",
        """
        x = torch.tensor([1., 2.])
        y = x
        y.add_(1)
        x, y is x
        """,
    ),
]

SHAPE_CASES = [
    case(
        "shape_broadcast_errors",
        "torch.ones(2, 3) + torch.ones(2)",
        "torch.ones(3) * torch.ones(4)",
        "torch.ones(2, 1) + torch.ones(3)",
        "torch.ones(2, 3).add_(torch.ones(3, 1))",
    ),
    case(
        "shape_matmul_errors",
        "torch.ones(2, 3) @ torch.ones(2, 3)",
        "torch.ones(2, 3).mv(torch.ones(2))",
        "torch.ones(2, 3) @ torch.ones(2)",
        "torch.ones(3).dot(torch.ones(2))",
        "torch.tensor(1.) @ torch.ones(2)",
        "torch.ones(3).mm(torch.ones(3, 1))",
        "(torch.ones(2, 3) @ torch.ones(3)).shape, (torch.ones(3) @ torch.ones(3, 2)).shape",
    ),
    case(
        "shape_broadcast_results",
        "(torch.ones(2, 1) + torch.ones(3)).shape",
        "(torch.ones(4, 1, 3) * torch.ones(2, 1)).shape",
        "torch.tensor([[1.], [2.]]) * torch.tensor([10., 20.])",
        "torch.tensor(2.) + torch.tensor([1., 2.])",
    ),
]

# =============================================================================================
# [15] nn

NN_CASES = [
    case(
        "nn_parameter_basics",
        """
        import torch.nn as nn
        t = torch.tensor([1., 2.])
        p = nn.Parameter(t)
        p.is_leaf, p.requires_grad, type(p).__name__, isinstance(p, torch.Tensor)
        """,
        "t[0] = 10.\np",
        "[type(t).__name__ for t in (p * 2, p.data, p.detach(), p.clone())]",
        "nn.Parameter()",
        "q = nn.Parameter(torch.tensor([3.]), requires_grad=False)\nq.requires_grad, q.is_leaf",
        "with torch.no_grad():\n    p.add_(1)\ntype(p).__name__, p",
    ),
    case(
        "nn_linear_repr_and_shapes",
        """
        from torch import nn
        lin = nn.Linear(3, 2)
        lin
        """,
        "print(lin)",
        "lin.weight.shape, lin.bias.shape",
        "type(lin.weight).__name__, lin.weight.requires_grad, lin.weight.is_leaf",
        "nb = nn.Linear(3, 2, bias=False)\nnb, nb.bias is None",
        "[(name, p.shape) for name, p in lin.named_parameters()]",
        "len(list(lin.parameters())), lin.in_features, lin.out_features",
    ),
    case(
        "nn_linear_fixed_weights_forward_backward",
        """
        import torch.nn as nn
        lin = nn.Linear(3, 2)
        with torch.no_grad():
            lin.weight.copy_(torch.tensor([[1., 0., -1.], [0.5, 0.5, 0.5]]))
            lin.bias.copy_(torch.tensor([0.1, -0.1]))
        x = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
        out = lin(x)
        out
        """,
        "out.sum().backward()\nlin.weight.grad, lin.bias.grad",
        "lin.weight.is_leaf, type(lin.weight).__name__",
        # init (kaiming_uniform_) and copy_ each bump the version under no_grad
        "lin.weight._version, lin.bias._version",
        "lin(torch.tensor([1., 1., 1.]))",
        "lin(torch.ones(2, 2, 3))",
    ),
    case(
        "nn_linear_grad_fn_names",
        """
        import torch.nn as nn
        lin = nn.Linear(3, 2)
        nb = nn.Linear(3, 2, bias=False)
        x2 = torch.ones(4, 3)
        outs = (lin(x2), nb(x2), lin(torch.ones(3)), lin(torch.ones(2, 4, 3)))
        [type(t.grad_fn).__name__ for t in outs]
        """,
        "[t.shape for t in outs]",
    ),
    case(
        "nn_linear_wrong_input_size",
        "import torch.nn as nn\nlin = nn.Linear(3, 2)\nlin(torch.ones(4, 2))",
        "lin(torch.ones(5))",
        "lin(torch.ones(2, 3, dtype=torch.float64))",
    ),
    case(
        "nn_zero_grad_sets_none",
        """
        import torch.nn as nn
        lin = nn.Linear(2, 1)
        lin(torch.ones(3, 2)).sum().backward()
        lin.weight.grad is None, lin.bias.grad
        """,
        "lin.zero_grad()\nlin.weight.grad, lin.bias.grad",
    ),
    case(
        "nn_conv2d_reprs",
        """
        import torch.nn as nn
        nn.Conv2d(4, 8, 3, stride=2, padding=1)
        """,
        "nn.Conv2d(1, 2, (3, 5))",
        "nn.Conv2d(1, 2, 3, bias=False)",
        "nn.Conv2d(3, 6, kernel_size=1, padding=0)",
        "c = nn.Conv2d(4, 8, 3, stride=2, padding=1)\nc.weight.shape, c.bias.shape",
        "[name for name, _ in c.named_parameters()]",
    ),
    case(
        "nn_conv2d_output_shapes",
        """
        import torch.nn as nn
        import torch.nn.functional as F
        c = nn.Conv2d(4, 8, 3, stride=2, padding=1)
        [c(torch.ones(1, 4, h, h)).shape for h in (5, 6, 7, 8)]
        """,
        "c(torch.ones(4, 9, 9)).shape",
        "F.conv2d(torch.ones(2, 4, 5, 5), torch.ones(8, 4, 3, 3), stride=2, padding=1).shape",
        "F.conv2d(torch.ones(1, 1, 5, 7), torch.ones(3, 1, 3, 5)).shape",
    ),
    case(
        "nn_functional_conv2d_values",
        """
        import torch.nn.functional as F
        x = torch.arange(16.).view(1, 1, 4, 4)
        w = torch.ones(1, 1, 3, 3, requires_grad=True)
        F.conv2d(x, w)
        """,
        "F.conv2d(x, w, bias=torch.tensor([0.5]), padding=1)",
        "F.conv2d(x, w, stride=2, padding=1)",
        "F.conv2d(x[0], w)",
        "F.conv2d(x, w).sum().backward()\nw.grad",
    ),
    case(
        "nn_conv2d_channel_mismatch",
        "import torch.nn.functional as F\nF.conv2d(torch.ones(1, 3, 4, 4), torch.ones(2, 1, 3, 3))",
        "import torch.nn as nn\nnn.Conv2d(1, 2, 3)(torch.ones(1, 3, 4, 4))",
    ),
    case(
        "nn_conv2d_fixed_weights_module",
        """
        import torch.nn as nn
        conv = nn.Conv2d(1, 1, 2)
        nn.init.constant_(conv.weight, 0.25)
        nn.init.zeros_(conv.bias)
        out = conv(torch.arange(9.).view(1, 1, 3, 3))
        out
        """,
        "out.sum().backward()\nconv.weight.grad, conv.bias.grad",
    ),
    case(
        "nn_init_functions",
        """
        from torch.nn import init
        import torch.nn as nn
        lin = nn.Linear(2, 2)
        r = init.constant_(lin.weight, 0.5)
        r is lin.weight, lin.weight
        """,
        "init.zeros_(lin.bias)",
        "init.ones_(lin.weight)\nlin.weight._version > 0, lin.weight.is_leaf",
        "init.eye_(torch.empty(2, 3))",
    ),
    case(
        "nn_sgd_step_and_zero_grad",
        """
        import torch.optim as optim
        import torch.nn as nn
        p = nn.Parameter(torch.tensor([1., 2.]))
        opt = optim.SGD([p], lr=0.5)
        (p ** 2).sum().backward()
        p.grad
        """,
        "v = p._version\nopt.step()\np, p._version > v, type(p).__name__",
        "opt.zero_grad()\np.grad",
    ),
    case(
        "nn_sgd_trains_linear_on_fixed_data",
        """
        import torch.nn as nn
        from torch import optim
        lin = nn.Linear(2, 1)
        with torch.no_grad():
            lin.weight.copy_(torch.tensor([[0.5, -0.5]]))
            lin.bias.fill_(0.)
        opt = optim.SGD(lin.parameters(), lr=0.05)
        x = torch.tensor([[1., 2.], [3., 4.], [-1., 1.]])
        target = torch.tensor([[1.], [2.], [0.]])
        for step in range(4):
            opt.zero_grad()
            loss = ((lin(x) - target) ** 2).mean()
            loss.backward()
            opt.step()
            print(step, round(loss.item(), 4))
        """,
        "lin.weight, lin.bias",
    ),
    case(
        "nn_sequential_and_relu",
        """
        import torch.nn as nn
        net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
        net
        """,
        "[name for name, _ in net.named_parameters()]",
        """
        for m in net:
            if isinstance(m, nn.Linear):
                nn.init.constant_(m.weight, 0.5)
                nn.init.constant_(m.bias, -0.25)
        out = net(torch.tensor([[1., -1.], [2., 3.]]))
        out
        """,
        "out.sum().backward()\nnet[0].weight.grad",
    ),
    case(
        "nn_functional_activations_and_softmax",
        """
        import torch.nn.functional as F
        x = torch.tensor([[1., 2., 3.]], requires_grad=True)
        F.relu(x - 2), F.softmax(x, dim=1)
        """,
        "F.log_softmax(x, dim=1)",
        "s = x.softmax(dim=1)\ns.detach().zero_()\ns.sum().backward()",
        "torch.sigmoid(x), F.mse_loss(x, torch.zeros(1, 3))",
    ),
]

# =============================================================================================

GROUPS = {
    "repr": REPR_CASES + DTYPE_CASES + CREATION_CASES,
    "leaf": LEAF_CASES + GRAD_FN_CASES + GRAD_CASES + BACKWARD_CASES + FUNCTION_CASES,
    "inplace": SAVED_CASES + VERSION_CASES + INPLACE_CASES,
    "detach": DETACH_CASES,
    "hooks": HOOK_CASES,
    "grad_mode": GRAD_MODE_CASES + ANOMALY_CASES,
    "views": VIEW_CASES + CLONE_CASES + SHAPE_CASES,
    "nn": NN_CASES,
}
ALL_CASES = [c for cases in GROUPS.values() for c in cases]


@pytest.mark.repr
@pytest.mark.parametrize("cells, isolated", GROUPS["repr"])
def test_repr(cells, isolated):
    assert_same(cells, isolated=isolated)


@pytest.mark.leaf
@pytest.mark.parametrize("cells, isolated", GROUPS["leaf"])
def test_leaf(cells, isolated):
    assert_same(cells, isolated=isolated)


@pytest.mark.inplace
@pytest.mark.parametrize("cells, isolated", GROUPS["inplace"])
def test_inplace(cells, isolated):
    assert_same(cells, isolated=isolated)


@pytest.mark.detach
@pytest.mark.parametrize("cells, isolated", GROUPS["detach"])
def test_detach(cells, isolated):
    assert_same(cells, isolated=isolated)


@pytest.mark.hooks
@pytest.mark.parametrize("cells, isolated", GROUPS["hooks"])
def test_hooks(cells, isolated):
    assert_same(cells, isolated=isolated)


@pytest.mark.grad_mode
@pytest.mark.parametrize("cells, isolated", GROUPS["grad_mode"])
def test_grad_mode(cells, isolated):
    assert_same(cells, isolated=isolated)


@pytest.mark.views
@pytest.mark.parametrize("cells, isolated", GROUPS["views"])
def test_views(cells, isolated):
    assert_same(cells, isolated=isolated)


@pytest.mark.nn
@pytest.mark.parametrize("cells, isolated", GROUPS["nn"])
def test_nn(cells, isolated):
    assert_same(cells, isolated=isolated)
