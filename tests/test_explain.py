"""viz.explain: each failure family's message, produced live by real torch 2.13 and by
minigrad, is recognised (with the in-place message read out); spellings pasted from other
releases and devices too; anything else is "unknown"; both languages say something real."""
import importlib
import re
import warnings

import pytest

from difftest import requires_torch
from minigrad import viz
from minigrad.viz._explain_catalog import KINDS, TEXT_EN
from minigrad.viz._explain_catalog_zh import TEXT_ZH

LIBS = [pytest.param("torch", marks=requires_torch), "minigrad"]


def _caught(fn, lib):
    """Run fn(torch-or-minigrad) and return what it raised, or the last warning it gave."""
    t = importlib.import_module(lib)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        try:
            fn(t)
        except Exception as error:
            return error
    return seen[-1]      # a warnings.WarningMessage


def _inplace(t):
    x = t.tensor([0.5, -1.0, 2.0], requires_grad=True)
    y = x.sigmoid()
    y.mul_(2)
    y.sum().backward()


def _gan(t):
    t.manual_seed(0)
    gen, disc = t.nn.Linear(2, 3), t.nn.Linear(3, 1)
    opt_d = t.optim.SGD(disc.parameters(), lr=0.1)
    d_fake = disc(gen(t.randn(4, 2)))
    (d_fake ** 2).mean().backward(retain_graph=True)
    opt_d.step()
    ((d_fake - 1) ** 2).mean().backward()


def _twice(t):
    y = t.ones(3, requires_grad=True).exp().sum()
    y.backward()
    y.backward()


def _nan(t):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")          # anomaly mode's own warnings
        with t.autograd.detect_anomaly():
            x = t.tensor([0.0, 4.0], requires_grad=True)
            t.where(x > 0, t.sqrt(x), t.zeros(2)).sum().backward()


def _unbind(t):
    a, b = t.ones(2, requires_grad=True).clone().unbind()
    a.mul_(2)


def _no_grad_view(t):
    x = t.ones(4, requires_grad=True).clone()
    with t.no_grad():
        v = x[:2]
    v.mul_(2)


def _unused(t):
    x, z = t.ones(3, requires_grad=True), t.ones(3, requires_grad=True)
    t.autograd.grad((x * 2).sum(), [x, z])


def _set_false(t):
    (t.ones(3, requires_grad=True) * 2).requires_grad_(False)


def _set_true(t):
    y = t.ones(3, requires_grad=True) * 2
    y.requires_grad = True


FAMILIES = {
    "backward-twice": [_twice],
    "no-grad-fn": [lambda t: t.ones(3).sum().backward()],
    "leaf-inplace": [lambda t: t.ones(3, requires_grad=True).add_(1),
                     lambda t: t.ones(3, requires_grad=True)[:2].mul_(2)],
    "view-inplace": [_unbind, _no_grad_view,
                     lambda t: t.ones(4, requires_grad=True).clone().split(2)[0].add_(1)],
    "numpy-requires-grad": [lambda t: t.ones(3, requires_grad=True).numpy()],
    "non-scalar-output": [lambda t: (t.ones(3, requires_grad=True) * 2).backward()],
    "int-requires-grad": [lambda t: t.tensor([1, 2], requires_grad=True),
                          lambda t: t.tensor([1, 2]).requires_grad_()],
    "unused-input": [_unused],
    "requires-grad-nonleaf": [_set_false, _set_true],
    "non-leaf-grad": [lambda t: (t.ones(3, requires_grad=True) * 2).grad],
    "nan-gradient": [_nan],
    "inplace-modified": [_inplace, _gan],
}
CASES = [(kind, fn) for kind, fns in FAMILIES.items() for fn in fns]


@pytest.mark.parametrize("lib", LIBS)
@pytest.mark.parametrize("kind,fn", CASES, ids=[f"{k}-{i}" for i, (k, _) in enumerate(CASES)])
def test_live_message_gives_its_family(lib, kind, fn):
    caught = _caught(fn, lib)
    text = str(getattr(caught, "message", caught))
    for given in (caught, text, text.encode(), f"Traceback ...\nRuntimeError: {text}\n"):
        assert viz.explain(given).kind == kind, (given, text)
    if isinstance(caught, warnings.WarningMessage):
        assert viz.explain(caught.message).kind == kind     # the Warning object itself


@pytest.mark.parametrize("lib", LIBS)
def test_inplace_message_is_read_out(lib):
    e = viz.explain(_caught(_inplace, lib))
    assert (e.tensor_type, e.shape, e.node, e.grad_fn_name) == (
        f"{lib}.FloatTensor", (3,), "Sigmoid", "SigmoidBackward0")
    assert (e.output_index, e.version, e.expected_version) == (0, 1, 0)
    assert f"`{lib}.FloatTensor` of shape [3]" in e.meaning
    assert "saved at version 0 and is now at version 1: 1 in-place change happened" in e.meaning


