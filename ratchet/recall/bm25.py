"""BM25 over fact content and tags, in plain numpy, with impacts precomputed at index time.

Why not a library: ``bm25s`` imports scipy (about 230 ms here, most of the hook's time budget) to do the same
sparse sums. The index stores, per term, the facts that contain it and their BM25 impact (Okapi BM25, k1 = 0.9,
b = 0.5, Lucene's idf), so a query is a handful of array slices and one ``np.add.at``. Terms are sorted bytes,
looked up with ``np.searchsorted``: loading the index parses nothing.

Terms come from :func:`ratchet.core.text.tokenize` (stop words out, Porter stems).
"""

from __future__ import annotations

import bisect
import math
import re
from array import array
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ratchet.core import temporal
from ratchet.core.text import tokenize

if TYPE_CHECKING:
    import numpy as np

# Dialogue turns and facts are short and similar in length: less length normalisation and earlier saturation than
# Lucene's 1.2 / 0.75 ranked better on LoCoMo (about +2 points of R@5 alone; bench/RESULTS.md).
K1 = 0.9
B = 0.5
# Denominator of the relevance in [0, 1]: the idf of the query's most distinctive terms, at most this many, so a
# long prompt is not required to match a short fact word for word.
COVERAGE_TERMS = 6
# The impact of a term met once in a fact half the average length: a short fact holding every distinctive query
# term scores about 1, one holding half of their idf weight about 0.5.
SATURATION = (K1 + 1.0) / (1.0 + K1 * (1.0 - B + B * 0.5))
# A word in more than this share of the facts names no topic (the user's name in "Aaron prefers ...", the year of a
# store that spans one): as a feedback term it would lift every fact that has it, since feedback weights are relative
# to the best term's. None of LoCoMo's dev conversations has such a term (their figures do not move).
FEEDBACK_MAX_SHARE = 0.5


def query_terms(query: str) -> set[str]:
    """The terms a query looks up: its words, and :data:`ratchet.core.temporal.MARK` when it asks when (the
    memories that carry a time hold that term)."""
    words = set(tokenize(query))
    if temporal.asks_when(query):
        words.add(temporal.MARK)
    return words


