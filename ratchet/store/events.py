"""``events.jsonl``: what happened to facts outside the store, for memory-manage and per-prompt recall.

Two kinds of event:
- ``reference``: the user confirmed or relied on a fact (from extraction, or ``ratchet confirm ID``).
  memory-manage turns these into reinforcement; nothing else does.
- ``injection``: retrieval showed facts to an agent in a session. Never a reference; kept so per-prompt recall
  does not repeat facts already injected in the session, and for later analysis.

Each line: ``{"time", "type", "fact_ids": [...], "session", "source", ...}``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ratchet.core import clock
from ratchet.store.files import BadLine, append_lines, dumps_line, read_jsonl
from ratchet.store.memdir import MemoryDir

REFERENCE = "reference"
INJECTION = "injection"


def record(
    memdir: MemoryDir,
    kind: str,
    fact_ids: Iterable[str],
    *,
    session: str | None = None,
    source: str = "",
    **extra: Any,
) -> dict[str, Any] | None:
    """Append one event (a single whole-line append; safe without the store lock)."""
    ids = list(dict.fromkeys(fact_ids))
    if not ids:
        return None
    event: dict[str, Any] = {
        "time": clock.now_iso(),
        "type": kind,
        "fact_ids": ids,
        "session": session,
        "source": source,
    }
    event.update({k: v for k, v in extra.items() if v is not None})
    memdir.ensure()
    append_lines(memdir.events, [dumps_line(event)])
    return event


def read(memdir: MemoryDir, kind: str | None = None, session: str | None = None) -> Iterator[dict[str, Any]]:
    """Events, oldest first, optionally of one kind and one session."""
    for _, obj in read_jsonl(memdir.events):
        if isinstance(obj, BadLine):
            continue
        if kind and obj.get("type") != kind:
            continue
        if session is not None and obj.get("session") != session:
            continue
        yield obj


def injected_ids(memdir: MemoryDir, session: str) -> set[str]:
    """Ids already injected into ``session``."""
    out: set[str] = set()
    for event in read(memdir, INJECTION, session):
        out.update(event.get("fact_ids") or [])
    return out
