"""Quizzes and exercises of notebook 08 (when backward fails: from the message to the fix)."""
import inspect

import minigrad as torch

from .._i18n import say
from ..explain import explain

QUIZZES = {
    "08/gan-which-tensor": dict(
        question="This GAN step raises 'one of the variables needed for gradient "
                 "computation has been modified by an inplace operation'. Which saved "
                 "tensor was modified?",
        choices=["p_fake, the sigmoid's output that both losses use",
                 "fake, the generator's output",
                 "D's weight, as the Linear layer saw it through .t()",
                 "G's weight"],
        answer=2,
        explanation="opt_d.step() writes into D's parameters in place. D's Linear layer had "
                    "saved its weight (transposed) to compute the gradient for its input "
                    "fake, so that saved tensor is now one version newer than when it was "
                    "saved. Nothing wrote into p_fake or fake, and G's step comes after the "
                    "failing backward.",
        question_zh="这一步 GAN 训练抛出了 “one of the variables needed for gradient "
                    "computation has been modified by an inplace operation”。被修改的是"
                    "哪个保存下来的张量？",
        choices_zh=["p_fake，两个损失都用到的 sigmoid 输出",
                    "fake，生成器的输出",
                    "D 的权重，也就是 Linear 层通过 .t() 看到的那个",
                    "G 的权重"],
        explanation_zh="opt_d.step() 原地写入 D 的参数。D 的 Linear 层为了计算输入 fake 的"
                       "梯度，保存了（转置后的）权重，所以这个被保存的张量现在比保存时新了"
                       "一个版本。没有谁往 p_fake 或 fake 里写过数，而 G 的更新发生在出错的 "
                       "backward 之后。"),
    "08/which-block-raises": dict(
        question="Two blocks end with nn.ReLU(inplace=True): A is Linear -> Sigmoid -> "
                 "ReLU(inplace=True), B is Linear -> ReLU(inplace=True). Which one raises "
                 "at backward?",
        choices=["A only", "B only", "both", "neither"],
        answer="A only",
        explanation="Sigmoid's gradient s * (1 - s) is computed from its output, so "
                    "SigmoidBackward0 saved that output, and relu_ then wrote into it. "
                    "Linear (addmm) saves its input and its weight, not its output, so the "
                    "relu_ in B edits nothing a node saved. ReluBackward0 saves the result "
                    "of relu_, after the edit.",
        question_zh="两个模块都以 nn.ReLU(inplace=True) 结尾：A 是 Linear -> Sigmoid -> "
                    "ReLU(inplace=True)，B 是 Linear -> ReLU(inplace=True)。backward "
                    "时哪个会报错？",
        choices_zh=["只有 A", "只有 B", "两个都会", "都不会"],
        explanation_zh="sigmoid 的梯度 s * (1 - s) 要用它的输出来算，所以 SigmoidBackward0 "
                       "保存了这个输出，而 relu_ 随后往里面写了数。Linear（addmm）保存的是"
                       "输入和权重，而不是输出，所以 B 里的 relu_ 没有改动任何节点保存的东西。"
                       "ReluBackward0 保存的是 relu_ 修改之后的结果。"),
    "08/rnn-band-aid": dict(
        question="The RNN loop raised 'backward through the graph a second time', so "
                 "someone wrote loss.backward(retain_graph=True). The loop also calls "
                 "opt.step() after every backward. What happens now?",
        choices=["it trains: every batch backpropagates through the whole history",
                 "the same 'second time' error, one batch later",
                 "a different error: 'modified by an inplace operation'",
                 "it trains exactly as with h = h.detach()"],
        answer=2,
        explanation="Nothing is freed now, so batch 2's backward may run back into batch "
                    "1's nodes. But those nodes saved the recurrent weight, and the "
                    "opt.step() after batch 1 updated it in place: batch 2's backward finds a "
                    "newer version than the one saved. The band-aid turns one error into the "
                    "other.",
        question_zh="RNN 循环报了 “backward through the graph a second time”，于是有人改成 "
                    "loss.backward(retain_graph=True)。循环在每次 backward 之后还会调用 "
                    "opt.step()。现在会怎样？",
        choices_zh=["能训练：每个批次都穿过整段历史做反向传播",
                    "还是 “second time” 那个报错，只是晚一个批次",
                    "另一个报错：“modified by an inplace operation”",
                    "和 h = h.detach() 训练得完全一样"],
        explanation_zh="现在什么都没有被释放，所以第 2 个批次的 backward 可以走回第 1 个"
                       "批次的节点。可是这些节点保存了循环层的权重，而第 1 个批次之后的 "
                       "opt.step() 原地更新了它：第 2 个批次的 backward 看到的版本比保存时"
                       "新。这块“创可贴”把一个报错换成了另一个。"),
    "08/sqrt-where": dict(
        question="x = tensor([4., 0., -1.], requires_grad=True); "
                 "y = torch.where(x > 0, torch.sqrt(x), 0.); y.sum().backward(). "
                 "What is x.grad?",
        choices=["tensor([0.2500, 0.0000, 0.0000])",
                 "tensor([0.2500,    nan,    nan])",
                 "tensor([0.2500,    inf, 0.0000])",
                 "RuntimeError: sqrt of a negative number"],
        answer=1,
        explanation="where sends a zero gradient to the branch it did not pick, but sqrt "
                    "was still computed there, and its backward divides that zero by "
                    "2 * sqrt(x): 0 / 0 at x = 0, and 0 / nan at x = -1 (sqrt(-1) is nan). "
                    "Both are nan, and nan survives the addition into x.grad.",
        question_zh="x = tensor([4., 0., -1.], requires_grad=True)；"
                    "y = torch.where(x > 0, torch.sqrt(x), 0.)；y.sum().backward()。"
                    "x.grad 是什么？",
        choices_zh=["tensor([0.2500, 0.0000, 0.0000])",
                    "tensor([0.2500,    nan,    nan])",
                    "tensor([0.2500,    inf, 0.0000])",
                    "RuntimeError：对负数开平方"],
        explanation_zh="where 给没有选中的分支送去的梯度是 0，可是那里照样算了 sqrt，而 "
                       "sqrt 的 backward 要把这个 0 除以 2 * sqrt(x)：在 x = 0 处是 0 / 0，"
                       "在 x = -1 处是 0 / nan（sqrt(-1) 是 nan）。两者都是 nan，而 nan "
                       "加进 x.grad 之后还是 nan。"),
}

