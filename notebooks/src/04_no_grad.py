# %% [markdown] key="title"
# # 04 · Switching autograd off: `no_grad`, `set_grad_enabled`, `inference_mode`, `requires_grad_()`
#
# Autograd records a graph whenever an operation has an input that requires grad. Often you
# don't want one: when you evaluate a model, update its weights, or freeze part of it.
# PyTorch has several switches for this. They look alike, but each acts on something
# different: a block of code, one tensor, or the kind of tensor a block makes.
#
# **In this notebook** (about 40 minutes): grad mode · `no_grad` · memory ·
# `set_grad_enabled` · `requires_grad_()` · `inference_mode` · which switch for which job.
# Then exercises, a *Myth check* and optional depth. Rules in one page: the
# [cheat sheet](cheatsheet.md).

# %%
import minigrad as torch

# %% tags=["minigrad-only"]
from minigrad import viz
from minigrad.viz.quizbank.nb04 import check_evaluate, check_frozen_features

# %% [markdown] key="1-grad-mode"
# ## 1. Grad mode: the switch that decides what is recorded
#
# **Why it matters.** An evaluation loop or an optimizer step works on tensors that require
# grad, but recording those operations would only waste memory. Grad mode is the switch.
#
# While `torch.is_grad_enabled()` is `True`, every operation whose inputs require grad does
# two things: it records a node (`grad_fn`), and it saves whatever its backward formula needs.

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
print(torch.is_grad_enabled())
y = x * 2
print(y)

# %% [markdown] key="switch-per-thread"
# The switch is **per thread**: a `no_grad` block in one thread leaves the others recording.

# %% [markdown] key="2-with-torch"
# ## 2. `with torch.no_grad():`
#
# **Why it matters.** This is the block you put around evaluation code and around manual
# weight updates.
#
# **Predict.** `x` requires grad. Inside the block you compute `h = x * 2`.

# %% tags=["minigrad-only"]
def inside_no_grad():
    with torch.no_grad():
        print("grad mode inside:", torch.is_grad_enabled())
        h = x * 2
    print("grad mode after: ", torch.is_grad_enabled())
    print(h, "| requires_grad:", h.requires_grad, "| is_leaf:", h.is_leaf)


viz.quiz("04/no-grad-result", run=inside_no_grad)

# %% [markdown] key="h-plain-tensor" jupyter={"source_hidden": true}
# **Explanation**
#
# `h` is a plain tensor: no `grad_fn`, so it counts as a leaf, with no path back to `x`.

# %% [markdown] key="predict-inside-same"
# ### A factory call inside the block
#
# **Predict.** Inside the same kind of block, you create a tensor with a factory call and
# `requires_grad=True`.

# %% tags=["minigrad-only"]
def factory_inside():
    with torch.no_grad():
        w = torch.ones(2, requires_grad=True)
    print("requires_grad:", w.requires_grad, "| is_leaf:", w.is_leaf)


viz.quiz("04/factory-inside-no-grad", run=factory_inside)

# %% [markdown] key="no-grad-stops" jupyter={"source_hidden": true}
# **Explanation**
#
# `no_grad` stops *recording operations*; a factory call records nothing, it just creates a
# leaf with the flag you asked for.

# %% [markdown] key="backward-on-result"
# ### `backward()` on a result from the block
#
# **This cell raises on purpose.**

# %% tags=["raises-exception"]
with torch.no_grad():
    h = x * 2
h.sum().backward()

# %% [markdown] key="how-read"
# The "does not require grad" error of [01 §2](01_detach_vs_data.ipynb): `h` left `no_grad`
# without a graph. `h.requires_grad_()` would not help (it makes `h` a leaf of its own, with
# no path back to `x`): compute the value outside `no_grad` if you need its gradient.

# %% [markdown] key="3-what-no"
# ## 3. `backward()` inside a `no_grad` block
#
# **Predict.** The loss is built with grad mode on; then, inside `no_grad`, you call
# `loss.backward()`.

# %% tags=["minigrad-only"]
def backward_inside():
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    loss = (x ** 2).sum()
    with torch.no_grad():
        print("x.requires_grad inside:", x.requires_grad)
        loss.backward()
    print("x.grad:", x.grad)


viz.quiz("04/backward-inside-no-grad", run=backward_inside)

# %% [markdown] key="backward-runs-graph" jupyter={"source_hidden": true}
# **Explanation**
#
# `no_grad` changes only which **new** results get recorded while the block runs.
# `backward()` runs a graph that already exists, so `no_grad` does not stop it, and the flag on
# `x` is untouched.

