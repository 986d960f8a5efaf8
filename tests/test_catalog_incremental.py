"""The retrieval cache kept up to date from the last one equals the cache built from nothing, array for array, and
its BM25 index assembled from term counts equals ``bm25.build`` bit for bit."""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ratchet.core.facts import new_fact
from ratchet.core.sensitive import TAG as SENSITIVE
from ratchet.recall import bm25, catalog, postings, rows
from ratchet.store import postings as lists
from ratchet.store import table
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

_TERMS = st.sampled_from([*"alpha beta gamma delta ép z aa a kafka postgres deploy xxdatedxx".split(), "b" * 30])  # noqa: SIM905
_DOC = st.lists(_TERMS, max_size=12)


def _same_index(a: bm25.Index, b: bm25.Index) -> None:
    assert a.size == b.size
    for name in ("terms", "idf", "indptr", "docs", "impacts"):
        x, y = getattr(a, name), getattr(b, name)
        assert x.dtype == y.dtype and x.shape == y.shape and np.array_equal(x, y), name


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(_DOC, max_size=30), st.data())
def test_bm25_from_term_counts_is_bm25_build(documents: list[list[str]], data: st.DataObject) -> None:
    """From scratch, and with documents inserted anywhere among earlier ones (whose postings are moved, not rebuilt)."""
    n = len(documents)
    expected = bm25.build(documents)
    _same_index(postings.assemble(lists.combine(lists.empty(), [lists.of_documents(documents, range(n))]), n), expected)
    added = sorted(data.draw(st.sets(st.integers(0, max(n - 1, 0)), max_size=n)) if n else [])
    earlier = [r for r in range(n) if r not in added]
    first = lists.combine(lists.empty(), [lists.of_documents([documents[r] for r in earlier], range(len(earlier)))])
    base = lists.moved(first, np.array(earlier, dtype=np.int32))
    grown = lists.combine(base, [lists.of_documents([documents[r] for r in added], added)])
    _same_index(postings.assemble(grown, n), expected)


_WORDS = "the user prefers dark mode kafka postgres deploy on tuesday 2024 12 tabs".split()  # noqa: SIM905
_TEXT = st.lists(st.sampled_from(_WORDS), min_size=1, max_size=7).map(" ".join)
_FACT = st.tuples(
    _TEXT,
    st.sampled_from(["2025-02-03T10:00:00Z", "2025-05-06", "2025-11-20T10:00:00Z"]),
    st.sampled_from(["global", "repo:github.com/acme/api"]),
    st.sampled_from(["preference", "project", "decision"]),
    st.sampled_from([None, "s1", "s2", "s3"]),
    st.sampled_from([[], ["ops"], [SENSITIVE, "ops"]]),
    st.booleans(),
)
_OPS = st.one_of(
    st.tuples(st.just("add"), st.lists(_FACT, min_size=1, max_size=5)),
    st.tuples(st.just("decay"), st.integers(0, 10**6), st.floats(0, 1)),
    st.tuples(st.just("edit"), st.integers(0, 10**6), _TEXT),
    st.tuples(st.just("supersede"), st.integers(0, 10**6)),
    st.tuples(st.just("remove"), st.integers(0, 10**6)),
    st.tuples(st.just("reorder"), st.integers(0, 10**6)),
)


