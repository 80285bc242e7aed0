# %% [markdown] key="title"
# # 01 · `detach()` vs `.data`
#
# Training code often needs "the numbers without the history": to log a loss, keep the best
# weights, feed a target that must not be trained. `t.detach()` and `t.data` both give that
# and print the same; many posts treat them as twins. Are they?
#
# **In this notebook** (about 40 minutes): what `detach()` returns · a detached tensor in
# later ops · `.data` · version counters, the sigmoid experiment · which edits backward
# checks · four spellings of "copy" · myth check · two exercises · optional depth.
#
# **Predict** first: pick an answer, press *Run*, then expand the collapsed cells below the
# quiz. The rules in one page: [cheat sheet](cheatsheet.md).

# %%
import minigrad as torch

# %% tags=["minigrad-only"]
from minigrad import viz
from minigrad.viz.quizbank.nb01 import check_gate, check_snapshot

# %% [markdown] key="detach-new-tensor"
# ## 1. What `detach()` returns
#
# You want to keep the output of a layer for a plot. Storing the tensor itself would keep its
# whole graph alive; storing `out.detach()` does not. But does it copy the numbers?

# %%
def detach_then_edit():
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 2
    d = y.detach()
    print("d is y:", d is y, "| same memory:", d.data_ptr() == y.data_ptr())
    print("d:", d, "| requires_grad", d.requires_grad, "| grad_fn", d.grad_fn,
          "| is_leaf", d.is_leaf)
    d.zero_()
    print("y after d.zero_():", y)


# %% tags=["minigrad-only"]
viz.quiz("01/detach-shares", run=detach_then_edit)

# %%
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
d = y.detach().zero_()              # zero_() works in place and returns d itself

# %% [markdown] key="detach-returns-different" jupyter={"source_hidden": true}
# **Explanation**
#
# `detach()` returns a **different** tensor with no `grad_fn`; it never requires grad, and
# with no `grad_fn` it is a **leaf** (no recorded op produced it; notebook 02). It copies
# **nothing**: zeroing `d` zeroed `y`, which keeps its `grad_fn`. Only the numbers are
# shared: each tensor has its own `.grad`. In the diagram `d` has no arrow into the graph;
# the dashed line means "same memory and version counter" (version counters: §4).

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(y, d)

# %% [markdown] key="detached-tensor-constant"
# ## 2. A detached tensor in later operations
#
# Sometimes you *want* part of an expression to be treated as a plain number: the target of a
# Q-learning update (`reward + gamma * q_next.detach()`), or the fake images when a GAN
# trains its discriminator (`fake.detach()`, notebook 07). What does autograd make of a
# detached tensor in a product?

# %%
def stop_gradient():
    x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
    u = (x * x).detach()
    z = u * x
    z.sum().backward()
    print("x.grad:", x.grad)


# %% tags=["minigrad-only"]
viz.quiz("01/stop-gradient", run=stop_gradient)

# %% [markdown] key="z-has-value" jupyter={"source_hidden": true}
# **Explanation**
#
# `z` has the value `x³`, but its gradient is `u = x²`, not `3x²`: only the last factor was
# differentiated. Autograd never looks behind a detached tensor: in later ops it acts like a
# number you typed in.

# %% [markdown] key="result-computed-only"
# ### A result with no graph
#
# A result computed only from detached tensors has no graph at all, so `backward()` on it
# has nothing to do:

# %% tags=["raises-exception"]
u = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True).detach()
(u * 3).sum().backward()

# %% [markdown] key="how-read-message"
# **How to read this message**
#
# The "no graph" error (notebook 02 meets it again):
#
# - `element 0 of tensors`: the first tensor you called `backward()` on (here the only one).
# - `does not require grad and does not have a grad_fn`: it is in no graph. It was computed
#   from `u`, which does not require grad, so autograd recorded nothing.
# - The fix is upstream: compute the loss from a tensor that requires grad, or make a new
#   leaf (§7).
#
# ## 3. `.data`, the older spelling
#
# Old code writes `w.data -= lr * w.grad`: before PyTorch 0.4, `.data` reached the numbers of
# a `Variable`. Printed, it looks exactly like `detach()`:

# %%
t = torch.tensor([0., 1.], requires_grad=True)
print("detach():", t.detach(), t.detach().requires_grad, t.detach().is_leaf,
      t.detach().data_ptr() == t.data_ptr())
