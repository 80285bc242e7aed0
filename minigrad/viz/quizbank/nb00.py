"""Quizzes and exercises of notebook 00 (start here)."""
import minigrad as torch

QUIZZES = {
    "00/first-grad": dict(
        question="p = tensor([1., 2., 3.], requires_grad=True); (p * p).sum().backward(). "
                 "What is p.grad?",
        choices=["tensor([1., 4., 9.])", "tensor([2., 4., 6.])", "tensor([1., 2., 3.])",
                 "None"],
        answer="tensor([2., 4., 6.])",
        explanation="Each element contributes p² to the sum, and d(p²)/dp = 2p: [2., 4., 6.]."),
    "00/int-grad": dict(
        question="What does torch.tensor([1, 2], requires_grad=True) do?",
        choices=["makes an int64 tensor that requires grad",
                 "quietly converts it to float32 and requires grad",
                 "raises a RuntimeError"],
        answer=2,
        explanation="Python ints give an int64 tensor, and only floating-point and complex "
                    "tensors can require gradients: a gradient is a rate of small changes, "
                    "which integers cannot make. Write [1., 2.] instead."),
}

EXERCISES = {
    "00/float-leaf": dict(
        title="a tensor that gets a gradient",
        solution="p = torch.tensor([1., 2., 3.], requires_grad=True)   # floats, and ask for grad"),
    "00/log-loss": dict(
        title="log the loss as a number",
        solution="def as_number(loss):\n"
                 "    return loss.item()      # a Python float, no tensor, no graph"),
}


def check_float_leaf(p):
    """p must be the float leaf [1, 2, 3] that requires grad."""
    if not isinstance(p, torch.Tensor):
        return "Not yet: p should be a tensor."
    if not p.dtype.is_floating_point:
        return f"Not yet: p has dtype {p.dtype}; only floating-point tensors can require grad."
    if p.tolist() != [1., 2., 3.]:
        return f"Not yet: p should hold 1, 2, 3, not {p.tolist()}."
    if not p.requires_grad:
        return "Not yet: p does not require grad, so backward() would have nothing to fill."
    if not p.is_leaf:
        return "Not yet: p should be a leaf (made directly, not computed from another tensor)."
    (grad,) = torch.autograd.grad((p * p).sum(), p)
    if grad.tolist() != [2., 4., 6.]:
        return f"Not yet: the gradient came out as {grad.tolist()}."
    return "Correct: p is a float leaf that requires grad."


def check_log_loss(as_number):
    """as_number(loss) must give a plain Python float."""
    w = torch.tensor([1., 2.], requires_grad=True)
    loss = (w * w).sum()
    value = as_number(loss)
    if isinstance(value, torch.Tensor):
        return (f"Not yet: as_number returned a tensor ({value!r}); a list of these keeps "
                f"tensors (and, while they require grad, their graphs) alive.")
    if not isinstance(value, float):
        return f"Not yet: expected a Python float, got {type(value).__name__}."
    if value != 5.0:
        return f"Not yet: the loss is 5.0, got {value}."
    return "Correct: item() gives the Python number."
