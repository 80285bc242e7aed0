"""Quizzes and exercises of notebook 02 (leaf tensors)."""
import warnings

import minigrad as torch

QUIZZES = {
    "02/which-leaves": dict(
        question="x = tensor(2., requires_grad=True); y = x ** 2; z = y + 1. "
                 "Which of them are leaves?",
        choices=["only x", "x and y", "all three", "only z"],
        answer="only x",
        explanation="A leaf is a tensor no recorded op produced (grad_fn is None). x was "
                    "made by you; y and z were made by recorded ops on x."),
    "02/contagious": dict(
        question="a = ones(1, requires_grad=True); b = ones(1); "
                 "(a * 2 + b * 3).sum().backward(). What are a.grad and b.grad?",
        choices=["tensor([2.]) and tensor([3.])", "tensor([2.]) and None",
                 "None and None: b breaks the graph", "tensor([5.]) and None"],
        answer=1,
        explanation="One input that requires grad is enough for a result to require grad. "
                    "b does not, so the b * 3 branch is not recorded and b.grad stays None."),
    "02/leaf-rule": dict(
        question="p = tensor([1., 2.], requires_grad=True). Which of these is a leaf?",
        choices=["torch.arange(4., requires_grad=True).reshape(2, 2)",
                 "torch.tensor([1., 2.]) + 1", "p.double()", "p[0]"],
        answer="torch.tensor([1., 2.]) + 1",
        explanation="Leafness depends on two facts: does it require grad, and did a recorded "
                    "op make it. The + 1 on a tensor that needs no grad is not recorded, so "
                    "the result is a leaf; reshape, cast and indexing of grad-requiring "
                    "tensors are recorded ops, however trivial."),
    "02/lost-grad": dict(
        question="lost = tensor([1., 2.], requires_grad=True).double(); "
                 "(lost * lost).sum().backward(). What is lost.grad?",
        choices=["tensor([2., 4.], dtype=torch.float64)",
                 "None, with a warning: lost is not a leaf",
                 "RuntimeError: dtype mismatch"],
        answer=1,
        explanation="The cast is a recorded op (ToCopyBackward0), so lost is a non-leaf. "
                    "The gradient flows through it into the unnamed float32 leaf, which you "
                    "can no longer reach."),
    "02/index-grad": dict(
        question="s = tensor([1., 2.], requires_grad=True); t = s[0] * 10 + s.sum(); "
                 "t.backward(). What is s.grad?",
        choices=["None: s[0] is a non-leaf, so the gradient is lost",
                 "tensor([10.,  0.])", "tensor([11.,  1.])", "tensor([1., 1.])"],
        answer="tensor([11.,  1.])",
        explanation="s[0] is a non-leaf, but gradients flow through it back to the leaf s. "
                    "s is used twice, so its .grad is the sum: [10, 0] from s[0] * 10 plus "
                    "[1, 1] from s.sum()."),
    "02/optimizer-version": dict(
        question="prm = nn.Parameter(tensor([1., 2.])); opt = SGD([prm], lr=0.1); "
                 "(prm * prm).sum().backward(); opt.step(). What is true afterwards?",
        choices=["prm is a new Parameter object; the old one is unchanged",
                 "prm is the same object, updated in place, and prm._version went up",
                 "prm is the same object, updated through .data; prm._version is still 0"],
        answer=1,
        explanation="Optimizers update each parameter in place under no_grad(): same object, "
                    "same memory, and the in-place op bumps its version counter."),
}

EXERCISES = {
    "02/float64-leaf": dict(
        title="rescue the lost gradient",
        solution="def make_weight():\n"
                 "    return torch.tensor([1., 2., 3.], dtype=torch.float64, requires_grad=True)\n"
                 "    # or: torch.tensor([1., 2., 3.]).double().requires_grad_()"),
    "02/sgd-step": dict(
        title="fix the update step",
        solution="def sgd_step(w, lr):\n"
                 "    with torch.no_grad():\n"
                 "        w -= lr * w.grad      # in place: w stays the same leaf\n"
                 "    w.grad.zero_()\n"
                 "    return w"),
}


def _grad_quietly(t):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")          # reading a non-leaf's .grad warns
        return t.grad


def check_float64_leaf(make_weight):
    """make_weight() must give a float64 leaf [1, 2, 3] that receives its gradient."""
    wt = make_weight()
    (wt * wt).sum().backward()
    if wt.dtype != torch.float64:
        return f"Not yet: the weight must be float64, it is {wt.dtype}."
    if not wt.is_leaf:
        return (f"Not yet: the weight is not a leaf (its grad_fn is "
                f"{type(wt.grad_fn).__name__}), so its .grad stays None.")
    grad = _grad_quietly(wt)
    if grad is None:
        return "Not yet: the weight is a leaf but does not require grad."
    if grad.tolist() != [2., 4., 6.]:
        return f"Not yet: expected the gradient [2., 4., 6.], got {grad.tolist()}."
    return "Correct: a float64 leaf, and its .grad is filled."


def check_sgd_step(sgd_step):
    """Three SGD steps on ((w - t)**2).sum() must keep w a leaf and move it."""
    w = torch.tensor([0., 0.], requires_grad=True)
    first = w
    target = torch.tensor([1., -1.])
    for step in range(3):
        loss = ((w - target) ** 2).sum()
        loss.backward()
        if _grad_quietly(w) is None:
            return (f"Not yet: at step {step} w.grad is None: after the update w is no longer "
                    f"a leaf (grad_fn {type(w.grad_fn).__name__}).")
        w = sgd_step(w, 0.1)
    if not w.is_leaf:
        return ("Not yet: after the updates w is not a leaf, so the next backward cannot "
                "fill w.grad.")
    if w is not first:
        return "Not yet: the optimizer should update w in place (the same tensor object)."
    got = [round(v, 4) for v in w.tolist()]
    want = [round(v * (1 - 0.8 ** 3), 4) for v in (1.0, -1.0)]
    if got != want:
        return f"Not yet: after 3 steps w = {got}, expected {want} (did you zero w.grad?)."
    return "Correct: w stays the same leaf and learns."
