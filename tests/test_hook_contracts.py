"""Each agent's hook contract, checked on the files ``ratchet install --project`` really writes.

For every agent and every event, source, trigger and reason its documentation or source lists for the hooks Ratchet
installs (the table below; docs/agent-hooks.md cites each), the agent's own matching rule is simulated over the
installed settings file, written here from the agents' documentation and not taken from Ratchet:

- Claude Code and Codex: no matcher, ``""`` or ``"*"`` match all; a matcher of letters, digits, ``_`` and ``|`` is a
  list of exact names; anything else is an unanchored regular expression (an invalid one matches nothing). Their
  UserPromptSubmit takes no matcher.
- Gemini CLI: lifecycle matchers (SessionStart, SessionEnd, PreCompress) are exact strings after trimming
  (``matcher === trigger``); no matcher, ``""`` or ``"*"`` match all. BeforeAgent passes no matcher context.

Then (slow) the handler the agent would pick is run through the shell with the stdin the agent documents, and must
exit 0 with output of the agent's shape; the extraction hooks must have started a worker that stored the session.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import ROOT, subprocess_env

from ratchet.cli.main import cli
from ratchet.cli.retrieve import cli as memory_retrieve
from ratchet.core.facts import new_fact
from ratchet.hooks import agents
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store

BIN = Path(sys.executable).absolute().parent

# agent -> event -> (the stdin field its matcher is compared with, every value the agent documents), or None for
# an event whose matcher the agent ignores. Sources: code.claude.com/docs/en/hooks; openai/codex
# codex-rs/hooks/src/events/{session_start,session_end}.rs and engine/dispatcher.rs; google-gemini/gemini-cli
# packages/core/src/hooks/types.ts and hookEventHandler.ts.
DOCUMENTED: dict[str, dict[str, tuple[str, tuple[str, ...]] | None]] = {
    "claude-code": {
        "SessionStart": ("source", ("startup", "resume", "clear", "compact", "fork")),
        "UserPromptSubmit": None,
        "PreCompact": ("trigger", ("manual", "auto")),
        "SessionEnd": (
            "reason",
            ("clear", "resume", "logout", "prompt_input_exit", "bypass_permissions_disabled", "other"),
        ),
    },
    "codex": {
        "SessionStart": ("source", ("startup", "resume", "clear", "compact")),
        "UserPromptSubmit": None,
        "PreCompact": ("trigger", ("manual", "auto")),
        "SessionEnd": ("reason", ("other", "clear", "logout", "prompt_input_exit")),
    },
    "gemini": {
        "SessionStart": ("source", ("startup", "resume", "clear")),
        "BeforeAgent": None,
        "PreCompress": ("trigger", ("manual", "auto")),
        "SessionEnd": ("reason", ("exit", "clear", "logout", "prompt_input_exit", "other")),
    },
}
FILES = {"claude-code": ".claude/settings.json", "codex": ".codex/hooks.json", "gemini": ".gemini/settings.json"}
CONTEXT_EVENTS = {"SessionStart", "UserPromptSubmit", "BeforeAgent"}  # the agent adds the hook's stdout to context
ROWS = [
    (agent, event, rule[0] if rule else None, value)
    for agent, events in DOCUMENTED.items()
    for event, rule in events.items()
    for value in (rule[1] if rule else (None,))
]
FACT = "The staging database is inventory-db-staging-4."
PROMPT = "Which staging database should the migration run against?"


def claude_style_match(matcher: Any, value: str) -> bool:
    """Claude Code's documented matcher rule, which Codex follows (codex-rs/hooks/src/events/common.rs)."""
    if matcher is None or matcher in ("", "*"):
        return True
    if re.fullmatch(r"[A-Za-z0-9_|]+", matcher):
        return value in matcher.split("|")
    try:
        return re.search(matcher, value) is not None
    except re.error:
        return False


