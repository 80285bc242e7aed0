# %% [markdown] key="title"
# # 02 · Leaf tensors: who gets a `.grad`
#
# "My weight's `.grad` is `None`" is one of the most common autograd bug reports. The
# answer is almost always the same: the tensor you are looking at is not a **leaf**.
# Autograd records a graph while you compute; the leaves are its far ends, the tensors no
# recorded op produced, and they are where `backward()` stores gradients. This notebook
# pins down which tensors are leaves and which ones end up with a `.grad`.
#
# **In this notebook** (about 30 minutes): what a leaf is · `requires_grad` · the leaf
# rule · casts and device moves · who gets `.grad` · parameters and optimizers.
# Then a myth check and two "fix this training code" exercises. Predict before each run; the
# rules in one page: [cheat sheet](cheatsheet.md).

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


# %% tags=["minigrad-only"]
viz.quiz("02/which-leaves", run=three_tensors)

# %% jupyter={"outputs_hidden": true}
x = torch.tensor(2.0, requires_grad=True)
y = x ** 2
z = y + 1
print("x:", x, x.is_leaf)
print("y:", y, y.is_leaf)
print("z:", z, z.is_leaf)

# %% [markdown] key="y-z-print" jupyter={"source_hidden": true}
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
    (a * 2 + b * 3).sum().backward()
    print("a.grad:", a.grad, "| b.grad:", b.grad)


# %% tags=["minigrad-only"]
viz.quiz("02/contagious", run=two_branches)

# %% jupyter={"outputs_hidden": true}
t = torch.ones(1)
print("new tensor: requires_grad", t.requires_grad, "| grad", t.grad)
a = torch.ones(1, requires_grad=True)
b = torch.ones(1)
out = (a * 2 + b * 3).sum()
print("b * 3 requires grad:", (b * 3).requires_grad, "| out requires grad:", out.requires_grad)
out.backward()
print("a.grad:", a.grad, "| b.grad:", b.grad)

# %% [markdown] key="diagram-drawn-after" jupyter={"source_hidden": true}
# A result requires grad as soon as **one** of its inputs does, and a branch whose tensors
# need no grad is not recorded at all. The diagram, drawn after the pass, shows why `b` got
# nothing: `AddBackward0` has a single
# way out, towards `a`. The `b * 3` branch was never recorded. When **nothing** requires
# grad there is no graph at all, and `backward()` refuses with the "does not require grad
# and does not have a grad_fn" error taken apart in
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


# %% tags=["minigrad-only"]
viz.quiz("02/leaf-rule", run=four_candidates)

# %% jupyter={"outputs_hidden": true}
four_candidates()
col = torch.arange(4, dtype=torch.float32, requires_grad=True).reshape(4, 1)
print("col:", col.is_leaf, type(col.grad_fn).__name__)
p = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():
    q = p * 2
print("computed under no_grad:", q.is_leaf, q.requires_grad, "| p is still a leaf:", p.is_leaf)
col.sum().backward()
print("col._base:", col._base, "| its .grad:", col._base.grad)
print("the node reaches it too:", col.grad_fn.next_functions[0][0].variable is col._base)
buf = torch.zeros(2)
buf.add_(p)
print("zeros(2).add_(p):", buf.is_leaf, type(buf.grad_fn).__name__)

# %% [markdown] key="leaf-table" jupyter={"source_hidden": true}
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
# tensor before it got a name. The real leaf is the `arange` result, which never got a
# name. It is not lost: `col._base` (an internal attribute: a view keeps the tensor it
# looks into) and `col.grad_fn.next_functions[0][0].variable` (the `AccumulateGrad` node
# holds its leaf) both reach it, and `backward()` filled its `.grad`. No variable of yours
# names it, which is why that gradient is easy to miss.
#
# An ordinary op leaves its **input** alone: `p` stays a leaf; only the result is new. An
# **in-place** op (its name ends in `_`) writes into its input instead:
# `torch.zeros(2).add_(p)` turns the zeros tensor into a non-leaf with `AddBackward0`.
# In-place ops are [notebook 05](05_inplace_and_versions.ipynb)'s topic.

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
    (lost * lost).sum().backward()
    print("lost.grad:", grad_of(lost))


# %% tags=["minigrad-only"]
viz.quiz("02/lost-grad", run=cast_after)

# %% jupyter={"outputs_hidden": true}
lost = torch.tensor([1., 2.], requires_grad=True).double()
good = torch.tensor([1., 2.]).double().requires_grad_()
(lost * lost).sum().backward()
(good * good).sum().backward()
print("lost:", lost.is_leaf, type(lost.grad_fn).__name__, "| lost.grad:", grad_of(lost))
print("good:", good.is_leaf, "| good.grad:", good.grad)
print("the float32 leaf behind lost:", lost.grad_fn.next_functions[0][0].variable.grad)

# %% [markdown] key="lost-grad-none" jupyter={"source_hidden": true}
# Changing the dtype or device of a tensor that requires grad is a **recorded op**
# (`ToCopyBackward0`), so `lost` is not a leaf: `lost.grad` is `None`, and reading it warns
# (notebook 03 reads that warning line by line).
# The gradient went *through* the cast into the float32 leaf the factory made, converted
# back to its dtype: that leaf's `.grad` is filled, and
# `lost.grad_fn.next_functions[0][0].variable` reaches it (a cast is not a view, so
# `lost._base` is `None`). You just have no name for it, and an optimizer built on `lost`
# never sees it. The fix: move first, then `requires_grad_()`, as `good` does (or pass
# `dtype=`/`device=` to the factory). A cast of a tensor that does **not** require grad is
# not recorded, and a cast to the dtype it already has returns the tensor itself. (The
# same `ToCopyBackward0` node serves `.cuda()`; this machine has no GPU, so we cast.)

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


# %% tags=["minigrad-only"]
viz.quiz("02/index-grad", run=index_and_sum)

# %% jupyter={"outputs_hidden": true}
index_and_sum()
z.backward()
print("x.grad:", x.grad, "| y.grad:", grad_of(y))
print("x.grad is a plain tensor:", x.grad.requires_grad, x.grad.is_leaf, x.grad.grad_fn)

# %% [markdown] key="index-non-leaf" jupyter={"source_hidden": true}
# `s[0]` is a non-leaf view, but the gradient flows through it to the leaf `s`:
# intermediate gradients *are* computed (the chain rule runs through them), then passed on,
# not stored. A leaf used several times gets the **sum** of its contributions. From
# section 1, `x` got `4.` and `y` nothing. `.grad` itself is a plain tensor with no
# history, with its owner's shape and dtype.

# %% [markdown] key="leaf-table-lab"
# ### The rule on this notebook's tensors
#
# The table reads tensors from this notebook and applies the rule; the last column answers
# "will `backward()` fill this `.grad`?". Try `y.retain_grad()`, a new `(y + 1).backward()`,
# then **Refresh**.

# %% tags=["minigrad-only"]
viz.LeafTable(x, y, z, q, lost, good, col)

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


# %% tags=["minigrad-only"]
viz.quiz("02/optimizer-version", run=optimizer_step)

# %% jupyter={"outputs_hidden": true}
torch.manual_seed(0)
lin = torch.nn.Linear(2, 3)
for name, prm in lin.named_parameters():
    print(f"{name:6} {type(prm).__name__} leaf={prm.is_leaf} requires_grad={prm.requires_grad}")
opt = torch.optim.SGD(lin.parameters(), lr=0.1)
lin(torch.tensor([[1., 2.]])).sum().backward()
weight, version = lin.weight, lin.weight._version
opt.step()
print("version before the step:", version, "| same object:", lin.weight is weight,
      "| version went up by", lin.weight._version - version, "| still a leaf:", lin.weight.is_leaf)

