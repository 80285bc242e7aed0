"""Quizzes and exercises of notebook 04 (switching autograd off)."""
import minigrad as torch

from .._i18n import say

QUIZZES = {
    "04/no-grad-result": dict(
        question="x requires grad. Inside `with torch.no_grad():` you compute h = x * 2. "
                 "What is h?",
        choices=["a tensor with grad_fn=<MulBackward0> that requires grad",
                 "a plain tensor: requires_grad=False, no grad_fn, a leaf",
                 "a tensor that requires grad but has no grad_fn"],
        answer=1,
        explanation="With grad mode off nothing is recorded: the result has no grad_fn and "
                    "does not require grad, which makes it a leaf. The mode comes back on "
                    "when the block ends.",
        question_zh="x 需要梯度。在 `with torch.no_grad():` 里你计算 h = x * 2。h 是什么？",
        choices_zh=["一个带 grad_fn=<MulBackward0>、需要梯度的张量",
                    "一个普通张量：requires_grad=False，没有 grad_fn，是叶子",
                    "一个需要梯度但没有 grad_fn 的张量"],
        explanation_zh="梯度模式关闭时什么都不记录：结果没有 grad_fn，也不需要梯度，因此是叶子。"
                       "代码块结束时模式会重新打开。"),
    "04/factory-inside-no-grad": dict(
        question="Inside `with torch.no_grad():` you write w = torch.ones(2, "
                 "requires_grad=True). What is w?",
        choices=["a leaf that requires grad", "a leaf that does not require grad",
                 "an error: requires_grad=True is not allowed under no_grad"],
        answer=0,
        explanation="no_grad stops the recording of operations. A factory call records "
                    "nothing; it creates a leaf with the flag you passed.",
        question_zh="在 `with torch.no_grad():` 里你写 w = torch.ones(2, requires_grad=True)。"
                    "w 是什么？",
        choices_zh=["一个需要梯度的叶子", "一个不需要梯度的叶子",
                    "报错：no_grad 下不允许 requires_grad=True"],
        explanation_zh="no_grad 停止的是对运算的记录。工厂函数调用什么都不记录；"
                       "它按你传入的标志创建一个叶子。"),
    "04/backward-inside-no-grad": dict(
        question="loss = (x ** 2).sum() is built with grad mode on. Then, inside "
                 "`with torch.no_grad():`, you call loss.backward(). What happens?",
        choices=["RuntimeError: grad mode is off",
                 "it runs, and x.grad is 2x as usual",
                 "it runs, but x.grad stays None"],
        answer=1,
        explanation="backward() runs a graph that already exists; no_grad only decides "
                    "whether new operations are recorded. x.requires_grad is untouched.",
        question_zh="loss = (x ** 2).sum() 是在梯度模式打开时构建的。然后在 "
                    "`with torch.no_grad():` 里调用 loss.backward()。会发生什么？",
        choices_zh=["RuntimeError：梯度模式是关闭的",
                    "正常运行，x.grad 照常是 2x",
                    "正常运行，但 x.grad 仍然是 None"],
        explanation_zh="backward() 运行的是一张已经存在的计算图；no_grad 只决定新的运算"
                       "是否被记录。x.requires_grad 没有被动过。"),
    "04/no-grad-memory": dict(
        question="How many bytes of intermediate tensors does forward() keep for backward "
                 "when it runs under no_grad()?",
        choices=["1048576, the same as with grad mode on",
                 "262144, only the last activation", "0"],
        answer=2,
        explanation="Under no_grad no node is created, so nothing is saved. The output has "
                    "grad_fn=None and there is no graph to walk.",
        question_zh="forward() 在 no_grad() 下运行时，为反向传播保留了多少字节的中间张量？",
        choices_zh=["1048576，和梯度模式打开时一样",
                    "262144，只有最后一个激活值", "0"],
        explanation_zh="no_grad 下不会创建任何节点，所以什么都不保存。输出的 grad_fn=None，"
                       "没有可以遍历的计算图。"),
    "04/set-grad-enabled-call": dict(
        question="torch.set_grad_enabled(False) on its own line, without `with`. What is "
                 "(x * 2).requires_grad on the next line?",
        choices=["True: without `with` the call does nothing",
                 "False: the mode is off until something switches it back",
                 "False, but only for the rest of that line"],
        answer=1,
        explanation="A plain call switches grad mode at once and leaves it switched. In a "
                    "notebook every later cell then runs without a graph until you call "
                    "torch.set_grad_enabled(True).",
        question_zh="不用 `with`，单独一行 torch.set_grad_enabled(False)。下一行的 "
                    "(x * 2).requires_grad 是什么？",
        choices_zh=["True：没有 `with`，这个调用什么都不做",
                    "False：模式一直关着，直到有东西把它切回来",
                    "False，但只在那一行剩下的部分"],
        explanation_zh="直接调用会立刻切换梯度模式，并保持切换后的状态。在 notebook 里，"
                       "之后的每个单元格都会在没有计算图的情况下运行，直到你调用 "
                       "torch.set_grad_enabled(True)。"),
    "04/frozen-layer": dict(
        question="net = Sequential(Linear(2, 2), Linear(2, 1)); the parameters of net[0], "
                 "the first layer, get requires_grad_(False); then a backward pass. Which "
                 "parameters have a .grad?",
        choices=["all four (weights and biases of both layers)",
                 "only the weight and bias of net[1], the second layer",
                 "none: backward raises"],
        answer=1,
        explanation="net[0]'s input and parameters need no gradient, so nothing is recorded "
                    "for it and the .grad of its parameters stays None; the optimizer skips them.",
        question_zh="net = Sequential(Linear(2, 2), Linear(2, 1))；第一层 net[0] 的参数被 "
                    "requires_grad_(False)；然后做一次反向传播。哪些参数有 .grad？",
        choices_zh=["全部四个（两层的权重和偏置）",
                    "只有第二层 net[1] 的权重和偏置", "一个都没有：backward 报错"],
        explanation_zh="net[0] 的输入和参数都不需要梯度，所以没有为它记录任何东西，"
                       "它的 .grad 保持 None；优化器会跳过这样的参数。"),
    "04/inference-inplace": dict(
        question="u was made inside inference_mode. Outside, u.add_(1) raises a "
                 "RuntimeError. What does u hold afterwards?",
        choices=["the old values: the edit was refused before it ran",
                 "the new values: the edit ran, then the check raised",
                 "nothing: u was freed"],
        answer=1,
        explanation="The check runs after the in-place kernel, so the data has already "
                    "changed when the error is raised. Never catch it and carry on.",
        question_zh="u 是在 inference_mode 里创建的。在外面，u.add_(1) 抛出 RuntimeError。"
                    "之后 u 里是什么？",
        choices_zh=["旧的值：修改在运行之前就被拒绝了",
                    "新的值：修改已经执行，然后检查才报错",
                    "什么都没有：u 被释放了"],
        explanation_zh="检查在原地运算的内核（kernel）之后才运行，所以报错时数据已经变了。"
                       "永远不要捕获它然后继续往下跑。"),
}

