"""var / std / var_mean / std_mean: values, dtypes, reprs, grad_fn names and saved options,
gradients (also of the second order), torch's degrees-of-freedom warning and its argument
errors; each case run under torch 2.13 and minigrad (see difftest.py)."""

import warnings

import numpy as np
import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch

X = "x = torch.tensor([[1., 2., 4.], [3., 5., 9.]], requires_grad=True)"
SMALL = """\
o = torch.tensor([1.])
s = torch.tensor(3.)
e = torch.tensor([])
ez = torch.zeros(2, 0)
i = torch.tensor([1, 2, 3])
bo = torch.tensor([True, False])
h = torch.tensor([1., 2., 7.], dtype=torch.float16)"""

VALUES = [
    case("var_std_overloads", X,
         "x.std(), x.var()", "x.std(0), x.var(1)", "x.std(1, True), x.var(0, False)",
         "x.std(True), x.std(False)", "x.std(dim=1, unbiased=False)",
         "x.std(correction=2), x.var(correction=0.5)", "x.var(correction=True)",
         "x.std(None), x.std(None, True), x.var(dim=None, keepdim=True)",
         "x.std(keepdim=True), x.std(0, keepdims=True), x.std(axis=1)",
         "x.std(dim=(0, 1)), x.std(dim=[0]), x.std(()), x.var([])",
         "x.std(dim=0, unbiased=True, keepdim=True)", "x.std(1, correction=0, keepdim=True)",
         "x.std(torch.tensor(1)), x.std(np.int64(1)), x.std(correction=torch.tensor(1.))",
         "torch.std(x, 0, True, True), torch.var(input=x, dim=1), torch.var(x, -1)"),
    case("var_mean_std_mean", X,
         "torch.std_mean(x)", "torch.var_mean(x, 1)", "torch.std_mean(x, dim=1, keepdim=True)",
         "torch.var_mean(x, True)", "torch.std_mean(x, 0, False, True)",
         "torch.var_mean(x, correction=0)",
         "r = torch.var_mean(x, 0)\nr[0].grad_fn is r[1].grad_fn, r[0].grad_fn.next_functions",
         "with torch.no_grad():\n    print(torch.std_mean(x, 1))",
         "torch.std_mean(torch.ones(2, 3), dim=(0, 1), keepdim=True)"),
    case("var_std_dtypes", SMALL,
         "h.std(), h.var(0), h.std().dtype",
         "torch.tensor([[1., 2.], [4., 8.]], dtype=torch.float64).var(0)",
         "i.std()", "bo.var()", "i.std(5)", "torch.var_mean(i)", "torch.std_mean(bo)"),
    case("var_std_saved_options", X,
         "r = x.std(1, keepdim=True)\n"
         "r.grad_fn._saved_dim, r.grad_fn._saved_correction, r.grad_fn._saved_keepdim",
         "r = x.var()\nr.grad_fn._saved_dim, r.grad_fn._saved_correction",
         "r = x.std(-1)\nr.grad_fn._saved_dim, r.grad_fn._saved_result, r.grad_fn._saved_self",
         "r = x.var(0, correction=2.0)\nr.grad_fn._saved_correction",
         "r = x.std(False)\nr.grad_fn._saved_correction",
         "r = torch.std_mean(x, 0)\nr[0].grad_fn._saved_result0, r[0].grad_fn._saved_dim"),
]

WARNINGS = [
    # degrees of freedom <= 0: a warning, then inf (some spread) or nan (none, or no elements)
    case("degrees_of_freedom", SMALL + "\n" + X,
         "o.std()", "s.std()", "s.var(0)", "e.std()", "e.var()", "o.std(correction=0)",
         "x.std(0, correction=5)", "x.std(1, correction=3, keepdim=True)",
         "x.var(correction=7)", "torch.std_mean(torch.ones(1))", "torch.var_mean(e)",
         "torch.std_mean(x, 0, correction=3)", "ez.std(0)", "ez.std(1)",
         "ez.var(1, correction=0)"),
]

GRADIENTS = [
    case("var_std_backward", X,
         "x.std().backward()\nx.grad", "x.grad = None\nx.var(0).sum().backward()\nx.grad",
         "x.grad = None\nx.std(1, keepdim=True).sum().backward()\nx.grad",
         "x.grad = None\n(x.std(correction=0) * 3).backward()\nx.grad",
         "x.grad = None\nx.var(-1).backward(torch.tensor([1., -2.]))\nx.grad",
         "d = torch.tensor([[1., 2, 7], [0, 1, 1]], dtype=torch.float64, requires_grad=True)\n"
         "d.var(-1, False).sum().backward()\nd.grad",
         "h = torch.tensor([1., 2., 7.], dtype=torch.float16, requires_grad=True)\n"
         "h.std().backward()\nh.grad"),
    case("var_mean_backward", X,
         "s, mu = torch.std_mean(x, 1)\n(s.sum() * 2 + mu.sum() * 3).backward()\nx.grad",
         "x.grad = None\ntorch.var_mean(x)[1].backward()\nx.grad",
         "x.grad = None\ntorch.std_mean(x)[0].backward()\nx.grad",
         "x.grad = None\ntorch.var_mean(x, 0, keepdim=True)[0].backward(torch.ones(1, 3))\n"
         "x.grad",
         "torch.autograd.grad(torch.var_mean(x)[1], x)"),
    case("degenerate_backward", X,
         "z = torch.zeros(3, requires_grad=True)\nz.std().backward()\nz.grad",
         "z = torch.zeros(1, requires_grad=True)\nz.std().backward()\nz.grad",
         "x.var(0, correction=3).sum().backward()\nx.grad",
         "x.grad = None\nx.var(correction=7).backward()\nx.grad",
         "x.grad = None\ntorch.var_mean(x, correction=7)[0].backward()\nx.grad",
         "t = torch.tensor(2., requires_grad=True)\nt.var(0).backward()\nt.grad"),
    case("double_backward", X,
         "g, = torch.autograd.grad(x.var(0).sum(), x, create_graph=True)\n"
         "g, torch.autograd.grad(g.pow(2).sum(), x)",
         "w = torch.tensor([[1., 2., 3.], [-1., 0., 5.]])\n"
         "g, = torch.autograd.grad(x.std(1, keepdim=True).sum(), x, create_graph=True)\n"
         "g, torch.autograd.grad((g * w).sum(), x)",
         "s, mu = torch.var_mean(x, 0)\n"
         "g, = torch.autograd.grad(s.sum() + mu.sum(), x, create_graph=True)\n"
         "g, torch.autograd.grad(g.pow(2).sum(), x)",
         "s, mu = torch.std_mean(x, -1)\n"
         "g, = torch.autograd.grad(s.sum() + mu.sum(), x, create_graph=True)\n"
         "g, torch.autograd.grad((g * w).sum(), x)"),
]

ERRORS = [
    case("var_std_argument_errors", X,
         "x.std('a')", "x.std(unbiased='a')", "x.std(correction='a')", "x.std(0, 'a')",
         "x.std(0, True, 'a')", "x.std(0, keepdim='x')", "x.std(foo=1)", "x.std(0, 1)",
         "x.std(0, 1, True)", "x.std(dim=0, axis=1)", "x.std(0, True, True, True)",
         "x.std(unbiased=True, correction=1)", "x.std(0, unbiased=None)",
         "x.std(keepdims=True, keepdim=True)", "x.std(0, True, keepdim=None)",
         "x.var((0, 1.0))", "x.var(2 ** 63)", "x.std(correction=2 ** 70)",
         "x.var(correction=1 + 2j)", "x.std((0, 0))", "x.std(2)", "x.std(5, correction=1)"),
    case("var_std_function_errors", X,
         "torch.std()", "torch.std(1)", "torch.std_mean()", "torch.var_mean(1)",
         "torch.var(x, 0, input=x)", "torch.var_mean(x, out=x)",
         "torch.std(x, 0, out=torch.empty(3))",
         "torch.std(torch.ones(2, 3), 1, out=torch.empty(2))"),
]


@pytest.mark.parametrize("cells, isolated", VALUES + WARNINGS + GRADIENTS + ERRORS)
def test_moments(cells, isolated):
    assert_same(["import numpy as np"] + cells, isolated=isolated)


def test_gradients_match_finite_differences():
    """The first and second derivatives of std/var/std_mean agree with central differences
    of minigrad's own forward in float64 (torch's are checked by the transcripts above)."""
    import minigrad as mg
    rng = np.random.default_rng(0)
    base = rng.normal(size=(3, 4))
    fns = [lambda t: t.std(1).pow(2).sum() + t.std(1).sum(),
           lambda t: t.var(0, correction=0.5).sum(),
           lambda t: sum(r.sum() for r in mg.std_mean(t, (0, 1), keepdim=True)) * 1.5,
           lambda t: mg.var_mean(t, 1)[0].mul(mg.var_mean(t, 1)[1]).sum()]
    for fn in fns:
        x = mg.tensor(base, requires_grad=True)
        g, = mg.autograd.grad(fn(x), x, create_graph=True)
        numeric = np.zeros_like(base)
        for idx in np.ndindex(base.shape):
            step = np.zeros_like(base)
            step[idx] = 1e-6
            numeric[idx] = (fn(mg.tensor(base + step)).item()
                            - fn(mg.tensor(base - step)).item()) / 2e-6
        np.testing.assert_allclose(g.detach().numpy(), numeric, rtol=1e-5, atol=1e-7)
        # second order: d/dx of sum(g * w) against differences of the first derivative
        w = mg.tensor(rng.normal(size=base.shape))
        hv, = mg.autograd.grad((g * w).sum(), x)
        numeric2 = np.zeros_like(base)
        for idx in np.ndindex(base.shape):
            step = np.zeros_like(base)
            step[idx] = 1e-5
            up = mg.tensor(base + step, requires_grad=True)
            down = mg.tensor(base - step, requires_grad=True)
            gu, = mg.autograd.grad(fn(up), up)
            gd, = mg.autograd.grad(fn(down), down)
            numeric2[idx] = ((gu - gd) * w).sum().item() / 2e-5
        np.testing.assert_allclose(hv.numpy(), numeric2, rtol=1e-4, atol=1e-6)


def test_no_numpy_warnings():
    """Degenerate inputs give torch's warning only: never a NumPy RuntimeWarning."""
    import minigrad as mg
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        for t in (mg.tensor([]), mg.zeros(2, 0), mg.tensor(1.), mg.tensor([1e38, -1e38])):
            t.std(), t.var(correction=5), mg.var_mean(t), mg.std_mean(t, correction=0)
    assert seen and all("degrees of freedom" in str(w.message) for w in seen)