@dataclass
class Index:
    """Sorted terms (bytes), their idf, and per term a slice of (document, impact) postings."""

    terms: np.ndarray
    idf: np.ndarray
    indptr: np.ndarray
    docs: np.ndarray
    impacts: np.ndarray
    size: int

    def lookup(self, terms: Iterable[str]) -> list[int]:
        """Positions of the terms that exist in the index, in byte order of the terms (a binary search each: no
        numpy, so per-prompt recall over arrays read by :mod:`ratchet.store.npz` shares it)."""
        found: list[int] = []
        count = len(self.terms)
        for word in sorted({t.encode("utf-8") for t in terms}):
            pos = bisect.bisect_left(self.terms, word)
            if pos < count and self.terms[pos] == word:
                found.append(pos)
        return found

    def scores(self, query: str, neighbours: np.ndarray | None = None, spread: float = 0.0) -> tuple[np.ndarray, float]:
        """BM25 score of every document for ``query``, and the normaliser that maps a score to [0, 1].

        With ``neighbours`` (per document the rows of its neighbours, -1 for none; column ``c`` lies
        ``c // 2 + 1`` places away) and ``spread`` > 0, a query term a document lacks still counts at ``spread``
        (divided by the distance) of its impact in a neighbour: a reply ("yes, last Tuesday") carries the terms of
        the question it answers.
        """
        out, norm, _ = self.match(query, neighbours, spread)
        return out, norm

    def match(
        self,
        query: str,
        neighbours: np.ndarray | None = None,
        spread: float = 0.0,
        groups: np.ndarray | None = None,
    ) -> tuple[np.ndarray, float, np.ndarray | None]:
        """:meth:`scores`, plus with ``groups`` (a group number per document, e.g. its source session) per group
        the sum over query terms of the term's best impact in the group (raw, like the scores)."""
        import numpy as np

        words = query_terms(query)
        positions = self.lookup(words)
        if not positions:
            return np.zeros(self.size, dtype=np.float32), 0.0, None
        out, grouped = self.accumulate(positions, None, neighbours, spread, groups)
        return out, self.normaliser(len(words), positions), grouped

    def normaliser(self, words: int, positions: Sequence[int]) -> float:
        """What a score is divided by to lie in [0, 1]: the saturated idf of the query's most distinctive terms.

        Query words no fact contains still count (at half the weight of the rarest term): a prompt about something
        the store does not know must not look fully covered because one common word matched."""
        unknown = math.log(1.0 + (self.size + 0.5) / 1.5) * 0.5
        weights = [float(self.idf[p]) for p in positions] + [unknown] * (words - len(positions))
        return SATURATION * sum(sorted(weights, reverse=True)[:COVERAGE_TERMS])

    def matching(self, query: str) -> dict[int, float]:
        """:meth:`relevance` of the documents holding a query term, without numpy (per-prompt recall; the others
        are 0). Sums and clip are float32 as numpy's (a float32 array element rounds every addition the same), so
        the values and the ranking are the same as :meth:`relevance`'s."""
        words = query_terms(query)
        positions = self.lookup(words)
        if not positions:
            return {}
        sums = array("f", bytes(4 * self.size))
        touched: dict[int, None] = {}
        for pos in positions:
            lo, hi = int(self.indptr[pos]), int(self.indptr[pos + 1])
            for doc, impact in zip(self.docs[lo:hi], self.impacts[lo:hi], strict=True):
                sums[doc] += impact
                touched[doc] = None
        norm = self.normaliser(len(words), positions)
        if norm <= 0:
            return {doc: sums[doc] for doc in touched}
        scratch = array("f", [norm])  # numpy divides a float32 array by a Python float as float32
        quotient = array("f", [0.0])
        out = {}
        for doc in touched:
            quotient[0] = min(sums[doc] / scratch[0], 1.0)
            out[doc] = quotient[0]
        return out

    def accumulate(
        self,
        positions: Sequence[int],
        weights: Sequence[float] | None = None,
        neighbours: np.ndarray | None = None,
        spread: float = 0.0,
        groups: np.ndarray | None = None,
    ) -> tuple[np.ndarray, np.ndarray | None]:
        """Sum of the (weighted) impacts of the terms at ``positions`` per document, and per group when given."""
        import numpy as np

        out = np.zeros(self.size, dtype=np.float32)
        grouped = np.zeros(int(groups.max()) + 1, dtype=np.float32) if groups is not None and len(groups) else None
        windowed = neighbours is not None and spread > 0 and neighbours.size > 0
        for n, pos in enumerate(positions):
            lo, hi = int(self.indptr[pos]), int(self.indptr[pos + 1])
            docs, impacts = self.docs[lo:hi], self.impacts[lo:hi]
            if weights is not None:
                impacts = (impacts * weights[n]).astype(np.float32)
            if grouped is not None and groups is not None:
                best = np.zeros(len(grouped), dtype=np.float32)
                np.maximum.at(best, groups[docs], impacts)
                grouped += best
            if not windowed:
                np.add.at(out, docs, impacts)
                continue
            assert neighbours is not None
            term = np.zeros(self.size, dtype=np.float32)
            receivers = neighbours[docs]
            share = impacts[:, None] * (spread / (np.arange(receivers.shape[1]) // 2 + 1))[None, :]
            valid = receivers >= 0
            np.maximum.at(term, receivers[valid], share[valid].astype(np.float32))
            term[docs] = np.maximum(term[docs], impacts)
            out += term
        return out, grouped

    def feedback(
        self, rows: Sequence[int], row_weights: Sequence[float], exclude: Iterable[str], terms: int
    ) -> tuple[list[int], list[float]]:
        """Pseudo-relevance feedback: the ``terms`` index terms that weigh most in ``rows`` (each term's impacts
        there, times the row's weight), with weights scaled to the best term's 1; terms of ``exclude`` (the
        query's own words), terms found in a single document and terms found in more than
        :data:`FEEDBACK_MAX_SHARE` of all documents are left out."""
        import numpy as np

        if not len(rows) or terms <= 0 or not len(self.terms):
            return [], []
        row_weight = np.zeros(self.size + 1, dtype=np.float64)
        row_weight[np.asarray(rows, dtype=np.int64)] = np.asarray(row_weights, dtype=np.float64)
        hit = np.flatnonzero(row_weight[self.docs] > 0)
        if not len(hit):
            return [], []
        term_of = np.searchsorted(self.indptr, hit, side="right") - 1
        mass = np.bincount(term_of, weights=self.impacts[hit] * row_weight[self.docs[hit]], minlength=len(self.terms))
        frequency = np.diff(self.indptr)
        mass[(frequency < 2) | (frequency > FEEDBACK_MAX_SHARE * self.size)] = 0.0
        mass[self.lookup(exclude)] = 0.0
        top = np.argsort(-mass)[:terms]
        top = top[mass[top] > 0]
        if not len(top):
            return [], []
        return [int(t) for t in top], [float(v) for v in mass[top] / mass[top[0]]]

    def relevance(self, query: str, neighbours: np.ndarray | None = None, spread: float = 0.0) -> np.ndarray:
        """BM25 as a share of the best score the query's most distinctive terms could give, clipped to [0, 1]."""
        return self.relevance_by_group(query, neighbours, spread)[0]

    def relevance_by_group(
        self,
        query: str,
        neighbours: np.ndarray | None = None,
        spread: float = 0.0,
        groups: np.ndarray | None = None,
    ) -> tuple[np.ndarray, np.ndarray | None]:
        """:meth:`relevance` per document and, with ``groups``, per group (each clipped to [0, 1])."""
        import numpy as np

        raw, norm, grouped = self.match(query, neighbours, spread, groups)
        if norm <= 0:
            return raw, grouped
        out: np.ndarray = np.minimum(raw / norm, 1.0)
        return out, (np.minimum(grouped / norm, 1.0) if grouped is not None else None)


def lend(score: np.ndarray, lent: np.ndarray, weight: float) -> np.ndarray:
    """``score`` raised by ``weight`` of ``lent`` as a soft OR: the lift shrinks as the score nears 1 (neighbours'
    context, a question's reply, the BM25 session prior, the session lift, pseudo-relevance feedback)."""
    import numpy as np

    out: np.ndarray = score + weight * lent * (1.0 - np.minimum(score, 1.0))
    return out


def smooth(values: np.ndarray, neighbours: np.ndarray | None, weight: float) -> np.ndarray:
    """``values`` raised toward their best neighbour's (divided by its distance): ``v + w·n·(1 - v)``.

    A soft OR, so values in [0, 1] stay there and a fully relevant document stays at 1.
    """
    import numpy as np

    if neighbours is None or weight <= 0 or not neighbours.size or not len(values):
        return values
    padded = np.append(values, 0.0)  # row -1 (no neighbour) reads the appended zero
    best = np.zeros(len(values), dtype=np.float64)
    for col in range(neighbours.shape[1]):
        best = np.maximum(best, padded[neighbours[:, col]] / (col // 2 + 1))
    return lend(values, best, weight)


# A line that asks: it ends with a question mark, before any bracketed note after it ("... any pets? [shares a photo]").
_ASKS = re.compile(r"\?[\s\"'”’)]*(?:\[[^\[\]]*\][\s.]*)?$")


def asks(content: str) -> bool:
    """A stored line that asks a question (its reply, the next line of the session, may answer it)."""
    return bool(_ASKS.search(content))


def replies(values: np.ndarray, neighbours: np.ndarray | None, asking: np.ndarray | None, weight: float) -> np.ndarray:
    """``values`` of each line after a line that asks raised toward the question's: ``v + w·q·(1 - v)``.

    The words of a question ("do you have any pets?") point at the answer in the reply after it ("we got another cat
    named Bailey"), which shares none of them; the question's relevance is lent to its reply (the line before it in
    the same session, :func:`ratchet.recall.catalog.neighbours`' first column), on top of :func:`smooth`.
    """
    import numpy as np

    if neighbours is None or asking is None or weight <= 0 or not neighbours.size or not len(values):
        return values
    before = neighbours[:, 0]
    lent = np.zeros(len(values), dtype=np.float64)
    after_question = before >= 0
    after_question[after_question] &= asking[before[after_question]]
    lent[after_question] = values[before[after_question]]
    return lend(values, lent, weight)


def build(documents: Sequence[Sequence[str]]) -> Index:
    """Index tokenized documents (one list of terms per document, in row order)."""
    import numpy as np

    n = len(documents)
    lengths = np.fromiter((len(d) for d in documents), dtype=np.float32, count=n)
    avg = float(lengths.mean()) if n and lengths.sum() else 1.0
    postings: dict[str, list[tuple[int, int]]] = {}
    for doc_id, terms in enumerate(documents):
        for term, tf in Counter(terms).items():
            postings.setdefault(term, []).append((doc_id, tf))
    vocab = sorted(postings, key=lambda t: t.encode("utf-8"))
    indptr = np.zeros(len(vocab) + 1, dtype=np.int64)
    idf = np.zeros(len(vocab), dtype=np.float32)
    total = sum(len(postings[t]) for t in vocab)
    docs = np.zeros(total, dtype=np.int32)
    tfs = np.zeros(total, dtype=np.float32)
    pos = 0
    for i, term in enumerate(vocab):
        plist = postings[term]
        df = len(plist)
        idf[i] = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
        docs[pos : pos + df] = [d for d, _ in plist]
        tfs[pos : pos + df] = [tf for _, tf in plist]
        pos += df
        indptr[i + 1] = pos
    term_of = np.repeat(np.arange(len(vocab)), np.diff(indptr))
    norm = K1 * (1.0 - B + B * lengths[docs] / avg) if total else np.zeros(0, dtype=np.float32)
    impacts = (idf[term_of] * tfs * (K1 + 1.0) / (tfs + norm)).astype(np.float32)
    width = max([len(t.encode("utf-8")) for t in vocab] + [1])
    sorted_terms = np.array([t.encode("utf-8") for t in vocab], dtype=f"S{width}")
    return Index(terms=sorted_terms, idf=idf, indptr=indptr, docs=docs, impacts=impacts, size=n)
