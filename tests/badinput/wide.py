"""The wide distribution: every public function and method, each argument slot, odd values.

``calls.FAMILIES`` holds hand-written templates, one per known way to misuse a call. This
module adds what an outside fuzzer draws and the hand-written list did not:

* ``torch.*``, ``F.*``, ``methods`` (the slot families): every public ``torch.*`` function that
  minigrad has, every ``torch.nn.functional.*`` and every Tensor method, called with a shape
  of arguments drawn from ``ARGS`` (a tensor, then wrong types, NumPy scalars, None, huge
  ints, keyword typos and NumPy-style aliases, dtypes, in every slot);
* ``signatures``: the overloads of reductions and softmax (keepdim without dim, dim=None,
  axis=/keepdims=, dtype= without dim);
* ``factories``: sizes that cannot be allocated, dtypes a kernel lacks, values that overflow,
  seeds, torch.Size, views of 0-d tensors;
* ``operators``: Python numbers and NumPy scalars on both sides of every operator, bitwise
  ops on floats;
* ``numeric``: values where NumPy warns and torch is silent (overflow, inf, nan);
* ``bmm``: batched matmul with batch dims that do or do not broadcast, requires_grad mixed.

Calls that mention a device (``device=``, ``.cuda()``, ``pin_memory``) are tallied in a family
of their own, ``device`` (the device semantics are another helper's part).
"""
# ruff: noqa: E501
import inspect

# public names drawn by the slot families: present in torch and in minigrad (minigrad's
# missing functions are another kind of gap, not bad input), minus global state and values
# that differ by design (seeds, addresses)
_SKIP = {"set_default_device", "set_default_dtype", "set_printoptions", "seed",
         "initial_seed", "data_ptr", "manual_seed"}
# results that are random or uninitialized: compared by shape and dtype only
RANDOM = {"rand", "rand_like", "randint", "randint_like", "randn", "randn_like", "empty",
          "empty_like", "new_empty", "normal_", "uniform_", "dropout", "untyped_storage"}
DEVICE_WORDS = ("device", "cuda", "pin_memory", "'meta'", ".cpu(")


def _public(module, reference):
    names = []
    for name in dir(module):
        obj = getattr(module, name, None)
        if name.startswith("_") or name in _SKIP or not hasattr(reference, name):
            continue
        if inspect.isclass(obj) or inspect.ismodule(obj) or not callable(obj):
            continue
        names.append(name)
    return names


def slot_names():
    """(torch functions, functional functions, Tensor methods) that both libraries have."""
    import torch

    import minigrad
    import minigrad.nn.functional as mF
    functions = _public(minigrad, torch)
    functional = _public(mF, torch.nn.functional)
    methods = [n for n in dir(minigrad.Tensor) if not n.startswith("_") and n not in _SKIP
               and hasattr(torch.Tensor, n) and callable(getattr(minigrad.Tensor, n, None))]
    return functions, functional, methods


# wrong (and some right) values for any slot
WRONG = ["None", "'x'", "np.float32(2)", "np.int64(3)", "np.float64(2)", "np.bool_(True)",
         "2**40", "2**63", "-1", "0", "1", "2", "1.5", "True", "[1, 2]", "(1,)", "()",
         "object()", "torch.float16", "torch.int64", "torch.bool", "a", "v", "b", "s", "c", "bo",
         "np.array([1., 2.])", "float('inf')", "float('nan')", "1e40", "-5", "[v, v]",
         "slice(1)", "1j", "(0, 1)", "{}"]
# keyword arguments: torch's names, typos, NumPy's aliases (torch accepts dim's `axis`)
KWARGS = ["dim=0", "dim=-1", "dim=None", "dim=(0, 1)", "dim='a'", "axis=0", "axis=1",
          "keepdim=True", "keepdim='x'", "keepdims=True", "keep_dim=True", "dims=0",
          "dtype=torch.float64", "dtype=torch.int64", "dtype=torch.float16", "dtype=3",
          "dtype=np.float32", "out=None", "out=a", "inplace=True", "input=a", "other=v",
          "alpha=2", "alpha=np.float32(2)", "requires_grad=True", "size=(2,)", "p=2",
          "reduction='sum'", "reduction='x'", "weight=v", "exponent=2", "min=0", "max=None",
          "layout=None", "generator=None", "memory_format=None", "non_blocking=True",
          "device='cpu'", "device='cuda'", "device='meta'", "device='xyz'", "pin_memory=True"]
ARGS = ["", "{T}", "{W}", "{T}, {W}", "{W}, {T}", "{T}, {T2}", "{T}, {W}, {W2}", "{T}, {K}",
        "{T}, {D}, {K}", "{T}, {W}, {K}", "{K}", "{W}, {K}", "{T}, {K}, {K2}", "{T}, {D}",
        "{T}, {D}, {W}", "{T}, {T2}, {W}"]
METHOD_ARGS = ["", "{W}", "{W}, {W2}", "{T}", "{K}", "{W}, {K}", "{D}, {K}", "{K}, {K2}",
               "{D}", "{D}, {W}", "{T}, {W}", "*{S}", "*()"]

