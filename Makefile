# Two commands on a fresh machine with Python 3.11+: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
DEMO_DIR := build/demo

.PHONY: install demo test test-fast lint bench eval clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,plot]'
	touch $(STAMP)

install: $(STAMP)

lint: $(STAMP)
	$(VENV)/bin/ruff check ratchet tests bench
	$(VENV)/bin/ruff format --check ratchet tests bench
	$(VENV)/bin/mypy

test: lint
	$(PY) -m pytest -q

test-fast: $(STAMP)
	$(PY) -m pytest -q -m "not slow"

demo: $(STAMP)
	bash samples/demo.sh $(DEMO_DIR)

bench: $(STAMP)
	$(PY) -m bench.run

LOCOMO ?= ../shared/eval/locomo-dev.json

eval: $(STAMP)
	$(PY) -m ratchet.cli.main eval locomo $(LOCOMO) --unit turns
	$(PY) -m ratchet.cli.main eval locomo $(LOCOMO) --unit turns --mode keyword
	$(PY) -m ratchet.cli.main eval locomo $(LOCOMO) --unit facts

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache
