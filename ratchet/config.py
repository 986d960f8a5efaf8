"""``ratchet.config.json``: load, merge over the spec's defaults, validate.

A bad config raises :class:`ConfigError` with one line naming the file, the key and the problem.
Config resolution: ``--config`` > ``RATCHET_CONFIG`` > ``./ratchet.config.json`` (if present) > defaults.
"""

from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ratchet.core import configcheck, schema
from ratchet.errors import ConfigError

DEFAULTS: dict[str, Any] = {
    "categories": {
        "incident": 0.9,
        "decision": 0.9,
        "vehicle": 0.8,
        "maintenance": 0.8,
        "preference": 0.6,
        "process": 0.6,
        "personal": 0.6,
        "project": 0.6,
        "casual": 0.3,
        "operational": 0.3,
    },
    "default_category": "casual",
    "modifiers": {"explicit_remember": 0.2, "action_required": 0.15, "untrusted_factor": 0.5},
    "recency": {"half_life_days": 30, "floor": {"standard": 0.25, "transient": 0.0}},
    "decay": {"standard_weekly": 0.95, "transient_weekly": 0.8},
    "reinforcement": {"factor": 1.1},
    "promotion": {
        "min_importance": 0.8,
        "min_references": 3,
        "untrusted_min_importance": 0.95,
        "untrusted_min_references": 5,
    },
    "purge": {"threshold": 0.1},
    "retrieval": {
        "mode": "auto",
        "min_facts": 10,
        "max_facts": 15,
        "token_budget": 1500,
        "max_chars": 9000,
        "llm_candidates": 150,
        "prompt_relevance_threshold": 0.35,
        "prompt_mode": "keyword",
        "prior_weight": 0.1,
        "cosine_weight": None,
        "min_relevance": 0.05,
        "context_spread": 0.3,
        "context_weight": 0.5,
        "session_weight": 0.3,
        "session_cosine_weight": None,
        "feedback_weight": 0.7,
        "feedback_docs": 5,
        "feedback_terms": 20,
    },
    "embeddings": {
        "backend": "auto",
        "threshold": 50,
        "openai_model": "text-embedding-3-small",
        "dimensions": None,
        "local_model": "wordllama-l2-supercat-256",
        "runtime": "auto",
    },
    "llm": {
        "base_url": None,
        "api_key_env": "OPENAI_API_KEY",
        "model": "gpt-4o-mini",
        "timeout_seconds": 60,
        "max_retries": 3,
    },
    "extraction": {
        "mode": "auto",
        "model": None,
        "chunk_chars": 24000,
        "chunk_overlap_chars": 2000,
        "max_facts_per_chunk": 40,
        "similar_facts_shown": 30,
        "sync_embeddings": True,
    },
    "skill_injection": False,
    "memory_dir": None,
    "manage": {
        "events_keep_days": 30,
        "contradiction_top_k": 3,
        "contradiction_min_similarity": 0.4,
        "contradiction_min_similarity_embeddings": 0.8,
        "contradiction_max_queries": 5000,
        "contradiction_max_pairs": 50,
        "llm_contradictions": True,
        "report_plot": True,
    },
}

CONFIG_NAME = "ratchet.config.json"


@dataclass
class Config:
    """The merged configuration, with the file it came from (None: defaults only)."""

    data: dict[str, Any] = field(default_factory=lambda: copy.deepcopy(DEFAULTS))
    path: Path | None = None

    def section(self, name: str) -> dict[str, Any]:
        value: dict[str, Any] = self.data[name]
        return value

    def __getitem__(self, name: str) -> Any:
        return self.data[name]

    @property
    def categories(self) -> dict[str, float]:
        cats: dict[str, float] = self.data["categories"]
        return cats

    def category_weight(self, category: str) -> float:
        return float(self.categories.get(category, self.categories.get(self.data["default_category"], 0.3)))

    def llm_base_url(self) -> str | None:
        """Base URL of the chat/embedding endpoint: ``RATCHET_LLM_BASE_URL`` / ``OPENAI_BASE_URL`` / config."""
        value = os.environ.get("RATCHET_LLM_BASE_URL") or os.environ.get("OPENAI_BASE_URL")
        return value or self.data["llm"]["base_url"]

    def llm_api_key(self) -> str | None:
        return os.environ.get(self.data["llm"]["api_key_env"]) or None

    def llm_model(self) -> str:
        model: str = os.environ.get("RATCHET_LLM_MODEL") or self.data["llm"]["model"]
        return model

    def llm_configured(self) -> bool:
        """True when an API key or a base URL is configured: the LLM paths are used, else offline fallbacks."""
        return bool(self.llm_api_key() or self.llm_base_url())


def _merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for key, value in override.items():
        if key == "categories":
            out[key] = dict(value)  # a category list replaces the defaults, it does not extend them
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def find_config_path(explicit: str | Path | None = None) -> Path | None:
    """The config file to use, or None for defaults only."""
    if explicit:
        return Path(explicit)
    env = os.environ.get("RATCHET_CONFIG")
    if env:
        return Path(env)
    local = Path.cwd() / CONFIG_NAME
    return local if local.is_file() else None


def load_config(explicit: str | Path | None = None) -> Config:
    """Load and validate the configuration (see module docstring for the resolution order)."""
    path = find_config_path(explicit)
    if path is None:
        return Config()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"Config file {path} not found") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(f"Config file {path} line {exc.lineno}: invalid JSON ({exc.msg})") from None
    except OSError as exc:
        raise ConfigError(f"Config file {path} cannot be read: {exc.strerror}") from None
    return config_from_dict(raw, path)


def config_from_dict(raw: Any, path: Path | None = None) -> Config:
    """Validate a config mapping and merge it over the defaults."""
    where = f"Config file {path}" if path else "Config"
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: the top level must be a JSON object")
    try:
        configcheck.validate(raw)  # the schema compiled ahead of time: microseconds, no jsonschema import on hooks
    except configcheck.JsonSchemaValueException as exc:
        problems = schema.errors("config", raw)  # jsonschema words it, naming the option
        raise ConfigError(f"{where}: {problems[0] if problems else exc.message.removeprefix('data.')}") from None
    data = _merge(DEFAULTS, raw)
    if data["default_category"] not in data["categories"]:
        raise ConfigError(f"{where}: default_category: '{data['default_category']}' is not one of the categories")
    retrieval = data["retrieval"]
    if retrieval["min_facts"] > retrieval["max_facts"]:
        raise ConfigError(f"{where}: retrieval.min_facts: must not exceed retrieval.max_facts")
    return Config(data=data, path=path)
