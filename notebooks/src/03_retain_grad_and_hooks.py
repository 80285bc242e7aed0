# %% [markdown] key="title"
# # 03 · Non-leaf gradients: `retain_grad()` and hooks
#
# When training goes wrong you want to look inside: are the gradients of a layer's
# activations vanishing, exploding, all zero? Those are gradients of **intermediate**
# tensors, and [notebook 02](02_leaf_tensors.ipynb) showed that only leaves get a `.grad`.
# Here you learn to keep them (`retain_grad()`), to watch or change them as they pass
# (tensor hooks), and what the messages mean when that goes wrong.
#
# **In this notebook** (about 40 minutes): the non-leaf warning · where a non-leaf's
# gradient goes · `retain_grad()` · what a hook returns · hooks on leaves · when a hook
# goes wrong. Then a myth check and three exercises (and, optional, node hooks). Predict before each run; the rules in one page:
# [cheat sheet](cheatsheet.md).

# %%
import warnings

import minigrad as torch

# %% tags=["minigrad-only"]
from minigrad import viz
from minigrad.viz.quizbank.nb03 import check_capture, check_clip, check_retain_order

# %% [markdown] key="non-leaf-s"
# ## 1. A non-leaf's `.grad` is `None`, with a warning
#
# Reading `.grad` of an intermediate tensor returns `None` and warns. How often? The cells
# here catch warnings with Python's **default** filter (what a plain script or notebook
# uses) and print them, so you see exactly what you would see.

# %%
def read_three_times():
    x = torch.tensor(2.0, requires_grad=True)
    y = x ** 2
    y.backward()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("default")
        for _ in range(3):
            print("y.grad:", y.grad)
    print(len(caught), "warning(s)")
    for w in caught:
        print(f"{w.category.__name__}: {w.message}")
    print("x.grad:", x.grad)


# %% tags=["minigrad-only"]
viz.quiz("03/warn-count", run=read_three_times)

# %%
x = torch.tensor(2.0, requires_grad=True)   # a small graph for the diagram
y = x ** 2
z = y + 1
z.backward()

# %% [markdown] key="one-warning-three" jupyter={"source_hidden": true}
# **Explanation**
#
# One warning for three reads: Python's default filter shows a warning **once per code
# location**; a read from another line, or re-running the cell, warns again.
#
# **How to read this warning.** It is a warning, not an error: the code goes on with `None`.
#
# 1. "*...a Tensor that is not a leaf Tensor is being accessed*": you read `.grad` on a
#    tensor with a `grad_fn` (`y`, made by `x ** 2`).
# 2. "*...won't be populated during autograd.backward()*": no backward pass will fill it.
# 3. "*...use .retain_grad() on the non-leaf Tensor*": the opt-in (section 3).
# 4. "*If you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor
#    instead*": the most common cause: you hold a computed copy of the parameter (a cast,
#    a reshape, a `.cuda()`: notebook 02, section 4).
#
# Leaves never warn (tensors that need no grad are leaves too). In the diagram only
# `AccumulateGrad` writes a `.grad`, into the leaf `x`.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(z)

# %% [markdown] key="computed-passed-not"
# ## 2. Where a non-leaf's gradient goes
#
# Is a non-leaf's gradient "cleared after use", or never made? A **hook** lets you look:
# `t.register_hook(fn)` asks backward to call `fn` with the gradient of `t`, if one reaches
# `t`. Does a hook on a non-leaf fire, and with what?

# %%
def watch_the_middle():
    hx = torch.tensor(2.0, requires_grad=True)
    hy = hx ** 2
    hy.register_hook(lambda g: print("the hook on hy receives", g))
    hz = hy * 3
    hz.backward()
    print("hx.grad:", hx.grad, "| hy.retains_grad:", hy.retains_grad)


# %% tags=["minigrad-only"]
viz.quiz("03/passing-through", run=watch_the_middle)

# %%
hx = torch.tensor(2.0, requires_grad=True)   # the quiz's graph again, for the diagram
hy = hx ** 2
hz = hy * 3
hz.backward()

# %% [markdown] key="value-3-existed" jupyter={"source_hidden": true}
# **Explanation**
#
# Backward computes the gradient flowing into every non-leaf (the chain rule needs it), hands
# it to the node that made the tensor, and moves on; the hook sees it pass. The value `3.`
# went on to `PowBackward0` (giving `hx.grad = 3 · 2hx = 12`) and was never stored: that
# is the memory saving. It is the **non-leaves'** gradients that feed the backward
# computation; a leaf is where the flow ends.
#
# What `backward()` **does** free is something else: the values the graph *saved* for the
# backward pass (here `hx`, saved by `PowBackward0`). The diagram draws them as freed.
# That is why a second backward through the same graph raises "Trying to backward through
# the graph a second time" ([notebook 01](01_detach_vs_data.ipynb) reads that message).
# Two unrelated knobs: `retain_graph=True` keeps the *saved values*; `retain_grad()` keeps a
# non-leaf's *gradient*.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(hz)

# %% [markdown] key="retain-grad"
# ## 3. `retain_grad()`
#
# `t.retain_grad()` asks backward to store `t`'s gradient in `t.grad`, as for a leaf. The
# flag `t.retains_grad` says whether a tensor asked. What if you ask late, between passes?

# %%
def late_retain():
    a = torch.tensor([1., 2.], requires_grad=True)
    b = a * 5
    b.sum().backward(retain_graph=True)
    b.retain_grad()
    print("after the first pass:", b.grad)
    b.sum().backward(retain_graph=True)
    b.sum().backward()
    print("after two more passes:", b.grad)
    r = torch.tensor([1., 2.], requires_grad=True)
    u = r * 3
    u.retain_grad()
    (u ** 2).sum().backward()
    print("u.retains_grad:", u.retains_grad, "| u.grad:", u.grad, "| r.grad:", r.grad)


# %% tags=["minigrad-only"]
viz.quiz("03/late-retain", run=late_retain)

# %%
r = torch.tensor([1., 2.], requires_grad=True)   # the quiz's last graph, for the diagram
u = r * 3
u.retain_grad()
loss = (u ** 2).sum()
loss.backward()

# %% [markdown] key="retain-grad-does" jupyter={"source_hidden": true}
# **Explanation**
#
# `retain_grad()` does not look into the past: called after a pass, it only fills later
# ones (calling it late is not an error). A retained gradient **accumulates** over passes,
# like a leaf's. Here `d loss / d u = 2u = [6., 12.]` and `r.grad = 3 · 2u`. On a leaf
# `retain_grad()` does nothing; on a tensor that needs no grad it raises ("can't retain_grad
# on Tensor that has requires_grad=False": no gradient will ever reach it). The diagram
# flags `u` with *retains_grad* and shows its stored gradient.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(loss)

# %% [markdown] key="hooks-can-replace"
# ## 4. What a hook returns
#
# Clipping or rescaling a gradient on the fly, masking part of it, logging its norm: that
# is what hooks are for. A hook that only logs returns `None`. What happens when a hook
# returns a tensor?

# %%
def gate_the_gradient():
    inp = torch.tensor([1., 2., 3.], requires_grad=True)
    act = inp * 4
    act.register_hook(lambda g: g * torch.tensor([1., 0., -1.]))
    act.sum().backward()
    print("inp.grad:", inp.grad)
    k0 = torch.tensor(3.0, requires_grad=True)
    k1 = k0 * 2
    k2 = k1 * k1
    k1.register_hook(lambda g: g * 10)
    k1.register_hook(lambda g: print("second hook on k1 sees the first one's result:", g))
    k2.register_hook(lambda g: print("hook on k2:", g))
    k2.backward()
    print("k0.grad:", k0.grad)


# %% tags=["minigrad-only"]
viz.quiz("03/hook-replace", run=gate_the_gradient)

# %% [markdown] key="replacement-holds-rest" jupyter={"source_hidden": true}
# **Explanation**
#
# If the hook returns `None`, the gradient goes on unchanged; if it **returns a tensor**,
# that tensor replaces the gradient. The replacement holds for the rest of the pass: for later hooks on the same tensor, for
# its `.grad` if it retains one, and for everything upstream (`k0.grad = 12 · 10 · 2`).
# Order: hooks fire in backward order, from the output towards the inputs (`k2` before
# `k1`); on one tensor, in the order you registered them. Between two *inputs of one op*
# the engine decides. For `y = x * w` with `x` and `w` both computed (in that order),
# PyTorch fires `w`'s hook first: among ready nodes it runs the one created last
# ([notebook 06](06_under_the_hood.ipynb), section 5, shows why). With two leaves `x` and
# `w`, it fires `x`'s first. Do not build on either order. Hooks stay until you call `.remove()` on the handle
# `register_hook` returns, and they also fire under `torch.autograd.grad`. Hooks on *nodes*,
# and a lab to watch the order, are in the optional section at the end.

# %% [markdown] key="hook-leaf-gets"
# ## 5. Hooks on leaves
#
# A weight used in several places (shared embeddings, tied layers) gets the **sum** of the
# contributions of every use in its `.grad` (notebook 02, section 5). When does a hook on it
# fire, and with what?

# %%
def leaf_used_twice():
    lx = torch.tensor(3.0, requires_grad=True)
    lx.register_hook(lambda g: print("hook sees", g, "while lx.grad is", lx.grad))
    (lx * lx + lx).backward()
    print("lx.grad:", lx.grad)
    half = torch.tensor(1.0, requires_grad=True)
    half.register_hook(lambda g: g / 2)
    (half + 0).backward()
    print("a hook on a leaf can rescale before storing:", half.grad)


# %% tags=["minigrad-only"]
viz.quiz("03/leaf-hook-total", run=leaf_used_twice)

# %% [markdown] key="once-per-pass" jupyter={"source_hidden": true}
# **Explanation**
#
# Once per pass, with the total `2 · 3 + 1 = 7`, **before** `AccumulateGrad` adds it into
# `.grad`. What the hook returns is what gets stored.

# %% [markdown] key="hook-goes-wrong"
# ## 6. When a hook goes wrong
#
# A hook's result must be usable in place of the gradient: `None`, or a tensor of the same
# shape and dtype. The checks run during backward, so the error appears at the `backward()`
# line, not at `register_hook`.

# %% tags=["raises-exception"]
def keep_first(g):
    return g[:1]


e = torch.tensor([1., 2.], requires_grad=True)
f = e * 2
f.register_hook(keep_first)
f.sum().backward()

# %% [markdown] key="how-read-message"
# **How to read this message** (the hook-result family):
#
# - `hook 'keep_first'` is the function's `__name__`; a lambda shows as `'<lambda>'`, so
#   named hooks are easier to trace.
# - `has changed the size of value`: it returned shape `[1]` for a gradient of shape `[2]`.
#   A hook may change values, never shapes.
# - A hook that casts fails the same way: `has changed the type of value (was
#   torch.FloatTensor got torch.DoubleTensor)`, the legacy names of float32 and float64
#   (minigrad writes `minigrad.` where PyTorch writes `torch.`).
# - Returning a non-tensor (say `1`) is a `TypeError`: `expected Variable, but hook returned 'int'`.
#
# Two more. `register_hook` on a tensor that needs no grad raises at once ("cannot register a
# hook on a tensor that doesn't require gradient"). And do not edit `g` in place
# (`g.mul_(2)`): it may be shared, or a broadcast view (as the gradient out of `sum()` is),
# which in-place ops refuse. Return a new tensor instead: exercise 3.

# %% [markdown] key="summary"
# ## Summary
#
# | question | answer |
# | --- | --- |
# | Why is a non-leaf's `.grad` `None`? | Backward computes it, passes it on, never stores it. |
# | The warning? | Once per code location with default filters; use `retain_grad()` or read the leaf. |
# | What does `backward()` free? | The saved values, not gradients (`retain_graph=True` keeps them). |
# | Keep a non-leaf's gradient? | `t.retain_grad()` **before** `backward()`; it accumulates. |
# | What does a hook get? | The gradient w.r.t. its tensor, once per pass; a leaf's hook gets the total. |
# | Change the gradient? | Return a new tensor of the same shape and dtype; never edit `g` in place. |
# | Order? | Output towards inputs; on one tensor, registration order; `.grad` sees all tensor hooks. |

# %% [markdown] myths="03"
# (generated from notebooks/src/myths.py)

# %%
# M1: leaves keep their gradients; c, e and o do not (unless they retain them)
p = torch.tensor([1., 2.], requires_grad=True)
q = torch.tensor([3., 4.], requires_grad=True)
s = torch.tensor([2.], requires_grad=True)
c = p + q
e = c * s
o = e.sum()
o.retain_grad()
o.backward()
print(p.grad, q.grad, s.grad, "| o.grad:", o.grad)
print("c, e keep nothing:", c.retains_grad, e.retains_grad)

