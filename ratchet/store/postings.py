"""Postings lists kept up to date without rebuilding them: (term, row, count) triples, sorted by term then row.

The derived caches index words per row: the fact table its dedupe tokens (:mod:`ratchet.store.table`), the
retrieval cache its BM25 terms (:mod:`ratchet.recall.postings`). When facts are added, the rows already indexed
keep their terms and only move down (rows keep their order: a fact's place in the store never changes relative to
another's), so their postings stay sorted; :func:`combine` remaps them, sorts only the new triples and inserts
those. Everything is numpy arrays; the result is the same as sorting every triple afresh.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np


@dataclass
class Triples:
    """(term, row, count) of some postings; ``terms`` index ``vocab`` (sorted bytes; unused terms allowed)."""

    vocab: np.ndarray
    terms: np.ndarray  # int32
    rows: np.ndarray  # int32
    counts: np.ndarray  # uint16

    def __len__(self) -> int:
        return len(self.terms)


@dataclass
class Lists:
    """Postings in compressed form: the rows of ``vocab[i]`` are ``rows[indptr[i]:indptr[i + 1]]`` (ascending)."""

    vocab: np.ndarray
    indptr: np.ndarray  # int64
    rows: np.ndarray  # int32
    counts: np.ndarray  # uint16, aligned with rows

    def triples(self) -> Triples:
        import numpy as np

        terms = np.repeat(np.arange(len(self.vocab), dtype=np.int32), np.diff(self.indptr))
        return Triples(self.vocab, terms, self.rows.astype(np.int32, copy=False), self.counts)


def empty() -> Triples:
    import numpy as np

    return Triples(np.zeros(0, dtype="S1"), np.zeros(0, np.int32), np.zeros(0, np.int32), np.zeros(0, np.uint16))


def of_documents(documents: Sequence[Iterable[str]], rows: Sequence[int]) -> Triples:
    """The triples of ``documents`` (each an iterable of terms, repeats counted), document ``k`` at row ``rows[k]``."""
    import numpy as np

    counted = [Counter(doc) for doc in documents]
    words = sorted({t.encode("utf-8") for c in counted for t in c})
    if not words:
        return empty()
    vocab = np.array(words, dtype=f"S{max(len(w) for w in words)}")
    ids = {w.decode("utf-8"): n for n, w in enumerate(words)}
    return Triples(
        vocab,
        np.array([ids[t] for c in counted for t in c], dtype=np.int32),
        np.array([row for row, c in zip(rows, counted, strict=True) for _ in c], dtype=np.int32),
        np.array([tf for c in counted for tf in c.values()], dtype=np.uint16),
    )


def moved(lists: Lists, remap: np.ndarray) -> Triples:
    """The triples of ``lists`` with row ``r`` moved to ``remap[r]`` (-1: dropped)."""
    triples = lists.triples()
    if len(remap) == 0:
        return empty()
    to = remap[triples.rows]
    keep = to >= 0
    if keep.all():
        return Triples(triples.vocab, triples.terms, to.astype(triples.rows.dtype), triples.counts)
    return Triples(triples.vocab, triples.terms[keep], to[keep].astype(triples.rows.dtype), triples.counts[keep])


def combine(base: Triples, extra: Sequence[Triples]) -> Lists:
    """The postings lists of ``base`` (sorted by term then row, as :func:`moved` leaves lists moved by an ascending
    remap) and ``extra`` (in any order) together; terms no row holds are left out."""
    import numpy as np

    parts = [p for p in [base, *extra] if len(p)]
    if not parts:
        return Lists(np.zeros(0, dtype="S1"), np.zeros(1, np.int64), np.zeros(0, np.int32), np.zeros(0, np.uint16))
    vocab = np.unique(np.concatenate([p.vocab[np.unique(p.terms)] for p in parts]))

    def terms_of(part: Triples) -> np.ndarray:
        ids: np.ndarray = np.searchsorted(vocab, part.vocab).astype(np.int32)[part.terms]
        return ids

    others = [p for p in extra if len(p)]
    new_terms = np.concatenate([terms_of(p) for p in others]) if others else np.zeros(0, np.int32)
    new_rows = np.concatenate([p.rows for p in others]) if others else np.zeros(0, np.int32)
    new_counts = np.concatenate([p.counts for p in others]) if others else np.zeros(0, np.uint16)
    order = np.lexsort((new_rows, new_terms))
    new_terms, new_rows, new_counts = new_terms[order], new_rows[order], new_counts[order]
    if len(base):
        # Merge two sorted sequences: each new triple goes before the first base triple of a greater (term, row).
        terms = terms_of(base)
        span = int(max(base.rows.max(), new_rows.max() if len(new_rows) else 0)) + 1
        at = np.searchsorted(terms.astype(np.int64) * span + base.rows, new_terms.astype(np.int64) * span + new_rows)
        terms = np.insert(terms, at, new_terms)
        rows = np.insert(base.rows, at, new_rows)
        counts = np.insert(base.counts, at, new_counts)
    else:
        terms, rows, counts = new_terms, new_rows, new_counts
    indptr = np.zeros(len(vocab) + 1, dtype=np.int64)
    np.cumsum(np.bincount(terms, minlength=len(vocab)), out=indptr[1:])
    width = max([len(w) for w in vocab.tolist()] + [1])
    return Lists(vocab.astype(f"S{width}"), indptr, rows.astype(np.int32, copy=False), counts.astype(np.uint16))
