# %% [markdown] key="title"
# # 05 · In-place operations, version counters and saved tensors
#
# An in-place operation (`add_`, `mul_`, `zero_`, `t[0] = ...`, `t += 1`) writes into memory
# that already exists. That saves memory, and becomes a problem when the backward pass still
# needs the old values. The sigmoid experiment of [notebook 01](01_detach_vs_data.ipynb)
# showed *that* such an edit can make `backward()` raise; this notebook shows *why*, and
# exactly *when*.
#
# **In this notebook** (about 40 minutes): the version counter · saved tensors · which
# operations save what · when an edit breaks `backward()`, and its error message · views ·
# in-place edits of leaves and `optimizer.step()`. Then exercises, a *Myth check* and optional
# depth. Rules in one page: the [cheat sheet](cheatsheet.md).

# %%
import re
import warnings

import minigrad as torch

# %% tags=["minigrad-only"]
from minigrad import viz
from minigrad.viz.quizbank.nb05 import check_in_place, check_two_steps

# %% [markdown] key="1-version-counter"
# ## 1. The version counter
#
# **Why it matters.** Autograd cannot afford to copy every tensor it might need later. Instead
# every tensor carries a counter, `t._version`: it starts at 0 and each in-place write adds 1
# (`add_`, `t[0] = ...`, `+=`); out-of-place operations and `requires_grad_()` do not count.

# %%
t = torch.tensor([1., 2., 3.])
t.add_(1)
t.mul_(2)
t[0] = 5.
t += 1
u = t + 1                          # a new tensor; t is not written
print(t, t._version, u._version)

# %% [markdown] key="several-tensors-can"
# Tensors made from one another may share memory. Do they share the counter too?
#
# **Predict.** Four tensors are made from `base`; then one write goes through the view.

# %% tags=["minigrad-only"]
def who_moves():
    base = torch.tensor([1., 2., 3., 4.])
    view, det, cl, dat = base[1:3], base.detach(), base.clone(), base.data
    view.zero_()
    print("base:", base)
    print("versions  base view detach clone data:",
          base._version, view._version, det._version, cl._version, dat._version)


viz.quiz("05/shared-counter", run=who_moves)

# %% [markdown] key="now-same-five" jupyter={"source_hidden": true}
# **Explanation**
#
# A view (slicing, `view`, `t()`) and `detach()` share their base's memory and counter;
# `clone()` has new memory and its own counter; `.data` shares the memory but has its **own**
# counter. The diagram adds a second write, through `.data`: the base changes, its version
# does not. Purple dashed edges mean *same storage + version counter*; the red edge from `dat`,
# *same storage, own counter*. More ways to make a second tensor: the ViewsLab of
# [01 §4](01_detach_vs_data.ipynb).

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
base = torch.tensor([1., 2., 3., 4.])
view, det, cl, dat = base[1:3], base.detach(), base.clone(), base.data
view.zero_()
dat.add_(1)
viz.draw(base, view, det, cl, dat)

# %% [markdown] key="2-saved-tensors"
# ## 2. Saved tensors carry a version stamp
#
# When an operation is recorded, its node keeps the tensors its backward formula needs, each
# stamped with its version at that moment. When `backward()` reaches the node it compares the
# stamps with the current versions, and raises if they differ.
#
# What a node keeps depends on its derivative. For s = sigmoid(x) the derivative is s·(1 − s):
# it needs the **output**.
#
# **Predict.** What does the node of `p = x ** 2` keep?

# %% tags=["minigrad-only"]
def what_pow_keeps():
    x = torch.tensor(0.5, requires_grad=True)
    p = x ** 2
    print("_saved_self:", p.grad_fn._saved_self, "| _saved_exponent:", p.grad_fn._saved_exponent)
    print("is it x itself?", p.grad_fn._saved_self is x)


viz.quiz("05/what-pow-keeps", run=what_pow_keeps)

# %% [markdown] key="pytorch-exposes-kept" jupyter={"source_hidden": true}
# **Explanation**
#
# The derivative 2·x of `x ** 2` needs the **input** (and the exponent, a plain number).
# PyTorch exposes the kept tensors as `_saved_*` attributes on the node, as the quiz printed.