# %% [markdown] key="4-why-bother"
# ## 4. Grad mode, `no_grad` and memory
#
# **Why it matters.** Each recorded node keeps the tensors its backward needs (`tanh` keeps
# its output, a matrix product both factors) for as long as the graph exists.
#
# `saved_bytes(out)` walks the graph behind `out` and adds up the bytes of the saved
# intermediate tensors (not the leaves: they stay in memory anyway), read from the nodes'
# `_saved_*` attributes.

# %%
def saved_bytes(out):
    seen, total, stack, done = set(), 0, [out.grad_fn], set()
    while stack:
        fn = stack.pop()
        if fn is None or fn in done:
            continue
        done.add(fn)
        for attr in ("_saved_self", "_saved_other", "_saved_result", "_saved_mat2"):
            t = getattr(fn, attr, None)
            if isinstance(t, torch.Tensor) and not t.is_leaf:
                ptr = t.untyped_storage().data_ptr()     # count each buffer once
                if ptr not in seen:
                    seen.add(ptr)
                    total += t.numel() * t.element_size()
        stack.extend(f for f, _ in fn.next_functions)
    return total


W = torch.full((256, 256), 0.001, requires_grad=True)


def forward():
    act = W
    for _ in range(4):
        act = torch.tanh(act @ W)       # four 256x256 float32 activations
    return act.sum()

# %% [markdown] key="predict-with-grad"
# **Predict.** With grad mode on, four 256×256 float32 activations are saved:
# 4 × 256 × 256 × 4 bytes = 1 MiB.

# %% tags=["minigrad-only"]
def both_ways():
    print("grad mode:", saved_bytes(forward()), "bytes")
    with torch.no_grad():
        o = forward()
    print("no_grad:  ", 0 if o.grad_fn is None else saved_bytes(o), "bytes, grad_fn =",
          o.grad_fn)
    print("same value:", (forward() == o).item())


viz.quiz("04/no-grad-memory", run=both_ways)

# %% [markdown] key="with-grad-mode" jupyter={"source_hidden": true}
# **Explanation**
#
# With grad mode on, 1,048,576 bytes stay alive for a backward pass that never comes. Under
# `no_grad` no node is made, so each intermediate result can be freed as soon as the next one
# is computed. In the diagram the saved tensors are the notes beside the nodes.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
out = forward()
with torch.no_grad():
    out_ng = forward()
viz.draw(out, out_ng)

# %% [markdown] key="5-decorators-enable"
# ## 5. Decorators, `enable_grad`, and `set_grad_enabled`
#
# `no_grad` also wraps a whole function, with or without parentheses, and the function keeps
# its name. `torch.enable_grad()` does the opposite: as a block or a decorator it turns
# recording back on inside a `no_grad` region.

# %%
@torch.no_grad()
def predict(v):
    return v * 10


@torch.enable_grad()
def needs_graph(v):
    return v * 10


with torch.no_grad():
    forced = needs_graph(x)
print(predict(x).requires_grad, predict.__name__, type(forced.grad_fn).__name__)

# %% [markdown] key="torch-set-grad"
# `torch.set_grad_enabled(flag)` takes a bool, so one function can serve training and
# evaluation:

# %%
def run_step(v, train):
    with torch.set_grad_enabled(train):
        return (v * v).sum()


print(run_step(x, True).requires_grad, run_step(x, False).requires_grad)

# %% [markdown] key="predict-plain-call"
# **Predict.** Called on its own line, without `with`: `torch.set_grad_enabled(False)`.

# %% tags=["minigrad-only"]
def plain_call():
    torch.set_grad_enabled(False)
    print("right after:", torch.is_grad_enabled(), "| (x * 2).requires_grad:",
          (x * 2).requires_grad)
    torch.set_grad_enabled(True)            # put it back
    print("after switching back:", torch.is_grad_enabled())


viz.quiz("04/set-grad-enabled-call", run=plain_call)

# %% [markdown] key="plain-call-stays" jupyter={"source_hidden": true}
# **Explanation**
#
# A plain call stays in effect until something switches it back; forget to, and every later
# cell silently runs without a graph. As a decorator it affects only the function.

# %% [markdown] key="6-requires-grad"
# ## 6. `requires_grad_()`: the flag on one leaf
#
# **Why it matters.** Fine-tuning a pretrained network often trains only the last layers.
# `requires_grad_()` sets the flag on one **leaf**, in place, and returns that same tensor.
# Only the flag changes: no data is written, so the version counter (notebook 05) stays at 0.

