"""Plain-text and Markdown chat logs (the ``text`` shape of :mod:`ratchet.extract.readers`).

Turns open with a speaker: a line ``User: ...`` / ``Assistant: ...`` in its many dressings (bold, a heading, an emoji,
a time in parentheses, "You said:"), a heading or a bold name alone on its line (``## USER``, ``#### ChatGPT:``,
``**human** (Oct 6, 2025, 04:07 PM)``), or an Obsidian callout of the Nexus AI Chat Importer (``>[!nexus_user]
**User** - ...``, the message quoted below it). Inside a fenced code block nothing is a speaker, by CommonMark's rule
(a block opened with four backticks is not closed by three); a block a reply leaves open ends at the next speaker
heading of the file's own level, so an answer cut short does not swallow the rest of the conversation. Gemini's
``/chat share`` Markdown puts a tool's response under ``## USER`` as ``**Tool Response**:``: tool output.
"""

from __future__ import annotations

import re
from pathlib import Path

from ratchet.errors import TranscriptError
from ratchet.extract.transcripts import Transcript, Turn

# Who speaks, as chat exports name them: the user, or an assistant by its name ("ChatGPT", "GPT-4o", "Copilot").
_ASSISTANTS = r"assistant|ai|claude|codex|gemini|model|bot|agent|chatgpt|gpt(?:-[\w.]+)?|copilot|bard|grok|perplexity"
# "User" in the languages exports are written in ("### Пользователь [17:49:08]").
_USER_WORDS = (
    "пользователь", "usuario", "usuário", "utilisateur", "benutzer", "nutzer", "utente", "gebruiker", "użytkownik",
    "kullanıcı", "用户", "用戶", "ユーザー", "사용자",
)  # fmt: skip
_USERS = "|".join(_USER_WORDS)
# A line opening a turn: "User: ...", "**Assistant:** ...", "#### ChatGPT:", "## 👤 user:", "## You (2025-11-08):",
# "**👤 You:**", and "You said:" / "ChatGPT said:" (the ChatGPT page's own labels, in what is copied from it).
SPEAKER = re.compile(
    r"^\s{0,3}(?:#{1,6}\s*(?:[^\w\s#]{1,4}\s*)?|>{1,2}\s*)?(?:\*\*|__)?(?:[^\w\s#*>.+-]{1,4}\s*)?(?P<who>user|human|"
    r"me|you|"
    + _USERS
    + "|"
    + _ASSISTANTS
    + r"|tool|tool result|system)(?:\s+said)?(?:\*\*|__)?\s*(?:\([^)\n]{0,40}\)\s*)?:(?:\*\*|__)?\s?(?P<rest>.*)$",
    re.I,
)
# A Markdown heading that names the speaker and nothing else but an emoji or a time: "## USER 🧑‍💻", "## MODEL ✨",
# "## ChatGPT (2025-11-08T08:53:52Z)".
_HEADING_SPEAKER = re.compile(
    r"^\s{0,3}#{1,6}\s*(?:[^\w\s#]{1,4}\s*)?(?P<who>user|human|you|model|system|" + _USERS + "|" + _ASSISTANTS + r")\b"
    r"(?:\s*(?:\([^)\n]{0,40}\)|\[[^\]\n]{0,40}\]))?[^\w:]*:?\s*$|"
    # or in bold alone on its line, with a time: "**human** (Oct 6, 2025, 04:07 PM)"
    r"^\s{0,3}\*\*(?P<bold>user|human|you|model|system|" + _ASSISTANTS + r")\*\*\s*(?:\([^)\n]{0,40}\))?\s*$",
    re.I,
)
# An Obsidian callout of the Nexus AI Chat Importer: ">[!nexus_user] **User** - 08/20/2025 at 8:48:32 AM", the
# message below it quoted ("> ..."), a "<!-- UID: ... -->" comment after it.
_CALLOUT = re.compile(r"^>\s*\[!nexus_(?P<who>user|agent|assistant)\][^\n]*$")
_COMMENT = re.compile(r"^\s*<!--.*-->\s*$")
# A fenced code block's opening or closing line (CommonMark: three or more backticks or tildes; a closing fence is as
# long as its opening, or longer, and has no info string).
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})(.*)$")
# A heading that names someone else ("#### Mistral:") at the level the file's speakers use: not the user speaking.
_OTHER_HEADING = re.compile(
    r"^\s{0,3}(?P<level>#{1,6})\s*(?:[^\w\s#]{1,4}\s*)?[^\W\d][\w .'-]{0,30}?(?:\s*\([^)\n]{0,40}\))?\s*:\s*$"
)
_TOOL_RESPONSE = re.compile(r"^\s*\*\*Tool Response\*\*:\s*$")
_SPEAKER_ROLES = {
    **dict.fromkeys(("user", "human", "me", "you", *_USER_WORDS), "user"),
    **dict.fromkeys(("tool", "tool result"), "tool"),
    "system": "system",
}


