"""Quizzes and exercises of notebook 02 (leaf tensors)."""
import warnings

import minigrad as torch

from .._i18n import say

QUIZZES = {
    "02/which-leaves": dict(
        question="x = tensor(2., requires_grad=True); y = x ** 2; z = y + 1. "
                 "Which of them are leaves?",
        choices=["only x", "x and y", "all three", "only z"],
        answer="only x",
        explanation="A leaf is a tensor no recorded op produced (grad_fn is None). x came "
                    "from a factory call; y and z were made by recorded ops on x.",
        question_zh="x = tensor(2., requires_grad=True); y = x ** 2; z "
                    "= y + 1。其中哪些是叶子？",
        choices_zh=[
            "只有 x",
            "x 和 y",
            "三个都是",
            "只有 z"],
        explanation_zh="叶子是没有任何被记录的运算产生过的张量（grad_fn 为 "
                       "None）。x 来自工厂函数；y 和 z 是由对 x 的被记录运算产生的。"),
    "02/contagious": dict(
        question="a = ones(1, requires_grad=True); b = ones(1); "
                 "(a * 2 + b * 3).sum().backward(). What are a.grad and b.grad?",
        choices=["tensor([2.]) and tensor([3.])", "tensor([2.]) and None",
                 "None and None: b breaks the graph", "tensor([5.]) and None"],
        answer=1,
        explanation="One input that requires grad is enough for a result to require grad. "
                    "b does not, so the b * 3 branch is not recorded and b.grad stays None.",
        question_zh="a = ones(1, requires_grad=True); b = ones(1); (a * "
                    "2 + b * 3).sum().backward()。a.grad 和 b.grad 是什么？",
        choices_zh=[
            "tensor([2.]) 和 tensor([3.])",
            "tensor([2.]) 和 None",
            "None 和 None：b 把计算图打断了",
            "tensor([5.]) 和 None"],
        explanation_zh="只要有一个输入需要梯度，结果就需要梯度。b 不需要，所以 "
                       "b * 3 这条分支不会被记录，b.grad 仍然是 None。"),
    "02/leaf-rule": dict(
        question="p = tensor([1., 2.], requires_grad=True). Which of these is a leaf?",
        choices=["torch.arange(4., requires_grad=True).reshape(2, 2)",
                 "torch.tensor([1., 2.]) + 1", "p.double()", "p[0]"],
        answer="torch.tensor([1., 2.]) + 1",
        explanation="Leafness depends on two facts: does it require grad, and did a recorded "
                    "op make it. The + 1 on a tensor that needs no grad is not recorded, so "
                    "the result is a leaf; reshape, cast and indexing of grad-requiring "
                    "tensors are recorded ops, however trivial.",
        question_zh="p = tensor([1., 2.], requires_grad=True)。下面哪一个是叶子？",
        explanation_zh="是不是叶子取决于两件事：它需不需要梯度，以及它是不是由被记录的运"
                       "算产生的。对不需要梯度的张量做 + 1 不会被记录，所以结果是叶子；"
                       "对需要梯度的张量做 reshape、类型转换和索引都是被记录的运算，"
                       "哪怕再简单也一样。"),
    "02/lost-grad": dict(
        question="lost = tensor([1., 2.], requires_grad=True).double(); "
                 "(lost * lost).sum().backward(). What is lost.grad?",
        choices=["tensor([2., 4.], dtype=torch.float64)",
                 "None, with a warning",
                 "RuntimeError: dtype mismatch"],
        answer=1,
        explanation="The cast is a recorded op (ToCopyBackward0), so lost is a non-leaf and "
                    "its .grad stays None (reading it warns). The gradient flows through the "
                    "cast into the float32 leaf the factory made: that leaf's .grad is "
                    "tensor([2., 4.]), but no variable names it (only "
                    "lost.grad_fn.next_functions[0][0].variable reaches it).",
        question_zh="lost = tensor([1., 2.], requires_grad=True).double()"
                    "; (lost * lost).sum().backward()。lost.grad 是什么？",
        choices_zh=[
            "tensor([2., 4.], dtype=torch.float64)",
            "None，并附带一条警告",
            "RuntimeError：数据类型不匹配"],
        explanation_zh="类型转换是被记录的运算（ToCopyBackward0），所以 lost "
                       "是非叶子，它的 .grad 一直是 None（读取时会警告）。梯度穿过类型转换，"
                       "流进工厂函数创建的那个 float32 叶子：它的 .grad 是 tensor([2., 4.])，"
                       "但没有哪个变量指向它（只有 lost.grad_fn.next_functions[0][0].variable "
                       "能拿到它）。"),
    "02/index-grad": dict(
        question="s = tensor([1., 2.], requires_grad=True); t = s[0] * 10 + s.sum(); "
                 "t.backward(). What is s.grad?",
        choices=["None: s[0] is a non-leaf, so the gradient is lost",
                 "tensor([10.,  0.])", "tensor([11.,  1.])", "tensor([1., 1.])"],
        answer="tensor([11.,  1.])",
        explanation="s[0] is a non-leaf, but gradients flow through it back to the leaf s. "
                    "s is used twice, so its .grad is the sum: [10, 0] from s[0] * 10 plus "
                    "[1, 1] from s.sum().",
        question_zh="s = tensor([1., 2.], requires_grad=True); t = s[0] "
                    "* 10 + s.sum(); t.backward()。s.grad 是什么？",
        choices_zh=[
            "None：s[0] 是非叶子，所以梯度丢了",
            "tensor([10.,  0.])",
            "tensor([11.,  1.])",
            "tensor([1., 1.])"],
        explanation_zh="s[0] 是非叶子，但梯度会穿过它流回叶子 s。s 被用了两次，"
                       "所以它的 .grad 是总和：来自 s[0] * 10 的 [10, 0] 加上来自 "
                       "s.sum() 的 [1, 1]。"),
    "02/optimizer-version": dict(
        question="prm = nn.Parameter(tensor([1., 2.])); opt = SGD([prm], lr=0.1); "
                 "(prm * prm).sum().backward(); opt.step(). What is true afterwards?",
        choices=["prm is a new Parameter object; the old one is unchanged",
                 "prm is the same object, updated in place, and prm._version went up",
                 "prm is the same object, updated through .data; prm._version is still 0"],
        answer=1,
        explanation="Optimizers update each parameter in place under no_grad(): same object, "
                    "same memory, and the in-place op bumps its version counter.",
        question_zh="prm = nn.Parameter(tensor([1., 2.])); opt = SGD([prm],"
                    " lr=0.1); (prm * prm).sum().backward(); opt.step()"
                    "。之后哪一项成立？",
        choices_zh=[
            "prm 是一个新的 Parameter 对象；旧的没有变",
            "prm 还是同一个对象，被原地更新，prm._version 增加了",
            "prm 还是同一个对象，通过 .data 更新；prm._version 仍然是 0"],
        explanation_zh="优化器在 no_grad() 下原地更新每个参数：同一个对象、"
                       "同一块内存，而原地操作让它的版本计数器增加。"),
}

