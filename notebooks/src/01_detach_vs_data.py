# %% [markdown]
# # 01 · `detach()` vs `.data`
#
# Both give you "the same numbers without the autograd history". They look identical
# when you print them, and most blog posts treat them as interchangeable. They are not:
# one of them lets autograd notice when you overwrite a value it still needs, the other
# hides the edit and lets `backward()` hand you a wrong gradient without a word.
#
# **What you will learn**
#
# 1. what `detach()` returns: a new leaf with no history that never requires grad;
# 2. that it copies **nothing**: the detached tensor shares storage with the original;
# 3. how a detached tensor works as a constant ("stop-gradient");
# 4. what `.data` returns, and why it looks exactly like `detach()`;
# 5. the one real difference: a **shared** version counter (`detach()`) vs a **separate** one (`.data`);
# 6. the sigmoid experiment: `detach()` raises, `.data` silently corrupts the gradient;
# 7. why some in-place edits after `detach()` are harmless (pow, add);
# 8. `clone()` vs `=` vs `copy_()`, and how to get a real, graph-free copy;
# 9. turning `requires_grad` back on for a detached tensor;
# 10. the in-place forms: `detach_()` and `x.data = ...`.
#
# The boxes marked **Myth check** take a claim from popular blog posts about this topic and
# test it live. Every verdict comes from running the cell below it.

# %%
import warnings

import minigrad as torch

# %% tags=["minigrad-only"]
from minigrad import viz

# %% [markdown]
# ## 1. `detach()` returns a new tensor with no history
#
# `y = x * 2` is recorded: `y` has a `grad_fn` and is not a leaf. `y.detach()` returns a
# **different** Python object. It has no `grad_fn`, it does not require grad, and so it
# counts as a leaf. The original `y` is not touched: it keeps its `grad_fn`.

# %%
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
d = y.detach()
print("d is y:        ", d is y)
print("d:             ", d)
print("d.requires_grad", d.requires_grad, "| d.grad_fn", d.grad_fn, "| d.is_leaf", d.is_leaf)
print("y:             ", y)
print("y.is_leaf      ", y.is_leaf)

# %% [markdown]
# In the diagram, `y` (green, the tensor we asked for) hangs off its `MulBackward0` node,
# which leads back to the leaf `x`. `d` has no arrow into the graph at all. The purple
# dashed line says only that `d` and `y` share memory and a version counter (section 5).

# %% tags=["minigrad-only"]
viz.draw(y, d)

# %% [markdown]
# > **Myth check · S000-1 · TRUE** — "`detach()` gives you a new tensor, cut off from the
# > graph it came from."
# >
# > The cell above showed it: `d is y` is `False`, and `d.grad_fn` is `None`. The old
# > posts call it a "Variable"; since PyTorch 0.4 it is just a `Tensor`.
#
# > **Myth check · S000-14 · TRUE** — "The graph is broken at the detached tensor, and
# > that tensor is a leaf."
# >
# > Precisely: the **new** tensor is a leaf. The tensor you called `detach()` on stays a
# > non-leaf. The in-place `detach_()` (section 10) is the one that changes the tensor itself.

# %%
print("new tensor d: is_leaf", d.is_leaf, "| grad_fn", d.grad_fn)
print("original y:   is_leaf", y.is_leaf, "| grad_fn", type(y.grad_fn).__name__)

# %% [markdown]
# > **Myth check · S000-2 · TRUE** — "What `detach()` returns never requires grad."
# >
# > True for the returned tensor, every time, even when the original requires grad. It is not
# > a permanent lock: section 9 switches it back on.
#
# > **Myth check · S003-1 · TRUE** — "Printed, the detached tensor simply loses the
# > `requires_grad=True` suffix."

# %%
s = torch.tensor(2., requires_grad=True)
print(s)
print(s.detach())
print(s.detach().requires_grad, y.detach().requires_grad)

# %% [markdown]
# > **Myth check · S000-3 · OUTDATED** — "If the original was marked `volatile=True`, the
# > detached tensor is volatile too."
# >
# > The `volatile` flag was removed in PyTorch 0.4. Real torch 2.13 still accepts
# > `Variable(..., volatile=True)` but only warns that it "has no effect", and `.volatile`
# > always reads `False`, so nothing can propagate (minigrad leaves the flag out entirely).
# > Its job is now done by `torch.no_grad()`: a result computed inside it does not require
# > grad, and neither does its `detach()`.

# %%
with torch.no_grad():
    q = x * 2
print("computed under no_grad: requires_grad", q.requires_grad, "| is_leaf", q.is_leaf)
print("its detach():           requires_grad", q.detach().requires_grad)