def gemini_lifecycle_match(matcher: Any, value: str) -> bool:
    """gemini-cli hookPlanner.ts: matchesContext, then matchesTrigger (``matcher === trigger``)."""
    if not matcher:
        return True
    text = matcher.strip()
    return text in ("", "*") or text == value


def selected(agent: str, doc: dict[str, Any], event: str, value: str | None) -> list[dict[str, Any]]:
    """The handlers the agent runs for ``event`` with ``value``, from the settings document as written."""
    rule = gemini_lifecycle_match if agent == "gemini" else claude_style_match
    out: list[dict[str, Any]] = []
    for group in doc.get("hooks", {}).get(event, []):
        if value is None or rule(group.get("matcher"), value):
            out.extend(group["hooks"])
    return out


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A git repository where the user installs all three agents' hooks with ``--project``: Ratchet on PATH (pipx,
    uv tool), no RATCHET_MEMORY_DIR, so the hooks use the default per-user store in HOME."""
    path = tmp_path / "inventory-api"
    path.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=path, check=True)
    monkeypatch.chdir(path)
    monkeypatch.delenv("RATCHET_MEMORY_DIR")
    monkeypatch.setenv("PATH", f"{BIN}{os.pathsep}{os.environ['PATH']}")
    for agent in DOCUMENTED:
        result = CliRunner().invoke(cli, ["install", agent, "--project"], catch_exceptions=False)
        assert result.exit_code == 0, result.output
    return path


def settings(repo: Path, agent: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((repo / FILES[agent]).read_text())
    return doc


def test_every_documented_source_selects_ratchets_hook(repo: Path) -> None:
    problems = []
    for agent, event, _field, value in ROWS:
        handlers = [h for h in selected(agent, settings(repo, agent), event, value) if agents.ours(h)]
        verb = agents.RETRIEVE if event in CONTEXT_EVENTS else agents.EXTRACT
        if [agents.ours(h) for h in handlers] != [verb]:
            problems.append(f"{agent} {event} {value}: {handlers}")
    assert problems == []
    assert len(ROWS) == 36


def test_the_rules_in_agents_py_are_the_documented_ones(repo: Path) -> None:
    for agent, events in DOCUMENTED.items():
        contract = agents.AGENTS[agent]
        assert [spec.event for spec in contract.hooks] == list(events)
        assert set(settings(repo, agent)["hooks"]) == set(events)
        for event, rule in events.items():
            if rule is None:
                assert contract.events[event].matching == agents.IGNORED
            else:
                assert (contract.events[event].field, contract.events[event].values) == rule
                kind = agents.EXACT if agent == "gemini" else agents.REGEX
                assert contract.events[event].matching == kind


@pytest.mark.parametrize(
    "matcher",
    [
        None,
        "",
        "*",
        " * ",
        "startup",
        " startup ",
        "startup|resume|clear",
        "startup|resume|clear|compact",
        "startup|resume|clear|compact|fork",
        "auto",
        "^(startup|clear)$",
        "start.*",
        "Startup",
        "[startup",
        "other|exit",
    ],
)
def test_doctor_reads_matchers_as_the_agents_do(matcher: str | None) -> None:
    for agent, events in DOCUMENTED.items():
        rule = gemini_lifecycle_match if agent == "gemini" else claude_style_match
        for event, documented in events.items():
            if documented is None:
                continue
            values = documented[1]
            expected = tuple(v for v in values if rule(matcher, v))
            try:
                found = agents.matched(agents.AGENTS[agent], event, matcher)
            except ValueError:  # an invalid regular expression, which Claude Code and Codex never match
                assert agent != "gemini" and expected == ()
                continue
            assert found == expected, (agent, event, matcher)


def test_the_matchers_ratchet_used_to_install_never_fired_everywhere() -> None:
    """The defects this suite guards: Gemini's ``startup|resume|clear`` matched no source at all; Claude Code's left
    out ``fork`` and Codex's left out ``compact``."""
    old = {
        "gemini": "startup|resume|clear",
        "claude-code": "startup|resume|clear|compact",
        "codex": "startup|resume|clear",
    }
    missed = {}
    for agent, matcher in old.items():
        doc = {"hooks": {"SessionStart": [{"matcher": matcher, "hooks": [{"type": "command"}]}]}}
        sources = DOCUMENTED[agent]["SessionStart"]
        assert sources is not None
        missed[agent] = [v for v in sources[1] if not selected(agent, doc, "SessionStart", v)]
    assert missed == {"gemini": ["startup", "resume", "clear"], "claude-code": ["fork"], "codex": ["compact"]}


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.items() for part in item for s in _strings(part)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def test_a_project_install_leaves_no_path_of_this_machine_in_committed_files(repo: Path, tmp_path: Path) -> None:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=repo,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert sorted(listed) == sorted(FILES.values())  # what `git add -A` would commit: nothing else, no memory/
    home = Path(os.environ["HOME"])
    machine = {str(home), str(tmp_path), str(BIN), sys.prefix, sys.executable, str(ROOT), "/tmp", "/home", "~"}
    for name in listed:
        path = repo / name
        text = path.read_text()
        assert [m for m in machine if m in text] == [], name
        for value in _strings(json.loads(text)):
            assert not re.search(r"(^|[\s='\"])[/~]", value), (name, value)  # no absolute or home path at all
        assert stat.S_IMODE(path.stat().st_mode) == 0o644, name
    commands = {h["command"] for agent in FILES for g in settings(repo, agent)["hooks"].values() for h in g[0]["hooks"]}
    assert commands == {
        "memory-retrieve --hook --format claude-hook || true",
        "memory-retrieve --hook --format codex-hook || true",
        "memory-retrieve --hook --format gemini-hook || true",
        "memory-extract --hook || true",
    }
    assert not (home / ".codex" / "config.toml").exists()  # Codex hooks are on by default: nothing edited
    assert (home / ".ratchet" / "memory").is_dir()  # the store the hooks will find, outside the repository