def _apply(store: Store, op: tuple, counter: list[int]) -> None:
    facts = store.read(quarantine=False).facts
    if op[0] == "add":
        new = []
        for text, created, scope, category, session, tags, superseded in op[1]:
            counter[0] += 1
            fact = new_fact(text, category=category, importance=0.5, created=created, scope=scope, tags=tags,
                            source_session=session, fact_id=f"fact-{counter[0]:06d}")  # fmt: skip
            fact.superseded_by = "fact-999999" if superseded else None
            new.append(fact)
        store.add(new, "test")
        return
    if not facts:
        return
    if op[0] == "reorder":  # lines moved by hand: rows kept, in another order
        files = store.memdir.fact_files()
        path = files[op[1] % len(files)]
        lines = path.read_text(encoding="utf-8").splitlines()
        path.write_text("".join(line + "\n" for line in reversed(lines)), encoding="utf-8")
        return
    fact = facts[op[1] % len(facts)]
    if op[0] == "decay":  # what memory-manage changes: the line, not what decides tokens or terms
        fact.importance = round(op[2], 4)
        fact.last_referenced = "2025-12-01T00:00:00Z"
        store.update([fact], "test")
    elif op[0] == "edit":
        fact.content = op[2]
        store.update([fact], "test")
    elif op[0] == "supersede":
        fact.superseded_by = None if fact.superseded_by else "fact-999998"
        store.update([fact], "test")
    else:
        store.remove([fact.id], "test", "forget", "test")


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.lists(_OPS, min_size=1, max_size=10))
def test_the_cache_kept_up_to_date_equals_one_built_from_scratch(ops: list) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(MemoryDir(Path(tmp)))
        counter = [0]
        for op in ops:
            _apply(store, op, counter)
            catalog.get(store)  # brought up to date from the last cache
            kept = catalog.load(store.memdir, materials=True)
            assert kept is not None
            fresh = rows.assemble(store.memdir, table.current(store), None)
            assert fresh is not None
            for name in catalog._ARRAYS:
                x, y = getattr(kept, name), getattr(fresh, name)
                assert x.dtype == y.dtype and x.shape == y.shape and np.array_equal(x, y), name
            _same_index(kept.index, fresh.index)
            for name in ("digest", "neighbours", "sessions", "sensitive"):
                assert np.array_equal(kept.meta_arrays[name], fresh.meta_arrays[name]), name
            assert np.array_equal(kept.materials["tfs"], fresh.materials["tfs"])
            assert kept.materials["session_names"] == fresh.materials["session_names"]
            assert {**kept.meta, "built": ""} == {**fresh.meta, "built": ""}


def test_a_new_fact_reads_one_line_and_tokenizes_one_document(memory_dir: Path, monkeypatch) -> None:
    store = Store(MemoryDir(memory_dir))
    store.add([new_fact(f"fact {n} about kafka", category="project", importance=0.5) for n in range(30)], "test")
    catalog.refresh(store)
    store.add([new_fact("one more about postgres", category="project", importance=0.5)], "test")
    tokenized = []
    real = rows.tokenize
    monkeypatch.setattr(rows, "tokenize", lambda text: (tokenized.append(text), real(text))[1])
    cat = catalog.get(store)
    assert cat.size == 31 and len(tokenized) == 1 and "postgres" in tokenized[0]


def test_lines_reordered_by_hand_are_rows_in_the_new_order(memory_dir: Path) -> None:
    store = Store(MemoryDir(memory_dir))
    store.add([new_fact(f"fact {n} about kafka {n % 3}", category="project", importance=0.5,
                        source_session=f"s{n % 2}") for n in range(20)], "test")  # fmt: skip
    catalog.refresh(store)
    path = store.memdir.fact_files()[0]
    path.write_text("".join(line + "\n" for line in reversed(path.read_text().splitlines())), encoding="utf-8")
    store.add([new_fact("one more about postgres", category="project", importance=0.5)], "test")
    kept = catalog.get(store)
    fresh = rows.assemble(store.memdir, table.current(store), None)
    assert fresh is not None and kept.id_of(0) == fresh.id_of(0) != fresh.id_of(19)
    _same_index(kept.index, fresh.index)
    assert np.array_equal(kept.meta_arrays["neighbours"], fresh.meta_arrays["neighbours"])


def test_a_process_keeps_the_cache_it_read_until_the_file_changes(tmp_path: Path) -> None:
    """Retrieving again in one process (``ratchet mcp``, an evaluation) reuses the cache it read while the file is
    the same; a write (a new file in its place) is read again, and a rebuilt cache holds the new fact."""
    store = Store(MemoryDir(tmp_path / "memory"))
    store.add([new_fact("The deploy runs on Fridays", category="process", importance=0.7)], actor="test")
    first = catalog.get(store)
    assert catalog.get(store) is first
    later = new_fact("Kafka topics are compacted weekly", category="project", importance=0.6)
    store.add([later], actor="test")
    second = catalog.get(store)
    assert second is not first and later.id.encode() in second.ids.tolist()
    assert catalog.get(store) is second
    other = Store(MemoryDir(tmp_path / "other"))  # another memory directory is never answered from this one's
    other.add([new_fact("Brakes done in June", category="vehicle", importance=0.8)], actor="test")
    assert catalog.get(other).ids.tolist() != second.ids.tolist()
