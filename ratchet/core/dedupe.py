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
from collections import Counter
from collections.abc import Iterable, Iterator
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


class Pool:
    """The active facts new content is compared with, indexed by token: a lookup reads only the facts that share
    enough words with it, so extracting a long turn or importing a big file costs time linear in its size, not in
    its size times the store's (every fact used to be compared with every earlier one).

    Superseded facts are left out (restating an old value after a change is news, not a duplicate) unless
    ``retired`` asks for them: the pool of superseded facts a restatement must not bring back.
    """

    def __init__(self, facts: Iterable[Fact] = (), *, retired: bool = False) -> None:
        self._retired = retired
        self._facts: dict[int, Fact] = {}  # insertion number -> fact; the order breaks ties as a list scan did
        self._numbers: dict[str, int] = {}  # fact id -> insertion number
        self._postings: dict[str, list[int]] = {}
        for fact in facts:
            self.add(fact)

    def add(self, fact: Fact) -> None:
        """Index a fact (an inactive one only in a ``retired`` pool)."""
        if (not fact.active and not self._retired) or fact.id in self._numbers:
            return
        number = len(self._numbers)
        self._facts[number] = fact
        self._numbers[fact.id] = number
        for token in _tokens(fact.content):
            self._postings.setdefault(token, []).append(number)

    def remove(self, fact_id: str) -> None:
        """Leave a fact out of later lookups (superseded meanwhile)."""
        number = self._numbers.get(fact_id)
        if number is not None:
            self._facts.pop(number, None)

    def get(self, fact_id: str) -> Fact | None:
        number = self._numbers.get(fact_id)
        return None if number is None else self._facts.get(number)

    def sharing(self, tokens: frozenset[str], at_least: float) -> Iterator[tuple[Fact, frozenset[str]]]:
        """The facts sharing at least ``at_least`` of ``tokens`` (and their tokens), in the order they were added."""
        counts: Counter[int] = Counter()
        for token in tokens:
            counts.update(self._postings.get(token, ()))
        for number in sorted(n for n, shared in counts.items() if shared >= at_least):
            fact = self._facts.get(number)
            if fact is not None and (fact.active or self._retired):
                yield fact, _tokens(fact.content)

    def find(self, content: str) -> Fact | None:
        """The fact that says the same as ``content`` in other words (the most similar when several do), or None."""
        new = _tokens(content)
        if not new:
            return None
        # Every duplicate shares at least CONTAINED_JACCARD of the larger token set, so at least that share of ours.
        best: tuple[float, Fact] | None = None
        for fact, theirs in self.sharing(new, CONTAINED_JACCARD * len(new)):
            score = similarity_tokens(new, theirs)
            if score is not None and (best is None or score > best[0]):
                best = (score, fact)
        return best[1] if best else None


def find_duplicate(content: str, existing: Iterable[Fact]) -> Fact | None:
    """The active fact in ``existing`` that says the same as ``content`` in other words, or None (one lookup; build
    a :class:`Pool` to look up many)."""
    return Pool(existing).find(content)


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


# Words that exercise the pattern, the synonyms, the stop list and the stemmer: their tokens enter the fingerprint.
_PROBE = (
    "The user's repositories prefer dark-mode; doesn't utilise the vehicle's serviced v2.1 API at 11,799 miles, "
    "generously deploying relational databases via postgresql and js/ts codebases while we're not going anywhere."
)


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """A digest of what decides :func:`_tokens` (the pattern, stop words, synonyms, negations, and the tokens of a
    probe text through the stemmer): stored token postings (the fact table's) are rebuilt when it changes."""
    import hashlib

    parts = [
        _WORD.pattern,
        " ".join(sorted(_STOP)),
        " ".join(f"{k}={v}" for k, v in sorted(_SYNONYMS.items())),
        " ".join(sorted(_NEGATIONS)),
        " ".join(sorted(_tokens(_PROBE))),
    ]
    return hashlib.blake2b("\n".join(parts).encode("utf-8"), digest_size=8).hexdigest()


def _stem(word: str) -> str:
    """The shared Porter stemmer, numbers and short words left alone ("v2", "11,799" and "api" stay as written)."""
    return word if _NUMBER.search(word) or len(word) <= 3 else stem(word)
