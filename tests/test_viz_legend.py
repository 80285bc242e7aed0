"""viz.legend(): every label a diagram draws is in it, and every row of it is drawn by some
diagram. The diagrams below reach every kind of box, arrow and state the diagram code has
(both views, a folded chain, hooks, a stepper mid-way)."""
import re

import pytest

import minigrad as torch
from minigrad import viz
from minigrad.viz import _labels, dot

CJK = re.compile(r"[\u4e00-\u9fff]")


def _diagrams():
    out = []
    x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
    y = x ** 3
    y.retain_grad()
    y.register_hook(lambda g: None)
    y.register_hook(lambda g: None)
    y.grad_fn.register_prehook(lambda g: None)
    y.grad_fn.register_hook(lambda gi, go: None)
    loss = y.sum()
    out.append(viz.draw(loss, names={"x": x, "y": y, "loss": loss}))
    stepper = viz.StepperModel(loss, names={"x": x, "y": y, "loss": loss})
    stepper.goto(2)
    out.append(stepper.diagram())
    loss.backward()                                        # frees the saved values
    out += [viz.draw(loss, names={"x": x, "y": y}), viz.draw(loss, view="forward")]

    a, b = x.unbind()                                      # a node with two outputs
    out.append(viz.draw((a * b).sum(), names={"x": x}))
    out.append(viz.draw(x.max(dim=0).values.sum(), names={"x": x}))   # saved indices
    base = x * 1
    base[0].mul_(2)                                        # CopySlices
    row = base[1]
    out.append(viz.draw(base, row, names={"x": x, "base": base, "row": row}))

    t = torch.tensor([0., 1.], requires_grad=True)
    t_dat, t_det = t.data, t.detach()
    s = t.sigmoid()
    s.detach().zero_()                                     # stale saved output
    with torch.no_grad():
        q = t * 2
    with torch.inference_mode():
        inf = torch.ones(2)
    out.append(viz.draw(s, t_dat, t_det, q, inf, names={
        "t": t, "t_dat": t_dat, "t_det": t_det, "s": s, "q": q, "inf": inf}))
    out.append(viz.draw(t, t_det, names={"t": t, "t_det": t_det}))

    h = torch.tensor([1.], requires_grad=True)
    for k in range(40):                                    # a chain of five kinds of node
        h = [h * 2, h + 1, h.sin(), h.exp() * 0.1, h.tanh()][k % 5]
    out.append(viz.draw(h, names={"h": h}, max_nodes=10))
    return out


def _drawn_lines(diagram):
    """(line, where) for every text drawn: node lines except names, and edge labels."""
    m, state = diagram.model, diagram.state
    for n in m.nodes:
        lines = dot._node_attrs(n, state, diagram.view)["label"]
        head, info = lines[0], lines[1:]
        named = n.kind in ("tensor", "fn", "accumulate") or (
            n.kind == "saved" and re.fullmatch(r"[\w\[\]]+", head))
        if not named or head == _labels.UNNAMED():
            yield head, f"{n.id} head"
        for line in info:
            yield line, n.id
    for e in m.edges:
        label = dot._edge_attrs(e).get("label")
        if label:
            yield label, f"{e.src}->{e.dst}"


@pytest.fixture(scope="module")
def drawn():
    return [(line, where) for d in _diagrams() for line, where in _drawn_lines(d)]


def test_every_drawn_label_is_in_the_legend(drawn):
    unknown = sorted({f"{line!r} ({where})" for line, where in drawn
                      if not _labels.line_is_known(line)})
    assert not unknown, "labels missing from the legend: " + ", ".join(unknown)


def test_every_legend_row_is_drawn_somewhere(drawn):
    used = {id(label) for line, _w in drawn for label in _labels.line_is_known(line)}
    unused = [x.drawn for x in _labels.LABELS if id(x) not in used]
    assert not unused, f"legend rows no diagram here draws: {unused}"


def test_the_issue_s_labels_are_rows():
    shown = [row[0] for row in viz.legend().rows()]
    for label in ("saved v0, now v1", "freed by backward", "leaf, requires_grad"):
        assert label in shown


def test_each_example_is_what_the_label_draws():
    for label in _labels.LABELS:
        assert label.pattern().fullmatch(label.shown()), label.drawn
        assert set(re.findall(r"\{(\w+)\}", label.zh)) <= set(label.example), label.zh


def test_legend_in_both_languages():
    english = viz.legend()
    assert english.headers() == ("label as drawn", "中文", "meaning")
    rows = english.rows()
    assert len(rows) == len(_labels.LABELS)
    assert all(CJK.search(zh) or zh == drawn for drawn, zh, _m in rows)
    assert not [m for _d, _z, m in rows if CJK.search(m)]
    viz.set_language("zh")
    try:
        chinese = viz.legend()
    finally:
        viz.set_language("en")
    assert chinese.headers() == ("图中文字", "中文", "含义")
    assert all(CJK.search(m) for _d, _z, m in chinese.rows())
    text, html = chinese.text(), chinese._repr_html_()
    assert "saved v0, now v1" in text and "保存时 v0，现在 v1" in text
    assert html.count("<tr>") == len(_labels.LABELS) + 1
    assert "<code>saved v0, now v1</code>" in html


def test_legend_rows_in_the_same_order_every_time():
    assert viz.legend().text() == viz.legend().text()


def _label_like_literals(path):
    """String literals with two English words in a row, outside docstrings and error
    messages: in the diagram code, such text would be a label drawn past the legend."""
    import ast
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant):
            skip.add(id(body[0].value))                    # a docstring
        if isinstance(node, ast.Raise):
            skip.update(id(n) for n in ast.walk(node))     # an error message
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in skip and re.search(r"[a-z]{2,} [a-z]{2,}", node.value)]


def test_the_diagram_code_writes_labels_only_through_the_constants():
    from pathlib import Path
    viz_dir = Path(viz.__file__).parent
    found = {name: _label_like_literals(viz_dir / name)
             for name in ("_walk.py", "_collapse.py", "dot.py")}
    # the only two: the stand-in name of an undrawn base (a value of VIEW_OF), DOT syntax
    assert found == {"_walk.py": ["another tensor"], "_collapse.py": [],
                     "dot.py": ["digraph minigrad {"]}
