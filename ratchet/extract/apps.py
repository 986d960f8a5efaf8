"""Exports of local chat apps (see :mod:`ratchet.extract.readers` for how a shape is chosen).

- ``open-webui``: Open WebUI's "Export chat" JSON, a list of ``{id, title, chat: {history: {messages, currentId},
  messages}}``; the branch the user last saw is walked from ``currentId`` up the ``parentId`` links (regenerations
  left on other branches are not read), ``chat.messages`` when there is no history.
- ``librechat``: LibreChat's conversation export ``{conversationId, messages: [{messageId, parentMessageId, sender,
  isCreatedByUser, text, children}]}``, flat or as a tree; the user is who ``isCreatedByUser`` says; of a tree, the
  latest child at each turn (the branch last written), of a flat list, the branch ending at its last message.
- ``lm-studio``: an LM Studio ``*.conversation.json``, ``{name, messages: [{versions: [...], currentlySelected}]}``:
  each message's selected version (its ``content`` blocks, or an assistant's ``steps``).

The system prompt the user configured in these apps is an instruction to the model, not a fact, and is not read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ratchet.errors import TranscriptError
from ratchet.extract.readers import as_dict, as_list, block_text, branch, text_or_none
from ratchet.extract.transcripts import Transcript, Turn

_ROLES = {"user": "user", "assistant": "assistant", "system": "system", "tool": "tool"}


def _add(t: Transcript, path: Path, role: Any, text: str, index: int, uid: str) -> None:
    who = _ROLES.get(str(role).lower())
    if who is None:
        raise TranscriptError(f"{path}:1: message {index} has unknown role '{role}'")
    if who == "system":
        t.drop(index, "system prompt (an instruction to the model)")
    elif text:
        trusted = who != "tool"
        t.turns.append(Turn(who, text, trusted, uid, index, "" if trusted else "tool_result"))


def read_open_webui(doc: Any, path: Path) -> Transcript:
    t = Transcript(path=path, format="open-webui")
    index = 0
    for item in doc if isinstance(doc, list) else [doc]:
        chat = item.get("chat") if isinstance(item, dict) else None
        if not isinstance(chat, dict):
            raise TranscriptError(f"{path}:1: an Open WebUI chat without its 'chat' object")
        t.session_id = t.session_id or text_or_none(item.get("id"))
        history = as_dict(chat.get("history"))
        by_id = {k: m for k, m in as_dict(history.get("messages")).items() if isinstance(m, dict)}
        current = text_or_none(history.get("currentId"))
        listed = chat.get("messages")
        messages: list[Any] = branch(by_id, current, "parentId") if current in by_id else as_list(listed)
        for message in messages:
            index += 1
            t.last_line = index
            if not isinstance(message, dict):
                raise TranscriptError(f"{path}:1: message {index} is not an object")
            uid = str(message.get("id") or f"msg:{index}")
            _add(t, path, message.get("role"), block_text(message.get("content")), index, uid)
    return t


def read_librechat(doc: dict[str, Any], path: Path) -> Transcript:
    t = Transcript(path=path, format="librechat")
    t.session_id = text_or_none(doc.get("conversationId"))
    found = doc.get("messages")
    top = [m for m in as_list(found) if isinstance(m, dict)]
    if any(isinstance(m.get("children"), list) for m in top):  # the tree form: the latest child at each turn
        messages, level = [], top
        while level:
            node = level[-1]
            messages.append(node)
            level = [c for c in node.get("children") or [] if isinstance(c, dict)]
    else:
        by_id = {str(m.get("messageId")): m for m in top if m.get("messageId") is not None}
        last = str(top[-1].get("messageId")) if top else None
        messages = branch(by_id, last, "parentMessageId") if last in by_id else top
    for index, message in enumerate(messages, 1):
        t.last_line = index
        content = message.get("content")
        text = text_or_none(message.get("text")) or block_text(content if isinstance(content, list) else None)
        role = "user" if message.get("isCreatedByUser") is True else "assistant"
        _add(t, path, role, text, index, str(message.get("messageId") or f"msg:{index}"))
    return t


def read_lm_studio(doc: dict[str, Any], path: Path) -> Transcript:
    t = Transcript(path=path, format="lm-studio")
    found = doc.get("messages")
    for index, message in enumerate(as_list(found), 1):
        t.last_line = index
        versions = message.get("versions") if isinstance(message, dict) else None
        if not isinstance(versions, list) or not versions:
            raise TranscriptError(f"{path}:1: message {index} has no 'versions'")
        chosen = message.get("currentlySelected")
        pick = chosen if isinstance(chosen, int) and 0 <= chosen < len(versions) else len(versions) - 1
        version = as_dict(versions[pick])
        steps = as_list(version.get("steps"))
        blocks = [b for step in steps if isinstance(step, dict) for b in as_list(step.get("content"))]
        text = block_text(version.get("content")) or block_text(blocks)
        _add(t, path, version.get("role"), text, index, f"msg:{index}")
    return t
