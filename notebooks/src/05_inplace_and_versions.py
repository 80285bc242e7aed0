# %% [markdown]
# # 05 · In-place operations, version counters and saved tensors
#
# An in-place operation (`add_`, `mul_`, `zero_`, `t[0] = ...`, `t += 1`) writes into memory
# that already exists. Usually that is fine. It becomes a problem when the backward pass
# still needs the old values. Autograd cannot keep a copy of everything, so it keeps a
# **version counter** on each tensor and checks it at backward time. This notebook shows how
# the counter works, which operations are affected, and how to read the error that appears
# when an edit comes too early.
#
# **What you will learn**
#
# 1. the version counter: what increases it, and which tensors share one;
# 2. saved tensors: what a node keeps for backward, stamped with a version;
# 3. which operations save their inputs, which save their output, and which save nothing;
# 4. when an in-place edit breaks `backward()` and when it is harmless, with the stale saved
#    tensor visible in the diagram *before* backward runs;
# 5. how to read "modified by an inplace operation", part by part;
# 6. why edits through `.data` are silent, and what that does to the gradient;
# 7. views: `CopySlices` and `AsStridedBackward0`;
# 8. in-place operations on leaves: what is refused and what is allowed;
# 9. anomaly mode with `torch.autograd.detect_anomaly()`.
#
# Some cells fail on purpose. The text says so before each one, and a *How to read this
# message* follows it.

# %%
import warnings

import minigrad as torch

# %% tags=["minigrad-only"]
from minigrad import viz

# %% [markdown]
# ## 1. The version counter
#
# Every tensor carries a counter, `t._version`. It starts at 0, and each in-place operation
# adds 1. Method calls ending in `_`, item assignment and `+=` all count. Expect `0`, then `4`
# after four edits.

# %%
t = torch.tensor([1., 2., 3.])
print(t._version)
t.add_(1)
t.mul_(2)
t[0] = 5.
t += 1
print(t, t._version)

# %% [markdown]
# The counter counts **writes into memory**, nothing else. An out-of-place operation makes a
# new tensor whose counter starts at 0. Changing a flag with `requires_grad_()` writes no data.
# Expect `4 0`, then `0`.

# %%
u = t + 1                          # a new tensor; t is not written
print(t._version, u._version)
flag_only = torch.tensor([1., 2.]).requires_grad_()
print(flag_only._version)

# %% [markdown]
# Several tensors can **share** one counter. A view (slicing, `view`, `t()`, indexing with an
# integer) shares its base's memory and its counter. `detach()` does the same. `clone()`
# copies into new memory with a counter of its own. `.data` shares the memory but gets a
# **new** counter: the edit happens, and the counter does not move.
#
# The next cell makes the four kinds of tensor from `base`, then writes once through the view.
# Expect the base to change and the versions `1 1 1 0 0`. Then it writes once through `.data`.
# Expect the base to change again while its version stays at 1.

# %%
base = torch.tensor([1., 2., 3., 4.])
view = base[1:3]
det = base.detach()
cl = base.clone()
dat = base.data
view.zero_()                       # one edit, through the view
print(base)
print(base._version, view._version, det._version, cl._version, dat._version)
dat.add_(1)                        # one edit, through .data
print(base, base._version, dat._version)

# %% [markdown]
# In the diagram, purple dashed edges mean *same storage + version counter*. The red edge from
# `dat` means *same storage, own version counter*: autograd cannot see edits made through it.
# `cl` has no edge, because it owns its memory.

# %% tags=["minigrad-only"]
viz.draw(base, view, det, cl, dat)

# %% [markdown]
# ### Try it: ViewsLab
#
# Choose how `other` is made from `base`, then edit either one, and read off what they share.
# First predict for `base.data`: after `other.mul_(10)`, which counter moves? With
# `track=True` the base is a computed tensor that requires grad, so you also see the `grad_fn`
# rewrites of section 7.

# %% tags=["minigrad-only"]
viz.ViewsLab(kind="data", track=True)

# %% [markdown]
# ## 2. Saved tensors carry a version stamp
#
# When an operation is recorded, its node keeps the tensors its backward formula will need.
# Each kept tensor is stamped with the version it had at that moment. When `backward()`
# reaches the node, it compares the stamp with the current version. If they differ, it
# raises: the values it would use are no longer the ones the forward pass used.
#
# What a node keeps depends on its formula. For s = sigmoid(x) the derivative is
# s·(1 − s), which needs the **output**. For p = x² it is 2·x, which needs the **input**.
# PyTorch exposes the kept tensors as `_saved_*` attributes on the node.
#
# > **Myth check · S001-7 · TRUE**: "sigmoid's backward works from its output y, while the
# > backward of `x ** 2` works from its input x. That is the whole difference between the
# > two experiments."
#
# Expect the sigmoid's output (with its `grad_fn`), then the input `x` itself.

