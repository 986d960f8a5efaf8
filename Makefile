# Two commands on a fresh machine with Python 3.11+: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
DEMO_DIR := build/demo

.PHONY: install models demo test test-fast lint bench eval clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,plot]'
	touch $(STAMP)

install: $(STAMP)

# The optional transformer embedding model (90 MB, pinned and verified; see README "Embedding models"). The tests
# and the evaluation use it; hooks and the demo run without it.
models: $(STAMP)
	$(PY) -m ratchet.cli.main model fetch all-MiniLM-L6-v2
	$(PY) -m ratchet.cli.main model fetch all-mpnet-base-v2

lint: $(STAMP)
	$(VENV)/bin/ruff check ratchet tests bench
	$(VENV)/bin/ruff format --check ratchet tests bench
	$(VENV)/bin/mypy

test: lint models
	RATCHET_REQUIRE_MODELS=1 $(PY) -m pytest -q

test-fast: $(STAMP)
	$(PY) -m pytest -q -m "not slow"

demo: $(STAMP)
	bash samples/demo.sh $(DEMO_DIR)

bench: $(STAMP)
	$(PY) -m bench.run

LOCOMO ?= ../shared/eval/locomo-dev.json

eval: models
	$(PY) -m ratchet.cli.main eval locomo $(LOCOMO) --unit turns
	$(PY) -m ratchet.cli.main eval locomo $(LOCOMO) --unit turns --mode keyword
	$(PY) -m ratchet.cli.main eval locomo $(LOCOMO) --unit facts
	$(PY) -m ratchet.cli.main eval locomo $(LOCOMO) --unit turns --model all-MiniLM-L6-v2
	$(PY) -m ratchet.cli.main eval locomo $(LOCOMO) --unit facts --model all-MiniLM-L6-v2
	$(PY) -m ratchet.cli.main eval locomo $(LOCOMO) --unit turns --model all-mpnet-base-v2

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache
