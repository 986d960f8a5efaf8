"""Gemini CLI transcripts (see :mod:`ratchet.extract.readers` for how a shape is chosen).

- ``gemini``: the legacy JSON sessions (``{"messages": [...]}``) and the older ``logs.json`` list.
- ``gemini-jsonl``: JSONL sessions (gemini-cli since 2026-04): a metadata line (``sessionId``, ``projectHash``),
  then message records ``{id, timestamp, type, content}``; a re-appended ``id`` replaces the earlier record in
  place, ``{"$rewindTo": id}`` removes that message and everything after it (an unknown id clears the session, as
  gemini-cli's own loader does), ``$set`` updates metadata.
- ``gemini-share``: ``/chat share`` JSON, a list of ``{role: user|model, parts: [...]}``; ``functionResponse``
  parts are untrusted tool output. (The Markdown export is read as text, by its ``## USER`` headings.)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ratchet.errors import TranscriptError
from ratchet.extract.readers import block_text, text_or_none
from ratchet.extract.transcripts import Transcript, Turn


def _message(t: Transcript, message: dict[str, Any], index: int, uid: str) -> None:
    """One Gemini CLI message record (legacy JSON and JSONL share the record shape)."""
    kind = message.get("type")
    stamp = text_or_none(message.get("timestamp"))
    text = block_text(message.get("content"))
    if kind == "user":
        t.turns.append(Turn("user", text, True, uid, index, timestamp=stamp))
    elif kind in ("gemini", "model", "assistant"):
        if text:
            t.turns.append(Turn("assistant", text, True, uid, index, timestamp=stamp))
        calls = message.get("toolCalls")
        for call in calls if isinstance(calls, list) else []:
            if isinstance(call, dict):
                result = call.get("resultDisplay") or call.get("result")
                body = result if isinstance(result, str) else json.dumps(result) if result else ""
                if body:
                    t.turns.append(Turn("tool", body, False, uid, index, "tool_result", stamp))
    elif kind in ("info", "error", "warning"):
        t.drop(index, f"harness ({kind} message)")


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
        t.session_id = text_or_none(doc.get("sessionId"))
        messages = doc.get("messages") or []
    for index, message in enumerate(messages, 1):
        if not isinstance(message, dict):
            raise TranscriptError(f"{path}:1: message {index} is not an object")
        t.last_line = index
        t.session_id = t.session_id or text_or_none(message.get("sessionId"))
        _message(t, message, index, str(message.get("id") or f"msg:{index}"))
    return t


def read_jsonl(records: list[tuple[int, dict[str, Any]]], path: Path) -> Transcript:
    t = Transcript(path=path, format="gemini-jsonl")
    messages: dict[str, tuple[int, dict[str, Any]]] = {}  # id -> (line, record); insertion order is the order
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
    for message_id, (number, message) in messages.items():
        _message(t, message, number, message_id)
    return t


def read_share(doc: Any, path: Path) -> Transcript:
    t = Transcript(path=path, format="gemini-share")
    for index, message in enumerate(doc, 1):
        t.last_line = index
        role = str(message.get("role") or "").lower()
        parts = message.get("parts") if isinstance(message.get("parts"), list) else []
        text = "\n".join(p["text"] for p in parts if isinstance(p, dict) and isinstance(p.get("text"), str))
        uid = f"msg:{index}"
        for part in parts:
            if isinstance(part, dict) and "functionResponse" in part:
                body = json.dumps(part["functionResponse"], ensure_ascii=False)
                t.turns.append(Turn("tool", body, False, uid, index, "tool_result"))
        if not text:
            continue
        if role == "user":
            t.turns.append(Turn("user", text, True, uid, index))
        elif role in ("model", "assistant"):
            t.turns.append(Turn("assistant", text, True, uid, index))
        else:
            raise TranscriptError(f"{path}:1: message {index} has unknown role '{role}'")
    return t
