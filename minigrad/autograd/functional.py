"""Higher-level derivatives of a whole function: vjp, jvp, jacobian, hessian, vhp, hvp.

Everything here is built on `autograd.grad`, as torch.autograd.functional is:

* vjp  v^T J: one backward pass with `v` as the output gradient;
* jvp  J v: the "double backward trick": the gradient of the inputs' gradient, taken with
  respect to a dummy output gradient `u` (the backward pass is linear in `u`), gives J v
  without forward-mode AD;
* jacobian: one backward pass per output element (one row of J each);
* hessian: the jacobian of the jacobian; vhp / hvp: backward through the gradient.

Inputs are detached copies (or, with create_graph=True, views that keep the caller's graph),
so the caller's tensors never get a `.grad`. Results are detached unless create_graph=True.
Arguments and errors follow torch 2.13 (messages word for word). `vectorize=True` and
`strategy="forward-mode"` are accepted and give the same values, computed the reverse-mode way
(minigrad has neither vmap nor forward-mode AD).
"""
from .. import _creation
from .._tensor import Tensor
from .grad_mode import enable_grad, is_grad_enabled, set_grad_enabled

__all__ = ["vjp", "jvp", "jacobian", "hessian", "vhp", "hvp"]


# ---------------------------------------------------------------------------------------------
# argument handling


def _tensors(value, what, fn):
    """(was it a tuple, the tensors as a tuple); torch's TypeError for anything else."""
    was_tuple = isinstance(value, tuple)
    items = value if was_tuple else (value,)
    for i, item in enumerate(items):
        if not isinstance(item, Tensor):
            where = f"value at index {i}" if was_tuple else f"given {what}"
            raise TypeError(f"The {what} given to {fn} must be either a Tensor or a tuple of "
                            f"Tensors but the {where} has type {type(item)}.")
    return was_tuple, items


def _prepare(tensors, create_graph, need_graph):
    """The tensors the user's function gets: views that keep the caller's graph when a graph
    of the result is wanted, detached copies otherwise."""
    return tuple(t.view_as(t) if create_graph and t.requires_grad
                 else t.detach().requires_grad_(need_graph) for t in tensors)


def _finish(tensors, create_graph):
    """Detach the results (nested tuples too) unless the caller wants their graph."""
    if create_graph:
        return tensors
    return tuple(t.detach() if isinstance(t, Tensor) else _finish(t, False) for t in tensors)


def _unpack(results, was_tuple):
    """Undo the tuple wrapping: a single tensor in, a single tensor out."""
    return results if was_tuple else results[0]


def _unpack2(results, outputs_tuple, inputs_tuple):
    if not inputs_tuple:
        results = tuple(row[0] for row in results)
    return results if outputs_tuple else results[0]


def _check_v(v, like, like_is_tuple):
    if len(v) != len(like):
        if like_is_tuple:
            raise RuntimeError(f"v is a tuple of invalid length: should be {len(like)} but got "
                               f"{len(v)}.")
        raise RuntimeError("The given v should contain a single Tensor.")
    for i, (a, b) in enumerate(zip(v, like)):
        if a.size() != b.size():
            where = f"Entry {i} in " if like_is_tuple else ""
            raise RuntimeError(f"{where}v has invalid size: should be {b.size()} but got "
                               f"{a.size()}.")


_STRICT = {
    "outputs": ("Output {i} of the user-provided function does not require gradients. The "
                "outputs must be computed in a differentiable manner from the input when "
                "running in strict mode."),
    "grad_inputs": ("The gradient with respect to input {i} is independent of the inputs of "
                    "the user-provided function. This is not allowed in strict mode."),
    "jacobian": ("While computing the hessian, found that the jacobian of the user-provided "
                 "function with respect to input {i} is independent of the input. This is not "
                 "allowed in strict mode. You should ensure that your function is twice "
                 "differentiable and that the jacobian depends on the inputs (this would be "
                 "violated by a linear function for example)."),
    "hessian": ("The hessian of the user-provided function with respect to input {i} is "
                "independent of the input. This is not allowed in strict mode. You should "
                "ensure that your function is thrice differentiable and that the hessian "
                "depends on the inputs."),
}


