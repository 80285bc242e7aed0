"""nn: Parameter, modules, functional, init, SGD.

Differential cases: notebook-style cells run under torch 2.13 and under minigrad; the
transcripts must match (see difftest.py). The rules they check are in
docs/pytorch-2.13-semantics.md, section 15.
"""

import pytest

from difftest import assert_same, case, requires_torch

pytestmark = requires_torch


NN_CASES = [
    case(
        "nn_parameter_basics",
        """
        import torch.nn as nn
        t = torch.tensor([1., 2.])
        p = nn.Parameter(t)
        p.is_leaf, p.requires_grad, type(p).__name__, isinstance(p, torch.Tensor)
        """,
        "t[0] = 10.\np",
        "[type(t).__name__ for t in (p * 2, p.data, p.detach(), p.clone())]",
        "nn.Parameter()",
        "q = nn.Parameter(torch.tensor([3.]), requires_grad=False)\nq.requires_grad, q.is_leaf",
        "with torch.no_grad():\n    p.add_(1)\ntype(p).__name__, p",
    ),
    case(
        "nn_linear_repr_and_shapes",
        """
        from torch import nn
        lin = nn.Linear(3, 2)
        lin
        """,
        "print(lin)",
        "lin.weight.shape, lin.bias.shape",
        "type(lin.weight).__name__, lin.weight.requires_grad, lin.weight.is_leaf",
        "nb = nn.Linear(3, 2, bias=False)\nnb, nb.bias is None",
        "[(name, p.shape) for name, p in lin.named_parameters()]",
        "len(list(lin.parameters())), lin.in_features, lin.out_features",
    ),
    case(
        "nn_linear_fixed_weights_forward_backward",
        """
        import torch.nn as nn
        lin = nn.Linear(3, 2)
        with torch.no_grad():
            lin.weight.copy_(torch.tensor([[1., 0., -1.], [0.5, 0.5, 0.5]]))
            lin.bias.copy_(torch.tensor([0.1, -0.1]))
        x = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
        out = lin(x)
        out
        """,
        "out.sum().backward()\nlin.weight.grad, lin.bias.grad",
        "lin.weight.is_leaf, type(lin.weight).__name__",
        # init (kaiming_uniform_) and copy_ each bump the version under no_grad
        "lin.weight._version, lin.bias._version",
        "lin(torch.tensor([1., 1., 1.]))",
        "lin(torch.ones(2, 2, 3))",
    ),
    case(
        "nn_linear_grad_fn_names",
        """
        import torch.nn as nn
        lin = nn.Linear(3, 2)
        nb = nn.Linear(3, 2, bias=False)
        x2 = torch.ones(4, 3)
        outs = (lin(x2), nb(x2), lin(torch.ones(3)), lin(torch.ones(2, 4, 3)))
        [type(t.grad_fn).__name__ for t in outs]
        """,
        "[t.shape for t in outs]",
    ),
    case(
        "nn_linear_wrong_input_size",
        "import torch.nn as nn\nlin = nn.Linear(3, 2)\nlin(torch.ones(4, 2))",
        "lin(torch.ones(5))",
        "lin(torch.ones(2, 3, dtype=torch.float64))",
    ),
    case(
        "nn_zero_grad_sets_none",
        """
        import torch.nn as nn
        lin = nn.Linear(2, 1)
        lin(torch.ones(3, 2)).sum().backward()
        lin.weight.grad is None, lin.bias.grad
        """,
        "lin.zero_grad()\nlin.weight.grad, lin.bias.grad",
    ),
    case(
        "nn_conv2d_reprs",
        """
        import torch.nn as nn
        nn.Conv2d(4, 8, 3, stride=2, padding=1)
        """,
        "nn.Conv2d(1, 2, (3, 5))",
        "nn.Conv2d(1, 2, 3, bias=False)",
        "nn.Conv2d(3, 6, kernel_size=1, padding=0)",
        "c = nn.Conv2d(4, 8, 3, stride=2, padding=1)\nc.weight.shape, c.bias.shape",
        "[name for name, _ in c.named_parameters()]",
    ),
    case(
        "nn_conv2d_output_shapes",
        """
        import torch.nn as nn
        import torch.nn.functional as F
        c = nn.Conv2d(4, 8, 3, stride=2, padding=1)
        [c(torch.ones(1, 4, h, h)).shape for h in (5, 6, 7, 8)]
        """,
        "c(torch.ones(4, 9, 9)).shape",
        "F.conv2d(torch.ones(2, 4, 5, 5), torch.ones(8, 4, 3, 3), stride=2, padding=1).shape",
        "F.conv2d(torch.ones(1, 1, 5, 7), torch.ones(3, 1, 3, 5)).shape",
    ),
    case(
        "nn_functional_conv2d_values",
        """
        import torch.nn.functional as F
        x = torch.arange(16.).view(1, 1, 4, 4)
        w = torch.ones(1, 1, 3, 3, requires_grad=True)
        F.conv2d(x, w)
        """,
        "F.conv2d(x, w, bias=torch.tensor([0.5]), padding=1)",
        "F.conv2d(x, w, stride=2, padding=1)",
        "F.conv2d(x[0], w)",
        "F.conv2d(x, w).sum().backward()\nw.grad",
    ),
    case(
        "nn_conv2d_channel_mismatch",
        "import torch.nn.functional as F\nF.conv2d(torch.ones(1, 3, 4, 4), torch.ones(2, 1, 3, 3))",
        "import torch.nn as nn\nnn.Conv2d(1, 2, 3)(torch.ones(1, 3, 4, 4))",
    ),
    case(
        "nn_conv2d_fixed_weights_module",
        """
        import torch.nn as nn
        conv = nn.Conv2d(1, 1, 2)
        nn.init.constant_(conv.weight, 0.25)
        nn.init.zeros_(conv.bias)
        out = conv(torch.arange(9.).view(1, 1, 3, 3))
        out
        """,
        "out.sum().backward()\nconv.weight.grad, conv.bias.grad",
    ),
    case(
        "nn_init_functions",
        """
        from torch.nn import init
        import torch.nn as nn
        lin = nn.Linear(2, 2)
        r = init.constant_(lin.weight, 0.5)
        r is lin.weight, lin.weight
        """,
        "init.zeros_(lin.bias)",
        "init.ones_(lin.weight)\nlin.weight._version > 0, lin.weight.is_leaf",
        "init.eye_(torch.empty(2, 3))",
    ),
    case(
        "nn_sgd_step_and_zero_grad",
        """
        import torch.optim as optim
        import torch.nn as nn
        p = nn.Parameter(torch.tensor([1., 2.]))
        opt = optim.SGD([p], lr=0.5)
        (p ** 2).sum().backward()
        p.grad
        """,
        "v = p._version\nopt.step()\np, p._version > v, type(p).__name__",
        "opt.zero_grad()\np.grad",
    ),
    case(
        "nn_sgd_trains_linear_on_fixed_data",
        """
        import torch.nn as nn
        from torch import optim
        lin = nn.Linear(2, 1)
        with torch.no_grad():
            lin.weight.copy_(torch.tensor([[0.5, -0.5]]))
            lin.bias.fill_(0.)
        opt = optim.SGD(lin.parameters(), lr=0.05)
        x = torch.tensor([[1., 2.], [3., 4.], [-1., 1.]])
        target = torch.tensor([[1.], [2.], [0.]])
        for step in range(4):
            opt.zero_grad()
            loss = ((lin(x) - target) ** 2).mean()
            loss.backward()
            opt.step()
            print(step, round(loss.item(), 4))
        """,
        "lin.weight, lin.bias",
    ),
    case(
        "nn_sequential_and_relu",
        """
        import torch.nn as nn
        net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
        net
        """,
        "[name for name, _ in net.named_parameters()]",
        """
        for m in net:
            if isinstance(m, nn.Linear):
                nn.init.constant_(m.weight, 0.5)
                nn.init.constant_(m.bias, -0.25)
        out = net(torch.tensor([[1., -1.], [2., 3.]]))
        out
        """,
        "out.sum().backward()\nnet[0].weight.grad",
    ),
    case(
        "nn_functional_activations_and_softmax",
        """
        import torch.nn.functional as F
        x = torch.tensor([[1., 2., 3.]], requires_grad=True)
        F.relu(x - 2), F.softmax(x, dim=1)
        """,
        "F.log_softmax(x, dim=1)",
        "s = x.softmax(dim=1)\ns.detach().zero_()\ns.sum().backward()",
        "torch.sigmoid(x), F.mse_loss(x, torch.zeros(1, 3))",
    ),
]


@pytest.mark.nn
@pytest.mark.parametrize("cells, isolated", NN_CASES)
def test_nn(cells, isolated):
    assert_same(cells, isolated=isolated)
