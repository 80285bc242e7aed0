"""The myth check: what the five blog posts claim, one verdict per idea, in one table.

Every notebook's "Myth check" cell, in both editions, is generated from this table by the
notebook build (``tools/myths.py``), so the same idea cannot get two verdicts in two places.
In a notebook source the cell is a placeholder, a markdown cell with the option ``myths``::

    # %% [markdown] myths="01"
    # (generated from notebooks/src/myths.py)

It needs no ``key`` and no Chinese block: the builder writes its English and its Chinese text.
The M-cells with live evidence (code cells) follow the placeholder as ordinary cells.

``POSTS`` names the five posts (their text is not shipped; a search for a sentence of each
finds it). They are cited as [A] to [E] in every notebook. ``IDEAS`` holds one entry per idea, each a dict with:

* ``idea``: a unique slug (``"detach-copies-nothing"``);
* ``notebook``: the two-digit notebook whose myth check lists it (``"01"``);
* ``verdict``: ``"true"``, ``"false"``, ``"misleading"``, ``"outdated"`` or ``"broken"``
  (the code as written does not run);
* ``claims``: the claim ids of the catalogue this idea covers (``["S001-2", "S003-11"]``);
  every catalogue claim belongs to exactly one idea;
* ``override`` (optional): why the verdict differs from the catalogue's for a claim listed;
* ``post`` and ``quote``: which post says it (a key of ``POSTS``) and its own words, short,
  in the post's language (Chinese);
* ``en`` and ``zh``: what torch 2.13 actually does, one sentence each;
* ``evidence``: where the notebook shows it live: ``"§4"``, ``"M2"`` (an M-cell below the
  table), or both (``"§5, M2"``).

False, misleading, outdated and broken ideas are listed first, in a table with their
evidence; the true ones follow as a compact list.
"""

POSTS = {
    # title: the post's own title, or what it is about where it has none; search: a sentence
    # of the post to find it with (its address was not recorded)
    "000": {"title": "detach（clone、copy_ 与叶子节点）", "by": "",
            "search": "如果 被 detach 的Variable volatile=True, 那么 detach 出来的 volatile 也为 True"},
    "001": {"title": "Tensor.data与Tensor.detach()的区别", "by": "",
            "search": "Tensor.data与Tensor.detach()的区别"},
    "002": {"title": "Pytorch 叶子张量 leaf tensor (叶子节点) (detach)", "by": "",
            "search": "Pytorch 叶子张量 leaf tensor (叶子节点) (detach)"},
    "003": {"title": "detach() 与 .data（Jupyter 笔记）", "by": "",
            "search": "detach() 后对象不一样，但底层数据是共享的"},
    "004": {"title": "Pytorch中requires_grad_(), detach(), torch.no_grad()的区别",
            "by": "Tyan, noahsnail.com",
            "search": "Pytorch中requires_grad_(), detach(), torch.no_grad()的区别"},
}

