# %% [markdown] key="title"
# # 07 · Autograd in a real training loop
#
# This notebook puts autograd back where you meet it every day: a loop of *forward, loss,
# backward, step*. Each section is a mistake (or a trick) of real training code.
#
# **In this notebook** (about 40 minutes): `zero_grad()`, and leaving it out on purpose
# (gradient accumulation) · `backward()` of a non-scalar · `model.eval()` vs `no_grad()` ·
# truncated backpropagation through time (BPTT) · logging the loss. Then three exercises;
# optional depth: the vector-Jacobian product, a GAN step, forward hooks,
# `clip_grad_norm_`, the optimizer's state.
#
# Predict first: pick an answer in the quiz, press *Run*, then open the collapsed cells below
# it. Rules in one page: the [cheat sheet](cheatsheet.md). Every printed value is the same
# under PyTorch 2.13 (the weights are set by hand).

# %%
import weakref

import minigrad as torch
from minigrad import nn

# %% tags=["minigrad-only"]
from minigrad import viz
from minigrad.viz.quizbank.nb07 import check_accumulation, check_evaluate, check_training_loop

# %% [markdown] key="model-one-linear"
# The model is one `Linear(2, 1)` layer with fixed starting weights, and the data are eight
# points. `loss_fn` is the mean squared error.

# %%
def tiny_model():
    """Linear(2 -> 1) starting from weight [0.5, -0.5] and bias 0, for repeatable runs."""
    model = nn.Linear(2, 1)
    with torch.no_grad():
        model.weight.copy_(torch.tensor([[0.5, -0.5]]))
        model.bias.fill_(0.0)
    return model


X = torch.tensor([[1., 2.], [2., 0.], [0., 1.], [3., 1.], [1., 1.], [2., 3.], [0., 2.], [1., 0.]])
Y = torch.tensor([[0.], [3.], [-1.], [4.], [1.], [1.], [-2.], [2.]])
loss_fn = nn.MSELoss()

# %% [markdown] key="1-zero-grad"
# ## 1. `zero_grad()`: why every step calls it
#
# **Why it matters.** Every training loop you will read calls `optimizer.zero_grad()` once per
# step, before `backward()`.
#
# **Predict.** Run the same forward and backward three times without clearing anything.

# %% tags=["minigrad-only"]
def three_backwards():
    model = tiny_model()
    loss_fn(model(X), Y).backward()
    print("after 1 backward:", model.weight.grad)
    loss_fn(model(X), Y).backward()
    loss_fn(model(X), Y).backward()
    print("after 3 backwards:", model.weight.grad)


viz.quiz("07/three-backwards", run=three_backwards)

# %% [markdown] key="three-times-one" jupyter={"source_hidden": true}
# **Explanation**
#
# Three times the gradient of one: `backward()` *adds* into `.grad` and never overwrites it.
# Each pass built a new graph, so no saved tensor was needed twice.

# %% [markdown] key="loop-that-forgets"
# ### A loop without `zero_grad()`
#
# In a loop that forgets `zero_grad()`, step *k* uses the sum of all *k* gradients so far:
# the step grows and points where the model *was*. Compare the losses of eight steps with
# the same learning rate.

# %%
def train(steps, zero_grad=True, lr=0.05):
    model = tiny_model()
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    losses = []
    for _ in range(steps):
        if zero_grad:
            opt.zero_grad()
        loss = loss_fn(model(X), Y)
        loss.backward()
        opt.step()
        losses.append(round(loss.item(), 2))
    return losses


print("with zero_grad:   ", train(8))
print("without zero_grad:", train(8, zero_grad=False))

# %% [markdown] key="with-zero-grad"
# With `zero_grad()` the loss falls steadily. Without it the steps overshoot and the loss
# climbs back up: nothing raises, the model just trains badly. By default `zero_grad()` sets
# each `.grad` to `None` rather than to zeros; the next `backward()` then creates it fresh.

# %% [markdown] key="leaving-out-on"
# ### Leaving it out on purpose: gradient accumulation
#
# When a batch does not fit in memory, split it into micro-batches, call `backward()` on
# each, and step once: the gradients add up in `.grad`, which is exactly what you want here.
# This is called **gradient accumulation**. `MSELoss` takes a *mean* over the batch, though.
#
# **Predict.** The full batch has 8 rows; you split it into 4 micro-batches of 2.

