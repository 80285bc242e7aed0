# %% [markdown] key="title"
# # 00 · Start here: minigrad, diagrams and widgets
#
# This course teaches how PyTorch's autograd really behaves, the parts that bite in real
# training code: what `detach()` shares, which tensors get a `.grad`, when an in-place edit
# breaks `backward()`, what `no_grad` switches off, and how all of it shows up in a training
# loop. Each notebook's first cell says how long it takes (at most about 40 minutes).
#
# This tour (about 40 minutes) shows the tools: minigrad itself, a first backward pass, the
# diagrams, the quiz and exercise widgets. The rules of the whole course fit on one page:
# the [cheat sheet](cheatsheet.md).
#
# ## 1. What minigrad is
#
# minigrad is a small autograd engine written in plain NumPy. It reproduces **PyTorch 2.13's
# autograd**: the same printouts, the same `grad_fn` names, the same errors and warnings
# word for word, except that it says `minigrad` where PyTorch says `torch`. Because it is
# small, you can read the code behind every behaviour you see (`minigrad/_ops/` holds one
# short class per operation). So the notebooks import it **under PyTorch's name**: every
# plain line you write is also valid PyTorch, and the test suite re-runs each such cell with
# real torch 2.13 and checks that it prints the same thing.

# %%
import minigrad as torch

# %% [markdown] key="diagrams-widgets-are"
# The diagrams and widgets are minigrad's own extras (real torch has no `viz`), so they come
# in a separate import, in cells that would not run under real torch.
#
# One trap in your own cells: `import minigrad as torch` only renames the module *in this
# notebook*. `from torch.autograd import grad` asks Python for the real `torch` package.
# Write `torch.autograd.grad(...)`, or `from minigrad.autograd import grad`.

# %% tags=["minigrad-only"]
from minigrad import viz
from minigrad.viz.quizbank.nb00 import check_mean_loss, check_scale_grad

# %% [markdown] key="first-graph-backward"
# ## 2. A first graph and a backward pass
#
# Training a model is: compute a loss from the parameters, call `loss.backward()`, and read
# each parameter's `.grad`. Every operation on a tensor that requires grad is recorded as a
# node; `backward()` walks those nodes from the result back to the **leaves** and stores the
# gradient in the `.grad` of each leaf that requires grad. A **leaf** is a tensor with no
# `grad_fn`: no recorded operation produced it. A tensor you create is a leaf until a recorded
# operation writes into it (an in-place op can do that, notebook 05); notebook 02 has the
# details.
#
# Each section of the course asks you to **predict** before you run. Pick an answer, press
# **Run**: the quiz runs the code on its own tensors and tells you whether you were right.

# %%
def first_backward():
    p = torch.tensor([1., 2., 3.], requires_grad=True)
    f = (p * p).sum()
    print("f:", f)
    print("p.grad before backward:", p.grad)
    f.backward()
    print("p.grad after backward: ", p.grad)


# %% tags=["minigrad-only"]
viz.quiz("00/first-grad", run=first_backward)

# %% [markdown] key="requires-grad-true" jupyter={"source_hidden": true}
# **Explanation**
#
# `requires_grad=True` asked autograd to track `p`; `f` was made by recorded ops, so it
# prints its `grad_fn`. `p.grad` is `None` until a backward pass reaches it, then `2p`
# (each element adds `p²` to the sum).

# %% [markdown] key="graph-behind-f"
# ### The graph behind `f`
#
# The same computation with `x`, drawn after its backward pass (section 4 explains every
# kind of box):

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
f = (x * x).sum()
f.backward()

# %% tags=["minigrad-only"]
viz.draw(f)

# %% [markdown] key="tensors-dtypes-item"
# ## 3. Tensors, dtypes and `item()`
#
# A tensor holds numbers of **one** dtype. `float32` is the default **floating-point** dtype
# (`torch.get_default_dtype()`, used by `zeros`, `ones` and float literals), but
# `torch.tensor(...)` infers the dtype from the data: Python ints give `int64`, bools
# give `bool`.

# %%
print(torch.get_default_dtype(), torch.zeros(2).dtype, torch.tensor([1.0]).dtype)
print(torch.tensor([1, 2]).dtype, torch.tensor([True, False]).dtype)

# %%
def int_requires_grad():
    print(torch.tensor([1, 2], requires_grad=True))


# %% tags=["minigrad-only"]
viz.quiz("00/int-grad", run=int_requires_grad)

# %% tags=["raises-exception"] jupyter={"outputs_hidden": true}
torch.tensor([1, 2], requires_grad=True)

# %% [markdown] key="how-read-message" jupyter={"source_hidden": true}
# **How to read this message**
#
# The dtype family of errors:
#
# - `Only Tensors of floating point and complex dtype`: the check is on the dtype, not the
#   values. `[1, 2]` became `int64`.
# - `can require gradients`: a gradient measures small changes, which integers cannot make.
#   PyTorch allows complex tensors too (minigrad has no complex dtypes).
# - Fix: write `torch.tensor([1., 2.])` or pass `dtype=torch.float32`. Calling
#   `.requires_grad_()` on an int tensor gives a slightly different wording of the same rule.

