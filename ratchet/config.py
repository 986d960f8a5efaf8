"""``ratchet.config.json``: load, merge over the spec's defaults, validate; and who may set what.

A bad config raises :class:`ConfigError` with one line naming the file, the key and the problem.

Resolution: ``--config`` or ``RATCHET_CONFIG`` names the one file to use (the user chose it: trusted). Otherwise the
user's own config (``$XDG_CONFIG_HOME/ratchet/config.json``, default ``~/.config/ratchet/config.json``; trusted) and
then ``./ratchet.config.json`` of the working directory are merged over the defaults.

The trust boundary: the working directory is usually a repository someone else wrote, and agents run the hooks in
it. A config found there may tune how facts are scored, kept and shown (:data:`PROJECT_SAFE`), but not where data
is sent, which credential is read, which paid model runs, whether transcripts go to an LLM or where memory lives:
those keys are ignored (and reported by ``ratchet doctor`` and ``ratchet config show``) unless the user has allowed
that file's exact content with ``ratchet config allow PATH`` (kept as a SHA-256 in the user's config directory, as
direnv and git's ``safe.directory`` do; any edit withdraws the allowance). ``ratchet init`` allows the file it writes.
"""

from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
        "relative_cutoff": 0.4,
        "context_spread": 0.3,
        "context_weight": 0.5,
        "reply_weight": 0.5,
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
        "backend": "openai",
        "daily_token_cap": 200000,
    },
    "extraction": {
        "mode": "auto",
        "model": None,
        "chunk_chars": 24000,
        "chunk_overlap_chars": 2000,
        "max_facts_per_chunk": 40,
        "similar_facts_shown": 30,
        "sync_embeddings": True,
        "review": "off",
        "review_days": 30,
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
    sources: dict[str, str] = field(default_factory=dict)  # "llm.model" -> the file that set it (else: default)
    ignored: list[str] = field(default_factory=list)  # protected keys a repository's config tried to set

    def source(self, key: str) -> str:
        """Where the value of ``key`` (``llm.base_url``) came from: a file, ``default``, or an environment variable."""
        env = {"llm.base_url": ("RATCHET_LLM_BASE_URL", "OPENAI_BASE_URL"), "llm.model": ("RATCHET_LLM_MODEL",)}
        for name in env.get(key, ()):
            if os.environ.get(name):
                return f"${name}"
        return self.sources.get(key, "default")

    def flat(self) -> dict[str, Any]:
        """Every setting as ``section.key -> value`` (categories as one value)."""
        out: dict[str, Any] = {}
        for key in _leaf_keys(self.data):
            value: Any = self.data
            for part in key.split("."):
                value = value[part]
            out[key] = value
        return out

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


# What a repository's config may set without the user's allowance: how facts are scored, kept and shown. True: the
# whole section; a set: those keys of it. Every other key (llm.*, embeddings backends and models, extraction and
# retrieval modes that call an LLM, memory_dir) is the user's alone.
PROJECT_SAFE: dict[str, Any] = {
    "categories": True,
    "default_category": True,
    "modifiers": True,
    "recency": True,
    "decay": True,
    "reinforcement": True,
    "promotion": True,
    "purge": True,
    "skill_injection": True,
    "retrieval": set(DEFAULTS["retrieval"]) - {"mode", "prompt_mode", "llm_candidates"},
    "extraction": {"chunk_chars", "chunk_overlap_chars", "max_facts_per_chunk", "similar_facts_shown"},
    "embeddings": {"threshold"},
    "manage": set(DEFAULTS["manage"]) - {"llm_contradictions"},
}
ALLOWED_NAME = "allowed-configs.json"


def user_config_dir() -> Path:
    """``$XDG_CONFIG_HOME/ratchet`` (default ``~/.config/ratchet``): the user's own settings and allowances."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "ratchet"


def user_config_path() -> Path:
    return user_config_dir() / "config.json"


def find_config_path(explicit: str | Path | None = None) -> Path | None:
    """The file the user named (``--config``, ``RATCHET_CONFIG``), else the working directory's config, or None."""
    if explicit:
        return Path(explicit)
    env = os.environ.get("RATCHET_CONFIG")
    if env:
        return Path(env)
    local = Path.cwd() / CONFIG_NAME
    return local if local.is_file() else None


def load_config(explicit: str | Path | None = None) -> Config:
    """Load and validate the configuration (see the module docstring for the resolution and the trust boundary)."""
    named = explicit or os.environ.get("RATCHET_CONFIG")
    if named:
        path = Path(named)
        return config_from_dict(_read(path), path, sources={"": str(path)})
    layers: list[tuple[Path, dict[str, Any], bool]] = []
    user = user_config_path()
    if user.is_file():
        layers.append((user, _read(user), True))
    local = Path.cwd() / CONFIG_NAME
    if local.is_file():
        raw_bytes = read_bytes(local)
        layers.append((local, parse(local, raw_bytes), is_allowed(local, raw_bytes)))
    if not layers:
        return Config()
    merged: dict[str, Any] = {}
    sources: dict[str, str] = {}
    ignored: list[str] = []
    for path, raw, trusted in layers:
        validate(raw, f"Config file {path}")
        kept = raw if trusted else _safe_part(raw, _merge(DEFAULTS, merged), str(path), ignored)
        merged = _merge(merged, kept) if merged else copy.deepcopy(kept)
        for key in _leaf_keys(kept):
            sources[key] = str(path)
    project = local if local.is_file() else None
    config = config_from_dict(merged, project or user, sources=sources)
    config.ignored = ignored
    return config


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise ConfigError(f"Config file {path} not found") from None
    except OSError as exc:
        raise ConfigError(f"Config file {path} cannot be read: {exc.strerror}") from None


def parse(path: Path, data: bytes) -> Any:
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ConfigError(f"Config file {path}: not UTF-8 (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(f"Config file {path} line {exc.lineno}: invalid JSON ({exc.msg})") from None
    except RecursionError:
        raise ConfigError(f"Config file {path}: nested too deeply") from None


def _read(path: Path) -> Any:
    return parse(path, read_bytes(path))


def validate(raw: Any, where: str) -> None:
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: the top level must be a JSON object")
    # The schema compiled ahead of time: no jsonschema import on hooks, and imported only when a config file exists.
    from ratchet.core import configcheck

    try:
        configcheck.validate(raw)
    except configcheck.JsonSchemaValueException as exc:
        from ratchet.core import schema

        problems = schema.errors("config", raw)  # jsonschema words it, naming the option
        raise ConfigError(f"{where}: {problems[0] if problems else exc.message.removeprefix('data.')}") from None


def _safe_part(raw: dict[str, Any], effective: dict[str, Any], where: str, ignored: list[str]) -> dict[str, Any]:
    """The keys of an untrusted ``raw`` config it may set; a protected key that would change the effective value is
    noted in ``ignored`` (one that repeats what is in effect, as ``ratchet init``'s copy of the defaults does, is
    dropped quietly)."""
    kept: dict[str, Any] = {}
    for key, value in raw.items():
        rule = PROJECT_SAFE.get(key)
        if rule is True:
            kept[key] = value
        elif isinstance(rule, set) and isinstance(value, dict):
            kept[key] = {k: v for k, v in value.items() if k in rule}
            for k, v in value.items():
                if k not in rule and effective.get(key, {}).get(k) != v:
                    ignored.append(f"{key}.{k} from {where}")
        elif effective.get(key) != value:
            if isinstance(value, dict):
                ignored.extend(f"{key}.{k} from {where}" for k, v in value.items() if effective[key].get(k) != v)
            else:
                ignored.append(f"{key} from {where}")
    return kept


def _leaf_keys(raw: dict[str, Any], prefix: str = "") -> list[str]:
    out = []
    for key, value in raw.items():
        if isinstance(value, dict) and key != "categories":
            out.extend(_leaf_keys(value, f"{prefix}{key}."))
        else:
            out.append(f"{prefix}{key}")
    return out


def allowed_path() -> Path:
    """Where the user's allowances live: ``{absolute path: sha256 of the allowed content}``."""
    return user_config_dir() / ALLOWED_NAME


def digest(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def is_allowed(path: Path, data: bytes) -> bool:
    """True when the user allowed this file with exactly this content."""
    try:
        allowed = json.loads(allowed_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(allowed, dict) and allowed.get(str(path.absolute())) == digest(data)


def config_from_dict(raw: Any, path: Path | None = None, *, sources: dict[str, str] | None = None) -> Config:
    """Validate a config mapping and merge it over the defaults (``sources``: where each key came from)."""
    where = f"Config file {path}" if path else "Config"
    validate(raw, where)
    data = _merge(DEFAULTS, raw)
    if data["default_category"] not in data["categories"]:
        raise ConfigError(f"{where}: default_category: '{data['default_category']}' is not one of the categories")
    retrieval = data["retrieval"]
    if retrieval["min_facts"] > retrieval["max_facts"]:
        raise ConfigError(f"{where}: retrieval.min_facts: must not exceed retrieval.max_facts")
    origin = dict(sources or {})
    if "" in origin:  # one named file: every key it sets is from it
        named = origin.pop("")
        origin.update(dict.fromkeys(_leaf_keys(raw), named))
    return Config(data=data, path=path, sources=origin)
