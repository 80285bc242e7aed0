"""torch.autograd.functional (vjp, jvp, jacobian, hessian, vhp, hvp), differentially: values,
result structure (tensor / tuple / tuple of tuples), requires_grad of the results, the inputs'
.grad left alone, and torch's errors for bad arguments and strict mode."""
import textwrap

import pytest

from difftest import assert_same, requires_torch

pytestmark = requires_torch

SETUP = """
from torch.autograd.functional import vjp, jvp, jacobian, hessian, vhp, hvp
x = torch.tensor([1., -2., 3.], requires_grad=True)
y = torch.tensor([[0.5, 1.], [2., -1.]])
def rounded(v):  # exp/sin kernels of NumPy and torch differ in the last float32 bit
    return [rounded(e) for e in v] if isinstance(v, list) else round(v, 5)
def show(r):
    if isinstance(r, tuple):
        return tuple(show(e) for e in r)
    return (rounded(r.tolist()), tuple(r.shape), r.requires_grad, r.grad_fn is not None)
"""


def case(name, *cells, xfail=None):
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    return pytest.param([textwrap.dedent(SETUP).strip()] +
                        [textwrap.dedent(c).strip("\n") for c in cells], id=name, marks=marks)


CASES = [
    case("jacobian_single", "show(jacobian(lambda t: t ** 2 * 3, x))", "print(x.grad)"),
    case("jacobian_scalar_output", "show(jacobian(lambda t: (t.exp() * t).sum(), x))"),
    case("jacobian_matrix_input", "show(jacobian(lambda m: m @ m, y))"),
    case("jacobian_tuple_inputs", "show(jacobian(lambda a, b: a * b.sum(), (x, x * 2)))"),
    case("jacobian_tuple_outputs", "show(jacobian(lambda a: (a.sum(), a * a), x))"),
    case("jacobian_tuple_both",
         "show(jacobian(lambda a, b: (a * b, (a + b).sum()), (x.detach(), x.detach() + 1)))"),
    case("jacobian_independent_input_zeros", "show(jacobian(lambda a, b: a * 2, (x, y)))"),
    case("jacobian_strict_independent", "jacobian(lambda a, b: a * 2, (x, y), strict=True)"),
    case("jacobian_strict_no_grad_output",
         "jacobian(lambda a: a.detach() * 2, x, strict=True)"),
    case("jacobian_create_graph",
         "show(jacobian(lambda t: t ** 3, x, create_graph=True))"),
    case("jacobian_vectorize_same_values",
         "show(jacobian(lambda t: t.sin() * t, x, vectorize=True))"),
    case("jacobian_forward_mode_vectorized",
         "show(jacobian(lambda t: t * t, x, vectorize=True, strategy='forward-mode'))",
         xfail="torch's forward-mode jacobian returns results that require grad (and warns "
               "about torch.jit.script); minigrad computes it the reverse-mode way, detached"),
    case("jacobian_forward_mode_needs_vectorize",
         "jacobian(lambda t: t * t, x, strategy='forward-mode')"),
    case("jacobian_forward_mode_create_graph",
         "jacobian(lambda t: t * t, x, strategy='forward-mode', create_graph=True)"),
    case("jacobian_bad_strategy", "jacobian(lambda t: t, x, strategy='sideways')"),
    case("jacobian_bad_inputs", "jacobian(lambda t: t, [1., 2.])",
         "jacobian(lambda a, b: a, (x, 3))", "jacobian(lambda t: 3, x)"),
    case("jacobian_vectorize_strict", "jacobian(lambda t: t, x, vectorize=True, strict=True)"),
    case("hessian_single", "show(hessian(lambda t: (t ** 3).sum(), x))"),
    case("hessian_tuple_inputs",
         "show(hessian(lambda a, b: (a ** 2 * b).sum(), (x.detach(), x.detach() + 1)))"),
    case("hessian_not_scalar", "hessian(lambda t: t * 2, x)",
         "hessian(lambda t: (t.sum(), t.sum()), x)"),
    case("hessian_linear_function", "show(hessian(lambda t: (t * 2).sum(), x))"),
    case("hessian_linear_strict", "hessian(lambda t: (t * 2).sum(), x, strict=True)"),
    case("vjp_basic", "show(vjp(lambda t: t ** 2, x, torch.ones(3)))", "print(x.grad)"),
    case("vjp_scalar_default_v", "show(vjp(lambda t: (t * t).sum(), x))"),
    case("vjp_v_needed", "vjp(lambda t: t * t, x)"),
    case("vjp_bad_v", "vjp(lambda t: t * t, x, torch.ones(2))",
         "vjp(lambda t: (t, t), x, (torch.ones(3),))",
         "vjp(lambda t: (t, t), x, (torch.ones(3), torch.ones(2)))",
         "vjp(lambda t: t, x, 'v')"),
    case("vjp_create_graph", "show(vjp(lambda t: t ** 2, x, torch.ones(3), create_graph=True))"),
    case("vjp_tuple", "show(vjp(lambda a, b: (a * b).sum(), (x, x + 1)))"),
    case("jvp_basic", "show(jvp(lambda t: t ** 2, x, torch.tensor([1., 0., 2.])))"),
    case("jvp_scalar_input", "show(jvp(lambda t: t.exp() * 2, torch.tensor(0.5)))"),
    case("jvp_v_needed", "jvp(lambda t: t ** 2, x)"),
    case("jvp_tuple", "show(jvp(lambda a, b: (a * b, a + b), (x, x * 0 + 2), "
                      "(torch.ones(3), torch.zeros(3))))"),
    case("jvp_strict_independent", "jvp(lambda t: torch.ones(3) * 2, x, torch.ones(3), "
                                   "strict=True)"),
    case("vhp_hvp", "show(vhp(lambda t: (t ** 3).sum(), x, torch.tensor([1., 2., 0.])))",
         "show(hvp(lambda t: (t ** 3).sum(), x, torch.tensor([1., 2., 0.])))"),
    case("hvp_errors", "hvp(lambda t: t ** 3, x, torch.ones(3))",
         "vhp(lambda t: (t ** 3).sum(), x)", "hvp(lambda t: (t, t), x, torch.ones(3))"),
    case("functional_under_no_grad",
         """
         with torch.no_grad():
             r = show(vjp(lambda t: t ** 2, x, torch.ones(3)))
         print(r, torch.is_grad_enabled())
         """),
]


@pytest.mark.parametrize("cells", CASES)
def test_functional(cells):
    assert_same(cells)
