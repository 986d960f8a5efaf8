"""Gemini CLI transcripts (see :mod:`ratchet.extract.readers` for how a shape is chosen).

- ``gemini``: the legacy JSON sessions (``{"messages": [...]}``) and the older ``logs.json`` list.
- ``gemini-jsonl``: JSONL sessions (gemini-cli since 2026-04): a metadata line (``sessionId``, ``projectHash``,
  ``kind``), then message records ``{id, timestamp, type, content, displayContent}``; a re-appended ``id`` replaces
  the earlier record in place, ``{"$rewindTo": id}`` removes that message and everything after it (an unknown id
  clears the session, as gemini-cli's own loader does), ``$set`` updates metadata.
- ``gemini-share``: ``/chat share`` JSON, a list of ``{role: user|model, parts: [...]}``, and the checkpoints that
  hold one (``{history, authType}``, ``/restore``'s ``{clientHistory, toolCall, ...}``); ``functionResponse`` parts are
  untrusted tool output. (The Markdown export is read as text, by its ``## USER`` headings.)
- ``gemini-stream``: ``gemini --output-format stream-json``: ``init``, ``message`` (an assistant reply in ``delta``
  chunks), ``tool_use``, ``tool_result``, ``error``, ``result`` events.

Gemini CLI writes into user-role records text the user never typed (gemini-cli ``packages/core`` and ``cli``):
:func:`user_text` sorts it out. The session context it sets up first (``<session_context>`` or "This is the Gemini
CLI. We are setting up the context for our chat.", with the folder tree and GEMINI.md), the editor state of the IDE
companion and the message that plan mode ended are dropped; shell-mode output ("I ran the following shell
command: ...") and files pulled in with ``@path`` (between ``--- Content from referenced files ---`` and ``--- End
of content ---``) are untrusted tool output; a compression ``<state_snapshot>`` is a summary. When a record has
``displayContent`` (what the user typed, where ``content`` holds a custom command's template or referenced files),
that is the user's text. In a sub-agent's session (``kind: "subagent"``) the "user" is the main agent.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ratchet.errors import TranscriptError
from ratchet.extract.readers import as_list, block_text, text_or_none
from ratchet.extract.transcripts import Transcript, Turn

# Text gemini-cli writes as the user, by its opening: environmentContext.ts, client.ts (the IDE companion),
# approvalModeUtils.ts (plan mode), useExecutionLifecycle.ts (shell mode), chatCompressionService.ts.
_SESSION_CONTEXT = re.compile(
    r"\s*(?:<session_context>|This is the Gemini CLI\. We are setting up the context for our chat\.)"
)
_EDITOR = re.compile(r"\s*Here is (?:the user's editor context|a summary of changes in the user's editor context)")
_PLAN_EXIT = re.compile(r"\s*(?:User has manually exited Plan Mode\.|Plan approved\.) Switching to ")
_SHELL = re.compile(r"\s*I ran the following shell command:")
_SNAPSHOT = re.compile(r"\s*<state_snapshot>")
REFERENCE_START = "--- Content from referenced files ---"  # packages/core/src/utils/constants.ts
REFERENCE_END = "--- End of content ---"
SUBAGENT = "subagent (its user is the main agent)"


def harness(text: str) -> str | None:
    """Why ``text``, said as the user, is Gemini CLI's own and not to be read at all (None: it is not)."""
    if _SESSION_CONTEXT.match(text):
        return "harness (Gemini's session context: date, system, folders, GEMINI.md)"
    if _EDITOR.match(text):
        return "harness (the editor's state)"
    if _PLAN_EXIT.match(text):
        return "harness (plan mode ended)"
    return None


def user_text(t: Transcript, text: str, uid: str, index: int, stamp: str | None = None) -> None:
    """Text of a user-role record, as what it is: the user's, tool output, a summary, or nothing."""
    why = harness(text)
    if why is not None:
        t.drop(index, why)
        return
    if _SHELL.match(text):
        t.turns.append(Turn("tool", text, False, uid, index, "tool_result", stamp))
        return
    if _SNAPSHOT.match(text):
        t.turns.append(Turn("summary", text, True, uid, index, timestamp=stamp))
        return
    said, files = _referenced(text)
    if said.strip():
        t.turns.append(Turn("user", said, True, uid, index, timestamp=stamp))
    t.add("tool", files, uid, index, stamp)


def _referenced(text: str) -> tuple[str, str]:
    """``text`` split into what was typed and the files ``@path`` pulled in (empty when none)."""
    start = text.find(REFERENCE_START)
    if start < 0:
        return text, ""
    end = text.find(REFERENCE_END, start)
    stop = len(text) if end < 0 else end + len(REFERENCE_END)
    return text[:start] + text[stop:], text[start:stop]


def _message(t: Transcript, message: dict[str, Any], index: int, uid: str, *, subagent: bool = False) -> None:
    """One Gemini CLI message record (legacy JSON and JSONL share the record shape)."""
    kind = message.get("type")
    stamp = text_or_none(message.get("timestamp"))
    text = block_text(message.get("content"))
    if kind == "user" and subagent:
        t.drop(index, SUBAGENT)
    elif kind == "user":
        typed = block_text(message.get("displayContent"))
        if typed and typed != text:
            t.drop(index, "expanded by Gemini CLI (a custom command or referenced files): what was typed is read")
            files = _referenced(text)[1]
            text = typed + (f"\n{files}" if files else "")
        user_text(t, text, uid, index, stamp)
    elif kind in ("gemini", "model", "assistant"):
        t.add("assistant", text, uid, index, stamp)
        calls = message.get("toolCalls")
        for call in as_list(calls):
            if isinstance(call, dict):
                result = call.get("resultDisplay") or call.get("result")
                body = result if isinstance(result, str) else json.dumps(result) if result else ""
                t.add("tool", body, uid, index, stamp)
    elif kind in ("info", "error", "warning"):
        t.drop(index, f"harness ({kind} message)")


