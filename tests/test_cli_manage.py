"""memory-manage, ratchet confirm and ratchet review from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pin_clock

from ratchet.cli.main import cli as ratchet
from ratchet.cli.manage import cli as manage
from ratchet.core.facts import new_fact
from ratchet.store import events
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store


@pytest.fixture
def store(memory_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    pin_clock(monkeypatch, "2026-03-06T18:00:00Z")
    return Store(MemoryDir(memory_dir))


def test_confirm_records_a_reference_event(store: Store) -> None:
    fact = new_fact("Brakes done in June", category="vehicle", importance=0.8)
    store.add([fact], actor="test")
    result = CliRunner().invoke(ratchet, ["confirm", fact.id[:8]], catch_exceptions=False)
    assert result.exit_code == 0
    assert result.output == f"Confirmed {fact.id} (reinforced at the next memory-manage run)\n"
    assert [(e["type"], e["fact_ids"], e["source"]) for e in events.read(store.memdir)] == [
        ("reference", [fact.id], "confirm")
    ]


def test_confirm_unknown_id_fails(store: Store) -> None:
    result = CliRunner().invoke(ratchet, ["confirm", "nope1234"])
    assert result.exit_code == 1
    assert result.output == "Error: Fact 'nope1234' not found\n"


def test_manage_prints_a_summary_and_json(store: Store, memory_dir: Path) -> None:
    fact = new_fact("Old casual remark", category="casual", importance=0.3, created="2025-10-01T09:00:00Z")
    store.add([fact], actor="test")
    dry = CliRunner().invoke(manage, ["--dry-run"], catch_exceptions=False)
    assert dry.exit_code == 0
    assert dry.output.splitlines()[:6] == [
        "Dry run for 2026-W10: 0 facts (0 active)",
        "Would reinforce 0 facts from 0 references",
        "Would decay 1 facts (22 fact-weeks)",
        "Would promote 0",
        "Would purge 1",
        f"  {fact.id[:8]}  Old casual remark (score 0.024)",
    ]
    assert not (memory_dir / "reports").exists()
    result = CliRunner().invoke(manage, ["--json"], catch_exceptions=False)
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["purged_count"] == 1 and data["week"] == "2026-W10"
    assert data["report"] == str(memory_dir / "reports" / "2026-W10.md")


def test_manage_skips_when_another_run_holds_the_lock(store: Store) -> None:
    from filelock import FileLock

    with FileLock(str(store.memdir.manage_lock)):
        result = CliRunner().invoke(manage, [], catch_exceptions=False)
    assert result.exit_code == 0
    assert result.output == "skipped: another run holds the lock\n"


def test_review_empty_and_unknown_item(store: Store) -> None:
    empty = CliRunner().invoke(ratchet, ["review"], catch_exceptions=False)
    assert empty.exit_code == 0 and empty.output == "Nothing to review.\n"
    missing = CliRunner().invoke(ratchet, ["review", "accept", "3"])
    assert missing.exit_code == 1 and missing.output == "Error: Review item 3 not found (0 pending)\n"


def test_every_command_has_help() -> None:
    for args in (["confirm", "--help"], ["review", "--help"], ["review", "accept", "--help"]):
        result = CliRunner().invoke(ratchet, args, catch_exceptions=False)
        assert result.exit_code == 0 and "Examples:" in result.output
    assert "Examples:" in CliRunner().invoke(manage, ["--help"]).output


def test_the_program_flushes_its_output_and_keeps_exit_codes(memory_dir: Path, tmp_path: Path) -> None:
    """memory-manage as installed (:func:`ratchet.cli.manage.main`, which ends the process without freeing the run's
    objects): the whole JSON reaches a file, and each outcome keeps its exit code and its one line."""
    import os
    import subprocess
    import sys

    from filelock import FileLock

    store = Store(MemoryDir(memory_dir))
    facts = [new_fact(f"Casual remark number {n}", category="casual", importance=0.3) for n in range(300)]
    store.add(facts, actor="test")
    program = Path(__file__).resolve().parents[1] / "bin" / "memory-manage"
    env = {**os.environ, "RATCHET_MEMORY_DIR": str(memory_dir), "RATCHET_NOW": "2027-03-05T18:00:00Z"}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, str(program), *args], env=env, capture_output=True, text=True, timeout=120, check=False
        )

    with FileLock(str(store.memdir.manage_lock)):
        busy = run()
    assert (busy.returncode, busy.stdout, busy.stderr) == (0, "", "skipped: another run holds the lock\n")
    bad = run("--bogus")
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.splitlines()[-1] == "Error: No such option '--bogus'. Did you mean '--verbose'?"
    out = tmp_path / "summary.json"
    with out.open("w") as fh:
        done = subprocess.run(
            [sys.executable, str(program), "--json", "--no-llm"],
            env=env,
            stdout=fh,
            stderr=subprocess.PIPE,
            check=False,
        )
    assert done.returncode == 0
    summary = json.loads(out.read_text())  # complete: flushed before the process ended
    assert summary["purged_count"] == 300 and len(summary["purged"]) == 50
    assert Path(summary["plot"]).read_text().startswith("<svg ")
