# %% [markdown]
# # 06 · Under the hood: how autograd works inside
#
# The earlier notebooks used autograd from the outside. This one opens it up. minigrad is
# written in plain Python and NumPy, so its own source code can serve as the textbook: we
# print short pieces of it with `inspect.getsource` and then watch them run.
#
# **What you will learn**
#
# 1. The three parts of a tensor that autograd uses: the data array, the version counter, and `grad_fn`.
# 2. What a graph node holds: edges to its inputs (`next_functions`) and what it saved for backward.
# 3. How to write your own `autograd.Function` and check it against finite differences and a built-in op.
# 4. The `ctx` toolbox: `save_for_backward`, the version check on `saved_tensors`, `needs_input_grad`, `mark_dirty`.
# 5. How the engine walks the graph: creation, saves, run order by sequence number, hooks, accumulation, frees.
# 6. Why a second `backward()` fails, and what `retain_graph=True` changes.
# 7. How `create_graph=True` gives second derivatives.
# 8. What `detach()` really returns: a new leaf that shares storage (myth check S002-12).
# 9. What minigrad simplifies compared with PyTorch.
#
# **How to read the cells.** A cell tagged `minigrad-only` uses something only minigrad has:
# its source code, `minigrad.autograd.trace()`, diagrams or widgets. Every other cell prints
# exactly the same text when `minigrad` is replaced by real PyTorch 2.13, and the test suite
# checks this.

# %%
import minigrad as torch

# %% tags=["minigrad-only"]
import inspect

from minigrad import viz


def show_source(obj):
    """Print the real source code of a minigrad class or function."""
    print(inspect.getsource(obj))

# %% [markdown]
# ## 1. A tensor's parts: data, version counter, grad_fn
#
# Autograd needs three things from every tensor:
#
# - **the data**: the numbers themselves. In minigrad this is a NumPy array in the `_data` slot.
# - **a version counter**: an integer that every in-place edit increases. Autograd uses it to
#   notice when a value it saved has been changed since.
# - **`grad_fn`**: the graph node that produced the tensor, or `None` for a leaf.
#
# Here is the one constructor that every minigrad op goes through. Note that the version
# counter (`_vc`) starts as `None`; it is created the first time something needs it.

# %% tags=["minigrad-only"]
show_source(torch.Tensor._make)

# %% [markdown]
# Now a leaf `x` and a computed tensor `y = x * 2`. We expect `x` to have no `grad_fn`
# (it is a leaf), `y` to have a `MulBackward0` node, and both to be at version 0.

# %%
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
print("x | leaf:", x.is_leaf, "| grad_fn:", x.grad_fn, "| version:", x._version)
print("y | leaf:", y.is_leaf, "| grad_fn:", type(y.grad_fn).__name__, "| version:", y._version)

# %% [markdown]
# In minigrad the data really is just a NumPy array, and `y` has no counter object yet:

# %% tags=["minigrad-only"]
print(type(y._data), y._data.dtype, y._data)
print("version counter object:", y._vc)

# %% [markdown]
# An in-place op changes two of the three parts. The version goes up by one, and `grad_fn`
# is replaced: `y` is now the output of the addition. We expect version 1 and `AddBackward0`.

# %%
y.add_(1)
print(y)
print("version:", y._version)

# %% [markdown]
# This is the code that did the bump (the counter object is made the first time it is needed):

# %% tags=["minigrad-only"]
show_source(torch.Tensor._bump_version)
print("y's counter now:", y._vc.value)

# %% [markdown]
# The diagram shows `y` with its current version (`v1`), its `grad_fn` chain, and the leaf `x`
# at the end of it.

# %% tags=["minigrad-only"]
viz.draw(y)

# %% [markdown]
# ## 2. A graph node: `next_functions` and what it saved
#
# Every recorded op creates one node. A node has:
#
# - `next_functions`: one `(node, output_nr)` pair per input, pointing at the node that should
#   receive that input's gradient. A leaf that requires grad is reached through an
#   `AccumulateGrad` node. An input that needs no gradient gets `None`.
# - what it **saved** for backward, exposed as `_saved_self`, `_saved_other`, `_saved_result`, ...
#
# Here is minigrad's sigmoid node, the real code. `forward` computes NumPy values.
# `backward` turns the gradient of the output into the gradient of the input. Because
# sigmoid's derivative can be written with its own output, `out * (1 - out)`, the node saves
# its **result**, not its input.

# %% tags=["minigrad-only"]
from minigrad._ops.unary import SigmoidBackward0

show_source(SigmoidBackward0)

# %% [markdown]
# Let us build a small graph and follow its edges. We expect a chain
# `SumBackward0 -> SigmoidBackward0 -> MulBackward0`, and then two `AccumulateGrad` nodes,
# one for each leaf.

# %%
a = torch.tensor([0.5, -1.0], requires_grad=True)
b = torch.tensor([2.0, 3.0], requires_grad=True)
c = a * b
s = c.sigmoid()
loss = s.sum()


def edges(node):
    """next_functions with node names instead of node objects."""
    return [(None if fn is None else fn.name(), nr) for fn, nr in node.next_functions]


for node in (loss.grad_fn, s.grad_fn, c.grad_fn):
    print(f"{node.name():<17} next_functions: {edges(node)}")

# %% [markdown]
# The `AccumulateGrad` node keeps a reference to its leaf in `.variable`. While any graph uses
# the leaf, it is the same node every time, so all gradients for `a` arrive at one place.

# %%
acc_a = c.grad_fn.next_functions[0][0]
print(acc_a.name(), "| .variable is a:", acc_a.variable is a,
      "| its next_functions:", acc_a.next_functions)
print("a new use of a reaches the same node:", (a * 2).grad_fn.next_functions[0][0] is acc_a)

# %% [markdown]
# What did the nodes save? For `a * b`, the gradient for `a` is `grad * b` and the gradient
# for `b` is `grad * a`, so `MulBackward0` saves both inputs. `SigmoidBackward0` saves its
# output.

# %%
print("MulBackward0: _saved_self is a:", c.grad_fn._saved_self is a,
      "| _saved_other is b:", c.grad_fn._saved_other is b)
print("SigmoidBackward0 saved result:", s.grad_fn._saved_result)
print("same values as s:", s.grad_fn._saved_result.tolist() == s.tolist())

# %% [markdown]
# A node saves only what its backward will need. If the second factor needs no gradient,
# nobody needs `grad * a`, so `a` is not saved. We expect `_saved_self` to be `None`.

# %%
p = a * torch.tensor([2.0, 3.0])
print("_saved_self:", p.grad_fn._saved_self, "| _saved_other:", p.grad_fn._saved_other)

# %% [markdown]
# The rule is written in `MulBackward0.forward`. `ctx._next` holds the input edges, and an
# edge is `None` when that input needs no gradient:

# %% tags=["minigrad-only"]
from minigrad._ops.arithmetic import MulBackward0

show_source(MulBackward0.forward)

# %% [markdown]
# Every node also gets a **sequence number** when it is created. It counts up across the whole
# program. The engine will use it in section 5. Measured from `c`'s node, the three nodes are
# numbered in the order the code created them:

# %% tags=["minigrad-only"]
base = c.grad_fn._seq
for node in (c.grad_fn, s.grad_fn, loss.grad_fn):
    print(f"{node.name():<17} sequence number {node._seq - base:+d}")

# %% [markdown]
# In the diagram, the saved tensors hang off their nodes (`self = a`, `other = b`, `result`),
# each with the version it had when it was saved.

# %% tags=["minigrad-only"]
viz.draw(loss)

# %% [markdown]
# ## 3. Writing your own `autograd.Function`
#
# A custom op is a class with two static methods:
#
# - `forward(ctx, *inputs)` computes the output. It runs with grad mode off, so nothing inside
#   it is recorded.
# - `backward(ctx, grad_output)` returns one gradient per input of `forward` (`None` for inputs
#   that need none).
#
# `ctx` is the graph node itself. In minigrad, the `ctx` methods are a small mixin class:

# %% tags=["minigrad-only"]
from minigrad.autograd.function import FunctionCtx

show_source(FunctionCtx)

# %% [markdown]
# Our own sigmoid saves its output, just like the built-in node does:

# %%
class MySigmoid(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = 1 / (1 + torch.exp(-x))
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad_output):
        (out,) = ctx.saved_tensors
        return grad_output * out * (1 - out)

# %% [markdown]
# Call it with `.apply`. The output's node is named after the class, `MySigmoidBackward`, and
# its edge leads to `x`'s `AccumulateGrad`.

# %%
x = torch.tensor([-2.0, 0.0, 3.0], requires_grad=True)
y = MySigmoid.apply(x)
print(y)
print(y.grad_fn.name(), edges(y.grad_fn))

# %% tags=["minigrad-only"]
viz.draw(y)

# %% [markdown]
# **Check 1: against the built-in op.** We run backward through our version and through
# `sigmoid()` on a copy of `x`. We expect the same gradient, `s (1 - s)`.

# %%
y.sum().backward()
x_ref = x.detach().clone().requires_grad_()
x_ref.sigmoid().sum().backward()
print("custom  :", x.grad)
print("built-in:", x_ref.grad)
print("agree:", (x.grad - x_ref.grad).abs().max().item() < 1e-6)

