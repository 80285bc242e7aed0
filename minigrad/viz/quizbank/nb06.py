"""Quizzes and exercises of notebook 06 (under the hood)."""
import minigrad as torch

from .._i18n import say

QUIZZES = {
    "06/saved-with-constant": dict(
        question="a requires grad; p = a * torch.tensor([2.0, 3.0]). What are "
                 "p.grad_fn._saved_self and _saved_other?",
        choices=["both saved: self is a, other is the constant",
                 "self is None, other is the constant",
                 "self is a, other is None"],
        answer=1,
        explanation="self (a) would only be needed for the constant's gradient, which nobody "
                    "needs. The constant is needed for a's gradient, grad * other.",
        question_zh="a 需要梯度；p = a * torch.tensor([2.0, 3.0])。p.grad_fn._saved_self "
                    "和 _saved_other 是什么？",
        choices_zh=["两个都保存了：self 是 a，other 是那个常量",
                    "self 是 None，other 是那个常量",
                    "self 是 a，other 是 None"],
        explanation_zh="只有计算常量的梯度才需要 self（a），而没有人需要那个梯度。"
                       "计算 a 的梯度 grad * other 需要的是常量。"),
    "06/custom-node-name": dict(
        question="class MySigmoid(torch.autograd.Function) ...; y = MySigmoid.apply(x). "
                 "What is y.grad_fn.name()?",
        choices=["SigmoidBackward0", "MySigmoidBackward", "FunctionBackward"],
        answer=1,
        explanation="A custom Function's node is named after the class plus 'Backward', "
                    "without the 0 that built-in nodes carry.",
        question_zh="class MySigmoid(torch.autograd.Function) ...；y = MySigmoid.apply(x)。"
                    "y.grad_fn.name() 是什么？",
        explanation_zh="自定义 Function 的节点以类名加 'Backward' 命名，"
                       "没有内置节点带的那个 0。"),
    "06/hook-order": dict(
        question="a = x * 2 is created first, b = x.exp() second; (a + b).sum().backward(). "
                 "Which hook fires first?",
        choices=["a (it was created first)", "b (it was created last)",
                 "it varies from run to run"],
        answer=1,
        explanation="Both nodes become ready at the same moment, when AddBackward0 has run. "
                    "Among ready nodes the engine takes the higher sequence number, the newer "
                    "node, so b goes first. The order is fixed, never random.",
        question_zh="先创建 a = x * 2，再创建 b = x.exp()；(a + b).sum().backward()。"
                    "哪个钩子先触发？",
        choices_zh=["a（它先创建）", "b（它后创建）", "每次运行都不一样"],
        explanation_zh="AddBackward0 运行完时，两个节点同时变为就绪。引擎在就绪节点中挑序号"
                       "更大的那个，也就是更新的节点，所以 b 先来。顺序是固定的，从不随机。"),
    "06/twice-without-saves": dict(
        question="total = (a + 1).sum(); total.backward(); total.backward(): what happens?",
        choices=["RuntimeError: backward through the graph a second time",
                 "it works, a.grad is [2., 2.]", "it works, a.grad is [1., 1.]"],
        answer=1,
        explanation="AddBackward0 and SumBackward0 save nothing, so nothing can be freed and "
                    "nothing is missing the second time; the gradients add up. The rule is "
                    "about freed saved values, not about calling backward twice.",
        question_zh="total = (a + 1).sum(); total.backward(); total.backward()：会发生什么？",
        choices_zh=["RuntimeError：第二次对计算图做 backward（backward through the graph a "
                    "second time）",
                    "可以运行，a.grad 是 [2., 2.]", "可以运行，a.grad 是 [1., 1.]"],
        explanation_zh="AddBackward0 和 SumBackward0 什么都不保存，所以没有东西可以释放，"
                       "第二次也不缺任何东西；梯度会累加起来。这条规则说的是被释放的保存值，"
                       "而不是调用了两次 backward。"),
    "06/second-derivative": dict(
        question="y = x ** 3 at x = 3: grad(y, x, create_graph=True), then grad of that "
                 "result. What do you get?",
        choices=["27 and 18", "27, then an error: the gradient has no grad_fn",
                 "27 and 0: the gradient is a constant"],
        answer=0,
        explanation="create_graph=True records the backward formula 3 * x ** 2 as a graph, so "
                    "the gradient can be differentiated again: 6 * x = 18.",
        question_zh="在 x = 3 处 y = x ** 3：先 grad(y, x, create_graph=True)，再对这个结果"
                    "求 grad。得到什么？",
        choices_zh=["27 和 18", "27，然后报错：梯度没有 grad_fn",
                    "27 和 0：梯度是常量"],
        explanation_zh="create_graph=True 把反向公式 3 * x ** 2 记录成一张计算图，所以梯度"
                       "可以再求一次导：6 * x = 18。"),
}

EXERCISES = {
    "06/cube": dict(
        title="a Cube function",
        solution="""class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x * x

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x * x   # d(x**3)/dx = 3x**2""",
        title_zh="一个 Cube 函数",
        solution_zh="""class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x * x

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 3 * x * x   # d(x**3)/dx = 3x**2"""),
    "06/second-derivative": dict(
        title="a second derivative",
        solution="""(g,) = torch.autograd.grad(f.sum(), x, create_graph=True)
(second,) = torch.autograd.grad(g.sum(), x)""",
        title_zh="二阶导数",
        solution_zh="""(g,) = torch.autograd.grad(f.sum(), x, create_graph=True)
(second,) = torch.autograd.grad(g.sum(), x)"""),
}


def check_cube(Cube):
    """Cube.apply(x) must have the gradient 3x**2 (the exact derivative, so the check does
    not depend on the notebook's own finite differences)."""
    x = torch.tensor([-1.5, 0.5, 2.0], dtype=torch.float64, requires_grad=True)
    Cube.apply(x).sum().backward()
    expected = 3 * x.detach() ** 2
    if x.grad is not None and (x.grad - expected).abs().max().item() < 1e-6:
        return say("Correct: Cube's backward gives 3x**2.",
                   "正确：Cube 的 backward 给出 3x**2。")
    got = None if x.grad is None else [round(v, 4) for v in x.grad.tolist()]
    want = [round(v, 4) for v in expected.tolist()]
    return say(f"Not yet: your gradient is {got}, 3x**2 is {want}",
               f"还不对：你的梯度是 {got}，3x**2 是 {want}")


def check_second(x, second):
    """second must be f''(x) = 2 cos(x) - x sin(x) for f(x) = x sin(x)."""
    with torch.no_grad():
        expected = 2 * x.cos() - x * x.sin()
    if second is None:
        return say("Not yet: `second` is still None", "还不对：`second` 仍然是 None")
    got = [round(v, 4) for v in second.tolist()]
    if (second - expected).abs().max().item() < 1e-5:
        return say(f"Correct: f'' = {got}", f"正确：f'' = {got}")
    want = [round(v, 4) for v in expected.tolist()]
    return say(f"Not yet: got {got}, expected {want}", f"还不对：得到 {got}，应该是 {want}")
