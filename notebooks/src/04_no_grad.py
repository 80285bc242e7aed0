# %% [markdown]
# # 04 · Switching autograd off: `no_grad`, `set_grad_enabled`, `inference_mode`, `requires_grad_()`
#
# Autograd records a graph whenever an operation has an input that requires grad. Often you do
# not want that: when you evaluate a model, update weights or freeze part of a network. PyTorch
# has several switches for this. They look alike, but each one acts on something different:
# a block of code, one tensor, or one result.
#
# **What you will learn**
#
# 1. grad mode: the one switch that decides whether operations are recorded;
# 2. what `torch.no_grad()` does: results have no graph;
# 3. what `no_grad` does **not** do: it leaves `requires_grad` flags alone, keeps graphs built
#    earlier, lets `backward()` run, and restores the mode on exit;
# 4. why it saves memory, measured in bytes;
# 5. the decorator forms, and `enable_grad` inside `no_grad`;
# 6. `torch.set_grad_enabled(flag)` for code that either trains or evaluates;
# 7. `requires_grad_()`: a flag on one leaf, used to freeze parameters;
# 8. `torch.inference_mode()`: `no_grad` plus *inference tensors*, and the three errors they raise;
# 9. how each of these differs from `detach()`.
#
# A few cells fail on purpose. The text says so before each one, and a short
# *How to read this message* follows it.

# %%
import minigrad as torch

# %% tags=["minigrad-only"]
from minigrad import viz

# %% [markdown]
# ## 1. Grad mode: one switch for the whole process
#
# `torch.is_grad_enabled()` reports a single flag that all code shares. While it is `True`, every
# operation whose inputs require grad does two things. It records a node (`grad_fn`), and it
# saves whatever its backward formula will need. Expect `True`, then a result that requires grad
# and has a `MulBackward0` node.

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
print(torch.is_grad_enabled())
y = x * 2
print(y)
print(y.requires_grad, type(y.grad_fn).__name__)

# %% [markdown]
# The diagram is the recorded graph. Gradients flow from `y` through `MulBackward0` into
# `AccumulateGrad`, which fills `x.grad`. The `other = 2` line is the number the node kept
# for its backward formula.

# %% tags=["minigrad-only"]
viz.draw(y)

# %% [markdown]
# ## 2. `with torch.no_grad():` gives results without a graph
#
# Inside the block grad mode is off. The same expression then gives a plain tensor:
# `requires_grad=False`, no `grad_fn`, and it counts as a leaf. When the block ends the mode
# comes back. Expect `False` inside, `True` after, and a result with no `grad_fn` suffix in
# its repr.

# %%
with torch.no_grad():
    print(torch.is_grad_enabled())
    h = x * 2
print(torch.is_grad_enabled())
print(h)
print(h.requires_grad, h.is_leaf, h.grad_fn)

# %% [markdown]
# Draw both results. `y` still has its graph. `h` is a single box marked *made under no_grad*,
# with no arrow back to `x`.

# %% tags=["minigrad-only"]
viz.draw(y, h)

# %% [markdown]
# > **Myth check · S004-12 · TRUE**: "If `a` requires grad, a result computed from it inside
# > `no_grad` does not require grad. The same expression outside the block does."
#
# Both results hold the same value, 1² + 2² = 5. Only the one computed outside the block
# requires grad.

# %%
a = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():
    b = a.pow(2).sum()
c = a.pow(2).sum()
print(b, b.requires_grad)
print(c, c.requires_grad)

# %% [markdown]
# > **Myth check · S004-11 · TYPO-BROKEN**: "The `no_grad` example in the post runs as printed."
#
# The post's block computes `n.pow(2).sum()`, but the only tensor it defines is `a`. Typed in
# as printed, the block fails before autograd is involved. **This cell raises on purpose.**

# %% tags=["raises-exception"]
a = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():
    b = n.pow(2).sum()      # as printed in the post: `n` was never defined

# %% [markdown]
# **How to read this message**
# - `NameError` comes from Python, not from autograd. It is raised while Python looks up the
#   name, before any tensor operation runs.
# - `name 'n' is not defined`: no variable is called `n`. Change it to `a` and the block gives
#   `tensor(5.)` with `requires_grad=False`, as the previous cell showed.
# - The block ended with an exception, yet grad mode is back on. `no_grad` restores the mode
#   even when its block raises (section 3).