EXERCISES = {
    "08/hand-step": dict(
        title="fix a hand-written training step",
        solution="def train(X, Y, steps=3):\n"
                 "    w = torch.tensor([[0.5], [-0.3]], requires_grad=True)\n"
                 "    total = 0.0\n"
                 "    for _ in range(steps):\n"
                 "        p = torch.sigmoid(X @ w).clamp(min=1e-6, max=1 - 1e-6)  # out of place\n"
                 "        loss = -(Y * p.log() + (1 - Y) * (1 - p).log()).mean()\n"
                 "        loss.backward()\n"
                 "        with torch.no_grad():\n"
                 "            w -= 0.5 * w.grad          # an update autograd does not record\n"
                 "        w.grad = None                  # no gradient left for the next step\n"
                 "        total += loss.item()           # a number, not a graph\n"
                 "    return w, total / steps",
        title_zh="修好一个手写的训练步骤",
        solution_zh="def train(X, Y, steps=3):\n"
                    "    w = torch.tensor([[0.5], [-0.3]], requires_grad=True)\n"
                    "    total = 0.0\n"
                    "    for _ in range(steps):\n"
                    "        p = torch.sigmoid(X @ w).clamp(min=1e-6, max=1 - 1e-6)  # 非原地\n"
                    "        loss = -(Y * p.log() + (1 - Y) * (1 - p).log()).mean()\n"
                    "        loss.backward()\n"
                    "        with torch.no_grad():\n"
                    "            w -= 0.5 * w.grad          # autograd 不记录的更新\n"
                    "        w.grad = None                  # 不给下一步留下梯度\n"
                    "        total += loss.item()           # 一个数，而不是一张计算图\n"
                    "    return w, total / steps"),
    "08/rnn-loop": dict(
        title="fix the RNN loop",
        solution="def train_rnn(cell, opt, batches):\n"
                 "    h = torch.zeros(1, 2)\n"
                 "    for batch in batches:\n"
                 "        h = h.detach()        # keep the values, drop the old batches' graph\n"
                 "        for x in batch:\n"
                 "            h = cell(x, h)\n"
                 "        loss = h.pow(2).mean()\n"
                 "        opt.zero_grad()\n"
                 "        loss.backward()\n"
                 "        opt.step()",
        title_zh="修好 RNN 训练循环",
        solution_zh="def train_rnn(cell, opt, batches):\n"
                    "    h = torch.zeros(1, 2)\n"
                    "    for batch in batches:\n"
                    "        h = h.detach()        # 保留数值，丢掉前面批次的计算图\n"
                    "        for x in batch:\n"
                    "            h = cell(x, h)\n"
                    "        loss = h.pow(2).mean()\n"
                    "        opt.zero_grad()\n"
                    "        loss.backward()\n"
                    "        opt.step()"),
}


