"""Bad-input differential fuzzer: random calls with wrong arguments, run under torch 2.13 and
minigrad, each outcome sorted into one class (see ``classify.CLASSES``).

* ``calls``: the call templates (by family) and the pools of good and bad arguments;
* ``classify``: runs one call under both libraries and names what happened;
* ``known``: leak classes known today, each with a reason and a reproducer;
* ``python -m badinput [EXAMPLES]`` (from tests/): a run that prints the classification table
  and the leak sources. ``tests/test_bad_input_fuzz.py`` is the pytest entry.
"""
