"""What a person does by hand: add a fact (``ratchet add``, and the MCP tool that does the same)."""

from __future__ import annotations

from ratchet.config import Config
from ratchet.core import sensitive
from ratchet.core.facts import Fact, new_fact
from ratchet.core.scope import resolve_scope
from ratchet.core.scoring import base_importance
from ratchet.errors import UsageError
from ratchet.store.store import Store


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
    actor: str = "ratchet add",
) -> Fact:
    """Store a fact a person asked to remember (explicit: +0.2), logged under ``actor``."""
    text = text.strip()
    if not text:
        raise UsageError("TEXT: must not be empty")
    if category is None:  # what extraction would file it under: a topic it names, the kind of statement it is
        from ratchet.extract.offline import category_of

        category = category_of(text, config.categories, config["default_category"])
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
        tags=sensitive.mark(list(tags or []), text),
        scope=resolve_scope(scope),
        evidence=text[:600],
        provenance="manual",
    )
    store.add([fact], actor=actor)
    return fact
