# %% [markdown] key="title"
# # 01 · `detach()` vs `.data`
#
# In a real training script you constantly need "the numbers without the history": to log a
# loss, to keep a copy of the best weights, to feed a target that must not be trained. Two
# spellings give you that, `t.detach()` and `t.data`. They print the same and many blog posts
# treat them as twins. Are they? This notebook takes both apart, one experiment at a time.
#
# **In this notebook** (about 40 minutes): what `detach()` returns · a detached tensor in
# later operations · `.data` · version counters and the sigmoid experiment · which in-place
# edits backward checks · four spellings of "copy". Then a myth check, two exercises and an
# optional part (`requires_grad_()` on a detached tensor, the in-place forms).
#
# Each section asks you to **predict** first: pick an answer in the quiz, press *Run*, and
# only then expand the collapsed cells below it. The rules in one page: [cheat sheet](cheatsheet.md).

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
    d.zero_()
    print("y:", y)


# %% tags=["minigrad-only"]
viz.quiz("01/detach-shares", run=detach_then_edit)

# %% jupyter={"outputs_hidden": true}
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
d = y.detach()
print("d is y:", d is y, "| same memory:", d.data_ptr() == y.data_ptr())
print("d:", d, "| requires_grad", d.requires_grad, "| grad_fn", d.grad_fn, "| is_leaf", d.is_leaf)
d.zero_()
print("y after d.zero_():", y)

# %% [markdown] key="detach-returns-different" jupyter={"source_hidden": true}
# `detach()` returns a **different** tensor object with no `grad_fn`; it never requires grad,
# and with no `grad_fn` it is a **leaf** (a tensor no recorded op produced; notebook 02 is
# about leaves). It copies **nothing**: both tensors look at the same memory, so zeroing
# `d` zeroed `y`. The original `y` keeps its `grad_fn`. Each tensor has its own `.grad`: only
# the numbers are shared.
#
# In the diagram `y` hangs off `MulBackward0`, which leads back to the leaf `x`; `d` has no
# arrow into the graph. The dashed line only means "same memory and version counter".

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

# %% jupyter={"outputs_hidden": true}
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
u = (x * x).detach()
z = u * x
z.sum().backward()
print("x.grad:", x.grad)

# %% [markdown] key="z-has-value" jupyter={"source_hidden": true}
# `z` has the value `x³`, but its gradient is `u = x²`, not `3x²`: only the last factor was
# differentiated. Autograd never looks behind a detached tensor: in later ops it acts like a
# number you typed in. In the diagram `MulBackward0` has a single way out, towards `x`: `u` was
# only a value it saved (freed now that backward ran), with no arrow back into `x * x`.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(z)

# %% [markdown] key="result-computed-only"
# ### A result with no graph
#
# A result computed only from detached tensors has no graph at all, so `backward()` on it
# has nothing to do:

# %% tags=["raises-exception"]
(u * 3).sum().backward()

# %% [markdown] key="how-read-message"
# **How to read this message** (the "no graph" error; notebook 02 meets it again):
#
# - `element 0 of tensors`: the first tensor you called `backward()` on (here the only one).
# - `does not require grad and does not have a grad_fn`: it is not part of any graph. It was
#   computed from `u`, which does not require grad, so autograd recorded nothing.
# - The fix is upstream: compute the loss from a tensor that requires grad, or make a new
#   leaf (see the optional part at the end).
#
# ## 3. `.data`, the older spelling
#
# Old tutorials and old optimizer code write `w.data -= lr * w.grad`. Before PyTorch 0.4,
# `.data` was how you reached the numbers of a `Variable`; it still exists. Printed, it
# looks exactly like `detach()`:

# %%
t = torch.tensor([0., 1.], requires_grad=True)
print("detach():", t.detach(), t.detach().requires_grad, t.detach().is_leaf,
      t.detach().data_ptr() == t.data_ptr())
