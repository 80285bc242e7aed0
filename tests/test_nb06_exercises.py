"""Notebook 06's exercise checkers reject the wrong answers the lessons warn about, and its
quizzes state what torch does (the answers are re-derived here, not copied)."""
import minigrad as torch
from minigrad.viz.quizbank import nb06


def _hypot(backward):
    """A Hypot Function whose forward saves a, b and the output, with the given backward."""
    class Hypot(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a, b):
            out = torch.sqrt(a * a + b * b)
            ctx.save_for_backward(a, b, out)
            return out

    Hypot.backward = staticmethod(backward)
    return Hypot


def test_hypot_accepts_the_solution_and_a_version_without_needs_input_grad():
    ns = {"torch": torch}
    exec(nb06.EXERCISES["06/hypot"]["solution"], ns)
    assert nb06.check_hypot(ns["Hypot"]).startswith("Correct")

    def always_both(ctx, g):                 # computing b's gradient anyway is still right
        a, b, out = ctx.saved_tensors
        return g * a / out, g * b / out
    assert nb06.check_hypot(_hypot(always_both)).startswith("Correct")


def test_hypot_rejects_a_copied_one_input_formula_and_swapped_gradients():
    def sqrt_only(ctx, g):                   # d sqrt(u)/du, forgetting the inner derivative
        a, b, out = ctx.saved_tensors
        return g / (2 * out), g / (2 * out)

    def swapped(ctx, g):
        a, b, out = ctx.saved_tensors
        return g * b / out, g * a / out

    def missing_b(ctx, g):                   # right for a, but b never gets a gradient
        a, b, out = ctx.saved_tensors
        return g * a / out, None

    for backward in (sqrt_only, swapped, missing_b):
        verdict = nb06.check_hypot(_hypot(backward))
        assert verdict.startswith("Not yet"), backward.__name__
    assert "b.grad is None" in nb06.check_hypot(_hypot(missing_b))


def test_same_input_twice_quiz_matches_the_graph():
    entry = nb06.QUIZZES["06/same-input-twice"]
    a = torch.tensor([0.5, -1.0], requires_grad=True)
    pairs = (a * a).grad_fn.next_functions
    assert len(pairs) == 2 and pairs[0][0] is pairs[1][0]
    assert "two pairs" in entry["choices"][entry["answer"]]
    assert "same" in entry["choices"][entry["answer"]]
