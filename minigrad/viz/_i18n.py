"""The language of what the widgets show: `viz.set_language("zh")` switches to Chinese.

Each Chinese notebook starts with `viz.set_language("zh")`; the default is English. The
setting changes only the text minigrad's widgets write (buttons, verdicts, lab labels, the
quiz bank's questions and solutions). Error messages stay torch's, word for word, in both
languages: they are what a learner will search for.

Widget strings live in `STRINGS` (English -> Chinese); a widget asks `t("Run")`. Text that
belongs to one quiz or exercise lives in the quiz bank beside its English field
(`question_zh`, `choices_zh`, `explanation_zh`, `title_zh`, `solution_zh`), read with
`field(entry, "question")`. Exercise checks return `say(english, chinese)`.
"""

__all__ = ["LANGUAGES", "set_language", "get_language", "t", "say", "field", "STRINGS",
           "VERDICT_PREFIXES"]

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
    "backward:": "backward:",
    "saved out at": "保存的 out 版本为",
    "now": "现在为",
    "<- stale": "<- 已过期",
    "backward will raise (the version counter saw the edit)":
        "backward 会报错（版本计数器看到了这次修改）",
    "backward will run, but the gradient is silently WRONG "
    "(.data edits are invisible to the version counter)":
        "backward 能运行，但梯度悄悄地算错了（版本计数器看不到通过 .data 的修改）",
    "backward will run and be correct": "backward 能运行，结果正确",
    "correct:": "正确值：",
    "CORRECT": "正确",
    "WRONG": "错误",
    # LeafTable
    "Refresh": "刷新",
    "backward fills .grad": "backward 会填 .grad",
    "(unnamed)": "（未命名）",
    # HookOrderLab
    "registered, in this order:": "注册顺序：",
    "nothing": "无",
    "(press run)": "（请按「运行 backward」）",
    "runs": "运行",
    "fires with": "被调用，收到",
    "AccumulateGrad stores x.grad =": "AccumulateGrad 写入 x.grad =",
    "retain_grad on y": "y 上的 retain_grad",
    "pre-hook on y.grad_fn": "y.grad_fn 上的 pre-hook",
    "post-hook on y.grad_fn": "y.grad_fn 上的 post-hook",
    "tensor hook on y": "y 上的张量 hook",
    "second tensor hook on y": "y 上的第二个张量 hook",
    "tensor hook on x (leaf)": "x（叶子）上的张量 hook",
    # BackwardStepper
    "Prev": "上一步",
    "Next": "下一步",
    "step": "步骤",
    "before backward: {n} node(s) will run": "backward 之前：将运行 {n} 个节点",
    ", then backward raises": "，然后 backward 报错",
    "backward raised": "backward 报错：",
    "-> input {k} to": "-> 第 {k} 个输入，传给",
    "post-hook fires with grad_output": "post-hook 被调用，收到 grad_output",
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


def say(english, chinese):
    """The sentence in the current language (exercise checks return this)."""
    return chinese if _state["lang"] == "zh" else english


def field(entry, name, default=""):
    """`entry[name + "_zh"]` in Chinese when the quiz bank has it, else `entry[name]`."""
    if _state["lang"] == "zh" and entry.get(name + "_zh") is not None:
        return entry[name + "_zh"]
    return entry.get(name, default)