print(".data:   ", t.data, t.data.requires_grad, t.data.is_leaf, t.data.data_ptr() == t.data_ptr())

# %% [markdown] key="both-new-object"
# Both: a new object, no history, a leaf, **the same memory** as `t`. So `.data` is not "a
# copy of the data", whatever some posts say: writing into it writes into `t`. If the two
# differ, print does not show it.
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
    t.data[1] = 8.
    t.data[1] = 9.
    t.detach()[0] = 7.
    print("t:", t, "| t._version:", t._version)


# %% tags=["minigrad-only"]
viz.quiz("01/version", run=count_versions)

# %% jupyter={"outputs_hidden": true}
t = torch.tensor([0., 1.], requires_grad=True)
t_dat = t.data
t_det = t.detach()
t_dat[1] = 8.
t_dat[1] = 9.                       # two edits through .data
t_det[0] = 7.                       # one edit through detach()
print(t, "| t._version", t._version, "| t_det._version", t_det._version,
      "| t_dat._version", t_dat._version)

# %% [markdown] key="each-box-diagram" jupyter={"source_hidden": true}
# `detach()` **shares** the counter with the original; `.data` gets a **fresh** one. Each box
# in the diagram shows `vN`: `t` and `t_det` agree at v1; `t_dat` is at v2 on its own,
# invisible to `t`. The lab below lets you try other ways of making a second tensor
# (views, `clone()`): pick one, press **other.mul_(10)**, and read *same storage* and *same
# version counter*.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(t, t_det, t_dat)

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.ViewsLab(kind="detach")

# %% [markdown] key="sigmoid-experiment-detach"
# ### The sigmoid experiment
#
# Why the counter matters. Sigmoid's derivative is written with its **output**:
# `σ'(x) = σ(x)·(1 − σ(x))`, so `SigmoidBackward0` saves the output `y`. What does backward
# do after `y` was zeroed in place? We run the same edit twice: `y1` through `.data`, `y2`
# through `detach()`.

# %%
def sigmoid_data_edit():
    x = torch.tensor([1.0, 2, 3], requires_grad=True)
    y = x.sigmoid()
    y.data.zero_()
    y.sum().backward()
    print("x.grad:", x.grad)


# %% tags=["minigrad-only"]
viz.quiz("01/sigmoid-data", run=sigmoid_data_edit)

# %% jupyter={"outputs_hidden": true}
x1 = torch.tensor([1.0, 2, 3], requires_grad=True)
x2 = torch.tensor([1.0, 2, 3], requires_grad=True)
y1 = x1.sigmoid()
y2 = x2.sigmoid()
print(y1.data, "|", y2.detach())          # the two aliases look the same
y1.data.zero_()
y2.detach().zero_()
print("y1:", y1, "version", y1._version)
print("y2:", y2, "version", y2._version)

# %% [markdown] key="both-outputs-are" jupyter={"source_hidden": true}
# Both outputs are zeros now and both keep `SigmoidBackward0`. Only `y2`'s counter moved.
# The diagrams show what autograd will see: `y2`'s saved output is **red** (saved at v0, now
# v1); `y1`'s says "saved v0, now v0": the zeros are there but nothing records the edit.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(y1, title="edited through .data")

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(y2, title="edited through detach()")

# %% jupyter={"outputs_hidden": true}
y1.sum().backward()
print("x1.grad after the .data edit:", x1.grad)
x_ok = torch.tensor([1.0, 2, 3], requires_grad=True)
x_ok.sigmoid().sum().backward()
print("the true gradient:           ", x_ok.grad)

# %% [markdown] key="silently-wrong-0" jupyter={"source_hidden": true}
# Silently wrong: `0 · (1 − 0) = 0` for every element. The `detach()` twin refuses instead:

# %% tags=["raises-exception"] jupyter={"outputs_hidden": true}
y2.sum().backward()

