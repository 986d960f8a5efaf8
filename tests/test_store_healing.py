"""The store heals instead of wedging: any bytes in a quarter file are quarantined byte-exact and the run goes on; a
damaged derived cache is rebuilt; a lock held too long is a failure, not a silent success."""

from __future__ import annotations

import base64
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
from ratchet.errors import LockBusyError, LockTimeoutError
from ratchet.lifecycle.run import run as manage
from ratchet.recall import catalog
from ratchet.store.files import hold_lock
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

BAD = b'{"id": "broken-\xff\xfe-line", "content": "half \xc3"}'


def _store(memory_dir: Path) -> tuple[Store, list[str]]:
    store = Store(MemoryDir(memory_dir))
    facts = [
        new_fact(
            f"Deploys of service {n} happen on Tuesdays",
            category="process",
            importance=0.6,
            created="2026-01-05T10:00:00Z",
        )  # fmt: skip
        for n in range(3)
    ]
    store.add(facts, actor="test")
    return store, [f.id for f in facts]


def test_a_line_of_invalid_utf8_is_quarantined_byte_exact_and_nothing_wedges(
    memory_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_clock(monkeypatch, "2026-01-09T18:00:00Z")
    store, ids = _store(memory_dir)
    path = store.memdir.facts_file("2026-Q1")
    original = path.read_bytes()
    path.write_bytes(original + BAD + b"\n")
    result = CliRunner().invoke(cli, ["list", "--json"])
    assert result.exit_code == 0, result.stderr
    assert sorted(f["id"] for f in json.loads(result.stdout)) == sorted(ids)
    assert "skipped" in result.stderr and "invalid UTF-8" in result.stderr
    assert path.read_bytes() == original  # the good lines untouched, byte for byte
    rejected = [json.loads(line) for line in store.memdir.rejected.read_text(encoding="utf-8").splitlines()]
    assert [base64.b64decode(r["raw_b64"]) for r in rejected] == [BAD]
    assert manage(Store(MemoryDir(memory_dir)), Config(), use_llm=False)["facts"] == 3
    assert CliRunner().invoke(cli, ["reindex"]).exit_code == 0


def test_a_valid_utf8_bad_line_keeps_its_text(memory_dir: Path) -> None:
    store, _ = _store(memory_dir)
    path = store.memdir.facts_file("2026-Q1")
    path.write_bytes(path.read_bytes() + '{"note":  "café"}\n'.encode())
    store.read()
    (record,) = [json.loads(line) for line in store.memdir.rejected.read_text(encoding="utf-8").splitlines()]
    assert record["raw"] == '{"note":  "café"}' and "raw_b64" not in record  # as written, two spaces and all


@pytest.mark.parametrize("damage", [b"", b"PK\x03\x04 truncated", b"\x00" * 64])
def test_a_damaged_retrieval_cache_is_rebuilt(memory_dir: Path, damage: bytes) -> None:
    store, ids = _store(memory_dir)
    catalog.refresh(store)
    cache = store.memdir.state_dir / catalog.CACHE_NAME
    cache.write_bytes(damage)
    assert catalog.get(store).size == 3  # in process: read as missing and rebuilt
    cache.write_bytes(damage)
    args = [sys.executable, "-m", "ratchet.cli.retrieve", "--query", "when do deploys happen", "--format", "json"]
    done = subprocess.run(args, env=subprocess_env(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert {f["id"] for f in json.loads(done.stdout)["facts"]} == set(ids)
    assert catalog.load(store.memdir) is not None  # rebuilt, readable again


def test_damaged_vectors_fall_back_to_keywords_and_are_rebuilt(memory_dir: Path) -> None:
    store, ids = _store(memory_dir)
    from ratchet.recall.refresh import sync

    sync(store, Config())
    (store.memdir.state_dir / "embeddings.npy").write_bytes(b"\x93NUMPY truncated")
    result = CliRunner().invoke(cli, ["list", "--json"])
    assert result.exit_code == 0
    done = subprocess.run(
        [sys.executable, "-m", "ratchet.cli.embed"], env=subprocess_env(), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    from ratchet.store.vectors import load_vectors

    loaded = load_vectors(store.memdir)
    assert loaded is not None and sorted(loaded[0]) == sorted(ids)


def test_a_lock_held_too_long_is_a_failure_and_a_busy_cron_run_is_a_skip(tmp_path: Path) -> None:
    lock = tmp_path / ".lock"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            f"from filelock import FileLock; import time; l = FileLock({str(lock)!r}); "
            "l.acquire(); print('held', flush=True); time.sleep(30)",
        ],  # fmt: skip
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(LockBusyError, match="^busy$"), hold_lock(lock, timeout=0, busy="busy"):
            pass
        with pytest.raises(LockTimeoutError, match="^waited$"), hold_lock(lock, timeout=0.2, busy="waited"):
            pass
        assert LockTimeoutError("x").exit_code == 1  # memory-manage and the human verbs exit 1, cron sees it
    finally:
        holder.kill()
        holder.wait()


def test_a_fifo_or_a_directory_is_refused_not_waited_on(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    args = [sys.executable, "-m", "ratchet.cli.extract", str(fifo)]
    done = subprocess.run(args, env=subprocess_env(), capture_output=True, text=True, timeout=30)
    assert (done.returncode, done.stdout, done.stderr) == (1, "", f"Error: Transcript {fifo} is not a regular file\n")
    from ratchet.errors import TranscriptError
    from ratchet.extract.transcripts import read_transcript

    with pytest.raises(TranscriptError, match="is a directory$"):
        read_transcript(tmp_path)


def test_the_session_start_hook_never_creates_the_memory_directory(tmp_path: Path) -> None:
    missing = tmp_path / "nothing-yet"
    args = [sys.executable, "-m", "ratchet.cli.retrieve", "--hook", "--memory-dir", str(missing)]
    done = subprocess.run(args, env=subprocess_env(), input="{}", capture_output=True, text=True, timeout=30)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert not missing.exists()
