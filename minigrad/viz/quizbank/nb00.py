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
    "00/scale-grad": dict(
        title="the gradient of a learnable scale",
        solution="def grad_of_scale(values):\n"
                 "    scale = torch.tensor(2., requires_grad=True)   # a float: ints get no grad\n"
                 "    loss = (scale * values).sum()\n"
                 "    loss.backward()                  # fills .grad of the leaf scale\n"
                 "    return scale.grad",
        title_zh="可学习缩放因子的梯度",
        solution_zh="def grad_of_scale(values):\n"
                    "    scale = torch.tensor(2., requires_grad=True)   # 浮点数：整数不能求梯度\n"
                    "    loss = (scale * values).sum()\n"
                    "    loss.backward()                  # 填写叶子张量 scale 的 .grad\n"
                    "    return scale.grad"),
    "00/mean-loss": dict(
        title="log the mean loss as a number",
        solution="def mean_for_log(losses):\n"
                 "    return losses.mean().item()   # one element first, then a Python float",
        title_zh="把平均损失记成一个数",
        solution_zh="def mean_for_log(losses):\n"
                    "    return losses.mean().item()   # 先变成一个元素，再变成 Python 浮点数"),
}


def check_scale_grad(grad_of_scale):
    """grad_of_scale(values) must return d sum(scale * values) / d scale = sum(values)."""
    for values in (torch.tensor([1, 2, 3]), torch.tensor([4, -1])):
        got = grad_of_scale(values)
        want = float(sum(values.tolist()))
        if got is None:
            return say("Not yet: grad_of_scale returns None; call backward() on the loss, then "
                       "return the .grad of scale.",
                       "还不对：grad_of_scale 返回的是 None；先对损失调用 backward()，再返回 "
                       "scale 的 .grad。")
        if not isinstance(got, torch.Tensor):
            return say(f"Not yet: expected the gradient as a tensor, got "
                       f"{type(got).__name__}.",
                       f"还不对：梯度应该是一个张量，得到的是 {type(got).__name__}。")
        if got.numel() != 1 or got.item() != want:
            return say(f"Not yet: for values = {values.tolist()} the gradient is the sum of the "
                       f"values, {want}; got {got.tolist()}.",
                       f"还不对：values = {values.tolist()} 时，梯度是这些值的和 {want}；"
                       f"得到的是 {got.tolist()}。")
    return say("Correct: a float leaf that requires grad, and backward() filled its .grad.",
               "正确：一个需要梯度的浮点叶子张量，backward() 填写了它的 .grad。")


def check_mean_loss(mean_for_log):
    """mean_for_log(losses) must give the mean of a multi-element loss as a Python float."""
    w = torch.tensor([1., 2., 3., 4.], requires_grad=True)
    losses = w * w                          # requires grad, four elements, mean 7.5
    value = mean_for_log(losses)
    if isinstance(value, torch.Tensor):
        return say(f"Not yet: mean_for_log returned a tensor ({value!r}); a list of these keeps "
                   f"tensors (and, while they require grad, their graphs) alive.",
                   f"还不对：mean_for_log 返回的是张量（{value!r}）；把它们存进列表会让这些"
                   f"张量（以及，只要它们需要梯度，它们的计算图）一直留在内存里。")
    if not isinstance(value, float):
        return say(f"Not yet: expected a Python float, got {type(value).__name__}.",
                   f"还不对：应该是 Python 浮点数，得到的是 {type(value).__name__}。")
    if abs(value - 7.5) > 1e-6:
        return say(f"Not yet: the mean of {losses.tolist()} is 7.5, got {value}.",
                   f"还不对：平均值应为 7.5（{losses.tolist()} 的平均），得到的是 {value}。")
    return say("Correct: the mean is one element, and item() gives it as a Python number.",
               "正确：平均值只有一个元素，item() 把它变成 Python 数。")