@pytest.mark.parametrize("lib", LIBS)
def test_gan_message_is_read_out(lib):
    # torch 2.13 names the Linear weight seen through .t() "AsStrided" once the step moved it
    e = viz.explain(_caught(_gan, lib))
    assert (e.kind, e.shape, e.node, e.grad_fn_name) == (
        "inplace-modified", (3, 1), "AsStrided", "AsStridedBackward0")
    assert (e.version, e.expected_version) == (2, 1)


@pytest.mark.parametrize("lib", LIBS)
def test_nan_message_is_read_out(lib):
    e = viz.explain(_caught(_nan, lib))
    assert (e.node, e.grad_fn_name, e.output_index) == ("SqrtBackward0", "SqrtBackward0", 0)
    assert "`SqrtBackward0`" in e.meaning


@pytest.mark.parametrize("lib", LIBS)
def test_tensor_moved_after_requires_grad_is_leaf_moved(lib):
    t = importlib.import_module(lib)
    moved = t.ones(3, requires_grad=True).double()
    assert type(moved.grad_fn).__name__ == "ToCopyBackward0"
    assert viz.explain(moved).kind == "leaf-moved"
    assert viz.explain(t.ones(3, requires_grad=True) * 2).kind == "non-leaf-grad"
    assert viz.explain(t.ones(3, requires_grad=True)).kind == "unknown"


# ---- spellings of other releases and devices ------------------------------------------------

_HEAD = ("one of the variables needed for gradient computation has been modified by an "
         "inplace operation: ")
_HINT_2X = ("Hint: enable anomaly detection to find the operation that failed to compute its "
            "gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).")
_HINT_1X = ("Hint: enable anomaly detection to find the operation that failed to compute its "
            "gradient, with torch.autograd.set_detect_anomaly(True).")


@pytest.mark.parametrize("message,fields", [
    # torch 2.11 on a GPU (quoted in the issue and ../shared/notes/gpu-facts.md)
    (_HEAD + "[torch.cuda.FloatTensor [3]], which is output 0 of SigmoidBackward0, is at "
     "version 1; expected version 0 instead. " + _HINT_2X,
     ("torch.cuda.FloatTensor", (3,), "SigmoidBackward0", "SigmoidBackward0", 1, 0)),
    # torch 1.x: no Backward0 suffix, a hint without check_nan
    (_HEAD + "[torch.FloatTensor [3]], which is output 0 of SigmoidBackward, is at version 1; "
     "expected version 0 instead. " + _HINT_1X,
     ("torch.FloatTensor", (3,), "SigmoidBackward", "SigmoidBackward0", 1, 0)),
    # the RNN band-aid on a GPU (gpu-facts.md)
    (_HEAD + "[torch.cuda.FloatTensor [2048, 2048]], which is output 0 of AsStridedBackward0, "
     "is at version 3; expected version 2 instead. " + _HINT_2X,
     ("torch.cuda.FloatTensor", (2048, 2048), "AsStridedBackward0", "AsStridedBackward0", 3, 2)),
    # the GAN spelling quoted in the issue, a 0-d tensor, torch 2.13's short name of PowBackward1
    (_HEAD + "[torch.FloatTensor [5, 3]], which is output 0 of TBackward0, is at version 2; "
     "expected version 1 instead.",
     ("torch.FloatTensor", (5, 3), "TBackward0", "TBackward0", 2, 1)),
    (_HEAD + "[torch.DoubleTensor []], which is output 0 of Pow1, is at version 1; expected "
     "version 0 instead.", ("torch.DoubleTensor", (), "Pow1", "PowBackward1", 1, 0)),
    # a leaf's data saved as an input: no "which is output" part
    (_HEAD + "[minigrad.FloatTensor [2]] is at version 4; expected version 0 instead.",
     ("minigrad.FloatTensor", (2,), None, None, 4, 0)),
])
def test_other_spellings_of_the_inplace_message(message, fields):
    e = viz.explain(message)
    assert e.kind == "inplace-modified"
    assert (e.tensor_type, e.shape, e.node, e.grad_fn_name, e.version,
            e.expected_version) == fields


@pytest.mark.parametrize("message,kind", [
    ("Trying to backward through the graph a second time, but the saved intermediate results "
     "have already been freed. Specify retain_graph=True when calling backward the first time.",
     "backward-twice"),
    ("One of the differentiated Tensors appears to not have been used in the graph. Set "
     "allow_unused=True if this is the desired behavior.", "unused-input"),
    ("Function 'SqrtBackward' returned nan values in its 0th output.", "nan-gradient"),
    ("element 1 of tensors does not require grad and does not have a grad_fn", "no-grad-fn"),
])
def test_older_spellings_of_other_families(message, kind):
    assert viz.explain(message).kind == kind


def test_old_nan_node_is_normalised():
    e = viz.explain("Function 'SqrtBackward' returned nan values in its 1th output.")
    assert (e.node, e.grad_fn_name, e.output_index) == ("SqrtBackward", "SqrtBackward0", 1)


# ---- unknown, never an exception ----------------------------------------------------------

class _BadStr(Exception):
    def __str__(self):
        raise RuntimeError("no text")