# ----- the injected context stays under each agent's cap, counted in the agent's unit ---------------------------
def _seed_long_facts(memory: Path, word: str) -> None:
    facts = [
        new_fact(
            f"Fact {i}: " + " ".join(f"{word}{(i + j) % 10}" for j in range(90)) + ".",
            category="project",
            importance=0.8,
        )
        for i in range(15)
    ]
    Store(MemoryDir(memory)).add(facts, actor="test")


def _hook_output(fmt: str, config: Path) -> str:
    payload = json.dumps({"hook_event_name": "SessionStart", "source": "startup", "session_id": fmt, "cwd": "."})
    result = CliRunner().invoke(
        memory_retrieve, ["--hook", "--format", fmt, "--config", str(config)], input=payload, catch_exceptions=False
    )
    assert result.exit_code == 0
    return result.stdout


@pytest.mark.parametrize(
    ("fmt", "word", "unit", "cap"),
    [
        ("codex-hook", "миграция", agents.UTF8, 10_000),  # 2 bytes a letter: 9,000 characters would spill
        ("claude-hook", "\U0001d50a\U0001d52c", agents.UTF16, 10_000),  # 2 UTF-16 units a letter
    ],
)
def test_context_fits_the_agents_cap_in_its_unit(
    memory_dir: Path, tmp_path: Path, fmt: str, word: str, unit: str, cap: int
) -> None:
    _seed_long_facts(memory_dir, word)
    config = tmp_path / "roomy.json"
    config.write_text(json.dumps({"retrieval": {"token_budget": 50000, "max_facts": 15}}))
    output = _hook_output(fmt, config)
    size = agents.measure(output, unit)
    assert cap * 0.8 < size <= cap  # as much as fits, and no more
    assert len(output) <= 9000
    assert json.loads(output)["hookSpecificOutput"]["additionalContext"].startswith("<ratchet-context>")
    uncapped = _hook_output("gemini-hook", config)  # Gemini has no cap: only retrieval.max_chars applies
    assert len(uncapped) <= 9000 < agents.measure(uncapped, unit)