# %% [markdown]
# > **Myth check · S004-14 · TRUE**: "Operations inside `no_grad` do not build a graph."
#
# A result made inside the block has no `grad_fn`, so there is nothing to backpropagate
# through. One exception: a *factory call* such as `torch.ones(2, requires_grad=True)` still
# creates a leaf that requires grad, even inside the block. Expect `None True True True`.

# %%
with torch.no_grad():
    y2 = x * 2
    w = torch.ones(2, requires_grad=True)
print(y2.grad_fn, y2.is_leaf, w.requires_grad, w.is_leaf)

# %% [markdown]
# Calling `backward()` on the `no_grad` result therefore fails. **This cell raises on purpose.**

# %% tags=["raises-exception"]
y2.sum().backward()

# %% [markdown]
# **How to read this message**
# - `element 0 of tensors`: `backward()` can take a list of tensors, and it reports the first
#   one it cannot use. Here there is a single tensor, the sum.
# - `does not require grad and does not have a grad_fn`: there is no graph behind it. The sum
#   was computed from `y2`, and `y2` came out of `no_grad` as a plain tensor.
# - The fix is not to call `requires_grad_()` on the result; that would make a new leaf that
#   cannot reach `x`. Compute the value outside `no_grad` if you need its gradient.

# %% [markdown]
# Both tensors are single boxes with no arrows. `y2` is marked *made under no_grad*, and `w`
# is a leaf that requires grad, although it was created inside the block.

# %% tags=["minigrad-only"]
viz.draw(y2, w)

# %% [markdown]
# ## 3. What `no_grad` does *not* do
#
# `no_grad` changes only which **new** results get recorded while the block runs. The next
# cell builds a loss with grad mode on and then, inside `no_grad`, reads `x.requires_grad` and
# calls `backward()`. Expect `True` (the flag on `x` is untouched), and then a normal gradient
# `2x`. `backward()` runs a graph that already exists, and `no_grad` does not stop it.

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
loss = (x ** 2).sum()            # built with grad mode on
with torch.no_grad():
    print(x.requires_grad)       # unchanged inside the block
    loss.backward()              # runs the graph built before the block
print(x.grad)

# %% [markdown]
# The graph built before the block is still there, and the backward pass has filled `x.grad`.
# The note under `PowBackward0` now reads *freed by backward*: a backward pass releases the
# tensors the nodes saved, whatever the grad mode.

# %% tags=["minigrad-only"]
viz.draw(loss)

# %% [markdown]
# More things `no_grad` leaves alone:
# - **The mode after an exception.** Leaving the block restores the previous mode, even when
#   the block raised.
# - **Nesting.** Blocks can be nested, and each one restores what it found.
# - **`as`.** `with torch.no_grad() as v:` gives `v = None`; there is nothing to bind.
#
# Expect `True`, then `None False`, then `True`.

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

# %% [markdown]
# `no_grad` also leaves the arithmetic alone: the values are the same with or without it.

# %%
with torch.no_grad():
    quiet = torch.tanh(x * 0.5)
print(torch.tanh(x * 0.5))
print(quiet)

# %% [markdown]
# `quiet` is drawn as one box with its values and no graph behind it.

# %% tags=["minigrad-only"]
viz.draw(quiet)

# %% [markdown]
# ## 4. Why bother: the memory a graph keeps alive
#
# While it runs forward, each recorded node keeps the tensors its backward will need. For
# example, `tanh` keeps its output and a matrix product keeps both factors. These tensors stay
# in memory as long as the graph exists. With no graph there is nothing to keep, and each
# intermediate result can be freed as soon as the next one is computed.
#
# `saved_bytes(out)` walks the graph behind `out` and adds up the bytes of every saved
# intermediate tensor. Leaves are left out, because they stay in memory anyway. It reads the
# nodes' `_saved_*` attributes, which both PyTorch and minigrad expose.

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

# %% [markdown]
# Predict before you run: with grad mode on, four 256×256 float32 activations are saved,
# 4 × 256 × 256 × 4 bytes = 1 MiB. How much does the same forward save under `no_grad`?

