"""Propose, then approve: extracted facts that wait for the user's yes before they are memory.

With ``extraction.review`` at ``uncertain`` or ``all`` (default ``off``), an extracted fact the extractor is unsure
of (or every extracted fact) is stored as *pending*: in its quarter file like any fact (so a restatement is not
proposed twice and the audit log has it), marked in ``meta["review"]``, never shown by retrieval, the hooks or
MEMORY.md, never part of a contradiction, until ``ratchet review accept`` makes it memory or ``ratchet review
reject`` archives it. A pending fact older than ``extraction.review_days`` expires into the archive at the next
``memory-manage``. A fact that would replace others waits with that replacement undone: the facts it would
supersede stay in force until it is accepted.

Unsure means, for a fact the user did not explicitly ask to remember: it comes from content the user pasted or a
tool returned (untrusted), it would replace facts already stored (a correction changes what the agent believes), or
it touches a sensitive topic (:mod:`ratchet.core.sensitive`). Nothing here imports anything heavy.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ratchet.core import clock
from ratchet.core.facts import Candidate, Fact
from ratchet.core.sensitive import TAG as SENSITIVE

MODES = ("off", "uncertain", "all")
KEY = "review"
PENDING = "pending"


def reason_to_wait(mode: str, cand: Candidate, fact: Fact, replaces: list[str]) -> str | None:
    """Why ``fact`` (extracted from ``cand``, replacing ``replaces``) waits for the user under review ``mode``, or
    None when it is stored as memory at once."""
    if mode == "all":
        return "extraction.review is all"
    if mode != "uncertain" or cand.explicit_remember:
        return None
    if not cand.trusted:
        return "from pasted or tool content (untrusted)"
    if replaces:
        return f"replaces {len(replaces)} stored fact{'s' if len(replaces) > 1 else ''}"
    if SENSITIVE in fact.tags:
        return "a sensitive topic"
    return None


def hold(fact: Fact, why: str, replaces: list[str]) -> None:
    """Mark ``fact`` pending (since now), remembering the facts it would replace once accepted."""
    fact.meta[KEY] = {"state": PENDING, "since": clock.now_iso(), "why": why, "replaces": list(replaces)}


def pending(fact: Fact) -> bool:
    """Whether ``fact`` waits for review."""
    mark = fact.meta.get(KEY) if fact.meta else None
    return isinstance(mark, dict) and mark.get("state") == PENDING


def pending_record(record: dict[str, Any]) -> bool:
    """:func:`pending` of a stored record (a dict, as a reader parses it)."""
    meta = record.get("meta")
    mark = meta.get(KEY) if isinstance(meta, dict) else None
    return isinstance(mark, dict) and mark.get("state") == PENDING


def release(fact: Fact) -> list[str]:
    """Make ``fact`` memory: drop its pending mark; return the ids it was to replace."""
    mark = fact.meta.pop(KEY, None) or {}
    replaces = mark.get("replaces") if isinstance(mark, dict) else None
    return [str(i) for i in replaces] if isinstance(replaces, list) else []


def expired(fact: Fact, now: datetime, days: int) -> bool:
    """Whether pending ``fact`` has waited more than ``days`` days."""
    mark = fact.meta.get(KEY) if fact.meta else None
    since = mark.get("since") if isinstance(mark, dict) else None
    try:
        return (now - clock.parse(str(since or fact.created))).total_seconds() > days * 86400
    except (ValueError, OverflowError):
        return False
