"""PyTorch's own autograd teaching material, re-written as transcript cases.

Sources (their facts, not their code): the "A Gentle Introduction to torch.autograd" tutorial,
the "Automatic Differentiation with torch.autograd" chapter of Learn the Basics, and the
"Autograd mechanics" note. Each case follows one runnable snippet of those pages with our own
code: random inputs are replaced by fixed values (the two libraries have different random
generators) and what the page shows is printed. Both transcripts must match (difftest);
cases that do not match today are strict xfails with the reason.
"""
import textwrap

import pytest

from difftest import assert_same, requires_torch

pytestmark = requires_torch


def case(name, *cells, xfail=None):
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    return pytest.param([textwrap.dedent(c).strip("\n") for c in cells], id=name, marks=marks)


GENTLE_INTRO = [
    case("gentle_vector_backward",
         """
         a = torch.tensor([2., 3.], requires_grad=True)
         b = torch.tensor([6., 4.], requires_grad=True)
         Q = 3 * a ** 3 - b ** 2
         Q
         """,
         """
         Q.backward(gradient=torch.tensor([1., 1.]))
         print(9 * a ** 2 == a.grad)
         print(-2 * b == b.grad)
         """,
         "Q.backward(gradient=torch.tensor([1., 1.]))"),
    case("gentle_backward_needs_gradient_for_vector",
         """
         a = torch.tensor([2., 3.], requires_grad=True)
         Q = 3 * a ** 3
         Q.backward()
         """),
    case("gentle_exclusion_from_dag",
         """
         x = torch.ones(5, 5)
         y = torch.full((5, 5), 2.)
         z = torch.zeros(5, 5, requires_grad=True)
         a = x + y
         print(f"Does `a` require gradients?: {a.requires_grad}")
         b = x + z
         print(f"Does `b` require gradients?: {b.requires_grad}")
         """),
    case("gentle_frozen_parameters",
         """
         from torch import nn, optim
         model = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2))
         for param in model.parameters():
             param.requires_grad = False
         model[2] = nn.Linear(3, 5)
         [p.requires_grad for p in model.parameters()]
         """,
         """
         optimizer = optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)
         out = model(torch.ones(1, 4)).sum()
         out.backward()
         print(model[0].weight.grad, model[2].weight.grad.shape)
         """),
    case("gentle_dag_grad_fn_chain",
         """
         a = torch.tensor([2., 3.], requires_grad=True)
         b = torch.tensor([6., 4.], requires_grad=True)
         Q = 3 * a ** 3 - b ** 2
         print(Q.grad_fn)
         print([type(f).__name__ for f, _ in Q.grad_fn.next_functions])
         print(Q.grad_fn.next_functions[0][0].next_functions)
         """),
]

BASICS = [
    case("basics_one_layer_network",
         """
         x = torch.ones(5)
         y = torch.zeros(3)
         w = torch.full((5, 3), 0.1, requires_grad=True)
         b = torch.full((3,), -0.2, requires_grad=True)
         z = torch.matmul(x, w) + b
         loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
         print(f"Gradient function for z = {z.grad_fn}")
         print(f"Gradient function for loss = {loss.grad_fn}")
         """),
    case("basics_gradients_and_second_backward",
         """
         x = torch.ones(5)
         w = torch.full((5, 3), 0.1, requires_grad=True)
         b = torch.full((3,), -0.2, requires_grad=True)
         z = torch.matmul(x, w) + b
         loss = ((z - 1.) ** 2).mean()
         loss.backward()
         print(w.grad)
         print(b.grad)
         """,
         "loss.backward()"),
    case("basics_disable_tracking",
         """
         x = torch.ones(5)
         w = torch.full((5, 3), 0.1, requires_grad=True)
         b = torch.full((3,), -0.2, requires_grad=True)
         z = torch.matmul(x, w) + b
         print(z.requires_grad)
         with torch.no_grad():
             z = torch.matmul(x, w) + b
         print(z.requires_grad)
         z = torch.matmul(x, w) + b
         z_det = z.detach()
         print(z_det.requires_grad)
         """),
    case("basics_jacobian_product",
         """
         inp = torch.eye(4, 5, requires_grad=True)
         out = (inp + 1).pow(2).t()
         out.backward(torch.ones_like(out), retain_graph=True)
         print(f"First call\\n{inp.grad}")
         out.backward(torch.ones_like(out), retain_graph=True)
         print(f"\\nSecond call\\n{inp.grad}")
         inp.grad.zero_()
         out.backward(torch.ones_like(out), retain_graph=True)
         print(f"\\nCall after zeroing gradients\\n{inp.grad}")
         """),
]

