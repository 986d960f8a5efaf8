"""Codex transcripts (see :mod:`ratchet.extract.readers` for how a shape is chosen).

- Rollout JSONL of Codex CLI and Codex Desktop (``rollout-*.jsonl``): ``session_meta``, then ``response_item``,
  ``event_msg``, ``turn_context`` and ``compacted`` lines. User text comes from ``response_item`` messages when the
  file has any, else from the ``event_msg`` ``user_message`` mirrors (Codex Desktop writes only those), never from
  both; the same for assistant text. ``session_meta`` gives the session, the working directory and the repository.
- The rollouts of mid-2025, before ``session_meta``: a first line ``{id, timestamp, instructions}`` (later with
  ``git``), then the response items bare (``{"type": "message", ...}``) and ``{"record_type": "state"}`` lines.
- The TypeScript Codex CLI's ``rollout-*.json`` (April-May 2025): ``{"session": {...}, "items": [...]}``.

Not the user's words, whatever the role says. Codex writes its own context into user-role messages, one content
item each (codex-rs ``core/src/context/``: every ``ContextualUserFragment`` of role ``user``): the AGENTS.md
injection, ``<environment_context>``, ``<external_*>`` additional context, ``<skill>``, ``<user_shell_command>``,
``<turn_aborted>``, ``<subagent_notification>`` (a sub-agent's final answer), ``<codex_internal_context>``,
``<goal_context>``, ``<extension_context>``, ``<WORKSPACE_SNAPSHOT>``, ``<context_changes>``, a hook's
``<hook_prompt>`` and the legacy warnings; each such item is dropped and the rest of the message kept. The IDE and
Desktop wrappers (``# Context from my IDE setup:``, ``# Files mentioned by the user:``) put the editor's state
before ``## My request for Codex:`` (codex-rs ``protocol`` ``USER_MESSAGE_BEGIN``): only what follows it is the
user's. In a sub-agent's rollout (``session_meta.source`` ``{"subagent": ...}``) the "user" is the parent agent.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ratchet.extract.readers import as_dict, as_list, block_text, text_or_none
from ratchet.extract.transcripts import Transcript, Turn

# A whole content item that is Codex's context, by its opening (the item is trimmed first), and the reason noted.
_CONTEXT = [
    (
        re.compile(r"#\s*AGENTS\.md instructions for\b|<user_instructions>|<INSTRUCTIONS>", re.I),
        "injected instructions (AGENTS.md)",
    ),
    (
        re.compile(r"<environment_context>|<external_[a-z0-9_]*>|<context_changes>|<WORKSPACE_SNAPSHOT>"),
        "harness (environment context)",
    ),
    (re.compile(r"<user_shell_command>|<turn_aborted>"), "harness (a shell command or an abort notice)"),
    (re.compile(r"<subagent_notification>"), "harness (a sub-agent's report)"),
    (re.compile(r"<codex_internal_context\b|<goal_context>|<extension_context>"), "harness (internal steering)"),
    (re.compile(r"<hook_prompt\b"), "harness (a hook's prompt)"),
    (
        re.compile(
            r"Warning: (?:The maximum number of unified exec|Your account was flagged|apply_patch was requested)"
        ),
        "harness (a warning)",
    ),
]
# Skill instructions, an item of their own or inside a message the user also wrote into: removed, the rest kept.
_SKILL = re.compile(r"<(?P<tag>skill|skills_instructions|INSTRUCTIONS)\b[^>]*>.*?(?:</(?P=tag)>|\Z)", re.S | re.I)
_REQUEST = "## My request for Codex:"
_WRAPPER = re.compile(r"\A\s*#\s*(?:Context from my IDE setup|Files mentioned by the user):")
_ITEM_TYPES = {
    "message",
    "function_call",
    "function_call_output",
    "custom_tool_call",
    "custom_tool_call_output",
    "local_shell_call",
    "local_shell_call_output",
    "reasoning",
    "web_search_call",
}


def read_jsonl(records: list[tuple[int, dict[str, Any]]], path: Path) -> Transcript:
    """A rollout: the current ``{type, payload}`` lines, or the bare items of mid-2025."""
    return _read([(n, _current(o, first=(n == records[0][0]))) for n, o in records] if records else [], path)


def read_json(doc: dict[str, Any], path: Path) -> Transcript:
    """The TypeScript CLI's ``{"session": {...}, "items": [...]}``."""
    records = [(0, {"type": "session_meta", "payload": as_dict(doc.get("session"))})]
    found = doc.get("items")
    items = as_list(found)
    records += [(i, {"type": "response_item", "payload": item}) for i, item in enumerate(items, 1)]
    return _read(records, path)