print(".data:   ", t.data, t.data.requires_grad, t.data.is_leaf, t.data.data_ptr() == t.data_ptr())

# %% [markdown] key="both-new-object"
# Both: a new object, no history, a leaf, **the same memory** as `t`. So `.data` is no copy:
# writing into it writes into `t`. If the two differ, print does not show it.
#
# ## 4. Version counters
#
# Every tensor has a **version counter**, `t._version`, that goes up by one with each
# in-place change (`zero_()`, `mul_()`, `t[0] = ...`). When an op saves a tensor for
# backward it notes the version; at backward time autograd compares. Which edits does `t`'s
# counter see: those made through `t.data`, through `t.detach()`, or both?

# %%
def count_versions():
    t = torch.tensor([0., 1.], requires_grad=True)
    t_dat = t.data
    t_det = t.detach()
    t_dat[1] = 8.
    t_dat[1] = 9.                       # two edits through .data
    t_det[0] = 7.                       # one edit through detach()
    print(t, "| t._version", t._version, "| t_det._version", t_det._version,
          "| t_dat._version", t_dat._version)


# %% tags=["minigrad-only"]
viz.quiz("01/version", run=count_versions)

# %% [markdown] key="each-box-diagram" jupyter={"source_hidden": true}
# **Explanation**
#
# `detach()` **shares** the counter with the original: `t` and `t_det` agree at version 1.
# `.data` gets a **fresh** one: `t_dat` is at 2 on its own, invisible to `t`. (More ways to
# make a second tensor: the lab in §9.)

# %% [markdown] key="sigmoid-experiment-detach"
# ### The sigmoid experiment
#
# Sigmoid's derivative is written with its **output**, `σ'(x) = σ(x)·(1 − σ(x))`, so
# `SigmoidBackward0` saves the output `y`. What does backward do after `y` was zeroed in
# place? The same edit twice: `y1` through `.data`, `y2` through `detach()`.

# %%
def sigmoid_data_edit():
    x = torch.tensor([1.0, 2, 3], requires_grad=True)
    y = x.sigmoid()
    y.data.zero_()
    print("y:", y, "| version", y._version)
    y.sum().backward()
    print("x.grad after the .data edit:", x.grad)
    x_ok = torch.tensor([1.0, 2, 3], requires_grad=True)
    x_ok.sigmoid().sum().backward()
    print("the true gradient:           ", x_ok.grad)


# %% tags=["minigrad-only"]
viz.quiz("01/sigmoid-data", run=sigmoid_data_edit)

# %%
x1 = torch.tensor([1.0, 2, 3], requires_grad=True)
x2 = torch.tensor([1.0, 2, 3], requires_grad=True)
y1 = x1.sigmoid()
y2 = x2.sigmoid()
for alias in (y1.data, y2.detach()):   # y1 edited through .data, y2 through detach()
    alias.zero_()

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(y1, y2)

# %%
y1.sum().backward()

# %% tags=["raises-exception"] jupyter={"outputs_hidden": true}
y2.sum().backward()

# %% [markdown] key="both-outputs-are" jupyter={"source_hidden": true}
# **Explanation**
#
# Both outputs are zeros and both keep `SigmoidBackward0`; only `y2`'s counter moved. The
# diagram shows what autograd sees: `y2`'s saved output is **red** (saved at v0, now v1);
# `y1`'s says "saved v0, now v0": the zeros are there but nothing records the edit. So
# `y1`'s backward is silently wrong, `0 · (1 − 0) = 0` for every element, while `y2`'s
# refuses. The message names the stale tensor (`output 0 of Sigmoid`, i.e. `y2`), its
# version now (1) and when saved (0). [Notebook 05](05_inplace_and_versions.ipynb) takes this
# error apart, shows which ops save what, and has a lab (InplaceLab) to try edits through
# `detach()`, `.data` and a view.

# %% [markdown] key="when-edit-after"
# ## 5. Which in-place edits does backward check?
#
# Does every in-place edit through `detach()` break backward? Try one on `y = x ** 2`.

# %%
def pow_then_edit():
    x = torch.tensor(1., requires_grad=True)
    y = x ** 2
    y.detach().zero_()
    y.backward()
    print("y:", y, "| y._version:", y._version, "| x.grad:", x.grad)


# %% tags=["minigrad-only"]
viz.quiz("01/pow-edit", run=pow_then_edit)

