"""Quizzes and exercises of notebook 05 (in-place operations and version counters)."""
import re

import minigrad as torch

from .._i18n import say

QUIZZES = {
    "05/shared-counter": dict(
        question="view = base[1:3], det = base.detach(), cl = base.clone(), dat = base.data; "
                 "then view.zero_(). Versions of base, view, det, cl, dat?",
        choices=["1 1 0 0 0: only the view and its base",
                 "1 1 1 0 0: everything that shares base's counter",
                 "1 1 1 1 1: all five came from base"],
        answer=1,
        explanation="A view and detach() share the base's memory and version counter, so one "
                    "write moves all three. clone() owns new memory and a new counter; .data "
                    "shares the memory but has a counter of its own, which never moves for "
                    "edits made elsewhere.",
        question_zh="view = base[1:3]，det = base.detach()，cl = base.clone()，dat = base.data；"
                    "然后 view.zero_()。base、view、det、cl、dat 的版本各是多少？",
        choices_zh=["1 1 0 0 0：只有视图和它的基张量",
                    "1 1 1 0 0：所有和 base 共享计数器的张量",
                    "1 1 1 1 1：五个都来自 base"],
        explanation_zh="视图和 detach() 共享基张量的内存和版本计数器，所以一次写入让三个一起变。"
                       "clone() 拥有新的内存和新的计数器；.data 共享内存，却有自己的计数器，"
                       "别处的修改永远不会让它变化。"),
    "05/what-pow-keeps": dict(
        question="p = x ** 2. What does its node (PowBackward0) keep for backward?",
        choices=["its output p", "its input x (and the exponent 2)", "nothing"],
        answer=1,
        explanation="The derivative 2 * x needs the input. Sigmoid's derivative s * (1 - s) "
                    "needs the output instead, which is why editing a sigmoid's output "
                    "breaks backward and editing a square's output does not.",
        question_zh="p = x ** 2。它的节点（PowBackward0）为反向传播留下了什么？",
        choices_zh=["它的输出 p", "它的输入 x（以及指数 2）", "什么都没有"],
        explanation_zh="导数 2 * x 需要的是输入。sigmoid 的导数 s * (1 - s) 需要的则是输出，"
                       "所以修改 sigmoid 的输出会破坏 backward，而修改平方的输出不会。"),
    "05/mul-by-constant": dict(
        question="x requires grad, c is a constant tensor that does not. What does the node "
                 "of x * c keep?",
        choices=["both x and c", "only c (as `other`)", "only x (as `self`)"],
        answer=1,
        explanation="Only x needs a gradient, and d(x*c)/dx = c. Keeping x would only be "
                    "needed for c's gradient, which nobody asked for.",
        question_zh="x 需要梯度，c 是一个不需要梯度的常量张量。x * c 的节点留下了什么？",
        choices_zh=["x 和 c 都留下", "只有 c（作为 `other`）", "只有 x（作为 `self`）"],
        explanation_zh="只有 x 需要梯度，而 d(x*c)/dx = c。只有计算 c 的梯度才需要留下 x，"
                       "而没有人要 c 的梯度。"),
    "05/exp-edit": dict(
        question="y = x.exp(); y.detach().add_(1); y.backward(): what happens?",
        choices=["it runs, x.grad is exp(2)", "it runs, x.grad is exp(2) + 1", "it raises"],
        answer=2,
        explanation="ExpBackward0 keeps its output (the derivative of exp is exp itself), and "
                    "detach() shares that output's version counter: the saved tensor is "
                    "stale, and backward refuses to use it.",
        question_zh="y = x.exp(); y.detach().add_(1); y.backward()：会发生什么？",
        choices_zh=["正常运行，x.grad 是 exp(2)", "正常运行，x.grad 是 exp(2) + 1", "报错"],
        explanation_zh="ExpBackward0 留下的是它的输出（exp 的导数就是 exp 本身），而 detach() "
                       "共享这个输出的版本计数器：保存的张量过期了，backward 拒绝使用它。"),
    "05/pow-edit": dict(
        question="y = x ** 2 at x = 1; y.detach().zero_(); y.backward(): what happens?",
        choices=["it raises, like the exp experiment",
                 "it runs, and x.grad is tensor(2.)",
                 "it runs, and x.grad is tensor(0.)"],
        answer=1,
        explanation="PowBackward0 kept x, not y. Zeroing y changes no tensor the node needs, "
                    "so the stamp check passes and the gradient 2 * x is right.",
        question_zh="x = 1 处 y = x ** 2；y.detach().zero_(); y.backward()：会发生什么？",
        choices_zh=["报错，和 exp 实验一样",
                    "正常运行，x.grad 是 tensor(2.)",
                    "正常运行，x.grad 是 tensor(0.)"],
        explanation_zh="PowBackward0 留下的是 x 而不是 y。把 y 清零不会改动节点需要的任何张量，"
                       "所以版本戳检查通过，梯度 2 * x 是对的。"),
    "05/data-edit": dict(
        question="y = x.exp(); y.data.add_(1); y.sum().backward(): what happens?",
        choices=["it raises, like the detach() version",
                 "it runs, and x.grad is the correct exp(x)",
                 "it runs, and x.grad is exp(x) + 1: silently wrong"],
        answer=2,
        explanation=".data has its own version counter, so the edit leaves no trace that the "
                    "check could see. Backward multiplies by the edited saved output.",
        question_zh="y = x.exp(); y.data.add_(1); y.sum().backward()：会发生什么？",
        choices_zh=["报错，和 detach() 的版本一样",
                    "正常运行，x.grad 是正确的 exp(x)",
                    "正常运行，x.grad 是 exp(x) + 1：悄悄地算错了"],
        explanation_zh=".data 有自己的版本计数器，所以这次修改没有留下检查能看到的痕迹。"
                       "backward 乘上的是被修改过的保存输出。"),
    "05/view-gradient": dict(
        question="z = x * 1 with x = [1, 2, 3, 4]; z[1:3].mul_(10); (z * z).sum().backward(). "
                 "What is x.grad?",
        choices=["[2., 4., 6., 8.]: in-place edits are not differentiated",
                 "[2., 40., 60., 8.]", "[2., 400., 600., 8.]"],
        answer=2,
        explanation="The edit is recorded (CopySlices wraps MulBackward0), so inside the slice "
                    "z = 10x and the gradient is 2 * z * 10: 2 * 20 * 10 and 2 * 30 * 10.",
        question_zh="x = [1, 2, 3, 4]，z = x * 1；z[1:3].mul_(10)；(z * z).sum().backward()。"
                    "x.grad 是什么？",
        choices_zh=["[2., 4., 6., 8.]：原地修改不参与求导",
                    "[2., 40., 60., 8.]", "[2., 400., 600., 8.]"],
        explanation_zh="这次修改被记录了（CopySlices 包着 MulBackward0），所以在切片内 z = 10x，"
                       "梯度是 2 * z * 10：2 * 20 * 10 和 2 * 30 * 10。"),
}

