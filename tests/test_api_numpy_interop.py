"""Operators with NumPy operands, Python numbers and bool tensors, and the result types of
in-place operators, as torch 2.13 has them.

torch's Tensor operators decline an ndarray (NotImplemented), so NumPy's reflected operator
computes `t op array` on `Tensor.__array__` (refused for a tensor that requires grad) and
wraps the result with `Tensor.__array_wrap__` (a bool result as uint8): NumPy's promotion,
a new tensor even for `t += array`, NumPy's own errors where its ufunc fails, and NumPy 2's
DeprecationWarning about `__array_wrap__`'s signature (torch's lacks the context arguments).
In-place operators check that the result type casts to the tensor's dtype (torch's
canCast) before their kernel runs. Each case runs under torch 2.13 and minigrad (see
difftest.py)."""

import numpy as np
import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch

SETUP = """\
import numpy as np
v = torch.tensor([1., -2., 3.])
b = torch.tensor([1, 2, 3])
bo = torch.tensor([True, False, True])
s = torch.tensor(2.)
e = torch.tensor([])
a = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
g = torch.tensor([1., 2., 3.], requires_grad=True)
h = g * 2
"""

CASES = [
    case("ndarray_operand_reflected_by_numpy", SETUP,
         "v ** np.array(2.)", "v + np.array([1., 2., 3.])", "b * np.array(2.5)",
         "b + np.array([1, 2, 3], dtype=np.int32)", "v / np.array(2)", "np.array(2.) / v",
         "v // np.array(2.)", "v % np.array(2.)", "s * np.array(2.)",
         "bo & np.array(True)", "bo + np.array([True, False, True])", "b >> np.array(1)"),
    case("ndarray_operand_comparisons", SETUP,
         "v != np.array([1., 2., 3.])", "h != np.array(2.0)", "v == np.array([1., 2., 3.])",
         "np.array(2.) == v", "v < np.array(2.)", "np.array(2.) < e", "np.array(2.) < v"),
    case("ndarray_operand_matmul", SETUP,
         "a @ np.array([1., 2., 3.])", "e @ np.array([1., 2., 3.])", "s @ np.array(2.0)",
         "v @ np.array(2.0)", "np.array([1., 2.]) @ a", "g @ np.array([1., 2., 3.])"),
    case("ndarray_operand_errors", SETUP,
         "g ** np.array(2.)", "g + np.array(2.)", "h >> np.array(2.)",
         "np.array(2.) & h", "np.array(2.0) | a", "s ^ np.array(2.0)",
         "np.array([1., 2., 3.]) + v", "np.array(2.) - v"),
    case("ndarray_operand_in_place_rebinds", SETUP,
         "t = v.clone()\nu = t\nt += np.array([1., 2., 3.])\nt, u, t is u",
         "t = a.clone()\nt **= np.array(2.0)\nt",
         "t = b.clone()\nt += np.array(2.5)\nt",
         "t = b.clone()\nt //= np.array(2)\nt",
         "t = bo.clone()\nt &= np.array(True)\nt",
         "t = v.clone()\nt &= np.array(2.)",
         "t = g.clone()\nt &= np.array(2.)",
         "t = v.clone()\nt *= np.array([1., 2.])"),
    case("ndarray_argument_of_calls", SETUP,
         "torch.bitwise_and(b, np.array(2))", "torch.bitwise_or(b, np.array([1, 2, 3]))",
         "torch.remainder(v, np.array(2.))", "v.remainder(np.array(2.))",
         "torch.floor_divide(v, np.array(2.))", "torch.eq(v, np.array(2.))",
         "v.lt(np.array(2.))", "torch.ne(v, np.array(2.))", "torch.add(v, np.array(2.0))",
         "torch.pow(v, np.array(2.0))", "v.add_(np.array(2.))"),
    case("numpy_ufunc_on_tensor_returns_tensor", SETUP,
         "np.add(v, 1.)", "np.sin(s)", "np.exp(b)", "np.logical_not(bo)", "np.add(g, 1.)",
         "with torch.no_grad():\n    r = np.add(g, 1.)\nr", "np.asarray(b)"),
    case("in_place_result_type_must_cast", SETUP,
         "t = bo.clone()\nt &= np.float32(2)", "t = bo.clone()\nt //= np.int64(3)",
         "t = bo.clone()\nt &= -1", "t = bo.clone()\nt |= True\nt",
         "t = bo.clone()\nt ^= bo\nt", "t = b.clone()\nt &= 2.5",
         "t = b.clone()\nt <<= np.bool_(True)", "t = b.clone()\nt %= np.float32(2)",
         "t = b.clone()\nt //= 2\nt", "t = b.clone()\nt %= 2\nt", "t = b.clone()\nt ^= bo\nt",
         "t = b.to(torch.int32)\nt |= b\nt", "t = bo.clone()\nt |= b.to(torch.int32)",
         "t = b.clone()\nt <<= 1\nu = t\nt >>= 2\nt, t is u",
         "t = s.clone()\nt &= 1j", "t = s.double()\nt //= 1j", "t = bo.clone()\nt -= 1j",
         "t = bo.clone()\nt -= 2**64", "t = v.clone()\nt &= 2**64",
         "t = b.to(torch.int32)\nt &= v[:2]", "t = s.clone()\nt &= b",
         "t = b.clone()\nt <<= bo[:2]", "t = v.double()\nt >>= b[:2]",
         "t = b.clone()\nt //= 0", "t = b.clone()\nt &= [1]", "t = b.clone()\nt //= 'x'"),
    case("in_place_floor_divide_and_remainder_record", SETUP,
         "t = h.clone()\nt //= 2.5\nt", "t = h.clone()\nt %= 2.5\nt",
         "t = h.clone()\nt %= b\nt", "t = h.clone()\nt //= b\nt",
         "t = v.clone()\nt %= 2\nt", "g //= 2", "g %= 2"),
    case("in_place_pow_checks", SETUP,
         "t = bo.clone()\nt **= True\nt", "t = bo.clone()\nt **= -1",
         "t = bo.clone()\nt **= 0", "t = bo.clone()\nt **= bo", "t = bo.clone()\nt **= 2.5",
         "t = b.clone()\nt **= -1", "t = b.clone()\nt **= 2\nt", "t = b.clone()\nt **= b\nt",
         "t = b.clone()\nt **= bo\nt", "t = b.clone()\nt **= v",
         "t = b.to(torch.int32)\nt **= b", "t = b.clone()\nt **= 2**64",
         "t = v.clone()\nt **= 2**64", "t = v.clone()\nt **= -2**63\nt",
         "b.pow_(-1)", "v.pow_(2**64)"),
    case("bool_subtraction_in_place", SETUP,
         "t = h.clone()\nt -= True", "t = v.clone()\nt -= bo", "t = bo.clone()\nt -= 1",
         "t = v.clone()\nt -= 1\nt"),
    case("pow_int_beyond_int64", SETUP,
         "torch.tensor([0., 1.]) ** 2**64", "b ** 2**64", "v ** 2**63", "b ** 2**63",
         "v ** (-2**63 - 1)", "torch.pow(v, 2**64)", "v.pow(2**64)", "torch.pow(2**64, v)"),
    case("operators_decline_sequences", SETUP,
         "b * [v, v]", "torch.tensor(2) * [1, 2]", "[1, 2] * torch.tensor(2)", "v + [1]",
         "v ** [1]", "v - (1,)", "v / 'x'", "v % [1]", "v // [1]", "v & [1]", "v * None",
         "t = v.clone()\nt *= [1]", "t = v.clone()\nt += None"),
    case("alpha_checked_after_shapes", SETUP,
         "torch.add(a, v[:2], alpha=1j)", "torch.sub(b, b[:2], alpha=1.5)",
         "torch.add(b, b, alpha=1.5)", "torch.add(a, 2, alpha=1j)"),
    case("number_first_calls", SETUP,
         "torch.remainder(2, b)", "torch.remainder(2.5, b)", "torch.remainder(2, v)",
         "torch.remainder(True, bo)", "torch.floor_divide(2, b)", "torch.floor_divide(2.5, b)",
         "torch.pow(2, b)", "torch.pow(2.5, b)"),
    case("complex_operands_kernel_errors", SETUP,
         "1j % a", "1j // s", "1j % b", "1j // s.double()", "torch.remainder(1j, v)",
         "torch.bitwise_or(1j, s)", "torch.bitwise_or(1j, s.double())",
         "torch.bitwise_and(1j, b)"),
    case("bitwise_call_refuses_other_objects", SETUP,
         "torch.bitwise_and(a, [[1, 2], [3]])", "torch.bitwise_and(g, {'k': 1})",
         "torch.bitwise_and(e, range(3))", "torch.bitwise_or(b, [v, v])",
         "torch.le(v, [v, v])", "v.le([1])", "v == [1]", "v != 'x'", "v < [1]",
         "torch.eq(v, None)"),
]