# %% tags=["minigrad-only"]
def both_ways():
    print("grad mode:", saved_bytes(forward()), "bytes")
    with torch.no_grad():
        o = forward()
    print("no_grad:  ", 0 if o.grad_fn is None else saved_bytes(o), "bytes, grad_fn =",
          o.grad_fn)


viz.Quiz(
    "How many bytes of intermediate tensors does forward() keep for backward under no_grad()?",
    ["1048576, the same as with grad mode on", "262144, only the last activation", "0"],
    answer="0",
    run=both_ways,
    explanation="Under no_grad no node is created, so nothing is saved. The output has "
                "grad_fn=None and there is no graph to walk.",
)

# %% [markdown]
# > **Myth check · S004-10 · TRUE**: "`no_grad` switches gradient computation off, and it
# > reduces memory use."
# >
# > **Myth check · S004-13 · TRUE**: "If no backward pass will run, `requires_grad=True` only
# > costs compute and memory."
#
# The same forward is run twice. With grad mode on it keeps 1,048,576 bytes alive for a
# backward pass that never comes. Under `no_grad` it keeps nothing, and the output has no
# graph to walk.

# %%
out = forward()
print("grad mode:", saved_bytes(out), "bytes saved,", type(out.grad_fn).__name__)
with torch.no_grad():
    out_ng = forward()
print("no_grad:  ", 0 if out_ng.grad_fn is None else saved_bytes(out_ng), "bytes saved,",
      out_ng.grad_fn)
print("same value:", (out == out_ng).item())

# %% [markdown]
# The diagram of the grad-mode output shows the saved tensors as notes next to each node. The
# `no_grad` output is a single box.

# %% tags=["minigrad-only"]
viz.draw(out, out_ng)

# %% [markdown]
# ## 5. Decorators: `@torch.no_grad()`, `@torch.no_grad`, and `enable_grad`
#
# `no_grad` can also wrap a whole function, with or without the parentheses. Grad mode is off
# only while the function runs, and the function keeps its `__name__`. Expect `False False`,
# the two names, and `True`.

# %%
@torch.no_grad()
def predict(v):
    return v * 10


@torch.no_grad
def predict_bare(v):
    return v * 10


print(predict(x).requires_grad, predict_bare(x).requires_grad)
print(predict.__name__, predict_bare.__name__)
print(torch.is_grad_enabled())

# %% [markdown]
# `torch.enable_grad()` does the opposite. As a block or as a decorator it turns recording
# back on inside a `no_grad` region. Expect `False`, then two recorded nodes.

# %%
@torch.enable_grad()
def needs_graph(v):
    return v * 10


with torch.no_grad():
    inside = x * 10
    forced = needs_graph(x)
    with torch.enable_grad():
        also = x * 10
print(inside.requires_grad)
print(type(forced.grad_fn).__name__, type(also.grad_fn).__name__)

# %% [markdown]
# `forced` has a `MulBackward0` node leading to `x`. `inside`, made in the same block,
# stands alone.

# %% tags=["minigrad-only"]
viz.draw(forced, inside)

# %% [markdown]
# ## 6. `torch.set_grad_enabled(flag)`: one switch for train and eval
#
# `no_grad` always turns recording off. `set_grad_enabled` takes a bool, so one function can
# serve both training and evaluation. Expect `True` then `False`.

# %%
def run_step(v, train):
    with torch.set_grad_enabled(train):
        return (v * v).sum()


print(run_step(x, True).requires_grad, run_step(x, False).requires_grad)

# %% [markdown]
# Called on its own line, without `with`, `set_grad_enabled(False)` takes effect at once and
# **stays** in effect until something switches it back. If you forget, every later cell
# silently runs without a graph. As a decorator it affects only the function. Expect
# `False False`, then `True`, then `False True`.

# %%
torch.set_grad_enabled(False)
print(torch.is_grad_enabled(), (x * 2).requires_grad)
torch.set_grad_enabled(True)          # put it back, or every later cell runs without a graph
print(torch.is_grad_enabled())


@torch.set_grad_enabled(False)
def frozen_step(v):
    return v * 3


print(frozen_step(x).requires_grad, torch.is_grad_enabled())

# %% [markdown]
# The same function, called both ways: `train_loss` has a graph, `eval_loss` is a single box.

# %% tags=["minigrad-only"]
train_loss, eval_loss = run_step(x, True), run_step(x, False)
viz.draw(train_loss, eval_loss)