# %% [markdown]
# **Check 2: against finite differences.** A derivative is a slope, so we can estimate it
# without autograd: nudge one input by a small `eps` each way and measure how much the
# output moves. This uses `float64`, because in `float32` the rounding error of the
# difference would swamp the result. We expect the two rows to agree to about 10 digits.

# %%
def numerical_grad(f, x, eps=1e-6):
    """Central differences of f(x).sum() for each element of a 1-D tensor x."""
    x = x.detach()
    grads = []
    for i in range(x.shape[0]):
        up, down = x.clone(), x.clone()
        up[i] += eps
        down[i] -= eps
        grads.append((f(up).sum().item() - f(down).sum().item()) / (2 * eps))
    return torch.tensor(grads, dtype=torch.float64)


x64 = torch.tensor([-2.0, 0.0, 3.0], dtype=torch.float64, requires_grad=True)
MySigmoid.apply(x64).sum().backward()
numeric = numerical_grad(MySigmoid.apply, x64)
print("autograd:", x64.grad)
print("numeric :", numeric)
print("agree to 1e-8:", (x64.grad - numeric).abs().max().item() < 1e-8)

# %% [markdown]
# ### Exercise 1: a `Cube` function
#
# Complete `backward` so that `Cube.apply(x)` computes `x**3` with the right gradient. The
# cell after it checks your answer against finite differences. As shipped, it prints
# "not yet".
#
# <details><summary>Hint</summary>
#
# The derivative of x³ is 3x². Multiply it by the incoming gradient: `return grad_output * 3 * x * x`.
# </details>

# %%
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x * x

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * 0  # TODO: replace with the derivative of x**3 times grad_output

# %%
def check_cube():
    x = torch.tensor([-1.5, 0.5, 2.0], dtype=torch.float64, requires_grad=True)
    Cube.apply(x).sum().backward()
    expected = numerical_grad(lambda t: t * t * t, x)
    if (x.grad - expected).abs().max().item() < 1e-6:
        print("correct: Cube's backward matches finite differences")
    else:
        print("not yet: your gradient is", [round(v, 4) for v in x.grad.tolist()],
              "but finite differences give", [round(v, 4) for v in expected.tolist()])


check_cube()

# %% [markdown]
# ## 4. The `ctx` toolbox
#
# ### `saved_tensors` checks versions
#
# `save_for_backward` records each tensor together with its version. When `backward` reads
# `ctx.saved_tensors`, the versions are compared again. If we double `y` in place after
# `MySigmoid` saved it, backward would use wrong values, so we expect an error instead.

# %% tags=["raises-exception"]
x = torch.tensor([-2.0, 0.0, 3.0], requires_grad=True)
y = MySigmoid.apply(x)
y.mul_(2)
y.sum().backward()

# %% [markdown]
# **How to read this message**
#
# - `one of the variables needed for gradient computation has been modified by an inplace
#   operation`: a saved tensor changed after it was saved.
# - `[minigrad.FloatTensor [3]]`: its type and shape, a float tensor with 3 elements (PyTorch
#   writes `torch.FloatTensor`).
# - `which is output 0 of MySigmoid`: it is the first output of our Function. The name is the
#   node's name without `Backward`.
# - `is at version 1; expected version 0 instead`: it was saved at version 0, and `mul_` made it 1.
# - The hint points to anomaly mode, which also reports where the failing node was created
#   (notebook 05).
#
# This is the check that does it. `FREED` is the marker left after backward has freed the
# saved values (section 6):

# %% tags=["minigrad-only"]
show_source(FunctionCtx.saved_tensors.fget)
from minigrad.autograd.saved import SavedTensor

show_source(SavedTensor._check)

# %% [markdown]
# ### `needs_input_grad`: skip work nobody asked for
#
# `ctx.needs_input_grad` has one boolean per `forward` argument. Below, only `a` requires grad,
# and `k` is a plain number. We expect `(True, False, False)`, and `b.grad` to stay `None`.

# %%
class MulAdd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, k):
        ctx.save_for_backward(a, b)
        return a * b + k

    @staticmethod
    def backward(ctx, grad_output):
        a, b = ctx.saved_tensors
        print("needs_input_grad:", ctx.needs_input_grad)
        grad_a = grad_output * b if ctx.needs_input_grad[0] else None
        grad_b = grad_output * a if ctx.needs_input_grad[1] else None
        return grad_a, grad_b, None  # no gradient for the number k


a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0])
out = MulAdd.apply(a, b, 5.0)
print(out)
out.sum().backward()
print("a.grad:", a.grad, "| b.grad:", b.grad)

