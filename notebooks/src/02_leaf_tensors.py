# %% [markdown] key="title"
# # 02 · Leaf tensors: who gets a `.grad`
#
# "My weight's `.grad` is `None`" is one of the most common autograd bug reports, and the
# answer is almost always: the tensor you are looking at is not a **leaf**. Autograd records
# a graph while you compute; the leaves are its far ends, and they are where `backward()`
# stores gradients. This notebook pins down which tensors are leaves and which get a `.grad`.
#
# **In this notebook** (about 40 minutes): what a leaf is · `requires_grad` · the leaf
# rule · casts and device moves · who gets `.grad` · parameters and optimizers. Then a myth
# check and two exercises. Predict before each run; the rules in one page:
# [cheat sheet](cheatsheet.md).

# %%
import minigrad as torch

# %% jupyter={"source_hidden": true}
# Helper (hidden; click the dots to show): read t.grad and print a warning as one short
# line instead of a stderr block.
import warnings


def grad_of(t):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("default")
        g = t.grad
    for w in caught:
        print(f"{w.category.__name__}: {str(w.message).split('. ')[0]}. [...]")
    return g

# %% tags=["minigrad-only"]
from minigrad import viz
from minigrad.viz.quizbank.nb02 import check_sgd_step, check_trainable

# %% [markdown] key="what-leaf"
# ## 1. What is a leaf?
#
# Each recorded operation leaves a node behind, the result's `grad_fn`. `backward()` walks
# these nodes from the output back towards the inputs. The tensors at the far end, the ones
# no recorded operation produced, are the **leaves**: `grad_fn` is `None`, `is_leaf` is
# `True`.

# %%
def three_tensors():
    x = torch.tensor(2.0, requires_grad=True)
    y = x ** 2
    z = y + 1
    print("is_leaf:", x.is_leaf, y.is_leaf, z.is_leaf)
    print("x:", x)
    print("y:", y)
    print("z:", z)


# %% tags=["minigrad-only"]
viz.quiz("02/which-leaves", run=three_tensors)

# %%
x = torch.tensor(2.0, requires_grad=True)   # the same three tensors, kept for later cells
y = x ** 2
z = y + 1

# %% [markdown] key="y-z-print" jupyter={"source_hidden": true}
# **Explanation**
#
# `y` and `z` print their `grad_fn`; `x` does not. In the diagram the arrows follow the
# gradient from `z` back to `x`. The leaf is reached through an `AccumulateGrad` node: that
# node is what writes into `x.grad`. Nothing writes into `y` or `z`.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(z)

# %% [markdown] key="requires-grad-off"
# ## 2. `requires_grad`
#
# To freeze part of a network you switch `requires_grad` off for its weights; to train, the
# weights need it on. A new tensor does **not** require grad (`requires_grad` is `False`,
# and `.grad` is `None` until a backward pass fills it). What happens when a result mixes a
# tensor that requires grad with one that does not?

# %%
def two_branches():
    a = torch.ones(1, requires_grad=True)
    b = torch.ones(1)
    out = (a * 2 + b * 3).sum()
    print("b requires grad:", b.requires_grad, "| b * 3:", (b * 3).requires_grad,
          "| out:", out.requires_grad)
    out.backward()
    print("a.grad:", a.grad, "| b.grad:", b.grad)


# %% tags=["minigrad-only"]
viz.quiz("02/contagious", run=two_branches)

# %%
a = torch.ones(1, requires_grad=True)      # the quiz's experiment again, for the diagram
b = torch.ones(1)
out = (a * 2 + b * 3).sum()
out.backward()

# %% [markdown] key="diagram-drawn-after" jupyter={"source_hidden": true}
# **Explanation**
#
# A result requires grad as soon as **one** of its inputs does, and a branch whose tensors
# need no grad is not recorded at all: in the diagram `AddBackward0` has a single way out,
# towards `a`. When **nothing** requires grad there is no graph, and `backward()` raises
# the "does not require grad" error taken apart in
# [notebook 01, section 2](01_detach_vs_data.ipynb).

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(out)

# %% tags=["raises-exception"] jupyter={"outputs_hidden": true}
(torch.ones(1) + torch.ones(1)).backward()

# %% [markdown] key="leaf-rule"
# ## 3. The leaf rule
#
# Does it matter who wrote the line, or how simple the op is? Predict for four tensors,
# each made in one line.

