"""Skill injection: prompts/skill.md rides along with the facts at session start when ``skill_injection`` is on."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from ratchet.cli.retrieve import cli as retrieve
from ratchet.core.facts import new_fact
from ratchet.recall import render
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

HEADING = "## Using Ratchet Memory"


def seed(memory: Path, count: int = 3, words: int = 8) -> None:
    filler = " ".join(["deployment"] * words)
    facts = [
        new_fact(f"Fact {n}: the staging host is staging-{n}.internal, {filler}", category="project", importance=0.6)
        for n in range(count)
    ]
    Store(MemoryDir(memory)).add(facts, actor="test")


def hook(config: Path, payload: dict[str, str]) -> str:
    result = CliRunner().invoke(
        retrieve, ["--hook", "--format", "claude-hook", "--config", str(config)], input=json.dumps(payload)
    )
    assert result.exit_code == 0, result.output
    return result.stdout


def config_file(tmp_path: Path, on: bool) -> Path:
    path = tmp_path / "ratchet.config.json"
    path.write_text(json.dumps({"skill_injection": on}))
    return path


def test_skill_follows_the_facts_at_session_start(memory_dir: Path, tmp_path: Path) -> None:
    seed(memory_dir)
    out = hook(config_file(tmp_path, True), {"session_id": "s1", "hook_event_name": "SessionStart"})
    context = json.loads(out)["hookSpecificOutput"]["additionalContext"]
    facts_end = context.index("```\n")
    skill_at = context.index(HEADING)
    assert facts_end < skill_at < context.index("</ratchet-context>")  # after the fenced facts, inside the markers
    assert context.endswith("5. Never a secret: tokens, passwords and keys are refused.\n</ratchet-context>")
    assert f"--memory-dir {memory_dir}" in context  # the commands it teaches reach the hooks' store
    assert "{ratchet}" not in context and "{memory_dir}" not in context
    assert render.skill_text(str(memory_dir)) in context


def test_skill_is_off_by_default_and_never_per_prompt(memory_dir: Path, tmp_path: Path) -> None:
    seed(memory_dir)
    out = hook(config_file(tmp_path, False), {"session_id": "s1", "hook_event_name": "SessionStart"})
    assert "Fact 0" in out and HEADING not in out
    prompt = {"session_id": "s2", "hook_event_name": "UserPromptSubmit", "prompt": "which staging host for deployment"}
    out = hook(config_file(tmp_path, True), prompt)
    assert "staging" in out and HEADING not in out


def test_skill_shares_the_character_cap(memory_dir: Path, tmp_path: Path) -> None:
    seed(memory_dir, count=40, words=60)  # far more than 9,000 characters of facts
    config = tmp_path / "ratchet.config.json"
    config.write_text(json.dumps({"skill_injection": True, "retrieval": {"token_budget": 20000}}))
    out = hook(config, {"session_id": "s1", "hook_event_name": "SessionStart"})
    assert len(out) <= 9000
    context = json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert HEADING in context and context.endswith("</ratchet-context>")
    assert context.count("- [") >= 5  # facts still get most of the room


def test_skill_text_is_short_and_self_contained() -> None:
    text = render.skill_text("/home/me/.ratchet/memory")
    assert 500 < len(text) < 2500
    assert "ratchet-context>" not in text.replace("‹", "")  # cannot close the recall block early
    assert "add " in text and "--scope repo" in text and "confirm ID" in text
