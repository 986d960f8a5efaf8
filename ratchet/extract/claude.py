"""Claude transcripts (see :mod:`ratchet.extract.readers` for how a shape is chosen).

- ``claude``: Claude Code session JSONL (``~/.claude/projects/<dir>/<session>.jsonl``, also ``claude -p
  --output-format stream-json``). Assistant replies split across lines sharing one ``message.id`` are merged; tool
  results are untrusted; thinking, sidechains and ``isMeta`` lines are skipped; compaction summaries are kept as
  ``summary`` turns (context, never a source of user facts), with or without ``isCompactSummary`` (sessions before
  1.0 wrote the summary as a plain user line: "This session is being continued from a previous conversation ...").
- ``claude-ai``: a claude.ai or Claude Desktop data export (``conversations.json``: conversations with
  ``chat_messages`` of ``sender`` human or assistant; every branch is in the list, the one the user last saw ends at
  ``current_leaf_message_uuid``); attached files' extracted text is untrusted.

The user's words where Claude Code does not write a user line: what they typed when rejecting a tool call (inside
the tool result, after "To tell you how to proceed, the user said:"; only for a built-in tool, since an MCP
server's or a web tool's error text is theirs), a free-text answer to ``AskUserQuestion``
(``toolUseResult.answers``; an option chosen is the assistant's wording, left as tool output), and a message typed
while the agent was working (a ``queue-operation`` ``enqueue`` later ``remove``d, or still waiting when the file
ends, or in 2.1.2xx an ``attachment`` ``queued_command`` from a human); a queued message the user pulled back
(``popAll``) or that became a user line anyway (``dequeue``, or the same words sent again) is not read twice, and the
queue's machine items (notifications, background tasks) are not the user's.

Not the user's words, so dropped: a plan-mode handoff (a user line with ``planContent``: "Implement the following
plan: ..."), "Operation stopped by hook: ...", and the tail of a task notification ("Read the output file to retrieve
the result: ..." and its older wording "Full transcript available at: ...").
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ratchet.errors import TranscriptError
from ratchet.extract.readers import as_dict, as_list, block_text, branch, text_or_none
from ratchet.extract.transcripts import Transcript, Turn

PLAN_HANDOFF = re.compile(r"^\s*Implement the following plan:", re.I)
CONTINUED = re.compile(r"^\s*This session is being continued from a previous conversation\b")
_HOOK_STOP = re.compile(r"^\s*Operation stopped by hook:", re.I)
_OUTPUT_TAIL = re.compile(
    r"^\s*(?:Read the output file to retrieve the result:|Full transcript available at:).*$", re.M
)
_REJECTED = re.compile(
    r"\A\s*The user doesn't want to proceed with this tool use\..*?To tell you how to proceed, the user said:\n(.*)\Z",
    re.S,
)
# Queued items that are not something the user typed: notifications, background tasks (JSON), slash commands.
_MACHINE_QUEUED = re.compile(r"\s*(?:<(?:task|agent)-notification>|<agent-message\b|/|\{)")
# What Claude Code writes after "the user said:" itself when the user picks "clarify" on a question.
_CLARIFY = re.compile(r"\s*The user wants to clarify these questions\.")


def read_jsonl(records: list[tuple[int, dict[str, Any]]], path: Path) -> Transcript:
    t = Transcript(path=path, format="claude")
    assistant_at: dict[str, Turn] = {}  # message.id -> merged assistant turn
    tools: dict[str, str] = {}  # tool_use id -> the tool's name
    typed = _typed_lines(records)
    queue: list[str] = []  # messages typed while the agent worked, oldest first
    for number, obj in records:
        t.last_line = number
        t.session_id = t.session_id or text_or_none(obj.get("sessionId")) or text_or_none(obj.get("session_id"))
        t.cwd = t.cwd or text_or_none(obj.get("cwd"))
        kind = obj.get("type")
        uid = str(obj.get("uuid") or f"line:{number}")
        stamp = text_or_none(obj.get("timestamp"))
        if kind in ("queue-operation", "attachment"):
            said = _queued(obj, queue)
            if said is not None and said.strip() not in typed:
                typed.add(said.strip())  # the attachment and the queue operation of one message: read once
                t.turns.append(Turn("user", said, True, uid, number, timestamp=stamp))
            continue
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
            _user_line(t, obj, content, uid, number, stamp, tools)
            continue
        for block in as_list(content):
            if isinstance(block, dict) and block.get("type") == "tool_use" and isinstance(block.get("id"), str):
                tools[block["id"]] = str(block.get("name") or "")
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
    _still_queued(t, queue, typed, t.last_line)
    return t


def _user_line(
    t: Transcript, obj: dict[str, Any], content: Any, uid: str, number: int, stamp: str | None, tools: dict[str, str]
) -> None:
    if obj.get("isCompactSummary") or CONTINUED.match(block_text(content)):
        t.turns.append(Turn("summary", block_text(content), True, uid, number, timestamp=stamp))
        return
    if obj.get("planContent") or PLAN_HANDOFF.match(block_text(content)):
        t.drop(number, "plan handoff (the assistant's plan, not the user's words)")
        return
    if isinstance(content, str):
        _user_text(t, content, uid, number, stamp)
        return
    for block in as_list(content):
        if not isinstance(block, dict):
            continue
        if block.get("type") == "text":
            _user_text(t, str(block.get("text") or ""), uid, number, stamp)
        elif block.get("type") == "tool_result":
            body = block_text(block.get("content"))
            own = _harness_tool(tools.get(str(block.get("tool_use_id"))))
            rejected = _REJECTED.match(body) if block.get("is_error") and own else None
            if rejected and _CLARIFY.match(rejected.group(1)):
                t.drop(number, "harness (the user asked to clarify the agent's questions)")
                continue
            if rejected:
                t.drop(number, "harness (a tool call rejected; the user's words after it are read)")
                _user_text(t, rejected.group(1), uid, number, stamp)
                continue
            t.turns.append(Turn("tool", body, False, uid, number, "tool_result", stamp))
            asked = tools.get(str(block.get("tool_use_id"))) == "AskUserQuestion"  # Claude Code's own question tool
            for answer in _typed_answers(obj.get("toolUseResult")) if asked else []:
                t.turns.append(Turn("user", answer, True, uid, number, timestamp=stamp))


def _harness_tool(name: str | None) -> bool:
    """Whether an error of this tool is Claude Code's own text: a built-in tool that does not return outside
    content. An MCP server's or a web tool's error is whatever that server or page sent, so "the user said:" in it
    could be anyone's words."""
    return bool(name) and not str(name).startswith("mcp__") and name not in ("WebFetch", "WebSearch")


