"""Every writing command killed at every checkpoint it passes, then run again, ends as the uninterrupted run.

For memory-manage, memory-extract, memory-embed and ``ratchet import``: an uninterrupted run on a copy of a seeded
memory directory lists the command's checkpoints (``RATCHET_FAULT_TRACE``, every occurrence of a repeated one);
then, for each, another copy is killed there (``RATCHET_FAULT``, exit 86) and the command run again without a
fault. The facts files, the archive, the audit log, the vectors, ``MEMORY.md``, the review list, the events, the
extraction offsets and the lifecycle state are then those of the uninterrupted run, byte for byte, after two
renamings of what is random by design: the uuid4 of a fact extraction creates is named by its content, and the
random generation token of the events file by a constant. No journal is left pending and no temp file remains.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import pin_clock, subprocess_env

from ratchet.config import Config
from ratchet.core.facts import new_fact
from ratchet.recall import refresh
from ratchet.store import events
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]

SEEDED = "2026-01-02T10:00:00Z"
NOW = "2026-03-06T18:00:00Z"
CHECKPOINT = re.compile(r"^(manage|extract|embed|import|store):[a-z-]+#[0-9]+$")
UUID = re.compile(rb"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")
GENERATION = re.compile(rb'"ref_mark":\["[0-9a-f]{12}"')
# What a run leaves that the next run reads (derived caches, the index and ratchet.log are rebuilt or diagnostic).
COMPARED = (
    "archive.jsonl",
    "memory-log.jsonl",
    "MEMORY.md",
    "review.jsonl",
    "events.jsonl",
    "state/extract-offsets.json",
    "state/manage-state.json",
    "state/embeddings.npy",
    "state/embeddings-ids.npy",
    "state/embeddings-meta.json",
)


def command(name: str, root: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """One real run of a command (its module, as the entry points run it) on memory directory ``root``."""
    modules = {
        "manage": ["ratchet.cli.manage", "--no-report", "--no-llm"],
        "extract": ["ratchet.cli.extract"],
        "embed": ["ratchet.cli.embed", "-q"],
        "import": ["ratchet.cli.main", "import"],
    }
    argv = [sys.executable, "-m", *modules[name], *args, "--memory-dir", str(root)]
    return subprocess.run(argv, env=subprocess_env(RATCHET_NOW=NOW, **env), capture_output=True, text=True, timeout=120)


def state(root: Path) -> dict[str, bytes]:
    """The compared files of ``root``, with random ids and tokens renamed (see the module docstring)."""
    store = Store(MemoryDir(root), create=False)
    loaded = store.read(quarantine=False)
    assert not loaded.bad, loaded.bad
    facts = [f.to_dict() for f in loaded.facts] + [r["fact"] for r in store.archived()]
    names = {
        f["id"].encode(): b"fact:" + hashlib.sha256(f["content"].encode()).hexdigest()[:31].encode() for f in facts
    }
    out: dict[str, bytes] = {}
    for path in [*MemoryDir(root).fact_files(), *(root / name for name in COMPARED)]:
        if not path.exists():
            continue
        data = path.read_bytes()
        if path.name == "embeddings-meta.json":
            meta = json.loads(data)
            meta.pop("signature")  # sizes and mtimes of the quarter files: when they were written, not what
            meta.pop("generation")  # a digest of the two .npy files, compared themselves with ids renamed
            data = json.dumps(meta, indent=1).encode()
        data = UUID.sub(lambda m: names.get(m.group(), m.group()), data)  # same length: npy layouts stay valid
        out[path.relative_to(root).as_posix()] = GENERATION.sub(b'"ref_mark":["generation"', data)
    return out


def leftovers(root: Path) -> list[str]:
    """A pending journal or temp files: what a finished run must not leave."""
    found = [p for p in root.rglob(".*.tmp")]
    if MemoryDir(root).journal.exists():
        found.append(MemoryDir(root).journal)
    return [p.relative_to(root).as_posix() for p in found]


def kill_at_every_checkpoint(
    tmp_path: Path, base: Path, run: Callable[[Path, dict[str, str]], subprocess.CompletedProcess[str]]
) -> list[str]:
    """Run uninterrupted, then killed at each checkpoint and again: the same state each time. The checkpoints."""
    clean = tmp_path / "clean"
    shutil.copytree(base, clean)
    trace = tmp_path / "trace.txt"
    done = run(clean, {"RATCHET_FAULT_TRACE": str(trace)})
    assert done.returncode == 0, done.stderr
    points = trace.read_text(encoding="utf-8").split()
    assert points and all(CHECKPOINT.match(p) for p in points), points
    expected = state(clean)
    assert not leftovers(clean)
    for point in points:
        root = tmp_path / point.replace(":", "_").replace("#", "-")
        shutil.copytree(base, root)
        killed = run(root, {"RATCHET_FAULT": point})
        assert killed.returncode == 86, (point, killed.stderr)
        if point.startswith("store:before-replace"):
            assert leftovers(root), point  # the killed writer left its temp file...
        again = run(root, {})
        assert again.returncode == 0, (point, again.stderr)
        assert not leftovers(root), point  # ...and the next run removed it
        got = state(root)
        assert sorted(got) == sorted(expected), point
        differ = [name for name in expected if got[name] != expected[name]]
        assert not differ, (point, differ, {name: _diff(got[name], expected[name]) for name in differ})
    return points


def _diff(got: bytes, expected: bytes) -> list[str]:
    """The start of a diff from the expected file to the one found (what the assertion message shows): a line
    written twice or in another order shows too."""
    import difflib

    theirs = expected.decode("utf-8", "replace").splitlines()
    mine = got.decode("utf-8", "replace").splitlines()
    return [line[:300] for line in difflib.unified_diff(theirs, mine, n=0, lineterm="")][:12]


def embed_in_process(root: Path) -> None:
    """The vectors of a seeded store, as a ``memory-embed`` run before the one under test left them."""
    refresh.sync(Store(MemoryDir(root)), Config())


# ----- memory-manage -----------------------------------------------------------------------------------------


def seed_manage(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Decay (every fact), purge (the faint ones), promotion (a confirmed important fact), reinforcement,
    supersession (a fact listing another; an exact duplicate), a flagged contradiction, vectors to drop and old
    injection events to compact."""
    pin_clock(monkeypatch, SEEDED)
    store = Store(MemoryDir(root))
    facts = [
        new_fact(
            f"Fact number {n} about topic {n % 7} of the build farm",
            category="preference",
            importance=0.3 + (n % 7) / 10,
            created=("2025-12-%02dT09:00:00Z" if n % 2 else "2026-01-%02dT09:00:00Z") % (n % 28 + 1),
            fact_id=f"fact-{n:04d}",
        )
        for n in range(40)
    ]
    facts += [
        new_fact("Permanent rule: never push to main", category="process", importance=0.05, tier="permanent",
                 fact_id="rule-0001"),
        new_fact("The deploy window is Thursday at 10am", category="project", importance=0.9, fact_id="deploy-0001",
                 created="2026-03-02T09:00:00Z"),
        new_fact("The staging database is db-staging-2", category="project", importance=0.7, fact_id="db-00000002",
                 created="2026-02-02T09:00:00Z"),
        new_fact("The staging database is db-staging-3", category="project", importance=0.7, fact_id="db-00000003",
                 created="2026-02-20T09:00:00Z"),
        new_fact("The CI runners use 16 GB of memory", category="project", importance=0.6, fact_id="ci-00000001",
                 created="2026-02-23T09:00:00Z"),
        new_fact("The CI runners use 16 GB of memory", category="project", importance=0.6, fact_id="ci-00000002",
                 created="2026-02-24T09:00:00Z"),
        new_fact("The cache server is redis-1", category="operational", importance=0.6, fact_id="cache-0001",
                 created="2026-02-25T09:00:00Z"),
        new_fact("The cache server moved to redis-2", category="operational", importance=0.6, fact_id="cache-0002",
                 created="2026-02-26T09:00:00Z", supersedes=["cache-0001"]),
    ]  # fmt: skip
    store.add(facts, actor="test")
    embed_in_process(root)
    events.record(store.memdir, "injection", ["fact-0000"], session="old")
    pin_clock(monkeypatch, NOW)
    for _ in range(3):
        events.record(store.memdir, "reference", ["deploy-0001"], source="confirm")
    for fact in facts[:6]:
        events.record(store.memdir, "reference", [fact.id], source="confirm")


