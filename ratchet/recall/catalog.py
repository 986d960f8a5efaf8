"""The retrieval cache: what retrieval needs of every active fact, as numpy arrays, in ``state/retrieval.npz``.

Parsing 100k facts of JSONL takes about a second, so retrieval never does: this cache holds per active fact its
id, importance, tier, last-reference time, scope, category, token and character costs of both renderings, and the
byte offset of its line in its quarter file, plus the BM25 index. Only the facts finally shown are read back from
the quarter files. The cache carries the store signature (size and mtime of every quarter file) and is rebuilt
whenever that no longer matches. Superseded facts are not in it at all.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ratchet.core import clock, temporal
from ratchet.core.facts import Fact
from ratchet.core.scoring import TIERS
from ratchet.core.sensitive import TAG as SENSITIVE
from ratchet.core.text import tokenize
from ratchet.errors import InvalidFactError
from ratchet.recall import bm25, render, tokens
from ratchet.store.files import BadLine, atomic_write, scan_jsonl
from ratchet.store.memdir import MemoryDir

if TYPE_CHECKING:
    import numpy as np

    from ratchet.store.store import Store

VERSION = 5  # 3: BM25 k1 0.9 / b 0.5 impacts, per-row session codes; 4: the sensitive mark per row; 5: time mark
CACHE_NAME = "retrieval.npz"
EPOCH_DAY = 86400.0
# Neighbours kept per fact: the facts up to this many places before and after it from the same source session.
NEIGHBOURS = 2
_MONTHS = "january february march april may june july august september october november december".split()  # noqa: SIM905


@dataclass
class Catalog:
    """Arrays aligned by row (one row per active fact) and the lookup tables they index."""

    ids: np.ndarray  # S bytes
    importance: np.ndarray  # float32
    tier: np.ndarray  # uint8 index into TIERS
    last_referenced: np.ndarray  # float64 unix seconds
    scope: np.ndarray  # int32 index into scopes
    category: np.ndarray  # int32 index into categories
    file: np.ndarray  # int16 index into files
    offset: np.ndarray  # int64 byte offset of the fact's line
    length: np.ndarray  # int32 byte length of the line
    full_tokens: np.ndarray
    index_tokens: np.ndarray
    full_chars: np.ndarray
    index_chars: np.ndarray
    index: bm25.Index
    meta: dict[str, Any]
    meta_arrays: dict[str, Any] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.ids)

    @property
    def scopes(self) -> list[str]:
        return list(self.meta["scopes"])

    @property
    def categories(self) -> list[str]:
        return list(self.meta["categories"])

    def id_of(self, row: int) -> str:
        return bytes(self.ids[row]).decode("utf-8")

    def row_of(self, fact_id: str) -> int | None:
        """Row of a full id or unambiguous prefix, or None."""
        import numpy as np

        key = fact_id.encode("utf-8")
        hits = np.flatnonzero(np.char.startswith(self.ids, key))
        exact = [int(h) for h in hits if bytes(self.ids[h]) == key]
        if exact:
            return exact[0]
        return int(hits[0]) if len(hits) == 1 else None

    def read_facts(self, memdir: MemoryDir, rows: Sequence[int]) -> dict[int, Fact]:
        """The facts on ``rows``, read by offset from their quarter files (None rows are missing: cache stale)."""
        out: dict[int, Fact] = {}
        by_file: dict[int, list[int]] = {}
        for row in rows:
            by_file.setdefault(int(self.file[row]), []).append(int(row))
        for file_index, file_rows in by_file.items():
            path = memdir.root / self.meta["files"][file_index]
            with open(path, "rb") as fh:
                for row in sorted(file_rows, key=lambda r: int(self.offset[r])):
                    fh.seek(int(self.offset[row]))
                    raw = fh.read(int(self.length[row]))
                    try:
                        fact = Fact.from_dict(json.loads(raw))
                    except (ValueError, InvalidFactError):
                        continue
                    if fact.id == self.id_of(row):
                        out[row] = fact
        return out


def _path(memdir: MemoryDir) -> Path:
    return memdir.state_dir / CACHE_NAME


@dataclass
class _Entry:
    """The fields retrieval needs from one fact line (no full validation: the store quarantines bad lines)."""

    id: str
    content: str
    category: str
    tags: list[str]
    importance: float
    tier: str
    created: str
    last_referenced: str
    scope: str
    session: str | None
    file: int
    offset: int
    length: int
    digest: int


def _entry(r: dict[str, Any], raw: bytes, file_index: int, offset: int) -> _Entry | None:
    """What retrieval needs of one active fact line; None for a superseded fact or a line that is not a fact."""
    from hashlib import blake2b  # only when building: the per-prompt hook reads the cache without it

    try:
        if r.get("superseded_by") is not None:
            return None
        entry = _Entry(
            str(r["id"]),
            str(r["content"]),
            str(r["category"]),
            [str(t) for t in r.get("tags") or []],
            float(r["importance"]),
            str(r["tier"]),
            str(r["created"]),
            str(r["last_referenced"]),
            str(r["scope"]),
            r.get("source_session") if isinstance(r.get("source_session"), str) else None,
            file_index,
            offset,
            len(raw),
            int.from_bytes(blake2b(raw, digest_size=8).digest(), "little"),
        )
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    return entry if entry.tier in TIERS and 0.0 <= entry.importance <= 1.0 and entry.id and entry.content else None


def _scan(memdir: MemoryDir) -> tuple[list[_Entry], list[str]]:
    """Every active fact with where its line is; a later duplicate wins, lines that are not facts are skipped."""
    found: dict[str, _Entry | None] = {}
    files = [p.name for p in memdir.fact_files()]
    for file_index, name in enumerate(files):
        for _lineno, offset, raw, obj in scan_jsonl(memdir.root / name):
            if isinstance(obj, BadLine):
                continue
            entry = _entry(obj, raw, file_index, offset)
            if entry is None:
                fact_id = obj.get("id")
                if isinstance(fact_id, str):
                    found.pop(fact_id, None)  # superseded now: an earlier copy must not survive
                continue
            found.pop(entry.id, None)
            found[entry.id] = entry
    return [e for e in found.values() if e is not None], files


def _previous_counts(memdir: MemoryDir) -> dict[int, tuple[int, int]]:
    """Token counts of the last cache by line digest: unchanged facts are not tokenized again."""
    old = load(memdir)
    if old is None or old.meta.get("counter") != tokens.counter_name() or "digest" not in old.meta.get("extra", []):
        return {}
    digests = old.meta_arrays.get("digest")
    if digests is None:
        return {}
    return {int(d): (int(f), int(i)) for d, f, i in zip(digests, old.full_tokens, old.index_tokens, strict=True)}


def build(store: Store) -> Catalog:
    """Build the cache from the quarter files and save it (retried once if the store changes meanwhile)."""
    import numpy as np

    memdir = store.memdir
    for _attempt in range(3):
        signature = store.signature()
        entries, files = _scan(memdir)
        if store.signature() == signature:
            break
    scopes = sorted({e.scope for e in entries})
    categories = sorted({e.category for e in entries})
    scope_ix = {s: i for i, s in enumerate(scopes)}
    cat_ix = {c: i for i, c in enumerate(categories)}
    full = [render.full_line(e.id, e.category, e.created, e.content) for e in entries]
    short = [render.index_line(e.id, e.category, e.created, e.content) for e in entries]
    known = _previous_counts(memdir)
    todo = [n for n, e in enumerate(entries) if e.digest not in known]
    # An index line is the full line's head plus a fixed marker: count it from the full line's tokens.
    heads = [render.index_head_chars(e.id, e.category, e.created, e.content) for e in entries]
    fresh_full, fresh_head = tokens.count_with_prefix([full[n] for n in todo], [heads[n] for n in todo])
    marker = tokens.count(render.INDEX_MARKER) + 1
    full_tokens = [known[e.digest][0] if e.digest in known else 0 for e in entries]
    index_tokens = [known[e.digest][1] if e.digest in known else 0 for e in entries]
    for k, n in enumerate(todo):
        full_tokens[n] = fresh_full[k]
        index_tokens[n] = fresh_head[k] + marker
    width = max([len(e.id.encode("utf-8")) for e in entries] + [1])
    frame_plain = render.overhead_text(False)
    frame_index = render.overhead_text(True)
    meta = {
        "version": VERSION,
        "signature": signature,
        "files": files,
        "scopes": scopes,
        "categories": categories,
        "built": clock.now_iso(),
        "counter": tokens.counter_name(),
        "frame_tokens": tokens.count(frame_plain),
        "frame_chars": len(frame_plain),
        "index_note_tokens": tokens.count(frame_index) - tokens.count(frame_plain),
        "index_note_chars": len(frame_index) - len(frame_plain),
        "extra": ["digest", "neighbours", "sessions", "sensitive"],
    }
    index = bm25.build([tokenize(index_text(e.content, e.tags, e.created)) for e in entries])
    catalog = Catalog(
        ids=np.array([e.id.encode("utf-8") for e in entries], dtype=f"S{width}"),
        importance=np.array([e.importance for e in entries], dtype=np.float32),
        tier=np.array([TIERS.index(e.tier) for e in entries], dtype=np.uint8),
        last_referenced=np.array([_stamp(e.last_referenced) for e in entries], dtype=np.float64),
        scope=np.array([scope_ix[e.scope] for e in entries], dtype=np.int32),
        category=np.array([cat_ix[e.category] for e in entries], dtype=np.int32),
        file=np.array([e.file for e in entries], dtype=np.int16),
        offset=np.array([e.offset for e in entries], dtype=np.int64),
        length=np.array([e.length for e in entries], dtype=np.int32),
        full_tokens=np.array(full_tokens, dtype=np.int32),
        index_tokens=np.array(index_tokens, dtype=np.int32),
        full_chars=np.array([len(t) for t in full], dtype=np.int32),
        index_chars=np.array([len(t) for t in short], dtype=np.int32),
        index=index,
        meta=meta,
        meta_arrays={
            "digest": np.array([e.digest for e in entries], dtype=np.uint64),
            "neighbours": neighbours([e.session for e in entries]),
            "sessions": session_codes([e.session for e in entries]),
            "sensitive": np.array([SENSITIVE in e.tags for e in entries], dtype=bool),
        },
    )
    _save(memdir, catalog)
    return catalog


def index_text(content: str, tags: Sequence[str], created: str) -> str:
    """What BM25 indexes for a fact: its content, its tags, and the month and year it was created ("May 2023"),
    so "what did we decide in May" meets facts from May."""
    words = [content, *tags]
    month = created[5:7]
    if month.isdigit() and 1 <= int(month) <= 12:
        words += [_MONTHS[int(month) - 1], created[:4]]
    if temporal.mentions_time(content):
        words.append(temporal.MARK)  # found by questions that ask when (ratchet.core.temporal)
    return " ".join(words)


def neighbours(sessions: Sequence[str | None]) -> np.ndarray:
    """Per row the rows up to :data:`NEIGHBOURS` places before and after it in the same source session, -1 for none.

    Columns alternate before/after by distance: ``[-1, +1, -2, +2]``. Facts without a session have none.
    """
    import numpy as np

    n = len(sessions)
    codes: dict[str, int] = {}
    # A fact without a session gets a code of its own (negative), so it neighbours nothing.
    ids = np.array([codes.setdefault(s, len(codes)) if s is not None else -1 - r for r, s in enumerate(sessions)])
    out = np.full((n, 2 * NEIGHBOURS), -1, dtype=np.int32)
    rows = np.arange(n, dtype=np.int32)
    for distance in range(1, min(NEIGHBOURS, max(n - 1, 0)) + 1):
        same = ids[distance:] == ids[:-distance]
        out[distance:, 2 * distance - 2] = np.where(same, rows[:-distance], -1)
        out[:-distance, 2 * distance - 1] = np.where(same, rows[distance:], -1)
    return out


def session_codes(sessions: Sequence[str | None]) -> np.ndarray:
    """Per row a small integer naming its source session; a fact without a session is a group of its own."""
    import numpy as np

    codes: dict[str, int] = {}
    for s in sessions:
        if s is not None:
            codes.setdefault(s, len(codes))
    out = np.empty(len(sessions), dtype=np.int32)
    alone = len(codes)
    for row, s in enumerate(sessions):
        if s is None:
            out[row], alone = alone, alone + 1
        else:
            out[row] = codes[s]
    return out


def _stamp(value: str) -> float:
    try:
        return clock.parse(value).timestamp()
    except (ValueError, OverflowError):
        return 0.0


_ARRAYS = [
    "ids",
    "importance",
    "tier",
    "last_referenced",
    "scope",
    "category",
    "file",
    "offset",
    "length",
    "full_tokens",
    "index_tokens",
    "full_chars",
    "index_chars",
]
_INDEX_ARRAYS = ("terms", "idf", "indptr", "docs", "impacts")


def _save(memdir: MemoryDir, catalog: Catalog) -> None:
    import numpy as np

    arrays: dict[str, Any] = {f"c_{name}": getattr(catalog, name) for name in _ARRAYS}
    arrays.update({f"bm25_{name}": getattr(catalog.index, name) for name in _INDEX_ARRAYS})
    arrays.update({f"x_{name}": value for name, value in catalog.meta_arrays.items()})
    arrays["meta"] = np.frombuffer(json.dumps(catalog.meta).encode("utf-8"), dtype=np.uint8)
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    memdir.ensure()
    atomic_write(_path(memdir), buffer.getvalue())


def load(memdir: MemoryDir) -> Catalog | None:
    """The saved cache, or None when missing, unreadable or of another version (staleness is the caller's)."""
    import numpy as np

    try:
        with np.load(_path(memdir), allow_pickle=False) as data:
            meta = json.loads(bytes(data["meta"]).decode("utf-8"))
            if meta.get("version") != VERSION:
                return None
            values = {name: data[f"c_{name}"] for name in _ARRAYS}
            extra = {name: data[f"x_{name}"] for name in meta.get("extra", []) if f"x_{name}" in data}
            index = bm25.Index(**{name: data[f"bm25_{name}"] for name in _INDEX_ARRAYS}, size=len(values["ids"]))
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None  # missing, truncated or damaged: the caller rebuilds it from the quarter files
    return Catalog(**values, index=index, meta=meta, meta_arrays=extra)


def load_light(memdir: MemoryDir) -> Catalog | None:
    """:func:`load` without numpy (:mod:`ratchet.store.npz`): the columns as :class:`array.array`, for per-prompt
    recall, which reads a few rows. None when the cache is missing, damaged, of another version, or holds a column
    only numpy reads. Of the extra columns only ``sensitive`` is read: per-prompt recall ranks each fact alone."""
    from ratchet.store import npz

    names = ["meta", "x_sensitive", *(f"c_{n}" for n in _ARRAYS), *(f"bm25_{n}" for n in _INDEX_ARRAYS)]
    data = npz.load(_path(memdir), names)
    if data is None:
        return None
    try:
        meta = json.loads(bytes(data["meta"]).decode("utf-8"))  # type: ignore[arg-type]
    except ValueError:
        return None
    if not isinstance(meta, dict) or meta.get("version") != VERSION or "sensitive" not in meta.get("extra", []):
        return None
    values = {name: data[f"c_{name}"] for name in _ARRAYS}
    index = bm25.Index(**{name: data[f"bm25_{name}"] for name in _INDEX_ARRAYS}, size=len(values["ids"]))  # type: ignore[arg-type]
    return Catalog(**values, index=index, meta=meta, meta_arrays={"sensitive": data["x_sensitive"]})  # type: ignore[arg-type]


def get_light(store: Store) -> Catalog | None:
    """The cache without numpy when it is current (:func:`load_light`); None sends the caller to :func:`get`."""
    catalog = load_light(store.memdir)
    if catalog is not None and catalog.meta.get("signature") == store.signature():
        return catalog
    return None


def get(store: Store) -> Catalog:
    """The cache, rebuilt first when missing or stale."""
    catalog = load(store.memdir)
    if catalog is not None and catalog.meta.get("signature") == store.signature():
        return catalog
    return build(store)


def refresh(store: Store) -> None:
    """Rebuild the cache now if stale (called after writes so the next hook finds it warm)."""
    get(store)
