"""Quizzes and exercises of notebook 07 (autograd in a training loop)."""
import minigrad as torch

from .._i18n import say

QUIZZES = {
    "07/three-backwards": dict(
        question="Three forward+backward passes on the same model, no zero_grad() in "
                 "between. What is model.weight.grad after the third?",
        choices=["the same as after the first backward",
                 "three times the gradient of one backward",
                 "an error: backward through the graph a second time"],
        answer=1,
        explanation="Each pass builds a new graph, so nothing is freed twice; each "
                    "backward() adds its gradient into .grad. That is why a training loop "
                    "calls optimizer.zero_grad() once per step.",
        question_zh="在同一个模型上做三次前向+反向，中间不调用 zero_grad()。"
                    "第三次之后 model.weight.grad 是什么？",
        choices_zh=["和第一次 backward 之后一样",
                    "一次 backward 的梯度的三倍",
                    "报错：第二次对计算图做 backward（backward through the graph a second time）"],
        explanation_zh="每次都建一张新的计算图，所以没有东西被释放两次；每次 backward() 都把"
                       "它的梯度加进 .grad。这就是训练循环每一步都调用一次 "
                       "optimizer.zero_grad() 的原因。"),
    "07/micro-batches": dict(
        question="MSELoss averages over its batch. You call backward() on 4 micro-batches of "
                 "2 rows instead of 1 batch of 8. What makes the accumulated .grad equal the "
                 "full batch's?",
        choices=["nothing: the four gradients already add up to the full-batch gradient",
                 "divide each micro-batch loss by 4",
                 "multiply each micro-batch loss by 4"],
        answer=1,
        explanation="Each micro-batch loss is a mean over 2 rows, so its gradient has the "
                    "weight 1/2 per row instead of 1/8. Summing four of them gives 4 times "
                    "the full-batch gradient; dividing each loss by the number of "
                    "micro-batches fixes it.",
        question_zh="MSELoss 在它的批次上取平均。你对 4 个 2 行的微批次调用 backward()，"
                    "而不是对 1 个 8 行的批次。怎样让累加出的 .grad 等于整批的梯度？",
        choices_zh=["什么都不用做：四个梯度加起来已经是整批的梯度",
                    "把每个微批次的损失除以 4",
                    "把每个微批次的损失乘以 4"],
        explanation_zh="每个微批次的损失是 2 行的平均，所以它的梯度里每行的权重是 1/2 而不是 "
                       "1/8。四个加起来就是整批梯度的 4 倍；把每个损失除以微批次的个数就修好了。"),
    "07/vector-backward": dict(
        question="x = tensor([1., 2., 3.], requires_grad=True); per_sample = x ** 2; "
                 "per_sample.backward(). What happens?",
        choices=["x.grad is [2., 4., 6.]: backward sums the outputs",
                 "x.grad is [12.]: the total of the derivatives",
                 "RuntimeError: a gradient is needed for a non-scalar output"],
        answer=2,
        explanation="backward() with no argument starts from the number 1, which only makes "
                    "sense for a scalar. For a vector output, reduce it first or pass "
                    "gradient= with one weight per element.",
        question_zh="x = tensor([1., 2., 3.], requires_grad=True)；per_sample = x ** 2；"
                    "per_sample.backward()。会发生什么？",
        choices_zh=["x.grad 是 [2., 4., 6.]：backward 会把输出加起来",
                    "x.grad 是 [12.]：导数之和",
                    "RuntimeError：非标量输出需要一个梯度"],
        explanation_zh="不带参数的 backward() 从数 1 开始，而这只对标量有意义。对向量输出，"
                       "要么先归约，要么传入 gradient=，每个元素一个权重。"),
    "07/vjp-linear": dict(
        question="W = [[1, 2, 3], [4, 5, 6]], y = W @ x, y.backward(gradient=tensor([1., 0.])). "
                 "What is x.grad?",
        choices=["[1., 2., 3.]", "[1., 4.]", "[5., 7., 9.]"],
        answer=0,
        explanation="backward(gradient=v) computes v^T J, and the Jacobian of W @ x is W. "
                    "v = [1, 0] picks the first row of W: the gradient of y[0] alone.",
        question_zh="W = [[1, 2, 3], [4, 5, 6]]，y = W @ x，y.backward(gradient=tensor([1., 0.]))。"
                    "x.grad 是什么？",
        explanation_zh="backward(gradient=v) 计算 v^T J，而 W @ x 的雅可比矩阵就是 W。"
                       "v = [1, 0] 选出 W 的第一行：也就是只有 y[0] 的梯度。"),
    "07/no-grad-in-train-mode": dict(
        question="A fresh network with BatchNorm1d and Dropout, still in training mode, runs "
                 "twice on the same batch inside torch.no_grad(). What do you see?",
        choices=["the same output twice, and BatchNorm has counted no batch",
                 "two different outputs, and BatchNorm has counted 2 batches",
                 "the same output twice, and BatchNorm has counted 2 batches"],
        answer=1,
        explanation="no_grad() only stops the graph. Module behaviour follows model.train() / "
                    "model.eval(): in training mode Dropout draws a new mask every call and "
                    "BatchNorm uses (and updates) batch statistics, grad mode or not.",
        question_zh="一个新建的、带 BatchNorm1d 和 Dropout 的网络，仍处于训练模式，在 "
                    "torch.no_grad() 里对同一个批次运行两次。你会看到什么？",
        choices_zh=["两次输出相同，BatchNorm 一个批次都没有计数",
                    "两次输出不同，BatchNorm 计了 2 个批次",
                    "两次输出相同，BatchNorm 计了 2 个批次"],
        explanation_zh="no_grad() 只停止建计算图。模块的行为跟随 model.train() / model.eval()："
                       "在训练模式下，不管梯度模式如何，Dropout 每次调用都抽一个新掩码，"
                       "BatchNorm 使用（并更新）批次统计量。"),
    "07/bptt-without-detach": dict(
        question="Chunk 2 continues from the hidden state h of chunk 1, after chunk 1's "
                 "backward(), without h.detach(). What happens at chunk 2's backward()?",
        choices=["it works, and the gradient covers both chunks",
                 "it works, but only chunk 2 gets gradients",
                 "RuntimeError: backward through the graph a second time"],
        answer=2,
        explanation="h still carries chunk 1's graph, whose saved tensors were freed by the "
                    "first backward(). Detaching h at the start of each chunk keeps its "
                    "values and cuts the history, so each backward stays inside its chunk.",
        question_zh="第 1 块的 backward() 之后，第 2 块从第 1 块的隐状态 h 接着跑，没有 "
                    "h.detach()。第 2 块的 backward() 会怎样？",
        choices_zh=["可以运行，梯度覆盖两个数据块",
                    "可以运行，但只有第 2 块得到梯度",
                    "RuntimeError：第二次对计算图做 backward（backward through the graph a "
                    "second time）"],
        explanation_zh="h 仍然带着第 1 块的计算图，而它保存的张量已被第一次 backward() 释放。"
                       "在每个数据块开头分离 h，保留它的数值、切断历史，"
                       "这样每次 backward 都只在自己的数据块之内。"),
    "07/gan-without-detach": dict(
        question="Discriminator step without detach: d_loss = D(G(noise)).mean() - "
                 "D(real).mean(); d_loss.backward(). Which networks get a .grad?",
        choices=["only D", "D and G", "neither: an error is raised"],
        answer=1,
        explanation="The fake samples are G's output, so the graph of d_loss runs through G "
                    "and backward() fills G's .grad too. fake.detach() stops it at the "
                    "boundary between the two networks.",
        question_zh="不用 detach 的判别器一步：d_loss = D(G(noise)).mean() - D(real).mean()；"
                    "d_loss.backward()。哪些网络得到 .grad？",
        choices_zh=["只有 D", "D 和 G", "都没有：会报错"],
        explanation_zh="假样本是 G 的输出，所以 d_loss 的计算图穿过 G，backward() 也会填好 G "
                       "的 .grad。fake.detach() 让它停在两个网络的交界处。"),
    "07/total-loss-nodes": dict(
        question="After 50 training steps of total += loss (loss a tensor, backward() "
                 "called each step), how many graph nodes can total still reach?",
        choices=["1: just the last AddBackward0", "about 50: one per step",
                 "about 200: each step's whole graph"],
        answer=2,
        explanation="total's grad_fn is the last AddBackward0. It saves no tensor, but its "
                    "edges lead to the previous step's AddBackward0 and to this step's "
                    "MseLossBackward0, and so on back to step 1: four new nodes per step "
                    "(Add, MseLoss, Addmm, T) plus the two shared AccumulateGrad nodes. The "
                    "loss tensors are freed; the chain of nodes (and what they saved) stays.",
        question_zh="用 total += loss（loss 是张量，每步都调用 backward()）训练 50 步之后，"
                    "total 还能到达多少个计算图节点？",
        choices_zh=["1 个：只有最后那个 AddBackward0", "大约 50 个：每步一个",
                    "大约 200 个：每一步的整张计算图"],
        explanation_zh="total 的 grad_fn 是最后一个 AddBackward0。它不保存任何张量，但它的"
                       "边通向上一步的 AddBackward0 和这一步的 MseLossBackward0，如此一直回到"
                       "第 1 步：每步四个新节点（Add、MseLoss、Addmm、T），再加上两个共享的 "
                       "AccumulateGrad 节点。loss 张量本身已被释放；留下来的是这条节点链"
                       "（以及节点保存的东西）。"),
    "07/hook-stores-output": dict(
        question="A forward hook stores `output` itself (no detach) during a training-mode "
                 "forward with grad mode on. What is the stored tensor?",
        choices=["a plain tensor: hooks run under no_grad",
                 "the live tensor, with its grad_fn and the graph behind it",
                 "a copy of the values with requires_grad=False"],
        answer=1,
        explanation="Hooks run in the forward pass with whatever grad mode is on. Storing the "
                    "output keeps its graph alive as long as the dict holds it: store "
                    "output.detach() instead.",
        question_zh="在训练模式、梯度模式打开的前向传播中，一个前向钩子存下 `output` 本身"
                    "（没有 detach）。存下的张量是什么？",
        choices_zh=["一个普通张量：钩子在 no_grad 下运行",
                    "活着的那个张量，带着它的 grad_fn 和背后的计算图",
                    "一份 requires_grad=False 的数值拷贝"],
        explanation_zh="钩子在前向传播中运行，当时是什么梯度模式就是什么。存下输出，"
                       "只要字典还抓着它，它的计算图就一直活着：改存 output.detach()。"),
    "07/clip-returns": dict(
        question="Gradients [3., 4.] and [12.]; clip_grad_norm_([p, q], max_norm=1.0). What "
                 "does it return?",
        choices=["tensor(13.): the total norm before clipping",
                 "tensor(1.): the norm after clipping", "None: it works in place"],
        answer=0,
        explanation="The total norm is sqrt(9 + 16 + 144) = 13. Every gradient is multiplied "
                    "by 1/13 (almost: max_norm / (13 + 1e-6)), and the norm before clipping "
                    "is returned so that you can log it.",
        question_zh="梯度为 [3., 4.] 和 [12.]；clip_grad_norm_([p, q], max_norm=1.0)。"
                    "它返回什么？",
        choices_zh=["tensor(13.)：裁剪之前的总范数",
                    "tensor(1.)：裁剪之后的范数", "None：它是原地操作"],
        explanation_zh="总范数是 sqrt(9 + 16 + 144) = 13。每个梯度都乘以 1/13"
                       "（准确说是 max_norm / (13 + 1e-6)），并返回裁剪之前的范数，"
                       "方便你记到日志里。"),
}

