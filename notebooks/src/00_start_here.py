# %% [markdown]
# # 00 · Start here: minigrad, diagrams and widgets
#
# These notebooks teach how PyTorch's autograd really behaves: what `detach()` shares,
# which tensors are leaves, when an in-place edit breaks `backward()`, what `no_grad`
# switches off. Each claim is checked live, and many come from popular blog posts that
# are partly right, partly out of date and partly wrong.
#
# **What you will learn**
#
# 1. what minigrad is, and why every notebook starts with `import minigrad as torch`;
# 2. how to build a first graph and run `backward()`;
# 3. tensors, dtypes and `item()`: the basics the other notebooks take for granted;
# 4. how to read a diagram drawn by `minigrad.viz.draw`;
# 5. why outputs in older posts look different (node names, error messages);
# 6. how the widgets work: quizzes, the backward stepper, live graphs, labs;
# 7. how the exercises check your answers;
# 8. what each of the following notebooks covers.
#
# **Myth check** boxes test a claim from a blog post live: the verdict (TRUE, FALSE,
# MISLEADING, OUTDATED) always comes from the cell right below it.

# %% [markdown]
# ## 1. What minigrad is
#
# minigrad is a small autograd engine written in plain NumPy. It reproduces **PyTorch 2.13's
# autograd**: the same tensor printouts, the same `grad_fn` names, the same errors and
# warnings word for word. The only visible difference is the word `minigrad` where PyTorch
# prints `torch`. Because it is small, you can read the code behind every behaviour you see
# here (`minigrad/_ops/` has one short class per operation).
#
# So the notebooks import it **under PyTorch's name**. Every line you write is also valid
# PyTorch; the test suite re-runs each plain cell with real torch 2.13 and checks that it
# prints exactly the same thing.

# %%
import minigrad as torch

# %% [markdown]
# The pictures and widgets are minigrad's own extras (real torch has no `viz`), so they
# come in a separate import. Cells that use them are the only ones that would not run under
# real torch.
#
# One trap when you write your own cells: `import minigrad as torch` only renames the module
# *in this notebook*. A line such as `from torch.autograd import grad` asks Python for the
# module called `torch` itself, which is real PyTorch (or an error if it is not installed).
# Write `torch.autograd.grad(...)`, or `from minigrad.autograd import grad`.

# %% tags=["minigrad-only"]
from minigrad import viz

# %% [markdown]
# A first tensor. `requires_grad=True` asks autograd to track everything computed from it.
# Expect it to print with a `requires_grad=True` suffix.

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
print(x)
print("type:", type(x).__name__, "| shape:", x.shape, "| dtype:", x.dtype)

# %% [markdown]
# Its diagram is a single green box (green marks the tensor you passed to `draw`): a **leaf**
# (a tensor you made yourself) that requires grad. Section 4 explains every kind of box.

# %% tags=["minigrad-only"]
viz.draw(x)

# %% [markdown]
# > **Myth check · S000-16 · TRUE** — "Since PyTorch 0.4, `Tensor` and `Variable` are one
# > thing: a tensor itself carries `grad`, `grad_fn` and the other autograd attributes."
# >
# > Before 0.4 you wrapped a tensor in a `Variable` to get autograd. Now every tensor, leaf or
# > computed, is a plain `Tensor` with the autograd fields on it. (Real torch keeps
# > `torch.autograd.Variable(...)` only as a compatibility shim that returns a plain
# > `Tensor`; minigrad leaves it out.)

# %%
y = x * 2
for name, t in [("x", x), ("y", y)]:
    print(f"{name}: type {type(t).__name__}, is a Tensor: {isinstance(t, torch.Tensor)}, "
          f"requires_grad {t.requires_grad}, is_leaf {t.is_leaf}, "
          f"grad_fn {None if t.grad_fn is None else type(t.grad_fn).__name__}")

# %% [markdown]
# ## 2. A first graph and a backward pass
#
# Every operation on a tensor that requires grad is recorded as a node. `backward()` walks
# those nodes from the result back to the leaves and stores the gradient in each leaf's
# `.grad`. Here `f = sum(x²)`, so we expect `x.grad = 2x = [2., 4., 6.]`.

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
f = (x * x).sum()
print("f:", f)
print("x.grad before backward:", x.grad)

# %% [markdown]
# The graph behind `f`, before `backward()` runs:

