# %% [markdown] key="title"
# # 06 · Under the hood: how autograd works inside
#
# The earlier notebooks used autograd from the outside. This one opens it up. minigrad is
# plain Python and NumPy, so where a piece of its source is short we print it and watch it run.
#
# **In this notebook** (about 40 minutes): a tensor's parts · a graph node and its edges · your
# own `autograd.Function` · the `ctx` toolbox · the loop that runs backward, and the order
# hooks fire in · `retain_graph` · `create_graph`. Then two exercises and a myth check.
#
# Predict first: pick an answer in the quiz, press *Run*, then open the collapsed cells below
# it. Cells tagged `minigrad-only` use what only minigrad has (its source, `trace()`,
# diagrams, widgets); every other cell prints the same under PyTorch 2.13, and the tests check
# it. Rules in one page: the [cheat sheet](cheatsheet.md).

# %%
import minigrad as torch

# %% tags=["minigrad-only"]
import inspect

from minigrad import viz
from minigrad.viz.quizbank.nb06 import check_hypot, check_second


def show_source(obj):
    """Print the real source code of a minigrad class or function."""
    print(inspect.getsource(obj))

# %% [markdown] key="1-tensor-parts"
# ## 1. A tensor's parts: data, version counter, `grad_fn`
#
# Autograd needs three things from every tensor: **the data** (in minigrad a NumPy array in
# the `_data` slot), **a version counter** that every in-place edit increases (`_version`,
# notebook 05), and **`grad_fn`**, the node that produced it (`None` for a leaf).

# %% [markdown] key="place-op-changes"
# An in-place op changes two of the three parts: the version goes up, and `grad_fn` is
# replaced, because `y` is now the output of the addition.

# %%
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
print("before:", type(y.grad_fn).__name__, y._version)
y.add_(1)
print("after: ", type(y.grad_fn).__name__, y._version)

# %% tags=["minigrad-only"]
viz.draw(y)

# %% [markdown] key="2-graph-node"
# ## 2. A graph node: `next_functions` and what it saved
#
# Every recorded op creates one node, which holds:
# - `next_functions`: one `(node, output_nr)` pair per input, pointing at the node that
#   receives that input's gradient. A leaf that requires grad is reached through its
#   `AccumulateGrad` node, the node that writes `.grad`; an input that needs no gradient gets
#   `None`.
# - what it **saved** for backward, exposed as `_saved_self`, `_saved_other`, `_saved_result`...
#
# **Predict.** `a` is a leaf that requires grad, and `y = a * a` uses it for both inputs.

# %% tags=["minigrad-only"]
def same_input_twice():
    a = torch.tensor([0.5, -1.0], requires_grad=True)
    y = a * a
    (first, _), (second, _) = y.grad_fn.next_functions
    print(len(y.grad_fn.next_functions), "pairs:", first.name(), "and", second.name())
    print("the same node twice:", first is second, "| its .variable is a:", first.variable is a)
    y.sum().backward()
    print("a.grad:", a.grad)


viz.quiz("06/same-input-twice", run=same_input_twice)

# %% [markdown] key="one-pair-per" jupyter={"source_hidden": true}
# **Explanation**
#
# One pair per input of the op, even when both inputs are the same tensor. A leaf has a
# single `AccumulateGrad` node (the same object for as long as some graph uses it), so both
# edges end there. The two contributions, `grad * a` each, are added before `.grad` is
# written once: 2a. Section 5 shows where that addition happens.

# %% [markdown] key="small-graph-followed"
# ### A small graph, edge by edge
#
# `SumBackward0 → SigmoidBackward0 → MulBackward0`, then one `AccumulateGrad` per leaf.
# `MulBackward0` saves both inputs here, because the gradient for `a` is `grad * b` and for
# `b` it is `grad * a` (which ops save what: notebook 05 §3).

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

# %% [markdown] key="sigmoid-node-real"
# Here is minigrad's sigmoid node, the real code: `forward` computes NumPy values and saves
# what backward will need, `backward` turns the output's gradient into the input's. It saves
# its **result**, because the derivative is `out * (1 - out)`.

# %% tags=["minigrad-only"]
from minigrad._ops.unary import SigmoidBackward0

show_source(SigmoidBackward0)

# %% [markdown] key="diagram-saved-tensors"
# The diagram: saved tensors hang off their nodes (`self = a`, `other = b`, `result`), each
# with the version it had when saved.

# %% tags=["minigrad-only"]
viz.draw(loss)

# %% [markdown] key="3-writing-your"
# ## 3. Writing your own `autograd.Function`
#
# **Why it matters.** When an operation has no built-in derivative (a fused operation written
# by hand, a numerically stable formula, a rounding step whose backward should act as if it
# were the identity), you write the backward yourself. A custom op is a class with two static
# methods: `forward(ctx, *inputs)`, which runs with grad mode off, and
# `backward(ctx, grad_output)`, which returns one gradient per input (`None` for inputs that
# need none). `ctx` is the graph node itself.

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

# %% [markdown] key="predict-you-call"
# **Predict.** You call it with `MySigmoid.apply(x)`. What is the output's node called?

# %% tags=["minigrad-only"]
def custom_node_name():
    x = torch.tensor([-2.0, 0.0, 3.0], requires_grad=True)
    print(MySigmoid.apply(x).grad_fn.name())


viz.quiz("06/custom-node-name", run=custom_node_name)

# %% [markdown] key="check-twice-first"
# ### Checking a custom backward
#
# Check it twice. First against the built-in op, on a copy of `x`. Then against finite
# differences: nudge each input by a small `eps` each way and measure the slope, in `float64`
# (in `float32` the rounding error of the difference would swamp the result).

# %%
x = torch.tensor([-2.0, 0.0, 3.0], requires_grad=True)
y = MySigmoid.apply(x)


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


y.sum().backward()
x_ref = x.detach().clone().requires_grad_()
x_ref.sigmoid().sum().backward()
print("agrees with sigmoid():", (x.grad - x_ref.grad).abs().max().item() < 1e-6)

x64 = torch.tensor([-2.0, 0.0, 3.0], dtype=torch.float64, requires_grad=True)
MySigmoid.apply(x64).sum().backward()
print("autograd:", x64.grad)
print("numeric :", numerical_grad(MySigmoid.apply, x64))

# %% [markdown] key="4-ctx-toolbox"
# ## 4. The `ctx` toolbox
#
# **`saved_tensors` checks versions.** `save_for_backward` records each tensor with its
# version, and reading `ctx.saved_tensors` compares them again: doubling `y` in place after
# `MySigmoid` saved it gives the in-place error of notebook 05 §4, naming `MySigmoid`.
# **This cell raises on purpose.**

# %% tags=["raises-exception"]
x = torch.tensor([-2.0, 0.0, 3.0], requires_grad=True)
y = MySigmoid.apply(x)
y.mul_(2)
y.sum().backward()

# %% [markdown] key="needs-input-grad"
# **`needs_input_grad`** has one boolean per `forward` argument, so backward can skip work
# nobody asked for (`mark_dirty`, for a `forward` that edits its input in place, is in the
# optional depth at the end).

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
MulAdd.apply(a, torch.tensor([3.0, 4.0]), 5.0).sum().backward()
print("a.grad:", a.grad)

# %% [markdown] key="5-how-engine"
# ## 5. How the engine walks the graph
#
# **Why it matters.** Knowing the order in which nodes run explains when hooks fire and when
# saved tensors are freed, which is what the errors of notebooks 05 and 07 are about.
#
# `with minigrad.autograd.trace() as log:` records everything autograd does as plain text
# events. Nodes are labelled `Name#k` and tensors `t0, t1, ...` in order of appearance, so the
# log is the same on every run. The graph below has a hook on `y`; `w` is a constant.

# %% tags=["minigrad-only"]
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0])
with torch.autograd.trace() as log:
    y = x * w
    z = y.sigmoid()
    loss = (z + y).sum()
    y.register_hook(lambda g: print("hook on y sees", g))
    loss.backward()
print(log)

# %% [markdown] key="reading-event-by"
# The events:
# - **create**: a node made in the forward pass, `inputs` = its `next_functions`;
# - **save**: a tensor kept, with its version (`MulBackward0` keeps only `w`: only `x` needs
#   a gradient);
# - **run**: backward called a node, with the gradient arriving at it;
# - **hook**: `y`'s hook fired just before `MulBackward0` (the node that made `y`) ran, with
#   the *summed* gradient of `y`: 1 from `+ y` plus s(1 − s) from the sigmoid;
# - **free**: right after a node ran, its saved tensors were released;
# - **accumulate**: `x`'s `AccumulateGrad` wrote into `.grad`.

# %% [markdown] key="engine-loop"
# ### The loop behind the events
#
# Here is the algorithm, written as plain Python. It is a simplified reading of minigrad's
# `execute` (in `minigrad/autograd/engine.py`, which adds hooks, `autograd.grad` and anomaly
# mode; its shortcuts for speed live apart, in `minigrad/_fast/backward.py`); PyTorch's C++
# engine follows the same steps. To read the real files in order, the repository's guide
# `docs/reading-the-engine.md` answers five questions, each in at most two files.
#
# ```python
# def run_backward(root, seed, retain_graph=False):
#     dependencies = count_dependencies(root)  # node -> how many edges point at it
#     buffers = {root: seed}         # node -> the sum of the gradients that reached it so far
#     ready = [root]                 # nodes whose gradients have all arrived
#     while ready:
#         node = take_one(ready)     # which one, when several are ready? the quiz below
#         grad = buffers.pop(node)   # the tensor hooks of the node's output run on this sum
#         grads_for_inputs = node.backward(grad)   # one per pair in next_functions
#         if not retain_graph:
#             node.free_saved_tensors()            # the trace's "free" events (section 6)
#         for (next_node, _), g in zip(node.next_functions, grads_for_inputs):
#             if next_node is None:                # that input needs no gradient
#                 continue
#             buffers[next_node] = buffers.get(next_node, 0) + g
#             dependencies[next_node] -= 1
#             if dependencies[next_node] == 0:     # its last contribution has arrived
#                 ready.append(next_node)
# ```
#
# - **Dependency counts.** Before anything runs, one walk over the graph counts the edges
#   that point at each node: `MulBackward0` above has two (from `Sigmoid` and from `Add`).
# - **Per-node input buffers.** Gradients flowing into a node are added up in its buffer;
#   the node runs once, on the sum. That is why `y`'s hook saw 1 + s(1 − s).
# - **The ready queue.** A node becomes ready when its count reaches zero, never earlier.
# - **`AccumulateGrad`** is the node at a leaf. Its `backward` writes the gradient into
#   `.grad` (the first one becomes `.grad`, later ones are added into it in place, so
#   `x.grad` stays the same tensor) and returns nothing.
#
# **Predict.** `a = x * 2` is created first, `b = x.exp()` second, then `c = a + b` and
# `c.sum().backward()`. Hooks print when the gradient reaches `a` and `b`.

# %% tags=["minigrad-only"]
def hook_order():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    a = x * 2
    b = x.exp()
    a.register_hook(lambda g: print("gradient reaches a"))
    b.register_hook(lambda g: print("gradient reaches b"))
    (a + b).sum().backward()


viz.quiz("06/hook-order", run=hook_order)

# %% [markdown] key="ready-queue-order" jupyter={"source_hidden": true}
# **Explanation**
#
# `b` first, every time. When `AddBackward0` has run, both `MulBackward0` and `ExpBackward0`
# are ready. `take_one` takes the node with the **highest sequence number**: every node gets
# the next number when it is created, so that is the node created last. `AccumulateGrad`
# nodes get the largest possible number, so a leaf whose gradient is complete is written
# before any other ready node runs.

# %% [markdown] key="6-retain-graph"
# ## 6. `retain_graph` and "backward through the graph a second time"
#
# **Why it matters.** Two backward passes that share part of a graph meet this: two losses on
# one forward pass, an RNN state carried across chunks (notebook 07 §4).
#
# By default, backward frees each node's saved tensors right after the node ran (the `free`
# events). The nodes stay, but the values their formulas need are gone, so a second
# `backward()` fails. The message is taken apart in [notebook 01](01_detach_vs_data.ipynb)
# (M2).
# **This cell raises on purpose.**

# %% tags=["raises-exception"]
x = torch.tensor([0.5, -1.0], requires_grad=True)
out = (x * x).sigmoid().sum()
out.backward()
out.backward()

# %% [markdown] key="with-retain-graph"
# With `retain_graph=True` on the **first** call nothing is freed, the second call works, and
# the gradients add up. (In a loop the usual fix is different: don't reuse the old graph;
# notebook 07 §4.)

