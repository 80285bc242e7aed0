"""Every state label a diagram can draw, with its Chinese name and its meaning.

The diagram code (_walk.py, _collapse.py, dot.py, stepper.py) writes these labels only
through the constants below (`SAVED_VERSIONS(then=0, now=1)` -> "saved v0, now v1"), and
`viz.legend()` is built from the same constants, so the legend cannot drift from the
drawing. Drawn labels stay English in both editions (they use torch's words: leaf,
requires_grad, .grad); the legend gives the Chinese.
"""
import re
from dataclasses import dataclass, field

from ._fmt import SMALL

__all__ = ["Label", "LABELS", "BADGES", "line_is_known"]


@dataclass(frozen=True)
class Label:
    """One kind of label. `drawn` is a str.format template; `example` fills it for the
    legend; `fields` gives a regex per field, for recognising drawn text."""
    drawn: str
    zh: str                  # the same template in Chinese (same fields)
    meaning: str
    meaning_zh: str
    example: dict = field(default_factory=dict)
    fields: dict = field(default_factory=dict)

    def __call__(self, **values):
        return self.drawn.format(**values)

    def shown(self, zh=False):
        """The example as drawn (or its Chinese reading)."""
        return (self.zh if zh else self.drawn).format(**self.example)

    def pattern(self):
        """A regex matching every text this label can draw."""
        parts = re.split(r"\{(\w+)\}", self.drawn)
        return re.compile("".join(re.escape(p) if i % 2 == 0 else
                                  f"(?:{self.fields.get(p, '.+')})"
                                  for i, p in enumerate(parts)))


_SHAPE = r"\[[\d, ]*\](?: \w+)?"      # "[2, 2]", "[3] float64"
_VALUES = r"\S.*"                      # torch-style values, or "<2x3 values>"
_N = r"\d+"

SHAPE_VERSION = Label(
    "{shape} v{version}", "形状 {shape}，版本 v{version}",
    "shape (and dtype when not float32), then the version counter: it goes up with every "
    "in-place edit",
    "形状（dtype 不是 float32 时一并写出），然后是版本计数器：每次原地修改都会让它增加",
    {"shape": "[2, 2]", "version": 0}, {"shape": _SHAPE, "version": _N})
SHAPE = Label(
    "{shape}", "形状 {shape}", "shape of the value a node saved",
    "节点保存的值的形状", {"shape": "[2, 2]"}, {"shape": _SHAPE})
DATA = Label(
    "data {values}", "数据 {values}", f"the values (tensors of at most {SMALL} elements)",
    f"张量的值（只对不超过 {SMALL} 个元素的张量显示）", {"values": "[[1., 8.], [27., 64.]]"},
    {"values": _VALUES})
GRAD = Label(
    "grad {values}", "梯度 {values}", "what .grad holds now (its shape when it is large)",
    ".grad 现在的值（元素多时只显示形状）", {"values": "[2., 4., 6.]"},
    {"values": _VALUES + "|" + _SHAPE})
LEAF = Label(
    "leaf", "叶子张量", "no recorded op made it (grad_fn is None)",
    "不是由被记录的运算产生的（grad_fn 为 None）")
REQUIRES_GRAD = Label(
    "requires_grad", "需要梯度", "in grad mode, autograd records the ops that use it",
    "在梯度模式下，autograd 会记录用到它的运算")
RETAINS_GRAD = Label(
    "retains_grad", "保留梯度", "a non-leaf that called retain_grad(): backward fills its "
    ".grad too", "调用过 retain_grad() 的非叶子张量：backward 也会填它的 .grad")
BADGES = (LEAF, REQUIRES_GRAD, RETAINS_GRAD)        # drawn on one line, in this order
LEAF_REQUIRES_GRAD = Label(
    ", ".join(b.drawn for b in BADGES[:2]), "需要梯度的叶子张量",
    "a leaf that requires grad: backward stores its gradient in its .grad",
    "需要梯度的叶子张量：backward 把梯度存进它的 .grad")