# %% [markdown] key="y-at-version" jupyter={"source_hidden": true}
# **Explanation**
#
# `y` is at version 1, but autograd only checks tensors that some node **saved**, and
# `PowBackward0` saved `x` (for `2x`), not `y`: nothing is stale and the gradient is right.
# (`add` saves nothing at all.) The rule: **a node raises when backward runs it and a tensor
# it saved was modified in place since, through anything that shares its version counter.**
# Edits through `.data` are never seen.

# %% [markdown] key="only-nodes-run"
# ### Only the nodes a pass runs check
#
# A pass that needs another branch only (`loss.backward(inputs=[b])`,
# `torch.autograd.grad(loss, b)`) succeeds next to a stale saved tensor. And in real
# PyTorch, inside `torch.autograd.graph.allow_mutation_on_saved_tensors()` such edits are
# allowed: the saved value is copied first, so the gradient stays right (minigrad lacks it).

# %%
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)
s = a.sigmoid()
loss = s.sum() + (b * b).sum()
s.detach().zero_()                  # SigmoidBackward0 saved s: stale now
print("gradient for b only:", torch.autograd.grad(loss, b))

# %% [markdown] key="real-copy-clone"
# ## 6. Four spellings of "copy": `=`, `clone()`, `copy_()`, `detach().clone()`
#
# Keeping "the best weights so far" needs a copy that neither follows later updates nor
# drags a graph along. Which spelling gives one?

# %%
def four_copies():
    a = torch.tensor([1., 2.], requires_grad=True)
    for name, b in [("b = a", a), ("a.clone()", a.clone()),
                    ("torch.zeros(2).copy_(a)", torch.zeros(2).copy_(a)),
                    ("a.detach().clone()", a.detach().clone())]:
        print(f"{name:24} same object: {b is a!s:5}  own memory: "
              f"{b.data_ptr() != a.data_ptr()!s:5}  requires_grad: {b.requires_grad}")
    print("a.clone():", a.clone())
    print("torch.zeros(2).copy_(a):", torch.zeros(2).copy_(a))


# %% tags=["minigrad-only"]
viz.quiz("01/independent-copy", run=four_copies)

# %% [markdown] key="b-second-name" jupyter={"source_hidden": true}
# **Explanation**
#
# - `b = a` is a second **name** for the same object.
# - `a.clone()` copies the numbers into new memory **and is recorded** (`CloneBackward0`):
#   gradients flow through it back to `a`, unchanged. It does not copy `a.grad`.
# - `dst.copy_(a)` writes into an existing tensor, in place, and is recorded too
#   (`CopyBackwards`): `dst` becomes a non-leaf.
# - `a.detach().clone()` cuts the history, then copies: the graph-free snapshot.

# %% [markdown] key="summary"
# ## Summary
#
# | | `t.detach()` | `t.data` |
# | --- | --- | --- |
# | new object, no history, leaf | yes | yes |
# | same memory as `t` | yes | yes |
# | shares `t`'s version counter | **yes**: backward can catch an edit of a saved value | **no**: the edit goes unseen, the gradient can be silently wrong |
# | use it | yes | only to read, in legacy code |

# %% [markdown] myths="01"
# (generated from notebooks/src/myths.py)

# %%
# M1: an edit through v.detach().data shows in v; .grad is not shared
v = torch.tensor([1., 2.], requires_grad=True) + torch.tensor([2., 3.])
v.detach().data.add_(1)
a = torch.tensor([1., 2.], requires_grad=True)
(a * a).sum().backward()
print(v, "| a.grad:", a.grad, "| a.detach().grad:", a.detach().grad)
# and clone() copies the data, not .grad; its backward passes the gradient on unchanged
c = a.clone()
print("c:", c, "| c.is_leaf:", c.is_leaf, "| c.retains_grad:", c.retains_grad)
(c * 3).sum().backward()
print("a.grad after a backward through the clone:", a.grad, "(2a + 3)")

# %% [markdown] key="m3-error-one"
# M2: the error one post blames on `detach()` comes from running `y1.sum().backward()` a
# **second** time (as re-running a cell does):

# %% tags=["raises-exception"]
y1.sum().backward()             # y1's graph was already used in section 4