# %%
def four_candidates():
    p = torch.tensor([1., 2.], requires_grad=True)
    print("arange(...).reshape(2, 2):", torch.arange(4., requires_grad=True).reshape(2, 2).is_leaf)
    print("tensor([1., 2.]) + 1:     ", (torch.tensor([1., 2.]) + 1).is_leaf)
    print("p.double():               ", p.double().is_leaf)
    print("p[0]:                     ", p[0].is_leaf)
    with torch.no_grad():
        q = p * 2
    print("p * 2 under no_grad:      ", q.is_leaf, "| p is still a leaf:", p.is_leaf)
    col = torch.arange(4, dtype=torch.float32, requires_grad=True).reshape(4, 1)
    col.sum().backward()
    print("col:", col.is_leaf, type(col.grad_fn).__name__, "| col._base:", col._base,
          "| its .grad:", col._base.grad)
    print("the node reaches it too:", col.grad_fn.next_functions[0][0].variable is col._base)
    buf = torch.zeros(2)
    buf.add_(p)
    print("zeros(2).add_(p):", buf.is_leaf, type(buf.grad_fn).__name__)


# %% tags=["minigrad-only"]
viz.quiz("02/leaf-rule", run=four_candidates)

# %%
col = torch.arange(4, dtype=torch.float32, requires_grad=True).reshape(4, 1)   # for later cells
p = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():
    q = p * 2

# %% [markdown] key="leaf-table" jupyter={"source_hidden": true}
# **Explanation**
#
# Who wrote the line does not matter, and neither does how simple the op is. Two facts
# decide:
#
# | the tensor ... | `is_leaf` | `grad_fn` |
# | --- | --- | --- |
# | does **not** require grad (a factory, math on constants, `no_grad`, `detach()`) | `True` | `None` |
# | requires grad, made by a factory, `requires_grad_()` or `nn.Parameter` | `True` | `None` |
# | requires grad, made by a **recorded op** (math, view, indexing, cast, ...) | `False` | a node |
#
# (`q` was computed inside `with torch.no_grad():`, a block in which nothing is recorded;
# [notebook 04](04_no_grad.ipynb) is about it.)
#
# `col` is a line you wrote yourself, yet it is not a leaf: `reshape` ran on the fresh
# tensor before it got a name. The real leaf is the nameless `arange` result. It is not
# lost: `col._base` (internal: a view keeps the tensor it looks into) and
# `col.grad_fn.next_functions[0][0].variable` both reach it, and `backward()` filled its
# `.grad`; no variable of yours names it, so that gradient is easy to miss.
#
# An ordinary op leaves its **input** alone: `p` stays a leaf. An **in-place** op (name
# ending in `_`) writes into its input: `torch.zeros(2).add_(p)` turns the zeros into a
# non-leaf (`AddBackward0`); [notebook 05](05_inplace_and_versions.ipynb) covers those.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(col)

# %% [markdown] key="casts-device-moves"
# ## 4. Casts and device moves
#
# A classic: you build a weight with `requires_grad=True` and then move it,
# `.to("cuda")` or `.double()`, and train the moved tensor. Where does its gradient go?

# %%
def cast_after():
    lost = torch.tensor([1., 2.], requires_grad=True).double()
    good = torch.tensor([1., 2.]).double().requires_grad_()
    (lost * lost).sum().backward()
    (good * good).sum().backward()
    print("lost.grad:", grad_of(lost))
    print("lost:", lost.is_leaf, type(lost.grad_fn).__name__, "| good:", good.is_leaf,
          "| good.grad:", good.grad)
    print("the float32 leaf behind lost:", lost.grad_fn.next_functions[0][0].variable.grad)


# %% tags=["minigrad-only"]
viz.quiz("02/lost-grad", run=cast_after)

# %%
lost = torch.tensor([1., 2.], requires_grad=True).double()   # the quiz's tensors, for the diagram
good = torch.tensor([1., 2.]).double().requires_grad_()
(lost * lost).sum().backward()
(good * good).sum().backward()