# %% [markdown]
# ### Try it: GradModeLab
#
# The lab always runs the same small program: `h = x * w`, then `y = h.sigmoid()`, in the mode
# you pick. Outside the block it then tries `(y * w).sum().backward()`. Switch the mode and the
# two `requires_grad` boxes, and watch the nodes appear and disappear. Before you click, try to
# predict: with `no_grad` and `w` requiring grad, does the backward outside the block reach
# `w`?

# %% tags=["minigrad-only"]
viz.GradModeLab()

# %% [markdown]
# The headless model behind the widget prints the same facts for every mode. Under
# `no_grad`, `y` has no graph. The backward afterwards still reaches `w`, but only through the
# multiplication done outside the block.

# %% tags=["minigrad-only"]
lab = viz.GradModeLabModel(w_requires_grad=True)
for mode in ("grad", "no_grad", "inference_mode"):
    lab.set(mode=mode)
    print(lab.text(), end="\n\n")

# %% [markdown]
# ## 7. `requires_grad_()`: a flag on one tensor
#
# `requires_grad_()` does not affect a block of code. It sets the flag on one tensor, in place,
# and returns that same tensor.
#
# > **Myth check · S004-6 · TRUE**: "`a.requires_grad_()` shows `requires_grad=True`, and
# > after `a.pow(2).sum().backward()` the gradient is `tensor([2., 4.])`."
# >
# > **Myth check · S004-7 · TRUE**: "`requires_grad_()` works in place, returns the tensor,
# > defaults to `True`, and tells autograd to start recording operations on it."
#
# "In place" here means only that the flag changes on this tensor. No data is written, so the
# version counter stays at 0 (notebook 05 explains version counters). Expect `False`, the
# tensor with `requires_grad=True`, `True 0`, the gradient, and `False` at the end.

# %%
a = torch.tensor([1.0, 2.0])
print(a.requires_grad)
r = a.requires_grad_()            # no argument: requires_grad=True
print(r)
print(r is a, a._version)
a.pow(2).sum().backward()
print(a.grad)
print(a.requires_grad_(False).requires_grad)

# %% [markdown]
# > **Myth check · S004-4 · TRUE**: "`requires_grad=False` can freeze part of a network, so
# > that only the other parameters are updated."
#
# Switch off the flag on the first layer's parameters, run a backward pass, and look at which
# parameters got a `.grad`. A frozen parameter gets none, so an optimizer skips it. The
# weights are random, but only `grad is None` is printed, so the output is always the same.

# %%
torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Linear(2, 1))
for p in net[0].parameters():
    p.requires_grad_(False)          # freeze layer 0
net_out = net(torch.ones(4, 2)).sum()
net_out.backward()
print("layer 0, grad is None:", [p.grad is None for p in net[0].parameters()])
print("layer 1, grad is None:", [p.grad is None for p in net[1].parameters()])

# %% [markdown]
# The diagram has only layer 1 in it: its `AddmmBackward0` node and the `AccumulateGrad`
# nodes of its weight and bias. Layer 0 is missing completely. Neither its input nor its
# parameters require grad, so its output is a plain tensor and nothing was recorded for it.

# %% tags=["minigrad-only"]
viz.draw(net_out)

# %% [markdown]
# `requires_grad_()` is meant for leaves. On a computed tensor, `requires_grad_(True)` does
# nothing, since the tensor already requires grad. `requires_grad_(False)` is refused.
# **This cell raises on purpose.**

# %% tags=["raises-exception"]
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
y.requires_grad_(False)

# %% [markdown]
# **How to read this message**
# - `you can only change requires_grad flags of leaf variables`: `y` has a `grad_fn`
#   (`MulBackward0`), so it is not a leaf. Its `requires_grad` follows from its inputs, and you
#   cannot switch it off by hand.
# - `If you want to use a computed variable in a subgraph that doesn't require
#   differentiation use var_no_grad = var.detach()`: this is the fix. `y.detach()` is a new
#   tensor that shares `y`'s data and has no graph. `y` itself stays unchanged.

# %% [markdown]
# The fix from the message, drawn. `y` keeps its graph. `y_detached` is a separate leaf joined
# to `y` only by a *same storage + version counter* edge.

