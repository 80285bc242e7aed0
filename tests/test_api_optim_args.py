"""torch.optim on learners' arguments (issue 20): a Tensor learning rate (one element, checked
before the parameters), NumPy and bool learning rates, duplicate parameters (torch's warning,
its state_dict numbering and its momentum buffers), (name, tensor) pairs from
named_parameters(), Adam's betas. Each case runs under torch 2.13 and minigrad (see
difftest.py)."""

import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch

SETUP = ("import numpy as np\nv = torch.tensor([1., -2., 3.])\nb = torch.tensor([1, 2, 3])\n"
         "p = torch.tensor([1., 2.], requires_grad=True)\n"
         "q = torch.tensor([1.], requires_grad=True)")

CASES = [
    case("tensor_lr", SETUP,
         "torch.optim.SGD(np.array(2.0), lr=b)", "torch.optim.SGD(None, lr=b)",
         "torch.optim.SGD([v, v], lr=b)", "torch.optim.Adam([v], lr=b)",
         "torch.optim.Adam(None, lr=b)", "torch.optim.Adam([v], lr=b, foreach=True)",
         "o = torch.optim.SGD([p], lr=torch.tensor([0.1]))\n(p * p).sum().backward()\n"
         "o.step()\np, o",
         "o = torch.optim.SGD([p], lr=torch.tensor(0.1), momentum=0.9)\no.step()\no.step()\np",
         "o = torch.optim.Adam([p], lr=torch.tensor(0.1))\no.step()\no.step()\np, o"),
    case("number_lr_and_duplicates", SETUP,
         "o = torch.optim.SGD([v, v], lr=float('inf'))\no, o.state_dict()",
         "o = torch.optim.SGD([v, v], lr=np.float64(2.0))\no, o.state_dict()",
         "torch.optim.SGD([v, v], lr=True).param_groups[0]['lr']",
         "torch.optim.SGD([v, v], lr=-0.0)", "torch.optim.SGD([v, v], lr=np.float32(0.5))",
         "o = torch.optim.SGD([{'params': [p, q, p]}, {'params': []}], lr=0.1, momentum=0.5)\n"
         "(p.sum() + q.sum()).backward()\no.step()\np, o.state_dict()",
         "o.step()\np, o.state_dict()['state']",
         "torch.optim.SGD([{'params': [p]}, {'params': [q, p]}], lr=0.1)"),
    case("named_params_and_betas", SETUP,
         "o = torch.optim.SGD([('w', p), ('b', q)], lr=0.1)\no, o.state_dict()",
         "torch.optim.SGD([('w', p), q], lr=0.1)",
         "o = torch.optim.SGD([('w', p)], lr=0.1)\no.add_param_group({'params': [q]})",
         "m = torch.nn.Linear(2, 1)\no = torch.optim.Adam(m.named_parameters())\n"
         "o.param_groups[0]['param_names']",
         "h = q * 2\ntorch.optim.SGD([h], lr=0.1, differentiable=True)",
         "torch.optim.Adam([p], betas=(0, 0.9))",
         "o = torch.optim.Adam([p], betas=(torch.tensor(0.9), torch.tensor([0.99])))\n"
         "(p * p).sum().backward()\no.step()\np, o.param_groups[0]['betas']",
         "torch.optim.Adam([p], betas=(torch.tensor(0.9), torch.tensor([0.99, 0.9])))",
         "torch.optim.Adam([p], betas=(torch.tensor(0.9), torch.tensor(0.9)), foreach=True)"),
]


@pytest.mark.parametrize("cells, isolated", CASES)
def test_optim_args(cells, isolated):
    assert_same(cells, isolated)