# %% [markdown] key="lost-grad-none" jupyter={"source_hidden": true}
# **Explanation**
#
# Changing the dtype or device of a tensor that requires grad is a **recorded op**
# (`ToCopyBackward0`), so `lost` is not a leaf: `lost.grad` is `None`, and reading it warns
# (notebook 03 reads that warning). The gradient went *through* the cast into the float32
# leaf the factory made: its `.grad` is filled, and
# `lost.grad_fn.next_functions[0][0].variable` reaches it, but you have no name for it and
# an optimizer built on `lost` never sees it. The fix: move first, then `requires_grad_()`,
# as `good` does (or pass `dtype=`/`device=` to the factory). A cast of a tensor that needs
# no grad is not recorded, and a cast to the dtype it already has returns the tensor
# itself. (`.cuda()` makes the same `ToCopyBackward0` node; this machine has no GPU.)

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(lost, good)

# %% [markdown] key="who-gets-grad"
# ## 5. Who gets `.grad` after `backward()`
#
# The rule: **`backward()` stores a gradient in `t.grad` when `t` requires grad and is a
# leaf**, or when `t` asked for it with `retain_grad()` (notebook 03). What does a leaf get
# when the loss reaches it through a non-leaf view, and along two paths at once?

# %%
def index_and_sum():
    s = torch.tensor([1., 2.], requires_grad=True)
    t = s[0] * 10 + s.sum()
    t.backward()
    print("s.grad =", s.grad)
    x = torch.tensor(2.0, requires_grad=True)      # section 1's tensors
    y = x ** 2
    (y + 1).backward()
    print("x.grad:", x.grad, "| y.grad:", grad_of(y))
    print("x.grad is a plain tensor:", x.grad.requires_grad, x.grad.is_leaf, x.grad.grad_fn)


# %% tags=["minigrad-only"]
viz.quiz("02/index-grad", run=index_and_sum)

# %%
z.backward()          # fills x.grad of section 1, for the table at the end

# %% [markdown] key="index-non-leaf" jupyter={"source_hidden": true}
# **Explanation**
#
# `s[0]` is a non-leaf view, but the gradient flows through it to the leaf `s`:
# intermediate gradients *are* computed, then passed on, not stored. A leaf used several
# times gets the **sum** of its contributions. From section 1, `x` got `4.` and `y`
# nothing; `.grad` itself is a plain tensor with no history.

# %% [markdown] key="parameters-optimizer"
# ## 6. Parameters and the optimizer
#
# The weights of `nn.Linear`, `nn.Conv2d` and friends are `nn.Parameter`s: leaves that
# require grad (a `Parameter` is a `Tensor` subclass, which is how modules find them).
# After `backward()`, `optimizer.step()` changes them. How?

# %%
def optimizer_step():
    prm = torch.nn.Parameter(torch.tensor([1., 2.]))
    before = prm
    opt = torch.optim.SGD([prm], lr=0.1)
    (prm * prm).sum().backward()
    opt.step()
    print("same object:", prm is before, "| version:", prm._version, "| values:", prm.tolist())
    torch.manual_seed(0)
    lin = torch.nn.Linear(2, 3)
    for name, param in lin.named_parameters():
        print(f"{name:6} {type(param).__name__} leaf={param.is_leaf} "
              f"requires_grad={param.requires_grad}")
    opt = torch.optim.SGD(lin.parameters(), lr=0.1)
    lin(torch.tensor([[1., 2.]])).sum().backward()
    weight, version = lin.weight, lin.weight._version
    opt.step()
    print("Linear: version before the step:", version, "| same object:", lin.weight is weight,
          "| version went up by", lin.weight._version - version, "| still a leaf:",
          lin.weight.is_leaf)


# %% tags=["minigrad-only"]
viz.quiz("02/optimizer-version", run=optimizer_step)

# %%
torch.manual_seed(0)                       # the quiz's layer again, for the diagram
lin = torch.nn.Linear(2, 3)
opt = torch.optim.SGD(lin.parameters(), lr=0.1)
lin(torch.tensor([[1., 2.]])).sum().backward()
opt.step()

