"""One reader per transcript shape, chosen by :func:`sniff` from the content (never the file name).

- ``claude``: Claude Code session JSONL and ``claude-ai``: a claude.ai / Claude Desktop export, read by
  :mod:`ratchet.extract.claude` (plan handoffs, hook notices and task-notification tails are not the user; what the
  user typed when rejecting a tool call, a typed answer to a question and a message queued mid-turn are).
- ``codex``: Codex rollouts (JSONL, every generation since mid-2025) and ``codex-ts``: the TypeScript Codex CLI's
  ``rollout-*.json``, read by :mod:`ratchet.extract.codex` (Codex's own context in user-role messages, the IDE
  wrapper and sub-agents' rollouts are not the user).
- ``copilot``: GitHub Copilot CLI's ``events.jsonl``, read by :mod:`ratchet.extract.copilot`.
- ``opencode``: an OpenCode session as ``opencode export`` writes it, read by :mod:`ratchet.extract.opencode`.
- ``pi``: a Pi (or Oh My Pi) coding agent session, read by :mod:`ratchet.extract.pi` (the branch it ends on).
- ``cursor``: Cursor's agent transcripts, read by :mod:`ratchet.extract.cursor` (the query, not the context attached).
- ``gemini``, ``gemini-jsonl``, ``gemini-share`` (also checkpoints) and ``gemini-stream`` (``--output-format
  stream-json``): Gemini CLI, read by :mod:`ratchet.extract.gemini` (the session context it sets up, editor state,
  referenced files, shell output, compression summaries and sub-agents' sessions are not the user).
- ``chatgpt``: a ChatGPT data export (``conversations.json``), read by :mod:`ratchet.extract.chatgpt` (the branch
  the user last saw; custom instructions, hidden context, tool calls and thoughts are not the user's words).
- ``open-webui``, ``librechat``, ``lm-studio``: those apps' chat exports, read by :mod:`ratchet.extract.apps` (the
  branch the user last saw; the configured system prompt is not read).
- ``sharegpt``: ``{id, conversations: [{from, value}]}`` (or a list of them).
- ``json``: a plain JSON list of ``{role, content}`` (or ``{"messages": [...]}`` with roles).
- ``aider``: Aider's ``.aider.chat.history.md``, read by :mod:`ratchet.extract.aider`.
- ``text``: plain text or Markdown with ``User:`` / ``Assistant:`` turns, or ``## USER`` / ``## MODEL`` headings
  (Gemini's ``/chat share`` Markdown export, where a ``**Tool Response**:`` under ``## USER`` is tool output).

A JSON or JSONL file of none of these shapes is refused in one line naming its keys.

Each reader records what it dropped and why in ``Transcript.dropped`` (``memory-extract --explain``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ratchet.errors import TranscriptError
from ratchet.extract.transcripts import Transcript, Turn

FORMATS = (
    "aider",
    "chatgpt",
    "claude",
    "claude-ai",
    "codex",
    "codex-ts",
    "copilot",
    "cursor",
    "gemini",
    "gemini-jsonl",
    "gemini-share",
    "gemini-stream",
    "sharegpt",
    "json",
    "open-webui",
    "librechat",
    "lm-studio",
    "opencode",
    "pi",
    "text",
)

# What marks a line of a Claude Code session (also one holding no message yet: a title, a snapshot).
_CLAUDE_KEYS = frozenset({"uuid", "message", "sessionId", "leafUuid", "messageId"})
_CLAUDE_TYPES = frozenset({"summary", "file-history-snapshot", "queue-operation", "system", "user", "assistant"})
_SHAREGPT_ROLES = {
    **dict.fromkeys(("human", "user"), "user"),
    **dict.fromkeys(("gpt", "chatgpt", "assistant", "bard", "bing", "model", "claude"), "assistant"),
    **dict.fromkeys(("system",), "system"),
    **dict.fromkeys(("tool", "function", "observation", "function_response"), "tool"),
    "function_call": "assistant",  # the assistant's call of a tool (tool-use datasets)
}


def read(fmt: str, text: str, path: Path) -> Transcript:
    """The transcript ``text`` of shape ``fmt`` (from :func:`sniff`), before cleaning."""
    from ratchet.extract import apps, chatgpt, claude, codex, copilot, cursor, gemini, opencode, pi

    if fmt in ("claude", "codex", "copilot", "cursor", "gemini-jsonl", "gemini-stream", "pi"):
        records = _jsonl(text, path)
        line_readers = {
            "claude": claude.read_jsonl,
            "copilot": copilot.read_jsonl,
            "cursor": cursor.read_jsonl,
            "pi": pi.read_jsonl,
            "codex": codex.read_jsonl,
            "gemini-jsonl": gemini.read_jsonl,
            "gemini-stream": gemini.read_stream,
        }
        return line_readers[fmt](records, path)
    if fmt == "text":
        from ratchet.extract import markdown

        return markdown.read(text, path)
    if fmt == "aider":
        from ratchet.extract import aider

        return aider.read(text, path)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TranscriptError(f"{path}:{exc.lineno}: invalid JSON ({exc.msg})") from None
    readers = {
        "open-webui": apps.read_open_webui,
        "librechat": apps.read_librechat,
        "lm-studio": apps.read_lm_studio,
        "chatgpt": chatgpt.read_export,
        "claude-ai": claude.read_export,
        "codex-ts": codex.read_json,
        "gemini": gemini.read_json,
        "gemini-share": gemini.read_share,
        "opencode": opencode.read_export,
        "sharegpt": _sharegpt,
    }
    return readers.get(fmt, _plain_json)(doc, path)


def sniff(text: str, path: str | Path = "<transcript>") -> str:
    """The format of ``text``: one of :data:`FORMATS`, or ``empty`` (``path`` names the file in errors)."""
    stripped = text.strip()
    if not stripped:
        return "empty"
    if stripped[0] not in "[{":
        return "aider" if stripped.startswith("# aider chat started at") else "text"
    try:
        doc = json.loads(stripped)
    except json.JSONDecodeError:
        doc = None
    if doc is not None:
        return _sniff_document(doc, path)
    first = stripped.splitlines()[0]
    try:
        head = json.loads(first)
    except json.JSONDecodeError:
        head = next(iter(_concatenated(first)), None)
    if isinstance(head, dict):
        if isinstance(head.get("sessionId"), str) and isinstance(head.get("projectHash"), str):
            return "gemini-jsonl"
        if "id" in head and "instructions" in head and "type" not in head:
            return "codex"  # a rollout of mid-2025: its header line, then the response items bare
        for line in stripped.splitlines()[:50]:
            try:
                obj = json.loads(line)
            except json.JSONDecodeError:
                obj = next(iter(_concatenated(line)), None)  # two records on one line: the first tells
            if isinstance(obj, dict) and ("payload" in obj and "type" in obj or "record_type" in obj):
                return "codex"
            if isinstance(obj, dict) and obj.get("type") == "init" and "session_id" in obj and "model" in obj:
                return "gemini-stream"  # gemini --output-format stream-json
            if isinstance(obj, dict) and isinstance(obj.get("data"), dict) and _copilot_event(obj):
                return "copilot"  # GitHub Copilot CLI's events.jsonl
            if isinstance(obj, dict) and _pi_entry(obj):
                return "pi"  # before Claude Code's: its entries hold a "message" too, but no uuid
            if isinstance(obj, dict) and _cursor_line(obj):
                return "cursor"
            if isinstance(obj, dict) and (_CLAUDE_KEYS.intersection(obj) or _claude_type(obj)):
                return "claude"
        keys = ", ".join(json.dumps(str(k))[:40] for k in list(head)[:5])
        raise TranscriptError(f"{path}:1: JSON lines of no known transcript shape (keys: {keys or 'none'})")
    from ratchet.extract.markdown import SPEAKER

    if not SPEAKER.match(first):
        raise TranscriptError(f"{path}:1: looks like JSON but does not parse: {first[:60]!r}")
    return "text"


def _sniff_document(doc: Any, path: str | Path) -> str:
    """The format of a file that is one JSON document."""
    if isinstance(doc, dict):
        if isinstance(doc.get("conversations"), list):
            return "sharegpt"
        if isinstance(doc.get("chat_messages"), list):
            return "claude-ai"  # one conversation of a claude.ai export
        if isinstance(doc.get("mapping"), dict):
            return "chatgpt"  # one conversation of a ChatGPT export
        if isinstance(doc.get("messages"), list) and isinstance(doc.get("info"), dict) and "directory" in doc["info"]:
            return "opencode"  # opencode export (also one with no message yet)
        if isinstance(doc.get("messages"), list):
            return _messages_shape(doc, path)
        if isinstance(doc.get("chat"), dict):
            return "open-webui"  # one chat of an Open WebUI export
        if _pi_entry(doc):
            return "pi"  # a file of one line so far
        if _cursor_line(doc):
            return "cursor"
        if doc.get("type") in ("user", "assistant", "summary", "system"):
            return "claude"  # a one-line Claude transcript
        if "payload" in doc:
            return "codex"
        if isinstance(doc.get("session"), dict) and isinstance(doc.get("items"), list):
            return "codex-ts"  # the TypeScript Codex CLI's rollout-*.json (April-May 2025)
        if _is_history(doc.get("history")) or _is_history(doc.get("clientHistory")):
            return "gemini-share"  # a Gemini checkpoint: {history, authType}, or /restore's {clientHistory, ...}
        if isinstance(doc.get("sessionId"), str) and isinstance(doc.get("projectHash"), str):
            return "gemini-jsonl"  # a Gemini JSONL session holding only its metadata line so far
        keys = ", ".join(json.dumps(str(k))[:40] for k in list(doc)[:5])
        raise TranscriptError(f"{path}:1: a JSON object of no known transcript shape (keys: {keys or 'none'})")
    if isinstance(doc, list):
        items = [m for m in doc if isinstance(m, dict)]
        if items and len(items) == len(doc):
            if all("type" in m and "message" in m for m in items):
                return "gemini"
            if all(isinstance(m.get("conversations"), list) for m in items):
                return "sharegpt"
            if all(isinstance(m.get("chat_messages"), list) for m in items):
                return "claude-ai"  # conversations.json of a claude.ai / Claude Desktop export
            if all(isinstance(m.get("mapping"), dict) for m in items):
                return "chatgpt"  # conversations.json of a ChatGPT data export
            if _is_history(items):
                return "gemini-share"
            if all(isinstance(m.get("chat"), dict) for m in items):
                return "open-webui"  # Open WebUI's "Export chat"
            if not any("role" in m or "content" in m for m in items):
                keys = ", ".join(json.dumps(str(k))[:40] for k in list(items[0])[:5])
                raise TranscriptError(
                    f"{path}:1: a JSON list of no known transcript shape (item keys: {keys or 'none'})"
                )
        return "json"
    raise TranscriptError(f"{path}:1: a JSON {type(doc).__name__}, not a transcript")


_GEMINI_TYPES = frozenset({"user", "gemini", "model", "assistant", "info", "error", "warning"})


def _messages_shape(doc: dict[str, Any], path: str | Path) -> str:
    """The format of ``{"messages": [...]}``: by what its messages hold."""
    messages = [m for m in doc["messages"] if isinstance(m, dict)]
    if messages and len(messages) == len(doc["messages"]):
        if all("role" in m for m in messages):
            return "json"
        if "conversationId" in doc or any("isCreatedByUser" in m for m in messages):
            return "librechat"
        if all(isinstance(m.get("versions"), list) for m in messages):
            return "lm-studio"
        if all(text_or_none(m.get("type")) in _GEMINI_TYPES for m in messages):
            return "gemini"
        if all(isinstance(m.get("info"), dict) and isinstance(m.get("parts"), list) for m in messages):
            return "opencode"  # opencode export
    if not messages and not doc["messages"]:
        return "gemini"  # a legacy Gemini session with nothing said yet
    keys = ", ".join(json.dumps(str(k))[:40] for k in list(messages[0] if messages else {})[:5])
    raise TranscriptError(f"{path}:1: 'messages' of no known transcript shape (message keys: {keys or 'none'})")


def _pi_entry(obj: dict[str, Any]) -> bool:
    """A Pi session's header, or one of its message entries (an ``id``, no Claude Code ``uuid``)."""
    from ratchet.extract.pi import ROLES

    if "uuid" in obj or "sessionId" in obj:
        return False
    if obj.get("type") == "session":
        return "cwd" in obj and "version" in obj
    message = obj.get("message")
    return obj.get("type") == "message" and isinstance(message, dict) and message.get("role") in ROLES