# %% tags=["minigrad-only"]
viz.draw(f)

# %%
f.backward()
print("x.grad after backward:", x.grad)

# %% [markdown]
# > **Myth check · S000-21 · OUTDATED** — "Adding a grad-requiring `w = ones(1)` to a
# > constant and calling `backward()` prints `w.grad` as `tensor([ 1.])`."
# >
# > The value is right; the printout is PyTorch 0.4's, which padded a space before the
# > number. Since 1.0 it prints `tensor([1.])`. This matters for anything that compares
# > printed text, like these notebooks' tests.

# %%
a = torch.ones(1)
b = torch.ones(1)
c = a + b                            # no grad needed: c is just a number
w = torch.ones(1, requires_grad=True)
total = w + c
total.backward()
print(w.grad)

# %% tags=["minigrad-only"]
viz.draw(total)

# %% [markdown]
# Notice that `c` does not appear: it does not require grad, so the graph has no node for it.
#
# ## 3. Tensors, dtypes and `item()`
#
# A tensor holds numbers of **one** dtype. The notebooks mostly use `float32`.
#
# > **Myth check · S004-1 · MISLEADING** — "The default data type of a tensor is
# > `torch.float32`."
# >
# > `float32` is the default **floating-point** dtype (`torch.get_default_dtype()`, used by
# > `zeros`, `ones` and float literals). But `torch.tensor(...)` infers the dtype from the
# > data: Python ints give `int64`, bools give `bool`. That matters here because only
# > floating-point tensors can require grad, which is why the posts write `1.0`, `3.` or
# > `dtype=torch.float`.

# %%
print(torch.get_default_dtype(), torch.zeros(2).dtype, torch.tensor([1.0]).dtype)
print(torch.tensor([1, 2]).dtype, torch.tensor([True, False]).dtype)

# %% [markdown]
# Expect an error: an integer tensor cannot require grad.

# %% tags=["raises-exception"]
torch.tensor([1, 2]).requires_grad_()

# %% [markdown]
# **How to read this message**
#
# - `only Tensors of floating point dtype`: the check is on the dtype, not on the values.
#   `[1, 2]` became `int64`.
# - `can require gradients`: gradients are about small changes, which integers cannot make.
# - Fix: write `torch.tensor([1., 2.])` or pass `dtype=torch.float32`. (Asking with
#   `requires_grad=True` in the constructor gives a slightly different wording of the same
#   rule.)
#
# > **Myth check · S004-2 · TRUE** — "For `a = torch.tensor([1.0])`: `a.data` is
# > `tensor([1.])`, `a.grad` is `None`, `a.requires_grad` is `False`, the dtype is
# > `float32`, and `a.item()` is the Python float `1.0`."

# %%
a = torch.tensor([1.0])
print(a.data)
print(a.grad)
print(a.requires_grad)
print(a.dtype)
print(a.item(), type(a.item()).__name__)

# %% [markdown]
# A tensor that requires nothing has no graph: its diagram is one grey box (grey = leaf that
# does not require grad).

# %% tags=["minigrad-only"]
viz.draw(a)

# %% [markdown]
# > **Myth check · S004-3 · TRUE** — "If a tensor holds a single number, `item()` returns
# > it as a Python number."
# >
# > Any shape works as long as there is exactly one element. Note that the number is the
# > exact float32 value, so `0.1` comes back as `0.10000000149011612`.

# %%
print(torch.tensor([[7.]]).item())
print(torch.tensor(0.1).item())
print(torch.tensor(3).item(), type(torch.tensor(3).item()).__name__)

# %% [markdown]
# With two elements there is no single number to return. Expect an error.

# %% tags=["raises-exception"]
torch.tensor([1., 2.]).item()

# %% [markdown]
# **How to read this message**
#
# - `a Tensor with 2 elements`: `item()` counts elements, whatever the shape.
# - `cannot be converted to Scalar`: "Scalar" is a single Python number. Use `tolist()` for
#   all the values, or pick one first (`t[0].item()`).
#
# ## 4. How to read a diagram
#
# `viz.draw(t1, t2, ...)` draws the graph behind the tensors you pass. It is a picture of the
# **backward** graph: the nodes `backward()` will visit, with arrows in the direction the
# gradient flows (from the result down to the leaves). Here is a graph with one of each
# kind of box:

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)   # leaf that requires grad
w = torch.tensor([0.5, -1., 2.])                      # constant: requires no grad
h = x * w                                             # a named intermediate result
f = h.sigmoid().sum()                                 # the output
print("f:", f)
print("h:", h)