@pytest.mark.parametrize("cells, isolated", CASES)
def test_numpy_interop_as_torch(cells, isolated):
    assert_same(cells, isolated)


PROMOTION_TENSORS = {
    "bo": "torch.tensor([True, False])", "u8": "torch.tensor([1, 2], dtype=torch.uint8)",
    "i8": "torch.tensor([1, 2], dtype=torch.int8)",
    "i32": "torch.tensor([1, 2], dtype=torch.int32)", "i64": "torch.tensor([1, 2])",
    "f16": "torch.tensor([1., 2.], dtype=torch.float16)", "f32": "torch.tensor([1., 2.])",
    "f64": "torch.tensor([1., 2.], dtype=torch.float64)",
    # 0-d tensors (a name ending in 0)
    "bo0": "torch.tensor(True)", "i640": "torch.tensor(3)",
    "u80": "torch.tensor(3, dtype=torch.uint8)", "f320": "torch.tensor(2.)",
    "f640": "torch.tensor(2., dtype=torch.float64)",
}
_NUMBERS = ("True", "2", "2.5", "np.float64(2.5)", "np.int32(2)", "np.bool_(True)")


def _promotion_cells():
    setup = "import numpy as np\n" + "\n".join(f"{k} = {v}" for k, v in
                                                PROMOTION_TENSORS.items())
    cells = [setup]
    names = list(PROMOTION_TENSORS)
    for x in names:
        lines = []
        for y in names:
            if not _zero_d(x) and not _zero_d(y):
                lines.append(f"torch.cat([{x}, {y}]).dtype")
            if _zero_d(x) == _zero_d(y):
                lines.append(f"torch.stack([{x}, {y}]).dtype")
            lines += [f"({x} + {y}).dtype", f"torch.where(bo, {x}, {y}).dtype"]
        for n in _NUMBERS:
            lines += [f"({x} * {n}).dtype", f"({n} - {x}).dtype" if x[:2] != "bo" else
                      f"({n} + {x}).dtype", f"torch.where(bo, {x}, {n}).dtype",
                      f"torch.where(bo, {n}, {x}).dtype"]
        cells.append("[" + ", ".join(lines) + "]")
    return cells


