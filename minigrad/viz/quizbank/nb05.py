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
    "05/other-branch": dict(
        question="loss = a.sigmoid().sum() + (b * 2).sum(); then the sigmoid's output is zeroed "
                 "through detach(). What does loss.backward(inputs=[b]) do?",
        choices=["it raises, as loss.backward() would",
                 "it runs: b.grad is tensor([2., 2.]) and a.grad stays None",
                 "it runs, and fills both a.grad and b.grad"],
        answer=1,
        explanation="A pass runs only the nodes on a path from loss to the inputs it was asked "
                    "for. SigmoidBackward0 is on a's branch, so it never checks its stale "
                    "saved output; the full loss.backward() runs it and raises.",
        question_zh="loss = a.sigmoid().sum() + (b * 2).sum()；然后通过 detach() 把 sigmoid "
                    "的输出清零。loss.backward(inputs=[b]) 会怎样？",
        choices_zh=["报错，和 loss.backward() 一样",
                    "正常运行：b.grad 是 tensor([2., 2.])，a.grad 仍然是 None",
                    "正常运行，a.grad 和 b.grad 都被填上"],
        explanation_zh="一次反向传播只运行从 loss 通往所要求的输入的路径上的节点。"
                       "SigmoidBackward0 在 a 的分支上，所以它根本不会检查自己那个过期的保存输出；"
                       "完整的 loss.backward() 会运行它，于是报错。"),
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
    "05/two-steps": dict(
        title="two steps from one forward pass",
        solution="""def train_step(model, opt, batch):
    out = model(batch)
    opt.zero_grad()
    ((out - 1) ** 2).mean().backward()
    opt.step()
    out = model(batch)          # a new forward pass: its graph saves the updated weights
    opt.zero_grad()
    out.abs().mean().backward()
    opt.step()""",
        title_zh="一次前向传播，两步更新",
        solution_zh="""def train_step(model, opt, batch):
    out = model(batch)
    opt.zero_grad()
    ((out - 1) ** 2).mean().backward()
    opt.step()
    out = model(batch)          # 重新做一次前向传播：新的计算图保存的是更新后的权重
    opt.zero_grad()
    out.abs().mean().backward()
    opt.step()"""),
    "05/in-place-where-safe": dict(
        title="in place where it is safe",
        solution="""def forward(x):
    a = x * 3              # x is a leaf that requires grad: x.mul_(3) is refused
    b = a.sigmoid_()       # MulBackward0 kept only the number 3, not a: safe
    c = b * 2              # SigmoidBackward0 kept b, its output: b.mul_(2) would break backward
    d = c.exp_()           # no node kept c: safe (ExpBackward0 keeps the new values)
    return a, b, c, d""",
        title_zh="在安全的地方原地操作",
        solution_zh="""def forward(x):
    a = x * 3              # x 是需要梯度的叶子：x.mul_(3) 会被拒绝
    b = a.sigmoid_()       # MulBackward0 只留下了数字 3，没有留下 a：安全
    c = b * 2              # SigmoidBackward0 留下了它的输出 b：b.mul_(2) 会破坏 backward
    d = c.exp_()           # 没有节点留下 c：安全（ExpBackward0 留下的是新的值）
    return a, b, c, d"""),
}


_VERSIONS = re.compile(r"is at version (?P<now>\d+); expected version (?P<saved>\d+) instead")


def _verdict(problems, correct):
    """say(...) for a list of (english, chinese) problems, or the two `correct` sentences."""
    if not problems:
        return say(*correct)
    return say("Not yet: " + "; ".join(en for en, _ in problems),
               "还不对：" + "；".join(zh for _, zh in problems))


def _raised(err, what_en, what_zh):
    """A (english, chinese) problem for a RuntimeError, naming the versions when it has them."""
    parts = _VERSIONS.search(str(err))
    if parts is None:
        first = str(err).split(". ")[0]
        return (f"{what_en} raises: {first}", f"{what_zh}报错：{first}")
    return (f"{what_en} raises: a saved tensor is at version {parts['now']}, saved at "
            f"version {parts['saved']}",
            f"{what_zh}报错：一个保存的张量现在是版本 {parts['now']}，"
            f"保存时是版本 {parts['saved']}")


def _two_step_setup():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.Tanh(), torch.nn.Linear(3, 1))
    return model, torch.optim.SGD(model.parameters(), lr=0.1)


def _two_steps_by_hand(batch):
    """The expected weights: two SGD steps, each from a forward pass at the current weights."""
    model, _ = _two_step_setup()
    params = list(model.parameters())
    for loss_of in (lambda out: ((out - 1) ** 2).mean(), lambda out: out.abs().mean()):
        grads = torch.autograd.grad(loss_of(model(batch)), params)
        with torch.no_grad():
            for p, g in zip(params, grads):
                p -= 0.1 * g
    return params


def check_two_steps(train_step):
    """train_step(model, opt, batch) must make the two SGD steps, each at the current weights."""
    batch = torch.tensor([[1., 2.], [3., -1.]])
    model, opt = _two_step_setup()
    try:
        train_step(model, opt, batch)
    except RuntimeError as err:
        return _verdict([_raised(err, "train_step", "train_step ")], None)
    expected = _two_steps_by_hand(batch)
    off = max((p - q).abs().max().item() for p, q in zip(model.parameters(), expected))
    problems = []
    if off > 1e-6:
        problems.append((f"the weights differ by up to {off:.3g} from two steps, each with the "
                         "gradient at the weights of that moment",
                         f"权重与两步更新（每步都用当时权重下的梯度）的结果最多相差 {off:.3g}"))
    return _verdict(problems, ("Correct: the second step's graph saved the updated weights.",
                               "正确：第二步的计算图保存的是更新后的权重。"))


def check_in_place(forward):
    """forward(x) -> (a, b, c, d): in place exactly where backward allows, same gradient."""
    x = torch.tensor([0.5, 1.0, 1.5], requires_grad=True)
    try:
        a, b, c, d = forward(x)
    except RuntimeError as err:
        return _verdict([_raised(err, "forward", "forward ")], None)
    ref = x.detach().clone().requires_grad_()
    ref_out = ((ref * 3).sigmoid() * 2).exp()
    ref_out.sum().backward()
    try:
        d.sum().backward()
    except RuntimeError as err:
        return _verdict([_raised(err, "d.sum().backward()", "d.sum().backward() ")], None)
    problems = []
    if (d - ref_out).abs().max().item() > 1e-5:
        problems.append(("d has the wrong values", "d 的值不对"))
    if x.grad is None or (x.grad - ref.grad).abs().max().item() > 1e-5:
        got = None if x.grad is None else x.grad.tolist()
        problems.append((f"x.grad is {got}, expected {ref.grad.tolist()}",
                         f"x.grad 是 {got}，应该是 {ref.grad.tolist()}"))
    if b is not a:
        problems.append(("the sigmoid step can be in place too: did any node keep a?",
                         "sigmoid 这一步也可以原地做：想想有没有节点留下了 a"))
    if d is not c:
        problems.append(("the exp step can be in place too: did any node keep c?",
                         "exp 这一步也可以原地做：想想有没有节点留下了 c"))
    return _verdict(problems, ("Correct: in place twice, and backward still sees what it saved.",
                               "正确：两步原地操作，backward 看到的仍是它保存的值。"))
