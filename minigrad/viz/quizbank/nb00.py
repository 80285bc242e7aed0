"""Quizzes and exercises of notebook 00 (start here)."""
import minigrad as torch

from .._i18n import say

QUIZZES = {
    "00/first-grad": dict(
        question="p = tensor([1., 2., 3.], requires_grad=True); (p * p).sum().backward(). "
                 "What is p.grad?",
        choices=["tensor([1., 4., 9.])", "tensor([2., 4., 6.])", "tensor([1., 2., 3.])",
                 "None"],
        answer="tensor([2., 4., 6.])",
        explanation="Each element contributes p² to the sum, and d(p²)/dp = 2p: [2., 4., 6.].",
        question_zh="p = tensor([1., 2., 3.], requires_grad=True); (p * p).sum().backward()。"
                    "p.grad 是什么？",
        explanation_zh="每个元素给和贡献 p²，而 d(p²)/dp = 2p：[2., 4., 6.]。"),
    "00/int-grad": dict(
        question="What does torch.tensor([1, 2], requires_grad=True) do?",
        choices=["makes an int64 tensor that requires grad",
                 "quietly converts it to float32 and requires grad",
                 "raises a RuntimeError"],
        answer=2,
        explanation="Python ints give an int64 tensor, and only floating-point and complex "
                    "tensors can require gradients: a gradient is a rate of small changes, "
                    "which integers cannot make. Write [1., 2.] instead.",
        question_zh="torch.tensor([1, 2], requires_grad=True) 会怎样？",
        choices_zh=["得到一个需要梯度的 int64 张量",
                    "悄悄转成 float32，并且需要梯度",
                    "抛出 RuntimeError"],
        explanation_zh="Python 整数得到 int64 张量，而只有浮点和复数张量才能需要梯度：梯度是"
                       "微小变化的比率，整数做不到微小变化。请改写成 [1., 2.]。"),
}

EXERCISES = {
    "00/float-leaf": dict(
        title="a tensor that gets a gradient",
        solution="p = torch.tensor([1., 2., 3.], requires_grad=True)   # floats, and ask for grad",
        title_zh="一个能得到梯度的张量",
        solution_zh="p = torch.tensor([1., 2., 3.], requires_grad=True)   # 用浮点数，并要求梯度"),
    "00/log-loss": dict(
        title="log the loss as a number",
        solution="def as_number(loss):\n"
                 "    return loss.item()      # a Python float, no tensor, no graph",
        title_zh="把损失记成一个数",
        solution_zh="def as_number(loss):\n"
                    "    return loss.item()      # Python 浮点数：不是张量，也不带计算图"),
}


def check_float_leaf(p):
    """p must be the float leaf [1, 2, 3] that requires grad."""
    if not isinstance(p, torch.Tensor):
        return say("Not yet: p should be a tensor.", "还不对：p 应该是一个张量。")
    if not p.dtype.is_floating_point:
        return say(f"Not yet: p has dtype {p.dtype}; only floating-point tensors can require grad.",
                   f"还不对：p 的数据类型是 {p.dtype}；只有浮点张量才能需要梯度。")
    if p.tolist() != [1., 2., 3.]:
        return say(f"Not yet: p should hold 1, 2, 3, not {p.tolist()}.",
                   f"还不对：p 应该装着 1, 2, 3，而不是 {p.tolist()}。")
    if not p.requires_grad:
        return say("Not yet: p does not require grad, so backward() would have nothing to fill.",
                   "还不对：p 不需要梯度，所以 backward() 没有东西可填。")
    if not p.is_leaf:
        return say("Not yet: p should be a leaf (made directly, not computed from another tensor).",
                   "还不对：p 应该是叶子（直接创建，而不是由别的张量算出来）。")
    (grad,) = torch.autograd.grad((p * p).sum(), p)
    if grad.tolist() != [2., 4., 6.]:
        return say(f"Not yet: the gradient came out as {grad.tolist()}.",
                   f"还不对：算出来的梯度是 {grad.tolist()}。")
    return say("Correct: p is a float leaf that requires grad.",
               "正确：p 是一个需要梯度的浮点叶子张量。")


def check_log_loss(as_number):
    """as_number(loss) must give a plain Python float."""
    w = torch.tensor([1., 2.], requires_grad=True)
    loss = (w * w).sum()
    value = as_number(loss)
    if isinstance(value, torch.Tensor):
        return say(f"Not yet: as_number returned a tensor ({value!r}); a list of these keeps "
                   f"tensors (and, while they require grad, their graphs) alive.",
                   f"还不对：as_number 返回的是张量（{value!r}）；把它们存进列表会让这些张量"
                   f"（以及，只要它们需要梯度，它们的计算图）一直留在内存里。")
    if not isinstance(value, float):
        return say(f"Not yet: expected a Python float, got {type(value).__name__}.",
                   f"还不对：应该是 Python 浮点数，得到的是 {type(value).__name__}。")
    if value != 5.0:
        return say(f"Not yet: the loss is 5.0, got {value}.",
                   f"还不对：损失是 5.0，得到的是 {value}。")
    return say("Correct: item() gives the Python number.", "正确：item() 给出 Python 数。")
