"""The Claude Code plugin (integrations/claude-code, listed by .claude-plugin/marketplace.json) and the Gemini CLI
extension (integrations/gemini): manifests with the documented fields, hooks identical to a --project install (so
they cannot drift from the contracts in ratchet/hooks/agents.py), and every declared hook run with the stdin its
agent sends."""

from __future__ import annotations

import json
import re
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, subprocess_env

from ratchet.hooks import agents, install

PLUGIN = ROOT / "integrations" / "claude-code"
EXTENSION = ROOT / "integrations" / "gemini"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")  # both agents want lowercase names with dashes


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_claude_code_plugin_and_its_marketplace_are_well_formed() -> None:
    plugin = _json(PLUGIN / ".claude-plugin" / "plugin.json")
    assert NAME.match(plugin["name"]) and plugin["version"] == VERSION and plugin["description"]
    market = _json(ROOT / ".claude-plugin" / "marketplace.json")
    assert NAME.match(market["name"]) and market["owner"]["name"]
    (entry,) = market["plugins"]
    assert entry["name"] == plugin["name"] and (ROOT / entry["source"]).resolve() == PLUGIN.resolve()
    assert _json(PLUGIN / ".mcp.json") == {"mcpServers": {"ratchet": {"command": "ratchet", "args": ["mcp"]}}}


def test_the_gemini_extension_is_well_formed() -> None:
    manifest = _json(EXTENSION / "gemini-extension.json")
    assert NAME.match(manifest["name"]) and manifest["version"] == VERSION and manifest["description"]
    assert manifest["mcpServers"] == {"ratchet": {"command": "ratchet", "args": ["mcp"]}}
    assert "hooks" not in manifest  # gemini-cli reads an extension's hooks from hooks/hooks.json only


@pytest.mark.parametrize(("key", "folder"), [("claude-code", PLUGIN), ("gemini", EXTENSION)])
def test_the_hooks_are_those_a_project_install_writes(key: str, folder: Path) -> None:
    agent = agents.AGENTS[key]
    expected, _ = agents.merge({}, agent, install.hook_commands(agent, "project"), str(folder))
    assert _json(folder / "hooks" / "hooks.json") == {"hooks": expected["hooks"]}
    assert set(expected["hooks"]) <= set(agent.events)


SOURCES = {"SessionStart": "source", "PreCompact": "trigger", "PreCompress": "trigger", "SessionEnd": "reason"}


@pytest.mark.parametrize(("key", "folder"), [("claude-code", PLUGIN), ("gemini", EXTENSION)])
def test_every_declared_hook_runs_and_fails_open(key: str, folder: Path, tmp_path: Path) -> None:
    agent = agents.AGENTS[key]
    env = subprocess_env(PATH=f"{ROOT / 'bin'}:{subprocess_env()['PATH']}", RATCHET_MEMORY_DIR=str(tmp_path / "memory"))
    transcript = tmp_path / "session.jsonl"
    transcript.write_text("")
    ran = 0
    for event, groups in _json(folder / "hooks" / "hooks.json")["hooks"].items():
        rule = agent.events[event]
        for value in rule.values or ("",):
            payload = {"hook_event_name": event, "session_id": "s1", "cwd": str(tmp_path), "prompt": "deploy notes"}
            payload["transcript_path"] = str(transcript)
            if event in SOURCES:
                payload[SOURCES[event]] = value
            for group in groups:
                for hook in group["hooks"]:
                    done = subprocess.run(
                        ["sh", "-c", hook["command"]],
                        input=json.dumps(payload),
                        capture_output=True,
                        text=True,
                        env=env,
                        cwd=tmp_path,
                        timeout=60,
                        check=False,
                    )
                    assert done.returncode == 0, (event, value, done.stderr)
                    assert done.stdout == "" or isinstance(json.loads(done.stdout), dict), (event, done.stdout)
                    ran += 1
    assert ran >= 4