# %% tags=["minigrad-only"]
viz.draw(q, title="q was computed under no_grad: a lone leaf, no graph behind it")

# %% [markdown]
# ## 2. Shared storage: `detach()` copies nothing
#
# A detached tensor is a second tensor object over the same numbers. Expect: different
# objects, the same memory address for the data, and an edit through one visible in the
# other.
# (We compare addresses with `==` instead of printing them, since they change every run.)

# %%
s = torch.tensor(2.0, requires_grad=True)
sd = s.detach()
print("same object: ", sd is s)
print("same storage:", sd.untyped_storage().data_ptr() == s.untyped_storage().data_ptr())
sd.zero_()                      # edit the detached tensor in place...
print("s after sd.zero_():", s)   # ...and the original changed too

# %% [markdown]
# The diagram shows both at **v1**: the zeroing bumped a version counter that the two
# tensors share. Keep that in mind for section 5.

# %% tags=["minigrad-only"]
viz.draw(s, sd)

# %% [markdown]
# > **Myth check · S003-2 · TRUE** — "After `detach()` you have two different objects over
# > the same underlying data."
# >
# > **Myth check · S003-3 · TRUE** — "Zeroing the detached tensor zeroes the original."
# >
# > **Myth check · S000-4 · TRUE** — "`detach()` points at the original storage; in-place
# > changes through either one are seen by both, and can trip autograd's checks."
# >
# > All three are shown by the cell above. The "checks" are the version checks of
# > section 6.
#
# Sharing covers the **data** only. Each tensor has its own `.grad`: after a backward pass
# the original has a gradient and the detached tensor has none.

# %% [markdown]
# > **Myth check · S004-8 · TRUE** — "`detach()` returns a new, graph-free tensor that
# > shares storage: writing `b[0] = 6` changes `a`."
# >
# > **Myth check · S004-9 · TRUE** — "Only the data is shared: `a.grad` and `b.grad` are
# > different things."

# %%
a = torch.tensor([1.0, 2.0], requires_grad=True)
a.pow(2).sum().backward()
b = a.detach()
print("b:", b, "| b.requires_grad", b.requires_grad)
b[0] = 6
print("a after b[0] = 6:", a)
print("a.grad:", a.grad, "| b.grad:", b.grad)

# %% [markdown]
# > **Myth check · S000-6 · FALSE** — "PyTorch cuts the graph by *copying* the tensor at the
# > cut, and `detach()` is the function that makes that copy."
# >
# > Cutting and copying are two separate things. `detach()` only cuts (no `grad_fn`) and
# > keeps the same memory. If you want a cut **and** your own copy, chain
# > `detach().clone()`: that is the idiom PyTorch's own warnings recommend.

# %%
y = x * 2
print("detach() copies memory?        ", y.detach().data_ptr() != y.data_ptr())
snap = y.detach().clone()
print("detach().clone() copies memory?", snap.data_ptr() != y.data_ptr())
print("snap.requires_grad", snap.requires_grad, "| snap.is_leaf", snap.is_leaf)

# %% tags=["minigrad-only"]
viz.draw(y, snap, title="snap = y.detach().clone(): no alias line, it owns its memory")

# %% [markdown]
# ## 3. A detached tensor is a constant
#
# Operations on a detached tensor are not recorded, so it behaves like a number you typed
# in. First, the plain consequence: `x ** 2` gets a `grad_fn`, the same op on the detached
# twin does not, and asking for its gradient fails.

# %%
x = torch.tensor(2.0, requires_grad=True)
xd = x.detach()
z1 = x ** 2
z2 = xd ** 2
print("z1:", z1)
print("z2:", z2)

# %% [markdown]
# Expect an error here: `z2` has no history, so there is nothing to go backward through.

# %% tags=["raises-exception"]
z2.sum().backward()

# %% [markdown]
# **How to read this message**
#
# - `element 0 of tensors`: `backward()` received a list of tensors to start from (here
#   just one, number 0, the `z2.sum()` result).
# - `does not require grad and does not have a grad_fn`: that tensor is not part of any
#   graph. It was computed from `xd`, which does not require grad, so autograd recorded
#   nothing.
# - The fix depends on what you wanted: call `backward()` on something computed from `x`,
#   or make the starting tensor require grad (section 9).
#
# > **Myth check · S003-4 · TRUE** — "Ops on the detached tensor are not tracked:
# > `z1.sum().backward()` works and `z2.sum().backward()` cannot."

# %%
z1.sum().backward()
print("x.grad:", x.grad)

