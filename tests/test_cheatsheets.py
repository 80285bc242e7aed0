"""The two cheat sheets, notebooks/cheatsheet.md and its Chinese edition notebooks/zh/cheatsheet.md.

Checked here: both exist; every relative link resolves to a file of the sheet's own edition
(the Chinese sheet never sends a reader to an English notebook), and a link written as a
section ("02 §3", "02 第 3 节", "01, optional depth", "01 选读") names a section that the
stored notebook of that edition has; the two editions keep the same shape (headings, table
sizes, bullets per section, link targets, code spans), so one cannot drift from the other;
the torch expressions the sheets quote run; the Chinese sheet follows Chinese typography. The
last group re-runs the statements the sheets make about PyTorch (the ones issue 18 corrected)
on torch 2.13 and on minigrad.
"""
import ast
import json
import re

import nbsource
import pytest

import minigrad

NBDIR = nbsource.notebooks_dir()
SHEETS = {"en": NBDIR / "cheatsheet.md", "zh": NBDIR / "zh" / "cheatsheet.md"}
TORCH_ONLY = {"en": "*PyTorch only*", "zh": "*仅 PyTorch*"}

FENCE = re.compile(r"^```.*?^```[ \t]*$", re.S | re.M)
CODE_SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6}) ")
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
SECTION_LINK = {"en": re.compile(r"^(\d\d) §(\d+)$"), "zh": re.compile(r"^(\d\d) 第 (\d+) 节$")}
OPTIONAL_LINK = {"en": re.compile(r"^(\d\d), optional depth$"), "zh": re.compile(r"^(\d\d) 选读$")}
OPTIONAL_HEADING = {"en": "## Optional", "zh": "## 选读"}


def _text(edition):
    path = SHEETS[edition]
    if not path.exists():
        pytest.fail(f"{path} is missing")
    return path.read_text(encoding="utf-8")


def _prose(text):
    """The sheet without its fenced code blocks (their lines are code, not prose)."""
    return FENCE.sub("", text)


def _links(text):
    return [(m.group(1), m.group(2)) for m in LINK.finditer(_prose(text))]