def _current(obj: dict[str, Any], *, first: bool) -> dict[str, Any]:
    """A line of any rollout generation in the current ``{type, payload}`` form."""
    if "payload" in obj or "record_type" in obj:
        return obj
    if text_or_none(obj.get("type")) in _ITEM_TYPES:
        return {"type": "response_item", "payload": obj, "timestamp": obj.get("timestamp")}
    if first and "id" in obj and "type" not in obj:  # the mid-2025 header: {id, timestamp, instructions, git}
        return {"type": "session_meta", "payload": obj, "timestamp": obj.get("timestamp")}
    return obj


def _read(records: list[tuple[int, dict[str, Any]]], path: Path) -> Transcript:
    t = Transcript(path=path, format="codex")
    items = [as_dict(o.get("payload")) for _, o in records if o.get("type") == "response_item"]
    has = {
        role: any(p.get("type") == "message" and p.get("role") == role for p in items) for role in ("user", "assistant")
    }
    subagent = False
    for number, obj in records:
        t.last_line = max(t.last_line, number)
        kind = obj.get("type")
        payload = as_dict(obj.get("payload"))
        stamp = text_or_none(obj.get("timestamp"))
        uid = f"line:{number}"
        if kind == "session_meta":
            t.session_id = t.session_id or text_or_none(payload.get("id"))
            t.cwd = t.cwd or text_or_none(payload.get("cwd"))
            t.repository = t.repository or text_or_none(as_dict(payload.get("git")).get("repository_url"))
            source = payload.get("source")
            subagent = subagent or "subagent" in as_dict(source) or payload.get("thread_source") == "subagent"
        elif kind == "turn_context":
            t.cwd = t.cwd or text_or_none(payload.get("cwd"))
        elif kind == "response_item":
            ptype = payload.get("type")
            if ptype == "message":
                role = payload.get("role")
                if role == "user" and subagent:
                    t.drop(number, "subagent (its user is the main agent)")
                elif role == "user":
                    _user(t, payload.get("content"), uid, number, stamp)
                elif role == "assistant":
                    t.turns.append(
                        Turn("assistant", block_text(payload.get("content")), True, uid, number, timestamp=stamp)
                    )
                else:
                    t.drop(number, f"{role} message (the harness's instructions)")
            elif ptype in ("function_call_output", "custom_tool_call_output", "local_shell_call_output"):
                output = payload.get("output")
                if isinstance(output, dict):
                    output = output.get("content") or json.dumps(output)
                t.turns.append(Turn("tool", block_text(output), False, uid, number, "tool_result", stamp))
        elif kind == "event_msg":
            ptype = payload.get("type")
            message = payload.get("message")
            if not isinstance(message, str):
                continue
            if ptype == "user_message":
                if has["user"]:
                    t.drop(number, "mirror of a response item")
                elif subagent:
                    t.drop(number, "subagent (its user is the main agent)")
                else:
                    _user(t, message, uid, number, stamp)
            elif ptype == "agent_message" and not has["assistant"]:
                t.turns.append(Turn("assistant", message, True, uid, number, timestamp=stamp))
        elif kind == "compacted":
            t.turns.append(Turn("summary", str(payload.get("message") or ""), True, uid, number, timestamp=stamp))
    return t


def _user(t: Transcript, content: Any, uid: str, number: int, stamp: str | None) -> None:
    """A user-role message: its content items less Codex's own, the IDE wrapper less the editor's state."""
    items = [content] if isinstance(content, str) else as_list(content)
    said = []
    for item in items:
        text = block_text([item]) if not isinstance(item, str) else item
        why = next((why for pattern, why in _CONTEXT if pattern.match(text.strip())), None)
        if why is not None:
            t.drop(number, why)
        elif text:
            said.append(text)
    if not said:
        return
    text = "\n".join(said)
    if _SKILL.search(text):
        text = _SKILL.sub("", text)
        t.drop(number, "injected instructions (skill)")
    if _WRAPPER.match(text):
        cut = text.find(_REQUEST)
        text = text[cut + len(_REQUEST) :].strip() if cut >= 0 else ""
        t.drop(number, "harness (editor state or attached files before the request)")
    if text.strip():
        t.turns.append(Turn("user", text, True, uid, number, timestamp=stamp))