# %% [markdown]
# Now the useful side. `u = (x * x).detach()` freezes the value of `x * x`. In
# `z = u * x` autograd sees `u` as a constant, so `dz/dx = u`, not the `3x²` you would
# get from `x * x * x`.
#
# > **Myth check · S003-5 · TRUE** — "A detached tensor acts as a constant: with
# > `z = u * x`, `x.grad` equals `u`."

# %%
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
u = (x * x).detach()
z = u * x
print("z:", z)

# %% [markdown]
# Before running backward, look at the graph. `u` shows up only as an orange *saved value*
# of `MulBackward0` (the node needs `u` to compute `x`'s gradient). There is no arrow from
# `MulBackward0` back into the `x * x` computation: that part of the history is gone.

# %% tags=["minigrad-only"]
viz.draw(z)

# %% [markdown]
# Expect `x.grad` to equal `u` element by element, and the un-detached version to give `3x²`.

# %%
z.sum().backward()
print("x.grad:\n", x.grad)
print("x.grad == u:\n", x.grad == u)

x3 = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
(x3 * x3 * x3).sum().backward()
print("without detach, d(x^3)/dx = 3x^2:\n", x3.grad)

# %% [markdown]
# ## 4. `.data`: the older spelling that looks the same
#
# Before PyTorch 0.4 you reached the raw numbers of a Variable through `.data`. It still
# exists. Expect `t.data` to look exactly like `t.detach()`: a new object, no grad, a leaf,
# the same memory.
#
# > **Myth check · S001-4 · TRUE** — "`t.detach()` and `t.data` both give plain tensors
# > that do not require grad."
# >
# > **Myth check · S001-5 · TRUE** — "Both share their memory with `t`."

# %%
t = torch.tensor([0., 1.], requires_grad=True)
t2 = t.detach()
t3 = t.data
print("requires_grad:  ", t2.requires_grad, t3.requires_grad)
print("is_leaf:        ", t2.is_leaf, t3.is_leaf)
print("new object:     ", t2 is not t, t3 is not t)
print("same memory as t:", t2.data_ptr() == t.data_ptr(), t3.data_ptr() == t.data_ptr())

# %% [markdown]
# The diagram already hints at the difference: two dashed lines into `t`, but with
# different labels. Purple, "same storage + version counter", for `t2`; red, "same
# storage, own version counter", for `t3`.

# %% tags=["minigrad-only"]
viz.draw(t, t2, t3)

# %% [markdown]
# > **Myth check · S004-5 · TRUE** — "`a.data` is a new object over the same storage, so
# > changing its elements changes `a`."

# %%
a = torch.tensor([1.0, 2.0])
b = a.data
print("b is a:", b is a)
print("b.grad, a.grad:", b.grad, a.grad)
b[0] = 5.0
print("b:", b)
print("a:", a)

# %% [markdown]
# > **Myth check · S003-10 · MISLEADING** — "`.data` just takes out a copy of the data to
# > work on."
# >
# > There is no copy. `.data` is a second tensor over the **same** storage, which is exactly
# > why editing it changes the original. What it really skips is the version counter
# > (next section). For an actual copy use `.detach().clone()`.

# %%
x1 = torch.tensor([1.0, 2, 3], requires_grad=True)
y1 = x1.sigmoid()
z1 = y1.data
print("z1 is a copy?", z1.untyped_storage().data_ptr() != y1.untyped_storage().data_ptr())

# %% [markdown]
# > **Myth check · S000-5 · TRUE** — "An in-place add on `v.detach().data` changes `v`,
# > which keeps `requires_grad` and its `AddBackward0`."
# >
# > Worth adding: because the edit went through `.data`, `v3._version` stays at 0. Had
# > `v3` been saved for backward, autograd could not have noticed (section 6).

# %%
t1 = torch.tensor([1., 2.], requires_grad=True)
t2 = torch.tensor([2., 3.], requires_grad=True)
v3 = t1 + t2
v3_detached = v3.detach()
v3_detached.data.add_(t1)
print(v3, v3_detached)
print(v3.requires_grad, v3_detached.requires_grad)
print("v3._version:", v3._version)

# %% [markdown]
# ## 5. The real difference: shared vs separate version counters
#
# Every tensor carries a **version counter**, `t._version`. It starts at 0 and goes up by
# one with every in-place change (`zero_()`, `mul_()`, `t[0] = ...`). When an op saves a
# tensor for backward it writes down the version; at backward time autograd compares.
#
# - `detach()` **shares** the counter with the original: an edit through it counts.
# - `.data` gets a **fresh** counter of its own: edits through it are never counted on the
#   original.
#
# Expect: two edits through `.data` leave `t._version` at 0 (only the alias's own counter
# moves), one edit through `detach()` moves both to 1.