MECHANICS = [
    case("mechanics_saved_self",
         """
         x = torch.tensor([1., -2., 3.], requires_grad=True)
         y = x.pow(2)
         print(x.equal(y.grad_fn._saved_self))
         print(x is y.grad_fn._saved_self)
         """),
    case("mechanics_saved_result",
         """
         x = torch.tensor([1., -2., 3.], requires_grad=True)
         y = x.exp()
         print(torch.equal(y, y.grad_fn._saved_result))
         print(y is y.grad_fn._saved_result)
         """),
    case("mechanics_saved_self_identity_without_equal",
         """
         x = torch.tensor([1., -2., 3.], requires_grad=True)
         y = x.pow(2)
         print(bool((x == y.grad_fn._saved_self).all()), x is y.grad_fn._saved_self)
         y = x.exp()
         print(bool((y == y.grad_fn._saved_result).all()), y is y.grad_fn._saved_result)
         """),
    case("mechanics_saved_self_identity_by_values",
         """
         x = torch.tensor([1., -2., 3.], requires_grad=True)
         y = x.pow(2)
         print(y.grad_fn._saved_self.tolist() == x.tolist(), x is y.grad_fn._saved_self)
         y = x.exp()
         print(y.grad_fn._saved_result.tolist() == y.tolist(), y is y.grad_fn._saved_result)
         """),
    case("mechanics_relu_gradient_at_zero",
         """
         x = torch.tensor([-1., 0., 2.], requires_grad=True)
         torch.relu(x).sum().backward()
         x.grad
         """),
    case("mechanics_sqrt_at_zero",
         """
         x = torch.tensor([0., 4.], requires_grad=True)
         x.sqrt().sum().backward()
         x.grad
         """),
    case("mechanics_grad_modes",
         """
         x = torch.tensor([1., 2.], requires_grad=True)
         with torch.no_grad():
             y = x * 2
         with torch.inference_mode():
             z = x * 2
         print(y.requires_grad, z.requires_grad, z.is_inference(), y.is_inference())
         """,
         """
         torch.set_grad_enabled(False)
         print((x * 2).requires_grad)
         torch.set_grad_enabled(True)
         print((x * 2).requires_grad)
         """,
         "z * x"),
    case("mechanics_inference_tensor_inplace_outside",
         """
         with torch.inference_mode():
             t = torch.ones(2)
         t.add_(1)
         """),
    case("mechanics_module_eval_is_not_no_grad",
         """
         model = torch.nn.Linear(2, 1)
         model.eval()
         out = model(torch.ones(1, 2))
         print(out.requires_grad, model.training)
         """),
    case("mechanics_inplace_version_check",
         """
         a = torch.tensor([1., 2., 3.], requires_grad=True)
         b = a.sigmoid()
         print(b._version)
         b.mul_(2)
         print(b._version)
         b.sum().backward()
         """),
    case("mechanics_multithreaded_accumulation",
         """
         import threading
         x = torch.ones(5, 5, requires_grad=True)
         def train_fn():
             y = (x + 3) * (x + 4) * 0.5
             y.sum().backward()
         threads = [threading.Thread(target=train_fn) for _ in range(4)]
         for t in threads:
             t.start()
         for t in threads:
             t.join()
         print(x.grad[0])
         """),
    case("mechanics_tensor_hook_and_grad_fn_hooks",
         """
         x = torch.tensor([1., 2.], requires_grad=True)
         y = x * 3
         y.register_hook(lambda g: print("tensor hook", g))
         y.grad_fn.register_prehook(lambda gout: print("prehook", gout))
         y.grad_fn.register_hook(lambda gin, gout: print("hook", gin, gout))
         y.sum().backward()
         """),
    case("mechanics_hook_modifies_gradient",
         """
         x = torch.tensor([1., 2.], requires_grad=True)
         x.register_hook(lambda g: g * 10)
         (x * x).sum().backward()
         x.grad
         """),
    case("mechanics_retain_grad_and_hook_order",
         """
         x = torch.tensor([1., 2.], requires_grad=True)
         y = x * 2
         y.register_hook(lambda g: g + 1)
         y.retain_grad()
         y.sum().backward()
         print(y.grad, x.grad)
         """),
    case("mechanics_saved_tensors_hooks",
         """
         x = torch.tensor([1., 2.], requires_grad=True)
         def pack(t):
             print("pack", t)
             return t * 1
         def unpack(t):
             print("unpack", t)
             return t
         with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
             y = x * x
         y.sum().backward()
         x.grad
         """),
]

