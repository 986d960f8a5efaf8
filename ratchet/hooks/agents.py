"""The hooks Ratchet installs into Claude Code, Codex and Gemini CLI, each agent's hook contract, and merging.

Every agent reads the same shape: ``{"hooks": {Event: [{"matcher"?, "hooks": [{"type": "command", "command",
"timeout"}]}]}}``. A handler is ours when its command runs ``memory-retrieve --hook`` or ``memory-extract --hook``
(whatever the path, so an install from another virtualenv is updated, not duplicated). Merging only appends or
replaces our own handlers; everything else in the file stays as it was, in its order.

The contracts are data (:data:`AGENTS`): each agent's events, what its matcher is compared with and how (a regular
expression, an exact string, or nothing), the values its documentation lists, timeout units and ceilings, and the
cap on injected context. Each rule names its source in a comment; ``docs/agent-hooks.md`` cites them all. Ratchet
installs no matcher at all: every source an agent sends, including ones added later (``fork``, ``compact``), runs
the hook, and ``ratchet doctor`` checks any matcher it finds against these rules (:func:`matched`).
"""

from __future__ import annotations

import copy
import os
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ratchet.errors import UsageError

RETRIEVE = "memory-retrieve"
EXTRACT = "memory-extract"
VERBS = (RETRIEVE, EXTRACT)
# Our hook verbs exit 0 on their own; this also covers what happens before they run (an option click rejects, a
# deleted virtualenv), since exit 2 from a UserPromptSubmit hook would block the user's prompt. 'ratchet doctor'
# is where such problems show.
GUARD = " || true"

# How an agent compares a group's "matcher" with the event's value (its source, trigger or reason).
REGEX = "regex"  # absent, "" or "*": every value; only letters, digits, _ and |: an exact list; else a regex search
EXACT = "exact"  # absent, "" or "*": every value; else the trimmed matcher must equal the value
IGNORED = "ignored"  # the event has no matcher: every group runs
UNCHECKED = "unchecked"  # matched against tool names; Ratchet installs nothing there and does not judge it

# Units in which an agent counts the context a hook injects.
UTF16 = "characters"  # JavaScript string length (UTF-16 code units)
UTF8 = "bytes"  # UTF-8 bytes

CLAUDE_DOCS = "https://code.claude.com/docs/en/hooks"
CODEX_SOURCE = "https://github.com/openai/codex/tree/main/codex-rs/hooks"
GEMINI_SOURCE = "https://github.com/google-gemini/gemini-cli/tree/main/packages/core/src/hooks"


@dataclass(frozen=True)
class Event:
    """One hook event of an agent: what its matcher is compared with, how, and the values the agent sends."""

    matching: str = IGNORED  # REGEX | EXACT | IGNORED
    field: str | None = None  # the stdin field carrying the value the matcher is compared with
    values: tuple[str, ...] = ()  # every value the agent's documentation or source lists (empty: an open set)
    max_timeout: int | None = None  # the agent cuts a longer timeout to this (in the agent's unit)


@dataclass(frozen=True)
class HookSpec:
    """One hook Ratchet installs: the agent's event, our command and the timeout in the agent's unit."""

    event: str
    verb: str  # memory-retrieve | memory-extract
    timeout: int  # in the agent's unit (seconds, or milliseconds for Gemini)
    name: str | None = None  # Gemini shows it in /hooks and uses it to enable/disable


@dataclass(frozen=True)
class Agent:
    """Where an agent keeps its hooks, its hook contract, and the hooks Ratchet installs there."""

    key: str  # claude-code | codex | gemini
    label: str
    folder: str  # .claude | .codex | .gemini (in the project root or in HOME)
    filename: str
    fmt: str  # memory-retrieve --format
    hooks: tuple[HookSpec, ...]
    events: Mapping[str, Event] = field(default_factory=dict)  # every event the agent has
    timeout_unit: str = "s"
    context_cap: int | None = None  # the most injected context the agent keeps whole, in cap_unit
    cap_unit: str = UTF16
    docs: str = ""

    def settings_path(self, base: str | os.PathLike[str]) -> str:
        return os.path.join(os.fspath(base), self.folder, self.filename)


def _events(names: str, **rules: Event) -> dict[str, Event]:
    return {name: rules.get(name, Event()) for name in names.split()}