# %%
x = torch.tensor(0.5, requires_grad=True)
s = x.sigmoid()
p = x ** 2
print(s.grad_fn._saved_result)       # sigmoid'(x) = s * (1 - s): needs the OUTPUT
print(p.grad_fn._saved_self)         # (x ** 2)' = 2 * x: needs the INPUT
print(p.grad_fn._saved_exponent)     # and the exponent, a plain number

# %% [markdown]
# The orange notes in the diagram are the saved tensors. `SigmoidBackward0` keeps `result`,
# the output. `PowBackward0` keeps `self = x`. Each note shows *saved v0, now v0*: the stamp
# and the current version.

# %% tags=["minigrad-only"]
viz.draw(s, p)

# %% [markdown]
# ## 3. Which operations save what
#
# The rule follows from the derivative formulas:
#
# | saves its **output** | saves **input(s)** | saves **no tensor** |
# | --- | --- | --- |
# | `sigmoid`, `tanh`, `exp`, `relu`, `sqrt` | `x ** 2` (x), `log`, `sin`, `abs`, `x * w` (each saves the *other*), `x / w`, `@` / `mm` / `mv` / `dot` | `+`, `-`, `neg`, `sum`, `mean`, `clone`, `view`, `x * 2` and `x / 2` (only the number 2 is kept) |
#
# `saved_of(r)` lists what `r.grad_fn` kept. A kept Python number is reported as a number.
# PyTorch stores it internally as a 0-dimensional tensor, which is why the helper checks
# `dim()`. Before you run it, predict the `relu` and `x * c` rows (`c` is a constant tensor
# that does not require grad).

# %%
def saved_of(r):
    kept = []
    for slot in ("self", "other", "result", "mat2", "exponent"):
        v = getattr(r.grad_fn, "_saved_" + slot, None)
        if v is None:
            continue
        if isinstance(v, torch.Tensor) and v.dim() > 0:
            kept.append(slot)
        else:
            kept.append(f"{slot} (the number {float(v):g})")
    return ", ".join(kept) or "no tensor"


x = torch.tensor([1., 2., 3.], requires_grad=True)
w = torch.tensor([4., 5., 6.], requires_grad=True)
c = torch.tensor([10., 10., 10.])
m = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
for expr, r in [("x.sigmoid()", x.sigmoid()), ("x.exp()", x.exp()), ("x.relu()", x.relu()),
                ("x ** 2", x ** 2), ("x.log()", x.log()), ("x * w", x * w),
                ("x * c", x * c), ("m @ m", m @ m), ("x * 2", x * 2), ("x + w", x + w),
                ("x.sum()", x.sum()), ("x.view(3, 1)", x.view(3, 1))]:
    print(f"{expr:13} {type(r.grad_fn).__name__:17} keeps: {saved_of(r)}")

# %% [markdown]
# `x * c` keeps only `other` (that is `c`). Only `x` needs a gradient, and ∂(x·c)/∂x = c, so
# keeping `x` would be wasted memory. `x * 2` keeps just the number.
#
# > **Myth check · S003-6 · TRUE**: "The gradient of `sigmoid(x).sum()` at x = [1, 2, 3] is
# > `tensor([0.1966, 0.1050, 0.0452])`."
#
# This is the correct value that the experiments below will or will not reproduce. Keep it in
# mind.

# %%
x1 = torch.tensor([1., 2., 3.], requires_grad=True)
y1 = x1.sigmoid()
print(y1)
y1.sum().backward()
print(x1.grad)

# %% [markdown]
# After this backward pass, the diagram shows `x1`'s gradient. The saved output is now marked
# *freed by backward*: the graph has been used.

# %% tags=["minigrad-only"]
viz.draw(y1)

# %% [markdown]
# ## 4. Editing a saved tensor: when it breaks and when it is harmless
#
# The rule is exact. `backward()` raises **if and only if** some node's saved tensor was
# modified after it was saved. It does not matter which tensor you edit, or whether it
# requires grad. What matters is whether a node kept it.
#
# > **Myth check · S001-2 · TRUE**: "Zeroing `out.detach()` after `out = a.sigmoid()` makes
# > `out.sum().backward()` fail, because sigmoid's backward needs the old `out`."
#
# `detach()` shares memory and the version counter with `out`. Zeroing it therefore zeroes
# `out` and moves its version to 1. Draw the graph **before** calling backward: the saved
# `result` of `SigmoidBackward0` is already marked *stale* (red, *saved v0, now v1*).

