"""ChatGPT data exports (``conversations.json``): see :mod:`ratchet.extract.readers` for how a shape is chosen.

A conversation is a tree of messages (``mapping``: node id -> ``{message, parent, children}``) whose branch the user
last saw ends at ``current_node``; it is read from the root down that branch (edits and regenerations left on other
branches are not what the conversation became). Per message, ``author.role`` and ``content.content_type``:

- the user's ``text`` and ``multimodal_text`` parts are the user's, with what they said in voice mode (the
  ``audio_transcription`` parts; images, files and audio in them are not text);
- the user's custom instructions (``user_editable_context``, hidden in every conversation) are ChatGPT's wrapper
  around them: only the profile the user wrote, inside its code fence ("about me"), is read as theirs; how they want
  ChatGPT to answer is an instruction to the model, not a fact;
- the assistant's text to the user (``recipient`` ``all``) is the assistant's; its calls to tools, its thoughts and
  reasoning recaps are not read;
- ``tool`` messages (browsing, code output, files) are untrusted; ``system`` messages and anything marked
  ``is_visually_hidden_from_conversation`` are dropped.

Several conversations in one file are read one after another, the first one's id naming the session.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ratchet.errors import TranscriptError
from ratchet.extract.readers import as_dict, branch, text_or_none
from ratchet.extract.transcripts import Transcript, Turn

_FENCED = re.compile(r"```(.*?)```", re.S)  # "User profile:\n```I am ...```", the fence's text right after it
_UNREAD = {"thoughts", "reasoning_recap", "model_editable_context", "system_error"}


def read_export(doc: Any, path: Path) -> Transcript:
    t = Transcript(path=path, format="chatgpt")
    conversations = doc if isinstance(doc, list) else [doc]
    index = 0
    for number, conversation in enumerate(conversations, 1):
        if not isinstance(conversation, dict) or not isinstance(conversation.get("mapping"), dict):
            raise TranscriptError(f"{path}:1: conversation {number} has no 'mapping' of messages")
        t.session_id = t.session_id or text_or_none(conversation.get("conversation_id") or conversation.get("id"))
        mapping = conversation["mapping"]
        branch = _branch(mapping, text_or_none(conversation.get("current_node")))
        left = sum(isinstance(n, dict) and isinstance(n.get("message"), dict) for n in mapping.values()) - len(branch)
        if left:
            t.drop(index + 1, f"other branches ({left} messages of edits or regenerations the user left)")
        for message in branch:
            index += 1
            t.last_line = index
            _message(t, message, index)
    return t


def _branch(mapping: dict[str, Any], current: str | None) -> list[dict[str, Any]]:
    """The messages from the root to ``current`` (else down the last child of each node), oldest first."""
    nodes = {key: node for key, node in mapping.items() if isinstance(node, dict)}
    if current not in nodes:
        roots = [key for key, node in nodes.items() if node.get("parent") not in nodes]
        current = roots[0] if roots else None
        while current is not None:
            children = [c for c in nodes[current].get("children") or [] if c in nodes]
            if not children:
                break
            current = children[-1]
    return [node["message"] for node in branch(nodes, current, "parent") if isinstance(node.get("message"), dict)]


def _message(t: Transcript, message: dict[str, Any], index: int) -> None:
    role = as_dict(message.get("author")).get("role")
    content = as_dict(message.get("content"))
    kind = content.get("content_type")
    metadata = as_dict(message.get("metadata"))
    uid = str(message.get("id") or f"msg:{index}")
    stamp = _stamp(message.get("create_time"))
    if kind == "user_editable_context":
        profile = text_or_none(content.get("user_profile")) or ""
        about = _FENCED.search(profile)
        t.drop(index, "custom instructions (ChatGPT's wrapper; the profile the user wrote is read)")
        if about and about.group(1).strip():
            t.turns.append(Turn("user", about.group(1).strip(), True, uid, index, timestamp=stamp))
        return
    if metadata.get("is_visually_hidden_from_conversation"):
        t.drop(index, "hidden context (not shown in the conversation)")
        return
    if kind in _UNREAD:
        return
    text = _text(content)
    if role == "user" and text:
        t.turns.append(Turn("user", text, True, uid, index, timestamp=stamp))
    elif role == "assistant" and text and message.get("recipient", "all") == "all":
        t.turns.append(Turn("assistant", text, True, uid, index, timestamp=stamp))
    elif role == "tool" and text:
        t.turns.append(Turn("tool", text, False, uid, index, "tool_result", stamp))
    elif role == "system" and text:
        t.drop(index, "system message")


def _text(content: dict[str, Any]) -> str:
    """The text of a message's content: its string parts and the transcripts of what was said in voice mode
    (``audio_transcription`` parts; images, files and audio themselves are other objects), or its ``text``."""
    parts = content.get("parts")
    if isinstance(parts, list):
        said = [
            p if isinstance(p, str) else text_or_none(p.get("text")) or ""
            for p in parts
            if isinstance(p, str) or isinstance(p, dict) and p.get("content_type") == "audio_transcription"
        ]
        return "\n".join(p for p in said if p.strip())
    return text_or_none(content.get("text")) or ""


def _stamp(value: Any) -> str | None:
    """``create_time`` (seconds since the epoch) as ISO 8601 UTC."""
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 < value < 1e11:
        from datetime import UTC, datetime

        return datetime.fromtimestamp(value, UTC).isoformat().replace("+00:00", "Z")
    return None
