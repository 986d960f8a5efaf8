"""OpenCode sessions as ``opencode export`` writes them (see :mod:`ratchet.extract.readers` for how a shape is chosen).

One JSON document: ``{"info": {id, directory, title, ...}, "messages": [{"info": {role, id, time, ...}, "parts":
[...]}]}`` (sst/opencode ``packages/opencode/src/session/message-v2.ts``). A message's words are its ``text`` parts;
a user message's text part marked ``synthetic`` is what OpenCode wrote into it, the files an ``@path`` reference
pulled in ("Called the Read tool with the following input: ...", the file's content), so it is untrusted tool output,
and one marked ``ignored`` was never sent. An assistant message's ``tool`` parts carry the tools' output (untrusted);
its ``reasoning``, ``step-*``, ``patch`` and ``snapshot`` parts are bookkeeping. An assistant message flagged
``summary`` is a compaction's summary of the conversation so far.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ratchet.extract.readers import as_dict, as_list, text_or_none
from ratchet.extract.transcripts import Transcript, Turn


def read_export(doc: Any, path: Path) -> Transcript:
    t = Transcript(path=path, format="opencode")
    info = as_dict(as_dict(doc).get("info"))
    t.session_id = text_or_none(info.get("id"))
    t.cwd = text_or_none(info.get("directory"))
    for index, message in enumerate(as_list(as_dict(doc).get("messages")), 1):
        t.last_line = index
        meta = as_dict(as_dict(message).get("info"))
        role = text_or_none(meta.get("role"))
        uid = text_or_none(meta.get("id")) or f"msg:{index}"
        for part in as_list(as_dict(message).get("parts")):
            part = as_dict(part)
            kind = part.get("type")
            text = text_or_none(part.get("text")) or ""
            if kind == "text" and part.get("ignored"):
                t.drop(index, "a part OpenCode did not send (ignored)")
            elif kind == "text" and role == "user" and part.get("synthetic"):
                t.turns.append(Turn("tool", text, False, uid, index, "tool_result"))
            elif kind == "text" and role == "user":
                t.turns.append(Turn("user", text, True, uid, index))
            elif kind == "text" and role == "assistant":
                summary = meta.get("summary") is True
                t.turns.append(Turn("summary" if summary else "assistant", text, True, uid, index))
            elif kind == "tool":
                output = text_or_none(as_dict(part.get("state")).get("output"))
                t.add("tool", output, uid, index)
    return t