# %%
t = torch.tensor([0., 1.], requires_grad=True)
t_det = t.detach()
t_dat = t.data
t_dat[1] = 8.
t_dat[1] = 9.                       # two edits through .data
print(t, "| t._version", t._version, "| t_dat._version", t_dat._version)
t_det[0] = 7.                       # one edit through detach()
print(t, "| t._version", t._version, "| t_det._version", t_det._version)

# %% [markdown]
# Same picture as a diagram. Each box shows `vN`, the current version: `t` and `t_det` agree
# (v1), and `t_dat` is at v2 on its own, invisible to `t`.

# %% tags=["minigrad-only"]
viz.draw(t, t_det, t_dat)

# %% [markdown]
# Try it with the lab below. Pick how `other` is made from `base` (`base.detach()`,
# `base.data`, `base.clone()`, or one of the views), press **other.mul_(10)**, and compare
# the last lines: *same storage* and *same version counter*. Only `detach()` and the views
# answer "yes" to both; `.data` shares the storage but not the counter; `clone()` shares
# neither.

# %% tags=["minigrad-only"]
viz.ViewsLab(kind="detach")

# %% [markdown]
# ## 6. The sigmoid experiment: `detach()` raises, `.data` lies
#
# Sigmoid's derivative is written in terms of its **output**: `σ'(x) = σ(x)·(1 − σ(x))`.
# So `SigmoidBackward0` saves the output tensor for later. Overwrite that output, and the
# later gradient is computed from the wrong numbers.
#
# We run the same experiment twice side by side: `y1` is edited through `.data`, `y2`
# through `detach()`. First, the two aliases look identical.
#
# > **Myth check · S003-7 · TRUE** — "`y1.data` and `y2.detach()` look the same, and
# > neither requires grad."

# %%
x1 = torch.tensor([1.0, 2, 3], requires_grad=True)
x2 = torch.tensor([1.0, 2, 3], requires_grad=True)
y1 = x1.sigmoid()
y2 = x2.sigmoid()
z1 = y1.data
z2 = y2.detach()
print(z1)
print(z2)
print(z1.requires_grad, z2.requires_grad)

# %% [markdown]
# Now zero both aliases in place. Both originals change, and both keep their
# `SigmoidBackward0`.
#
# > **Myth check · S003-8 · TRUE** — "Zeroing through `.data` or through `detach()`
# > zeroes `y1` / `y2`; both keep `grad_fn=<SigmoidBackward0>`."
# >
# > **Myth check · S001-1 · TRUE** — "After `c = out.detach()`, `c.zero_()` also zeroes
# > `out`."

# %%
z1.zero_()
z2.zero_()
print("y1:", y1, "| version", y1._version)
print("y2:", y2, "| version", y2._version)

# %% [markdown]
# The diagrams show the difference before we run anything. For `y2` the saved result is
# **red**: it was saved at v0 and is now v1, so autograd knows it is stale. For `y1` the
# saved value says "saved v0, now v0": the zeros are there, but the counter never moved.

# %% tags=["minigrad-only"]
viz.draw(y1, title="edited through .data")

# %% tags=["minigrad-only"]
viz.draw(y2, title="edited through detach()")

# %% [markdown]
# Predict before you run: what will `y1.sum().backward()` do? (The quiz runs on fresh copies,
# so it does not disturb the cells below.)

# %% tags=["minigrad-only"]
def data_edit_then_backward():
    xa = torch.tensor([1.0, 2, 3], requires_grad=True)
    ya = xa.sigmoid()
    ya.data.zero_()
    ya.sum().backward()
    print("x.grad =", xa.grad)


viz.Quiz("y = x.sigmoid(); y.data.zero_(); y.sum().backward() -- what happens?",
         ["RuntimeError: modified by an inplace operation",
          "x.grad = tensor([0.1966, 0.1050, 0.0452]), the true gradient",
          "x.grad = tensor([0., 0., 0.]), silently wrong"],
         answer=2, run=data_edit_then_backward,
         explanation="The .data alias has its own version counter, so autograd cannot see "
                     "that the saved output was overwritten. It computes y*(1-y) with y = 0.")

# %% [markdown]
# > **Myth check · S001-3 · TRUE** — "The same edit done through `.data` raises nothing,
# > and the gradient comes out as zeros, which is very wrong."
# >
# > **Myth check · S003-9 · TRUE** — "With `.data`, backward still runs, but the gradient
# > becomes 0."

# %%
y1.sum().backward()
print("x1.grad after the .data edit:", x1.grad)

x_ok = torch.tensor([1.0, 2, 3], requires_grad=True)
x_ok.sigmoid().sum().backward()
print("the true gradient:           ", x_ok.grad)

