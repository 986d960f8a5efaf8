"""The fact table: where every stored fact is and what the write path looks up, in ``state/facts-table.npz``.

Derived and rebuildable, like the retrieval cache. Per fact, in the order :meth:`ratchet.store.store.Store.read`
returns them (quarter files oldest first, lines in order, a later line of an id winning): its id, quarter file, the
byte offset and length of its line, a digest of the line, whether it is active, its scope, a hash of its embedded text
(:func:`ratchet.store.vectors.embed_text`), and the dedupe tokens of its content (:mod:`ratchet.core.dedupe`) as
postings, token -> rows. Extraction finds the few facts a candidate could duplicate or supersede from the postings
and reads only their lines; the embedding sync compares hashes without reading the store; the retrieval catalog
reuses its rows by digest. Only lines that are valid facts are rows, as in ``Store.read``.

Work proportional to the change: the table records each quarter file's size, mtime and a digest of its bytes. An
unchanged file is not read; a file that only grew (its first bytes still have the recorded digest, up to a line end)
has only its new lines parsed; a rewritten one (an update, a purge, memory-manage) is parsed again, reusing the
tokens of unchanged contents. A duplicate id anywhere means a full scan, which resolves it as ``Store.read`` does.
"""

from __future__ import annotations

import contextlib
import json
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ratchet.core import dedupe
from ratchet.core.facts import Fact
from ratchet.errors import StoreError
from ratchet.store import postings
from ratchet.store.files import BadLine, atomic_write, collector_paused
from ratchet.store.lines import accepted, line_digest, parse_file, schema_digest
from ratchet.store.memdir import MemoryDir

if TYPE_CHECKING:
    import numpy as np

    from ratchet.store.store import Store

VERSION = 1
TABLE_NAME = "facts-table.npz"
REUSE_FROM = 500  # new rows from which tokens are copied from the old table rather than recomputed
_COLUMNS = (
    "ids",
    "file",
    "offset",
    "length",
    "digest",
    "active",
    "scope",
    "embed",
    "content",
    "terms",
    "indptr",
    "rows",
)


def valid_lines(memdir: MemoryDir) -> frozenset[int]:
    """Digests of the lines the last table holds: every one a fact the current schema accepts (empty: no table).
    Reading the whole store (memory-manage) then parses those lines without validating them again."""
    import numpy as np

    try:
        with np.load(_path(memdir), allow_pickle=False) as data:
            if not _usable(json.loads(bytes(data["meta"]).decode("utf-8"))):
                return frozenset()
            return frozenset(data["t_digest"].tolist())
    except (OSError, ValueError, KeyError, EOFError, TypeError, zipfile.BadZipFile):
        return frozenset()


def _usable(meta: Any) -> bool:
    return (
        isinstance(meta, dict)
        and meta.get("version") == VERSION
        and meta.get("tokens") == dedupe.fingerprint()
        and meta.get("schema") == schema_digest()
    )


def _hash(text: str) -> int:
    import hashlib  # lazy: not on a hook's read path

    return int.from_bytes(hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "little")