# %%
a = torch.tensor([1., 2., 3.], requires_grad=True)
out = a.sigmoid()
edited = out.detach()
print(edited.zero_())
print(out, out._version)

# %% tags=["minigrad-only"]
viz.draw(out)

# %% [markdown]
# As the red note predicts, backward fails. **This cell raises on purpose.**

# %% tags=["raises-exception"]
out.sum().backward()

# %% [markdown]
# **How to read this message** (section 5 takes it apart piece by piece)
# - `[torch.FloatTensor [3]], which is output 0 of Sigmoid`: the saved tensor is the 3-element
#   output of the sigmoid, which is `out`.
# - `is at version 1; expected version 0 instead`: it was saved at version 0, and the `zero_()`
#   through `edited` moved it to 1.
# - The fix is to edit a copy that is not saved: `out.detach().clone().zero_()`.
#
# > **Myth check · S001-8 · TRUE**: "The same experiment with a 0-d x = 0. prints
# > `tensor(0., grad_fn=<SigmoidBackward0>)` and backward fails for a `[torch.FloatTensor []]`."
#
# A 0-d tensor has shape `[]`, so the message shows empty brackets. **This cell raises on
# purpose.**

# %% tags=["raises-exception"]
x = torch.tensor(0., requires_grad=True)
y = x.sigmoid()
y.detach().zero_()
print(y)
y.backward()

# %% [markdown]
# **How to read this message**: it is the same message as before. `[torch.FloatTensor []]` is a
# float32 tensor of shape `[]` (0-d), and `output 0 of Sigmoid` is `y`. The `print` ran
# before `backward()`, so `y` already shows the zeroed value next to its `grad_fn`.
#
# > **Myth check · S001-9 · TRUE**: "With y = x ** 2 instead, the same zeroing is harmless:
# > `y` prints `tensor(0., grad_fn=<PowBackward0>)` and `x.grad` is `tensor(2.)`."
#
# `PowBackward0` kept `x`, not `y`, so zeroing `y` touches nothing it needs. Expect a zero `y`
# and the gradient 2·x at the recorded x = 1.

# %%
x = torch.tensor(1., requires_grad=True)
y = x ** 2
y.detach().zero_()
print(y)
y.backward()
print(x.grad)

# %% [markdown]
# The reverse holds too: editing the **input** of `x ** 2` breaks it. A leaf that requires grad
# can only be edited inside `no_grad` (section 8). The edit still moves its version.
# **This cell raises on purpose.**

# %% tags=["raises-exception"]
x = torch.tensor(1., requires_grad=True)
y = x ** 2
with torch.no_grad():
    x.mul_(3)
y.backward()

# %% [markdown]
# **How to read this message**: this time no `which is output 0 of ...` appears. The modified
# tensor is the leaf `x`, and a leaf is not the output of any node. So this phrase tells you
# whether the culprit is a leaf (absent) or a computed tensor (present).
#
# > **Myth check · S001-12 · TRUE**: "With `z = torch.add(x, y)`, doubling `y` in place through
# > `y.detach()` changes `y`, yet `z.sum().backward()` works and `x.grad` is all ones."
#
# The gradient of a sum is 1 for both inputs, so `AddBackward0` keeps nothing and there is
# nothing to check. Editing a leaf through `detach()` is allowed, while `y.mul_(2)` directly is
# not (section 8).

# %%
x = torch.tensor([1, 1, 1], dtype=torch.float, requires_grad=True)
y = torch.tensor([2, 4, 6], dtype=torch.float, requires_grad=True)
z = torch.add(x, y)
print(y.detach().mul_(2))
print(y)
z.sum().backward()
print(x.grad, y.grad)

# %% [markdown]
# No saved notes, so nothing can be stale. `y` shows version 1 and the diagram stays clean.

# %% tags=["minigrad-only"]
viz.draw(z)

# %% [markdown]
# Editing the result **directly**, as in `out.mul_(2)`, is recorded: `out` gets a new
# `grad_fn`. The sigmoid's saved output is still stale, though, so it fails the same way. For
# `x ** 2` the same direct edit is fine, and the gradient includes the factor 2:
# d(2x²)/dx = 4x. Expect `MulBackward0 1`, then `tensor([ 4.,  8., 12.])`.

