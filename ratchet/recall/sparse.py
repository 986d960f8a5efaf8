"""Per-prompt recall without numpy: the keyword ranking over only the facts that share a word with the prompt.

A prompt hook (``UserPromptSubmit``, ``BeforeAgent``) asks for at most a handful of facts whose relevance clears
``retrieval.prompt_relevance_threshold``, by keywords alone. A fact sharing no word with the prompt has relevance 0
and cannot clear it, so only the postings of the prompt's terms are read, from the retrieval cache loaded without
numpy (:func:`ratchet.recall.catalog.load_light`), and each matching fact is scored as
:func:`ratchet.recall.retrieve` scores it: the same relevance (float32, as numpy's), prior and combination, so the
same facts in the same order (``tests/test_sparse_recall.py`` holds the two to that). Every other request, and a
prompt about the user as a whole (which lifts facts sharing no word with it), goes the numpy way.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

from ratchet.config import Config
from ratchet.core import clock, scoring
from ratchet.recall import catalog
from ratchet.store import npz


@dataclass
class Ranking:
    """The matching facts scored, by row, and the rows to offer the budget, best first."""

    relevance: dict[int, float] = field(default_factory=dict)
    recency: dict[int, float] = field(default_factory=dict)
    prior: dict[int, float] = field(default_factory=dict)
    score: dict[int, float] = field(default_factory=dict)
    ranked: list[int] = field(default_factory=list)
    candidates: int = 0  # facts eligible for the request, matching or not


def applies(mode: str, threshold: float | None) -> bool:
    """Whether a request is one this module answers: keyword relevance with a positive relevance floor."""
    return mode == "keyword" and threshold is not None and threshold > 0


def rank(
    cat: catalog.Catalog,
    config: Config,
    text: str,
    *,
    scopes: set[str],
    exclude: set[str],
    threshold: float,
    limit: int,
) -> Ranking:
    """Score the facts matching ``text`` (see the module docstring)."""
    out = Ranking()
    allowed = [s in scopes for s in cat.scopes]
    excluded = {e.encode("utf-8") for e in exclude}
    marked = cat.meta_arrays.get("sensitive")
    if marked is not None and bytes(cast(array, marked)).find(1) < 0:
        marked = None  # no sensitive fact at all: no need to ask whether the prompt is about one
    if marked is not None:
        from ratchet.core import sensitive  # its patterns compile on import: only when a sensitive fact exists

        hide_sensitive = not sensitive.about_sensitive(text)
    else:
        hide_sensitive = False
    waiting = cat.meta_arrays.get("pending")  # proposed, not yet accepted (extraction.review): never shown

    def eligible(row: int) -> bool:
        if not allowed[cat.scope[row]] or (hide_sensitive and marked[row]):  # type: ignore[index]
            return False
        if waiting is not None and waiting[row]:
            return False
        return not excluded or cat.ids[row] not in excluded

    hidden = [flags for flags in (marked if hide_sensitive else None, waiting) if flags is not None]
    out.candidates = _count_eligible(cat, allowed, hidden, excluded)
    now = clock.now().timestamp()
    for row, rel in cat.index.matching(text).items():
        if rel < threshold or not eligible(row):
            continue
        days = (now - cat.last_referenced[row]) / catalog.EPOCH_DAY
        recency = scoring.recency_at(days, cat.tier[row], config)
        prior = float(cat.importance[row]) * recency
        out.relevance[row], out.recency[row], out.prior[row] = rel, recency, prior
        out.score[row] = scoring.query_score(rel, prior, config, explicit=True)
    out.ranked = sorted(out.score, key=lambda row: (-out.score[row], row))[:limit]
    return out


# Excluded ids (those already injected in the session) looked up by a search each, up to this many; past it the ids
# are read once into a dict (about 2 ms at 10k facts; a search is about 30 us each).
_FIND_AT_MOST = 64


def _count_eligible(
    cat: catalog.Catalog,
    allowed: list[bool],
    hidden: list[Sequence[int]],
    excluded: set[bytes],
) -> int:
    """How many facts the request may show: the rows of allowed scopes (counted in C by ``array.count``), less the
    sensitive, pending and excluded ones among them (found without visiting every row)."""
    scope = cast(array, cat.scope)
    total = sum(scope.count(code) for code, ok in enumerate(allowed) if ok)
    dropped: set[int] = set()
    for column in hidden:
        flags = bytes(cast(array, column))
        row = flags.find(1)
        while row >= 0:
            dropped.add(row)
            row = flags.find(1, row + 1)
    ids = cast(npz.FixedBytes, cat.ids)
    if len(excluded) > _FIND_AT_MOST:  # a long session: one pass over the ids beats a search per id
        width, data = ids.width, ids.data
        rows = {data[at : at + width].rstrip(b"\0"): at // width for at in range(0, len(data), width)}
        dropped.update(rows[fact_id] for fact_id in excluded if fact_id in rows)
    for fact_id in excluded if len(excluded) <= _FIND_AT_MOST else ():
        at = ids.data.find(fact_id)
        while at >= 0 and at % ids.width:  # only a match at the start of a row is that row's id
            at = ids.data.find(fact_id, at + 1)
        if at >= 0 and ids[at // ids.width] == fact_id:
            dropped.add(at // ids.width)
    return total - sum(1 for row in dropped if allowed[cat.scope[row]])