# %% [markdown]
# ### `mark_dirty`: an in-place custom op
#
# When `forward` changes an input in place and returns it, it must say so with
# `ctx.mark_dirty`. Autograd then gives that same tensor object a new `grad_fn`, and counts the
# change on its version counter. We expect `r is h` to be `True`, `h` to have the node
# `AddOne_Backward`, and the version to be 2: `add_` bumped it once, and `apply` bumped it again
# for the dirty tensor.

# %%
class AddOne_(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output


leaf = torch.tensor([1.0, 2.0], requires_grad=True)
h = leaf * 3
r = AddOne_.apply(h)
print("r is h:", r is h, "| grad_fn:", h.grad_fn.name(), "| version:", h._version)
h.sum().backward()
print("leaf.grad:", leaf.grad)

# %% [markdown]
# In the diagram, `h` now points at `AddOne_Backward` (on top of the old `MulBackward0`) and
# shows version `v2`. Backward has already run, so `MulBackward0`'s saved values are freed.

# %% tags=["minigrad-only"]
viz.draw(h)

# %% [markdown]
# The trace (section 5 explains it in full) shows the two bumps:

# %% tags=["minigrad-only"]
with torch.autograd.trace() as log:
    h2 = leaf * 3
    AddOne_.apply(h2)
print(log)

# %% [markdown]
# The rule about leaves still holds: a leaf that requires grad cannot be changed in place
# inside a recorded op. We expect an error.

# %% tags=["raises-exception"]
leaf = torch.tensor([1.0, 2.0], requires_grad=True)
AddOne_.apply(leaf)

# %% [markdown]
# **How to read this message**
#
# - `a leaf Variable`: a tensor you created yourself, with no `grad_fn` ("Variable" is the old
#   name for a tensor).
# - `that requires grad`: `leaf.requires_grad` is `True`, so autograd would have to send a
#   gradient to it.
# - `has been used in an in-place operation`: `mark_dirty` declared that `forward` changed it.
#   The leaf's values are gone, so a gradient for the original leaf would make no sense.
#
# The check comes *after* `forward` has run, so the leaf was changed anyway:

# %%
print(leaf)

# %% [markdown]
# ## 5. Walking the engine with `minigrad.autograd.trace()`
#
# `with minigrad.autograd.trace() as log:` records everything autograd does, as plain text
# events. Nodes are labelled `Name#k` and tensors `t0, t1, ...` in the order they first appear,
# so the log is the same on every run. We trace a small graph that has a hook on `y`:

# %% tags=["minigrad-only"]
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
with torch.autograd.trace() as log:
    y = x * w
    z = y.sigmoid()
    loss = (z + y).sum()
    y.register_hook(lambda g: print("hook on y sees", g))
    loss.backward()
print(log)
print("legend:", {name: log.tensor_label(t) for name, t in [("x", x), ("w", w)]})

# %% [markdown]
# The same graph after the pass: the two nodes that saved something now say "saved values
# freed", and both leaves have their `.grad`.

# %% tags=["minigrad-only"]
viz.draw(loss)

# %% [markdown]
# How to read it, event by event:
#
# - **create**: a node was made during the forward pass, with `inputs` = its `next_functions`.
#   `AccumulateGrad#0` is `x`'s and `AccumulateGrad#1` is `w`'s.
# - **save**: a tensor was saved, with its version at that moment. `MulBackward0` saves both
#   factors, `w` first (`t0`, needed for `x`'s gradient) and then `x` (`t1`). `SigmoidBackward0`
#   saves its output `t2`.
# - **run**: backward called a node, with the gradient arriving at it. The order is
#   `Sum`, `Add`, `Sigmoid`, `Mul`, which is the reverse of creation.
# - **hook**: `y`'s hook fired just before `MulBackward0` (the node that made `y`) ran. It saw
#   the *summed* gradient of `y`: `1` from the `+ y` branch plus `s(1-s)` from the sigmoid branch.
# - **free**: right after a node ran, its saved tensors were released. `Add` and `Sum` saved
#   nothing, so they have nothing to free.
# - **accumulate**: each leaf's `AccumulateGrad` wrote into `.grad`. `w`'s node was created
#   after `x`'s, so it ran first.
#
# How does the engine pick the order? It first counts how many edges point at each node. A node
# becomes *ready* once all of its gradient contributions have arrived. From the ready nodes it
# takes `AccumulateGrad` first, and otherwise the node with the **highest sequence number**,
# which is the one created last. These are the lines of `engine.execute` that do it:

# %% tags=["minigrad-only"]
from minigrad.autograd import engine

for line in inspect.getsource(engine.execute).splitlines():
    if "ready" in line and ("heap" in line or "append" in line):
        print(line.strip())
show_source(engine._collect)

# %% [markdown]
# **Predict, then run.** `a = x * 2` is created first and `b = x.exp()` second. Then
# `c = a + b` and `c.sum().backward()`. Hooks print when the gradient reaches `a` and `b`.
# Which one prints first?

# %% tags=["minigrad-only"]
def hook_order():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    a = x * 2
    b = x.exp()
    a.register_hook(lambda g: print("gradient reaches a"))
    b.register_hook(lambda g: print("gradient reaches b"))
    (a + b).sum().backward()


viz.Quiz(
    "Which hook fires first?",
    ["a (it was created first)", "b (it was created last)", "it varies from run to run"],
    answer=1,
    run=hook_order,
    explanation="Both nodes become ready at the same moment, when AddBackward0 has run. The "
                "engine then takes the higher sequence number, the newer node, so b goes first. "
                "The order is fixed, never random: on the CPU, PyTorch's engine uses the same "
                "rule.",
)

# %% [markdown]
# The same experiment, but without the widget, and with a hook on the leaf `x` too. Real
# PyTorch prints exactly the same lines. `x`'s hook fires **once**, with both branches already
# added together: `2 + e^x`.

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
a = x * 2
b = x.exp()
c = a + b
for name, tensor in [("a", a), ("b", b), ("c", c), ("x", x)]:
    tensor.register_hook(lambda g, name=name: print("gradient reaches", name, g))
c.sum().backward()

# %% [markdown]
# **Accumulation across calls.** `AccumulateGrad` stores the first gradient and *adds* later
# ones into `.grad`. If we build the graph again and call backward again, we expect `x.grad` to
# double. (The hooks on `x` stay registered, so `x`'s hook fires again.)

# %%
(x * 2 + x.exp()).sum().backward()
print("x.grad:", x.grad)

# %% tags=["minigrad-only"]
show_source(engine.accumulate_into_leaf)

# %% [markdown]
# **Step through it yourself.** The stepper runs backward once (with `retain_graph=True`, and
# putting your `.grad`s back afterwards) and replays it node by node. Click **Next** to see each
# node's incoming gradient, what it sends to each input, and the `.grad`s filling in.

# %% tags=["minigrad-only"]
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
y = x * w
loss = (y.sigmoid() + y).sum()
viz.BackwardStepper(loss)

# %% [markdown]
# ## 6. `retain_graph` and "backward through the graph a second time"
#
# By default, backward frees each node's saved tensors right after the node has run, as the
# trace's `free` events showed. The graph is still there, but the values its formulas need are
# gone. A second `backward()` on the same graph therefore fails. We expect an error.

# %% tags=["raises-exception"]
x = torch.tensor([0.5, -1.0], requires_grad=True)
out = (x * x).sigmoid().sum()
out.backward()
out.backward()

# %% [markdown]
# **How to read this message**
#
# - `Trying to backward through the graph a second time`: a node was asked to run again...
# - `(or directly access saved tensors after they have already been freed)`: ...or you read
#   `grad_fn._saved_...` yourself after backward. It is the same problem.
# - `Saved intermediate values of the graph are freed when you call .backward() or
#   autograd.grad()`: the cause.
# - `Specify retain_graph=True`: the fix, used on the first call (the call that would free).
#
# Freeing replaces every saved slot with a `FREED` marker, whose `unpack` raises the error above:

# %% tags=["minigrad-only"]
from minigrad.autograd.graph import Node

show_source(Node._release)

# %% [markdown]
# The diagram after backward marks the nodes as released and their saved tensors as freed:

# %% tags=["minigrad-only"]
viz.draw(out)

# %% [markdown]
# With `retain_graph=True`, nothing is freed, so the second call works and adds to `.grad`.
# We expect the second print to be twice the first.

# %%
x = torch.tensor([0.5, -1.0], requires_grad=True)
out = (x * x).sigmoid().sum()
out.backward(retain_graph=True)
print("after 1st:", x.grad)
out.backward()
print("after 2nd:", x.grad)

# %% [markdown]
# **Predict, then run.** The error is about *saved values*. What if the graph has none?

# %% tags=["minigrad-only"]
def twice_without_saves():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    total = (a + 1).sum()
    total.backward()
    total.backward()
    print("a.grad:", a.grad)


viz.Quiz(
    "total = (a + 1).sum(); total.backward(); total.backward()  --  what happens?",
    ["RuntimeError: backward through the graph a second time", "it works, a.grad is [2., 2.]",
     "it works, a.grad is [1., 1.]"],
    answer=1,
    run=twice_without_saves,
    explanation="AddBackward0 and SumBackward0 save nothing, so nothing can be freed and "
                "nothing is missing the second time. The gradients add up. The rule is about "
                "freed saved values, not about calling backward twice.",
)

# %% [markdown]
# The same in a plain cell. PyTorch behaves the same way:

# %%
a = torch.tensor([1.0, 2.0], requires_grad=True)
total = (a + 1).sum()
total.backward()
total.backward()
print("a.grad:", a.grad)

# %% [markdown]
# ## 7. `create_graph` and second derivatives
#
# Normally the backward formulas work on bare arrays, and the gradient they return has no
# history. With `create_graph=True`, the engine runs them with grad mode **on**, so the formulas
# are recorded like any other computation. The gradient then has a `grad_fn` of its own and can
# be differentiated again. For `y = x³` at `x = 3`, we expect `dy/dx = 3x² = 27`, and then
# `d²y/dx² = 6x = 18`.

# %%
x = torch.tensor(3.0, requires_grad=True)
y = x ** 3
(dy,) = torch.autograd.grad(y, x, create_graph=True)
print("dy/dx  :", dy)
(d2y,) = torch.autograd.grad(dy, x)
print("d2y/dx2:", d2y)

# %% [markdown]
# The trace shows what happened: while `PowBackward0` **ran**, new nodes were **created**.
# Those new nodes are the graph of the derivative. Nothing was freed either, because
# `retain_graph` defaults to the value of `create_graph`.

# %% tags=["minigrad-only"]
x = torch.tensor(3.0, requires_grad=True)
with torch.autograd.trace() as log:
    y = x ** 3
    (dy,) = torch.autograd.grad(y, x, create_graph=True)
print(log)

# %% [markdown]
# The diagram of `dy` is the formula `3 · x²` as a graph (`MulBackward0` on top of a new
# `PowBackward0`), ending at the same leaf `x`. PyTorch writes the same formula with one more
# node (`MulBackward1`). The value is the same; section 9 explains why the nodes differ.

# %% tags=["minigrad-only"]
viz.draw(dy)

# %% [markdown]
# Without `create_graph`, the gradient is a plain tensor with no history, and asking for its
# derivative fails. We expect an error.

# %% tags=["raises-exception"]
x = torch.tensor(3.0, requires_grad=True)
(dy_plain,) = torch.autograd.grad(x ** 3, x)
print("dy/dx:", dy_plain, "| requires_grad:", dy_plain.requires_grad)
torch.autograd.grad(dy_plain, x)

# %% [markdown]
# **How to read this message**
#
# - `element 0 of tensors`: the first (here, the only) tensor you asked to differentiate,
#   `dy_plain`.
# - `does not require grad and does not have a grad_fn`: it has no history to walk back
#   through. It was made without `create_graph=True`, so the backward formulas were not recorded.
#
# ### Exercise 2: a second derivative
#
# For `f(x) = x · sin(x)`, compute the second derivative `f''` at the points below with two
# calls to `torch.autograd.grad`, and store it in `second`. The check compares it with the
# formula `f''(x) = 2 cos(x) - x sin(x)`. As shipped, it prints "not yet".
#
# <details><summary>Hint</summary>
#
# `(g,) = torch.autograd.grad(f.sum(), x, create_graph=True)`, then
# `(second,) = torch.autograd.grad(g.sum(), x)`. The `.sum()` turns several values into one
# number, and each `x[i]` only affects `f[i]`.
# </details>

# %%
x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
f = x * x.sin()
second = None  # TODO: two calls to torch.autograd.grad

# %%
def check_second():
    with torch.no_grad():
        expected = 2 * x.cos() - x * x.sin()
    if second is None:
        print("not yet: `second` is still None")
    elif (second - expected).abs().max().item() < 1e-5:
        print("correct: f'' =", [round(v, 4) for v in second.tolist()])
    else:
        print("not yet: got", [round(v, 4) for v in second.tolist()],
              "expected", [round(v, 4) for v in expected.tolist()])


check_second()

# %% [markdown]
# ## 8. `detach()`: a new leaf that shares storage
#
# > **Myth check · S002-12 · MISLEADING** — "To turn a node into a leaf, call `detach()` on it:
# > it cuts the node out of the graph that made it."
# >
# > `detach()` is **out of place**. It does not touch the tensor you call it on, which keeps its
# > `grad_fn` and stays in the graph. It returns a **new** tensor that is a leaf with
# > `requires_grad=False` and **shares the same storage and version counter**. Only the in-place
# > `detach_()` changes the tensor itself.
#
# The whole method is three lines:

# %% tags=["minigrad-only"]
show_source(torch.Tensor.detach)

# %% [markdown]
# We expect `y` to be unchanged (not a leaf, still `MulBackward0`), and `d` to be a leaf that
# needs no grad and sits on the same memory.

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
d = y.detach()
print("y | leaf:", y.is_leaf, "| grad_fn:", y.grad_fn.name(), "| requires_grad:", y.requires_grad)
print("d | leaf:", d.is_leaf, "| grad_fn:", d.grad_fn, "| requires_grad:", d.requires_grad)
print("same memory:", d.data_ptr() == y.data_ptr())

# %% [markdown]
# In the diagram, `d` is a separate leaf with no edge into the graph. The dashed "alias" line
# says that it shares storage and the version counter with `y`:

# %% tags=["minigrad-only"]
viz.draw(y, d)

# %% [markdown]
# Sharing is real. Writing through `d` changes `y`'s values **and** `y`'s version:

# %%
d[0] = 100.0
print("y:", y, "| y version:", y._version, "| d version:", d._version)

# %% [markdown]
# Because the version counter is shared, autograd still notices such an edit when it matters.
# `s` below saved its own output. Zeroing it through a detached alias makes backward refuse,
# with the error from section 4:

# %% tags=["raises-exception"]
x = torch.tensor([1.0, 2.0], requires_grad=True)
s = x.sigmoid()
s.detach().zero_()
s.sum().backward()

# %% [markdown]
# **How to read this message**: it is the same message as in section 4. The saved output of
# `Sigmoid` (shape `[2]`) was expected at version 0 but is at version 1. The edit went through
# the detached tensor, and the shared counter recorded it. (`.data` would hand out a fresh
# counter and hide the edit. Notebook 01 compares the two.)
#
# And the in-place variant: `detach_()` really turns `y` itself into a leaf.

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
y.detach_()
print("after y.detach_() | leaf:", y.is_leaf, "| grad_fn:", y.grad_fn,
      "| requires_grad:", y.requires_grad)

# %% [markdown]
# ## 9. What minigrad simplifies
#
# minigrad reproduces what PyTorch's autograd **does**: the same graph, node names, saves,
# version checks, run order, hooks and messages. It does not reproduce **how PyTorch is
# built**. Here is what is simpler:
#
# | | PyTorch 2.13 | minigrad |
# | --- | --- | --- |
# | devices | CPU, CUDA, MPS, ... | CPU only; `.cuda()` raises "Torch not compiled with CUDA enabled" |
# | kernels | C++/CUDA kernels for each dtype and device | NumPy calls inside each node's `forward`/`backward` |
# | dispatch | a C++ dispatcher routes every call through keys (autograd, autocast, functorch, ...) | a Python method on `Tensor` calls the op directly |
# | engine | C++; CPU nodes run on the calling thread, each accelerator has its own worker thread; reentrant backward | one Python loop over a heap of ready nodes, one thread, no recursion |
# | built-in nodes | some have several outputs (`SplitBackward0`, `UnbindBackward0`, ...) | every built-in node has one output; only custom `Function`s may return several |
# | ops | thousands of operators | about 70 node types (listed below); no `split`, `unbind`, `allclose` or `equal`, which is why the checks above compute the largest difference by hand |
# | double backward | dedicated nodes such as `SigmoidBackwardBackward0` | backward formulas reuse ordinary ops, so the graph of a gradient has other node names; conv2d has no double backward |
# | saved outputs | a `SavedVariable` that keeps the output without its `grad_fn` (a weak reference to the node instead) | the array and the version counter, not the tensor (also avoids the cycle output → node → output) |
# | extras | `gradcheck`, forward-mode AD, `torch.func`, saved-tensor hooks, `_sequence_nr()` | none of these; the sequence number is the private `_seq` |
#
# Each row can be checked. First, one device, NumPy kernels, and the missing extras:

# %% tags=["minigrad-only"]
t = torch.tensor([1.0, 2.0])
print("device:", t.device, "| data type:", type(t._data).__module__ + "." + type(t._data).__name__)
print("has autograd.gradcheck:", hasattr(torch.autograd, "gradcheck"),
      "| autograd.forward_ad:", hasattr(torch.autograd, "forward_ad"),
      "| graph.saved_tensors_hooks:", hasattr(torch.autograd.graph, "saved_tensors_hooks"),
      "| Node._sequence_nr:", hasattr(Node, "_sequence_nr"))

# %% tags=["raises-exception", "minigrad-only"]
t.cuda()

# %% [markdown]
# **How to read this message**: it has the same text as a CPU-only PyTorch build. It is an
# `AssertionError`, not a `RuntimeError`: the library has no CUDA support at all, so there is
# nothing to move the tensor to.
#
# The whole list of node types (the ops minigrad can differentiate):

# %% tags=["minigrad-only"]
from minigrad.autograd.function import BackwardCFunction


def node_classes(cls):
    found = []
    for sub in cls.__subclasses__():
        found.append(sub)
        found.extend(node_classes(sub))
    return found


names = sorted({k.__name__ for k in node_classes(Node)
                if not k.__name__.startswith("_") and not issubclass(k, BackwardCFunction)
                and k.__module__.startswith("minigrad.")})
print(len(names), "node types:")
print(", ".join(names))

# %% [markdown]
# Double backward uses ordinary ops. Under `create_graph=True`, minigrad's sigmoid gradient is
# built from `MulBackward0` and friends. PyTorch shows one dedicated node,
# `SigmoidBackwardBackward0`, at the same place. The values are the same; only the node names
# differ. That is why the plain (torch-checked) cells above never print the graph of a gradient.

# %% tags=["minigrad-only"]
x = torch.tensor([0.0, 1.0], requires_grad=True)
(g,) = torch.autograd.grad(x.sigmoid().sum(), x, create_graph=True)
print("gradient:", g)
print("its node in minigrad:", g.grad_fn.name(), "(PyTorch: SigmoidBackwardBackward0)")

# %% [markdown]
# The graph of that gradient. Where PyTorch has one node, minigrad has `g * s * (1 - s)` written
# out with ordinary ops: two `MulBackward0` nodes and an `RsubBackward1` for `1 - s`, all on top of
# the original `SigmoidBackward0`.

# %% tags=["minigrad-only"]
viz.draw(g)

# %% [markdown]
# One more small difference is visible on a node: minigrad saves a Python number factor as the
# number, while PyTorch wraps it in a 0-d tensor (`tensor(2)`).

# %% tags=["minigrad-only"]
x = torch.tensor([1.0, 2.0], requires_grad=True)
print("(x * 2).grad_fn._saved_other:", repr((x * 2).grad_fn._saved_other), "(PyTorch: tensor(2))")

# %% [markdown]
# And the engine really is one Python loop on one thread. Here is that loop, from `execute`:
# pop the ready node with the best priority, run its `backward`, free what it saved, add each
# returned gradient to the buffer of the matching input node, and push that node once its
# count of missing contributions reaches 0.

# %% tags=["minigrad-only"]
src = inspect.getsource(engine.execute).splitlines()
start = next(i for i, line in enumerate(src) if "while ready:" in line)
stop = next(i for i, line in enumerate(src) if "heappush(ready" in line)
print("\n".join(src[start:stop + 1]))

# %% [markdown]
# ## Summary
#
# | idea | what to remember | where in minigrad |
# | --- | --- | --- |
# | tensor parts | data array + version counter + `grad_fn` (None for leaves) | `Tensor._make`, `_bump_version` |
# | graph node | `next_functions` are edges to input nodes; leaves are reached through `AccumulateGrad` | `autograd/graph.py: Node` |
# | saved tensors | a node saves only what its backward needs, with the version at save time | `autograd/saved.py: SavedTensor` |
# | custom Function | static `forward`/`backward`; `ctx` is the node; check it with finite differences and a built-in op | `Function.apply`, `FunctionCtx` |
# | ctx toolbox | `save_for_backward` (version-checked), `needs_input_grad`, `mark_dirty` (bumps, new `grad_fn`) | `FunctionCtx` |
# | engine order | a node runs when all its inputs' gradients have arrived; among ready nodes: `AccumulateGrad` first, then the highest sequence number | `autograd/engine.py: execute` |
# | hooks & accumulation | tensor hooks see the summed gradient just before its node runs; `.grad` adds across calls | `_pre_process`, `accumulate_into_leaf` |
# | retain_graph | backward frees saved tensors as it goes; a second pass needs `retain_graph=True` (unless nothing was saved) | `Node._release`, `FREED` |
# | create_graph | backward formulas are recorded, so gradients have a `grad_fn` and can be differentiated again | `engine_state.create_graph` |
# | detach() (S002-12) | returns a **new** leaf with no grad that shares storage and version counter; the original is untouched; `detach_()` is the in-place one | `Tensor.detach` |
# | simplifications | one device, NumPy kernels, no dispatcher, one-thread Python engine, single-output built-in nodes, ~70 node types | section 9 |
#
# **Where to go next**
#
# - This is the last notebook. Start again from [00 · Start here](00_start_here.ipynb) for the tour.
# - Back to [05 · In-place operations and versions](05_inplace_and_versions.ipynb) for more on saved tensors and version errors.
# - [01 · detach() vs .data](01_detach_vs_data.ipynb) compares the two ways of getting an alias without history.