# %% tags=["minigrad-only"]
viz.draw(f)

# %% [markdown]
# **The legend**
#
# | what you see | what it is |
# | --- | --- |
# | green rounded box | a tensor you passed to `draw` (here `f`) |
# | yellow rounded box | a named intermediate result (`h`): requires grad, not a leaf |
# | blue rounded box | a leaf that requires grad (`x`): `backward()` fills its `.grad` |
# | grey rounded box | a leaf that does not require grad (section 3), or an alias |
# | grey square box | a `grad_fn` node, named as PyTorch names it (`MulBackward0`) |
# | light-blue square box | `AccumulateGrad`: the node that adds a gradient into a leaf's `.grad` |
# | orange note | a value a node **saved** for backward, with its version then and now |
# | red note | a saved value that was changed in place since (backward will raise) |
# | grey dashed note | a saved value already freed by a backward pass |
# | dotted grey arrow | "this tensor was made by this node" (`t.grad_fn`) |
# | black arrow, labelled `0`, `1` | gradient flow to input number 0, 1 of the node |
# | dashed blue arrow `grad` | `AccumulateGrad` writing into `.grad` |
# | dashed purple / red line | two tensors sharing memory (notebook 01) |
#
# Each tensor box lists its name, shape (`[3]`, `[]` for a single number), `vN` (its
# version counter, notebook 05), its values when they are short, and its flags.
#
# Read the example from the top: `f` was made by `SumBackward0`, which passes the gradient
# to `SigmoidBackward0`. That node saved its **result** (orange) because the derivative of
# sigmoid is computed from its output. `MulBackward0` saved `w` (`other = w`): to get `x`'s
# gradient it needs to multiply by `w`. The constant `w` has no box of its own since no
# gradient goes to it.
#
# The same graph in the **forward** direction (data flowing from `x` to `f`, op names
# without the `Backward0`):

# %% tags=["minigrad-only"]
viz.draw(f, view="forward")

# %% [markdown]
# Every diagram also has a text form (it is what you see when no picture can be drawn, and
# what the tests compare): one line per box, then one per arrow, with stable ids (`t0`
# for tensors, `f0` for nodes, `s0` for saved values). `print()` shows it.

# %% tags=["minigrad-only"]
print(viz.draw(h))

# %% [markdown]
# After `backward()`, the diagram shows the gradient on `x` and the saved values as freed
# (grey dashes): backward releases them to save memory, which is why a second `backward()`
# through the same graph fails (notebook 01, section 6).

# %%
f.backward()
print("x.grad:", x.grad)

# %% tags=["minigrad-only"]
viz.draw(f)

# %% [markdown]
# ## 5. Why outputs in older posts look different
#
# Most blog posts about autograd were written for PyTorch 0.4 to 1.x. The behaviour they
# describe has mostly stayed, but the printed text has changed. Match the text against the
# version you run, not against the post.
#
# > **Myth check · S001-13 · OUTDATED** — "The outputs show `grad_fn=<SigmoidBackward>`
# > and `<ViewBackward>`, and the in-place error says `output 0 of SigmoidBackward` with
# > a hint ending in `set_detect_anomaly(True)`."
# >
# > Those are PyTorch 1.1 strings. In 2.13 every generated node name ends with a number
# > (`SigmoidBackward0`, `ViewBackward0`), the error names the op without the `Backward`
# > part (`output 0 of Sigmoid`), and the hint ends with
# > `set_detect_anomaly(True, check_nan=False)`.

# %%
a = torch.tensor([1., 2., 3.], requires_grad=True)
out = a.sigmoid()
print(out)
print(type(a.view(-1, 1).grad_fn).__name__)
print(out.grad_fn.name())

# %% [markdown]
# Now the error itself. `out.detach().zero_()` overwrites the output that
# `SigmoidBackward0` saved; notebook 01 explains why that is fatal. Expect a
# `RuntimeError` when `backward()` reaches the node.

# %%
out.detach().zero_()
print(out)

# %% [markdown]
# The saved result is now drawn **red**: saved at version 0, now at version 1.

