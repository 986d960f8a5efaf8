"""GitHub Copilot CLI sessions (see :mod:`ratchet.extract.readers` for how a shape is chosen).

``~/.copilot/session-state/<session>/events.jsonl`` (and the older ``<session>.jsonl``): one event per line,
``{type, data, id, timestamp, parentId}``. ``session.start`` names the session and its working directory;
``user.message`` holds what the user typed in ``content`` (``transformedContent`` is what was sent, with the
harness's additions such as the current time, and is not read); ``assistant.message`` the reply (empty when the turn
only calls tools); ``tool.execution_complete`` a tool's result, untrusted. The system prompt, hooks, permissions and
notifications are the harness's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ratchet.extract.readers import as_dict, block_text, text_or_none
from ratchet.extract.transcripts import Transcript, Turn

EVENTS = frozenset({"session.start", "user.message", "assistant.message", "tool.execution_complete"})


def read_jsonl(records: list[tuple[int, dict[str, Any]]], path: Path) -> Transcript:
    t = Transcript(path=path, format="copilot")
    for number, obj in records:
        t.last_line = number
        kind = obj.get("type")
        found = obj.get("data")
        data = as_dict(found)
        uid = str(obj.get("id") or f"line:{number}")
        stamp = text_or_none(obj.get("timestamp"))
        if kind == "session.start":
            t.session_id = t.session_id or text_or_none(data.get("sessionId"))
            context = data.get("context")
            t.cwd = t.cwd or (text_or_none(context.get("cwd")) if isinstance(context, dict) else None)
        elif kind == "user.message":
            t.turns.append(Turn("user", block_text(data.get("content")), True, uid, number, timestamp=stamp))
        elif kind == "assistant.message":
            text = block_text(data.get("content"))
            t.add("assistant", text, uid, number, stamp)
        elif kind == "tool.execution_complete":
            result = data.get("result")
            body = block_text(result.get("content")) if isinstance(result, dict) else block_text(result)
            t.add("tool", body, uid, number, stamp)
        elif kind == "system.message":
            t.drop(number, "system message (the harness's instructions)")
    return t
