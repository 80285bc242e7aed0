"""minigrad.viz: the graph model built from live objects, its text form and its DOT.

The seed examples from the issue are pinned as full text (the form nbval compares), so a
change in what a diagram says shows up as a readable diff.
"""
import sys

import pytest

import minigrad as torch
from minigrad import viz
from minigrad.viz import render

SEED_BEFORE = """\
Diagram(backward, 5 nodes, 4 edges)
  t0 tensor "out" | [3] v0 | data [0.7311, 0.8808, 0.9526] {output, requires_grad}
  f0 fn "SigmoidBackward0"
  s0 saved "result" | [3] | saved v0, now v0 {output}
  f1 accumulate "AccumulateGrad"
  t1 tensor "a" | [3] v0 | data [1., 2., 3.] {leaf, requires_grad}
  t0 -> f0 grad_fn
  f0 -> s0 saved
  f0 -> f1 next "0"
  f1 -> t1 grad ".grad\""""

SEED_STALE = """\
Diagram(backward, 5 nodes, 4 edges)
  t0 tensor "out" | [3] v1 | data [0., 0., 0.] {output, requires_grad}
  f0 fn "SigmoidBackward0"
  s0 saved "result" | [3] | saved v0, now v1 {output, stale}
  f1 accumulate "AccumulateGrad"
  t1 tensor "a" | [3] v0 | data [1., 2., 3.] {leaf, requires_grad}
  t0 -> f0 grad_fn
  f0 -> s0 saved
  f0 -> f1 next "0"
  f1 -> t1 grad ".grad\""""

SEED_FREED = """\
Diagram(backward, 5 nodes, 4 edges)
  t0 tensor "out" | [3] v0 | data [0.7311, 0.8808, 0.9526] {output, requires_grad}
  f0 fn "SigmoidBackward0" {released}
  s0 saved "result" | freed by backward {freed}
  f1 accumulate "AccumulateGrad"
  t1 tensor "a" | [3] v0 | data [1., 2., 3.] | grad [0.1966, 0.105, 0.04518] {leaf, requires_grad}
  t0 -> f0 grad_fn
  f0 -> s0 saved
  f0 -> f1 next "0"
  f1 -> t1 grad ".grad\""""


def seed():
    a = torch.tensor([1, 2, 3.], requires_grad=True)
    out = a.sigmoid()
    return a, out


# ---- the seed examples --------------------------------------------------------------------

def test_seed_before_any_edit():
    a, out = seed()
    assert repr(viz.draw(out)) == SEED_BEFORE


def test_stale_saved_tensor_after_edit_through_detach():
    a, out = seed()
    out.detach().zero_()
    d = viz.draw(out)
    assert repr(d) == SEED_STALE
    saved = d.model.one(kind="saved")
    assert saved.has("stale") and "saved v0, now v1" in saved.info
    # the picture says it before backward does
    with pytest.raises(RuntimeError, match="is at version 1; expected version 0"):
        out.sum().backward()


def test_saved_tensors_freed_after_backward():
    a, out = seed()
    out.backward(torch.ones(3))
    d = viz.draw(out)
    assert repr(d) == SEED_FREED
    assert d.model.one(kind="saved").has("freed")
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        out.backward(torch.ones(3))


def test_retain_graph_keeps_saved_tensors():
    a, out = seed()
    out.backward(torch.ones(3), retain_graph=True)
    saved = viz.graph(out).one(kind="saved")
    assert not saved.has("freed") and saved.info[-1] == "saved v0, now v0"


def test_leaf_and_non_leaf_badges():
    a, out = seed()
    b = out * 2
    b.retain_grad()
    c = torch.tensor([1.0])
    m = viz.graph(b, c)
    assert m.tensor("a").flags == ("leaf", "requires_grad")
    assert m.tensor("out").flags == ("requires_grad",)
    assert m.tensor("b").flags == ("output", "requires_grad", "retains_grad")
    assert m.tensor("c").flags == ("leaf", "output")


