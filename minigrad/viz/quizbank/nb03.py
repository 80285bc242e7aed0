"""Quizzes and exercises of notebook 03 (retain_grad and hooks)."""
import minigrad as torch

QUIZZES = {
    "03/warn-count": dict(
        question="y is a non-leaf. With Python's default warning filters, a loop reads "
                 "y.grad three times from the same line. How many warnings are printed?",
        choices=["none: the value is just None", "one", "three, one per read"],
        answer="one",
        explanation="Python's default filter shows a warning once per code location. The "
                    "loop reads y.grad from one line, so you see one warning; a read from "
                    "another line (or re-running the cell) warns again."),
    "03/passing-through": dict(
        question="hx = tensor(2., requires_grad=True); hy = hx ** 2; a hook on hy prints "
                 "what it receives; hz = hy * 3; hz.backward(). What does the hook print?",
        choices=["tensor(3.)", "tensor(12.)", "tensor(4.)",
                 "nothing: hooks on non-leaves never fire"],
        answer="tensor(3.)",
        explanation="The hook receives d hz / d hy = 3: the gradient flowing into hy on its "
                    "way to hx. It is computed in every backward pass, just never stored."),
    "03/late-retain": dict(
        question="b = a * 5. Backward once (from b.sum()), then b.retain_grad(), then "
                 "backward twice more. What is b.grad at the end?",
        choices=["None: retain_grad() was called after a backward pass",
                 "tensor([1., 1.])", "tensor([2., 2.])", "tensor([3., 3.])"],
        answer="tensor([2., 2.])",
        explanation="retain_grad() only affects later passes, and a retained gradient "
                    "accumulates like a leaf's: the two later passes add 1 each."),
    "03/hook-replace": dict(
        question="inp = tensor([1., 2., 3.], requires_grad=True); act = inp * 4; a hook on "
                 "act returns g * tensor([1., 0., -1.]); act.sum().backward(). What is inp.grad?",
        choices=["tensor([4., 4., 4.]): hooks only observe",
                 "tensor([ 4.,  0., -4.])", "tensor([ 1.,  0., -1.])"],
        answer=1,
        explanation="A hook that returns a tensor replaces the gradient for the rest of the "
                    "pass: act's gradient becomes [1, 0, -1], and MulBackward0 multiplies it "
                    "by 4 on the way to inp."),
    "03/leaf-hook-total": dict(
        question="lx = tensor(3., requires_grad=True) with a hook that prints what it "
                 "receives and lx.grad; (lx * lx + lx).backward(). What does it print?",
        choices=["two calls: tensor(6.) and tensor(1.)",
                 "one call: tensor(7.), while lx.grad is still None",
                 "one call: tensor(7.), while lx.grad is already tensor(7.)",
                 "nothing: hooks on leaves do not fire"],
        answer=1,
        explanation="A leaf's hook fires once per pass with the total of all its uses "
                    "(2 * 3 + 1 = 7), just before AccumulateGrad adds it into .grad."),
}

EXERCISES = {
    "03/capture": dict(
        title="capture a gradient with a hook",
        solution="def remember(g):\n"
                 "    captured['hidden'] = g        # returns None: the gradient is unchanged\n"
                 "\n"
                 "hidden.register_hook(remember)   # before backward()"),
    "03/retain-order": dict(
        title="read an activation's gradient",
        solution="def activation_grad():\n"
                 "    w = torch.tensor([1., -2., 3.], requires_grad=True)\n"
                 "    act = (w * 2).relu()\n"
                 "    act.retain_grad()             # before backward()\n"
                 "    loss = (act * act).sum()\n"
                 "    loss.backward()\n"
                 "    return act.grad"),
    "03/clip-hook": dict(
        title="a gradient-clipping hook that works",
        solution="def clip(g):\n"
                 "    return g.clamp(-1., 1.)       # a new tensor, not an in-place edit of g"),
}


def check_capture(captured, inp):
    got = captured.get("hidden")
    if got is None:
        return ("Not yet: captured['hidden'] is empty. Did your hook run? Register it before "
                "backward().")
    if got.tolist() != [1., 10., 100.]:
        return f"Not yet: captured {got.tolist()}, expected the weights [1., 10., 100.]."
    if inp.grad is None or inp.grad.tolist() != [2., 40., 600.]:
        return "Not yet: the hook must not change the gradient (inp.grad should be [2, 40, 600])."
    return "Correct: a hook sees the gradient without storing it on the tensor."


def check_retain_order(activation_grad):
    g = activation_grad()
    if g is None:
        return ("Not yet: act.grad is None. retain_grad() only affects backward passes that "
                "run after it.")
    if g.tolist() != [4., 0., 12.]:
        return f"Not yet: got {g.tolist()}, expected d loss / d act = 2 * act = [4., 0., 12.]."
    return "Correct: retain_grad() before backward() keeps the activation's gradient."


def check_clip(clip):
    w = torch.tensor([1., 2., 3.], requires_grad=True)
    h = w * 10
    h.register_hook(clip)
    (h.sum() * 3).backward()
    if w.grad.tolist() != [10., 10., 10.]:
        return (f"Not yet: w.grad = {w.grad.tolist()}; with h's gradient clipped to 1, "
                f"w.grad should be [10., 10., 10.].")
    return "Correct: the hook returns a clipped copy, and the gradient it received is untouched."
