"""Diagrams of the kinds notebooks 00-02 draw, built by the same programs, for the browser
fit test (and by hand: `python tests/browser/diagram_samples.py OUTDIR` writes the SVGs).

Each sample is (name, Diagram). The Chinese one is built with `viz.set_language("zh")`,
Chinese variable names and a Chinese title, as a learner of the Chinese edition may write.
"""
import sys
from pathlib import Path

import minigrad as torch
from minigrad import viz


def _first_grad():                                   # 00 §2
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    f = (x * x).sum()
    f.backward()
    return viz.draw(f, names={"x": x, "f": f})


def _named_intermediate():                           # 00 §4
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    w = torch.tensor([0.5, -1., 2.])
    h = x * w
    f = h.sigmoid().sum()
    return viz.draw(f, names={"x": x, "w": w, "h": h, "f": f})


def _two_by_two():                                   # a 2x2 data line and a saved input
    x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
    y = x ** 3
    loss = y.sum()
    return viz.draw(loss, names={"x": x, "y": y, "loss": loss})


def _aliases():                                      # 01 §3: .data and detach() aliases
    t = torch.tensor([0., 1.], requires_grad=True)
    t_dat = t.data
    t_det = t.detach()
    t_dat[1] = 9.
    t_det[0] = 7.
    return viz.draw(t, t_det, t_dat, names={"t": t, "t_dat": t_dat, "t_det": t_det})


def _stale():                                        # 01 §4: a stale saved output
    x2 = torch.tensor([1.0, 2, 3], requires_grad=True)
    y2 = x2.sigmoid()
    y2.detach().zero_()
    return viz.draw(y2, names={"x2": x2, "y2": y2}, title="edited through detach()")


def _freed_and_forward():                            # 01 §6 after backward, forward view
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 3
    h = y.detach().requires_grad_()
    loss = (h * h).sum()
    loss.backward()
    return viz.draw(loss, y, names={"x": x, "y": y, "h": h, "loss": loss})


def _view_and_cast():                                # 02 §3-4: reshape of a leaf, a cast
    col = torch.arange(4, dtype=torch.float32, requires_grad=True).reshape(4, 1)
    lost = torch.tensor([1., 2.], requires_grad=True).double()
    (lost * lost).sum().backward()
    return viz.draw(col, lost, names={"col": col, "lost": lost}, view="forward")


def _linear():                                       # 02 §6
    torch.manual_seed(0)
    lin = torch.nn.Linear(2, 3)
    out = lin(torch.tensor([[1., 2.]]))
    return viz.draw(out, names={"lin.weight": lin.weight, "lin.bias": lin.bias, "out": out})


def _stepper_step():                                 # 00 §5: the stepper mid-way
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    w = torch.tensor([0.5, -1., 2.])
    g = (x * w).sum()
    stepper = viz.StepperModel(g, names={"x": x, "w": w, "g": g})
    stepper.goto(2)
    return stepper.diagram()


def _chinese():                                      # Chinese edition, Chinese names
    previous = viz.get_language()
    viz.set_language("zh")
    try:
        权重 = torch.tensor([[1., 8.], [27., 64.]], requires_grad=True)
        输出 = (权重 * 权重).sigmoid()
        损失 = 输出.sum()
        损失.backward(retain_graph=True)
        return viz.draw(损失, 输出, names={"权重": 权重, "输出": 输出, "损失": 损失},
                        title="通过 detach() 修改之前：叶子、输出和保存的张量")
    finally:
        viz.set_language(previous)


SAMPLES = (_first_grad, _named_intermediate, _two_by_two, _aliases, _stale,
           _freed_and_forward, _view_and_cast, _linear, _stepper_step, _chinese)


def samples():
    """[(name, Diagram)] in a fixed order."""
    return [(fn.__name__.lstrip("_"), fn()) for fn in SAMPLES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "build/diagram-samples")
    out.mkdir(parents=True, exist_ok=True)
    for name, diagram in samples():
        print(diagram.save(out / f"{name}.svg"))
