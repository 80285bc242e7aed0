"""Quizzes and exercises of notebook 06 (under the hood)."""
import minigrad as torch

from .._i18n import say

QUIZZES = {
    "06/same-input-twice": dict(
        question="a is a leaf that requires grad; y = a * a. What is "
                 "y.grad_fn.next_functions?",
        choices=["one pair: a is a single input, so one edge to its AccumulateGrad",
                 "two pairs, both pointing at the same AccumulateGrad node",
                 "two pairs, pointing at two different AccumulateGrad nodes"],
        answer=1,
        explanation="A node has one pair per input of the op, even when the two inputs are the "
                    "same tensor. A leaf has one AccumulateGrad node, so both edges end there; "
                    "the engine adds the two contributions (grad * a each) before writing "
                    "a.grad once: 2a.",
        question_zh="a 是一个需要梯度的叶子张量；y = a * a。y.grad_fn.next_functions 是什么？",
        choices_zh=["一个对：a 只是一个输入，所以只有一条边通向它的 AccumulateGrad",
                    "两个对，都指向同一个 AccumulateGrad 节点",
                    "两个对，分别指向两个不同的 AccumulateGrad 节点"],
        explanation_zh="运算有几个输入，节点就有几个对，哪怕两个输入是同一个张量。一个叶子张量"
                       "只有一个 AccumulateGrad 节点，所以两条边都通到那里；引擎先把两份贡献"
                       "（各是 grad * a）加起来，再写一次 a.grad：2a。"),
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
    "06/hypot": dict(
        title="a two-input Function",
        solution="""class Hypot(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        out = torch.sqrt(a * a + b * b)
        ctx.save_for_backward(a, b, out)
        return out

    @staticmethod
    def backward(ctx, grad_output):
        a, b, out = ctx.saved_tensors      # d/da sqrt(a^2 + b^2) = a / out
        grad_a = grad_output * a / out if ctx.needs_input_grad[0] else None
        grad_b = grad_output * b / out if ctx.needs_input_grad[1] else None
        return grad_a, grad_b""",
        title_zh="一个有两个输入的 Function",
        solution_zh="""class Hypot(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        out = torch.sqrt(a * a + b * b)
        ctx.save_for_backward(a, b, out)
        return out

    @staticmethod
    def backward(ctx, grad_output):
        a, b, out = ctx.saved_tensors      # 对 a 求导：sqrt(a^2 + b^2) 的导数是 a / out
        grad_a = grad_output * a / out if ctx.needs_input_grad[0] else None
        grad_b = grad_output * b / out if ctx.needs_input_grad[1] else None
        return grad_a, grad_b"""),
    "06/second-derivative": dict(
        title="a second derivative",
        solution="""(g,) = torch.autograd.grad(f.sum(), x, create_graph=True)
(second,) = torch.autograd.grad(g.sum(), x)""",
        title_zh="二阶导数",
        solution_zh="""(g,) = torch.autograd.grad(f.sum(), x, create_graph=True)
(second,) = torch.autograd.grad(g.sum(), x)"""),
}


def _rounded(t):
    return None if t is None else [round(v, 4) for v in t.tolist()]


def check_hypot(Hypot):
    """Hypot.apply(a, b) = sqrt(a^2 + b^2) must give d/da = a / out and d/db = b / out, both
    when a and b require grad and when b is a constant (exact derivatives, float64)."""
    problems = []
    for b_needs_grad in (True, False):
        a = torch.tensor([3.0, -1.0, 0.5], dtype=torch.float64, requires_grad=True)
        b = torch.tensor([4.0, 2.0, -1.5], dtype=torch.float64, requires_grad=b_needs_grad)
        out = Hypot.apply(a, b)
        expected = (a * a + b * b).sqrt().detach()
        if not isinstance(out, torch.Tensor) or out.shape != expected.shape \
                or (out.detach() - expected).abs().max().item() > 1e-9:
            return say("Not yet: forward should return sqrt(a * a + b * b)",
                       "还不对：forward 应该返回 sqrt(a * a + b * b)")
        out.sum().backward()
        wanted = [("a", a, a.detach() / expected)]
        if b_needs_grad:
            wanted.append(("b", b, b.detach() / expected))
        case = "a and b require grad" if b_needs_grad else "b is a constant"
        case_zh = "a 和 b 都需要梯度" if b_needs_grad else "b 是常量"
        for name, leaf, want in wanted:
            if leaf.grad is None or (leaf.grad - want).abs().max().item() > 1e-9:
                problems.append((f"{case}: {name}.grad is {_rounded(leaf.grad)}, "
                                 f"expected {_rounded(want)}",
                                 f"{case_zh}：{name}.grad 是 {_rounded(leaf.grad)}，"
                                 f"应该是 {_rounded(want)}"))
    if not problems:
        return say("Correct: one gradient per input, in both cases.",
                   "正确：每个输入一个梯度，两种情况都对。")
    return say("Not yet: " + "; ".join(en for en, _ in problems),
               "还不对：" + "；".join(zh for _, zh in problems))


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
