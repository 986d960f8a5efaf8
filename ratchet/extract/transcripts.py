"""Agent transcripts: read every supported format into one list of :class:`Turn`.

Formats, chosen by sniffing the content (never the file name):

- ``claude``: Claude Code JSONL (string or block content; assistant replies split across lines sharing one
  ``message.id`` are merged; tool results are untrusted; thinking, sidechains and meta lines are skipped;
  compaction summaries are kept as ``summary`` turns, which are context, never a source of user facts).
- ``codex``: Codex rollout JSONL (``response_item`` messages; the ``event_msg`` mirrors are used only when a file
  has no response items; function call outputs are untrusted).
- ``gemini``: Gemini CLI chat records (``{"messages": [{type, content}]}``) and the older ``logs.json`` list.
- ``json``: a plain JSON list of ``{role, content}`` (or ``{"messages": [...]}`` with roles).
- ``text``: plain text or markdown with ``User:`` / ``Assistant:`` turns.

Every turn's text is cleaned before anyone sees it: Ratchet's own recalled context (between
``<ratchet-context>`` and ``</ratchet-context>``) and ``<private>...</private>`` are removed, and
``[UNTRUSTED DATA]`` ... ``[/UNTRUSTED DATA]`` spans become separate untrusted turns. Blocks the agent harness
inserts into user messages (``<system-reminder>``, ``<command-name>``, ``<local-command-stdout>``, hook output such
as ``<user-prompt-submit-hook>``) are removed: they are not the user's words. An unreadable file
raises :class:`TranscriptError` naming the file and line.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ratchet.errors import TranscriptError

FORMATS = ("claude", "codex", "gemini", "json", "text")

RECALL_OPEN = "<ratchet-context>"
RECALL_CLOSE = "</ratchet-context>"
UNTRUSTED_OPEN = "[UNTRUSTED DATA]"
UNTRUSTED_CLOSE = "[/UNTRUSTED DATA]"

# An unterminated opening marker hides everything after it: failing safe beats leaking private text.
_RECALLED = re.compile(r"<ratchet-context\b[^>]*>.*?(?:</ratchet-context>|\Z)", re.S | re.I)
_PRIVATE = re.compile(r"<private>.*?(?:</private>|\Z)", re.S | re.I)
# Blocks the agent harness (Claude Code and its hooks, IDE integrations) inserts into user messages: reminders,
# slash-command echoes and their output, `!` shell mode, hook output, IDE selections. None of it is the person
# speaking, so it is removed before anyone reads the turn. An unterminated block hides the rest (fail safe).
_HARNESS = re.compile(
    r"<(?P<tag>system-reminder|command-(?:name|message|args|contents)|local-command-(?:stdout|stderr|caveat)|"
    r"bash-(?:input|stdout|stderr)|[a-z]+(?:-[a-z]+)*-hook|ide_[a-z_]+|task-notification)\b[^>]*>"
    r".*?(?:</(?P=tag)>|\Z)",
    re.S,
)
_INTERRUPTED = re.compile(r"^\s*\[Request interrupted by user[^\]]*\]\s*$", re.M)
_CODEX_CONTEXT = re.compile(r"^\s*<(environment_context|user_instructions|user_shell_command)>", re.S)
_SPEAKER = re.compile(
    r"^\s{0,3}(?:#{1,6}\s*|>\s*)?(?:\*\*|__)?(?P<who>user|human|me|you|assistant|ai|claude|codex|gemini|model|bot|"
    r"agent|tool|tool result|system)(?:\*\*|__)?\s*:(?:\*\*|__)?\s?(?P<rest>.*)$",
    re.I,
)
_SPEAKER_ROLES = {
    "user": "user",
    "human": "user",
    "me": "user",
    "you": "user",
    "assistant": "assistant",
    "ai": "assistant",
    "claude": "assistant",
    "codex": "assistant",
    "gemini": "assistant",
    "model": "assistant",
    "bot": "assistant",
    "agent": "assistant",
    "tool": "tool",
    "tool result": "tool",
    "system": "system",
}


@dataclass
class Turn:
    """One cleaned piece of conversation.

    ``role`` is ``user``, ``assistant``, ``tool``, ``system`` or ``summary``. ``trusted`` is False for tool
    results, web content and ``[UNTRUSTED DATA]`` spans; ``reason`` says why. ``uid`` is the line's uuid when
    the format has one, else ``line:N`` / ``msg:N``; ``line`` is the 1-based line (or message index) it came from.
    """

    role: str
    text: str
    trusted: bool = True
    uid: str = ""
    line: int = 0
    reason: str = ""
    timestamp: str | None = None


@dataclass
class Transcript:
    """A parsed transcript: its format, turns, and what it says about its session."""

    path: Path
    format: str
    turns: list[Turn] = field(default_factory=list)
    session_id: str | None = None
    cwd: str | None = None
    # The last complete unit read (line number or message count): the processed-offset bookkeeping unit.
    last_line: int = 0


def read_transcript(path: str | Path) -> Transcript:
    """Read and clean a transcript of any supported format (raises :class:`TranscriptError`)."""
    import stat

    path = Path(path)
    try:
        mode = path.stat().st_mode
        if not stat.S_ISREG(mode):  # a FIFO would block the worker for good, a device never ends
            kind = "a directory" if stat.S_ISDIR(mode) else "not a regular file"
            raise TranscriptError(f"Transcript {path} is {kind}")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise TranscriptError(f"Transcript {path} not found") from None
    except OSError as exc:
        raise TranscriptError(f"Transcript {path} cannot be read: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise TranscriptError(f"{path}:{line}: not UTF-8 text") from None
    return parse_transcript(text, path)


def parse_transcript(text: str, path: str | Path = "<transcript>") -> Transcript:
    """Parse transcript ``text`` (the file name is used in error messages only)."""
    try:
        return _parse(text, Path(path))
    except RecursionError:  # JSON nested thousands deep: no transcript looks like that
        raise TranscriptError(f"{path}: JSON nested too deeply to be a transcript") from None


def _parse(text: str, path: Path) -> Transcript:
    fmt = sniff(text)
    if fmt == "empty":
        return Transcript(path=path, format="text")
    if fmt in ("claude", "codex"):
        records = _jsonl(text, path)
        transcript = _claude(records, path) if fmt == "claude" else _codex(records, path)
    elif fmt in ("gemini", "json"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise TranscriptError(f"{path}:{exc.lineno}: invalid JSON ({exc.msg})") from None
        transcript = _gemini(doc, path) if fmt == "gemini" else _plain_json(doc, path)
    else:
        transcript = _text(text, path)
    transcript.turns = clean_turns(transcript.turns)
    return transcript


def sniff(text: str) -> str:
    """The format of ``text``: one of :data:`FORMATS`, or ``empty``."""
    stripped = text.strip()
    if not stripped:
        return "empty"
    if stripped[0] in "[{":
        try:
            doc = json.loads(stripped)
        except json.JSONDecodeError:
            doc = None
        if isinstance(doc, dict) and isinstance(doc.get("messages"), list):
            messages = doc["messages"]
            return "json" if messages and all(isinstance(m, dict) and "role" in m for m in messages) else "gemini"
        if isinstance(doc, list):
            if doc and all(isinstance(m, dict) and "type" in m and "message" in m for m in doc):
                return "gemini"
            return "json"
        if isinstance(doc, dict) and doc.get("type") in ("user", "assistant", "summary", "system"):
            return "claude"  # a one-line Claude transcript
        if isinstance(doc, dict) and "payload" in doc:
            return "codex"
        first = stripped.splitlines()[0]
        try:
            head = json.loads(first)
        except json.JSONDecodeError:
            head = None
        if isinstance(head, dict):
            for line in stripped.splitlines()[:50]:
                try:
                    obj = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if isinstance(obj, dict) and "payload" in obj and "type" in obj:
                    return "codex"
                if isinstance(obj, dict) and ("uuid" in obj or "message" in obj or "sessionId" in obj):
                    return "claude"
            return "claude"
        if doc is None and stripped[0] == "[" and not _SPEAKER.match(first):
            raise TranscriptError(f"<transcript>:1: looks like JSON but does not parse: {first[:60]!r}")
    return "text"


def _jsonl(text: str, path: Path) -> list[tuple[int, dict[str, Any]]]:
    out: list[tuple[int, dict[str, Any]]] = []
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            if number == len(lines) and not text.endswith("\n"):
                break  # the agent is still writing this line: read it next time
            raise TranscriptError(f"{path}:{number}: invalid JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise TranscriptError(f"{path}:{number}: expected a JSON object, got {type(obj).__name__}")
        out.append((number, obj))
    return out


def _block_text(content: Any) -> str:
    """Text of a string or a list of ``{type: text|input_text|output_text, text}`` blocks."""
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


def _claude(records: list[tuple[int, dict[str, Any]]], path: Path) -> Transcript:
    t = Transcript(path=path, format="claude")
    assistant_at: dict[str, Turn] = {}  # message.id -> merged assistant turn
    for number, obj in records:
        t.last_line = number
        t.session_id = t.session_id or obj.get("sessionId")
        t.cwd = t.cwd or obj.get("cwd")
        kind = obj.get("type")
        uid = str(obj.get("uuid") or f"line:{number}")
        stamp = obj.get("timestamp")
        if kind not in ("user", "assistant") or obj.get("isSidechain") or obj.get("isMeta"):
            continue  # summaries of titles, snapshots, system lines, subagent chatter, harness meta lines
        message = obj.get("message")
        if not isinstance(message, dict):
            raise TranscriptError(f"{path}:{number}: '{kind}' line has no message object")
        content = message.get("content")
        if kind == "user":
            if obj.get("isCompactSummary"):
                t.turns.append(Turn("summary", _block_text(content), True, uid, number, timestamp=stamp))
                continue
            if isinstance(content, str):
                t.turns.append(Turn("user", content, True, uid, number, timestamp=stamp))
                continue
            for block in content if isinstance(content, list) else []:
                if not isinstance(block, dict):
                    continue
                if block.get("type") == "text":
                    t.turns.append(Turn("user", str(block.get("text") or ""), True, uid, number, timestamp=stamp))
                elif block.get("type") == "tool_result":
                    body = _block_text(block.get("content"))
                    t.turns.append(Turn("tool", body, False, uid, number, "tool_result", stamp))
        else:
            text = (
                _block_text([b for b in content if isinstance(b, dict) and b.get("type") == "text"])
                if isinstance(content, list)
                else _block_text(content)
            )
            mid = message.get("id")
            if mid and mid in assistant_at:
                merged = assistant_at[mid]
                merged.text = "\n".join(p for p in (merged.text, text) if p)
                merged.uid, merged.line = uid, number
                continue
            turn = Turn("assistant", text, True, uid, number, timestamp=stamp)
            t.turns.append(turn)
            if mid:
                assistant_at[mid] = turn
    return t


def _codex(records: list[tuple[int, dict[str, Any]]], path: Path) -> Transcript:
    t = Transcript(path=path, format="codex")
    has_items = any(
        o.get("type") == "response_item" and _dict(o.get("payload")).get("type") == "message" for _, o in records
    )
    for number, obj in records:
        t.last_line = number
        kind = obj.get("type")
        payload = _dict(obj.get("payload"))
        stamp = obj.get("timestamp")
        uid = f"line:{number}"
        if kind == "session_meta":
            t.session_id = t.session_id or payload.get("id")
            t.cwd = t.cwd or payload.get("cwd")
        elif kind == "turn_context":
            t.cwd = t.cwd or payload.get("cwd")
        elif kind == "response_item":
            ptype = payload.get("type")
            if ptype == "message":
                role = payload.get("role")
                text = _block_text(payload.get("content"))
                if role == "user" and not _CODEX_CONTEXT.match(text):
                    t.turns.append(Turn("user", text, True, uid, number, timestamp=stamp))
                elif role == "assistant":
                    t.turns.append(Turn("assistant", text, True, uid, number, timestamp=stamp))
            elif ptype in ("function_call_output", "custom_tool_call_output", "local_shell_call_output"):
                output = payload.get("output")
                if isinstance(output, dict):
                    output = output.get("content") or json.dumps(output)
                t.turns.append(Turn("tool", _block_text(output), False, uid, number, "tool_result", stamp))
        elif kind == "event_msg" and not has_items:
            ptype = payload.get("type")
            if ptype == "user_message" and isinstance(payload.get("message"), str):
                t.turns.append(Turn("user", payload["message"], True, uid, number, timestamp=stamp))
            elif ptype == "agent_message" and isinstance(payload.get("message"), str):
                t.turns.append(Turn("assistant", payload["message"], True, uid, number, timestamp=stamp))
        elif kind == "compacted":
            t.turns.append(Turn("summary", str(payload.get("message") or ""), True, uid, number, timestamp=stamp))
    return t


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _gemini(doc: Any, path: Path) -> Transcript:
    t = Transcript(path=path, format="gemini")
    if isinstance(doc, list):  # logs.json: [{sessionId, messageId, type, message, timestamp}]
        messages = [
            {
                "type": m.get("type"),
                "content": m.get("message"),
                "timestamp": m.get("timestamp"),
                "id": m.get("messageId"),
                "sessionId": m.get("sessionId"),
            }
            for m in doc
        ]
    else:
        t.session_id = doc.get("sessionId")
        messages = doc.get("messages") or []
    for index, message in enumerate(messages, 1):
        if not isinstance(message, dict):
            raise TranscriptError(f"{path}:1: message {index} is not an object")
        t.last_line = index
        t.session_id = t.session_id or message.get("sessionId")
        kind = message.get("type")
        uid = str(message.get("id") or f"msg:{index}")
        stamp = message.get("timestamp")
        text = _block_text(message.get("content"))
        if kind == "user":
            t.turns.append(Turn("user", text, True, uid, index, timestamp=stamp))
        elif kind in ("gemini", "model", "assistant"):
            if text:
                t.turns.append(Turn("assistant", text, True, uid, index, timestamp=stamp))
            for call in message.get("toolCalls") or []:
                if isinstance(call, dict):
                    result = call.get("resultDisplay") or call.get("result")
                    body = result if isinstance(result, str) else json.dumps(result) if result else ""
                    if body:
                        t.turns.append(Turn("tool", body, False, uid, index, "tool_result", stamp))
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
        text = _block_text(message.get("content"))
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


def _text(text: str, path: Path) -> Transcript:
    t = Transcript(path=path, format="text")
    current: Turn | None = None
    in_fence = False
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        match = None if in_fence else _SPEAKER.match(line)
        if (
            match
            and current is not None
            and current.role == "tool"
            and _SPEAKER_ROLES[match.group("who").lower()]
            in (
                "user",
                "tool",
            )
        ):
            # Tool output may print "User: ..." lines of its own; only the assistant, who reads the output, ends the
            # tool turn. A real user turn straight after tool output stays untrusted: the safe side.
            match = None
        if match:
            role = _SPEAKER_ROLES[match.group("who").lower()]
            trusted = role != "tool"
            current = Turn(
                role, match.group("rest"), trusted, f"line:{number}", number, "" if trusted else "tool_result"
            )
            t.turns.append(current)
        elif current is not None:
            current.text += "\n" + line
        elif line.strip() and not line.lstrip().startswith("#"):
            raise TranscriptError(f"{path}:{number}: text before the first 'User:' or 'Assistant:' turn")
    if not t.turns:
        raise TranscriptError(f"{path}:1: no 'User:' or 'Assistant:' turns found")
    t.last_line = len(lines)
    return t


def strip_recalled(text: str) -> str:
    """Remove Ratchet's injected recalled-memory block(s), so recalled facts are never re-extracted."""
    return _RECALLED.sub("", text)