EXERCISES = {
    "04/evaluate": dict(
        title="evaluate without a graph",
        solution="""@torch.no_grad()
def evaluate(v):
    return (v * v).sum()""",
        title_zh="不建计算图地评估",
        solution_zh="""@torch.no_grad()
def evaluate(v):
    return (v * v).sum()"""),
    "04/frozen-features": dict(
        title="a frozen feature extractor",
        solution="""def step(batch):
    with torch.no_grad():               # nothing recorded, nothing saved for features
        found = features(batch)
    return head(found).sum()            # recorded: head's weight needs its gradient
# (inference_mode is refused here: head's node must save `found` for the weight's gradient,
# and inference tensors cannot be saved for backward)""",
        title_zh="冻结的特征提取器",
        solution_zh="""def step(batch):
    with torch.no_grad():               # 不记录，也不为 features 保存任何东西
        found = features(batch)
    return head(found).sum()            # 被记录：head 的权重需要梯度
# （这里不能用 inference_mode：head 的节点要为权重的梯度保存 found，
# 而推理张量不能为反向传播保存）"""),
}


def _verdict(problems, correct):
    """say(...) for a list of (english, chinese) problems, or the two `correct` sentences."""
    if not problems:
        return say(*correct)
    return say("Not yet: " + "; ".join(en for en, _ in problems),
               "还不对：" + "；".join(zh for _, zh in problems))