# %%
x = torch.tensor([0.5, -1.0], requires_grad=True)
out = (x * x).sigmoid().sum()
out.backward(retain_graph=True)
print("after 1st:", x.grad)
out.backward()
print("after 2nd:", x.grad)

# %% [markdown] key="predict-error-about"
# **Predict.** The error is about *saved values*. What if the graph saved none?

# %% tags=["minigrad-only"]
def twice_without_saves():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    total = (a + 1).sum()
    total.backward()
    total.backward()
    print("a.grad:", a.grad)


viz.quiz("06/twice-without-saves", run=twice_without_saves)

# %% [markdown] key="same-plain-cell" jupyter={"source_hidden": true}
# **Explanation**
#
# It works, in PyTorch too: `AddBackward0` and `SumBackward0` save nothing, so nothing was
# freed and nothing is missing the second time. The rule is about freed saved values, not
# about calling backward twice.

# %% [markdown] key="7-create-graph"
# ## 7. `create_graph` and second derivatives
#
# **Why it matters.** Gradient penalties, meta-learning and Newton-like methods differentiate
# a gradient. Normally the engine runs the backward formulas with grad mode off, so the
# gradient has no history. With `create_graph=True` it runs them with grad mode **on**, so
# the gradient gets a `grad_fn` of its own.
#
# **Predict.** y = x³ at x = 3. You take `torch.autograd.grad` twice, the first time with
# `create_graph=True`.

# %% tags=["minigrad-only"]
def second_derivative():
    x = torch.tensor(3.0, requires_grad=True)
    (dy,) = torch.autograd.grad(x ** 3, x, create_graph=True)
    (d2y,) = torch.autograd.grad(dy, x)
    print("dy/dx =", dy.item(), "| d2y/dx2 =", d2y.item())


viz.quiz("06/second-derivative", run=second_derivative)

# %% [markdown] key="second-derivative-why" jupyter={"source_hidden": true}
# **Explanation**
#
# 27 and 18: with `create_graph=True` the backward formula 3x² was recorded as a graph of its
# own, so the gradient can be differentiated again: 6x = 18.

# %% [markdown] key="trace-shows-while"
# ### The graph of a derivative
#
# While `PowBackward0` **runs**, new nodes are **created**: they are the graph of the
# derivative. Nothing is freed, because `retain_graph` defaults to `create_graph`. Without
# `create_graph`, the gradient has no `grad_fn`, and asking for its derivative fails with the
# "does not require grad" error of [notebook 01 §2](01_detach_vs_data.ipynb).

# %% tags=["minigrad-only"]
x = torch.tensor(3.0, requires_grad=True)
with torch.autograd.trace() as log:
    (dy,) = torch.autograd.grad(x ** 3, x, create_graph=True)
print(log)

# %% [markdown] key="8-exercises"
# ## 8. Exercises
#
# **Exercise 1: a two-input `Function`.** `Hypot.apply(a, b)` computes √(a² + b²) element by
# element. Complete it: save in `forward` what `backward` needs, and return one gradient per
# input from `backward`, `None` for an input that needs none (`ctx.needs_input_grad`). The
# check tries it with both inputs requiring grad, and with `b` a constant.