# ----- running the selected handlers with each agent's documented stdin (slow: subprocesses) -------------------
def _stdin(
    agent: str, event: str, field: str | None, value: str | None, session: str, repo: Path, transcript: Path
) -> dict[str, Any]:
    """The JSON each agent writes to a hook's stdin (docs/agent-hooks.md, "What a hook reads")."""
    base: dict[str, Any] = {
        "session_id": session,
        "transcript_path": str(transcript),
        "cwd": str(repo),
        "hook_event_name": event,
    }
    if agent == "claude-code":
        base["permission_mode"] = "default"
        if event == "SessionStart":
            base["model"] = "claude-sonnet-4-5"
        if event == "PreCompact":
            base["custom_instructions"] = ""
    elif agent == "codex":
        if event != "SessionEnd":  # SessionEndCommandInput: session_id, transcript_path, cwd, hook_event_name, reason
            base.update(model="gpt-5-codex", permission_mode="default")
        if event in ("UserPromptSubmit", "PreCompact"):
            base["turn_id"] = "turn-1"
    else:
        base["timestamp"] = "2026-11-22T09:00:00.000Z"
    if event in ("UserPromptSubmit", "BeforeAgent"):
        base["prompt"] = PROMPT
    if field and value:
        base[field] = value
    return base


@pytest.mark.slow
def test_every_documented_event_runs_the_installed_command(repo: Path) -> None:
    home = Path(os.environ["HOME"])
    memory = home / ".ratchet" / "memory"  # the default store: the agents' environment names none
    Store(MemoryDir(memory)).add([new_fact(FACT, category="project", importance=0.7)], actor="test")
    transcript = repo.parent / "session.txt"
    transcript.write_text(
        "User: We deploy the inventory API from the release branch every Tuesday.\nAssistant: Noted.\n"
    )
    env = subprocess_env(CLAUDE_PROJECT_DIR=str(repo), GEMINI_PROJECT_DIR=str(repo))
    assert "RATCHET_MEMORY_DIR" not in env and shutil.which("memory-retrieve", path=env["PATH"])
    workers = []
    for n, (agent, event, field, value) in enumerate(ROWS):
        handlers = [h for h in selected(agent, settings(repo, agent), event, value) if agents.ours(h)]
        assert len(handlers) == 1, (agent, event, value)
        session = f"{agent}-{event}-{value or 'any'}-{n}"
        payload = _stdin(agent, event, field, value, session, repo, transcript)
        done = subprocess.run(
            handlers[0]["command"],
            shell=True,
            input=json.dumps(payload),
            capture_output=True,
            text=True,
            env=env,
            cwd=repo,
            timeout=60,
        )
        where = f"{agent} {event} {value}: {done.stderr}"
        assert done.returncode == 0, where
        if event not in CONTEXT_EVENTS:
            assert done.stdout == "", where
            workers.append(session)
            continue
        doc = json.loads(done.stdout)  # Codex fails JSON-looking output that does not parse; Gemini wants JSON only
        assert doc["hookSpecificOutput"]["hookEventName"] == event, where
        assert FACT in doc["hookSpecificOutput"]["additionalContext"], where
        cap = agents.AGENTS[agent].context_cap
        assert cap is None or agents.measure(done.stdout, agents.AGENTS[agent].cap_unit) <= cap
    deadline = time.monotonic() + 90
    log = memory / "ratchet.log"
    while time.monotonic() < deadline:
        text = log.read_text() if log.exists() else ""
        if all(f"memory-extract: session {s}:" in text for s in workers):
            break
        time.sleep(0.3)
    text = log.read_text()
    assert [s for s in workers if f"memory-extract: session {s}:" not in text] == []  # every worker stored its session
    assert "failed open" not in text
    assert len(workers) == 21