# %% tags=["minigrad-only"]
viz.draw(out)

# %% tags=["raises-exception"]
out.sum().backward()

# %% [markdown]
# **How to read this message**
#
# - `one of the variables needed for gradient computation has been modified by an inplace
#   operation`: something a node saved (the red note) was changed after saving.
# - `[torch.FloatTensor [3]]`: the tensor's legacy type name (`FloatTensor` = float32) and
#   its shape. minigrad says `minigrad.FloatTensor`; that is the only difference from torch.
# - `which is output 0 of Sigmoid`: the saved tensor is the first output of the sigmoid op,
#   i.e. `out`. 2.13 writes the op name; 1.x wrote `SigmoidBackward`.
# - `is at version 1; expected version 0 instead`: one in-place edit happened since.
# - `Hint: ... set_detect_anomaly(True, check_nan=False)`: anomaly mode points at the forward
#   line that created the node (notebook 05). The traceback (not compared by the tests)
#   now goes through `torch/_tensor.py`; old posts show `torch/tensor.py`.
#
# ## 6. How the widgets work
#
# Widgets are small interactive panels (built on ipywidgets). They need a **running
# kernel**: open the notebook in JupyterLab and run the cells. In a static view (GitHub, an
# HTML export) you see a text version of the widget's first state instead.
#
# Every widget is a thin layer over a plain Python object, `widget.model`, which you can
# also drive from code. The text you see stored under a widget is `widget.model.text()`.
#
# **Quiz: predict, then run.** Pick an answer, then press **Run**: the quiz runs the code,
# shows what it printed, and tells you whether your prediction was right. The code runs on
# its own tensors, so the cells around it are not affected.

# %% tags=["minigrad-only"]
def square_then_backward():
    p = torch.tensor([1., 2., 3.], requires_grad=True)
    (p * p).sum().backward()
    print("p.grad =", p.grad)


viz.Quiz("p = tensor([1., 2., 3.], requires_grad=True); (p * p).sum().backward(). What is p.grad?",
         ["tensor([1., 4., 9.])", "tensor([2., 4., 6.])", "tensor([1., 2., 3.])", "None"],
         answer="tensor([2., 4., 6.])", run=square_then_backward,
         explanation="Each element contributes p² to the sum, and d(p²)/dp = 2p: [2., 4., 6.].")

# %% [markdown]
# The same thing from code, on a throwaway quiz: `choose()` is clicking a radio button,
# `run()` is pressing Run.

# %% tags=["minigrad-only"]
warmup = viz.Quiz("What does torch.tensor([1., 2.]).sum() print?",
                  ["tensor(3.)", "3.0"], answer=0,
                  run=lambda: print(torch.tensor([1., 2.]).sum()),
                  explanation="Reductions return a 0-d tensor; .item() would give 3.0.")
warmup.model.choose("3.0")
warmup.model.run()
print(warmup.model.text())

# %% [markdown]
# **BackwardStepper: one node at a time.** It replays `backward()` for a result: **Next**
# and **Prev** (or the slider) move through the nodes in the order the engine runs them.
# The current node is outlined in orange, finished ones in green, and each step lists the
# gradient that arrived (`grad_output`) and what was passed to each input. The stepper
# does not change your tensors: `.grad` fields are restored after it records the run.
#
# This is the graph it will walk (with `g = x * w` summed):

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
w = torch.tensor([0.5, -1., 2.])
g = (x * w).sum()

# %% tags=["minigrad-only"]
viz.draw(g)

# %% tags=["minigrad-only"]
stepper = viz.BackwardStepper(g)
stepper

# %% [markdown]
# Driving it from code: go to the last step and read it. Expect `x.grad = w`.

# %% tags=["minigrad-only"]
stepper.model.goto(3)
print(stepper.model.text())
print("x.grad outside the stepper is still:", x.grad)

# %% [markdown]
# **LiveGraph: a diagram that keeps up.** `viz.LiveGraph("g")` follows the *variable*
# `g`: after every cell you run it redraws whatever `g` is now. Run the next two cells and
# watch the panel grow. Call `.close()` to stop it.

# %% tags=["minigrad-only"]
live = viz.LiveGraph("g")
live

# %% tags=["minigrad-only"]
g = g.exp()

# %% tags=["minigrad-only"]
live.close()
print(live.text())

