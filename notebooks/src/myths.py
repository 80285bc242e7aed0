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
