"""Custom autograd Functions used the old way, differentially against torch: calling an
instance (`MyFn()(x)`, the pre-static style) is torch's RuntimeError, instantiating one warns,
a call made under no_grad keeps needs_input_grad but records no edges, and a gradient
returned in a broadcastable shape is summed to the input's."""
import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch

SETUP = """
import torch
class Legacy(torch.autograd.Function):
    def forward(self, x):
        return x * 2
    def backward(self, grad):
        return grad * 2
class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        print("needs_input_grad:", ctx.needs_input_grad, len(ctx.next_functions))
        return x * k
    @staticmethod
    def backward(ctx, grad):
        return grad * 2, None
x = torch.tensor([1., 2.], requires_grad=True)
"""

CASES = [
    case("legacy_instance_call_is_runtime_error", SETUP,
         "f = Legacy()",
         "try:\n    f(x)\nexcept RuntimeError as e:\n    print('caught', e)"),
    case("static_function_instance_call_is_runtime_error", SETUP, "Double()(x, 2)"),
    case("instantiating_warns_each_time", SETUP, "Double()\nLegacy()"),
    case("apply_still_works_and_does_not_warn", SETUP,
         "y = Double.apply(x, 3)\ny.sum().backward()\nx.grad, y.grad_fn.name()"),
    case("gradient_of_a_broadcast_shape_is_summed", SETUP,
         "class Wide(torch.autograd.Function):\n"
         "    @staticmethod\n"
         "    def forward(ctx, x, k):\n"
         "        ctx.save_for_backward(x)\n"
         "        return x * k\n"
         "    @staticmethod\n"
         "    def backward(ctx, g):\n"
         "        return (g * 2).reshape(1, 3), None",
         "w = torch.ones(3, requires_grad=True)\ny = Wide.apply(w, 2.0)\n"
         "y.sum().backward()\nw.grad",
         "y.grad_fn.saved_tensors"),
    case("needs_input_grad_without_recording", SETUP,
         "with torch.no_grad():\n    y = Double.apply(x, 3)\ny.grad_fn, y.requires_grad"),
]


@pytest.mark.parametrize("cells, isolated", CASES)
def test_legacy_function(cells, isolated):
    assert_same(cells, isolated=isolated)
