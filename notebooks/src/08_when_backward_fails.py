# %% [markdown] key="title"
# # 08 · When `backward()` fails: from the message to the fix
#
# Most learners meet autograd through an error in their own training script. This notebook
# starts from the failures searched for most, each in a small realistic snippet: the
# message, what it says, the cause in a diagram, the fix, run, and a one-line rule; links
# lead to the mechanisms.
#
# **In this notebook** (about 40 minutes): a GAN step with two optimizers ·
# in-place ops on saved values · backward twice · a loss without a graph · `.grad` is `None`
# · in-place on a leaf · doubled gradients and growing memory · `where` around `sqrt` ·
# messages from other versions · two exercises · a symptom → fix table.
#
# `viz.explain(err)` reads these messages; `viz.find_inplace(step)` names the line of an
# in-place op that broke backward. Rules in one page: [cheat sheet](cheatsheet.md).

# %%
import warnings

import minigrad as torch
from minigrad import nn

# %% tags=["minigrad-only"]
from minigrad import viz
from minigrad.viz.quizbank.nb08 import check_hand_step, check_rnn_loop

# %% [markdown] key="s1-inplace"
# ## 1. "modified by an inplace operation" <a id="inplace-modified"></a>
#
# ### A GAN step with two optimizers
#
# A GAN trains a generator `G` and a discriminator `D`, each with its own optimizer. A
# common first version computes `D(fake)` once and uses it in both losses; the first run
# raised "backward through the graph a second time", so `retain_graph=True` was added.

# %%
def fixed(layer, weight, bias):
    """A layer with given weights, so that every run prints the same numbers."""
    with torch.no_grad():
        layer.weight.copy_(torch.tensor(weight))
        layer.bias.copy_(torch.tensor(bias))
    return layer


def make_gan():
    G = fixed(nn.Linear(2, 2), [[1., 0.5], [-0.5, 1.]], [0., 0.])
    D = nn.Sequential(fixed(nn.Linear(2, 1), [[0.3, -0.7]], [0.1]), nn.Sigmoid())
    return G, D, torch.optim.SGD(G.parameters(), lr=0.1), torch.optim.SGD(D.parameters(), lr=0.1)


bce = nn.BCELoss()
noise = torch.tensor([[0.1, 0.2], [0.3, -0.1]])
real = torch.tensor([[1., 1.], [0.5, 1.5]])
ones, zeros = torch.ones(2, 1), torch.zeros(2, 1)


def gan_step(G, D, opt_g, opt_d):
    fake = G(noise)
    p_real, p_fake = D(real), D(fake)
    d_loss = bce(p_real, ones) + bce(p_fake, zeros)
    opt_d.zero_grad()
    d_loss.backward(retain_graph=True)
    opt_d.step()
    g_loss = bce(p_fake, ones)             # the same p_fake, for G's step
    opt_g.zero_grad()
    g_loss.backward()
    opt_g.step()

# %% tags=["minigrad-only"]
viz.quiz("08/gan-which-tensor", run=lambda: gan_step(*make_gan()))

# %% tags=["raises-exception"] jupyter={"outputs_hidden": true}
gan_step(*make_gan())

# %% [markdown] key="s1-read" jupyter={"source_hidden": true}
# **How to read this message**
#
# [05 §4](05_inplace_and_versions.ipynb) takes the message apart. New here: `[2, 1]` is
# `D[0].weight` **transposed**, the view a Linear layer saves for the gradient of its input,
# reported as `AsStrided`. Version 2: `nn.Linear`'s initialisation and `fixed` wrote into
# it. Version 3: `opt_d.step()`. `retain_graph=True` kept the old graph, stale weight
# included: in the diagram of G's backward, the saved `mat2` is red.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
G, D, opt_g, opt_d = make_gan()
fake = G(noise)
p_fake = D(fake)
opt_d.zero_grad()
(bce(D(real), ones) + bce(p_fake, zeros)).backward(retain_graph=True)
opt_d.step()
viz.draw(bce(p_fake, ones))

# %% [markdown] key="s1-fix"
# ### The fix
#
# D's loss sees `fake.detach()`, so D's backward stops there ([07 §4](07_training_loop.ipynb));
# G's loss comes from a **fresh** `D(fake)`, computed after `opt_d.step()`. No
# `retain_graph` needed.

# %%
def gan_step_fixed(G, D, opt_g, opt_d):
    fake = G(noise)
    d_loss = bce(D(real), ones) + bce(D(fake.detach()), zeros)
    opt_d.zero_grad()
    d_loss.backward()
    opt_d.step()
    g_loss = bce(D(fake), ones)                   # a fresh pass through the updated D
    opt_g.zero_grad()
    g_loss.backward()
    opt_g.step()
    return d_loss.item(), g_loss.item()


G, D, opt_g, opt_d = make_gan()
for step in range(3):
    print("step", step, "d_loss %.4f  g_loss %.4f" % gan_step_fixed(G, D, opt_g, opt_d))

# %% [markdown] key="s1-rule"
# **Rule:** after `optimizer.step()`, a graph that saved the old weights is stale; run the
# forward pass again.
#
# ### In-place ops on a value a node saved
#
# The other road to this message: `nn.ReLU(inplace=True)`, `h += residual` or `sigmoid_()`
# writing into a tensor a node saved ([05 §3](05_inplace_and_versions.ipynb)).

# %%
def block_a():
    return nn.Sequential(fixed(nn.Linear(3, 3), [[0.1, 0.2, 0.3]] * 3, [0., 0., 0.]),
                         nn.Sigmoid(), nn.ReLU(inplace=True))


def block_b():
    return nn.Sequential(fixed(nn.Linear(3, 3), [[0.1, 0.2, 0.3]] * 3, [0., 0., 0.]),
                         nn.ReLU(inplace=True))


x = torch.tensor([[1., -1., 2.], [0.5, 0., -2.]])

# %% tags=["minigrad-only"]
def both_blocks():
    for name, make in (("A", block_a), ("B", block_b)):
        try:
            make()(x).sum().backward()
            print(name, "backward ran")
        except RuntimeError as err:
            print(name, "RuntimeError:", str(err)[:120], "...")


viz.quiz("08/which-block-raises", run=both_blocks)

# %% tags=["raises-exception"] jupyter={"outputs_hidden": true}
block_a()(x).sum().backward()

# %% [markdown] key="s1b-read" jupyter={"source_hidden": true}
# **How to read this message**
#
# `output 0 of Sigmoid`: the output `SigmoidBackward0` saved at version 0 is at version 1,
# because `relu_` wrote into it. In block B, `relu_` writes into the Linear's output, which
# no node saved. Block A, drawn: the sigmoid's saved `result` is red.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(block_a()(x))

# %% [markdown] key="s1b-find"
# ### Which line made the edit? `viz.find_inplace`
#
# The message names the saved tensor; torch's anomaly mode shows where the failing node was
# created. Neither names the in-place op. `viz.find_inplace(step)` runs the step, records
# every version bump with its line, and names the one that made the saved tensor stale:

# %% tags=["minigrad-only"]
def residual_step():
    lin = fixed(nn.Linear(3, 3), [[0.1, 0.2, 0.3]] * 3, [0., 0., 0.])
    h = torch.sigmoid(lin(x))
    h += x
    h.sum().backward()


found = viz.find_inplace(residual_step)
print("line:", found.site.line, "| in", found.site.function)
print("node:", found.node, "| saved at version", found.saved_version,
      "| found at", found.found_version)
explanation = found.explanation              # what viz.explain(err) says about the error
print(explanation.title)
for fix in explanation.fix:
    print(" -", fix)

# %% [markdown] key="s1b-fix"
# The fix is the out-of-place form (`nn.ReLU()`, `h = h + x`, `p = p.clamp(...)`): a new
# tensor, and the saved one stays as it was.

# %%
lin = fixed(nn.Linear(3, 3), [[0.1, 0.2, 0.3]] * 3, [0., 0., 0.])
h = torch.sigmoid(lin(x))
h = h + x                                    # a new tensor; the saved output is untouched
h.sum().backward()
print(lin.weight.grad[0])

# %% [markdown] key="s1b-rule"
# **Rule:** never write in place into the output of `sigmoid`, `tanh`, `exp` or `relu`;
# in-place ops are safe only on tensors no node saved.

# %% [markdown] key="s2-twice"
# ## 2. "Trying to backward through the graph a second time" <a id="backward-twice"></a>
#
# Backward frees what the nodes saved once it has used it ([01, M2](01_detach_vs_data.ipynb)
# takes the message apart). Three usual causes: a hidden state carried across batches, two
# losses backpropagated in turn, a re-run cell. First an `nn.RNNCell` carrying `h` across
# batches.

# %%
def make_cell():
    cell = nn.RNNCell(1, 2)                 # h' = tanh(x W_ih^T + b_ih + h W_hh^T + b_hh)
    with torch.no_grad():
        cell.weight_ih.copy_(torch.tensor([[0.5], [-0.3]]))
        cell.weight_hh.copy_(torch.tensor([[0.2, -0.1], [0.4, 0.3]]))
        cell.bias_ih.copy_(torch.tensor([0., 0.1]))
        cell.bias_hh.zero_()
    return cell


batches = torch.linspace(-1, 1, 12).reshape(4, 3, 1, 1)     # 4 batches of 3 steps


def rnn_loop(retain_graph=False):
    cell = make_cell()
    opt = torch.optim.SGD(cell.parameters(), lr=0.5)
    h = torch.zeros(1, 2)
    for batch in batches:
        for x_t in batch:
            h = cell(x_t, h)
        loss = h.pow(2).mean()
        opt.zero_grad()
        loss.backward(retain_graph=retain_graph)
        opt.step()

# %% tags=["raises-exception"]
rnn_loop()

# %% [markdown] key="s2-read"
# Batch 2's graph goes through `h` back into batch 1's nodes, whose saved tensors batch 1's
# backward freed. Drawn: two steps after a backward; the older step's buffers are freed.

# %% tags=["minigrad-only"]
cell = make_cell()
h1 = cell(batches[0][0], torch.zeros(1, 2))
h1.pow(2).mean().backward()
h2 = cell(batches[0][1], h1)
viz.draw(h2.pow(2).mean())

# %% [markdown] key="s2-bandaid"
# ### `retain_graph=True` as a band-aid
#
# The message says "Specify retain_graph=True", so people try it.

# %% tags=["minigrad-only"]
viz.quiz("08/rnn-band-aid", run=lambda: rnn_loop(retain_graph=True))

# %% tags=["raises-exception"] jupyter={"outputs_hidden": true}
rnn_loop(retain_graph=True)

# %% [markdown] key="s2-bandaid-read" jupyter={"source_hidden": true}
# **Explanation**
#
# Kept graphs live only until a step changes a weight they saved. Batch 1's nodes saved
# `weight_hh` (`AsStrided`, [2, 2]) at version 2; the step after batch 1 made it 3, and
# batch 2's backward runs back into batch 1's nodes. Without a step the band-aid raises
# nothing and costs instead. Measured on a GPU (torch 2.11, `nn.RNNCell(2048, 2048)`,
# batch 256): memory grew 2 MiB a batch (99 → 177 MiB over 40 batches), one backward took
# 2.4 ms at batch 10 and 8.7 ms at batch 40; with `h = h.detach()`, a flat 32 MiB and
# 0.3–0.5 ms.

# %% [markdown] key="s2-fix"
# ### The fix: detach what you carry
#
# `h = h.detach()` at the start of each batch keeps the values, drops the old graph:
# truncated backpropagation through time ([07 §4](07_training_loop.ipynb)).

# %%
cell = make_cell()
opt = torch.optim.SGD(cell.parameters(), lr=0.5)
h = torch.zeros(1, 2)
for number, batch in enumerate(batches, 1):
    h = h.detach()                                  # the only new line
    for x_t in batch:
        h = cell(x_t, h)
    loss = h.pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print("batch", number, "loss %.4f" % loss.item())

# %% [markdown] key="s2-two-losses"
# Two losses on a shared trunk, backpropagated in turn, raise it too. Add them instead:
# one pass, the same gradients.

# %% tags=["raises-exception"]
trunk = fixed(nn.Linear(2, 2), [[1., 2.], [3., 4.]], [0., 0.])
features = torch.tanh(trunk(torch.tensor([[0.5, -0.5]])))
loss_a, loss_b = features.sum(), features.pow(2).mean()
loss_a.backward()
loss_b.backward()

# %%
trunk.zero_grad()
features = torch.tanh(trunk(torch.tensor([[0.5, -0.5]])))
(features.sum() + features.pow(2).mean()).backward()
print(trunk.weight.grad)

# %% [markdown] key="s2-rule"
# **Rule:** one forward, one backward: detach carried state, add losses, re-run the forward
# cell too. `retain_graph=True` is for a second pass you need, not a silencer.
#
# ## 3. "element 0 of tensors does not require grad" <a id="no-grad-fn"></a>
#
# The loss is not part of any graph ([01 §2](01_detach_vs_data.ipynb)). Usual cuts: a loss
# rebuilt from `.item()` or `torch.tensor(loss)`, computed under `no_grad` or by a frozen
# model, or passed through `argmax` or an integer cast.

# %%
model = fixed(nn.Linear(2, 3), [[0.2, -0.1], [0.4, 0.3], [-0.5, 0.1]], [0., 0., 0.])
inputs = torch.tensor([[1., 0.], [0., 1.], [1., 1.], [-1., 0.5]])
labels = torch.tensor([0, 1, 2, 0])
logits = model(inputs)
accuracy = (logits.argmax(dim=1) == labels).float().mean()
print("argmax:", logits.argmax(dim=1), "| accuracy:", accuracy)

# %% tags=["raises-exception"]
(1 - accuracy).backward()                  # "maximise the accuracy"

# %% [markdown] key="s3-read"
# `argmax` returns integers, which never require grad; the accuracy computed from them has
# no graph: the diagram is a lone tensor. `round()` is quieter: it keeps a `grad_fn`, with gradient 0.

# %% tags=["minigrad-only"]
viz.draw(1 - accuracy)

# %% [markdown] key="s3-fix"
# The fix: a differentiable loss on the logits (cross-entropy), `.item()` only for printing.

# %%
loss = nn.functional.cross_entropy(logits, labels)
print("requires_grad:", loss.requires_grad, "| grad_fn:", loss.grad_fn.name())
loss.backward()
print("accuracy (for the log):", accuracy.item())

# %% [markdown] key="s3-rule"
# **Rule:** check `loss.grad_fn` before `backward()`; numbers and indices carry no graph.
#
# ## 4. `.grad` is `None`
#
# No error: a `None`, and a `UserWarning` (`first_lines` prints its first line).

# %% [markdown] key="s4-moved"
# ### A weight moved or cast after `requires_grad=True` <a id="leaf-moved"></a>

# %%
def first_lines(run):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            run()
        finally:                              # print them even when run() raises
            for w in caught:
                print(f"{w.category.__name__}: {str(w.message).split('. ')[0]}.")


w = torch.tensor([0.5, -0.5], requires_grad=True).double()
loss = (w * torch.tensor([1., 2.], dtype=torch.float64)).sum()
loss.backward()
first_lines(lambda: print("w.grad:", w.grad, "| is_leaf:", w.is_leaf, "|", w.grad_fn.name()))

# %% [markdown] key="s4-moved-read"
# `.double()` (like `.to(device)`) made a copy (`ToCopyBackward0`); the gradient went to the
# float32 leaf behind it, which no variable holds. `viz.explain(w)` spots the case:

# %% tags=["minigrad-only"]
viz.explain(w).kind

# %% [markdown] key="s4-moved-fix"
# The fix: create it with its final dtype and device ([02 §4](02_leaf_tensors.ipynb)).

# %%
w = torch.tensor([0.5, -0.5], dtype=torch.float64, requires_grad=True)
(w * torch.tensor([1., 2.], dtype=torch.float64)).sum().backward()
print("w.grad:", w.grad, "| is_leaf:", w.is_leaf)

