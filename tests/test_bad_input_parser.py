"""torch's Python argument parser, reproduced on the failure path (minigrad/_compat/_argparse.py):
wrong argument types and arity, call by call against torch 2.13 (type and message word for
word, or the same value when torch's parser accepts the call).

The forms covered: a single signature ("argument 'input' (position 1) must be Tensor, not
int", without the position for a keyword), several signatures ("received an invalid
combination of arguments", with the "didn't match" lines and `!` marks only under those that
take exactly as many arguments as given), element messages of `tuple of ints`, keyword-only
calls ("got (dtype=int, )"), and the numbers torch accepts in place of ints."""
import pytest

from badinput.classify import compare
from difftest import requires_torch

pytestmark = requires_torch

CALLS = [
    # unary ops take only a Tensor
    "torch.exp(2)", "torch.sigmoid(np.int64(3))", "torch.log([1, 2])", "torch.relu(None)",
    "torch.abs(torch.float32)", "torch.sqrt((1, 2))", "torch.tanh('x')", "torch.neg(1j)",
    # binary: the second argument too, and the method form's positions
    "torch.maximum(0, 0)", "torch.maximum(s, np.float64(2.0))", "torch.minimum(a, [1, 2])",
    "a.maximum(2)",
    # reductions: several overloads, keywords, tuple-of-ints elements, accepted ints
    "c.sum(dtype=3)", "b.sum(dtype=np.float32)", "c.sum(dim=0, keepdim=1j)",
    "s.sum(dim=[0], keepdim=v)", "torch.mean(-0.0, 2)", "torch.mean(z, True)",
    "torch.mean(np.array(2.0), 1.0)", "c.sum((0, 1.5))", "c.sum(dim=(0, None))",
    "c.sum(np.int64(1))", "c.sum(torch.tensor(1))", "c.sum(0, None)", "c.mean('a')",
    "torch.sum(c, 0, keepdim=None)", "s.sum(dim=True, keepdim=2**63)",
    "c.max([0])", "e.max((0, 0))", "h.max(True)", "c.max(dim=1.5)", "c.max(0, 1)",
    "torch.max(0)", "torch.min(c, 'a')", "v.sum(dtype=int)", "a.mean(dtype=float)",
    # views: one Tensor, or sizes as separate ints or one sequence (first element checked
    # by the parser, the others when unpacked)
    "c.view_as(-1)", "c.expand_as(np.int64(3))", "a.reshape_as([1, 2])", "z.expand('a')",
    "a.permute('a')", "a.permute(2.0, 1)", "a.permute(1, 'a')", "bo.permute((2.0, 3))",
    "z.reshape((None,))", "c.view((None,))", "z.view(None)", "z.view('float32')",
    "a.view(2.0, 3)", "a.view((2, 3.0))", "a.view(np.int64(3), 2)", "a.view(3, torch.tensor(2))",
    "torch.reshape(a, 'a')", "torch.permute(a, (2.0, 1))", "a.reshape(torch.tensor(2.))",
    "v.expand(2.0)", "a.permute(True)",
    # nn.functional and modules: torch's Python layer passes arguments on positionally
    "F.relu(2)", "F.relu(np.int64(3), True)", "F.linear(g, 0)", "F.linear(a, m, 0)",
    "lin(1j)", "lin(np.int64(3))", "F.softmax(s, ())", "F.softmax(c, 1.0)",
    "F.softmax(c, dim=True)", "F.log_softmax(c, 'a')", "F.softmax(c, 0, dtype=3)",
    "F.cross_entropy(v, 0)", "F.cross_entropy(0, b)", "F.nll_loss(a, 2.5)",
    "F.mse_loss(bo, np.int64(3))", "nn.MSELoss()(True, np.bool_(True))",
    "nn.Conv2d(3, 3, None).weight.shape", "nn.Conv2d(True, 3, np.int64(3)).weight.shape",
    "nn.Conv2d(-1, np.bool_(True), np.bool_(True)).weight.shape", "nn.Conv2d(s, 2.5, s)",
    "nn.Parameter(True)", "nn.Parameter([1, 2])",
    # indexing-like methods: every argument is parsed before any range check
    "g.narrow('a', -0.0, 3)", "e.narrow(1, 2.5, None)", "a.narrow(0, torch.tensor(0), 1)",
    "torch.narrow(a, 0, 0.5, 1)", "s.select(0, None)", "torch.select(a, 0, 1.5)",
    "torch.stack([v, c], 1.0)", "torch.stack([v, 1], 1.0)", "torch.stack([a, m], [0])",
    "t = m.clone()\nt.index_put_(c, c)", "t = bo.clone()\nt.index_put_([1, 2], [1, 2])",
    "t = a.clone()\nt.index_put_((b,), 2.5)", "t = h.clone()\nt.requires_grad_(b)",
    "t = v.clone()\nt.requires_grad_(np.array([1., 2., 3.]))", "t = a.clone()\nt.fill_('x')",
    "t = a.clone()\nt.fill_(slice(0, 2))", "t = a.clone()\nt.fill_(np.float32(2))",
    "torch.fill_(a.clone(), None)", "t = a.clone()\nt.copy_(2)", "t = a.clone()\nt.copy_('x')",
    # arithmetic: the parser for torch.add(...) and t.add(...), Python for the operators
    "torch.add(h, (1, 2), alpha=-0.0)", "torch.add(e, np.array([1., 2., 3.]))",
    "torch.add(-0.0, object())", "torch.add(2, [1, 2])", "torch.add(2, v)", "torch.mul(True, a)",
    "torch.mul(object(), a)", "a.add([1])", "a.div('x')",
    "torch.div(a, 'x', rounding_mode='floor')",
    "torch.pow(range(3), g)", "torch.pow(None, g)", "a.pow([1])", "a + None", "None + a",
    "t = a.clone()\nt += 'x'", "t = a.clone()\nt *= None",
    "t = a.clone()\nt **= (1, 2)", "t = a.clone()\nt -= [v, v]", "t = h.clone()\nt.add_(None)",
    "t = h.clone()\nt.add_(np.array(2.0))", "t = h.clone()\nt.mul_(np.float64(2.0))",
    # where and clamp: several overloads mixing Tensor and Number
    "torch.where(s, [1., 2., 3.], -0.0)", "torch.where(bo, np.float64(2.0), v)",
    "torch.clamp(b, True, b)", "torch.clamp(z, np.float32(0.5), (2,))", "v.clamp(min=[1])",
    "torch.clamp(v, s, 2)", "v.clamp(b, 1)", "torch.clamp(2, 1)",
    # dims parsed before their range is checked
    "m.flatten(-4, (0, 1))", "s.flatten((0, 1), True)", "torch.flatten(a, 1.5)",
    "a.transpose(5, 'a')", "torch.transpose(a, 0, None)", "a.squeeze(1.5)",
    "torch.squeeze(a, 1.5)", "a.squeeze((0, 'a'))", "a.swapaxes(0, 1.5)",
    # sizes: a bool is refused first, read as an int after
    "torch.zeros((2, True)).shape", "torch.zeros((True, 2))", "a.view(6, True).shape",
    "nn.Conv2d(True, 0, True).weight.shape", "nn.Conv2d(-1, -5, True)",
    # factories: all overloads printed, keywords shown after the positional arguments
    "torch.arange(b, 2**63, b)", "torch.arange(None, None, np.float32(0.5))",
    "torch.arange(1, '3', 1)", "torch.arange(1, 's', dtype=torch.float32)",
    "torch.arange(5, dtype=3)", "torch.arange(5, dtype=float)", "torch.linspace(b, '3', s)",
    "torch.linspace(0, 1, 3, dtype='x')",
    # the requires_grad attribute and t.type(...) check their argument's type first
    "t = v.clone()\nt.requires_grad = 1", "t = g.clone()\nt.requires_grad = ...",
    "t = m.clone()\nt.requires_grad = s", "m.type(int)", "z.type('float32')", "g.type(3)",
    "a.type('torch.DoubleTensor')", "a.type(torch.DoubleTensor)", "z.type(np.float32)",
    # autograd arguments: gradients' types and shapes first, then roots, then inputs
    "(g.detach() * 2).sum().backward(inputs=[g, 1])",
    "(g * 2).sum().backward(inputs=[g, 1])\nt = g.grad", "torch.autograd.grad((g * 2).sum(), 1)",
    "torch.autograd.grad((g * 2).sum(), [g, 1], grad_outputs=[None])",
    "torch.autograd.grad([(g * 2).sum()], [g], grad_outputs='x')",
    "t = h.sum()\nt.backward(1.0)\nt = g.grad", "t = h.sum()\nt.backward([torch.ones(3)])",
    "torch.autograd.backward((g.detach() * 2).sum(), torch.ones(3))",
    "torch.autograd.backward((g.detach() * 2).sum(), 'x')",
    "torch.autograd.backward([h.sum(), h.sum()], torch.ones(3))",
    # CPython's type names (numpy.float32, torch.dtype) in messages built outside the parser
    "torch.cat(torch.float32, True)", "torch.cat([v, np.int64(3)])", "torch.stack([m, g], 3)",
    "t = e.clone().requires_grad_()\nt.grad = np.float32(0.5)", "torch.Tensor(np.float64(2.5))",
    "torch.from_numpy(np.float64(2.0))", "torch.tensor(2.).narrow(0, 0, 0)",
    # x[key] = value reads the value's type before the key
    "g[[True, False]] = [1., 2., 3.]", "t = m.clone()\nt[b] = np.float32(0.5)",
    "t = bo.clone()\nt[5] = slice(0, 2)", "g[bo] = None", "t = v.clone()\nt[0] = np.int64(3)",
    "t = v.clone()\nt[0] = np.bool_(True)", "t = h.clone()\nt[(None, 0)] = [v, v]",
    # tensor data: inferred (Could not infer dtype) or stored as the given dtype's number
    "torch.Tensor({'a': 1})", "torch.Tensor('abc')", "torch.Tensor(range(3))",
    "torch.tensor(range(3))", "torch.tensor(set())", "torch.tensor({'a': 1}, dtype=torch.int64)",
    "torch.tensor({'a': 1}, dtype=torch.float32)", "torch.tensor(object(), dtype=torch.bool)",
    "torch.tensor([1, 'a'])", "torch.tensor([1, {}])", "torch.tensor([None])",
    "torch.Tensor([None])", "torch.Tensor([1, 'a'])", "torch.tensor([1, [2]], dtype=torch.float64)",
    "torch.tensor([1.5, [2]])",
    # functions that also serve an operator: the parser for calls, Python for operators
    "torch.matmul(bo, np.float64(2.0))", "a.matmul(2)", "a @ 2", "torch.logical_and(b, 'x')",
    "torch.logical_and(b, 2)", "torch.div(m, [1., 2., 3.], rounding_mode=None)",
    # torch.typename in nn's messages
    "lin.register_parameter(torch.float32, 1j)", "nn.Sequential(torch.float32)",
    "lin.weight = torch.float32",
    # Python's own operator messages name the type as torch's C type is named
    "float('inf') - torch.float32", "torch.float32 * torch.float32", "abs(torch.float32)",
    "torch.float32 < np.int64(3)",
    # factories: the size's type, then the dtype's, then the size's values
    "torch.ones((-1, -1), dtype=np.float32)", "torch.ones(('a', -1), dtype=3)",
    "torch.zeros((2, None), dtype=3)", "torch.tensor('abc', dtype=torch.int64)",
    # a number first: torch's parser reads it as a 0-d tensor (add, sub, mul, div; pow's
    # Number-self overload)
    "torch.mul(2.5, 2.5)", "torch.add(2, 3)", "torch.add(True, True)", "torch.mul(2, 2.5)",
    "torch.sub(2, g).grad_fn.next_functions", "torch.div(2, g)", "torch.add(2, g, alpha=3)",
    "torch.pow(2, g)", "torch.pow(np.bool_(True), a)", "torch.add(np.float32(2.0), v)",
    "torch.mul(np.int64(2), v)",
    # autograd.grad reads outputs, then inputs (empty?), then the gradients
    "torch.autograd.grad([h.sum(), h.sum()], [], grad_outputs=1.0)", "torch.autograd.grad(5, g)",
    "torch.autograd.grad((g * 2).sum(), None, grad_outputs=[torch.ones(3)])",
    # an array never reaches a truth test
    "a.view(np.array([2, 3]))", "a.sum(dtype=np.array([1]))",
    # full: the size's type, fill_value, then the size's values; div's rounding_mode may be
    # None; alpha may be a 0-d tensor; index_put_'s indices are all tensors
    "torch.full((2.0, 3), None)", "torch.full((None,), [v, v])", "torch.full((2, -1), None)",
    "torch.div(v, np.float64(2.0), rounding_mode=3)",
    "torch.div(h, np.int64(3), rounding_mode=None)",
    "torch.div(2, v, rounding_mode=3)", "torch.add(v, z, alpha=s)", "torch.add(v, 1, alpha=1j)",
    "t = a.clone()\nt.index_put_([[1, 2], [3]], a)", "t = z.clone()\nt.index_put_([1, 2], s)",
    "torch.autograd.Variable(np.float64(2.0))", "t = h.clone()\nt.data = np.float64(2.0)",
    # conv2d: two overloads (padding as sizes or a string); Conv2d's forward passes all seven
    "F.conv2d(torch.ones(1, 1, 3, 3), torch.ones(1, 1, 2, 2), stride='a')",
    "F.conv2d(torch.ones(1, 1, 3, 3), torch.ones(1, 1, 2, 2), bias=5)",
    "F.conv2d(torch.ones(1, 1, 3, 3), torch.ones(1, 1, 2, 2), None, (1, 1.5))",
    "F.conv2d(torch.ones(1, 1, 3, 3), torch.ones(1, 1, 2, 2), stride=np.int64(1)).shape",
    "F.conv2d(5, torch.ones(1, 1, 2, 2))", "nn.Conv2d(1, 1, 2)(5)",
    # functions that read an attribute of their input check it is a Tensor first
    "torch.numel(1j)", "torch.numel(np.float64(2))", "torch.numel(input=v)",
    "torch.is_inference(np.float64(2))",
    # clamp_ reads its bounds as clamp does (tensors or numbers), then works in place
    "c.clip_(c)", "bo.clamp_(bo)", "c.clip_(a)", "m.clamp_(m, np.bool_(True))", "bo.clamp_()",
    "t = v.clone()\nt.clamp_(torch.zeros(3), torch.ones(3))\nt",
    # a number beyond the tensor's dtype: its cast overflows silently, as in torch
    "t = h.clone()\nt /= 1e40", "v / -1e39",
    "h.cuda(1.0, keep_dim=True)", "h.cuda(keep_dim=True)",
    "b.clone().pow_(2**63)", "bo.clone().pow_(2**63)", "b.clone().pow_(2**62)",
    # an int beyond a narrower integer tensor's range wraps, as in torch
    "v.to(torch.int32) * 2**31", "v.to(torch.int32) + 2**31", "v.to(torch.int16) * 2**40",
    "v.to(torch.int32) - 2**62", "v.to(torch.int8) * 2**63",
]


@pytest.mark.parametrize("source", CALLS)
def test_parser_matches_torch(source):
    cls, t, m = compare(source)
    assert cls == "same", (f"{cls}: torch {t.exc_type}: {t.message} {t.value} | minigrad "
                           f"{m.exc_type}: {m.message} {m.value} {m.warnings}")


def test_call_shape_falls_back_without_a_call_site():
    """Called from inside minigrad (no user call site to read), the values alone decide:
    those after the last non-default one are left out, keyword-only ones go by keyword."""
    from minigrad._compat._argparse import Parser
    sum_method = Parser("sum", "(*, torch.dtype? dtype = None)",
                        "(tuple of ints[1]? dim, bool keepdim = False, *, "
                        "torch.dtype? dtype = None)")
    values = ({"dim": None, "keepdim": False, "dtype": 3},)
    err = sum_method.error(*values)         # (a call site with *args cannot be read)
    assert str(err).startswith("sum() received an invalid combination of arguments - got "
                               "(dtype=int, ), but expected one of:\n")
    assert sum_method.error({"dim": 0, "keepdim": True, "dtype": None}) is None