# %%
class Hypot(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        out = torch.sqrt(a * a + b * b)
        return out

    @staticmethod
    def backward(ctx, grad_output):
        return None, None   # TODO: the gradients for a and for b

# %% tags=["minigrad-only"]
viz.exercise("06/hypot", check=lambda: check_hypot(Hypot))

# %% [markdown] key="exercise-2-second"
# **Exercise 2: a second derivative.** For f(x) = x · sin(x), compute f'' at the points below
# with two calls to `torch.autograd.grad`, and store it in `second`. (Hint: call `.sum()`
# before each `grad`; each `x[i]` only affects `f[i]`.)

# %%
x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
f = x * x.sin()
second = None  # TODO: two calls to torch.autograd.grad

# %% tags=["minigrad-only"]
viz.exercise("06/second-derivative", check=lambda: check_second(x, second))

# %% [markdown] myths="06"
# (generated from notebooks/src/myths.py)

# %% [markdown] key="m1-detach"
# M1: `detach()` leaves `y` in the graph and returns a new leaf; `detach_()` changes `y`.

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
d = y.detach()
print("y | leaf:", y.is_leaf, "| grad_fn:", y.grad_fn.name())
print("d | leaf:", d.is_leaf, "| grad_fn:", d.grad_fn, "| requires_grad:", d.requires_grad,
      "| same memory:", d.data_ptr() == y.data_ptr())
y.detach_()
print("after y.detach_() | leaf:", y.is_leaf, "| grad_fn:", y.grad_fn)

# %% [markdown] key="optional-depth-what"
# ## Optional depth: what minigrad simplifies
#
# minigrad reproduces what PyTorch's autograd **does** (graph, node names, saves, version
# checks, messages), not **how PyTorch is built**:
#
# | | PyTorch 2.13 | minigrad |
# | --- | --- | --- |
# | devices, kernels | CPU, CUDA, MPS...; compiled C++/CUDA code per dtype and device | CPU only; NumPy calls in each node |
# | dispatch | each call goes through a C++ dispatcher that picks the code for the tensor's device and dtype and, on the way, lets autograd record the op | a Python method on `Tensor` calls the op |
# | engine | C++; CPU nodes run on the thread that called `backward()`, each GPU has a worker thread of its own | the one Python loop of §5, on one thread |
# | built-in nodes | some have several outputs (`SplitBackward0`...) | one output each; only custom `Function`s may return several |
# | double backward | dedicated nodes such as `SigmoidBackwardBackward0` | the same nodes for tanh, sigmoid and relu; other backward formulas reuse ordinary ops, whose names are mostly torch's too |
# | saved outputs | a `SavedVariable` holding the output without its `grad_fn` | the array and the version counter (no cycle output → node → output) |
# | extras | `gradcheck` (a finite-difference check like §3's), forward-mode AD (derivatives carried forward with the values), `torch.func` (`grad` and `vmap` as function transforms), saved-tensor hooks, `autograd.functional` | saved-tensor hooks and `autograd.functional` (its `jvp` by the double-backward trick, without forward-mode AD); none of the others |
#
# The double-backward row, visible on a node: under `create_graph=True` the sigmoid gradient is
# one `SigmoidBackwardBackward0` node, in both libraries; its inputs are the incoming gradient
# and the saved output, so a third derivative goes through it again.

# %% tags=["minigrad-only"]
x = torch.tensor([0.0, 1.0], requires_grad=True)
(g,) = torch.autograd.grad(x.sigmoid().sum(), x, create_graph=True)
print("gradient:", g, "| its node in minigrad:", g.grad_fn.name(),
      "(PyTorch: SigmoidBackwardBackward0)")

# %% [markdown] key="leaves-pytorch-gives"
# ### Step by step, and the order among leaves
#
# When several leaves become ready at the same moment, all with that same largest number,
# their order is not creation order: for four leaves multiplied, `l0 * l1 * l2 * l3`,
# PyTorch fires their hooks in the order 3, 2, 0, 1 (minigrad copies it). Code should not
# depend on the order among leaves.
#
# **Step through it yourself.** The stepper runs backward once (with `retain_graph=True`,
# putting your `.grad`s back afterwards) and replays it node by node: click **Next** to see
# each node's incoming gradient and what it sends to each input.

# %% tags=["minigrad-only"]
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * torch.tensor([3.0, 4.0])
viz.BackwardStepper((y.sigmoid() + y).sum())

# %% [markdown] key="mark-dirty"
# ### `mark_dirty`: a `Function` that edits its input
#
# **`mark_dirty`** is for a `forward` that changes an input in place and returns it: autograd
# then gives that tensor a new `grad_fn` and counts the change on its version counter.

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


a = torch.tensor([1.0, 2.0], requires_grad=True)
h = a * 3
r = AddOne_.apply(h)
print("r is h:", r is h, "| grad_fn:", h.grad_fn.name(), "| version:", h._version)

# %% [markdown] key="version-2-add"
# The version is 2: `add_` bumped it once, and `apply` bumped it again for the dirty tensor.
# The trace shows both bumps.

# %% tags=["minigrad-only"]
with torch.autograd.trace() as log:
    h2 = a * 3
    AddOne_.apply(h2)
print(log)

# %% [markdown] key="next-07-autograd"
# **Next:** [07 · Autograd in a real training loop](07_training_loop.ipynb), where all of this
# meets `zero_grad()`, `eval()`, `detach()` and friends.