# %% [markdown] key="how-read-message-2"
# **How to read this message**: `Trying to backward through the graph a second time` means
# the values this graph saved (here `y1`'s output, saved by `SigmoidBackward0`) were freed by
# the first `backward()`. `Specify retain_graph=True` on the **first** call if you truly need
# two passes; in a notebook, the usual fix is to re-run the cells that build the graph.
#
# ## Exercises
#
# Edit the cell, run it, press **Check**; **Show solution** only when stuck.
#
# **1. Keep the best weights.** This training loop remembers the weights with the lowest
# loss, but `best` ends up equal to the *final* weights. Fix `keep_best`. (The update runs
# in place inside `with torch.no_grad():`, which keeps it out of the graph: notebook 04.)

# %%
def keep_best(w):
    return w                        # <- fix this line


def train():
    w = torch.tensor([0., 0.], requires_grad=True)
    target = torch.tensor([1., -1.])
    best, best_loss = None, float("inf")
    for step in range(5):
        loss = ((w - target) ** 2).sum()
        if loss.item() < best_loss:
            best, best_loss = keep_best(w), loss.item()
        loss.backward()
        with torch.no_grad():
            w -= 0.1 * w.grad
        w.grad.zero_()
    return w, best

# %% tags=["minigrad-only"]
viz.exercise("01/snapshot", check=lambda: check_snapshot(train))

# %% [markdown] key="exercise-3"
# **2. Cap the gate honestly.** Someone caps a sigmoid gate at 0.9 through `.data`. The
# forward value is right but the gradient is silently wrong (section 4). Rewrite `gated` so
# that backward knows about the cap.

# %%
def gated(x):
    g = x.sigmoid()
    g.data.clamp_(max=0.9)          # <- fix this
    return (g * 2).sum()

# %% tags=["minigrad-only"]
viz.exercise("01/loud-not-silent", check=lambda: check_gate(gated))

# %% [markdown] key="new-leaf-from"
# ## Optional depth
#
# Sections 7 to 9 go further, into things you meet in real code; the required part of the
# notebook ends above.
#
# ## 7. `requires_grad_()` on a detached tensor
#
# To get the gradient with respect to an intermediate value (a saliency map, an
# adversarial input), code often writes `h = y.detach().requires_grad_()`. Which tensors get
# a gradient then?

# %%
def new_leaf():
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 3
    h = y.detach().requires_grad_()
    (h * h).sum().backward()
    print("h.grad:", h.grad, "| h.is_leaf:", h.is_leaf, "| x.grad:", x.grad)


# %% tags=["minigrad-only"]
viz.quiz("01/new-leaf", run=new_leaf)

# %%
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 3
h = y.detach().requires_grad_()
loss = (h * h).sum()
loss.backward()

# %% [markdown] key="detached-tensor-leaf" jupyter={"source_hidden": true}
# **Explanation**
#
# A detached tensor is a leaf, and a leaf may switch `requires_grad` on. It then starts a
# graph of its own and gets a `.grad`; only the road back to `x` is closed. Two separate
# graphs: the dashed line between `h` and `y` means "same memory", and gradients never
# travel along it.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(loss, y)

# %% [markdown] key="optional-depth-place"
# ## 8. The in-place forms
#
# `y.detach_()` does to `y` itself what `detach()` does to a new tensor: `y` loses its
# `grad_fn` and becomes a leaf (it refuses on views: "Can't detach views in-place"). And
# **assigning** `w.data = new_tensor` swaps the numbers under `w`, even to a new shape,
# while `w` keeps its identity and its version: like `.data.zero_()`, it bypasses the
# counter. Modern code updates weights with `with torch.no_grad(): w -= lr * w.grad`, which
# does bump the version (notebook 04).

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
print("detach_ returns y itself:", y.detach_() is y, "| now a leaf:", y.is_leaf, y.grad_fn)
w = torch.tensor([1., 2.], requires_grad=True)
w.data = torch.tensor([10., 20., 30.])
print(w, "| version", w._version)

# %% [markdown] key="views-lab"
# ## 9. Try it: other ways to make a second tensor
#
# The lab starts from `base` and a second tensor `other`. Pick how `other` is made (views,
# `detach()`, `.data`, `clone()`), press **other.mul_(10)**, and read *same storage* and
# *same version counter*. Views are notebook 05's topic.

# %% tags=["minigrad-only"]
viz.ViewsLab(kind="detach")

# %% [markdown] key="next"
# **Next:** [02 · Leaf tensors](02_leaf_tensors.ipynb) · back to
# [00 · Start here](00_start_here.ipynb) · [cheat sheet](cheatsheet.md)