def _strict_requires_grad(tensors, kind, strict):
    if not strict:
        return
    for i, t in enumerate(tensors):
        if t is None:
            raise RuntimeError(f"The output of the user-provided function is independent of "
                               f"input {i}. This is not allowed in strict mode.")
        if not t.requires_grad:
            raise RuntimeError(_STRICT[kind].format(i=i))


def _grad(outputs, inputs, grad_outputs=None, create_graph=False, retain_graph=None):
    """autograd.grad over the outputs that require grad; None for every input if none does."""
    from . import grad
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    pairs = [(o, g) for o, g in zip(outputs, grad_outputs) if o is not None and o.requires_grad]
    if not pairs:
        return (None,) * len(inputs)
    return grad(tuple(o for o, _ in pairs), inputs, tuple(g for _, g in pairs),
                retain_graph=retain_graph, create_graph=create_graph, allow_unused=True)


_UNUSED = {
    "back": "The output of the user-provided function is independent of input {i}. This is "
            "not allowed in strict mode.",
    "back_trick": "The gradient with respect to the input is independent of entry {i} in the "
                  "grad_outputs when using the double backward trick to compute forward mode "
                  "gradients. This is not allowed in strict mode.",
    "double_back": "The jacobian of the user-provided function is independent of input {i}. "
                   "This is not allowed in strict mode.",
    "double_back_trick": "The hessian of the user-provided function is independent of entry "
                         "{i} in the grad_jacobian. This is not allowed in strict mode as it "
                         "prevents from using the double backward trick to replace forward "
                         "mode AD.",
}


def _zeros_for_unused(grads, like, strict, create_graph, stage):
    """Replace None gradients by zeros shaped like `like` (strict mode raises instead)."""
    out = []
    for i, g in enumerate(grads):
        if g is None:
            if strict:
                raise RuntimeError(_UNUSED[stage].format(i=i))
            g = _creation.zeros_like(like[i])
        elif strict and create_graph and not g.requires_grad:
            which = "hessian" if "double" in stage else "jacobian"
            raise RuntimeError(f"The {which} of the user-provided function is independent of "
                               f"input {i}. This is not allowed in strict mode when "
                               f"create_graph=True.")
        out.append(g)
    return tuple(out)


def _call(func, inputs, fn, strict):
    outputs = func(*inputs)
    was_tuple, outputs = _tensors(outputs, "outputs of the user-provided function", fn)
    _strict_requires_grad(outputs, "outputs", strict)
    return was_tuple, outputs


def _v_or_default(v, like, like_is_tuple, create_graph, fn, default_message):
    if v is not None:
        _, v = _tensors(v, "v", fn)
        v = _prepare(v, create_graph, need_graph=False)
        _check_v(v, like, like_is_tuple)
        return v
    if len(like) != 1 or like[0].nelement() != 1:
        raise RuntimeError(default_message)
    return None


_V_NONE_INPUT = ("The vector v can only be None if the input to the user-provided function "
                 "is a single Tensor with a single element.")


