"""The quiz bank: every entry builds a valid quiz, every key a notebook asks for exists,
and no notebook code cell carries a quiz's answer."""
import importlib
import pkgutil
import re
from pathlib import Path

import nbzh
import pytest

from minigrad import viz
from minigrad.viz import quizbank

ROOT = Path(__file__).resolve().parents[1]
KEY_IN_SOURCE = re.compile(r"""viz\.quiz\(\s*["'](\d\d/[\w-]+)["']""")


def _bank_modules():
    return [importlib.import_module(f"{quizbank.__name__}.{m.name}")
            for m in pkgutil.iter_modules(quizbank.__path__) if m.name.startswith("nb")]


def test_every_entry_builds_a_quiz_with_its_answer_among_the_choices():
    for module in _bank_modules():
        number = module.__name__.rsplit("nb", 1)[1]
        for key, entry in module.QUIZZES.items():
            assert key.startswith(number + "/"), f"{key} lives in {module.__name__}"
            q = viz.QuizModel(entry["question"], entry["choices"], entry["answer"],
                              explanation=entry.get("explanation", ""))
            assert q.answer in q.choices


def test_quiz_from_the_bank_judges_the_prediction(monkeypatch):
    bank = importlib.import_module(f"{quizbank.__name__}.nb00")
    monkeypatch.setitem(bank.QUIZZES, "00/test-only", dict(
        question="1 + 1?", choices=["2", "3"], answer="2", explanation="arithmetic"))
    pytest.importorskip("ipywidgets")
    q = viz.quiz("00/test-only", run=lambda: 1 + 1)
    q.model.choose("3")
    assert q.model.run() == "not quite"
    assert "The answer is: 2" in q.model.text() and "arithmetic" in q.model.text()


@pytest.mark.parametrize("key, error", [
    ("no-slash", ValueError), ("99/none", KeyError), ("00/not-there", KeyError)])
def test_bad_keys_say_what_is_wrong(key, error):
    with pytest.raises(error, match="quiz|not in"):
        quizbank.quiz_entry(key)


def test_keys_used_by_the_notebooks_exist_and_answers_stay_out_of_code_cells():
    for src in sorted((ROOT / "notebooks" / "src").glob("[0-9][0-9]_*.py")):
        text = src.read_text(encoding="utf-8")
        for key in KEY_IN_SOURCE.findall(text):
            quizbank.quiz_entry(key)        # raises KeyError when missing
        assert "answer=" not in text.replace("# answer=", ""), (
            f"{src.name}: a quiz answer is written in a code cell; move it to the quiz bank")


# ---------------------------------------------------------------------------------------------
# Chinese (viz.set_language("zh")): every notebook with a Chinese edition has Chinese quizzes


CJK = re.compile(r"[\u4e00-\u9fff]")
TRANSLATED = tuple(src.name[:2] for src in nbzh.translated_sources())   # have src/zh/ prose


@pytest.fixture
def chinese():
    viz.set_language("zh")
    yield
    viz.set_language("en")


def _code(text):
    """A solution without its comments: what must be the same in both languages."""
    return [line.split("#")[0].rstrip() for line in text.splitlines()
            if line.split("#")[0].strip()]


def test_translated_entries_have_chinese_fields():
    assert len(TRANSLATED) >= 4, TRANSLATED
    for module in _bank_modules():
        number = module.__name__.rsplit("nb", 1)[1]
        if number not in TRANSLATED:
            continue
        for key, entry in module.QUIZZES.items():
            for name in ("question", "explanation"):
                assert CJK.search(entry.get(name + "_zh", "")), f"{key}: no {name}_zh"
            if "choices_zh" in entry:       # code-only choices need no translation
                assert len(entry["choices_zh"]) == len(entry["choices"]), key
        for key, entry in getattr(module, "EXERCISES", {}).items():
            assert CJK.search(entry.get("title_zh", "")), f"{key}: no title_zh"
            assert _code(entry["solution_zh"]) == _code(entry["solution"]), (
                f"{key}: the Chinese solution's code differs from the English one")


def test_chinese_quiz_shows_chinese_and_keeps_the_answer(chinese):
    pytest.importorskip("ipywidgets")
    entry = quizbank.quiz_entry("01/sigmoid-data")
    q = viz.quiz("01/sigmoid-data")
    assert q.model.question == entry["question_zh"]
    assert q.model.answer == entry["choices_zh"][entry["answer"]]
    assert q.button.description == "运行"
    q.model.choose(0)
    assert q.model.run() == "not quite"
    assert "不太对。" in q.model.text() and entry["explanation_zh"] in q.model.text()


def test_answers_given_as_text_match_by_index(chinese):
    pytest.importorskip("ipywidgets")
    entry = quizbank.quiz_entry("03/late-retain")       # answer given as the English text
    index = entry["choices"].index(entry["answer"])
    assert viz.quiz("03/late-retain").model.answer == entry["choices_zh"][index]


def test_language_setting_is_checked_and_switches_back():
    with pytest.raises(ValueError, match="language must be one of"):
        viz.set_language("fr")
    viz.set_language("zh")
    try:
        assert viz.get_language() == "zh"
        assert viz.ExerciseModel(lambda: "正确：好", "x = 1").text().startswith("还没检查")
    finally:
        viz.set_language("en")
    assert viz.ExerciseModel(lambda: "Correct", "x = 1").text().startswith("Not checked")