# %% [markdown]
# Now the `detach()` twin. Expect an error: the saved output is at version 1, but
# `SigmoidBackward0` saved it at version 0.
#
# > **Myth check · S003-11 · TRUE** — "With `detach()`, `y2.sum().backward()` raises."
# >
# > **Myth check · S001-2 · TRUE** — "Backward after editing a detached sigmoid output
# > raises, because sigmoid's backward needs the original output."

# %% tags=["raises-exception"]
y2.sum().backward()

# %% [markdown]
# **How to read this message**
#
# - `one of the variables needed for gradient computation has been modified by an inplace
#   operation`: a tensor that some backward node **saved** was changed after it was saved.
# - `[torch.FloatTensor [3]]`: which tensor, by its legacy type name (float32) and shape
#   (`[3]`; a 0-d tensor shows `[]`). minigrad prints `minigrad.FloatTensor`.
# - `which is output 0 of Sigmoid`: the saved tensor is the first output of the sigmoid op,
#   i.e. `y2` itself. The name is the grad_fn name without the `Backward0` suffix.
# - `is at version 1; expected version 0 instead`: the counter now reads 1 (one `zero_()`),
#   the node saved it at 0.
# - `Hint: ... set_detect_anomaly(True, check_nan=False)`: anomaly mode would also show the
#   forward line that created the node (notebook 05).
#
# Old posts show `output 0 of SigmoidBackward` and end the hint at `set_detect_anomaly(True)`:
# those are PyTorch 1.x strings; the meaning is the same.
#
# Try all three kinds of edit yourself: the lab below starts from
# `a = tensor([1., 2., 3.], requires_grad=True); out = a.sigmoid()`. Click an edit, read the
# prediction, then run backward. **reset** starts over.

# %% tags=["minigrad-only"]
viz.InplaceLab()

# %% [markdown]
# > **Myth check · S003-12 · FALSE** — "The error shown for the `detach()` case is
# > 'Trying to backward through the graph a second time'."
# >
# > That message is real, but `detach()` did not cause it. It appears when a cell that
# > already ran `y1.sum().backward()` is **run again**: the first backward freed the
# > values `SigmoidBackward0` had saved, so a second backward through `y1` has nothing to
# > work with. Run in order (as in this notebook), the `detach()` case gives the version
# > error above. Here is what re-running the `.data` cell does:

# %% tags=["raises-exception"]
y1.sum().backward()             # second backward through y1's graph

# %% [markdown]
# **How to read this message**
#
# - `Trying to backward through the graph a second time`: this graph was already used by
#   a `backward()` call.
# - `(or directly access saved tensors after they have already been freed)`: what actually
#   failed is reading a saved tensor (`y1`'s saved output) that the first backward
#   released to save memory.
# - `Specify retain_graph=True ...`: the first call could have kept them with
#   `backward(retain_graph=True)`. In a notebook the usual fix is simply to rerun the cells
#   that build the graph.
#
# The diagram marks the freed buffer with grey dashes.

# %% tags=["minigrad-only"]
viz.draw(y1)

# %% [markdown]
# ## 7. When an edit through `detach()` is harmless
#
# Autograd only checks tensors that some backward node **saved**. `y = x ** 2` needs `x`
# for its gradient (`2x`), not `y`. So zeroing `y` through `detach()` changes `y` but not
# anything `PowBackward0` will read. Predict the result first.

# %% tags=["minigrad-only"]
def pow_edit_then_backward():
    xp = torch.tensor(1., requires_grad=True)
    yp = xp ** 2
    yp.detach().zero_()
    yp.backward()
    print("y =", yp, "  x.grad =", xp.grad)


viz.Quiz("x = tensor(1., requires_grad=True); y = x ** 2; y.detach().zero_(); y.backward()",
         ["RuntimeError: modified by an inplace operation",
          "x.grad = tensor(2.)",
          "x.grad = tensor(0.)"],
         answer=1, run=pow_edit_then_backward,
         explanation="PowBackward0 saved x (the input), not y. Editing y changes no saved "
                     "value, so nothing is stale and the gradient 2x = 2 is right.")

# %% [markdown]
# > **Myth check · S001-6 · TRUE** — "After `detach()`, an in-place edit does not always
# > raise, and sometimes the gradient is still completely correct."

# %%
x = torch.tensor(1., requires_grad=True)
y = x ** 2
y.detach().zero_()
print("y:", y, "| y._version", y._version)

# %% [markdown]
# The diagram shows why this will be fine: `PowBackward0`'s saved value is `self = x`, still
# at v0. `y` is at v1, but nobody saved `y`.