# "Backward Hooks execution" in the mechanics note: whether a hook fires, in which order, and
# what hooks see when their tensor is modified in place
MECHANICS_HOOKS = [
    case("hooks_fire_only_when_gradient_is_computed",
         """
         a = torch.tensor([1., 2.], requires_grad=True)
         b = torch.tensor([3., 4.], requires_grad=True)
         y = a * b
         a.register_hook(lambda g: print("a hook", g))
         b.register_hook(lambda g: print("b hook", g))
         y.grad_fn.register_hook(lambda gi, go: print("node hook", gi, go))
         y.sum().backward(inputs=[a])
         print(a.grad, b.grad)
         """),
    case("hook_order_tensor_prehook_then_node_prehook",
         """
         x = torch.tensor([1., 2.], requires_grad=True)
         y = x * 2
         y.grad_fn.register_prehook(lambda go: print("node prehook"))
         y.register_hook(lambda g: print("tensor hook 1"))
         y.retain_grad()
         y.register_hook(lambda g: print("tensor hook 2"))
         y.grad_fn.register_hook(lambda gi, go: print("node post hook"))
         y.sum().backward()
         print(y.grad)
         """),
    case("tensor_hooks_and_inplace_modification",
         """
         t = torch.tensor([1., 2.], requires_grad=True).clone()
         t.register_hook(lambda g: print("registered before:", g))
         t.mul_(2)
         t.register_hook(lambda g: print("registered after:", g))
         t.sum().backward()
         """),
    case("post_accumulate_grad_hook_sgd_step",
         """
         v = torch.tensor([0., 0., 0.], requires_grad=True)
         lr = 0.01
         h = v.register_post_accumulate_grad_hook(lambda p: p.add_(p.grad, alpha=-lr))
         v.backward(torch.tensor([1., 2., 3.]))
         print(v)
         h.remove()
         """,
         """
         w = torch.tensor([1.], requires_grad=True) * 2
         w.register_post_accumulate_grad_hook(lambda p: None)
         """),
    case("leaf_hook_runs_before_accumulation",
         """
         x = torch.tensor([1., 2.], requires_grad=True)
         x.register_hook(lambda g: print("hook sees grad", g, "x.grad is", x.grad))
         (x * 3).sum().backward()
         print(x.grad)
         """),
]


@pytest.mark.parametrize("cells", GENTLE_INTRO + BASICS + MECHANICS + MECHANICS_HOOKS)
def test_tutorial_port(cells):
    assert_same(cells)
