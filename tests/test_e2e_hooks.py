"""End to end: install the hooks, then run them exactly as the agents do.

``ratchet install --project`` writes a settings file into a scratch git repository; each hook's ``command`` string
is run through the shell with the hook JSON on stdin, HOME pointing at a temporary home, CLAUDE_PROJECT_DIR at the
repository, Ratchet's commands on PATH (as ``pipx`` or ``uv tool`` put them) and the user's RATCHET_MEMORY_DIR: a
project's hooks name no path of the machine that installed them. A user install pins its store on the command
line, so its hooks run without RATCHET_MEMORY_DIR. The session is a whole Claude Code transcript
(tests/fixtures/e2e/session.jsonl) in which the user states seven facts.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import FIXTURES, subprocess_env

from ratchet.cli.main import cli
from ratchet.core.facts import new_fact
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

pytestmark = pytest.mark.slow  # whole agent sessions through the installed commands

SESSION_FIXTURE = FIXTURES / "e2e" / "session.jsonl"
FIRST_HALF = {  # stated before the compaction boundary
    "The user prefers httpx over requests for every HTTP client in this codebase.",
    "The team decided to use cursor pagination instead of offset pagination, because offsets skip rows when items "
    "are inserted.",
    "The team's convention is that every endpoint gets an OpenAPI example in its docstring.",
}
SECOND_HALF = {
    "Always run make check before pushing a branch.",
    "The Redis cache on staging is flushed every night at 2am UTC.",
    "The staging database is inventory-db-staging-4.",
    "The CI pipeline runs on Buildkite, not GitHub Actions.",
}
MAX_CHARS = 9000
BIN = Path(sys.executable).absolute().parent


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch git repository with one commit, as the current directory."""
    path = tmp_path / "inventory-api"
    path.mkdir()
    env = subprocess_env(GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com")
    env.update(GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com")
    (path / "README.md").write_text("# inventory-api\n")
    for args in (["init", "-q"], ["add", "README.md"], ["commit", "-q", "-m", "Add cursor pagination to items"]):
        subprocess.run(["git", *args], cwd=path, env=env, check=True, capture_output=True)
    monkeypatch.chdir(path)
    return path


def install(*args: str) -> None:
    result = CliRunner().invoke(cli, ["install", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output


def install_project(agent: str, memory: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``ratchet install AGENT --project`` by a user whose environment names the store and has Ratchet on PATH."""
    monkeypatch.setenv("RATCHET_MEMORY_DIR", str(memory))
    monkeypatch.setenv("PATH", f"{BIN}{os.pathsep}{os.environ['PATH']}")
    install(agent, "--project")


def hook_commands(settings: Path) -> dict[str, str]:
    doc = json.loads(settings.read_text())
    return {event: groups[-1]["hooks"][0]["command"] for event, groups in doc["hooks"].items()}


def agent_env(repo: Path, memory: Path | None = None, **extra: str) -> dict[str, str]:
    """The environment an agent gives its hooks: the user's (Ratchet on PATH, RATCHET_MEMORY_DIR when the user set
    one), plus the project directory."""
    env = subprocess_env(CLAUDE_PROJECT_DIR=str(repo), **extra)
    env.pop("RATCHET_MEMORY_DIR", None)
    if memory is not None:
        env["RATCHET_MEMORY_DIR"] = str(memory)
    env["PATH"] = f"{BIN}{os.pathsep}{env['PATH']}"
    return env


def run_hook(
    command: str, payload: dict[str, Any] | str, env: dict[str, str], cwd: Path
) -> subprocess.CompletedProcess[str]:
    stdin = payload if isinstance(payload, str) else json.dumps(payload)
    return subprocess.run(
        command, shell=True, input=stdin, capture_output=True, text=True, env=env, cwd=cwd, timeout=60
    )


def write_transcript(home: Path, repo: Path, session: str, upto_boundary: bool) -> Path:
    """The fixture session where Claude Code keeps it, with the repository as its cwd (cut at the compaction)."""
    folder = home / ".claude" / "projects" / "".join(c if c.isalnum() else "-" for c in str(repo))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{session}.jsonl"
    lines = []
    for raw in SESSION_FIXTURE.read_text().splitlines():
        record = json.loads(raw)
        if upto_boundary and record.get("subtype") == "compact_boundary":
            break
        if "cwd" in record:
            record["cwd"] = str(repo)
        lines.append(json.dumps(record))
    path.write_text("\n".join(lines) + "\n")
    return path


def active_contents(memory: Path) -> list[str]:
    return [f.content for f in Store(MemoryDir(memory), create=False).facts() if f.active]


def wait_for(memory: Path, wanted: set[str], timeout: float = 20.0) -> list[str]:
    """Poll the store until ``wanted`` facts are there (the extraction worker is detached)."""
    deadline = time.monotonic() + timeout
    while True:
        contents = active_contents(memory)
        if wanted <= set(contents) or time.monotonic() > deadline:
            return contents
        time.sleep(0.2)


def wait_for_log(memory: Path, needle: str, timeout: float = 20.0) -> str:
    deadline = time.monotonic() + timeout
    while True:
        text = (memory / "ratchet.log").read_text() if (memory / "ratchet.log").exists() else ""
        if needle in text or time.monotonic() > deadline:
            return text
        time.sleep(0.2)


def context_of(stdout: str, event: str) -> str:
    doc = json.loads(stdout)
    assert doc["hookSpecificOutput"]["hookEventName"] == event
    text: str = doc["hookSpecificOutput"]["additionalContext"]
    return text


def test_claude_code_session_is_stored_and_recalled(
    tmp_path: Path, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = tmp_path / "store"
    home = Path(os.environ["HOME"])
    install_project("claude-code", memory, monkeypatch)
    settings = repo / ".claude" / "settings.json"
    commands = hook_commands(settings)
    assert commands == {  # a failure before our code runs (|| true) must not block the agent
        "SessionStart": "memory-retrieve --hook --format claude-hook || true",
        "UserPromptSubmit": "memory-retrieve --hook --format claude-hook || true",
        "PreCompact": "memory-extract --hook || true",
        "SessionEnd": "memory-extract --hook || true",
    }
    env = agent_env(repo, memory)
    base = {"cwd": str(repo), "permission_mode": "default"}

    # Session 1 starts with an empty memory: nothing to add, and nothing harmful on stdout.
    s1 = "9b2d4f61-3c8e-4a57-b0d2-6e1f8a3c5d90"
    transcript = write_transcript(home, repo, s1, upto_boundary=True)
    start = {**base, "session_id": s1, "transcript_path": str(transcript), "hook_event_name": "SessionStart"}
    done = run_hook(commands["SessionStart"], {**start, "source": "startup"}, env, repo)
    assert (done.returncode, done.stdout) == (0, "")
    prompt = {**start, "hook_event_name": "UserPromptSubmit", "prompt": "Let's add cursor pagination to /items"}
    done = run_hook(commands["UserPromptSubmit"], prompt, env, repo)
    assert (done.returncode, done.stdout) == (0, "")

    # Compaction: the facts stated so far are captured before the context is summarised.
    compact = {**start, "hook_event_name": "PreCompact", "trigger": "auto", "custom_instructions": ""}
    done = run_hook(commands["PreCompact"], compact, env, repo)
    assert (done.returncode, done.stdout) == (0, "")
    assert set(wait_for(memory, FIRST_HALF)) >= FIRST_HALF

    # The session ends: the hook returns at once (SessionEnd's budget), the worker stores the rest.
    write_transcript(home, repo, s1, upto_boundary=False)
    began = time.monotonic()
    done = run_hook(commands["SessionEnd"], {**start, "hook_event_name": "SessionEnd", "reason": "other"}, env, repo)
    elapsed = time.monotonic() - began
    assert (done.returncode, done.stdout) == (0, "")
    assert elapsed < 5, f"SessionEnd hook took {elapsed:.2f} s"
    contents = wait_for(memory, FIRST_HALF | SECOND_HALF)
    assert sorted(contents) == sorted(FIRST_HALF | SECOND_HALF)  # each once: PreCompact's facts not stored twice

    # Session 2: the facts come back at startup, as Claude Code's JSON, fenced and under the cap.
    s2 = "0c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e"
    start2 = {**base, "session_id": s2, "transcript_path": str(home / "s2.jsonl"), "hook_event_name": "SessionStart"}
    done = run_hook(commands["SessionStart"], {**start2, "source": "startup", "model": "claude-sonnet-4-5"}, env, repo)
    assert done.returncode == 0
    assert len(done.stdout) < MAX_CHARS
    context = context_of(done.stdout, "SessionStart")
    assert context.startswith("<ratchet-context>") and context.endswith("</ratchet-context>")
    assert "\n```text\n" in context
    for content in FIRST_HALF | SECOND_HALF:
        assert content in context

    # Per-prompt recall in that session repeats nothing already injected ...
    ask = "Which staging database should the migration run against?"
    prompt2 = {**start2, "hook_event_name": "UserPromptSubmit", "prompt": ask}
    done = run_hook(commands["UserPromptSubmit"], prompt2, env, repo)
    assert (done.returncode, done.stdout) == (0, "")

    # ... while in a session that has not seen it, the same prompt recalls the matching fact, once.
    prompt3 = {**prompt2, "session_id": "s3-no-start"}
    done = run_hook(commands["UserPromptSubmit"], prompt3, env, repo)
    assert done.returncode == 0
    recalled = context_of(done.stdout, "UserPromptSubmit")
    assert "The staging database is inventory-db-staging-4." in recalled
    assert "httpx" not in recalled
    done = run_hook(commands["UserPromptSubmit"], prompt3, env, repo)
    assert (done.returncode, done.stdout) == (0, "")

    # Re-running install is a no-op; uninstall leaves an empty, valid settings file.
    before = settings.read_bytes()
    install("claude-code", "--project")
    assert settings.read_bytes() == before
    result = CliRunner().invoke(cli, ["uninstall", "claude-code", "--project"], catch_exceptions=False)
    assert result.exit_code == 0
    assert json.loads(settings.read_text()) == {}


def seed(memory: Path, repo: Path) -> list[str]:
    facts = [
        new_fact(content, category=category, importance=importance, source_session="seed")
        for content, category, importance in (
            ("The staging database is inventory-db-staging-4.", "project", 0.6),
            ("The team decided to use cursor pagination instead of offset pagination.", "decision", 0.9),
            ("The user prefers httpx over requests.", "preference", 0.6),
        )
    ]
    Store(MemoryDir(memory)).add(facts, actor="test")
    return [f.content for f in facts]


def test_codex_hooks_inject_valid_json_and_tolerate_a_null_transcript(
    tmp_path: Path, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = tmp_path / "store"
    contents = seed(memory, repo)
    install_project("codex", memory, monkeypatch)
    commands = hook_commands(repo / ".codex" / "hooks.json")
    env = agent_env(repo, memory)
    payload = {
        "session_id": "019a-codex",
        "transcript_path": None,
        "cwd": str(repo),
        "hook_event_name": "SessionStart",
        "model": "gpt-5-codex",
        "source": "startup",
    }
    done = run_hook(commands["SessionStart"], payload, env, repo)
    assert done.returncode == 0 and len(done.stdout) < MAX_CHARS
    context = context_of(done.stdout, "SessionStart")
    assert all(c in context for c in contents) and "\n```text\n" in context
    done = run_hook(commands["SessionEnd"], {**payload, "hook_event_name": "SessionEnd"}, env, repo)
    assert (done.returncode, done.stdout) == (0, "")
    assert "transcript_path is missing" in wait_for_log(memory, "transcript_path is missing")


def test_gemini_hooks_print_json(tmp_path: Path, repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    memory = tmp_path / "store"
    contents = seed(memory, repo)
    install_project("gemini", memory, monkeypatch)
    settings = json.loads((repo / ".gemini" / "settings.json").read_text())
    assert settings["hooks"]["SessionStart"][0]["hooks"][0]["timeout"] == 30000  # Gemini counts milliseconds
    commands = hook_commands(repo / ".gemini" / "settings.json")
    env = agent_env(repo, memory)
    base = {"session_id": "g1", "transcript_path": "", "cwd": str(repo), "timestamp": "2026-03-11T09:00:00Z"}
    done = run_hook(
        commands["SessionStart"], {**base, "hook_event_name": "SessionStart", "source": "startup"}, env, repo
    )
    assert done.returncode == 0
    assert all(c in context_of(done.stdout, "SessionStart") for c in contents)
    done = run_hook(commands["BeforeAgent"], {**base, "hook_event_name": "BeforeAgent", "prompt": "hi"}, env, repo)
    assert (done.returncode, done.stdout) == (0, "")  # too short to carry intent: no output at all


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_llm_down_never_blocks_the_agent(tmp_path: Path, repo: Path) -> None:
    memory = tmp_path / "store"
    contents = seed(memory, repo)
    config = tmp_path / "ratchet.config.json"
    config.write_text(json.dumps({"llm": {"max_retries": 0, "timeout_seconds": 5}}))
    install("claude-code", "--memory-dir", str(memory), "--config", str(config))  # a user install pins both
    commands = hook_commands(Path(os.environ["HOME"]) / ".claude" / "settings.json")
    assert commands["SessionStart"] == (
        f"{BIN}/memory-retrieve --hook --format claude-hook --memory-dir {memory} --config {config} || true"
    )
    env = agent_env(repo, RATCHET_LLM_BASE_URL=f"http://127.0.0.1:{closed_port()}/v1", OPENAI_API_KEY="sk-test")
    home = Path(os.environ["HOME"])
    transcript = write_transcript(home, repo, "down-1", upto_boundary=False)
    payload = {"session_id": "down-1", "transcript_path": str(transcript), "cwd": str(repo)}

    done = run_hook(
        commands["SessionStart"], {**payload, "hook_event_name": "SessionStart", "source": "startup"}, env, repo
    )
    assert done.returncode == 0  # the LLM could not pick facts: keyword relevance picks them instead
    assert all(c in context_of(done.stdout, "SessionStart") for c in contents)
    assert "LLM selection failed" in (memory / "ratchet.log").read_text()

    done = run_hook(commands["SessionEnd"], {**payload, "hook_event_name": "SessionEnd", "reason": "other"}, env, repo)
    assert (done.returncode, done.stdout) == (0, "")
    log = wait_for_log(memory, "memory-extract worker failed open")
    assert "unreachable" in log
    assert sorted(active_contents(memory)) == sorted(contents)  # nothing half-stored


def test_corrupt_store_and_garbage_input_never_block_the_agent(
    tmp_path: Path, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = tmp_path / "store"
    seed(memory, repo)
    install_project("claude-code", memory, monkeypatch)
    commands = hook_commands(repo / ".claude" / "settings.json")
    env = agent_env(repo, memory)
    for path in MemoryDir(memory).fact_files():
        path.write_text(path.read_text() + '{"id": "broken", "content": \n\x00\x01 not json\n')
    (memory / "state" / "retrieval.npz").write_bytes(b"torn cache")
    payload = {"session_id": "c1", "transcript_path": "", "cwd": str(repo), "hook_event_name": "SessionStart"}

    done = run_hook(commands["SessionStart"], {**payload, "source": "startup"}, env, repo)
    assert done.returncode == 0
    assert "staging" in context_of(done.stdout, "SessionStart")  # the good lines still serve

    done = run_hook(commands["UserPromptSubmit"], "{not json", env, repo)
    assert (done.returncode, done.stdout) == (0, "")
    assert "memory-retrieve --hook failed open" in (memory / "ratchet.log").read_text()
    done = run_hook(commands["SessionEnd"], "[]", env, repo)
    assert (done.returncode, done.stdout) == (0, "")
    assert "memory-extract --hook failed open" in (memory / "ratchet.log").read_text()


def test_unusable_memory_directory_never_blocks_the_agent(
    tmp_path: Path, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = tmp_path / "store"
    install_project("claude-code", memory, monkeypatch)
    commands = hook_commands(repo / ".claude" / "settings.json")
    env = agent_env(repo, memory)
    # Where the store should be there is a file: nothing can be read or written (even by root).
    shutil.rmtree(memory)
    memory.write_text("not a directory\n")
    home = Path(os.environ["HOME"])
    transcript = write_transcript(home, repo, "ro-1", upto_boundary=False)
    payload = {"session_id": "ro-1", "transcript_path": str(transcript), "cwd": str(repo)}
    for event, extra in (
        ("SessionStart", {"source": "startup"}),
        ("UserPromptSubmit", {"prompt": "Which staging database should the migration run against?"}),
        ("PreCompact", {"trigger": "manual"}),
        ("SessionEnd", {"reason": "other"}),
    ):
        done = run_hook(commands[event], {**payload, "hook_event_name": event, **extra}, env, repo)
        assert (done.returncode, done.stdout) == (0, ""), event
    assert memory.read_text() == "not a directory\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through directory permissions")
def test_read_only_memory_directory_never_blocks_the_agent(
    tmp_path: Path, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = tmp_path / "store"
    seed(memory, repo)
    install_project("claude-code", memory, monkeypatch)
    commands = hook_commands(repo / ".claude" / "settings.json")
    env = agent_env(repo, memory)
    memory.chmod(0o500)
    try:
        payload = {"session_id": "ro-2", "transcript_path": "", "cwd": str(repo), "hook_event_name": "SessionStart"}
        done = run_hook(commands["SessionStart"], {**payload, "source": "startup"}, env, repo)
        assert done.returncode == 0
        assert done.stdout == "" or "staging" in context_of(done.stdout, "SessionStart")
    finally:
        memory.chmod(0o700)
