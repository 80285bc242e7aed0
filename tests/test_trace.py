"""minigrad.autograd.trace: event order against PyTorch's documented hook order.

torch's rules (autograd mechanics notes, "Backward Hooks execution"):
- for a tensor's gradient: tensor hooks run first, in registration order, then the
  retain_grad hook (always last among tensor hooks, whenever it was registered);
- then the node's pre-hooks, the node itself, then its post-hooks;
- the graph runs outputs before inputs;
- a leaf used twice gets its hook called once, with the summed gradient.
The trace is checked against those rules directly, and, when the torch 2.13 oracle is
installed, the firing order of real hooks is compared with torch's.
"""
import pytest

import minigrad
from minigrad.autograd import trace

try:
    import torch
except ImportError:
    torch = None

needs_torch = pytest.mark.skipif(torch is None or not torch.__version__.startswith("2.13"),
                                 reason="torch 2.13 oracle not installed")


def program(lib, log):
    """The same program for both libraries; hooks append their names to `log`."""
    x = lib.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x * 2
    y.retain_grad()                                       # registered first on purpose
    y.grad_fn.register_prehook(lambda go: log.append("pre-hook y.grad_fn"))
    y.grad_fn.register_hook(lambda gi, go: log.append("post-hook y.grad_fn"))
    y.register_hook(lambda g: log.append(("tensor hook 1 on y", y.grad is None)))
    y.register_hook(lambda g: log.append(("tensor hook 2 on y", y.grad is None)))
    x.register_hook(lambda g: log.append(("hook on x", g.tolist())))
    z = (y * x).sum()
    z.grad_fn.register_prehook(lambda go: log.append("pre-hook z.grad_fn"))
    return x, y, z


def test_event_kinds_and_deterministic_labels():
    with trace() as log:
        x, y, z = program(minigrad, [])
        z.backward()
    kinds = [e.kind for e in log]
    assert kinds[:5] == ["create", "create", "save", "save", "create"]
    runs = [e.subject for e in log.of_kind("run")]
    assert runs == ["SumBackward0#0", "MulBackward0#1", "MulBackward0#0", "AccumulateGrad#0"]
    with trace() as again:
        x, y, z = program(minigrad, [])
        z.backward()
    assert str(again) == str(log)                          # same labels, same order


def test_tensor_hooks_then_retain_grad_then_prehooks_then_node_then_posthooks():
    with trace() as log:
        x, y, z = program(minigrad, [])
        z.backward()
    y_node = "MulBackward0#0"
    around_y = [(e.kind, e.info.get("hook")) for e in log
                if e.subject == y_node and e.kind in ("hook", "run")]
    assert around_y == [("hook", "tensor"), ("hook", "tensor"), ("hook", "retain_grad"),
                        ("hook", "prehook"), ("run", None), ("hook", "posthook")]


def test_outputs_run_before_inputs():
    with trace() as log:
        x, y, z = program(minigrad, [])
        z.backward()
    created = [e.subject for e in log.of_kind("create")]
    ran = [e.subject for e in log.of_kind("run") if not e.subject.startswith("Accumulate")]
    assert ran == created[::-1]                            # newest node first
    assert log.of_kind("run")[-1].subject.startswith("AccumulateGrad")


def test_leaf_hook_fires_once_with_the_total():
    with trace() as log:
        x, y, z = program(minigrad, [])
        z.backward()
    leaf_hooks = [e for e in log.of_kind("hook") if e.subject.startswith("AccumulateGrad")]
    assert len(leaf_hooks) == 1 and leaf_hooks[0].info["grad"] == [4.0, 8.0, 12.0]
    (acc,) = log.of_kind("accumulate")
    assert acc.info["grad"] == [4.0, 8.0, 12.0]
    assert log.events.index(leaf_hooks[0]) < log.events.index(acc)


def test_free_events_only_without_retain_graph():
    with trace() as log:
        x, y, z = program(minigrad, [])
        z.backward(retain_graph=True)
    assert not log.of_kind("free")
    with trace() as log:
        x, y, z = program(minigrad, [])
        z.backward()
    assert [e.subject for e in log.of_kind("free")] == ["MulBackward0#1", "MulBackward0#0"]


def test_bump_events_carry_the_new_version():
    with trace() as log:
        a = minigrad.tensor([1.0, 2.0], requires_grad=True)
        out = a.sigmoid()
        out.detach().zero_()
        out.detach().add_(1)
    assert [e.info["version"] for e in log.of_kind("bump")] == [1, 2]


@needs_torch
def test_hook_firing_order_matches_torch():
    mine, theirs = [], []
    _, _, z = program(minigrad, mine)
    z.backward()
    _, _, tz = program(torch, theirs)
    tz.backward()
    assert mine == theirs
    assert mine == ["pre-hook z.grad_fn", ("tensor hook 1 on y", True),
                    ("tensor hook 2 on y", True), "pre-hook y.grad_fn", "post-hook y.grad_fn",
                    ("hook on x", [4.0, 8.0, 12.0])]


@needs_torch
def test_run_order_matches_torch_on_a_diamond():
    def build(lib, order):
        a = lib.tensor([1.0, 2.0], requires_grad=True)
        b = a * 2
        c = b.sin()
        d = b.exp()
        e = (c * d).sum()
        for name, t in (("b", b), ("c", c), ("d", d), ("e", e)):
            t.grad_fn.register_prehook(lambda go, name=name: order.append(name))
        return e

    mine, theirs = [], []
    with trace() as log:
        build(minigrad, mine).backward()
    build(torch, theirs).backward()
    assert mine == theirs
    assert len(log.of_kind("run")) == 6