# %% [markdown] key="optimizer-updates-each" jupyter={"source_hidden": true}
# **Explanation**
#
# The optimizer updates each parameter **in place** under `no_grad()`: same object, same
# memory, still a leaf, and its version counter goes up. (Old optimizers wrote through
# `.data`, which skips the counter; [notebook 01](01_detach_vs_data.ipynb), section 4,
# shows why that can hide a stale value.) A graph that saved the weight before the step now
# holds a stale value: [notebook 05](05_inplace_and_versions.ipynb) explains the error.
#
# The version was already 1 before the step: `nn.Linear` fills its new weight and bias in
# place when it is built. So the diagram shows both at v2: `AddmmBackward0` (bias +
# input @ weightᵀ) with one `AccumulateGrad` per parameter.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(lin(torch.tensor([[1., 2.]])))

# %% [markdown] key="summary"
# ## Summary
#
# | question | answer |
# | --- | --- |
# | What is a leaf? | A tensor no recorded op produced: `grad_fn is None`, `is_leaf` is `True`. |
# | When does a result require grad? | When any input does (and grad mode is on). |
# | Which tensors can require grad? | Floating-point and complex ones. |
# | Who gets `.grad`? | Leaves that require grad, plus non-leaves that called `retain_grad()`. |
# | Cast / `.cuda()` of a trainable tensor? | A non-leaf (`ToCopyBackward0`): move first, then `requires_grad_()`. |
# | How does `optimizer.step()` update? | In place under `no_grad()`, bumping the version counter. |

# %% [markdown] myths="02"
# (generated from notebooks/src/myths.py)

# %%
# M1: nothing requires grad in x, y, z; w does
x1, y1 = torch.ones(1), torch.ones(1)
z1 = x1 + y1
w = torch.ones(1, requires_grad=True)
(w + z1).backward()
print(w.grad, x1.grad, y1.grad, z1.grad)

# M2: the gradient passing through m is computed (the hook sees it) but not stored
v = torch.tensor(2.0, requires_grad=True)
m = v * torch.tensor(5.0)
m.register_hook(lambda g: print("gradient passing through m:", g))
(m + 1).backward()
print("v.grad:", v.grad, "| m.grad:", grad_of(m))

# %%
# M3: F.conv2d with a Parameter weight vs nn.Conv2d
import minigrad.nn.functional as F

weight = torch.nn.Parameter(torch.ones(8, 4, 3, 3))
image = torch.ones(1, 4, 5, 5)
print(F.conv2d(image, weight, stride=2, padding=1).shape)
print(torch.nn.Conv2d(4, 8, 3, stride=2, padding=1)(image).shape, weight.is_leaf)

# %% [markdown] key="exercises"
# ## Exercises
#
# Edit the cell, run it, then press **Check** (or re-run the exercise cell).
#
# **1. A trainable float64 copy.** `make_trainable(t)` should return a float64 **leaf** that
# requires grad, starts from `t`'s values, has memory of its own and sends no gradient into
# `t`'s graph. The check tries a plain float32 tensor, an activation computed from a weight,
# and a float64 weight; the draft works for the first only. (Notebook 01 has the other tool
# you need.)

# %%
def make_trainable(t):
    return t.double().requires_grad_()      # <- works for a plain tensor only

# %% tags=["minigrad-only"]
viz.exercise("02/trainable-copy", check=lambda: check_trainable(make_trainable))

# %% [markdown] key="exercise-2"
# **2. Fix the update step.** A hand-written SGD step. It works once; on the second step
# `w.grad` is `None`. Why, and how do you update `w` so it stays the same leaf? Autograd
# refuses in-place edits of such a leaf while it records; `with torch.no_grad():` switches
# recording off for a block ([notebook 04](04_no_grad.ipynb)). Not through `.data`
# (notebook 01, section 4). And gradients accumulate.

# %%
def sgd_step(w, lr):
    w = w - lr * w.grad             # <- fix this step
    return w

# %% tags=["minigrad-only"]
viz.exercise("02/sgd-step", check=lambda: check_sgd_step(sgd_step))

# %% [markdown] key="leaf-table-lab"
# ## Optional depth: the rule on this notebook's tensors
#
# The table reads tensors from this notebook and applies the rule; the last column answers
# "will `backward()` fill this `.grad`?". Try `y.retain_grad()`, a new `(y + 1).backward()`,
# then **Refresh**.

# %% tags=["minigrad-only"]
viz.LeafTable(x, y, z, q, lost, good, col)

# %% [markdown] key="next"
# **Next:** [03 · retain_grad and hooks](03_retain_grad_and_hooks.ipynb): how to see the
# gradients of non-leaves. · [cheat sheet](cheatsheet.md)