# %% [markdown] key="message-names-stale" jupyter={"source_hidden": true}
# The message names the stale tensor (`output 0 of Sigmoid`, i.e. `y2`), its version now
# (1) and when saved (0). [Notebook 05](05_inplace_and_versions.ipynb) takes this in-place
# error apart line by line, shows which ops save what, and has a lab (InplaceLab) where you
# try edits through `detach()`, `.data` and a view; later notebooks link back to this
# experiment rather than repeat it.

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
    print("y:", y, "| x.grad:", x.grad)


# %% tags=["minigrad-only"]
viz.quiz("01/pow-edit", run=pow_then_edit)

# %% jupyter={"outputs_hidden": true}
x = torch.tensor(1., requires_grad=True)
y = x ** 2
y.detach().zero_()
y.backward()
print("y:", y, "| y._version:", y._version, "| x.grad:", x.grad)

# %% [markdown] key="y-at-version" jupyter={"source_hidden": true}
# `y` is at version 1, but autograd only checks tensors that some node **saved**, and
# `PowBackward0` saved `x` (for `2x`), not `y`: nothing is stale and the gradient is right.
# `add` saves nothing at all, so editing its inputs afterwards is harmless too. The rule:
#
# **a node raises when backward runs it and a tensor it saved was modified in place after it
# was saved, through anything that shares its version counter.** Only the nodes the pass runs
# check: a pass that needs another branch only (`loss.backward(inputs=[b])`,
# `torch.autograd.grad(loss, b)`) succeeds next to a stale saved tensor (cell below). Edits
# through `.data` are never seen. In real PyTorch, edits made inside
# `torch.autograd.graph.allow_mutation_on_saved_tensors()` are allowed: the saved value is
# copied before the edit, so the gradient stays right (minigrad does not have it). When
# nothing raises, you get the gradient of what was recorded; values computed *after* the
# edit use the new numbers.

# %% jupyter={"outputs_hidden": true}
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)
s = a.sigmoid()
loss = s.sum() + (b * b).sum()
s.detach().zero_()                  # SigmoidBackward0 saved s: stale now
print("gradient for b only:", torch.autograd.grad(loss, b))

# %% [markdown] key="real-copy-clone"
# ## 6. Four spellings of "copy": `=`, `clone()`, `copy_()`, `detach().clone()`
#
# Keeping "the best weights so far" or an exponential moving average of a model needs a
# copy that neither follows later updates nor drags a graph along. Four spellings look like
# "copy":

# %%
def four_copies():
    a = torch.tensor([1., 2.], requires_grad=True)
    for name, b in [("b = a", a), ("a.clone()", a.clone()),
                    ("torch.zeros(2).copy_(a)", torch.zeros(2).copy_(a)),
                    ("a.detach().clone()", a.detach().clone())]:
        print(f"{name:24} same object: {b is a!s:5}  own memory: "
              f"{b.data_ptr() != a.data_ptr()!s:5}  requires_grad: {b.requires_grad}")


# %% tags=["minigrad-only"]
viz.quiz("01/independent-copy", run=four_copies)

# %% jupyter={"outputs_hidden": true}
four_copies()
a = torch.tensor([1., 2.], requires_grad=True)
c = a.clone()
dst = torch.zeros(2)
dst.copy_(a)
snap = a.detach().clone()
print("c:", c)
print("dst:", dst)

# %% [markdown] key="b-second-name" jupyter={"source_hidden": true}
# - `b = a` is a second **name** for the same object.
# - `a.clone()` copies the numbers into new memory **and is recorded** (`CloneBackward0`):
#   gradients flow through it back to `a`, unchanged. It does not copy `a.grad`.
# - `dst.copy_(a)` writes into an existing tensor, in place, and is recorded too
#   (`CopyBackwards`): `dst` becomes a non-leaf.
# - `a.detach().clone()` cuts the history, then copies: the graph-free snapshot.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(c, dst, snap)

