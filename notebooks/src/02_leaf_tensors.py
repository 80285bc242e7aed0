# %% [markdown]
# # 02 · Leaf tensors: who gets a `.grad`
#
# Autograd records a graph while you compute. Some tensors in that graph are **leaves**: the
# ends of the graph, where the backward pass stops and where gradients are stored. This
# notebook pins down exactly which tensors are leaves and which ones end up with a `.grad`.
#
# **What you will learn**
#
# 1. What a leaf is, and how to ask a tensor (`is_leaf`, `grad_fn`).
# 2. `requires_grad`: off by default, and how it spreads from inputs to results.
# 3. Why only floating-point tensors take part in gradients.
# 4. The leaf rule: `is_leaf` for user-created, computed, cast and detached tensors.
# 5. Casts and device moves: a classic way to lose a gradient.
# 6. `requires_grad_()` on a leaf and on a non-leaf.
# 7. Which tensors get `.grad` after `backward()`, and what `.grad` is.
# 8. `nn.Parameter` and layer weights, and how an optimizer updates them.
#
# Along the way, **myth checks** test claims from popular blog posts against what the
# library really does. Every claim is checked with live code, right below its box.
#
# Run the cells top to bottom. Cells marked with a diagram or widget need minigrad's `viz`
# module; everything else prints exactly what PyTorch 2.13 prints.

# %%
import minigrad as torch
import warnings

# shorter tracebacks: the last line of an error is the part we read
%xmode Plain


def fn_name(t):
    """The class name of t's grad_fn (None when no recorded op produced t)."""
    return None if t.grad_fn is None else type(t.grad_fn).__name__


