"""The weekly lifecycle rules, on real files: decay, reinforcement, promotion, purge, supersedes, events."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import pin_clock

from ratchet.config import Config
from ratchet.core.facts import Fact, new_fact
from ratchet.errors import LockBusyError
from ratchet.lifecycle import run as lifecycle
from ratchet.store import audit, events
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

# 2026-02-23 is the Monday of ISO week 2026-W09.
W09 = "2026-02-27T18:00:00Z"
W10 = "2026-03-06T18:00:00Z"
W12 = "2026-03-20T18:00:00Z"


@pytest.fixture
def store(memory_dir: Path) -> Store:
    return Store(MemoryDir(memory_dir))


def at(monkeypatch: pytest.MonkeyPatch, when: str) -> None:
    pin_clock(monkeypatch, when)


def add(store: Store, content: str, **kw: object) -> Fact:
    kw.setdefault("category", "preference")
    kw.setdefault("importance", 0.6)
    kw.setdefault("created", "2026-02-24T09:00:00Z")
    fact = new_fact(content, **kw)  # type: ignore[arg-type]
    store.add([fact], actor="test")
    return fact


def run(store: Store, **kw: object) -> dict:
    return lifecycle.run(store, Config(), write_report=False, **kw)  # type: ignore[arg-type]


def get(store: Store, fact_id: str) -> Fact:
    return {f.id: f for f in store.facts()}[fact_id]


def test_decay_is_idempotent_per_week_and_catches_up_missed_weeks(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    fact = add(store, "Standard fact", importance=0.6)
    at(monkeypatch, W09)
    run(store)
    assert get(store, fact.id).importance == 0.6  # created this week: nothing to decay yet
    at(monkeypatch, W10)
    first = run(store)
    assert first["decayed"] == 1
    assert get(store, fact.id).importance == pytest.approx(0.6 * 0.95)
    assert get(store, fact.id).decayed_through == "2026-W10"
    second = run(store)
    assert second["decayed"] == 0 and second["changed"] == 0
    assert get(store, fact.id).importance == pytest.approx(0.6 * 0.95)
    at(monkeypatch, "2026-03-27T18:00:00Z")  # W13: three missed Fridays
    third = run(store)
    assert third["decay_weeks"] == 3
    assert get(store, fact.id).importance == pytest.approx(0.6 * 0.95**4, abs=1e-5)


def test_transient_decays_faster_and_permanent_never(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    transient = add(store, "Transient note", tier="transient", importance=0.5)
    permanent = add(store, "Permanent rule", tier="permanent", importance=0.5)
    at(monkeypatch, W12)
    run(store)
    assert get(store, transient.id).importance == pytest.approx(0.5 * 0.8**3, abs=1e-5)
    assert get(store, permanent.id).importance == 0.5
    assert get(store, permanent.id).decayed_through is None


def test_reinforce_per_confirmed_reference_and_not_for_injection(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    fact = add(store, "Referenced fact", importance=0.6)
    other = add(store, "Only injected fact", importance=0.6)
    at(monkeypatch, W10)
    for _ in range(2):
        events.record(store.memdir, "reference", [fact.id], source="confirm")
    events.record(store.memdir, "injection", [other.id], session="s1", source="retrieve")
    summary = run(store)
    got = get(store, fact.id)
    assert got.importance == pytest.approx(0.6 * 1.1 * 1.1)  # referenced in W10: no decay for W10
    assert got.reference_count == 2
    assert got.last_referenced == W10
    assert summary["references"] == 2 and summary["reinforced"] == 1
    injected = get(store, other.id)
    assert injected.reference_count == 0
    assert injected.importance == pytest.approx(0.6 * 0.95)
    # The cursor moved: the same events never count twice.
    run(store)
    assert get(store, fact.id).reference_count == 2


def test_reinforcement_is_capped_at_one(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    fact = add(store, "Important", importance=0.95)
    at(monkeypatch, W09)
    events.record(store.memdir, "reference", [fact.id])
    run(store)
    assert get(store, fact.id).importance == 1.0


def test_a_fact_already_marked_is_not_reinforced_again_after_a_lost_cursor(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    fact = add(store, "Referenced fact", importance=0.5)
    at(monkeypatch, W09)
    events.record(store.memdir, "reference", [fact.id])
    cursor_before = events.cursor_path(store.memdir).read_bytes() if events.cursor_path(store.memdir).exists() else None
    run(store)
    assert cursor_before is None
    # Simulate a run killed after the facts were rewritten but before the cursor moved.
    events.cursor_path(store.memdir).write_text(json.dumps({"files": {}}))
    doc = json.loads(events.cursor_path(store.memdir).read_text())
    assert doc == {"files": {}}
    mark = get(store, fact.id).meta["ref_mark"]
    inode = str(store.memdir.events.stat().st_ino)
    events.cursor_path(store.memdir).write_text(json.dumps({"files": {inode: {"gen": mark[0], "offset": 0}}}))
    run(store)
    assert get(store, fact.id).reference_count == 1
    assert get(store, fact.id).importance == pytest.approx(0.55)


def test_a_copy_of_the_memory_directory_does_not_apply_past_confirmations_again(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``cp -a`` gives events.jsonl a new inode; the cursor recognises the file by its content up to the offset."""
    import shutil

    fact = add(store, "Confirmed twice", importance=0.5)
    at(monkeypatch, W09)
    events.record(store.memdir, "reference", [fact.id], source="confirm")
    events.record(store.memdir, "reference", [fact.id], source="confirm")
    run(store)
    assert get(store, fact.id).reference_count == 2
    shutil.copytree(store.memdir.root, tmp_path / "copy", copy_function=shutil.copy2)
    copy = Store(MemoryDir(tmp_path / "copy"))
    assert copy.memdir.events.stat().st_ino != store.memdir.events.stat().st_ino
    events.record(copy.memdir, "reference", [fact.id], source="confirm")  # one new confirmation in the copy
    run(copy)
    assert get(copy, fact.id).reference_count == 3
    run(store)  # the original goes on by its own inode
    assert get(store, fact.id).reference_count == 2


