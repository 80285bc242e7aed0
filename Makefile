# Two commands matter: `make lab` (open the notebooks) and `make test` (check everything).
# Every target creates .venv on first use; nothing needs root (the browser tests need a
# Chromium: Debian's, which .ci/run installs as root, or any other; without one they are
# skipped with a NOTICE line and the stage passes).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
NB_STAMP := $(VENV)/.installed-notebooks
SITE_STAMP := $(VENV)/.installed-site
# the notebooks folder (src/NN_slug.py + NN_slug.ipynb); tools and tests read the variable
NBDIR ?= $(or $(MINIGRAD_NOTEBOOKS_DIR),notebooks)
export MINIGRAD_NOTEBOOKS_DIR := $(abspath $(NBDIR))
# English notebooks, then the Chinese edition (中文版) in zh/
NOTEBOOKS := $(wildcard $(NBDIR)/*.ipynb) $(wildcard $(NBDIR)/zh/*.ipynb)
PORT ?= 8888
# `make lab` points the printed address at the first notebook (00_start_here) when there is one
LAB_PAGE := $(if $(NOTEBOOKS),/tree/$(firstword $(sort $(notdir $(wildcard $(NBDIR)/*.ipynb)))))
NB ?=
# per-stage counts and skip reasons (tools/pytest_skiplog.py), summed up by `make test`
REPORT := build/test-report
SKIPLOG = PYTHONPATH=tools MINIGRAD_SKIP_LOG=$(REPORT)/$(1).json
# the property and fuzz tests draw the same examples as in CI (hypothesis derandomizes when CI
# is set), so `make test` gives the same result on every run; `make fuzz` explores at random
REPRODUCIBLE = CI=$${CI:-1}
NBVAL := --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg \
         --nbval-cell-timeout=300 --color=no -p no:cacheprovider

.PHONY: venv oracle trust test test-fast lint unit nbval browser notebooks notebooks-check \
        lab html site bench fuzz fuzz-wide clean

venv: $(STAMP)

# pip's output goes to .venv/pip.log (shown only if the install fails): setuptools' editable
# build warnings are noise for a learner
PIP_INSTALL = $(PY) -m pip install -q --upgrade pip >$(VENV)/pip.log 2>&1 \
	&& $(PY) -m pip install -q -e ".[$(1)]" >>$(VENV)/pip.log 2>&1 \
	|| { cat $(VENV)/pip.log; exit 1; }

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@echo "installing minigrad with its test tools into $(VENV) (log: $(VENV)/pip.log)"
	@$(call PIP_INSTALL,test)
	touch $(STAMP)

# what a learner needs for `make lab`: minigrad with the notebook extras (no test tools)
$(NB_STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@echo "installing minigrad, JupyterLab and ipywidgets into $(VENV) (about a minute the" \
	      "first time; log: $(VENV)/pip.log)"
	@$(call PIP_INSTALL,notebooks)
	touch $(NB_STAMP)

# what `make site` needs: minigrad with Sphinx, myst-nb and sphinx-book-theme (no test tools)
$(SITE_STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@echo "installing minigrad with Sphinx, myst-nb and sphinx-book-theme into $(VENV)" \
	      "(log: $(VENV)/pip.log)"
	@$(call PIP_INSTALL,site)
	touch $(SITE_STAMP)

## The test oracle, torch 2.13.0 (lightest CPU build for the platform) into .venv: a test
## tool, never a dependency of minigrad. Cannot be installed: a NOTICE, and its tests skip.
oracle: venv
	@$(PY) tools/install_oracle.py

lint: venv
	$(PY) -m ruff check minigrad tests benchmarks tools
	$(VENV)/bin/lint-imports --no-cache --no-logo    # the layers contract in pyproject.toml
	$(PY) -m pytest -q -p no:cacheprovider tests/test_layers.py \
		-k "no_import_cycles or every_module"   # 0 import cycles, deferred imports counted

## Everything: lint, unit/gradient/differential tests, nbval, browser tests; then one line
## with the counts and every skip's reason (a skip is reported, never counted as a pass).
test: venv lint unit nbval browser
	@$(PY) tools/run_summary.py $(REPORT) $(VENV)/.oracle

unit: venv oracle
	@rm -f $(REPORT)/unit.json
	$(REPRODUCIBLE) $(call SKIPLOG,unit) $(PY) -m pytest -q -p no:cacheprovider \
		-p pytest_skiplog tests --ignore=tests/browser

## Stored notebook outputs still match a fresh run (skipped while there are no notebooks).
nbval: venv
	@rm -f $(REPORT)/nbval.json
ifneq ($(NOTEBOOKS),)
	$(call SKIPLOG,nbval) $(PY) -m pytest -q -p pytest_skiplog $(NBVAL) $(NOTEBOOKS)
else
	@echo "nbval: no notebooks in $(NBDIR)/ yet, nothing to check"
endif

## Every notebook in a real JupyterLab (PyPI playwright driving an installed Chromium).
## No Chromium (CHROMIUM, chromium on PATH, Playwright's own): one NOTICE line, and it passes.
browser: venv
	@rm -f $(REPORT)/browser.json $(REPORT)/browser.notrun
	@chrome=$$($(PY) tests/browser/find_chromium.py) || exit 1; \
	if [ -n "$$chrome" ]; then \
		echo "$(PY) -m pytest -q -p no:cacheprovider -rs tests/browser  # CHROMIUM=$$chrome"; \
		CHROMIUM="$$chrome" $(call SKIPLOG,browser) \
			$(PY) -m pytest -q -p no:cacheprovider -p pytest_skiplog -rs tests/browser; \
	else \
		mkdir -p $(REPORT) && echo "no Chromium: see the NOTICE above" > $(REPORT)/browser.notrun; \
	fi

## Quick check (< 1 min): a fast sample of every topic, no notebook runs, no browser. What
## it leaves out is marked slow in tests/conftest.py; `make unit` runs that too.
test-fast: venv oracle
	$(REPRODUCIBLE) $(PY) -m pytest -q -x -m "not slow" -p no:cacheprovider tests --ignore=tests/browser

## Rebuild notebooks/NN_slug.ipynb and notebooks/zh/NN_slug.ipynb from notebooks/src (NB=01 for one).
notebooks: venv
	$(PY) tools/build_notebooks.py $(NB)

## Rebuild in a temp dir and diff against the stored notebooks (after nbval's masking).
notebooks-check: venv
	$(PY) tools/build_notebooks.py --check $(NB)

## Mark the shipped notebooks trusted for you, so JupyterLab draws their SVG diagrams the moment
## one is opened (untrusted, it shows each diagram's PNG copy). `make lab` does this first.
trust: $(NB_STAMP)
ifneq ($(NOTEBOOKS),)
	@$(PY) -m jupyter trust --log-level=WARN $(NOTEBOOKS) >/dev/null
endif

## JupyterLab on notebooks/, local only, with a fresh token. PORT=8890 to move it.
lab: $(NB_STAMP) trust
	@token=$$($(PY) -c 'import secrets; print(secrets.token_hex(16))'); \
	extra=""; if [ "$$(id -u)" = 0 ]; then extra="--allow-root --no-browser"; fi; \
	echo ""; \
	echo "  minigrad notebooks: open http://127.0.0.1:$(PORT)/lab$(LAB_PAGE)?token=$$token"; \
	echo "  中文版: http://127.0.0.1:$(PORT)/lab/tree/zh/00_start_here.ipynb?token=$$token"; \
	echo "  (stop with Ctrl-C, then y)"; \
	echo ""; \
	JUPYTER_TOKEN=$$token exec $(PY) -m jupyterlab --ip=127.0.0.1 --port=$(PORT) \
		--port-retries=0 --ServerApp.root_dir=$(NBDIR) $$extra

## Static HTML of the executed notebooks in build/html/ (open build/html/index.html).
html: $(NB_STAMP)
	$(PY) tools/export_html.py --dir $(NBDIR) --out build/html

## The course as a website in build/site/ (open build/site/index.html; 中文: build/site/zh/):
## built from the stored notebooks, nothing executed, nothing downloaded.
site: $(SITE_STAMP)
	$(PY) tools/build_site.py --dir $(NBDIR) --out build/site

## Speed ratios against torch and a NumPy floor (not a test).
bench: venv oracle
	$(PY) benchmarks/run.py

## The long fuzz runs: 10k bad-input calls and 10k lockstep programs, new ones each run; the
## bad-input run asserts issue 20's targets on its fresh draw.
fuzz: venv oracle
	MINIGRAD_BADINPUT_EXAMPLES=10000 MINIGRAD_BADINPUT_RANDOM=1 \
		$(PY) -m pytest -q -s -p no:cacheprovider tests/test_bad_input_fuzz.py
	MINIGRAD_FUZZ_EXAMPLES=10000 $(PY) -m pytest -q -s -p no:cacheprovider tests/test_fuzz.py

## The lockstep fuzzer with its widened rules (matmul of every rank, chains of views), as a
## survey: every divergence, known or not, goes to build/fuzz-wide.jsonl, and a tally is printed.
fuzz-wide: venv oracle
	@mkdir -p build && rm -f build/fuzz-wide.jsonl
	MINIGRAD_FUZZ_WIDE=1 MINIGRAD_FUZZ_SURVEY=build/fuzz-wide.jsonl MINIGRAD_FUZZ_EXAMPLES=2000 \
		$(PY) -m pytest -q -s -p no:cacheprovider tests/test_fuzz.py -k torch_vs_minigrad
	@$(PY) tools/fuzz_survey.py build/fuzz-wide.jsonl

clean:
	rm -rf $(VENV) build .pytest_cache .hypothesis
