"""Pi coding agent sessions (``~/.pi/agent/sessions/--<cwd>--/<time>_<id>.jsonl``; also Oh My Pi's), see
:mod:`ratchet.extract.readers` for how a shape is chosen.

A header ``{"type": "session", "version", "id", "cwd"}``, then entries linked by ``id``/``parentId`` into a tree
(badlogic/pi-mono ``packages/coding-agent/docs/session.md``): branching in place leaves the abandoned branch in the
file, so the conversation is the branch that ends at the last entry, as Pi shows it (version 1 files have no links
and are read in order). A ``message`` entry holds one message by ``role``: ``user`` (what the user typed, text and
images), ``assistant`` (its ``text`` blocks; ``thinking`` and ``toolCall`` are not words said), ``toolResult`` and
``bashExecution`` (output, untrusted), ``developer`` (the harness's instructions), ``custom`` (an extension's),
``branchSummary`` and ``compactionSummary`` (summaries). ``custom_message`` entries are extensions' injected
context; model, thinking level, labels and titles are settings.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ratchet.extract.readers import as_dict, block_text, branch, text_or_none
from ratchet.extract.transcripts import Transcript, Turn

ROLES = frozenset(
    {"user", "assistant", "toolResult", "bashExecution", "custom", "developer", "branchSummary", "compactionSummary"}
)


def read_jsonl(records: list[tuple[int, dict[str, Any]]], path: Path) -> Transcript:
    t = Transcript(path=path, format="pi")
    entries: list[tuple[int, dict[str, Any]]] = []
    for number, obj in records:
        t.last_line = number
        if obj.get("type") == "session":
            t.session_id = t.session_id or text_or_none(obj.get("id"))
            t.cwd = t.cwd or text_or_none(obj.get("cwd"))
        else:
            entries.append((number, obj))
    linked = any("parentId" in obj for _n, obj in entries)  # version 2 and later: a tree
    if linked:
        entries = [(number, obj) for number, obj in entries if isinstance(obj.get("id"), str)]
    if linked and entries:
        line_of = {id(obj): number for number, obj in entries}
        shown = branch({obj["id"]: obj for _n, obj in entries}, entries[-1][1]["id"], "parentId")
        on_branch = {id(obj) for obj in shown}
        for number, obj in entries:
            if id(obj) not in on_branch and obj.get("type") == "message":
                t.drop(number, "another branch (not the one the session ends on)")
        entries = [(line_of[id(obj)], obj) for obj in shown]
    for number, obj in entries:
        _entry(t, number, obj)
    return t


def _entry(t: Transcript, number: int, obj: dict[str, Any]) -> None:
    kind = obj.get("type")
    uid = text_or_none(obj.get("id")) or f"line:{number}"
    stamp = text_or_none(obj.get("timestamp"))
    if kind == "custom_message":
        t.drop(number, "an extension's message (injected context)")
        return
    if kind in ("branch_summary", "compaction"):
        summary = text_or_none(obj.get("summary"))
        t.add("summary", summary, uid, number, stamp)
        return
    if kind != "message":
        return
    message = as_dict(obj.get("message"))
    role = message.get("role")
    if role == "user":
        t.turns.append(Turn("user", block_text(message.get("content")), True, uid, number, timestamp=stamp))
    elif role == "assistant":
        text = block_text(message.get("content"))
        t.add("assistant", text, uid, number, stamp)
    elif role in ("toolResult", "bashExecution"):
        body = block_text(message.get("content")) or text_or_none(message.get("output")) or ""
        t.add("tool", body, uid, number, stamp)
    elif role in ("branchSummary", "compactionSummary"):
        summary = text_or_none(message.get("summary"))
        t.add("summary", summary, uid, number, stamp)
    elif role == "developer":
        t.drop(number, "developer message (the harness's instructions)")
    elif role == "custom":
        t.drop(number, "an extension's message (injected context)")
