"""Keeping what recall reads in step with the store: the retrieval catalog and the fact vectors.

Called after every write (the extraction worker, ``ratchet add``, ``memory-manage``, ``memory-embed``), never by the
write path itself, so extraction does not reach into the read path.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ratchet.config import Config
from ratchet.errors import RatchetError, StoreError
from ratchet.models.embedders import (
    TFIDF_DIM,
    backend_name,
    embed_openai,
    embed_texts,
    idf_weights,
    model_name,
    normalise,
    transformer_spec,
)
from ratchet.store import table, vectors
from ratchet.store.files import fault_point

if TYPE_CHECKING:
    import numpy as np

    from ratchet.store.store import Store

# A long embedding run (a transformer over a large store, or many OpenAI requests) saves what it has this often,
# so an interrupted run loses at most this much work: the next sync embeds only the facts still without a vector.
CHECKPOINT_SECONDS = 60.0

Progress = Callable[[int, int], None]


def sync(
    store: Store,
    config: Config,
    *,
    full: bool = False,
    progress: Progress | None = None,
    refresh_cache: bool = True,
) -> dict[str, Any]:
    """Bring the vectors in line with the store: drop those of facts gone or superseded (or whose text changed),
    embed active facts without a vector; ``full`` re-embeds everything. Returns counts and the model used.

    With ``refresh_cache`` the retrieval cache is rebuilt too when stale, so the next session start is fast.
    """
    if refresh_cache:  # first: it brings the fact table up to date for the sync, and is the smaller of the two
        from ratchet.recall import catalog

        catalog.refresh(store)
    return _sync(store, config, full=full, progress=progress)


def _sync(store: Store, config: Config, *, full: bool, progress: Progress | None) -> dict[str, Any]:
    import numpy as np

    memdir = store.memdir
    backend = backend_name(config)
    model = model_name(config, backend)
    with store.lock():  # read as the store is once a write a killed run left is finished; embed without the lock
        # The fact table holds each active fact's id and embedded-text hash: only the facts to embed are read.
        tab = table.current(store, quarantine=True)
        signature = store.signature()
        raw = vectors.load_raw(memdir)
        replaced = 0
        if raw is not None and (full or (raw[2].get("backend"), raw[2].get("model")) != (backend, model)):
            replaced = len(raw[0])  # --all, or another model: never mix vectors of two models
            raw = None
        active = np.flatnonzero(tab.active)
        keep = _still_current(tab, active, raw[0]) if raw is not None else np.zeros(0, dtype=bool)
        todo_rows = active[~np.isin(tab.ids[active], raw[0]["id"][keep])] if raw is not None else active
        texts = _texts(store, tab, todo_rows)
    fault_point("embed:after-read")
    todo = list(texts)
    todo_hashes = tab.embed[todo_rows].tolist()
    kept_ids: list[str] = []
    kept_hashes: list[int] = []
    kept_rows: Any = np.zeros((0, 0), dtype=np.float16)
    previous = 0
    if raw is not None:
        records, matrix, _meta = raw
        previous = len(records)
        kept_ids = [i.decode("utf-8") for i in records["id"][keep].tolist()]
        kept_hashes = records["hash"][keep].tolist()
        kept_rows = matrix if keep.all() else np.asarray(matrix[keep])  # the memory map itself: no copy
    dropped = previous - len(kept_ids) + replaced
    result = {
        "backend": backend,
        "model": model,
        "embedded": len(todo),
        "dropped": dropped,
        "total": len(kept_ids) + len(todo),
    }
    if not todo and not dropped and raw is not None:
        if raw[2].get("signature") != signature:  # nothing to do, but remember the store state we checked
            vectors.save(memdir, kept_ids, kept_hashes, kept_rows, {**raw[2], "signature": signature})
        result["dimension"] = int(raw[1].shape[1])
        return result
    meta: dict[str, Any] = {"backend": backend, "model": model, "signature": signature}

    def save(rows: np.ndarray, **extra: Any) -> int:
        """Store the kept vectors plus ``rows`` (those of the first ``len(rows)`` facts to do); return the dimension."""
        if kept_rows.size and rows.size and kept_rows.shape[1] != rows.shape[1]:
            raise StoreError(f"Embedding dimension changed ({kept_rows.shape[1]} -> {rows.shape[1]}): run --all")
        dimension = int(rows.shape[1] if rows.size else (kept_rows.shape[1] if kept_rows.size else 0))
        blocks = [np.asarray(kept_rows).reshape(len(kept_ids), dimension) if not kept_rows.size else kept_rows, rows]
        done = kept_ids + todo[: len(rows)]
        hashes = kept_hashes + todo_hashes[: len(rows)]
        vectors.save(memdir, done, hashes, blocks, {**meta, **extra, "dimension": dimension})
        return dimension

    checkpoint = None
    if backend != "tfidf":  # tf-idf weights need every row first; it is fast anyway

        def checkpoint(rows: np.ndarray) -> None:
            """Save the vectors embedded so far, so an interrupted run resumes where it stopped."""
            save(rows, signature=None)
            fault_point("embed:checkpoint")

    new_rows = _embed_for_store(config, backend, [texts[i] for i in todo], progress, checkpoint)
    if backend == "tfidf":
        new_rows, meta["idf"] = _apply_idf(new_rows, kept_rows, raw[2] if raw else None)
    dimension = save(new_rows)
    result["dimension"] = dimension
    return result


def _still_current(tab: table.Table, active: np.ndarray, records: np.ndarray) -> np.ndarray:
    """Per stored vector (``records``: ids and text hashes) whether it is of an active fact's current text."""
    import numpy as np

    if not len(active) or not len(records):
        return np.zeros(len(records), dtype=bool)
    width = max(tab.ids.dtype.itemsize, records["id"].dtype.itemsize)
    ids = tab.ids[active].astype(f"S{width}")
    order = np.argsort(ids)
    ranked = ids[order]
    stored = records["id"].astype(f"S{width}")
    at = np.minimum(np.searchsorted(ranked, stored), len(ranked) - 1)
    found: np.ndarray = (ranked[at] == stored) & (tab.embed[active][order][at] == records["hash"])
    return found