EXERCISES = {
    "05/fix-the-copy": dict(
        title="keep the edit, fix the backward",
        solution="""a = torch.tensor([0., 1., 2.], requires_grad=True)
out = a.exp()
shifted = out.detach().clone()         # new memory, its own version counter
shifted.add_(1)
# (shifted = out + 1, or out.detach() + 1 without the add_, work too: any new tensor
# instead of an alias of out)""",
        title_zh="保留修改，修好 backward",
        solution_zh="""a = torch.tensor([0., 1., 2.], requires_grad=True)
out = a.exp()
shifted = out.detach().clone()         # 新的内存，自己的版本计数器
shifted.add_(1)
# （shifted = out + 1，或者不用 add_ 直接写 out.detach() + 1，也都可以：
# 只要是一个新张量，而不是 out 的别名）"""),
    "05/output-or-input": dict(
        title="output or input?",
        solution="""answers = {
    "x.tanh()": "output",    # tanh' = 1 - tanh^2
    "x.sin()": "input",      # sin' = cos(x)
    "x.sqrt()": "output",    # sqrt' = 1 / (2 sqrt(x))
    "x - w": "nothing",      # the gradients are 1 and -1
    "x.abs()": "input",      # abs' = sign(x)
}""",
        title_zh="输出还是输入？",
        solution_zh="""answers = {
    "x.tanh()": "output",    # tanh' = 1 - tanh^2
    "x.sin()": "input",      # sin' = cos(x)
    "x.sqrt()": "output",    # sqrt' = 1 / (2 sqrt(x))
    "x - w": "nothing",      # 梯度是 1 和 -1
    "x.abs()": "input",      # abs' = sign(x)
}"""),
}


_VERSIONS = re.compile(r"is at version (?P<now>\d+); expected version (?P<saved>\d+) instead")


def check_copy(a, out, shifted):
    """shifted must be exp(a) + 1 in memory of its own; out.sum().backward() must work."""
    problems = []
    try:
        out.sum().backward(retain_graph=True)
    except RuntimeError as err:
        parts = _VERSIONS.search(str(err))
        if parts is None:
            raise
        problems.append((f"backward raises (a saved tensor is at version {parts['now']}, "
                         f"saved at {parts['saved']})",
                         f"backward 报错（一个保存的张量现在是版本 {parts['now']}，"
                         f"保存时是版本 {parts['saved']}）"))
    else:
        if (a.grad - a.detach().exp()).abs().max().item() > 1e-6:
            problems.append((f"wrong gradient {a.grad.tolist()}",
                             f"梯度不对：{a.grad.tolist()}"))
    if (shifted - a.detach().exp() - 1).abs().max().item() > 1e-6:
        problems.append(("shifted is not exp(a) + 1", "shifted 不等于 exp(a) + 1"))
    if (out - a.detach().exp()).abs().max().item() > 1e-6:
        problems.append(("out was changed too: the copy shares its memory",
                         "out 也被改了：这份拷贝和它共享内存"))
    a.grad = None
    if not problems:
        return say("Correct: a separate copy, and backward is untouched.",
                   "正确：一份独立的拷贝，backward 不受影响。")
    return say("Not yet: " + "; ".join(en for en, _ in problems),
               "还不对：" + "；".join(zh for _, zh in problems))


def _kept(r):
    """"output", "input" or "nothing": what r's node saved (as saved_of in the notebook)."""
    slots = [s for s in ("self", "other", "result", "mat2")
             if isinstance(getattr(r.grad_fn, "_saved_" + s, None), torch.Tensor)
             and getattr(r.grad_fn, "_saved_" + s).dim() > 0]
    return "output" if "result" in slots else "input" if slots else "nothing"


def check_answers(answers):
    """answers[expr] must name what each expression's node keeps."""
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    w = torch.tensor([4., 5., 6.], requires_grad=True)
    made = {"x.tanh()": x.tanh(), "x.sin()": x.sin(), "x.sqrt()": x.sqrt(), "x - w": x - w,
            "x.abs()": x.abs()}
    wrong = [expr for expr, r in made.items() if answers.get(expr) != _kept(r)]
    if not wrong:
        return say("Correct: all five.", "正确：五个全对。")
    right = len(made) - len(wrong)
    return say(f"Not yet: {right} of {len(made)} right; look again at {wrong}",
               f"还不对：{len(made)} 个里对了 {right} 个；再看看 {wrong}")