EXERCISES = {
    "07/fix-loop": dict(
        title="fix this training loop",
        solution="""def buggy_train(steps=8, lr=0.05):
    model = tiny_model()
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    total = 0.0
    for _ in range(steps):
        opt.zero_grad()                 # 1. clear last step's gradients
        loss = loss_fn(model(X), Y)
        loss.backward()
        opt.step()
        total += loss.item()            # 2. a number, not the graph
    return model, total / steps""",
        title_zh="修好这个训练循环",
        solution_zh="""def buggy_train(steps=8, lr=0.05):
    model = tiny_model()
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    total = 0.0
    for _ in range(steps):
        opt.zero_grad()                 # 1. 清掉上一步的梯度
        loss = loss_fn(model(X), Y)
        loss.backward()
        opt.step()
        total += loss.item()            # 2. 一个数，而不是计算图
    return model, total / steps"""),
    "07/evaluate": dict(
        title="evaluate without side effects",
        solution="""def evaluate(model, inputs):
    model.eval()                        # Dropout off, running BatchNorm statistics
    with torch.no_grad():               # or torch.inference_mode()
        out = model(inputs)
    model.train()
    return out""",
        title_zh="没有副作用的评估",
        solution_zh="""def evaluate(model, inputs):
    model.eval()                        # 关掉 Dropout，BatchNorm 用滑动统计量
    with torch.no_grad():               # 或者 torch.inference_mode()
        out = model(inputs)
    model.train()
    return out"""),
    "07/accumulate": dict(
        title="gradient accumulation with uneven micro-batches",
        solution="""def accumulated_grad(sizes):
    model = tiny_model()
    start = 0
    for size in sizes:
        rows = slice(start, start + size)
        micro_loss = loss_fn(model(X[rows]), Y[rows])
        (micro_loss * size / len(X)).backward()   # a mean over `size` rows, weighted by size/8
        start += size
    return model.weight.grad""",
        title_zh="微批次大小不一时的梯度累积",
        solution_zh="""def accumulated_grad(sizes):
    model = tiny_model()
    start = 0
    for size in sizes:
        rows = slice(start, start + size)
        micro_loss = loss_fn(model(X[rows]), Y[rows])
        (micro_loss * size / len(X)).backward()   # size 行的平均，按 size/8 加权
        start += size
    return model.weight.grad"""),
}


