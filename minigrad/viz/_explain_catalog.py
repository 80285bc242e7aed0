"""The data behind `viz.explain`: how to recognise each autograd failure, and what to say
about it in English (the Chinese text is in `_explain_catalog_zh.py`).

Every sentence here was checked against torch 2.13 on the CPU (the program that shows it
is in tests/test_explain.py or was run by hand when the text was written). The patterns
also accept the spellings of other releases and devices: `torch.cuda.FloatTensor`,
node names with or without `Backward0` (2.11 prints `SigmoidBackward0`, 2.13 `Sigmoid`,
1.x `SigmoidBackward`), hints with or without `check_nan`, and `minigrad.` for `torch.`.
"""
import re

__all__ = ["NOTEBOOK", "NOTEBOOK_ZH", "KINDS", "ANCHORS", "PATTERNS", "INPLACE_RE", "NAN_RE",
           "COPY_NODES", "TEXT_EN"]

NOTEBOOK = "08_when_backward_fails.ipynb"
NOTEBOOK_ZH = "zh/08_when_backward_fails.ipynb"     # relative to the notebooks folder

KINDS = ("inplace-modified", "backward-twice", "no-grad-fn", "leaf-inplace", "leaf-moved",
         "view-inplace", "numpy-requires-grad", "non-scalar-output", "int-requires-grad",
         "unused-input", "requires-grad-nonleaf", "non-leaf-grad", "nan-gradient", "unknown")

# The section of notebook 08 about each family: the notebook must carry
# `<a id="..."></a>` with these ids, in both editions. Stable: other text links to them.
ANCHORS = {kind: "#" + kind for kind in KINDS}
ANCHORS["unknown"] = "#symptom-to-fix"         # the closing symptom -> fix table

# [torch.cuda.FloatTensor [3, 3]], which is output 0 of SigmoidBackward0, is at version 2;
# expected version 1 instead.   (the "which is output" part is absent for a leaf's data)
INPLACE_RE = re.compile(
    r"modified by an inplace operation: \[(?P<type>[\w.]+) \[(?P<shape>[^\]]*)\]\]"
    r"(?:, which is output (?P<index>\d+) of (?P<node>[\w:.<>]+),)?"
    r" is at version (?P<version>\d+); expected version (?P<expected>\d+) instead")

# Function 'SqrtBackward0' returned nan values in its 0th output.
NAN_RE = re.compile(r"Function '(?P<node>[^']+)' returned nan values in its "
                    r"(?P<index>\d+)th output")

# The message families, tried in this order (first match wins).
PATTERNS = [
    ("inplace-modified", re.compile(r"modified by an inplace operation")),
    ("backward-twice", re.compile(r"Trying to backward through the graph a second time")),
    ("no-grad-fn", re.compile(r"does not require grad and does not have a grad_fn")),
    ("leaf-inplace", re.compile(r"a (?:view of a )?leaf Variable that requires grad "
                                r"(?:is being|has been) used in an in-place operation")),
    ("view-inplace", re.compile(r"is a view and (?:is being|its base or another view of its base "
                                r"has been) modified inplace|A view was created in (?:no_grad|"
                                r"inference) mode and (?:is being|its base or another view of "
                                r"its base has been) modified inplace")),
    ("numpy-requires-grad", re.compile(r"Can't call numpy\(\) on (?:Tensor|Variable) that "
                                       r"requires grad")),
    ("non-scalar-output", re.compile(r"grad can be implicitly created only for (?:real )?scalar "
                                     r"outputs")),
    ("int-requires-grad", re.compile(r"only Tensors of floating point (?:and complex )?dtype can "
                                     r"require gradients", re.IGNORECASE)),
    ("unused-input", re.compile(r"differentiated Tensors? (?:at index \d+ )?appears? to not have "
                                r"been used in the graph")),
    ("requires-grad-nonleaf", re.compile(r"you can only change requires_grad flags of leaf "
                                         r"variables")),
    ("non-leaf-grad", re.compile(r"\.grad attribute of a Tensor that is not a leaf Tensor is "
                                 r"being accessed")),
    ("nan-gradient", re.compile(r"returned nan values in its \d+th output")),
]