# %% tags=["minigrad-only"]
def micro_batches():
    full = tiny_model()
    loss_fn(full(X), Y).backward()
    accum = tiny_model()
    for i in range(0, 8, 2):
        loss_fn(accum(X[i:i + 2]), Y[i:i + 2]).backward()
    print("full batch:            ", full.weight.grad)
    print("4 micro-batches, no fix:", accum.weight.grad)


viz.quiz("07/micro-batches", run=micro_batches)

# %% [markdown] key="four-times-full" jupyter={"source_hidden": true}
# **Explanation**
#
# Four times the full batch's gradient. Each micro-batch loss is a mean over 2 rows, so every
# row weighs 1/2 instead of 1/8; dividing each micro-batch loss by 4, the number of
# micro-batches, gives the full batch's gradient back.

# %% [markdown] key="accumulation-loop-scaled"
# ### The accumulation loop
#
# One `opt.zero_grad()` before the micro-batches, one `opt.step()` after them. Each
# micro-batch's graph is freed by its `backward()`, so memory holds one micro-batch at a time.

# %%
full = tiny_model()
loss_fn(full(X), Y).backward()

model = tiny_model()
opt = torch.optim.SGD(model.parameters(), lr=0.05)
opt.zero_grad()
for i in range(0, 8, 2):
    micro_loss = loss_fn(model(X[i:i + 2]), Y[i:i + 2]) / 4     # 4 micro-batches
    micro_loss.backward()                                       # adds into .grad
print(model.weight.grad, full.weight.grad)
print("same as the full batch:", (model.weight.grad - full.weight.grad).abs().max().item() < 1e-6)
opt.step()

# %% [markdown] key="2-backward-non"
# ## 2. `backward()` of a non-scalar: which gradient?
#
# **Why it matters.** Sometimes the thing you differentiate is a vector: one loss per sample
# (`reduction="none"`), or a model output you want the gradient of.
#
# **Predict.**

# %% tags=["minigrad-only"]
def vector_backward():
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    per_sample = x ** 2
    per_sample.backward()
    print(x.grad)


viz.quiz("07/vector-backward", run=vector_backward)

# %% tags=["raises-exception"] jupyter={"outputs_hidden": true}
x = torch.tensor([1., 2., 3.], requires_grad=True)
per_sample = x ** 2
per_sample.backward()

# %% [markdown] key="how-read" jupyter={"source_hidden": true}
# **How to read this message**
#
# It raises `grad can be implicitly created only for scalar outputs`: without an argument,
# `backward()` starts from the gradient 1, and 1 only makes sense for a single number. Either
# reduce first (`per_sample.sum().backward()` or `.mean()`), or pass the starting gradient
# yourself: `per_sample.backward(gradient=v)` with `v` shaped like `per_sample`.

# %% [markdown] key="3-model-eval"
# ## 3. `model.eval()` vs `no_grad()` vs `inference_mode()`
#
# **Why it matters.** Evaluating a model needs two different switches, and mixing them up is
# one of the most common bugs in PyTorch code:
# - `model.eval()` sets a flag on every module. Dropout stops dropping; BatchNorm uses its
#   running statistics instead of the batch's and stops updating them.
# - `no_grad()` / `inference_mode()` (notebook 04) stop autograd from recording.
#
# The network below has both kinds of layer.

