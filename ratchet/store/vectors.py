"""Stored fact vectors in ``memory/state/``: one compact matrix beside the facts, derived and rebuildable.

``embeddings.npy`` (float16 rows, unit length; loaded with ``mmap_mode="r"``), ``embeddings-ids.npy`` (fact id and a
hash of the embedded text per row) and ``embeddings-meta.json`` (backend, model, dimension, row count, the store
signature and a generation token, a digest of the other two). The three are replaced together in one journaled write
under the store lock (:mod:`ratchet.store.journal`); while a cut-short write is pending, readers see no vectors.
Vectors of two models are never mixed: :mod:`ratchet.recall.refresh` re-embeds when the model changes. Nothing here
embeds; :mod:`ratchet.models.embedders` does.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ratchet.core import clock
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


def save(memdir: MemoryDir, ids: list[str], hashes: list[int], matrix: np.ndarray, meta: dict[str, Any]) -> None:
    """Replace the stored vectors: rows of ``matrix`` for ``ids`` (with their text ``hashes``) and ``meta``."""
    import io

    import numpy as np

    memdir.ensure()
    matrix_path, ids_path, meta_path = _paths(memdir)
    width = max([len(i.encode("utf-8")) for i in ids] + [1])
    records = np.zeros(len(ids), dtype=[("id", f"S{width}"), ("hash", "<u8")])
    records["id"] = [i.encode("utf-8") for i in ids]
    records["hash"] = np.asarray(hashes, dtype=np.uint64)
    change = journal.Change()
    generation = hashlib.blake2b(digest_size=8)
    for path, array in ((matrix_path, np.ascontiguousarray(matrix, dtype=np.float16)), (ids_path, records)):
        buffer = io.BytesIO()
        np.save(buffer, array, allow_pickle=False)
        change.replace(path, buffer.getvalue())
        generation.update(buffer.getbuffer())
    meta = {**meta, "version": FORMAT_VERSION, "count": len(ids), "generation": generation.hexdigest()}
    meta["updated"] = clock.now_iso()
    change.replace(meta_path, json.dumps(meta, indent=1))
    with journal.held(memdir):
        journal.apply(memdir, change)


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
