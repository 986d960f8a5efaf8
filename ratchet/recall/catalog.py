"""The retrieval cache: what retrieval needs of every active fact, as numpy arrays, in ``state/retrieval.npz``.

Parsing 100k facts of JSONL takes about a second, so retrieval never does: this cache holds per active fact its
id, importance, tier, last-reference time, scope, category, token and character costs of both renderings, and the
byte offset of its line in its quarter file, plus the BM25 index. Only the facts finally shown are read back from
the quarter files. The cache carries the store signature (size and mtime of every quarter file) and is brought up to
date whenever that no longer matches: from the fact table (:mod:`ratchet.store.table`), reusing the rows of facts
whose line did not change, so an extraction that adds ten facts reads ten lines (:mod:`ratchet.recall.rows`).
Superseded facts are not in it at all.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ratchet.core import clock, temporal
from ratchet.core.facts import Fact
from ratchet.errors import InvalidFactError
from ratchet.recall import bm25
from ratchet.store.files import atomic_write
from ratchet.store.memdir import MemoryDir

if TYPE_CHECKING:
    import numpy as np

    from ratchet.store.store import Store

VERSION = 9  # 3: BM25 k1 0.9 / b 0.5 impacts, per-row session codes; 4: the sensitive mark per row; 5: time mark;
# 6: what the next build reuses (term counts, keys of what decides them, session names); 7: output-gate verdicts;
# 8: the pending mark per row (extraction.review); 9: the mark of a line that asks (a reply follows it)
CACHE_NAME = "retrieval.npz"
# The output gate's verdict per row (the ``credential`` column, under the rules stamped in ``meta["gate"]``).
CLEAN, CREDENTIAL, UNKNOWN = 0, 1, 2
# Verdicts a reader's rebuild computes at most (about 0.2 ms each), so a hook that finds the cache stale after an
# upgrade (every verdict of other rules) does not stall; the rest stay UNKNOWN, scanned when shown, until the next
# write's refresh (:func:`refresh`) computes them all.
GATE_BUDGET = 2000
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
    materials: dict[str, Any] = field(default_factory=dict)  # what the next build reuses (rows.py); not for ranking

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


def build(store: Store, gate_budget: int | None = None, *, reuse: bool = True) -> Catalog:
    """Bring the cache in line with the quarter files and save it: rows of unchanged facts are reused (unless not
    ``reuse``), only the lines that changed are read (:mod:`ratchet.recall.rows`); at most ``gate_budget``
    output-gate verdicts are computed (None: all)."""
    from ratchet.recall import rows

    catalog = rows.build(store, gate_budget, reuse=reuse)
    _save(store.memdir, catalog)
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


def stamp(value: str) -> float:
    """A stored date as unix seconds (0 when unreadable)."""
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
    arrays.update({f"u_{name}": _array(value) for name, value in catalog.materials.items()})
    arrays["meta"] = _array(catalog.meta)
    memdir.ensure()
    atomic_write(_path(memdir), lambda fh: np.savez(fh, **arrays))  # written straight to the temp file


def _array(value: Any) -> Any:
    """An array as is; anything else as its JSON, in bytes (how ``meta`` is stored)."""
    import numpy as np

    if isinstance(value, np.ndarray):
        return value
    return np.frombuffer(json.dumps(value).encode("utf-8"), dtype=np.uint8)


def load(memdir: MemoryDir, *, materials: bool = False) -> Catalog | None:
    """The saved cache, or None when missing, unreadable or of another version (staleness is the caller's); with
    ``materials``, also what a build reuses."""
    import zipfile

    import numpy as np

    try:
        with np.load(_path(memdir), allow_pickle=False) as data:
            meta = json.loads(bytes(data["meta"]).decode("utf-8"))
            if meta.get("version") != VERSION:
                return None
            values = {name: data[f"c_{name}"] for name in _ARRAYS}
            extra = {name: data[f"x_{name}"] for name in meta.get("extra", []) if f"x_{name}" in data}
            index = bm25.Index(**{name: data[f"bm25_{name}"] for name in _INDEX_ARRAYS}, size=len(values["ids"]))
            kept = {}
            for name in meta.get("materials", []) if materials else []:
                value = data[f"u_{name}"]
                kept[name] = json.loads(bytes(value).decode("utf-8")) if name == "session_names" else value
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None  # missing, truncated or damaged: the caller rebuilds it from the quarter files
    return Catalog(**values, index=index, meta=meta, meta_arrays=extra, materials=kept)


def load_light(memdir: MemoryDir) -> Catalog | None:
    """:func:`load` without numpy (:mod:`ratchet.store.npz`): the columns as :class:`array.array`, for per-prompt
    recall, which reads a few rows. None when the cache is missing, damaged, of another version, or holds a column
    only numpy reads. Of the extra columns only ``sensitive``, ``pending`` and ``credential`` (the output gate's
    verdicts) are read: per-prompt recall ranks each fact alone."""
    from ratchet.store import npz

    extra = ("sensitive", "pending", "credential")
    names = ["meta", *(f"x_{n}" for n in extra), *(f"c_{n}" for n in _ARRAYS), *(f"bm25_{n}" for n in _INDEX_ARRAYS)]
    data = npz.load(_path(memdir), names)
    if data is None:
        return None
    try:
        meta = json.loads(bytes(data["meta"]).decode("utf-8"))  # type: ignore[arg-type]
    except ValueError:
        return None
    if not isinstance(meta, dict) or meta.get("version") != VERSION or not set(extra) <= set(meta.get("extra", [])):
        return None
    values = {name: data[f"c_{name}"] for name in _ARRAYS}
    index = bm25.Index(**{name: data[f"bm25_{name}"] for name in _INDEX_ARRAYS}, size=len(values["ids"]))  # type: ignore[arg-type]
    marks = {name: data[f"x_{name}"] for name in extra}
    return Catalog(**values, index=index, meta=meta, meta_arrays=marks)  # type: ignore[arg-type]


def gate_verdicts(catalog: Catalog) -> Any | None:
    """The output gate's verdict column (:data:`CLEAN`, ``CREDENTIAL``, ``UNKNOWN`` per row) when it holds the
    verdicts of the installed rules (:mod:`ratchet.core.rules_stamp`), else None: verdicts of other rules say
    nothing."""
    from ratchet.core import rules_stamp

    marks = catalog.meta_arrays.get("credential")
    return marks if marks is not None and catalog.meta.get("gate") == rules_stamp.stamp() else None


def clean_texts(memdir: MemoryDir) -> set[int]:
    """The texts (:func:`ratchet.recall.rows.doc_key`) the cache's output gate found clean under the installed rules:
    what a bulk output (MEMORY.md) need not scan again. Keyed by text, not by row, so a line changed since the cache
    was built is not covered; empty when the cache is missing, damaged, of another version or of other rules."""
    catalog = load(memdir, materials=True)
    marks = gate_verdicts(catalog) if catalog is not None else None
    texts = catalog.materials.get("doc") if catalog is not None else None
    if marks is None or texts is None or marks.shape != texts.shape:
        return set()
    return set(texts[marks == CLEAN].tolist())


def get_light(store: Store) -> Catalog | None:
    """The cache without numpy when it is current (:func:`load_light`); None sends the caller to :func:`get`."""
    catalog = load_light(store.memdir)
    if catalog is not None and catalog.meta.get("signature") == store.signature():
        return catalog
    return None


def get(store: Store) -> Catalog:
    """The cache, rebuilt first when missing or stale (a reader's rebuild: :data:`GATE_BUDGET` verdicts at most).

    A process that retrieves again (``ratchet mcp``, an evaluation, the library) keeps the last one it read while its
    file is the same (path, inode, size, modification time): reading it again costs a hundred times the ranking at
    10k facts.
    """
    global _held
    signature = store.signature()
    key = _file_key(store.memdir)
    if _held is not None and key is not None and _held[0] == key and _held[1].meta.get("signature") == signature:
        return _held[1]
    catalog = load(store.memdir)
    if catalog is None or catalog.meta.get("signature") != signature:
        del catalog  # the build loads what it reuses of it: not held twice
        catalog = build(store, GATE_BUDGET)
        key = _file_key(store.memdir)  # the build wrote a new file
    _held = (key, catalog) if key is not None else None
    return catalog


_held: tuple[tuple[str, int, int, int], Catalog] | None = None  # the one cache this process read last, and its file


def _file_key(memdir: MemoryDir) -> tuple[str, int, int, int] | None:
    """What tells one cache file from the next: path, inode, size and modification time (None when there is none)."""
    path = _path(memdir)
    try:
        stat = path.stat()
    except OSError:
        return None
    return str(path), stat.st_ino, stat.st_size, stat.st_mtime_ns


def current(store: Store) -> bool:
    """True when the cache matches the store and holds every row's output-gate verdict under the installed rules:
    a hook then reads it as it is and scans nothing it shows."""
    catalog = load(store.memdir)
    marks = gate_verdicts(catalog) if catalog is not None else None
    return (
        catalog is not None
        and catalog.meta.get("signature") == store.signature()
        and marks is not None
        and not (marks == UNKNOWN).any()
    )


def refresh(store: Store) -> None:
    """Rebuild the cache now if stale or short of verdicts of the installed rules (called after writes so the next
    hook finds it warm and need not scan what it shows)."""
    if not current(store):
        build(store)