# %%
a = torch.tensor([1., 2., 3.], requires_grad=True)
out = a.sigmoid()
out.mul_(2)
print(type(out.grad_fn).__name__, out._version)
p = a ** 2
p.mul_(2)
p.sum().backward()
print(a.grad)

# %% [markdown]
# Before you run: `y = x.exp()`, then `y.detach().add_(1)`, then `y.backward()`. What happens?

# %% tags=["minigrad-only"]
def exp_experiment():
    x = torch.tensor(2., requires_grad=True)
    y = x.exp()
    y.detach().add_(1)
    y.backward()
    print(x.grad)


viz.Quiz(
    "y = x.exp(); y.detach().add_(1); y.backward(): what happens?",
    ["it runs, x.grad is exp(2)", "it runs, x.grad is exp(2) + 1", "it raises"],
    answer="it raises",
    run=exp_experiment,
    explanation="ExpBackward0 keeps its output (the derivative of exp is exp itself), "
                "so editing y makes the saved tensor stale.",
)

# %% [markdown]
# ### Try it: InplaceLab
#
# The lab starts from `a = tensor([1., 2., 3.], requires_grad=True); out = a.sigmoid()`. Edit
# `out` through `detach()`, through `.data` or through a view, then run backward. The lab
# predicts the outcome from the versions before it runs, and shows the stale saved tensor in
# the diagram.

# %% tags=["minigrad-only"]
viz.InplaceLab()

# %% [markdown]
# The lab's model works without the buttons. Here is each edit followed by a backward run.
# Two edits raise. The `.data` edit runs and gives a **wrong** gradient, which section 6
# explains.

# %% tags=["minigrad-only"]
lab = viz.InplaceLabModel()
for how in ("detach", "view", "data"):
    lab.reset()
    lab.edit(how)
    lab.run_backward()
    print(lab.text(), end="\n\n")

# %% [markdown]
# ## 5. Reading "modified by an inplace operation" part by part
#
# Every version error has the same shape:
#
# `one of the variables needed for gradient computation has been modified by an inplace operation: [TYPE [SHAPE]], which is output N of NODE, is at version NOW; expected version SAVED instead. Hint: ...`
#
# | part | meaning |
# | --- | --- |
# | `one of the variables needed for gradient computation` | a **saved tensor** of some node |
# | `[torch.FloatTensor [3, 1]]` | its type (legacy name: `FloatTensor` = float32, `DoubleTensor` = float64) and shape (`[]` for 0-d) |
# | `, which is output N of NODE` | only when the tensor is **not** a leaf. NODE is the grad_fn name without `Backward0` |
# | `is at version NOW` | the current value of its version counter |
# | `expected version SAVED instead` | the stamp taken when it was saved |
# | `Hint: enable anomaly detection ...` | always the same; section 9 follows it |
#
# NODE needs a closer look. For a tensor saved as an **output** (sigmoid, exp), NODE is the
# node that saved it. For a tensor saved as an **input**, NODE is that tensor's **current**
# `grad_fn`, which an in-place operation may have replaced. `read_version_error` splits a
# real message into these parts. First, an input that was edited twice with `add_`:

# %%
import re

PATTERN = re.compile(r"\[(?P<type>\S+) \[(?P<shape>[^\]]*)\]\]"
                     r"(?:, which is output (?P<nr>\d+) of (?P<node>[^,]+),)?"
                     r" is at version (?P<now>\d+); expected version (?P<saved>\d+) instead")


def read_version_error(run):
    try:
        run()
    except RuntimeError as e:
        parts = PATTERN.search(str(e))
        for key in ("type", "shape", "nr", "node", "now", "saved"):
            print(f"  {key:5}: {parts[key]}")
        return
    print("no error")


x = torch.tensor([1., 2.], requires_grad=True)
e = x.exp()
q = e.sin()                        # SinBackward0 keeps its input e
e.add_(1)
e.add_(1)                          # e's grad_fn is now AddBackward0, version 2
read_version_error(lambda: q.sum().backward())

# %% [markdown]
# `node: Add`: `e` was saved by `sin` as an input, and its current `grad_fn` is the
# `AddBackward0` of the last `add_`. `now: 2` counts both edits. (minigrad writes
# `minigrad.FloatTensor` where PyTorch writes `torch.FloatTensor`.)
#
# The diagram shows the saved `self = e` note of `SinBackward0` as stale (*saved v0, now v2*).
# The `result` note of `ExpBackward0` is the same tensor, so it is stale too. Backward stops at
# the first stale tensor it reaches, which is the one `SinBackward0` kept. `e` now has its own
# chain of two `AddBackward0` nodes, which `q`'s graph does not use.