# %% tags=["minigrad-only"]
viz.draw(y)

# %%
y.backward()
print("x.grad:", x.grad)

# %% [markdown]
# `add` saves nothing at all (its gradient is 1 for both inputs), so editing either input
# after the add cannot break it.

# %%
x = torch.tensor([1., 1., 1.], requires_grad=True)
w = torch.tensor([2., 4., 6.], requires_grad=True)
z = torch.add(x, w)
w.detach().mul_(2)                # edits the leaf w through its detached alias
print("w:", w)
z.sum().backward()
print("x.grad:", x.grad, "| w.grad:", w.grad)

# %% [markdown]
# > **Myth check · S001-10 · TRUE** — "`detach()` is fairly safe: it reports the problem
# > in some cases, but not in all."
# >
# > The exact rule: backward raises **if and only if** a tensor that a node saved was edited
# > after it was saved. When nothing is raised, the gradient is exactly that of the recorded
# > computation. The catch: forward values computed *after* the edit use the new numbers,
# > so a loss can stop matching the gradient. And `.data` edits are never reported. Three
# > cases:

# %%
def attempt(f):
    """Run f; print 'ErrorType: first sentence' instead of raising."""
    try:
        f()
    except RuntimeError as e:
        print(f"{type(e).__name__}: {str(e).split(' Hint:')[0]}")


# (a) caught: exp saves its output, and we edit that output
xa = torch.tensor(1., requires_grad=True)
ya = xa.exp()
ya.detach().zero_()
attempt(ya.backward)

# (b) never caught: the same edit of the same exp output, through .data
xc = torch.tensor(1., requires_grad=True)
yc = xc.exp()
yc.data.zero_()
yc.backward()
print("(b) x.grad:", xc.grad, "(true value: e = 2.7183)")

# %% [markdown]
# Case (c), not caught and harmless: `y = x * 2` saves only the number 2, and `z = y + 1`
# saves nothing. We edit `y` *after* `z` was computed. Expect `z` to still read 3 while `y`
# reads 0.

# %%
xb = torch.tensor(1., requires_grad=True)
yb = xb * 2
zb = yb + 1
yb.detach().zero_()
print("(c) z:", zb, "| y:", yb)

# %% tags=["minigrad-only"]
viz.draw(zb)

# %% [markdown]
# `MulBackward0` keeps only the number (`other = 2`, written inside its box) and there is
# no orange saved-tensor note anywhere, so nothing can be stale: backward runs and gives the
# gradient of the recorded computation, `dz/dx = 2`. It matches the value `z = 3` computed
# before the edit; any op run on `y` from now on would see 0.

# %%
zb.backward()
print("(c) x.grad:", xb.grad)

# %% [markdown]
# ## 8. `clone()` vs `=` vs `copy_()`
#
# Three spellings that look like "copy" and do three different things, plus the idiom
# you usually want:
#
# | spelling | new object? | new memory? | recorded in the graph? |
# | --- | --- | --- | --- |
# | `b = a` | no (same object) | no | nothing happens |
# | `c = a.clone()` | yes | yes | yes, `CloneBackward0` |
# | `dst.copy_(a)` | no (writes into `dst`) | uses `dst`'s memory | yes, `CopyBackwards` |
# | `a.detach().clone()` | yes | yes | no: a graph-free copy |
#
# > **Myth check · S000-9 · FALSE** — "`clone()` only gives the same tensor another name,
# > just like `=`."
# >
# > `b = a` binds a second name to the **same** object; `a.clone()` makes a new tensor in
# > new memory. Editing `b` edits `a`; editing the clone does not.

# %%
a = torch.tensor([1., 2.])
b = a
c = a.clone()
print("b is a:", b is a, "| c is a:", c is a)
b[0] = 10.
c[1] = 99.
print("a:", a, "| c:", c)

# %% [markdown]
# > **Myth check · S000-7 · MISLEADING** — "`clone()` copies everything, the gradient
# > included."
# >
# > The **data** is copied; the stored `.grad` is not. The clone is a new non-leaf
# > (`CloneBackward0`), its `.grad` is `None`, and reading it warns you about that. What
# > the claim probably means is the next box: gradients *flow through* a clone.

# %%
a = torch.tensor([1., 2.], requires_grad=True)
(a * a).sum().backward()
print("a.grad:", a.grad)
c = a.clone()
print("c.grad_fn:", type(c.grad_fn).__name__, "| c.is_leaf:", c.is_leaf)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print("c.grad:", c.grad)
for w in caught:
    print(f"{w.category.__name__}: {str(w.message)[:75]}...")
print("new memory:", c.data_ptr() != a.data_ptr())