def test_alias_edges_for_detach_and_data():
    a, out = seed()
    d = out.detach()
    dd = out.data
    m = viz.graph(out)
    td, tdd, tout = m.tensor("d"), m.tensor("dd"), m.tensor("out")
    assert td.has("alias") and tdd.has("alias")
    (e1,) = m.edges_from(td.id, "alias")
    (e2,) = m.edges_from(tdd.id, "alias")
    assert e1.dst == e2.dst == tout.id
    assert e1.has("shares_version") and e1.label == "same storage + version counter"
    assert not e2.has("shares_version") and e2.label == "same storage, own version counter"
    # after an edit through .data the saved tensor is NOT stale: the silent-wrong case
    dd.mul_(2)
    assert not viz.graph(out).one(kind="saved").has("stale")
    d.mul_(2)
    assert viz.graph(out).one(kind="saved").has("stale")


def test_views_are_drawn_with_their_base():
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    h = a * 3
    v = h[1:]
    m = viz.graph(h)
    tv = m.tensor("v")
    assert v._base is h
    assert tv.has("view") and "view of h" in tv.info
    (e,) = m.edges_from(tv.id, "view")
    assert e.dst == m.tensor("h").id and e.has("shares_version")


def test_inplace_on_view_rewrites_history():
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    h = a * 3
    v = h[1:]
    v.mul_(2)
    m = viz.graph(v)
    names = [n.label for n in m.nodes if n.kind in ("fn", "accumulate")]
    assert names == ["AsStridedBackward0", "CopySlices", "MulBackward0", "AccumulateGrad"]
    assert "wraps MulBackward0" in m.one(label="CopySlices").info


def test_hook_marks_with_counts():
    a, out = seed()
    out.register_hook(lambda g: None)
    out.register_hook(lambda g: None)
    a.register_hook(lambda g: None)
    out.grad_fn.register_prehook(lambda go: None)
    out.grad_fn.register_hook(lambda gi, go: None)
    m = viz.graph(out)
    marks = {(n.label, m.edges_from(n.id, "hook")[0].dst) for n in m.find(kind="hook")}
    fn = m.one(label="SigmoidBackward0").id
    assert marks == {("2 hooks", m.tensor("out").id), ("1 hook", m.tensor("a").id),
                     ("1 pre-hook", fn), ("1 post-hook", fn)}


def test_hooks_of_an_unnamed_tensor_go_on_its_node():
    a = torch.tensor([1.0], requires_grad=True)
    (a * 2).register_hook(lambda g: None)
    m = viz.graph(a * 2 + 0, names={})   # a fresh graph: no hooks
    assert not m.find(kind="hook")
    b = a * 2
    b.register_hook(lambda g: None)
    m = viz.graph(b.sum(), names={})
    (mark,) = m.find(kind="hook")
    assert m.node(m.edges_from(mark.id)[0].dst).label == "MulBackward0"


def test_no_grad_and_inference_badges():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    with torch.no_grad():
        n = a * 2
        v = a[0]
    with torch.inference_mode():
        i = a * 2
    m = viz.graph(n, v, i)
    assert m.tensor("n").has("no_grad") and "made under no_grad" in m.tensor("n").info
    assert m.tensor("v").has("no_grad") and m.tensor("v").has("view")
    assert m.tensor("i").has("inference")


def test_next_function_edges_are_numbered_by_input():
    x = torch.tensor([1.0], requires_grad=True)
    y = torch.tensor([2.0], requires_grad=True)
    z = x * y
    m = viz.graph(z)
    mul = m.one(label="MulBackward0").id
    labels = [(e.label, m.node(e.dst).kind) for e in m.edges_from(mul, "next")]
    assert labels == [("0", "accumulate"), ("1", "accumulate")]
    leaves = [m.node(m.edges_from(e.dst, "grad")[0].dst).label for e in m.edges_from(mul, "next")]
    assert leaves == ["x", "y"]
    saved = sorted(n.label for n in m.saved_of(mul))
    assert saved == ["other = y", "self = x"]