# %%
a = torch.tensor([1.0, 2.0])
r = a.requires_grad_()            # no argument: requires_grad=True
print(r, r is a, a._version)
a.pow(2).sum().backward()
print(a.grad)

# %% [markdown] key="predict-freeze-first"
# **Predict.** Freeze the first layer, `net[0]`, of a two-layer network, then run a backward
# pass.

# %% tags=["minigrad-only"]
def freeze_first_layer():
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Linear(2, 1))
    for p in net[0].parameters():
        p.requires_grad_(False)
    net(torch.ones(4, 2)).sum().backward()
    print("layer 0, grad is None:", [p.grad is None for p in net[0].parameters()])
    print("layer 1, grad is None:", [p.grad is None for p in net[1].parameters()])


viz.quiz("04/frozen-layer", run=freeze_first_layer)

# %% [markdown] key="frozen-parameter-gets" jupyter={"source_hidden": true}
# **Explanation**
#
# A frozen parameter gets no `.grad`, so the optimizer skips it. In the diagram, layer 0 is
# missing: neither its input nor its parameters require grad, so nothing was recorded for it.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Linear(2, 1))
for p in net[0].parameters():
    p.requires_grad_(False)
net_out = net(torch.ones(4, 2)).sum()
net_out.backward()
viz.draw(net_out)

# %% [markdown] key="on-computed-tensor"
# ### `requires_grad_(False)` on a computed tensor
#
# On a computed tensor, `requires_grad_(False)` is refused. **This cell raises on purpose.**

# %% tags=["raises-exception"]
y = x * 2
y.requires_grad_(False)

# %% [markdown] key="how-read-2"
# **How to read this message**
# - `you can only change requires_grad flags of leaf variables`: `y` has a `grad_fn`, so its
#   flag follows from its inputs.
# - `... use var_no_grad = var.detach()`: the fix. `y.detach()` shares `y`'s data and has no
#   graph; `y` itself is unchanged.

# %% [markdown] key="7-torch-inference"
# ## 7. `torch.inference_mode()`: `no_grad` with stricter tensors
#
# **Why it matters.** For pure inference (serving a model, computing metrics) PyTorch can skip
# even more work than under `no_grad`.
#
# Inside `inference_mode` grad mode is off, as under `no_grad`, and results computed in the
# block are **inference tensors**, which carry no version counter (a *view* of a normal tensor,
# such as `x[1:]`, is the exception: it shares that tensor's counter). In return, once the block
# has ended an inference tensor cannot be edited in place, saved for backward, or made to
# require grad.

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
with torch.inference_mode():
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
    t = x * 2
print(t, t.requires_grad, t.is_inference(), x.is_inference())

# %% [markdown] key="predict-outside-block"
# **Predict.** Outside the block, `t.add_(1)` is refused with an error. What does `t` hold
# afterwards?

# %% tags=["minigrad-only"]
def inplace_on_inference():
    with torch.inference_mode():
        u = torch.tensor([1., 2., 3.]) * 2
    try:
        u.add_(1)
    except RuntimeError as err:
        print("RuntimeError:", err)
    print("u afterwards:", u)


viz.quiz("04/inference-inplace", run=inplace_on_inference)

# %% [markdown] key="three-refusals-one" jupyter={"source_hidden": true}
# **Explanation**
#
# The edit is checked *after* it ran, so the values have already changed: don't catch this
# error and carry on. The three refusals on `t`, one after the other (each cell **raises on
# purpose**):

# %% tags=["raises-exception"] jupyter={"outputs_hidden": true}
t.add_(1)

# %% tags=["raises-exception"] jupyter={"outputs_hidden": true}
t * x

# %% tags=["raises-exception"] jupyter={"outputs_hidden": true}
t.requires_grad_()

# %% [markdown] key="how-read-3" jupyter={"source_hidden": true}
# **How to read this message**
#
# `Inference tensors cannot be saved for backward.`: `t * x` must save `t` for `x`'s gradient;
# `t + x` saves nothing and works. The fix for all three: `t.clone()` is a normal tensor (or
# make `t` under `no_grad`).

# %% [markdown] key="8-which-switch"
# ## 8. Which switch for which job, and how each differs from `detach()`
#
# `detach()` (notebook 01) switches nothing: it makes a **new tensor** that shares memory with
# one existing tensor and has no graph. The switches act on *what gets recorded next*.

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
made = {"y.detach()": y.detach()}
with torch.no_grad():
    made["no_grad: x * 2"] = x * 2
with torch.inference_mode():
    made["inference_mode: x * 2"] = x * 2
