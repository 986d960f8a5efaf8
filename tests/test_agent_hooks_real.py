"""Ratchet's hooks inside the real agents: Claude Code 2.1.332, Codex CLI 0.169.0 and Gemini CLI 0.61.0 (installed
by `make agent-clis`), each running headless against a loopback model server the test starts.

For each agent: ``ratchet install <agent>`` writes the hooks into the agent's user settings (HOME is a temporary
folder); a first session in which the user states a fact ends, and the agent's session-end hook has
``memory-extract`` store it; a second session asks a question, and the request the agent sends to the model carries
Ratchet's recalled block with both the fact stored beforehand and the one learned in the first session. That is the
whole contract of each agent (events, stdin payload, stdout shape, transcript format) exercised by the agent itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from anthropic_server import LoopbackAnthropic
from click.testing import CliRunner
from gemini_server import LoopbackGemini
from openai_server import LoopbackOpenAI
from test_agent_cli_real import require_cli

from ratchet.cli.main import cli
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]

KNOWN = "The billing service runs on Postgres 16 in eu-west-1."
SAID = "We always deploy billing on Thursdays after the standup."
LEARNED = "Thursdays after the standup"
QUESTION = "Which database does the billing service use in production?"
RECALLED = "Known context from previous sessions"


def _session(argv: list[str], prompt: str, cwd: Path, env: dict[str, str]) -> None:
    done = subprocess.run(
        argv, input=prompt, capture_output=True, text=True, cwd=cwd, env=env, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]


def _learned(memory_dir: Path, timeout: float = 60.0) -> list[str]:
    """The facts once the detached extraction worker of the session-end hook has stored the new one."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        facts = [f.content for f in Store(MemoryDir(memory_dir)).facts()]
        if any(LEARNED in f for f in facts):
            return facts
        time.sleep(0.2)
    log = memory_dir / "ratchet.log"
    raise AssertionError(f"no fact learned; ratchet.log: {log.read_text() if log.exists() else '(none)'}")


@pytest.fixture
def setup(tmp_path: Path, memory_dir: Path) -> Callable[[str], tuple[Path, dict[str, str]]]:
    """Install Ratchet into ``agent`` for a store that already knows one fact; the project folder and environment."""

    def install(agent: str) -> tuple[Path, dict[str, str]]:
        runner = CliRunner()
        added = runner.invoke(cli, ["add", KNOWN, "--category", "project"])
        assert added.exit_code == 0, added.output
        installed = runner.invoke(cli, ["install", agent])
        assert installed.exit_code == 0, installed.output
        project = tmp_path / "project"
        project.mkdir()
        subprocess.run(["git", "init", "-q"], cwd=project, check=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "RATCHET_NOW"))}
        return project, env

    return install


def test_claude_code_runs_the_hooks(setup: Callable, memory_dir: Path) -> None:
    claude = require_cli("claude")
    project, env = setup("claude-code")
    server = LoopbackAnthropic()
    try:
        env.update(ANTHROPIC_API_KEY="sk-ant-loopback", ANTHROPIC_BASE_URL=server.url)
        argv = [str(claude), "-p", "--output-format", "json", "--max-turns", "1"]
        _session(argv, SAID, project, env)
        facts = _learned(memory_dir)
        _session(argv, QUESTION, project, env)
    finally:
        server.close()
    assert KNOWN in facts
    last = json.dumps(server.requests[-1][2])
    assert RECALLED in last and KNOWN in last and LEARNED in last


def test_codex_runs_the_hooks(setup: Callable, memory_dir: Path) -> None:
    codex = require_cli("codex")
    project, env = setup("codex")
    server = LoopbackOpenAI()
    try:
        config = Path(env["HOME"]) / ".codex" / "config.toml"
        config.write_text(
            'model = "loopback-model"\nmodel_provider = "loopback"\n\n[model_providers.loopback]\n'
            f'name = "loopback"\nbase_url = "{server.url}"\nwire_api = "responses"\nenv_key = "LOOPBACK_KEY"\n',
            encoding="utf-8",
        )
        env["LOOPBACK_KEY"] = "sk-loopback"
        # Codex runs a hook only once the user trusts it (/hooks in Codex; `ratchet install codex` says so): this
        # test stands in for that review with the flag Codex provides for vetted automation.
        argv = [str(codex), "exec", "--dangerously-bypass-hook-trust", "--skip-git-repo-check", "-"]
        _session(argv, SAID, project, env)
        facts = _learned(memory_dir)
        _session(argv, QUESTION, project, env)
    finally:
        server.close()
    assert KNOWN in facts
    last = json.dumps(server.responses.requests[-1])
    assert RECALLED in last and KNOWN in last and LEARNED in last


def test_gemini_cli_runs_the_hooks(setup: Callable, memory_dir: Path) -> None:
    gemini = require_cli("gemini")
    project, env = setup("gemini")
    server = LoopbackGemini()
    try:
        settings = Path(env["HOME"]) / ".gemini" / "settings.json"
        written = json.loads(settings.read_text(encoding="utf-8"))
        written.setdefault("security", {}).setdefault("auth", {})["selectedType"] = "gemini-api-key"
        settings.write_text(json.dumps(written), encoding="utf-8")
        env.update(GEMINI_API_KEY="loopback-key", GOOGLE_GEMINI_BASE_URL=server.url, GEMINI_CLI_TRUST_WORKSPACE="true")
        argv = [str(gemini), "--output-format", "json", "-p", "Answer the text on standard input."]
        _session(argv, SAID, project, env)
        facts = _learned(memory_dir)
        _session(argv, QUESTION, project, env)
    finally:
        server.close()
    assert KNOWN in facts
    streamed = [body for path, _, body in server.requests if ":streamGenerateContent" in path]
    last = json.dumps(streamed[-1])
    assert RECALLED in last and KNOWN in last and LEARNED in last