def _saved_while(run):
    """(result of run(), how many tensors were saved for backward while it ran)."""
    saved = []

    def pack(t):
        saved.append(t)
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        result = run()
    return result, len(saved)


def check_evaluate(evaluate):
    """evaluate(x) must return sum(x * x), record no graph on the way, change nothing else."""
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    res, saves = _saved_while(lambda: evaluate(x))
    problems = []
    if not isinstance(res, torch.Tensor):
        return say("Not yet: evaluate should return a tensor.",
                   "还不对：evaluate 应该返回一个张量。")
    if res.requires_grad or res.grad_fn is not None:
        problems.append(("the result still has a graph", "结果仍然带着计算图"))
    elif saves:
        problems.append((f"the graph was still recorded ({saves} tensor(s) saved for backward) "
                         "and only cut off at the end: .detach() does not stop the recording",
                         f"计算图仍然被记录了（为反向传播保存了 {saves} 个张量），"
                         "只是在最后才被切断：.detach() 并不会停止记录"))
    if not x.requires_grad:
        problems.append(("x no longer requires grad: leave the flag alone",
                         "x 不再需要梯度了：不要动这个标志"))
    if not torch.is_grad_enabled():
        problems.append(("grad mode is still off after evaluate()",
                         "evaluate() 之后梯度模式仍然是关闭的"))
    if res.item() != 14.0:
        problems.append((f"the value changed: {res.item()} instead of 14.0",
                         f"值变了：是 {res.item()} 而不是 14.0"))
    return _verdict(problems, ("Correct: no graph, nothing else changed.",
                               "正确：没有计算图，其他什么都没变。"))


def check_frozen_features(step, features, head):
    """step(batch) must record head only: head gets .grad, features records and saves nothing."""
    params = [*features.parameters(), *head.parameters()]
    for p in params:
        p.grad = None
    batch = torch.linspace(-1., 1., 20).reshape(5, 4)
    with torch.no_grad():
        found = features(batch)
    expected_value = head(found).sum().item()
    _, head_saves = _saved_while(lambda: head(found).sum())
    try:
        loss, saves = _saved_while(lambda: step(batch))
    except RuntimeError as err:
        return say(f"Not yet: step raises: {str(err).split('. ')[0]}",
                   f"还不对：step 报错：{str(err).split('. ')[0]}")
    problems = []
    if not torch.is_grad_enabled():
        problems.append(("grad mode is still off after step()",
                         "step() 之后梯度模式仍然是关闭的"))
    if not isinstance(loss, torch.Tensor) or loss.grad_fn is None:
        problems.append(("the loss has no graph: head must still be recorded",
                         "损失没有计算图：head 仍然必须被记录"))
    else:
        if abs(loss.item() - expected_value) > 1e-5:
            problems.append((f"the loss is {loss.item():.6g}, expected {expected_value:.6g}",
                             f"损失是 {loss.item():.6g}，应该是 {expected_value:.6g}"))
        loss.backward()
        if any(p.grad is None for p in head.parameters()):
            problems.append(("head's parameters got no gradient", "head 的参数没有得到梯度"))
        if any(p.grad is not None for p in features.parameters()):
            problems.append(("features' parameters got a gradient",
                             "features 的参数得到了梯度"))
        elif saves > head_saves:
            problems.append(("a .detach() after features cuts the graph only after it was built",
                             "在 features 之后 .detach() 只是在计算图建好之后才把它切断"))
    if saves > head_saves:
        problems.insert(0, (f"features was recorded: {saves - head_saves} more tensor(s) were "
                            "saved for backward than head alone saves",
                            f"features 被记录了：为反向传播保存的张量比只有 head 时多了 "
                            f"{saves - head_saves} 个"))
    for p in params:
        p.grad = None
    return _verdict(problems, ("Correct: only head was recorded.",
                               "正确：只有 head 被记录了。"))