# Timeouts: SessionStart may ask an LLM to pick facts; per-prompt recall never calls an LLM; the extract hooks only
# start a detached worker (about 0.1 s), and Claude Code's SessionEnd budget (1.5 s shared) is raised to 5 s, far
# below its 60 s ceiling. Codex cuts SessionEnd to 3 s.
AGENTS: dict[str, Agent] = {
    "claude-code": Agent(
        key="claude-code",
        label="Claude Code",
        folder=".claude",
        filename="settings.json",
        fmt="claude-hook",
        hooks=(
            HookSpec("SessionStart", RETRIEVE, 30),
            HookSpec("UserPromptSubmit", RETRIEVE, 15),
            HookSpec("PreCompact", EXTRACT, 10),
            HookSpec("SessionEnd", EXTRACT, 5),
        ),
        # code.claude.com/docs/en/hooks, "Hook lifecycle" and each event's section. Matchers: absent, "" or "*"
        # match all; letters, digits, _ and | are exact names; anything else a JavaScript regex (unanchored).
        # SessionStart's "fork" source came with v2.1.214 (--fork-session, /fork, /branch). UserPromptSubmit and
        # Stop take no matcher. SessionEnd hooks share a 1.5 s budget that a longer timeout raises up to 60 s.
        events=_events(
            "SessionStart Setup UserPromptSubmit UserPromptExpansion PreToolUse PermissionRequest PermissionDenied "
            "PostToolUse PostToolUseFailure PostToolBatch Notification SubagentStart SubagentStop Stop StopFailure "
            "TeammateIdle TaskCreated TaskCompleted InstructionsLoaded ConfigChange PreCompact PostCompact "
            "SessionEnd Elicitation ElicitationResult",
            SessionStart=Event(REGEX, "source", ("startup", "resume", "clear", "compact", "fork")),
            PreCompact=Event(REGEX, "trigger", ("manual", "auto")),
            SessionEnd=Event(
                REGEX,
                "reason",
                ("clear", "resume", "logout", "prompt_input_exit", "bypass_permissions_disabled", "other"),
                max_timeout=60,
            ),
            PreToolUse=Event(UNCHECKED, "tool_name"),
            PostToolUse=Event(UNCHECKED, "tool_name"),
        ),
        # code.claude.com/docs/en/hooks: additionalContext (and plain stdout) past 10,000 characters is replaced by
        # a preview and a file path.
        context_cap=10_000,
        cap_unit=UTF16,
        docs=CLAUDE_DOCS,
    ),
    "codex": Agent(
        key="codex",
        label="Codex",
        folder=".codex",
        filename="hooks.json",
        fmt="codex-hook",
        hooks=(
            HookSpec("SessionStart", RETRIEVE, 30),
            HookSpec("UserPromptSubmit", RETRIEVE, 15),
            HookSpec("PreCompact", EXTRACT, 10),
            HookSpec("SessionEnd", EXTRACT, 3),
        ),
        # openai/codex codex-rs/hooks: the twelve events of config/src/hook_config.rs; events/common.rs
        # matches_matcher (absent, "" or "*": all; [A-Za-z0-9_|] only: exact names split on |; else a Rust regex,
        # unanchored; an invalid one never matches); engine/dispatcher.rs ignores the matcher of UserPromptSubmit
        # and Stop; events/session_start.rs SessionStartSource (startup, resume, clear, compact: the compact source
        # is queued after a compaction); events/session_end.rs (SESSION_END_MAX_TIMEOUT_SEC = 3; older builds always
        # send reason "other").
        events=_events(
            "PreToolUse PermissionRequest PostToolUse PreCompact PostCompact SessionStart SessionEnd "
            "UserPromptSubmit SubagentStart SubagentStop Stop Interrupt",
            SessionStart=Event(REGEX, "source", ("startup", "resume", "clear", "compact")),
            PreCompact=Event(REGEX, "trigger", ("manual", "auto")),
            SessionEnd=Event(REGEX, "reason", ("other", "clear", "logout", "prompt_input_exit"), max_timeout=3),
            PreToolUse=Event(UNCHECKED, "tool_name"),
            PostToolUse=Event(UNCHECKED, "tool_name"),
            PermissionRequest=Event(UNCHECKED, "tool_name"),
        ),
        # codex-rs/hooks/src/output_spill.rs: context past DEFAULT_HOOK_OUTPUT_TOKEN_LIMIT = 2,500 tokens, counted
        # by approx_token_count as UTF-8 bytes / 4, is written to a file and replaced by a preview.
        context_cap=2_500 * 4,
        cap_unit=UTF8,
        docs=CODEX_SOURCE,
    ),
    "gemini": Agent(
        key="gemini",
        label="Gemini CLI",
        folder=".gemini",
        filename="settings.json",
        fmt="gemini-hook",
        timeout_unit="ms",
        hooks=(
            HookSpec("SessionStart", RETRIEVE, 30000, name="ratchet-recall"),
            HookSpec("BeforeAgent", RETRIEVE, 15000, name="ratchet-prompt-recall"),
            HookSpec("PreCompress", EXTRACT, 10000, name="ratchet-extract-precompress"),
            HookSpec("SessionEnd", EXTRACT, 5000, name="ratchet-extract"),
        ),
        # google-gemini/gemini-cli packages/core/src/hooks: types.ts HookEventName, SessionStartSource,
        # SessionEndReason, PreCompressTrigger; hookPlanner.ts matchesTrigger is `matcher === trigger` (after
        # trim; absent, "" or "*" match all), matchesToolName a regex; hookEventHandler.ts passes no matcher
        # context for BeforeAgent, so its matcher is ignored. Timeouts in milliseconds (hookRunner.ts).
        events=_events(
            "BeforeTool AfterTool BeforeAgent Notification AfterAgent SessionStart SessionEnd PreCompress "
            "BeforeModel AfterModel BeforeToolSelection",
            SessionStart=Event(EXACT, "source", ("startup", "resume", "clear")),
            SessionEnd=Event(EXACT, "reason", ("exit", "clear", "logout", "prompt_input_exit", "other")),
            PreCompress=Event(EXACT, "trigger", ("manual", "auto")),
            BeforeTool=Event(UNCHECKED, "tool_name"),
            AfterTool=Event(UNCHECKED, "tool_name"),
        ),
        context_cap=None,  # no cap in gemini-cli's hook runner or client (it wraps the text in <hook_context>)
        docs=GEMINI_SOURCE,
    ),
}


