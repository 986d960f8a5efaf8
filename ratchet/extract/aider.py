"""Aider's chat history (``.aider.chat.history.md`` in the repository's root): see :mod:`ratchet.extract.readers`.

Markdown appended by every launch (``# aider chat started at <date>``), read the way aider's own restore does
(``aider/utils.py`` ``split_chat_history_markdown``): a line beginning ``#### `` is the user's input (several such
lines in a row are one message), a line beginning ``> `` is tool and interface output (untrusted: command output,
confirmations, file lists), ``# `` lines are headers, and everything else is the assistant's reply. An input that is
an aider command (``/add``, ``/run``, ``/drop``, ...) is not a statement; ``/ask``, ``/code``, ``/architect`` and
``/context`` carry a message to the model, which is read.
"""

from __future__ import annotations

import re
from pathlib import Path

from ratchet.extract.transcripts import Transcript, Turn

HEADER = "# aider chat started at"
_MESSAGE_COMMAND = re.compile(r"^/(?:ask|code|architect|context)\s+", re.I)


def read(text: str, path: Path) -> Transcript:
    t = Transcript(path=path, format="aider")
    current: Turn | None = None
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if line.startswith("# "):
            current = None
            continue
        role, body = (
            ("user", line[5:]) if line.startswith("#### ") else ("tool", line[2:]) if line.startswith("> ")
            else ("assistant", line)
        )  # fmt: skip
        if current is not None and current.role == role:
            current.text += "\n" + body
            continue
        if not body.strip() and role == "assistant":
            continue  # a blank line between turns starts nothing
        trusted = role != "tool"
        current = Turn(role, body, trusted, f"line:{number}", number, "" if trusted else "tool_result")
        t.turns.append(current)
    kept = []
    for turn in t.turns:
        said = turn.text.strip()
        if turn.role == "user" and said.startswith("/"):
            message = _MESSAGE_COMMAND.match(said)
            if message is None:
                t.drop(turn.line, "an aider command")
                continue
            turn.text = said[message.end() :]
        kept.append(turn)
    t.turns = kept
    t.last_line = len(lines)
    return t
