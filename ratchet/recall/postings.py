"""BM25 from term counts, so the retrieval cache grows without tokenizing every fact again.

:func:`ratchet.recall.bm25.build` indexes tokenized documents. Every document added changes the idf of its terms
and the average length, hence every impact; but the impacts are a function of the term counts alone. The retrieval
cache therefore keeps, beside the index, each posting's term frequency, and :func:`assemble` recomputes the index
from the postings lists with counts (:class:`ratchet.store.postings.Lists`): those of unchanged facts read off the
previous index, those of new facts counted afresh. The arrays are those :func:`bm25.build` makes of the same
documents, bit for bit: the same float32 operations on the same values (``tests/test_catalog_incremental.py``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ratchet.recall import bm25
from ratchet.store.postings import Lists

if TYPE_CHECKING:
    import numpy as np


def of_index(index: bm25.Index, tfs: np.ndarray) -> Lists:
    """The postings lists with counts of an index :func:`assemble` made (``tfs``: the counts it returned)."""
    return Lists(index.terms, index.indptr, index.docs, tfs)


def assemble(lists: Lists, size: int) -> bm25.Index:
    """The BM25 index of ``size`` documents with these postings and term counts."""
    import numpy as np

    df = np.diff(lists.indptr)
    # Lengths and idf as bm25.build computes them: float32 lengths (token counts), math.log per term in float64.
    lengths = np.bincount(lists.rows, weights=lists.counts, minlength=size).astype(np.float32)
    avg = float(lengths.mean()) if size and lengths.sum() else 1.0
    logs = {d: math.log(1.0 + (size - d + 0.5) / (d + 0.5)) for d in np.unique(df).tolist()}
    idf = np.array([logs[d] for d in df.tolist()], dtype=np.float32)
    docs = lists.rows.astype(np.int32, copy=False)
    impacts = np.zeros(0, dtype=np.float32)
    if len(docs):
        # bm25.build's expression per posting, K1 * (1 - B + B * length / avg), taken per document then gathered:
        # the same float32 operations on the same values.
        norm = (bm25.K1 * (1.0 - bm25.B + bm25.B * lengths / avg))[docs]
        tfs = lists.counts.astype(np.float32)
        term_of = np.repeat(np.arange(len(lists.vocab), dtype=np.int32), df)
        impacts = (idf[term_of] * tfs * (bm25.K1 + 1.0) / (tfs + norm)).astype(np.float32)
    return bm25.Index(terms=lists.vocab, idf=idf, indptr=lists.indptr, docs=docs, impacts=impacts, size=size)