# %% tags=["minigrad-only"]
viz.draw(q, e)

# %% [markdown]
# > **Myth check · S001-11 · TRUE**: "With `y` a `view(-1, 1)` of a leaf and
# > `z = torch.matmul(x, y)`, doubling `y.detach()` in place makes `z.backward()` fail for a
# > `[torch.FloatTensor [3, 1]]`, although `y.requires_grad` is still True."
#
# `matmul` keeps `y` to compute `x`'s gradient, so the edit is caught. Two details of the 2.13
# output differ from the old post. First, `z` prints with `SqueezeBackward4`: a 1-D @ 2-D
# product is computed as a matrix product followed by a squeeze. Second, `y` is a **view**, so
# after the in-place edit its `grad_fn` is rebuilt as `AsStridedBackward0`, and the message
# says `of AsStrided`.

# %%
x = torch.tensor([1, 1, 1], dtype=torch.float, requires_grad=True)
y_leaf = torch.tensor([2, 4, 6], dtype=torch.float, requires_grad=True)
y = y_leaf.view(-1, 1)
print(y)
z = torch.matmul(x, y)
print(z)
tmp = y.detach()
print(tmp.mul_(2))
print(y.requires_grad, type(y.grad_fn).__name__, y._version)

# %% [markdown]
# Before backward, the diagram already shows the problem. `MmBackward0` keeps `mat2 = y`, and
# that note is stale.

# %% tags=["minigrad-only"]
viz.draw(z)

# %% [markdown]
# **This cell raises on purpose.**

# %% tags=["raises-exception"]
z.backward()

# %% [markdown]
# **How to read this message**
# - `[torch.FloatTensor [3, 1]]`: a float32 tensor of shape 3×1. Only `y` has that shape.
# - `which is output 0 of AsStrided`: `y`'s **current** `grad_fn` is `AsStridedBackward0`. It
#   was `ViewBackward0` until the in-place edit through its detached alias moved the shared
#   counter. Autograd rebuilds a view's `grad_fn` this way after an in-place edit (section 7).
# - `is at version 1; expected version 0`: one edit (`tmp.mul_(2)`) since `matmul` saved it.
# - Backward stopped before anything was accumulated, so `x.grad` is still `None`:

# %%
print(x.grad)
read_version_error(lambda: z.backward())

# %% [markdown]
# ## 6. `.data`: the edit nobody sees
#
# `.data` shares the memory but has its own counter. An edit through it changes the values a
# node saved, and the stamp check still passes. Backward then runs on the modified values and
# returns a wrong gradient, with no error.
#
# > **Myth check · S001-3 · TRUE**: "With `out.data` instead of `out.detach()`, zeroing it
# > also zeroes `out`, backward runs without an error, and `a.grad` comes out as zeros, which
# > is wrong."
#
# Expect `version 0` after the edit, and `tensor([0., 0., 0.])` instead of the correct
# `tensor([0.1966, 0.1050, 0.0452])` from section 3.

# %%
a = torch.tensor([1., 2., 3.], requires_grad=True)
out = a.sigmoid()
dat = out.data
print(dat.zero_())
print(out, "version", out._version)

# %% [markdown]
# Here the diagram has to be read with care. The saved `result` note says *saved v0, now v0*,
# so nothing looks stale, because the counter never moved. The red *own version counter* edge
# from `dat` is the only warning sign. This is why `detach()` is the safe way to edit
# values, and `.data` is not.

# %% tags=["minigrad-only"]
viz.draw(out, dat)

# %% [markdown]
# Backward runs without complaint, on the zeroed values:

# %%
out.sum().backward()
print(a.grad)

# %% [markdown]
# ## 7. Views: `CopySlices` and `AsStridedBackward0`
#
# An in-place operation on a **view** of a computed tensor changes the base too, so autograd
# has to record the change on both:
# - the base's `grad_fn` becomes `CopySlices`. It wraps the node of the in-place operation and
#   applies it to the slice that was written;
# - the view's `grad_fn` becomes `AsStridedBackward0`: the view is rebuilt from the new base.
#
# Assigning into a slice is the simplest case. Expect `CopySlices`, version 1, and the
# gradient `[1., 0., 0., 1.]`. The two overwritten positions no longer depend on `x`.

# %%
x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
z = x * 1
z[1:3] = 0
print(z, z._version)
print(z.grad_fn.name())
z.sum().backward()
print(x.grad)