@dataclass
class Table:
    """Columns aligned by row (one row per stored fact, in store order) and token postings over the rows."""

    ids: np.ndarray  # S bytes
    file: np.ndarray  # int16 index into meta["files"]
    offset: np.ndarray  # int64 byte offset of the fact's line
    length: np.ndarray  # int32 byte length of the line
    digest: np.ndarray  # uint64 digest of the line
    active: np.ndarray  # bool: not superseded
    scope: np.ndarray  # int32 index into meta["scopes"]
    embed: np.ndarray  # uint64 hash of the embedded text
    content: np.ndarray  # uint64 hash of the content (tokens reused when a rewrite keeps it)
    terms: np.ndarray  # S bytes: dedupe tokens, sorted
    indptr: np.ndarray  # int64: rows of terms[i] are rows[indptr[i]:indptr[i + 1]]
    rows: np.ndarray  # int32
    meta: dict[str, Any]
    fresh: dict[int, Fact] = field(default_factory=dict)  # rows parsed by this process (not saved)

    @property
    def size(self) -> int:
        return len(self.ids)

    @property
    def files(self) -> list[str]:
        return list(self.meta["files"])

    @property
    def signature(self) -> dict[str, list[int]]:
        """The store signature the table describes (:func:`ratchet.store.index.signature`)."""
        return {name: [int(v[0]), int(v[1])] for name, v in self.meta["files"].items()}

    @property
    def bad(self) -> dict[str, int]:
        """Lines that are not facts (or lost to a later line of their id), per quarter file."""
        return dict(self.meta["bad"])

    def id_of(self, row: int) -> str:
        return bytes(self.ids[row]).decode("utf-8")

    def rows_of(self, fact_ids: Iterable[str]) -> list[int]:
        """Rows of these exact ids (those the table holds), in row order."""
        import numpy as np

        wanted = np.array([i.encode("utf-8") for i in fact_ids] or [b""])
        return [int(r) for r in np.flatnonzero(np.isin(self.ids, wanted))]

    def sharing(self, tokens: Iterable[str], at_least: float) -> np.ndarray:
        """Rows holding at least ``at_least`` of ``tokens`` (as :meth:`ratchet.core.dedupe.Pool.sharing` counts)."""
        import numpy as np

        slices = []
        count = len(self.terms)
        for token in set(tokens):
            word = token.encode("utf-8")
            pos = int(np.searchsorted(self.terms, word))
            if pos < count and self.terms[pos] == word:
                slices.append(self.rows[self.indptr[pos] : self.indptr[pos + 1]])
        if not slices:
            return np.zeros(0, dtype=np.int64)
        counts = np.bincount(np.concatenate(slices), minlength=self.size)
        return np.flatnonzero(counts >= at_least)

    def lines(self, memdir: MemoryDir, rows: Sequence[int]) -> dict[int, bytes]:
        """The raw lines of ``rows`` read by offset, those whose digest still matches (a missing row: stale table)."""
        out: dict[int, bytes] = {}
        by_file: dict[int, list[int]] = {}
        for row in rows:
            by_file.setdefault(int(self.file[row]), []).append(int(row))
        for file_index, file_rows in by_file.items():
            try:
                with open(memdir.root / self.files[file_index], "rb") as fh:
                    for row in sorted(file_rows, key=lambda r: int(self.offset[r])):
                        fh.seek(int(self.offset[row]))
                        raw = fh.read(int(self.length[row]))
                        if line_digest(raw) == int(self.digest[row]):
                            out[row] = raw
            except FileNotFoundError:
                continue
        return out

    def facts(self, memdir: MemoryDir, rows: Sequence[int]) -> dict[int, Fact]:
        """The facts on ``rows`` (parsed by this process, else read by offset); a missing row: stale table. A line
        read has the digest of one the schema accepted when the table was made: it is not validated again."""
        out = {row: self.fresh[row] for row in rows if row in self.fresh}
        for row, raw in self.lines(memdir, [r for r in rows if r not in out]).items():
            with contextlib.suppress(ValueError, TypeError):
                out[row] = accepted(json.loads(raw))
        return out


# ----- keeping it current --------------------------------------------------------------------------------------
def _path(memdir: MemoryDir) -> Path:
    return memdir.state_dir / TABLE_NAME


def current(store: Store, *, save: bool = True, quarantine: bool = False) -> Table:
    """The table of the store as it is now: loaded, brought up to date with the quarter files (saved when it
    changed, unless ``save`` is false), retried if a file changes meanwhile. With ``quarantine`` (the caller holds
    the store lock), bad lines first move to ``rejected.jsonl`` as :meth:`Store.read` moves them."""
    from ratchet.store import index

    memdir = store.memdir
    table = load(memdir)
    for _attempt in range(3):
        signature = index.signature(memdir)
        if table is not None and table.signature == signature:
            break
        table = _update(memdir, table)
        if index.signature(memdir) == table.signature:
            if save:
                _save(memdir, table)
            break
    assert table is not None
    if quarantine and table.bad:
        with contextlib.suppress(StoreError, OSError):  # as Store.read: a bad line is skipped when it cannot move
            store.quarantine(memdir.root / name for name in table.bad)
        if index.signature(memdir) != table.signature:
            return current(store, save=save)
    return table


