"""nn.functional on bad input and edge cases (issue 20): F.linear with a 1-D weight and
mixed dtypes (each of torch's kernels words its own message), torch's parser for linear,
conv2d's check order, batch_norm's channel count, dropout of a bool tensor, softmax on a
NumPy scalar. Each case runs under torch 2.13 and minigrad (see difftest.py)."""

import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch

SETUP = ("import numpy as np\nimport torch.nn.functional as F\n"
         "a = torch.tensor([[1., 2., 3.], [4., 5., 6.]])\nv = torch.tensor([1., -2., 3.])\n"
         "b = torch.tensor([1, 2, 3])\ns = torch.tensor(2.)\ne = torch.tensor([])\n"
         "bo = torch.tensor([True, False, True])\nc = torch.arange(24.).reshape(2, 3, 4)\n"
         "g = torch.tensor([1., 2., 3.], requires_grad=True)\nh = g * 2")


def chain(expr):
    """A cell printing the node names along the first edges under `expr`'s grad_fn."""
    return (f"r = {expr}\nf, names = r.grad_fn, []\nwhile f is not None:\n"
            "    names.append(f.name())\n"
            "    f = f.next_functions[0][0] if f.next_functions else None\nr, names")


CASES = [
    case("linear_1d_weight", SETUP,
         chain("F.linear(h, v, s)"), chain("F.linear(h, h, s)"), chain("F.linear(h, v)"),
         "F.linear(a, v), F.linear(c, torch.ones(4), s)",
         chain("F.linear(c.transpose(0, 1).contiguous(), torch.ones(4), s)"),
         chain("F.linear(h, torch.ones(2, 3), s)"), chain("F.linear(h, torch.ones(2, 3), v[:2])"),
         chain("F.linear(c.requires_grad_(), torch.ones(2, 4), torch.ones(1, 2))"),
         "F.linear(a, v, s)", "F.linear(a, v, v)", "F.linear(h, v, v)",
         "F.linear(h, v, torch.ones(2, 1))", "F.linear(c, torch.ones(4), torch.ones(1))",
         "F.linear(v, torch.ones(4))", "F.linear(a, torch.ones(4))", "F.linear(b, c)",
         "F.linear(a, c, v)",
         "F.linear(h, v).backward()\ng.grad"),
    case("linear_dtypes", SETUP,
         "F.linear(g, bo)", "F.linear(g, b)", "F.linear(bo, e)", "F.linear(b, e)",
         "F.linear(a, b)", "F.linear(a, v.long())", "F.linear(a.long(), v)",
         "F.linear(a, v.long(), s)", "F.linear(a, v, s.long())", "F.linear(v, b, s)",
         "F.linear(v, v, s.long())", "F.linear(c, torch.ones(4).long())",
         "F.linear(a, torch.ones(2, 3).long())", "F.linear(a, torch.ones(2, 3).long(), "
         "torch.ones(2))", "F.linear(a.long(), torch.ones(2, 3), torch.ones(2))",
         "F.linear(a.long(), torch.ones(2, 3).long(), torch.ones(2).long())"),
    case("linear_parser", SETUP,
         "F.linear(bo, 0, exponent=2)", "F.linear(c, dtype=torch.float64)", "F.linear()",
         "F.linear(1.5)", "F.linear(v, 2.0, dims=0)", "F.linear(v, v, bias=None, x=1)",
         "F.linear(input=v, weight=v)", "F.linear(v, v, s, s)", "F.linear(v, v, 2)",
         "F.linear.__name__, F.linear.__doc__ is not None"),
    case("conv2d_check_order", SETUP,
         "x4 = torch.ones(1, 2, 5, 5)\nw4 = torch.ones(3, 2, 2, 2)",
         "F.conv2d(c, e)", "F.conv2d(bo, c, c)", "F.conv2d(c, v)", "F.conv2d(c, a)",
         "F.conv2d(x4, s)", "F.conv2d(c, c)", "F.conv2d(x4, w4, bo)",
         "F.conv2d(x4, w4, torch.ones(3).long())", "F.conv2d(x4[0], w4, bo)",
         "F.conv2d(bo, c, torch.ones(3).long())", "F.conv2d(x4, w4.long())",
         "F.conv2d(x4.long(), w4, torch.ones(3).long())",
         "F.conv2d(x4.long(), torch.ones(3, 2, 9, 9))", "F.conv2d(x4.long(), w4, stride=0)",
         "F.conv2d(x4, w4.double(), torch.ones(3))", "F.conv2d(x4.bool(), w4.bool())",
         "F.conv2d(x4.long(), w4.long())[0, 0]"),
    case("batch_norm_channels", SETUP,
         "F.batch_norm(g, b, bo)", "F.batch_norm(b, b, bo)", "F.batch_norm(s, b, b)",
         "F.batch_norm(g, e, e)", "F.batch_norm(g, None, None, training=True)",
         "F.batch_norm(g, e, b)", "F.batch_norm(g, e, e, b)", "F.batch_norm(g, None, v)",
         "F.batch_norm(s, None, None, training=True)",
         "x = torch.ones(2, 3)\nF.batch_norm(x.long(), torch.zeros(3).long(), torch.ones(3))",
         "F.batch_norm(x, torch.zeros(3), torch.ones(3), torch.ones(3).double())",
         "F.batch_norm(x, torch.zeros(3).bool(), torch.ones(3))",
         "F.batch_norm(x.double(), torch.zeros(3), torch.ones(3))",
         "F.batch_norm(x, torch.zeros(3), torch.ones(3).double(), training=True)"),
    case("dropout_softmax_inputs", SETUP,
         "F.dropout(bo)", "F.dropout(bo, 0.0), F.dropout(bo, training=False)", "F.dropout(b)",
         "F.dropout(e.bool())",
         "F.log_softmax(np.float32(2), b)", "F.softmax(np.int64(3), b)", "F.softmax([1, 2], 0)",
         "F.softmax(np.array([1., 2.]), 0)"),
]


@pytest.mark.parametrize("cells, isolated", CASES)
def test_nn_bad_input(cells, isolated):
    assert_same(cells, isolated)


def _error(lib, source):
    ns = {"torch": lib, "F": lib.nn.functional, "v": lib.tensor([1., 2.])}
    with pytest.raises(Exception) as info:
        eval(source, ns)
    return type(info.value).__name__, str(info.value).replace("minigrad", "torch")


# a Tensor class passed where torch wants a dtype: torch names its metaclass (torch also
# warns once per process about the class's __torch_function__, so only the errors compare)
@pytest.mark.parametrize("source", ["F.softmax(v, dtype=torch.Tensor)",
                                    "F.softmax(v, dtype=torch.nn.Parameter)",
                                    "v.sum(dtype=torch.Tensor)"])
def test_a_tensor_class_is_named_by_its_metaclass(source):
    import warnings

    import torch

    import minigrad
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert _error(minigrad, source) == _error(torch, source)