# %% tags=["minigrad-only"]
y_detached = y.detach()
viz.draw(y, y_detached)

# %% [markdown]
# ## 8. `torch.inference_mode()`: `no_grad` with stricter tensors
#
# Inside `inference_mode` grad mode is off, as under `no_grad`. In addition, every tensor
# created in the block is an **inference tensor**. PyTorch skips some bookkeeping for such
# tensors (for example, they have no version counter). In return, once the block has ended,
# an inference tensor cannot be edited in place, cannot be saved for a backward pass, and
# cannot be made to require grad. Expect `True False` inside, then a plain tensor that
# `is_inference()`.

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
with torch.inference_mode():
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
    t = x * 2
print(t)
print(t.requires_grad, t.is_inference(), x.is_inference())
print(torch.is_inference_mode_enabled())

# %% [markdown]
# The diagram marks `t` as an *inference tensor*.

# %% tags=["minigrad-only"]
viz.draw(t)

# %% [markdown]
# Outside the block, three things are refused. First, an in-place update.
# **This cell raises on purpose.**

# %% tags=["raises-exception"]
t.add_(1)

# %% [markdown]
# **How to read this message**
# - `Inplace update to inference tensor outside InferenceMode is not allowed.`: `t` was made
#   inside `inference_mode`, and `add_` writes into it after the block has ended.
# - `You can make a clone to get a normal tensor before doing inplace update.`: `t.clone()` is
#   an ordinary tensor, and you can edit the clone.
# - The PyTorch message has no space after its periods. That is simply how the text is written.
#
# Now look at `t` again. **The update happened anyway**: the check runs after the addition.
# Do not catch this error and carry on, because the data has already changed.

# %%
print(t)

# %% [markdown]
# Second, using an inference tensor where autograd has to **save** it. In `t * x` with `x`
# requiring grad, the multiplication's backward needs `t` to compute `x`'s gradient, so `t`
# would have to be saved. **This cell raises on purpose.**

# %% tags=["raises-exception"]
t * x

# %% [markdown]
# **How to read this message**
# - `Inference tensors cannot be saved for backward.`: it is the *saving* that is refused, not
#   every use. `t + x` works, because addition saves nothing (its gradient is 1).
# - The two work-arounds are in the text: pass `t.clone()` instead of `t`, or use
#   `torch.no_grad()` instead of `torch.inference_mode()` when you create `t`. (minigrad
#   writes `minigrad.no_grad()` here, where PyTorch writes `torch.no_grad()`.)
#
# Check both claims: `t + x` is fine, and so is `t.clone() * x`.

# %%
print(t + x)
print(t.clone().is_inference(), t.clone() * x)

# %% [markdown]
# Third, turning an inference tensor into a leaf that requires grad.
# **This cell raises on purpose.**

# %% tags=["raises-exception"]
t.requires_grad_()

# %% [markdown]
# **How to read this message**
# - `Setting requires_grad=True on inference tensor outside InferenceMode is not allowed.`:
#   an inference tensor cannot become a leaf that requires grad.
# - Fix: `t.clone().requires_grad_()`.
#
# `inference_mode(False)` turns the mode off, so the same code can run either way, as with
# `set_grad_enabled`. It also works as a decorator. Expect `False True`, then `True`.

# %%
with torch.inference_mode(False):
    u = x * 2
print(u.is_inference(), u.requires_grad)


@torch.inference_mode()
def infer(v):
    return v * 3


print(infer(x).is_inference())

# %% [markdown]
# `t + x` is recorded (`AddBackward0` leads to `x` only, because `t` needs no gradient). `u`,
# made under `inference_mode(False)`, is an ordinary recorded result.

# %% tags=["minigrad-only"]
t_plus_x = t + x
viz.draw(t_plus_x, u)

# %% [markdown]
# ## 9. Which switch for which job, and how each differs from `detach()`
#
# `detach()` (notebook 01) does not switch anything. It makes a **new tensor** that shares
# memory with the original and has no graph. The original tensor and its graph stay as they
# were. The switches of this notebook act on *what gets recorded next*, while `detach()` acts
# on *one result that already exists*.
#
# The next cell makes the same product four ways and reports on each. It checks whether the
# result requires grad, whether it is a leaf, whether it is an inference tensor, and whether
# it shares memory with `y = x * 2`.

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
made = {"y.detach()": y.detach()}
with torch.no_grad():
    made["no_grad: x * 2"] = x * 2