def strip_private(text: str) -> str:
    """Remove ``<private>...</private>`` content (an unterminated block hides the rest of the text)."""
    return _PRIVATE.sub("", text)


def strip_harness(text: str) -> str:
    """Remove blocks the agent harness inserted into a user message (``<system-reminder>``, slash-command echoes and
    output, hook output, ``!`` shell mode, IDE selections, "[Request interrupted by user]")."""
    return _INTERRUPTED.sub("", _HARNESS.sub("", text))


def clean_turns(turns: list[Turn]) -> list[Turn]:
    """Strip recalled context, private blocks and harness blocks; split out untrusted spans."""
    out: list[Turn] = []
    for turn in turns:
        text = strip_private(strip_recalled(turn.text))
        if turn.role == "user":
            text = strip_harness(text)
        for piece, trusted, reason in _split_untrusted(text):
            piece = piece.strip()
            if piece:
                trusted = trusted and turn.trusted
                out.append(
                    Turn(
                        turn.role,
                        piece,
                        trusted,
                        turn.uid,
                        turn.line,
                        "" if trusted else turn.reason or reason,
                        turn.timestamp,
                    )
                )
    return out


def _split_untrusted(text: str) -> list[tuple[str, bool, str]]:
    """Trusted text before the first ``[UNTRUSTED DATA]``, untrusted text up to the *last* ``[/UNTRUSTED DATA]`` (or
    the end), trusted text after it. Untrusted content can carry a closer (or an opener) of its own to end its span
    early; since a genuine closer cannot be told from a planted one, everything up to the last one stays untrusted,
    user text between two blocks included: the safe side."""
    start = text.find(UNTRUSTED_OPEN)
    if start < 0:
        return [(text, True, "")]
    close = text.rfind(UNTRUSTED_CLOSE, start + len(UNTRUSTED_OPEN))
    end = close if close >= 0 else len(text)
    after = text[close + len(UNTRUSTED_CLOSE) :] if close >= 0 else ""
    return [
        (text[:start], True, ""),
        (text[start + len(UNTRUSTED_OPEN) : end], False, "untrusted_block"),
        (after, True, ""),
    ]
