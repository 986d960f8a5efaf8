"""The real agent CLIs as Ratchet's LLM (``llm.backend``), each against a loopback server the test starts.

`make agent-clis` installs the pinned CLIs from the npm registry (tests/agent-clis) into build/agent-clis; here each
one is pointed at a server on 127.0.0.1 through its own documented configuration, so nothing talks to a real model:
Codex CLI reads a custom model provider from ``$CODEX_HOME/config.toml`` and speaks the streamed Responses API.
Ratchet's side runs unmocked: the argv it builds, the prompt it pipes, the reply checks and the store.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from anthropic_server import LoopbackAnthropic
from gemini_server import LoopbackGemini
from llm_replies import reply_fact
from openai_server import LoopbackOpenAI
from test_agent_cli import SAID, TOOL_OUTPUT, _transcript

from ratchet.config import config_from_dict
from ratchet.extract.pipeline import extract_file
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

ROOT = Path(__file__).resolve().parent.parent
CLIS = Path(os.environ.get("RATCHET_AGENT_CLIS") or ROOT / "build" / "agent-clis") / "node_modules" / ".bin"

pytestmark = pytest.mark.slow


def require_cli(program: str) -> Path:
    """The installed CLI ``program``; skipped when `make agent-clis` could not install it, failed when it must have."""
    path = CLIS / program
    if not path.exists():
        if os.environ.get("RATCHET_REQUIRE_AGENT_CLIS") == "1":
            pytest.fail(f"{path} is not installed (make agent-clis)")
        pytest.skip(f"{program} is not installed (make agent-clis needs npm)")
    return path


@pytest.fixture
def server() -> Iterator[LoopbackOpenAI]:
    loopback = LoopbackOpenAI()
    yield loopback
    loopback.close()


def test_codex_cli_extracts_through_a_loopback_model(
    server: LoopbackOpenAI, tmp_path: Path, memory_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    codex = require_cli("codex")
    home = tmp_path / "codex-home"
    home.mkdir()
    (home / "config.toml").write_text(
        'model = "loopback-model"\nmodel_provider = "loopback"\n\n[model_providers.loopback]\n'
        f'name = "loopback"\nbase_url = "{server.url}"\nwire_api = "responses"\nenv_key = "LOOPBACK_KEY"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("CODEX_HOME", str(home))
    monkeypatch.setenv("LOOPBACK_KEY", "sk-loopback")
    monkeypatch.setenv("PATH", f"{codex.parent}{os.pathsep}{os.environ['PATH']}")
    fact = reply_fact("The billing service is deployed with Terraform on Fridays.", SAID)
    server.responses.push(content=json.dumps({"facts": [fact], "confirmed": []}))

    store = Store(MemoryDir(memory_dir))
    result = extract_file(store, config_from_dict({"llm": {"backend": "codex-cli"}}), _transcript(tmp_path))

    assert (result.mode, result.model) == ("llm", "codex-cli")
    assert [f.content for f in store.facts()] == ["The billing service is deployed with Terraform on Fridays."]
    (request,) = server.responses.requests
    sent = json.dumps(request)
    assert SAID in sent and TOOL_OUTPUT not in sent  # the user's words went to the model, never tool output
    assert request["text"]["format"]["type"] == "json_schema"  # --output-schema reached the model
    assert ("/v1/responses", "Bearer sk-loopback") in server.seen


def test_gemini_cli_extracts_through_a_loopback_model(
    tmp_path: Path, memory_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gemini = require_cli("gemini")
    server = LoopbackGemini()
    try:
        settings = Path(os.environ["HOME"]) / ".gemini" / "settings.json"
        settings.parent.mkdir(parents=True, exist_ok=True)
        settings.write_text(json.dumps({"security": {"auth": {"selectedType": "gemini-api-key"}}}), encoding="utf-8")
        monkeypatch.setenv("GEMINI_API_KEY", "loopback-key")
        monkeypatch.setenv("GOOGLE_GEMINI_BASE_URL", server.url)
        monkeypatch.setenv("PATH", f"{gemini.parent}{os.pathsep}{os.environ['PATH']}")
        fact = reply_fact("The billing service is deployed with Terraform on Fridays.", SAID)
        server.replies.append(json.dumps({"facts": [fact], "confirmed": []}))

        store = Store(MemoryDir(memory_dir))
        result = extract_file(store, config_from_dict({"llm": {"backend": "gemini-cli"}}), _transcript(tmp_path))
    finally:
        server.close()

    assert (result.mode, result.model) == ("llm", "gemini-cli")
    assert [f.content for f in store.facts()] == ["The billing service is deployed with Terraform on Fridays."]
    streamed = [body for path, _, body in server.requests if ":streamGenerateContent" in path]
    assert streamed and all(key == "loopback-key" for _, key, _ in server.requests)
    sent = json.dumps(streamed[-1])
    assert SAID in sent and TOOL_OUTPUT not in sent
    usage = json.loads((memory_dir / "state" / "llm-usage.json").read_text())
    assert list(usage.values())[0] > 0  # the tokens Gemini CLI reported were counted against the daily cap


def test_claude_code_extracts_through_a_loopback_model(
    tmp_path: Path, memory_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    claude = require_cli("claude")
    server = LoopbackAnthropic()
    try:
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-loopback")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", server.url)
        monkeypatch.setenv("PATH", f"{claude.parent}{os.pathsep}{os.environ['PATH']}")
        fact = reply_fact("The billing service is deployed with Terraform on Fridays.", SAID)
        server.replies.append(json.dumps({"facts": [fact], "confirmed": []}))

        store = Store(MemoryDir(memory_dir))
        result = extract_file(store, config_from_dict({"llm": {"backend": "claude-cli"}}), _transcript(tmp_path))
    finally:
        server.close()

    assert (result.mode, result.model) == ("llm", "claude-cli")
    assert [f.content for f in store.facts()] == ["The billing service is deployed with Terraform on Fridays."]
    asked = [body for path, _, body in server.requests if path.startswith("/v1/messages")]
    assert asked and all(key == "sk-ant-loopback" for path, key, _ in server.requests if path.startswith("/v1/"))
    sent = json.dumps(asked[0])
    assert SAID in sent and TOOL_OUTPUT not in sent
    usage = json.loads((memory_dir / "state" / "llm-usage.json").read_text())
    assert list(usage.values())[0] >= 1200 + 80  # Claude Code's reported usage, counted against the daily cap
