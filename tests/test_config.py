"""Configuration loading and its one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ratchet.config import DEFAULTS, load_config
from ratchet.errors import ConfigError
from ratchet.store.memdir import resolve_memory_dir

ROOT = Path(__file__).resolve().parent.parent


def write(tmp_path: Path, data) -> Path:
    path = tmp_path / "ratchet.config.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def test_shipped_config_matches_the_defaults():
    shipped = json.loads((ROOT / "ratchet.config.json").read_text())
    assert shipped == DEFAULTS
    assert load_config(ROOT / "ratchet.config.json").data == DEFAULTS


def test_spec_defaults():
    cfg = load_config(None)
    assert cfg.categories["incident"] == 0.9 and cfg.categories["maintenance"] == 0.8
    assert cfg.categories["process"] == 0.6 and cfg.categories["operational"] == 0.3
    assert cfg["modifiers"] == {"explicit_remember": 0.2, "action_required": 0.15, "untrusted_factor": 0.5}
    assert cfg["recency"]["half_life_days"] == 30
    assert cfg["decay"]["standard_weekly"] == 0.95
    assert cfg["reinforcement"]["factor"] == 1.1
    assert cfg["promotion"]["min_importance"] == 0.8 and cfg["promotion"]["min_references"] == 3
    assert cfg["purge"]["threshold"] == 0.1
    assert cfg["embeddings"]["threshold"] == 50


def test_partial_config_merges_over_defaults(tmp_path):
    cfg = load_config(
        write(
            tmp_path,
            {
                "recency": {"half_life_days": 7},
                "categories": {"health": 0.9, "misc": 0.2},
                "default_category": "misc",
            },
        )
    )
    assert cfg["recency"]["half_life_days"] == 7
    assert cfg["recency"]["floor"]["standard"] == 0.25
    assert cfg.categories == {"health": 0.9, "misc": 0.2}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"categories": {"incident": 1.5}}, "categories.incident: 1.5 is greater than the maximum of 1"),
        ({"retrieval": {"token_budget": "lots"}}, "retrieval.token_budget: 'lots' is not of type 'integer'"),
        (
            {"retrieval": {"mode": "magic"}},
            "retrieval.mode: 'magic' is not one of ['auto', 'llm', 'embeddings', 'keyword']",
        ),
        ({"colour": "blue"}, "(record): unknown field ('colour' was unexpected)"),
        (
            {"llm": {"base_url": "localhost:11434"}},
            "llm.base_url: 'localhost:11434' does not match '^https?://'",
        ),
        ({"default_category": "nope"}, "default_category: 'nope' is not one of the categories"),
        (
            {"retrieval": {"min_facts": 20, "max_facts": 5}},
            "retrieval.min_facts: must not exceed retrieval.max_facts",
        ),
        ([1, 2], "the top level must be a JSON object"),
    ],
)
def test_bad_config_names_the_key(tmp_path, data, message):
    path = write(tmp_path, data)
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == f"Config file {path}: {message}"


def test_invalid_json_names_the_line(tmp_path):
    path = write(tmp_path, '{\n  "purge": {"threshold": 0.1},\n  oops\n}')
    with pytest.raises(ConfigError, match=rf"^Config file {path} line 3: invalid JSON"):
        load_config(path)


def test_missing_config_file(tmp_path):
    with pytest.raises(ConfigError, match="not found"):
        load_config(tmp_path / "nope.json")


def test_memory_dir_resolution(tmp_path, monkeypatch):
    path = write(tmp_path, {"memory_dir": "data/mem"})
    cfg = load_config(path)
    assert resolve_memory_dir("/x/explicit", cfg) == Path("/x/explicit")
    monkeypatch.setenv("RATCHET_MEMORY_DIR", str(tmp_path / "env"))
    assert resolve_memory_dir(None, cfg) == tmp_path / "env"
    monkeypatch.delenv("RATCHET_MEMORY_DIR")
    assert resolve_memory_dir(None, cfg) == tmp_path / "data" / "mem"
    plain = load_config(write(tmp_path, {}))
    assert resolve_memory_dir(None, plain) == tmp_path / "memory"


def test_a_valid_config_is_checked_without_importing_jsonschema(tmp_path):
    """Hooks load the config at every prompt: the compiled check answers, jsonschema (80 ms) only words errors."""
    import subprocess
    import sys

    good = write(tmp_path, {"recency": {"half_life_days": 14}})
    code = (
        "import sys; from ratchet.config import load_config; "
        f"assert load_config({str(good)!r})['recency']['half_life_days'] == 14; "
        "print('jsonschema' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    bad = write(tmp_path, {"recency": {"half_life_days": -1}})
    with pytest.raises(ConfigError, match="recency.half_life_days"):
        load_config(bad)
