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
COMMENT = re.compile(r"<!--.*?-->|\]\([^)\s]*\)", re.S)    # hidden markers, link targets
QUIZ_KEY = re.compile(r"""viz\.quiz\(\s*["'](\d\d/[\w-]+)["']""")
EXERCISE_KEY = re.compile(r"""viz\.exercise\(\s*["'](\d\d/[\w-]+)["']""")
CLAIM = re.compile(r"<!-- claim (S\d{3}-\d+) (true|false|misleading|outdated|broken) -->")

COURSE = ("00", "01", "02", "03", "04", "05", "06", "07", "08")



def _source(number):
    paths = sorted((NBDIR / "src").glob(f"{number}_*.py"))
    if not paths:
        pytest.skip(f"no notebook {number} in {NBDIR}")
    return nbsource.read_cells(paths[0])


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


# ---------------------------------------------------------------------------------------------
# honest time: each notebook states the minutes a careful learner needs, from one model

LAB = re.compile(r"\bviz\.(\w+Lab|BackwardStepper|LiveGraph|LeafTable)\(")
STATED_EN = re.compile(r"\(about (\d+) minutes")
STATED_ZH = re.compile(r"（约 ?(\d+) ?分钟")
MAX_MINUTES = 40


def required_part(cells):
    """The cells a learner must work through: all but an '## Optional …' section at the end."""
    for i, c in enumerate(cells):
        if c["cell_type"] == "markdown" and c["source"].lstrip().startswith("## Optional"):
            return cells[:i]
    return cells


def model_minutes(cells) -> int:
    """Reading at 130 words a minute, 1.5 min a quiz (predict, run, read), 4 an exercise,
    3 a lab or stepper, 0.3 a code cell; rounded up to a multiple of 5."""
    cells = required_part(cells)
    words = len(WORD.findall(COMMENT.sub("", _text(cells, "markdown"))))
    code = [c["source"] for c in cells if c["cell_type"] == "code"]
    joined = "\n".join(code)
    minutes = (words / 130 + 1.5 * len(QUIZ_KEY.findall(joined))
               + 4 * len(EXERCISE_KEY.findall(joined)) + 3 * len(LAB.findall(joined))
               + 0.3 * len(code))
    return int(-(-minutes // 5) * 5)


@pytest.mark.parametrize("number", COURSE)
def test_each_notebook_states_its_time_and_fits_forty_minutes(number):
    cells = _source(number)
    model = model_minutes(cells)
    stated = STATED_EN.search(cells[0]["source"])
    assert stated, f"notebook {number}: the title cell says no '(about N minutes' "
    minutes = int(stated[1])
    assert minutes >= model, f"notebook {number}: states {minutes} min, the model says {model}"
    assert minutes <= MAX_MINUTES, f"notebook {number}: {minutes} min (at most {MAX_MINUTES})"
    zh = sorted((NBDIR / "src" / "zh").glob(f"{number}_*.md"))
    if zh:
        found = STATED_ZH.search(zh[0].read_text(encoding="utf-8"))
        assert found and int(found[1]) == minutes, f"notebook {number}: 中文版 states another time"


def test_each_lab_lives_in_one_notebook():
    """Each idea once: a lab appears in one notebook; later notebooks link back to it."""
    homes = {}
    for number in COURSE:
        for lab in set(LAB.findall(_text(_source(number), "code"))) - {"BackwardStepper",
                                                                          "LiveGraph"}:
            homes.setdefault(lab, []).append(number)
    twice = {lab: where for lab, where in homes.items() if len(where) > 1}
    assert not twice, f"labs in more than one notebook: {twice}"