# ---------------------------------------------------------------------------------------------
# the functions


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), v^T J): the vector-Jacobian product at `inputs`."""
    with enable_grad():
        inputs_tuple, inputs = _tensors(inputs, "inputs", "vjp")
        inputs = _prepare(inputs, create_graph, need_graph=True)
        outputs_tuple, outputs = _call(func, inputs, "vjp", strict)
        v = _v_or_default(v, outputs, outputs_tuple, create_graph, "vjp",
                          "The vector v can only be None if the user-provided function "
                          "returns a single Tensor with a single element.")
    with set_grad_enabled(True if create_graph else is_grad_enabled()):
        grads = _grad(outputs, inputs, v, create_graph=create_graph)
        result = _zeros_for_unused(grads, inputs, strict, create_graph, "back")
    return (_unpack(_finish(outputs, create_graph), outputs_tuple),
            _unpack(_finish(result, create_graph), inputs_tuple))


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), J v): the Jacobian-vector product, by the double backward trick."""
    with enable_grad():
        inputs_tuple, inputs = _tensors(inputs, "inputs", "jvp")
        inputs = _prepare(inputs, create_graph, need_graph=True)
        v = _v_or_default(v, inputs, inputs_tuple, create_graph, "jvp",
                          "The vector v can only be None if the input to the user-provided "
                          "function is a single Tensor with a single element.")
        outputs_tuple, outputs = _call(func, inputs, "jvp", strict)
        # backward is linear in its output gradient u, so u's value never matters (zeros
        # keep inf/nan out); d(u^T J)/du applied to v is J v
        dummies = tuple(_creation.zeros_like(o, requires_grad=True) for o in outputs)
        grad_inputs = _grad(outputs, inputs, dummies, create_graph=True)
        _strict_requires_grad(grad_inputs, "grad_inputs", strict)
    with set_grad_enabled(True if create_graph else is_grad_enabled()):
        grads = _grad(grad_inputs, dummies, v, create_graph=create_graph)
        result = _zeros_for_unused(grads, outputs, strict, create_graph, "back_trick")
    return (_unpack(_finish(outputs, create_graph), outputs_tuple),
            _unpack(_finish(result, create_graph), outputs_tuple))


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False,
             strategy="reverse-mode"):
    """The Jacobian of `func` at `inputs`: for output i and input j a tensor of shape
    output_i.shape + input_j.shape (unwrapped where func or inputs are single tensors)."""
    if strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError(
            'Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your '
            'function has more outputs than inputs, "forward-mode" tends to be more '
            'performant. Otherwise, prefer to use "reverse-mode".')
    if strategy == "forward-mode":
        if create_graph:
            raise NotImplementedError(
                "torch.autograd.functional.jacobian: `create_graph=True` and "
                '`strategy="forward-mode"` are not supported together (yet). Please either '
                'set `create_graph=False` or `strategy="reverse-mode"`.')
        if strict:
            raise RuntimeError(
                "torch.autograd.functional.jacobian: `strict=True` and "
                '`strategy="forward-mode"` are not supported together (yet). Please either '
                'set `strict=False` or `strategy="reverse-mode"`.')
        if not vectorize:
            raise NotImplementedError(
                "Computing Jacobian using forward-AD or forward-over-reverse Hessian is"
                "only implemented for `vectorize=True`.")
    with enable_grad():
        inputs_tuple, inputs = _tensors(inputs, "inputs", "jacobian")
        inputs = _prepare(inputs, create_graph, need_graph=True)
        outputs_tuple, outputs = _call(func, inputs, "jacobian", strict)
        if vectorize and strict:
            raise RuntimeError(
                "torch.autograd.functional.jacobian: `strict=True` and `vectorized=True` are "
                "not supported together. Please either set `strict=False` or "
                "`vectorize=False`.")
        table = tuple(_jacobian_rows(i, out, inputs, create_graph, strict)
                      for i, out in enumerate(outputs))
        return _unpack2(_finish(table, create_graph), outputs_tuple, inputs_tuple)


def _jacobian_rows(i, out, inputs, create_graph, strict):
    """d out / d input_j for every input j: one backward pass per element of `out`."""
    from .. import stack
    rows = [[] for _ in inputs]
    flat = out.reshape(-1)
    for k in range(out.nelement()):
        grads = _grad((flat[k],), inputs, retain_graph=True, create_graph=create_graph)
        for j, (g, inp) in enumerate(zip(grads, inputs)):
            if g is None:
                if strict:
                    raise RuntimeError(f"Output {i} of the user-provided function is "
                                       f"independent of input {j}. This is not allowed in "
                                       f"strict mode.")
                g = _creation.zeros_like(inp)
            elif strict and create_graph and not g.requires_grad:
                raise RuntimeError(f"The jacobian of the user-provided function is "
                                   f"independent of input {i}. This is not allowed in strict "
                                   f"mode when create_graph=True.")
            rows[j].append(g)
    shape = tuple(out.shape)
    return tuple(stack(r, 0).view(shape + tuple(inp.shape)) for r, inp in zip(rows, inputs))


