"""torch's longer message texts for the tensor record's and autograd's errors and warnings, word
for word (torch 2.13), kept here so that the core reads as the logic that raises them."""

__all__ = ["NONLEAF_GRAD", "CREATE_GRAPH_CYCLE", "LEAF_FLAGS", "DETACH_VIEW_IN_PLACE",
           "FLOAT_REQUIRES_GRAD", "INFERENCE_REQUIRES_GRAD", "GRAD_NOT_A_TENSOR",
           "HOOK_WITHOUT_GRAD", "DATA_NOT_FLOATING", "ANOMALY_OFF_HINT",
           "ANOMALY_ON_HINT", "SECOND_BACKWARD", "DETACHED_IN_PLACE", "INFERENCE_SAVED",
           "PACK_HOOK_IN_PLACE", "LEGACY_FUNCTION", "NO_BACKWARD", "cname",
           "grad_dtype_mismatch", "grad_size_mismatch", "function_instantiated"]

NONLEAF_GRAD = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad "
    "field to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. "
    "If you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor "
    "instead. See github.com/pytorch/pytorch/pull/30531 for more information.")
CREATE_GRAPH_CYCLE = (
    "Using backward() with create_graph=True will create a reference cycle between the "
    "parameter and its gradient which can cause a memory leak. We recommend using "
    "autograd.grad when creating the graph to avoid this. If you have to use this function, "
    "make sure to reset the .grad fields of your parameters to None after use to break the "
    "cycle and avoid the leak.")
LEAF_FLAGS = ("you can only change requires_grad flags of leaf variables. If you want to use "
              "a computed variable in a subgraph that doesn't require differentiation use "
              "var_no_grad = var.detach().")
DETACH_VIEW_IN_PLACE = (
    "Can't detach views in-place. Use detach() instead. If you are using "
    "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set "
    "as True, gradients are views of DDP buckets, and hence detach_() cannot be "
    "called on these gradients. To fix this error, please refer to the "
    "Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.")


def cname(t):
    """torch's C++ scalar type name: 'float', 'double', 'long', ..."""
    return {"float32": "float", "float64": "double", "float16": "c10::Half", "int64": "long int",
            "int32": "int", "int16": "short", "int8": "signed char", "uint8": "unsigned char",
            "bool": "bool"}[t.dtype.name]


def grad_dtype_mismatch(grad, tensor):
    """Assigning a `.grad` whose dtype differs from the tensor's."""
    return (f"attempting to assign a gradient with dtype '{cname(grad)}' to a tensor "
            f"with grad_dtype '{cname(tensor).capitalize()}'. The gradient must match "
            "the tensor's grad_dtype (defaults to the tensor's dtype). You can set the "
            "tensor's grad_dtype attribute with a specific dtype, or None to allow any "
            "dtype. Set grad_dtype with caution. Diverging the dtypes of a tensor and "
            "its gradient may break downstream systems that assume they match.")


def grad_size_mismatch(grad, tensor):
    """Assigning a `.grad` whose shape differs from the tensor's."""
    return (f"attempting to assign a gradient of size '{list(grad.shape)}' to a "
            f"tensor of size '{list(tensor.shape)}'. Please ensure that the gradient "
            "and the tensor are the same size")


FLOAT_REQUIRES_GRAD = "only Tensors of floating point and complex dtype can require gradients"
INFERENCE_REQUIRES_GRAD = ("Setting requires_grad=True on inference tensor outside InferenceMode "
                           "is not allowed.")
GRAD_NOT_A_TENSOR = "assigned grad expected to be a Tensor or None but got grad of type "
HOOK_WITHOUT_GRAD = "cannot register a hook on a tensor that doesn't require gradient"
DATA_NOT_FLOATING = ("data set to a tensor that requires gradients must be floating point or "
                     "complex dtype")

# ---- autograd: saved tensors and custom Functions ----
ANOMALY_OFF_HINT = (
    "Hint: enable anomaly detection to find the operation that failed to compute its "
    "gradient, with minigrad.autograd.set_detect_anomaly(True, check_nan=False).")
ANOMALY_ON_HINT = (
    "Hint: the backtrace further above shows the operation that failed to compute "
    "its gradient. The variable in question was changed in there or anywhere "
    "later. Good luck!")
SECOND_BACKWARD = (
    "Trying to backward through the graph a second time (or directly access saved tensors "
    "after they have already been freed). Saved intermediate values of the graph are freed "
    "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
    "backward through the graph a second time or if you need to access saved tensors after "
    "calling backward.")
DETACHED_IN_PLACE = (
    "Trying to use a saved tensor that has been detached in-place, i.e. with "
    ".detach_().This is not supported, please use out-of-place `.detach()` "
    "instead")
INFERENCE_SAVED = (
    "Inference tensors cannot be saved for backward. Please do not use Tensors "
    "created in inference mode in computation tracked by autograd. To work around "
    "this, you can make a clone to get a normal tensor and use it in autograd, or "
    "use `minigrad.no_grad()` instead of `minigrad.inference_mode()`.")
PACK_HOOK_IN_PLACE = (
    "A saved tensor pack hook is modifying its input in place. Tensors provided as "
    "input to pack hook cannot be modified by in-place operations as this can lead "
    "to unexpected side-effects. Please open an issue if you need to perform "
    "in-place operations on the input to a pack hook.")


def function_instantiated(cls):
    """Instantiating a custom autograd.Function class (a DeprecationWarning)."""
    return (f"{cls} should not be instantiated. Methods on autograd functions are all "
            "static, so you should invoke them on the class itself. Instantiating an "
            "autograd function will raise an error in a future version of PyTorch.")


LEGACY_FUNCTION = (
    "Legacy autograd function with non-static forward method is deprecated. Please use "
    "new-style autograd function with static forward method. (Example: "
    "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)")

NO_BACKWARD = ("You must implement either the backward or vjp method for your custom "
               "autograd.Function to use it with backward mode AD.")
