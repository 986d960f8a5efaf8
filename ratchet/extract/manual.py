"""What a person does by hand: add a fact, filter facts for listing."""

from __future__ import annotations

from pathlib import Path

from ratchet.config import Config
from ratchet.core import scope as scopes
from ratchet.core.facts import Fact, new_fact
from ratchet.core.scoring import base_importance
from ratchet.errors import UsageError
from ratchet.store.store import Store


def resolve_scope(value: str, cwd: Path | None = None) -> str:
    """``global``, ``repo`` (the repository of ``cwd``) or an explicit ``repo:<id>``."""
    if value == "global" or value.startswith("repo:") and len(value) > 5:
        return value
    if value == "repo":
        found = scopes.scope_for(cwd or Path.cwd())
        if found == scopes.GLOBAL:
            raise UsageError("--scope repo: the current directory is not inside a git repository")
        return found
    raise UsageError(f"--scope: '{value}' is not 'global', 'repo' or 'repo:<id>'")


def add_fact(
    store: Store,
    config: Config,
    text: str,
    *,
    category: str | None = None,
    tags: list[str] | None = None,
    importance: float | None = None,
    tier: str = "standard",
    scope: str = "global",
    action_required: bool = False,
) -> Fact:
    """Store a fact a person asked to remember (explicit: +0.2)."""
    text = text.strip()
    if not text:
        raise UsageError("TEXT: must not be empty")
    category = category or config["default_category"]
    if category not in config.categories:
        known = ", ".join(sorted(config.categories))
        raise UsageError(f"--category: '{category}' is not a configured category ({known})")
    value = importance
    if value is None:
        value = base_importance(config, category, explicit_remember=True, action_required=action_required)
    fact = new_fact(
        text,
        category=category,
        importance=value,
        tier=tier,  # type: ignore[arg-type]
        tags=tags,
        scope=resolve_scope(scope),
        evidence=text[:600],
        provenance="manual",
    )
    store.add([fact], actor="ratchet add")
    return fact


def filter_facts(
    store: Store,
    *,
    category: str | None = None,
    tags: list[str] | None = None,
    tier: str | None = None,
    scope: str | None = None,
    trust: str | None = None,
    prompt_version: str | None = None,
    last: int | None = None,
    include_superseded: bool = False,
) -> list[Fact]:
    """Facts matching every given filter, newest first."""
    wanted_scope = resolve_scope(scope) if scope else None
    wanted_tags = {t.lower() for t in tags or []}
    out = []
    for fact in store.facts(include_superseded=include_superseded):
        if category and fact.category != category:
            continue
        if wanted_tags and not wanted_tags.intersection(fact.tags):
            continue
        if tier and fact.tier != tier:
            continue
        if wanted_scope and fact.scope != wanted_scope:
            continue
        if trust and fact.source_trust != trust:
            continue
        if prompt_version and fact.prompt_version != prompt_version:
            continue
        out.append(fact)
    out.sort(key=lambda f: f.created, reverse=True)
    return out[:last] if last else out
