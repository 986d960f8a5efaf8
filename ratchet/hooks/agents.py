"""The hooks Ratchet installs into Claude Code, Codex and Gemini CLI, and how they are merged into settings files.

Every agent reads the same shape: ``{"hooks": {Event: [{"matcher"?, "hooks": [{"type": "command", "command",
"timeout"}]}]}}``. A handler is ours when its command runs ``memory-retrieve --hook`` or ``memory-extract --hook``
(whatever the path, so an install from another virtualenv is updated, not duplicated). Merging only appends or
replaces our own handlers; everything else in the file stays as it was, in its order.
"""

from __future__ import annotations

import copy
import os
import shlex
from dataclasses import dataclass
from typing import Any

from ratchet.errors import UsageError

RETRIEVE = "memory-retrieve"
EXTRACT = "memory-extract"
VERBS = (RETRIEVE, EXTRACT)
# Our hook verbs exit 0 on their own; this also covers what happens before they run (an option click rejects, a
# deleted virtualenv), since exit 2 from a UserPromptSubmit hook would block the user's prompt. 'ratchet doctor'
# is where such problems show.
GUARD = " || true"


@dataclass(frozen=True)
class HookSpec:
    """One hook Ratchet installs: the agent's event, its matcher, our command and the agent's timeout unit."""

    event: str
    verb: str  # memory-retrieve | memory-extract
    timeout: int  # in the agent's unit (seconds, or milliseconds for Gemini)
    matcher: str | None = None
    name: str | None = None  # Gemini shows it in /hooks and uses it to enable/disable


@dataclass(frozen=True)
class Agent:
    """Where an agent keeps its hooks and which ones Ratchet installs there."""

    key: str  # claude-code | codex | gemini
    label: str
    folder: str  # .claude | .codex | .gemini (in the project root or in HOME)
    filename: str
    fmt: str  # memory-retrieve --format
    hooks: tuple[HookSpec, ...]
    timeout_unit: str = "s"

    def settings_path(self, base: str | os.PathLike[str]) -> str:
        return os.path.join(os.fspath(base), self.folder, self.filename)


# Timeouts: SessionStart may ask an LLM to pick facts; per-prompt recall never calls an LLM; the extract hooks only
# start a detached worker (about 0.1 s), and Claude Code's SessionEnd budget (1.5 s shared) is raised to 5 s, far
# below its 60 s ceiling. Codex caps SessionEnd at 3 s.
AGENTS: dict[str, Agent] = {
    "claude-code": Agent(
        key="claude-code",
        label="Claude Code",
        folder=".claude",
        filename="settings.json",
        fmt="claude-hook",
        hooks=(
            HookSpec("SessionStart", RETRIEVE, 30, matcher="startup|resume|clear|compact"),
            HookSpec("UserPromptSubmit", RETRIEVE, 15),
            HookSpec("PreCompact", EXTRACT, 10),
            HookSpec("SessionEnd", EXTRACT, 5),
        ),
    ),
    "codex": Agent(
        key="codex",
        label="Codex",
        folder=".codex",
        filename="hooks.json",
        fmt="codex-hook",
        hooks=(
            HookSpec("SessionStart", RETRIEVE, 30, matcher="startup|resume|clear"),
            HookSpec("UserPromptSubmit", RETRIEVE, 15),
            HookSpec("PreCompact", EXTRACT, 10),
            HookSpec("SessionEnd", EXTRACT, 3),
        ),
    ),
    "gemini": Agent(
        key="gemini",
        label="Gemini CLI",
        folder=".gemini",
        filename="settings.json",
        fmt="gemini-hook",
        timeout_unit="ms",
        hooks=(
            HookSpec("SessionStart", RETRIEVE, 30000, matcher="startup|resume|clear", name="ratchet-recall"),
            HookSpec("BeforeAgent", RETRIEVE, 15000, name="ratchet-prompt-recall"),
            HookSpec("PreCompress", EXTRACT, 10000, name="ratchet-extract-precompress"),
            HookSpec("SessionEnd", EXTRACT, 5000, name="ratchet-extract"),
        ),
    ),
}


def agent(key: str) -> Agent:
    try:
        return AGENTS[key]
    except KeyError:
        raise UsageError(f"Unknown agent '{key}' (choose from {', '.join(AGENTS)})") from None


def command_line(executable: list[str], verb: str, fmt: str, memory_dir: str, config_path: str | None) -> str:
    """The shell command of one hook: absolute executable, ``--hook``, and the store it must use."""
    args = [*executable, "--hook"]
    if verb == RETRIEVE:
        args += ["--format", fmt]
    args += ["--memory-dir", memory_dir]
    if config_path:
        args += ["--config", config_path]
    return " ".join(shlex.quote(a) for a in args) + GUARD


