"""Learner-style programs, fourth set: views and matmul (where generated programs first
diverged), and model-building code (containers, buffers, module traversal).

Same rules as tests/test_learner_programs_2.py: short programs written for this file, fixed
values, both transcripts must match, a divergence of today is a strict xfail with its reason.
"""
import textwrap

import pytest

from difftest import assert_same, requires_torch

pytestmark = requires_torch


def program(name, *cells, xfail=None):
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    return pytest.param([textwrap.dedent(c).strip("\n") for c in cells], id=name, marks=marks)


VIEWS_MATMUL = [
    program("matmul_shapes_and_grad_fns",
            """
            a = torch.ones(2, 3, requires_grad=True)
            for other in (torch.ones(3), torch.ones(3, 4), torch.ones(5, 3, 2)):
                r = a @ other
                print(tuple(r.shape), r.grad_fn)
            v = torch.ones(3, requires_grad=True)
            print(v @ v, (v @ torch.ones(3, 2)).grad_fn)
            """,
            "torch.ones(2, 3) @ torch.ones(2, 3)"),
    program("batched_matmul_grad",
            """
            a = torch.arange(12.).view(2, 2, 3).requires_grad_()
            b = torch.tensor([1., 0., -1.], requires_grad=True)
            out = a @ b
            print(out, out.grad_fn)
            out.sum().backward()
            print(a.grad, b.grad)
            """),
    program("view_of_transposed_tensor",
            """
            x = torch.arange(6.).view(2, 3)
            y = x.t()
            print(y.is_contiguous(), y.stride())
            y.view(-1)
            """,
            """
            print(y.reshape(-1), y.contiguous().view(-1))
            """),
    program("grad_through_chain_of_views",
            """
            w = torch.arange(6.).requires_grad_()
            v = w.view(2, 3).t()[1:].unsqueeze(0)
            print(v, v.grad_fn)
            (v * torch.tensor([[[1., 2.]]])).sum().backward()
            print(w.grad)
            """),
    program("inplace_on_view_updates_base_grad_fn",
            """
            x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
            y = x * 1
            v = y.view(2, 2)[0]
            v.mul_(10)
            print(y, y.grad_fn, v.grad_fn, y._version, v._version)
            y.sum().backward()
            print(x.grad)
            """),
    program("squeeze_and_matmul_of_vectors",
            """
            a = torch.tensor([[1., 2., 3.]], requires_grad=True)
            b = torch.tensor([[1.], [1.], [2.]])
            print(a @ b, (a.squeeze() @ b.squeeze()))
            print(torch.mm(a, b).grad_fn, torch.dot(a[0], b[:, 0]).grad_fn)
            torch.dot(a, b)
            """),
]

MODELS = [
    program("custom_module_with_buffer_and_parameter_count",
            """
            from torch import nn
            class Scale(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.lin = nn.Linear(3, 2)
                    self.register_buffer("factor", torch.tensor(2.))
                def forward(self, x):
                    return self.lin(x) * self.factor
            m = Scale()
            print(m)
            print(sum(p.numel() for p in m.parameters()), [n for n, _ in m.named_buffers()])
            print(list(m.state_dict().keys()), m.factor.requires_grad)
            """),
    program("module_list_of_layers",
            """
            from torch import nn
            class Deep(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])
                def forward(self, x):
                    for layer in self.layers:
                        x = torch.relu(layer(x))
                    return x
            net = Deep()
            print(net)
            print(len(list(net.parameters())), [n for n, _ in net.named_parameters()][:2])
            """,
            ),
    program("flatten_before_linear",
            """
            from torch import nn
            net = nn.Sequential(nn.Flatten(), nn.Linear(4, 1))
            with torch.no_grad():
                net[1].weight.fill_(0.5)
                net[1].bias.zero_()
            print(net(torch.arange(8.).view(2, 2, 2)), net)
            """,
            ),
    program("apply_init_function_to_model",
            """
            from torch import nn
            def init_weights(m):
                if isinstance(m, nn.Linear):
                    nn.init.constant_(m.weight, 0.1)
                    nn.init.zeros_(m.bias)
            net = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
            print(net.apply(init_weights) is net)
            print(net(torch.tensor([[1., 2.]])))
            print([type(m).__name__ for m in net.modules()])
            print([name for name, _ in net.named_children()])
            """),
    program("module_requires_grad_and_train_flags",
            """
            from torch import nn
            net = nn.Sequential(nn.Linear(2, 2), nn.Dropout(0.1), nn.BatchNorm1d(2))
            net.requires_grad_(False)
            print([p.requires_grad for p in net.parameters()])
            net.eval()
            print([m.training for m in net.modules()])
            print(net.train(True).training, net[2].training)
            """),
    program("sequential_indexing_and_slicing",
            """
            from torch import nn
            net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1), nn.Sigmoid())
            print(net[0], net[-1])
            print(net[:2])
            print(len(net))
            net[5]
            """),
]


@pytest.mark.parametrize("cells", VIEWS_MATMUL + MODELS)
def test_learner_program(cells):
    assert_same(cells)
