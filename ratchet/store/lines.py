"""A quarter file's lines as facts: the one place a stored line becomes a :class:`Fact` (validated against the
schema) or a bad line with its reason, and the digest derived caches keep of a line."""

from __future__ import annotations

import contextlib
import json
import zipfile
from collections.abc import Iterable, Iterator, Set
from functools import lru_cache
from pathlib import Path
from typing import Any

from ratchet.core.facts import Fact
from ratchet.errors import InvalidFactError
from ratchet.store.files import BadLine, atomic_write, scan_jsonl
from ratchet.store.memdir import MemoryDir


def parse_file(
    path: Path, *, data: bytes | None = None, start: int = 0, valid: Set[int] | frozenset[int] = frozenset()
) -> Iterator[tuple[int, int, bytes, Fact | BadLine]]:
    """``(lineno, offset, raw line, fact or BadLine)`` for each non-blank line of a quarter file (from ``start``): the
    one place a stored line becomes a :class:`Fact` (validated) or a bad line with its reason. A line whose digest
    is in ``valid`` (lines the schema already accepted, :func:`valid_lines`) is not validated again."""
    if valid:
        if data is None:
            try:
                data = Path(path).read_bytes()
            except FileNotFoundError:
                return
        known = _known(data, start, valid)
        if known is not None:
            yield from known
            return
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


def _known(data: bytes, start: int, valid: Set[int] | frozenset[int]) -> list[tuple[int, int, bytes, Fact]] | None:
    """The facts of ``data`` (from ``start``) when every line is one the schema accepted before, parsed as one JSON
    array (a third of the cost of a parse per line); None when a line is not, or the array does not parse as the
    lines would one by one (then the caller takes the line-by-line path, which says why)."""
    lines: list[tuple[int, int, bytes]] = []
    lineno = data.count(b"\n", 0, start) if start else 0
    offset = start
    for raw in data[start:].split(b"\n") if start else data.split(b"\n"):
        lineno += 1
        if raw.strip():
            if line_digest(raw) not in valid:
                return None
            lines.append((lineno, offset, raw))
        offset += len(raw) + 1
    try:
        records = json.loads(b"[" + b",".join(raw for _, _, raw in lines) + b"]")
    except ValueError:
        return None
    if len(records) != len(lines) or not all(type(r) is dict for r in records):
        return None
    return [(n, at, raw, accepted(record)) for (n, at, raw), record in zip(lines, records, strict=True)]


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
    import hashlib  # lazy: not on a hook's read path

    return hashlib.blake2b(text, digest_size=8).hexdigest()


def line_digest(raw: bytes) -> int:
    """The digest a derived cache keeps of a fact's line (unchanged line, unchanged row)."""
    import hashlib  # lazy: not on a hook's read path

    return int.from_bytes(hashlib.blake2b(raw, digest_size=8).digest(), "little")


WRITTEN_NAME = "written-lines.npz"
WRITTEN_FROM = 1000  # facts in the store from which a rewrite keeps its lines' digests


def remember_written(memdir: MemoryDir, data: Iterable[bytes], facts: int) -> None:
    """Keep the digests of the lines of quarter files a rewrite just wrote from valid facts (``data``: the files'
    bytes; ``facts``: how many the store holds, below :data:`WRITTEN_FROM` nothing is kept), so that the next
    whole-store read (the next memory-manage) does not validate them again before the fact table has caught up with
    the rewrite. A digest names its line's exact bytes, so a line changed since simply does not match; only a schema
    change retires them (the schema digest is kept beside them)."""
    if facts < WRITTEN_FROM:
        return
    import numpy as np

    digests = np.fromiter(
        (line_digest(raw) for chunk in data for raw in chunk.split(b"\n") if raw.strip()), dtype=np.uint64
    )
    schema = np.frombuffer(schema_digest().encode("ascii"), dtype=np.uint8)
    memdir.ensure()
    with contextlib.suppress(OSError):  # derived: without it the next read validates every line, as it did before
        atomic_write(memdir.state_dir / WRITTEN_NAME, lambda fh: np.savez(fh, digests=digests, schema=schema))


def written(memdir: MemoryDir) -> frozenset[int]:
    """The digests :func:`remember_written` kept, when they were taken under the current schema (else none)."""
    import numpy as np

    try:
        with np.load(memdir.state_dir / WRITTEN_NAME, allow_pickle=False) as data:
            if bytes(data["schema"]).decode("ascii") != schema_digest():
                return frozenset()
            return frozenset(data["digests"].tolist())
    except (OSError, ValueError, KeyError, EOFError, TypeError, zipfile.BadZipFile):
        return frozenset()
