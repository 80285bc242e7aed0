"""Quizzes and exercises of notebook 01 (detach() vs .data)."""
import minigrad as torch

from .._i18n import say

QUIZZES = {
    "01/detach-shares": dict(
        question="y = x * 2 with x = tensor([1., 2.], requires_grad=True). "
                 "d = y.detach(); d.zero_(). What does y hold now?",
        choices=["tensor([2., 4.], grad_fn=<MulBackward0>): d is a copy",
                 "tensor([0., 0.], grad_fn=<MulBackward0>): d and y share memory",
                 "RuntimeError: y is needed for backward"],
        answer=1,
        explanation="detach() copies nothing: d is a second tensor over the same numbers. "
                    "Only the history is cut; y keeps its grad_fn.",
        question_zh="x = tensor([1., 2.], requires_grad=True)，y = x * 2。"
                    "d = y.detach(); d.zero_()。现在 y 里是什么？",
        choices_zh=[
            "tensor([2., 4.], grad_fn=<MulBackward0>)：d 是一份拷贝",
            "tensor([0., 0.], grad_fn=<MulBackward0>)：d 和 y 共享内存",
            "RuntimeError：backward 还需要 y"],
        explanation_zh="detach() 什么都不拷贝：d 是架在同一批数上的第二个张量。"
                       "被切断的只是历史；y 保留着它的 grad_fn。"),
    "01/stop-gradient": dict(
        question="x = [[1., 2.], [3., 4.]] (requires grad); u = (x * x).detach(); "
                 "z = u * x; z.sum().backward(). What is x.grad?",
        choices=["3 * x**2 = [[3., 12.], [27., 48.]], as for x**3",
                 "u = x**2 = [[1., 4.], [9., 16.]]",
                 "2 * x = [[2., 4.], [6., 8.]]",
                 "an error: u has no grad_fn"],
        answer=1,
        explanation="Autograd treats the detached u as a constant, so d(u * x)/dx = u. "
                    "Only the last factor x is differentiated.",
        question_zh="x = [[1., 2.], [3., 4.]]（需要梯度）；u = (x * x).detach(); "
                    "z = u * x; z.sum().backward()。x.grad 是什么？",
        choices_zh=[
            "3 * x**2 = [[3., 12.], [27., 48.]]，和 x**3 一样",
            "u = x**2 = [[1., 4.], [9., 16.]]",
            "2 * x = [[2., 4.], [6., 8.]]",
            "报错：u 没有 grad_fn"],
        explanation_zh="autograd 把分离出来的 u 当作常量，所以 d(u * x)/dx "
                       "= u。只有最后那个因子 x 被求导。"),
    "01/version": dict(
        question="t requires grad. Two in-place edits through t.data, then one through "
                 "t.detach(). What is t._version?",
        choices=["0", "1", "2", "3"],
        answer="1",
        explanation="detach() shares t's version counter, so its edit counts; .data gets a "
                    "fresh counter of its own, so its two edits are invisible to t.",
        question_zh="t 需要梯度。先通过 t.data 原地修改两次，再通过 t.detach()"
                    " 修改一次。t._version 是多少？",
        explanation_zh="detach() 与 t 共享版本计数器，所以它的修改算数；.data "
                       "有一个自己的新计数器，所以它的两次修改 t 看不见。"),
    "01/sigmoid-data": dict(
        question="y = x.sigmoid(); y.data.zero_(); y.sum().backward(). What happens?",
        choices=["RuntimeError: modified by an inplace operation",
                 "x.grad = tensor([0.1966, 0.1050, 0.0452])",
                 "x.grad = tensor([0., 0., 0.])"],
        answer=2,
        explanation="SigmoidBackward0 computes y * (1 - y) from the output it saved. The "
                    ".data edit zeroed that output without moving the version counter, so "
                    "nothing is detected and the gradient is 0 * (1 - 0) = 0: silently wrong "
                    "(the true gradient is [0.1966, 0.1050, 0.0452]).",
        question_zh="y = x.sigmoid(); y.data.zero_(); y.sum().backward()"
                    "。会发生什么？",
        choices_zh=[
            "RuntimeError：被原地操作修改过（modified by an inplace operation）",
            "x.grad = tensor([0.1966, 0.1050, 0.0452])",
            "x.grad = tensor([0., 0., 0.])"],
        explanation_zh="SigmoidBackward0 用它保存的输出计算 y * (1 - y)。通过 "
                       ".data 的修改把这个输出清零了，却没有让版本计数器变化，"
                       "所以什么都没被发现，梯度就成了 0 * (1 - 0) = 0：悄悄地算错了"
                       "（正确的梯度是 [0.1966, 0.1050, 0.0452]）。"),
    "01/pow-edit": dict(
        question="x = tensor(1., requires_grad=True); y = x ** 2; y.detach().zero_(); "
                 "y.backward(). What happens?",
        choices=["RuntimeError: modified by an inplace operation",
                 "x.grad = tensor(2.)",
                 "x.grad = tensor(0.)"],
        answer=1,
        explanation="PowBackward0 saved x (the input), not y. Editing y changes no saved "
                    "value, so nothing is stale and the gradient 2x = 2 is right.",
        question_zh="x = tensor(1., requires_grad=True); y = x ** 2; y.detach()"
                    ".zero_(); y.backward()。会发生什么？",
        choices_zh=[
            "RuntimeError：被原地操作修改过（modified by an inplace operation）",
            "x.grad = tensor(2.)",
            "x.grad = tensor(0.)"],
        explanation_zh="PowBackward0 保存的是 x（输入），而不是 y。修改 y 不会改动任何保存"
                       "的值，所以没有东西过期，梯度 2x = 2 是对的。"),
    "01/independent-copy": dict(
        question="Which spelling gives a copy of a (a requires grad) that has its own memory "
                 "AND no autograd history?",
        choices=["b = a", "a.clone()", "torch.zeros(2).copy_(a)", "a.detach().clone()"],
        answer="a.detach().clone()",
        explanation="= is the same object; clone() and copy_() copy the numbers but are "
                    "recorded (CloneBackward0, CopyBackwards); detach() cuts the history "
                    "and clone() then copies the memory.",
        question_zh="哪种写法能得到 a（需要梯度）的一份拷贝，既有自己的内存，"
                    "又没有 autograd 历史？",
        explanation_zh="= 是同一个对象；clone() 和 copy_() 会拷贝数值，但会被记录"
                       "（CloneBackward0、CopyBackwards）；detach() 切断历史，然后 "
                       "clone() 再拷贝内存。"),
    "01/new-leaf": dict(
        question="y = x * 3; h = y.detach().requires_grad_(); (h * h).sum().backward(). "
                 "What are h.grad and x.grad?",
        choices=["h.grad = None, x.grad = tensor([18., 36.])",
                 "h.grad = tensor([ 6., 12.]), x.grad = None",
                 "h.grad = tensor([ 6., 12.]), x.grad = tensor([18., 36.])",
                 "RuntimeError: a detached tensor cannot require grad"],
        answer=1,
        explanation="h is a new leaf: it starts a graph of its own and gets h.grad = 2h. "
                    "Nothing flows back through the cut into y's graph, so x.grad stays None.",
        question_zh="y = x * 3; h = y.detach().requires_grad_(); (h * h)"
                    ".sum().backward()。h.grad 和 x.grad 是什么？",
        choices_zh=[
            "h.grad = None，x.grad = tensor([18., 36.])",
            "h.grad = tensor([ 6., 12.])，x.grad = None",
            "h.grad = tensor([ 6., 12.])，x.grad = tensor([18., 36.])",
            "RuntimeError：分离出来的张量不能需要梯度"],
        explanation_zh="h 是一个新的叶子张量：它开始一张属于自己的图，得到 h.grad "
                       "= 2h。没有任何东西穿过切口流回 y 的图，所以 x.grad "
                       "仍然是 None。"),
}

