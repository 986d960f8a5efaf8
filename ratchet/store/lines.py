"""A quarter file's lines as facts: the one place a stored line becomes a :class:`Fact` (validated against the
schema) or a bad line with its reason, and the digest derived caches keep of a line."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Set
from functools import lru_cache
from pathlib import Path
from typing import Any

from ratchet.core.facts import Fact
from ratchet.errors import InvalidFactError
from ratchet.store.files import BadLine, scan_jsonl


def parse_file(
    path: Path, *, data: bytes | None = None, start: int = 0, valid: Set[int] | frozenset[int] = frozenset()
) -> Iterator[tuple[int, int, bytes, Fact | BadLine]]:
    """``(lineno, offset, raw line, fact or BadLine)`` for each non-blank line of a quarter file (from ``start``): the
    one place a stored line becomes a :class:`Fact` (validated) or a bad line with its reason. A line whose digest
    is in ``valid`` (lines the schema already accepted, :func:`valid_lines`) is not validated again."""
    for lineno, offset, raw, obj in scan_jsonl(path, data=data, start=start):
        if isinstance(obj, BadLine):
            yield lineno, offset, raw, obj
            continue
        if valid and line_digest(raw) in valid:
            yield lineno, offset, raw, accepted(obj)
            continue
        try:
            fact = Fact.from_dict(obj)
        except InvalidFactError as exc:  # the line as it was, byte for byte, not re-serialised
            yield lineno, offset, raw, BadLine(path, lineno, raw.decode("utf-8", "surrogateescape"), str(exc))
            continue
        yield lineno, offset, raw, fact


def accepted(record: dict[str, Any]) -> Fact:
    """:meth:`Fact.from_dict` of a record the schema accepted before (the same bytes): without checking it again."""
    fact = Fact(**record)
    if type(fact.importance) is not float:
        fact.importance = float(fact.importance)
    if type(fact.reference_count) is not int:
        fact.reference_count = int(fact.reference_count)
    return fact


@lru_cache(maxsize=1)
def schema_digest() -> str:
    """A digest of the fact schema: lines it accepted are accepted again only while it is the same."""
    from importlib import resources

    text = resources.files("ratchet").joinpath("schema", "fact.schema.json").read_bytes()
    return hashlib.blake2b(text, digest_size=8).hexdigest()


def line_digest(raw: bytes) -> int:
    """The digest a derived cache keeps of a fact's line (unchanged line, unchanged row)."""
    return int.from_bytes(hashlib.blake2b(raw, digest_size=8).digest(), "little")