def agent(key: str) -> Agent:
    try:
        return AGENTS[key]
    except KeyError:
        raise UsageError(f"Unknown agent '{key}' (choose from {', '.join(AGENTS)})") from None


def command_line(
    executable: list[str], verb: str, fmt: str, memory_dir: str | None = None, config_path: str | None = None
) -> str:
    """The shell command of one hook: the executable, ``--hook``, and the store when it is pinned.

    A user install pins absolute paths (its settings file is this machine's alone); a project install passes
    ``[verb]`` and no store, so the committed file names nothing of this machine (see ``install.hook_commands``).
    """
    args = [*executable, "--hook"]
    if verb == RETRIEVE:
        args += ["--format", fmt]
    if memory_dir:
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
    """A matcher group without a matcher: the agent runs it for every source, trigger or reason it sends."""
    return {"hooks": [handler(spec, command)]}


def agent_for_format(fmt: str) -> Agent | None:
    return next((a for a in AGENTS.values() if a.fmt == fmt), None)


def measure(text: str, unit: str) -> int:
    """The length of ``text`` as an agent counts it (UTF-16 code units, or UTF-8 bytes)."""
    if unit == UTF8:
        return len(text.encode("utf-8"))
    return len(text.encode("utf-16-le")) // 2


def matched(agent_: Agent, event: str, matcher: Any) -> tuple[str, ...] | None:
    """The documented values of ``event`` that ``matcher`` lets through, as ``agent_`` compares them.

    None when the event's values are an open set (tool names) or unknown. Raises ``ValueError`` for a matcher the
    agent cannot use (not a string, or an invalid regular expression, which Claude Code and Codex never match).
    """
    rule = agent_.events.get(event)
    if rule is None or rule.matching == UNCHECKED or (rule.matching != IGNORED and not rule.values):
        return None
    if rule.matching == IGNORED or matcher is None:
        return rule.values
    if not isinstance(matcher, str):
        raise ValueError(f"matcher {matcher!r} is not a string")
    if rule.matching == EXACT:
        text = matcher.strip()
        return rule.values if text in ("", "*") else tuple(v for v in rule.values if v == text)
    if matcher in ("", "*"):
        return rule.values
    if re.fullmatch(r"[A-Za-z0-9_|]+", matcher):
        names = matcher.split("|")
        return tuple(v for v in rule.values if v in names)
    try:
        pattern = re.compile(matcher)
    except re.error as exc:
        raise ValueError(f"matcher {matcher!r} is not a valid regular expression ({exc})") from None
    return tuple(v for v in rule.values if pattern.search(v))


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
    if len(argv) > position and os.path.basename(argv[position]) == "launch.py":
        position += 1  # Python running the package's launcher, the command's name next (ratchet.cli.launch)
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


@dataclass
class Entry:
    """One of our handlers in a settings file, with the event and the matcher of its group."""

    event: str
    matcher: Any
    has_matcher: bool
    handler: dict[str, Any]


def entries(doc: dict[str, Any]) -> list[Entry]:
    """Our handlers in ``doc``, in file order (for ``ratchet doctor``)."""
    found: list[Entry] = []
    table = doc.get("hooks")
    if not isinstance(table, dict):
        return found
    for event, groups in table.items():
        for g in groups if isinstance(groups, list) else []:
            if isinstance(g, dict):
                found.extend(Entry(event, g.get("matcher"), "matcher" in g, h) for h in _handlers(g) if ours(h))
    return found


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