# %%
def make_net():
    net = nn.Sequential(nn.Linear(4, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Dropout(0.5),
                        nn.Linear(4, 1))
    with torch.no_grad():
        for layer in (net[0], net[4]):
            layer.weight.copy_(torch.linspace(-1, 1, layer.weight.numel())
                               .reshape(layer.weight.shape))
            layer.bias.zero_()
    return net


net = make_net()
batch = torch.linspace(-2, 2, 32).reshape(8, 4)
print(net)

# %% [markdown] key="predict-network-still"
# **Predict.** The network is still in training mode (`net.training` is `True`). You run it
# twice on the same batch inside `torch.no_grad()`.

# %% tags=["minigrad-only"]
def no_grad_in_train_mode():
    fresh = make_net()
    with torch.no_grad():
        a, b = fresh(batch), fresh(batch)
    print("same output twice:", a.tolist() == b.tolist())
    print("BatchNorm batches counted:", fresh[1].num_batches_tracked.item())


viz.quiz("07/no-grad-in-train-mode", run=no_grad_in_train_mode)

# %% [markdown] key="no-grad-did" jupyter={"source_hidden": true}
# **Explanation**
#
# Two different outputs, and two batches counted. `no_grad()` did its own job (no graph) and
# nothing else: Dropout drew new masks, and BatchNorm normalized with the batch's statistics
# and moved its running averages towards them.

# %% [markdown] key="all-combinations"
# ### All the combinations
#
# Each row reports whether a graph was recorded, whether two calls agree (Dropout off), and
# whether BatchNorm's running statistics moved.

# %%
def report(label, mode, context):
    net.train(mode == "train")
    seen = net[1].num_batches_tracked.item()
    with context():
        a, b = net(batch), net(batch)
    print(f"{label:28} graph={a.grad_fn is not None!s:5}  same twice={a.tolist() == b.tolist()!s:5}"
          f"  stats moved={net[1].num_batches_tracked.item() != seen}")


report("train()", "train", torch.enable_grad)
report("train() + no_grad()", "train", torch.no_grad)
report("eval()", "eval", torch.enable_grad)
report("eval() + no_grad()", "eval", torch.no_grad)
report("eval() + inference_mode()", "eval", torch.inference_mode)
net = net.train()                      # back to training mode (train() returns the module)

# %% [markdown] key="only-last-two"
# Only the last two rows are a proper evaluation: layers in evaluation behaviour *and* no
# graph. `inference_mode()` is the stricter, slightly faster `no_grad()`: its results are
# inference tensors that autograd later refuses (notebook 04 §7). The idiom:
#
# ```python
# model.eval()
# with torch.inference_mode():      # or torch.no_grad()
#     predictions = model(inputs)
# model.train()                     # before the next training step
# ```

# %% [markdown] key="4-detach-at"
# ## 4. `detach()` at work: truncated backpropagation through time
#
# `detach()` (notebook 01) shares the values without the history: in real code it marks
# where a gradient must **stop**. A recurrent network carries a hidden state `h` from step to
# step. On a long sequence you backpropagate in chunks: run a few steps, call `backward()`,
# step, and go on with the same `h`. This is **truncated backpropagation through time**
# (truncated BPTT), here with a tiny recurrent cell.

# %%
def tiny_rnn():
    inp, rec = nn.Linear(1, 2), nn.Linear(2, 2)
    with torch.no_grad():
        inp.weight.copy_(torch.tensor([[0.5], [-0.3]]))
        rec.weight.copy_(torch.tensor([[0.2, -0.1], [0.4, 0.3]]))
        inp.bias.zero_()
        rec.bias.zero_()
    return inp, rec


def count_nodes(t):
    """How many nodes the backward graph behind t has."""
    seen, stack = set(), [t.grad_fn]
    while stack:
        fn = stack.pop()
        if fn is not None and fn not in seen:
            seen.add(fn)
            stack.extend(f for f, _ in fn.next_functions)
    return len(seen)


sequence = torch.linspace(0, 1, 6).reshape(6, 1, 1)

# %% [markdown] key="predict-two-chunks"
# **Predict.** Two chunks of three steps. After chunk 1's `backward()`, chunk 2 goes on
# from `h`, which was computed in chunk 1 and was not detached.

# %% tags=["minigrad-only"]
def two_chunks_without_detach():
    inp, rec = tiny_rnn()
    h = torch.zeros(1, 2)
    for start in (0, 3):
        for t in range(start, start + 3):
            h = torch.tanh(inp(sequence[t]) + rec(h))
        loss = h.pow(2).sum()
        print(f"chunk {start // 3 + 1}: backward through {count_nodes(loss)} nodes")
        loss.backward()


viz.quiz("07/bptt-without-detach", run=two_chunks_without_detach)

# %% [markdown] key="chunk-2-graph" jupyter={"source_hidden": true}
# **Explanation**
#
# It raises "Trying to backward through the graph a second time" (the message is taken apart
# in [notebook 01](01_detach_vs_data.ipynb)): chunk 2's graph reaches back through `h` into
# chunk 1, whose saved tensors `backward()` already freed. `retain_graph=True` would silence
# it, but then every chunk backpropagates through the *whole* history, and the graph grows
# without end. The fix is one line at the start of each chunk, below.

# %% [markdown] key="bptt-with-detach"
# ### Chunks with `h.detach()`

# %%
inp, rec = tiny_rnn()
h = torch.zeros(1, 2)
for start in (0, 3):
    h = h.detach()                      # keep the values, cut the history
    for t in range(start, start + 3):
        h = torch.tanh(inp(sequence[t]) + rec(h))
    loss = h.pow(2).sum()
    print(f"chunk {start // 3 + 1}: backward through {count_nodes(loss)} nodes, "
          f"loss {loss.item():.4f}")
    loss.backward()

# %% [markdown] key="both-chunks-now"
# Both chunks now have graphs of the same size: the gradient stops at the detached `h`.

# %% [markdown] key="5-total-loss"
# ## 5. Logging the loss: `total_loss += loss`
#
# **Why it matters.** Everyone logs the average loss of an epoch. Written as
# `total_loss += loss` with `loss` a tensor, the sum is a tensor too, with a `grad_fn`.
#
# **Predict.**

# %%
def epoch(steps, log):
    model = tiny_model()
    opt = torch.optim.SGD(model.parameters(), lr=0.02)
    total = 0.0
    for _ in range(steps):
        opt.zero_grad()
        loss = loss_fn(model(X), Y)
        loss.backward()
        opt.step()
        total += log(loss)
    return total

# %% tags=["minigrad-only"]
def fifty_steps():
    total = epoch(50, log=lambda loss: loss)
    print(total)
    print("nodes behind total:", count_nodes(total))


viz.quiz("07/total-loss-nodes", run=fifty_steps)

# %% [markdown] key="each-step-adds" jupyter={"source_hidden": true}
# **Explanation**
#
# About 200. Each step adds four nodes: an `AddBackward0` and the loss's own
# `MseLossBackward0`, `AddmmBackward0` and `TBackward0` (the two `AccumulateGrad` nodes are
# shared by all steps). Three steps, drawn: a chain with one copy of the model's graph per
# step.

# %% tags=["minigrad-only"] jupyter={"outputs_hidden": true}
viz.draw(epoch(3, log=lambda loss: loss))

# %% [markdown] key="what-chain-holds"
# ### What the chain holds on to
#
# `AddBackward0` saves no tensor: the gradient of a sum
# passes through unchanged, so it needs none. Its edges lead to the previous step's
# `AddBackward0` and to this step's `MseLossBackward0`. The loss tensors themselves are
# freed; what stays alive is the chain of nodes and whatever *those* nodes saved.

# %%
model = tiny_model()
total, loss_refs = 0.0, []
for _ in range(3):
    loss = loss_fn(model(X), Y)
    loss.backward()
    total = total + loss
    loss_refs.append(weakref.ref(loss))
del loss
add_node = total.grad_fn
print(add_node.name(), "| saves self or other:",
      hasattr(add_node, "_saved_self") or hasattr(add_node, "_saved_other"),
      "| edges to:", [fn.name() for fn, _ in add_node.next_functions])
print("loss tensors still alive:", [ref() is not None for ref in loss_refs])

# %% [markdown] key="during-training-backward"
# During training `backward()` has at least freed what each step's nodes saved, so the leak
# is "only" the nodes. Without a `backward()`, in an evaluation loop that forgot
# `no_grad()`, every step's saved activations stay too. `saved_bytes` (notebook 04 §4's walk)
# adds up what the graph behind a result has saved.

# %%
def saved_bytes(t):
    nodes, stack, buffers = set(), [t.grad_fn], {}
    while stack:
        fn = stack.pop()
        if fn is None or fn in nodes:
            continue
        nodes.add(fn)
        for name in ("_saved_self", "_saved_other", "_saved_mat1", "_saved_target"):
            saved = getattr(fn, name, None)
            if isinstance(saved, torch.Tensor) and saved.dim() > 0:     # each buffer once
                buffers[saved.untyped_storage().data_ptr()] = saved.numel() * saved.element_size()
        stack.extend(f for f, _ in fn.next_functions)
    return sum(buffers.values())


big_X, big_Y = torch.cat([X] * 64), torch.cat([Y] * 64)     # 512 rows
model = tiny_model()
for steps in (1, 10, 100):
    as_tensor, as_number = 0.0, 0.0
    for _ in range(steps):
        loss = loss_fn(model(big_X), big_Y)          # evaluation without no_grad
        as_tensor = as_tensor + loss
        as_number = as_number + loss.item()
    print(f"{steps:3} steps: total as tensor keeps {saved_bytes(as_tensor):7,} bytes, "
          f"as float {type(as_number).__name__}")

# %% [markdown] key="input-target-are"
# The input and target are the same tensors at every step and count once; each step adds its
# 512×1 output (2,048 bytes), saved by that step's `MseLossBackward0`. Linear growth, forever,
# for a number you only wanted to print; in a real network each step's activations are
# megabytes. Write `total += loss.item()` (or keep `loss.detach()` when you need a tensor).

# %% [markdown] key="8-exercises"
# ## 6. Exercises
#
# **Exercise 1: fix this training loop.** `buggy_train` has two of the bugs of this notebook.
# Fix them so that it trains like `train()` in section 1 and returns a plain float.

# %%
def buggy_train(steps=8, lr=0.05):
    model = tiny_model()
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    total = 0.0
    for _ in range(steps):
        loss = loss_fn(model(X), Y)
        loss.backward()
        opt.step()
        total += loss
    return model, total / steps

# %% tags=["minigrad-only"]
viz.exercise("07/fix-loop",
             check=lambda: check_training_loop(buggy_train, tiny_model, loss_fn, X, Y))

# %% [markdown] key="exercise-2-evaluate"
# **Exercise 2: evaluate without side effects.** Write `evaluate(model, inputs)` so that it
# returns predictions with no graph, computed in evaluation behaviour (no Dropout, running
# BatchNorm statistics left alone), and leaves the model in training mode afterwards.

# %%
def evaluate(model, inputs):
    return model(inputs)                 # TODO

# %% tags=["minigrad-only"]
viz.exercise("07/evaluate", check=lambda: check_evaluate(evaluate, net, batch))

# %% [markdown] key="exercise-3-accumulate"
# **Exercise 3: gradient accumulation with uneven micro-batches.** The 8 rows of `X` do not
# always split evenly: the last micro-batch of an epoch is often smaller. Complete
# `accumulated_grad(sizes)` so that, for micro-batches of the given sizes (for example
# `[3, 3, 2]` or `[5, 3]`), one `backward()` per micro-batch leaves the full batch's weight
# gradient in `.grad`.

# %%
def accumulated_grad(sizes):
    model = tiny_model()
    start = 0
    for size in sizes:
        rows = slice(start, start + size)
        micro_loss = loss_fn(model(X[rows]), Y[rows])
        micro_loss.backward()            # TODO: scale it first
        start += size
    return model.weight.grad

# %% tags=["minigrad-only"]
viz.exercise("07/accumulate",
             check=lambda: check_accumulation(accumulated_grad, tiny_model, loss_fn, X, Y))

# %% [markdown] key="summary"
# ## Summary
#
# | in the loop | rule |
# | --- | --- |
# | `opt.zero_grad()` | once per step, before `backward()`; leave it out only for gradient accumulation, each micro-batch's mean loss weighted by its share of the rows |
# | non-scalar `backward()` | reduce first, or pass `gradient=v`; the result is vᵀJ |
# | evaluation | `model.eval()` (layer behaviour) **and** `no_grad()` / `inference_mode()` (no graph); `model.train()` after |
# | `detach()` | where the gradient must stop: the hidden state between BPTT chunks (and, in the optional depth, `fake` in a GAN's discriminator step) |
# | logging | `loss.item()`, never the loss tensor |

# %% [markdown] key="optional-depth"
# ## Optional depth
#
# The vector-Jacobian product behind `gradient=`, and four more places where autograd meets
# the training loop: a GAN's discriminator step, a forward hook, gradient clipping, and what
# the optimizer keeps.

# %% [markdown] key="vjp-idea"
# ### The vector-Jacobian product
#
# Back to `gradient=v` of section 2. For y = f(x) with a Jacobian J (J[i, j] = ∂y_i/∂x_j), `y.backward(gradient=v)` puts vᵀJ
# into `x.grad`: the gradient of the number `(v * y).sum()`. Autograd never builds J; each
# node knows how to multiply a vector by its own Jacobian. So `gradient=torch.ones(3)` is the
# same as `.sum().backward()`.

# %%
x = torch.tensor([1., 2., 3.], requires_grad=True)
(x ** 2).backward(gradient=torch.ones(3))
print(x.grad)

# %% [markdown] key="predict-for-linear"
# **Predict.** For a linear map y = W x the Jacobian is W itself.

# %% tags=["minigrad-only"]
def one_hot_gradient():
    W = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
    x = torch.tensor([1., 1., 1.], requires_grad=True)
    y = W @ x
    y.backward(gradient=torch.tensor([1., 0.]))
    print("v = [1., 0.] -> x.grad =", x.grad)
    x.grad = None
    (W @ x).backward(gradient=torch.tensor([1., 1.]))
    print("v = [1., 1.] -> x.grad =", x.grad)


viz.quiz("07/vjp-linear", run=one_hot_gradient)

# %% [markdown] key="one-hot-v" jupyter={"source_hidden": true}
# **Explanation**
#
# A one-hot `v` picks one row of J: one backward pass per output gives you the whole
# Jacobian, row by row. With `v = [1., 1.]` you get the column sums instead.

# %% [markdown] key="discriminator-step-gan"
# ### A GAN's discriminator step
#
# A GAN trains two networks against each other. The generator `G` turns noise into fake
# samples; the discriminator `D` scores samples. In the discriminator's step only `D` should
# learn, so the fake samples enter it through `fake.detach()`.
#
# **Predict.** What happens if the `.detach()` is left out?

# %%
def tiny_gan():
    G, D = nn.Linear(2, 2), nn.Linear(2, 1)
    with torch.no_grad():
        G.weight.copy_(torch.tensor([[1., 0.5], [-0.5, 1.]]))
        D.weight.copy_(torch.tensor([[0.3, -0.7]]))
        G.bias.zero_()
        D.bias.zero_()
    return G, D


noise = torch.tensor([[0.1, 0.2], [0.3, -0.1]])
real = torch.tensor([[1., 1.], [0.5, 1.5]])


def discriminator_step(G, D, fake):
    d_loss = D(fake).mean() - D(real).mean()          # D wants real high, fake low
    d_loss.backward()
    print("D has grads:", [p.grad is not None for p in D.parameters()],
          "| G has grads:", [p.grad is not None for p in G.parameters()])

# %% tags=["minigrad-only"]
def without_detach():
    G, D = tiny_gan()
    discriminator_step(G, D, G(noise))


viz.quiz("07/gan-without-detach", run=without_detach)

# %% [markdown] key="without-detach-gradient" jupyter={"source_hidden": true}
# **Explanation**
#
# D and G. Without `detach()` the gradient flows on through `fake` into `G`. Those gradients are not
# what `G` should learn from (they push `G` to make *worse* fakes), and they would still be
# in `G`'s `.grad` at the generator's step unless you zero them.

# %% [markdown] key="gan-with-detach"
# #### With `fake.detach()`

# %%
G, D = tiny_gan()
fake = G(noise)
discriminator_step(G, D, fake.detach())
g_loss = -D(fake).mean()                              # generator step: fake, not detached
D.zero_grad()
g_loss.backward()
print("G.weight.grad:", G.weight.grad)

# %% [markdown] key="generator-step-reuses"
# The generator step reuses the same `fake`: its graph through `G` is still whole, because
# the discriminator's `backward()` never entered it. The same idea appears in reinforcement
# learning, where the target `reward + gamma * target_net(next_state)` is computed under
# `no_grad()` (or detached) so that only the online network learns.

# %% [markdown] key="6-forward-hook"
# ### A forward hook that records activations
#
# **Why it matters.** To see what a layer outputs (dead ReLUs, exploding activations, features
# for a probe) you don't have to change the model's `forward`. `register_forward_hook(fn)`
# calls `fn(module, inputs, output)` every time the module runs and returns a handle to
# remove it.

# %%
activations = {}


def record(name):
    def hook(module, inputs, output):
        activations[name] = output.detach()
    return hook


handle = net[2].register_forward_hook(record("relu"))
net.eval()
with torch.no_grad():
    net(batch)
relu_out = activations["relu"]
print(relu_out.shape, "fraction of zeros:", (relu_out == 0).float().mean().item())
handle.remove()
net = net.train()

# %% [markdown] key="predict-why-output"
# **Predict.** Why `output.detach()`? Suppose the hook stored `output` itself and ran during
# a training step, with grad mode on.

# %% tags=["minigrad-only"]
def raw_hook():
    kept, fresh = {}, make_net()
    h = fresh[2].register_forward_hook(lambda m, i, out: kept.update(relu=out))
    fresh(batch)
    h.remove()
    print("kept tensor:", kept["relu"].grad_fn.name(), "| requires_grad:",
          kept["relu"].requires_grad, "| nodes behind it:", count_nodes(kept["relu"]))


viz.quiz("07/hook-stores-output", run=raw_hook)

# %% [markdown] key="stored-output-live" jupyter={"source_hidden": true}
# **Explanation**
#
# The live tensor, with its graph: hooks run with whatever grad mode is on. A stored `output`
# keeps that graph alive, the same leak as in section 5. Keep `output.detach()`, or
# `output.detach().cpu().numpy()` for a NumPy copy (`.cpu().numpy()` alone raises "Can't call
# numpy() on Tensor that requires grad").

# %% [markdown] key="7-clip-grad"
# ### `clip_grad_norm_`: a cap on the step
#
# **Why it matters.** One bad batch (an outlier, a loss spike in a recurrent network) can give
# a gradient a hundred times larger than usual, and one SGD step with it can undo hours of
# training. `torch.nn.utils.clip_grad_norm_(params, max_norm)` treats all the gradients as one
# long vector; if its length is above `max_norm`, it scales every gradient down by the same
# factor. It goes between `backward()` and `step()`.
#
# **Predict.** Two parameters have the gradients `[3., 4.]` and `[12.]`.

# %% tags=["minigrad-only"]
def clip_once():
    p, q = nn.Parameter(torch.ones(2)), nn.Parameter(torch.ones(1))
    p.grad, q.grad = torch.tensor([3., 4.]), torch.tensor([12.])
    result = torch.nn.utils.clip_grad_norm_([p, q], max_norm=1.0)
    print("returned:", result)
    print("grads now:", p.grad, q.grad)


viz.quiz("07/clip-returns", run=clip_once)

# %% [markdown] key="returns-norm-before" jupyter={"source_hidden": true}
# **Explanation**
#
# It returns the norm *before* clipping (√(3² + 4² + 12²) = 13), which is worth logging:
# a run whose norms keep hitting the cap needs a lower learning rate. The direction of the
# step is unchanged; only its length is capped.

# %% [markdown] key="clip-outlier"
# #### One step on a batch with an outlier label, with and without the cap

# %%
bad_Y = Y.clone()
bad_Y[3] = 400.0                                   # one corrupted label
for clip in (None, 1.0):
    model = tiny_model()
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    opt.zero_grad()
    loss_fn(model(X), bad_Y).backward()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), clip or float("inf"))
    opt.step()
    print(f"max_norm={clip}: gradient norm {norm.item():8.2f}, weight after the step "
          f"{[round(w, 3) for w in model.weight.flatten().tolist()]}")

# %% [markdown] key="optimizer-keeps"
# ### What the optimizer keeps
#
# `torch.optim.Adam` keeps two running averages per parameter (`exp_avg`, `exp_avg_sq`) and a
# step count in `opt.state[p]`. They are plain tensors without a graph, updated in place under
# `no_grad()`, like the SGD step of notebook 04.

# %%
w = nn.Parameter(torch.tensor([1.0, -2.0]))
adam = torch.optim.Adam([w], lr=0.1)
for _ in range(3):
    adam.zero_grad()
    (w ** 2).sum().backward()
    adam.step()
state = adam.state[w]
print(sorted(state), state["step"])
print(w, w._version)
print(state["exp_avg"].requires_grad, state["exp_avg"].grad_fn)

# %% [markdown] key="back-06-under"
# **Next:** [08 · When backward fails](08_when_backward_fails.ipynb) · back to
# [06 · Under the hood](06_under_the_hood.ipynb) ·
# [00 · Start here](00_start_here.ipynb) · [cheat sheet](cheatsheet.md)
