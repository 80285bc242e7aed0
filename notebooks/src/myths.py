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
