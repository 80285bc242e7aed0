"""Quizzes and exercises of notebook 03 (retain_grad and hooks)."""
import minigrad as torch

from .._i18n import say

QUIZZES = {
    "03/warn-count": dict(
        question="y is a non-leaf. With Python's default warning filters, a loop reads "
                 "y.grad three times from the same line. How many warnings are printed?",
        choices=["none: the value is just None", "one", "three, one per read"],
        answer="one",
        explanation="Python's default filter shows a warning once per code location. The "
                    "loop reads y.grad from one line, so you see one warning; a read from "
                    "another line (or re-running the cell) warns again.",
        question_zh="y 是非叶子张量。在 Python 默认的警告过滤器下，一个循环在同一行读"
                    "取 y.grad 三次。会打印几条警告？",
        choices_zh=[
            "一条也没有：值只是 None",
            "一条",
            "三条，每读一次一条"],
        explanation_zh="Python 的默认过滤器对每个代码位置只显示一次警告。循环是在同一行"
                       "读取 y.grad 的，所以你只看到一条；从另一行读取（或者重新运行这个单"
                       "元格）会再警告一次。"),
    "03/passing-through": dict(
        question="hx = tensor(2., requires_grad=True); hy = hx ** 2; a hook on hy prints "
                 "what it receives; hz = hy * 3; hz.backward(). What does the hook print?",
        choices=["tensor(3.)", "tensor(12.)", "tensor(4.)",
                 "nothing: hooks on non-leaves never fire"],
        answer="tensor(3.)",
        explanation="The hook receives d hz / d hy = 3: the gradient flowing into hy on its "
                    "way to hx. It is computed in every backward pass, just never stored.",
        question_zh="hx = tensor(2., requires_grad=True); hy = hx ** 2；"
                    "hy 上的钩子打印它收到的东西；hz = hy * 3; hz.backward()"
                    "。钩子打印什么？",
        choices_zh=[
            "tensor(3.)",
            "tensor(12.)",
            "tensor(4.)",
            "什么都不打印：非叶子上的钩子从不触发"],
        explanation_zh="钩子收到的是 d hz / d hy = 3：流进 hy、正在去往 hx "
                       "路上的梯度。每次反向传播都会计算它，只是从不保存。"),
    "03/late-retain": dict(
        question="b = a * 5. Backward once (from b.sum()), then b.retain_grad(), then "
                 "backward twice more. What is b.grad at the end?",
        choices=["None: retain_grad() was called after a backward pass",
                 "tensor([1., 1.])", "tensor([2., 2.])", "tensor([3., 3.])"],
        answer="tensor([2., 2.])",
        explanation="retain_grad() only affects later passes, and a retained gradient "
                    "accumulates like a leaf's: the two later passes add 1 each.",
        question_zh="b = a * 5。先反向传播一次（从 b.sum() 开始），然后调用 "
                    "b.retain_grad()，再反向传播两次。最后 b.grad 是什么？",
        choices_zh=[
            "None：retain_grad() 是在一次反向传播之后才调用的",
            "tensor([1., 1.])",
            "tensor([2., 2.])",
            "tensor([3., 3.])"],
        explanation_zh="retain_grad() 只影响之后的反向传播，而保留下来的梯度会像叶子的梯"
                       "度一样累加：后面两次各加 1。"),
    "03/hook-replace": dict(
        question="inp = tensor([1., 2., 3.], requires_grad=True); act = inp * 4; a hook on "
                 "act returns g * tensor([1., 0., -1.]); act.sum().backward(). What is inp.grad?",
        choices=["tensor([4., 4., 4.]): hooks only observe",
                 "tensor([ 4.,  0., -4.])", "tensor([ 1.,  0., -1.])"],
        answer=1,
        explanation="A hook that returns a tensor replaces the gradient for the rest of the "
                    "pass: act's gradient becomes [1, 0, -1], and MulBackward0 multiplies it "
                    "by 4 on the way to inp.",
        question_zh="inp = tensor([1., 2., 3.], requires_grad=True); act "
                    "= inp * 4；act 上的钩子返回 g * tensor([1., 0., -1.])"
                    "；act.sum().backward()。inp.grad 是什么？",
        choices_zh=[
            "tensor([4., 4., 4.])：钩子只是旁观",
            "tensor([ 4.,  0., -4.])",
            "tensor([ 1.,  0., -1.])"],
        explanation_zh="返回张量的钩子会在这次反向传播的剩余部分替换掉梯度："
                       "act 的梯度变成 [1, 0, -1]，MulBackward0 在传给 inp "
                       "的路上把它乘以 4。"),
    "03/leaf-hook-total": dict(
        question="lx = tensor(3., requires_grad=True) with a hook that prints what it "
                 "receives and lx.grad; (lx * lx + lx).backward(). What does it print?",
        choices=["two calls: tensor(6.) and tensor(1.)",
                 "one call: tensor(7.), while lx.grad is still None",
                 "one call: tensor(7.), while lx.grad is already tensor(7.)",
                 "nothing: hooks on leaves do not fire"],
        answer=1,
        explanation="A leaf's hook fires once per pass with the total of all its uses "
                    "(2 * 3 + 1 = 7), just before AccumulateGrad adds it into .grad.",
        question_zh="lx = tensor(3., requires_grad=True)，带一个钩子，打印它收到的东西"
                    "和 lx.grad；(lx * lx + lx).backward()。它打印什么？",
        choices_zh=[
            "调用两次：tensor(6.) 和 tensor(1.)",
            "调用一次：tensor(7.)，此时 lx.grad 还是 None",
            "调用一次：tensor(7.)，此时 lx.grad 已经是 tensor(7.)",
            "什么都不打印：叶子上的钩子不会触发"],
        explanation_zh="叶子的钩子每次反向传播触发一次，收到的是所有用途的总和（2 "
                       "* 3 + 1 = 7），就在 AccumulateGrad 把它加进 .grad 之前。"),
}