# %% [markdown]
# > **Myth check · S000-8 · TRUE** — "During backprop the clone and the original are
# > equivalent."
# >
# > `clone()`'s backward is the identity: whatever gradient reaches the clone arrives
# > unchanged at the source.

# %%
a = torch.tensor([1., 2.], requires_grad=True)
c = a.clone()
(c * 3).sum().backward()
print("a.grad:", a.grad)

# %% tags=["minigrad-only"]
viz.draw(c)

# %% [markdown]
# > **Myth check · S000-10 · FALSE** — "To get a separate tensor, cut off from the graph,
# > use `copy_()`."
# >
# > `dst.copy_(src)` creates nothing: it writes `src`'s values into the existing `dst`, in
# > place. And it **is** recorded: `dst` becomes a non-leaf with `grad_fn=<CopyBackwards>`,
# > and gradients flow back to `src`. The separate, graph-free copy is
# > `src.detach().clone()`. (To fill a buffer without recording, wrap the `copy_` in
# > `torch.no_grad()`.)

# %%
src = torch.tensor([1., 2.], requires_grad=True)
dst = torch.zeros(2)
dst.copy_(src * 2)
print("dst:", dst, "| is_leaf:", dst.is_leaf)

# %% tags=["minigrad-only"]
viz.draw(dst)

# %% [markdown]
# The graph runs from `dst` through `CopyBackwards` and `MulBackward0` down to `src`. So a
# loss computed from `dst` sends its gradient all the way to `src`:

# %%
(dst * 5).sum().backward()
print("src.grad:", src.grad, " <- the gradient went straight through copy_")

# %% [markdown]
# ## 9. Turning `requires_grad` back on after `detach()`
#
# A detached tensor is a leaf, and a leaf may switch `requires_grad` on. It then starts a
# **new** graph of its own: it gets a `.grad`, but nothing flows back into the graph it was
# detached from.
#
# > **Myth check · S000-15 · FALSE** — "Even if you set `requires_grad` back to `True` on
# > a detached tensor, it will never get a gradient."
# >
# > It does get one. Only the road back to `x` is closed.
# > `h = something.detach().requires_grad_()` is in fact the standard way to ask for the
# > gradient with respect to an intermediate value.

# %%
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 3
h = y.detach()
print("right after detach: is_leaf", h.is_leaf, "| requires_grad", h.requires_grad)
h.requires_grad_()                  # same as h.requires_grad = True
loss = (h * h).sum()
loss.backward()
print("h.grad:", h.grad, "  (d(h*h)/dh = 2h = 2 * [3., 6.])")
print("x.grad:", x.grad, "  (nothing flowed back into the old graph)")

# %% [markdown]
# Two separate graphs: `loss` leads back to the leaf `h` and stops there. `y`'s graph,
# with `x` at the bottom, is untouched. The purple dashed line between `h` and `y` only
# means "same memory"; gradients never travel along it.

# %% tags=["minigrad-only"]
viz.draw(loss, y)

# %% [markdown]
# ## 10. The in-place forms: `detach_()` and `x.data = ...`
#
# `y.detach_()` does to `y` itself what `detach()` does to a new tensor: it drops the
# `grad_fn`, so `y` becomes a leaf that does not require grad, and it returns `y`.

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
print("before:", y, "| is_leaf", y.is_leaf)

# %% tags=["minigrad-only"]
viz.draw(y, title="before y.detach_()")

# %% [markdown]
# Expect the same `y` object to come back, with its numbers, but without `grad_fn`.

# %%
print("returns y itself:", y.detach_() is y)
print("after: ", y, "| is_leaf", y.is_leaf, "| grad_fn", y.grad_fn)

# %% tags=["minigrad-only"]
viz.draw(y, x, title="after y.detach_(): y is a lone leaf, x has no graph above it")

# %% [markdown]
# It refuses to work on a **view** (a tensor that looks into another tensor's memory, such
# as a slice). Expect an error.

# %% tags=["raises-exception"]
v = (x * 2)[0:2]
v.detach_()

# %% [markdown]
# **How to read this message**
#
# - `Can't detach views in-place.`: `v` is a view of the `x * 2` result. A view's history
#   is tied to its base, so it cannot be cut in place.
# - `Use detach() instead.`: the out-of-place `v.detach()` works and gives a new leaf.
# - The rest (`DistributedDataParallel`, `gradient_as_bucket_view`, `Optimizer.zero_grad()`)
#   is for one specific case: gradients that are views of DDP buckets. You can ignore it
#   unless you use DDP.
#
# Finally, **assigning** to `.data` swaps the numbers under a tensor while keeping its
# identity, its `requires_grad` and its version. Even the shape may change. Gradients then
# follow the new numbers.

