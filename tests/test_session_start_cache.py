"""A session start asked again over the same store, repository and day prints the answer already computed, without
numpy or the embedding model; anything it depends on changing computes it again."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pin_clock, subprocess_env

from ratchet.cli.main import cli
from ratchet.config import Config
from ratchet.core.facts import new_fact
from ratchet.recall import refresh
from ratchet.recall.hook import START_CACHE
from ratchet.store import events
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

NOW = "2026-11-20T12:00:00Z"


PROBE = """
import io, json, os, sys
payload = {"hook_event_name": "SessionStart", "session_id": os.environ["PROBE_SESSION"], "cwd": os.getcwd()}
sys.argv = ["memory-retrieve", "--hook", "--format", "claude-hook"]
sys.stdin = io.StringIO(json.dumps(payload))
out = io.StringIO()
sys.stdout = out
from ratchet.cli.fasthook import retrieve_main
try:
    retrieve_main()
except SystemExit:
    pass
sys.stdout = sys.__stdout__
print(json.dumps({"out": out.getvalue(), "numpy": "numpy" in sys.modules, "git": "subprocess" in sys.modules}))
"""


def _start(memory_dir: Path, repo: Path, session: str) -> dict[str, object]:
    """One SessionStart hook as an agent runs it, in its own process: its output and what it imported."""
    env = subprocess_env(RATCHET_MEMORY_DIR=str(memory_dir), RATCHET_NOW=NOW, PROBE_SESSION=session)
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, cwd=repo, check=True)
    return json.loads(done.stdout)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    path = tmp_path / "billing"
    path.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=path, check=True)
    subprocess.run(["git", "remote", "add", "origin", "git@github.com:acme/billing.git"], cwd=path, check=True)
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "retry webhooks"],
        cwd=path,
        check=True,
    )
    return path


def test_the_second_start_is_the_first_answer_without_numpy(
    memory_dir: Path, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_clock(monkeypatch, NOW)
    store = Store(MemoryDir(memory_dir))
    store.add(
        [
            new_fact(f"Billing note {n}: webhooks retry {n} times.", category="project", importance=0.6)
            for n in range(60)
        ],
        actor="test",
    )
    refresh.sync(store, Config())  # as the extraction worker leaves it: cache and vectors current

    first = _start(memory_dir, repo, "s1")
    second = _start(memory_dir, repo, "s2")
    assert "Known context from previous sessions" in str(first["out"])
    assert second["out"] == first["out"]
    assert (first["numpy"], second["numpy"]) == (True, False)
    assert second["git"] is False  # keyed by the work tree's HEAD read from its files: no git started
    shown = {s: list(events.read(store.memdir, events.INJECTION, session=s)) for s in ("s1", "s2")}
    assert shown["s1"][0]["fact_ids"] == shown["s2"][0]["fact_ids"]  # the second session's injection is recorded

    assert (
        CliRunner().invoke(cli, ["add", "Billing deploys are frozen in December.", "--category", "decision"]).exit_code
        == 0
    )
    third = _start(memory_dir, repo, "s3")
    assert "frozen in December" in str(third["out"]) and third["numpy"] is True  # the store changed: computed again
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "freeze deploys"]
    subprocess.run(git, cwd=repo, check=True)
    fourth = _start(memory_dir, repo, "s4")
    assert fourth["numpy"] is True and fourth["git"] is True  # a new commit: the opening read again, computed again


def test_a_damaged_cache_is_a_miss(memory_dir: Path, repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pin_clock(monkeypatch, NOW)
    store = Store(MemoryDir(memory_dir))
    store.add([new_fact("Billing runs on Postgres 16.", category="project", importance=0.7)], actor="test")
    refresh.sync(store, Config())
    first = _start(memory_dir, repo, "s1")
    (memory_dir / "state" / START_CACHE).write_bytes(b"\xff{not json")
    again = _start(memory_dir, repo, "s2")
    assert again["out"] == first["out"] and "Postgres 16" in str(again["out"])
    assert json.loads((memory_dir / "state" / START_CACHE).read_text())  # rewritten whole


def test_a_write_answers_the_next_start_ahead(memory_dir: Path, repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A session's own extraction is a write, which misses the kept answer: the extraction worker (and memory-manage)
    answer the starts asked lately again right after writing, so the next start still prints without numpy, and
    shows what was just stored."""
    pin_clock(monkeypatch, NOW)
    store = Store(MemoryDir(memory_dir))
    store.add([new_fact("Billing runs on Postgres 16.", category="project", importance=0.7)], actor="test")
    refresh.sync(store, Config())
    first = _start(memory_dir, repo, "s1")
    assert first["numpy"] is True
    transcript = repo.parent / "session.jsonl"
    said = "Remember that billing deploys are frozen in December."
    lines = [
        {"type": "user", "sessionId": "s1", "cwd": str(repo), "message": {"role": "user", "content": said}},
        {"type": "assistant", "sessionId": "s1", "message": {"role": "assistant", "content": "Noted."}},
    ]
    transcript.write_text("".join(json.dumps(line) + "\n" for line in lines))
    worker = [sys.executable, "-m", "ratchet.cli.extract", "--worker", str(transcript), "--cwd", str(repo)]
    env = subprocess_env(RATCHET_MEMORY_DIR=str(memory_dir), RATCHET_NOW=NOW)
    subprocess.run([*worker, "--memory-dir", str(memory_dir)], env=env, cwd=repo, check=True, timeout=120)
    assert "frozen in December" in " ".join(f.content for f in store.facts())
    second = _start(memory_dir, repo, "s2")
    assert second["numpy"] is False and "frozen in December" in str(second["out"])
    shown = {s: list(events.read(store.memdir, events.INJECTION, session=s)) for s in ("s1", "s2")}
    assert len(shown["s1"]) == len(shown["s2"]) == 1  # the worker's answer recorded nothing; the start did


def test_the_hook_keeps_the_pinned_clock_and_fails_open_on_a_bad_one(memory_dir: Path, repo: Path) -> None:
    """``RATCHET_NOW`` pins the fast hook path as it pins every command (the answer's day is the pinned one); a value
    that is no date is logged and the hook prints nothing."""
    store = Store(MemoryDir(memory_dir))
    store.add([new_fact("Billing runs on Postgres 16.", category="project", importance=0.7)], actor="test")
    _start(memory_dir, repo, "s1")
    saved = json.loads((memory_dir / "state" / START_CACHE).read_text())
    assert [entry["saved"] for entry in saved.values()] == [NOW]
    env = subprocess_env(RATCHET_MEMORY_DIR=str(memory_dir), RATCHET_NOW="next tuesday", PROBE_SESSION="s2")
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, cwd=repo, check=True)
    assert json.loads(done.stdout)["out"] == ""
    assert "memory-retrieve --hook failed open" in (memory_dir / "ratchet.log").read_text()
