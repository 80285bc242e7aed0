"""The quiz bank: every entry builds a valid quiz, every key a notebook asks for exists,
and no notebook code cell carries a quiz's answer."""
import importlib
import pkgutil
import re
from pathlib import Path

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