def test_a_reused_inode_number_with_other_content_starts_over(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    fact = add(store, "Confirmed once", importance=0.5)
    at(monkeypatch, W09)
    events.record(store.memdir, "reference", [fact.id], source="confirm")
    run(store)
    inode = str(store.memdir.events.stat().st_ino)
    doc = json.loads(events.cursor_path(store.memdir).read_text())
    assert set(doc["files"]) == {inode} and doc["files"][inode]["mark"]
    # Same inode, other bytes before the offset (a file replaced in place): its events are all new.
    store.memdir.events.write_text(store.memdir.events.read_text().replace(fact.id[:4], "zzzz"))
    batch = events.pending(store.memdir)
    assert batch.start == 0 and batch.gen != doc["files"][inode]["gen"]


def test_promotion_thresholds_and_untrusted_needs_more(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    trusted = add(store, "Trusted decision", category="decision", importance=0.9)
    untrusted = add(store, "Untrusted decision", category="decision", importance=0.9, source_trust="untrusted")
    few = add(store, "Two references only", category="decision", importance=0.9)
    at(monkeypatch, W09)
    for _ in range(3):
        events.record(store.memdir, "reference", [trusted.id, untrusted.id])
    events.record(store.memdir, "reference", [few.id])
    events.record(store.memdir, "reference", [few.id])
    summary = run(store)
    assert [p["id"] for p in summary["promoted"]] == [trusted.id]
    assert get(store, trusted.id).promoted
    assert not get(store, untrusted.id).promoted
    assert not get(store, few.id).promoted
    text = store.memdir.memory_md.read_text()
    assert "Trusted decision" in text and "Untrusted decision" not in text
    actions = [(r["action"], r.get("fact_id")) for r in audit.read(store.memdir)]
    assert ("promote", trusted.id) in actions


def test_memory_md_keeps_the_hand_written_section(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    add(store, "Never deploy on Fridays", tier="permanent", category="process")
    hand = (
        "# My notes\n\nKeep this exactly.\n\n"
        "<!-- ratchet:begin -->\nold generated text\n<!-- ratchet:end -->\n\n## Tail\nmine\n"
    )
    store.memdir.memory_md.write_text(hand)
    at(monkeypatch, W09)
    run(store)
    text = store.memdir.memory_md.read_text()
    assert text.startswith("# My notes\n\nKeep this exactly.\n\n<!-- ratchet:begin -->\n")
    assert text.endswith("<!-- ratchet:end -->\n\n## Tail\nmine\n")
    assert "Never deploy on Fridays" in text and "old generated text" not in text


def test_purge_archives_low_scores_but_never_permanent(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    low = add(store, "Casual remark", category="casual", importance=0.3, created="2025-10-01T09:00:00Z")
    keep = add(store, "Safety rule", tier="permanent", importance=0.05, created="2025-10-01T09:00:00Z")
    at(monkeypatch, W09)
    summary = run(store)
    assert [p["id"] for p in summary["purged"]] == [low.id]
    ids = {f.id for f in store.facts()}
    assert low.id not in ids and keep.id in ids
    archived = store.archived()
    assert archived[-1]["fact"]["id"] == low.id and archived[-1]["action"] == "purge"
    restored = store.restore(low.id, actor="test")
    assert restored.id == low.id


def test_supersedes_enforced_and_dangling_reported(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    old = add(store, "Aaron drives a WRX")
    new = add(store, "Aaron sold the WRX and drives a Tacoma", supersedes=[old.id, "missing-id-123"])
    at(monkeypatch, W09)
    summary = run(store)
    assert get(store, old.id).superseded_by == new.id
    assert summary["dangling"] == [{"id": new.id, "field": "supersedes", "missing": "missing-id-123"}]
    assert any(r["action"] == "supersede" and r.get("fact_id") == old.id for r in audit.read(store.memdir))


def test_chains_are_reported_with_their_head_and_cycles_broken(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    a = add(store, "Version one", created="2026-02-23T09:00:00Z")
    b = add(store, "Version two", created="2026-02-24T09:00:00Z", supersedes=[a.id])
    c = add(store, "Version three", created="2026-02-25T09:00:00Z", supersedes=[b.id])
    at(monkeypatch, W09)
    summary = run(store)
    assert summary["chains"] == [{"id": a.id, "chain": [a.id, b.id], "head": c.id}]
    assert get(store, c.id).active and not get(store, b.id).active and not get(store, a.id).active
    # A hand-made cycle: x <-> y; the newer one comes back.
    x = add(store, "Cycle x", created="2026-02-23T10:00:00Z")
    y = add(store, "Cycle y", created="2026-02-24T10:00:00Z")
    fx, fy = get(store, x.id), get(store, y.id)
    fx.superseded_by, fy.superseded_by = y.id, x.id
    store.update([fx, fy], actor="test")
    run(store)
    assert get(store, y.id).active and not get(store, x.id).active


def test_events_compaction_drops_old_injections_only_and_keeps_the_cursor(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    fact = add(store, "A fact", importance=0.5)
    at(monkeypatch, "2026-01-02T10:00:00Z")
    events.record(store.memdir, "injection", [fact.id], session="old", source="retrieve")
    events.record(store.memdir, "reference", [fact.id], source="confirm")
    at(monkeypatch, W09)
    events.record(store.memdir, "injection", [fact.id], session="new", source="retrieve")
    summary = run(store)
    assert summary["events_compacted"] == 1
    kept = list(events.read(store.memdir))
    assert [(e["type"], e.get("session")) for e in kept] == [("reference", None), ("injection", "new")]
    assert get(store, fact.id).reference_count == 1
    # A reference appended after compaction is consumed exactly once.
    events.record(store.memdir, "reference", [fact.id], source="confirm")
    run(store)
    run(store)
    assert get(store, fact.id).reference_count == 2


def test_compaction_copies_late_appends_from_the_old_file_once(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    memdir = store.memdir
    at(monkeypatch, "2026-01-02T10:00:00Z")
    events.record(memdir, "injection", ["x" * 8], session="old")
    at(monkeypatch, W09)
    events.commit(memdir, events.pending(memdir))
    assert events.compact(memdir, 30) == 1
    prev = memdir.state_dir / events.PREV_NAME
    late = json.dumps({"time": W09, "type": "reference", "fact_ids": ["late-fact-1"], "session": None, "source": ""})
    with open(prev, "a") as fh:  # an appender that opened the old file just before the rename
        fh.write(late + "\n")
    events.record(memdir, "injection", ["y" * 8], session="old2")
    at(monkeypatch, "2026-06-01T10:00:00Z")
    events.commit(memdir, events.pending(memdir))
    events.compact(memdir, 30)
    events.compact(memdir, 30)
    lines = memdir.events.read_text().splitlines()
    assert lines == [late]
    assert not prev.exists()


def test_dry_run_writes_nothing(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    add(store, "Casual remark", category="casual", importance=0.3, created="2025-10-01T09:00:00Z")
    other = add(store, "Other", importance=0.7)
    at(monkeypatch, W10)
    events.record(store.memdir, "reference", [other.id])
    before = {p: p.read_bytes() for p in store.memdir.root.rglob("*") if p.is_file()}
    summary = lifecycle.run(store, Config(), dry_run=True)
    after = {p: p.read_bytes() for p in store.memdir.root.rglob("*") if p.is_file()}
    assert before == after
    assert summary["dry_run"] is True and summary["purged_count"] == 1 and summary["reinforced"] == 1


def test_overlapping_run_is_skipped(store: Store) -> None:
    from filelock import FileLock

    with FileLock(str(store.memdir.manage_lock)), pytest.raises(LockBusyError, match="skipped: another run holds"):
        run(store)


def test_quarter_files_keep_their_facts(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    q4 = add(store, "Autumn fact", importance=1.0, created="2025-12-20T09:00:00Z")
    q1 = add(store, "Winter fact", importance=0.9, created="2026-01-10T09:00:00Z")
    at(monkeypatch, W09)
    run(store)
    files = store.read().files
    assert files[q4.id].name == "facts-2025-Q4.jsonl" and files[q1.id].name == "facts-2026-Q1.jsonl"
    assert store.index()["facts"][q4.id][0] == "facts-2025-Q4.jsonl"


def test_fast_record_matches_to_dict() -> None:
    plain = new_fact("x", category="casual", importance=0.3)
    full = new_fact(
        "y", category="casual", importance=0.3, tags=["a"], evidence="e", prompt_version="v1", meta={"k": 1}
    )
    full.decayed_through, full.updated, full.supersedes = "2026-W09", "2026-02-27T18:00:00Z", ["abc12345"]
    for fact in (plain, full):
        assert fact.record() == fact.to_dict()
