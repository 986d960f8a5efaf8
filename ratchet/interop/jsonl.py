"""Ratchet's own JSONL: one fact record per line, to merge stores or move facts between machines.

Import reads a ``.jsonl`` file, or every ``facts-YYYY-Q#.jsonl`` of another memory directory. Records keep their
id and every field; ids already present are skipped, and the original ``provenance`` moves to
``meta.source_provenance``. A line that is not a valid fact is a malformed item (path:line and the reason).
Export writes the selected facts one per line, the same records the store holds.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ratchet.core.facts import Fact
from ratchet.errors import InvalidFactError, NotFoundError
from ratchet.interop.common import Item, Parsed, Problem
from ratchet.store.files import BadLine, dumps_line, read_jsonl
from ratchet.store.memdir import MemoryDir


def sources(path: Path) -> list[Path]:
    """The JSONL files to read: ``path`` itself, or the quarter files of a memory directory."""
    if path.is_dir():
        found = MemoryDir(path).fact_files()
        if not found:
            raise NotFoundError(f"No facts-YYYY-Q#.jsonl files in {path}")
        return found
    if not path.is_file():
        raise NotFoundError(f"File {path} not found")
    return [path]


def parse_file(path: Path) -> Parsed:
    """Fact records of a JSONL file or memory directory."""
    parsed = Parsed()
    seen: dict[str, str] = {}
    for source in sources(path):
        for lineno, obj in read_jsonl(source):
            where = f"{source.name}:{lineno}"
            if isinstance(obj, BadLine):
                parsed.problems.append(Problem(where, obj.reason))
                continue
            label = str(obj.get("id")) if isinstance(obj.get("id"), str) else None
            try:
                fact = Fact.from_dict(obj)
            except InvalidFactError as exc:
                parsed.problems.append(Problem(where, str(exc).removeprefix("Invalid fact: "), label))
                continue
            if fact.id in seen:
                parsed.problems.append(Problem(where, f"duplicate id (first at {seen[fact.id]})", fact.id))
                continue
            seen[fact.id] = where
            parsed.items.append(
                Item(where=where, content=fact.content, source_type="jsonl", source_id=fact.id, fact=fact)
            )
    return parsed


def render(facts: Iterable[Fact]) -> str:
    """One stored record per line."""
    return "".join(dumps_line(f.to_dict()) + "\n" for f in facts)