for name, r in made.items():
    print(f"{name:22} requires_grad={r.requires_grad!s:5} inference={r.is_inference()!s:5} "
          f"shares y's memory={r.data_ptr() == y.data_ptr()}")

# %% [markdown] key="tool-acts-on"
# | tool | acts on | use it for |
# | --- | --- | --- |
# | `y.detach()` | one existing tensor: a new leaf sharing its data | a constant cut out of a graph (notebook 07 §4) |
# | `with torch.no_grad()` | a block or a function | evaluation, weight updates |
# | `torch.set_grad_enabled(b)` | like `no_grad` when `b` is False | code that either trains or evaluates |
# | `torch.inference_mode()` | a block or a function; results are inference tensors | pure inference |
# | `w.requires_grad_(False)` | one **leaf**, before the forward pass | freezing parameters |
#
# Module behaviour (Dropout, BatchNorm) is a separate switch, `model.eval()`: notebook 07 §3.

# %% [markdown] key="9-exercises"
# ## 9. Exercises
#
# **Exercise 1: evaluate without a graph.** Change `evaluate` so that no graph is recorded
# while it runs (and so none is returned). Leave `x.requires_grad` alone; grad mode must be
# back on afterwards and the value unchanged.

# %%
def evaluate(v):
    return (v * v).sum()          # TODO: record nothing while computing this

# %% tags=["minigrad-only"]
viz.exercise("04/evaluate", check=lambda: check_evaluate(evaluate))

# %% [markdown] key="exercise-2-sgd"
# **Exercise 2: a frozen feature extractor.** `features` is a pretrained part that you do not
# train; only `head` learns. `step(batch)` returns the loss whose backward fills `head`'s
# gradients. As written it records `features` too: its parameters get gradients nobody uses,
# and the tensors its nodes saved stay in memory until the backward pass. Change `step` so that
# nothing is recorded for `features`, while `head` trains as before. One of this notebook's
# switches is refused here: which one, and why?

# %%
torch.manual_seed(0)
features = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU())
head = torch.nn.Linear(8, 1)


def step(batch):
    return head(features(batch)).sum()      # TODO: record nothing for features

# %% tags=["minigrad-only"]
viz.exercise("04/frozen-features", check=lambda: check_frozen_features(step, features, head))

# %% [markdown] myths="04"
# (generated from notebooks/src/myths.py)

# %% tags=["raises-exception"]
# M1: the post's no_grad example as printed
a = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():
    b = n.pow(2).sum()      # `n` was never defined; with `a` it prints tensor(5.), False

# %% tags=["raises-exception"]
# M2: what the old `volatile` flag did, no_grad does now; the keyword itself is gone
with torch.no_grad():
    old_volatile = x * 2
print(old_volatile.requires_grad, old_volatile.detach().requires_grad)
torch.ones(2, volatile=True)

# %% [markdown] key="optional-depth"
# ## Optional depth: restoring the mode, and the GradModeLab

# %% [markdown] key="what-block-restores"
# ### What a `no_grad` block restores
#
# The mode is restored when the block ends, **even if it raised**; blocks nest, each restoring
# what it found; and `as v` binds `None`. The values computed are the same with or without it.

# %%
try:
    with torch.no_grad():
        raise ValueError("something went wrong in the block")
except ValueError:
    pass
print(torch.is_grad_enabled())
with torch.no_grad() as v:
    with torch.no_grad():
        pass
    print(v, torch.is_grad_enabled())
print(torch.is_grad_enabled())

# %% [markdown] key="try-gradmodelab"
# ### GradModeLab
#
# The lab runs one small program, `h = x * w` and `y = h.sigmoid()`, in the mode you pick.
# Then, outside the block, it computes `z = (y * w).sum()` and calls `z.backward()`. Switch
# the mode and the two `requires_grad` boxes. Predict first: under `no_grad`, with `w`
# requiring grad, does `z.backward()` reach `w`? And `x`?

# %% tags=["minigrad-only"]
viz.GradModeLab()

# %% [markdown] key="headless-model-behind"
# The headless model behind the widget, one mode after the other. Under `no_grad`, `y` has no
# graph; `z.backward()` still reaches `w`, but only through the multiplication done outside
# the block, and `x` gets nothing.

# %% tags=["minigrad-only"]
lab = viz.GradModeLabModel(w_requires_grad=True)
for mode in ("grad", "no_grad", "inference_mode"):
    lab.set(mode=mode)
    print(lab.text(), end="\n\n")

# %% [markdown] key="next-05-place"
# **Next:** [05 · In-place operations and version counters](05_inplace_and_versions.ipynb):
# what `backward()` needs to find unchanged, and how autograd notices when it was changed.

