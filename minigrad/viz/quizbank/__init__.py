"""The notebooks' quiz questions, answers and explanations, kept out of the code cells.

A notebook cell says only which question to ask and what to run::

    viz.quiz("01/sigmoid-data", run=experiment)

so the learner predicts before the answer is anywhere on screen. Each notebook has one
module here, ``nbNN.py``, holding a ``QUIZZES`` dict keyed by ``"NN/slug"``::

    QUIZZES = {
        "01/sigmoid-data": dict(
            question="...", choices=["...", "..."], answer="...", explanation="..."),
    }

``answer`` is one of the choices (its text or its index). Exercises (``viz.exercise(key,
check=fn)``) keep their title and hidden solution beside them in an optional ``EXERCISES``
dict: ``dict(title="...", solution="...")``.
"""
import importlib

__all__ = ["lookup", "quiz_entry", "exercise_entry"]


def _module(key):
    if not isinstance(key, str) or "/" not in key:
        raise ValueError(f"quiz keys look like 'NN/slug' (for example '01/sigmoid-data'), "
                         f"got {key!r}")
    number = key.split("/", 1)[0]
    try:
        return importlib.import_module(f"{__name__}.nb{number}")
    except ModuleNotFoundError:
        raise KeyError(f"no quiz bank for notebook {number!r} (looked for "
                       f"minigrad/viz/quizbank/nb{number}.py)") from None


def lookup(key, table="QUIZZES"):
    """The entry `key` ("NN/slug") of the notebook's `table` ("QUIZZES" or "EXERCISES")."""
    entries = getattr(_module(key), table, {})
    if key not in entries:
        known = ", ".join(sorted(entries)) or "none"
        raise KeyError(f"{key!r} is not in {table} of notebook {key.split('/')[0]} "
                       f"(known: {known})")
    return dict(entries[key])


def quiz_entry(key):
    """question, choices, answer and explanation of quiz `key`."""
    return lookup(key, "QUIZZES")


def exercise_entry(key):
    """The hidden parts (solution, ...) of exercise `key`."""
    return lookup(key, "EXERCISES")
