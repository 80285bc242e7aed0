"""Quizzes and exercises of notebook 01 (detach() vs .data)."""
import minigrad as torch

QUIZZES = {
    "01/detach-shares": dict(
        question="y = x * 2 with x = tensor([1., 2.], requires_grad=True). "
                 "d = y.detach(); d.zero_(). What does y hold now?",
        choices=["tensor([2., 4.], grad_fn=<MulBackward0>): d is a copy",
                 "tensor([0., 0.], grad_fn=<MulBackward0>): d and y share memory",
                 "RuntimeError: y is needed for backward"],
        answer=1,
        explanation="detach() copies nothing: d is a second tensor over the same numbers. "
                    "Only the history is cut; y keeps its grad_fn."),
    "01/stop-gradient": dict(
        question="x = [[1., 2.], [3., 4.]] (requires grad); u = (x * x).detach(); "
                 "z = u * x; z.sum().backward(). What is x.grad?",
        choices=["3 * x**2 = [[3., 12.], [27., 48.]], as for x**3",
                 "u = x**2 = [[1., 4.], [9., 16.]]",
                 "2 * x = [[2., 4.], [6., 8.]]",
                 "an error: u has no grad_fn"],
        answer=1,
        explanation="Autograd treats the detached u as a constant, so d(u * x)/dx = u. "
                    "Only the last factor x is differentiated."),
    "01/version": dict(
        question="t requires grad. Two in-place edits through t.data, then one through "
                 "t.detach(). What is t._version?",
        choices=["0", "1", "2", "3"],
        answer="1",
        explanation="detach() shares t's version counter, so its edit counts; .data gets a "
                    "fresh counter of its own, so its two edits are invisible to t."),
    "01/sigmoid-data": dict(
        question="y = x.sigmoid(); y.data.zero_(); y.sum().backward(). What happens?",
        choices=["RuntimeError: modified by an inplace operation",
                 "x.grad = tensor([0.1966, 0.1050, 0.0452]), the true gradient",
                 "x.grad = tensor([0., 0., 0.]), silently wrong"],
        answer=2,
        explanation="SigmoidBackward0 computes y * (1 - y) from the output it saved. The "
                    ".data edit zeroed that output without moving the version counter, so "
                    "nothing is detected and the gradient is 0 * (1 - 0) = 0."),
    "01/pow-edit": dict(
        question="x = tensor(1., requires_grad=True); y = x ** 2; y.detach().zero_(); "
                 "y.backward(). What happens?",
        choices=["RuntimeError: modified by an inplace operation",
                 "x.grad = tensor(2.)",
                 "x.grad = tensor(0.)"],
        answer=1,
        explanation="PowBackward0 saved x (the input), not y. Editing y changes no saved "
                    "value, so nothing is stale and the gradient 2x = 2 is right."),
    "01/independent-copy": dict(
        question="Which spelling gives a copy of a (a requires grad) that has its own memory "
                 "AND no autograd history?",
        choices=["b = a", "a.clone()", "torch.zeros(2).copy_(a)", "a.detach().clone()"],
        answer="a.detach().clone()",
        explanation="= is the same object; clone() and copy_() copy the numbers but are "
                    "recorded (CloneBackward0, CopyBackwards); detach() cuts the history "
                    "and clone() then copies the memory."),
    "01/new-leaf": dict(
        question="y = x * 3; h = y.detach().requires_grad_(); (h * h).sum().backward(). "
                 "What are h.grad and x.grad?",
        choices=["h.grad = None, x.grad = tensor([18., 36.])",
                 "h.grad = tensor([ 6., 12.]), x.grad = None",
                 "h.grad = tensor([ 6., 12.]), x.grad = tensor([18., 36.])",
                 "RuntimeError: a detached tensor cannot require grad"],
        answer=1,
        explanation="h is a new leaf: it starts a graph of its own and gets h.grad = 2h. "
                    "Nothing flows back through the cut into y's graph, so x.grad stays None."),
}

EXERCISES = {
    "01/snapshot": dict(
        title="keep the best weights",
        solution="def keep_best(w):\n"
                 "    return w.detach().clone()   # cut the history, then copy the memory"),
    "01/stop-gradient": dict(
        title="a stop-gradient",
        solution="def cube(x):\n"
                 "    return ((x * x).detach() * x).sum()   # value x**3, gradient x**2"),
    "01/loud-not-silent": dict(
        title="cap the gate without lying to autograd",
        solution="def gated(x):\n"
                 "    g = x.sigmoid().clamp(max=0.9)   # out of place: recorded, so the\n"
                 "    return (g * 2).sum()             # gradient knows about the cap"),
}


def check_snapshot(train):
    """train() -> (w, best): best must be the weights of step 4, frozen and graph-free."""
    w, best = train()
    if not isinstance(best, torch.Tensor):
        return "Not yet: keep_best should return a tensor."
    if best is w:
        return "Not yet: best is w itself (an alias), so it follows every update of w."
    if best.requires_grad or best.grad_fn is not None:
        return ("Not yet: best still has autograd history: it keeps a graph alive and is "
                "not a plain snapshot.")
    if best.untyped_storage().data_ptr() == w.untyped_storage().data_ptr():
        return "Not yet: best shares memory with w, so the updates of w show up in it."
    expected = [round(v * (1 - 0.8 ** 4), 4) for v in (1.0, -1.0)]
    got = [round(v, 4) for v in best.tolist()]
    if got != expected:
        return f"Not yet: best holds {got}, the weights of the best step are {expected}."
    return "Correct: a graph-free copy with memory of its own."


def check_stop_gradient(cube):
    """cube(x) must have the value sum(x**3) and the gradient x**2."""
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    out = cube(x)
    if out.item() != 36.0:
        return f"Not yet: the value should stay 1 + 8 + 27 = 36, got {out.item()}."
    (g,) = torch.autograd.grad(out, x)
    if g.tolist() != [1., 4., 9.]:
        return f"Not yet: the gradient is {g.tolist()}; the goal is x**2 = [1.0, 4.0, 9.0]."
    return "Correct: the detached factor counts as a constant."


def check_gate(gated):
    """gated(x) = 2 * sum(min(sigmoid(x), 0.9)) with a true gradient."""
    x = torch.tensor([0., 3.], requires_grad=True)
    out = gated(x)
    out.backward()
    want = [0.5, 0.0]
    got = [round(v, 4) for v in x.grad.tolist()]
    if got != want:
        return (f"Not yet: x.grad = {got}, the true gradient of the capped gate is {want} "
                f"(above the cap the output does not move).")
    if abs(out.item() - (2 * 0.5 + 2 * 0.9)) > 1e-5:
        return f"Not yet: the value should be 2 * (0.5 + 0.9) = 2.8, got {out.item():.4f}."
    return "Correct: the cap is recorded, so backward differentiates what forward computed."
