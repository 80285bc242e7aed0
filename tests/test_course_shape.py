"""The shape the course promises a learner, checked on the notebook sources (issue 10).

For the notebooks listed in COURSE: at most ~2,500 words of prose, at least 3 predict-then-run
quizzes whose keys exist in the quiz bank, 2-3 checked exercises, no answer written in a code
cell, a link to the cheat sheet, and a myth check whose hidden claim markers cover the seed
claims, kept at the end (which claims, and their verdicts against the catalogue, are checked
in test_notebook_claims.py).
"""
import re

import nbsource
import pytest

from minigrad.viz import quizbank

NBDIR = nbsource.notebooks_dir()
WORD = re.compile(r"[A-Za-z0-9_']+")
COMMENT = re.compile(r"<!--.*?-->", re.S)
QUIZ_KEY = re.compile(r"""viz\.quiz\(\s*["'](\d\d/[\w-]+)["']""")
EXERCISE_KEY = re.compile(r"""viz\.exercise\(\s*["'](\d\d/[\w-]+)["']""")
CLAIM = re.compile(r"<!-- claim (S\d{3}-\d+) (true|false|misleading|outdated|broken) -->")

COURSE = ("00", "01", "02", "03", "04", "05", "06", "07")



def _source(number):
    paths = sorted((NBDIR / "src").glob(f"{number}_*.py"))
    if not paths:
        pytest.skip(f"no notebook {number} in {NBDIR}")
    return nbsource.parse_percent(paths[0].read_text(encoding="utf-8"), paths[0].name)


def _text(cells, kind):
    return "\n".join(c["source"] for c in cells if c["cell_type"] == kind)


@pytest.mark.parametrize("number", COURSE)
def test_prose_fits_a_half_hour(number):
    words = len(WORD.findall(COMMENT.sub("", _text(_source(number), "markdown"))))
    assert words <= 2500, f"notebook {number} has {words} words of prose (at most ~2,500)"


@pytest.mark.parametrize("number", COURSE)
def test_predictions_and_exercises_come_from_the_bank(number):
    code = _text(_source(number), "code")
    quizzes, exercises = QUIZ_KEY.findall(code), EXERCISE_KEY.findall(code)
    least = 1 if number == "00" else 3      # 00 is the tour; topic notebooks predict often
    assert len(quizzes) >= least, f"notebook {number}: {len(quizzes)} quizzes, {least}+ expected"
    assert 2 <= len(exercises) <= 3, f"notebook {number}: {len(exercises)} exercises"
    for key in quizzes:
        assert key.startswith(number + "/")
        quizbank.quiz_entry(key)
    for key in exercises:
        assert key.startswith(number + "/")
        assert quizbank.exercise_entry(key)["solution"].strip()
    assert len(set(quizzes)) == len(quizzes), "a quiz asked twice"


@pytest.mark.parametrize("number", COURSE)
def test_no_answer_in_a_code_cell(number):
    code = _text(_source(number), "code")
    assert "answer=" not in code and "viz.Quiz(" not in code, (
        f"notebook {number}: a quiz is written out in a code cell; use viz.quiz(key, run)")
    for key in QUIZ_KEY.findall(code):
        answer = quizbank.quiz_entry(key)["answer"]
        entry = quizbank.quiz_entry(key)
        text = entry["choices"][answer] if isinstance(answer, int) else answer
        if all(str(choice) in code for choice in entry["choices"]):
            continue          # the experiment spells out every option alike: nothing given away
        assert f'"{text}"' not in code and f"'{text}'" not in code, (
            f"notebook {number}: the answer of {key} appears as a literal in a code cell")


@pytest.mark.parametrize("number", COURSE)
def test_links_the_cheat_sheet(number):
    assert "(cheatsheet.md)" in _text(_source(number), "markdown")


@pytest.mark.parametrize("number", COURSE)
def test_myth_checks_sit_at_the_end(number):
    cells = _source(number)
    if not CLAIM.search(_text(cells, "markdown")):
        return                                   # a notebook without seed claims (07)
    heading = next(i for i, c in enumerate(cells)
                   if c["cell_type"] == "markdown" and "## Myth check" in c["source"])
    before = "\n".join(c["source"] for c in cells[:heading])
    assert not CLAIM.search(before), "claim markers belong in the myth check at the end"
