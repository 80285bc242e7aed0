"""autograd.graph.saved_tensors_hooks and save_on_cpu, differentially: when pack and unpack
run and with what, nesting and threads, errors of bad hooks, and that gradients are unchanged."""
import textwrap

import pytest

from difftest import assert_same, requires_torch

pytestmark = requires_torch

SETUP = """
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)
def pack(t):
    print("pack", t.tolist(), t.requires_grad, torch.is_grad_enabled())
    return t
def unpack(t):
    print("unpack", t.tolist())
    return t
hooks = torch.autograd.graph.saved_tensors_hooks
"""


def case(name, *cells, xfail=None):
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    return pytest.param([textwrap.dedent(SETUP).strip()] +
                        [textwrap.dedent(c).strip("\n") for c in cells], id=name, marks=marks)


CASES = [
    case("pack_at_save_unpack_at_backward",
         """
         with hooks(pack, unpack):
             y = a * a
             z = y.sqrt()
         print("forward done")
         z.sum().backward()
         print(a.grad)
         """),
    case("saved_attribute_goes_through_unpack",
         """
         with hooks(pack, unpack):
             y = a.pow(2)
         print(y.grad_fn._saved_self.tolist())
         y.sum().backward()
         """),
    case("pack_runs_without_recording",
         """
         def doubling_pack(t):
             return t * 2
         with hooks(doubling_pack, unpack):
             y = a * 3.0
             w = a.pow(2)
         w.sum().backward()
         print(a.grad)
         """),
    case("no_saves_under_no_grad",
         """
         with hooks(pack, unpack):
             with torch.no_grad():
                 y = a * b
             c = torch.ones(2) * torch.ones(2)
         print("nothing packed")
         """),
    case("innermost_context_wins",
         """
         def outer(t):
             print("outer")
             return t
         def inner(t):
             print("inner")
             return t
         with hooks(outer, unpack):
             with hooks(inner, unpack):
                 y = a.sqrt()
             z = a.sqrt()
         (y + z).sum().backward()
         """),
    case("unpack_must_return_a_tensor",
         """
         with hooks(pack, lambda t: 5):
             y = a.sqrt()
         y.sum().backward()
         """,
         """
         with hooks(lambda t: 5, lambda t: t):
             y = a.sqrt()
         y.sum().backward()
         """),
    case("pack_may_not_modify_its_input",
         """
         def bad_pack(t):
             t.add_(1)
             return t
         x = torch.tensor([1., 2.], requires_grad=True) * 1
         with hooks(bad_pack, unpack):
             y = x.sqrt()
         """),
    case("hooked_tensors_skip_the_version_check",
         """
         x = a * 1
         with hooks(lambda t: t.clone(), lambda t: t):
             y = x * x
         with torch.no_grad():
             x.add_(1)
         y.sum().backward()
         print(a.grad)
         """),
    case("save_on_cpu_gives_same_gradients",
         """
         with torch.autograd.graph.save_on_cpu():
             y = (a * b).sqrt().sum()
         y.backward()
         print(a.grad, b.grad)
         """,
         "with torch.autograd.graph.save_on_cpu(pin_memory=False):\n    (a ** 3).sum().backward()\n"
         "a.grad"),
    case("hooks_are_per_thread",
         """
         import threading
         seen = []
         def other():
             seen.append((b * b).grad_fn is not None)
         with hooks(pack, unpack):
             t = threading.Thread(target=other)
             t.start()
             t.join()
         print(seen)
         """),
    case("create_graph_through_hooks",
         """
         with hooks(pack, unpack):
             y = (a ** 3).sum()
         g, = torch.autograd.grad(y, a, create_graph=True)
         print(g)
         g.sum().backward()
         print(a.grad)
         """),
    case("unpack_order_of_mul",
         """
         with hooks(pack, unpack):
             y = a * b
         y.sum().backward()
         """,
         # torch's MulBackward0 packs and unpacks its saved other before self
         """
         with hooks(pack, unpack):
             y = a * b
             z = a * 2
             w = torch.tensor([5., 6.]) * b
         (y + z + w).sum().backward()
         """),
    case("pack_and_unpack_order_of_binary_ops",
         # each node packs and unpacks its saved tensors in torch's order
         """
         log = []
         def tag(t):
             return str(int(t.reshape(-1)[0].item()))
         def pack2(t):
             log.append("pack " + tag(t))
             return t
         def unpack2(t):
             log.append("unpack " + tag(t))
             return t
         a1 = torch.tensor([1., 1.], requires_grad=True)
         b2 = torch.tensor([2., 2.], requires_grad=True)
         A1 = torch.ones(2, 2, requires_grad=True)
         B2 = torch.full((2, 2), 2., requires_grad=True)
         C1 = torch.ones(1, 2, 2, requires_grad=True)
         D2 = torch.full((1, 2, 2), 2., requires_grad=True)
         ops = {"div": lambda: a1 / b2, "dot": lambda: a1 @ b2, "mm": lambda: A1 @ B2,
                "mv": lambda: A1 @ b2, "bmm": lambda: C1 @ D2, "vec @ mat": lambda: a1 @ B2,
                "pow": lambda: a1 ** b2, "maximum": lambda: torch.maximum(a1, b2),
                "minimum": lambda: torch.minimum(a1, b2)}
         for name, op in ops.items():
             log.clear()
             with hooks(pack2, unpack2):
                 y = op()
             y.sum().backward()
             print(name, log)
         """),
    # torch puts the saved tensor's autograd identity back on what unpack returns: a pack hook
    # that detaches keeps requires_grad, grad_fn and the leaf's accumulator (double backward)
    case("unpacked_tensor_gets_the_saved_identity",
         """
         with hooks(lambda t: t.detach(), lambda t: t):
             y = a.pow(2)
             z = a.exp()
             w = z.pow(2)
         s = y.grad_fn._saved_self
         print(s, s.requires_grad, s.is_leaf, s.grad_fn, s is a, s.equal(a))
         r = z.grad_fn._saved_result
         print(r, r.requires_grad, r.is_leaf, r.grad_fn is z.grad_fn, r is z)
         v = w.grad_fn._saved_self
         print(v.requires_grad, v.grad_fn is z.grad_fn, v is z)
         """,
         """
         (y.sum() + z.sum() + w.sum()).backward(create_graph=True)
         print(torch.allclose(a.grad, 2 * a + a.exp() + 2 * (2 * a).exp()), a.grad.grad_fn)
         (g,) = torch.autograd.grad(a.grad.sum(), a)
         print(torch.allclose(g, 2 + a.exp() + 4 * (2 * a).exp()))
         """,
         """
         with hooks(lambda t: t.detach(), lambda t: t * 2):
             u = b.pow(3)
         (g,) = torch.autograd.grad(u.sum(), b, create_graph=True)
         print(g)
         g.sum().backward()
         print(b.grad)
         """,
         """
         with hooks(lambda t: 7, lambda t: torch.ones(2)):
             p = b.pow(3)
             e = b.exp()
             m = (b * 1).pow(2)
         print(p.grad_fn._saved_self, e.grad_fn._saved_result, m.grad_fn._saved_self)
         """,
         """
         with hooks(lambda t: t, lambda t: t.detach()):
             p = b.pow(3)
             m = b * torch.ones(2)
         print(p.grad_fn._saved_self.requires_grad, m.grad_fn._saved_other.requires_grad,
               m.grad_fn._saved_self)
         """),
]


@pytest.mark.parametrize("cells", CASES)
def test_saved_tensors_hooks(cells):
    assert_same(cells)