EXERCISES = {
    "02/trainable-copy": dict(
        title="a trainable float64 copy",
        solution="def make_trainable(t):\n"
                 "    return t.detach().clone().double().requires_grad_()\n"
                 "    # detach().clone(): a graph-free copy with memory of its own (notebook 01);\n"
                 "    # cast before requires_grad_(), so the result is a leaf (section 4)",
        title_zh="一个可训练的 float64 副本",
        solution_zh="def make_trainable(t):\n"
                    "    return t.detach().clone().double().requires_grad_()\n"
                    "    # detach().clone()：脱离计算图、有自己内存的副本（notebook 01）；\n"
                    "    # 先转换类型再 requires_grad_()，结果才是叶子（第 4 节）"),
    "02/sgd-step": dict(
        title="fix the update step",
        solution="def sgd_step(w, lr):\n"
                 "    with torch.no_grad():\n"
                 "        w -= lr * w.grad      # in place: w stays the same leaf\n"
                 "    w.grad.zero_()\n"
                 "    return w",
        title_zh="修好更新步骤",
        solution_zh="def sgd_step(w, lr):\n    with torch.no_grad():\n   "
                    "     w -= lr * w.grad      # 原地更新：w 仍然是同一个叶子\n "
                    "   w.grad.zero_()\n    return w"),
}


def _grad_quietly(t):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")          # reading a non-leaf's .grad warns
        return t.grad


def _trainable_cases():
    """(English name, Chinese name, the tensor t, the leaf t came from) for each kind of t."""
    plain = torch.tensor([1., 2., 3.])
    weight = torch.tensor([0.5, 1., 1.5], requires_grad=True)
    activation = weight * 2
    weight64 = torch.tensor([1., 2., 3.], dtype=torch.float64, requires_grad=True)
    return [("a plain float32 tensor", "普通的 float32 张量", plain, plain),
            ("an activation (computed from a weight)", "激活值（由权重算出）", activation, weight),
            ("a float64 weight", "float64 权重", weight64, weight64)]