def handler(spec: HookSpec, command: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if spec.name:
        out["name"] = spec.name
    out.update({"type": "command", "command": command, "timeout": spec.timeout})
    return out


def group(spec: HookSpec, command: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if spec.matcher:
        out["matcher"] = spec.matcher
    out["hooks"] = [handler(spec, command)]
    return out


def parse_command(command: Any) -> tuple[str, list[str]] | None:
    """``(verb, argv)`` when ``command`` runs one of our hook verbs, else None."""
    if not isinstance(command, str):
        return None
    try:
        argv = shlex.split(command)
    except ValueError:
        return None
    if "--hook" not in argv:
        return None
    position = 1 if argv and os.path.basename(argv[0]).startswith("python") else 0  # Python running a bin/ shim
    name = os.path.basename(argv[position]) if len(argv) > position else ""
    return (name, argv[position:]) if name in VERBS else None


def ours(entry: Any) -> str | None:
    """The verb of one of our handlers, or None for anything else."""
    if not isinstance(entry, dict):
        return None
    parsed = parse_command(entry.get("command"))
    return parsed[0] if parsed else None


def _hooks_table(doc: dict[str, Any], path: str) -> dict[str, Any]:
    table = doc.get("hooks")
    if table is None:
        return {}
    if not isinstance(table, dict):
        raise UsageError(f"{path}: 'hooks' is not a JSON object; fix it by hand first")
    return table


@dataclass
class Change:
    event: str
    action: str  # added | updated | unchanged | removed
    command: str = ""


def merge(
    doc: dict[str, Any], agent_: Agent, commands: dict[str, str], path: str = "settings"
) -> tuple[dict[str, Any], list[Change]]:
    """``doc`` with our hooks present exactly once each (returns a new document and what changed)."""
    out = copy.deepcopy(doc)
    table = _hooks_table(out, path)
    changes: list[Change] = []
    wanted_pairs = {(spec.event, spec.verb) for spec in agent_.hooks}
    for event in list(table):  # ours where this version installs nothing (an older layout, a hand edit)
        groups = table[event]
        if not isinstance(groups, list):
            continue
        for verb in VERBS:
            if (event, verb) not in wanted_pairs and _without(groups, verb) != groups:
                groups = _without(groups, verb)
                changes.append(Change(event, "removed"))
        if groups != table[event]:
            if groups:
                table[event] = groups
            else:
                del table[event]
    for spec in agent_.hooks:
        wanted = group(spec, commands[spec.verb])
        groups = table.get(spec.event, [])
        if not isinstance(groups, list):
            raise UsageError(f"{path}: hooks.{spec.event} is not a list; fix it by hand first")
        mine = [g for g in groups if isinstance(g, dict) and any(ours(h) == spec.verb for h in _handlers(g))]
        if mine == [wanted]:
            changes.append(Change(spec.event, "unchanged", commands[spec.verb]))
            continue
        kept = _without(groups, spec.verb)
        table[spec.event] = [*kept, wanted]
        changes.append(Change(spec.event, "updated" if mine else "added", commands[spec.verb]))
    if table:
        out["hooks"] = table
    return out, changes


def unmerge(doc: dict[str, Any], path: str = "settings") -> tuple[dict[str, Any], list[Change]]:
    """``doc`` without any of our handlers (nothing else is touched)."""
    out = copy.deepcopy(doc)
    table = _hooks_table(out, path)
    changes: list[Change] = []
    for event in list(table):
        groups = table[event]
        if not isinstance(groups, list):
            continue
        removed = [h.get("command", "") for g in groups if isinstance(g, dict) for h in _handlers(g) if ours(h)]
        if not removed:
            continue
        changes.extend(Change(event, "removed", cmd) for cmd in removed)
        kept = _without(groups, None)
        if kept:
            table[event] = kept
        else:
            del table[event]
    if changes and not table:
        out.pop("hooks", None)
    return out, changes


def _handlers(group_: dict[str, Any]) -> list[Any]:
    handlers = group_.get("hooks")
    return handlers if isinstance(handlers, list) else []


def _without(groups: list[Any], verb: str | None) -> list[Any]:
    """``groups`` minus our handlers (of ``verb``, or all of ours); groups left empty by that are dropped."""
    kept = []
    for g in groups:
        if not isinstance(g, dict):
            kept.append(g)
            continue
        handlers = _handlers(g)
        remaining = [h for h in handlers if not (ours(h) and (verb is None or ours(h) == verb))]
        if len(remaining) == len(handlers):
            kept.append(g)
        elif remaining:
            kept.append({**g, "hooks": remaining})
    return kept


def installed(doc: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Our handlers in ``doc`` by event (for ``ratchet doctor``)."""
    found: dict[str, list[dict[str, Any]]] = {}
    table = doc.get("hooks")
    if not isinstance(table, dict):
        return found
    for event, groups in table.items():
        for g in groups if isinstance(groups, list) else []:
            if isinstance(g, dict):
                found.setdefault(event, []).extend(h for h in _handlers(g) if ours(h))
    return {event: handlers for event, handlers in found.items() if handlers}