# %% [markdown] key="3-which-operations"
# ## 3. Which operations save what
#
# A node keeps what its derivative formula needs, nothing more.
#
# `saved_of(r)` lists what `r.grad_fn` kept (a kept Python number is reported as a number;
# PyTorch stores it as a 0-d tensor, hence the `dim()` test).
#
# **Predict** what the node of `x * c` keeps, where `c` is a constant tensor that does not
# require grad.

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


def what_nodes_keep():
    for expr, r in [("x * c", x * c), ("x.sigmoid()", x.sigmoid()), ("x.relu()", x.relu()),
                    ("x ** 2", x ** 2), ("x * w", x * w), ("m @ m", m @ m), ("x * 2", x * 2),
                    ("x + w", x + w), ("x.view(3, 1)", x.view(3, 1))]:
        print(f"{expr:13} {type(r.grad_fn).__name__:17} keeps: {saved_of(r)}")

# %% tags=["minigrad-only"]
viz.quiz("05/mul-by-constant", run=what_nodes_keep)

# %% [markdown] key="x-c-keeps" jupyter={"source_hidden": true}
# **Explanation**
#
# `x * c` keeps only `c`: only `x` needs a gradient, and ∂(x·c)/∂x = c. `x * 2` keeps just
# the number. The rule, from the derivative formulas:
#
# | saves its **output** | saves **input(s)** | saves **no tensor** |
# | --- | --- | --- |
# | `sigmoid`, `tanh`, `relu`, `sqrt` | `x ** 2`, `log`, `sin`, `abs`, `x * w` (each factor, if the *other* needs a gradient), `x / w`, `@` | `+`, `-`, `sum`, `mean`, `clone`, `view`, `x * 2` (only the number) |

# %% [markdown] key="4-when-edit"
# ## 4. When an edit breaks `backward()`
#
# **Why it matters.** In-place edits appear in real code: `relu_()`, `x += ...` in a residual
# block, a buffer updated in the forward pass. Whether one is safe follows from §2: which
# tensor you edit, and whether it requires grad, doesn't matter; what matters is whether a
# node kept it.
#
# **Predict.** `y = x.exp()`, then `y.detach().add_(1)`, then `y.backward()`.

# %% tags=["minigrad-only"]
def exp_experiment():
    x = torch.tensor(2., requires_grad=True)
    y = x.exp()
    y.detach().add_(1)
    y.backward()
    print(x.grad)


viz.quiz("05/exp-edit", run=exp_experiment)

# %% [markdown] key="expbackward0-keeps-its" jupyter={"source_hidden": true}
# **Explanation**
#
# `ExpBackward0` keeps its output (the derivative of eˣ is eˣ itself), and `detach()` shares
# the output's memory and version counter. In the diagram, drawn **before** backward, the
# saved tensors are the orange notes, each with *saved vN, now vM*: the saved `result` is
# already marked *stale* (red, *saved v0, now v1*). So backward fails (**this cell raises on
# purpose**).

# %%
x = torch.tensor([1., 2.], requires_grad=True)
y = x.exp()
alias = y.detach().add_(1)         # add_ returns the tensor it wrote into

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(y)

# %% tags=["raises-exception"] jupyter={"outputs_hidden": true}
y.sum().backward()

# %% [markdown] key="how-read-this"
# ### How to read this message
#
# Every in-place/version error has this form:
#
# | part | meaning |
# | --- | --- |
# | `one of the variables needed for gradient computation has been modified by an inplace operation` | a saved tensor changed after it was saved |
# | `[torch.FloatTensor [2]]` | its legacy type name (float32 on the CPU) and its shape |
# | `, which is output 0 of Exp,` | only when the tensor is **not** a leaf: a node, without `Backward0` |
# | `is at version 1` / `expected version 0 instead` | its version now / its stamp when saved |
#
# (minigrad writes `minigrad.FloatTensor`; the rest is torch's text.) The node: for a tensor
# saved as an **output** (sigmoid, exp), the node that saved it; for one saved as an
# **input**, that tensor's **current** `grad_fn`, which an in-place operation may have
# replaced. `read_version_error` splits a message into these parts. Here, an input edited
# twice with `add_`:

# %%
PATTERN = re.compile(r"\[(?P<type>\S+) \[(?P<shape>[^\]]*)\]\]"
                     r"(?:, which is output (?P<nr>\d+) of (?P<node>[^,]+),)?"
                     r" is at version (?P<now>\d+); expected version (?P<saved>\d+) instead")


def read_version_error(run):
    try:
        run()
    except RuntimeError as e:
        parts = PATTERN.search(str(e))
        print("  ".join(f"{key}={parts[key]}" for key in ("shape", "node", "now", "saved")))
        return
    print("no error")


x = torch.tensor([1., 2.], requires_grad=True)
e = x.exp()
q = e.sin()                        # SinBackward0 keeps its input e
e.add_(1)
e.add_(1)                          # e's grad_fn is now AddBackward0, version 2
read_version_error(lambda: q.sum().backward())

# %% [markdown] key="node-add-sin"
# `node=Add`: `sin` saved `e` as an input, and `e`'s current `grad_fn` is the `AddBackward0` of
# the last `add_`. (For an edited **leaf** the node part is missing: optional depth.) An edit
# through `.data` is never seen by this check: if a node saved the tensor, the gradient comes
# out silently wrong, as the sigmoid experiment of [01 §4](01_detach_vs_data.ipynb) showed.

# %% [markdown] key="only-nodes-run"
# ### `backward(inputs=...)` after an edit
#
# `loss` below adds two branches, `a.sigmoid()` and `b * 2`; then the sigmoid's output is
# zeroed through `detach()`. A full `loss.backward()` would raise.
#
# **Predict.** `loss.backward(inputs=[b])` asks for `b`'s gradient only (`inputs=` names the
# leaves whose `.grad` to fill).

# %%
def two_branches():
    a = torch.tensor([1., 2.], requires_grad=True)
    b = torch.tensor([3., 4.], requires_grad=True)
    s = a.sigmoid()                    # SigmoidBackward0 keeps s
    loss = s.sum() + (b * 2).sum()
    s.detach().zero_()                 # s: version 0 -> 1
    return a, b, loss


def backward_for_b():
    a, b, loss = two_branches()
    loss.backward(inputs=[b], retain_graph=True)
    print("inputs=[b]:       b.grad =", b.grad, "| a.grad =", a.grad)
    print("autograd.grad:   ", torch.autograd.grad(loss, b, retain_graph=True))
    print("loss.backward():  ", end="")
    read_version_error(lambda: loss.backward())

# %% tags=["minigrad-only"]
viz.quiz("05/other-branch", run=backward_for_b)

# %% [markdown] key="only-nodes-run-why" jupyter={"source_hidden": true}
# **Explanation**
#
# A pass runs only the nodes on a path from `loss` to the inputs it was asked for.
# `SigmoidBackward0` is on `a`'s branch: with `inputs=[b]` (or `torch.autograd.grad(loss, b)`)
# it never runs and never checks its stale output; the full `loss.backward()` runs it and
# raises. So a pass raises when a node **it runs** finds a saved tensor modified. In PyTorch,
# `torch.autograd.graph.allow_mutation_on_saved_tensors()` even makes such an edit legal: it
# copies the old values first, and backward uses the copy (minigrad lacks it).

# %% [markdown] key="6-views-copyslices"
# ## 5. Views: `CopySlices` and `AsStridedBackward0`
#
# **Why it matters.** `z[1:3] = 0` or `h[:, 0] += b` are everyday code. An in-place operation
# on a **view** of a computed tensor changes the base too, so autograd records it on both: the
# base's `grad_fn` becomes `CopySlices` (the edit's backward, applied to the slice), the
# view's `AsStridedBackward0` (the view, rebuilt from the new base).

# %%
x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
z = x * 1
v = z[1:3]
print(type(v.grad_fn).__name__)
v.mul_(10)
print(type(v.grad_fn).__name__, type(z.grad_fn).__name__, z._version)

# %% [markdown] key="predict-z-z"
# **Predict.** `(z * z).sum().backward()`: what is `x.grad`? (z = [1, 20, 30, 4] now.)

# %% tags=["minigrad-only"]
def view_gradient():
    x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
    z = x * 1
    z[1:3].mul_(10)
    (z * z).sum().backward()
    print("x.grad:", x.grad)


viz.quiz("05/view-gradient", run=view_gradient)

