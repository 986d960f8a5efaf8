"""Stored fact vectors in ``memory/state/``: one compact matrix beside the facts, derived and rebuildable.

``embeddings.npy`` (float16 rows, unit length; loaded with ``mmap_mode="r"``), ``embeddings-ids.npy`` (fact id and a
hash of the embedded text per row) and ``embeddings-meta.json`` (backend, model, dimension, row count, the store
signature and a generation token, a digest of the other two). The three are replaced together in one journaled write
under the store lock (:mod:`ratchet.store.journal`); while a cut-short write is pending, readers see no vectors.
Vectors of two models are never mixed: :mod:`ratchet.recall.refresh` re-embeds when the model changes. Nothing here
embeds; :mod:`ratchet.models.embedders` does.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from ratchet.core import clock
from ratchet.errors import StoreError
from ratchet.store import journal
from ratchet.store.files import read_json
from ratchet.store.memdir import MemoryDir

if TYPE_CHECKING:
    import numpy as np

    from ratchet.core.facts import Fact

FORMAT_VERSION = 1
MATRIX_NAME = "embeddings.npy"
IDS_NAME = "embeddings-ids.npy"
META_NAME = "embeddings-meta.json"


def _paths(memdir: MemoryDir) -> tuple[Path, Path, Path]:
    state = memdir.state_dir
    return state / MATRIX_NAME, state / IDS_NAME, state / META_NAME


def embed_text(fact: Fact) -> str:
    """What is embedded for a fact: its content, then its tags."""
    text = " ".join(fact.content.split())
    if fact.tags:
        text += " (tags: " + ", ".join(fact.tags) + ")"
    return text


def text_hash(text: str) -> int:
    import hashlib  # lazy: not on a hook's read path

    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "little")


def load_meta(memdir: MemoryDir) -> dict[str, Any] | None:
    """The metadata of the stored vectors, or None when there are none."""
    try:
        meta = read_json(_paths(memdir)[2])
    except (OSError, ValueError):
        return None
    return meta if isinstance(meta, dict) and meta.get("version") == FORMAT_VERSION else None


def load_raw(memdir: MemoryDir) -> tuple[np.ndarray, np.ndarray, dict[str, Any]] | None:
    """``(records, matrix, meta)``: records hold ``id`` (bytes) and ``hash`` per row; the matrix is memory-mapped."""
    import numpy as np

    matrix_path, ids_path, _ = _paths(memdir)
    meta = load_meta(memdir)
    if meta is None or journal.pending(memdir) & set(_paths(memdir)):
        return None  # none, or a save cut short between files: the next writer finishes it
    try:
        matrix = np.load(matrix_path, mmap_mode="r")
        records = np.load(ids_path)
    except (OSError, ValueError, EOFError):
        return None  # damaged: treated as absent, the next sync rebuilds
    if matrix.ndim != 2 or matrix.shape[0] != len(records) or len(records) != meta.get("count"):
        return None  # a write was interrupted between files: treat as absent, the next sync rebuilds
    return records, matrix, meta


def load_vectors(memdir: MemoryDir) -> tuple[list[str], np.ndarray] | None:
    """Fact ids and their unit vectors (a read-only memory-mapped float16 matrix), or None if none are stored."""
    raw = load_raw(memdir)
    if raw is None:
        return None
    records, matrix, _ = raw
    return [i.decode("utf-8") for i in records["id"]], matrix


def save(
    memdir: MemoryDir,
    ids: list[str],
    hashes: list[int],
    matrix: np.ndarray | Sequence[np.ndarray],
    meta: dict[str, Any],
) -> None:
    """Replace the stored vectors: rows of ``matrix`` for ``ids`` (with their text ``hashes``) and ``meta``.

    ``matrix`` may come as blocks of rows (the stored vectors' memory map, then new rows). The matrix file is written
    a chunk at a time, never whole in memory: a sync adding a few vectors to a large store stays small."""
    import numpy as np

    memdir.ensure()
    matrix_path, ids_path, meta_path = _paths(memdir)
    width = max([len(i.encode("utf-8")) for i in ids] + [1])
    records = np.zeros(len(ids), dtype=[("id", f"S{width}"), ("hash", "<u8")])
    records["id"] = [i.encode("utf-8") for i in ids]
    records["hash"] = np.asarray(hashes, dtype=np.uint64)
    blocks = [matrix] if isinstance(matrix, np.ndarray) else list(matrix)
    import hashlib  # lazy: not on a hook's read path

    generation = hashlib.blake2b(digest_size=8)
    for chunk in _npy_chunks(blocks, np.dtype(np.float16)):
        generation.update(chunk)
    ids_file = b"".join(_npy_chunks([records], records.dtype))
    generation.update(ids_file)

    def write_matrix(fh: BinaryIO) -> None:
        for chunk in _npy_chunks(blocks, np.dtype(np.float16)):
            fh.write(chunk)

    change = journal.Change()
    change.replace(matrix_path, write_matrix)
    change.replace(ids_path, ids_file)
    meta = {**meta, "version": FORMAT_VERSION, "count": len(ids), "generation": generation.hexdigest()}
    meta["updated"] = clock.now_iso()
    change.replace(meta_path, json.dumps(meta, indent=1))
    with journal.held(memdir):
        journal.apply(memdir, change)


CHUNK_BYTES = 1 << 22


def _npy_chunks(blocks: list[np.ndarray], dtype: np.dtype[Any]) -> Iterator[bytes]:
    """The bytes ``np.save`` writes for the rows of ``blocks`` stacked (as ``dtype``), a few MB at a time. The pages
    of a memory-mapped block (the stored matrix) are dropped once read, so the map never holds the whole matrix."""
    import io
    import mmap

    import numpy as np

    blocks = [b for b in blocks if b.size] or blocks[:1]  # an empty block may lack the others' width
    tail = blocks[0].shape[1:] if blocks else ()
    head = io.BytesIO()
    shape = (sum(len(b) for b in blocks), *tail)
    np.lib.format.write_array_header_1_0(
        head, {"descr": np.lib.format.dtype_to_descr(dtype), "fortran_order": False, "shape": shape}
    )
    yield head.getvalue()
    for block in blocks:
        mapped = getattr(block, "_mmap", None)  # numpy's memmap keeps its mmap.mmap here
        drop = mapped is not None and hasattr(mapped, "madvise") and hasattr(mmap, "MADV_DONTNEED")
        step = max(1, CHUNK_BYTES // max(1, block[:1].nbytes))
        for start in range(0, len(block), step):
            yield np.ascontiguousarray(block[start : start + step], dtype=dtype).tobytes()
            if drop:
                mapped.madvise(mmap.MADV_DONTNEED)  # type: ignore[union-attr]


def drop_vectors(memdir: MemoryDir, ids: Iterable[str]) -> int:
    """Remove the vectors of ``ids`` (purged, forgotten or superseded facts); return how many were dropped."""
    import numpy as np

    gone = {i.encode("utf-8") for i in ids}
    if not gone:
        return 0
    with journal.held(memdir):
        raw = load_raw(memdir)
        if raw is None:
            return 0
        records, matrix, meta = raw
        keep = np.fromiter((r not in gone for r in records["id"]), dtype=bool, count=len(records))
        dropped = int((~keep).sum())
        if dropped:
            kept_ids = [i.decode("utf-8") for i in records["id"][keep]]
            save(memdir, kept_ids, [int(h) for h in records["hash"][keep]], np.asarray(matrix[keep]), meta)
    return dropped


def keep_only(memdir: MemoryDir, active: set[str]) -> int:
    """Remove the vectors of every fact not in ``active`` (purged, forgotten, superseded) when vectors exist; how
    many went. Fails quietly: derived data, which ``memory-embed`` resyncs."""
    try:
        stored = load_vectors(memdir)
        if stored is None:
            return 0
        return int(drop_vectors(memdir, [i for i in stored[0] if i not in active]))
    except (StoreError, OSError, ValueError):
        return 0


def status(memdir: MemoryDir) -> dict[str, Any]:
    """What is stored: backend, model, dimension, count, and when it was last synced."""
    meta = load_meta(memdir) or {}
    return {k: meta.get(k) for k in ("backend", "model", "dimension", "count", "updated")}


def export_json(memdir: MemoryDir) -> dict[str, list[float]]:
    """``{fact_id: [float, ...]}`` of every stored vector (the spec's ``embeddings.json``)."""
    loaded = load_vectors(memdir)
    if loaded is None:
        return {}
    ids, matrix = loaded
    return {fid: [round(float(v), 6) for v in row] for fid, row in zip(ids, matrix, strict=True)}