# %% [markdown]
# **Labs.** Later notebooks have bigger panels built the same way, each around one
# experiment: `InplaceLab` (edit a saved tensor through `detach()`, `.data` or a view),
# `ViewsLab` (what views, `detach()`, `.data` and `clone()` share), `LeafTable` (who gets a
# `.grad`), `HookOrderLab` (which hook fires when), and `GradModeLab` (`no_grad`,
# `inference_mode`, `requires_grad`).
#
# ## 7. Exercises with automatic verdicts
#
# Exercises come in pairs of cells: one **you edit**, then a **check** cell that prints a
# verdict ("Not yet: ..." with a reason, or "Correct!"). They ship unsolved, so the stored
# verdict is "Not yet". Edit the first cell, run both, repeat.
#
# **Exercise.** Make `p` a tensor holding `1, 2, 3` such that `backward()` of
# `(p * p).sum()` fills `p.grad` with `[2., 4., 6.]`.
#
# <details><summary>Hint</summary>
#
# Two things are missing: float values and `requires_grad=True`.
#
# </details>

# %%
p = torch.tensor([1, 2, 3])         # <- edit this line

# %%
def check_p(p):
    if not isinstance(p, torch.Tensor):
        return "Not yet: p should be a tensor."
    if not p.dtype.is_floating_point:
        return f"Not yet: p has dtype {p.dtype}; only floating-point tensors can require grad."
    if p.tolist() != [1., 2., 3.]:
        return f"Not yet: p should hold 1, 2, 3, not {p.tolist()}."
    if not p.requires_grad:
        return "Not yet: p does not require grad, so backward() would have nothing to fill."
    if not p.is_leaf:
        return "Not yet: p should be a leaf (made directly, not computed from another tensor)."
    (grad,) = torch.autograd.grad((p * p).sum(), p)
    if grad.tolist() != [2., 4., 6.]:
        return f"Not yet: the gradient came out as {grad.tolist()}."
    return "Correct! p is a float leaf that requires grad."


print(check_p(p))

# %% [markdown]
# What your `p` looks like now (once it is right: a single green box, the tensor you drew):

# %% tags=["minigrad-only"]
viz.draw(p)

# %% [markdown]
# ## Summary
#
# | topic | the short version |
# | --- | --- |
# | minigrad | a NumPy autograd engine that prints what PyTorch 2.13 prints; `import minigrad as torch` |
# | imports | `from minigrad import viz` for the extras; avoid `from torch.x import ...` |
# | Tensor vs Variable | one thing since 0.4: every tensor has `requires_grad`, `grad`, `grad_fn`, `is_leaf` |
# | dtypes | `torch.tensor([1, 2])` is `int64`; only float tensors can require grad |
# | `item()` | one element, any shape → a Python number; more elements → `RuntimeError` |
# | printed text | 2.13 prints `tensor([1.])`, `SigmoidBackward0`, `output 0 of Sigmoid`, `check_nan=False` |
# | diagrams | `viz.draw(t)`: green = what you asked for, blue = grad leaf, yellow = intermediate, orange = saved, red = stale |
# | widgets | need a running kernel; `widget.model` is the same thing from code |
# | exercises | edit cell + check cell; aim for "Correct!" |
#
# ## The notebooks
#
# | notebook | what it covers |
# | --- | --- |
# | [01 · detach() vs .data](01_detach_vs_data.ipynb) | shared storage, shared vs separate version counters, the sigmoid example, `clone` / `=` / `copy_`, `detach_()` |
# | [02 · Leaf tensors](02_leaf_tensors.ipynb) | what makes a leaf, who gets `.grad`, `nn.Parameter` |
# | [03 · retain_grad and hooks](03_retain_grad_and_hooks.ipynb) | non-leaf gradients, `retain_grad()`, tensor hooks |
# | [04 · no_grad](04_no_grad.ipynb) | `no_grad`, `set_grad_enabled`, `inference_mode`, `requires_grad_(False)`, `detach` compared |
# | [05 · In-place ops and versions](05_inplace_and_versions.ipynb) | saved tensors, which ops save what, views, reading the error, anomaly mode |
# | [06 · Under the hood](06_under_the_hood.ipynb) | write your own `Function`, walk the engine, what minigrad simplifies |
#
# **Next:** [01 · detach() vs .data](01_detach_vs_data.ipynb)