# %%
w = torch.tensor([1., 2.], requires_grad=True)
w.data = torch.tensor([10., 20., 30.])
print(w, "| is_leaf", w.is_leaf, "| version", w._version)
(w * w).sum().backward()
print("w.grad:", w.grad)

# %% [markdown]
# Like `.data.zero_()`, this bypasses the version counter, so it has the same danger: if
# `w` had been saved for backward, the swap would go unnoticed. Use it only where no
# backward is pending (old optimizer code used `w.data -= lr * w.grad`; modern code writes
# `with torch.no_grad(): w -= lr * w.grad`, which *does* bump the version).

# %% tags=["minigrad-only"]
viz.draw(w)

# %% [markdown]
# ## 11. Exercises
#
# Each exercise has a cell for you to edit and a check cell that prints a verdict. They
# ship **unsolved**, so the stored verdict is "Not yet". Edit, run both cells, and aim for
# "Correct".
#
# **Exercise 1: a safe snapshot.** Set `snapshot` to a copy of `y` that has no history
# and does **not** change when `y` is edited later.
#
# <details><summary>Hint</summary>
#
# Cut, then copy: `y.detach().clone()`.
#
# </details>

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x.sigmoid()

snapshot = y.detach()       # <- edit this line

# %%
def check_snapshot(snapshot, y):
    if not isinstance(snapshot, torch.Tensor):
        return "Not yet: snapshot should be a tensor."
    if snapshot.requires_grad or snapshot.grad_fn is not None:
        return "Not yet: snapshot still has history (requires_grad or grad_fn)."
    if snapshot.untyped_storage().data_ptr() == y.untyped_storage().data_ptr():
        return "Not yet: snapshot shares memory with y, so any edit of y would show in it."
    if snapshot.tolist() != y.tolist():
        return "Not yet: snapshot should hold the same numbers as y."
    return "Correct! snapshot is a graph-free copy with memory of its own."


print(check_snapshot(snapshot, y))

# %% [markdown]
# **Exercise 2: stop-gradient.** `cube = (x ** 3).sum()` has gradient `3x²`. Rewrite the
# line so that `cube` still has the value `sum(x³)` but its gradient is `x²`, using
# `detach()` on one factor.
#
# <details><summary>Hint</summary>
#
# Write `x³` as `(x * x) * x` and freeze the first factor: `((x * x).detach() * x).sum()`.
#
# </details>

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)

cube = (x ** 3).sum()       # <- edit this line

# %%
def check_stop_gradient(cube, x):
    if cube.item() != 36.0:
        return f"Not yet: the value should still be 1 + 8 + 27 = 36, got {cube.item()}."
    (g,) = torch.autograd.grad(cube, x, retain_graph=True)
    if g.tolist() != [1., 4., 9.]:
        return f"Not yet: the gradient is {g.tolist()}, the goal is x**2 = [1.0, 4.0, 9.0]."
    return "Correct! The detached factor is treated as a constant."


print(check_stop_gradient(cube, x))

# %% [markdown]
# Your current graph, as the check sees it:

# %% tags=["minigrad-only"]
viz.draw(cube)

# %% [markdown]
# ## Summary
#
# | | `t.detach()` | `t.data` |
# | --- | --- | --- |
# | new Python object | yes | yes |
# | shares memory with `t` | yes | yes |
# | `requires_grad` / `grad_fn` / `is_leaf` | `False` / `None` / `True` | `False` / `None` / `True` |
# | shares `t`'s **version counter** | **yes**: in-place edits are caught at backward | **no**: edits go unnoticed |
# | editing a saved tensor through it | `RuntimeError` at backward | silently wrong gradient |
# | shares `t.grad` | no | no |
# | recommended | yes | only for reading, in legacy code |
#
# | you want | write |
# | --- | --- |
# | the same tensor under another name | `b = a` |
# | a differentiable copy (gradient flows back) | `a.clone()` |
# | a constant with the same numbers, no memory cost | `a.detach()` |
# | an independent, graph-free copy | `a.detach().clone()` |
# | to fill an existing buffer without recording | `with torch.no_grad(): dst.copy_(a)` |
# | a fresh leaf to differentiate with respect to | `a.detach().requires_grad_()` |
# | to cut `a` itself off its graph | `a.detach_()` (not on views) |
#
# The rule behind every error in this notebook: **backward raises exactly when a tensor a
# node saved was modified in place after it was saved**, and only edits that go through the
# shared version counter can be seen.
#
# **Next:** [02 · Leaf tensors](02_leaf_tensors.ipynb) · back to
# [00 · Start here](00_start_here.ipynb)
