"""Items of an extraction reply as the LLM sends them, for tests that script the loopback server."""

from __future__ import annotations

from typing import Any


def reply_fact(content: str, evidence: str, **over: Any) -> dict[str, Any]:
    """One fact of the extraction reply schema, said by the user; ``over`` replaces any field."""
    item: dict[str, Any] = {
        "content": content,
        "category": "project",
        "tags": [],
        "tier": "standard",
        "explicit_remember": False,
        "action_required": False,
        "source": "user",
        "about": "project",
        "evidence": evidence,
        "supersedes": [],
    }
    item.update(over)
    return item