WIDE_POOLS = {
    "W": WRONG, "K": KWARGS, "ARGS": ARGS, "MARGS": METHOD_ARGS,
    "B": ["True", "False", "None", "'x'", "1", "np.bool_(True)"],
    "SC": ["2", "2.5", "-1", "0", "True", "np.float64(2)", "np.float32(2)", "np.int64(3)",
           "np.bool_(True)", "2**63", "1e40", "float('inf')", "1j", "np.array(2.)"],
    "BIG": ["2**40", "(2**40,)", "(2**20, 2**20)", "2**62", "(2**31, 2**31)", "(-1,)",
            "(3, -2)", "2**63", "(2, 3)"],
    "HUGE": ["70000.", "1e40", "-1e40", "2**63", "2**64", "-2**63 - 1", "1e308", "65504.",
             "3.5e38", "float('inf')", "2**31", "300", "-129"],
    "BS": ["(2, 3, 4)", "(3, 4)", "(2, 4, 3)", "(4,)", "(3,)", "(5, 3, 4)", "(2, 1, 3, 4)",
           "(1, 4, 2)", "(7, 4, 2)", "(2, 4, 2)", "(4, 2)", "()", "(0, 3, 4)", "(2, 0, 4)"],
}

FAMILIES = {
    "signatures": [
        ("Tensor.sum/keepdim", "{T}.sum(keepdim={B})"),
        ("Tensor.sum/dim=None", "{T}.sum(dim=None, keepdim={B})"),
        ("Tensor.sum/kw", "{T}.sum({K})"), ("torch.sum/kw", "torch.sum({T}, {K}, {K2})"),
        ("Tensor.mean/kw", "{T}.mean({K}, {K2})"), ("Tensor.prod/kw", "{T}.prod({K})"),
        ("Tensor.argmax/keepdim", "{T}.argmax(dim={D}, keepdim={X})"),
        ("Tensor.argmin/keepdim", "{T}.argmin(keepdim={B})"),
        ("Tensor.argmax/kw", "{T}.argmax({K})"), ("torch.argmax/kw", "torch.argmax({T}, {K})"),
        ("Tensor.max/kw", "{T}.max({K}, {K2})"), ("Tensor.min/kw", "{T}.min({D}, {K})"),
        ("torch.max/kw", "torch.max({T}, {K})"), ("Tensor.all/kw", "{T}.all({K})"),
        ("Tensor.any/kw", "{T}.any({K})"), ("Tensor.norm/kw", "{T}.norm({K})"),
        ("F.softmax/kw", "F.softmax({T}, {K})"), ("F.softmax/dtype", "F.softmax({T}, dtype={Y})"),
        ("F.log_softmax/kw", "F.log_softmax({T}, {K}, {K2})"),
        ("torch.softmax/kw", "torch.softmax({T}, {K})"), ("Tensor.softmax/kw", "{T}.softmax({K})"),
        ("Tensor.log_softmax", "{T}.log_softmax({D}, {K})"),
        ("Tensor.squeeze/kw", "{T}.squeeze({K})"), ("Tensor.flatten/kw", "{T}.flatten({K})"),
    ],
    "factories": [
        ("torch.ones/big", "torch.ones({BIG})"), ("torch.zeros/big", "torch.zeros({BIG})"),
        ("torch.full/big", "torch.full({BIG}, 1.)"), ("torch.empty/big", "torch.empty({BIG}).shape"),
        ("torch.randn/big", "torch.randn({BIG}).shape"), ("torch.eye/big", "torch.eye({N}, {W})"),
        ("torch.randn/dtype", "torch.randn(3, dtype={Y}).dtype"),
        ("torch.rand/dtype", "torch.rand(2, dtype={Y}).dtype"),
        ("torch.randint", "torch.randint({N}, {N2}, {S}).shape"),
        ("torch.randint/2", "torch.randint({N}, {S}, dtype={Y}).shape"),
        ("torch.manual_seed", "torch.manual_seed({N})\nt = None"),
        ("torch.Size", "torch.Size({DATA})"),
        ("Tensor.view/0-d", "{T}.view(*())"), ("Tensor.view/unpack", "{T}.view(*{S})"),
        ("torch.tensor/overflow", "torch.tensor({HUGE}, dtype={Y})"),
        ("torch.tensor/huge", "torch.tensor([{HUGE}, 1])"),
        ("torch.full/overflow", "torch.full((2,), {HUGE}, dtype={Y})"),
        ("Tensor.fill_/overflow", "t = {T}.clone()\nt.fill_({HUGE})"),
        ("Tensor.half", "torch.tensor([{HUGE}]).half()"), ("Tensor.to/overflow", "{T}.to({Y}) * {HUGE}"),
        ("torch.arange/dtype", "torch.arange({N}, dtype={Y})"),
        ("torch.linspace/dtype", "torch.linspace(0, {HUGE}, 3, dtype={Y})"),
        ("torch.zeros/dtype", "torch.zeros({S}, dtype={Y}, requires_grad={B})"),
        ("torch.*_like", "torch.ones_like({T}, dtype={Y}, requires_grad={B})"),
    ],
    "operators": [
        ("radd", "{SC} + {T}"), ("rsub", "{SC} - {T}"), ("rmul", "{SC} * {T}"),
        ("rtruediv", "{SC} / {T}"), ("rfloordiv", "{SC} // {T}"), ("rmod", "{SC} % {T}"),
        ("rpow", "{SC} ** {T}"), ("pow", "{T} ** {SC}"), ("rmatmul", "{SC} @ {T}"),
        ("matmul", "{T} @ {X}"), ("and", "{T} & {SC}"), ("rand", "{SC} & {T}"),
        ("or", "{T} | {X}"), ("xor", "{T} ^ {X}"), ("invert", "~{T}"), ("lshift", "{T} << {SC}"),
        ("rshift", "{T} >> {SC}"), ("torch.bitwise_and", "torch.bitwise_and({T}, {X})"),
        ("torch.bitwise_or", "torch.bitwise_or({X}, {T})"),
        ("torch.bitwise_xor", "torch.bitwise_xor({T}, {T2})"),
        ("itruediv", "t = {T}.clone()\nt /= {SC}"), ("isub", "t = {T}.clone()\nt -= {SC}"),
        ("iand", "t = {T}.clone()\nt &= {SC}"), ("ifloordiv", "t = {T}.clone()\nt //= {SC}"),
        ("lt/r", "{SC} < {T}"), ("eq/r", "{SC} == {T}"), ("ne", "{T} != {X}"),
    ],
    "numeric": [
        ("F.softmax/inf", "F.softmax(torch.tensor([{HUGE}, 1., float('-inf')]), 0)"),
        ("F.log_softmax/inf", "F.log_softmax(torch.tensor([{HUGE}, float('inf')]), 0)"),
        ("F.mse_loss/huge", "F.mse_loss({T} * {HUGE}, {T2})"),
        ("F.cross_entropy/huge", "F.cross_entropy(a * {HUGE}, torch.tensor([0, 2]))"),
        ("idiv/huge", "t = {T}.clone()\nt /= {HUGE}"), ("mul/huge", "{T} * {HUGE}"),
        ("exp/huge", "torch.exp({T} * {HUGE})"), ("log/neg", "torch.log({T} - {HUGE})"),
        ("sigmoid/huge", "torch.sigmoid({T} * {HUGE})"), ("tanh/huge", "({T} * {HUGE}).tanh()"),
        ("pow/huge", "{T} ** {HUGE}"), ("half/huge", "({T} * {HUGE}).half()"),
        ("sqrt/neg", "(-{T}).sqrt()"), ("div/zero", "{T} / ({T2} * 0)"),
        ("std/one", "{T}.std()"), ("mean/empty", "e.mean()"), ("norm/huge", "({T} * {HUGE}).norm()"),
        ("sum/half", "({T}.half() * {HUGE}).sum()"), ("prod/huge", "({T} * {HUGE}).prod()"),
        ("int/cast", "torch.tensor([{HUGE}]).long()"), ("Tensor.item/huge", "({T} * {HUGE}).sum().item()"),
        ("BCE/huge", "F.binary_cross_entropy_with_logits(v * {HUGE}, torch.tensor([1., 0., 1.]))"),
        ("remainder/zero", "torch.remainder({T}, 0)"),
    ],
    "bmm": [
        ("matmul/batch", "torch.ones({BS}).requires_grad_({B}) @ torch.ones({BS2})"),
        ("matmul/batch-r", "torch.ones({BS}) @ torch.ones({BS2}).requires_grad_({B})"),
        ("torch.matmul/batch", "torch.matmul(torch.ones({BS}), torch.ones({BS2}))"),
        ("torch.bmm/batch", "torch.bmm(torch.ones({BS}), torch.ones({BS2}))"),
        ("matmul/grad", "(torch.ones({BS}, requires_grad=True) @ torch.ones({BS2})).sum()"
                        ".backward()"),
    ],
}


def slot_families():
    """The slot families: one template per public name, its arguments drawn from ARGS."""
    functions, functional, methods = slot_names()

    def wrap(call, name):
        if name in RANDOM:
            return f"r = {call}\n(tuple(r.shape), str(r.dtype)) if torch.is_tensor(r) else r"
        return call
    return {
        "torch.*": [(f"torch.{n}", wrap(f"torch.{n}({{ARGS}})", n)) for n in functions],
        "F.*": [(f"F.{n}", wrap(f"F.{n}({{ARGS}})", n)) for n in functional],
        "methods": [(f"Tensor.{n}", wrap(f"{{T}}.{n}({{MARGS}})", n)) for n in methods],
    }


def family_of(family, source):
    """The family a call is tallied under: device calls go to `device`."""
    return "device" if any(w in source for w in DEVICE_WORDS) else family
