"""Building the retrieval cache's rows from the fact table, reusing the last cache's work.

The rows are the active facts of :mod:`ratchet.store.table`, in its order. A fact whose line is unchanged since the
last cache (same id, same line digest) keeps every value of its row, its token counts and its BM25 term counts; the
others are read by offset (or taken from the facts the table just parsed) and computed, except that token counts
and term counts are still reused when what decides them did not change (memory-manage's decay rewrites every line
but no content). BM25 itself is recomputed from the term counts (:mod:`ratchet.recall.postings`), since idf and the
average length move with every fact added. The result is the cache a build from nothing makes, array for array
(``tests/test_catalog_incremental.py``); only the fact lines that changed are read.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ratchet.core import clock, review, rules_stamp
from ratchet.core.facts import Fact
from ratchet.core.scoring import TIERS
from ratchet.core.sensitive import TAG as SENSITIVE
from ratchet.core.text import STOP_WORDS, tokenize
from ratchet.errors import RatchetError
from ratchet.recall import bm25, catalog, postings, render, tokens
from ratchet.store import postings as store_postings
from ratchet.store import table
from ratchet.store.memdir import MemoryDir

if TYPE_CHECKING:
    import numpy as np

    from ratchet.store.store import Store

# Texts whose terms enter the fingerprint: stored term counts are reused only while tokenizing them gives the same.
_PROBES: tuple[tuple[str, list[str], str], ...] = (
    ("Deployed the payments API on Tuesday; symbols generously renamed, 3 weeks ago", ["deploy", "ops"], "2025-05-02"),
    ("Aaron's daughter prefers the dark-mode UI since 2019 (v2.1)", [], "2024-12-31T09:00:00Z"),
)


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """A digest of what decides a fact's BM25 terms (tokenizer, stop words, :func:`catalog.index_text`)."""
    parts = [" ".join(sorted(STOP_WORDS))]
    parts += [" ".join(tokenize(catalog.index_text(c, t, d))) for c, t, d in _PROBES]
    return hashlib.blake2b("\n".join(parts).encode("utf-8"), digest_size=8).hexdigest()


def _key(*parts: str) -> int:
    text = "\x00".join(parts).encode("utf-8", "surrogatepass")
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")


def render_key(fact: Fact) -> int:
    """What a fact's token counts depend on: its two renderings' fields."""
    return _key(fact.id, fact.category, fact.created, fact.content)


def doc_key(fact: Fact) -> int:
    """What a fact's BM25 terms depend on: :func:`catalog.index_text`'s fields."""
    return _key(fact.content, fact.created, *fact.tags)


def build(store: Store, gate_budget: int | None = None, *, reuse: bool = True) -> catalog.Catalog:
    """The cache for the store as it is now (retried if a quarter file changes while its lines are read), with at
    most ``gate_budget`` output-gate verdicts computed (None: all); without ``reuse`` nothing of the last cache is
    taken (a repair)."""
    for _attempt in range(3):
        tab = table.current(store)
        built = assemble(store.memdir, tab, previous(store.memdir) if reuse else None, gate_budget)
        if built is not None:
            return built
    raise RatchetError("The store kept changing while the retrieval cache was built; try again")


def previous(memdir: MemoryDir) -> catalog.Catalog | None:
    """The last cache when its rows can be reused (same counter, same terms), else None."""
    old = catalog.load(memdir, materials=True)
    if old is None or old.meta.get("counter") != tokens.counter_name() or old.meta.get("terms") != fingerprint():
        return None
    if not {"tfs", "render", "doc", "session_names"} <= set(old.materials) or "digest" not in old.meta_arrays:
        return None
    return old


