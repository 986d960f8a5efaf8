"""Counts over a store, for ``ratchet stats`` and the weekly report."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ratchet.store.store import Store


def store_stats(store: Store) -> dict[str, Any]:
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
