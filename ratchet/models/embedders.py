"""Embedding backends behind one small Protocol: ``embed(texts) -> matrix`` of one row per text.

Backends (``embeddings.backend``; ``auto`` = ``openai`` when an API key or base URL is configured, else ``local``):

- ``openai``: ``text-embedding-3-small`` (configurable, ``dimensions`` honoured) through the one client built in
  :mod:`ratchet.models.llm`; batches stay within the API limits (2,048 inputs, 8,191 tokens per input, 300k per
  request).
- ``local``: by default wordllama's 256-d weights, which ship inside the wheel: token embeddings averaged and
  normalised, read straight from the bundled safetensors file (memory-mapped) and tokenized with the bundled
  tokenizer, so nothing is downloaded and a query embeds in milliseconds. Optionally (``local_model``, fetched
  once with ``ratchet model fetch``) a transformer sentence encoder (:mod:`ratchet.models.transformer`, its layers in
  onnxruntime or numpy, ``runtime``): ``all-MiniLM-L6-v2`` (6 layers: better recall, about 5 ms a query, a few
  hundred facts a second to embed) or ``all-mpnet-base-v2`` (12 layers, 768 wide: the best recall here, about
  35 ms a query, about 40 facts a second).
- ``tfidf``: scikit-learn hashed term frequencies (English stop words removed) weighted by inverse document
  frequency over the store; the last fallback, no model at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ratchet.config import Config
from ratchet.errors import LLMError, RatchetError

if TYPE_CHECKING:
    import numpy as np

OPENAI_MAX_INPUTS = 2048
OPENAI_MAX_REQUEST_TOKENS = 300_000
# 8,191 tokens per input; a token is at least one character for these models' text, so 8,000 characters is safe.
OPENAI_MAX_INPUT_CHARS = 8000
TFIDF_DIM = 512
DEFAULT_COSINE_WEIGHT = 0.1  # wordllama, OpenAI and tf-idf vectors
BUNDLED_MODEL = "wordllama-l2-supercat-256"  # ships inside the wordllama wheel


class Embedder(Protocol):
    """What every backend offers: a matrix with one row per text (not necessarily normalised)."""

    def embed(self, texts: list[str]) -> np.ndarray: ...


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


def embed_texts(config: Config, texts: Sequence[str], *, backend: str | None = None) -> np.ndarray:
    """Embed ``texts`` with the configured backend: a float32 matrix of unit rows, one per text."""
    import numpy as np

    backend = backend or backend_name(config)
    if not texts:
        return np.zeros((0, 0), dtype=np.float32)
    if backend == "openai":
        matrix = embed_openai(config, list(texts))
    elif backend == "local":
        matrix = configured_local_model(config).embed(list(texts))
    elif backend == "tfidf":
        matrix = _embed_hashed(list(texts))
    else:
        raise RatchetError(f"Unknown embedding backend '{backend}'")
    return normalise(matrix)


def normalise(matrix: np.ndarray) -> np.ndarray:
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


def embed_openai(config: Config, texts: list[str]) -> np.ndarray:
    import numpy as np
    import openai

    from ratchet.models.llm import make_client

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

        from ratchet.models.transformer import read_safetensors

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
    ``wordllama-l2-supercat-256``, or a fetched transformer from :mod:`ratchet.models.registry` such as
    ``all-MiniLM-L6-v2``, its layers run by ``runtime`` (``embeddings.runtime``: auto, onnxruntime or numpy;
    wordllama has no layers). Either has ``embed(texts) -> matrix`` and ``dimension``."""
    from ratchet.models import registry

    loaded = _LOCAL.get(name)
    if name in registry.MODELS and getattr(loaded, "requested", runtime) != runtime:
        loaded = None  # asked for another runtime than the one loaded
    if loaded is None:
        if name in registry.MODELS:
            from ratchet.models.transformer import SentenceEncoder

            loaded = SentenceEncoder(registry.require(name), runtime)
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


def idf_weights(matrix: np.ndarray) -> np.ndarray:
    import numpy as np

    docs = matrix.shape[0]
    df = (matrix > 0).sum(axis=0)
    out: np.ndarray = (np.log((1 + docs) / (1 + df)) + 1.0).astype(np.float32)
    return out


def transformer_spec(config: Config) -> Any:
    """The fetched transformer model configured (a :class:`ratchet.models.registry.ModelSpec`), or None."""
    from ratchet.models import registry

    if backend_name(config) != "local":
        return None
    return registry.MODELS.get(str(config.section("embeddings")["local_model"]))


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
    model = transformer_spec(config)
    return float(getattr(model, key)) if model is not None else otherwise
