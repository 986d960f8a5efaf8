# Two commands on a fresh machine with Python 3.11+: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
DEMO_DIR := build/demo

.PHONY: install models agent-clis demo test test-fast lint docs bench eval eval-secrets eval-transcripts secret-scorer clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,workbench,mcp]'
	touch $(STAMP)

install: $(STAMP)

# The optional transformer embedding models (pinned and verified; see docs/guide.md "Embedding models"), cached
# outside the repository in ~/.cache/ratchet/models ($RATCHET_MODELS): a second run finds them installed and
# downloads nothing. The tests and the evaluation use them; hooks and the demo run without them.
models: $(STAMP)
	$(PY) -m ratchet.cli.main model fetch all-MiniLM-L6-v2
	$(PY) -m ratchet.cli.main model fetch all-mpnet-base-v2

# The real agent CLIs the tests drive against loopback servers (tests/agent-clis: pinned with a lockfile), installed
# from the npm registry into build/agent-clis; without npm on the machine their tests are skipped.
AGENT_CLIS := build/agent-clis
$(AGENT_CLIS)/.installed: tests/agent-clis/package.json tests/agent-clis/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		mkdir -p $(AGENT_CLIS) && cp tests/agent-clis/package.json tests/agent-clis/package-lock.json $(AGENT_CLIS)/ && \
		cd $(AGENT_CLIS) && npm ci --no-audit --no-fund --loglevel=error && touch .installed; \
	else echo "npm not found: the tests that run the real agent CLIs will be skipped"; fi

agent-clis: $(AGENT_CLIS)/.installed

lint: $(STAMP)
	$(VENV)/bin/ruff check ratchet tests bench docs
	$(VENV)/bin/ruff format --check ratchet tests bench docs
	$(VENV)/bin/mypy
	$(PY) docs/generate.py --check

# Everything, slow tests included: the wheel built from this tree installed into a fresh virtualenv
# (tests/test_wheel.py), crash and stress tests, the tests that need the optional models.
test: lint models agent-clis
	RATCHET_REQUIRE_MODELS=1 RATCHET_REQUIRE_AGENT_CLIS=$$(command -v npm >/dev/null 2>&1 && echo 1) $(PY) -m pytest -q

# A developer's loop: every stage's unit tests, under a minute on two cores.
test-fast: $(STAMP)
	$(PY) -m pytest -q -m "not slow"

# The generated references (docs/configuration.md from the schema, docs/cli.md from --help).
docs: $(STAMP)
	$(PY) docs/generate.py

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
	$(MAKE) eval-secrets
	$(MAKE) eval-transcripts

# The secret filter on bench/corpora/secrets (tuning and held out), end to end; the table goes into RESULTS.md.
eval-secrets: $(STAMP)
	$(PY) -m bench.secrets --results bench/RESULTS.md

# The secret filter's learned layer, trained again on the tuning corpora (about five minutes; after a corpus changes:
# tests/test_secret_scorer.py checks that the shipped model learned from the corpora as they are).
secret-scorer: $(STAMP)
	$(PY) -m bench.secret_scorer

# memory-extract (offline, default config) on the labelled real transcripts (bench/corpora/transcripts/README.md):
# tuning and held-out sources reported apart, precision from a person's grades, recall from the labels.
TRANSCRIPTS := bench/corpora/transcripts
SHARED ?= ../shared

eval-transcripts: $(STAMP)
	$(PY) -m ratchet.cli.main eval transcripts $(TRANSCRIPTS)/claude.jsonl $(TRANSCRIPTS)/chat.jsonl \
		$(TRANSCRIPTS)/repro.jsonl --root $(SHARED) --mode offline --brief \
		--grades $(TRANSCRIPTS)/grades-offline-1.jsonl --grades $(TRANSCRIPTS)/grades-offline-2.jsonl

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache
