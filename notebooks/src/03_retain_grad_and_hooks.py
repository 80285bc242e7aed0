# %% [markdown]
# # 03 · Non-leaf gradients: `retain_grad()` and hooks
#
# Notebook 02 ended with a rule: after `backward()`, only leaves that require grad have a
# `.grad`. This notebook is about everything *between* the leaves and the output: the
# gradients of intermediate tensors. They are computed during every backward pass; here you
# learn how to keep them (`retain_grad()`), how to watch or change them as they pass (tensor
# hooks), and what the error messages mean when a hook goes wrong.
#
# **What you will learn**
#
# 1. Why a non-leaf's `.grad` is `None`, and how to read the warning you get.
# 2. That intermediate gradients are computed and passed on, not "cleared".
# 3. `retain_grad()`: keeping a non-leaf's gradient, and when to call it.
# 4. Tensor hooks: seeing gradients, their firing order, replacing a gradient.
# 5. How hooks and `retain_grad()` interact, and what a hook on a leaf receives.
# 6. Removing hooks, and the errors hooks can raise.
# 7. Watching hooks fire, node by node, with the backward stepper.
#
# Myth checks test claims from popular blog posts against live code. Cells with diagrams and
# widgets need minigrad's `viz`; everything else prints exactly what PyTorch 2.13 prints.

# %%
import minigrad as torch
import warnings

# shorter tracebacks: the last line of an error is the part we read
%xmode Plain


def fn_name(t):
    """The class name of t's grad_fn (None when no recorded op produced t)."""
    return None if t.grad_fn is None else type(t.grad_fn).__name__