@dataclass
class _Part:
    """One quarter file's rows: those kept from the last table, then the new ones."""

    kept: Any  # np.ndarray of old rows
    new: list[tuple[Fact, int, int, int]] = field(default_factory=list)  # fact, offset, length, digest
    bad: int = 0
    state: list[Any] = field(default_factory=list)  # [size, mtime_ns, digest]


def _update(memdir: MemoryDir, old: Table | None) -> Table:
    with collector_paused():
        if old is not None and old.meta["dups"]:
            old = None  # a line lost to a later one of its id may come back: only a full scan knows
        table = _assemble(memdir, old)
        if old is not None and table is None:  # a duplicate id appeared: resolve it from every line
            table = _assemble(memdir, None)
        assert table is not None
        return table


def _assemble(memdir: MemoryDir, old: Table | None) -> Table | None:
    """The table from ``old`` and what changed since; None when ``old`` cannot be extended exactly (a duplicate)."""
    import numpy as np

    names = [p.name for p in memdir.fact_files()]
    old_file = {name: n for n, name in enumerate(old.files)} if old is not None else {}
    parts: dict[str, _Part] = {}
    for name in names:
        path = memdir.root / name
        try:
            stat = path.stat()
        except FileNotFoundError:
            continue
        prev = old.meta["files"].get(name) if old is not None else None
        kept = np.flatnonzero(old.file == old_file[name]) if old is not None and prev else np.zeros(0, np.int64)
        if prev and [prev[0], prev[1]] == [stat.st_size, stat.st_mtime_ns]:
            parts[name] = _Part(kept, bad=int(old.meta["bad"].get(name, 0)) if old else 0, state=list(prev))
            continue
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            continue
        start, bad = 0, 0
        if prev and _extends(data, prev):
            start, bad = int(prev[0]), int(old.meta["bad"].get(name, 0)) if old else 0
        else:
            kept = np.zeros(0, np.int64)
        part = _Part(kept, bad=bad, state=[len(data), stat.st_mtime_ns, _file_digest(data)])
        for _lineno, offset, raw, fact in parse_file(path, data=data, start=start):
            if isinstance(fact, BadLine):
                part.bad += 1
            else:
                part.new.append((fact, offset, len(raw), line_digest(raw)))
        parts[name] = part
    return _columns(old, parts)


def _extends(data: bytes, prev: list[Any]) -> bool:
    """Whether ``data`` is the file the digest ``prev`` was taken of, with whole lines appended."""
    size = int(prev[0])
    if len(data) < size or (size and data[size - 1 : size] != b"\n"):
        return False
    return _file_digest(memoryview(data)[:size]) == prev[2]


