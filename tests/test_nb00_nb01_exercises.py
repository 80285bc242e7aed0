"""Exercises of notebooks 00 and 01: the checkers accept the course's answer and reject the
wrong answers the lessons warn about (a tensor logged instead of a number, a hard-coded
gradient, an alias or a still-recorded copy as a snapshot, a cap applied through .data)."""
import minigrad as torch
from minigrad.viz.quizbank.nb00 import check_mean_loss, check_scale_grad
from minigrad.viz.quizbank.nb01 import check_gate, check_snapshot


def _scale_grad_solved(values):
    scale = torch.tensor(2., requires_grad=True)
    (scale * values).sum().backward()
    return scale.grad


def test_scale_grad_accepts_backward_and_grad():
    assert check_scale_grad(_scale_grad_solved).startswith("Correct")


def test_scale_grad_rejects_none_and_a_hard_coded_gradient():
    assert check_scale_grad(lambda values: None).startswith("Not yet")
    # right for [1, 2, 3] only: the checker tries a second batch of values
    assert check_scale_grad(lambda values: torch.tensor(6.)).startswith("Not yet")


def test_scale_grad_rejects_the_loss_instead_of_its_gradient():
    def returns_loss(values):
        scale = torch.tensor(2., requires_grad=True)
        return (scale * values).sum()
    assert check_scale_grad(returns_loss).startswith("Not yet")


def test_mean_loss_accepts_a_python_float():
    assert check_mean_loss(lambda losses: losses.mean().item()).startswith("Correct")
    assert check_mean_loss(
        lambda losses: sum(losses.tolist()) / len(losses.tolist())).startswith("Correct")


def test_mean_loss_rejects_a_tensor_and_the_sum():
    message = check_mean_loss(lambda losses: losses.mean())
    assert message.startswith("Not yet") and "tensor" in message
    assert check_mean_loss(lambda losses: losses.sum().item()).startswith("Not yet")


def _train_with(keep_best):
    def train():
        w = torch.tensor([0., 0.], requires_grad=True)
        target = torch.tensor([1., -1.])
        best, best_loss = None, float("inf")
        for _ in range(5):
            loss = ((w - target) ** 2).sum()
            if loss.item() < best_loss:
                best, best_loss = keep_best(w), loss.item()
            loss.backward()
            with torch.no_grad():
                w -= 0.1 * w.grad
            w.grad.zero_()
        return w, best
    return train


def test_snapshot_accepts_detach_clone_only():
    assert check_snapshot(_train_with(lambda w: w.detach().clone())).startswith("Correct")
    for wrong in (lambda w: w, lambda w: w.detach(), lambda w: w.clone(), lambda w: w.data):
        assert check_snapshot(_train_with(wrong)).startswith("Not yet")


def test_gate_rejects_the_cap_through_data_and_accepts_the_recorded_cap():
    def through_data(x):
        g = x.sigmoid()
        g.data.clamp_(max=0.9)
        return (g * 2).sum()

    def recorded(x):
        return (x.sigmoid().clamp(max=0.9) * 2).sum()

    assert check_gate(through_data).startswith("Not yet")
    assert check_gate(recorded).startswith("Correct")