with torch.set_grad_enabled(False):
    made["set_grad_enabled(False): x * 2"] = x * 2
with torch.inference_mode():
    made["inference_mode: x * 2"] = x * 2
for name, r in made.items():
    print(f"{name:31} requires_grad={r.requires_grad!s:5} is_leaf={r.is_leaf!s:5} "
          f"inference={r.is_inference()!s:5} shares y's memory={r.data_ptr() == y.data_ptr()}")
print("y itself still has", type(y.grad_fn).__name__)

# %% [markdown]
# Only `detach()` shares memory with `y`. The three mode switches computed new values.
#
# | tool | acts on | graph already built | `requires_grad` of existing tensors | new results | memory |
# | --- | --- | --- | --- | --- | --- |
# | `y.detach()` | one tensor | kept (`y` still has its `grad_fn`) | unchanged | a new leaf sharing `y`'s data and version counter | no copy |
# | `with torch.no_grad()` | a block / function | kept, `backward()` still works | unchanged | no graph, `requires_grad=False` | nothing saved |
# | `torch.set_grad_enabled(b)` | a block, a function, or everything after a plain call | kept | unchanged | like `no_grad` when `b` is False | as `no_grad` |
# | `torch.inference_mode()` | a block / function | kept | unchanged | inference tensors, refused by autograd later | least bookkeeping |
# | `w.requires_grad_(False)` | one **leaf** | set it before the forward pass | `w` only | ops on `w` are not recorded (unless another input requires grad) | nothing saved for `w` |
#
# The diagram shows the difference. `d` (the `y.detach()` result) hangs off `y` with a *same
# storage + version counter* edge. `ng` (the `no_grad` result) stands alone.

# %% tags=["minigrad-only"]
ng = made["no_grad: x * 2"]
d = made["y.detach()"]
viz.draw(y, d, ng)

# %% [markdown]
# > **Myth check · S000-3 · OUTDATED**: "If a Variable was created with `volatile=True`, its
# > `detach()` is volatile too."
#
# `volatile` was removed in PyTorch 0.4, and `no_grad` replaced it. In 2.13 the old
# `torch.autograd.Variable(t, volatile=True)` survives only as a shim: it warns that volatile
# has no effect, and `.volatile` always reads `False` (minigrad has no `Variable` at all).
# Nothing is left to propagate, and the factory functions reject the keyword.
# **This cell raises on purpose.**

# %% tags=["raises-exception"]
torch.ones(2, volatile=True)

# %% [markdown]
# **How to read this message**
# - `TypeError` is raised when a function is called with an argument it does not know. It is
#   raised before any tensor is made.
# - `got an unexpected keyword argument 'volatile'`: the keyword no longer exists.
#
# What the old flag did is now done by `no_grad`. A result made inside `no_grad` does not
# require grad, and neither does its `detach()`. Anything computed from either one outside the
# block is recorded only because `x` requires grad.

# %%
with torch.no_grad():
    old_volatile = x * 2
print(old_volatile.requires_grad, old_volatile.detach().requires_grad)
print((old_volatile * x).requires_grad)

# %% [markdown]
# In the diagram of the product, the `MulBackward0` node keeps `old_volatile` (`self`) to
# compute `x`'s gradient, and the only path for gradients leads to `x`.

# %% tags=["minigrad-only"]
prod = old_volatile * x
viz.draw(prod)

# %% [markdown]
# ## 10. Exercises
#
# **Exercise 1: evaluate without a graph.** Change `evaluate` so that the result has no graph.
# Do not change `x.requires_grad`. Grad mode must be back on afterwards, and the value must
# stay the same. Run the check cell after your edit. As shipped, the check says *not yet*.

# %%
def evaluate(v):
    return (v * v).sum()          # TODO: make this return a result without a graph


# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
res = evaluate(x)
problems = []
if res.requires_grad or res.grad_fn is not None:
    problems.append(f"the result still has a graph (grad_fn={type(res.grad_fn).__name__})")
if not x.requires_grad:
    problems.append("x no longer requires grad: leave the flag alone")
if not torch.is_grad_enabled():
    problems.append("grad mode is still off after evaluate()")