EXERCISES = {
    "01/snapshot": dict(
        title="keep the best weights",
        solution="def keep_best(w):\n"
                 "    return w.detach().clone()   # cut the history, then copy the memory",
        title_zh="保存最好的权重",
        solution_zh="def keep_best(w):\n    return w.detach().clone()   "
                    "# 先切断历史，再拷贝内存"),
    "01/loud-not-silent": dict(
        title="cap the gate without lying to autograd",
        solution="def gated(x):\n"
                 "    g = x.sigmoid().clamp(max=0.9)   # out of place: recorded, so the\n"
                 "    return (g * 2).sum()             # gradient knows about the cap",
        title_zh="给门控封顶，但不对 autograd 说谎",
        solution_zh="def gated(x):\n    g = x.sigmoid().clamp(max=0.9)  "
                    " # 非原地：被记录下来，所以\n    return (g * 2).sum()"
                    "             # 梯度知道这个封顶"),
}


def check_snapshot(train):
    """train() -> (w, best): best must be the weights of step 4, frozen and graph-free."""
    w, best = train()
    if not isinstance(best, torch.Tensor):
        return say("Not yet: keep_best should return a tensor.",
                   "还不对：keep_best 应该返回一个张量。")
    if best is w:
        return say("Not yet: best is w itself (an alias), so it follows every update of w.",
                   "还不对：best 就是 w 本身（一个别名），所以它会跟着 w 的每次更新变化。")
    if best.requires_grad or best.grad_fn is not None:
        return say("Not yet: best still has autograd history: it keeps a graph alive and is "
                   "not a plain snapshot.",
                   "还不对：best 仍然带着 autograd 历史：它让一张计算图一直活着，不是单纯的快照。")
    if best.untyped_storage().data_ptr() == w.untyped_storage().data_ptr():
        return say("Not yet: best shares memory with w, so the updates of w show up in it.",
                   "还不对：best 与 w 共享内存，所以 w 的更新会出现在它里面。")
    expected = [round(v * (1 - 0.8 ** 4), 4) for v in (1.0, -1.0)]
    got = [round(v, 4) for v in best.tolist()]
    if got != expected:
        return say(f"Not yet: best holds {got}, the weights of the best step are {expected}.",
                   f"还不对：best 里是 {got}，最好那一步的权重是 {expected}。")
    return say("Correct: a graph-free copy with memory of its own.",
               "正确：一份不带计算图、有自己内存的拷贝。")


def check_gate(gated):
    """gated(x) = 2 * sum(min(sigmoid(x), 0.9)) with a true gradient."""
    x = torch.tensor([0., 3.], requires_grad=True)
    out = gated(x)
    out.backward()
    want = [0.5, 0.0]
    got = [round(v, 4) for v in x.grad.tolist()]
    if got != want:
        return say(f"Not yet: x.grad = {got}, the true gradient of the capped gate is {want} "
                   f"(above the cap the output does not move).",
                   f"还不对：x.grad = {got}，封顶后门控的真实梯度是 {want}"
                   f"（超过上限后输出不再变化）。")
    if abs(out.item() - (2 * 0.5 + 2 * 0.9)) > 1e-5:
        return say(f"Not yet: the value should be 2 * (0.5 + 0.9) = 2.8, got {out.item():.4f}.",
                   f"还不对：值应该是 2 * (0.5 + 0.9) = 2.8，得到的是 {out.item():.4f}。")
    return say("Correct: the cap is recorded, so backward differentiates what forward computed.",
               "正确：封顶被记录下来，所以 backward 求导的正是前向算出的东西。")
