"""Quizzes and exercises of notebook 06 (under the hood)."""

QUIZZES = {
    "06/saved-with-constant": dict(
        question="a requires grad; p = a * torch.tensor([2.0, 3.0]). What are "
                 "p.grad_fn._saved_self and _saved_other?",
        choices=["both saved: self is a, other is the constant",
                 "self is None, other is the constant",
                 "self is a, other is None"],
        answer=1,
        explanation="self (a) would only be needed for the constant's gradient, which nobody "
                    "needs. The constant is needed for a's gradient, grad * other."),
    "06/custom-node-name": dict(
        question="class MySigmoid(torch.autograd.Function) ...; y = MySigmoid.apply(x). "
                 "What is y.grad_fn.name()?",
        choices=["SigmoidBackward0", "MySigmoidBackward", "FunctionBackward"],
        answer=1,
        explanation="A custom Function's node is named after the class plus 'Backward', "
                    "without the 0 that built-in nodes carry."),
    "06/hook-order": dict(
        question="a = x * 2 is created first, b = x.exp() second; (a + b).sum().backward(). "
                 "Which hook fires first?",
        choices=["a (it was created first)", "b (it was created last)",
                 "it varies from run to run"],
        answer=1,
        explanation="Both nodes become ready at the same moment, when AddBackward0 has run. "
                    "Among ready nodes the engine takes the higher sequence number, the newer "
                    "node, so b goes first. The order is fixed, never random."),
    "06/twice-without-saves": dict(
        question="total = (a + 1).sum(); total.backward(); total.backward(): what happens?",
        choices=["RuntimeError: backward through the graph a second time",
                 "it works, a.grad is [2., 2.]", "it works, a.grad is [1., 1.]"],
        answer=1,
        explanation="AddBackward0 and SumBackward0 save nothing, so nothing can be freed and "
                    "nothing is missing the second time; the gradients add up. The rule is "
                    "about freed saved values, not about calling backward twice."),
    "06/second-derivative": dict(
        question="y = x ** 3 at x = 3: grad(y, x, create_graph=True), then grad of that "
                 "result. What do you get?",
        choices=["27 and 18", "27, then an error: the gradient has no grad_fn",
                 "27 and 0: the gradient is a constant"],
        answer=0,
        explanation="create_graph=True records the backward formula 3 * x ** 2 as a graph, so "
                    "the gradient can be differentiated again: 6 * x = 18."),
}

EXERCISES = {
    "06/cube": dict(
        title="a Cube function",
        solution="""class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x * x

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x * x   # d(x**3)/dx = 3x**2"""),
    "06/second-derivative": dict(
        title="a second derivative",
        solution="""(g,) = torch.autograd.grad(f.sum(), x, create_graph=True)
(second,) = torch.autograd.grad(g.sum(), x)"""),
}
