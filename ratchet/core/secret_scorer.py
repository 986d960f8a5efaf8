"""The filter's learned layer: a linear scorer of each word of a text as a credential's value.

The rules of the other layers name what they know; every blind corpus still held shapes none of them knew (about one
credential in twelve). This layer learns what the corpora in ``bench/corpora/secrets/`` show by example: for every
candidate token (four characters or more, split at spaces, quotes, brackets and ``=``), features of the token itself
(its shape of character classes, length, entropy, first characters, the word it is), of its neighbours (the three
words before it, the two after, what separates it from the one before) and of the whole text (its words), hashed
into :data:`BITS` bits with CRC-32. A logistic regression over them (``python -m bench.secret_scorer``, scikit-learn)
gives each token a score; a token at or above the model's threshold is a credential. The threshold is chosen so that
in cross-validation over the training corpora the layer alone flags at most 0.1 % of the ordinary facts.

Inference is pure Python (``re``, ``zlib``, ``array``): the weights are quantised to 16 bits and read in one go
(``ratchet/data/secret-scorer.bin``, a JSON header line, then the weights). The text's own words add the same amount
to every token's score (the model is linear), so they are summed once per text. It runs after every rule, where no
rule found anything, in the full scan of the write paths (add, extract, import) and in the quick scan of the output
gates alike (since round 24: what the write paths refuse, the output gates withhold when it was planted past them);
the model loads in about 7 ms and scores a fact in about a quarter of a millisecond.
"""

from __future__ import annotations

import json
import re
import zlib
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ratchet.core.password_values import entropy
from ratchet.core.random_tokens import placeholder
from ratchet.core.rules_stamp import MODEL

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

BITS = 18
MASK = (1 << BITS) - 1
FEATURES_VERSION = 1
# MODEL: package data of ratchet (pyproject.toml), found by importlib.resources; named in rules_stamp, which stats it.
KIND = "Likely Secret"

_TOKEN = re.compile(r"[^\s\"'`,;()<>\[\]{}|=]+")
_LENGTHS = (4, 5, 6, 7, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64, 100)
_HEX = frozenset("0123456789abcdefABCDEF")
_BAG_LIMIT = 60  # distinct words of the text that count as its context


def _length_bucket(n: int) -> int:
    for i, limit in enumerate(_LENGTHS):
        if n < limit:
            return i
    return len(_LENGTHS)


def _char_class(ch: str) -> str:
    if "A" <= ch <= "Z":
        return "A"
    if "a" <= ch <= "z":
        return "a"
    if "0" <= ch <= "9" or ch.isdigit():
        return "9"
    if ch.isalpha():
        return "L"
    return ch


def shape(token: str) -> str:
    """Runs of one character class collapsed (``Passw0rd!`` -> ``Aa9a!``), long shapes cut to their ends."""
    out: list[str] = []
    for ch in token:
        cls = _char_class(ch)
        if not out or out[-1] != cls:
            out.append(cls)
    text = "".join(out)
    return text if len(text) <= 10 else text[:5] + "~" + text[-4:]


def _word(token: str) -> str:
    """A token as a context word: the word, lowercased, or its shape when it is not one."""
    word = token.strip(".:!?-_/").lower()
    if len(word) <= 16 and word.isalpha() or len(word) <= 24 and word.replace("_", "").replace("-", "").isalpha():
        return word
    return "<" + shape(token) + ">"


def _hash(feature: str) -> int:
    return zlib.crc32(feature.encode("utf-8", "surrogatepass")) & MASK