def _headings_of_notebook(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [line for c in cells if c["cell_type"] == "markdown"
            for line in "".join(c["source"]).splitlines() if HEADING.match(line)]


def _jupyterlab_anchor(heading):
    """The id JupyterLab gives a rendered heading: its text with spaces turned into '-'."""
    return HEADING.sub("", heading).strip().replace(" ", "-")


def _github_anchor(heading):
    """The id GitHub gives a heading in a .md file (lower case, punctuation dropped)."""
    text = HEADING.sub("", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(path):
    if path.suffix == ".ipynb":
        return {_jupyterlab_anchor(h) for h in _headings_of_notebook(path)}
    lines = _prose(path.read_text(encoding="utf-8")).splitlines()
    return {_github_anchor(line) for line in lines if HEADING.match(line)}


def test_both_sheets_exist():
    for edition, path in SHEETS.items():
        assert path.is_file(), f"the {edition} cheat sheet {path} is missing"


@pytest.mark.parametrize("edition", SHEETS)
def test_links_stay_in_the_edition_and_resolve(edition):
    sheet = SHEETS[edition]
    links = _links(_text(edition))
    assert len(links) > 20, "the sheet links each rule to its section"
    bad = []
    for label, href in links:
        if re.match(r"[a-z]+:", href):
            continue                                  # an absolute URL is not a course file
        target, _, anchor = href.partition("#")
        path = (sheet.parent / target).resolve() if target else sheet
        if "/" in target or not path.is_file():
            bad.append(f"[{label}]({href}): not a file next to {sheet.name}")
        elif anchor and anchor not in _anchors(path):
            bad.append(f"[{label}]({href}): {path.name} has no heading #{anchor}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("edition", SHEETS)
def test_section_links_name_sections_that_exist(edition):
    checked, bad = 0, []
    for label, href in _links(_text(edition)):
        section = SECTION_LINK[edition].match(label)
        optional = OPTIONAL_LINK[edition].match(label)
        if not (section or optional):
            continue
        number = (section or optional).group(1)
        if not href.startswith(number + "_"):
            bad.append(f"[{label}]({href}): the label names notebook {number}")
            continue
        headings = _headings_of_notebook(SHEETS[edition].parent / href.partition("#")[0])
        if section:
            wanted = f"## {section.group(2)}. "
            found = any(h.startswith(wanted) for h in headings)
        else:
            wanted = OPTIONAL_HEADING[edition]
            found = any(h.startswith(wanted) for h in headings)
        checked += 1
        if not found:
            bad.append(f"[{label}]({href}): no heading starting {wanted!r} in {href}")
    assert checked > 20
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("edition", SHEETS)
def test_every_rule_links_to_the_section_that_teaches_it(edition):
    """Each bullet carries a section link; only a PyTorch-only rule has no minigrad lesson."""
    bullets = [line for line in _prose(_text(edition)).splitlines() if line.startswith("- ")]
    unlinked = [line for line in bullets if TORCH_ONLY[edition] not in line
                and not any(_section_key(edition, label) for label, _ in _links(line))]
    assert len(bullets) > 20
    assert not unlinked, "\n".join(unlinked)


def _shape(text):
    """Per section (split at headings): heading level, table sizes, bullet count."""
    sections, table = [], None
    for line in _prose(text).splitlines():
        heading = HEADING.match(line)
        if heading:
            sections.append({"level": len(heading.group(1)), "tables": [], "bullets": 0})
            table = None
        elif line.startswith("|") and sections:
            cells = len(line.strip().strip("|").split("|"))
            if table is None:
                table = [0, cells]
                sections[-1]["tables"].append(table)
            table[0] += 1
        else:
            table = None
            if line.startswith("- ") and sections:
                sections[-1]["bullets"] += 1
    return [(s["level"], [tuple(t) for t in s["tables"]], s["bullets"]) for s in sections]


def _section_key(edition, label):
    """'02 §3' and '02 第 3 节' both become ('02', '3'); other labels become None."""
    for pattern in (SECTION_LINK[edition], OPTIONAL_LINK[edition]):
        m = pattern.match(label)
        if m:
            return m.groups() if pattern is SECTION_LINK[edition] else (m.group(1), "optional")
    return None


def _code_lines(text):
    """The lines of the fenced code blocks, comments removed (the comments are translated)."""
    return [line.split("#")[0].rstrip() for block in FENCE.findall(text)
            for line in block.splitlines()[1:-1]]


def test_the_editions_have_the_same_shape():
    en, zh = _text("en"), _text("zh")
    assert _shape(en) == _shape(zh)
    assert [href for _, href in _links(en)] == [href for _, href in _links(zh)]
    assert ([_section_key("en", label) for label, _ in _links(en)]
            == [_section_key("zh", label) for label, _ in _links(zh)])
    assert set(CODE_SPAN.findall(_prose(en))) == set(CODE_SPAN.findall(_prose(zh)))
    assert _code_lines(en) == _code_lines(zh)
    assert en.count(TORCH_ONLY["en"]) == zh.count(TORCH_ONLY["zh"]) > 0


def test_the_shape_check_sees_a_dropped_row():
    en = _text("en")
    row = next(line for line in en.splitlines() if line.startswith("| `a / b`"))
    assert _shape(en.replace(row + "\n", "")) != _shape(en)


def _torch_expressions(edition):
    """Code spans that are a Python expression using no name but `torch`, each with the
    sentence it stands in (where a *PyTorch only* marker applies)."""
    found = []
    sentences = re.split(r"(?<=\.)\s+|(?<=。)|\n", _prose(_text(edition)))
    for line in sentences:
        for span in CODE_SPAN.findall(line):
            try:
                tree = ast.parse(span, mode="eval")
            except SyntaxError:
                continue
            names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
            if names == {"torch"}:
                found.append((span, line))
    return found


@pytest.mark.parametrize("edition", SHEETS)
def test_quoted_torch_expressions_run(edition):
    torch = pytest.importorskip("torch", reason="torch oracle not installed")
    expressions = _torch_expressions(edition)
    assert len(expressions) >= 5
    for span, line in expressions:
        eval(span, {"torch": torch})                  # raises if torch 2.13 has no such thing
        if TORCH_ONLY[edition] not in line:
            eval(span, {"torch": minigrad})           # the sheet says minigrad has it too
        else:                                         # drop the marker once minigrad has it
            with pytest.raises(AttributeError):
                eval(span, {"torch": minigrad})


def typography_problems(text):
    """Chinese typography slips in markdown prose: a half-width , : ; ! ? ( ) touching a
    Chinese character, or a space after full-width punctuation. Code, link targets and
    HTML comments are not prose and are skipped."""
    prose = re.sub(r"<!--.*?-->", "", _prose(text), flags=re.S)
    prose = re.sub(r"\]\([^)\s]*\)", "]", prose)
    prose = CODE_SPAN.sub("`code`", prose)
    problems = []
    for number, line in enumerate(prose.splitlines(), 1):
        for m in re.finditer(r"[,:;!?()]", line):
            before, after = line[m.start() - 1: m.start()], line[m.end(): m.end() + 1]
            if CJK.match(before) or CJK.match(after):
                problems.append(f"line {number}: half-width {m.group()!r} next to Chinese: "
                                f"{line[max(0, m.start() - 12): m.end() + 12]!r}")
        for m in re.finditer(r"[：，；。！？、] ", line):
            problems.append(f"line {number}: space after {m.group()[0]!r}: "
                            f"{line[max(0, m.start() - 12): m.end() + 12]!r}")
    return problems


def test_chinese_sheet_typography():
    assert typography_problems(_text("zh")) == []


@pytest.mark.parametrize("sample, expected", [
    ("张量,梯度", 1), ("修改： 无", 1), ("叶子(leaf)", 1), ("叶子（leaf）", 0), ("是 `a,b`，对", 0),
    ("见[第 3 节](02_x.ipynb)。", 0), ("一个节点；然后", 0), ("```\n# 注释,逗号\n```", 0),
])
def test_the_typography_checker(sample, expected):
    assert len(typography_problems(sample)) == expected


# ---- the statements issue 18 corrected, re-run on both libraries ----

@pytest.fixture(params=["torch", "minigrad"])
def lib(request):
    if request.param == "torch":
        return pytest.importorskip("torch", reason="torch oracle not installed")
    return minigrad


def _saved(lib, node, slot):
    value = getattr(node, "_saved_" + slot)
    return isinstance(value, lib.Tensor)


def test_division_keeps_both_operands_when_only_the_divisor_needs_a_gradient(lib):
    a, b = lib.tensor([1., 2.]), lib.tensor([3., 4.], requires_grad=True)
    node = (a / b).grad_fn
    assert _saved(lib, node, "self") and _saved(lib, node, "other")
    node = (b / a).grad_fn                            # only the dividend needs one
    assert not _saved(lib, node, "self") and _saved(lib, node, "other")


def _hook_order(lib, computed_inputs):
    fired = []
    p = lib.tensor([1., 2.], requires_grad=True)
    if computed_inputs:
        x, w = p * 2, p * 3                           # x's node is created first
    else:
        x, w = p, lib.tensor([3., 4.], requires_grad=True)
    x.register_hook(lambda g: fired.append("x"))
    w.register_hook(lambda g: fired.append("w"))
    (x * w).sum().backward()
    return fired


def test_hook_order_between_the_inputs_of_one_op(lib):
    assert _hook_order(lib, computed_inputs=False) == ["x", "w"]     # two leaves
    assert _hook_order(lib, computed_inputs=True) == ["w", "x"]      # created last, runs first
    fired = []
    four = {n: lib.tensor([1.], requires_grad=True) for n in "abcd"}
    for name, t in four.items():
        t.register_hook(lambda g, name=name: fired.append(name))
    (four["a"] * four["b"] * four["c"] * four["d"]).sum().backward()
    assert fired == ["d", "c", "a", "b"]


def _edited_branch(lib):
    a = lib.tensor([1., 2.], requires_grad=True)
    b = lib.tensor([3., 4.], requires_grad=True)
    y = a.sigmoid()                                   # SigmoidBackward0 keeps y
    loss = (y + b * b).sum()
    y.detach().mul_(2)
    return a, b, loss


def test_only_the_nodes_a_pass_runs_check_their_saved_tensors(lib):
    a, b, loss = _edited_branch(lib)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        loss.backward()
    a, b, loss = _edited_branch(lib)
    loss.backward(inputs=[b])
    assert b.grad.tolist() == [6., 8.] and a.grad is None
    a, b, loss = _edited_branch(lib)
    (grad_b,) = lib.autograd.grad(loss, b)
    assert grad_b.tolist() == [6., 8.]


def test_allow_mutation_on_saved_tensors_makes_the_edit_legal():
    torch = pytest.importorskip("torch", reason="torch oracle not installed")
    a = torch.tensor([1., 2.], requires_grad=True)
    with torch.autograd.graph.allow_mutation_on_saved_tensors():
        y = a.sigmoid()                               # SigmoidBackward0 keeps y
        total = y.sum()
        y.mul_(2)
        total.backward()                              # no error: y was cloned before the edit
    s = torch.tensor([1., 2.]).sigmoid()
    assert torch.allclose(a.grad, s * (1 - s))        # computed from the value saved


def test_a_second_pass_needs_retain_graph_only_where_a_tensor_was_saved(lib):
    x = lib.tensor([1., 2.], requires_grad=True)
    plain = (x + 1).sum()
    plain.backward()
    plain.backward()
    assert x.grad.tolist() == [2., 2.]
    doubled = (x * 2).sum()
    doubled.backward()
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        doubled.backward()


def test_backward_inside_no_grad_still_fills_grad(lib):
    w = lib.tensor([1., 2.], requires_grad=True)
    loss = (w * 3).sum()
    with lib.no_grad():
        loss.backward()
    assert w.grad.tolist() == [3., 3.]


def test_cast_first_then_requires_grad(lib):
    good = lib.tensor([1., 2.]).double().requires_grad_()
    lost = lib.tensor([1., 2.], requires_grad=True).double()
    assert good.is_leaf and not lost.is_leaf


def test_the_anchor_check_knows_real_headings():
    notebook = SHEETS["en"].parent / "02_leaf_tensors.ipynb"
    assert _jupyterlab_anchor("## 1. What is a leaf?") == "1.-What-is-a-leaf?"
    assert "1.-What-is-a-leaf?" in _anchors(notebook)
    assert "no-such-heading" not in _anchors(notebook)
