"""The fact table (``state/facts-table.npz``): kept up to date incrementally, always equal to a build from scratch,
and always describing what ``Store.read`` returns."""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ratchet.core import dedupe
from ratchet.core.facts import Fact, new_fact
from ratchet.store import table
from ratchet.store.files import dumps_line
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

_WORDS = "the user prefers dark light mode tabs spaces repo uses pnpm npm not never postgres 12 13 kafka".split()  # noqa: SIM905
_TEXT = st.lists(st.sampled_from(_WORDS), min_size=1, max_size=7).map(" ".join)
_QUARTER = st.sampled_from(["2025-02-03T10:00:00Z", "2025-05-06T10:00:00Z", "2025-11-20T10:00:00Z"])
_SCOPE = st.sampled_from(["global", "repo:github.com/acme/api"])

_OPS = st.one_of(
    st.tuples(st.just("add"), st.lists(st.tuples(_TEXT, _QUARTER, _SCOPE, st.booleans()), min_size=1, max_size=4)),
    st.tuples(st.just("update"), st.integers(0, 10**6), _TEXT, st.booleans()),
    st.tuples(st.just("remove"), st.integers(0, 10**6)),
    st.tuples(st.just("bad"), st.integers(0, 10**6)),
    st.tuples(st.just("duplicate"), st.integers(0, 10**6), st.integers(0, 10**6)),
    st.tuples(st.just("quarantine")),
    st.tuples(st.just("touch"), st.integers(0, 10**6)),
    st.tuples(st.just("recase"), st.integers(0, 10**6)),
)


def _apply(store: Store, op: tuple, counter: list[int]) -> None:
    facts = store.read(quarantine=False).facts
    files = store.memdir.fact_files()
    kind = op[0]
    if kind == "add":
        new = []
        for text, created, scope, superseded in op[1]:
            counter[0] += 1
            fact = new_fact(text, category="preference", importance=0.5, created=created, scope=scope,
                            fact_id=f"fact-{counter[0]:06d}")  # fmt: skip
            if superseded:
                fact.superseded_by = "fact-999999"
            new.append(fact)
        store.add(new, "test")
    elif kind == "update" and facts:
        fact = facts[op[1] % len(facts)]
        fact.content = op[2]
        fact.superseded_by = "fact-999998" if op[3] else None
        fact.importance = 0.25
        store.update([fact], "test", loaded=store.read(quarantine=False))
    elif kind == "remove" and facts:
        store.remove([facts[op[1] % len(facts)].id], "test", "forget", "test")
    elif kind == "bad" and files:
        with open(files[op[1] % len(files)], "a", encoding="utf-8") as fh:
            fh.write('{"not": "a fact"}\n{broken\n')
    elif kind == "duplicate" and facts and files:
        with open(files[op[2] % len(files)], "a", encoding="utf-8") as fh:
            fh.write(dumps_line(facts[op[1] % len(facts)].to_dict()) + "\n")
    elif kind == "quarantine":
        store.read()
    elif kind == "recase" and files:  # a line rewritten in place, the file as long as before
        path = files[op[1] % len(files)]
        lines = path.read_text(encoding="utf-8").splitlines()
        for n, line in enumerate(lines):
            if line.startswith('{"id"'):
                record = json.loads(line)
                record["content"] = record["content"].swapcase()
                lines[n] = dumps_line(record)
                break
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    elif kind == "touch" and files:
        path = files[op[1] % len(files)]
        stat = path.stat()
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1000))


def _assert_same(a: table.Table, b: table.Table) -> None:
    for name in table._COLUMNS:
        x, y = getattr(a, name), getattr(b, name)
        assert x.dtype == y.dtype and x.shape == y.shape and np.array_equal(x, y), name
    assert a.meta == b.meta


def _assert_describes(tab: table.Table, store: Store) -> None:
    loaded = store.read(quarantine=False)
    assert [tab.id_of(r) for r in range(tab.size)] == [f.id for f in loaded.facts]
    assert [bool(a) for a in tab.active] == [f.active for f in loaded.facts]
    assert [tab.files[int(f)] for f in tab.file] == [loaded.files[f.id].name for f in loaded.facts]
    assert tab.bad == dict(Counter(b.path.name for b in loaded.bad))
    read = tab.facts(store.memdir, list(range(tab.size)))
    assert [read[r].to_dict() for r in range(tab.size)] == [f.to_dict() for f in loaded.facts]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(_OPS, min_size=1, max_size=12))
def test_the_table_kept_up_to_date_equals_one_built_from_scratch(ops: list) -> None:
    """After any sequence of appends, rewrites, bad and duplicate lines, quarantines and touched files, the table
    brought up to date from its last state holds exactly what a full scan makes, and what Store.read returns."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(MemoryDir(Path(tmp)))
        counter = [0]
        for op in ops:
            _apply(store, op, counter)
            kept = table.current(store)
            full = table._update(store.memdir, None)
            _assert_same(kept, full)
            _assert_same(kept, table.load(store.memdir) or full)
            _assert_describes(kept, store)


def test_appended_lines_are_the_only_ones_parsed(memory_dir: Path, monkeypatch) -> None:
    store = Store(MemoryDir(memory_dir))
    store.add([new_fact(f"fact number {n}", category="project", importance=0.5) for n in range(50)], "test")
    table.current(store)
    store.add([new_fact("one more fact about kafka", category="project", importance=0.5)], "test")
    parsed = []
    real = table.parse_file
    monkeypatch.setattr(table, "parse_file", lambda path, **kw: (parsed.append(kw.get("start")), real(path, **kw))[1])
    tab = table.current(store)
    assert tab.size == 51 and len(parsed) == 1 and parsed[0] > 0
    assert list(tab.fresh) == [50]


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.lists(_TEXT, max_size=20), _TEXT, st.floats(0.5, 4))
def test_sharing_counts_as_the_pool_does(texts: list[str], query: str, at_least: float) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(MemoryDir(Path(tmp)))
        store.add([new_fact(t, category="project", importance=0.5) for t in texts], "test")
        tab = table.current(store)
        tokens = dedupe._tokens(query)
        expected = [r for r, t in enumerate(texts) if len(dedupe._tokens(t) & tokens) >= at_least]
        assert tab.sharing(tokens, at_least).tolist() == expected


def test_a_read_skips_validating_lines_the_table_holds(memory_dir: Path, monkeypatch) -> None:
    store = Store(MemoryDir(memory_dir))
    store.add([new_fact(f"fact number {n}", category="project", importance=0.5) for n in range(20)], "test")
    table.current(store)
    with open(store.memdir.fact_files()[0], "a", encoding="utf-8") as fh:  # a new line: validated
        fh.write(dumps_line({**new_fact("x", category="project", importance=0.5).to_dict(), "tier": "gold"}) + "\n")
    checked = []
    real = Fact.from_dict
    monkeypatch.setattr(Fact, "from_dict", classmethod(lambda cls, r: (checked.append(r["id"]), real(r))[1]))
    loaded = store.read(quarantine=False)
    assert len(loaded.facts) == 20 and len(checked) == 1 and len(loaded.bad) == 1
    monkeypatch.setattr(table, "schema_digest", lambda: "another schema")
    checked.clear()
    store.read(quarantine=False)
    assert len(checked) == 21  # the schema changed: every line is checked again