def test_manage_killed_at_every_checkpoint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    base = tmp_path / "base"
    seed_manage(base, monkeypatch)
    points = kill_at_every_checkpoint(tmp_path, base, lambda root, env: command("manage", root, **env))
    clean = state(tmp_path / "clean")
    log = clean["memory-log.jsonl"].decode()
    for action in ("decay", "purge", "promote", "supersede", "reinforce"):
        assert f'"action":"{action}"' in log, action  # the run had each kind of work to do
    assert b"pending" in clean["review.jsonl"] and b"deploy window" in clean["MEMORY.md"]
    assert {"manage:after-read#1", "manage:after-vectors#1", "store:after-archive#1"} <= set(points)


# ----- memory-extract ----------------------------------------------------------------------------------------

TRANSCRIPT = """\
User: Actually, the WRX oil change is due at 11,799 miles.
Assistant: Updated.
User: I prefer pytest over unittest for all new tests.
Assistant: Sure.
User: Remember that the team's deploy window is Thursday at 10am.
Assistant: Will do.
User: My OpenAI key is sk-proj-Xq7vB2mN9pL4kR8sT1wY6zA3cD5fG0hJ for the record.
Assistant: Please don't share keys.
User: The billing service runs on port 8443.
Assistant: OK.
"""


def seed_extract(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fact the transcript corrects (in the quarter its new facts go to), one it restates from another session, an
    unrelated one, their vectors, and the offsets of another session."""
    pin_clock(monkeypatch, SEEDED)
    store = Store(MemoryDir(root))
    store.add(
        [
            new_fact("The WRX oil change is due at 11,000 miles", category="vehicle", importance=0.8,
                     fact_id="wrx-oil-0001", created="2026-01-10T09:00:00Z"),
            new_fact("The billing service runs on port 8443", category="project", importance=0.6,
                     fact_id="billing-0001", source_session="earlier", created="2025-11-04T09:00:00Z"),
            new_fact("The WRX has new winter tires", category="vehicle", importance=0.7, fact_id="wrx-tires-01",
                     created="2025-11-05T09:00:00Z"),
        ],
        actor="test",
    )  # fmt: skip
    embed_in_process(root)
    offsets = {"earlier": {"format": "text", "line": 4, "path": "/elsewhere/earlier.md", "uid": None}}
    (root / "state" / "extract-offsets.json").write_text(json.dumps(offsets), encoding="utf-8")


def test_extract_killed_at_every_checkpoint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    base = tmp_path / "base"
    seed_extract(base, monkeypatch)
    transcript = tmp_path / "session.md"
    transcript.write_text(TRANSCRIPT, encoding="utf-8")
    args = (str(transcript), "--session", "s1")
    points = kill_at_every_checkpoint(tmp_path, base, lambda root, env: command("extract", root, *args, **env))
    clean = Store(MemoryDir(tmp_path / "clean"))
    facts = {f.content: f for f in clean.facts()}
    new = facts["The WRX oil change is due at 11,799 miles."]
    assert facts["The WRX oil change is due at 11,000 miles"].superseded_by == new.id  # a correction
    assert len(facts) == 6  # three added
    log = state(tmp_path / "clean")["memory-log.jsonl"].decode()
    assert '"action":"reject"' in log and '"action":"supersede"' in log
    assert '"billing-0001"' in (tmp_path / "clean" / "events.jsonl").read_text()  # restated: a reference
    offsets = json.loads((tmp_path / "clean" / "state" / "extract-offsets.json").read_text())
    assert sorted(offsets) == ["earlier", "s1"]
    assert {"extract:after-store#1", "embed:after-read#1"} <= set(points)


# ----- memory-embed ------------------------------------------------------------------------------------------


def seed_embed(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Vectors of an earlier run, then one fact edited (its vector dropped) and more facts than one chunk of the
    local model (2,048), so the run saves a checkpoint half-way."""
    pin_clock(monkeypatch, SEEDED)
    store = Store(MemoryDir(root))
    store.add(
        [
            new_fact(f"Fact {n}: the build server rack {n % 7} runs job {n * 3}", category="project", importance=0.5,
                     created=f"2025-{10 + n % 3}-{n % 28 + 1:02d}T09:00:00Z", fact_id=f"fact-{n:05d}")
            for n in range(60)
        ],
        actor="test",
    )  # fmt: skip
    embed_in_process(root)
    store.add(
        [
            new_fact(f"Later fact {n}: deploy stage {n % 5} takes {n} seconds", category="project", importance=0.5,
                     created=f"2026-0{1 + n % 3}-{n % 28 + 1:02d}T09:00:00Z", fact_id=f"later-{n:05d}")
            for n in range(2100)
        ],
        actor="test",
    )  # fmt: skip
    edited = store.get("fact-00003")
    edited.content = "Fact 3: the build server rack 3 was retired"
    store.update([edited], "test")


def test_embed_killed_at_every_checkpoint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    base = tmp_path / "base"
    seed_embed(base, monkeypatch)
    often = {"RATCHET_EMBED_CHECKPOINT_SECONDS": "0"}
    points = kill_at_every_checkpoint(tmp_path, base, lambda root, env: command("embed", root, **often, **env))
    meta = json.loads((tmp_path / "clean" / "state" / "embeddings-meta.json").read_text())
    assert meta["count"] == 2160 and meta["backend"] == "local"
    assert {"embed:after-read#1", "embed:checkpoint#1"} <= set(points)


# ----- ratchet import ----------------------------------------------------------------------------------------


def seed_import(root: Path, source: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A store with one fact, and a JSONL file of facts over two quarters, one of them a duplicate of it."""
    pin_clock(monkeypatch, SEEDED)
    store = Store(MemoryDir(root))
    store.add(
        [new_fact("The staging database is db-staging-2", category="project", importance=0.6, fact_id="existing-001",
                  created="2025-11-03T09:00:00Z")],
        actor="test",
    )  # fmt: skip
    records = [
        new_fact(f"Imported fact {n} about the build farm rack {n}", category="project", importance=0.5,
                 fact_id=f"imported-{n:04d}", created=f"202{5 + n % 2}-{11 - n % 2 * 10:02d}-{n + 1:02d}T09:00:00Z")
        for n in range(6)
    ]  # fmt: skip
    records.append(new_fact("The staging database is db-staging-2", category="project", importance=0.6,
                            fact_id="duplicate-01"))  # fmt: skip
    source.write_text("".join(json.dumps(f.to_dict()) + "\n" for f in records), encoding="utf-8")


def test_import_killed_at_every_checkpoint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    base = tmp_path / "base"
    source = tmp_path / "other.jsonl"
    seed_import(base, source, monkeypatch)
    points = kill_at_every_checkpoint(
        tmp_path, base, lambda root, env: command("import", root, "jsonl", str(source), **env)
    )
    ids = {f.id for f in Store(MemoryDir(tmp_path / "clean")).facts()}
    assert ids == {"existing-001", *(f"imported-{n:04d}" for n in range(6))}
    assert {"store:mid-append#1", "store:after-audit#1"} <= set(points)


# ----- ratchet review -------------------------------------------------------------------------------------------


def review_run(root: Path, env: dict[str, str], item: str) -> subprocess.CompletedProcess[str]:
    """``ratchet review accept ITEM`` (traced or killed). Run again after a kill: a command that takes the lock
    (``ratchet reindex``, which finishes a journal it finds), then the same decision if the item is still open
    (a run killed before its journal was complete decided nothing)."""

    def ratchet(*args: str, **extra: str) -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, "-m", "ratchet.cli.main", *args, "--memory-dir", str(root)]
        return subprocess.run(
            argv, env=subprocess_env(RATCHET_NOW=NOW, **extra), capture_output=True, text=True, timeout=120
        )

    if env:
        return ratchet("review", "accept", item, **env)
    done = ratchet("reindex")
    still_open = [i["id"] for i in json.loads(ratchet("review", "--json").stdout or "[]") if i.get("id") == item]
    return ratchet("review", "accept", item) if still_open and done.returncode == 0 else done


def test_review_decision_killed_at_every_checkpoint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Accepting a flagged contradiction writes the supersession, the review record and the audit record as one
    journaled change: killed anywhere, the next holder of the lock finishes all three, each once, or (killed before
    the journal was complete) nothing happened and the decision is made again."""
    base = tmp_path / "base"
    seed_manage(base, monkeypatch)
    flagged = command("manage", base)
    assert flagged.returncode == 0, flagged.stderr
    for name in ("embeddings.npy", "embeddings-ids.npy", "embeddings-meta.json"):
        (base / "state" / name).unlink()  # no vectors to drop: derived data the next memory-embed would fix
    items = [json.loads(line) for line in (base / "review.jsonl").read_text().splitlines()]
    item = next(i["id"] for i in items if i.get("status") == "pending")
    points = kill_at_every_checkpoint(tmp_path, base, lambda root, env: review_run(root, env, item))
    clean = state(tmp_path / "clean")
    assert clean["review.jsonl"].count(b'"status":"accepted"') == 1
    assert clean["memory-log.jsonl"].count(b'"action":"review"') == 1
    assert {"store:journal#1", "store:after-audit#1"} <= set(points)