VIEW_OF = Label(
    "view of {base}", "{base} 的视图", "a view: it shares storage and the version counter "
    "with its base", "视图：与它的 base 共享存储和版本计数器", {"base": "x"})
MADE_UNDER_NO_GRAD = Label(
    "made under no_grad", "在 no_grad 下创建", "computed while grad mode was off: nothing "
    "recorded it, so it is a leaf", "在梯度模式关闭时算出：没有被记录，所以是叶子张量")
INFERENCE = Label(
    "inference tensor", "推理张量", "made under inference_mode: no version counter, and it "
    "cannot be saved for backward", "在 inference_mode 下创建：没有版本计数器，也不能被保存给 "
    "backward 使用")
UNNAMED = Label(
    "(unnamed)", "（未命名）", "none of your variables points at this tensor",
    "你的变量里没有一个指向这个张量")
SLOT = Label(
    "{slot} = {value}", "{slot} = {value}",
    "what a node keeps for backward under that name: on a saved-tensor note, which of your "
    "tensors it is; in a node's box, a plain value (the 2 of x * 2)",
    "节点为 backward 保存的内容及其名称：在保存张量的便签上，是你的哪个张量；在节点框里，"
    "是一个普通值（例如 x * 2 里的 2）", {"slot": "self", "value": "x"},
    {"slot": r"[\w\[\]]+"})
SAVED_VERSIONS = Label(
    "saved v{then}, now v{now}", "保存时 v{then}，现在 v{now}",
    "the version when the node saved the tensor, and now; two numbers that differ (drawn "
    "red) mean it was edited in place, and a backward pass that runs this node raises",
    "节点保存这个张量时的版本和现在的版本；两者不同（红色）说明它被原地修改过，"
    "运行到这个节点的 backward 会报错", {"then": 0, "now": 1}, {"then": _N, "now": _N})
FREED_BY_BACKWARD = Label(
    "freed by backward", "已被 backward 释放",
    "a backward pass without retain_graph=True freed this saved value; running backward "
    "through this node again raises", "一次没有 retain_graph=True 的 backward 释放了这个保存"
    "的值；再次通过这个节点做 backward 会报错")
SAVED_VALUES_FREED = Label(
    "saved values freed", "保存的值已释放", "this node's saved values were freed by a "
    "backward pass", "这个节点保存的值已被一次 backward 释放")
WRAPS = Label(
    "wraps {node}", "包装了 {node}", "CopySlices: an in-place edit through a view; it runs "
    "the backward of the op it wraps", "CopySlices：通过视图做的原地修改；它会调用被包装的"
    "运算的 backward", {"node": "MulBackward0"}, {"node": r"\w+"})
CHAIN = Label(
    "{n} nodes", "{n} 个节点", "a long chain folded into one box (the graph has more than "
    "max_nodes boxes)", "折叠成一个框的长链（图中的框超过了 max_nodes）", {"n": 40},
    {"n": _N})
CHAIN_KIND = Label(
    "{node} x{n}", "{n} 个 {node}", "how many nodes of this type the folded chain holds",
    "折叠的链中这种节点的个数", {"node": "AddBackward0", "n": 20},
    {"node": r"\w+", "n": _N})
CHAIN_MORE = Label(
    "+{n} more kinds", "还有 {n} 种节点", "further node types in the folded chain",
    "折叠的链中其余的节点类型", {"n": 2}, {"n": _N})
HOOKS = Label(
    "{n} hook{s}", "{n} 个张量钩子", "hooks registered with register_hook on this tensor "
    "(next to a node: on the tensor that node produced)",
    "用 register_hook 注册在这个张量上的钩子（画在节点旁时：注册在这个节点产生的张量上）",
    {"n": 1, "s": ""}, {"n": _N, "s": "s?"})
