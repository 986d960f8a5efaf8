"""The append-only audit trail ``memory-log.jsonl``: every change with its fact, before/after, actor and time."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ratchet.core import clock
from ratchet.store.files import BadLine, append_lines, dumps_line, read_jsonl
from ratchet.store.memdir import MemoryDir

ACTIONS = (
    "add",
    "update",
    "supersede",
    "promote",
    "demote",
    "purge",
    "restore",
    "forget",
    "decay",
    "reinforce",
    "reject",
    "quarantine",
    "import",
    "review",
    "llm_usage",
)


def event(
    action: str,
    actor: str,
    fact_id: str | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    *,
    time: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """One audit record (``time``: the run's one timestamp, by default now)."""
    record: dict[str, Any] = {"time": time or clock.now_iso(), "action": action, "actor": actor}
    if fact_id is not None:
        record["fact_id"] = fact_id
    if before is not None:
        record["before"] = before
    if after is not None:
        record["after"] = after
    record.update({k: v for k, v in extra.items() if v is not None})
    return record


def diff(before: dict[str, Any], after: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The fields that differ, as (old values, new values)."""
    keys = [k for k in dict.fromkeys([*before, *after]) if before.get(k) != after.get(k)]
    return {k: before.get(k) for k in keys}, {k: after.get(k) for k in keys}


def append(memdir: MemoryDir, records: Iterable[dict[str, Any]]) -> None:
    """Append audit records (the caller holds the store lock)."""
    append_lines(memdir.audit_log, (dumps_line(r) for r in records))


def read(memdir: MemoryDir) -> Iterator[dict[str, Any]]:
    """Every readable audit record, oldest first."""
    for _, obj in read_jsonl(memdir.audit_log):
        if not isinstance(obj, BadLine):
            yield obj
