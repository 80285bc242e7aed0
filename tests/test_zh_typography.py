"""Chinese typography, and Chinese widgets with no English UI sentence left in them.

`zh_typography_problems(text)` is the reusable checker: outside `code spans` (and, in
markdown, code fences, URLs and link targets) it reports half-width , : ; ! ? ( ) directly
next to a Chinese character, a half-width , ; : glued to the next word in a line with
Chinese ("None,x.grad"), and a space after "：" or "，". Quotations in 「…」 keep their
source's punctuation (the myth checks quote blog posts word for word). It runs on every
Chinese string in minigrad/viz (the widget table, the diagram legend, any other literal), on
what the
widgets show in Chinese, and on the quiz bank's `*_zh` fields and `say()` sentences, the
Chinese notebook prose and the Chinese cheat sheet.
"""
import ast
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import minigrad as torch
import nbzh
from minigrad import viz
from minigrad.viz import _i18n, _labels, quizbank
from minigrad.viz._legend import ZH_HEADER

ROOT = Path(__file__).resolve().parents[1]
VIZ = ROOT / "minigrad" / "viz"
CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
HALF = ",:;!?()"
_HAS_CJK = re.compile(f"[{CJK}]")
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_LINK_TARGET = re.compile(r"\]\([^)\s]*\)")
_URL = re.compile(r"<?https?://[^\s>)]+>?")
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_QUOTE = re.compile("「[^」\n]*」")
_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.S | re.M)
_NEXT_TO_CJK = re.compile(f"[{CJK}][{re.escape(HALF)}]|[{re.escape(HALF)}][{CJK}]")
_GLUED = re.compile(r"(?<=[A-Za-z0-9_\])])[,;:](?=[A-Za-z_])")
_SPACE_AFTER = re.compile("[：，] ")


def _prose(text):
    """`text` without what the rules do not apply to (code, URLs, comments); code spans
    become a neutral mark so nothing around them looks adjacent."""
    text = _QUOTE.sub("「\x00」", _FENCE.sub("", _COMMENT.sub("", text)))
    return _URL.sub("\x00", _LINK_TARGET.sub("]\x00", _CODE_SPAN.sub("\x00", text)))


def zh_typography_problems(text):
    """Chinese typography mistakes in `text`, one message per mistake ([] when clean)."""
    problems = []
    for lineno, line in enumerate(_prose(text).splitlines(), 1):
        found = [(m, "half-width {!r} next to Chinese".format(
            m.group()[0] if m.group()[0] in HALF else m.group()[1]))
            for m in _NEXT_TO_CJK.finditer(line)]
        if _HAS_CJK.search(line):
            found += [(m, f"half-width {m.group()!r} glued to the next word in Chinese text")
                      for m in _GLUED.finditer(line)]
        found += [(m, f"space after {m.group()[0]!r}") for m in _SPACE_AFTER.finditer(line)]
        for m, what in found:
            around = line[max(0, m.start() - 8):m.end() + 8].replace("\x00", "`…`")
            problems.append(f"line {lineno}: {what}: …{around}…")
    return problems


# ---- the checker itself ----------------------------------------------------------------------

@pytest.mark.parametrize("bad", [
    "修改： 无", "h.grad = None,x.grad 仍然存在", "None:s[0] 是视图", "叶子(leaf)", "答案是:甲",
    "真的吗?", "好的, 继续", "对，  然后"])
def test_checker_finds_each_kind_of_mistake(bad):
    assert zh_typography_problems(bad), bad


@pytest.mark.parametrize("good", [
    "修改：无", "叶子张量（leaf）", "`x.grad`：None", "用 `a,b` 拆开", "答案是：甲",
    "见 [第 2 节](01_detach_vs_data.ipynb)。", "x.requires_grad=True, w.requires_grad=True",
    "```python\nprint(a,b)  # 中文:注释\n```", "RuntimeError: one of the variables",
    "<https://example.org/a,b> 里有", "<!-- claim S000-11 true -->叶子",
    "博客写道：「在反向传播时,克隆的样本」。"])
def test_checker_leaves_correct_text_alone(good):
    assert zh_typography_problems(good) == []


# ---- minigrad/viz's own Chinese strings ------------------------------------------------------