EXERCISES = {
    "03/capture": dict(
        title="capture a gradient with a hook",
        solution="def remember(g):\n"
                 "    captured['hidden'] = g        # returns None: the gradient is unchanged\n"
                 "\n"
                 "hidden.register_hook(remember)   # before backward()",
        title_zh="用钩子截获梯度",
        solution_zh="def remember(g):\n    captured['hidden'] = g       "
                    " # 返回 None：梯度保持不变\n\nhidden.register_hook(remember)"
                    "   # 在 backward() 之前"),
    "03/retain-order": dict(
        title="read an activation's gradient",
        solution="def activation_grad():\n"
                 "    w = torch.tensor([1., -2., 3.], requires_grad=True)\n"
                 "    act = (w * 2).relu()\n"
                 "    act.retain_grad()             # before backward()\n"
                 "    loss = (act * act).sum()\n"
                 "    loss.backward()\n"
                 "    return act.grad",
        title_zh="读出激活值的梯度",
        solution_zh="def activation_grad():\n    w = torch.tensor([1., -2.,"
                    " 3.], requires_grad=True)\n    act = (w * 2).relu()"
                    "\n    act.retain_grad()             # 在 backward()"
                    " 之前\n    loss = (act * act).sum()\n    loss.backward()"
                    "\n    return act.grad"),
    "03/clip-hook": dict(
        title="a gradient-clipping hook that works",
        solution="def clip(g):\n"
                 "    return g.clamp(-1., 1.)       # a new tensor, not an in-place edit of g",
        title_zh="一个能用的梯度裁剪钩子",
        solution_zh="def clip(g):\n    return g.clamp(-1., 1.)       # 返回新张量，"
                    "而不是原地修改 g"),
}


def check_capture(captured, inp):
    got = captured.get("hidden")
    if got is None:
        return say("Not yet: captured['hidden'] is empty. Did your hook run? Register it before "
                   "backward().",
                   "还不对：captured['hidden'] 是空的。你的钩子运行了吗？"
                   "要在 backward() 之前注册。")
    if got.tolist() != [1., 10., 100.]:
        return say(f"Not yet: captured {got.tolist()}, expected the weights [1., 10., 100.].",
                   f"还不对：截获到的是 {got.tolist()}，应该是权重 [1., 10., 100.]。")
    if inp.grad is None or inp.grad.tolist() != [2., 40., 600.]:
        return say("Not yet: this hook should only record the gradient and leave it unchanged "
                   "(inp.grad should be [2, 40, 600]).",
                   "还不对：这道题里的钩子只应记录梯度，不应改变它"
                   "（inp.grad 应该是 [2, 40, 600]）。")
    return say("Correct: a hook sees the gradient without storing it on the tensor.",
               "正确：钩子能看到梯度，而不必把它存在张量上。")


def check_retain_order(activation_grad):
    g = activation_grad()
    if g is None:
        return say("Not yet: act.grad is None. retain_grad() only affects backward passes that "
                   "run after it.",
                   "还不对：act.grad 是 None。retain_grad() 只影响在它之后运行的反向传播。")
    if g.tolist() != [4., 0., 12.]:
        return say(f"Not yet: got {g.tolist()}, expected d loss / d act = 2 * act = [4., 0., 12.].",
                   f"还不对：得到 {g.tolist()}，应该是 d loss / d act = 2 * act = [4., 0., 12.]。")
    return say("Correct: retain_grad() before backward() keeps the activation's gradient.",
               "正确：在 backward() 之前调用 retain_grad()，激活值的梯度就保留下来了。")


def check_clip(clip):
    w = torch.tensor([1., 2., 3.], requires_grad=True)
    h = w * 10
    h.register_hook(clip)
    (h.sum() * 3).backward()
    if w.grad.tolist() != [10., 10., 10.]:
        return say(f"Not yet: w.grad = {w.grad.tolist()}; with h's gradient clipped to 1, "
                   f"w.grad should be [10., 10., 10.].",
                   f"还不对：w.grad = {w.grad.tolist()}；h 的梯度被裁剪到 1 时，"
                   f"w.grad 应该是 [10., 10., 10.]。")
    return say("Correct: the hook returns a clipped copy, and the gradient it received "
               "is untouched.",
               "正确：钩子返回裁剪后的副本，它收到的梯度没有被改动。")
