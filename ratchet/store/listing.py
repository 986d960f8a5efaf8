"""Listing the store for people: the facts matching filters (``ratchet list``) and the totals (``ratchet stats``).

Reads only, through :class:`ratchet.store.store.Store`; kept apart from the store so the hooks, which never list,
do not load it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ratchet.core.facts import Fact
from ratchet.core.scope import resolve_scope
from ratchet.store.store import Store


def select(
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
    """Facts matching every given filter, newest first.

    A category or tag filter is answered from ``facts-index.json`` first (rebuilt when stale): only the quarter files
    that hold a match are read, so listing one tag of a large store reads a fraction of it.
    """
    wanted_scope = resolve_scope(scope) if scope else None
    wanted_tags = {t.lower() for t in tags or []}
    if category or wanted_tags:
        doc = store.index()
        ids = set(doc["categories"].get(category, [])) if category else None
        if wanted_tags:
            tagged = {i for tag in wanted_tags for i in doc["tags"].get(tag, [])}
            ids = tagged if ids is None else ids & tagged
        files = sorted({doc["facts"][i][0] for i in ids or ()})
        facts = store.read_files([store.memdir.root / name for name in files]).facts
        if not include_superseded:
            facts = [f for f in facts if f.active]
    else:
        facts = store.facts(include_superseded=include_superseded)
    out = []
    for fact in facts:
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


def stats(store: Store) -> dict[str, Any]:
    """Totals and counts by category, tier, trust and scope; file sizes."""
    facts = store.facts()
    active = [f for f in facts if f.active]
    files = {p.name: p.stat().st_size for p in store.memdir.fact_files()}
    return {
        "memory_dir": str(store.memdir.root),
        "facts": len(facts),
        "active": len(active),
        "superseded": len(facts) - len(active),
        "promoted": sum(1 for f in facts if f.promoted),
        "archived": len(store.archived()),
        "by_category": dict(Counter(f.category for f in active).most_common()),
        "by_tier": dict(Counter(f.tier for f in active).most_common()),
        "by_trust": dict(Counter(f.source_trust for f in active).most_common()),
        "by_scope": dict(Counter(f.scope for f in active).most_common()),
        "files": files,
    }