def grad_of(t):
    """t.grad, but a warning is printed as one short line instead of a stderr block."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        g = t.grad
    for w in caught:
        first = str(w.message).split(". ")[0]
        print(f"{w.category.__name__}: {first}. [...]")
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
# ## 1. What is a leaf?
#
# When you compute with a tensor that requires grad, each operation leaves a *node* behind
# (the tensor's `grad_fn`). `backward()` walks these nodes from the output back towards the
# inputs. The tensors at the far end, the ones no recorded operation produced, are the
# **leaves**. Their `grad_fn` is `None` and their `is_leaf` is `True`.
#
# We build `z = x**2 + 1` in two steps. Expect `x` to be a leaf (you made it), and `y` and
# `z` to be non-leaves (operations made them, so each has a `grad_fn`).

# %%
x = torch.tensor(2.0, requires_grad=True)
y = x ** 2
z = y + 1
print("x:", x.is_leaf, fn_name(x))
print("y:", y.is_leaf, fn_name(y))
print("z:", z.is_leaf, fn_name(z))

# %% [markdown]
# In the diagram below, arrows follow the gradient (from `z` back to `x`). Each op node
# (`AddBackward0`, `PowBackward0`) belongs to a non-leaf tensor. The leaf `x` is reached
# through an `AccumulateGrad` node: that node is what writes into `x.grad`. The note-shaped
# box hanging off `PowBackward0` is the value it saved for backward (`x`, needed for `2*x`).

# %% tags=["minigrad-only"]
viz.draw(z)

# %% [markdown]
# > **Myth check · S002-4 · TRUE** — "You can ask any tensor whether it is a leaf through
# > `tensor.is_leaf`."
#
# Yes: the attribute exists on every tensor, leaf or not, and it is the authoritative answer.

# %%
print(x.is_leaf, (x * 2).is_leaf)

# %% [markdown]
# > **Myth check · S000-11 · TRUE** — "Tensors you create yourself (not as results of other
# > tensors) are leaves."
#
# > **Myth check · S002-14 · TRUE** — "A tensor you create with `requires_grad=True` is a
# > leaf; it is not the result of an operation, so its `grad_fn` is `None`."
#
# Both hold for tensors made by a factory call (`torch.tensor`, `torch.ones`, ...) and for
# `nn.Parameter`. Section 4 shows where "created by the user" stops being a good guide.

# %%
a = torch.tensor([1., 2.], requires_grad=True)
print(a.is_leaf, fn_name(a))
print(torch.ones(3, requires_grad=True).is_leaf)
print(torch.nn.Parameter(torch.ones(2)).is_leaf)

# %% [markdown]
# ## 2. `requires_grad`: off by default, and contagious
#
# A new tensor does **not** require grad. A result requires grad as soon as **one** of its
# inputs does (with grad mode on). A result of operations on tensors that do not require
# grad is not tracked at all: it has no `grad_fn`, so `backward()` has nothing to walk.
#
# > **Myth check · S000-17 · MISLEADING** — "A newly created tensor's grad defaults to
# > False."
#
# Two attributes are mixed up here. `requires_grad` defaults to `False`. `.grad` defaults to
# `None`, and holds a tensor only after a backward pass has reached the tensor. Expect
# `False None`:

# %%
t = torch.ones(1)
print(t.requires_grad, t.grad)

# %% [markdown]
# > **Myth check · S000-19 · TRUE** — "If `x` and `y` don't require grad, `z = x + y`
# > doesn't either, and `z.backward()` fails."
#
# (Our names are `x1`, `y1`, `z1`: `x`, `y`, `z` are still in use from section 1.) Expect
# `False`, then an error from `backward()`:

# %% tags=["raises-exception"]
x1 = torch.ones(1)
y1 = torch.ones(1)
z1 = x1 + y1
print(z1.requires_grad)
z1.backward()

# %% [markdown]
# **How to read this message.** `RuntimeError` is the error type autograd uses for misuse.
# *"element 0 of tensors"* means the first (here the only) tensor you called `backward()`
# on. *"does not require grad and does not have a grad_fn"* gives the two reasons there is
# nothing to do: no gradient is wanted for it, and no recorded op produced it, so there is
# no graph to walk. The fix is upstream: some input must require grad **before** the
# computation runs.
#
# > **Myth check · S000-20 · TRUE** — "Add one tensor that requires grad and the result
# > requires grad too, so backward works and gives that tensor a gradient of 1."
#
# > **Myth check · S000-22 · TRUE** — "No gradient is stored for `x`, `y`, `z`, which don't
# > require grad."
#
# We add `w` (requires grad) to the untracked `z1`. Expect `True`, then `tensor([1.])` for
# `w.grad`, then `True`: all three of `z1.grad`, `x1.grad`, `y1.grad` are `None`.

# %%
w = torch.ones(1, requires_grad=True)
total = w + z1
print(total.requires_grad)
total.backward()
print(w.grad)
print(z1.grad == x1.grad == y1.grad == None)   # a chained comparison: all three are None

# %% [markdown]
# `z1` enters the graph of `total` as a constant: the diagram shows one `AccumulateGrad`
# (for `w`) and no path back to `x1` or `y1`.

# %% tags=["minigrad-only"]
viz.draw(total)

# %% [markdown]
# > **Myth check · S000-18 · TRUE** — "Backward does not go down a branch whose tensor
# > does not require grad; only the other branches receive gradient."
#
# > **Myth check · S002-7 · TRUE** — "Gradients are computed only for tensors with
# > `requires_grad=True`."
#
# `out = a*2 + b*3` has two branches. Only `a` requires grad. Expect `a.grad` to be
# `tensor([2.])` and `b.grad` to stay `None`. The diagram, drawn before the backward
# pass, shows why: `AddBackward0` has a single way out, towards `a`; the `b*3` branch was
# never recorded.

# %%
a = torch.ones(1, requires_grad=True)
b = torch.ones(1)
out = (a * 2 + b * 3).sum()

# %% tags=["minigrad-only"]
viz.draw(out)

# %%
out.backward()
print(a.grad, b.grad)

# %% [markdown]
# ## 3. Gradients need floating point
#
# A gradient is a rate of change, which only makes sense for continuous values. So only
# floating-point (and complex) tensors can require grad, and results that are integers or
# booleans (comparisons, `argmax`, `.long()`) never require grad, whatever their inputs.
# Asking for `requires_grad=True` on an integer tensor fails right away:

# %% tags=["raises-exception"]
torch.tensor([1, 2], requires_grad=True)

# %% [markdown]
# **How to read this message.** *"Only Tensors of floating point and complex dtype"* names
# the dtypes allowed; `torch.tensor([1, 2])` infers `int64` from the Python ints. Write
# `[1., 2.]` or pass `dtype=torch.float32`.
#
# The wording differs slightly depending on how you ask (these three are separate checks
# inside the library), but the lesson is the same. `requires_grad_(False)` is always fine.

# %%
i = torch.tensor([1, 2])
attempt(lambda: i.requires_grad_())
attempt(lambda: setattr(i, "requires_grad", True))
print(i.requires_grad_(False).requires_grad)

# %% [markdown]
# Integer and boolean **results** simply drop out of the graph. `mask = x > 1` is a leaf
# with no `grad_fn`; multiplying by it is fine, and `mask` appears in the diagram only as a
# value saved by `MulBackward0`, not as a path for the gradient. `round()` is different: it
# returns floats, so it is recorded (its gradient is zero).

# %%
xs = torch.tensor([0.5, 1.5, 2.5], requires_grad=True)
mask = xs > 1
kept = xs * mask
print(mask.requires_grad, mask.is_leaf, fn_name(kept))
print(xs.argmax().requires_grad, fn_name(xs.round()))

# %% tags=["minigrad-only"]
viz.draw(kept)

# %% [markdown]
# ## 4. The leaf rule
#
# Here is the whole rule, which the rest of this notebook keeps coming back to:
#
# | the tensor ... | `is_leaf` | `grad_fn` |
# | --- | --- | --- |
# | does **not** require grad (whatever made it: a factory, math on constants, `no_grad`, `detach()`) | `True` | `None` |
# | requires grad and was made by a factory, `requires_grad_()` or `nn.Parameter` | `True` | `None` |
# | requires grad and came out of a **recorded op** (math, view, indexing, cast, ...) | `False` | a node |
#
# So leafness is decided by two facts: does it require grad, and did a recorded operation
# produce it. Who wrote the line does not matter, and neither does how simple the op is.
#
# > **Myth check · S002-13 · TRUE** — "Every tensor with `requires_grad=False` counts as a
# > leaf, e.g. the inputs of a model."
#
# That includes *results* of computations that were not recorded. Expect `True` everywhere
# in the first line and `True False` for the result computed under `no_grad()`.

# %%
inputs = torch.tensor([1., 2., 3.])
print(inputs.is_leaf, (inputs + 1).is_leaf, inputs.detach().is_leaf)
p = torch.tensor([1., 2., 3.], requires_grad=True)
with torch.no_grad():
    q = p * 2
print(q.is_leaf, q.requires_grad)

# %% [markdown]
# > **Myth check · S002-16 · TRUE** — "If `a` does not require grad, `b = a + 1` depends on
# > `a` numerically but is still a leaf."
#
# Autograd only records what it may need to differentiate. Nothing about `a` needs a
# gradient, so nothing is recorded, and `b` has no `grad_fn`. Expect `True False None`.

# %%
a = torch.tensor([1., 2.])
b = a + 1
print(b.is_leaf, b.requires_grad, fn_name(b))

# %% [markdown]
# > **Myth check · S002-17 · MISLEADING** — "Even a simple operation that has nothing to do
# > with gradients turns a leaf into a non-leaf."
#
# The inputs decide, not the op. Below, three *trivial* ops (a view, an index, a cast) on a
# tensor that requires grad all give non-leaves, while *heavy* math on a tensor that does
# not require grad gives a leaf. And no op ever changes its **input**: `p` is still a leaf
# afterwards; only the result is new. Expect `False False False`, then `True`, then `True`.

# %%
p = torch.tensor([1., 2.], requires_grad=True)
print(p.view(2).is_leaf, p[0].is_leaf, p.double().is_leaf)
c = torch.tensor([1., 2.])
print((c.exp().sin() * 3).is_leaf)
print(p.is_leaf)

# %% [markdown]
# > **Myth check · S002-1 · MISLEADING** — "Put simply, everything the user creates is a
# > leaf."
#
# A line you wrote yourself can easily produce a non-leaf: here a `reshape` runs on the
# freshly created tensor before it gets a name. The real leaf is the unnamed `arange`
# result, which you cannot reach any more. Expect `False ViewBackward0` and `False AddBackward0`.

# %%
col = torch.arange(4, dtype=torch.float32, requires_grad=True).reshape(4, 1)
print(col.is_leaf, fn_name(col))
shifted = torch.ones(3, requires_grad=True) + 2
print(shifted.is_leaf, fn_name(shifted))

# %% [markdown]
# In the diagram, `col` sits on top of `ViewBackward0`; the leaf it came from is drawn as an
# unnamed tensor behind the `AccumulateGrad` node.

# %% tags=["minigrad-only"]
viz.draw(col)

# %% [markdown]
# ## 5. Casts and device moves
#
# Changing the dtype (`.double()`, `.to(torch.float64)`) or the device (`.cuda()`,
# `.to("cuda")`) of a tensor that requires grad is a **recorded op** (`ToCopyBackward0`).
# The result is a non-leaf, so it will not get `.grad`. The gradient flows through it to the
# original tensor instead.
#
# > **Myth check · S002-15 · TRUE** — "A tensor made by moving a grad-requiring CPU tensor
# > to the GPU is not a leaf, because a cast created it."
#
# This machine has no GPU, so we use a dtype cast, which goes through the very same
# `ToCopyBackward0` node as `.cuda()`. Expect `False ToCopyBackward0` twice. A cast to the
# dtype the tensor already has is not an op at all: it returns the tensor itself.

# %%
src = torch.tensor([1., 2.], requires_grad=True)
moved = src.double()
print(moved.is_leaf, fn_name(moved))
print(src.to(torch.float64).is_leaf, fn_name(src.to(torch.float64)))
print(src.float() is src)

# %% [markdown]
# The claim needs its condition, though: only a source that **requires grad** makes the
# result a non-leaf. Casting a plain tensor gives a leaf, and that is how you should make a
# trainable tensor with a different dtype or device: move first, then `requires_grad_()`.
#
# Below, the same float64 weights are made twice. `lost` is cast *after* asking for grad;
# `good` is cast *before*. Expect `lost.grad` to be `None` (with a warning: `lost` is not a
# leaf) and `good.grad` to be `tensor([2., 4.], dtype=torch.float64)`.

# %%
lost = torch.tensor([1., 2.], requires_grad=True).double()
good = torch.tensor([1., 2.]).double().requires_grad_()
(lost * lost).sum().backward()
(good * good).sum().backward()
print("lost.grad:", grad_of(lost))
print("good.grad:", good.grad, " good.is_leaf:", good.is_leaf)

# %% [markdown]
# Where did `lost`'s gradient go? Into the unnamed tensor it was cast from. The diagram
# shows it: `lost` sits on `ToCopyBackward0`, and the `.grad` that `AccumulateGrad` filled
# belongs to an unnamed leaf. That box has no `float64` tag because it is float32: a
# gradient that arrives through a cast is converted back to the leaf's own dtype.

# %% tags=["minigrad-only"]
viz.draw(lost, good)

# %% [markdown]
# ## 6. Detached tensors and `requires_grad_()`
#
# `detach()` returns a **new** tensor that shares the data but not the graph. It does not
# require grad, so by the rule of section 4 it is a leaf. The original keeps its `grad_fn`.
# (Notebook 01 covers `detach()` in depth.)
#
# `requires_grad_()` flips the flag in place and returns the same tensor. On a leaf it is
# how you turn a plain tensor into a trainable one; on the detached copy it makes a brand
# new leaf that gets its own `.grad`. Expect `True False`, `False MulBackward0`, then `True`
# and `tensor([1., 1.])`.

# %%
base = torch.tensor([1., 2.], requires_grad=True)
prod = base * 3
d = prod.detach()
print(d.is_leaf, d.requires_grad)
print(prod.is_leaf, fn_name(prod))
d2 = prod.detach().requires_grad_()
print(d2.is_leaf)
d2.sum().backward()
print(d2.grad)

# %% tags=["minigrad-only"]
viz.draw(prod, d2)

# %% [markdown]
# On a **non-leaf**, switching requires_grad *on* is a silent no-op (it is already on), but
# switching it *off* is refused: the tensor is part of a graph, and pretending otherwise
# would silently break gradients that depend on it.

# %% tags=["raises-exception"]
prod.requires_grad_(False)

# %% [markdown]
# **How to read this message.** *"you can only change requires_grad flags of leaf
# variables"* says the flag belongs to leaves ("variables" is the old name for tensors that
# track gradients). The second sentence is the fix: if you want to use a computed value
# *without* gradients flowing through it, take `var.detach()`, which leaves the original
# graph intact. Assigning `prod.requires_grad = True` raises the first sentence only.

# %%
print(prod.requires_grad_() is prod)
attempt(lambda: setattr(prod, "requires_grad", True))

# %% [markdown]
# ## 7. Which tensors get `.grad`
#
# After `backward()`, autograd stores a gradient in `.grad` only for tensors that are
# **leaves and require grad**. Non-leaves get `None` (reading it prints a warning, see
# notebook 03), and so do leaves that don't require grad. That is the default; notebook 03
# shows the opt-in exception, `retain_grad()`.
#
# > **Myth check · S002-18 · TRUE** — "With `x = 2`, `y = x**2`, `z = y + 1`: after
# > `z.backward()`, `x.grad` is 4, `y.grad` is None, `x` is a leaf, `y` is not, `x.grad_fn`
# > is None and `y.grad_fn` is a `PowBackward0`."
#
# > **Myth check · S002-19 · TRUE** — "Only leaves have a gradient value, and only
# > non-leaves have a `grad_fn`."
#
# We run the backward of section 1. Expect exactly the values in the first claim, plus the
# warning line when we read `y.grad`.

# %%
z.backward()
print(x.grad)
print(grad_of(y))
print(x.is_leaf, y.is_leaf)
print(fn_name(x), fn_name(y))

# %% [markdown]
# The diagram now shows `grad 4.` on `x` and nothing on `y`:

# %% tags=["minigrad-only"]
viz.draw(z)

# %% [markdown]
# > **Myth check · S000-13 · MISLEADING** — "`root.backward()` computes the gradient of
# > every node of the graph with respect to the root, by the chain rule."
#
# Two corrections. Tensors that don't require grad (the constant `k` below) are not visited
# at all. And the intermediate gradients *are* computed, because the chain rule runs through
# them, but they are passed along and dropped, not stored. A hook (notebook 03) lets us
# watch the gradient pass through `m`. Expect the hook line first, then `tensor(5.) None`,
# then the warning and `None` for `m.grad`.

# %%
v = torch.tensor(2.0, requires_grad=True)
k = torch.tensor(5.0)
m = v * k
m.register_hook(lambda g: print("gradient passing through m:", g))
r = m + 1
r.backward()
print(v.grad, k.grad)
print(grad_of(m))

# %% [markdown]
# > **Myth check · S002-9 · TRUE** — "Not every tensor with `requires_grad=True` receives a
# > `.grad`; it must also be a leaf."
#
# > **Myth check · S002-5 · MISLEADING** — "In `backward()`, a node's gradient is computed
# > only if both `requires_grad` and `is_leaf` are true."
#
# The first is the default rule. The second says *computed* where it should say *stored*,
# and it misses the exception: a non-leaf that called `retain_grad()` keeps its `.grad`
# too. Expect `tensor([3., 3.])` for the leaf, `tensor([1., 1.])` for the retained
# non-leaf `h` (with `False`: it is still not a leaf), and `None` for the frozen leaf.

# %%
g = torch.tensor([1., 2.], requires_grad=True)
h = g * 3
h.retain_grad()
frozen = torch.tensor([1., 1.])
(h * frozen).sum().backward()
print(g.grad, h.grad, h.is_leaf, frozen.grad)

# %% [markdown]
# What is `.grad` itself? A plain tensor: a leaf, not requiring grad, with no `grad_fn`, and
# with the same shape and dtype as its owner. Expect `False True None` and
# `torch.float32 torch.Size([2])`.

# %%
print(g.grad.requires_grad, g.grad.is_leaf, fn_name(g.grad))
print(g.grad.dtype, g.grad.shape)

# %% [markdown]
# The table below gathers tensors from this notebook and applies the rule. The last column
# is the question of this section: will `backward()` store a gradient in this tensor's
# `.grad`? It is `True` exactly when `requires_grad` is true and the tensor is a leaf or
# retains its grad. Change something (say `y.retain_grad()` followed by a new
# `z = y + 1; z.backward()`) and press *Refresh*.

# %% tags=["minigrad-only"]
viz.LeafTable(x, y, z, q, lost, good, d2, m, g, h, frozen)

# %% [markdown]
# **Try it.** Predict before you click *Run*.

# %% tags=["minigrad-only"]
def _quiz_run():
    s = torch.tensor([1., 2.], requires_grad=True)
    t2 = s[0] * 10 + s.sum()
    t2.backward()
    print("s.grad =", s.grad)


viz.Quiz(
    "s = tensor([1., 2.], requires_grad=True); t2 = s[0] * 10 + s.sum(); t2.backward(). "
    "What is s.grad?",
    ["None: s[0] is a non-leaf, so the gradient is lost",
     "tensor([10.,  0.])",
     "tensor([11.,  1.])",
     "tensor([1., 1.])"],
    answer="tensor([11.,  1.])",
    run=_quiz_run,
    explanation="s[0] is a non-leaf view, but gradients flow through it back to the leaf s. "
                "s is used twice, so its .grad is the sum: [10, 0] from s[0]*10 plus [1, 1] "
                "from s.sum().")

# %% [markdown]
# ## 8. `nn.Parameter` and layer weights
#
# `nn.Parameter(t)` wraps a tensor as a trainable leaf: requires grad by default, `grad_fn`
# is `None`, and its class is `Parameter` (a subclass of `Tensor`, which is how modules find
# their weights). The results of ops on a Parameter are ordinary `Tensor`s.
#
# > **Myth check · S002-2 · TRUE** — "The weights of layers such as `nn.Linear` and
# > `nn.Conv2d` are leaves that require grad; computing their gradients is what backward is
# > for."
#
# Expect four lines of `Parameter True True None`.

# %%
torch.manual_seed(0)      # layers start from random weights; fix them for the diagram below
lin = torch.nn.Linear(2, 3)
conv = torch.nn.Conv2d(4, 8, 3)
for name, prm in list(lin.named_parameters()) + list(conv.named_parameters()):
    print(f"{name:6} {type(prm).__name__} {prm.is_leaf} {prm.requires_grad} {fn_name(prm)}")

# %% [markdown]
# > **Myth check · S000-23 · TRUE** — "A weight you make yourself with `nn.Parameter` and
# > pass to `F.conv2d` gives the same output shape as an `nn.Conv2d` with the same
# > settings."
#
# With kernel 3, stride 2 and padding 1, a 5×5 input becomes
# `floor((5 + 2·1 − 3) / 2) + 1 = 3`, so expect `torch.Size([1, 8, 3, 3])` twice and a
# leaf Parameter. (We use constant data: only shapes matter here.)

# %%
import minigrad.nn.functional as F

weight = torch.nn.Parameter(torch.ones(8, 4, 3, 3))
image = torch.ones(1, 4, 5, 5)
print(F.conv2d(image, weight, stride=2, padding=1).shape)
conv2 = torch.nn.Conv2d(4, 8, 3, stride=2, padding=1)
print(conv2(image).shape)
print(type(weight).__name__, weight.is_leaf, weight.requires_grad)
print(type(weight * 2).__name__, type(weight.detach()).__name__)

# %% [markdown]
# A layer's diagram: `AddmmBackward0` (bias + input @ weightᵀ) with one `AccumulateGrad`
# per Parameter (the diagram names them after the module: `lin.weight`, `lin.bias`). The
# input `xin` does not require grad: it is only a value saved for the weight's gradient, not
# a gradient path.

# %% tags=["minigrad-only"]
xin = torch.tensor([[1., 2.]])
y_lin = lin(xin)
viz.draw(y_lin)

# %% [markdown]
# ## 9. How an optimizer updates the leaves
#
# The leaves' gradients sit in `.grad`; `optimizer.step()` then changes each parameter.
#
# > **Myth check · S002-8 · OUTDATED** — "`optimizer.step()` updates the leaves' `.data`
# > attribute, and that is how the parameters change."
#
# Old optimizers did write through `.data`. Current ones (since 2020) update the Parameter
# **in place** under `no_grad()`: same object, same storage, and its **version counter**
# goes up. We can see the difference: a graph that saved the parameter before the step now
# refuses to backward. Expect version 0, then the updated Parameter at version 1 (still a
# `Parameter`, still a leaf), then an error in the next cell.

# %%
prm = torch.nn.Parameter(torch.tensor([1., 2.]))
opt = torch.optim.SGD([prm], lr=0.1)
loss = (prm * prm).sum()           # MulBackward0 saves prm
loss.backward(retain_graph=True)
print("version before step:", prm._version, " grad:", prm.grad)
opt.step()
print(prm)
print("version after step:", prm._version, type(prm).__name__, prm.is_leaf)

# %% [markdown]
# The diagram draws the two values `MulBackward0` saved (`prm`, as `self` and as `other`) in
# red: *stale*, saved at version 0 and now at version 1.

# %% tags=["minigrad-only"]
viz.draw(loss)

# %% tags=["raises-exception"]
loss.backward()

# %% [markdown]
# **How to read this message.** *"one of the variables needed for gradient computation"*:
# a tensor some backward node saved (here `prm`, saved by `MulBackward0`). *"has been
# modified by an inplace operation"*: `opt.step()` did `prm -= lr * prm.grad` in place.
# *"[torch.FloatTensor [2]] is at version 1; expected version 0"*: its type and shape, and
# the version counter now vs when it was saved. The hint about anomaly detection helps
# find *which* forward op saved it in bigger graphs. An update through `prm.data` would not
# bump the version, and the stale value would be used silently; that is why optimizers
# stopped doing it. (Notebook 05 is all about versions.)
#
# ## 10. Exercise: rescue the lost gradient
#
# The cell below builds a float64 weight the wrong way (as in section 5), so `wt.grad`
# stays `None`. Change **only the line that creates `wt`** so that `wt` is a float64 leaf
# that receives its gradient. Then run the check cell.

# %%
wt = torch.tensor([1., 2., 3.], requires_grad=True).double()   # <- fix this line
(wt * wt).sum().backward()

# %%
def check_exercise(t):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")          # reading a non-leaf's .grad warns
        grad = t.grad
    if t.dtype != torch.float64:
        return "not yet: wt must stay float64"
    if not t.is_leaf:
        return f"not yet: wt is not a leaf (its grad_fn is {fn_name(t)}), so .grad stays None"
    if grad is None:
        return "not yet: wt is a leaf but does not require grad"
    if grad.tolist() != [2., 4., 6.]:
        return f"not yet: expected the gradient [2., 4., 6.], got {grad.tolist()}"
    return "correct: wt is a float64 leaf and wt.grad is tensor([2., 4., 6.], dtype=torch.float64)"


print(check_exercise(wt))

# %% [markdown]
# <details><summary>Solution</summary>
#
# Cast first, then ask for gradients, so that no recorded op sits between you and `wt`:
# `wt = torch.tensor([1., 2., 3.]).double().requires_grad_()`, or create it directly with
# `torch.tensor([1., 2., 3.], dtype=torch.float64, requires_grad=True)`.
#
# </details>
#
# ## Summary
#
# | question | answer |
# | --- | --- |
# | What is a leaf? | A tensor with `grad_fn is None`: no recorded op produced it. `is_leaf` tells you. |
# | Does a new tensor require grad? | No. `requires_grad` defaults to `False`; `.grad` defaults to `None`. |
# | When does a result require grad? | When any input requires grad (and grad mode is on). Integer/bool results never do. |
# | Which tensors can require grad? | Floating-point (and complex) only. |
# | Is every tensor I create a leaf? | Only if no recorded op touched it: `arange(..., requires_grad=True).reshape(...)` is not. |
# | Are all `requires_grad=False` tensors leaves? | Yes: constants, math on constants, `no_grad` results, `detach()` results. |
# | Does a cast / `.cuda()` make a non-leaf? | Yes, if the source requires grad (`ToCopyBackward0`). Move first, then `requires_grad_()`. |
# | `requires_grad_(False)` on a non-leaf? | Error; use `.detach()`. `requires_grad_()` on a non-leaf is a no-op. |
# | Who gets `.grad` after `backward()`? | Leaves that require grad, plus non-leaves that called `retain_grad()`. |
# | Are intermediate gradients computed? | Yes, they flow through the graph; they are just not stored. |
# | What is `.grad`? | A plain tensor (no graph) with the leaf's shape and dtype. |
# | Layer weights? | `nn.Parameter`s: leaves that require grad. |
# | How does `optimizer.step()` update them? | In place under `no_grad()`, bumping the version counter (not through `.data`). |
#
# **Next:** [03 · retain_grad and hooks](03_retain_grad_and_hooks.ipynb): how to see the
# gradients of non-leaves, and how to change gradients on the fly.
#
# **See also:** [01 · detach vs .data](01_detach_vs_data.ipynb) ·
# [05 · in-place edits and versions](05_inplace_and_versions.ipynb)
