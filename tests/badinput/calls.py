"""What the fuzzer calls: templates by family, and the argument pools they draw from.

A template is Python source using ``torch`` (the library under test), the fixtures of
``SETUP`` and placeholders such as ``{T}`` (a tensor), ``{X}`` (anything), ``{D}`` (a dim).
(Powers always have a tensor on one side: a Python ``2**63 ** 2**63`` would never end.)
Each placeholder is filled from its pool, which mixes valid and invalid arguments, so most
calls are wrong in one or two ways and some are right (those check values). A template whose
last statement is an expression returns that value; otherwise the call's value is ``t``.
"""
import re

from .wide import FAMILIES as WIDE_FAMILIES
from .wide import WIDE_POOLS, slot_families

# fixtures every call starts from (fresh for each call; the same source for both libraries)
SETUP = """\
import numpy as np
nn = torch.nn
F = torch.nn.functional
a = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
v = torch.tensor([1., -2., 3.])
b = torch.tensor([1, 2, 3])
m = torch.tensor([[1., 2.], [3., 4.]])
s = torch.tensor(2.)
e = torch.tensor([])
z = torch.tensor([0., -0., 1.])
bo = torch.tensor([True, False, True])
c = torch.arange(24.).reshape(2, 3, 4)
g = torch.tensor([1., 2., 3.], requires_grad=True)
h = g * 2
lin = nn.Linear(3, 2)
with torch.no_grad():
    lin.weight.fill_(0.5)
    lin.bias.fill_(-1.)
"""

TENSORS = ["a", "v", "b", "m", "s", "e", "z", "bo", "c", "g", "h"]
NUMBERS = ["2", "0", "-1", "2.5", "True", "np.float64(2.0)", "np.int64(3)", "np.float32(0.5)",
           "float('nan')", "float('inf')", "2**63", "1j", "-0.0", "np.bool_(True)"]
OBJECTS = ["None", "'x'", "[1, 2]", "[[1, 2], [3]]", "(1, 2)", "{'k': 1}", "object()",
           "np.array([1., 2., 3.])", "np.array(2.0)", "range(3)", "[1., 2., 3.]",
           "torch.float32", "slice(0, 2)", "...", "[v, v]"]

POOLS = {
    "T": TENSORS,
    "X": TENSORS + NUMBERS + OBJECTS,
    "N": NUMBERS + ["1", "3", "-5", "None", "'3'", "(2,)", "s", "b"],
    "D": ["0", "1", "-1", "2", "3", "-4", "(0, 1)", "[0]", "None", "1.0", "'a'", "True",
          "np.int64(1)", "(0, 0)", "()"],
    "S": ["(2, 3)", "(3, 2)", "(-1,)", "(6,)", "(4,)", "(-1, -1)", "(0,)", "[2, 3]",
          "(2.0, 3)", "'a'", "(-2, 3)", "()", "(1, 6)", "(3,)", "(2, 1, 3)", "(None,)",
          "(np.int64(2), 3)", "(2, -1)", "5"],
    "Y": ["torch.float32", "torch.int64", "torch.bool", "torch.float64", "int", "float",
          "bool", "'float32'", "np.float32", "None", "torch.int32", "3", "torch.Tensor"],
    "I": ["0", "5", "-4", "1.5", "None", "...", "(0, 0)", "(0, 0, 0)", "[0, 1]", "[[0, 1]]",
          "[True, False]", "bo", "b", "torch.tensor([0, 5])", "'a'", "slice(None, None, -1)",
          "np.int64(1)", "np.array([0, 1])", "torch.tensor(1.0)", "a > 2", "[]", "()",
          "[0, 'a']", "{}", "(slice(0, 1), [0, 1])", "s", "torch.tensor([True])",
          "(None, 0)", "(..., None)"],
    "DATA": ["[1, 2]", "[[1, 2], [3]]", "[[1., 2.], [3., 4.]]", "{'a': 1}", "range(3)", "'abc'",
             "None", "[1, 'a']", "[None]", "np.float64(2.5)", "np.array([1, 2])",
             "[np.int64(1), 2]", "(1.5, True)", "[[[]]]", "[]", "object()", "[a, a]", "[s, s]",
             "1j", "[1, [2]]", "set()", "[v, 1.]", "[[1], 2]", "2**63", "[True, 2.5]",
             "np.array(['a'])", "b"],
    "RM": ["'floor'", "'trunc'", "None", "'round'", "3"],
    "OUT": ["(g * 2).sum()", "g * 2", "g", "a.sum()", "[(g * 2).sum()]", "None", "5",
            "(g * g).sum()", "h.sum()", "(g.detach() * 2).sum()", "[h.sum(), h.sum()]"],
    "INP": ["g", "[g]", "a", "(g,)", "None", "[g, g]", "g.detach()", "h", "[]", "[g, 1]",
            "lin.weight"],
    "GO": ["torch.ones(3)", "torch.ones(2)", "1.0", "None", "[None]",
           "torch.ones(3, dtype=torch.int64)", "torch.tensor(1.)", "[torch.ones(3)]", "'x'"],
    "FN": ["lambda t: t * 2", "lambda t: None", "lambda t: torch.ones(2)", "lambda t: 5",
           "lambda t: t.long()", "lambda: 1", "None", "5", "lambda t: t.sum()",
           "lambda t: t.detach()"],
}