def text_features(text: str) -> tuple[list[tuple[int, int, list[int]]], list[int]]:
    """``([(start, end, token feature ids)], text feature ids)``: the candidates of ``text`` and what every one of
    them shares (the words of the text). Training and scoring both go through here."""
    tokens = [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(text)]
    words = [_word(t) for _, _, t in tokens]
    bag = sorted({w for w in words if not w.startswith("<")})[:_BAG_LIMIT]
    shared = [_hash("t:" + w) for w in bag]
    size = f"tl:{_length_bucket(len(text) // 4)}"
    out: list[tuple[int, int, list[int]]] = []
    for i, (start, end, token) in enumerate(tokens):
        value = token.rstrip(".,:!?")
        if len(value) < 4:
            continue
        classes = "".join(sorted({c if c in "Aa9L" else "p" for c in map(_char_class, value)}))
        length = _length_bucket(len(value))
        before = [words[i - k] if i - k >= 0 else "^" for k in (1, 2, 3)]
        sep = text[tokens[i - 1][1] if i else 0 : start].strip()[-3:]
        names = [
            "s:" + shape(value),
            f"L:{length}",
            "c:" + classes,
            f"cl:{classes}|{length}",
            f"e:{int(entropy(value) * 2)}|{length}",
            "p3:" + value[:3].lower(),
            "p2:" + value[:2].lower(),
            "x2:" + shape(value[-2:]),
            "w:" + words[i],
            size,
            "sep:" + sep,
            f"b12:{before[1]} {before[0]}",
            "a1:" + (words[i + 1] if i + 1 < len(words) else "$"),
            "a2:" + (words[i + 2] if i + 2 < len(words) else "$"),
            f"sepb1:{sep}|{before[0]}",
        ]
        for k, word in enumerate(before, 1):
            names.append(f"b{k}:{word}")
            names.append(f"b{k}:{word}|{classes}")
        names.extend("bw:" + words[i - k] for k in range(4, 9) if i - k >= 0)
        letters = [ch for ch in value.lower() if "a" <= ch <= "z"]
        if letters:
            vowels = sum(ch in "aeiou" for ch in letters) / len(letters)
            names.append(f"vr:{int(vowels * 5)}|{classes}")
        if len(value) >= 8 and all(ch in _HEX for ch in value):
            names.append(f"hex:{length}")
        if value.isdigit():
            names.append(f"dig:{len(value)}" if len(value) < 13 else "dig:long")
        out.append((start, end, [_hash(name) for name in names]))
    return out, shared


@dataclass(frozen=True)
class Model:
    """The scorer's weights (quantised: ``weight * scale``), bias and threshold, in logits."""

    weights: array
    scale: float
    bias: float
    threshold: float

    def spans(self, text: str) -> Iterator[tuple[int, int]]:
        """Candidates of ``text`` that score at or above the threshold."""
        candidates, shared = text_features(text)
        if not candidates:
            return
        w = self.weights
        base = self.bias / self.scale + sum(w[i] for i in shared)
        limit = self.threshold / self.scale
        for start, end, ids in candidates:
            if base + sum(w[i] for i in ids) >= limit:
                yield start, end


def little_endian(values: array) -> array:
    """``values`` in the stored byte order (little-endian): swapped on a big-endian machine, unchanged elsewhere."""
    import sys

    if sys.byteorder != "little":  # pragma: no cover - stored little-endian; swapped on big-endian machines
        values = array(values.typecode, values)
        values.byteswap()
    return values


def model_file() -> Traversable:
    """The installed model's file, as the package ships it (a checkout's ``ratchet/data``, or the wheel's)."""
    from importlib import resources

    folder, name = MODEL
    return resources.files("ratchet").joinpath(folder).joinpath(name)


def header(path: Path | Traversable | None = None) -> dict[str, object]:
    """The model file's header (what it was trained on, its threshold); the installed model's by default."""
    with (path or model_file()).open("rb") as fh:
        return dict(json.loads(fh.readline()))


def load(path: Path | Traversable) -> Model | None:
    """The model in ``path``, or None when the file is missing, unreadable or of another version (the layer is then
    off, as it is for a checkout without the file)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head, _, body = data.partition(b"\n")
    try:
        meta = json.loads(head)
        weights = array("h")
        weights.frombytes(body)
        if meta.get("version") != FEATURES_VERSION or meta.get("bits") != BITS or len(weights) != 1 << BITS:
            return None
        return Model(little_endian(weights), float(meta["scale"]), float(meta["bias"]), float(meta["threshold"]))
    except (ValueError, TypeError, KeyError, AttributeError):
        return None


@lru_cache(maxsize=1)
def model() -> Model | None:
    """The installed model (read once per process)."""
    return load(model_file())


def spans(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the tokens of ``text`` the learned layer scores as credentials (none without a model), but for the
    stand-ins every layer skips (a placeholder, a template, what our own redaction marker leaves: ``<xxxx>``)."""
    found = model()
    if found is not None:
        yield from ((a, b) for a, b in found.spans(text) if not placeholder(text[a:b]))


def found(text: str) -> bool:
    return next(spans(text), None) is not None