def read(text: str, path: Path) -> Transcript:
    from ratchet.extract import claude, gemini

    t = Transcript(path=path, format="text")
    current: Turn | None = None
    fence = ""  # the open code block's fence ("```", "````", "~~~"), if any
    level = ""  # the heading level the file's speakers use ("####"), once one is seen
    preamble = 0  # the first line of text before the first speaker
    quoted = False  # the current turn is a callout, its lines quoted with ">"
    signature: tuple[str, bool] | None = None  # how the file writes a speaker heading: its level, and a time
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        callout = _CALLOUT.match(line)
        if callout:
            fence = ""
            role = "user" if callout.group("who") == "user" else "assistant"
            current = Turn(role, "", True, f"line:{number}", number)
            t.turns.append(current)
            quoted = True
            continue
        if quoted and line.startswith(">"):
            line = line[2:] if line.startswith("> ") else line[1:]
        elif quoted and _COMMENT.match(line):
            continue
        marker = _FENCE.match(line)
        heading = _HEADING_SPEAKER.match(line)
        if fence and heading and _signature(line) == signature:
            # A block a reply left open (an answer cut short) ends where the next speaker begins, written as the
            # exporter writes its speakers (level and time): a heading quoted inside a block is written otherwise.
            fence = ""
        if marker and not fence:
            fence = marker.group(1)
        elif (
            marker
            and marker.group(1)[0] == fence[0]
            and len(marker.group(1)) >= len(fence)
            and not marker.group(2).strip()
        ):
            fence = ""
        in_fence = bool(fence) or bool(marker)
        match = None if in_fence else SPEAKER.match(line) or heading
        who = (match.group("who") or match.groupdict().get("bold") or "") if match else ""
        role = _SPEAKER_ROLES.get(who.lower(), "assistant") if match else ""
        if match and heading and signature is None:
            signature = _signature(line)
        if match and line.lstrip().startswith("#"):
            level = line.lstrip()[: len(line.lstrip()) - len(line.lstrip().lstrip("#"))]
        other = None if in_fence or match or not level else _OTHER_HEADING.match(line)
        if other and other.group("level") == level and current is not None and current.role == "user":
            # Someone the file names at its speakers' level, not the user ("#### Mistral:"): their words are not
            # the user's, whoever they are.
            current = Turn("assistant", "", True, f"line:{number}", number)
            t.turns.append(current)
            continue
        if not in_fence and current is not None and current.role == "user" and _TOOL_RESPONSE.match(line):
            # Gemini's Markdown export puts a function's response under "## USER" (its role in the history).
            current = Turn("tool", "", False, f"line:{number}", number, "tool_result")
            t.turns.append(current)
            continue
        if match and current is not None and current.role == "tool" and role in ("user", "tool"):
            # Tool output may print "User: ..." lines of its own; only the assistant, who reads the output, ends the
            # tool turn. A real user turn straight after tool output stays untrusted: the safe side.
            match = None
        if match:
            quoted = False
            trusted = role != "tool"
            rest = match.groupdict().get("rest") or ""
            current = Turn(role, rest, trusted, f"line:{number}", number, "" if trusted else "tool_result")
            t.turns.append(current)
        elif current is not None:
            if line.strip() != "---":  # the share export's separator between turns
                current.text += "\n" + line
        elif line.strip() and not line.lstrip().startswith("#"):
            preamble = preamble or number  # a note's title, date or metadata before the conversation
    if not t.turns and preamble:
        raise TranscriptError(f"{path}:{preamble}: text before the first 'User:' or 'Assistant:' turn")
    if not t.turns:
        raise TranscriptError(f"{path}:1: no 'User:' or 'Assistant:' turns found")
    if preamble:
        t.drop(preamble, "text before the first speaker (a title or notes)")
    t.last_line = len(lines)
    kept = []
    for turn in t.turns:  # what agents write as the user, exported under a user heading
        why = gemini.harness(turn.text) if turn.role == "user" else None
        if turn.role == "user" and claude.PLAN_HANDOFF.match(turn.text):
            why = "plan handoff (the assistant's plan, not the user's words)"
        if turn.role == "user" and claude.CONTINUED.match(turn.text):
            turn.role = "summary"
        if why is None:
            kept.append(turn)
        else:
            t.drop(turn.line, why)
    t.turns = kept
    return t


def _signature(line: str) -> tuple[str, bool]:
    """A speaker heading's form: its heading marks (or bold), and whether a time follows the name."""
    stripped = line.strip()
    return stripped[: len(stripped) - len(stripped.lstrip("#*"))], "(" in stripped
