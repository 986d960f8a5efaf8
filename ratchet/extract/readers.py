"""One reader per transcript shape, chosen by :func:`sniff` from the content (never the file name).

- ``claude``: Claude Code JSONL. Assistant replies split across lines sharing one ``message.id`` are merged;
  tool results are untrusted; thinking, sidechains and ``isMeta`` lines are skipped; compaction summaries are kept
  as ``summary`` turns (context, never a source of user facts). Not the user's words, so dropped: a plan-mode
  handoff (a user line with ``planContent``: "Implement the following plan: ..."), "Operation stopped by hook: ..."
  and the "Read the output file to retrieve the result" tail of a task notification.
- ``codex``: Codex CLI and Codex Desktop rollouts. User text comes from ``response_item`` messages when the file
  has any, else from the ``event_msg`` ``user_message`` mirrors (Codex Desktop writes only those), never from both;
  the same for assistant text. The AGENTS.md injection (``# AGENTS.md instructions for <dir>`` with
  ``<INSTRUCTIONS>``), ``<environment_context>``, ``<user_instructions>``, ``<skill>`` blocks and developer
  messages are not the user. ``session_meta`` gives the session, the working directory and the repository URL.
- ``gemini``: Gemini CLI legacy JSON sessions (``{"messages": [...]}``) and the older ``logs.json`` list.
- ``gemini-jsonl``: Gemini CLI JSONL sessions: a metadata line (``sessionId``, ``projectHash``), then message
  records ``{id, timestamp, type, content}``; a re-appended ``id`` replaces the earlier record in place,
  ``{"$rewindTo": id}`` removes that message and everything after it (as gemini-cli's own loader does), ``$set``
  updates metadata.
- ``gemini-share``: Gemini ``/chat share`` JSON, a list of ``{role: user|model, parts: [...]}``; ``functionCall``
  parts are the model's, ``functionResponse`` parts are untrusted tool output.
- ``sharegpt``: ``{id, conversations: [{from, value}]}`` (or a list of them).
- ``json``: a plain JSON list of ``{role, content}`` (or ``{"messages": [...]}`` with roles).
- ``text``: plain text or Markdown with ``User:`` / ``Assistant:`` turns, or ``## USER`` / ``## MODEL`` headings
  (Gemini's ``/chat share`` Markdown export).

Each reader records what it dropped and why in ``Transcript.dropped`` (``memory-extract --explain``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ratchet.errors import TranscriptError
from ratchet.extract.transcripts import Transcript, Turn

FORMATS = ("claude", "codex", "gemini", "gemini-jsonl", "gemini-share", "sharegpt", "json", "text")

_PLAN_HANDOFF = re.compile(r"^\s*Implement the following plan:", re.I)
_HOOK_STOP = re.compile(r"^\s*Operation stopped by hook:", re.I)
_OUTPUT_TAIL = re.compile(r"^\s*Read the output file to retrieve the result:.*$", re.M)
_AGENTS_MD = re.compile(r"^\s*#\s*AGENTS\.md instructions for\b|<INSTRUCTIONS>", re.I)
_CODEX_CONTEXT = re.compile(r"^\s*<(environment_context|user_instructions|user_shell_command|turn_aborted)>", re.S)
_SKILL = re.compile(r"<(?P<tag>skill|skills_instructions|INSTRUCTIONS)\b[^>]*>.*?(?:</(?P=tag)>|\Z)", re.S | re.I)
_SPEAKER = re.compile(
    r"^\s{0,3}(?:#{1,6}\s*|>\s*)?(?:\*\*|__)?(?P<who>user|human|me|you|assistant|ai|claude|codex|gemini|model|bot|"
    r"agent|tool|tool result|system)(?:\*\*|__)?\s*:(?:\*\*|__)?\s?(?P<rest>.*)$",
    re.I,
)
# A Markdown heading that names the speaker and nothing else but an emoji: "## USER 🧑‍💻", "## MODEL ✨".
_HEADING_SPEAKER = re.compile(r"^\s{0,3}#{1,6}\s*(?P<who>user|human|model|assistant|gemini|ai)\b[^\w:]*$", re.I)
_SPEAKER_ROLES = {
    **dict.fromkeys(("user", "human", "me", "you"), "user"),
    **dict.fromkeys(("assistant", "ai", "claude", "codex", "gemini", "model", "bot", "agent"), "assistant"),
    **dict.fromkeys(("tool", "tool result"), "tool"),
    "system": "system",
}
_SHAREGPT_ROLES = {
    **dict.fromkeys(("human", "user"), "user"),
    **dict.fromkeys(("gpt", "chatgpt", "assistant", "bard", "bing", "model", "claude"), "assistant"),
    **dict.fromkeys(("system",), "system"),
    **dict.fromkeys(("tool", "function", "observation"), "tool"),
}


def read(fmt: str, text: str, path: Path) -> Transcript:
    """The transcript ``text`` of shape ``fmt`` (from :func:`sniff`), before cleaning."""
    from ratchet.extract import gemini

    if fmt in ("claude", "codex", "gemini-jsonl"):
        records = _jsonl(text, path)
        return {"claude": _claude, "codex": _codex, "gemini-jsonl": gemini.read_jsonl}[fmt](records, path)
    if fmt == "text":
        return _text(text, path)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TranscriptError(f"{path}:{exc.lineno}: invalid JSON ({exc.msg})") from None
    readers = {"gemini": gemini.read_json, "gemini-share": gemini.read_share, "sharegpt": _sharegpt}
    return readers.get(fmt, _plain_json)(doc, path)


def sniff(text: str, path: str | Path = "<transcript>") -> str:
    """The format of ``text``: one of :data:`FORMATS`, or ``empty`` (``path`` names the file in errors)."""
    stripped = text.strip()
    if not stripped:
        return "empty"
    if stripped[0] not in "[{":
        return "text"
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
    if not _SPEAKER.match(first):
        raise TranscriptError(f"{path}:1: looks like JSON but does not parse: {first[:60]!r}")
    return "text"


def _sniff_document(doc: Any, path: str | Path) -> str:
    """The format of a file that is one JSON document."""
    if isinstance(doc, dict):
        if isinstance(doc.get("conversations"), list):
            return "sharegpt"
        if isinstance(doc.get("messages"), list):
            messages = doc["messages"]
            return "json" if messages and all(isinstance(m, dict) and "role" in m for m in messages) else "gemini"
        if doc.get("type") in ("user", "assistant", "summary", "system"):
            return "claude"  # a one-line Claude transcript
        if "payload" in doc:
            return "codex"
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
            if all("parts" in m and "role" in m for m in items):
                return "gemini-share"
        return "json"
    raise TranscriptError(f"{path}:1: a JSON {type(doc).__name__}, not a transcript")


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


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _claude(records: list[tuple[int, dict[str, Any]]], path: Path) -> Transcript:
    t = Transcript(path=path, format="claude")
    assistant_at: dict[str, Turn] = {}  # message.id -> merged assistant turn
    for number, obj in records:
        t.last_line = number
        t.session_id = t.session_id or text_or_none(obj.get("sessionId"))
        t.cwd = t.cwd or text_or_none(obj.get("cwd"))
        kind = obj.get("type")
        uid = str(obj.get("uuid") or f"line:{number}")
        stamp = text_or_none(obj.get("timestamp"))
        if kind not in ("user", "assistant"):
            continue  # titles, snapshots, system lines, progress
        if obj.get("isSidechain") or obj.get("isMeta"):
            t.drop(number, "subagent" if obj.get("isSidechain") else "harness (isMeta)")
            continue
        message = obj.get("message")
        if not isinstance(message, dict):
            raise TranscriptError(f"{path}:{number}: '{kind}' line has no message object")
        content = message.get("content")
        if kind == "user":
            if obj.get("isCompactSummary"):
                t.turns.append(Turn("summary", block_text(content), True, uid, number, timestamp=stamp))
                continue
            if obj.get("planContent") or _PLAN_HANDOFF.match(block_text(content)):
                t.drop(number, "plan handoff (the assistant's plan, not the user's words)")
                continue
            if isinstance(content, str):
                _claude_user_text(t, content, uid, number, stamp)
                continue
            for block in content if isinstance(content, list) else []:
                if not isinstance(block, dict):
                    continue
                if block.get("type") == "text":
                    _claude_user_text(t, str(block.get("text") or ""), uid, number, stamp)
                elif block.get("type") == "tool_result":
                    body = block_text(block.get("content"))
                    t.turns.append(Turn("tool", body, False, uid, number, "tool_result", stamp))
        else:
            text = (
                block_text([b for b in content if isinstance(b, dict) and b.get("type") == "text"])
                if isinstance(content, list)
                else block_text(content)
            )
            mid = message.get("id")
            mid = mid if isinstance(mid, str) else None
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


def _claude_user_text(t: Transcript, text: str, uid: str, number: int, stamp: str | None) -> None:
    """A user text block, less what the harness wrote into it."""
    if _HOOK_STOP.match(text):
        t.drop(number, "harness (a hook stopped the operation)")
        return
    if _OUTPUT_TAIL.search(text):
        text = _OUTPUT_TAIL.sub("", text)
        t.drop(number, "harness (task notification tail)")
    t.turns.append(Turn("user", text, True, uid, number, timestamp=stamp))


def _codex(records: list[tuple[int, dict[str, Any]]], path: Path) -> Transcript:
    t = Transcript(path=path, format="codex")
    items = [(o, _dict(o.get("payload"))) for _, o in records if o.get("type") == "response_item"]
    has = {
        role: any(p.get("type") == "message" and p.get("role") == role for _, p in items)
        for role in ("user", "assistant")
    }
    for number, obj in records:
        t.last_line = number
        kind = obj.get("type")
        payload = _dict(obj.get("payload"))
        stamp = text_or_none(obj.get("timestamp"))
        uid = f"line:{number}"
        if kind == "session_meta":
            t.session_id = t.session_id or text_or_none(payload.get("id"))
            t.cwd = t.cwd or text_or_none(payload.get("cwd"))
            t.repository = t.repository or text_or_none(_dict(payload.get("git")).get("repository_url"))
        elif kind == "turn_context":
            t.cwd = t.cwd or text_or_none(payload.get("cwd"))
        elif kind == "response_item":
            ptype = payload.get("type")
            if ptype == "message":
                role = payload.get("role")
                text = block_text(payload.get("content"))
                if role == "user":
                    _codex_user_text(t, text, uid, number, stamp)
                elif role == "assistant":
                    t.turns.append(Turn("assistant", text, True, uid, number, timestamp=stamp))
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
                else:
                    _codex_user_text(t, message, uid, number, stamp)
            elif ptype == "agent_message" and not has["assistant"]:
                t.turns.append(Turn("assistant", message, True, uid, number, timestamp=stamp))
        elif kind == "compacted":
            t.turns.append(Turn("summary", str(payload.get("message") or ""), True, uid, number, timestamp=stamp))
    return t


def _codex_user_text(t: Transcript, text: str, uid: str, number: int, stamp: str | None) -> None:
    if _AGENTS_MD.search(text[:2000]) and text.lstrip().startswith(("#", "<")):
        t.drop(number, "injected instructions (AGENTS.md)")
        return
    if _CODEX_CONTEXT.match(text):
        t.drop(number, "harness (environment context)")
        return
    if _SKILL.search(text):
        text = _SKILL.sub("", text)
        t.drop(number, "injected instructions (skill)")
    t.turns.append(Turn("user", text, True, uid, number, timestamp=stamp))


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


def _text(text: str, path: Path) -> Transcript:
    t = Transcript(path=path, format="text")
    current: Turn | None = None
    in_fence = False
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        match = None if in_fence else _SPEAKER.match(line) or _HEADING_SPEAKER.match(line)
        role = _SPEAKER_ROLES.get(match.group("who").lower(), "user") if match else ""
        if match and current is not None and current.role == "tool" and role in ("user", "tool"):
            # Tool output may print "User: ..." lines of its own; only the assistant, who reads the output, ends the
            # tool turn. A real user turn straight after tool output stays untrusted: the safe side.
            match = None
        if match:
            trusted = role != "tool"
            rest = match.groupdict().get("rest") or ""
            current = Turn(role, rest, trusted, f"line:{number}", number, "" if trusted else "tool_result")
            t.turns.append(current)
        elif current is not None:
            if line.strip() != "---":  # the share export's separator between turns
                current.text += "\n" + line
        elif line.strip() and not line.lstrip().startswith("#"):
            raise TranscriptError(f"{path}:{number}: text before the first 'User:' or 'Assistant:' turn")
    if not t.turns:
        raise TranscriptError(f"{path}:1: no 'User:' or 'Assistant:' turns found")
    t.last_line = len(lines)
    return t