def grad_of(t, full=False):
    """t.grad; a warning is printed on stdout (first sentence only unless full=True)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        g = t.grad
    for w in caught:
        text = str(w.message).split(" (Triggered internally at")[0]
        if not full:
            text = text.split(". ")[0] + ". [...]"
        print(f"{w.category.__name__}: {text}")
    return g


def attempt(f):
    """Run f(); if it raises, print `ErrorType: message` instead of stopping the cell."""
    try:
        return f()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")

# %% tags=["minigrad-only"]
from minigrad import viz

# %% [markdown]
# ## 1. A non-leaf's `.grad` is `None`, with a warning
#
# We build `z = x**2 + 1` and run `z.backward()`. The leaf `x` gets `x.grad = 2·x = 4`.
# Reading `.grad` of the non-leaves `y` and `z` returns `None`, and each read prints a
# `UserWarning` (shown here in full once).

# %%
x = torch.tensor(2.0, requires_grad=True)
y = x ** 2
z = y + 1
z.backward()
print("x.grad:", x.grad)
print("y.grad:", grad_of(y, full=True))

# %% [markdown]
# **How to read this message.** It is a warning, not an error: the code goes on and you get
# `None`. Sentence by sentence:
#
# 1. *"The .grad attribute of a Tensor that is not a leaf Tensor is being accessed"*: you
#    read `.grad` on a tensor with a `grad_fn` (here `y`, made by `x ** 2`).
# 2. *"Its .grad attribute won't be populated during autograd.backward()"*: the `None` is
#    not a timing problem; no backward pass will ever fill it as things stand.
# 3. *"...use .retain_grad() on the non-leaf Tensor"*: the opt-in way to keep it
#    (section 3).
# 4. *"If you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor
#    instead"*: the most common cause. You meant the parameter but hold a computed copy of it
#    (a cast, a reshape, a `.cuda()`; see notebook 02, section 5).
# 5. The pull-request link is where the warning was introduced.
#
# The warning is printed on **every** read, not just the first. Leaves never warn, nor do
# tensors that don't require grad (a detached copy, a result computed under `no_grad()`):
# they are leaves too. Expect two warning lines, then four quiet reads.

# %%
print(grad_of(z))
print(grad_of(z))
print(grad_of(x), grad_of(y.detach()), grad_of(torch.ones(2)))
with torch.no_grad():
    q = x * 3
print(grad_of(q))

# %% [markdown]
# The diagram shows where the gradient ends up: `AccumulateGrad` writes into `x.grad`. No
# node writes into `y` or `z`.

# %% tags=["minigrad-only"]
viz.draw(z)

# %% [markdown]
# > **Myth check · S002-20 · TRUE** — "In this example, `z`'s own gradient can't be read,
# > because `z` is not a leaf."
#
# True for the code as written, as we just saw. It is not impossible in general: ask for it
# *before* the backward pass with `z.retain_grad()`, and you get `dz/dz = 1`. Expect
# `tensor(1.)`.

# %%
x2 = torch.tensor(2.0, requires_grad=True)
z2 = x2 ** 2 + 1
z2.retain_grad()
z2.backward()
print(z2.grad)

# %% [markdown]
# > **Myth check · S002-21 · TRUE** — "With leaves `p`, `q`, `s` and `c = p + q`,
# > `e = c * s`, `o = e.sum()`: after `o.backward()` the leaves keep their gradients
# > (`[2., 2.]`, `[2., 2.]`, `[10.]`) while `c`, `e` and `o` give `None`."
#
# Expect exactly that, with one warning line for each non-leaf read.

# %%
p = torch.tensor([1., 2.], requires_grad=True)
q = torch.tensor([3., 4.], requires_grad=True)
s = torch.tensor([2.], requires_grad=True)
c = p + q
e = c * s
o = e.sum()
o.backward()
for name, t in [("p", p), ("q", q), ("s", s), ("c", c), ("e", e), ("o", o)]:
    print(f"{name}.grad =", grad_of(t))

# %% [markdown]
# `s.grad` is `10 = 4 + 6` because `s` (one element) was broadcast over both entries of `c`;
# the gradient is summed back to `s`'s shape. In the diagram, three `AccumulateGrad` nodes
# feed the three leaves; `c`, `e` and `o` only have op nodes.

# %% tags=["minigrad-only"]
viz.draw(o)

# %% [markdown]
# ## 2. Computed, passed on, not stored
#
# Why is there no `.grad` on `y`? Not because it was deleted. Backward computes the gradient
# flowing into each non-leaf (the chain rule needs it), hands it to the node that produced
# the tensor, and moves on. Nothing ever writes it into `y.grad`. A **hook** (section 4)
# lets us look at that gradient as it passes.
#
# > **Myth check · S002-10 · FALSE** — "Only leaf tensors feed their gradient into the
# > backward computation."
#
# It is the other way round. Each **non-leaf**'s gradient is the input of the backward
# function of the op that made it; that is the chain rule. A leaf is where the flow *ends*:
# its gradient is added into `.grad` and goes nowhere else.
#
# > **Myth check · S002-3 · MISLEADING** — "A non-leaf's gradient is cleared after it has
# > been used in backprop; `loss.backward()` wipes the hidden variables' gradients."
#
# > **Myth check · S002-6 · TRUE** — "Intermediate gradients are not kept, to save memory."
#
# We hook `hy`, the middle of `hz = (hx**2) * 3`. Expect the hook to report `tensor(3.)`
# passing through `hy`, then `hy.grad` to be `None`: the value existed, it was just never
# stored. That is the memory saving of S002-6: one gradient per intermediate, the size of
# the activations, never kept.

# %%
hx = torch.tensor(2.0, requires_grad=True)
hy = hx ** 2
seen = []
hy.register_hook(lambda g: seen.append(g))
hz = hy * 3
hz.backward()
print("gradient that flowed through hy:", seen)
print("hy.grad:", grad_of(hy))
print("hx.grad:", hx.grad)

# %% [markdown]
# What `backward()` **does** free is different: the values the graph saved for the
# backward pass (here `hx`, saved by `PowBackward0` for `2·hx`, and the `3` saved by
# `MulBackward0`). The diagram marks them *freed*. That is why a second backward through
# the same graph fails:

# %% tags=["minigrad-only"]
viz.draw(hz)

# %% tags=["raises-exception"]
hz.backward()

# %% [markdown]
# **How to read this message.** *"Trying to backward through the graph a second time"* is
# the usual cause; *"(or directly access saved tensors after they have already been
# freed)"* is the other one (reading `grad_fn._saved_self` after backward). *"Saved
# intermediate values of the graph are freed when you call .backward() or
# autograd.grad()"* is the mechanism: those saved values are what got freed, not any
# `.grad`. *"Specify retain_graph=True"* on the **first** call if you really need a second
# pass.
#
# So two unrelated knobs: `retain_graph=True` keeps the *saved values* (to backward again);
# `retain_grad()` keeps a non-leaf's *gradient*. The S002-3 claim mixes them up.
#
# ## 3. `retain_grad()`
#
# `t.retain_grad()` asks the next backward passes to store `t`'s gradient in `t.grad`, just
# as for a leaf. The flag `t.retains_grad` tells you whether a tensor asked.
#
# > **Myth check · S002-11 · TRUE** — "To get the gradient of a non-leaf tensor, use
# > `retain_grad()` (or a hook)."
#
# `u = r * 3` then `loss = (u**2).sum()`, so `dloss/du = 2u = [6., 12.]` and
# `dloss/dr = 3 · 2u = [18., 36.]`. Expect `False` before, `True` after asking, then both
# gradients.

# %%
r = torch.tensor([1., 2.], requires_grad=True)
u = r * 3
print(u.retains_grad)
u.retain_grad()
print(u.retains_grad)
loss = (u ** 2).sum()
loss.backward()
print(r.grad, u.grad)

# %% [markdown]
# The diagram flags `u` with *retains_grad* and shows its stored gradient.

# %% tags=["minigrad-only"]
viz.draw(loss)

# %% [markdown]
# > **Myth check · S002-22 · TRUE** — "A column and a row made with
# > `arange(..., requires_grad=True).reshape(...)` are not leaves, yet `retain_grad()` gives
# > them gradients: the column's gradient holds the row's values and vice versa."
#
# For `out = row @ col` (a 1×1 matrix), `d out / d col = rowᵀ` and `d out / d row = colᵀ`.
# Expect `False False`, then `[0., 1., 2., 3.]` twice (once as a column, flattened here, once
# as a row) and `tensor([[14.]], grad_fn=<MmBackward0>)`.

# %%
col = torch.arange(4, dtype=torch.float32, requires_grad=True).reshape(4, 1)
row = torch.arange(4, dtype=torch.float32, requires_grad=True).reshape(1, 4)
out = row @ col
col.retain_grad()
row.retain_grad()
out.backward()
print(col.is_leaf, row.is_leaf)
print(col.grad.flatten())
print(row.grad)
print(out)

# %% [markdown]
# A few more facts about `retain_grad()`. On a leaf it does nothing (a leaf keeps its
# gradient anyway, and `retains_grad` stays `False`). A retained gradient **accumulates**
# over backward passes, like a leaf's. Expect `False`, then `tensor([1., 1.])` and
# `tensor([2., 2.])`.

# %%
leaf = torch.tensor([1., 2.], requires_grad=True)
leaf.retain_grad()
print(leaf.retains_grad)
mid = leaf * 2
mid.retain_grad()
mid.sum().backward(retain_graph=True)
print(mid.grad)
mid.sum().backward()
print(mid.grad)

# %% [markdown]
# On a tensor that does not require grad there is nothing to retain:

# %% tags=["raises-exception"]
torch.tensor([1., 2.]).retain_grad()

# %% [markdown]
# **How to read this message.** *"can't retain_grad on Tensor"* names the call that failed;
# *"that has requires_grad=False"* is the reason. No gradient will ever flow into such a
# tensor, so there is nothing to keep. If you expected it to require grad, look upstream: an
# input that should require grad doesn't, or the tensor was computed under `no_grad()`.
#
# ## 4. Call `retain_grad()` before `backward()`
#
# `retain_grad()` does not look into the past. It affects the backward passes that run
# **after** it.
#
# > **Myth check · S002-23 · TRUE** — "`retain_grad()` must be written before the
# > `backward()` call."
#
# We run a backward pass first, ask afterwards, and get nothing; the next pass fills it.
# Calling it late is not an error. Expect `None`, then `tensor([1., 1., 1.])`.

# %%
ones = torch.ones(3, requires_grad=True)
twice = ones * 2
twice.sum().backward(retain_graph=True)
twice.retain_grad()              # too late for the pass above
print(twice.grad)
twice.sum().backward()           # ... but this pass fills it
print(twice.grad)

# %% tags=["minigrad-only"]
viz.draw(twice)

# %% [markdown]
# **Predict, then run.**

# %% tags=["minigrad-only"]
def _quiz_late_retain():
    a = torch.tensor([1., 2.], requires_grad=True)
    b = a * 5
    b.sum().backward(retain_graph=True)
    b.retain_grad()
    print("b.grad after the first pass:", b.grad)
    b.sum().backward(retain_graph=True)
    b.sum().backward()
    print("b.grad after two more passes:", b.grad)


viz.Quiz(
    "b = a * 5. Backward once, then b.retain_grad(), then backward twice more "
    "(each time from b.sum()). What is b.grad at the end?",
    ["None: retain_grad() was called after a backward pass",
     "tensor([1., 1.])",
     "tensor([2., 2.])",
     "tensor([3., 3.])"],
    answer="tensor([2., 2.])",
    run=_quiz_late_retain,
    explanation="retain_grad() only affects later passes, and a retained gradient "
                "accumulates like a leaf's: the two later passes add 1 each.")

# %% [markdown]
# ## 5. Tensor hooks: watching the gradient go by
#
# `t.register_hook(fn)` asks autograd to call `fn(grad)` whenever a gradient for `t` has been
# computed during a backward pass. It returns a handle (section 9). Hooks stay registered
# across backward passes. If `fn` returns `None`, the gradient goes on unchanged.
#
# Several hooks on one tensor run in the order you registered them. Across the graph, they
# run in backward order: from the output towards the inputs. Here `k2 = k1 * k1` with
# `k1 = k0 * 2`, hooks registered in forward order. Expect `k2`'s hook first (`1.`), then
# `k1`'s two hooks (`dk2/dk1 = 2·k1 = 12`), then `k0`'s (`12 · 2 = 24`).

# %%
k0 = torch.tensor(3.0, requires_grad=True)
k1 = k0 * 2
k2 = k1 * k1
k0.register_hook(lambda g: print("hook on k0:", g))
k1.register_hook(lambda g: print("first hook on k1:", g))
k1.register_hook(lambda g: print("second hook on k1:", g))
k2.register_hook(lambda g: print("hook on k2:", g))
k2.backward(retain_graph=True)

# %% [markdown]
# The diagram shows the hooks as small marks attached to the tensors they watch.

# %% tags=["minigrad-only"]
viz.draw(k2)

# %% [markdown]
# Hooks fire for every way of running backward, including `torch.autograd.grad`, which
# returns gradients instead of storing them (so `k0.grad` is still the `24.` from the pass
# above). Expect the same four hook lines, then `tensor(24.) tensor(24.)`.

# %%
(dk0,) = torch.autograd.grad(k2, k0)
print(dk0, k0.grad)

# %% [markdown]
# ## 6. Hooks can replace the gradient
#
# If a hook **returns a tensor**, that tensor replaces the gradient: for later hooks on the
# same tensor, for `.grad` if the tensor keeps one, and for the rest of the backward pass
# upstream. This is how people clip or rescale gradients on the fly.
#
# Below, `act = inp * 4` and the loss is `act.sum()`, so the gradient reaching `act` is
# `[1., 1., 1.]` and `inp.grad` would be `[4., 4., 4.]`. A hook multiplies the gradient of
# `act` by `[1., 0., -1.]`. Expect `inp.grad = tensor([ 4.,  0., -4.])`.

# %%
inp = torch.tensor([1., 2., 3.], requires_grad=True)
act = inp * 4
gate = torch.tensor([1., 0., -1.])
act.register_hook(lambda g: g * gate)
act.sum().backward()
print(inp.grad)

# %% [markdown]
# With two hooks, the second sees what the first returned. Expect the second hook to print
# `tensor([10., 10.])` and the leaf to get `tensor([20., 20.])` (`10 · 2`).

# %%
a6 = torch.tensor([1., 2.], requires_grad=True)
b6 = a6 * 2
b6.register_hook(lambda g: g * 10)
b6.register_hook(lambda g: print("second hook sees", g))
b6.sum().backward()
print(a6.grad)

# %% tags=["minigrad-only"]
viz.draw(b6)

# %% [markdown]
# ## 7. Hooks and `retain_grad()`: the order does not matter
#
# If a tensor both retains its gradient and has hooks, which value ends up in `.grad`? The
# value **after all hooks**, whichever you called first. `retain_grad()` is implemented as
# a special hook that always runs last.
#
# Both tensors below get the same "times 10" hook; `early` calls `retain_grad()` before
# registering it, `late` after. Expect `tensor([10., 10.])` for both.

# %%
src7 = torch.tensor([1., 2.], requires_grad=True)
early = src7 * 2
early.retain_grad()
early.register_hook(lambda g: g * 10)
late = src7 * 3
late.register_hook(lambda g: g * 10)
late.retain_grad()
(early.sum() + late.sum()).backward()
print(early.grad, late.grad)

# %% [markdown]
# The lab below runs one fixed program, `x = [1., 2., 3.]`, `y = x * 2`,
# `z = (y * x).sum()`, with up to six hooks registered in an awkward order (`retain_grad`
# first). Untick some, press *run backward*, and read the firing order. Things to look
# for: on `y`, both tensor hooks fire before `retain_grad` stores `y.grad`; the node
# `y.grad_fn` runs after them; `x`'s hook fires once even though `x` is used twice.

# %% tags=["minigrad-only"]
lab = viz.HookOrderLab()
lab

# %% [markdown]
# Here is the same run, printed (this is what *run backward* shows with every box ticked):

# %% tags=["minigrad-only"]
lab.model.run()
print(lab.model.text())

# %% [markdown]
# ## 8. A hook on a leaf gets the total gradient
#
# When a leaf is used several times, its gradient is the **sum** of the contributions from
# every use. A hook on the leaf fires **once per backward pass, with that total**, and it
# fires **before** the total is added into `.grad`, so inside the hook `.grad` still holds
# the old value.
#
# `lx * lx + lx` at `lx = 3` has derivative `2·3 + 1 = 7`. Expect the hook to see `7.` while
# `.grad` is still `None`, then `tensor(7.)`. On a second pass (`lx * 2`), expect the hook to
# see `2.` while `.grad` is `7.`, and `.grad` to end at `9.`: leaves accumulate.

# %%
lx = torch.tensor(3.0, requires_grad=True)
lx.register_hook(lambda g: print("hook on lx sees", g, "while lx.grad is", lx.grad))
(lx * lx + lx).backward()
print(lx.grad)
(lx * 2).backward()
print(lx.grad)

# %% [markdown]
# A hook on a leaf can also replace the gradient before it is stored. Expect `tensor(0.5)`:
# the hook halves the `1.` before `AccumulateGrad` stores it.

# %%
half = torch.tensor(1.0, requires_grad=True)
half.register_hook(lambda g: g / 2)
(half + 0).backward()
print(half.grad)

# %% tags=["minigrad-only"]
viz.draw(lx * lx + lx)

# %% [markdown]
# ## 9. Removing hooks
#
# `register_hook` returns a `RemovableHandle`. Hooks stay until you call `handle.remove()`;
# calling it twice is harmless. Expect `hook fired` and `tensor([10., 10.])` on the first
# pass, then nothing printed and `tensor([11., 11.])` (`10 + 1`) once the hook is gone.

# %%
w9 = torch.tensor([1., 2.], requires_grad=True)
handle = w9.register_hook(lambda g: print("hook fired") or g * 10)
print(type(handle).__name__)
w9.sum().backward()
print(w9.grad)
handle.remove()
handle.remove()                  # removing twice is fine
w9.sum().backward()
print(w9.grad)

# %% tags=["minigrad-only"]
viz.draw(w9 * 1)

# %% [markdown]
# ## 10. When a hook goes wrong: the error messages
#
# A hook's result must be usable in place of the gradient: `None` or a tensor of the same
# shape and dtype. The checks happen while backward runs, so the error appears at the
# `backward()` line, not at `register_hook`. The one error at registration time comes
# first: a tensor that does not require grad never receives a gradient, so it can't have a
# hook.

# %% tags=["raises-exception"]
torch.tensor([1., 2.]).register_hook(lambda g: g)

# %% [markdown]
# **How to read this message.** *"cannot register a hook"*: the call that failed.
# *"on a tensor that doesn't require gradient"*: no gradient would ever reach it. Call
# `requires_grad_()` first (for a leaf), or hook a tensor that is on the gradient path.
#
# Next, a hook that returns a gradient of the wrong **shape**. We keep one element:

# %% tags=["minigrad-only"]
e10 = torch.tensor([1., 2.], requires_grad=True)
viz.draw(e10 * 2)

# %% tags=["raises-exception"]
def keep_first(g):
    return g[:1]


e10 = torch.tensor([1., 2.], requires_grad=True)
f10 = e10 * 2
f10.register_hook(keep_first)
f10.sum().backward()

# %% [markdown]
# **How to read this message.** *"hook 'keep_first'"* is the function's `__name__` (a
# lambda shows up as `'<lambda>'`, so named functions make this easier to trace).
# *"has changed the size of value"*: it returned a tensor whose shape differs from the
# gradient it received (`[1]` instead of `[2]`). A hook may change values, never shapes.
#
# A hook that changes the **dtype**:

# %% tags=["raises-exception"]
def to_double(g):
    return g.double()


e10 = torch.tensor([1., 2.], requires_grad=True)
f10 = e10 * 2
f10.register_hook(to_double)
f10.sum().backward()

# %% [markdown]
# **How to read this message.** Same start (which hook), then *"has changed the type of
# value"* and the two legacy type names: *"was torch.FloatTensor"* (float32, what came in)
# *"got torch.DoubleTensor"* (float64, what the hook returned). Cast back, or don't cast.
#
# A hook that returns something that is not a tensor (a number here):

# %% tags=["raises-exception"]
e10 = torch.tensor([1., 2.], requires_grad=True)
f10 = e10 * 2
f10.register_hook(lambda g: 1)
f10.sum().backward()

# %% [markdown]
# **How to read this message.** This one is a `TypeError`. *"expected Variable"* uses the
# old name for a tensor that takes part in autograd; *"but hook returned 'int'"* names the
# type you returned. Return `g * 0 + 1` or `torch.ones_like(g)` if you meant a tensor of
# ones; return `None` to leave the gradient alone.
#
# An exception raised inside your hook is not wrapped: it comes out of `backward()` as is,
# and the pass stops, so nothing is accumulated. Expect `ValueError`, then (next cell)
# `None` for the leaf's `.grad`.

# %% tags=["raises-exception"]
def refuse(g):
    raise ValueError("this hook refuses the gradient")


e10 = torch.tensor([1., 2.], requires_grad=True)
f10 = e10 * 2
f10.register_hook(refuse)
f10.sum().backward()

# %%
print(e10.grad)

# %% [markdown]
# **How to read this message.** The type and text are your own: the traceback shows the
# line inside your hook. Nothing was stored in `e10.grad`.
#
# Last, a subtle one: **don't edit the gradient in place** inside a hook. The gradient you
# receive may be shared with other parts of the graph, or be a broadcast view in which
# many elements are the same memory (`sum()`'s backward hands out such a view). Return a
# new tensor (`g * 2`) instead of modifying `g` (`g.mul_(2)`):

# %% tags=["raises-exception"]
e10 = torch.tensor([1., 2., 3.], requires_grad=True)
f10 = e10 * 2
f10.register_hook(lambda g: g.mul_(2))
f10.sum().backward()

# %% [markdown]
# **How to read this message.** *"unsupported operation"*: an in-place op refused to run.
# *"more than one element of the written-to tensor refers to a single memory location"*:
# the gradient coming out of `sum()` is one value expanded to shape `[3]`, so writing
# element 0 would also change elements 1 and 2. *"Please clone() the tensor before
# performing the operation"*: or, simpler in a hook, use the out-of-place `g * 2`.
#
# ## 11. Watching hooks fire, step by step
#
# The backward stepper replays one backward pass node by node. Each step shows the node that
# runs, the gradient it receives (`grad_output`), what it sends to each input, the hooks that
# fire before it, and the `.grad` fields that get written. Use *Prev*/*Next* or the slider.
#
# The program: `uw = wv * 2`, `loss = (uw * uw).sum()`. `uw` retains its gradient and has
# a hook that clamps its gradient to `[-5, 5]`; the leaf `wv` has a printing hook. Things to
# look for: at the step of `uw`'s node the hook fires with the raw gradient and the node
# receives the clamped one, which is also what `uw.grad` stores; the leaf's hook fires at
# the `AccumulateGrad` step with the total. (Building the stepper runs backward once and
# puts every `.grad` back, so the hook prints once here, captured into its step.)

# %% tags=["minigrad-only"]
wv = torch.tensor([1., -2., 3.], requires_grad=True)
uw = wv * 2
uw.retain_grad()
uw.register_hook(lambda g: g.clamp(-5, 5))
wv.register_hook(lambda g: print("hook on wv sees", g))
loss_uw = (uw * uw).sum()
stepper = viz.BackwardStepper(loss_uw)
stepper

# %% [markdown]
# The same replay as text, all steps at once:

# %% tags=["minigrad-only"]
for i in range(1, stepper.model.count):
    stepper.model.goto(i)
    print(stepper.model.text())
stepper.model.index = 0          # rewind, so the widget above starts at the beginning

# %% [markdown]
# ## 12. Exercise: capture a gradient with a hook
#
# Get the gradient flowing through `hidden` **without** `retain_grad()`: register a hook on
# `hidden` that stores the gradient it receives in `captured["hidden"]` (and leaves the
# gradient unchanged). Put your line where the comment says, then run both cells.

# %%
captured = {}
inp12 = torch.tensor([1., 2., 3.], requires_grad=True)
hidden = inp12 * inp12
# your line here: a hook on `hidden` that stores its gradient in captured["hidden"]

loss12 = (hidden * torch.tensor([1., 10., 100.])).sum()
loss12.backward()

# %%
def check_capture():
    if hidden.retains_grad:
        return "not yet: use a hook, not retain_grad()"
    got = captured.get("hidden")
    if got is None:
        return "not yet: captured['hidden'] is empty (did your hook run? register it before backward)"
    if got.tolist() != [1., 10., 100.]:
        return f"not yet: captured {got.tolist()}, expected the weights [1., 10., 100.]"
    if inp12.grad is None or inp12.grad.tolist() != [2., 40., 600.]:
        return "not yet: the hook must not change the gradient (inp12.grad should be [2., 40., 600.])"
    return "correct: captured['hidden'] is tensor([  1.,  10., 100.])"


print(check_capture())

# %% [markdown]
# <details><summary>Solution</summary>
#
# `hidden.register_hook(lambda g: captured.__setitem__("hidden", g))`, or with a named
# function: `def keep(g): captured["hidden"] = g` and `hidden.register_hook(keep)`. Both
# return `None`, so the gradient goes on unchanged.
#
# </details>
#
# ## Summary
#
# | question | answer |
# | --- | --- |
# | Why is a non-leaf's `.grad` `None`? | Backward never stores it: the gradient is computed, passed to the next node, dropped. |
# | What does the warning mean? | You read `.grad` of a non-leaf; use `retain_grad()` or read the leaf instead. It prints on every read. |
# | What does `backward()` free? | The saved values (activations), not gradients. `retain_graph=True` keeps them. |
# | How do I keep a non-leaf's gradient? | `t.retain_grad()` **before** `backward()`; `t.retains_grad` becomes `True`; it accumulates. |
# | `retain_grad()` on a leaf / on a no-grad tensor? | No-op / `RuntimeError`. |
# | What does a tensor hook get? | The gradient w.r.t. that tensor, once per backward pass (also under `autograd.grad`). |
# | In what order do hooks run? | Outputs before inputs; on one tensor, in registration order. |
# | Can a hook change the gradient? | Yes: return a new tensor (same shape and dtype). Don't modify `g` in place. |
# | Hooks and `retain_grad()` together? | `.grad` holds the value after all hooks, whatever the call order. |
# | Hook on a leaf used twice? | One call, with the total, before it is added to `.grad`. |
# | How do I remove a hook? | `handle = t.register_hook(fn)`, then `handle.remove()` (idempotent). |
#
# **Next:** [04 · no_grad and friends](04_no_grad.ipynb): switching gradient tracking off,
# and how `no_grad`, `inference_mode`, `requires_grad_(False)` and `detach()` differ.
#
# **See also:** [02 · leaf tensors](02_leaf_tensors.ipynb) ·
# [06 · under the hood](06_under_the_hood.ipynb) (how the engine calls hooks)