FAMILIES = {
    "creation": [
        ("torch.tensor", "torch.tensor({DATA})"),
        ("torch.tensor/dtype", "torch.tensor({DATA}, dtype={Y})"),
        ("torch.tensor/requires_grad", "torch.tensor({DATA}, requires_grad=True)"),
        ("torch.as_tensor", "torch.as_tensor({DATA})"),
        ("torch.zeros", "torch.zeros({S})"),
        ("torch.ones/dtype", "torch.ones({S}, dtype={Y})"),
        ("torch.full", "torch.full({S}, {X})"),
        ("torch.arange", "torch.arange({N})"),
        ("torch.arange/3", "torch.arange({N}, {N2}, {N3})"),
        ("torch.linspace", "torch.linspace({N}, {N2}, {N3})"),
        ("torch.eye", "torch.eye({N})"),
        ("torch.zeros_like", "torch.zeros_like({X})"),
        ("torch.from_numpy", "torch.from_numpy({X})"),
        ("torch.empty", "torch.empty({S}).shape"),
        ("torch.randn", "torch.randn({S}).shape"),
        ("Tensor.new", "torch.Tensor({DATA})"),
    ],
    "arithmetic": [
        ("add", "{X} + {X2}"), ("sub", "{X} - {X2}"), ("mul", "{X} * {X2}"),
        ("truediv", "{X} / {X2}"), ("floordiv", "{X} // {X2}"), ("mod", "{X} % {X2}"),
        ("pow", "{T} ** {X}"), ("rpow", "{X} ** {T}"), ("and", "{X} & {X2}"), ("or", "{X} | {X2}"),
        ("lt", "{X} < {X2}"), ("eq", "{X} == {X2}"),
        ("torch.add", "torch.add({X}, {X2})"),
        ("torch.add/alpha", "torch.add({T}, {X}, alpha={N})"),
        ("torch.mul", "torch.mul({X}, {X2})"),
        ("torch.div/rounding", "torch.div({T}, {X}, rounding_mode={RM})"),
        ("torch.pow", "torch.pow({X}, {T})"),
        ("torch.maximum", "torch.maximum({X}, {X2})"),
        ("torch.where", "torch.where({X}, {X2}, {X3})"),
        ("iadd", "t = {T}.clone()\nt += {X}"),
        ("imul", "t = {T}.clone()\nt *= {X}"),
        ("ipow", "t = {T}.clone()\nt **= {X}"),
        ("Tensor.add_", "t = {T}.clone()\nt.add_({X})"),
        ("torch.clamp", "torch.clamp({T}, {N}, {N2})"),
        ("torch.exp", "torch.exp({X})"), ("torch.log", "torch.log({T})"),
        ("torch.sqrt", "torch.sqrt({T})"), ("Tensor.sign", "{T}.sign()"),
        ("Tensor.reciprocal", "{T}.reciprocal()"), ("neg", "-{X}"), ("abs", "abs({X})"),
        ("torch.sigmoid", "torch.sigmoid({X})"), ("Tensor.round", "{T}.round()"),
        ("torch.isnan", "torch.isnan({X})"), ("torch.logical_and", "torch.logical_and({X}, {X2})"),
    ],
    "reduction": [
        ("Tensor.sum", "{T}.sum({D})"), ("Tensor.sum/keepdim", "{T}.sum(dim={D}, keepdim={X})"),
        ("Tensor.sum/dtype", "{T}.sum(dtype={Y})"), ("Tensor.mean", "{T}.mean({D})"),
        ("Tensor.mean/all", "{T}.mean()"), ("Tensor.max", "{T}.max({D})"),
        ("Tensor.min", "{T}.min()"), ("Tensor.argmax", "{T}.argmax({D})"),
        ("torch.sum", "torch.sum({X})"), ("torch.max/2", "torch.max({T}, {X})"),
        ("torch.mean", "torch.mean({X}, {D})"),
    ],
    "views": [
        ("Tensor.view", "{T}.view({S})"), ("Tensor.reshape", "{T}.reshape({S})"),
        ("Tensor.unsqueeze", "{T}.unsqueeze({D})"), ("Tensor.squeeze", "{T}.squeeze({D})"),
        ("Tensor.transpose", "{T}.transpose({D}, {D2})"), ("Tensor.permute", "{T}.permute({S})"),
        ("Tensor.expand", "{T}.expand({S})"), ("Tensor.narrow", "{T}.narrow({D}, {N}, {N2})"),
        ("Tensor.flatten", "{T}.flatten({D}, {D2})"), ("Tensor.t", "{T}.t()"),
        ("Tensor.select", "{T}.select({D}, {N})"), ("Tensor.view/dtype", "{T}.view({Y})"),
        ("torch.cat", "torch.cat({X}, {D})"), ("torch.stack", "torch.stack([{T}, {T2}], {D})"),
        ("Tensor.expand_as", "{T}.expand_as({X})"), ("Tensor.view_as", "{T}.view_as({X})"),
        ("Tensor.size", "{T}.size({D})"),
    ],
    "indexing": [
        ("getitem", "{T}[{I}]"),
        ("setitem", "t = {T}.clone()\nt[{I}] = {X}"),
        ("setitem/leaf", "g[{I}] = {X}"),
        ("Tensor.index_put_", "t = {T}.clone()\nt.index_put_({X}, {X2})"),
    ],
    "matmul": [
        ("matmul", "{T} @ {X}"), ("torch.matmul", "torch.matmul({X}, {X2})"),
        ("torch.mm", "torch.mm({T}, {X})"), ("torch.mv", "torch.mv({T}, {X})"),
        ("torch.dot", "torch.dot({T}, {X})"), ("torch.bmm", "torch.bmm({T}, {X})"),
    ],
    "conversion": [
        ("Tensor.item", "{T}.item()"), ("float", "float({T})"), ("int", "int({T})"),
        ("bool", "bool({T})"), ("Tensor.tolist", "{T}.tolist()"), ("Tensor.numpy", "{T}.numpy()"),
        ("Tensor.to", "{T}.to({Y})"), ("Tensor.type", "{T}.type({Y})"), ("len", "len({T})"),
        ("Tensor.data=", "t = {T}.clone()\nt.data = {X}"),
        ("Tensor.requires_grad_", "t = {T}.clone()\nt.requires_grad_({X})"),
        ("Tensor.requires_grad=", "t = {T}.clone()\nt.requires_grad = {X}"),
        ("Tensor.grad=", "t = {T}.clone().requires_grad_()\nt.grad = {X}"),
        ("Tensor.copy_", "t = {T}.clone()\nt.copy_({X})"),
        ("Tensor.fill_", "t = {T}.clone()\nt.fill_({X})"),
        ("index", "[10, 20, 30, 40][{T}]"),
    ],
    "autograd": [
        ("autograd.grad", "torch.autograd.grad({OUT}, {INP})"),
        ("autograd.grad/go", "torch.autograd.grad({OUT}, {INP}, grad_outputs={GO})"),
        ("Tensor.backward", "t = {OUT}\nt.backward({GO})\nt = g.grad"),
        ("autograd.backward", "torch.autograd.backward({OUT}, {GO})\nt = g.grad"),
        ("Tensor.backward/inputs", "(g * 2).sum().backward(inputs={INP})\nt = g.grad"),
    ],
    "hooks": [
        ("Tensor.register_hook", "{T}.register_hook({FN})\nt = {T}.sum().backward()"),
        ("hook/result", "h.register_hook({FN})\nh.sum().backward()\nt = g.grad"),
        ("hook/leaf", "g.register_hook({FN})\n(g * g).sum().backward()\nt = g.grad"),
        ("Tensor.retain_grad", "{T}.retain_grad()\nt = {T}.retains_grad"),
    ],
    "nn": [
        ("nn.Linear", "nn.Linear({N}, {N2})"), ("Linear()", "lin({X})"),
        ("nn.MSELoss", "nn.MSELoss()({X}, {X2})"), ("F.mse_loss", "F.mse_loss({T}, {X})"),
        ("F.relu", "F.relu({X})"), ("F.softmax", "F.softmax({T}, {D})"),
        ("F.cross_entropy", "F.cross_entropy({T}, {X})"), ("F.linear", "F.linear({T}, {X})"),
        ("nn.Conv2d", "nn.Conv2d({N}, {N2}, {N3}).weight.shape"),
        ("nn.Sequential", "nn.Sequential({X})"), ("Module.weight=", "lin.weight = {X}"),
        ("nn.Parameter", "nn.Parameter({X})"),
        ("Module.register_parameter", "lin.register_parameter({X}, {X2})"),
    ],
    "optim": [
        ("optim.SGD", "torch.optim.SGD({X}, lr={N})"),
        ("optim.SGD/momentum", "torch.optim.SGD(lin.parameters(), lr=0.1, momentum={N})"),
        ("optim.SGD.step", "opt = torch.optim.SGD([g], lr={N})\n(g * g).sum().backward()\n"
                           "opt.step()\nt = g"),
        ("optim.zero_grad", "opt = torch.optim.SGD([g], lr=0.1)\nopt.zero_grad({X})\nt = g.grad"),
    ],
}

_FIELD = re.compile(r"\{([A-Z]+)\d?\}")


def fields(template):
    """The placeholders of a template in order, e.g. ['T', 'X2'] as ('T', 'T'), ('X2', 'X')."""
    return [(m.group(0)[1:-1], m.group(1)) for m in _FIELD.finditer(template)]


def fill(template, choice, depth=0):
    """Fill a template; `choice(pool_name, options)` picks one option of a pool. An option
    that has placeholders itself (an argument list of the slot families) is filled in turn."""
    values = {}

    def value(match):
        key, pool = match.group(0)[1:-1], match.group(1)
        if key not in values:
            option = choice(key, POOLS[pool])
            if depth < 2 and _FIELD.search(option):
                option = fill(option, choice, depth + 1)
            values[key] = option
        return values[key]
    return _FIELD.sub(value, template)


POOLS.update(WIDE_POOLS)
FAMILIES.update(WIDE_FAMILIES)
FAMILIES.update(slot_families())
TEMPLATES = [(family, name, src) for family, items in FAMILIES.items() for name, src in items]
