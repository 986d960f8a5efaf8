"""``facts-index.json``: tag and category -> ids, and where each id lives.

Derived and rebuildable. It records the size and mtime of every quarter file it was built from; when those
no longer match the files on disk the index is stale and is rebuilt automatically.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ratchet.core.facts import Fact
from ratchet.store.files import atomic_write, read_json
from ratchet.store.memdir import MemoryDir

VERSION = 1


def signature(memdir: MemoryDir) -> dict[str, list[int]]:
    """``{file name: [size, mtime_ns]}`` of every quarter file: what derived data is checked against."""
    out: dict[str, list[int]] = {}
    for path in memdir.fact_files():
        try:
            st = path.stat()
        except FileNotFoundError:
            continue
        out[path.name] = [st.st_size, st.st_mtime_ns]
    return out


def entry(fact: Fact, file_name: str) -> list[Any]:
    return [file_name, fact.category, fact.scope, fact.active, fact.tags]


def build(memdir: MemoryDir, entries: dict[str, list[Any]]) -> dict[str, Any]:
    """The index document for ``entries`` (``id -> [file, category, scope, active, tags]``)."""
    tags: dict[str, list[str]] = {}
    categories: dict[str, list[str]] = {}
    for fact_id, (_file, category, _scope, _active, fact_tags) in entries.items():
        categories.setdefault(category, []).append(fact_id)
        for tag in fact_tags:
            tags.setdefault(tag, []).append(fact_id)
    return {
        "version": VERSION,
        "files": signature(memdir),
        "facts": entries,
        "tags": dict(sorted(tags.items())),
        "categories": dict(sorted(categories.items())),
    }


def load(memdir: MemoryDir) -> dict[str, Any] | None:
    """The index if it exists, is readable and is fresh; None otherwise."""
    try:
        doc = read_json(memdir.index)
    except (ValueError, OSError):
        return None
    if not isinstance(doc, dict) or doc.get("version") != VERSION:
        return None
    if doc.get("files") != signature(memdir):
        return None
    return doc


def write(memdir: MemoryDir, entries: dict[str, list[Any]]) -> dict[str, Any]:
    doc = build(memdir, entries)
    import json

    atomic_write(memdir.index, json.dumps(doc, separators=(",", ":")))
    return doc


def rebuild(memdir: MemoryDir, facts_by_file: Iterable[tuple[Path, Fact]]) -> dict[str, Any]:
    """Write a fresh index from every (file, fact) pair."""
    return write(memdir, {fact.id: entry(fact, path.name) for path, fact in facts_by_file})