def _file_digest(data: bytes | memoryview) -> str:
    import hashlib  # lazy: not on a hook's read path

    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _columns(old: Table | None, parts: dict[str, _Part]) -> Table | None:
    """Concatenate the parts in file order into a table; with no ``old``, resolve duplicate ids as Store.read does."""
    import numpy as np

    names = list(parts)
    sources: list[tuple[int, Any, list[tuple[Fact, int, int, int]]]] = [
        (n, parts[name].kept, parts[name].new) for n, name in enumerate(names)
    ]
    bad = {name: parts[name].bad for name in names}
    dups = 0
    if old is None:
        sources, dups = _resolve_duplicates(sources, names, bad)
    kept_rows = np.concatenate([k for _, k, _ in sources] or [np.zeros(0, np.int64)]).astype(np.int64)
    fresh = [(n, item) for n, _, new in sources for item in new]
    new_ids = [fact.id.encode("utf-8") for _, (fact, *_rest) in fresh]
    if old is not None and fresh and (len(set(new_ids)) != len(new_ids) or _clash(old, kept_rows, new_ids)):
        return None
    # Row order: per file, its kept rows then its new ones.
    kept_at: list[Any] = []
    fresh_at: list[int] = []
    total = 0
    for _n, kept, new in sources:
        kept_at.append(np.arange(total, total + len(kept)))
        total += len(kept)
        fresh_at.extend(range(total, total + len(new)))
        total += len(new)
    kept_pos = np.concatenate(kept_at or [np.zeros(0, np.int64)]).astype(np.int64)
    fresh_pos = np.asarray(fresh_at, dtype=np.int64)

    scopes_all = sorted(
        {fact.scope for _, (fact, *_rest) in fresh}
        | ({old.meta["scopes"][int(c)] for c in np.unique(old.scope[kept_rows])} if old is not None else set())
    )
    scope_ix = {s: i for i, s in enumerate(scopes_all)}

    def column(dtype: Any, old_values: Any, new_values: list[Any]) -> Any:
        out = np.zeros(total, dtype=dtype)
        if len(kept_rows):
            out[kept_pos] = old_values
        if fresh:
            out[fresh_pos] = np.asarray(new_values, dtype=dtype)
        return out

    width = max([len(i) for i in new_ids] + [old.ids.dtype.itemsize if old is not None else 1, 1])
    file_of_kept = np.concatenate([np.full(len(k_), n, np.int16) for n, k_, _ in sources] or [np.zeros(0, np.int16)])
    scope_map = np.array([scope_ix.get(s, -1) for s in old.meta["scopes"]], dtype=np.int32) if old is not None else None
    ids = column(f"S{width}", old.ids[kept_rows] if old is not None else None, new_ids)
    ids = ids.astype(f"S{max(int(np.char.str_len(ids).max()) if total else 1, 1)}")  # as narrow as a full build's
    table = Table(
        ids=ids,
        file=column(np.int16, file_of_kept, [n for n, _ in fresh]),
        offset=column(np.int64, old.offset[kept_rows] if old else None, [item[1] for _, item in fresh]),
        length=column(np.int32, old.length[kept_rows] if old else None, [item[2] for _, item in fresh]),
        digest=column(np.uint64, old.digest[kept_rows] if old else None, [item[3] for _, item in fresh]),
        active=column(bool, old.active[kept_rows] if old else None, [item[0].active for _, item in fresh]),
        scope=column(
            np.int32,
            scope_map[old.scope[kept_rows]] if old is not None and scope_map is not None else None,
            [scope_ix[item[0].scope] for _, item in fresh],
        ),
        embed=column(np.uint64, old.embed[kept_rows] if old else None, [_embed_hash(item[0]) for _, item in fresh]),
        content=column(
            np.uint64, old.content[kept_rows] if old else None, [_hash(item[0].content) for _, item in fresh]
        ),
        terms=np.zeros(0, dtype="S1"),
        indptr=np.zeros(1, dtype=np.int64),
        rows=np.zeros(0, dtype=np.int32),
        meta={
            "version": VERSION,
            "tokens": dedupe.fingerprint(),
            "schema": schema_digest(),
            "files": {name: parts[name].state for name in names},
            "scopes": scopes_all,
            "bad": {name: n for name, n in bad.items() if n},
            "dups": dups,
        },
        fresh={int(fresh_pos[i]): item[0] for i, (_, item) in enumerate(fresh)},
    )
    _postings(table, old, kept_rows, kept_pos, fresh_pos, [item[0] for _, item in fresh])
    return table


def _clash(old: Table, kept_rows: Any, new_ids: list[bytes]) -> bool:
    """Whether a new line has the id of a kept row."""
    import numpy as np

    kept = np.zeros(old.size, dtype=bool)
    kept[kept_rows] = True
    return bool((np.isin(old.ids, np.array(new_ids)) & kept).any())


def _resolve_duplicates(
    sources: list[tuple[int, Any, list[tuple[Fact, int, int, int]]]], names: list[str], bad: dict[str, int]
) -> tuple[list[tuple[int, Any, list[tuple[Fact, int, int, int]]]], int]:
    """Keep the last line of each id (Store.read's rule); the earlier ones count as bad lines of their files."""
    last: dict[str, tuple[int, int]] = {}
    for n, _kept, new in sources:
        for k, (fact, *_rest) in enumerate(new):
            last[fact.id] = (n, k)
    dups = 0
    out = []
    for n, kept, new in sources:
        keep = [item for k, item in enumerate(new) if last[item[0].id] == (n, k)]
        lost = len(new) - len(keep)
        if lost:
            bad[names[n]] += lost
            dups += lost
        out.append((n, kept, keep))
    return out, dups