def assemble(
    memdir: MemoryDir, tab: table.Table, old: catalog.Catalog | None, gate_budget: int | None = None
) -> catalog.Catalog | None:
    """The cache of the active facts of ``tab``, reusing ``old``'s rows; None when a line to read has changed."""
    import numpy as np

    active = np.flatnonzero(tab.active)
    n = len(active)
    digests = tab.digest[active]
    width = int(np.char.str_len(tab.ids[active]).max()) if n else 1
    ids = tab.ids[active].astype(f"S{max(width, 1)}")
    source = _matching(old, ids, digests)
    new = np.flatnonzero(source < 0)
    read = tab.facts(memdir, active[new].tolist())
    if len(read) != len(new):
        return None
    facts = [read[int(r)] for r in active[new]]
    kept = np.flatnonzero(source >= 0)
    was = source[kept]

    def column(dtype: Any, old_values: Any, new_values: Sequence[Any]) -> np.ndarray:
        out = np.zeros(n, dtype=dtype)
        if len(kept):
            out[kept] = old_values
        if len(new):
            out[new] = np.asarray(new_values, dtype=dtype)
        return out

    full = [render.full_line(f.id, f.category, f.created, f.content) for f in facts]
    short = [render.index_line(f.id, f.category, f.created, f.content) for f in facts]
    render_keys = column(np.uint64, old.materials["render"][was] if old else None, [render_key(f) for f in facts])
    doc_keys = column(np.uint64, old.materials["doc"][was] if old else None, [doc_key(f) for f in facts])
    full_tokens, index_tokens = _token_counts(old, kept, was, new, facts, full, render_keys, n)
    scope_names = _names(old, "scopes", old.scope[was] if old else None, kept, new, [f.scope for f in facts], n)
    category_names = _names(
        old, "categories", old.category[was] if old else None, kept, new, [f.category for f in facts], n
    )
    sessions = _sessions(old, was, kept, new, facts, n)
    scopes, categories = sorted(set(scope_names)), sorted(set(category_names))
    scope_ix = {s: i for i, s in enumerate(scopes)}
    cat_ix = {c: i for i, c in enumerate(categories)}
    index, tfs = _bm25(old, kept, was, new, facts, doc_keys, n)
    frame_plain = render.overhead_text(False)
    frame_index = render.overhead_text(True)
    meta = {
        "version": catalog.VERSION,
        "signature": tab.signature,
        "files": tab.files,
        "scopes": scopes,
        "categories": categories,
        "built": clock.now_iso(),
        "counter": tokens.counter_name(),
        "terms": fingerprint(),
        "frame_tokens": tokens.count(frame_plain),
        "frame_chars": len(frame_plain),
        "index_note_tokens": tokens.count(frame_index) - tokens.count(frame_plain),
        "index_note_chars": len(frame_index) - len(frame_plain),
        "extra": ["digest", "neighbours", "sessions", "sensitive", "pending", "credential", "asks"],
        "gate": rules_stamp.stamp(),
        "materials": ["tfs", "render", "doc", "session_names"],
    }
    codes = catalog.session_codes(sessions)
    return catalog.Catalog(
        ids=ids,
        importance=column(np.float32, old.importance[was] if old else None, [f.importance for f in facts]),
        tier=column(np.uint8, old.tier[was] if old else None, [TIERS.index(f.tier) for f in facts]),
        last_referenced=column(
            np.float64, old.last_referenced[was] if old else None, [catalog.stamp(f.last_referenced) for f in facts]
        ),
        scope=np.array([scope_ix[s] for s in scope_names], dtype=np.int32),
        category=np.array([cat_ix[c] for c in category_names], dtype=np.int32),
        file=tab.file[active].astype(np.int16),
        offset=tab.offset[active].astype(np.int64),
        length=tab.length[active].astype(np.int32),
        full_tokens=full_tokens,
        index_tokens=index_tokens,
        full_chars=column(np.int32, old.full_chars[was] if old else None, [len(t) for t in full]),
        index_chars=column(np.int32, old.index_chars[was] if old else None, [len(t) for t in short]),
        index=index,
        meta=meta,
        meta_arrays={
            "digest": digests.astype(np.uint64),
            "neighbours": catalog.neighbours(sessions),
            "sessions": codes,
            "sensitive": column(
                bool, old.meta_arrays["sensitive"][was] if old else None, [SENSITIVE in f.tags for f in facts]
            ),
            "pending": column(
                bool, old.meta_arrays["pending"][was] if old else None, [review.pending(f) for f in facts]
            ),
            "credential": _verdicts(memdir, tab, active, old, kept, was, new, facts, doc_keys, n, gate_budget),
            "asks": column(bool, old.meta_arrays["asks"][was] if old else None, [bm25.asks(f.content) for f in facts]),
        },
        materials={
            "tfs": tfs,
            "render": render_keys,
            "doc": doc_keys,
            "session_names": _session_names(sessions),
        },
    )