# %% [markdown] key="optimizer-updates-each" jupyter={"source_hidden": true}
# The optimizer updates each parameter **in place** under `no_grad()`: same object, same
# memory, still a leaf, and its version counter goes up. (Old optimizers wrote through
# `.data`, which skips the counter: [notebook 01](01_detach_vs_data.ipynb), section 4,
# shows why that can hide a stale value.) A graph that saved the weight before the step now
# holds a stale value; [notebook 05](05_inplace_and_versions.ipynb) explains the error that
# follows.
#
# The version was 1 before the step, not 0: `nn.Linear` fills its fresh weight and bias
# with random values in place when it is built, which already counts once. So the diagram
# shows the weight at v2. The layer's diagram: `AddmmBackward0` (bias + input @ weightᵀ)
# with one `AccumulateGrad` per parameter. The input needs no grad: it is only a value saved
# for the weight's gradient.

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
#
# ## Myth check
#
# Claims from blog posts about leaves, with their verdict on PyTorch 2.13 and where this
# notebook shows it (M1–M3 are the cells right below).
#
# - **True**: tensors you create yourself are leaves. §1 <!-- claim S000-11 true -->
# - **Misleading**: "`root.backward()` computes the gradient of every node". Intermediate gradients are computed but not stored, and no-grad branches are skipped. §5, M2 <!-- claim S000-13 misleading -->
# - **Misleading**: "a new tensor's grad defaults to False". `requires_grad` is `False`; `.grad` is `None`. §2 <!-- claim S000-17 misleading -->
# - **True**: backward skips branches that do not require grad. §2 <!-- claim S000-18 true -->
# - **True**: ops on tensors that need no grad are untracked, and `backward()` fails. §2 <!-- claim S000-19 true -->
# - **True**: one grad-requiring input makes the result require grad. §2 <!-- claim S000-20 true -->
# - **True**: no gradients are stored for `x`, `y`, `z` that need no grad. M1 <!-- claim S000-22 true -->
# - **True**: `F.conv2d` with an `nn.Parameter` weight matches `nn.Conv2d`'s output shape. M3 <!-- claim S000-23 true -->
# - **Misleading**: "everything the user creates is a leaf". `arange(...).reshape(...)` is not. §3 <!-- claim S002-1 misleading -->
# - **True**: layer parameters are leaves that require grad. §6 <!-- claim S002-2 true -->
# - **True**: `tensor.is_leaf` tells whether a tensor is a leaf. §1 <!-- claim S002-4 true -->
# - **Misleading**: "a gradient is *computed* only when `requires_grad` and `is_leaf` are true". It is *stored* then, and `retain_grad()` adds non-leaves. §5, M2 <!-- claim S002-5 misleading -->
# - **True**: gradients are computed only for tensors with `requires_grad=True`. §2 <!-- claim S002-7 true -->
# - **Outdated**: "`optimizer.step()` updates the leaves' `.data`". It updates them in place under `no_grad()`. §6 <!-- claim S002-8 outdated -->
# - **True**: a tensor must be a leaf to receive `.grad` (by default). §5 <!-- claim S002-9 true -->
# - **True**: all `requires_grad=False` tensors are leaves. §3 <!-- claim S002-13 true -->
# - **True**: user-created `requires_grad=True` tensors are leaves with `grad_fn` None. §1 <!-- claim S002-14 true -->
# - **True**: a cpu-to-gpu move of a grad-requiring tensor creates a non-leaf. §4 <!-- claim S002-15 true -->
# - **True**: `b = a + 1` is still a leaf when `a` needs no grad. §3 <!-- claim S002-16 true -->
# - **Misleading**: "even a trivial op turns a leaf into a non-leaf". The inputs decide, and the input stays a leaf. §3 <!-- claim S002-17 misleading -->
# - **True**: with `x = 2`, `y = x**2`, `z = y + 1`: `x.grad` 4, `y.grad` None, `x` a leaf, `y` not. §1, §5 <!-- claim S002-18 true -->
# - **True**: only leaves have `.grad` (by default); only non-leaves have `grad_fn`. §5 <!-- claim S002-19 true -->

# %%
# M1: nothing requires grad in x, y, z; w does
x1, y1 = torch.ones(1), torch.ones(1)
z1 = x1 + y1
w = torch.ones(1, requires_grad=True)
(w + z1).backward()
print(w.grad, x1.grad, y1.grad, z1.grad)

# %%
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
# **1. A trainable float64 copy.** `make_trainable(t)` should return a tensor you can
# train in float64, starting from `t`'s values: a float64 **leaf** that requires grad, with
# memory of its own, whose gradient never flows back into `t`'s graph. The check tries three
# kinds of `t`: a plain float32 tensor, an activation computed from a weight, and a float64
# weight. The draft works for the first kind only. (Notebook 01 has the other tool you need.)

# %%
def make_trainable(t):
    return t.double().requires_grad_()      # <- works for a plain tensor only

# %% tags=["minigrad-only"]
viz.exercise("02/trainable-copy", check=lambda: check_trainable(make_trainable))

# %% [markdown] key="exercise-2"
# **2. Fix the update step.** A hand-written SGD step. It works once; on the second step
# `w.grad` is `None`. Why, and how do you update `w` so it stays the same leaf? Autograd
# refuses an in-place edit of a leaf that requires grad while it records; wrap the update in
# `with torch.no_grad():`, which switches recording off for the block
# ([notebook 04](04_no_grad.ipynb) covers it). Not through `.data`: notebook 01, section 4,
# shows why. And reset the gradient: gradients accumulate.

# %%
def sgd_step(w, lr):
    w = w - lr * w.grad             # <- fix this step
    return w

# %% tags=["minigrad-only"]
viz.exercise("02/sgd-step", check=lambda: check_sgd_step(sgd_step))

# %% [markdown] key="next"
# **Next:** [03 · retain_grad and hooks](03_retain_grad_and_hooks.ipynb): how to see the
# gradients of non-leaves. · [cheat sheet](cheatsheet.md)