def _zero_d(name):
    return name.endswith("0")


def test_promotion_of_cat_stack_where_and_binary_ops_as_torch():
    """torch's result_type over every pair of dtypes, 0-d tensors and numbers (Python and
    NumPy scalars) for cat, stack, where and the binary operators."""
    assert_same(_promotion_cells())


def test_promotion_follows_the_default_dtype():
    """A Python float with an integer tensor, integer true division and integer powers take
    the default float dtype, which set_default_dtype may have made float64."""
    assert_same(["torch.set_default_dtype(torch.float64)\n"
                 "b = torch.tensor([1, 2])\nbo = torch.tensor([True, False])",
                 "[(b * 2.5).dtype, (2.5 - b).dtype, (bo + 2.5).dtype, (b / 2).dtype, "
                 "(b / b).dtype, (b ** 2.5).dtype, (2.5 ** b).dtype, (b // 2.5).dtype, "
                 "(b % 2.5).dtype, torch.remainder(2.5, b).dtype, torch.pow(2.5, b).dtype, "
                 "torch.where(bo, b, 2.5).dtype, torch.where(bo, 2.5, 1.5).dtype, "
                 "(b * np.float64(2.5)).dtype, torch.floor_divide(2.5, b).dtype]"
                 .replace("np.", "__import__('numpy')."),
                 "torch.set_default_dtype(torch.float32)"])


def test_array_wrap_gives_a_tensor_sharing_the_array():
    """`Tensor.__array_wrap__` (what NumPy calls on a ufunc's result) shares the array, and
    turns a bool array into uint8 as torch's does."""
    import minigrad
    t = minigrad.tensor([1., 2.])
    out = np.array([3., 4.])
    wrapped = t.__array_wrap__(out)
    assert isinstance(wrapped, minigrad.Tensor) and not wrapped.requires_grad
    out[0] = 9.
    assert wrapped.tolist() == [9., 4.]
    assert t.__array_wrap__(np.array([True, False])).dtype == minigrad.uint8