def _literal_strings(path):
    """Every string literal in a Python file (f-string pieces too), with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value


def _viz_files():
    return sorted(p for p in VIZ.glob("*.py"))        # not quizbank/: its helpers own it


def test_every_chinese_string_in_minigrad_viz():
    found = []
    for path in _viz_files():
        for lineno, text in _literal_strings(path):
            if _HAS_CJK.search(text):
                found += [f"{path.name}:{lineno}: {p}" for p in zh_typography_problems(text)]
    assert not found, "\n".join(found)


def test_the_translation_tables():
    texts = list(_i18n.STRINGS.values()) + [x for label in _labels.LABELS
                                             for x in (label.shown(zh=True), label.meaning_zh)]
    assert sum(bool(_HAS_CJK.search(x)) for x in texts) > 100
    bad = {x: zh_typography_problems(x) for x in texts if zh_typography_problems(x)}
    assert not bad


# ---- what the widgets show in Chinese ---------------------------------------------------------

def _widget_texts():
    """{widget: text} for a scenario of every widget model (the language is read when the
    text is made)."""
    views = viz.ViewsLabModel("detach", track=True)
    views.edit("other")
    wrong = viz.InplaceLabModel()
    wrong.edit("data")
    wrong.run_backward()
    raises = viz.InplaceLabModel()
    raises.edit("view")
    raises.run_backward()
    hooks = viz.HookOrderLabModel()
    hooks.run()
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 2
    table = viz.LeafTableModel(x, y, namespaces=({"x": x, "y": y},))
    live = viz.LiveGraphModel("not_there", namespaces=({},))
    live.refresh()
    texts = {"views": views.text(), "inplace-wrong": wrong.text(),
             "inplace-raises": raises.text(), "hooks": hooks.text(), "table": table.text(),
             "live": live.text(), "hooks-none": viz.HookOrderLabModel(enabled=()).text()}
    for mode in ("grad", "no_grad", "inference_mode"):
        texts[f"gradmode-{mode}"] = viz.GradModeLabModel(mode, w_requires_grad=True).text()
    texts["gradmode-nothing"] = viz.GradModeLabModel("grad", x_requires_grad=False).text()
    y.register_hook(lambda g: print(g.tolist()))
    y.grad_fn.register_prehook(lambda g: None)
    y.grad_fn.register_hook(lambda gi, go: None)
    stepper = viz.StepperModel(y.sum(), names={"x": x, "y": y})
    for i in range(stepper.count):
        stepper.goto(i)
        texts[f"stepper-{i}"] = stepper.text()
    stale = x.sigmoid()
    stale.detach().zero_()
    failing = viz.StepperModel(stale.sum(), names={"x": x})
    texts["stepper-raises-0"] = failing.text()
    failing.goto(failing.count - 1)
    texts["stepper-raises"] = failing.text()
    texts["stepper-leaf"] = viz.StepperModel(x, names={"x": x}).error
    quiz = viz.QuizModel("Q", ["A", "B"], 0, run=lambda: print(1))
    texts["quiz-unpicked"] = (quiz.run(), quiz.text())[1]
    quiz.choose(1)
    quiz.run()
    texts["quiz"] = quiz.text()
    exercise = viz.ExerciseModel(lambda: 1 / 0, "x = 1", title="T")
    texts["exercise-unchecked"] = exercise.text()
    exercise.check()
    exercise.show_solution()
    texts["exercise"] = exercise.text()
    texts["legend"] = viz.legend().text()
    return texts


@pytest.fixture(scope="module")
def both_languages():
    english = _widget_texts()
    viz.set_language("zh")
    try:
        chinese = _widget_texts()
    finally:
        viz.set_language("en")
    return english, chinese


_TORCH_MESSAGE = re.compile(r"\b\w*(Error|Warning): .*")      # torch's words stay torch's
_WORD_PAIR = re.compile(r"(?<![\w.(\-])[a-z]{2,} [a-z]{2,}(?![\w.(\-])")


def _english_prose(text):
    """Pairs of plain English words (an English sentence) outside torch's messages; code
    (dotted names, calls, keywords=values) never forms such a pair."""
    return [m.group() for line in text.splitlines()
            for m in _WORD_PAIR.finditer(_TORCH_MESSAGE.sub("", line))]


def _translated_part(name, text):
    """The legend's first column is the label as drawn: English on purpose."""
    if name != "legend":
        return text
    return "\n".join(line.split(" · ", 1)[-1] for line in text.splitlines())


def test_chinese_widgets_have_no_english_sentence(both_languages):
    english, chinese = both_languages
    assert all(_english_prose(english[k]) for k in ("hooks", "stepper-2", "views", "quiz"))
    left = {k: _english_prose(_translated_part(k, v)) for k, v in chinese.items()}
    left = {k: v for k, v in left.items() if v}
    assert not left, left


def test_chinese_widget_text_comes_from_the_translation_table(both_languages):
    english, chinese = both_languages
    table = list(_i18n.STRINGS.values()) + [ZH_HEADER] + [
        x for label in _labels.LABELS for x in (label.zh, label.shown(zh=True),
                                                 label.meaning_zh)]
    runs = re.compile(f"[{CJK}]+")
    pieces = {run for value in table for run in runs.findall(value)}
    for name, text in chinese.items():
        for run in runs.findall(text):
            assert _made_of(run, pieces), f"{name}: {run!r} is not from the table"
        # and no English widget string of that text is left untranslated
        ours = _TORCH_MESSAGE.sub("", _translated_part(name, text))
        for key, value in _i18n.STRINGS.items():
            if re.search("[A-Za-z]{2,} [A-Za-z]", key) and key != value and key in english[name]:
                assert key not in ours, f"{name}: {key!r} left in English"


