"""``ratchet doctor``: every check against real files, a fake crontab program and the loopback OpenAI server."""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import pin_clock
from openai_server import LoopbackOpenAI

from ratchet.cli.main import cli
from ratchet.config import Config
from ratchet.core.facts import new_fact
from ratchet.lifecycle import run as lifecycle
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

FAKE_CRONTAB = '#!/bin/sh\n[ "$1" = "-l" ] && cat "$CRONTAB_FILE"\n'


def doctor(*args: str) -> tuple[int, dict[str, dict[str, str]], str]:
    result = CliRunner().invoke(cli, ["doctor", "--json", "--timeout", "3", *args], catch_exceptions=False)
    doc = json.loads(result.stdout)
    assert doc["ok"] == (result.exit_code == 0)
    return result.exit_code, {c["name"]: c for c in doc["checks"]}, result.stdout


@pytest.fixture
def healthy(memory_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Hooks installed, one fact, memory-manage run this week, the cron line in a (fake) crontab."""
    assert CliRunner().invoke(cli, ["install", "claude-code"], catch_exceptions=False).exit_code == 0
    store = Store(MemoryDir(memory_dir))
    store.add([new_fact("The staging database is db-staging-4.", category="project", importance=0.6)], actor="test")
    lifecycle.run(store, Config(), use_llm=False, write_report=False)
    bindir = tmp_path / "fakebin"
    bindir.mkdir()
    (bindir / "crontab").write_text(FAKE_CRONTAB)
    (bindir / "crontab").chmod(0o755)
    table = tmp_path / "crontab.txt"
    table.write_text(f"0 18 * * 5 /venv/bin/memory-manage --memory-dir {memory_dir}\n")
    monkeypatch.setenv("CRONTAB_FILE", str(table))
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ['PATH']}")
    return memory_dir


def test_healthy_offline_setup(healthy: Path) -> None:
    code, checks, _ = doctor()
    assert code == 0
    assert {name: c["status"] for name, c in checks.items()} == {
        "config": "OK",
        "memory dir": "OK",
        "store": "OK",
        "hooks claude-code (user)": "OK",
        "llm": "OK",
        "embeddings": "OK",
        "skill": "OK",
        "memory-manage": "OK",
        "cron": "OK",
        "hook log": "OK",
        "sizes": "OK",
    }
    assert checks["memory dir"]["detail"] == f"{healthy} (writable, 0700)"
    assert checks["store"]["detail"] == "1 facts (1 active) in 1 quarter file"
    assert checks["llm"]["detail"].startswith("offline: no API key or base URL")
    assert checks["embeddings"]["detail"].startswith("local wordllama-l2-supercat-256 (offline) loaded in ")
    assert checks["memory-manage"]["detail"].endswith("(0 days ago)")
    assert "facts " in checks["sizes"]["detail"] and "audit log " in checks["sizes"]["detail"]


def test_human_output(healthy: Path) -> None:
    result = CliRunner().invoke(cli, ["doctor"], catch_exceptions=False)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "OK    config: no ratchet.config.json: built-in defaults"
    assert lines[1] == f"OK    memory dir: {healthy} (writable, 0700)"
    assert all(line[:6] in ("OK    ", "WARN  ", "FAIL  ") for line in lines)


def test_backends_reachable(healthy: Path, llm_env: LoopbackOpenAI) -> None:
    code, checks, _ = doctor()
    assert code == 0
    assert checks["llm"]["status"] == "OK"
    assert checks["llm"]["detail"].startswith(f"gpt-4o-mini at {llm_env.url} answered in ")
    assert checks["embeddings"]["detail"].startswith(f"text-embedding-3-small at {llm_env.url} answered in ")
    assert llm_env.chat.requests[0]["model"] == "gpt-4o-mini"
    assert llm_env.embeddings.requests[0]["input"] == ["ratchet"]


def test_backends_down_fail(healthy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1"
    monkeypatch.setenv("RATCHET_LLM_BASE_URL", url)
    code, checks, _ = doctor()
    assert code == 1
    assert checks["llm"] == {
        "name": "llm",
        "status": "FAIL",
        "detail": f"LLM at {url} is unreachable (hooks fall back to offline)",
    }
    assert checks["embeddings"]["detail"] == f"embedding endpoint at {url} is unreachable"


def test_backend_rejections_are_named(healthy: Path, llm_env: LoopbackOpenAI) -> None:
    llm_env.chat.push(status=401, error="bad key")
    llm_env.embeddings.push(status=404, error="model not found")
    code, checks, _ = doctor()
    assert code == 1
    assert checks["llm"]["detail"] == f"LLM at {llm_env.url} rejected the API key (hooks fall back to offline)"
    assert checks["embeddings"]["detail"] == (
        f"embedding endpoint at {llm_env.url}: model 'text-embedding-3-small' not found"
    )


def _settings() -> tuple[Path, dict[str, Any]]:
    path = Path(os.environ["HOME"]) / ".claude" / "settings.json"
    return path, json.loads(path.read_text())


def test_broken_hooks(healthy: Path, tmp_path: Path) -> None:
    path, doc = _settings()
    start = doc["hooks"]["SessionStart"][0]["hooks"][0]
    start["command"] = start["command"].replace(str(Path(start["command"].split()[0]).parent), "/gone/venv/bin")
    del doc["hooks"]["PreCompact"]
    path.write_text(json.dumps(doc))
    code, checks, _ = doctor()
    assert code == 1
    assert checks["hooks claude-code (user)"]["detail"] == (
        f"{path}: SessionStart runs /gone/venv/bin/memory-retrieve, which does not exist: "
        "re-run 'ratchet install claude-code'"
    )
    assert CliRunner().invoke(cli, ["install", "claude-code"]).exit_code == 0
    assert doctor()[0] == 0

    code, checks, _ = doctor("--memory-dir", str(tmp_path / "elsewhere"))
    assert checks["hooks claude-code (user)"]["status"] == "WARN"
    assert checks["hooks claude-code (user)"]["detail"].endswith(
        f"SessionStart uses the store {healthy}, not {tmp_path / 'elsewhere'}; UserPromptSubmit uses the store "
        f"{healthy}, not {tmp_path / 'elsewhere'}; PreCompact uses the store {healthy}, not "
        f"{tmp_path / 'elsewhere'}; SessionEnd uses the store {healthy}, not {tmp_path / 'elsewhere'}: "
        "re-run 'ratchet install claude-code'"
    )
    assert checks["memory dir"]["status"] == "WARN"  # it does not exist yet

    path.write_text("{oops")
    code, checks, _ = doctor()
    assert code == 1
    assert checks["hooks claude-code (user)"]["detail"].startswith(f"{path} line 1: invalid JSON")


def test_missing_event_and_no_hooks(healthy: Path) -> None:
    path, doc = _settings()
    del doc["hooks"]["PreCompact"]
    path.write_text(json.dumps(doc))
    code, checks, _ = doctor()
    assert code == 0
    assert checks["hooks claude-code (user)"]["detail"] == (
        f"{path}: PreCompact is missing: re-run 'ratchet install claude-code'"
    )
    assert CliRunner().invoke(cli, ["uninstall", "claude-code"]).exit_code == 0
    code, checks, _ = doctor()
    assert checks["hooks"] == {
        "name": "hooks",
        "status": "WARN",
        "detail": "no agent hooks installed: run 'ratchet install claude-code'",
    }


def test_codex_flag_is_checked(healthy: Path) -> None:
    assert CliRunner().invoke(cli, ["install", "codex"]).exit_code == 0
    config = Path(os.environ["HOME"]) / ".codex" / "config.toml"
    assert doctor()[1]["codex feature flag"]["status"] == "OK"
    config.write_text("[features]\nhooks = false\n")
    code, checks, _ = doctor()
    assert code == 1
    assert checks["codex feature flag"]["detail"] == f"{config} sets [features] hooks = false: Codex runs no hooks"


def test_permissions_stale_manage_and_log_failures(healthy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    healthy.chmod(0o755)
    pin_clock(monkeypatch, "2026-12-01T12:00:00Z")
    (healthy / "ratchet.log").write_text(
        "2026-11-30T10:00:00Z [12] memory-retrieve --hook failed open: StoreError: boom\n"
        "    traceback line\n"
        "2026-01-01T10:00:00Z [12] memory-extract --hook failed open: old news\n"
    )
    code, checks, _ = doctor()
    assert code == 0
    assert checks["memory dir"]["detail"] == f"{healthy} is 755, others can read your facts: chmod 700 {healthy}"
    assert checks["memory-manage"]["status"] == "WARN"
    assert "days ago): the weekly cron is not running" in checks["memory-manage"]["detail"]
    assert checks["hook log"] == {
        "name": "hook log",
        "status": "WARN",
        "detail": "1 hook failures in 7 days; last: "
        "2026-11-30T10:00:00Z [12] memory-retrieve --hook failed open: StoreError: boom",
    }


def test_invalid_config_fails(healthy: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"retrieval": {"max_facts": "many"}}')
    code, checks, _ = doctor("--config", str(bad))
    assert code == 1
    assert checks["config"]["status"] == "FAIL"
    assert checks["config"]["detail"].startswith(f"Config file {bad}: ")


@pytest.mark.parametrize("runtime", ["auto", "numpy"])
def test_a_fetched_model_and_its_runtime(healthy: Path, tmp_path: Path, minilm: Path, runtime: str) -> None:
    config = tmp_path / "minilm.json"
    config.write_text(json.dumps({"embeddings": {"local_model": "all-MiniLM-L6-v2", "runtime": runtime}}))
    code, checks, _ = doctor("--config", str(config))
    shown = "numpy for the first 7 texts, then onnxruntime" if runtime == "auto" else "numpy"
    assert checks["embeddings"]["detail"].startswith(f"local all-MiniLM-L6-v2 (offline, layers in {shown}) loaded in ")
    assert checks["embeddings"]["status"] == "OK" and checks["embeddings"]["detail"].endswith("; 0 vectors stored")


def test_skill_check(healthy: Path, tmp_path: Path) -> None:
    config = tmp_path / "skill.json"
    config.write_text('{"skill_injection": true}')
    code, checks, _ = doctor("--config", str(config))
    assert checks["skill"]["status"] == "OK"
    assert checks["skill"]["detail"].startswith("injected at session start (")


def test_fresh_machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    code, checks, _ = doctor()
    assert code == 0
    assert checks["memory dir"]["status"] == "WARN"
    assert checks["memory-manage"]["detail"] == "has never run: schedule it with 'ratchet install cron --write'"
    assert checks["cron"]["detail"].startswith("crontab not found")
    assert checks["sizes"]["detail"] == "0 B in all"
