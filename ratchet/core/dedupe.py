"""Near-duplicate detection: is a new fact the same as one we already hold, in other words?

Cheap, offline and deterministic: both texts are reduced to sets of normalised content tokens (lower case,
light stemming, a small synonym table, stop words dropped but negations kept) and compared by Jaccard and
overlap coefficients. Two guards keep corrections from being swallowed as duplicates: a number or date that
differs means a different fact ("due at 11,799 miles" vs "due at 12,000 miles"), and when *both* sides carry
content words the other lacks ("prefers dark mode" vs "prefers light mode") the pair is a substitution, which
needs a much higher similarity to count as the same fact.

Used by extraction and by ``ratchet import``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from ratchet.core.facts import Fact
from ratchet.core.text import STOP_WORDS, stem, words

# Jaccard at or above which two facts are the same, whatever differs.
SAME_JACCARD = 0.8
# When one side only adds words (no substitution), the overlap coefficient needed, with a Jaccard floor.
CONTAINED_OVERLAP = 0.85
CONTAINED_JACCARD = 0.6

_WORD = re.compile(r"[a-z0-9]+(?:[.:/_-][a-z0-9]+)*")
_NUMBER = re.compile(r"\d")
_NEGATIONS = frozenset({"not", "no", "never", "dont", "doesnt", "didnt", "isnt", "wont", "cant", "without"})
# The shared stop list, negations kept (they flip a fact), plus words that say nothing about what a fact is.
_STOP = (STOP_WORDS - _NEGATIONS) | words(
    """
    it's i'm user user's users person please always really shall may might must every one going want wants wanted
    """
)
# Words that carry the same meaning in facts; mapped to one canonical form before comparing.
_SYNONYMS = {
    "prefer": "like",
    "favour": "like",
    "favor": "like",
    "love": "like",
    "enjoy": "like",
    "util": "use",
    "utilise": "use",
    "utilize": "use",
    "employ": "use",
    "colour": "color",
    "grey": "gray",
    "repository": "repo",
    "repositories": "repo",
    "project": "repo",
    "codebase": "repo",
    "instead": "not",
    "rather": "not",
    "dark-mode": "dark",
    "light-mode": "light",
    "automobile": "car",
    "vehicle": "car",
    "truck": "car",
    "serviced": "service",
    "servicing": "service",
    "maintenance": "service",
    "don't": "dont",
    "doesn't": "doesnt",
    "won't": "wont",
    "can't": "cant",
    "isn't": "isnt",
    "didn't": "didnt",
    "db": "database",
    "postgresql": "postgres",
    "js": "javascript",
    "ts": "typescript",
    "py": "python",
}


def find_duplicate(content: str, existing: Iterable[Fact]) -> Fact | None:
    """The active fact in ``existing`` that says the same as ``content`` in other words, or None.

    Superseded facts are ignored: restating an old value after a change is news, not a duplicate.
    When several match, the most similar one is returned.
    """
    new = _tokens(content)
    if not new:
        return None
    # Every duplicate shares at least CONTAINED_JACCARD of the larger token set, so at least that share of
    # ours: a set intersection rules out almost every fact of a large store before the full comparison.
    needed = CONTAINED_JACCARD * len(new)
    best: tuple[float, Fact] | None = None
    for fact in existing:
        if not fact.active:
            continue
        theirs = _tokens(fact.content)
        if len(new & theirs) < needed:
            continue
        score = similarity_tokens(new, theirs)
        if score is not None and (best is None or score > best[0]):
            best = (score, fact)
    return best[1] if best else None


def is_duplicate(a: str, b: str) -> bool:
    """True when the two texts state the same fact."""
    return similarity_tokens(_tokens(a), _tokens(b)) is not None


def similarity_tokens(a: frozenset[str], b: frozenset[str]) -> float | None:
    """Jaccard similarity when ``a`` and ``b`` count as duplicates, else None."""
    if not a or not b:
        return None
    if a == b:
        return 1.0
    only_a, only_b = a - b, b - a
    # Numbers, dates, versions: any difference is a different fact.
    if any(_NUMBER.search(t) for t in only_a | only_b):
        return None
    # "uses tabs" vs "does not use tabs".
    if (a & _NEGATIONS) != (b & _NEGATIONS):
        return None
    common = len(a & b)
    jaccard = common / len(a | b)
    if jaccard >= SAME_JACCARD:
        return jaccard
    if only_a and only_b:
        return None  # a substitution: likely a correction or a different subject
    overlap = common / min(len(a), len(b))
    if overlap >= CONTAINED_OVERLAP and jaccard >= CONTAINED_JACCARD:
        return jaccard
    return None


@lru_cache(maxsize=1 << 18)
def _tokens(text: str) -> frozenset[str]:
    """Normalised content tokens of ``text`` (cached: extraction and imports compare every fact many times)."""
    text = text.lower().replace("\u2019", "'")
    out: set[str] = set()
    for raw in _WORD.findall(text.replace("'", "")) + re.findall(r"[a-z]+n't", text):
        word = _SYNONYMS.get(raw, raw)
        if word in _STOP:
            continue
        word = _SYNONYMS.get(_stem(word), _stem(word))
        if word and word not in _STOP:
            out.add(word)
    return frozenset(out)


def _stem(word: str) -> str:
    """The shared Porter stemmer, numbers and short words left alone ("v2", "11,799" and "api" stay as written)."""
    return word if _NUMBER.search(word) or len(word) <= 3 else stem(word)
