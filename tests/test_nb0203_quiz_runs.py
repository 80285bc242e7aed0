"""The quiz experiments of notebooks 02 and 03 print the same under real torch 2.13.

The collapse rule (tests/test_quiz_collapse.py) moves an experiment's prints into the quiz's
``run=`` function, which only the (minigrad-only) quiz cell calls, so the notebook parity
test no longer sees them. Here each notebook's plain code cells run in order, and at each
quiz cell its ``run=`` function is called instead; the whole transcript is compared between
minigrad and torch (``import minigrad`` resolving to ``torch``), after the usual
normalization (``minigrad`` -> ``torch``, addresses)."""
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import nbsource
import pytest
from difftest import ORACLE_SKIP_REASON, normalize
from test_notebook_parity import TORCH_PREAMBLE

pytestmark = [pytest.mark.notebooks,
              pytest.mark.skipif(ORACLE_SKIP_REASON is not None,
                                 reason=ORACLE_SKIP_REASON or "torch oracle available")]

ROOT = Path(__file__).resolve().parents[1]
QUIZ = re.compile(r"""viz\.quiz\(\s*["'](?P<key>\d\d/[\w-]+)["']\s*,\s*run=(?P<fn>\w+)\)""")

RUNNER = textwrap.dedent('''
    import contextlib, io, sys, warnings
    warnings.simplefilter("ignore")      # the cells print what they mean to show
    ns = {"__name__": "__main__"}
    for kind, text in CELLS:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            try:
                if kind == "code":
                    exec(compile(text, "<cell>", "exec"), ns)
                else:
                    print("== quiz", kind)
                    ns[text]()
            except Exception as e:     # a raises-exception cell; its message is compared
                print(type(e).__name__, str(e).split(chr(10))[0])
        sys.stdout.write(out.getvalue())
''')


def _cells(number):
    """(kind, text): plain code cells, and ("KEY", function name) at each quiz cell."""
    src = next((ROOT / "notebooks" / "src").glob(f"{number}_*.py"))
    cells = []
    for cell in nbsource.read_cells(src):
        if cell["cell_type"] != "code":
            continue
        quiz = QUIZ.search(cell["source"])
        if quiz:
            cells.append((quiz["key"], quiz["fn"]))
        elif nbsource.MINIGRAD_ONLY not in cell["metadata"].get("tags", []):
            cells.append(("code", cell["source"]))
    return cells


def _transcript(number, preamble=""):
    script = preamble + f"\nCELLS = {_cells(number)!r}\n" + RUNNER
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return normalize(done.stdout)


@pytest.mark.parametrize("number", ["02", "03"])
def test_quiz_experiments_print_what_torch_prints(number):
    mine, real = _transcript(number), _transcript(number, TORCH_PREAMBLE)
    assert mine.count("== quiz") >= 5, mine
    assert mine == real


def _hook_facts(lib):
    """What notebook 03 says about hook order and node hooks, measured on one library."""
    facts = {}
    order = []
    x = lib.tensor(2., requires_grad=True)
    w = lib.tensor(3., requires_grad=True)
    x.register_hook(lambda g: order.append("x"))
    w.register_hook(lambda g: order.append("w"))
    (x * w).backward()
    facts["two leaves"] = order
    order = []
    a = lib.tensor(2., requires_grad=True)
    x, w = a * 1, a * 2                      # both computed, x first
    x.register_hook(lambda g: order.append("x"))
    w.register_hook(lambda g: order.append("w"))
    (x * w).backward()
    facts["two computed"] = order
    seen = {}
    x = lib.tensor([1., 2., 3.], requires_grad=True)
    y = x * 2
    y.retain_grad()
    y.grad_fn.register_prehook(lambda gout: seen.update(pre=gout[0].tolist(),
                                                        y_grad=y.grad.tolist()))
    y.grad_fn.register_hook(lambda gin, gout: seen.update(post=[g is None for g in gin]))
    y.register_hook(lambda g: g * 10)
    (y * x).sum().backward()
    facts["node hooks"] = seen
    return facts


def test_the_hook_order_and_node_hooks_that_notebook_03_states():
    import torch

    import minigrad
    real = _hook_facts(torch)
    assert real["two leaves"] == ["x", "w"]
    assert real["two computed"] == ["w", "x"]          # the one created last runs first
    # the pre-hook gets the gradient after the tensor hook, when .grad is already stored;
    # the post-hook's grad_inputs has None for the constant 2
    assert real["node hooks"] == {"pre": [10., 20., 30.], "y_grad": [10., 20., 30.],
                                  "post": [False, True]}
    assert _hook_facts(minigrad) == real
