"""Token counts for the injection budget.

Counted with the Llama-2 tokenizer that wordllama bundles (loaded offline through the ``tokenizers`` library).
It splits English text into more pieces than the tokenizers of GPT-4o or Claude, so a budget it respects is
respected by theirs too. Without it, the estimate is one token per 3 bytes of UTF-8, also on the safe side for
English (about 4 characters per token). Retrieval counts each fact once, when its cache is built, so the hook path
never loads the tokenizer.
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

TOKENIZER_FILE = "l2_supercat_tokenizer_config.json"


@lru_cache(maxsize=1)
def _tokenizer() -> Any:
    try:
        spec = importlib.util.find_spec("wordllama")
        if spec is None or not spec.submodule_search_locations:
            return None
        path = Path(next(iter(spec.submodule_search_locations))) / "tokenizers" / TOKENIZER_FILE
        if not path.is_file():
            return None
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(str(path))
        tokenizer.no_padding()
        tokenizer.no_truncation()
        return tokenizer
    except Exception:  # noqa: BLE001 - any failure means "no tokenizer": fall back to the estimate
        return None


def counter_name() -> str:
    """Which counter is in use (shown by ``ratchet why`` and recorded in the retrieval cache)."""
    return "llama2-tokenizer" if _tokenizer() is not None else "bytes/3-estimate"


def estimate(text: str) -> int:
    """The conservative fallback: one token per 3 bytes of UTF-8."""
    return math.ceil(len(text.encode("utf-8")) / 3)


def count_many(texts: Sequence[str]) -> list[int]:
    """Token counts of ``texts`` (batched through the tokenizer when available)."""
    tokenizer = _tokenizer()
    if tokenizer is None:
        return [estimate(t) for t in texts]
    encoded = tokenizer.encode_batch(list(texts), add_special_tokens=False)
    return [len(e.ids) for e in encoded]


def count(text: str) -> int:
    """Token count of one text."""
    return count_many([text])[0]


def count_with_prefix(texts: Sequence[str], cuts: Sequence[int]) -> tuple[list[int], list[int]]:
    """Token counts of ``texts`` and of each text's first ``cut`` characters, from one tokenizer pass.

    A prefix counts every token that starts before the cut, plus one for a token the cut may split.
    """
    tokenizer = _tokenizer()
    if tokenizer is None:
        return [estimate(t) for t in texts], [estimate(t[:c]) for t, c in zip(texts, cuts, strict=True)]
    encoded = tokenizer.encode_batch(list(texts), add_special_tokens=False)
    full = [len(e.ids) for e in encoded]
    prefix = []
    for enc, cut in zip(encoded, cuts, strict=True):
        offsets = enc.offsets
        inside = sum(1 for start, _ in offsets if start < cut)
        prefix.append(min(len(offsets), inside + 1))
    return full, prefix
