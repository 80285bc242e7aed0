"""The language of what the widgets show: `viz.set_language("zh")` switches to Chinese.

Each Chinese notebook starts with `viz.set_language("zh")`; the default is English. The
setting changes only the text minigrad's widgets write (buttons, verdicts, lab labels, the
quiz bank's questions and solutions). Error messages stay torch's, word for word, in both
languages: they are what a learner will search for.

Widget strings live in `STRINGS` (English -> Chinese); a widget asks `t("Run")`, or
`t("{node} runs, grad_output {grad}").format(...)` when the words go round values (the
Chinese template may order them differently). `joined()` puts a label and its value
together: one space in English, none after Chinese full-width punctuation ("修改：无"), and
`listed()` joins a list ("、" in Chinese). Chinese strings follow Chinese typography:
full-width punctuation next to Chinese text, no space after "：" (tests/test_zh_typography.py
checks every one). Text that
belongs to one quiz or exercise lives in the quiz bank beside its English field
(`question_zh`, `choices_zh`, `explanation_zh`, `title_zh`, `solution_zh`), read with
`field(entry, "question")`. Exercise checks return `say(english, chinese)`.
"""

__all__ = ["LANGUAGES", "set_language", "get_language", "t", "say", "field", "joined",
           "listed", "STRINGS", "VERDICT_PREFIXES", "FULL_WIDTH_PUNCTUATION"]

LANGUAGES = ("en", "zh")
_state = {"lang": "en"}

# an exercise check's sentence starts with one of these (any language)
VERDICT_PREFIXES = {"correct": ("Correct", "正确"), "not yet": ("Not yet", "还不对")}

