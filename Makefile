# Two commands matter: `make test` (everything) and `make lab` (notebooks, added later).
# Every target creates .venv on first use; nothing needs root.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: venv test test-fast lint bench clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[test]"
	touch $(STAMP)

lint: venv
	$(PY) -m ruff check minigrad tests benchmarks

## Everything: lint, unit, gradient and differential tests.
test: venv lint
	$(PY) -m pytest -q tests

## Quick check (< 1 min): no slow tests, no notebooks, no browser.
test-fast: venv
	$(PY) -m pytest -q -x -m "not slow" -p no:cacheprovider tests

## Speed ratios against torch and a NumPy floor (not a test).
bench: venv
	$(PY) benchmarks/run.py

clean:
	rm -rf $(VENV) build .pytest_cache .hypothesis