# %% [markdown] key="summary"
# ## Summary
#
# | | `t.detach()` | `t.data` |
# | --- | --- | --- |
# | new object, no history, leaf | yes | yes |
# | same memory as `t` | yes | yes |
# | shares `t`'s version counter | **yes**: backward can catch an edit of a saved value | **no**: the edit goes unseen, the gradient can be silently wrong |
# | use it | yes | only to read, in legacy code |
#
# | you want | write |
# | --- | --- |
# | a constant with the same numbers, no memory cost | `a.detach()` |
# | a graph-free copy with memory of its own | `a.detach().clone()` |
# | a differentiable copy | `a.clone()` |
#
# ## Myth check
#
# Claims from popular blog posts on this topic, each with its verdict on PyTorch 2.13 and the
# place in this notebook that shows it (M1–M3 are the cells right below).
#
# - **True**: `detach()` returns a new tensor cut off from the graph. §1 <!-- claim S000-1 true -->
# - **True**: what `detach()` returns never requires grad (you may switch it on later, optional part). §1 <!-- claim S000-2 true -->
# - **True**: `detach()` shares storage; in-place edits are seen by both. §1 <!-- claim S000-4 true -->
# - **True**: an in-place add on `v.detach().data` changes `v`, which keeps its `grad_fn`. M1 <!-- claim S000-5 true -->
# - **False**: "the graph is cut by copying, and `detach()` makes the copy". It copies nothing. §1 <!-- claim S000-6 false -->
# - **Misleading**: "`clone()` copies everything, the gradient included". Data yes, `.grad` no. M2 <!-- claim S000-7 misleading -->
# - **True**: during backprop a clone is equivalent to its source. M2 <!-- claim S000-8 true -->
# - **False**: "`clone()` is the same as `=`". §6 <!-- claim S000-9 false -->
# - **False**: "use `copy_()` for a separate, graph-free tensor". It is recorded. §6 <!-- claim S000-10 false -->
# - **True**: the graph is broken at the detached tensor, which is a leaf. §1 <!-- claim S000-14 true -->
# - **False**: "re-enabling `requires_grad` on a detached tensor never gives it a gradient". Optional part <!-- claim S000-15 false -->
# - **True**: zeroing `out.detach()` also zeroes `out`. §4 <!-- claim S001-1 true -->
# - **True**: backward after editing a detached sigmoid output raises. §4 <!-- claim S001-2 true -->
# - **True**: the same edit through `.data` silently corrupts the gradient. §4 <!-- claim S001-3 true -->
# - **True**: `detach()` and `.data` both give tensors that do not require grad. §3 <!-- claim S001-4 true -->
# - **True**: both share memory with the original. §3 <!-- claim S001-5 true -->
# - **True**: an in-place edit after `detach()` does not always raise, and the gradient can be right. §5 <!-- claim S001-6 true -->
# - **True**: `detach()` is fairly safe: it raises in some cases, not all. §5 <!-- claim S001-10 true -->
# - **True**: a detached tensor prints without `requires_grad=True`. M1 <!-- claim S003-1 true -->
# - **True**: detach gives a different object over the same data. §1 <!-- claim S003-2 true -->
# - **True**: zeroing the detached tensor zeroes the original. §1 <!-- claim S003-3 true -->
# - **True**: ops on a detached tensor are not tracked. §2 <!-- claim S003-4 true -->
# - **True**: a detached tensor acts as a constant. §2 <!-- claim S003-5 true -->
# - **True**: `y1.data` and `y2.detach()` look identical. §4 <!-- claim S003-7 true -->
# - **True**: zeroing through `.data` or `detach()` zeroes `y1` / `y2`. §4 <!-- claim S003-8 true -->
# - **True**: after the `.data` edit backward runs, but the gradient becomes 0. §4 <!-- claim S003-9 true -->
# - **Misleading**: "`.data` just takes out a copy of the data". Same memory, no copy. §3 <!-- claim S003-10 misleading -->
# - **True**: with `detach()`, `y2.sum().backward()` raises. §4 <!-- claim S003-11 true -->
# - **False**: "the 'backward a second time' error is caused by `detach()`". It comes from re-running a cell. M3 <!-- claim S003-12 false -->
# - **True**: `a.data` is a new object over the same storage. §3 <!-- claim S004-5 true -->
# - **True**: `detach()` returns a new, graph-free tensor that shares storage. §1 <!-- claim S004-8 true -->
# - **True**: only the data is shared: `a.grad` and `b.grad` differ. M1 <!-- claim S004-9 true -->