def _texts(store: Store, tab: table.Table, rows: np.ndarray) -> dict[str, str]:
    """Fact id -> embedded text of the facts on ``rows``, in row order (read by offset; the caller holds the lock)."""
    facts = tab.facts(store.memdir, [int(r) for r in rows])
    if len(facts) != len(rows):
        raise StoreError("A quarter file changed while its facts were read; run memory-embed again")
    return {facts[int(r)].id: vectors.embed_text(facts[int(r)]) for r in rows}


def _embed_for_store(
    config: Config,
    backend: str,
    texts: list[str],
    progress: Progress | None,
    checkpoint: Callable[[np.ndarray], None] | None = None,
) -> np.ndarray:
    """Embed ``texts`` chunk by chunk; every ``CHECKPOINT_SECONDS`` of work the rows so far go to ``checkpoint``."""
    import numpy as np

    if not texts:
        return np.zeros((0, 0), dtype=np.float32)
    # Progress every few seconds: a transformer embeds 12-190 texts a second, wordllama thousands; an OpenAI chunk
    # is one request.
    chunk = 256 if backend == "local" and transformer_spec(config) is not None else 2048
    every = float(os.environ.get("RATCHET_EMBED_CHECKPOINT_SECONDS", CHECKPOINT_SECONDS))
    parts = []
    last = time.monotonic()
    for start in range(0, len(texts), chunk):
        batch = texts[start : start + chunk]
        if backend == "openai":
            parts.append(normalise(embed_openai(config, batch)))
        else:
            parts.append(embed_texts(config, batch, backend=backend))
        done = min(start + chunk, len(texts))
        if progress:
            progress(done, len(texts))
        if checkpoint is not None and done < len(texts) and time.monotonic() - last >= every:
            checkpoint(np.vstack(parts))
            last = time.monotonic()
    return np.vstack(parts)


