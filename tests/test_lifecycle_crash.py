"""A memory-manage run killed at any stage leaves readable files, loses no fact and double-counts nothing;
memory-extract-like appends during a run all survive."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import pin_clock, subprocess_env

from ratchet.config import Config
from ratchet.core.facts import Fact, new_fact
from ratchet.lifecycle import run as lifecycle
from ratchet.store import events
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

NOW = "2026-03-06T18:00:00Z"
STAGES = (
    "manage:after-read",
    "store:after-archive",
    "store:mid-rewrite",
    "store:after-rewrite",
    "manage:after-facts",
    "manage:after-cursor",
    "store:events-before-rename",
    "manage:after-compact",
)


def build(root: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Fact]:
    """Facts in two quarters, some to purge, reference events and old injection events to compact."""
    store = Store(MemoryDir(root))
    facts = [
        new_fact(f"Fact number {n} about topic {n % 7}", category="preference", importance=0.3 + (n % 7) / 10,
                 created=("2025-12-%02dT09:00:00Z" if n % 2 else "2026-01-%02dT09:00:00Z") % (n % 28 + 1))
        for n in range(60)
    ]  # fmt: skip
    facts.append(new_fact("Permanent rule", category="process", importance=0.05, tier="permanent"))
    store.add(facts, actor="test")
    pin_clock(monkeypatch, "2026-01-02T10:00:00Z")
    events.record(store.memdir, "injection", [facts[0].id], session="old")
    pin_clock(monkeypatch, NOW)
    for fact in facts[:10]:
        events.record(store.memdir, "reference", [fact.id], source="confirm")
    events.record(store.memdir, "reference", [facts[1].id, facts[2].id], source="extract")
    return {f.id: f for f in facts}


def snapshot(root: Path) -> dict[str, dict]:
    store = Store(MemoryDir(root))
    loaded = store.read(quarantine=False)
    assert not loaded.bad
    out = {}
    for fact in loaded.facts:
        record = fact.to_dict()
        record.pop("updated", None)
        record.pop("meta", None)  # holds the random generation token of the events file
        out[fact.id] = record
    for record in store.archived():
        out.setdefault(record["fact"]["id"], {"archived": True})
    return out


def archive_counts(root: Path) -> dict[str, int]:
    from collections import Counter

    return dict(Counter(r["fact"]["id"] for r in Store(MemoryDir(root)).archived()))


def manage(root: Path, **env: str) -> subprocess.CompletedProcess[str]:
    args = [sys.executable, "-m", "ratchet.cli.manage", "--memory-dir", str(root), "--no-report", "--no-llm"]
    return subprocess.run(args, env=subprocess_env(RATCHET_NOW=NOW, **env), capture_output=True, text=True, timeout=60)


@pytest.mark.slow
def test_a_run_killed_at_any_stage_is_completed_by_the_next(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    base = tmp_path / "base"
    created = build(base, monkeypatch)
    clean = tmp_path / "clean"
    shutil.copytree(base, clean)
    lifecycle.run(Store(MemoryDir(clean)), Config(), write_report=False)
    expected = snapshot(clean)
    assert set(expected) == set(created)
    assert sum(1 for r in expected.values() if r.get("archived")) > 0  # the run purges something
    for stage in STAGES:
        root = tmp_path / stage
        shutil.copytree(base, root)
        killed = manage(root, RATCHET_FAULT=stage)
        assert killed.returncode == 86, (stage, killed.stderr)
        current = snapshot(root)  # every file readable, every fact somewhere
        assert set(created) <= set(current), stage
        lifecycle.run(Store(MemoryDir(root)), Config(), write_report=False)
        got = snapshot(root)
        diff = {k: (got.get(k), expected[k]) for k in expected if got.get(k) != expected[k]}
        assert not diff, (stage, diff)
        assert archive_counts(root) == archive_counts(clean), stage  # each purged fact archived once, never twice
        text = (root / "MEMORY.md").read_text()
        assert "Permanent rule" in text


ADDER = """
import sys
from ratchet.core.facts import new_fact
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store
store = Store(MemoryDir(sys.argv[1]))
for n in range(int(sys.argv[3])):
    store.add([new_fact(f"appended {sys.argv[2]} {n}", category="project", importance=0.7,
                        fact_id=f"add-{sys.argv[2]}-{n:04d}")], actor="memory-extract")
"""


@pytest.mark.slow
def test_concurrent_appends_during_a_run_all_survive(tmp_path: Path) -> None:
    root = tmp_path / "memory"
    store = Store(MemoryDir(root))
    store.add(
        [
            new_fact(
                f"Existing fact {n}", category="casual", importance=0.3, created=f"2025-11-{n % 28 + 1:02d}T09:00:00Z"
            )
            for n in range(3000)
        ],
        actor="test",
    )
    env = subprocess_env(RATCHET_NOW=NOW)
    adders = [subprocess.Popen([sys.executable, "-c", ADDER, str(root), str(k), "40"], env=env) for k in range(2)]
    runs = [
        subprocess.run(
            [sys.executable, "-m", "ratchet.cli.manage", "--memory-dir", str(root), "--no-llm"],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        for _ in range(2)
    ]
    for adder in adders:
        assert adder.wait(timeout=60) == 0
    assert all(r.returncode == 0 for r in runs), [r.stderr for r in runs]
    ids = {f.id for f in store.facts()}
    appended = {f"add-{k}-{n:04d}" for k in range(2) for n in range(40)}
    assert appended <= ids
    assert not store.read(quarantine=False).bad


def audit_counts(root: Path) -> dict[tuple[str, str], int]:
    """How many audit records each (action, fact) has: every change in the log exactly once."""
    import json
    from collections import Counter

    lines = (root / "memory-log.jsonl").read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines if line.strip()]
    return dict(Counter((str(r.get("action")), str(r.get("fact_id"))) for r in records))


@pytest.mark.slow
def test_a_run_killed_at_every_checkpoint_ends_as_an_uninterrupted_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every checkpoint memory-manage passes (listed by RATCHET_FAULT_TRACE from an uninterrupted run, each
    occurrence of a repeated one included), killed there, then run again: the facts, the archive (each purged fact
    once), the audit log (each change once) and MEMORY.md are those of the uninterrupted run."""
    base = tmp_path / "base"
    build(base, monkeypatch)
    clean = tmp_path / "clean"
    shutil.copytree(base, clean)
    trace = tmp_path / "trace.txt"
    done = manage(clean, RATCHET_FAULT_TRACE=str(trace))
    assert done.returncode == 0, done.stderr
    checkpoints = trace.read_text().split()
    assert len(checkpoints) >= len(STAGES) and "store:journal#1" in checkpoints
    expected = (snapshot(clean), archive_counts(clean), audit_counts(clean), (clean / "MEMORY.md").read_bytes())
    for point in checkpoints:
        root = tmp_path / point.replace(":", "_").replace("#", "-")
        shutil.copytree(base, root)
        killed = manage(root, RATCHET_FAULT=point)
        assert killed.returncode == 86, (point, killed.stderr)
        again = manage(root)
        assert again.returncode == 0, (point, again.stderr)
        got = (snapshot(root), archive_counts(root), audit_counts(root), (root / "MEMORY.md").read_bytes())
        assert got[0] == expected[0], point
        assert got[1] == expected[1], point
        assert got[2] == expected[2], (point, {k: v for k, v in got[2].items() if expected[2].get(k) != v})
        assert got[3] == expected[3], point