# %% [markdown] key="s4-rebind"
# ### A rebound name, or a computed tensor <a id="non-leaf-grad"></a>
#
# `w = w - lr * w.grad` works once: it binds `w` to a computed tensor, whose `.grad` stays
# `None`.

# %% tags=["raises-exception"]
def rebinding_sgd():
    w = torch.tensor([0.5, -0.5], requires_grad=True)
    for step in range(2):
        ((w - 1) ** 2).sum().backward()
        print("step", step, "| w.is_leaf:", w.is_leaf, "| w.grad:", w.grad)
        w = w - 0.1 * w.grad


first_lines(rebinding_sgd)

# %% [markdown] key="s4-rule"
# Fix: the update of section 5. For an intermediate tensor, `retain_grad()` before backward
# ([03 §1](03_retain_grad_and_hooks.ipynb)).
#
# **Rule:** only leaves get `.grad`; when it is `None`, check `t.is_leaf`.
#
# ## 5. "a leaf Variable that requires grad is being used in an in-place operation" <a id="leaf-inplace"></a>
#
# The same SGD step in place, but outside `no_grad` (an in-place init after
# `requires_grad=True`, such as `w.normal_()`, raises it too):

# %% tags=["raises-exception"]
w = torch.tensor([0.5, -0.5], requires_grad=True)
((w - 1) ** 2).sum().backward()
w -= 0.1 * w.grad

# %% [markdown] key="s5-leaf-read"
# The edit would have to be recorded in the graph whose gradient lands in that very leaf
# ([05 §7](05_inplace_and_versions.ipynb)). The fix: update under `no_grad`, then clear the
# gradient.

# %%
w = torch.tensor([0.5, -0.5], requires_grad=True)
((w - 1) ** 2).sum().backward()
with torch.no_grad():
    w -= 0.1 * w.grad
w.grad = None
print(w, "| is_leaf:", w.is_leaf)

# %% tags=["minigrad-only"]
viz.draw((w - 1) ** 2)

# %% [markdown] key="s5-rule"
# **Rule:** edit leaves under `torch.no_grad()`.
#
# ## 6. No error at all: doubled gradients, growing memory
#
# **Forgotten `zero_grad()`:** backward *adds* into `.grad` ([07 §1](07_training_loop.ipynb)),
# so a loop without `zero_grad()`, or a backward cell run twice, steps with a sum:

# %%
w = torch.tensor([1., 2.], requires_grad=True)
for run in range(2):                          # the same cell, run twice
    (w * w).sum().backward()
    print("after run", run + 1, "w.grad:", w.grad)

# %% [markdown] key="s6-total"
# **`total_loss += loss`** chains every step's graph ([07 §5](07_training_loop.ipynb)). In
# training, backward frees the saved activations; in evaluation without `no_grad`, they
# stay. Measured on a GPU (torch 2.11, `Linear(4096, 4096) → Tanh → Linear(4096, 1)`, batch
# 1024): training with `total += loss` stayed at 64 MiB over 100 steps; evaluation grew
# 16 MiB a step (640 MiB at 40), and 16 MiB flat with `total += loss.item()`. Drawn: two
# evaluation steps, all saved tensors alive.

# %% tags=["minigrad-only"]
total = 0.0
for _ in range(2):
    total = total + ((model(inputs) - 1) ** 2).mean()     # evaluation, no no_grad
viz.draw(total)

# %% [markdown] key="s6-rule"
# **Rule:** `zero_grad()` once per step; log `loss.item()`; evaluate under `no_grad`.
#
# ## 7. `torch.where` around a square root <a id="nan-gradient"></a>
#
# A square root only where it is defined looks safe:

# %% tags=["minigrad-only"]
def sqrt_where():
    x = torch.tensor([4., 0., -1.], requires_grad=True)
    y = torch.where(x > 0, torch.sqrt(x), 0.)
    y.sum().backward()
    print("y:", y, "| x.grad:", x.grad)


viz.quiz("08/sqrt-where", run=sqrt_where)