def _made_of(run, pieces):
    """True when `run` is table pieces put side by side (a template's words around a
    translated name: "y 上的张量钩子" + "被调用")."""
    ends = {0}
    for i in range(1, len(run) + 1):
        if any(run[j:i] in pieces for j in ends if j < i):
            ends.add(i)
    return len(run) in ends


def test_chinese_widgets_follow_chinese_typography(both_languages):
    _english, chinese = both_languages
    bad = {k: zh_typography_problems(_TORCH_MESSAGE.sub("", v)) for k, v in chinese.items()}
    assert not {k: v for k, v in bad.items() if v}


def _descriptions(widget):
    """Every label an ipywidgets tree shows: descriptions, options, HTML values."""
    out = []
    for attr in ("description", "value"):
        value = getattr(widget, attr, None)
        if isinstance(value, str) and (attr == "description" or type(widget).__name__ == "HTML"):
            out.append(value)
    out += [o[0] if isinstance(o, tuple) else str(o) for o in getattr(widget, "options", ())]
    for child in getattr(widget, "children", ()):
        out += _descriptions(child)
    return out


def test_chinese_widget_buttons_and_labels():
    pytest.importorskip("ipywidgets")
    viz.set_language("zh")
    try:
        x = torch.tensor([1.], requires_grad=True)
        loss = (x * 2).sum()
        made = [viz.InplaceLab(), viz.GradModeLab(), viz.ViewsLab(), viz.HookOrderLab(),
                viz.LeafTable(x, names={"x": x}), viz.BackwardStepper(loss, names={"x": x}),
                viz.Quiz("问题？", ["甲", "乙"], 0), viz.Exercise(lambda: "正确", "x = 1", "标题")]
        labels = [d for w in made for d in _descriptions(w.box) if not d.startswith("<style")]
    finally:
        viz.set_language("en")
    assert not [d for d in labels if _english_prose(re.sub(r"<[^>]+>", " ", d))]
    assert "运行 backward" in labels and "y.grad_fn 上的前置钩子（pre-hook）" in labels
    assert not [p for d in labels for p in zh_typography_problems(d)]


# ---- the quiz bank, the notebooks' Chinese prose, the cheat sheet ------------------------------

def _quizbank_modules():
    return [importlib.import_module(f"{quizbank.__name__}.{m.name}")
            for m in pkgutil.iter_modules(quizbank.__path__) if m.name.startswith("nb")]


def _say_chinese(path):
    """The Chinese argument of every say(english, chinese) call in a quiz bank file."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "say" \
                and len(node.args) == 2:
            parts = [n.value for n in ast.walk(node.args[1])
                     if isinstance(n, ast.Constant) and isinstance(n.value, str)]
            yield node.lineno, "".join(parts)


def test_quiz_bank_chinese_fields():
    found = []
    for module in _quizbank_modules():
        for table in ("QUIZZES", "EXERCISES"):
            for key, entry in getattr(module, table, {}).items():
                for name, value in entry.items():
                    if name.endswith("_zh"):
                        for text in [value] if isinstance(value, str) else value:
                            found += [f"{key} {name}: {p}" for p in zh_typography_problems(text)]
        for lineno, text in _say_chinese(Path(module.__file__)):
            found += [f"{Path(module.__file__).name}:{lineno} say(): {p}"
                      for p in zh_typography_problems(text)]
    assert not found, "\n".join(found)


def test_chinese_notebook_prose():
    found = []
    files = sorted((ROOT / "notebooks" / "src" / "zh").glob("*.md"))
    assert files
    for path in files:
        for key, block in nbzh.parse_prose(path.read_text(encoding="utf-8"), path.name).items():
            found += [f"{path.name} [{key}] {p}" for p in zh_typography_problems(block.body)]
    assert not found, "\n".join(found)


def test_chinese_cheat_sheet():
    path = ROOT / "notebooks" / "zh" / "cheatsheet.md"
    if not path.exists():
        pytest.skip("no notebooks/zh/cheatsheet.md yet")
    problems = zh_typography_problems(path.read_text(encoding="utf-8"))
    assert not problems, "\n".join(problems)


def test_the_no_renderer_notice_in_chinese(monkeypatch):
    from minigrad.viz import render
    monkeypatch.setattr(render, "_find", lambda: None)
    monkeypatch.setitem(render._cache, "path", None)
    x = torch.tensor([1.], requires_grad=True)
    viz.set_language("zh")
    try:
        text = viz.draw((x * 2).sum(), names={"x": x})._repr_mimebundle_()["text/plain"]
    finally:
        viz.set_language("en")
    notice = _i18n.STRINGS[render.NO_RENDERER]
    assert notice in text and render.NO_RENDERER not in text
    assert not zh_typography_problems(notice)