def _verdict(problems, correct):
    """say(...) for a list of (english, chinese) problems, or the two `correct` sentences."""
    if not problems:
        return say(*correct)
    return say("Not yet: " + "; ".join(en for en, _ in problems),
               "还不对：" + "；".join(zh for _, zh in problems))


def check_training_loop(buggy_train, tiny_model, loss_fn, X, Y):
    """buggy_train() must train like a correct loop and return the mean loss as a float."""
    model, mean_loss = buggy_train()
    reference = tiny_model()
    opt = torch.optim.SGD(reference.parameters(), lr=0.05)
    for _ in range(8):
        opt.zero_grad()
        loss_fn(reference(X), Y).backward()
        opt.step()
    problems = []
    if (model.weight - reference.weight).abs().max().item() > 1e-5:
        problems.append(("the weights end up elsewhere than with a correct loop "
                         "(are the gradients cleared every step?)",
                         "权重最后停在的位置和正确的循环不一样（每一步都清掉梯度了吗？）"))
    if isinstance(mean_loss, torch.Tensor):
        problems.append(("the mean loss is a tensor that keeps every step's graph",
                         "平均损失是一个张量，它留着每一步的计算图"))
    return _verdict(problems, ("Correct: the loop trains and logs plain numbers.",
                               "正确：循环能正常训练，记录的是普通的数。"))