def _embed_hash(fact: Fact) -> int:
    from ratchet.store import vectors

    return vectors.text_hash(vectors.embed_text(fact))


def _postings(
    table: Table, old: Table | None, kept_rows: Any, kept_pos: Any, fresh_pos: Any, facts: list[Fact]
) -> None:
    """The token postings of ``table``: the kept rows' moved from the old postings (rows keep their order, so the
    lists stay sorted), the new rows' tokenized, or copied from an old row of the same content."""
    import numpy as np

    base = postings.empty()
    if old is not None and old.size:
        remap = np.full(old.size, -1, dtype=np.int32)
        remap[kept_rows] = kept_pos
        base = postings.moved(postings.Lists(old.terms, old.indptr, old.rows, np.ones(len(old.rows), np.uint16)), remap)
    # Tokens of contents the old table holds are copied rather than recomputed when many rows are new (a rewritten
    # file); the same either way, since tokens depend on the content only.
    hashes = {_hash(f.content) for f in facts} if old is not None and len(facts) >= REUSE_FROM else set()
    known = _tokens_by_content(old, hashes) if old is not None and hashes else {}
    tokens = (
        [known.get(_hash(f.content)) or dedupe._tokens(f.content) for f in facts]
        if known
        else [dedupe._tokens(f.content) for f in facts]
    )
    lists = postings.combine(base, [postings.of_documents(tokens, fresh_pos.tolist())])
    table.terms, table.indptr, table.rows = lists.vocab, lists.indptr, lists.rows


def _tokens_by_content(old: Table, hashes: set[int]) -> dict[int, list[str]]:
    """Tokens of the old rows whose content hash is in ``hashes``, by hash, read off the old postings."""
    import numpy as np

    wanted = np.isin(old.content, np.fromiter(hashes, dtype=np.uint64, count=len(hashes)))
    if not wanted.any() or not len(old.rows):
        return {}
    term_of = np.repeat(np.arange(len(old.terms)), np.diff(old.indptr))
    pick = wanted[old.rows]
    rows, terms = old.rows[pick], term_of[pick]
    order = np.argsort(rows, kind="stable")
    rows, terms = rows[order], terms[order]
    bounds = np.flatnonzero(np.diff(rows)) + 1
    words = [w.decode("utf-8") for w in old.terms.tolist()]
    return {
        int(old.content[int(chunk_rows[0])]): [words[int(t)] for t in chunk_terms]
        for chunk_rows, chunk_terms in zip(np.split(rows, bounds), np.split(terms, bounds), strict=True)
    }


# ----- on disk -----------------------------------------------------------------------------------------------------
def _save(memdir: MemoryDir, table: Table) -> None:
    import numpy as np

    arrays: dict[str, Any] = {f"t_{name}": getattr(table, name) for name in _COLUMNS}
    arrays["meta"] = np.frombuffer(json.dumps(table.meta).encode("utf-8"), dtype=np.uint8)
    memdir.ensure()
    atomic_write(_path(memdir), lambda fh: np.savez(fh, **arrays))  # written straight to the temp file


def load(memdir: MemoryDir) -> Table | None:
    """The saved table, or None when missing, unreadable or of another version (staleness is the caller's)."""
    import numpy as np

    try:
        with np.load(_path(memdir), allow_pickle=False) as data:
            meta = json.loads(bytes(data["meta"]).decode("utf-8"))
            if not _usable(meta):
                return None
            return Table(**{name: data[f"t_{name}"] for name in _COLUMNS}, meta=meta)
    except (OSError, ValueError, KeyError, EOFError, TypeError, zipfile.BadZipFile):
        return None  # missing, truncated or damaged: rebuilt from the quarter files
