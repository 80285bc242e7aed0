"""retain_grad, the non-leaf .grad warning, and hooks.

Differential cases: notebook-style cells run under torch 2.13 and under minigrad; the
transcripts must match (see difftest.py). The rules they check are in
docs/pytorch-2.13-semantics.md, sections 9, 10.
"""

import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch


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
    case(
        # torch computes only the gradients a wanted input needs: the others are None for
        # the node's post-hooks; a custom Function's backward still returns them all
        "post_hooks_see_only_needed_gradients",
        """
        a = torch.tensor([1., 2.], requires_grad=True)
        b = torch.tensor([3., 4.], requires_grad=True)
        y = a * b
        y.grad_fn.register_hook(lambda gi, go: print("node hook", gi, go))
        print(torch.autograd.grad(y.sum(), b))
        """,
        """
        class F(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x, y):
                return x * y
            @staticmethod
            def backward(ctx, g):
                print("needs", ctx.needs_input_grad)
                return g * 2, g * 3
        z = F.apply(a, b)
        z.grad_fn.register_hook(lambda gi, go: print("F hook", gi, go))
        z.sum().backward(inputs=[a])
        print(a.grad, b.grad)
        """,
        """
        c = a * 2
        d = c * b
        d.grad_fn.register_hook(lambda gi, go: print("d hook", gi, go))
        c.grad_fn.register_hook(lambda gi, go: print("c hook", gi, go))
        d.sum().backward(inputs=[b])
        print(a.grad, b.grad)
        """,
    ),
    # what node hooks may return (torch's python_hook.cpp): a tuple with one value per
    # gradient given (post-hooks get one per next_function, None for a number operand), each
    # None or a tensor of the same dtype, then size; a tensor hook: one such tensor
    case(
        "node_hooks_returning_wrong_values",
        """
        import functools
        x = torch.tensor([1., 2.], requires_grad=True)
        def run(hook, pre=False, op=lambda t: t * 2):
            y = op(x)
            (y.grad_fn.register_prehook if pre else y.grad_fn.register_hook)(hook)
            y.sum().backward()
            return x.grad
        """,
        "run(lambda gi, go: print(len(gi), gi, go))",
        "run(lambda gi, go: (gi[0], gi[0]))", "run(lambda gi, go: ())",
        "run(lambda go: (go[0], go[0]), pre=True)", "run(lambda go: go[0], pre=True)",
        "run(lambda gi, go: gi[0])", "run(lambda gi, go: [gi[0] * 0])",
        "run(lambda gi, go: (gi[0].sum(),))", "run(lambda gi, go: ('a',))",
        "run(lambda go: ('a',), pre=True)", "run(lambda go: (go[0].double(),), pre=True)",
        "run(lambda go: (go[0][:1].double(),), pre=True)",
        "run(lambda gi, go: (None, None))", "run(lambda go: (None,), pre=True)",
        "run(lambda gi, go: (gi[0],), op=lambda t: t * t)",
        "run(lambda gi, go: (gi[0], gi[1], gi[0]), op=lambda t: t * t)",
        "run(lambda gi, go: (gi[0][:1], None))", "run(lambda go: (go[0][:1],), pre=True)",
        "run(lambda gi, go: 5)", "run(lambda go: (torch.ones(2).numpy(),), pre=True)",
        "run(functools.partial(lambda go, k: (go[0][:1],), k=1), pre=True)",
        "run(lambda gi, go: gi)", "run(lambda gi, go: (gi[0] * 10, None))",
        """
        a, b = x.unbind()
        a.grad_fn.register_prehook(lambda go: (go[0], go[1], go[0]))
        (a + b).backward()
        """,
        """
        y = x * 2
        y.register_hook(lambda g: g[:1].double())
        y.sum().backward()
        """,
        """
        y = x * 2
        y.register_hook(lambda g: g[:1])
        y.sum().backward()
        """,
    ),
]


@pytest.mark.hooks
@pytest.mark.parametrize("cells, isolated", HOOK_CASES)
def test_hooks(cells, isolated):
    assert_same(cells, isolated=isolated)