def check_evaluate(evaluate, net, batch):
    """evaluate(net, batch): no graph, eval behaviour, no BatchNorm update, train mode after."""
    seen = net[1].num_batches_tracked.item()
    net.train()
    recorded = []           # did the forward pass itself build a graph?
    handle = net[0].register_forward_hook(
        lambda module, inputs, output: recorded.append(output.requires_grad))
    try:
        a, b = evaluate(net, batch), evaluate(net, batch)
    finally:
        handle.remove()
    problems = []
    if a.requires_grad:
        problems.append(("the predictions carry a graph", "预测结果带着计算图"))
    elif any(recorded):
        problems.append(("the forward pass recorded a graph that was thrown away afterwards: "
                         "run it under no_grad() or inference_mode() instead",
                         "前向传播先建了计算图，之后才丢掉：应该在 no_grad() 或 "
                         "inference_mode() 下运行它"))
    if a.tolist() != b.tolist():
        problems.append(("two calls disagree (Dropout is still active)",
                         "两次调用的结果不一致（Dropout 仍然在起作用）"))
    if net[1].num_batches_tracked.item() != seen:
        problems.append(("BatchNorm's running statistics moved",
                         "BatchNorm 的滑动统计量变了"))
    if not net.training:
        problems.append(("the model is left in eval mode", "模型被留在了评估模式"))
    return _verdict(problems, ("Correct: clean predictions, no side effects.",
                               "正确：干净的预测，没有副作用。"))


SPLITS = ([3, 3, 2], [5, 3], [2, 2, 2, 2], [8])


def check_accumulation(accumulated_grad, tiny_model, loss_fn, X, Y):
    """accumulated_grad(sizes) must equal the full batch's weight gradient for even and uneven
    splits (dividing every micro-batch loss by their number is right only for even ones)."""
    full = tiny_model()
    loss_fn(full(X), Y).backward()
    wrong = []
    for sizes in SPLITS:
        grad = accumulated_grad(list(sizes))
        if grad is None or (grad - full.weight.grad).abs().max().item() > 1e-5:
            wrong.append(sizes)
    if not wrong:
        return say("Correct: every split gives the full batch's gradient.",
                   "正确：每种切分都得到整批的梯度。")
    return say(f"Not yet: the gradient differs from the full batch's for the sizes {wrong}",
               f"还不对：微批次大小为 {wrong} 时，梯度和整批的不一样")
