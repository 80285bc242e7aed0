"""One minimal program per failure family of `minigrad.viz.explain`, and what it reports.

`REPROS[kind]` is a dict with

* ``code``: a short program (``import torch`` first; it runs the same with
  ``import minigrad as torch``),
* ``raises``: the exception class name, or ``UserWarning`` for the two families that are a
  warning, not an error,
* ``message``: torch 2.13's exact text (``str()`` of the exception or warning).

tests/test_site_errors.py runs every program under real torch 2.13 (the message must be
exactly ``message``) and under minigrad (exactly ``message`` with ``minigrad.`` for
``torch.``). The error pages (tools/sitegen/pages.py) are titled with `title_of(kind)`:
``message`` without the "(Triggered internally at <torch's build path>)" that torch appends
to a warning raised from C++ (the page still shows the whole text).
"""
import re

_TRIGGERED = re.compile(r" \(Triggered internally at [^)]*\)$")

_NON_LEAF_WARNING = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad "
    "field to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. "
    "If you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor "
    "instead. See github.com/pytorch/pytorch/pull/30531 for more information. (Triggered "
    "internally at /__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)")

REPROS = {
    "inplace-modified": dict(
        code=("import torch\n"
              "x = torch.tensor([1., 2., 3.], requires_grad=True)\n"
              "y = x.sigmoid()          # sigmoid saves its output y for backward\n"
              "y.mul_(2)                # in place: y is now at version 1\n"
              "y.sum().backward()\n"),
        raises="RuntimeError",
        message=("one of the variables needed for gradient computation has been modified by "
                 "an inplace operation: [torch.FloatTensor [3]], which is output 0 of Sigmoid, "
                 "is at version 1; expected version 0 instead. Hint: enable anomaly detection "
                 "to find the operation that failed to compute its gradient, with "
                 "torch.autograd.set_detect_anomaly(True, check_nan=False).")),
    "backward-twice": dict(
        code=("import torch\n"
              "x = torch.tensor([1., 2.], requires_grad=True)\n"
              "loss = (x * x).sum()\n"
              "loss.backward()\n"
              "loss.backward()          # the buffers of x * x were freed by the first call\n"),
        raises="RuntimeError",
        message=("Trying to backward through the graph a second time (or directly access "
                 "saved tensors after they have already been freed). Saved intermediate values "
                 "of the graph are freed when you call .backward() or autograd.grad(). Specify "
                 "retain_graph=True if you need to backward through the graph a second time or "
                 "if you need to access saved tensors after calling backward.")),
    "no-grad-fn": dict(
        code=("import torch\n"
              "x = torch.tensor([1., 2.], requires_grad=True)\n"
              "loss = torch.tensor((x * x).sum().item())   # rebuilt from a Python float\n"
              "loss.backward()\n"),
        raises="RuntimeError",
        message="element 0 of tensors does not require grad and does not have a grad_fn"),
    "leaf-inplace": dict(
        code=("import torch\n"
              "w = torch.tensor([1., 2.], requires_grad=True)\n"
              "w -= 0.1                 # an update outside torch.no_grad()\n"),
        raises="RuntimeError",
        message="a leaf Variable that requires grad is being used in an in-place operation."),
    "leaf-moved": dict(
        code=("import torch\n"
              "w = torch.tensor([1., 2.], requires_grad=True).double()   # w is the copy\n"
              "(w * w).sum().backward()\n"
              "print(w.grad)            # None, with a UserWarning\n"),
        raises="UserWarning",
        message=_NON_LEAF_WARNING),
    "view-inplace": dict(
        code=("import torch\n"
              "x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)\n"
              "a, b = (x * 1).unbind(0)\n"
              "a.add_(1)\n"),
        raises="RuntimeError",
        message=("Output 0 of Unbind is a view and is being modified inplace. This view is the "
                 "output of a function that returns multiple views. Such functions do not allow "
                 "the output views to be modified inplace. You should replace the inplace "
                 "operation by an out-of-place one.")),
    "numpy-requires-grad": dict(
        code=("import torch\n"
              "x = torch.tensor([1., 2.], requires_grad=True)\n"
              "x.numpy()\n"),
        raises="RuntimeError",
        message=("Can't call numpy() on Tensor that requires grad. Use "
                 "tensor.detach().numpy() instead.")),
    "non-scalar-output": dict(
        code=("import torch\n"
              "x = torch.tensor([1., 2.], requires_grad=True)\n"
              "(x * 2).backward()       # two numbers, no gradient passed\n"),
        raises="RuntimeError",
        message="grad can be implicitly created only for scalar outputs"),
    "int-requires-grad": dict(
        code=("import torch\n"
              "x = torch.tensor([1, 2, 3], requires_grad=True)   # Python ints: int64\n"),
        raises="RuntimeError",
        message="Only Tensors of floating point and complex dtype can require gradients"),
    "unused-input": dict(
        code=("import torch\n"
              "x = torch.tensor([1., 2.], requires_grad=True)\n"
              "z = torch.tensor([3., 4.], requires_grad=True)\n"
              "torch.autograd.grad((x * 2).sum(), [x, z])   # the output never used z\n"),
        raises="RuntimeError",
        message=("The differentiated Tensor at index 1 appears to not have been used in the "
                 "graph. Set allow_unused=True if this is the desired behavior.")),
    "requires-grad-nonleaf": dict(
        code=("import torch\n"
              "x = torch.tensor([1., 2.], requires_grad=True)\n"
              "y = x * 2\n"
              "y.requires_grad_(False)\n"),
        raises="RuntimeError",
        message=("you can only change requires_grad flags of leaf variables. If you want to "
                 "use a computed variable in a subgraph that doesn't require differentiation "
                 "use var_no_grad = var.detach().")),
    "non-leaf-grad": dict(
        code=("import torch\n"
              "x = torch.tensor([1., 2.], requires_grad=True)\n"
              "y = x * 2\n"
              "y.sum().backward()\n"
              "print(y.grad)            # None, with a UserWarning\n"),
        raises="UserWarning",
        message=_NON_LEAF_WARNING),
    "nan-gradient": dict(
        code=("import torch\n"
              "x = torch.tensor([0., 4.], requires_grad=True)\n"
              "with torch.autograd.detect_anomaly():\n"
              "    y = torch.where(x > 0, torch.sqrt(x), 0.)\n"
              "    y.sum().backward()\n"),
        raises="RuntimeError",
        message="Function 'SqrtBackward0' returned nan values in its 0th output."),
}


def title_of(kind: str) -> str:
    """The error page's title: torch's message, without a warning's build-path trailer."""
    return _TRIGGERED.sub("", REPROS[kind]["message"])