def _cursor_line(obj: dict[str, Any]) -> bool:
    """A line of a Cursor agent transcript: a role and a message, nothing else."""
    return set(obj) == {"role", "message"} and obj["role"] in ("user", "assistant") and isinstance(obj["message"], dict)


def _copilot_event(obj: dict[str, Any]) -> bool:
    from ratchet.extract.copilot import EVENTS

    return text_or_none(obj.get("type")) in EVENTS


def _claude_type(obj: dict[str, Any]) -> bool:
    return text_or_none(obj.get("type")) in _CLAUDE_TYPES


def _is_history(value: Any) -> bool:
    """A Gemini history: a non-empty list of ``{role, parts}`` contents."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(m, dict) and "parts" in m and "role" in m for m in value)
    )


def _jsonl(text: str, path: Path) -> list[tuple[int, dict[str, Any]]]:
    out: list[tuple[int, dict[str, Any]]] = []
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            objects = [json.loads(line)]
        except json.JSONDecodeError as exc:
            if number == len(lines) and not text.endswith("\n"):
                break  # the agent is still writing this line: read it next time
            objects = _concatenated(line) if exc.msg == "Extra data" else []
            if not objects:
                raise TranscriptError(f"{path}:{number}: invalid JSON ({exc.msg})") from None
        for obj in objects:
            if not isinstance(obj, dict):
                raise TranscriptError(f"{path}:{number}: expected a JSON object, got {type(obj).__name__}")
            out.append((number, obj))
    return out


def _concatenated(line: str) -> list[Any]:
    """Objects written one after another without a newline between them (a writer that lost its newline, seen in
    real Claude Code sessions); empty when the line is not that."""
    decoder = json.JSONDecoder()
    objects, at = [], 0
    while at < len(line):
        try:
            obj, at = decoder.raw_decode(line, at)
        except json.JSONDecodeError:
            return []
        objects.append(obj)
        while at < len(line) and line[at].isspace():
            at += 1
    return objects


def block_text(content: Any) -> str:
    """Text of a string or a list of ``{type: text|input_text|output_text, text}`` blocks (or ``{text}`` parts)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for block in content:
            if isinstance(block, str):
                parts.append(block)
            elif (
                isinstance(block, dict)
                and block.get("type") in (None, "text", "input_text", "output_text")
                and isinstance(block.get("text"), str)
            ):
                parts.append(block["text"])
        return "\n".join(p for p in parts if p)
    if isinstance(content, dict) and isinstance(content.get("text"), str):
        return str(content["text"])
    return ""


