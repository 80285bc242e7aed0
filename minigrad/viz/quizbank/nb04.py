"""Quizzes and exercises of notebook 04 (switching autograd off)."""

QUIZZES = {
    "04/no-grad-result": dict(
        question="x requires grad. Inside `with torch.no_grad():` you compute h = x * 2. "
                 "What is h?",
        choices=["a tensor with grad_fn=<MulBackward0> that requires grad",
                 "a plain tensor: requires_grad=False, no grad_fn, a leaf",
                 "a tensor that requires grad but has no grad_fn"],
        answer=1,
        explanation="With grad mode off nothing is recorded: the result has no grad_fn and "
                    "does not require grad, which makes it a leaf. The mode comes back on "
                    "when the block ends."),
    "04/factory-inside-no-grad": dict(
        question="Inside `with torch.no_grad():` you write w = torch.ones(2, "
                 "requires_grad=True). What is w?",
        choices=["a leaf that requires grad", "a leaf that does not require grad",
                 "an error: requires_grad=True is not allowed under no_grad"],
        answer=0,
        explanation="no_grad stops the recording of operations. A factory call records "
                    "nothing; it creates a leaf with the flag you passed."),
    "04/backward-inside-no-grad": dict(
        question="loss = (x ** 2).sum() is built with grad mode on. Then, inside "
                 "`with torch.no_grad():`, you call loss.backward(). What happens?",
        choices=["RuntimeError: grad mode is off",
                 "it runs, and x.grad is 2x as usual",
                 "it runs, but x.grad stays None"],
        answer=1,
        explanation="backward() runs a graph that already exists; no_grad only decides "
                    "whether new operations are recorded. x.requires_grad is untouched."),
    "04/no-grad-memory": dict(
        question="How many bytes of intermediate tensors does forward() keep for backward "
                 "when it runs under no_grad()?",
        choices=["1048576, the same as with grad mode on",
                 "262144, only the last activation", "0"],
        answer=2,
        explanation="Under no_grad no node is created, so nothing is saved. The output has "
                    "grad_fn=None and there is no graph to walk."),
    "04/set-grad-enabled-call": dict(
        question="torch.set_grad_enabled(False) on its own line, without `with`. What is "
                 "(x * 2).requires_grad on the next line?",
        choices=["True: without `with` the call does nothing",
                 "False: the mode is off until something switches it back",
                 "False, but only for the rest of that line"],
        answer=1,
        explanation="A plain call switches grad mode at once and leaves it switched. In a "
                    "notebook every later cell then runs without a graph until you call "
                    "torch.set_grad_enabled(True)."),
    "04/frozen-layer": dict(
        question="net = Sequential(Linear(2, 2), Linear(2, 1)); the first layer's parameters "
                 "get requires_grad_(False); then a backward pass. Which parameters have a "
                 ".grad?",
        choices=["all four (weights and biases of both layers)",
                 "only layer 1's weight and bias", "none: backward raises"],
        answer=1,
        explanation="Layer 0's input and parameters need no gradient, so nothing is recorded "
                    "for it and its .grad stays None; the optimizer skips such parameters."),
    "04/inference-inplace": dict(
        question="u was made inside inference_mode. Outside, u.add_(1) raises a "
                 "RuntimeError. What does u hold afterwards?",
        choices=["the old values: the edit was refused before it ran",
                 "the new values: the edit ran, then the check raised",
                 "nothing: u was freed"],
        answer=1,
        explanation="The check runs after the in-place kernel, so the data has already "
                    "changed when the error is raised. Never catch it and carry on."),
}

EXERCISES = {
    "04/evaluate": dict(
        title="evaluate without a graph",
        solution="""@torch.no_grad()
def evaluate(v):
    return (v * v).sum()"""),
    "04/sgd-step": dict(
        title="an SGD step by hand",
        solution="""def sgd_step(w, lr):
    with torch.no_grad():
        w -= lr * w.grad        # one in-place update: version 0 -> 1, still a leaf"""),
}
