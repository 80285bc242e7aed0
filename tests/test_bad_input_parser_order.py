"""torch's argument parser, the order of its checks (minigrad/_compat/_argparse_single.py):
it counts the positional arguments, then walks the parameters in order (a wrong type or a
missing argument, the first one found), and only then names an unexpected keyword. Also the
positions it counts (from the first argument after `self` for a method, from the input for
a function), the names it gives types (`torch._C._TensorMeta` for the class torch.Tensor),
and CPython's words for methods torch binds without parameters (`TensorBase.sin_()`).
Each call against torch 2.13: the same exception type and message, word for word."""
import pytest

from badinput.classify import compare
from difftest import requires_torch

pytestmark = requires_torch

CALLS = [
    # a wrong type before an unexpected keyword, in parameter order
    "torch.permute(h, 1e40, dtype=torch.float16)", "torch.dot(h, 'x', memory_format=None)",
    "v.maximum(np.int64(1), dim=0)", "torch.maximum(h, [0], dtype=torch.int64)",
    "torch.permute(np.int64(3), weight=v)", "torch.reshape(1.5, device='xyz')",
    "torch.cat(bo, 1j, reduction='x')", "torch.concatenate(v, 2, inplace=True)",
    "torch.argmin(m, s, dtype=np.float32)", "z.new_zeros('x', reduction='x')",
    "c.new_ones(1e40, dims=0)", "e.bmm([0], keepdims=True)",
    "r = m.uniform_(object(), keepdim=True)", "torch.zeros_like(bo, min=0, dtype=3)",
    "torch.cat((0, 1), dtype=3)", "torch.zeros_like(bo, dtype=3, min=0)",
    # factories: requires_grad's type is checked in parameter order; a tensor class given
    # as dtype passes the parser and fails when cast; *_like take None for requires_grad
    "torch.ones_like(a, dtype=torch.int32, requires_grad=None).dtype",
    "torch.ones_like(c, dtype=np.float32, requires_grad=np.bool_(True))",
    "torch.ones_like(g, dtype=torch.Tensor, requires_grad=None)",
    "torch.ones_like(g, dtype=torch.Tensor, requires_grad='x')",
    "torch.randn_like(z, dtype=np.float32)", "torch.empty_like(g, foo=1)",
    "torch.zeros((3,), dtype=torch.float64, requires_grad=np.bool_(True))",
    "torch.zeros((-2, 3), requires_grad='x')", "torch.zeros((2, 3), dtype=None, requires_grad=1)",
    "torch.zeros(5, dtype=torch.Tensor, requires_grad='x')", "torch.zeros('a', requires_grad='x')",
    "torch.zeros(5, dtype=3, requires_grad='x')", "torch.ones(2, requires_grad=None).shape",
    "torch.empty(2, requires_grad=1)", "torch.ones(s, (0, 1), keepdims=True)",
    "torch.full(z, [1, 2], generator=None)",
    # sizes as separate ints start with an int; anything else is one size argument
    "torch.zeros(s, a, a)", "torch.zeros(torch.tensor(3.))", "torch.zeros('a', 2)",
    "torch.zeros((2,), 3)", "torch.zeros(True, 3)", "torch.empty(g)", "torch.ones(b, 2)",
    "torch.zeros(torch.tensor(3), 2).shape", "torch.zeros(np.int64(2), 3).shape",
    # a missing argument before an unexpected keyword; None given through *args is a value
    "e.copy_(*(None,))", "torch.select(b, None, dtype=torch.int64)", "v.transpose([0])",
    "a.swapaxes(g)", "bo.index_put_(bo, reduction='sum')", "g.index_put_(*(3,))",
    "b.expand(dtype=torch.float16)", "g.expand(device='cuda')", "h.bmm(device='cuda', p=2)",
    # hot methods without their argument: the parser's words through a sentinel default
    "b.mul()", "b.add()", "a.sub()", "a.div()", "a.matmul()", "a.add(alpha=2)",
    "t = a.clone()\nt.add_(*())", "t = a.clone()\nt.sub_()", "t = a.clone()\nt.mul_()",
    "t = a.clone()\nt.copy_()", "a.mul(other=a).shape", "t = a.clone()\nt.add_('x')",
    # too many positional arguments, counted first
    "b.contiguous('x', a)", "h.cpu(np.array([1., 2.]))", "b.permute((0, 1), float('nan'))",
    "v.reshape((), -5)", "c.flip(True, 2**40)", "torch.flip(s, v, 1j)", "s.type((0, 1), s)",
    "a.type(alpha=2)",
    # positions: from the first argument after self (methods), from the input (functions)
    "z.dot(None)", "b.mm(*(-1,))", "m.bmm(*(6,))", "torch.unsqueeze(v, bo)",
    "torch.argmin(h, a, keepdims=True)",
    # aliases keep their own name, and their own overloads where torch gives them some
    "torch.multiply(c, (0, 1))", "torch.negative(float('nan'))", "torch.divide(v, 'x')",
    "torch.multiply(h, np.int64(1), dim=None)", "torch.concat(h, {})", "torch.concatenate(h, {})",
    "torch.clip(v, 'a')", "torch.subtract(v, 'x')", "torch.true_divide(v, 'x')",
    "bo.clip(m, True)", "v.clip('a')", "v.multiply('x')", "v.divide('x')", "v.subtract('x')",
    "v.multiply(2).shape", "v.clip(1, 2).shape",
    # methods without parameters: CPython's words for torch's C methods
    "b.sin_(v)", "b.ceil_(None, device='cpu')", "m.sign_(m, bo)", "v.reciprocal_(c, c)",
    # type names: the class torch.Tensor is a torch._C._TensorMeta
    "torch.tensor(3.5e38, dtype=torch.Tensor)", "torch.arange(3, dtype=torch.Tensor)",
    "c.to(torch.Tensor)", "F.softmax(e, dtype=torch.Tensor)", "h.sum(dtype=torch.Tensor)",
    # dtype's type: named dtype, printed with its package, in CPython's words too
    "type(torch.float32).__name__", "repr(type(torch.float32)).replace('minigrad', 'torch')",
    "type(torch.float32).__module__.replace('minigrad', 'torch')", "torch.float32.foo",
    "1 - torch.float32", "len(torch.int64)",
    # torch.Size checks its items: ints (bools, NumPy integers, integer tensors of one
    # element) in int64's range
    "torch.Size([[1], 2])", "torch.Size('abc')", "torch.Size([v, 1.])", "torch.Size((1.5, True))",
    "torch.Size(np.array(['a']))", "torch.Size([s, s])", "torch.Size([True, 2.5])",
    "torch.Size([np.int64(1), True])", "torch.Size([torch.tensor(2)])", "torch.Size([2**63])",
    "torch.Size(np.array([1, 2]))", "torch.Size([3, 2])[0:1]",
]


@pytest.mark.parametrize("source", CALLS)
def test_parser_order_matches_torch(source):
    cls, t, m = compare(source)
    assert cls == "same", (f"{cls}: torch {t.exc_type}: {t.message} {t.value} | minigrad "
                           f"{m.exc_type}: {m.message} {m.value} {m.warnings}")