def _matching(old: catalog.Catalog | None, ids: np.ndarray, digests: np.ndarray) -> np.ndarray:
    """Per row the old row of the same id and line digest, or -1."""
    import numpy as np

    if old is None or not old.size or not len(ids):
        return np.full(len(ids), -1, dtype=np.int64)
    source = _reused(old.meta_arrays["digest"], digests)
    found = np.flatnonzero(source >= 0)
    same = old.ids[source[found]] == ids[found]
    source[found[~same]] = -1
    return source


def _reused(old_keys: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """Per key an old row holding it, or -1."""
    import numpy as np

    if not len(old_keys) or not len(keys):
        return np.full(len(keys), -1, dtype=np.int64)
    order = np.argsort(old_keys, kind="stable")
    ranked = old_keys[order]
    at = np.minimum(np.searchsorted(ranked, keys), len(ranked) - 1)
    return np.where(ranked[at] == keys, order[at], -1).astype(np.int64)


def _verdicts(
    memdir: MemoryDir,
    tab: table.Table,
    active: np.ndarray,
    old: catalog.Catalog | None,
    kept: np.ndarray,
    was: np.ndarray,
    new: np.ndarray,
    facts: list[Fact],
    doc_keys: np.ndarray,
    n: int,
    budget: int | None,
) -> np.ndarray:
    """Per row the output gate's verdict (:data:`catalog.CLEAN`, ``CREDENTIAL``, ``UNKNOWN``): kept rows' and rows
    of the same text's while the rules are the same (:mod:`ratchet.core.rules_stamp`), then the rest scanned, new
    lines first, at most ``budget`` of them (None: all)."""
    import numpy as np

    out = np.full(n, catalog.UNKNOWN, dtype=np.uint8)
    marks = catalog.gate_verdicts(old) if old is not None else None
    if marks is not None and old is not None:
        out[kept] = marks[was]
        if len(new):
            same = _reused(old.materials["doc"], doc_keys[new])
            found = same >= 0
            out[new[found]] = marks[same[found]]
    fresh = {int(row): facts[k] for k, row in enumerate(new.tolist())}
    unknown = np.flatnonzero(out == catalog.UNKNOWN)
    todo = [r for r in unknown.tolist() if r in fresh] + [r for r in unknown.tolist() if r not in fresh]
    todo = todo if budget is None else todo[:budget]
    if not todo:
        return out
    from ratchet.core.secrets import scan

    missing = [r for r in todo if r not in fresh]
    if missing:  # kept rows of older rules: read by offset (a line gone meanwhile stays UNKNOWN)
        read = tab.facts(memdir, active[missing].tolist())
        fresh.update({r: read[int(active[r])] for r in missing if int(active[r]) in read})
    for row in todo:
        fact = fresh.get(row)
        if fact is not None:
            out[row] = catalog.CREDENTIAL if scan(" ".join([fact.content, *fact.tags]), quick=True) else catalog.CLEAN
    return out


def _token_counts(
    old: catalog.Catalog | None,
    kept: np.ndarray,
    was: np.ndarray,
    new: np.ndarray,
    facts: list[Fact],
    full: list[str],
    render_keys: np.ndarray,
    n: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Token counts of both renderings: kept rows', rows of the same fields', then the rest counted."""
    import numpy as np

    full_tokens = np.zeros(n, dtype=np.int32)
    index_tokens = np.zeros(n, dtype=np.int32)
    if len(kept) and old is not None:
        full_tokens[kept] = old.full_tokens[was]
        index_tokens[kept] = old.index_tokens[was]
    same = _reused(old.materials["render"], render_keys[new]) if old is not None and len(new) else None
    todo = []
    for k, row in enumerate(new.tolist()):
        if same is not None and same[k] >= 0:
            full_tokens[row] = old.full_tokens[same[k]]  # type: ignore[union-attr]
            index_tokens[row] = old.index_tokens[same[k]]  # type: ignore[union-attr]
        else:
            todo.append(k)
    if todo:
        # An index line is the full line's head plus a fixed marker: count it from the full line's tokens.
        heads = [
            render.index_head_chars(facts[k].id, facts[k].category, facts[k].created, facts[k].content) for k in todo
        ]
        fresh_full, fresh_head = tokens.count_with_prefix([full[k] for k in todo], heads)
        marker = tokens.count(render.INDEX_MARKER) + 1
        for j, k in enumerate(todo):
            full_tokens[new[k]] = fresh_full[j]
            index_tokens[new[k]] = fresh_head[j] + marker
    return full_tokens, index_tokens


def _names(
    old: catalog.Catalog | None,
    table_name: str,
    old_codes: np.ndarray | None,
    kept: np.ndarray,
    new: np.ndarray,
    new_names: list[str],
    n: int,
) -> list[str]:
    """Per row its scope (or category) name."""
    out: list[str] = [""] * n
    if old is not None and old_codes is not None:
        names = old.meta[table_name]
        for row, code in zip(kept.tolist(), old_codes.tolist(), strict=True):
            out[row] = names[code]
    for row, name in zip(new.tolist(), new_names, strict=True):
        out[row] = name
    return out


def _sessions(
    old: catalog.Catalog | None, was: np.ndarray, kept: np.ndarray, new: np.ndarray, facts: list[Fact], n: int
) -> list[str | None]:
    """Per row its source session (None: none)."""
    out: list[str | None] = [None] * n
    if old is not None and len(kept):
        names = old.materials["session_names"]
        count = len(names)
        for row, code in zip(kept.tolist(), old.meta_arrays["sessions"][was].tolist(), strict=True):
            out[row] = names[code] if code < count else None
    for row, fact in zip(new.tolist(), facts, strict=True):
        out[row] = fact.source_session
    return out


def _session_names(sessions: list[str | None]) -> list[str]:
    """The sessions in the order :func:`catalog.session_codes` numbers them (first appearance)."""
    return list(dict.fromkeys(s for s in sessions if s is not None))


def _bm25(
    old: catalog.Catalog | None,
    kept: np.ndarray,
    was: np.ndarray,
    new: np.ndarray,
    facts: list[Fact],
    doc_keys: np.ndarray,
    n: int,
) -> tuple[Any, np.ndarray]:
    """The BM25 index of the rows and its term counts: kept rows' moved from the old postings, rows with an old row
    of the same terms copied from it, the rest tokenized."""
    import numpy as np

    base = store_postings.empty()
    extra = []
    todo = np.arange(len(new))
    if old is not None:
        lists = postings.of_index(old.index, old.materials["tfs"])
        if len(was) < 2 or bool((np.diff(was) > 0).all()):  # rows kept their order: the lists stay sorted
            remap = np.full(old.size, -1, dtype=np.int32)
            remap[was] = kept
            base = store_postings.moved(lists, remap)
        else:
            extra.append(_copied(lists, old.size, was, kept))
        if len(new):
            same = _reused(old.materials["doc"], doc_keys[new])
            extra.append(_copied(lists, old.size, same[same >= 0], new[same >= 0]))
            todo = np.flatnonzero(same < 0)
    documents = [tokenize(catalog.index_text(facts[k].content, facts[k].tags, facts[k].created)) for k in todo]
    extra.append(store_postings.of_documents(documents, new[todo].tolist()))
    merged = store_postings.combine(base, extra)
    return postings.assemble(merged, n), merged.counts


def _copied(lists: store_postings.Lists, size: int, sources: np.ndarray, targets: np.ndarray) -> store_postings.Triples:
    """The triples of rows ``sources`` of ``lists``, as rows ``targets`` (a source may serve several targets)."""
    import numpy as np

    if not len(sources):
        return store_postings.empty()
    triples = lists.triples()
    order = np.argsort(triples.rows, kind="stable")
    starts = np.zeros(size + 1, dtype=np.int64)
    np.cumsum(np.bincount(triples.rows, minlength=size), out=starts[1:])
    lengths = starts[sources + 1] - starts[sources]
    # Positions in `order` of every posting of every source, source after source.
    first = np.repeat(starts[sources] - np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64), lengths)
    pick = order[first + np.arange(int(lengths.sum()))]
    return store_postings.Triples(
        triples.vocab, triples.terms[pick], np.repeat(targets.astype(np.int32), lengths), triples.counts[pick]
    )