# %% [markdown]
# Now an in-place edit through a named view. `v` starts as `SliceBackward0`. After
# `v.mul_(10)`, the base has `CopySlices` and the view has `AsStridedBackward0`. The gradient
# of `(z * z).sum()` is 2·z·∂z/∂x: 2·1 = 2 and 2·4 = 8 outside the slice, and 2·20·10 = 400,
# 2·30·10 = 600 inside it.

# %%
x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
z = x * 1
v = z[1:3]
print(type(v.grad_fn).__name__)
v.mul_(10)
print(type(v.grad_fn).__name__, type(z.grad_fn).__name__)
print(z, v._version, z._version)

# %% [markdown]
# In the diagram, `CopySlices` shows the node it wraps (`wraps MulBackward0`, `other = 10`).
# `AsStridedBackward0` leads from `v` back into the base's `CopySlices`.

# %% tags=["minigrad-only"]
viz.draw(z, v)

# %% [markdown]
# The gradients are correct:

# %%
(z * z).sum().backward()
print(x.grad)

# %% [markdown]
# Writing a value that requires grad into a tensor that does not require grad makes that
# tensor part of the graph. It stops being a leaf and gets `CopySlices`:

# %%
b = torch.zeros(3)
b[0] = x[0]
print(b, b.is_leaf)

# %% [markdown]
# `b` is no longer a plain leaf. Its `CopySlices` node wraps the copy and leads through
# `SelectBackward0` (the `x[0]`) to `x`.

# %% tags=["minigrad-only"]
viz.draw(b)

# %% [markdown]
# The ViewsLab model makes the same point for each way of deriving `other` from a computed
# `base`. Views and `detach()` share the counter. Only views get the `grad_fn` rewrite. `.data`
# and `clone()` do not share the counter.

# %% tags=["minigrad-only"]
views = viz.ViewsLabModel(track=True)
for kind in ("row", "transpose", "detach", "data", "clone"):
    views.kind = kind
    views.reset()
    views.edit("other")
    print(views.text(), end="\n\n")

# %% [markdown]
# ## 8. In-place operations on leaves
#
# > **Myth check · S000-12 · MISLEADING**: "Leaf nodes cannot be modified in place."
#
# The restriction applies only to leaves that **require grad**, and only while grad mode is
# on. A leaf without grad, such as an input batch or a buffer, can be edited freely. Expect
# `tensor([2., 3.]) True 1`.

# %%
p = torch.tensor([1., 2.])            # a leaf that does not require grad
p.add_(1)
print(p, p.is_leaf, p._version)

# %% [markdown]
# A leaf that requires grad refuses the edit. **This cell raises on purpose.**

# %% tags=["raises-exception"]
w = torch.tensor([1., 2.], requires_grad=True)
w.add_(1)

# %% [markdown]
# **How to read this message**
# - `a leaf Variable that requires grad`: `w` was made by you (no `grad_fn`) with
#   `requires_grad=True`. "Variable" is the old name for a tensor in autograd.
# - `is being used in an in-place operation`: `add_` would overwrite the value that the
#   gradients are defined with respect to. The check runs first, so `w` is unchanged and its
#   version is still 0:

# %%
print(w, w._version)

# %% [markdown]
# Writing through a **view** of such a leaf is refused too, with a slightly different message.
# **This cell raises on purpose.**

# %% tags=["raises-exception"]
w[0] = 5.

# %% [markdown]
# **How to read this message**: `a view of a leaf Variable`. `w[0]` is a view of `w`, and
# assigning into it would change `w`. The same message appears for `w.view(2, 1).mul_(2)`.
#
# Three ways are allowed, and they differ in the version counter:
# - inside `torch.no_grad()`: the update is not recorded, `w` stays a leaf, and the version
#   moves. This is what optimizers do;
# - through `w.detach()`: shares the counter, so the version moves;
# - through `w.data`: the version does **not** move (section 6).
#
# Expect versions 1, 2, 2.

# %%
with torch.no_grad():
    w.add_(1)
print(w, w.is_leaf, w._version)
w.detach().mul_(2)
print(w, w._version)
w.data.mul_(2)
print(w, w._version)

# %% [markdown]
# `w` is still a single leaf box. Its version (`v2`) records the two edits that autograd
# could see.

# %% tags=["minigrad-only"]
viz.draw(w)

# %% [markdown]
# One combination is always refused: a view created **inside** `no_grad`, edited in place
# **outside** it. Autograd cannot tell whether the edit should be recorded. **This cell raises
# on purpose.**

# %% tags=["raises-exception"]
with torch.no_grad():
    first = w[:1]
print(first.requires_grad, first.is_leaf, first.grad_fn)
first.mul_(2)