def check_trainable(make_trainable):
    """make_trainable(t) must give a new float64 leaf that requires grad, holds t's values,
    has memory of its own and sends no gradient into t's graph, for three kinds of t."""
    for name, name_zh, t, source in _trainable_cases():
        values = t.tolist()
        r = make_trainable(t)
        if r is t:
            return say(f"Not yet: for {name} your result is t itself (.double() of a float64 "
                       f"tensor returns it unchanged, section 4): training it would train t.",
                       f"还不对：对{name_zh}，你的结果就是 t 本身（对 float64 张量调用 "
                       f".double() 会原样返回它，第 4 节）：训练它就是在训练 t。")
        if r.dtype != torch.float64:
            return say(f"Not yet: for {name} the result is {r.dtype}, not float64.",
                       f"还不对：对{name_zh}，结果是 {r.dtype}，不是 float64。")
        if not r.is_leaf:
            return say(f"Not yet: for {name} the result is not a leaf (grad_fn "
                       f"{type(r.grad_fn).__name__}): a recorded op made it, so its .grad "
                       f"would stay None (section 3).",
                       f"还不对：对{name_zh}，结果不是叶子（grad_fn 是 "
                       f"{type(r.grad_fn).__name__}）：它是由被记录的运算产生的，"
                       f"所以它的 .grad 会一直是 None（第 3 节）。")
        if not r.requires_grad:
            return say(f"Not yet: for {name} the result does not require grad.",
                       f"还不对：对{name_zh}，结果不需要梯度。")
        if r.tolist() != values:
            return say(f"Not yet: for {name} the result holds {r.tolist()}, not t's {values}.",
                       f"还不对：对{name_zh}，结果是 {r.tolist()}，而不是 t 的 {values}。")
        (r * r).sum().backward()
        if _grad_quietly(source) is not None:
            return say(f"Not yet: for {name} the gradient also reached t's graph.",
                       f"还不对：对{name_zh}，梯度也流进了 t 的计算图。")
        with torch.no_grad():
            r.add_(1.)                     # an optimizer step would write into r like this
        if t.tolist() != values:
            return say(f"Not yet: for {name} the result shares memory with t, so an update of "
                       f"the result also changes t (detach() shares storage: notebook 01).",
                       f"还不对：对{name_zh}，结果和 t 共用内存，更新结果也会改变 t"
                       f"（detach() 共享存储：notebook 01）。")
    return say("Correct: for every kind of t, a float64 leaf of its own that receives its "
               "gradient.",
               "正确：对每一种 t，都得到一个独立的 float64 叶子，而且能收到自己的梯度。")


def check_sgd_step(sgd_step):
    """Three SGD steps on ((w - t)**2).sum() must keep w a leaf and move it."""
    w = torch.tensor([0., 0.], requires_grad=True)
    first = w
    target = torch.tensor([1., -1.])
    for step in range(3):
        loss = ((w - target) ** 2).sum()
        loss.backward()
        if _grad_quietly(w) is None:
            return say(f"Not yet: at step {step} w.grad is None: after the update w is no longer "
                       f"a leaf (grad_fn {type(w.grad_fn).__name__}).",
                       f"还不对：第 {step} 步时 w.grad 是 None：更新之后 w 不再是叶子"
                       f"（grad_fn 是 {type(w.grad_fn).__name__}）。")
        version, values = w._version, w.tolist()
        w = sgd_step(w, 0.1)
        if w is first and w._version == version and w.tolist() != values:
            return say("Not yet: w changed but its version counter did not: the update went "
                       "around autograd (through .data?). Notebook 01, section 4, shows how that "
                       "hides a stale value; update w itself in place under torch.no_grad().",
                       "还不对：w 变了，它的版本计数器却没变：这次更新绕开了 autograd"
                       "（用了 .data？）。notebook 01 第 4 节说明了这样会把过期的值藏起来；"
                       "请在 torch.no_grad() 下原地更新 w 本身。")
    if not w.is_leaf:
        return say("Not yet: after the updates w is not a leaf, so the next backward cannot "
                   "fill w.grad.",
                   "还不对：几次更新之后 w 不是叶子，所以下一次 backward 没法填写 w.grad。")
    if w is not first:
        return say("Not yet: the optimizer should update w in place (the same tensor object).",
                   "还不对：优化器应该原地更新 w（同一个张量对象）。")
    got = [round(v, 4) for v in w.tolist()]
    want = [round(v * (1 - 0.8 ** 3), 4) for v in (1.0, -1.0)]
    if got != want:
        return say(f"Not yet: after 3 steps w = {got}, expected {want} (did you zero w.grad?).",
                   f"还不对：3 步之后 w = {got}，应该是 {want}（你把 w.grad 清零了吗？）。")
    return say("Correct: w stays the same leaf and learns.",
               "正确：w 一直是同一个叶子，并且在学习。")