# %% [markdown] key="item-python-number"
# ### `item()`: a tensor as a Python number
#
# `loss.item()` turns a one-element tensor (any shape) into a Python number: what you log
# or print. It gives the exact float32 value, so `0.1` comes back as `0.10000000149011612`.
# With more than one element there is no single number, and it raises.

# %%
a = torch.tensor([1.0])
print(a.data, a.grad, a.requires_grad, a.dtype)
print(a.item(), type(a.item()).__name__, torch.tensor([[7.]]).item(), torch.tensor(0.1).item())

# %% tags=["raises-exception"]
torch.tensor([1., 2.]).item()

# %% [markdown] key="tensor-2-elements"
# `a Tensor with 2 elements cannot be converted to Scalar`: `item()` counts elements,
# whatever the shape. Use `tolist()` for all the values, or pick one first (`t[0].item()`).
#
# ## 4. How to read a diagram
#
# `viz.draw(t1, t2, ...)` draws the **backward** graph behind the tensors you pass: the
# nodes `backward()` will visit, with arrows in the direction the gradient flows, from the
# result down to the leaves.

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)   # leaf that requires grad
w = torch.tensor([0.5, -1., 2.])                      # constant: requires no grad
h = x * w                                             # a named intermediate result
f = h.sigmoid().sum()                                 # the output
print("f:", f)

# %% tags=["minigrad-only"]
viz.draw(f)

# %% [markdown] key="what-you-see"
# | what you see | what it is |
# | --- | --- |
# | green rounded box | a tensor you passed to `draw` (here `f`) |
# | yellow rounded box | a named intermediate result (`h`): requires grad, not a leaf |
# | blue rounded box | a leaf that requires grad (`x`): `backward()` fills its `.grad` |
# | grey rounded box | a leaf that does not require grad |
# | grey square box | a `grad_fn` node, named as PyTorch names it (`MulBackward0`) |
# | light-blue square box | `AccumulateGrad`: adds a gradient into a leaf's `.grad` |
# | orange note | a value a node **saved** for backward, with its version then and now |
# | red note | a saved value changed in place since (a backward pass through this node raises) |
# | grey dashed note | a saved value already freed by a backward pass |
# | black arrow `0`, `1` | gradient flow to input 0, 1 of the node |
# | dashed line between tensors | two tensors sharing memory (notebook 01) |
#
# Each tensor box lists its name, shape (`[]` for a single number), `vN` (its version
# counter, notebook 01), short values, and flags. Read this one from the top: `SumBackward0`
# passes the gradient to `SigmoidBackward0`, which saved its **result** (sigmoid's
# derivative is computed from its output). `MulBackward0` saved `w`: `x`'s gradient is the
# incoming gradient times `w`. The constant `w` gets no box of its own, as no gradient goes
# to it. `print(viz.draw(...))` gives the same diagram as text, one line per box and arrow.
# `viz.legend()` lists every state label a diagram can show ("saved v0, now v1", "freed by
# backward", ...) with its meaning, in English and Chinese:

# %% tags=["minigrad-only"]
viz.legend()

# %% [markdown] key="widgets-stepper"
# ## 5. Widgets: step through a backward pass
#
# Widgets are small panels built on ipywidgets; they need a **running kernel** (in a static
# view you see their text form). The **BackwardStepper** replays `backward()` one node at a
# time: **Next**/**Prev** move through the nodes in the order the engine runs them, and each
# step lists the gradient that arrived (`grad_output`) and what went to each input. It does
# not change your tensors.

# %%
g = (x * w).sum()

# %% tags=["minigrad-only"]
viz.BackwardStepper(g)

# %% [markdown] key="livegraph-follows-variable"
# **LiveGraph** follows a *variable*: `viz.LiveGraph("g")` redraws whatever `g` is after
# every cell you run. Run the next two cells and watch it grow; `.close()` stops it. Later
# notebooks have bigger labs built the same way (in-place edits, views, leaves, hooks, grad
# modes).

# %% tags=["minigrad-only"]
live = viz.LiveGraph("g")
live

# %%
g = g.exp()

# %% tags=["minigrad-only"]
live.close()

# %% [markdown] key="why-outputs-older"
# ## 6. Why outputs in older posts look different
#
# Most blog posts about autograd were written for PyTorch 0.4 to 1.x. The behaviour mostly
# stayed; the printed text changed. Match text against the version you run: in 2.13 node
# names end with a number (`SigmoidBackward0`, not `SigmoidBackward`), `tensor([1.])` has
# no padding space (0.4 printed `tensor([ 1.])`), and the in-place error names the op
# without `Backward` (you meet it in [notebook 01](01_detach_vs_data.ipynb), section 4).