def _user_text(t: Transcript, text: str, uid: str, number: int, stamp: str | None) -> None:
    """A user text block, less what the harness wrote into it."""
    if _HOOK_STOP.match(text):
        t.drop(number, "harness (a hook stopped the operation)")
        return
    if _OUTPUT_TAIL.search(text):
        text = _OUTPUT_TAIL.sub("", text)
        t.drop(number, "harness (task notification tail)")
    t.turns.append(Turn("user", text, True, uid, number, timestamp=stamp))


def _typed_answers(result: Any) -> list[str]:
    """The answers to ``AskUserQuestion`` the user typed (not one of the options the assistant offered)."""
    if not isinstance(result, dict) or not isinstance(result.get("answers"), dict):
        return []
    offered: dict[str, set[str]] = {}
    for question in as_list(result.get("questions")):
        if isinstance(question, dict) and isinstance(question.get("question"), str):
            options = [o.get("label") for o in as_list(question.get("options")) if isinstance(o, dict)]
            offered[question["question"]] = {label for label in options if isinstance(label, str) and label}
    out = []
    for asked, answer in result["answers"].items():
        if not isinstance(answer, str) or not answer.strip():
            continue
        labels = offered.get(str(asked), set())
        if answer in labels or all(part.strip() in labels for part in answer.split(",")):
            continue  # an option chosen (several, comma-joined, when multiSelect)
        out.append(answer)
    return out


def _typed_lines(records: list[tuple[int, dict[str, Any]]]) -> set[str]:
    """The text of every plain user line (a queued message sent again as one is read there)."""
    out = set()
    for _, obj in records:
        message = obj.get("message")
        if obj.get("type") == "user" and isinstance(message, dict) and isinstance(message.get("content"), str):
            out.add(message["content"].strip())
    return out