def test_custom_function_saved_tensors():
    class Square(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return 2 * x * g

    a = torch.tensor([3.0], requires_grad=True)
    s = Square.apply(a)
    m = viz.graph(s)
    fn = m.one(label="SquareBackward")
    (saved,) = m.saved_of(fn.id)
    assert saved.label == "saved[0] = a" and saved.flags == ("input",)
    assert not m.tensor("s").has("no_grad")
    s.backward()
    assert viz.graph(s).one(kind="saved").has("freed")


def test_values_shape_dtype_and_grad_lines():
    big = torch.ones(2, 4, dtype=torch.float64, requires_grad=True)
    y = (big * 2).sum()
    y.backward()
    m = viz.graph(y)
    tb = m.tensor("big")
    assert tb.info == ("[2, 4] float64 v0", "grad [2, 4] float64")
    assert m.tensor("y").info == ("[] float64 v0", "data 16.")


# ---- names --------------------------------------------------------------------------------

def test_names_from_the_caller_prefer_short_and_skip_underscore():
    a = torch.tensor([1.0], requires_grad=True)
    the_same_a = a
    _hidden = a * 2
    loss = _hidden.sum()
    m = viz.graph(loss)
    assert [n.label for n in m.find(kind="tensor")] == ["loss", "a"]
    assert the_same_a is a


def test_names_argument_dict_and_list():
    a = torch.tensor([1.0], requires_grad=True)
    b = a * 2
    m = viz.graph(b, names={"input": a, "result": b})
    assert [n.label for n in m.find(kind="tensor")] == ["result", "input"]
    m = viz.graph(b, names=["B"])
    assert [n.label for n in m.find(kind="tensor")] == ["B", "(unnamed)"]
    with pytest.raises(ValueError):
        viz.graph(b, names=["x", "y"])


def test_module_parameters_are_named():
    lin = torch.nn.Linear(2, 1)
    out = lin(torch.ones(1, 2)).sum()
    labels = {n.label for n in viz.graph(out).find(kind="tensor")}
    assert {"lin.weight", "lin.bias", "out"} <= labels


def test_bad_arguments_give_clear_errors():
    with pytest.raises(TypeError, match="should be a Tensor"):
        viz.draw(lambda: None)
    with pytest.raises(TypeError, match="at least one tensor"):
        viz.graph()
    a = torch.tensor([1.0], requires_grad=True)
    with pytest.raises(ValueError, match="view must be"):
        viz.draw(a, view="sideways")


def test_tuples_of_tensors_are_accepted():
    a = torch.tensor([1.0], requires_grad=True)
    b, c = a * 2, a * 3
    m = viz.graph((b, c))
    assert m.roots == ("t0", "t1")
    assert len(m.find(kind="accumulate")) == 1          # one AccumulateGrad, shared


# ---- DOT, forward view, rendering -----------------------------------------------------------

def test_dot_marks_stale_and_freed():
    a, out = seed()
    out.detach().zero_()
    src = viz.draw(out).source
    assert 's0 [shape="note"' in src and 'color="#d00000"' in src
    assert "saved v0, now v1" in src
    b, out2 = seed()
    out2.backward(torch.ones(3))
    assert 'style="filled,dashed"' in viz.draw(out2).source


def test_forward_view_hides_accumulate_grad_and_follows_data():
    a, out = seed()
    loss = out.sum()
    src = viz.draw(loss, view="forward").source
    assert "AccumulateGrad" not in src
    assert "t2 -> f1" in src          # a -> Sigmoid
    assert "f1 -> t1" in src          # Sigmoid -> out
    assert "t1 -> f0" in src          # out -> Sum
    assert 'label="Sigmoid' in src


def test_svg_rendering_with_graphviz_pure():
    path = viz.renderer_path()
    if path is None:
        pytest.skip("no renderer installed")
    assert path.name == "graphviz-pure"
    a, out = seed()
    svg = viz.draw(out)._repr_svg_()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg and "SigmoidBackward0" in svg
    bundle = viz.draw(out)._repr_mimebundle_()
    assert set(bundle) == {"image/svg+xml", "image/png", "text/plain"}


def test_without_a_renderer_the_dot_text_is_shown(monkeypatch, capsys):
    monkeypatch.setattr(render, "_find", lambda: None)
    monkeypatch.setitem(render._cache, "path", None)
    a, out = seed()
    d = viz.draw(out)
    assert d._repr_svg_() is None
    text = d._repr_mimebundle_()["text/plain"]
    assert render.NO_RENDERER in text and d.source in text and text.startswith("Diagram(")
    monkeypatch.setitem(sys.modules, "IPython.display", None)     # no IPython either
    d.show()
    assert render.NO_RENDERER in capsys.readouterr().out


def test_renderer_override_and_direct_run(monkeypatch, tmp_path):
    real = viz.renderer_path()
    if real is None:
        pytest.skip("no renderer installed")
    monkeypatch.setenv("MINIGRAD_DOT", str(real))
    assert render.renderer_path(refresh=True) == real
    monkeypatch.setenv("MINIGRAD_DOT", str(tmp_path / "missing-dot"))
    assert render.renderer_path(refresh=True) == tmp_path / "missing-dot"
    monkeypatch.delenv("MINIGRAD_DOT")
    assert render.renderer_path(refresh=True) == real
    monkeypatch.setattr(render, "_find", lambda: None)
    assert render.renderer_path() == real               # a found path is kept...
    monkeypatch.setitem(render._cache, "path", None)
    assert render.renderer_path() is None               # ...a miss is looked up again
    monkeypatch.setattr(render, "_find", lambda: real)
    assert render.renderer_path() == real
    svg = render._run_directly(real, "digraph { a -> b }", "svg")
    assert "<svg" in svg
    with pytest.raises(render.RenderError):
        render._run_directly(real, "digraph { a -> ", "svg")


def test_save_writes_dot_and_svg(tmp_path):
    a, out = seed()
    d = viz.draw(out)
    assert d.save(tmp_path / "g.dot").read_text() == d.source
    if viz.renderer_path() is not None:
        assert "<svg" in d.save(tmp_path / "g.svg").read_text()


def test_show_displays_the_diagram(monkeypatch):
    shown = []
    import IPython.display
    monkeypatch.setattr(IPython.display, "display", shown.append)
    a, out = seed()
    d = viz.draw(out)
    d.show()
    assert shown == [d]


def test_rendering_without_the_graphviz_package(monkeypatch):
    if viz.renderer_path() is None:
        pytest.skip("no renderer installed")
    a, out = seed()
    d = viz.draw(out)
    through_package = d.svg()
    import graphviz.backend.dot_command as dc
    assert str(dc.DOT_BINARY) == "dot"                      # the package was left alone
    monkeypatch.setitem(sys.modules, "graphviz", None)     # `import graphviz` now fails
    assert d.svg() == through_package                       # same binary, same bytes


def test_forward_view_rehomes_marks_of_hidden_accumulate_grad_nodes():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    y = a.exp()
    acc = y.grad_fn.next_functions[0][0]
    acc.register_prehook(lambda go: None)
    d = viz.draw(y, view="forward")
    mark = d.model.one(kind="hook")
    leaf = d.model.tensor("a")
    assert f"{mark.id} -> {leaf.id}" in d.source            # drawn on the leaf instead
    assert "AccumulateGrad" not in d.source


def test_text_form_has_no_addresses_and_is_stable():
    a, out = seed()
    out.register_hook(lambda g: None)
    first = repr(viz.draw(out)) + viz.draw(out).source
    second = repr(viz.draw(out)) + viz.draw(out).source
    assert first == second and "0x" not in first and " at " not in first
