"""The argument gate of the core op families, call by call against torch 2.13: each call
must raise torch's exception type and message word for word, or return what torch returns,
without a NumPy warning (the fuzzer's classifier decides: tests/badinput/classify.py)."""
import pytest

from badinput.classify import compare
from difftest import requires_torch

pytestmark = requires_torch

CALLS = [
    # dims: torch's "argument 'dim1' (position 2) must be int", named after the calling op
    "h.transpose(0, ())", "h.transpose((), 0)", "h.unsqueeze(1.0)", "h.size(())",
    "h.select('a', 0)", "h.argmax(())", "g.flatten((), 2)", "torch.stack([h, g], ())",
    "torch.cat([v, v], 'a')", "v.transpose(0, True)", "v.transpose(0, np.int64(0))",
    # where: argument types, bool condition, broadcasting, promotion
    "torch.where(2, 2, 2)", "torch.where(e, 0, g)", "torch.where(bo, 'x', g)",
    "torch.where(bo, v, b)", "torch.where(bo, 2.5, b)", "torch.where(bo, c, v)",
    "torch.where(a > 2, a, 0.)",
    # products and logic check their Tensor arguments
    "torch.mv(v, a)", "torch.mv(b, np.int64(3))", "torch.mm(m, 0)", "torch.bmm(c, [v, v])",
    "torch.dot(b, 2)", "torch.matmul(2, e)", "a @ [v, v]", "torch.isnan(0)",
    "torch.logical_and(2, m)", "a > 'x'", "bo == 'x'", "a == None", "c & [[1, 2], [3]]",
    # creation
    "torch.linspace(0, 0, -5)", "torch.linspace(0, 0, '3')", "torch.linspace(b, 0, 3)",
    "torch.linspace(float('inf'), 3, 3)", "torch.arange(1, s, s)", "torch.arange(1j)",
    "torch.arange(b, b, 2)", "torch.arange(float('inf'))", "torch.arange(2**63)",
    "torch.eye(-5)", "torch.eye(3, 'a')", "torch.full((), c)", "torch.full(5, 2)",
    "torch.zeros_like(0)", "torch.tensor([1, 2], dtype=int)", "torch.tensor([], dtype=np.float32)",
    "torch.ones((2,), dtype=3)", "torch.zeros((2, 3.0))", "torch.Tensor(-1)",
    # arithmetic: NumPy silent where torch is, integer division by zero, operand types
    "v / 0", "float('inf') * c", "z % z", "c // c", "z ** -1", "z ** v", "b // 0", "b % 0",
    "torch.div(b, 0, rounding_mode='floor')", "e // b", "'x' // e", "a + None", "None + a",
    "s ** [1., 2., 3.]", "torch.add([1, 2], b)", "torch.add(v, 0, alpha='3')",
    "torch.add(b, 1, alpha=2.5)", "torch.div(z, z, rounding_mode=3)",
    "torch.div(s, m, rounding_mode='round')", "b * 2**63", "bo * 2**63", "bo ** 2",
    "torch.tensor([True]) ** -1",
    # arguments Python cannot bind: torch's parser words them (bare name, its overloads)
    "a.argmax(1, True, 3)", "a.argmax(foo=1)", "a.narrow()", "torch.div()", "torch.mm(a)",
    "torch.all()", "a.squeeze(alpha=2)", "v.max(max=None, axis=1)", "a.unbind(2, 2)",
    "torch.chunk(a)", "torch.ne(a, 1, 1)", "a.sum(axis=0, keepdims=True)",
    # batched products: batch dims that do not broadcast, a left factor that requires grad
    "torch.ones(5, 3, 4) @ torch.ones(7, 4, 2)", "torch.ones(2, 5, 3, 4) @ torch.ones(7, 4, 2)",
    "torch.ones(3, 4, requires_grad=True) @ torch.ones(2, 3, 4)",
    "torch.ones(4, requires_grad=True) @ torch.ones(2, 3, 4)",
    "torch.ones(1, 4, 2, requires_grad=True) @ torch.ones(7, 4, 2)",
    "torch.ones(2, 1, 3, 4) @ torch.ones(7, 3, 2)",
    # sizes that cannot be allocated, kernels without an integer version
    "torch.ones(2**40)", "torch.zeros(2**62)", "torch.empty(2**31, 2**31)",
    "torch.full((2**40,), 1.)", "torch.randn(2**40)", "torch.randn(3, dtype=torch.int64)",
    "torch.rand(2, dtype=torch.bool)",
    # conversion
    "a.to(int)", "a.to(3)", "a.to(dtype=3)", "a.to('float32')", "a.to('cuda')",
]


@pytest.mark.parametrize("source", CALLS)
def test_gate_matches_torch(source):
    cls, t, m = compare(source)
    assert cls == "same", (f"{cls}: torch {t.exc_type}: {t.message} {t.value} | minigrad "
                           f"{m.exc_type}: {m.message} {m.value} {m.warnings}")