def _queued(obj: dict[str, Any], queue: list[str]) -> str | None:
    """What a queue operation or a ``queued_command`` attachment says the user typed and the agent took in mid-turn
    (None: nothing of the user's here, or it became a user line of its own). ``queue`` holds what the user typed
    that is still waiting, oldest first: machine items (notifications, background tasks) never enter it, so a
    ``remove`` without content takes the user's oldest (the best reading of a queue they share)."""
    if obj.get("type") == "attachment":
        found = obj.get("attachment")
        item = as_dict(found)
        human = item.get("humanTurn") is True or as_dict(item.get("origin")).get("kind") == "human"
        prompt = text_or_none(item.get("prompt"))
        if item.get("type") != "queued_command" or not human or item.get("commandMode", "prompt") != "prompt":
            return None
        return prompt if prompt and not _MACHINE_QUEUED.match(prompt) else None
    operation, content = obj.get("operation"), text_or_none(obj.get("content"))
    if operation == "enqueue" and content is not None and content.strip() and not _MACHINE_QUEUED.match(content):
        queue.append(content)
    elif operation == "dequeue" and queue:
        queue.pop(0)  # sent as a user line of its own
    elif operation == "popAll":
        queue.clear()  # pulled back into the input box, not sent
    elif operation == "remove":
        said = content if content is not None else (queue[0] if queue else None)
        if said is not None and said in queue:
            queue.remove(said)
        if said and not _MACHINE_QUEUED.match(said):
            return said
    return None


def _still_queued(t: Transcript, queue: list[str], typed: set[str], number: int) -> None:
    """Messages the user typed that were still waiting when the file ends: their words all the same."""
    for said in queue:
        if said.strip() not in typed:
            typed.add(said.strip())
            t.turns.append(Turn("user", said, True, f"queued:{number}", number))


def _branch(messages: list[dict[str, Any]], leaf: str | None) -> list[dict[str, Any]]:
    """The messages of the branch the user last saw: from ``current_leaf_message_uuid`` up the
    ``parent_message_uuid`` links (every edit and regeneration is in the list); the list as it is without them."""
    by_id = {m["uuid"]: m for m in messages if isinstance(m.get("uuid"), str)}
    return branch(by_id, leaf, "parent_message_uuid") if leaf in by_id else messages


def read_export(doc: Any, path: Path) -> Transcript:
    """A claude.ai / Claude Desktop export: a list of conversations (or one) with ``chat_messages``."""
    t = Transcript(path=path, format="claude-ai")
    conversations = doc if isinstance(doc, list) else [doc]
    index = 0
    for number, conversation in enumerate(conversations, 1):
        if not isinstance(conversation, dict):
            raise TranscriptError(f"{path}:1: conversation {number} is not an object")
        t.session_id = t.session_id or text_or_none(conversation.get("uuid"))
        found = conversation.get("chat_messages")
        messages = as_list(found)
        for number_in, message in enumerate(messages, index + 1):
            if not isinstance(message, dict):
                raise TranscriptError(f"{path}:1: message {number_in} is not an object")
        branch = _branch(messages, text_or_none(conversation.get("current_leaf_message_uuid")))
        kept = {id(m) for m in branch}
        for position, message in enumerate(messages, index + 1):
            if id(message) not in kept:
                t.drop(position, "another branch (an edit or a regeneration the user left)")
        for message in branch:
            index += 1
            t.last_line = index
            content = message.get("content")
            blocks = (
                [b for b in content if isinstance(b, dict) and b.get("type") == "text"]
                if isinstance(content, list)
                else []
            )
            text = block_text(blocks) or block_text(message.get("text"))
            uid = str(message.get("uuid") or f"msg:{index}")
            stamp = text_or_none(message.get("created_at"))
            sender = message.get("sender")
            if sender == "human":
                t.turns.append(Turn("user", text, True, uid, index, timestamp=stamp))
                attached = message.get("attachments")
                for item in as_list(attached):
                    body = text_or_none(item.get("extracted_content")) if isinstance(item, dict) else None
                    t.add("tool", body, uid, index, stamp)
            elif sender == "assistant":
                t.turns.append(Turn("assistant", text, True, uid, index, timestamp=stamp))
            else:
                raise TranscriptError(f"{path}:1: message {index} is from unknown sender '{sender}'")
    return t
