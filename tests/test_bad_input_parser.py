"""torch's Python argument parser, reproduced on the failure path (minigrad/_argparse.py):
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
    "torch.max(0)", "torch.min(c, 'a')",
]


@pytest.mark.parametrize("source", CALLS)
def test_parser_matches_torch(source):
    cls, t, m = compare(source)
    assert cls == "same", (f"{cls}: torch {t.exc_type}: {t.message} {t.value} | minigrad "
                           f"{m.exc_type}: {m.message} {m.value} {m.warnings}")


def test_call_shape_falls_back_without_a_call_site():
    """Called from inside minigrad (no user call site to read), the values alone decide:
    those after the last non-default one are left out, keyword-only ones go by keyword."""
    from minigrad._argparse import Parser
    sum_method = Parser("sum", "(*, torch.dtype? dtype = None)",
                        "(tuple of ints[1]? dim, bool keepdim = False, *, "
                        "torch.dtype? dtype = None)")
    values = ({"dim": None, "keepdim": False, "dtype": 3},)
    err = sum_method.error(*values)         # (a call site with *args cannot be read)
    assert str(err).startswith("sum() received an invalid combination of arguments - got "
                               "(dtype=int, ), but expected one of:\n")
    assert sum_method.error({"dim": 0, "keepdim": True, "dtype": None}) is None
