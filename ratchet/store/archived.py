"""The ids ``archive.jsonl`` holds, remembered in ``state/archive-ids.json`` so that appending to the archive does
not mean parsing all of it.

Derived and rebuildable: the cache records the archive's size and mtime it was taken of, and a cache that does not
match the file is ignored (the archive is then parsed once and the cache written again). Every writer of the archive
holds the store lock and refreshes the cache after its write (:func:`note_appended`, :func:`forget`); a write killed
before that leaves a cache that no longer matches, which is the safe side.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ratchet.store.files import BadLine, atomic_write, dumps_line, read_jsonl
from ratchet.store.journal import Change
from ratchet.store.memdir import MemoryDir

CACHE_NAME = "archive-ids.json"
VERSION = 1


def _cache(memdir: MemoryDir) -> Path:
    return memdir.state_dir / CACHE_NAME


def _signature(path: Path) -> list[int] | None:
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return [st.st_size, st.st_mtime_ns]


def ids(memdir: MemoryDir, *, remember: bool = False) -> set[str | None]:
    """``{record["fact"].get("id")}`` over the archive's readable records (as ``Store.archived`` reads them).
    ``remember`` (the caller holds the store lock): write the cache when the archive had to be parsed."""
    signature = _signature(memdir.archive)
    if signature is None:
        return set()
    try:
        doc = json.loads(_cache(memdir).read_bytes())
        if doc.get("version") == VERSION and doc.get("archive") == signature and isinstance(doc.get("ids"), list):
            return set(doc["ids"])
    except (OSError, ValueError, AttributeError):
        pass
    held = parse(memdir.archive)
    if remember and _signature(memdir.archive) == signature:  # a hand edit meanwhile: not cached
        _save(memdir, signature, held)
    return held


def parse(path: Path) -> set[str | None]:
    """The fact ids of every readable archive record, reading the whole file."""
    return {
        obj["fact"].get("id")
        for _, obj in read_jsonl(path)
        if not isinstance(obj, BadLine) and isinstance(obj.get("fact"), dict)
    }


@dataclass
class Archiving:
    """What a write appends to the archive: the ids it held before, and those of the records appended."""

    held: set[str | None] = field(default_factory=set)
    added: list[str | None] = field(default_factory=list)


def plan(memdir: MemoryDir, change: Change, records: Iterable[dict[str, Any] | tuple[str, str]]) -> Archiving:
    """Plan the archive records of a write into ``change`` (a record, or ``(fact id, line)`` serialised already),
    leaving out those of facts the archive holds already (the caller holds the store lock): a fact live in its quarter
    file yet archived was left so by a run killed before journals existed, or was imported again, and archiving it
    again would double it for good."""
    lines = [r if isinstance(r, tuple) else (r["fact"].get("id"), dumps_line(r)) for r in records]
    if not lines:
        return Archiving()
    out = Archiving(held=ids(memdir, remember=True))
    lines = [(fact_id, line) for fact_id, line in lines if fact_id not in out.held]
    out.added = [fact_id for fact_id, _ in lines]
    change.keep_lines(memdir.archive, (line for _, line in lines))
    return out


def note_appended(memdir: MemoryDir, archiving: Archiving) -> None:
    """After the write :func:`plan` planned (under the same lock hold): remember the ids of the archive as it is."""
    signature = _signature(memdir.archive)
    if archiving.added and signature is not None:
        _save(memdir, signature, archiving.held | set(archiving.added))


def forget(memdir: MemoryDir) -> None:
    """Drop the cache (before a rewrite of the archive that is not an append)."""
    with contextlib.suppress(FileNotFoundError):
        _cache(memdir).unlink()


def _save(memdir: MemoryDir, signature: list[int], held: set[str | None]) -> None:
    doc = {"version": VERSION, "archive": signature, "ids": sorted(held, key=lambda i: (i is None, i or ""))}
    with contextlib.suppress(OSError):  # derived: rebuilt by the next reader when it cannot be written
        atomic_write(_cache(memdir), json.dumps(doc, separators=(",", ":")))
