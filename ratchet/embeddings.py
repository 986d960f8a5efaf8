"""Fact embeddings: three backends, one compact store beside the facts, incremental sync.

Backends (``embeddings.backend``; ``auto`` = ``openai`` when an API key or base URL is configured, else ``local``):

- ``openai``: ``text-embedding-3-small`` (configurable, ``dimensions`` honoured) through the one client built in
  :mod:`ratchet.llm`; batches stay within the API limits (2,048 inputs, 8,191 tokens per input, 300k per request).
- ``local``: by default wordllama's 256-d weights, which ship inside the wheel: token embeddings averaged and
  normalised, read straight from the bundled safetensors file (memory-mapped) and tokenized with the bundled
  tokenizer, so nothing is downloaded and a query embeds in milliseconds. Optionally (``local_model``, fetched
  once with ``ratchet model fetch``) a transformer sentence encoder (:mod:`ratchet.transformer`, its layers in
  onnxruntime or numpy, ``runtime``): ``all-MiniLM-L6-v2`` (6 layers: better recall, about 5 ms a query, a few
  hundred facts a second to embed) or ``all-mpnet-base-v2`` (12 layers, 768 wide: the best recall here, about
  35 ms a query, about 40 facts a second).
- ``tfidf``: scikit-learn hashed term frequencies (English stop words removed) weighted by inverse document
  frequency over the store; the last fallback, no model at all.

Storage in ``memory/state/``: ``embeddings.npy`` (float16 rows, unit length; loaded with ``mmap_mode="r"``),
``embeddings-ids.npy`` (fact id and a hash of the embedded text per row) and ``embeddings-meta.json`` (backend,
model, dimension, row count, the store signature and a generation token). Changing backend, model or dimension
re-embeds everything; vectors are never mixed. Everything here is derived and rebuildable with ``--all``.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ratchet import timeutil
from ratchet.config import Config
from ratchet.errors import LLMError, RatchetError, StoreError
from ratchet.fileio import atomic_write, fault_point, read_json
from ratchet.memdir import MemoryDir

if TYPE_CHECKING:
    import numpy as np

    from ratchet.facts import Fact
    from ratchet.store import Store

FORMAT_VERSION = 1
MATRIX_NAME = "embeddings.npy"
IDS_NAME = "embeddings-ids.npy"
META_NAME = "embeddings-meta.json"
OPENAI_MAX_INPUTS = 2048
OPENAI_MAX_REQUEST_TOKENS = 300_000
# 8,191 tokens per input; a token is at least one character for these models' text, so 8,000 characters is safe.
OPENAI_MAX_INPUT_CHARS = 8000
TFIDF_DIM = 512
# A long embedding run (a transformer over a large store, or many OpenAI requests) saves what it has this often,
# so an interrupted run loses at most this much work: the next sync embeds only the facts still without a vector.
CHECKPOINT_SECONDS = 60.0
DEFAULT_COSINE_WEIGHT = 0.1  # wordllama, OpenAI and tf-idf vectors
BUNDLED_MODEL = "wordllama-l2-supercat-256"  # ships inside the wordllama wheel

Progress = Callable[[int, int], None]


# ----- paths and configuration --------------------------------------------------------------------
def _paths(memdir: MemoryDir) -> tuple[Path, Path, Path]:
    state = memdir.state_dir
    return state / MATRIX_NAME, state / IDS_NAME, state / META_NAME


def backend_name(config: Config) -> str:
    """The backend in use: the configured one, or for ``auto`` openai when an LLM is configured, else local."""
    name = str(config.section("embeddings")["backend"])
    if name == "auto":
        return "openai" if config.llm_configured() else "local"
    return name


def model_name(config: Config, backend: str | None = None) -> str:
    """The model tag stored with the vectors (changing it re-embeds)."""
    section = config.section("embeddings")
    backend = backend or backend_name(config)
    if backend == "openai":
        dims = section.get("dimensions")
        return f"{section['openai_model']}" + (f"@{dims}" if dims else "")
    if backend == "local":
        return str(section["local_model"])
    return f"tfidf-hash-{TFIDF_DIM}"


def with_local_model(config: Config, name: str) -> Config:
    """``config`` with the local backend and model ``name`` (``ratchet eval --model``; the golden set's matcher)."""
    import copy

    data = copy.deepcopy(config.data)
    data["embeddings"]["backend"] = "local"
    data["embeddings"]["local_model"] = name
    return Config(data, config.path)


def embed_text(fact: Fact) -> str:
    """What is embedded for a fact: its content, then its tags."""
    text = " ".join(fact.content.split())
    if fact.tags:
        text += " (tags: " + ", ".join(fact.tags) + ")"
    return text


def _text_hash(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "little")


# ----- backends -----------------------------------------------------------------------------------
def embed_texts(config: Config, texts: Sequence[str], *, backend: str | None = None) -> np.ndarray:
    """Embed ``texts`` with the configured backend: a float32 matrix of unit rows, one per text."""
    import numpy as np

    backend = backend or backend_name(config)
    if not texts:
        return np.zeros((0, 0), dtype=np.float32)
    if backend == "openai":
        matrix = _embed_openai(config, list(texts))
    elif backend == "local":
        matrix = configured_local_model(config).embed(list(texts))
    elif backend == "tfidf":
        matrix = _embed_hashed(list(texts))
    else:
        raise RatchetError(f"Unknown embedding backend '{backend}'")
    return _normalise(matrix)


def _normalise(matrix: np.ndarray) -> np.ndarray:
    import numpy as np

    matrix = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    out: np.ndarray = matrix / norms
    return out


def _openai_batches(texts: list[str]) -> Iterable[tuple[int, list[str]]]:
    """Slices within the API limits: at most 2,048 inputs and a conservative 300k-token estimate per request."""
    start = 0
    while start < len(texts):
        batch: list[str] = []
        tokens = 0
        for text in texts[start : start + OPENAI_MAX_INPUTS]:
            cost = len(text.encode("utf-8")) // 2 + 1  # conservative: at least 2 bytes per token
            if batch and tokens + cost > OPENAI_MAX_REQUEST_TOKENS:
                break
            batch.append(text)
            tokens += cost
        yield start, batch
        start += len(batch)


def _embed_openai(config: Config, texts: list[str]) -> np.ndarray:
    import numpy as np
    import openai

    from ratchet.llm import make_client

    section = config.section("embeddings")
    client = make_client(config)
    clean = [(" ".join(t.split()) or "(empty)")[:OPENAI_MAX_INPUT_CHARS] for t in texts]
    rows: list[list[float]] = []
    for _start, batch in _openai_batches(clean):
        kwargs: dict[str, Any] = {"model": section["openai_model"], "input": batch}
        if section.get("dimensions"):
            kwargs["dimensions"] = int(section["dimensions"])
        try:
            response = client.embeddings.create(**kwargs)
        except openai.APITimeoutError:
            raise LLMError(f"Embedding request to {config.llm_base_url() or 'OpenAI'} timed out") from None
        except openai.APIConnectionError:
            raise LLMError(f"Embedding endpoint {config.llm_base_url() or 'OpenAI'} is unreachable") from None
        except openai.APIStatusError as exc:
            detail = " ".join(str(exc).split())[:200]
            raise LLMError(f"Embedding request failed with HTTP {exc.status_code}: {detail}") from None
        data = sorted(response.data, key=lambda d: d.index)
        if len(data) != len(batch):
            raise LLMError(f"Embedding endpoint returned {len(data)} vectors for {len(batch)} inputs")
        rows.extend(list(d.embedding) for d in data)
    return np.asarray(rows, dtype=np.float32)


class LocalModel:
    """wordllama's bundled static embeddings: mean of token vectors, normalised (as ``WordLlama.embed``)."""

    def __init__(self, weights: Path, tokenizer: Path) -> None:
        from tokenizers import Tokenizer

        from ratchet.transformer import read_safetensors

        self.tokenizer = Tokenizer.from_file(str(tokenizer))
        self.tokenizer.no_padding()
        self.tokenizer.no_truncation()
        # The table is memory-mapped: loading costs nothing and a query touches only its own tokens' rows.
        tensors = read_safetensors(weights)
        if "embedding.weight" not in tensors:
            raise RatchetError(f"{weights}: no embedding.weight tensor")
        self.table = tensors["embedding.weight"]
        self.dimension = int(self.table.shape[1])

    def embed(self, texts: list[str], batch_size: int = 512) -> np.ndarray:
        import numpy as np

        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        vocab = self.table.shape[0]
        for start in range(0, len(texts), batch_size):
            encoded = self.tokenizer.encode_batch(texts[start : start + batch_size], add_special_tokens=False)
            lengths = np.fromiter((len(e.ids) for e in encoded), dtype=np.int64, count=len(encoded))
            if not lengths.sum():
                continue
            ids = np.fromiter((i for e in encoded for i in e.ids), dtype=np.int64, count=int(lengths.sum()))
            np.clip(ids, 0, vocab - 1, out=ids)
            vectors = np.asarray(self.table[ids], dtype=np.float32)
            owners = np.repeat(np.arange(len(encoded)), lengths)
            sums = np.zeros((len(encoded), self.dimension), dtype=np.float32)
            np.add.at(sums, owners, vectors)
            out[start : start + len(encoded)] = sums / np.maximum(lengths, 1)[:, None]
        return out


_LOCAL: dict[str, Any] = {}


def local_model(name: str, runtime: str = "auto") -> Any:
    """The local model ``name`` (loaded once per process): a bundled wordllama model such as
    ``wordllama-l2-supercat-256``, or a fetched transformer from :mod:`ratchet.models` such as ``all-MiniLM-L6-v2``,
    its layers run by ``runtime`` (``embeddings.runtime``: auto, onnxruntime or numpy; wordllama has no layers).
    Either has ``embed(texts) -> matrix`` and ``dimension``."""
    from ratchet import models

    loaded = _LOCAL.get(name)
    if name in models.MODELS and getattr(loaded, "requested", runtime) != runtime:
        loaded = None  # asked for another runtime than the one loaded
    if loaded is None:
        if name in models.MODELS:
            from ratchet.transformer import SentenceEncoder

            loaded = SentenceEncoder(models.require(name), runtime)
        else:
            loaded = LocalModel(*_local_files(name))
        _LOCAL[name] = loaded
    return loaded


def configured_local_model(config: Config) -> Any:
    """The configured local model (``embeddings.local_model``), its layers run as ``embeddings.runtime`` says."""
    section = config.section("embeddings")
    return local_model(str(section["local_model"]), str(section.get("runtime", "auto")))


def _local_files(name: str) -> tuple[Path, Path]:
    import importlib.util

    spec = importlib.util.find_spec("wordllama")
    if spec is None or not spec.submodule_search_locations:
        raise RatchetError("The local embedding backend needs the 'wordllama' package (pip install wordllama)")
    root = Path(next(iter(spec.submodule_search_locations)))
    parts = name.removeprefix("wordllama-").rsplit("-", 1)
    if len(parts) != 2 or not parts[1].isdigit():
        raise RatchetError(f"Local model '{name}' is not of the form wordllama-<config>-<dim>")
    config_name = parts[0].replace("-", "_")
    weights = root / "weights" / f"{config_name}_{parts[1]}.safetensors"
    tokenizer = root / "tokenizers" / f"{config_name}_tokenizer_config.json"
    for path in (weights, tokenizer):
        if not path.is_file():
            raise RatchetError(f"Local model '{name}': {path} is not bundled with wordllama")
    return weights, tokenizer


def _embed_hashed(texts: list[str]) -> np.ndarray:
    import numpy as np
    from sklearn.feature_extraction.text import HashingVectorizer

    vectorizer = HashingVectorizer(
        n_features=TFIDF_DIM, alternate_sign=False, norm=None, stop_words="english", ngram_range=(1, 1)
    )
    counts = vectorizer.transform(texts)
    counts.data = 1.0 + np.log(counts.data)  # sublinear term frequency
    return np.asarray(counts.toarray(), dtype=np.float32)


def _idf(matrix: np.ndarray) -> np.ndarray:
    import numpy as np

    docs = matrix.shape[0]
    df = (matrix > 0).sum(axis=0)
    out: np.ndarray = (np.log((1 + docs) / (1 + df)) + 1.0).astype(np.float32)
    return out


# ----- storage ------------------------------------------------------------------------------------
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
    if meta is None:
        return None
    try:
        matrix = np.load(matrix_path, mmap_mode="r")
        records = np.load(ids_path)
    except (OSError, ValueError):
        return None
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


def _save(memdir: MemoryDir, ids: list[str], hashes: list[int], matrix: np.ndarray, meta: dict[str, Any]) -> None:
    import io

    import numpy as np

    memdir.ensure()
    matrix_path, ids_path, meta_path = _paths(memdir)
    width = max([len(i.encode("utf-8")) for i in ids] + [1])
    records = np.zeros(len(ids), dtype=[("id", f"S{width}"), ("hash", "<u8")])
    records["id"] = [i.encode("utf-8") for i in ids]
    records["hash"] = np.asarray(hashes, dtype=np.uint64)
    for path, array in ((matrix_path, np.ascontiguousarray(matrix, dtype=np.float16)), (ids_path, records)):
        buffer = io.BytesIO()
        np.save(buffer, array, allow_pickle=False)
        atomic_write(path, buffer.getvalue())
    meta = {**meta, "version": FORMAT_VERSION, "count": len(ids), "generation": secrets.token_hex(8)}
    meta["updated"] = timeutil.now_iso()
    atomic_write(meta_path, json.dumps(meta, indent=1))


def drop_vectors(memdir: MemoryDir, ids: Iterable[str]) -> int:
    """Remove the vectors of ``ids`` (purged, forgotten or superseded facts); return how many were dropped."""
    import numpy as np

    raw = load_raw(memdir)
    gone = {i.encode("utf-8") for i in ids}
    if raw is None or not gone:
        return 0
    records, matrix, meta = raw
    keep = np.fromiter((r not in gone for r in records["id"]), dtype=bool, count=len(records))
    dropped = int((~keep).sum())
    if dropped:
        kept_ids = [i.decode("utf-8") for i in records["id"][keep]]
        _save(memdir, kept_ids, [int(h) for h in records["hash"][keep]], np.asarray(matrix[keep]), meta)
    return dropped


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
    result = _sync(store, config, full=full, progress=progress)
    if refresh_cache:
        from ratchet import catalog

        catalog.refresh(store)
    return result


def _sync(store: Store, config: Config, *, full: bool, progress: Progress | None) -> dict[str, Any]:
    import numpy as np

    memdir = store.memdir
    backend = backend_name(config)
    model = model_name(config, backend)
    facts = [f for f in store.facts() if f.active]
    signature = store.signature()
    texts = {f.id: embed_text(f) for f in facts}
    hashes = {fid: _text_hash(t) for fid, t in texts.items()}

    raw = load_raw(memdir)
    replaced = 0
    if raw is not None and (full or (raw[2].get("backend"), raw[2].get("model")) != (backend, model)):
        replaced = len(raw[0])  # --all, or another model: never mix vectors of two models
        raw = None
    kept_ids: list[str] = []
    kept_rows: Any = np.zeros((0, 0), dtype=np.float16)
    previous = 0
    if raw is not None:
        records, matrix, _meta = raw
        previous = len(records)
        stored = [i.decode("utf-8") for i in records["id"]]
        keep = np.fromiter(
            (hashes.get(fid) == int(h) for fid, h in zip(stored, records["hash"], strict=True)),
            dtype=bool,
            count=len(stored),
        )
        kept_ids = [fid for fid, k in zip(stored, keep, strict=True) if k]
        kept_rows = np.asarray(matrix[keep])
    have = set(kept_ids)
    todo = [f.id for f in facts if f.id not in have]
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
            _save(memdir, kept_ids, [hashes[i] for i in kept_ids], kept_rows, {**raw[2], "signature": signature})
        result["dimension"] = int(raw[1].shape[1])
        return result
    meta: dict[str, Any] = {"backend": backend, "model": model, "signature": signature}

    def save(rows: np.ndarray, **extra: Any) -> int:
        """Store the kept vectors plus ``rows`` (those of the first ``len(rows)`` facts to do); return the dimension."""
        if kept_rows.size and rows.size and kept_rows.shape[1] != rows.shape[1]:
            raise StoreError(f"Embedding dimension changed ({kept_rows.shape[1]} -> {rows.shape[1]}): run --all")
        dimension = int(rows.shape[1] if rows.size else (kept_rows.shape[1] if kept_rows.size else 0))
        if kept_rows.size and rows.size:
            matrix_out = np.vstack([kept_rows.astype(np.float16), rows.astype(np.float16)])
        elif rows.size:
            matrix_out = rows.astype(np.float16)
        else:
            matrix_out = np.asarray(kept_rows, dtype=np.float16).reshape(len(kept_ids), dimension)
        done = kept_ids + todo[: len(rows)]
        _save(memdir, done, [hashes[i] for i in done], matrix_out, {**meta, **extra, "dimension": dimension})
        return dimension

    checkpoint = None
    if backend != "tfidf":  # tf-idf weights need every row first; it is fast anyway

        def checkpoint(rows: np.ndarray) -> None:
            """Save the vectors embedded so far, so an interrupted run resumes where it stopped."""
            save(rows, signature=None)
            fault_point("embeddings:checkpoint")

    new_rows = _embed_for_store(config, backend, [texts[i] for i in todo], progress, checkpoint)
    if backend == "tfidf":
        new_rows, meta["idf"] = _apply_idf(new_rows, kept_rows, raw[2] if raw else None)
    dimension = save(new_rows)
    result["dimension"] = dimension
    return result


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
    chunk = 256 if backend == "local" and _transformer(config) is not None else 2048
    every = float(os.environ.get("RATCHET_EMBED_CHECKPOINT_SECONDS", CHECKPOINT_SECONDS))
    parts = []
    last = time.monotonic()
    for start in range(0, len(texts), chunk):
        batch = texts[start : start + chunk]
        if backend == "openai":
            parts.append(_normalise(_embed_openai(config, batch)))
        else:
            parts.append(embed_texts(config, batch, backend=backend))
        done = min(start + chunk, len(texts))
        if progress:
            progress(done, len(texts))
        if checkpoint is not None and done < len(texts) and time.monotonic() - last >= every:
            checkpoint(np.vstack(parts))
            last = time.monotonic()
    return np.vstack(parts)


def _transformer(config: Config) -> Any:
    """The fetched transformer model configured (a :class:`ratchet.models.ModelSpec`), or None for any other."""
    from ratchet import models

    if backend_name(config) != "local":
        return None
    return models.MODELS.get(str(config.section("embeddings")["local_model"]))


def cosine_weight(config: Config) -> float:
    """The hybrid's cosine share: ``retrieval.cosine_weight`` when set, else the configured model's own default
    (0.4 for all-MiniLM-L6-v2 and 0.5 for all-mpnet-base-v2, whose cosines carry more than wordllama's; 0.1
    otherwise). Chosen on LoCoMo dev with leave-one-conversation-out checks (bench/RESULTS.md)."""
    return _per_model(config, "cosine_weight", DEFAULT_COSINE_WEIGHT)


def session_cosine_weight(config: Config) -> float:
    """How much of its session's best cosine a fact is lent (``retrieval.session_cosine_weight`` when set, else
    the configured model's own default: 0.2 for all-mpnet-base-v2, 0 for every other model, whose cosines are too
    noisy for a session's best one to say much about its other facts)."""
    return _per_model(config, "session_cosine_weight", 0.0)


def _per_model(config: Config, key: str, otherwise: float) -> float:
    """``retrieval.<key>`` when set; else the same-named field of the configured transformer's ModelSpec; else
    ``otherwise`` (wordllama, OpenAI, tf-idf)."""
    configured = config.section("retrieval").get(key)
    if configured is not None:
        return float(configured)
    model = _transformer(config)
    return float(getattr(model, key)) if model is not None else otherwise


def _apply_idf(
    new_rows: np.ndarray, kept_rows: np.ndarray, meta: dict[str, Any] | None
) -> tuple[np.ndarray, list[float]]:
    """Weight new tf-idf rows by the store's idf (computed on a full embed, reused by incremental ones)."""
    import numpy as np

    if meta and meta.get("idf") and kept_rows.size:
        idf = np.asarray(meta["idf"], dtype=np.float32)
    else:
        idf = _idf(new_rows) if new_rows.size else np.ones(TFIDF_DIM, dtype=np.float32)
    if new_rows.size:
        new_rows = _normalise(new_rows * idf)
    return new_rows, [round(float(v), 5) for v in idf]


def status(memdir: MemoryDir) -> dict[str, Any]:
    """What is stored: backend, model, dimension, count, and when it was last synced."""
    meta = load_meta(memdir) or {}
    return {k: meta.get(k) for k in ("backend", "model", "dimension", "count", "updated")}


# ----- the spec's embeddings.json -----------------------------------------------------------------
def export_json(memdir: MemoryDir) -> dict[str, list[float]]:
    """``{fact_id: [float, ...]}`` of every stored vector (the spec's ``embeddings.json``)."""
    loaded = load_vectors(memdir)
    if loaded is None:
        return {}
    ids, matrix = loaded
    return {fid: [round(float(v), 6) for v in row] for fid, row in zip(ids, matrix, strict=True)}


def import_json(
    store: Store, config: Config, data: Any, *, backend: str | None = None, model: str | None = None
) -> dict[str, Any]:
    """Replace the stored vectors with a ``{fact_id: [float, ...]}`` mapping (active facts only).

    The vectors are tagged with ``backend``/``model`` (default: the configured ones, whose queries they must
    match); a later sync under another model re-embeds rather than mixing.
    """
    backend = backend or backend_name(config)
    model = model or model_name(config, backend)
    import numpy as np

    if not isinstance(data, dict):
        raise RatchetError("embeddings.json must be a JSON object {fact_id: [float, ...]}")
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
    matrix = _normalise(np.asarray(rows, dtype=np.float32).reshape(len(rows), dimension or 0))
    hashes = [_text_hash(embed_text(active[i])) for i in ids]
    meta = {"backend": backend, "model": model, "dimension": dimension or 0, "signature": store.signature()}
    _save(store.memdir, ids, hashes, matrix, meta)
    return {"imported": len(ids), "skipped": skipped, "dimension": dimension or 0}