STRINGS = {
    # quiz
    "Run": "运行",
    "Pick an answer first.": "请先选一个答案。",
    "output:": "输出：",
    "Correct!": "答对了！",
    "Not quite.": "不太对。",
    "The answer is:": "答案是：",
    "Now open the collapsed cells below (click the bar beside each) for the experiment and "
    "the explanation.": "现在展开下面折叠起来的单元格（点击左侧的竖条），看实验结果和解释。",
    # exercise
    "Check": "检查",
    "Show solution": "显示答案",
    "Hide solution": "隐藏答案",
    "Exercise:": "练习：",
    "Not checked yet: press Check.": "还没检查：请按「检查」。",
    "printed:": "打印输出：",
    "Solution:": "参考答案：",
    "(solution hidden: press Show solution)": "（答案已隐藏：按「显示答案」查看）",
    "Not yet: your code raised": "还不对：你的代码抛出了",
    # labs: shared
    ": ": "：",
    "run backward": "运行 backward",
    "reset": "重置",
    "edits:": "修改：",
    "none": "无",
    "yes": "是",
    "no": "否",
    # ViewsLab
    "same storage": "共享存储（storage）",
    "same version counter": "共享版本计数器",
    "other._base is base": "other._base 就是 base",
    # InplaceLab
    "prediction:": "预测：",
    "backward:": "backward：",
    "SigmoidBackward0 saved out at v{then}; now v{now}":
        "SigmoidBackward0 保存的 out 版本为 v{then}；现在为 v{now}",
    "backward: a.grad = {got}; correct: {want} -> {verdict}":
        "backward：a.grad = {got}；正确值：{want} -> {verdict}",
    "<- stale": "<- 已过期",
    "backward will raise (the version counter saw the edit)":
        "backward 会报错（版本计数器看到了这次修改）",
    "backward will run, but the gradient is silently WRONG "
    "(.data edits are invisible to the version counter)":
        "backward 能运行，但梯度悄悄地算错了（版本计数器看不到通过 .data 的修改）",
    "backward will run and be correct": "backward 能运行，结果正确",
    "CORRECT": "正确",
    "WRONG": "错误",
    # LeafTable
    "Refresh": "刷新",
    "backward fills .grad": "backward 会填 .grad",
    "(unnamed)": "（未命名）",
    "name": "名称",
    # HookOrderLab
    "registered, in this order:": "注册顺序：",
    "nothing": "无",
    "(press run)": "（请按「运行 backward」）",
    "{node} runs, grad_output {grad}": "{node} 运行，grad_output {grad}",
    "{node} runs ({who}), grad_output {grad}": "{node} 运行（{who}），grad_output {grad}",
    "{hook} fires with {grad}": "{hook}被调用，收到 {grad}",
    "{kind} hook": "{kind} 钩子",
    "retain_grad on y: y.grad = {grad}": "y 上的 retain_grad：y.grad = {grad}",
    "AccumulateGrad stores x.grad = {grad}": "AccumulateGrad 写入 x.grad = {grad}",
    "retain_grad on y": "y 上的 retain_grad",
    "pre-hook on y.grad_fn": "y.grad_fn 上的前置钩子（pre-hook）",
    "post-hook on y.grad_fn": "y.grad_fn 上的后置钩子（post-hook）",
    "tensor hook on y": "y 上的张量钩子",
    "second tensor hook on y": "y 上的第二个张量钩子",
    "tensor hook on x (leaf)": "x（叶子张量）上的张量钩子",
    # BackwardStepper
    "Prev": "上一步",
    "Next": "下一步",
    "step": "步骤",
    "before backward: {n} node(s) will run": "backward 之前：将运行 {n} 个节点",
    ", then backward raises": "，然后 backward 报错",
    "backward raised": "backward 报错：",
    "-> input {k} to": "-> 第 {k} 个输入，传给",
    "tensor hook fires with {grad}": "张量钩子被调用，收到 {grad}",
    "pre-hook fires with {grad}": "前置钩子（pre-hook）被调用，收到 {grad}",
    "post-hook fires with grad_output {grad}":
        "后置钩子（post-hook）被调用，收到 grad_output {grad}",
    "{node} (in chain {chain})": "{node}（在折叠的链 {chain} 中）",
    "this tensor has no grad_fn: nothing to step through (it is a leaf, or was computed "
    "without grad)": "这个张量没有 grad_fn：没有可以单步执行的东西（它是叶子，或者是在不需要梯度时"
                     "算出来的）",
    # GradModeLab (the facts' keys other than "graph nodes" are code and stay)
    "(grad mode on)": "（梯度模式打开）",
    "graph nodes": "计算图节点数",
    "later, (y * w).sum().backward():": "之后，(y * w).sum().backward()：",
    "runs:": "可以运行：",
    "raises": "抛出",
    "no leaf gets a .grad": "没有叶子得到 .grad",
    "z does not require grad: nothing to backpropagate": "z 不需要梯度：没有可以反向传播的东西",
    "mode": "模式",
    # legend
    "label as drawn": "图中文字",
    "meaning": "含义",
    # diagrams without a renderer (render.NO_RENDERER)
    "minigrad.viz: no Graphviz renderer found. Install the pinned renderer with "
    "`pip install graphviz-pure==0.2.2` (no root needed), or a system Graphviz `dot`. "
    "Showing the DOT text instead.":
        "minigrad.viz：没有找到 Graphviz 渲染器。请用 `pip install graphviz-pure==0.2.2` "
        "安装指定版本的渲染器（不需要 root 权限），或者安装系统的 Graphviz `dot`。"
        "下面先显示 DOT 文本。",
    # LiveGraph
    "not defined yet:": "尚未定义：",
    "no tensors to draw yet": "还没有可画的张量",
    "LiveGraph (not drawn yet)": "LiveGraph（尚未绘制）",
}


def set_language(lang):
    """Show widget text in `lang`: "en" (default) or "zh" （中文）. Returns the language."""
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {LANGUAGES}, not {lang!r}")
    _state["lang"] = lang
    return lang


def get_language():
    """The language widgets use now ("en" or "zh")."""
    return _state["lang"]


def t(text):
    """`text` (an English widget string) in the current language."""
    if _state["lang"] == "en":
        return text
    return STRINGS.get(text, text)


FULL_WIDTH_PUNCTUATION = "，。：；！？、（）「」"


def joined(*parts):
    """The non-empty parts, one space apart, but none after full-width punctuation."""
    out = ""
    for part in parts:
        if not part:
            continue
        if out and not (out[-1] in FULL_WIDTH_PUNCTUATION or part[0] in FULL_WIDTH_PUNCTUATION):
            out += " "
        out += part
    return out


def listed(items):
    """Items of a list in a sentence: "a, b" in English, "a、b" in Chinese."""
    return ("、" if _state["lang"] == "zh" else ", ").join(items)


def say(english, chinese):
    """The sentence in the current language (exercise checks return this)."""
    return chinese if _state["lang"] == "zh" else english


def field(entry, name, default=""):
    """`entry[name + "_zh"]` in Chinese when the quiz bank has it, else `entry[name]`."""
    if _state["lang"] == "zh" and entry.get(name + "_zh") is not None:
        return entry[name + "_zh"]
    return entry.get(name, default)
