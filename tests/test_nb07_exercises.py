"""Notebook 07's exercise checkers reject the mistakes the notebook teaches against: dividing
every micro-batch loss by the number of micro-batches when they are uneven, and evaluating by
building the graph and detaching at the end instead of under no_grad()."""
import pytest

import minigrad as torch
from minigrad import nn
from minigrad.viz.quizbank import nb07

X = torch.tensor([[1., 2.], [2., 0.], [0., 1.], [3., 1.], [1., 1.], [2., 3.], [0., 2.], [1., 0.]])
Y = torch.tensor([[0.], [3.], [-1.], [4.], [1.], [1.], [-2.], [2.]])
loss_fn = nn.MSELoss()


def tiny_model():
    model = nn.Linear(2, 1)
    with torch.no_grad():
        model.weight.copy_(torch.tensor([[0.5, -0.5]]))
        model.bias.fill_(0.0)
    return model


def _accumulated(scale):
    def accumulated_grad(sizes):
        model = tiny_model()
        start = 0
        for size in sizes:
            rows = slice(start, start + size)
            (loss_fn(model(X[rows]), Y[rows]) * scale(size, sizes)).backward()
            start += size
        return model.weight.grad
    return accumulated_grad


def _check(accumulated_grad):
    return nb07.check_accumulation(accumulated_grad, tiny_model, loss_fn, X, Y)


def test_accumulation_accepts_the_solution():
    ns = {"tiny_model": tiny_model, "loss_fn": loss_fn, "X": X, "Y": Y}
    exec(nb07.EXERCISES["07/accumulate"]["solution"], ns)
    assert _check(ns["accumulated_grad"]).startswith("Correct")
    assert _check(_accumulated(lambda size, sizes: size / 8)).startswith("Correct")


def test_accumulation_rejects_dividing_by_the_number_of_micro_batches_and_no_scaling():
    by_count = _check(_accumulated(lambda size, sizes: 1 / len(sizes)))
    assert by_count.startswith("Not yet") and "[3, 3, 2]" in by_count
    assert "[2, 2, 2, 2]" not in by_count            # right for even splits, wrong for uneven
    unscaled = _check(_accumulated(lambda size, sizes: 1))
    assert unscaled.startswith("Not yet") and "[2, 2, 2, 2]" in unscaled


def _net():
    net = nn.Sequential(nn.Linear(4, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Dropout(0.5),
                        nn.Linear(4, 1))
    return net, torch.linspace(-2, 2, 32).reshape(8, 4)


def test_evaluate_accepts_no_grad_and_inference_mode():
    for context in (torch.no_grad, torch.inference_mode):
        def evaluate(model, inputs, context=context):
            model.eval()
            with context():
                out = model(inputs)
            model.train()
            return out
        assert nb07.check_evaluate(evaluate, *_net()).startswith("Correct")


def test_evaluate_rejects_building_the_graph_then_detaching():
    def evaluate(model, inputs):
        model.eval()
        out = model(inputs).detach()
        model.train()
        return out
    verdict = nb07.check_evaluate(evaluate, *_net())
    assert verdict.startswith("Not yet") and "no_grad" in verdict


def test_evaluate_rejects_no_grad_without_eval():
    def evaluate(model, inputs):
        with torch.no_grad():
            return model(inputs)
    verdict = nb07.check_evaluate(evaluate, *_net())
    assert verdict.startswith("Not yet") and "Dropout" in verdict


def test_what_07_says_about_keeping_a_hook_output():
    """07's advice: `.cpu().numpy()` alone raises on a tensor that requires grad (torch's
    message), `.detach().cpu().numpy()` gives the NumPy copy."""
    out = torch.tensor([1., 2.], requires_grad=True) * 2
    with pytest.raises(RuntimeError, match=r"Can't call numpy\(\) on Tensor that requires grad"):
        out.cpu().numpy()
    assert out.detach().cpu().numpy().tolist() == [2.0, 4.0]


def test_what_07_says_about_total_loss():
    """07 §5: the running total's AddBackward0 saves no tensor; its edges reach the previous
    total's node and this step's loss node, and backward() freed what the loss node saved."""
    model = tiny_model()
    total = 0.0
    for _ in range(2):
        loss = loss_fn(model(X), Y)
        loss.backward()
        total = total + loss
    node = total.grad_fn
    assert not hasattr(node, "_saved_self") and not hasattr(node, "_saved_other")
    assert [fn.name() for fn, _ in node.next_functions] == ["AddBackward0", "MseLossBackward0"]
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        _ = node.next_functions[1][0]._saved_self
