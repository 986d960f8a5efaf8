"""The embedding sync driven by the fact table stores what a sync over every parsed fact stores, and the vectors
file written a chunk at a time is the file ``np.save`` writes."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ratchet.config import Config
from ratchet.core.facts import new_fact
from ratchet.models.embedders import embed_texts
from ratchet.recall import refresh
from ratchet.store import journal, vectors
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

_WORDS = "dark light mode tabs kafka postgres deploy staging db 12".split()  # noqa: SIM905
_TEXT = st.lists(st.sampled_from(_WORDS), min_size=1, max_size=6).map(" ".join)
_OPS = st.one_of(
    st.tuples(st.just("add"), st.lists(_TEXT, min_size=1, max_size=4)),
    st.tuples(st.just("edit"), st.integers(0, 10**6), _TEXT),
    st.tuples(st.just("supersede"), st.integers(0, 10**6)),
    st.tuples(st.just("forget"), st.integers(0, 10**6)),
    st.tuples(st.just("tag"), st.integers(0, 10**6)),
)


def _expected(store: Store, before: tuple[list[str], list[int]] | None) -> tuple[list[str], list[int]]:
    """The rows a sync over ``Store.facts()`` keeps and adds: stored vectors of a still current text in their order,
    then the active facts without one in store order."""
    facts = [f for f in store.facts() if f.active]
    hashes = {f.id: vectors.text_hash(vectors.embed_text(f)) for f in facts}
    ids, kept = before or ([], [])
    keep = [(i, h) for i, h in zip(ids, kept, strict=True) if hashes.get(i) == h]
    have = {i for i, _ in keep}
    todo = [f.id for f in facts if f.id not in have]
    return [i for i, _ in keep] + todo, [h for _, h in keep] + [hashes[i] for i in todo]


def _stored(store: Store) -> tuple[list[str], list[int]] | None:
    raw = vectors.load_raw(store.memdir)
    if raw is None:
        return None
    return [i.decode() for i in raw[0]["id"]], [int(h) for h in raw[0]["hash"]]


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.lists(_OPS, min_size=1, max_size=8))
def test_the_sync_stores_what_a_sync_over_every_fact_stores(ops: list) -> None:
    config = Config()
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(MemoryDir(Path(tmp)))
        for op in ops:
            facts = store.facts()
            if op[0] == "add":
                store.add([new_fact(t, category="project", importance=0.5) for t in op[1]], "test")
            elif facts and op[0] == "edit":
                fact = facts[op[1] % len(facts)]
                fact.content = op[2]
                store.update([fact], "test")
            elif facts and op[0] == "supersede":
                fact = facts[op[1] % len(facts)]
                fact.superseded_by = None if fact.superseded_by else facts[0].id
                store.update([fact], "test")
            elif facts and op[0] == "forget":
                store.remove([facts[op[1] % len(facts)].id], "test", "forget", "test")
            elif facts and op[0] == "tag":
                fact = facts[op[1] % len(facts)]
                fact.tags = [*fact.tags, "ops"] if "ops" not in fact.tags else []
                store.update([fact], "test")
            expected = _expected(store, _stored(store))
            refresh.sync(store, config)
            assert _stored(store) == expected
            ids, matrix = vectors.load_vectors(store.memdir) or ([], np.zeros((0, 0)))
            texts = {f.id: vectors.embed_text(f) for f in store.facts()}
            if ids:  # every row is its fact's vector
                assert np.allclose(matrix, embed_texts(config, [texts[i] for i in ids]).astype(np.float16), atol=1e-3)


@settings(max_examples=50, deadline=None, derandomize=True)
@given(st.integers(0, 300), st.integers(1, 40), st.integers(0, 5), st.booleans())
def test_the_vectors_file_is_what_np_save_writes(rows: int, width: int, extra: int, mapped: bool) -> None:
    old = np.random.default_rng(rows).random((rows, width)).astype(np.float16)
    new = np.random.default_rng(extra).random((extra, width)).astype(np.float32)
    expected = io.BytesIO()
    np.save(expected, np.vstack([old, new.astype(np.float16)]), allow_pickle=False)
    with tempfile.TemporaryDirectory() as tmp:
        np.save(Path(tmp) / "m.npy", old)
        block = np.load(Path(tmp) / "m.npy", mmap_mode="r") if mapped else old
        assert b"".join(vectors._npy_chunks([block, new], np.dtype(np.float16))) == expected.getvalue()


def test_a_written_replacement_gets_the_lines_appended_to_it(memory_dir: Path) -> None:
    memdir = MemoryDir(memory_dir).ensure()
    target = memory_dir / "file.txt"
    change = journal.Change()
    change.replace(target, lambda fh: fh.write(b"written\n"))
    change.append_lines(target, ["appended"])
    journal.apply(memdir, change)
    assert target.read_bytes() == b"written\nappended\n"
    assert not memdir.journal.exists()
