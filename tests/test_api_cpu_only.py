"""APIs that tutorials call on their first lines, answered as a CPU-only build of torch 2.13
answers them: torch.cuda, torch.accelerator, set/get_default_device and the device= argument
of factories, torch.is_inference, and the legacy torch.autograd.Variable."""
import textwrap

import pytest

from difftest import assert_same, requires_torch

pytestmark = requires_torch


def case(name, *cells, xfail=None):
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    return pytest.param([textwrap.dedent(c).strip("\n") for c in cells], id=name, marks=marks)


CASES = [
    case("cuda_queries",
         "torch.cuda.is_available()", "torch.cuda.device_count()",
         "torch.cuda.is_initialized()", "torch.cuda.manual_seed(0)",
         "torch.cuda.manual_seed_all(0)", "torch.cuda.empty_cache()",
         "torch.cuda.memory_allocated()"),
    case("cuda_calls_that_need_a_gpu",
         "torch.cuda.current_device()", "torch.cuda.get_device_name()",
         "torch.cuda.synchronize()", "torch.cuda.get_device_properties(0)"),
    case("device_pick_idiom",
         """
         device = "cuda" if torch.cuda.is_available() else "cpu"
         x = torch.ones(2, device=device)
         print(device, x, x.device)
         """),
    case("factories_refuse_cuda",
         "torch.ones(2, device='cuda')", "torch.zeros(2, device='cuda:1')",
         "torch.tensor([1.], device='cuda')", "torch.randn(2, device='cuda').shape",
         "torch.zeros_like(torch.ones(1), device='cuda')",
         "torch.ones(2, device=torch.device('cuda'))", "torch.ones(2, device='cpu:0')",
         "torch.ones(2, device=3)", "torch.full((2,), 1., device='cuda')",
         "torch.arange(3, device='cuda')", "torch.eye(2, device='cuda')"),
    case("accelerator",
         "torch.accelerator.is_available()", "torch.accelerator.current_accelerator()",
         "torch.accelerator.current_accelerator(True)", "torch.accelerator.device_count()",
         "torch.accelerator.current_device_index()", "torch.accelerator.synchronize()",
         "torch.accelerator.set_device_index(0)"),
    case("accelerator_pick_idiom",
         """
         acc = torch.accelerator.current_accelerator()
         device = acc if acc is not None else "cpu"
         torch.ones(1, device=device)
         """),
    case("default_device",
         "torch.get_default_device()", "torch.set_default_device('cpu')",
         "torch.get_default_device()", "torch.set_default_device('xyz')",
         "torch.set_default_device(3)", "torch.ones(1)",
         """
         torch.set_default_device("cuda")
         try:
             torch.ones(2)
         finally:
             torch.set_default_device(None)
         """,
         """
         torch.set_default_device("cuda")
         try:
             torch.get_default_device()
         finally:
             torch.set_default_device(None)
         """,
         "torch.get_default_device(), torch.ones(1)"),
    case("is_inference",
         """
         x = torch.ones(2, requires_grad=True)
         with torch.inference_mode():
             y = x * 2
         print(torch.is_inference(x), torch.is_inference(y), torch.is_inference(input=y))
         """,
         "torch.is_inference(1)", "torch.is_inference([1.])"),
    case("variable_legacy",
         """
         from torch.autograd import Variable
         x = torch.ones(2, requires_grad=True)
         v = Variable(x * 2, requires_grad=True)
         print(v, v.is_leaf, v.grad_fn, isinstance(x, Variable), isinstance(3, Variable))
         """,
         "Variable(x)", "Variable(x) is x", "Variable()", "Variable(None)", "Variable(3)",
         "Variable(x, True).requires_grad", "Variable(data=x).requires_grad",
         "Variable(x, volatile=False)", "Variable(x, volatile=True)",
         "Variable(x, True, True)",
         "Variable(torch.ones(2, dtype=torch.int64), requires_grad=True)",
         """
         w = Variable(x.detach())
         w.add_(1)
         print(x)
         """,
         "Variable"),
    case("variable_training_step",
         """
         from torch.autograd import Variable
         w = Variable(torch.tensor([0.5, -1.]), requires_grad=True)
         inp = Variable(torch.tensor([2., 3.]))
         loss = (w * inp).sum() ** 2
         loss.backward()
         print(w.grad, inp.grad, loss)
         """),
]


@pytest.mark.parametrize("cells", CASES)
def test_cpu_only_api(cells):
    assert_same(cells)
