"""A BERT sentence encoder in numpy: the forward pass of a sentence-transformers model, no torch, no ONNX.

Used for the optional ``all-MiniLM-L6-v2`` local embedding model (:mod:`ratchet.models`): 6 layers, 384 wide,
mean pooling, unit vectors. The weights are read from the model's safetensors file (memory-mapped: only the
token rows a batch uses are touched), the text is tokenized by the model's own ``tokenizer.json`` through the
``tokenizers`` library. The arithmetic is float32 throughout; on the published example pair ("A man is eating
food." / "A man is eating a piece of bread.") the cosine is 0.7553, as sentence-transformers prints.
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


class BertEncoder:
    """Mean-pooled BERT sentence embeddings, as sentence-transformers computes them for this kind of model."""

    def __init__(self, root: Path) -> None:
        import numpy as np
        from tokenizers import Tokenizer

        try:
            config = json.loads((root / "config.json").read_text(encoding="utf-8"))
            st_config = root / "sentence_bert_config.json"
            max_len = json.loads(st_config.read_text(encoding="utf-8")).get("max_seq_length", 256)
        except (OSError, ValueError) as exc:
            raise RatchetError(f"{root}: model configuration unreadable ({exc})") from None
        if config.get("model_type") != "bert" or config.get("hidden_act") != "gelu":
            raise RatchetError(f"{root}: only BERT models with GELU are supported")
        self.hidden = int(config["hidden_size"])
        self.heads = int(config["num_attention_heads"])
        self.layers = int(config["num_hidden_layers"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        self.dimension = self.hidden
        self.tokenizer = Tokenizer.from_file(str(root / "tokenizer.json"))
        self.tokenizer.no_padding()  # the shipped tokenizer pads every input to 128: batches pad themselves
        self.tokenizer.enable_truncation(int(min(max_len, config.get("max_position_embeddings", 512))))
        weights = read_safetensors(root / "model.safetensors")
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in weights else ""

        def get(name: str) -> np.ndarray:
            try:
                return weights[prefix + name]
            except KeyError:
                raise RatchetError(f"{root}: weight {prefix + name} missing from model.safetensors") from None

        self.word = get("embeddings.word_embeddings.weight")  # stays mapped: a batch reads only its rows
        self.position = np.asarray(get("embeddings.position_embeddings.weight"), dtype=np.float32)
        self.token_type = np.asarray(get("embeddings.token_type_embeddings.weight")[0], dtype=np.float32)
        self.norm0 = (get("embeddings.LayerNorm.weight"), get("embeddings.LayerNorm.bias"))
        self.blocks: list[dict[str, Any]] = []
        for i in range(self.layers):
            p = f"encoder.layer.{i}."
            qkv_w = [get(p + f"attention.self.{n}.weight") for n in ("query", "key", "value")]
            qkv_b = [get(p + f"attention.self.{n}.bias") for n in ("query", "key", "value")]
            self.blocks.append(
                {
                    # query, key and value in one matrix: one product per layer instead of three
                    "qkv": (np.concatenate(qkv_w, axis=0), np.concatenate(qkv_b)),
                    "out": (get(p + "attention.output.dense.weight"), get(p + "attention.output.dense.bias")),
                    "norm1": (get(p + "attention.output.LayerNorm.weight"), get(p + "attention.output.LayerNorm.bias")),
                    "up": (get(p + "intermediate.dense.weight"), get(p + "intermediate.dense.bias")),
                    "down": (get(p + "output.dense.weight"), get(p + "output.dense.bias")),
                    "norm2": (get(p + "output.LayerNorm.weight"), get(p + "output.LayerNorm.bias")),
                }
            )

    def embed(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        """Unit-length embeddings of ``texts`` (float32, one row each); texts are batched by length."""
        import numpy as np

        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
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
        x += np.tile(self.position[:width], (batch, 1))
        x += self.token_type
        x = self._norm(x, self.norm0)
        bias = ((mask - 1.0) * 1e9)[:, None, None, :]  # padded keys get no attention
        scale = 1.0 / math.sqrt(size)
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
        hidden = x.reshape(batch, width, self.hidden)
        pooled = (hidden * mask[:, :, None]).sum(axis=1) / np.maximum(mask.sum(axis=1, keepdims=True), 1.0)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        result: np.ndarray = (pooled / norms).astype(np.float32)
        return result

    def _norm(self, x: np.ndarray, params: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        import numpy as np

        mean = x.mean(axis=-1, keepdims=True)
        centred = x - mean
        var = (centred * centred).mean(axis=-1, keepdims=True)
        out: np.ndarray = centred / np.sqrt(var + self.eps) * params[0] + params[1]
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