# %%
# M1: printing, .data under detach(), separate .grad
v = torch.tensor([1., 2.], requires_grad=True) + torch.tensor([2., 3.])
v_detached = v.detach()
v_detached.data.add_(1)
print(v, "|", v_detached)
a = torch.tensor([1.0, 2.0], requires_grad=True)
a.pow(2).sum().backward()
b = a.detach()
print("a.grad:", a.grad, "| b.grad:", b.grad)

# %%
# M2: clone() copies the data, not .grad, and its backward is the identity
a = torch.tensor([1., 2.], requires_grad=True)
(a * a).sum().backward()
c = a.clone()
print("a.grad:", a.grad, "| c.is_leaf:", c.is_leaf, "| c.retains_grad:", c.retains_grad)
(c * 3).sum().backward()
print("a.grad after a backward through the clone:", a.grad, "(2a + 3)")

# %% [markdown] key="m3-error-one"
# M3: the error one post blames on `detach()` appears when a cell that already ran
# `y1.sum().backward()` is **run again**: the first backward freed what `SigmoidBackward0`
# had saved.

# %% tags=["raises-exception"]
y1.sum().backward()             # y1's graph was already used in section 4

# %% [markdown] key="how-read-message-2"
# **How to read this message**: `Trying to backward through the graph a second time` means
# the values this graph saved (here `y1`'s output) were freed by the first `backward()`.
# `Specify retain_graph=True` on the **first** call if you truly need two passes; in a
# notebook, the usual fix is to re-run the cells that build the graph.
#
# ## Exercises
#
# Edit the cell, run it, then press **Check** (or re-run the exercise cell). The stored
# verdict is "Not yet": the cells ship unsolved. **Show solution** only when stuck.
#
# **1. Keep the best weights.** This little training loop remembers the weights with the
# lowest loss. `keep_best` is wrong: `best` ends up equal to the *final* weights. Fix it.
# (The update runs inside `with torch.no_grad():`, which keeps it out of the graph; notebook 04
# explains it. It changes `w` in place.)

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
# Two more things you meet in real code; the required part of the notebook ends above.
#
# ### `requires_grad_()` on a detached tensor
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
    print("h.grad:", h.grad, "| x.grad:", x.grad)


# %% tags=["minigrad-only"]
viz.quiz("01/new-leaf", run=new_leaf)

# %% jupyter={"outputs_hidden": true}
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 3
h = y.detach().requires_grad_()
loss = (h * h).sum()
loss.backward()
print("h.grad:", h.grad, "| h.is_leaf:", h.is_leaf, "| x.grad:", x.grad)

# %% [markdown] key="detached-tensor-leaf" jupyter={"source_hidden": true}
# A detached tensor is a leaf, and a leaf may switch `requires_grad` on. It then starts a
# graph of its own and gets a `.grad`; only the road back to `x` is closed. Two separate
# graphs: the dashed line between `h` and `y` means "same memory", and gradients never
# travel along it.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(loss, y)

# %% [markdown] key="optional-depth-place"
# ### The in-place forms
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

# %% [markdown] key="next"
# **Next:** [02 · Leaf tensors](02_leaf_tensors.ipynb) · back to
# [00 · Start here](00_start_here.ipynb) · [cheat sheet](cheatsheet.md)
