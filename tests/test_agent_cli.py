"""The agent's own login as the LLM (ratchet.models.agent_cli), tested against each CLI's documented contract.

The CLIs are stand-ins on PATH written here (tests/test_agent_cli_real.py runs the real ones against loopback
servers; these cover failures, the daily cap and auto): each checks that it was called as its documentation says
(``claude -p --output-format json``, ``codex exec ... -``, ``gemini --output-format json -p``), records its argv,
stdin and environment, and prints the reply in the documented shape.
Ratchet's own code runs unmocked: config, pipeline, the JSON and evidence checks, the store.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest
from llm_replies import reply_fact

from ratchet.config import Config, config_from_dict
from ratchet.extract.pipeline import extract_file
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

STAND_IN = """#!{python}
import json, os, sys
argv = sys.argv[1:]
prompt = sys.stdin.read()
with open(os.environ["FAKE_LOG"], "a") as log:
    call = {{"agent": "{agent}", "argv": argv, "stdin": prompt, "hooks": os.environ.get("RATCHET_HOOKS")}}
    log.write(json.dumps(call) + "\\n")
if os.environ.get("FAKE_FAIL"):
    sys.stderr.write("not signed in\\n")
    sys.exit(1)
reply = open(os.environ["FAKE_REPLY"]).read()
if "{agent}" == "claude":
    assert argv[:3] == ["-p", "--output-format", "json"], argv
    print(json.dumps({{"type": "result", "subtype": "success", "is_error": False, "result": reply,
                      "usage": {{"input_tokens": 1200, "output_tokens": 80}}}}))
elif "{agent}" == "codex":
    assert argv[0] == "exec" and argv[-1] == "-" and "--output-schema" in argv, argv
    json.load(open(argv[argv.index("--output-schema") + 1]))
    sys.stderr.write("progress goes to stderr\\n")
    print(reply)
else:
    assert argv[:2] == ["--output-format", "json"] and argv[2] == "-p", argv
    tokens = {{"prompt": 900, "candidates": 60}}
    print(json.dumps({{"response": reply, "stats": {{"models": {{"gemini-2.5-flash": {{"tokens": tokens}}}}}}}}))