# M2: retain_grad() on reshaped arange tensors
col = torch.arange(4, dtype=torch.float32, requires_grad=True).reshape(4, 1)
row = torch.arange(4, dtype=torch.float32, requires_grad=True).reshape(1, 4)
out = row @ col
col.retain_grad()
row.retain_grad()
out.backward()
print(col.is_leaf, row.is_leaf, col.grad.flatten(), row.grad, out)

# %% [markdown] key="exercises"
# ## Exercises
#
# Edit the cell, run it, then press **Check** (or re-run the exercise cell).
#
# **1. Capture a gradient with a hook.** Store the gradient flowing through `hidden` in
# `captured["hidden"]` **without** `retain_grad()`, leaving the gradient unchanged.

# %%
captured = {}
inp = torch.tensor([1., 2., 3.], requires_grad=True)
hidden = inp * inp
# your lines here: a hook on `hidden` that stores its gradient in captured["hidden"]

(hidden * torch.tensor([1., 10., 100.])).sum().backward()

# %% tags=["minigrad-only"]
viz.exercise("03/capture", check=lambda: check_capture(captured, inp))

# %% [markdown] key="exercise-2"
# **2. Read an activation's gradient.** This debugging helper should return the gradient of
# the activation `act`, but returns `None`. Fix it.

# %%
def activation_grad():
    w = torch.tensor([1., -2., 3.], requires_grad=True)
    act = (w * 2).relu()
    loss = (act * act).sum()
    loss.backward()
    act.retain_grad()
    return act.grad

# %% tags=["minigrad-only"]
viz.exercise("03/retain-order", check=lambda: check_retain_order(activation_grad))

# %% [markdown] key="exercise-3"
# **3. A clipping hook that works.** This hook should clip the gradient of an activation to
# `[-1, 1]`, but backward raises. Fix it.

# %%
def clip(g):
    return g.clamp_(-1., 1.)        # <- fix this line

# %% tags=["minigrad-only"]
viz.exercise("03/clip-hook", check=lambda: check_clip(clip))

# %% [markdown] key="node-hooks"
# ## Optional depth: node hooks, and watching hooks fire
#
# A hook can also sit on a **node** (a `grad_fn`) instead of a tensor; the lab below uses
# both kinds on `y.grad_fn`, the `MulBackward0` that made `y`:
#
# - `y.grad_fn.register_prehook(fn)` calls `fn(grad_outputs)` just **before** the node
#   runs. `grad_outputs` is a tuple with the gradient arriving at the node, here `y`'s
#   gradient after `y`'s tensor hooks.
# - `y.grad_fn.register_hook(fn)` calls `fn(grad_inputs, grad_outputs)` just **after** it
#   ran. `grad_inputs` is a tuple with what the node sends to each of its inputs (`None`
#   for an input that needs no grad, such as the constant `2`).
#
# Either may return a tuple of the same length to replace what it received, and both
# return a handle with `.remove()`. For each node the order is: the tensor hooks of the
# tensor it made, then storing `.grad` (`retain_grad()`), then the node's pre-hooks, the
# node, its post-hooks. So if a tensor both retains its gradient and has hooks, `.grad`
# holds the value **after all tensor hooks**, whichever was registered first.
#
# The lab runs `y = x * 2`, `z = (y * x).sum()` with up to six hooks; untick some, press
# *run backward*, and read the firing order.

# %% tags=["minigrad-only"]
viz.HookOrderLab()

# %% [markdown] key="optional-depth-watching"
# The backward stepper replays one pass: each step shows the node that runs, the gradient
# it receives, the hooks that fire before it, and the `.grad` fields written. Here `uw`
# retains its gradient and has a hook that clamps it to `[-5, 5]`; at `uw`'s step the hook
# fires with the raw gradient, and the node and `uw.grad` get the clamped one.

# %% tags=["minigrad-only"]
wv = torch.tensor([1., -2., 3.], requires_grad=True)
uw = wv * 2
uw.retain_grad()
uw.register_hook(lambda g: g.clamp(-5, 5))
viz.BackwardStepper((uw * uw).sum())

# %% [markdown] key="next"
# **Next:** [04 · no_grad and friends](04_no_grad.ipynb) · [cheat sheet](cheatsheet.md)
