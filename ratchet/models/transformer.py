"""Transformer sentence encoders: the forward pass of a sentence-transformers model, no torch.

Used for the optional local embedding models (:mod:`ratchet.models.registry`): ``all-MiniLM-L6-v2`` (BERT, 6 layers, 384
wide) and ``all-mpnet-base-v2`` (MPNet, 12 layers, 768 wide), both mean pooled to unit vectors. The two
architectures differ only in their embeddings (MPNet has no token types and counts positions from 2) and in
MPNet's learned relative-position bias, added to every layer's attention scores. The weights are read from the
model's safetensors file (memory-mapped: only the token rows a batch uses are touched), the text is tokenized by
the model's own ``tokenizer.json`` through the ``tokenizers`` library.

The layers run in onnxruntime (the graph is :mod:`ratchet.models.onnxgraph`; 2-3x faster per text) or in numpy
(``embeddings.runtime``; ``auto`` starts in numpy, which starts faster, and moves to onnxruntime once a process has
asked for a few texts); embeddings, the attention bias and pooling are numpy either way. The arithmetic is
float32 throughout and the two runtimes agree to 1e-6; on the published example pair ("A man is eating food." /
"A man is eating a piece of bread.") MiniLM's cosine is 0.7553, as sentence-transformers prints, and MPNet
reproduces torch's embedding of "Hello world" to 1e-5.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ratchet.errors import RatchetError

if TYPE_CHECKING:
    import numpy as np

DTYPES = {"F32": "float32", "F16": "float16", "I64": "int64"}
RUNTIMES = ("auto", "onnxruntime", "numpy")
# auto: numpy for a process's first few texts (a hook embeds one query: numpy starts faster), onnxruntime once a
# process has asked for this many (batches, long-lived processes: 2-3x faster per text), when it is installed
AUTO_AFTER = 8
MAX_BATCH_TOKENS = 4096  # tokens per forward batch: attention memory stays a few MB


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """Every tensor of a safetensors file as a read-only memory map (8-byte header length, JSON header, raw data)."""
    import numpy as np

    try:
        with open(path, "rb") as fh:
            size = int.from_bytes(fh.read(8), "little")
            header = json.loads(fh.read(size))
    except (OSError, ValueError) as exc:
        raise RatchetError(f"{path}: not a readable safetensors file ({exc})") from None
    tensors: dict[str, np.ndarray] = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        dtype = DTYPES.get(info.get("dtype"))
        if dtype is None:
            raise RatchetError(f"{path}: tensor {name} has unsupported dtype {info.get('dtype')}")
        begin, _end = info["data_offsets"]
        shape = tuple(info["shape"])
        tensors[name] = np.memmap(path, dtype=dtype, mode="r", offset=8 + size + begin, shape=shape)
    return tensors


# Weight names per architecture: the embeddings prefix and each layer's parts (encoder.layer.N. + name).
ARCHITECTURES: dict[str, dict[str, str]] = {
    "bert": {
        "prefix": "bert.",
        "query": "attention.self.query",
        "key": "attention.self.key",
        "value": "attention.self.value",
        "out": "attention.output.dense",
        "norm1": "attention.output.LayerNorm",
        "up": "intermediate.dense",
        "down": "output.dense",
        "norm2": "output.LayerNorm",
    },
    "mpnet": {
        "prefix": "mpnet.",
        "query": "attention.attn.q",
        "key": "attention.attn.k",
        "value": "attention.attn.v",
        "out": "attention.attn.o",
        "norm1": "attention.LayerNorm",
        "up": "intermediate.dense",
        "down": "output.dense",
        "norm2": "output.LayerNorm",
    },
}


class SentenceEncoder:
    """Mean-pooled BERT or MPNet sentence embeddings, as sentence-transformers computes them for these models."""

    def __init__(self, root: Path, runtime: str = "auto") -> None:
        import numpy as np
        from tokenizers import Tokenizer

        if runtime not in RUNTIMES:
            raise RatchetError(f"embeddings.runtime: '{runtime}' is not one of {', '.join(RUNTIMES)}")
        self.requested = runtime

        try:
            config = json.loads((root / "config.json").read_text(encoding="utf-8"))
            st_config = root / "sentence_bert_config.json"
            max_len = json.loads(st_config.read_text(encoding="utf-8")).get("max_seq_length", 256)
        except (OSError, ValueError) as exc:
            raise RatchetError(f"{root}: model configuration unreadable ({exc})") from None
        self.kind = str(config.get("model_type"))
        if self.kind not in ARCHITECTURES or config.get("hidden_act") != "gelu":
            raise RatchetError(f"{root}: only BERT and MPNet models with GELU are supported")
        self.hidden = int(config["hidden_size"])
        self.heads = int(config["num_attention_heads"])
        self.layers = int(config["num_hidden_layers"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        self.dimension = self.hidden
        # MPNet (like RoBERTa) numbers positions from pad_token_id + 1: two of its position rows are never used
        self.position_offset = int(config.get("pad_token_id", 1)) + 1 if self.kind == "mpnet" else 0
        positions = int(config.get("max_position_embeddings", 512)) - self.position_offset
        self.tokenizer = Tokenizer.from_file(str(root / "tokenizer.json"))
        self.tokenizer.no_padding()  # the shipped tokenizers pad every input to 128: batches pad themselves
        self.tokenizer.enable_truncation(int(min(max_len, positions)))
        self.root = root
        self.names = ARCHITECTURES[self.kind]
        self.weights = read_safetensors(root / "model.safetensors")
        word = self.names["prefix"] + "embeddings.word_embeddings.weight"
        self.prefix = self.names["prefix"] if word in self.weights else ""
        get, pair = self._tensor, self._pair
        self.word = get("embeddings.word_embeddings.weight")  # stays mapped: a batch reads only its rows
        self.position = np.asarray(get("embeddings.position_embeddings.weight"), dtype=np.float32)
        self.token_type = (
            np.asarray(get("embeddings.token_type_embeddings.weight")[0], dtype=np.float32)
            if self.kind == "bert"
            else None
        )
        self.relative_bias = (
            np.asarray(get("encoder.relative_attention_bias.weight"), dtype=np.float32)  # (buckets, heads)
            if self.kind == "mpnet"
            else None
        )
        self.norm0 = pair("embeddings.LayerNorm")
        self.blocks: list[dict[str, Any]] = []  # the numpy layers, built when first needed
        self.session: Any = None  # the onnxruntime layers, likewise
        self.embedded = 0  # texts embedded so far
        self.fallback = ""  # why auto stays in numpy, once it has tried onnxruntime
        if runtime == "onnxruntime":
            self.session = self._session()

    def _tensor(self, name: str, weights: dict[str, np.ndarray] | None = None) -> np.ndarray:
        """A weight by its name without the architecture prefix, memory-mapped (from ``weights`` when given)."""
        try:
            return (self.weights if weights is None else weights)[self.prefix + name]
        except KeyError:
            raise RatchetError(f"{self.root}: weight {self.prefix + name} missing from model.safetensors") from None

    def _pair(self, name: str, weights: dict[str, np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray]:
        return self._tensor(name + ".weight", weights), self._tensor(name + ".bias", weights)

    @property
    def runtime(self) -> str:
        """What runs the layers now: ``onnxruntime`` or ``numpy``."""
        return "onnxruntime" if self.session is not None else "numpy"

    def plan(self) -> str:
        """What will run the layers, in words (``ratchet doctor``)."""
        if self.requested != "auto":
            return self.requested
        if self.fallback or not onnxruntime_installed():
            return f"numpy ({self.fallback or 'onnxruntime is not installed'})"
        return f"numpy for the first {AUTO_AFTER - 1} texts, then onnxruntime"

    def _numpy_blocks(self) -> list[dict[str, Any]]:
        import numpy as np

        blocks = []
        # A map of its own: the query/key/value maps are read once, for the fused copy, and are unmapped when this
        # returns (kept in self.weights they would stay in the process's resident memory: 85 MB for MPNet).
        weights = read_safetensors(self.root / "model.safetensors")
        for i in range(self.layers):
            p = f"encoder.layer.{i}."
            # every matrix stays memory-mapped but for query, key and value, fused into one: a product per layer
            qkv = [self._pair(p + self.names[n], weights) for n in ("query", "key", "value")]
            block = {n: self._pair(p + self.names[n], weights) for n in ("out", "norm1", "up", "down", "norm2")}
            block["qkv"] = (np.concatenate([w for w, _ in qkv], axis=0), np.concatenate([b for _, b in qkv]))
            blocks.append(block)
        return blocks

    def _choose(self, count: int) -> None:
        """``auto``: numpy until the process has asked for AUTO_AFTER texts, then onnxruntime when it is installed
        and loads the graph (else numpy for good, the reason in ``fallback``)."""
        self.embedded += count
        if self.requested != "auto" or self.session is not None or self.fallback or self.embedded < AUTO_AFTER:
            return
        try:
            self.session = self._session()
        except RatchetError as exc:
            self.fallback = str(exc)
            return
        self.blocks = []  # the fused numpy copies are not needed any more

    def _session(self) -> Any:
        """An onnxruntime session running the layers over the memory-mapped ``model.safetensors``.

        Weights are not pre-packed: packing the 340 MB of MPNet's layers costs about 0.8 s per session and saves
        about 10 ms per query, a loss for any process that asks fewer than about 100 questions. Idle worker threads
        do not spin: spinning saves 1-2 ms per query but competes for the cores with the BLAS threads of the scoring
        that follows (p95 of a LoCoMo query with all-mpnet-base-v2: 105 ms spinning, 57 ms not; bench/RESULTS.md).
        """
        try:
            import onnxruntime
        except ImportError:
            raise RatchetError("onnxruntime is not installed") from None
        from ratchet.models import onnxgraph

        def weight(name: str) -> tuple[tuple[int, ...], int, int]:
            tensor = self._tensor(name)
            if tensor.dtype != "float32":
                raise RatchetError(f"{self.root}: weight {name} is {tensor.dtype}; onnxruntime here reads float32")
            return tuple(tensor.shape), int(getattr(tensor, "offset", 0)), int(tensor.nbytes)

        graph = onnxgraph.encoder_layers(
            layers=self.layers,
            hidden=self.hidden,
            heads=self.heads,
            eps=self.eps,
            weight=weight,
            names=self.names,
            location="model.safetensors",
        )
        options = onnxruntime.SessionOptions()
        options.log_severity_level = 3  # errors only: a hook's stderr stays clean
        options.add_session_config_entry("session.model_external_initializers_file_folder_path", str(self.root))
        options.add_session_config_entry("session.disable_prepacking", "1")
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        try:
            return onnxruntime.InferenceSession(graph, options, providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime raises its own Fail/InvalidGraph types
            raise RatchetError(f"{self.root}: onnxruntime could not load the encoder ({exc})") from None

    def embed(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        """Unit-length embeddings of ``texts`` (float32, one row each); texts are batched by length."""
        import numpy as np

        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        self._choose(len(texts))
        encoded = self.tokenizer.encode_batch([t if t.strip() else "(empty)" for t in texts])
        lengths = np.array([len(e.ids) for e in encoded])
        order = np.argsort(lengths, kind="stable")
        start = 0
        while start < len(order):
            width = int(lengths[order[min(start + batch_size, len(order)) - 1]])
            count = max(1, min(batch_size, MAX_BATCH_TOKENS // max(width, 1)))
            rows = order[start : start + count]
            width = int(lengths[rows].max())
            ids = np.zeros((len(rows), width), dtype=np.int64)
            mask = np.zeros((len(rows), width), dtype=np.float32)
            for r, row in enumerate(rows):
                n = len(encoded[row].ids)
                ids[r, :n] = encoded[row].ids
                mask[r, :n] = 1.0
            out[rows] = self._forward(ids, mask)
            start += len(rows)
        return out

    def _forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        import numpy as np

        batch, width = ids.shape
        heads, size = self.heads, self.hidden // self.heads
        x = np.asarray(self.word[ids.ravel()], dtype=np.float32)
        x += np.tile(self.position[self.position_offset : self.position_offset + width], (batch, 1))
        if self.token_type is not None:
            x += self.token_type
        x = self._norm(x, self.norm0)
        bias = ((mask - 1.0) * 1e9)[:, None, None, :]  # padded keys get no attention
        if self.relative_bias is not None:  # (heads, query, key), the same for every layer
            bias = bias + self.relative_bias[relative_buckets(width)].transpose(2, 0, 1)[None]
        if self.session is not None:
            bias = np.ascontiguousarray(np.broadcast_to(bias, (batch, heads, width, width)), dtype=np.float32)
            shape = np.array([batch, width, heads, size], dtype=np.int64)
            x = self.session.run(None, {"x": x.astype(np.float32, copy=False), "bias": bias, "shape": shape})[0]
        else:
            x = self._layers(x, bias, batch, width)
        hidden = x.reshape(batch, width, self.hidden)
        pooled = (hidden * mask[:, :, None]).sum(axis=1) / np.maximum(mask.sum(axis=1, keepdims=True), 1.0)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        result: np.ndarray = (pooled / norms).astype(np.float32)
        return result

    def _layers(self, x: np.ndarray, bias: np.ndarray, batch: int, width: int) -> np.ndarray:
        """The transformer layers in numpy: what the onnxruntime graph of :mod:`ratchet.models.onnxgraph` computes."""
        import numpy as np

        heads, size = self.heads, self.hidden // self.heads
        scale = 1.0 / math.sqrt(size)
        if not self.blocks:
            self.blocks = self._numpy_blocks()
        for block in self.blocks:
            qkv = _linear(x, block["qkv"]).reshape(batch, width, 3, heads, size)
            q = qkv[:, :, 0].transpose(0, 2, 1, 3)
            k = qkv[:, :, 1].transpose(0, 2, 3, 1)
            v = qkv[:, :, 2].transpose(0, 2, 1, 3)
            scores = (q @ k) * scale + bias
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch * width, self.hidden)
            x = self._norm(x + _linear(context, block["out"]), block["norm1"])
            x = self._norm(x + _linear(_gelu(_linear(x, block["up"])), block["down"]), block["norm2"])
        return x

    def _norm(self, x: np.ndarray, params: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        import numpy as np

        mean = x.mean(axis=-1, keepdims=True)
        centred = x - mean
        var = (centred * centred).mean(axis=-1, keepdims=True)
        out: np.ndarray = centred / np.sqrt(var + self.eps) * params[0] + params[1]
        return out


def onnxruntime_installed() -> bool:
    """Whether onnxruntime can be imported, without importing it (about 35 ms)."""
    import importlib.util

    try:
        return importlib.util.find_spec("onnxruntime") is not None
    except ValueError:  # set to None in sys.modules: deliberately unavailable
        return False


def relative_buckets(width: int, buckets: int = 32, max_distance: int = 128) -> np.ndarray:
    """MPNet's (T5's) bucket of each (query, key) offset: one side per sign of the offset, exact up to
    ``buckets / 4`` tokens, logarithmic beyond, capped at ``max_distance``. Computed in float32 as torch does, so
    the boundaries (16, 32, 64 tokens) fall in the same buckets."""
    import numpy as np

    position = np.arange(width)
    n = position[:, None] - position[None, :]  # query minus key, as the reference negates key minus query
    half = buckets // 2
    result = (n < 0).astype(np.int64) * half
    n = np.abs(n)
    exact = half // 2
    scaled = np.log(np.maximum(n, 1).astype(np.float32) / np.float32(exact)) / np.float32(
        math.log(max_distance / exact)
    )
    large = exact + (scaled * np.float32(half - exact)).astype(np.int64)
    out: np.ndarray = result + np.where(n < exact, n, np.minimum(large, half - 1))
    return out


def _linear(x: np.ndarray, params: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """``x @ W.T + b`` on 2-D ``x``: BLAS reads the transposed weight in place, nothing is copied."""
    out: np.ndarray = x @ params[0].T
    out += params[1]
    return out


def _gelu(x: np.ndarray) -> np.ndarray:
    """The erf GELU BERT was trained with, ``x·(1 + erf(x/√2))/2``."""
    out: np.ndarray = 0.5 * x * (1.0 + _erf(x * (1.0 / math.sqrt(2.0))))
    return out


def _erf(x: np.ndarray) -> np.ndarray:
    """erf to within 1.5e-7 (Abramowitz & Stegun 7.1.26), below float32 resolution where it matters; numpy has no
    erf and importing scipy for it would cost a hook about 100 ms."""
    import numpy as np

    z = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * z)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    out: np.ndarray = np.sign(x) * (1.0 - poly * np.exp(-z * z))
    return out