# ---------------------------------------------------------------------------------------------
# the fixtures the checks train on: small, with fixed weights, so a result can be compared


def _max_diff(a, b):
    return max((p - q).abs().max().item() for p, q in zip(a.parameters(), b.parameters()))


def _uses_data(fn):
    """Does the learner's function spell `.data` (None when its source cannot be read)?"""
    try:
        source = inspect.getsource(fn)
    except (OSError, TypeError):
        return None
    return ".data" in source


_DATA = ("it may run, but `.data` hides edits from autograd (01 §4): use `detach()` or "
         "`torch.no_grad()`",
         "也许能运行，但 `.data` 会把修改藏起来，autograd 看不见（01 第 4 节）：请用 "
         "`detach()` 或 `torch.no_grad()`")


def _raised(error, advice):
    """A verdict for a step that raised: the family of its message, and the advice for it."""
    kind = explain(error).kind
    en, zh = advice.get(kind, ("look at the message with viz.explain(err)",
                               "用 viz.explain(err) 看看这条报错"))
    return say(f"Not yet: the step raised {type(error).__name__} ({kind}): {en}.",
               f"还不对：这一步抛出了 {type(error).__name__}（{kind}）：{zh}。")


def _reference_train(X, Y, steps=3):
    w = torch.tensor([[0.5], [-0.3]], requires_grad=True)
    total = 0.0
    for _ in range(steps):
        p = torch.sigmoid(X @ w).clamp(min=1e-6, max=1 - 1e-6)
        loss = -(Y * p.log() + (1 - Y) * (1 - p).log()).mean()
        loss.backward()
        with torch.no_grad():
            w -= 0.5 * w.grad
        w.grad = None
        total += loss.item()
    return w, total / steps


def hand_data():
    """The four samples the hand-written step trains on."""
    X = torch.tensor([[1., 0.], [0., 1.], [1., 1.], [-1., 0.5]])
    Y = torch.tensor([[1.], [0.], [1.], [0.]])
    return X, Y


def check_hand_step(train):
    """train(X, Y) -> (w, mean loss): a correct plain-SGD logistic regression that logs
    plain numbers, without `.data`."""
    if _uses_data(train):
        return say("Not yet: " + _DATA[0] + ".", "还不对：" + _DATA[1] + "。")
    X, Y = hand_data()
    try:
        w, mean_loss = train(X, Y)
    except (RuntimeError, TypeError) as error:
        return _raised(error, {
            "inplace-modified": (
                "an in-place op wrote into the sigmoid's output, which SigmoidBackward0 "
                "saved; write it out of place",
                "一个原地操作写进了 sigmoid 的输出，而 SigmoidBackward0 保存了它；"
                "改成非原地的写法"),
            "leaf-inplace": (
                "the update of w is recorded by autograd; make it under torch.no_grad()",
                "对 w 的更新被 autograd 记录了；把它放到 torch.no_grad() 里"),
            "no-grad-fn": (
                "the loss no longer depends on w: do not detach the prediction",
                "损失不再依赖 w 了：不要分离预测值"),
            "unknown": (
                "if w.grad is None here, the name w was rebound to a non-leaf "
                "(w = w - ...): update w in place under torch.no_grad()",
                "如果这里 w.grad 是 None，那是名字 w 被重新绑定成了非叶子张量"
                "（w = w - ...）：在 torch.no_grad() 里原地更新 w"),
        })
    ref_w, ref_loss = _reference_train(X, Y)
    problems = []
    if not isinstance(w, torch.Tensor) or not w.is_leaf or w.shape != ref_w.shape:
        problems.append(("w should be the leaf you trained, of shape (2, 1)",
                         "w 应该是被训练的那个叶子张量，形状为 (2, 1)"))
    elif (w - ref_w).abs().max().item() > 1e-5:
        problems.append(("w ends up elsewhere than with plain SGD: is the gradient cleared "
                         "after every update?",
                         "w 停在的位置和普通 SGD 不一样：每次更新之后都清掉梯度了吗？"))
    if isinstance(mean_loss, torch.Tensor) and mean_loss.grad_fn is not None:
        problems.append(("the mean loss keeps every step's graph: log loss.item()",
                         "平均损失留着每一步的计算图：记录 loss.item()"))
    elif abs(float(mean_loss) - ref_loss) > 1e-5:
        problems.append((f"the mean loss is {float(mean_loss):.4f}, expected {ref_loss:.4f}",
                         f"平均损失是 {float(mean_loss):.4f}，应该是 {ref_loss:.4f}"))
    if not problems:
        return say("Correct: the step trains, the update is not recorded, and the log is a "
                   "number.",
                   "正确：这一步能训练，更新不被记录，记录下来的是一个数。")
    return say("Not yet: " + "; ".join(en for en, _ in problems) + ".",
               "还不对：" + "；".join(zh for _, zh in problems) + "。")