def _session(value: Any) -> str | None:
    """A session id: a string, or the integer the oldest ``logs.json`` wrote."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return text_or_none(value)


def read_json(doc: Any, path: Path) -> Transcript:
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
        t.session_id = _session(doc.get("sessionId"))
        messages = doc.get("messages") or []
    subagent = isinstance(doc, dict) and doc.get("kind") == "subagent"
    for index, message in enumerate(messages, 1):
        if not isinstance(message, dict):
            raise TranscriptError(f"{path}:1: message {index} is not an object")
        t.last_line = index
        t.session_id = t.session_id or _session(message.get("sessionId"))
        _message(t, message, index, str(message.get("id") or f"msg:{index}"), subagent=subagent)
    return t


def read_jsonl(records: list[tuple[int, dict[str, Any]]], path: Path) -> Transcript:
    t = Transcript(path=path, format="gemini-jsonl")
    messages: dict[str, tuple[int, dict[str, Any]]] = {}  # id -> (line, record); insertion order is the order
    subagent = False
    for number, obj in records:
        t.last_line = number
        rewind = obj.get("$rewindTo")
        if isinstance(rewind, str):
            ids = list(messages)
            cut = ids.index(rewind) if rewind in messages else 0
            for gone in ids[cut:]:
                t.drop(messages.pop(gone)[0], "rewound")
        elif isinstance(obj.get("id"), str):
            if obj["id"] in messages:
                t.drop(messages[obj["id"]][0], "replaced by a later record of the same id")
                messages[obj["id"]] = (messages[obj["id"]][0], obj)  # the position of the first, the last content
            else:
                messages[obj["id"]] = (number, obj)
        elif isinstance(obj.get("$set"), dict) or "sessionId" in obj:
            meta: dict[str, Any] = obj["$set"] if isinstance(obj.get("$set"), dict) else obj
            t.session_id = text_or_none(meta.get("sessionId")) or t.session_id
            subagent = subagent or meta.get("kind") == "subagent"
    for message_id, (number, message) in messages.items():
        _message(t, message, number, message_id, subagent=subagent)
    return t


def read_share(doc: Any, path: Path) -> Transcript:
    t = Transcript(path=path, format="gemini-share")
    history = doc
    if isinstance(doc, dict):  # a checkpoint: /chat save's {history, authType}; /restore's clientHistory (the
        client = doc.get("clientHistory")  # model's history; its "history" there is the screen's items)
        history = client if isinstance(client, list) else doc.get("history")
    for index, message in enumerate(as_list(history), 1):
        t.last_line = index
        if not isinstance(message, dict):
            raise TranscriptError(f"{path}:1: message {index} is not an object")
        role = str(message.get("role") or "").lower()
        found = message.get("parts")
        parts = as_list(found)
        text = "\n".join(p["text"] for p in parts if isinstance(p, dict) and isinstance(p.get("text"), str))
        uid = f"msg:{index}"
        for part in parts:
            if isinstance(part, dict) and "functionResponse" in part:
                body = json.dumps(part["functionResponse"], ensure_ascii=False)
                t.turns.append(Turn("tool", body, False, uid, index, "tool_result"))
        if not text:
            continue
        if role == "user":
            user_text(t, text, uid, index)
        elif role in ("model", "assistant"):
            t.turns.append(Turn("assistant", text, True, uid, index))
        else:
            raise TranscriptError(f"{path}:1: message {index} has unknown role '{role}'")
    return t


def read_stream(records: list[tuple[int, dict[str, Any]]], path: Path) -> Transcript:
    """``--output-format stream-json`` (gemini-cli ``packages/core/src/output/types.ts``)."""
    t = Transcript(path=path, format="gemini-stream")
    reply: Turn | None = None  # the assistant reply its delta chunks are joined to
    for number, obj in records:
        t.last_line = number
        kind = obj.get("type")
        stamp = text_or_none(obj.get("timestamp"))
        uid = f"line:{number}"
        if kind == "init":
            t.session_id = t.session_id or text_or_none(obj.get("session_id"))
        elif kind == "message" and obj.get("role") == "assistant":
            text = block_text(obj.get("content"))
            if reply is not None and obj.get("delta"):
                reply.text += text
            else:
                reply = Turn("assistant", text, True, uid, number, timestamp=stamp)
                t.turns.append(reply)
            continue
        elif kind == "message" and obj.get("role") == "user":
            user_text(t, block_text(obj.get("content")), uid, number, stamp)
        elif kind == "tool_result":
            error = obj.get("error")
            failed = text_or_none(error.get("message")) if isinstance(error, dict) else None
            body = text_or_none(obj.get("output")) or failed or ""
            t.turns.append(Turn("tool", body, False, uid, number, "tool_result", stamp))
        reply = None  # anything else ends the reply
    return t
