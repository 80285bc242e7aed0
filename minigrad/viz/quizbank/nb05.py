"""Quizzes and exercises of notebook 05 (in-place operations and version counters)."""

QUIZZES = {
    "05/shared-counter": dict(
        question="view = base[1:3], det = base.detach(), cl = base.clone(), dat = base.data; "
                 "then view.zero_(). Versions of base, view, det, cl, dat?",
        choices=["1 1 0 0 0: only the view and its base",
                 "1 1 1 0 0: everything that shares base's counter",
                 "1 1 1 1 1: all five came from base"],
        answer=1,
        explanation="A view and detach() share the base's memory and version counter, so one "
                    "write moves all three. clone() owns new memory and a new counter; .data "
                    "shares the memory but has a counter of its own, which never moves for "
                    "edits made elsewhere."),
    "05/what-pow-keeps": dict(
        question="p = x ** 2. What does its node (PowBackward0) keep for backward?",
        choices=["its output p", "its input x (and the exponent 2)", "nothing"],
        answer=1,
        explanation="The derivative 2 * x needs the input. Sigmoid's derivative s * (1 - s) "
                    "needs the output instead, which is why editing a sigmoid's output "
                    "breaks backward and editing a square's output does not."),
    "05/mul-by-constant": dict(
        question="x requires grad, c is a constant tensor that does not. What does the node "
                 "of x * c keep?",
        choices=["both x and c", "only c (as `other`)", "only x (as `self`)"],
        answer=1,
        explanation="Only x needs a gradient, and d(x*c)/dx = c. Keeping x would only be "
                    "needed for c's gradient, which nobody asked for."),
    "05/exp-edit": dict(
        question="y = x.exp(); y.detach().add_(1); y.backward(): what happens?",
        choices=["it runs, x.grad is exp(2)", "it runs, x.grad is exp(2) + 1", "it raises"],
        answer=2,
        explanation="ExpBackward0 keeps its output (the derivative of exp is exp itself), and "
                    "detach() shares that output's version counter: the saved tensor is "
                    "stale, and backward refuses to use it."),
    "05/pow-edit": dict(
        question="y = x ** 2 at x = 1; y.detach().zero_(); y.backward(): what happens?",
        choices=["it raises, like the exp experiment",
                 "it runs, and x.grad is tensor(2.)",
                 "it runs, and x.grad is tensor(0.)"],
        answer=1,
        explanation="PowBackward0 kept x, not y. Zeroing y changes no tensor the node needs, "
                    "so the stamp check passes and the gradient 2 * x is right."),
    "05/data-edit": dict(
        question="y = x.exp(); y.data.add_(1); y.sum().backward(): what happens?",
        choices=["it raises, like the detach() version",
                 "it runs, and x.grad is the correct exp(x)",
                 "it runs, and x.grad is exp(x) + 1: silently wrong"],
        answer=2,
        explanation=".data has its own version counter, so the edit leaves no trace that the "
                    "check could see. Backward multiplies by the edited saved output."),
    "05/view-gradient": dict(
        question="z = x * 1 with x = [1, 2, 3, 4]; z[1:3].mul_(10); (z * z).sum().backward(). "
                 "What is x.grad?",
        choices=["[2., 4., 6., 8.]: in-place edits are not differentiated",
                 "[2., 40., 60., 8.]", "[2., 400., 600., 8.]"],
        answer=2,
        explanation="The edit is recorded (CopySlices wraps MulBackward0), so inside the slice "
                    "z = 10x and the gradient is 2 * z * 10: 2 * 20 * 10 and 2 * 30 * 10."),
}

EXERCISES = {
    "05/fix-the-copy": dict(
        title="keep the edit, fix the backward",
        solution="""a = torch.tensor([0., 1., 2.], requires_grad=True)
out = a.exp()
shifted = out.detach().clone()         # new memory, its own version counter
shifted.add_(1)
# (shifted = out + 1, or out.detach() + 1 without the add_, work too: any new tensor
# instead of an alias of out)"""),
    "05/output-or-input": dict(
        title="output or input?",
        solution="""answers = {
    "x.tanh()": "output",    # tanh' = 1 - tanh^2
    "x.sin()": "input",      # sin' = cos(x)
    "x.sqrt()": "output",    # sqrt' = 1 / (2 sqrt(x))
    "x - w": "nothing",      # the gradients are 1 and -1
    "x.abs()": "input",      # abs' = sign(x)
}"""),
}