def _apply_idf(
    new_rows: np.ndarray, kept_rows: np.ndarray, meta: dict[str, Any] | None
) -> tuple[np.ndarray, list[float]]:
    """Weight new tf-idf rows by the store's idf (computed on a full embed, reused by incremental ones)."""
    import numpy as np

    if meta and meta.get("idf") and kept_rows.size:
        idf = np.asarray(meta["idf"], dtype=np.float32)
    else:
        idf = idf_weights(new_rows) if new_rows.size else np.ones(TFIDF_DIM, dtype=np.float32)
    if new_rows.size:
        new_rows = normalise(new_rows * idf)
    return new_rows, [round(float(v), 5) for v in idf]


def import_json(
    store: Store, config: Config, data: Any, *, backend: str | None = None, model: str | None = None
) -> dict[str, Any]:
    """Replace the stored vectors with a ``{fact_id: [float, ...]}`` mapping (active facts only).

    The vectors are tagged with ``backend``/``model`` (default: the configured ones, whose queries they must
    match); a later sync under another model re-embeds rather than mixing.
    """
    backend = backend or backend_name(config)
    model = model or model_name(config, backend)
    if not isinstance(data, dict):
        raise RatchetError("embeddings.json must be a JSON object {fact_id: [float, ...]}")
    with store.lock():
        return _import_json(store, data, backend, model)


def _import_json(store: Store, data: dict[str, Any], backend: str, model: str) -> dict[str, Any]:
    import numpy as np

    active = {f.id: f for f in store.facts() if f.active}
    ids: list[str] = []
    rows: list[list[float]] = []
    skipped = 0
    dimension: int | None = None
    for fid, vector in data.items():
        if fid not in active or not isinstance(vector, list) or not vector:
            skipped += 1
            continue
        if not all(isinstance(v, int | float) and math.isfinite(v) for v in vector):
            raise RatchetError(f"embeddings.json: the vector of {fid} holds a value that is not a finite number")
        if dimension is None:
            dimension = len(vector)
        if len(vector) != dimension:
            raise RatchetError(f"embeddings.json: the vector of {fid} has {len(vector)} values, expected {dimension}")
        ids.append(fid)
        rows.append(vector)
    matrix = normalise(np.asarray(rows, dtype=np.float32).reshape(len(rows), dimension or 0))
    hashes = [vectors.text_hash(vectors.embed_text(active[i])) for i in ids]
    meta = {"backend": backend, "model": model, "dimension": dimension or 0, "signature": store.signature()}
    vectors.save(store.memdir, ids, hashes, matrix, meta)
    return {"imported": len(ids), "skipped": skipped, "dimension": dimension or 0}


def behind(store: Store, config: Config) -> bool:
    """True when what recall reads was last brought up to date with another state of the store (or never), or
    under other credential rules, so a refresh is due even after an extraction that added nothing: the one before it
    may have been killed before its refresh, and after an upgrade the retrieval cache's output-gate verdicts are
    those of the old rules, so every hook would scan the facts it shows (some 40 ms of compiling) until the next
    write. The vectors count only with ``extraction.sync_embeddings`` on."""
    from ratchet.recall import catalog

    if config.section("extraction").get("sync_embeddings", True):
        meta = vectors.load_meta(store.memdir)
        if meta is None or meta.get("signature") != store.signature():
            return True
    return not catalog.current(store)


def after_write(store: Store, config: Config) -> None:
    """Bring the vectors and the retrieval catalog in line after facts were written, so the next hook finds them
    warm (``extraction.sync_embeddings`` off leaves the vectors to ``memory-embed``). Never raises: the write already
    succeeded, and a stale cache is rebuilt by the next reader; the reason goes to ``ratchet.log``."""
    from ratchet.store.logfile import log_line

    try:
        if config.section("extraction").get("sync_embeddings", True):
            sync(store, config)
        else:
            from ratchet.recall import catalog

            catalog.refresh(store)
    except Exception as exc:  # noqa: BLE001 - the facts are stored; only the derived data is behind
        log_line(store.memdir.log, f"refresh after write failed: {type(exc).__name__}: {exc}")