def make_cell():
    """The `nn.RNNCell(1, 2)` of notebook 08 §2, with its fixed weights."""
    cell = torch.nn.RNNCell(1, 2)
    with torch.no_grad():
        cell.weight_ih.copy_(torch.tensor([[0.5], [-0.3]]))
        cell.weight_hh.copy_(torch.tensor([[0.2, -0.1], [0.4, 0.3]]))
        cell.bias_ih.copy_(torch.tensor([0., 0.1]))
        cell.bias_hh.zero_()
    return cell


def rnn_batches(n_batches=4, steps=3):
    """n_batches batches of `steps` inputs of shape (1, 1), the same every time."""
    values = torch.linspace(-1, 1, n_batches * steps).reshape(n_batches, steps, 1, 1)
    return [list(batch) for batch in values]


def _reference_rnn(cell, opt, batches):
    h = torch.zeros(1, 2)
    for batch in batches:
        h = h.detach()
        for x in batch:
            h = cell(x, h)
        loss = h.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def check_rnn_loop(train_rnn):
    """train_rnn(cell, opt, batches) must train like truncated BPTT, one batch at a time."""
    if _uses_data(train_rnn):
        return say("Not yet: " + _DATA[0] + ".", "还不对：" + _DATA[1] + "。")
    cell = make_cell()
    opt = torch.optim.SGD(cell.parameters(), lr=0.5)
    try:
        train_rnn(cell, opt, rnn_batches())
    except RuntimeError as error:
        return _raised(error, {
            "backward-twice": (
                "batch 2's graph still reaches into batch 1's, freed by its backward; "
                "cut the carried state at the start of each batch",
                "第 2 个批次的计算图还连着第 1 个批次的，而后者已经被它的 backward 释放了；"
                "在每个批次开始时切断带过来的状态"),
            "inplace-modified": (
                "retain_graph=True kept batch 1's graph, and opt.step() changed the weights "
                "it saved; cut the carried state instead of keeping the graph",
                "retain_graph=True 留住了第 1 个批次的计算图，而 opt.step() 改了它保存的"
                "权重；应该切断带过来的状态，而不是留住计算图"),
            "no-grad-fn": (
                "the loss no longer depends on the weights: detach the state you carry in, "
                "not the one the loss is computed from",
                "损失不再依赖权重了：分离的应该是带进来的状态，而不是用来算损失的那个"),
        })
    reference = make_cell()
    _reference_rnn(reference, torch.optim.SGD(reference.parameters(), lr=0.5), rnn_batches())
    if _max_diff(cell, reference) > 1e-5:
        return say("Not yet: no error, but the weights end up elsewhere than with truncated "
                   "backpropagation through time: is the state detached once per batch, "
                   "before its first step (not at every step inside the batch)?",
                   "还不对：没有报错，但权重停在的位置和截断的通过时间反向传播不一样：状态是不是"
                   "每个批次只在第一步之前分离一次（而不是批次里的每一步都分离）？")
    return say("Correct: each batch backpropagates through its own steps only, and the "
               "state carries its values, not its history.",
               "正确：每个批次只穿过自己的几步做反向传播，状态带过去的是数值，不是历史。")
