"""``ratchet doctor``: every check against real files, a fake crontab program and the loopback OpenAI server."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
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
    assert checks["hooks claude-code (user) SessionStart command"] == {
        "name": "hooks claude-code (user) SessionStart command",
        "status": "FAIL",
        "detail": f"{path}: SessionStart runs /gone/venv/bin/memory-retrieve, which does not exist: "
        "re-run 'ratchet install claude-code'",
    }
    assert checks["hooks claude-code (user) PreCompact missing"]["status"] == "WARN"
    assert CliRunner().invoke(cli, ["install", "claude-code"]).exit_code == 0
    assert doctor()[0] == 0

    code, checks, _ = doctor("--memory-dir", str(tmp_path / "elsewhere"))
    assert code == 0
    for event in ("SessionStart", "UserPromptSubmit", "PreCompact", "SessionEnd"):
        assert checks[f"hooks claude-code (user) {event} store"] == {
            "name": f"hooks claude-code (user) {event} store",
            "status": "WARN",
            "detail": f"{path}: {event} uses the store {healthy}, not {tmp_path / 'elsewhere'}: "
            "re-run 'ratchet install claude-code'",
        }
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
    assert checks["hooks claude-code (user) PreCompact missing"]["detail"] == (
        f"{path}: PreCompact is missing: re-run 'ratchet install claude-code'"
    )
    assert CliRunner().invoke(cli, ["uninstall", "claude-code"]).exit_code == 0
    code, checks, _ = doctor()
    assert checks["hooks"] == {
        "name": "hooks",
        "status": "WARN",
        "detail": "no agent hooks installed: run 'ratchet install claude-code'",
    }


def test_codex_hooks_on_by_default_and_off_when_the_config_says_so(healthy: Path) -> None:
    assert CliRunner().invoke(cli, ["install", "codex"]).exit_code == 0
    config = Path(os.environ["HOME"]) / ".codex" / "config.toml"
    code, checks, _ = doctor()
    assert code == 0
    assert checks["codex hooks enabled"] == {
        "name": "codex hooks enabled",
        "status": "OK",
        "detail": f"{config} (hooks on by default)",
    }
    assert checks["hooks codex (user)"]["status"] == "OK"
    config.write_text("[features]\ncodex_hooks = false\n")
    code, checks, _ = doctor()
    assert code == 1
    assert checks["codex hooks enabled"]["detail"] == f"{config} [features] codex_hooks = false: Codex runs no hooks"


def _edit(path: Path, change: Any) -> None:
    doc = json.loads(path.read_text())
    change(doc["hooks"])
    path.write_text(json.dumps(doc, indent=2))


def test_a_gemini_matcher_that_can_never_fire_fails(healthy: Path) -> None:
    """What Ratchet used to install: Gemini compares lifecycle matchers with ``===``, so no source ever matches."""
    assert CliRunner().invoke(cli, ["install", "gemini"]).exit_code == 0
    path = Path(os.environ["HOME"]) / ".gemini" / "settings.json"
    assert doctor()[0] == 0
    _edit(path, lambda hooks: hooks["SessionStart"][0].update(matcher="startup|resume|clear"))
    result = CliRunner().invoke(cli, ["doctor"], catch_exceptions=False)
    assert result.exit_code == 1
    failures = [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    assert failures == [
        f"FAIL  hooks gemini (user) SessionStart matcher: {path}: SessionStart matcher 'startup|resume|clear' "
        "lets nothing through (Gemini CLI sends source startup, resume or clear and compares lifecycle matchers as "
        "exact strings), so memory-retrieve never runs: re-run 'ratchet install gemini'"
    ]
    _edit(path, lambda hooks: hooks["SessionStart"][0].update(matcher="startup"))
    code, checks, _ = doctor()
    assert code == 0
    assert checks["hooks gemini (user) SessionStart matcher"]["detail"] == (
        f"{path}: SessionStart matcher startup misses resume, clear (Gemini CLI sends source startup, resume or "
        "clear and compares lifecycle matchers as exact strings): re-run 'ratchet install gemini'"
    )
    assert checks["hooks gemini (user) SessionStart matcher"]["status"] == "WARN"
    _edit(path, lambda hooks: hooks["SessionStart"][0].update(matcher=" * "))  # Gemini trims, "*" matches all
    assert doctor()[1]["hooks gemini (user)"]["status"] == "OK"
    assert CliRunner().invoke(cli, ["install", "gemini"]).exit_code == 0  # re-installing drops the matcher
    assert "matcher" not in json.loads(path.read_text())["hooks"]["SessionStart"][0]


def test_claude_and_codex_matchers_are_read_as_they_read_them(healthy: Path) -> None:
    path, _ = _settings()
    _edit(path, lambda hooks: hooks["SessionStart"][0].update(matcher="startup|resume|clear|compact"))
    code, checks, _ = doctor()
    assert code == 0
    assert checks["hooks claude-code (user) SessionStart matcher"] == {
        "name": "hooks claude-code (user) SessionStart matcher",
        "status": "WARN",
        "detail": f"{path}: SessionStart matcher 'startup|resume|clear|compact' misses fork (Claude Code sends "
        "source startup, resume, clear, compact or fork): re-run 'ratchet install claude-code'",
    }
    _edit(path, lambda hooks: hooks["SessionStart"][0].update(matcher="^(startup|resume|clear|compact|fork)$"))
    assert doctor()[1]["hooks claude-code (user)"]["status"] == "OK"  # a regular expression
    _edit(path, lambda hooks: hooks["SessionStart"][0].update(matcher="Startup"))  # names are case-sensitive
    assert doctor()[1]["hooks claude-code (user) SessionStart matcher"]["status"] == "FAIL"
    _edit(path, lambda hooks: hooks["PreCompact"][0].update(matcher="auto"))
    assert (
        "PreCompact matcher auto misses manual" in doctor()[1]["hooks claude-code (user) PreCompact matcher"]["detail"]
    )
    _edit(path, lambda hooks: hooks["UserPromptSubmit"][0].update(matcher="nothing-matches-this"))
    assert "hooks claude-code (user) UserPromptSubmit matcher" not in doctor()[1]  # ignored for that event

    assert CliRunner().invoke(cli, ["install", "codex"]).exit_code == 0
    codex = Path(os.environ["HOME"]) / ".codex" / "hooks.json"
    _edit(codex, lambda hooks: hooks["SessionStart"][0].update(matcher="startup|resume|clear"))
    assert "misses compact" in doctor()[1]["hooks codex (user) SessionStart matcher"]["detail"]
    _edit(codex, lambda hooks: hooks["SessionStart"][0].update(matcher="[startup"))
    code, checks, _ = doctor()
    assert code == 1
    assert checks["hooks codex (user) SessionStart matcher"]["detail"].startswith(
        f"{codex}: SessionStart matcher '[startup' is not a valid regular expression ("
    )
    assert checks["hooks codex (user) SessionStart matcher"]["detail"].endswith(
        "), so memory-retrieve never runs: re-run 'ratchet install codex'"
    )


def test_events_timeouts_and_disabled_hooks(healthy: Path) -> None:
    path, _ = _settings()
    _edit(path, lambda hooks: hooks.update(BeforeAgent=hooks.pop("UserPromptSubmit")))  # Gemini's name for it
    code, checks, _ = doctor()
    assert code == 1
    assert checks["hooks claude-code (user) BeforeAgent event"]["detail"] == (
        f"{path}: BeforeAgent is not a Claude Code hook event, so memory-retrieve never runs: "
        "re-run 'ratchet install claude-code'"
    )
    assert CliRunner().invoke(cli, ["install", "claude-code"]).exit_code == 0
    assert "BeforeAgent" not in json.loads(path.read_text())["hooks"]  # the stray entry of ours is gone

    assert CliRunner().invoke(cli, ["install", "codex"]).exit_code == 0
    codex = Path(os.environ["HOME"]) / ".codex" / "hooks.json"
    _edit(codex, lambda hooks: hooks["SessionEnd"][0]["hooks"][0].update(timeout=10))
    assert doctor()[1]["hooks codex (user) SessionEnd timeout"] == {
        "name": "hooks codex (user) SessionEnd timeout",
        "status": "WARN",
        "detail": f"{codex}: SessionEnd timeout 10 s is past Codex's ceiling of 3 s: re-run 'ratchet install codex'",
    }
    _edit(codex, lambda hooks: hooks["SessionEnd"][0]["hooks"][0].update(timeout="soon"))
    code, checks, _ = doctor()
    assert code == 1 and checks["hooks codex (user) SessionEnd timeout"]["detail"].startswith(
        f"{codex}: SessionEnd timeout 'soon' is not a positive number of s"
    )

    assert CliRunner().invoke(cli, ["install", "gemini"]).exit_code == 0
    gemini = Path(os.environ["HOME"]) / ".gemini" / "settings.json"
    _edit(gemini, lambda hooks: hooks["SessionStart"][0]["hooks"][0].update(timeout=30))
    assert doctor()[1]["hooks gemini (user) SessionStart timeout"]["detail"] == (
        f"{gemini}: SessionStart timeout 30 is in milliseconds for Gemini CLI: re-run 'ratchet install gemini'"
    )
    doc = json.loads(gemini.read_text())
    doc["hooksConfig"] = {"disabled": ["ratchet-recall"]}
    gemini.write_text(json.dumps(doc))
    code, checks, _ = doctor()
    assert code == 1
    assert checks["gemini hooks enabled"]["detail"] == (
        "hooksConfig.disabled turns off ratchet-recall: remove them (or /hooks enable)"
    )
    doc["hooksConfig"] = {"enabled": False}
    gemini.write_text(json.dumps(doc))
    assert doctor()[1]["gemini hooks enabled"]["detail"] == (
        f"{gemini} sets hooksConfig.enabled to false: Gemini runs no hooks"
    )


def test_project_hooks_are_found_on_path(healthy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    monkeypatch.chdir(repo)
    bindir = str(Path(sys.executable).absolute().parent)
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ['PATH']}")
    assert CliRunner().invoke(cli, ["install", "claude-code", "--project"]).exit_code == 0
    path = repo / ".claude" / "settings.json"
    code, checks, _ = doctor()
    assert code == 0 and checks["hooks claude-code (project)"]["status"] == "OK"
    monkeypatch.setenv("PATH", os.environ["PATH"].replace(f"{bindir}{os.pathsep}", ""))
    code, checks, _ = doctor()
    assert code == 1
    assert checks["hooks claude-code (project) SessionStart command"]["detail"] == (
        f"{path}: SessionStart runs memory-retrieve, which is not on PATH: "
        "re-run 'ratchet install claude-code --project'"
    )
    # What older versions wrote into the committed file: a path of this machine.
    pinned = f"{bindir}/memory-retrieve --hook --format claude-hook --memory-dir {healthy} || true"
    _edit(path, lambda hooks: hooks["SessionStart"][0]["hooks"][0].update(command=pinned))
    assert doctor()[1]["hooks claude-code (project) SessionStart command"] == {
        "name": "hooks claude-code (project) SessionStart command",
        "status": "WARN",
        "detail": f"{path}: SessionStart runs {bindir}/memory-retrieve, a path of this machine, from a file teams "
        "commit (a teammate's hook runs nothing): re-run 'ratchet install claude-code --project'",
    }


def test_permissions_stale_manage_and_log_failures(healthy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    healthy.chmod(0o755)
    pin_clock(monkeypatch, "2026-12-01T12:00:00Z")
    # The last manage run ten days before "now" (not whenever the fixture ran: the test must not depend on the date).
    state = healthy / "state" / "manage-state.json"
    state.write_text(json.dumps({**json.loads(state.read_text()), "last_run": "2026-11-21T12:00:00Z"}))
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


def test_doctor_notes_when_claude_code_keeps_its_own_memory_too(healthy: Path) -> None:
    project = Path.cwd().resolve()
    folder = Path.home() / ".claude" / "projects" / str(project).replace(os.sep, "-") / "memory"
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text("- The API is deployed with make deploy\n")
    code, checks, _ = doctor()
    assert code == 0
    note = checks["claude-code own memory"]
    assert note["status"] == "WARN"
    assert note["detail"] == (
        f"Claude Code's auto memory is on as well ({folder}): two memories inject; "
        f"ratchet import claude-memory {folder}"
    )


def _user_config(doc: dict[str, Any]) -> Path:
    path = Path(os.environ["HOME"]) / ".config" / "ratchet" / "config.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))
    return path


def test_the_agent_cli_backend_is_named_with_its_program_and_todays_tokens(
    healthy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With llm.backend an agent CLI the doctor does not say "offline": it names the program it will run (or warns that
    it is missing, so the offline extractor runs) and the tokens spent today against the daily cap."""
    own = _user_config({"llm": {"backend": "claude-cli", "daily_token_cap": 5000}})
    monkeypatch.setenv("PATH", f"{tmp_path / 'fakebin'}{os.pathsep}/usr/bin{os.pathsep}/bin")
    code, checks, _ = doctor()
    assert checks["config"]["detail"] == f"no ratchet.config.json: your own {own} over the defaults"
    assert checks["llm"]["status"] == "WARN"
    assert checks["llm"]["detail"] == (
        "llm.backend is claude-cli but 'claude' is not on PATH: the offline extractor runs instead"
    )
    claude = tmp_path / "fakebin" / "claude"
    claude.write_text("#!/bin/sh\nexit 0\n")
    claude.chmod(0o755)
    (healthy / "state" / "llm-usage.json").write_text(json.dumps({pin_today(): 1234}))
    code, checks, _ = doctor()
    assert checks["llm"] == {
        "name": "llm",
        "status": "OK",
        "detail": f"claude-cli: {claude} run headless, 1,234 of 5,000 tokens spent today (UTC)",
    }
    _user_config({"llm": {"backend": "openai"}})
    code, checks, _ = doctor()
    assert checks["llm"]["detail"].endswith(
        '; claude on PATH: llm.backend "auto" in your own config extracts with its login'
    )
    _user_config({"llm": {"backend": "auto"}})
    code, checks, _ = doctor()
    assert checks["llm"]["detail"].startswith("auto: claude for the transcripts of that agent, else offline: ")
    claude.unlink()
    code, checks, _ = doctor()
    assert checks["llm"]["detail"].startswith("auto: no agent CLI on PATH (claude, codex, gemini), so offline: ")


def pin_today() -> str:
    from ratchet.models.agent_cli import _today

    return _today()
