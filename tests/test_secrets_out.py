"""Secrets never leave: a credential planted straight into a quarter file (every write path refuses one) is withheld
from recall and the hooks, MEMORY.md, exports and the weekly report; what the store writes is scanned in every
field."""

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
from ratchet.lifecycle.run import run as manage
from ratchet.store.files import append_lines, dumps_line
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

PLANTED = {
    "the deploy token is ghp_0123456789abcdefghijABCDEFGHIJ0123456789": "GitHub Token",
    "use key sk-proj-0123456789abcdefghijklmnopqrstuv for the deploy bot": "OpenAI Token",
    "the deploy AWS key is AKIAIOSFODNN7EXAMPQR": "AWS Access Key",
}
SECRETS = ("ghp_0123456789", "sk-proj-0123456789", "AKIAIOSFODNN7EXAMPQR")


def _planted(memory_dir: Path) -> Store:
    store = Store(MemoryDir(memory_dir))
    clean = new_fact("Deploys of the billing service happen on Tuesdays", category="process", importance=0.95,
                     tier="permanent", created="2026-03-01T10:00:00Z")  # fmt: skip
    store.add([clean], actor="test")
    lines = [
        dumps_line(
            new_fact(
                text,
                category="process",
                importance=0.95,
                tier="permanent",
                tags=["deploy"],
                created="2026-03-01T10:00:00Z",
            ).to_dict()
        )  # fmt: skip
        for text in PLANTED
    ]
    append_lines(store.memdir.facts_file("2026-Q1"), lines)  # past every write check, as a hand edit would be
    return store


def _leaks(text: str) -> list[str]:
    return [s for s in SECRETS if s in text]


def test_a_planted_credential_never_leaves(memory_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pin_clock(monkeypatch, "2026-03-06T18:00:00Z")
    store = _planted(memory_dir)
    runner = CliRunner()
    retrieve = [sys.executable, "-m", "ratchet.cli.retrieve"]
    env = subprocess_env()
    outputs = []
    for args, stdin in (
        ([*retrieve, "--query", "deploy token key for the deploy bot"], ""),
        ([*retrieve, "--format", "json"], ""),
        ([*retrieve, "--hook"], json.dumps({"hook_event_name": "SessionStart", "session_id": "s"})),
        (
            [*retrieve, "--hook"],
            json.dumps({"hook_event_name": "UserPromptSubmit", "session_id": "p", "prompt": "which deploy key token"}),
        ),
    ):
        done = subprocess.run(args, env=env, input=stdin, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout + done.stderr)
    assert "Tuesdays" in outputs[0] + outputs[1]  # the clean fact is still shown
    summary = manage(store, Config(), use_llm=False)
    outputs.append(store.memdir.memory_md.read_text())
    outputs.append(Path(summary["report"]).read_text())
    outputs.append(json.dumps(summary))
    for fmt in ("jsonl", "ralph-memories"):
        outputs.append(runner.invoke(cli, ["export", fmt], catch_exceptions=False).stdout)
    crab = tmp_path / "crab"
    runner.invoke(cli, ["export", "crabtalk", "--output", str(crab)], catch_exceptions=False)
    outputs.extend(p.read_text() for p in crab.rglob("*.md"))
    assert "Tuesdays" in outputs[4]  # MEMORY.md still lists the clean permanent fact
    assert [(n, leak) for n, out in enumerate(outputs) for leak in _leaks(out)] == []
    log = store.memdir.log.read_text()
    assert "withheld fact" in log and "GitHub Token" in log and _leaks(log) == []
