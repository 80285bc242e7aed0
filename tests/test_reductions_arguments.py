"""Argument checking of the reductions (argmax, argmin, sum, mean, max, min, prod, all, any,
norm) as torch's parser does it: types first, then dtypes and dim ranges; keyword arguments
named without a position; NumPy's axis=/keepdims= spellings; ints beyond a C long. Each case
run under torch 2.13 and minigrad (see difftest.py). Found by the bad-input fuzzer."""

import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch

SETUP = """\
import numpy as np
a = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
v = torch.tensor([1., -2., 3.])
b = torch.tensor([1, 2, 3])
m = torch.tensor([[1., 2.], [3., 4.]])
s = torch.tensor(2.)
e = torch.tensor([])
z = torch.tensor([0., -0., 1.])
bo = torch.tensor([True, False, True])
c = torch.arange(24.).reshape(2, 3, 4)
g = torch.tensor([1., 2., 3.], requires_grad=True)
h = g * 2
d = torch.zeros(3, dtype=torch.float64)"""

CASES = [
    # a reduction over dim 0 of a 0-d tensor hands its gradient on as it is: .grad at version 0
    case("reduce_0d_over_dim_zero_grad_version", SETUP,
         "t0 = torch.tensor(-2.0, requires_grad=True)\ntorch.sum(t0, 0).backward()\n"
         "t0.grad, t0.grad._version",
         "t0.grad = None\nt0.sum((0,), keepdim=True).backward()\nt0.grad._version",
         "t0.grad = None\nt0.mean(0).backward()\nt0.grad, t0.grad._version"),
    case("argmax_argmin_types_first", SETUP,
         "e.argmax('a')", "e.argmax([0])", "e.argmax(1.0)", "e.argmax(dim=(0, 0), keepdim=b)",
         "e.argmax(dim=(), keepdim=e)", "e.argmax(dim=1.0, keepdim=g)",
         "e.argmax(dim='a', keepdim=2)", "z.argmax(dim=(0, 1))",
         "e.argmax(dim=-4, keepdim={'k': 1})", "bo.argmax(dim=1, keepdim=m)",
         "e.argmin(keepdim=None)", "h.argmin(dim='a', dtype=3)",
         "torch.argmin(h, a, keepdims=True)", "torch.argmax(bo, z, torch.bool)",
         "torch.argmin(m, s, dtype=np.float32)", "a.argmax(2 ** 63)", "a.argmax(1, True, 3)",
         "torch.argmax(a, dim=1, foo=2)"),
    case("argmax_argmin_accepted", SETUP,
         "a.argmax(np.int64(1)), a.argmax(torch.tensor(1)), a.argmin(axis=0)",
         "a.argmax(dim=None, keepdim=True), a.argmin(keepdim=True)", "bo.argmax()",
         "e.argmax()", "e.argmin(0)"),
    case("argmax_out", SETUP,
         "torch.argmax(m, out=a)", "torch.argmax(bo, out=a)",
         "torch.argmax(a, out=torch.empty(3, dtype=torch.float16))",
         "torch.argmax(a, out=torch.empty(3, dtype=torch.uint8))",
         "torch.argmax(a, out=1)",
         "o = torch.empty(2, dtype=torch.int64)\ntorch.argmax(a, 1, out=o), o",
         "o = torch.empty(1, dtype=torch.int64)\ntorch.argmin(a, out=o), o",
         "o = torch.empty(0, dtype=torch.int64)\ntorch.argmin(a, 0, True, out=o), o"),
    case("sum_mean_keywords", SETUP,
         "bo.mean(axis=0, keepdim='x')", "a.mean(0, keepdims='x')",
         "torch.mean(a, axis=0, keepdim='x')", "a.mean(alpha=2, dim=-1)",
         "torch.sum(a, generator=None, dim=None)", "torch.sum(z, dim=None, input=a)",
         "torch.sum(v, reduction='sum', axis=0)", "a.sum(dim=0, axis=0)",
         "a.sum(2 ** 63)", "a.mean(-2 ** 63 - 1)",
         # both spellings: one is left over, unless a missing argument is found first
         "torch.sum(c, keepdims=True, keepdim=True)", "a.sum(keepdims=True, keepdim=True)",
         "a.mean(0, keepdim=True, keepdims=True)", "a.argmax(dim=0, axis=1)",
         "a.max(dim=0, axis=0)", "torch.any(a, 0, keepdim=True, keepdims=True)"),
    case("max_min_overloads", SETUP,
         "e.max(None)", "m.max(None)", "torch.max(v, None)", "a.max(dim=None)",
         "torch.max(a, dim=None)", "a.max(None, True)", "a.max(keepdim=True)",
         "torch.max(h, 2 ** 63)", "a.min(-2 ** 63 - 1)", "a.max(), a.min(1), torch.max(a, 0)",
         "torch.max(a, v)", "a.max(np.int64(0))"),
    case("all_any_prod_combinations", SETUP,
         "torch.any(e, v)", "torch.any(c, c)", "torch.any(m, h, -5)", "h.all(dim='a')",
         "c.all(dim='a')", "torch.all(a, dim='a')", "a.any(a)", "a.all(0, 'a')",
         "torch.prod(h, bo)", "a.prod(a)", "a.prod(0, 'a')", "torch.prod(a, dim='a')",
         "a.any(2 ** 63)", "a.prod(2 ** 63)", "a.all((0, np.int64(1))), a.any(np.int64(1))",
         "a.prod(np.int64(1)), a.prod(1, keepdim=True)", "a.prod(keepdim=True)"),
    case("norm_checks_in_torch_order", SETUP,
         "torch.norm(e, dtype=torch.float16)", "a.norm(dtype=torch.int64)", "b.norm(dim='a')",
         "b.norm(0, 'x')", "v.norm(dtype=np.float32)", "s.norm((), dtype=torch.float64)",
         "bo.norm(dtype=torch.float16)", "d.norm(dtype=torch.float32)",
         "b.norm(dtype=torch.float32)", "a.norm(2, 'abc')", "a.norm(2, (0, 'a'))",
         "a.norm(2, [0.5])", "a.norm('fro', 'a')", "a.norm(2, 0, 'x')", "a.norm([1])",
         "a.norm(dtype=3)", "a.norm(1+0j)", "b.norm(1+0j)", "a.norm(1+0j, dtype=torch.int64)",
         "a.norm(2, 5, dtype=torch.int64)", "a.norm(2, None, None)", "a.norm(2, 1.0)",
         "a.norm(2, 0, keepdim=np.bool_(True))", "torch.norm(a, dtype='a')"),
    case("norm_accepted", SETUP,
         "a.norm(dtype=torch.float64), a.norm(dtype=float), a.norm(True), a.norm(None)",
         "a.norm(np.float64(2)), a.norm(torch.tensor(2.)), a.norm(2, torch.tensor(0))",
         "a.norm(2, np.int64(0)), a.norm(2, (0, np.int64(1))), a.norm(2.5, [])",
         "torch.norm(a, 2, 0, True, None, torch.float64), a.norm(p=3, dim=-1)",
         "torch.zeros(3, dtype=torch.float16).norm(dtype=torch.float32)"),
    # one element per result: |x| itself, where x * x would overflow float32 (not for a
    # 0-d tensor given a dim); p = 0 still counts
    case("norm_one_element_per_result", SETUP,
         "torch.tensor(2e19).norm(), torch.tensor([2e19]).norm(3), (s * 2 ** 63).norm()",
         "t = torch.tensor([[2e19], [-3.]])\nt.norm(2, 1), t.norm(2, 1, True), t.norm(-1, (1,))",
         "t.norm(0, 1), t.norm(2), torch.tensor([[2e19]]).norm(keepdim=True)",
         "torch.tensor(2e19).norm(2, 0, True), torch.tensor(2e19).norm(3, -1)",
         "x = torch.tensor([[-3.], [0.]], requires_grad=True)\nx.norm(2, 1).sum().backward()\n"
         "x.grad"),
    case("norm_empty_without_identity", SETUP,
         "e.norm(-1)", "e.norm(float('inf'))", "torch.zeros(2, 0).norm(-1, 1)",
         "torch.zeros(2, 0).norm(-1, 0)", "torch.zeros(2, 0).norm(float('inf'), (0, 1))",
         "torch.zeros(2, 0).norm(-2.5)", "torch.zeros(2, 0).norm(0)"),
]


@pytest.mark.parametrize("cells, isolated", CASES)
def test_reduction_arguments(cells, isolated):
    assert_same(cells, isolated=isolated)


@pytest.mark.parametrize("source", ["a.std(dim=(0, 2 ** 63))", "a.norm(2, 2 ** 63)",
                                    "a.norm(2, (1, -2 ** 63 - 1))", "a.var((1, 2 ** 64))"])
def test_overflowing_dim_in_a_list(source):
    """torch's error for an int beyond a C long inside a dim list ends with its C++ trace
    (addresses differ run to run): minigrad raises the same type with the same first line."""
    import minigrad
    import torch
    raised = []
    for lib in (torch, minigrad):
        with pytest.raises(Exception) as info:
            eval(source, {"a": lib.tensor([[1., 2., 3.], [4., 5., 6.]])})
        raised.append(info.value)
    assert type(raised[0]) is type(raised[1]) is TypeError
    assert str(raised[0]).startswith(str(raised[1]))
    assert str(raised[1]).endswith('"Overflow when unpacking long long')