"""

SAID = "We deploy the billing service with Terraform on Fridays."
TOOL_OUTPUT = "terraform plan: 3 to add, 0 to change"


@pytest.fixture
def agents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "bin"
    folder.mkdir()
    for agent in ("claude", "codex", "gemini"):
        path = folder / agent
        path.write_text(STAND_IN.format(python=sys.executable, agent=agent), encoding="utf-8")
        path.chmod(path.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("FAKE_LOG", str(tmp_path / "calls.jsonl"))
    reply = {"facts": [reply_fact("The billing service is deployed with Terraform on Fridays.", SAID)], "confirmed": []}
    (tmp_path / "reply.json").write_text(json.dumps(reply), encoding="utf-8")
    monkeypatch.setenv("FAKE_REPLY", str(tmp_path / "reply.json"))
    for name in ("OPENAI_API_KEY", "RATCHET_LLM_BASE_URL", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def _transcript(tmp_path: Path) -> Path:
    lines = [
        {"type": "user", "uuid": "u1", "sessionId": "s1", "message": {"role": "user", "content": SAID}},
        {
            "type": "assistant",
            "uuid": "a1",
            "sessionId": "s1",
            "message": {
                "role": "assistant",
                "id": "m1",
                "content": [{"type": "tool_use", "id": "t1", "name": "Bash", "input": {}}],
            },  # fmt: skip
        },
        {
            "type": "user",
            "uuid": "u2",
            "sessionId": "s1",
            "message": {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t1", "content": TOOL_OUTPUT}],
            },  # fmt: skip
        },
    ]
    path = tmp_path / "session.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return path


def _calls(tmp_path: Path) -> list[dict[str, object]]:
    log = tmp_path / "calls.jsonl"
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


@pytest.mark.parametrize(
    ("backend", "agent"), [("claude-cli", "claude"), ("codex-cli", "codex"), ("gemini-cli", "gemini")]
)
def test_each_agent_cli_extracts_through_the_same_checks(
    agents: Path, memory_dir: Path, backend: str, agent: str
) -> None:
    config = config_from_dict({"llm": {"backend": backend}})
    store = Store(MemoryDir(memory_dir))
    result = extract_file(store, config, _transcript(agents))
    assert result.mode == "llm" and result.model == backend
    assert [f.content for f in store.facts()] == ["The billing service is deployed with Terraform on Fridays."]
    assert SAID in (store.facts()[0].evidence or "")  # the quote was checked against what the user said
    (call,) = _calls(agents)
    assert call["agent"] == agent
    assert call["hooks"] == "off"  # the agent's own session does not run Ratchet's hooks
    assert SAID in str(call["stdin"]) and TOOL_OUTPUT not in str(call["stdin"])  # never tool output
    usage = json.loads((memory_dir / "state" / "llm-usage.json").read_text())
    assert list(usage.values())[0] > 0


def test_auto_picks_the_agent_that_wrote_the_transcript(agents: Path, memory_dir: Path) -> None:
    result = extract_file(
        Store(MemoryDir(memory_dir)), config_from_dict({"llm": {"backend": "auto"}}), _transcript(agents)
    )
    assert result.model == "claude-cli" and [c["agent"] for c in _calls(agents)] == ["claude"]


def test_the_default_backend_never_runs_an_agent(agents: Path, memory_dir: Path) -> None:
    result = extract_file(Store(MemoryDir(memory_dir)), Config(), _transcript(agents))
    assert result.mode == "offline" and _calls(agents) == []


def test_a_failing_cli_or_the_daily_cap_falls_back_to_offline(
    agents: Path, memory_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_FAIL", "1")
    result = extract_file(
        Store(MemoryDir(memory_dir)), config_from_dict({"llm": {"backend": "claude-cli"}}), _transcript(agents)
    )
    assert result.mode == "offline"
    assert any("claude-cli exited with 1: not signed in" in r["reason"] for r in result.rejected)
    monkeypatch.delenv("FAKE_FAIL")
    capped = config_from_dict({"llm": {"backend": "gemini-cli", "daily_token_cap": 10}})
    result = extract_file(Store(MemoryDir(memory_dir)), capped, _transcript(agents), session="again")
    assert result.mode == "offline" and any("daily_token_cap" in r["reason"] for r in result.rejected)
    assert [c["agent"] for c in _calls(agents)] == ["claude"]  # the capped call never ran


def test_a_repository_config_cannot_choose_an_agent_cli(
    agents: Path, memory_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``llm.backend`` runs a program: like endpoints and key variables, only the user's own config sets it. A
    cloned repository's config naming an agent CLI runs nothing until the user allows that file."""
    from ratchet.config import load_config

    repo = tmp_path / "cloned"
    repo.mkdir()
    (repo / "ratchet.config.json").write_text(json.dumps({"llm": {"backend": "claude-cli"}}), encoding="utf-8")
    monkeypatch.chdir(repo)
    monkeypatch.delenv("RATCHET_CONFIG", raising=False)
    config = load_config()
    assert config.section("llm")["backend"] == "openai"
    assert any("llm.backend" in item for item in config.ignored)
    result = extract_file(Store(MemoryDir(memory_dir)), config, _transcript(agents))
    assert result.mode == "offline" and _calls(agents) == []


def test_hooks_do_nothing_inside_the_agent_session_ratchet_started(memory_dir: Path) -> None:
    import subprocess

    from conftest import ROOT, subprocess_env

    env = subprocess_env(RATCHET_HOOKS="off")
    payload = json.dumps(
        {"hook_event_name": "SessionStart", "session_id": "s", "cwd": str(memory_dir), "source": "startup"}
    )
    for command in ("memory-retrieve", "memory-extract"):
        done = subprocess.run(
            [sys.executable, str(ROOT / "bin" / command), "--hook"],
            input=payload,
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        assert (done.returncode, done.stdout) == (0, "")
    assert not (memory_dir / "ratchet.log").exists()