# %% [markdown]
# **How to read this message**
# - `A view was created in no_grad mode and is being modified inplace with grad mode enabled.`:
#   `first = w[:1]` was made inside the block, and `mul_` runs outside it.
# - `You can clarify your code by moving both the view and the inplace either both inside the
#   no_grad block ... or both outside`: the message gives both fixes. Put both inside the block
#   if the edit should not be recorded (as in an optimizer step). Put both outside if it
#   should. On a leaf that requires grad, "both outside" is refused anyway (see above).

# %% [markdown]
# ## 9. Anomaly mode: which forward line made the failing node?
#
# The version error says *which* tensor changed. It does not say which line of your forward
# code created the node that needed it. `torch.autograd.detect_anomaly()` records a traceback
# for every node it creates. When a node's backward fails, it first issues a warning
# (`Error detected in ...`) with that traceback, then raises the error with a different hint.
#
# The traceback contains file names and line numbers, which differ from one machine to the
# next. The cell therefore catches the warnings and prints only the first line of each. It
# also catches the error and prints it.

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():
        y = x.sigmoid()
        loss = (y * 2).sum()
        y.detach().zero_()
        try:
            loss.backward()
        except RuntimeError as err:
            print("RuntimeError:", err)
for warning in caught:
    print(f"{warning.category.__name__}: {str(warning.message).splitlines()[0]}")
print(torch.is_anomaly_enabled())

# %% [markdown]
# How to read this output:
# - The **error** is the same as before up to `Hint:`. The hint now reads *the backtrace further
#   above shows the operation that failed to compute its gradient. The variable in question was
#   changed in there or anywhere later.*
# - The first **warning** appears as soon as anomaly mode is switched on. It is a reminder that
#   the mode slows everything down.
# - The second warning names the node that failed, `SigmoidBackward0`, and is followed by the
#   forward traceback. Its last line is the line of your code that created the node. In the
#   notebook that is the cell line below (printed without the file name and line number):

# %% tags=["minigrad-only"]
trace = str(caught[-1].message).splitlines()
print(trace[0])
print(trace[-1].strip())

# %% [markdown]
# Switch anomaly mode on **before** the forward pass: the traceback is recorded when a node is
# created.
#
# `set_detect_anomaly(True)` switches the mode on until you switch it off, like a plain
# `set_grad_enabled` call, so it stays on from one cell to the next. By default anomaly mode
# also checks every backward result for NaN. Here is a forward pass whose backward divides
# 0 by 0 at x = 0:

# %%
torch.autograd.set_detect_anomaly(True)
x = torch.tensor([0., 1.], requires_grad=True)
r = x.sqrt() * torch.tensor([0., 1.])
print(torch.is_anomaly_enabled())

# %% [markdown]
# `SqrtBackward0` keeps its result `[0., 1.]`. Its backward computes `grad / (2 * result)`,
# which is `0 / 0 = nan` at the first position.

# %% tags=["minigrad-only"]
viz.draw(r)

# %% [markdown]
# Expect the NaN error, then the `Error detected in SqrtBackward0` warning, then `False` once
# the mode is switched off again.

# %%
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        r.sum().backward()
    except RuntimeError as err:
        print("RuntimeError:", err)
for warning in caught:
    print(f"{warning.category.__name__}: {str(warning.message).splitlines()[0]}")
torch.autograd.set_detect_anomaly(False)      # switch it off again
print(torch.is_anomaly_enabled())

# %% [markdown]
# ## 10. Exercises
#
# **Exercise 1: keep the edit, fix the backward.** The code below needs a zeroed copy of the
# sigmoid output for some other purpose, but the way it makes the copy breaks
# `out.sum().backward()`. Change **one line** so that `zeroed` is still all zeros, `out` is
# unchanged, and the gradient is correct. As shipped, the check cell says *not yet*.

# %%
a = torch.tensor([1., 2., 3.], requires_grad=True)
out = a.sigmoid()
zeroed = out.detach()                  # TODO: change this line
zeroed.zero_()

# %%
problems = []
try:
    out.sum().backward(retain_graph=True)
except RuntimeError as err:
    parts = PATTERN.search(str(err))
    problems.append(f"backward raises (a tensor saved by {parts['node']} is at version "
                    f"{parts['now']}, saved at {parts['saved']})")
else:
    if [round(g, 4) for g in a.grad.tolist()] != [0.1966, 0.105, 0.0452]:
        problems.append(f"wrong gradient {a.grad.tolist()}")
if zeroed.tolist() != [0., 0., 0.]:
    problems.append("zeroed is not all zeros")
