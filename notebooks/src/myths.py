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
]
