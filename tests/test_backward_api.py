"""backward(), autograd.grad and custom Functions.

Differential cases: notebook-style cells run under torch 2.13 and under minigrad; the
transcripts must match (see difftest.py). The rules they check are in
docs/pytorch-2.13-semantics.md, section 11.

REGRESSIONS: cases found by the fuzzers (tests/test_fuzz.py, tests/test_bad_input.py).
One that minigrad still gets wrong is a strict xfail with its diagnosis.
"""

import pytest

from difftest import assert_same, case, regression, requires_torch

pytestmark = requires_torch


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
    # torch zips tensors with gradients (extra gradients are ignored, missing ones counted),
    # finds the positions in its shape message with tuple.index (so by ==), and its engine
    # reads retain_graph/create_graph as C unsigned chars (through __index__)
    case(
        "backward_gradient_argument_counts_and_flags",
        """
        x = torch.ones(3, requires_grad=True)
        g1, g2 = torch.ones(()), torch.ones(())
        x.sum().backward([g1, g2])
        x.grad
        """,
        "x.sum().backward([g1])", "x.sum().backward([])", "(x * 2).backward(1.0)",
        "(x * 2).backward([1., 1., 1.])", "(x * 2).backward(torch.ones(()))",
        "torch.autograd.backward([x.sum(), x.sum()], [g1])",
        "torch.autograd.grad(x.sum(), x, [g1, g2])",
        "torch.autograd.grad([x.sum(), x.sum()], x, torch.ones(()))",
        "torch.autograd.grad([x.sum()], [x], grad_outputs=torch.ones(2))",
        "torch.autograd.backward([x.sum(), x.sum()], [torch.ones(()), torch.ones(2)])",
        "torch.autograd.backward([x.sum(), x.sum()], [torch.ones(()), torch.ones(1)])",
        "torch.autograd.backward([x.sum(), (x * 2).sum()], [torch.ones(()), torch.ones(1)])",
        "torch.autograd.backward([x.sum(), x.sum()], [torch.ones(2), torch.ones(2)])",
        "x.sum().backward(g1, g2)", "x.sum().backward(retain_graph=torch.tensor(1))",
        "x.sum().backward(retain_graph=1.5)", "x.sum().backward(retain_graph='yes')",
        "x.sum().backward(retain_graph=2)", "x.sum().backward(retain_graph=256)",
        "x.sum().backward(retain_graph=[])", "x.sum().backward(create_graph=1.5)",
        "x.sum().backward(create_graph=-1)", "x.sum().backward(create_graph='')",
        "x.sum().backward(retain_graph=2 ** 70)",
        "torch.autograd.grad(x.sum(), x, retain_graph=1.5)",
        "torch.autograd.grad(x.sum(), x, create_graph=torch.ones(()))",
        "torch.ones(2).sum().backward(retain_graph=0.5)",
        "x.grad",
    ),
]


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


REGRESSIONS = [
    # ---- autograd.grad / backward --------------------------------------------------------
    regression(
        "autograd_grad_checks_outputs_before_inputs",
        """
        x = torch.tensor(-1.0)
        torch.autograd.grad(x, [x])
        """,
    ),
    regression(
        "autograd_grad_of_sum_is_an_expanded_view",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        g = torch.autograd.grad(x.sum(), [x])[0]
        g._base is None, g.stride()
        """,
        "g.add_(1)",
        """
        x = torch.full((2, 1), 3., requires_grad=True)
        g = torch.autograd.grad(x.sum(), [x])[0]
        g[:1].zero_()
        g
        """,
        "g.detach_()",
        "g = torch.autograd.grad(x.sum(), [x])[0]\ng[0].mul_(x)",
        bug="SumBackward0 hands autograd.grad a copy; torch returns the expanded gradient "
            "(a stride-0 view made under no_grad): writing to it hits every element or raises "
            "(overlap, 'Can't detach views in-place', no_grad-view error)",
    ),
    regression(
        "inplace_checks_shape_before_overlap",
        """
        x = torch.full((2, 1), -0.5, requires_grad=True)
        g = torch.autograd.grad(x.sum(), [x], create_graph=True)[0]
        with torch.no_grad():
            g[0].add_(g)
        """,
        bug="in-place ops check for internal overlap before the broadcast shape; torch reports "
            "the shape mismatch first",
    ),
    regression(
        "retain_grad_with_create_graph_then_second_backward",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        y.retain_grad()
        y.sum().backward(create_graph=True)
        y.sum().backward()
        y.grad
        """,
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        y.retain_grad()
        torch.autograd.grad(y.sum(), [x], create_graph=True)
        torch.autograd.grad(y.sum(), [x])
        """,
    ),
    regression(
        "grad_version_after_non_stealable_first_accumulation",
        """
        x = torch.tensor([1., 2.], requires_grad=True)
        x.sum().backward(retain_graph=True)
        v1 = x.grad._version
        x.sum().backward()
        v1, x.grad._version
        """,
        """
        w = torch.tensor([1., 2.], requires_grad=True)
        (w * 2).sum().backward()
        w.grad._version
        """,
    ),
    regression(
        "max_dim0_of_0d_tensor_backward",
        """
        x = torch.tensor(-0.5, requires_grad=True)
        y = x.max(0)[0]
        y.backward()
        x.grad
        """,
        """
        x = torch.tensor(-0.5, requires_grad=True)
        y = x.max(-1)[0]
        torch.autograd.grad(y, [x], retain_graph=True)[0].shape
        """,
        "y.backward()\nx.grad",
        """
        z = torch.tensor(1.0, requires_grad=True)
        z.min(dim=0, keepdim=True).values.backward()
        z.grad
        """,
    ),
]


@pytest.mark.leaf
@pytest.mark.parametrize("cells, isolated", BACKWARD_CASES + FUNCTION_CASES)
def test_leaf(cells, isolated):
    assert_same(cells, isolated=isolated)


@pytest.mark.parametrize("cells", REGRESSIONS)
def test_regression(cells):
    assert_same(cells)