if res.item() != 14.0:
    problems.append(f"the value changed: {res.item()} instead of 14.0")
print("correct!" if not problems else "not yet: " + "; ".join(problems))

# %% [markdown]
# Look at your result. Solved, `res` is a single box. As shipped, a `SumBackward0` and a
# `MulBackward0` node hang behind it.

# %% tags=["minigrad-only"]
viz.draw(res)

# %% [markdown]
# **Exercise 2: an SGD step by hand.** `w` is a leaf that requires grad. Write the step
# w ← w − 0.1·w.grad **in place**, so that `w` stays the same leaf object. The first attempt,
# `w -= 0.1 * w.grad`, raises an error about leaves and in-place operations. Find the block
# that makes it legal. As shipped, the step does nothing.

# %%
w = torch.tensor([1., 2.], requires_grad=True)
w_before = w
(w * w).sum().backward()              # w.grad = 2w = [2., 4.]


def sgd_step(w, lr):
    pass                              # TODO: w <- w - lr * w.grad, in place


sgd_step(w, 0.1)

# %%
problems = []
if w is not w_before:
    problems.append("w is a different object: update it in place")
if w.tolist() != torch.tensor([0.8, 1.6]).tolist():
    problems.append(f"w is {w.tolist()}, expected [0.8, 1.6] (float32)")
if not (w.is_leaf and w.requires_grad):
    problems.append("w must stay a leaf that requires grad")
if w._version != 1:
    problems.append(f"w._version is {w._version}: exactly one in-place update expected")
print("correct!" if not problems else "not yet: " + "; ".join(problems))

# %% [markdown]
# <details><summary>Solutions (open after trying)</summary>
#
# ```python
# @torch.no_grad()
# def evaluate(v):
#     return (v * v).sum()
#
# def sgd_step(w, lr):
#     with torch.no_grad():
#         w -= lr * w.grad        # one in-place update: version 0 -> 1, still a leaf
# ```
# </details>

# %% [markdown]
# ## Summary
#
# | question | answer |
# | --- | --- |
# | What does `no_grad` switch off? | Recording: new results get no `grad_fn` and save nothing |
# | Does it change `x.requires_grad`? | No, and it does not cut graphs that already exist |
# | Can `backward()` run inside `no_grad`? | Yes, on a graph built outside the block |
# | Factory with `requires_grad=True` inside `no_grad`? | Still a leaf that requires grad |
# | Is the mode restored after an exception? | Yes, and blocks nest |
# | Decorator forms | `@torch.no_grad()`, `@torch.no_grad`, `@torch.enable_grad()`, `@torch.set_grad_enabled(False)`, `@torch.inference_mode()` |
# | `set_grad_enabled(False)` on its own line | Stays in effect until switched back |
# | `requires_grad_()` | Sets the flag on one leaf, returns the same tensor, does not bump the version; on a non-leaf, `requires_grad_(False)` raises |
# | Memory | A recorded forward keeps what backward needs (1 MiB in section 4); `no_grad` keeps 0 |
# | `inference_mode` | Like `no_grad`, plus inference tensors: no in-place update (which still happens!), no saving for backward, no `requires_grad_()` afterwards; `clone()` gives a normal tensor |
# | `detach()` | Acts on one existing tensor: same memory, no graph; the original keeps its graph |
#
# | myth | verdict | section |
# | --- | --- | --- |
# | S004-12 no_grad result doesn't require grad, outside it does | TRUE | 2 |
# | S004-11 the post's no_grad example runs as printed | TYPO-BROKEN | 2 |
# | S004-14 no_grad builds no graph | TRUE | 2 |
# | S004-10 no_grad disables gradients and saves memory | TRUE | 4 |
# | S004-13 requires_grad=True wastes resources without backward | TRUE | 4 |
# | S004-6 requires_grad_() example outputs | TRUE | 7 |
# | S004-7 requires_grad_() is in place, returns self, defaults to True | TRUE | 7 |
# | S004-4 requires_grad=False freezes part of a network | TRUE | 7 |
# | S000-3 volatile propagates through detach() | OUTDATED | 9 |
#
# **Next:** [05 · In-place operations and version counters](05_inplace_and_versions.ipynb),
# which covers what `backward()` needs to find unchanged and how autograd notices when it
# was changed.