# grad_fn names of a copy to another device or dtype (.to(), .cuda(), .double(), ...)
COPY_NODES = ("ToCopyBackward0", "ToCopyBackward", "CopyBackwards")

TEXT_EN = {
    "inplace-modified": {
        "title": "A tensor saved for backward was modified in place",
        "meaning": (
            "During the forward pass some node saved a tensor it needs to compute its "
            "gradient. Every tensor has a version counter, and each in-place operation "
            "(a method ending in `_`, `+=`, `x[i] = ...`, an optimizer step) adds one to it. "
            "backward compares the version the node remembered with the current one and "
            "refuses to compute with a value that changed after it was saved."),
        "detail": (
            "Here the saved tensor is a `{tensor_type}` of shape {shape_text}{made_by}; it was "
            "saved at version {expected_version} and is now at version {version}: "
            "{bumps} in-place change{s} happened after the save."),
        "made_by": ", output {output_index} of the node `{grad_fn_name}`",
        "causes": [
            "`optimizer.step()` ran between the forward pass and a backward that still goes "
            "through the old weights: a GAN's discriminator step before the generator's "
            "backward through the same discriminator output, two optimizers, or two losses on "
            "one trunk with a step in between. A weight seen through `.t()` inside a Linear "
            "layer is then named `AsStrided` in torch 2.13's message (messages pasted from other "
            "releases say `TBackward0`).",
            "An in-place op on a value that a node saved: `nn.ReLU(inplace=True)` or "
            "`F.relu(h, inplace=True)` right after `sigmoid`, `tanh` or `exp` (they save their "
            "output), `y.sigmoid_()`, `y.exp_()`, `y.mul_(2)`, `h += residual`.",
            "`retain_graph=True` kept an old graph alive (an RNN hidden state carried across "
            "batches) and a later `optimizer.step()` changed weights that graph saved.",
        ],
        "fix": [
            "Use the out-of-place form: `y = y * 2` for `y.mul_(2)`, `h = h + residual` for "
            "`h += residual`, `nn.ReLU()` without `inplace=True`.",
            "Run every backward that needs the current weights before the `optimizer.step()` "
            "that changes them, or redo the forward pass after the step (in a GAN: compute "
            "the generator's loss from a fresh `D(fake)` after the discriminator's step).",
            "Carry RNN state with `h = h.detach()` instead of `retain_graph=True`.",
            "To find the edit, run the step with minigrad's `viz.find_inplace(step)`: it names "
            "the line of the in-place op. torch's anomaly mode only shows where the failing "
            "node was created.",
        ],
    },
    "backward-twice": {
        "title": "backward ran twice through a graph whose buffers were freed",
        "meaning": (
            "To save memory, backward frees the tensors that the nodes saved as soon as it "
            "has used them. A second backward (or `autograd.grad`) through the same nodes "
            "then finds those buffers gone."),
        "causes": [
            "A hidden state carried from one batch to the next without `.detach()`: the new "
            "batch's graph reaches back into the previous batch's graph, already freed.",
            "Two losses on a shared part of the graph, backpropagated one after the other: "
            "`loss1.backward(); loss2.backward()`.",
            "A notebook cell that calls `backward()` run a second time without re-running the "
            "cell that computes the loss (even `(x * 2).sum()` saved a tensor).",
        ],
        "fix": [
            "Detach what you carry across batches: `h = h.detach()` at the start of each batch.",
            "Add the losses and call backward once: `(loss1 + loss2).backward()`.",
            "Recompute the forward pass before each backward.",
            "`retain_graph=True` keeps every saved buffer alive: use it only when you really "
            "need a second pass over the same graph. As a band-aid in an RNN loop it makes "
            "memory and backward time grow with every batch (measured on a GPU, see notebook "
            "08), and once an `optimizer.step()` runs in between it turns into the in-place "
            "error.",
        ],
    },
    "no-grad-fn": {
        "title": "backward was called on a tensor that is not part of a graph",
        "meaning": (
            "The tensor you call `backward()` on (element 0 of the outputs you passed) does "
            "not require grad and has no `grad_fn`: nothing connects it to a tensor with "
            "`requires_grad=True`, so there is no graph to go back through."),
        "causes": [
            "The loss was rebuilt from plain numbers: `torch.tensor(loss.item())`, a value "
            "that went through `.numpy()`, or a Python float.",
            "It was computed under `torch.no_grad()` or `torch.inference_mode()`, or by a "
            "model whose parameters all have `requires_grad=False`.",
            "It went through an operation whose result carries no gradient: `argmax`, a "
            "comparison such as `x > 0`, or an integer cast (`.long()`, `.int()`). "
            "(`round()` keeps a `grad_fn` but its gradient is zero.)",
        ],
        "fix": [
            "Keep the loss a tensor computed from the model's output with grad mode on; use "
            "`.item()` only for logging.",
            "Check `loss.requires_grad` and `loss.grad_fn` just before `backward()`.",
            "Switch training back on for the parameters you want to learn: "
            "`p.requires_grad_(True)`.",
            "Replace `argmax` or a threshold inside the loss by a differentiable version "
            "(softmax, sigmoid).",
        ],
    },
    "leaf-inplace": {
        "title": "An in-place edit of a leaf that requires grad",
        "meaning": (
            "A leaf tensor with `requires_grad=True` (a weight you created), or a view of "
            "one, was about to be changed in place while grad mode is on. autograd refuses: "
            "the leaf is the tensor whose `.grad` it fills, and such an edit would have to "
            "become part of the graph."),
        "causes": [
            "A hand-written SGD step outside `torch.no_grad()`: `w -= lr * w.grad`.",
            "Initialising a weight in place after `requires_grad=True`: `w.normal_()`, "
            "`w.zero_()`, or `w[0] = 1` (the message then says \"a view of a leaf Variable\").",
        ],
        "fix": [
            "Put the update under `with torch.no_grad():` (`w -= lr * w.grad`), then clear "
            "the gradient with `w.grad.zero_()` or `w.grad = None`.",
            "Initialise first and call `requires_grad_()` afterwards, or initialise under "
            "`torch.no_grad()`, as the `torch.nn.init` functions do.",
            "Do not write `w = w - lr * w.grad`: the name then holds a non-leaf, and its "
            "`.grad` stays None at the next step.",
        ],
    },
    "leaf-moved": {
        "title": "`.grad` is None: this tensor is a moved copy, not the leaf",
        "meaning": (
            "`.to()`, `.cuda()`, `.double()` or any other change of device or dtype, applied "
            "after `requires_grad=True`, returns a new tensor made by a `ToCopyBackward0` "
            "node. backward fills `.grad` of the original leaf only: the copy's `.grad` stays "
            "None, and reading it gives the non-leaf UserWarning."),
        "causes": [
            "`w = torch.randn(3, requires_grad=True).to(device)` (or `.cuda()`, `.double()`) "
            "in one line: `w` holds the copy and the leaf is out of reach.",
            "Moving a plain tensor by hand. (`model.to(device)` is fine: the parameters of a "
            "module stay leaves.)",
        ],
        "fix": [
            "Create the tensor where it will live: `torch.randn(3, device=device, "
            "dtype=torch.float64, requires_grad=True)`.",
            "Or move first and switch on gradients afterwards: `w = torch.randn(3).to(device)"
            ".requires_grad_()`.",
            "Check with `w.is_leaf` (True) and `w.grad_fn` (None).",
        ],
    },
    "view-inplace": {
        "title": "An in-place edit of a view autograd cannot follow",
        "meaning": (
            "A view shares memory with its base, so an in-place edit of the view is an edit "
            "of the base, and autograd must rewrite the base's history. It cannot do that "
            "for the outputs of functions that return several views at once (`unbind`, "
            "`split`, `chunk`), nor for a view made under `no_grad` and edited with grad "
            "mode on, so it refuses."),
        "causes": [
            "`a, b = x.unbind(0)` (or `x.split(...)`, `x.chunk(...)`) followed by `a.add_(1)`, "
            "`a.relu_()` or `a[0] = 0`.",
            "A view taken inside `with torch.no_grad():` (for example `v = x[:2]`) and edited "
            "in place after the block.",
        ],
        "fix": [
            "Use the out-of-place op on the piece: `a = a + 1`.",
            "Clone the piece before editing it: `a = x.unbind(0)[0].clone()`.",
            "Index the base instead: `x[0].add_(1)` on a non-leaf `x` is allowed.",
            "Keep a view and its in-place edit on the same side of `no_grad`: both inside "
            "(not recorded) or both outside (recorded).",
        ],
    },
    "numpy-requires-grad": {
        "title": "`.numpy()` on a tensor that requires grad",
        "meaning": (
            "`.numpy()` returns an array that shares memory with the tensor and knows nothing "
            "about gradients. torch refuses to do this silently for a tensor that requires "
            "grad: you must cut it out of the graph yourself."),
        "causes": [
            "Plotting or logging a prediction or a weight: `plt.plot(y.numpy())`.",
            "Handing such a tensor to NumPy or a library built on it: `np.asarray(y)` raises "
            "the same error.",
        ],
        "fix": [
            "`y.detach().numpy()` (on a GPU: `y.detach().cpu().numpy()`).",
            "For one number, `loss.item()`.",
            "Compute values you only want to look at under `torch.no_grad()`: they do not "
            "require grad.",
        ],
    },
    "non-scalar-output": {
        "title": "backward() without an argument on a tensor with several elements",
        "meaning": (
            "`y.backward()` with no argument starts from the gradient 1 for `y`, which only "
            "makes sense when `y` holds exactly one number. For several numbers torch "
            "cannot guess which combination of them you want the gradient of."),
        "causes": [
            "Calling backward on a per-sample loss (`reduction='none'`) or directly on the "
            "model's output.",
        ],
        "fix": [
            "Reduce to one number first: `loss.mean().backward()` or `loss.sum().backward()`.",
            "Or pass the starting gradient yourself: `y.backward(torch.ones_like(y))` gives "
            "the same gradients as `y.sum().backward()`.",
            "A tensor of shape `[1]` is accepted, since it holds one number.",
        ],
    },
    "int-requires-grad": {
        "title": "Only floating-point (and complex) tensors can require grad",
        "meaning": (
            "Gradients are defined for floating-point and complex tensors only; a tensor of "
            "integers or booleans cannot require grad."),
        "causes": [
            "`torch.tensor([1, 2, 3], requires_grad=True)`: Python ints make an `int64` "
            "tensor.",
            "`torch.arange(5, requires_grad=True)`, or `requires_grad_()` on labels or indices.",
        ],
        "fix": [
            "Make it floating point: `torch.tensor([1., 2., 3.], requires_grad=True)`, "
            "`dtype=torch.float32`, or `.float().requires_grad_()`.",
            "Labels and indices never need gradients: leave `requires_grad` off for them.",
        ],
    },
    "unused-input": {
        "title": "autograd.grad: an input the outputs do not depend on",
        "meaning": (
            "`torch.autograd.grad(outputs, inputs)` was asked for the gradient with respect "
            "to an input that the graph of `outputs` never reaches. By default that is an "
            "error, so that a wrong tensor does not give a silent None."),
        "causes": [
            "An input that this forward pass did not use (a branch not taken, a layer skipped).",
            "You passed a tensor the graph never saw: a copy made after the forward pass "
            "(`w.double()`, `w.clone()`), or another tensor holding the same values.",
        ],
        "fix": [
            "`allow_unused=True`: that input's result is None (add `materialize_grads=True` "
            "for zeros instead).",
            "Or pass only the inputs the outputs depend on.",
        ],
    },
    "requires-grad-nonleaf": {
        "title": "requires_grad changed on a computed tensor",
        "meaning": (
            "Only leaf tensors let you change `requires_grad`. A computed tensor's "
            "`requires_grad` follows from the inputs it was computed from, so torch refuses "
            "to switch it."),
        "causes": [
            "`y.requires_grad_(False)` or `y.requires_grad = False` on the result of an "
            "operation (a model output, a slice of a weight, a `.to()` copy).",
            "`y.requires_grad = True` on such a tensor raises too, with the message's first "
            "sentence only.",
        ],
        "fix": [
            "`y = y.detach()` gives the same values, outside the graph.",
            "To freeze a weight, set the flag on the parameter itself: "
            "`model.weight.requires_grad_(False)`.",
        ],
    },
    "non-leaf-grad": {
        "title": "Reading `.grad` of a tensor that is not a leaf",
        "meaning": (
            "backward fills `.grad` of leaves only (tensors you created with "
            "`requires_grad=True`, and parameters). This tensor was computed by an operation "
            "(it has a `grad_fn`), so its `.grad` is None unless you called `.retain_grad()` "
            "on it before backward."),
        "causes": [
            "Looking at an intermediate gradient: `y.grad` for `y = x * 2`.",
            "A weight moved or cast after `requires_grad=True` "
            "(`torch.randn(3, requires_grad=True).to(device)` or `.double()`): the variable "
            "holds a copy made by `ToCopyBackward0`, not the leaf.",
            "A hand-written update that rebinds the name: after `w = w - lr * w.grad`, `w` is "
            "a non-leaf.",
        ],
        "fix": [
            "Call `y.retain_grad()` before backward when you need that gradient.",
            "Create tensors with the right device and dtype and `requires_grad=True` in one "
            "call, or call `.requires_grad_()` after moving them.",
            "Update weights in place under `torch.no_grad()`: `w -= lr * w.grad`.",
            "Check `t.is_leaf` before reading `t.grad`.",
        ],
    },
    "nan-gradient": {
        "title": "Anomaly mode found NaN in a gradient",
        "meaning": (
            "With anomaly detection on, backward checks what every node returns. A node "
            "returned NaN (an infinite gradient alone is not reported). If anomaly mode was "
            "also on during the forward pass, the warning printed just before the error shows "
            "the forward line that created that node."),
        "detail": ("The node is `{node}`, and the NaN is in its output {output_index}: the "
                   "gradient for its input number {output_index}."),
        "causes": [
            "`torch.where(x > 0, torch.sqrt(x), 0)`: the branch that is not chosen still gets "
            "a zero gradient, and sqrt's backward divides it by `2 * sqrt(0)`: 0 / 0 = NaN.",
            "The same with `log`, `x ** 0.5` or `1 / x` at 0 (`LogBackward0`, `PowBackward0`, "
            "`ReciprocalBackward0`): their backward divides by zero, and a zero incoming "
            "gradient (from `where`, a mask, a product with 0) turns that into NaN.",
            "Overflow: `exp` of a large value is inf, and inf times a zero gradient is NaN "
            "(`ExpBackward0`).",
        ],
        "fix": [
            "Make the unused branch safe: `torch.sqrt(torch.where(x > 0, x, 1.0))` inside the "
            "`where`, or `torch.sqrt(x.clamp(min=1e-12))`.",
            "Add a small epsilon: `torch.log(x + 1e-12)`.",
            "Look for inf in the forward values with `torch.isfinite(t).all()`.",
        ],
    },
    "unknown": {
        "title": "Not a failure this helper knows",
        "meaning": ("This message is not one of the autograd failures `viz.explain` "
                    "recognises."),
        "causes": [],
        "fix": ["Look for the symptom in the symptom -> fix table of notebook 08."],
    },
}