def _single_element(func, fn, strict):
    """Wrap `func` so that it must return one tensor with one element (for second
    derivatives of a scalar function)."""
    def scalar(*inp):
        out = func(*inp)
        was_tuple, outs = _tensors(out, "outputs of the user-provided function", fn)
        _strict_requires_grad(outs, "outputs", strict)
        if was_tuple or not isinstance(out, Tensor):
            raise RuntimeError(f"The function given to {fn} should return a single Tensor")
        if out.nelement() != 1:
            raise RuntimeError(f"The Tensor returned by the function given to {fn} should "
                               f"contain a single element")
        return out.squeeze()
    return scalar


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False,
            outer_jacobian_strategy="reverse-mode"):
    """The Hessian of a scalar function: the jacobian of its jacobian."""
    inputs_tuple, inputs = _tensors(inputs, "inputs", "hessian")
    if outer_jacobian_strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode".')
    scalar = _single_element(func, "hessian", strict)

    def gradient(*inp):
        if outer_jacobian_strategy == "forward-mode":
            inp = tuple(t.requires_grad_(True) for t in inp)
        jac = jacobian(scalar, inp, create_graph=True)
        _strict_requires_grad(jac, "jacobian", strict)
        return jac
    table = jacobian(gradient, inputs, create_graph=create_graph, strict=strict,
                     vectorize=vectorize, strategy=outer_jacobian_strategy)
    return _unpack2(table, inputs_tuple, inputs_tuple)


def _second_order(func, inputs, v, create_graph, strict, fn):
    inputs_tuple, inputs = _tensors(inputs, "inputs", fn)
    inputs = _prepare(inputs, create_graph, need_graph=True)
    v = _v_or_default(v, inputs, inputs_tuple, create_graph, fn, _V_NONE_INPUT)
    outputs = func(*inputs)
    outputs_tuple, outs = _tensors(outputs, "outputs of the user-provided function", fn)
    _strict_requires_grad(outs, "outputs", strict)
    if outputs_tuple or not isinstance(outs[0], Tensor):
        raise RuntimeError(f"The function given to {fn} should return a single Tensor")
    if outs[0].nelement() != 1:
        raise RuntimeError(f"The Tensor returned by the function given to {fn} should contain "
                           f"a single element")
    jac = _grad(outs, inputs, create_graph=True)
    _strict_requires_grad(jac, "jacobian", strict)
    return inputs_tuple, inputs, v, outputs_tuple, outs, jac


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), v^T H) for a scalar function."""
    with enable_grad():
        inputs_tuple, inputs, v, outputs_tuple, outs, jac = _second_order(
            func, inputs, v, create_graph, strict, "vhp")
    with set_grad_enabled(True if create_graph else is_grad_enabled()):
        grads = _grad(jac, inputs, v, create_graph=create_graph)
        result = _zeros_for_unused(grads, inputs, strict, create_graph, "double_back")
    return (_unpack(_finish(outs, create_graph), outputs_tuple),
            _unpack(_finish(result, create_graph), inputs_tuple))


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), H v) for a scalar function, by the double backward trick."""
    with enable_grad():
        inputs_tuple, inputs, v, outputs_tuple, outs, jac = _second_order(
            func, inputs, v, create_graph, strict, "hvp")
        dummies = tuple(_creation.zeros_like(t, requires_grad=True) for t in inputs)
        double_back = _grad(jac, inputs, dummies, create_graph=True)
        _strict_requires_grad(jac, "hessian", strict)
    with set_grad_enabled(True if create_graph else is_grad_enabled()):
        grads = _grad(double_back, dummies, v, create_graph=create_graph)
        result = _zeros_for_unused(grads, inputs, strict, create_graph, "double_back_trick")
    return (_unpack(_finish(outs, create_graph), outputs_tuple),
            _unpack(_finish(result, create_graph), inputs_tuple))