if out.tolist() == [0., 0., 0.]:
    problems.append("out was zeroed too: the copy shares its memory")
print("correct!" if not problems else "not yet: " + "; ".join(problems))

# %% [markdown]
# The diagram shows why. As shipped, `zeroed` is joined to `out` by a *same storage + version
# counter* edge and the saved `result` is stale. Solved, `zeroed` has no edge and nothing is
# stale.

# %% tags=["minigrad-only"]
viz.draw(out, zeroed)

# %% [markdown]
# **Exercise 2: output or input?** For each operation, write `"output"`, `"input"` or
# `"nothing"` for what its node keeps. The check cell compares your answers with the nodes
# themselves, using `saved_of` from section 3. As shipped, every answer is `"?"`.

# %%
answers = {
    "x.tanh()": "?",
    "x.sin()": "?",
    "x.sqrt()": "?",
    "x - w": "?",
    "x.abs()": "?",
}

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
w = torch.tensor([4., 5., 6.], requires_grad=True)
made = {"x.tanh()": x.tanh(), "x.sin()": x.sin(), "x.sqrt()": x.sqrt(), "x - w": x - w,
        "x.abs()": x.abs()}
truth = {}
for expr, r in made.items():
    kept = saved_of(r)
    truth[expr] = "output" if "result" in kept else "nothing" if kept == "no tensor" else "input"
wrong = [expr for expr in made if answers[expr] != truth[expr]]
open_ = [expr for expr in wrong if answers[expr] == "?"]
if not wrong:
    print("correct! all five")
else:
    print(f"not yet: {len(made) - len(wrong)} of {len(made)} right "
          f"({len(open_)} unanswered, {len(wrong) - len(open_)} wrong)")

# %% [markdown]
# <details><summary>Solutions (open after trying)</summary>
#
# Exercise 1: `zeroed = out.detach().clone()`. `clone()` gives new memory with its own
# counter, so the saved output is untouched.
#
# Exercise 2: tanh → output, sin → input, sqrt → output, subtraction → nothing, abs → input.
# </details>

# %% [markdown]
# ## Summary
#
# | question | answer |
# | --- | --- |
# | What increases `t._version`? | Every in-place write: `add_`, `mul_`, `zero_`, `t[i] = ...`, `+=`, `copy_` |
# | What does not? | Out-of-place ops, `requires_grad_()`, and edits through `.data` (own counter) |
# | Who shares a counter? | A tensor, its views and its `detach()`; not `clone()`, not `.data` |
# | What does a node save? | What its derivative needs: outputs (sigmoid, tanh, exp, relu, sqrt), inputs (pow, log, sin, abs, mul, div, matmul), or nothing (add, sub, sum, mean, view, clone, times a number) |
# | When does backward raise? | Exactly when a saved tensor's version differs from its stamp |
# | How do I see it before running backward? | `viz.draw(...)`: stale saved tensors are red, *saved vN, now vM* |
# | `which is output N of NODE` | Present for computed tensors, absent for leaves; NODE = the saving node (saved outputs) or the tensor's current `grad_fn` (saved inputs) |
# | Views | In-place on a view: base gets `CopySlices`, view gets `AsStridedBackward0`; gradients stay correct |
# | Leaves | Refused only for leaves that require grad (and their views) with grad mode on; allowed in `no_grad`, via `detach()`, via `.data` |
# | `.data` | Never bumps the version: a wrong gradient and no error |
# | Anomaly mode | `detect_anomaly()` / `set_detect_anomaly(True)`: a warning with the forward traceback of the failing node, a different hint, NaN checks |
#
# | myth | verdict | section |
# | --- | --- | --- |
# | S001-7 sigmoid's backward uses its output, x**2's its input | TRUE | 2 |
# | S003-6 sigmoid gradient values | TRUE | 3 |
# | S001-2 editing a detached sigmoid output breaks backward | TRUE | 4 |
# | S001-8 the 0-d sigmoid example raises | TRUE | 4 |
# | S001-9 the pow example: editing the output is harmless | TRUE | 4 |
# | S001-12 the add example: editing the input is harmless | TRUE | 4 |
# | S001-11 the matmul example: editing y.detach() breaks z.backward() | TRUE | 5 |
# | S001-3 the same edit via .data silently corrupts the gradient | TRUE | 6 |
# | S000-12 leaf nodes cannot be modified in place | MISLEADING | 8 |
#
# **Next:** [06 · Under the hood](06_under_the_hood.ipynb): write your own `Function` and follow
# the engine step by step.