# %% [markdown] key="gradient-2-z" jupyter={"source_hidden": true}
# **Explanation**
#
# The gradient is 2·z·∂z/∂x: 2·1 and 2·4 outside the slice, 2·20·10 and 2·30·10 inside. In
# the diagram, `CopySlices` shows the node it wraps (`MulBackward0`, `other = 10`), and
# `AsStridedBackward0` leads from `v` back into it.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(z, v)

# %% [markdown] key="7-place-operations"
# ## 6. In-place operations on leaves
#
# **Why it matters.** Optimizers update parameters in place, and parameters are leaves that
# require grad. With grad mode on, such a leaf refuses an in-place edit (it would overwrite
# the value the gradients are taken at); a leaf that does **not** require grad, such as an
# input batch, can be edited freely. **This cell raises on purpose.**

# %% tags=["raises-exception"]
w = torch.tensor([1., 2.], requires_grad=True)
w.add_(1)

# %% [markdown] key="how-read"
# **How to read this message**: `a leaf Variable that requires grad` ("Variable" is the old
# name for a tensor) `is being used in an in-place operation`; `w` is unchanged. Three ways
# are allowed: inside `torch.no_grad()` (what optimizers do), through `w.detach()` (shares
# the counter), and through `w.data` (does **not** move it: [01 §4](01_detach_vs_data.ipynb)).

# %%
with torch.no_grad():
    w.add_(1)
print(w, w.is_leaf, w._version)
w.detach().mul_(2)
print(w, w._version)
w.data.mul_(2)
print(w, w._version)

# %% [markdown] key="optimizer-step-between"
# An update inside `no_grad` is what `optimizer.step()` does to every parameter (notebook 02
# §6). So a second backward through a graph built **before** the step is refused. The saved
# tensor is `net[1].weight.t()`, a view of the weight (hence `of AsStrided`, §5), stamped 1,
# not 0: `nn.Linear` wrote its weight in place once, when it initialised it.

# %%
torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.Linear(3, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.1)
loss = net(torch.tensor([[1., 2.]])).sum()
loss.backward(retain_graph=True)
opt.step()                          # every parameter: version + 1
try:
    loss.backward()
except RuntimeError as err:
    print(str(err).split(" Hint:")[0])

# %% [markdown] key="8-exercises"
# ## 7. Exercises
#
# **Exercise 1: two steps from one forward pass.** `train_step` should make two SGD steps,
# on the fit loss, then on a penalty, each with the gradient **at the current weights**. As
# written, the second backward raises (§6). Fix it, keeping both steps.

# %%
def train_step(model, opt, batch):
    out = model(batch)
    opt.zero_grad()
    ((out - 1) ** 2).mean().backward(retain_graph=True)   # step 1: fit the target 1
    opt.step()
    opt.zero_grad()
    out.abs().mean().backward()                             # step 2: a penalty on the output
    opt.step()

# %% tags=["minigrad-only"]
viz.exercise("05/two-steps", check=lambda: check_two_steps(train_step))

# %% [markdown] key="exercise-2-output"
# **Exercise 2: in place where it is safe.** `forward` makes a new tensor at every step. To
# save memory, do each step that can be done in place in its in-place form (`mul_`,
# `sigmoid_`, `exp_` write into the tensor they are called on and return it), so that
# `d.sum().backward()` still gives the same gradient. Which steps can?

# %%
def forward(x):
    a = x * 3
    b = a.sigmoid()
    c = b * 2
    d = c.exp()
    return a, b, c, d

# %% tags=["minigrad-only"]
viz.exercise("05/in-place-where-safe", check=lambda: check_in_place(forward))

# %% [markdown] myths="05"
# (generated from notebooks/src/myths.py)

# %%
# M1: the sigmoid gradient at x = [1, 2, 3]; the posts' two failing edits on torch 2.13
x1 = torch.tensor([1., 2., 3.], requires_grad=True)
x1.sigmoid().sum().backward()
print(x1.grad)
x0 = torch.tensor(0., requires_grad=True)
y0 = x0.sigmoid()
y0.detach().zero_()
print(y0)
read_version_error(lambda: y0.backward())
xm = torch.tensor([1, 1, 1], dtype=torch.float, requires_grad=True)
ym = torch.tensor([2, 4, 6], dtype=torch.float, requires_grad=True).view(-1, 1)
zm = torch.matmul(xm, ym)
print(zm)
ym.detach().mul_(2)
print(ym.requires_grad)
read_version_error(lambda: zm.backward())

