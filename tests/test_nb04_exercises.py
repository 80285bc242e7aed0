"""Notebook 04's exercise checkers agree with the lesson: `no_grad` records nothing, while
"build the graph, then .detach()" records everything first and is rejected."""
import minigrad as torch
from minigrad.viz.quizbank.nb04 import check_evaluate, check_frozen_features


def _frozen_setup():
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU()), torch.nn.Linear(8, 1)


def test_evaluate_accepts_no_grad_and_inference_mode():
    assert check_evaluate(torch.no_grad()(lambda v: (v * v).sum())).startswith("Correct")
    assert check_evaluate(torch.inference_mode()(lambda v: (v * v).sum())).startswith("Correct")


def test_evaluate_rejects_detach_at_the_end():
    verdict = check_evaluate(lambda v: (v * v).sum().detach())
    assert verdict.startswith("Not yet")
    assert "2 tensor(s) saved for backward" in verdict


def test_evaluate_rejects_a_graph_and_a_mode_left_off():
    assert "still has a graph" in check_evaluate(lambda v: (v * v).sum())

    def switch_off(v):
        torch.set_grad_enabled(False)
        return (v * v).sum()

    try:
        assert "grad mode is still off" in check_evaluate(switch_off)
    finally:
        torch.set_grad_enabled(True)


def test_frozen_features_accepts_no_grad_and_frozen_flags():
    features, head = _frozen_setup()

    def with_no_grad(batch):
        with torch.no_grad():
            found = features(batch)
        return head(found).sum()

    assert check_frozen_features(with_no_grad, features, head).startswith("Correct")
    for p in features.parameters():
        p.requires_grad_(False)
    assert check_frozen_features(lambda b: head(features(b)).sum(), features, head) \
        .startswith("Correct")


def test_frozen_features_rejects_detach_after_features():
    features, head = _frozen_setup()
    verdict = check_frozen_features(lambda b: head(features(b).detach()).sum(), features, head)
    assert verdict.startswith("Not yet") and "features was recorded" in verdict
    assert ".detach()" in verdict


def test_frozen_features_rejects_the_shipped_step_and_inference_mode():
    features, head = _frozen_setup()
    verdict = check_frozen_features(lambda b: head(features(b)).sum(), features, head)
    assert "features' parameters got a gradient" in verdict

    def with_inference_mode(batch):
        with torch.inference_mode():
            found = features(batch)
        return head(found).sum()

    verdict = check_frozen_features(with_inference_mode, features, head)
    assert "Inference tensors cannot be saved for backward" in verdict
    assert all(p.grad is None for p in [*features.parameters(), *head.parameters()])