@pytest.mark.parametrize("junk", [
    None, 0, 3.5, "", "   ", b"", b"\xff\xfe\x00", [], {}, object(), ValueError("bad value"),
    KeyError("grad"), _BadStr(), "CUDA out of memory. Tried to allocate 2.00 MiB",
    "mat1 and mat2 shapes cannot be multiplied (4x3 and 2x5)", "inplace operation",
    viz.explain, type,
])
def test_unrelated_input_is_unknown(junk):
    e = viz.explain(junk)
    assert e.kind == "unknown"
    assert e.link.endswith("#symptom-to-fix")
    assert str(e) and e._repr_markdown_() and e._repr_html_()


def test_truncated_inplace_message_keeps_its_family_without_fields():
    e = viz.explain("has been modified by an inplace operation: [garbled")
    assert e.kind == "inplace-modified"
    assert (e.tensor_type, e.shape, e.node, e.version, e.expected_version) == (None,) * 5
    assert "Here the saved tensor" not in e.meaning and str(e)


def test_bad_language_or_kind_is_a_clear_error():
    with pytest.raises(ValueError, match="language must be one of"):
        viz.explain("x", lang="fr")
    with pytest.raises(ValueError, match="kind must be one of"):
        viz.Explanation("no-such-kind")


# ---- the text, in both languages ----------------------------------------------------------

_CJK = "\u4e00-\u9fff"


def _prose(text):
    """The text with each `code` span (it keeps ASCII punctuation) replaced by X."""
    return re.sub(r"`[^`]*`", "X", text)


def _zh_strings():
    for kind, entry in TEXT_ZH.items():
        for key, value in entry.items():
            for text in value if isinstance(value, list) else [value]:
                yield f"{kind}.{key}", text


def test_both_catalogues_cover_every_kind_with_the_same_fields():
    assert set(TEXT_EN) == set(TEXT_ZH) == set(KINDS)
    for kind in KINDS:
        assert set(TEXT_EN[kind]) == set(TEXT_ZH[kind]), kind
        assert len(TEXT_EN[kind]["causes"]) == len(TEXT_ZH[kind]["causes"]), kind
        assert len(TEXT_EN[kind]["fix"]) == len(TEXT_ZH[kind]["fix"]), kind


@pytest.mark.parametrize("name,text", list(_zh_strings()))
def test_chinese_text_uses_chinese_typography(name, text):
    prose = _prose(text)
    assert re.search(f"[{_CJK}]", prose), name
    assert not re.search(f"[{_CJK}][,.;:!?()]|[,;:!?()][{_CJK}]", prose), (name, prose)
    assert not re.search(r"[：，；（]\s", prose), (name, prose)


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "unknown"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_family_explains_itself_in_both_languages(kind, lang):
    e = viz.Explanation(kind, "a message", lang)
    assert len(e.meaning) > (20 if lang == "zh" else 40)      # Chinese is denser
    assert e.causes and e.fix and e.title
    notebook = "zh/08_when_backward_fails.ipynb" if lang == "zh" else "08_when_backward_fails.ipynb"
    assert e.link == f"{notebook}#{kind}"
    text, md, page = str(e), e._repr_markdown_(), e._repr_html_()
    heads = ("含义：", "常见原因：", "解决办法：", "详见：") if lang == "zh" else (
        "What it means: ", "Usual causes:", "Fix:", "More: ")
    for head in heads:
        assert head in text
    for item in e.causes + e.fix:
        assert item in text and item in md
    assert f"]({e.href})" in md and f'href="{e.href}"' in page
    if lang == "zh":
        assert "： " not in text and "： " not in md
        assert re.search(f"[{_CJK}]", e.meaning)


def test_language_follows_set_language_by_default():
    message = "grad can be implicitly created only for scalar outputs"
    try:
        viz.set_language("zh")
        assert viz.explain(message).lang == "zh"
        assert viz.explain(message, lang="en").lang == "en"
    finally:
        viz.set_language("en")
    assert viz.explain(message).lang == "en"


def test_link_is_relative_to_the_notebook_folder(tmp_path, monkeypatch):
    e_en, e_zh = viz.explain("", lang="en"), viz.explain("", lang="zh")
    monkeypatch.chdir(tmp_path)                       # like notebooks/
    assert (e_en.href, e_zh.href) == ("08_when_backward_fails.ipynb#symptom-to-fix",
                                      "zh/08_when_backward_fails.ipynb#symptom-to-fix")
    (tmp_path / "zh").mkdir()
    monkeypatch.chdir(tmp_path / "zh")                # like notebooks/zh/
    assert (e_en.href, e_zh.href) == ("../08_when_backward_fails.ipynb#symptom-to-fix",
                                      "08_when_backward_fails.ipynb#symptom-to-fix")


def test_html_escapes_the_message():
    e = viz.explain("<b>grad can be implicitly created only for scalar outputs</b>")
    assert e.kind == "non-scalar-output"
    assert "&lt;b&gt;" in e._repr_html_() and "<b>grad can" not in e._repr_html_()