IDEAS = [
    # ---- notebook 00 (start here) ----
    dict(idea="default-dtype-float32", notebook="00", verdict="misleading", claims=["S004-1"],
         post="004", quote="默认数据类型为torch.float32",
         en="float32 is only the default floating-point dtype: `torch.tensor([1, 2])` is "
            "int64 and `torch.tensor([True])` is bool.",
         zh="float32 只是默认的浮点数据类型：`torch.tensor([1, 2])` 是 int64，"
            "`torch.tensor([True])` 是 bool。",
         evidence="§3"),
    dict(idea="padded-tensor-print", notebook="00", verdict="outdated", claims=["S000-21"],
         post="000", quote="#out: tensor([ 1.])",
         en="the value is right, but 2.13 prints `tensor([1.])`, with no padding space.",
         zh="数值没错，但 2.13 打印的是 `tensor([1.])`，没有补位空格。",
         evidence="M1"),
    dict(idea="old-node-names", notebook="00", verdict="outdated", claims=["S001-13"],
         post="001", quote="which is output 0 of SigmoidBackward, is at version 1",
         en="2.13 names the node `SigmoidBackward0`, and its in-place error says "
            "`output 0 of Sigmoid`.",
         zh="2.13 里节点名是 `SigmoidBackward0`，原地操作的报错写的是 `output 0 of Sigmoid`。",
         evidence="§6"),
    dict(idea="tensor-variable-merged", notebook="00", verdict="true", claims=["S000-16"],
         post="000", quote="(0.4之后),tensor和variable合并,tensor具有grad、grad_fn等属性",
         en="every tensor carries `requires_grad`, `grad`, `grad_fn` and `is_leaf`; "
            "`Variable` is only a shim.",
         zh="每个张量自己带着 `requires_grad`、`grad`、`grad_fn` 和 `is_leaf`；`Variable` "
            "只是一个兼容层。",
         evidence="§6"),
    dict(idea="item-python-number", notebook="00", verdict="true", claims=["S004-2", "S004-3"],
         post="004", quote="Tensor中只有一个数字时,使用torch.Tensor.item()可以得到一个Python数字",
         en="`item()` gives a one-element tensor's number as a Python float; "
            "`torch.tensor([1.0])` has `.grad` None and `requires_grad` False.",
         zh="`item()` 把只有一个元素的张量变成 Python 浮点数；`torch.tensor([1.0])` 的 `.grad` "
            "是 None，`requires_grad` 是 False。",
         evidence="§3"),
    # ---- notebook 01 (detach() vs .data) ----
    dict(idea="detach-copies", notebook="01", verdict="false", claims=["S000-6"],
         post="000", quote="在pytorch中通过拷贝需要切断位置前的tensor实现这个功能",
         en="`detach()` copies nothing: both share memory.",
         zh="`detach()` 什么都不拷贝：两者共享内存。",
         evidence="§1"),
    dict(idea="data-is-a-copy", notebook="01", verdict="misleading", claims=["S003-10"],
         post="003", quote="只是将数据拿出来一份进行操作",
         en="`.data` copies nothing: writing into it writes into the tensor.",
         zh="`.data` 什么都不拷贝：往它里面写就是往原张量里写。",
         evidence="§3"),
    dict(idea="clone-copies-grad", notebook="01", verdict="misleading", claims=["S000-7"],
         post="000", quote="clone()相当于完全复制了之前的tensor,他的梯度也会复制",
         en="`clone()` copies the numbers, not `.grad`.",
         zh="`clone()` 拷贝数值，不拷贝 `.grad`。",
         evidence="M1"),
    dict(idea="clone-is-assignment", notebook="01", verdict="false", claims=["S000-9"],
         post="000", quote="clone只是给了同一个tensor不同的代号,和‘=’等价",
         en="`=` names the same object; `clone()` makes a new tensor (recorded).",
         zh="`=` 是同一个对象；`clone()` 造出一个新张量（会被记录）。",
         evidence="§6"),
    dict(idea="copy-for-separate", notebook="01", verdict="false", claims=["S000-10"],
         post="000", quote="如果想要生成一个新的分开的tensor,请使用copy_()",
         en="`copy_()` is recorded (`CopyBackwards`); use `detach().clone()`.",
         zh="`copy_()` 会被记录（`CopyBackwards`）；应该用 `detach().clone()`。",
         evidence="§6"),
    dict(idea="detached-never-grad", notebook="01", verdict="false", claims=["S000-15"],
         post="000", quote="即使之后重新将它的requires_node置为true,它也不会具有梯度",
         en="`y.detach().requires_grad_()` is a new leaf; backward fills its `.grad`.",
         zh="`y.detach().requires_grad_()` 是一个新的叶子张量；backward 会填写它的 `.grad`。",
         evidence="§7"),
    dict(idea="second-backward-from-detach", notebook="01", verdict="false",
         claims=["S003-12"], post="003",
         quote="RuntimeError: Trying to backward through the graph a second time",
         en="a second backward through one graph causes it, not `detach()`.",
         zh="它来自对同一张图做第二次 backward，而不是 `detach()`。",
         evidence="M2"),
    dict(idea="detach-cuts-history", notebook="01", verdict="true",
         claims=["S000-1", "S000-2", "S000-14", "S003-1"],
         post="000", quote="计算图从detach过的变量这里就断了, 它变成了一个leaf_node",
         en="a new tensor, no `grad_fn`, a leaf that does not require grad.",
         zh="一个没有 `grad_fn` 的新张量，是不需要梯度的叶子张量。",
         evidence="§1"),
    dict(idea="detach-shares-memory", notebook="01", verdict="true",
         claims=["S000-4", "S000-5", "S001-1", "S003-2", "S003-3", "S004-8", "S004-9"],
         post="003", quote="detach() 后对象不一样，但底层数据是共享的",
         en="another object over the same memory; `.grad` is not shared.",
         zh="另一个对象，同一块内存；`.grad` 不共享。",
         evidence="§1, M1"),
    dict(idea="detached-is-constant", notebook="01", verdict="true",
         claims=["S003-4", "S003-5"],
         post="003", quote="z2没有开启梯度计算，无法进行反向传播",
         en="ops on a detached tensor are not recorded: it acts as a constant.",
         zh="对分离出来的张量做的运算不会被记录：它就是常量。",
         evidence="§2"),
    dict(idea="data-looks-like-detach", notebook="01", verdict="true",
         claims=["S001-4", "S001-5", "S004-5", "S003-7"],
         post="001", quote="这两个新的tensor t2和t3和原始tensort都共享一块数据内存",
         en="`.data` and `detach()` both share memory and print alike.",
         zh="`.data` 和 `detach()` 都共享内存，打印出来一模一样。",
         evidence="§3"),
    dict(idea="sigmoid-edit-detach-vs-data", notebook="01", verdict="true",
         claims=["S001-2", "S001-3", "S003-8", "S003-9", "S003-11"],
         post="003", quote="使用data，最好只读取，不修改",
         en="the sigmoid edit: `detach()` raises, `.data` gives zeros.",
         zh="sigmoid 实验：`detach()` 会报错，`.data` 得到全零。",
         evidence="§4"),
    dict(idea="edit-after-detach-may-pass", notebook="01", verdict="true",
         claims=["S001-6", "S001-10"],
         post="001",
         quote="detach之后,在in-place的操作,并不会一定报错,而且,有些情况下,梯度反传计算是完全正确的",
         en="editing `y = x ** 2` raises nothing; the gradient is right.",
         zh="修改 `y = x ** 2` 不会报错，梯度也是对的。",
         evidence="§5"),
    dict(idea="clone-passes-gradient", notebook="01", verdict="true", claims=["S000-8"],
         post="000", quote="在反向传播时,克隆的样本和结果是等价的",
         en="`CloneBackward0` passes the gradient on unchanged.",
         zh="`CloneBackward0` 把梯度原样传下去。",
         evidence="M1"),
    # ---- notebook 04: switching autograd off ---------------------------------------------
    {"idea": "no-grad-disables-gradients", "notebook": "04", "verdict": "misleading",
     "claims": ["S004-10"],
     "override": "The catalogue marks the sentence true for its memory part, but "
                 "'禁止梯度的计算' is wrong as stated: no_grad stops the recording of new "
                 "operations, and a backward() called inside it still computes and stores "
                 "gradients (04 §3).",
     "post": "004", "quote": "torch.no_grad()是一个上下文管理器,用来禁止梯度的计算",
     "en": "`no_grad` stops the *recording* of new operations, which saves memory (§4); a "
           "`backward()` inside it still computes gradients (§3).",
     "zh": "`no_grad` 停止的是对新运算的*记录*，这确实省内存（§4）；但在它里面调用的 "
           "`backward()` 照样计算梯度（§3）。",
     "evidence": "§3, §4"},
    {"idea": "no-grad-example-typo", "notebook": "04", "verdict": "broken",
     "claims": ["S004-11"], "post": "004", "quote": "b = n.pow(2).sum()",
     "en": "As printed it stops with a `NameError`; with `a` for `n` it prints what the post "
           "shows.",
     "zh": "照原样运行会以 `NameError` 停下；把 `n` 换成 `a`，输出就和原文一样。",
     "evidence": "M1"},
    {"idea": "volatile-through-detach", "notebook": "04", "verdict": "outdated",
     "claims": ["S000-3"], "post": "000",
     "quote": "如果 被 detach 的Variable volatile=True, 那么 detach 出来的 volatile 也为 True",
     "en": "`volatile` is gone since PyTorch 0.4 (factories reject it); `no_grad` does its job.",
     "zh": "`volatile` 从 PyTorch 0.4 起就没有了（工厂函数拒绝这个参数）；它的活由 `no_grad` 来做。",
     "evidence": "M2"},
    {"idea": "no-grad-builds-no-graph", "notebook": "04", "verdict": "true",
     "claims": ["S004-12", "S004-14"], "post": "004", "quote": "其作用域范围内的操作不会构建计算图",
     "en": "a result computed inside `no_grad` has no `grad_fn` and does not require grad.",
     "zh": "在 `no_grad` 里算出的结果没有 `grad_fn`，也不需要梯度。",
     "evidence": "§2"},
    {"idea": "requires-grad-costs-memory", "notebook": "04", "verdict": "true",
     "claims": ["S004-13"], "post": "004",
     "quote": "requires_grad=True会占用更多的计算资源及存储资源",
     "en": "the toy network keeps 1 MiB for backward with grad mode on, 0 under `no_grad`.",
     "zh": "梯度模式打开时，玩具网络为反向传播留着 1 MiB，`no_grad` 下是 0。",
     "evidence": "§4"},
    {"idea": "requires-grad-underscore", "notebook": "04", "verdict": "true",
     "claims": ["S004-6", "S004-7"], "post": "004", "quote": "修改requires_grad的操作是原位操作(in place)",
     "en": "`requires_grad_()` sets the flag in place, returns the tensor itself and defaults to "
           "`True`.",
     "zh": "`requires_grad_()` 原地设置标志，返回张量本身，默认参数是 `True`。",
     "evidence": "§6"},
    {"idea": "freeze-with-requires-grad", "notebook": "04", "verdict": "true",
     "claims": ["S004-4"], "post": "004",
     "quote": "requires_grad=False可以用来冻结部分网络,只更新另一部分网络的参数",
     "en": "a layer whose parameters need no grad is not recorded and gets no `.grad`.",
     "zh": "参数不需要梯度的那一层不会被记录，也得不到 `.grad`。",
     "evidence": "§6"},
    # ---- notebook 05: in-place operations and version counters -------------------------------
    {"idea": "leaf-in-place", "notebook": "05", "verdict": "misleading",
     "claims": ["S000-12"], "post": "000", "quote": "对于leaf_node不能进行in_place操作",
     "en": "only a leaf that requires grad refuses, only with grad mode on, and `no_grad` or "
           "`detach()` get around it.",
     "zh": "只有需要梯度的叶子张量才拒绝，而且只在梯度模式打开时拒绝；`no_grad` 或 `detach()` "
           "都能绕过它。",
     "evidence": "§6, M2"},
    {"idea": "saved-output-or-input", "notebook": "05", "verdict": "true",
     "claims": ["S001-7"], "post": "001", "quote": "就是bp的时候自变量不一样,第一种是y,第二种是x",
     "en": "`SigmoidBackward0` keeps its output, `PowBackward0` its input.",
     "zh": "`SigmoidBackward0` 留下的是输出，`PowBackward0` 留下的是输入。",
     "evidence": "§2"},
    {"idea": "edit-of-saved-tensor-raises", "notebook": "05", "verdict": "true",
     "claims": ["S001-8", "S001-11"], "post": "001",
     "quote": "原因:这里修改了y的data,而bp的计算依赖这个data,因此报错",
     "en": "editing a saved tensor through `detach()` makes backward raise, for the 0-d sigmoid "
           "and for the matmul (`of AsStrided`: the edited `y` is a view, §5).",
     "zh": "通过 `detach()` 修改一个被保存的张量会让 backward 报错，0 维的 sigmoid 和 matmul 的例子"
           "都是这样（`of AsStrided`：被修改的 `y` 是视图，见 §5）。",
     "evidence": "§4, M1"},
    {"idea": "edit-of-unsaved-tensor-harmless", "notebook": "05", "verdict": "true",
     "claims": ["S001-9", "S001-12"], "post": "001", "quote": "这里成功输出如上",
     "en": "editing a tensor no node saved is harmless: the output of `x ** 2` "
           "([01 §5](01_detach_vs_data.ipynb)), an input of `add`.",
     "zh": "修改一个没有节点保存的张量是无害的：`x ** 2` 的输出（[01 §5](01_detach_vs_data.ipynb)），"
           "`add` 的输入。",
     "evidence": "M2"},
    {"idea": "sigmoid-gradient-values", "notebook": "05", "verdict": "true",
     "claims": ["S003-6"], "post": "003", "quote": "tensor([0.1966, 0.1050, 0.0452])",
     "en": "the true gradient of `sigmoid(x).sum()` at [1, 2, 3], which a `.data` edit "
           "silently replaces ([01 §4](01_detach_vs_data.ipynb)).",
     "zh": "这是 `sigmoid(x).sum()` 在 [1, 2, 3] 处的正确梯度，`.data` 修改会悄悄替换掉它"
           "（[01 §4](01_detach_vs_data.ipynb)）。",
     "evidence": "M1"},
    # ---- notebook 02 (leaf tensors) ----
    {"idea": "user-created-means-leaf", "notebook": "02", "verdict": "misleading",
     "claims": ["S000-11", "S002-1"],
     "override": "S000-11 (「用户自己创建的节点是leaf_node」) says the same as S002-1: what you "
                 "create is a leaf. Both are right for a factory call and wrong as a rule, since "
                 "one line of yours can make a non-leaf, so the idea gets one verdict.",
     "post": "002", "quote": "所有用户创建的内容都是叶子结点",
     "en": "Who wrote the line does not decide: your own `arange(...).reshape(...)` is no "
           "leaf. A leaf needs no grad, or no recorded op made it.",
     "zh": "这一行是谁写的并不起决定作用：你自己写的 `arange(...).reshape(...)` 就不是叶子。"
           "张量不需要梯度，或者不是由被记录的运算产生的，才是叶子。",
     "evidence": "§3"},
    {"idea": "trivial-op-makes-non-leaf", "notebook": "02", "verdict": "misleading",
     "claims": ["S002-17"],
     "post": "002", "quote": "就连一个简单的不涉及梯度的操作也会使叶节点变成非叶节点",
     "en": "The inputs decide: an op on tensors that need no grad gives a leaf, and the "
           "input itself stays a leaf.",
     "zh": "起决定作用的是输入：对不需要梯度的张量做运算，得到的是叶子；输入本身也仍然是"
           "叶子。",
     "evidence": "§3"},
    {"idea": "backward-computes-every-node", "notebook": "02", "verdict": "misleading",
     "claims": ["S000-13"],
     "post": "000", "quote": "通过链式法则可以计算出所有节点相对于根节点的梯度值",
     "en": "The gradients of intermediate tensors are computed but passed on, not stored, and "
           "branches that need no grad are skipped.",
     "zh": "中间张量的梯度会被计算，但只是往下传，不会被保存；不需要梯度的分支则被跳过。",
     "evidence": "§5, M2"},
    {"idea": "grad-defaults-to-false", "notebook": "02", "verdict": "misleading",
     "claims": ["S000-17"],
     "post": "000", "quote": "默认创建的tensor,grad默认为False",
     "en": "A new tensor's `requires_grad` is `False`; its `.grad` is `None`.",
     "zh": "新建张量的 `requires_grad` 是 `False`；它的 `.grad` 是 `None`。",
     "evidence": "§2"},
    {"idea": "computed-only-for-leaves", "notebook": "02", "verdict": "misleading",
     "claims": ["S002-5"],
     "post": "002", "quote": "只有当requires_grad和is_leaf同时为真时,才会计算节点的梯度值",
     "en": "That is when it is *stored*; it is computed all along the way, and "
           "`retain_grad()` stores a non-leaf's too.",
     "zh": "这是梯度被*保存*的条件；沿途的梯度都会被计算，而 `retain_grad()` 也能让非叶子"
           "保存它。",
     "evidence": "§5, M2"},
    {"idea": "optimizer-updates-data", "notebook": "02", "verdict": "outdated",
     "claims": ["S002-8"],
     "post": "002", "quote": "在 optimizer.step()过程中会更新叶子节点的data属性值",
     "en": "Optimizers update parameters in place under `no_grad()`, not through `.data`.",
     "zh": "优化器在 `no_grad()` 下原地更新参数，而不是通过 `.data`。",
     "evidence": "§6"},
    {"idea": "not-an-op-result-is-leaf", "notebook": "02", "verdict": "true",
     "claims": ["S002-14"],
     "post": "002", "quote": "这意味着它们不是运算的结果,因此gra_fn为None",
     "en": "a tensor that requires grad and that no recorded op made is a leaf, `grad_fn` `None`.",
     "zh": "需要梯度、又不是由被记录的运算产生的张量是叶子，`grad_fn` 为 `None`。",
     "evidence": "§1, §3"},
    {"idea": "no-grad-tensors-are-leaves", "notebook": "02", "verdict": "true",
     "claims": ["S002-13", "S002-16"],
     "post": "002", "quote": "所有requires_grad为False的张量,都约定俗成地归结为叶子张量",
     "en": "every tensor that needs no grad is a leaf (`b = a + 1` too).",
     "zh": "不需要梯度的张量都是叶子（`b = a + 1` 也是）。",
     "evidence": "§3"},
    {"idea": "is-leaf-attribute", "notebook": "02", "verdict": "true",
     "claims": ["S002-4"],
     "post": "002", "quote": "我们可以用 tensor.is_leaf 来判断它是否是叶子张量",
     "en": "`t.is_leaf` tells.",
     "zh": "`t.is_leaf` 能告诉你。",
     "evidence": "§1"},
    {"idea": "only-grad-requiring-get-gradients", "notebook": "02", "verdict": "true",
     "claims": ["S000-18", "S000-22", "S002-7"],
     "post": "002", "quote": "当tensor的requires_grad值为True时,在backward()反向传播计算梯度时才会被计算",
     "en": "a branch that needs no grad is not recorded; backward skips it.",
     "zh": "不需要梯度的分支不会被记录，反向传播会跳过它。",
     "evidence": "§2, M1"},
    {"idea": "one-input-is-enough", "notebook": "02", "verdict": "true",
     "claims": ["S000-20"],
     "post": "000", "quote": "因为total的操作中输入Tensor w的requires_grad=True,因而操作可以进行反向传播和自动求导",
     "en": "one input that requires grad makes the result require grad.",
     "zh": "只要有一个输入需要梯度，结果就需要梯度。",
     "evidence": "§2"},
    {"idea": "backward-with-nothing-to-differentiate", "notebook": "02", "verdict": "true",
     "claims": ["S000-19"],
     "post": "000", "quote": "程序报错:RuntimeError: element 0 of tensors does not require grad",
     "en": "with nothing recorded, `backward()` raises (notebook 01, section 2).",
     "zh": "什么都没被记录时，`backward()` 会报错（notebook 01 第 2 节）。",
     "evidence": "§2"},
    {"idea": "only-leaves-get-grad", "notebook": "02", "verdict": "true",
     "claims": ["S002-9", "S002-18", "S002-19"],
     "post": "002", "quote": "只有叶子节点有梯度值grad,非叶节点为None",
     "en": "only leaves get a `.grad` by default (`x.grad` `4.`, `y.grad` `None` in the "
           "`x ** 2` example); a non-leaf can ask with `retain_grad()`.",
     "zh": "默认只有叶子会得到 `.grad`（`x ** 2` 的例子里 `x.grad` 是 `4.`，`y.grad` 是 "
           "`None`）；非叶子可以用 `retain_grad()` 要求保留。",
     "evidence": "§1, §5"},
    {"idea": "layer-weights-are-leaves", "notebook": "02", "verdict": "true",
     "claims": ["S002-2"],
     "post": "002", "quote": "神经网络层中的权值w的tensor均为叶子节点。它们的require_grad都是True",
     "en": "layer parameters are leaves that require grad.",
     "zh": "层的参数都是需要梯度的叶子。",
     "evidence": "§6"},
    {"idea": "device-move-makes-non-leaf", "notebook": "02", "verdict": "true",
     "claims": ["S002-15"],
     "post": "002", "quote": "b是因为b是被cast操作创建的(从cpu cast一个tensor到gpu)",
     "en": "a move or cast of a tensor that requires grad is a recorded op.",
     "zh": "对需要梯度的张量做设备迁移或类型转换是被记录的运算。",
     "evidence": "§4"},
    {"idea": "conv2d-with-parameter", "notebook": "02", "verdict": "true",
     "claims": ["S000-23"],
     "post": "000", "quote": "out = F.conv2d(inputs, weiths, stride=2,padding=1)",
     "en": "`F.conv2d` with a `Parameter` weight gives `nn.Conv2d`'s output shape.",
     "zh": "用 `Parameter` 权重调用 `F.conv2d`，输出形状与 `nn.Conv2d` 相同。",
     "evidence": "M3"},
    # ---- notebook 03 (retain_grad and hooks) ----
    {"idea": "non-leaf-grad-freed-after-use", "notebook": "03", "verdict": "misleading",
     "claims": ["S002-3", "S002-6"],
     "override": "S002-6 (「为了节省内存,它们在用完之后就被释放了」) says the same as S002-3: a "
                 "non-leaf's gradient is kept until used, then freed. The memory motive is "
                 "right, the picture of a stored gradient that backward deletes is not, so the "
                 "idea gets one verdict.",
     "post": "002", "quote": "非叶节点的梯度值在反向传播过程中使用完后就会被清除,不会被保留",
     "en": "A non-leaf's gradient is computed, handed to the next node and never stored, so "
           "there is nothing to clear; that is the memory saving. What backward frees is the "
           "values the graph saved (`retain_graph=True` keeps those; `retain_grad()` keeps the "
           "gradient).",
     "zh": "非叶子张量的梯度被计算出来、交给下一个节点，从来没有被保存，所以也谈不上清除；"
           "省内存靠的正是这一点。反向传播释放的是计算图保存的值（`retain_graph=True` 保留"
           "的是它们，`retain_grad()` 保留的才是梯度）。",
     "evidence": "§2"},
    {"idea": "only-leaves-feed-backward", "notebook": "03", "verdict": "false",
     "claims": ["S002-10"],
     "post": "002", "quote": "只有是叶张量的tensor在反向传播时才会将本身的grad传入的backward的运算中",
     "en": "It is the other way round: the non-leaves' gradients feed the backward "
           "computation; a leaf is where the flow ends.",
     "zh": "恰恰相反：参与反向计算的是非叶子张量的梯度；叶子是梯度流的终点。",
     "evidence": "§2"},
    {"idea": "retain-grad-or-hook", "notebook": "03", "verdict": "true",
     "claims": ["S002-11", "S002-22"],
     "post": "002", "quote": "可以用retain_grad()这个属性(或者是hook机制)",
     "en": "`retain_grad()` or a hook gives a non-leaf's gradient, reshaped `arange` tensors "
           "included.",
     "zh": "`retain_grad()` 或钩子都能拿到非叶子张量的梯度，reshape 过的 `arange` 张量也一样。",
     "evidence": "§2, §3, M2"},
    {"idea": "retain-grad-before-backward", "notebook": "03", "verdict": "true",
     "claims": ["S002-23"],
     "post": "002", "quote": "注意retain_grad()一定要写在y.backward()前面",
     "en": "`retain_grad()` only fills the passes that run after it.",
     "zh": "`retain_grad()` 只对在它之后运行的反向传播有效。",
     "evidence": "§3"},
    {"idea": "non-leaf-examples-keep-nothing", "notebook": "03", "verdict": "true",
     "claims": ["S002-20", "S002-21"],
     "post": "002", "quote": "这里是的不出z本身的梯度的,因为z是非叶节点",
     "en": "in the post's examples the non-leaves (`z`; `c`, `e`, `o`) keep no gradient "
           "while the leaves do, unless a non-leaf retains it.",
     "zh": "在原文的例子里，非叶子（`z`；`c`、`e`、`o`）不保留梯度，叶子保留；除非非叶子"
           "调用了 `retain_grad()`。",
     "evidence": "§1, M1"},
    # ---- 06 under the hood
    {"idea": "detach-turns-node-into-leaf", "notebook": "06", "verdict": "misleading",
     "claims": ["S002-12"], "post": "002",
     "quote": "detach()函数的作用就是把一个节点从计算图中剥离,使其成为叶子节点",
     "en": "`detach()` is out of place: the tensor you call it on keeps its `grad_fn` and stays "
           "in the graph, and you get a new leaf with `requires_grad=False` sharing its storage "
           "and version counter; only the in-place `detach_()` changes the tensor itself.",
     "zh": "`detach()` 不是原地操作：调用它的那个张量保留 `grad_fn`，仍在计算图里；你得到的是"
           "一个新的叶子张量（`requires_grad=False`），与它共享存储和版本计数器；只有原地的 "
           "`detach_()` 才会改变张量本身。",
     "evidence": "M1"},
]