# %%
out = torch.tensor([1., 2., 3.], requires_grad=True).sigmoid()
print(out)
print(type(out.view(-1, 1).grad_fn).__name__, out.grad_fn.name())
print(isinstance(out, torch.Tensor), type(out).__name__)

# %% [markdown] key="last-line-since"
# The last line: since PyTorch 0.4 `Variable` and `Tensor` are one thing (PyTorch keeps
# `torch.autograd.Variable(t)` only as a shim that returns a plain tensor; minigrad leaves
# it out). Every tensor carries `requires_grad`, `grad`, `grad_fn` and `is_leaf` itself.
#
# ## The notebooks
#
# | notebook | what it covers |
# | --- | --- |
# | [01 · detach() vs .data](01_detach_vs_data.ipynb) | shared memory, version counters, the sigmoid experiment, real copies |
# | [02 · Leaf tensors](02_leaf_tensors.ipynb) | what makes a leaf, who gets `.grad`, casts, `nn.Parameter` |
# | [03 · retain_grad and hooks](03_retain_grad_and_hooks.ipynb) | non-leaf gradients, `retain_grad()`, tensor hooks |
# | [04 · no_grad](04_no_grad.ipynb) | `no_grad`, `inference_mode`, `requires_grad_(False)` |
# | [05 · In-place ops and versions](05_inplace_and_versions.ipynb) | saved tensors, views, reading the in-place error |
# | [06 · Under the hood](06_under_the_hood.ipynb) | your own `Function`, the engine, what minigrad simplifies |
# | [07 · Autograd in a training loop](07_training_loop.ipynb) | `zero_grad`, accumulation, `eval()`, leaks, clipping |
# | [08 · When backward fails](08_when_backward_fails.ipynb) | from the error message to the fix: in-place edits, backward twice, no `grad_fn`, NaN gradients |

# %% [markdown] key="glossary"
# ## Glossary
#
# The course's terms, with the words the Chinese edition uses (handy when you search Chinese
# posts):
#
# | term | in this course | 中文 |
# | --- | --- | --- |
# | leaf (leaf tensor) | a tensor with no `grad_fn` (§2) | 叶子张量 = 叶子节点 |
# | node | a `grad_fn` node of the backward graph | 节点 |
# | computation graph | the nodes the recorded ops left behind | 计算图 |
# | in-place op | an op that writes into an existing tensor (`add_`, `t[0] = 1.`) | 原地操作 = 原位操作 |
# | detach | `t.detach()`: the same numbers, no history (notebook 01) | 分离 |
# | version counter | `t._version`, raised by each in-place op (notebook 01) | 版本计数器 |
# | gradient accumulation | adding the gradients of several backward passes in `.grad` before one step (notebook 07) | 梯度累积 |
# | backpropagation through time (BPTT) | backward through a recurrent net unrolled over its time steps (notebook 07) | 通过时间反向传播 |

# %% [markdown] myths="00"
# (generated from notebooks/src/myths.py)

# %%
# M1: the post's example, printed by 2.13
w1 = torch.ones(1, requires_grad=True)
(w1 + torch.ones(1) + torch.ones(1)).backward()
print(w1.grad)

# %% [markdown] key="exercises"
# ## Exercises
#
# Each notebook ends with exercises: edit the code cell, run it, then press **Check** in
# the widget below it (or re-run that cell). They ship unsolved, so the stored verdict is
# "Not yet". **Show solution** reveals the answer when you are stuck.
#
# **1. A learnable scale.** `grad_of_scale(values)` should return the gradient of
# `(scale * values).sum()` with respect to `scale`, at `scale = 2`. As written, its first
# line raises and it returns nothing: make it work. (`values` come from a data loader as
# integers, like `torch.tensor([1, 2, 3])`; they need no gradient.)

# %%
def grad_of_scale(values):
    scale = torch.tensor(2, requires_grad=True)          # <- this line raises
    loss = (scale * values).sum()
    return None                                          # <- return d loss / d scale

# %% tags=["minigrad-only"]
viz.exercise("00/scale-grad", check=lambda: check_scale_grad(grad_of_scale))

# %% [markdown] key="exercise-2"
# **2. Log the mean loss.** A training loop gets `losses`, a tensor with one loss per sample
# (computed from the parameters), and logs their mean into a list for a plot. Make
# `mean_for_log` return what should go into that list: a plain Python number.
# (`losses.mean()` averages them into a one-element tensor.)

# %%
def mean_for_log(losses):
    return losses.item()             # <- raises for more than one sample: fix it

# %% tags=["minigrad-only"]
viz.exercise("00/mean-loss", check=lambda: check_mean_loss(mean_for_log))

# %% [markdown] key="next"
# **Next:** [01 · detach() vs .data](01_detach_vs_data.ipynb) · [cheat sheet](cheatsheet.md)
