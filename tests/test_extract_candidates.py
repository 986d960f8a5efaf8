"""Extraction reads only the facts a candidate could duplicate or supersede (found in the fact table's postings), and
decides exactly as with every visible fact of the store."""

from __future__ import annotations

import random
import tempfile
import uuid
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratchet.config import Config
from ratchet.core import clock
from ratchet.core.facts import Candidate, new_fact
from ratchet.extract import pipeline
from ratchet.extract.pipeline import ExtractResult, build_facts
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

_WORDS = "the user prefers likes dark light mode tabs spaces repo uses pnpm npm not never 12 13 staging db".split()  # noqa: SIM905
_TEXT = st.lists(st.sampled_from(_WORDS), min_size=1, max_size=7).map(" ".join)
_SCOPES = ["global", "repo:github.com/acme/api", "repo:github.com/acme/web"]
_FACT = st.tuples(_TEXT, st.sampled_from(_SCOPES), st.booleans(), st.sampled_from(["s0", "s1"]))
_STORED = st.lists(_FACT, max_size=30)
_CANDIDATE = st.tuples(_TEXT, st.booleans(), st.sampled_from(["person", "project"]), st.lists(st.integers(0, 40)))


def _decide(store: Store, candidates: list[Candidate], *, everything: bool) -> tuple:
    """What build_facts decides from every visible fact, or from those _facts_for reads (same ids for new facts)."""
    rng = random.Random(0)
    real = uuid.uuid4
    uuid.uuid4 = lambda: uuid.UUID(int=rng.getrandbits(128), version=4)  # type: ignore[assignment]
    try:
        visible = {"global", "repo:github.com/acme/api"}
        if everything:
            existing, retired = pipeline._visible_facts(store, visible)
        else:
            existing, retired, _ = pipeline._facts_for(store, visible, candidates)
        result = ExtractResult("t", "text", "s1", "offline", scope="repo:github.com/acme/api")
        with clock.pinned("2026-03-01T10:00:00Z"):  # new facts are created now: the same now in both runs
            added, updates = build_facts(Config(), candidates, existing, result, retired)
    finally:
        uuid.uuid4 = real  # type: ignore[assignment]
    return (
        [f.to_dict() for f in added],
        sorted((f.id, f.superseded_by) for f in updates),
        result.duplicates,
        result.superseded,
        result.references,
        result.rejected,
    )


@settings(max_examples=150, deadline=None, derandomize=True)
@given(_STORED, st.lists(_CANDIDATE, min_size=1, max_size=6))
def test_the_facts_read_for_the_candidates_decide_as_every_fact_does(stored: list, drawn: list) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(MemoryDir(Path(tmp)))
        facts = []
        for n, (text, scope, superseded, session) in enumerate(stored):
            fact = new_fact(text, category="preference", importance=0.5, scope=scope, source_session=session,
                            fact_id=f"stored-{n:04d}", created=f"2025-0{1 + n % 9}-01T10:00:00Z")  # fmt: skip
            fact.superseded_by = "stored-9999" if superseded else None
            facts.append(fact)
        store.add(facts, "test")
        candidates = [
            Candidate(
                text,
                "preference",
                correction=correction,
                about=about,
                supersedes=[f"stored-{i:04d}" for i in named if i < len(stored)] if named else [],
            )  # fmt: skip
            for text, correction, about, named in drawn
        ]
        assert _decide(store, candidates, everything=False) == _decide(store, candidates, everything=True)


def test_only_the_candidates_neighbours_are_read(memory_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(MemoryDir(memory_dir))
    store.add([new_fact(f"server {n} runs job {n}", category="project", importance=0.5) for n in range(200)], "test")
    store.add([new_fact("The staging database is db-staging-2", category="project", importance=0.5)], "test")
    monkeypatch.setattr(Store, "read", lambda *a, **k: pytest.fail("the whole store was read"))
    candidates = [Candidate("the staging database is db-staging-2.", "project")]
    existing, retired, _ = pipeline._facts_for(store, {"global"}, candidates)
    assert [f.content for f in existing] == ["The staging database is db-staging-2"] and retired == []