def text_or_none(value: Any) -> str | None:
    """``value`` when it is a string (fields of untrusted records), else None."""
    return value if isinstance(value, str) else None


def as_dict(value: Any) -> dict[str, Any]:
    """``value`` when it is a JSON object, else an empty one (fields of untrusted records)."""
    return value if isinstance(value, dict) else {}


def as_list(value: Any) -> list[Any]:
    """``value`` when it is a JSON array, else an empty one."""
    return value if isinstance(value, list) else []


def branch(by_id: dict[str, dict[str, Any]], leaf: str | None, parent_key: str) -> list[dict[str, Any]]:
    """The records from the root down to ``leaf`` by their ``parent_key`` links, oldest first: the branch a
    conversation tree shows (edits and regenerations hang off other branches). A cycle in a damaged file ends it."""
    out, seen = [], set()
    while leaf in by_id and leaf not in seen:
        seen.add(leaf)
        out.append(by_id[leaf])
        leaf = text_or_none(by_id[leaf].get(parent_key))
    return out[::-1]


def _sharegpt(doc: Any, path: Path) -> Transcript:
    t = Transcript(path=path, format="sharegpt")
    conversations = doc if isinstance(doc, list) else [doc]
    index = 0
    for conversation in conversations:
        t.session_id = t.session_id or text_or_none(conversation.get("id"))
        for message in conversation.get("conversations") or []:
            index += 1
            t.last_line = index
            if not isinstance(message, dict):
                raise TranscriptError(f"{path}:1: message {index} is not an object")
            who = str(message.get("from") or message.get("role") or "").lower()
            if who not in _SHAREGPT_ROLES:
                raise TranscriptError(f"{path}:1: message {index} is from unknown speaker '{who}'")
            role = _SHAREGPT_ROLES[who]
            text = block_text(message.get("value", message.get("content")))
            trusted = role != "tool"
            t.turns.append(Turn(role, text, trusted, f"msg:{index}", index, "" if trusted else "tool_result"))
    return t


def _plain_json(doc: Any, path: Path) -> Transcript:
    t = Transcript(path=path, format="json")
    messages = doc.get("messages") if isinstance(doc, dict) else doc
    if not isinstance(messages, list):
        raise TranscriptError(f"{path}:1: expected a list of {{role, content}} messages")
    for index, message in enumerate(messages, 1):
        if not isinstance(message, dict) or not isinstance(message.get("role"), str):
            raise TranscriptError(f"{path}:1: message {index} has no 'role'")
        role = message["role"].lower()
        text = block_text(message.get("content"))
        t.last_line = index
        uid = str(message.get("id") or f"msg:{index}")
        if role in ("user", "human"):
            t.turns.append(Turn("user", text, True, uid, index))
        elif role in ("assistant", "ai", "model"):
            t.turns.append(Turn("assistant", text, True, uid, index))
        elif role in ("tool", "function"):
            t.turns.append(Turn("tool", text, False, uid, index, "tool_result"))
        elif role in ("system", "developer"):
            t.turns.append(Turn("system", text, True, uid, index))
        else:
            raise TranscriptError(f"{path}:1: message {index} has unknown role '{role}'")
    return t
