"""The Chinese text of `viz.explain` (same keys and meaning as `TEXT_EN` in
`_explain_catalog.py`; full-width punctuation, code stays in English)."""

__all__ = ["TEXT_ZH"]

TEXT_ZH = {
    "inplace-modified": {
        "title": "为 backward 保存的张量被原地修改了",
        "meaning": (
            "前向传播时，某个节点保存了一个张量，用来计算梯度。每个张量都有一个版本计数器"
            "（version counter），每次原地操作（in-place operation，例如以 `_` 结尾的方法、"
            "`+=`、`x[i] = ...`、优化器的一步更新）都会让它加一。backward 会比较节点保存时记下的"
            "版本和当前版本；值在保存之后变了，它就拒绝用这个值计算。"),
        "detail": (
            "这里被保存的张量是形状为 {shape_text} 的 `{tensor_type}`{made_by}；保存时版本为 "
            "{expected_version}，现在是 {version}：保存之后发生了 {bumps} 次原地修改。"),
        "made_by": "，是节点 `{grad_fn_name}` 的第 {output_index} 个输出",
        "causes": [
            "在前向传播和一次仍要经过旧权重的 backward 之间运行了 `optimizer.step()`：例如 GAN "
            "里判别器先更新一步，生成器的 backward 再经过同一个判别器输出；或者两个优化器、"
            "同一主干上的两个损失，中间夹着一步更新。Linear 层里经 `.t()` 看到的权重，在 "
            "torch 2.13 的报错里叫 `AsStrided`（其他版本贴出来的报错写作 `TBackward0`）。",
            "对某个节点保存的值做了原地操作：紧跟在 `sigmoid`、`tanh` 或 `exp`（它们保存自己的"
            "输出）后面的 `nn.ReLU(inplace=True)` 或 `F.relu(h, inplace=True)`，以及 "
            "`y.sigmoid_()`、`y.exp_()`、`y.mul_(2)`、`h += residual`。",
            "`retain_graph=True` 让旧的计算图一直活着（例如跨 batch 传递的 RNN 隐状态），"
            "之后的 `optimizer.step()` 改了那张图保存的权重。",
        ],
        "fix": [
            "改用非原地的写法：用 `y = y * 2` 代替 `y.mul_(2)`，用 `h = h + residual` 代替 "
            "`h += residual`，用不带 `inplace=True` 的 `nn.ReLU()`。",
            "让所有需要当前权重的 backward 都在改动这些权重的 `optimizer.step()` 之前运行，"
            "或者在这一步之后重新做前向传播（GAN 里：判别器更新之后，用新算的 `D(fake)` "
            "计算生成器的损失）。",
            "传递 RNN 状态时用 `h = h.detach()`，而不是 `retain_graph=True`。",
            "想找到是哪次修改，可以用 minigrad 的 `viz.find_inplace(step)` 运行这一步：它会指出"
            "原地操作所在的那一行。torch 的异常检测模式（anomaly mode）只显示出错节点是在哪里"
            "创建的。",
        ],
    },
    "backward-twice": {
        "title": "backward 第二次经过一张缓存已被释放的计算图",
        "meaning": (
            "为了省内存，backward 用完节点保存的张量后会立刻释放它们。第二次 backward（或 "
            "`autograd.grad`）再经过同样的节点时，这些缓存已经没有了。"),
        "causes": [
            "隐状态从一个 batch 传到下一个 batch 时没有 `.detach()`：新 batch 的计算图一直连到"
            "上一个 batch 已经释放的图里。",
            "两个损失共用图的一部分，先后分别反向传播：`loss1.backward(); loss2.backward()`。",
            "笔记本里调用 `backward()` 的单元格又运行了一次，却没有重新运行计算损失的单元格"
            "（连 `(x * 2).sum()` 也保存了张量）。",
        ],
        "fix": [
            "跨 batch 传递的东西要 detach：每个 batch 开头写 `h = h.detach()`。",
            "把损失加起来，只调用一次 backward：`(loss1 + loss2).backward()`。",
            "每次 backward 之前重新做前向传播。",
            "`retain_graph=True` 会让所有保存的缓存一直占着内存：只有真的需要在同一张图上再"
            "反向一次时才用。在 RNN 循环里拿它当权宜之计，内存和 backward 的时间会随每个 batch "
            "增长（在 GPU 上测得，见第 08 本笔记本）；一旦中间运行了 `optimizer.step()`，"
            "它又会变成原地修改的报错。",
        ],
    },
    "no-grad-fn": {
        "title": "对不在计算图里的张量调用了 backward",
        "meaning": (
            "你调用 `backward()` 的张量（传入的输出中的第 0 个）不需要梯度，也没有 `grad_fn`："
            "它和任何 `requires_grad=True` 的张量都没有连接，所以没有图可以反向走。"),
        "causes": [
            "损失是用普通数字重新构造的：`torch.tensor(loss.item())`、经过 `.numpy()` 的值，"
            "或者 Python 浮点数。",
            "它是在 `torch.no_grad()` 或 `torch.inference_mode()` 里算出来的，或者模型的参数全都"
            "是 `requires_grad=False`。",
            "它经过了结果不带梯度的操作：`argmax`、`x > 0` 这样的比较，或者整数转换"
            "（`.long()`、`.int()`）。（`round()` 保留了 `grad_fn`，但它的梯度是零。）",
        ],
        "fix": [
            "让损失始终是在梯度模式下由模型输出算出的张量；`.item()` 只用来记录日志。",
            "在 `backward()` 之前检查 `loss.requires_grad` 和 `loss.grad_fn`。",
            "对想训练的参数重新打开梯度：`p.requires_grad_(True)`。",
            "损失里的 `argmax` 或阈值判断换成可微的版本（softmax、sigmoid）。",
        ],
    },
    "leaf-inplace": {
        "title": "对需要梯度的叶子张量做了原地修改",
        "meaning": (
            "一个 `requires_grad=True` 的叶子张量（leaf tensor，例如你自己创建的权重），或者它的"
            "视图（view），在梯度模式打开时要被原地修改。autograd 拒绝这样做：叶子正是它要"
            "填 `.grad` 的张量，这样的修改就得成为计算图的一部分。"),
        "causes": [
            "手写的 SGD 更新没有放在 `torch.no_grad()` 里：`w -= lr * w.grad`。",
            "在 `requires_grad=True` 之后原地初始化权重：`w.normal_()`、`w.zero_()`，"
            "或 `w[0] = 1`（这时报错写的是“a view of a leaf Variable”）。",
        ],
        "fix": [
            "把更新放进 `with torch.no_grad():`（`w -= lr * w.grad`），然后用 "
            "`w.grad.zero_()` 或 `w.grad = None` 清掉梯度。",
            "先初始化，再调用 `requires_grad_()`；或者像 `torch.nn.init` 的函数那样，在 "
            "`torch.no_grad()` 里初始化。",
            "不要写 `w = w - lr * w.grad`：这个名字随后指向一个非叶子张量，下一步它的 `.grad` "
            "一直是 None。",
        ],
    },
    "leaf-moved": {
        "title": "`.grad` 是 None：这个张量是搬过去的副本，不是叶子",
        "meaning": (
            "在 `requires_grad=True` 之后调用 `.to()`、`.cuda()`、`.double()` 或其他改变设备、"
            "数据类型（dtype）的操作，会返回一个由 `ToCopyBackward0` 节点产生的新张量。"
            "backward 只填原来那个叶子的 `.grad`：副本的 `.grad` 一直是 None，读取它会触发"
            "非叶子张量的 UserWarning。"),
        "causes": [
            "一行里写 `w = torch.randn(3, requires_grad=True).to(device)`（或 `.cuda()`、"
            "`.double()`）：`w` 拿到的是副本，叶子已经拿不到了。",
            "手动搬运普通张量。（`model.to(device)` 没问题：模块的参数仍然是叶子。）",
        ],
        "fix": [
            "直接在目标设备上创建：`torch.randn(3, device=device, dtype=torch.float64, "
            "requires_grad=True)`。",
            "或者先搬运，再打开梯度：`w = torch.randn(3).to(device).requires_grad_()`。",
            "用 `w.is_leaf`（应为 True）和 `w.grad_fn`（应为 None）检查。",
        ],
    },
    "view-inplace": {
        "title": "对 autograd 无法追踪的视图做了原地修改",
        "meaning": (
            "视图和它的基张量（base）共享内存，所以原地修改视图就是修改基张量，autograd 必须"
            "改写基张量的历史。对一次返回多个视图的函数（`unbind`、`split`、`chunk`）的输出，"
            "以及在 `no_grad` 里创建、却在梯度模式下被修改的视图，它做不到，于是拒绝。"),
        "causes": [
            "`a, b = x.unbind(0)`（或 `x.split(...)`、`x.chunk(...)`）之后接着 `a.add_(1)`、"
            "`a.relu_()` 或 `a[0] = 0`。",
            "在 `with torch.no_grad():` 里取的视图（例如 `v = x[:2]`），离开这个块以后被原地"
            "修改。",
        ],
        "fix": [
            "对这一块用非原地操作：`a = a + 1`。",
            "修改之前先复制：`a = x.unbind(0)[0].clone()`。",
            "改为直接索引基张量：对非叶子的 `x`，`x[0].add_(1)` 是允许的。",
            "让视图和对它的原地修改处在 `no_grad` 的同一侧：都在里面（不记录），或都在外面"
            "（记录）。",
        ],
    },
    "numpy-requires-grad": {
        "title": "对需要梯度的张量调用了 `.numpy()`",
        "meaning": (
            "`.numpy()` 返回的数组和张量共享内存，并且对梯度一无所知。对需要梯度的张量，torch "
            "不会悄悄这样做：你得自己把它从计算图里切出来。"),
        "causes": [
            "画图或记录预测值、权重：`plt.plot(y.numpy())`。",
            "把这样的张量交给 NumPy 或基于它的库：`np.asarray(y)` 也会报同样的错。",
        ],
        "fix": [
            "`y.detach().numpy()`（在 GPU 上：`y.detach().cpu().numpy()`）。",
            "只要一个数时用 `loss.item()`。",
            "只想查看的值放在 `torch.no_grad()` 里计算：它们不需要梯度。",
        ],
    },
    "non-scalar-output": {
        "title": "对有多个元素的张量调用了不带参数的 backward()",
        "meaning": (
            "不带参数的 `y.backward()` 从 `y` 的梯度 1 开始，这只在 `y` 恰好是一个数时才有"
            "意义。有多个数时，torch 猜不出你要的是它们哪种组合的梯度。"),
        "causes": [
            "对逐样本的损失（`reduction='none'`）或直接对模型输出调用 backward。",
        ],
        "fix": [
            "先归约成一个数：`loss.mean().backward()` 或 `loss.sum().backward()`。",
            "或者自己传入起始梯度：`y.backward(torch.ones_like(y))` 得到的梯度和 "
            "`y.sum().backward()` 相同。",
            "形状为 `[1]` 的张量可以直接 backward，因为它只有一个数。",
        ],
    },
    "int-requires-grad": {
        "title": "只有浮点（和复数）张量可以需要梯度",
        "meaning": "梯度只对浮点和复数张量有定义；整数或布尔张量不能需要梯度。",
        "causes": [
            "`torch.tensor([1, 2, 3], requires_grad=True)`：Python 整数得到的是 `int64` 张量。",
            "`torch.arange(5, requires_grad=True)`，或者对标签、索引调用 `requires_grad_()`。",
        ],
        "fix": [
            "改成浮点数：`torch.tensor([1., 2., 3.], requires_grad=True)`、"
            "`dtype=torch.float32`，或 `.float().requires_grad_()`。",
            "标签和索引从来不需要梯度：不要给它们打开 `requires_grad`。",
        ],
    },
    "unused-input": {
        "title": "autograd.grad：输出并不依赖其中一个输入",
        "meaning": (
            "`torch.autograd.grad(outputs, inputs)` 被要求对一个输入求梯度，而 `outputs` 的"
            "计算图根本到不了这个输入。默认这会报错，免得传错张量时悄悄得到 None。"),
        "causes": [
            "这次前向传播没有用到的输入（没走的分支、被跳过的层）。",
            "传入的是计算图从没见过的张量：前向之后才做的副本（`w.double()`、`w.clone()`），"
            "或者只是数值相同的另一个张量。",
        ],
        "fix": [
            "`allow_unused=True`：这个输入的结果是 None（再加 `materialize_grads=True` 则得到"
            "全零）。",
            "或者只传入输出确实依赖的那些输入。",
        ],
    },
    "requires-grad-nonleaf": {
        "title": "修改了计算出来的张量的 requires_grad",
        "meaning": (
            "只有叶子张量允许修改 `requires_grad`。计算出来的张量的 `requires_grad` 由算出它的"
            "输入决定，所以 torch 拒绝切换它。"),
        "causes": [
            "对某个运算的结果（模型输出、权重的切片、`.to()` 得到的副本）调用 "
            "`y.requires_grad_(False)` 或 `y.requires_grad = False`。",
            "对这样的张量写 `y.requires_grad = True` 也会报错，报错只有第一句。",
        ],
        "fix": [
            "`y = y.detach()` 得到数值相同、但在计算图之外的张量。",
            "想冻结权重，就在参数本身上设置：`model.weight.requires_grad_(False)`。",
        ],
    },
    "non-leaf-grad": {
        "title": "读取了非叶子张量的 `.grad`",
        "meaning": (
            "backward 只填叶子的 `.grad`（你用 `requires_grad=True` 创建的张量，以及参数）。"
            "这个张量是运算算出来的（它有 `grad_fn`），所以除非在 backward 之前调用过 "
            "`.retain_grad()`，它的 `.grad` 是 None。"),
        "causes": [
            "查看中间结果的梯度：`y = x * 2` 的 `y.grad`。",
            "在 `requires_grad=True` 之后搬运或转换了权重（`torch.randn(3, requires_grad=True)"
            ".to(device)` 或 `.double()`）：变量拿到的是 `ToCopyBackward0` 产生的副本，不是叶子。",
            "手写更新时重新绑定了名字：`w = w - lr * w.grad` 之后，`w` 是非叶子。",
        ],
        "fix": [
            "需要这个梯度时，在 backward 之前调用 `y.retain_grad()`。",
            "用一次调用创建设备、数据类型都正确且 `requires_grad=True` 的张量，或者搬运之后再"
            "调用 `.requires_grad_()`。",
            "在 `torch.no_grad()` 里原地更新权重：`w -= lr * w.grad`。",
            "读取 `t.grad` 之前先检查 `t.is_leaf`。",
        ],
    },
    "nan-gradient": {
        "title": "异常检测模式在梯度里发现了 NaN",
        "meaning": (
            "打开异常检测（anomaly detection）后，backward 会检查每个节点返回的结果。有一个节点"
            "返回了 NaN（只是无穷大的梯度不会报告）。如果前向传播时异常检测也开着，报错之前"
            "打印的警告会显示创建这个节点的那一行前向代码。"),
        "detail": "节点是 `{node}`，NaN 出现在它的第 {output_index} 个输出里，也就是它第 "
                  "{output_index} 个输入的梯度。",
        "causes": [
            "`torch.where(x > 0, torch.sqrt(x), 0)`：没被选中的分支照样收到一个为零的梯度，而 "
            "sqrt 的 backward 要把它除以 `2 * sqrt(0)`：0 / 0 = NaN。",
            "`log`、`x ** 0.5` 或 `1 / x` 在 0 处也一样（`LogBackward0`、`PowBackward0`、"
            "`ReciprocalBackward0`）：它们的 backward 要除以零，而为零的传入梯度（来自 "
            "`where`、掩码、乘以 0）把结果变成 NaN。",
            "溢出：大数的 `exp` 是 inf，inf 乘以为零的梯度就是 NaN（`ExpBackward0`）。",
        ],
        "fix": [
            "让不用的分支也安全：在 `where` 里写 `torch.sqrt(torch.where(x > 0, x, 1.0))`，或 "
            "`torch.sqrt(x.clamp(min=1e-12))`。",
            "加一个小的 epsilon：`torch.log(x + 1e-12)`。",
            "用 `torch.isfinite(t).all()` 检查前向的值里有没有 inf。",
        ],
    },
    "unknown": {
        "title": "不是这个工具认识的报错",
        "meaning": "这条信息不属于 `viz.explain` 能识别的 autograd 报错。",
        "causes": [],
        "fix": ["到第 08 本笔记本末尾的「症状 → 解决办法」表里找找这个症状。"],
    },
}