# %%
# M2: AddBackward0 keeps nothing, so doubling its input afterwards is harmless; and a leaf
# that does not require grad takes an in-place edit
xa = torch.tensor([1, 1, 1], dtype=torch.float, requires_grad=True)
ya = torch.tensor([2, 4, 6], dtype=torch.float, requires_grad=True)
za = torch.add(xa, ya)
print(ya.detach().mul_(2))
za.sum().backward()
print(xa.grad, ya.grad)
batch_leaf = torch.tensor([1., 2.])
batch_leaf.add_(1)
print(batch_leaf, batch_leaf.is_leaf, batch_leaf._version)

# %% [markdown] key="optional-inplace"
# ## Optional depth: the InplaceLab, an edited leaf, views made under `no_grad`, anomaly mode
#
# ### An edited leaf in the message
#
# When the edited tensor is a **leaf**, the node part of the message is missing (`node=None`):
# a leaf is nobody's output.

# %%
x = torch.tensor(1., requires_grad=True)
y = x ** 2                         # PowBackward0 keeps x
with torch.no_grad():
    x.mul_(3)                      # a leaf that requires grad: edit it under no_grad (§6)
read_version_error(lambda: y.backward())

# %% [markdown] key="try-inplacelab"
# ### Try it: InplaceLab
#
# The lab starts from `a = tensor([1., 2., 3.], requires_grad=True); out = a.sigmoid()`. Edit
# `out` through `detach()`, through `.data` or through a view, then run backward. The lab
# predicts the outcome from the versions before it runs. An edit of a tensor that no node saved
# (the output of `x ** 2`) is harmless: [01 §5](01_detach_vs_data.ipynb).

# %% tags=["minigrad-only"]
viz.InplaceLab()

# %% [markdown] key="one-more-rule"
# ### A view made under `no_grad`
#
# One more rule mixes views with grad mode. A view created **inside** `no_grad` and edited in
# place **outside** it is refused when its base requires grad: autograd cannot tell whether
# the edit should be recorded. **This cell raises on purpose.**

# %% tags=["raises-exception"]
with torch.no_grad():
    first = w[:1]
first.mul_(2)

# %% [markdown] key="how-read-2"
# **How to read this message**: `A view was created in no_grad mode and is being modified
# inplace with grad mode enabled`, and it gives both fixes: put the view and the edit both
# inside the block (the edit is not recorded, as in an optimizer step) or both outside (it is).
#
# If the base does **not** require grad there is nothing to record, and the same pattern runs:

# %%
buffer = torch.ones(3)
with torch.no_grad():
    head = buffer[:2]
head.mul_(2)
print(buffer, buffer._version)

# %% [markdown] key="optional-depth-anomaly"
# ### Anomaly mode
#
# The version error says *which* tensor changed, not which line of your forward code created
# the node that needed it. `torch.autograd.detect_anomaly()` records a traceback for every node
# it creates; when a node's backward fails, it first warns `Error detected in ...` with that
# traceback, then raises the error with a different hint. Switch it on **before** the forward
# pass. (The traceback's file names and line numbers differ between machines, so the cell
# prints only the first line of each warning.)

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():
        y = x.exp()
        loss = (y * 2).sum()
        y.detach().zero_()
        try:
            loss.backward()
        except RuntimeError as err:
            print("RuntimeError:", str(err).split("Hint: ")[1])
for warning in caught:
    print(f"{warning.category.__name__}: {str(warning.message).splitlines()[0]}")

# %% [markdown] key="first-warning-reminder"
# The first warning is a reminder that anomaly mode slows everything down; the second names
# the failing node, `ExpBackward0`, and its traceback ends at the line of your code that
# created it. By default anomaly mode also checks every backward result for NaN, which is the
# other reason to switch it on: `torch.autograd.set_detect_anomaly(True)` (until switched off).
#
# **Next:** [06 · Under the hood](06_under_the_hood.ipynb): write your own `Function` and
# follow the engine step by step.
