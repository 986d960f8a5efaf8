"""Cursor's agent transcripts (``~/.cursor/projects/<project>/agent-transcripts/*.jsonl``), see
:mod:`ratchet.extract.readers` for how a shape is chosen.

One message a line, ``{"role": "user" | "assistant", "message": {"content": [{"type": "text", "text": ...}]}}``, with
no ids, session or working directory. Cursor wraps what the user typed in ``<user_query>``; around it, in the same
message, it puts the context it attached: web search results (``<external_links>``), documentation, open and
attached files, images, rules. Only the query is the user's words; the rest is dropped (and said so). A user
message with no query is read whole, without its attached blocks.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ratchet.extract.readers import as_dict, block_text
from ratchet.extract.transcripts import Transcript, Turn, wrapped_requests

# Blocks Cursor attaches around the query: <external_links>, <documentation_context>, <attached_files>, ...
_ATTACHED = re.compile(r"<(?P<tag>[a-z]+(?:_[a-z]+)+)>.*?(?:</(?P=tag)>|\Z)", re.S)


def read_jsonl(records: list[tuple[int, dict[str, Any]]], path: Path) -> Transcript:
    t = Transcript(path=path, format="cursor")
    for number, obj in records:
        t.last_line = number
        role = obj.get("role")
        text = block_text(as_dict(obj.get("message")).get("content"))
        uid = f"line:{number}"
        if role == "user":
            queries = wrapped_requests(text)
            if len(_ATTACHED.findall(text)) > len(queries):  # <user_query> is one of those blocks itself
                t.drop(number, "context Cursor attached (web results, files, documentation, rules)")
            said = "\n\n".join(q for q in queries if q) if queries else _ATTACHED.sub("", text).strip()
            if said:
                t.turns.append(Turn("user", said, True, uid, number))
        elif role == "assistant" and text:
            t.turns.append(Turn("assistant", text, True, uid, number))
    return t