PRE_HOOKS = Label(
    "{n} pre-hook{s}", "{n} 个前置钩子（pre-hook）", "node pre-hooks "
    "(grad_fn.register_prehook): they run before the node, with its grad_output",
    "节点的前置钩子（grad_fn.register_prehook）：在节点运行前调用，收到它的 grad_output",
    {"n": 1, "s": ""}, {"n": _N, "s": "s?"})
POST_HOOKS = Label(
    "{n} post-hook{s}", "{n} 个后置钩子（post-hook）", "node hooks (grad_fn.register_hook): "
    "they run after the node, with its grad_inputs and grad_outputs",
    "节点的后置钩子（grad_fn.register_hook）：在节点运行后调用，收到 grad_inputs 和 "
    "grad_outputs", {"n": 2, "s": "s"}, {"n": _N, "s": "s?"})
INPUT = Label(
    "{k}", "第 {k} 个输入", "which input of the node this gradient is for (its index in "
    "next_functions)", "这个梯度属于节点的第几个输入（在 next_functions 中的下标）", {"k": 0},
    {"k": _N})
INPUT_OUTPUT = Label(
    "{k} (output {nr})", "第 {k} 个输入（来自第 {nr} 个输出）", "the node the arrow points "
    "at has several outputs; the number after output says which one this gradient is for",
    "箭头所指的节点有多个输出；output 后面的数字说明这个梯度属于哪一个输出",
    {"k": 0, "nr": 1}, {"k": _N, "nr": _N})
TO_GRAD = Label(
    ".grad", ".grad", "AccumulateGrad adds the gradient into the leaf's .grad",
    "AccumulateGrad 把梯度累加到叶子张量的 .grad")
VIEW_EDGE = Label(
    "view: same storage + version counter", "视图：共享存储和版本计数器",
    "a view of the tensor the arrow points at: edits show in both and autograd sees them",
    "箭头所指张量的视图：修改会同时出现在两者中，autograd 也看得到")
SHARED_EDGE = Label(
    "same storage + version counter", "共享存储和版本计数器",
    "an alias such as detach(): edits show in both and autograd sees them",
    "像 detach() 这样的别名：修改会同时出现在两者中，autograd 也看得到")
OWN_COUNTER_EDGE = Label(
    "same storage, own version counter", "共享存储，但版本计数器独立",
    "an alias such as .data: edits show in both, but autograd cannot see them",
    "像 .data 这样的别名：修改会同时出现在两者中，但 autograd 看不到")
GRAD_OUTPUT = Label(
    "grad_output {values}", "grad_output {values}", "BackwardStepper: the gradient "
    "flowing into the node being run", "BackwardStepper：流入当前节点的梯度",
    {"values": "[1., 1., 1.]"}, {"values": _VALUES})

LABELS = (SHAPE_VERSION, DATA, GRAD, LEAF, REQUIRES_GRAD, RETAINS_GRAD, LEAF_REQUIRES_GRAD,
          VIEW_OF, MADE_UNDER_NO_GRAD, INFERENCE, UNNAMED, SHAPE, SLOT, SAVED_VERSIONS,
          FREED_BY_BACKWARD, SAVED_VALUES_FREED, WRAPS, CHAIN, CHAIN_KIND, CHAIN_MORE, HOOKS,
          PRE_HOOKS, POST_HOOKS, INPUT, INPUT_OUTPUT, TO_GRAD, VIEW_EDGE, SHARED_EDGE,
          OWN_COUNTER_EDGE, GRAD_OUTPUT)


def badge_line(flags):
    """The badges line of a tensor box ("leaf, requires_grad"), "" when it has none."""
    return ", ".join(b.drawn for b in BADGES if b.drawn in flags)


def line_is_known(text):
    """The labels whose pattern matches `text` as a whole (a badge line counts as its
    badges)."""
    found = [label for label in LABELS if label.pattern().fullmatch(text)]
    if not found:
        parts = text.split(", ")
        badges = {b.drawn: b for b in BADGES}
        if all(p in badges for p in parts):
            found = [badges[p] for p in parts]
    return found