# %% [markdown] key="s7-explain" jupyter={"source_hidden": true}
# **Explanation**
#
# `where` sends a zero gradient to the branch it did not pick, but `sqrt` ran everywhere and
# its backward divides by `2 * sqrt(x)`: `0 / 0` at 0, `0 / nan` at −1. Drawn:
# `SqrtBackward0` keeps its result, `[2., 0., nan]`.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
x = torch.tensor([4., 0., -1.], requires_grad=True)
viz.draw(torch.where(x > 0, torch.sqrt(x), 0.))

# %% [markdown] key="s7-anomaly"
# ### Finding the node: anomaly mode
#
# Anomaly mode checks every node's backward result and raises at the first NaN; on during
# the forward too, it warns with the line that created the node.

# %% tags=["raises-exception"]
x = torch.tensor([4., 0., -1.], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():
        y = torch.where(x > 0, torch.sqrt(x), 0.)
        y.sum().backward()

# %% [markdown] key="s7-fix"
# Below: the caught warnings (the first says anomaly mode is slow), then the fix: `sqrt` gets
# a safe input where its value is unused.

# %%
for warning in caught:
    print(f"{warning.category.__name__}: {str(warning.message).splitlines()[0]}")
x = torch.tensor([4., 0., -1.], requires_grad=True)
safe = torch.where(x > 0, x, 1.)                      # 1. where sqrt's value is not used
y = torch.where(x > 0, torch.sqrt(safe), 0.)
y.sum().backward()
print("y:", y, "| x.grad:", x.grad)

# %% [markdown] key="s7-rule"
# **Rule:** `where` does not shield a branch's backward: give the unused branch a safe
# input (also for `log`, `1 / x`).
#
# ## 8. Messages from other versions and devices
#
# These are torch 2.13's messages on the CPU. torch 2.11 on a GPU prints
# `[torch.cuda.FloatTensor [3]], which is output 0 of SigmoidBackward0` where 2.13 prints
# `[torch.FloatTensor [3]], which is output 0 of Sigmoid`; 1.x printed `SigmoidBackward`
# and a hint without `check_nan`. Same meaning, same fix; `viz.explain` reads them all:

# %% tags=["minigrad-only"]
pasted = ("one of the variables needed for gradient computation has been modified by an "
          "inplace operation: [torch.cuda.FloatTensor [3]], which is output 0 of "
          "SigmoidBackward0, is at version 1; expected version 0 instead. Hint: enable "
          "anomaly detection to find the operation that failed to compute its gradient, "
          "with torch.autograd.set_detect_anomaly(True, check_nan=False).")
e = viz.explain(pasted)
print(e.kind, e.tensor_type, e.shape, e.grad_fn_name, e.version, e.expected_version)

# %% [markdown] key="exercises"
# ## 9. Exercises
#
# Edit the cell, run it, press **Check** (stored verdict: "Not yet").
#
# **1. Fix the RNN loop** of section 2, band-aid included: each batch of three steps should
# backpropagate through its own steps only.

# %%
def train_rnn(cell, opt, batches):
    h = torch.zeros(1, 2)
    for batch in batches:
        for x in batch:
            h = cell(x, h)
        loss = h.pow(2).mean()
        opt.zero_grad()
        loss.backward(retain_graph=True)
        opt.step()

# %% tags=["minigrad-only"]
viz.exercise("08/rnn-loop", check=lambda: check_rnn_loop(train_rnn))

# %% [markdown] key="exercise-2"
# **2. Fix a hand-written training step**: four bugs from this notebook, two silent. Return
# the trained leaf `w` and the mean loss as a number.

# %%
def train(X, Y, steps=3):
    w = torch.tensor([[0.5], [-0.3]], requires_grad=True)
    total = 0.0
    for _ in range(steps):
        p = torch.sigmoid(X @ w)
        p.clamp_(min=1e-6, max=1 - 1e-6)             # keep log() finite
        loss = -(Y * p.log() + (1 - Y) * (1 - p).log()).mean()
        loss.backward()
        w -= 0.5 * w.grad
        total += loss
    return w, total / steps

# %% tags=["minigrad-only"]
viz.exercise("08/hand-step", check=lambda: check_hand_step(train))

# %% [markdown] key="symptom-to-fix"
# ## 10. Symptom → fix <a id="symptom-to-fix"></a>
#
# | symptom | usual cause | fix | § |
# | --- | --- | --- | --- |
# | `modified by an inplace operation`, `AsStrided` | `optimizer.step()` before a backward | forward again after the step | 1 |
# | `modified by an inplace operation`, `Sigmoid` | `inplace=True`, `+=`, `sigmoid_()` | out-of-place op; `viz.find_inplace` | 1 |
# | `backward through the graph a second time` | carried state; two losses; re-run cell | `h.detach()`; add the losses | 2 |
# | `does not require grad and does not have a grad_fn` | `.item()`, `argmax`, `no_grad`, frozen | loss from the graph | 3 |
# | `.grad` is `None` | `.double()` after `requires_grad`; `w = w - ...` | final dtype at creation; update under `no_grad` | 4 |
# | `a leaf Variable that requires grad` | SGD step or init outside `no_grad` | `torch.no_grad()` | 5 |
# | gradients too large | `zero_grad()` forgotten | `zero_grad()` each step | 6 |
# | memory grows | `total += loss` | `loss.item()`; `no_grad` | 6 |
# | NaN in `.grad` | `where` around `sqrt`, `log` | safe input; anomaly mode | 7 |
# | any other message | | `viz.explain(err)` | |
#
# **Next:** back to [00 · Start here](00_start_here.ipynb) · [cheat sheet](cheatsheet.md)

# %% [markdown] key="optional"
# ## Optional depth: six more refusals
#
# Each cell below raises one of the other messages `viz.explain` knows; the text says the fix.
#
# ### `.numpy()` on a tensor that requires grad <a id="numpy-requires-grad"></a>
#
# The array would share memory with a tensor in the graph and know nothing of gradients:
# cut it first, `prediction.detach().numpy()` (on a GPU, `.detach().cpu().numpy()`).

# %% tags=["raises-exception"]
prediction = model(inputs)
prediction.numpy()

# %% [markdown] key="opt-nonscalar"
# ### `backward()` on several numbers <a id="non-scalar-output"></a>
#
# Without an argument, backward starts from the gradient 1, which needs a single number
# ([07 §2](07_training_loop.ipynb)). Reduce first: `per_sample.mean().backward()`.

# %% tags=["raises-exception"]
per_sample = ((prediction - 1) ** 2).mean(dim=1)
per_sample.backward()

# %% [markdown] key="opt-view"
# ### An in-place edit of a view autograd cannot follow <a id="view-inplace"></a>
#
# `unbind`, `split` and `chunk` return several views at once; autograd cannot rewrite the
# history of all of them for one in-place edit. Write `a = a + 1`, or `clone()` the piece.

# %% tags=["raises-exception"]
a, b = (torch.tensor([[1., 2.], [3., 4.]], requires_grad=True) * 2).unbind(0)
a.add_(1)

# %% [markdown] key="opt-int"
# ### Integer tensors cannot require grad <a id="int-requires-grad"></a>
#
# `[1, 2, 3]` makes an `int64` tensor. Write `[1., 2., 3.]`.

# %% tags=["raises-exception"]
torch.tensor([1, 2, 3], requires_grad=True)

# %% [markdown] key="opt-unused"
# ### `autograd.grad` for an input the output never used <a id="unused-input"></a>
#
# Pass `allow_unused=True` (that result is then `None`) or leave the input out.

# %% tags=["raises-exception"]
p = torch.tensor([1., 2.], requires_grad=True)
q = torch.tensor([3., 4.], requires_grad=True)
torch.autograd.grad((p * 2).sum(), [p, q])

# %% [markdown] key="opt-nonleaf-flag"
# ### `requires_grad` changed on a computed tensor <a id="requires-grad-nonleaf"></a>
#
# A computed tensor's flag follows from its inputs. Use `y = y.detach()`, or freeze the
# parameter itself ([04 §6](04_no_grad.ipynb)).

# %% tags=["raises-exception"]
y = model(inputs)
y.requires_grad_(False)
