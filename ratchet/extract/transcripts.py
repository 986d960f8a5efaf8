"""Agent transcripts: read every supported shape into one list of :class:`Turn`, cleaned.

The shapes and their readers are in :mod:`ratchet.extract.readers` (chosen by sniffing the content, never the file
name). Every turn's text is cleaned before anyone sees it: Ratchet's own recalled context (between
``<ratchet-context>`` and ``</ratchet-context>``, also HTML-escaped as Gemini passes hook context back) and
``<private>...</private>`` are removed, and ``[UNTRUSTED DATA]`` ... ``[/UNTRUSTED DATA]`` spans become separate
untrusted turns. Blocks the agent harness inserts into user messages (``<system-reminder>``, ``<command-name>``,
``<local-command-stdout>``, hook output such as ``<user-prompt-submit-hook>`` or Gemini's ``<hook_context>``, an
agent team's ``<teammate-message>``, another session's or a channel's message) are removed: they are not the user's
words. What was dropped, and why, is kept in ``Transcript.dropped``. An unreadable
file, a shape not recognised, or a file with no turns at all raises :class:`TranscriptError` naming the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ratchet.errors import TranscriptError

RECALL_OPEN = "<ratchet-context>"
RECALL_CLOSE = "</ratchet-context>"
UNTRUSTED_OPEN = "[UNTRUSTED DATA]"
UNTRUSTED_CLOSE = "[/UNTRUSTED DATA]"

# An unterminated opening marker hides everything after it: failing safe beats leaking private text.
_RECALLED = re.compile(
    r"(?:<|&lt;)ratchet-context\b.*?(?:>|&gt;).*?(?:(?:<|&lt;)/ratchet-context(?:>|&gt;)|\Z)", re.S | re.I
)
_PRIVATE = re.compile(r"<private>.*?(?:</private>|\Z)", re.S | re.I)
# Blocks the agent harness (Claude Code and its hooks, IDE integrations, Conductor's <system_instruction>) inserts into
# user messages: reminders, slash-command echoes and their output, `!` shell mode, hook output, IDE selections. None
# of it is the person speaking, so it is removed before anyone reads the turn. An unterminated block hides the rest
# (fail safe).
_HARNESS = re.compile(
    r"<(?P<tag>system[-_]reminder|system[-_]instructions?|command-(?:name|message|contents)|local-command-(?:stdout|stderr|caveat)|"
    r"bash-(?:input|stdout|stderr)|[a-z]+(?:-[a-z]+)*-(?:hook|event|notification)|hook_context|ide_[a-z_]+|"
    r"teammate-message|cross-session-message|mcp-resource-update|mcp-polling-update|fork-boilerplate|channel|tick)"
    r"\b[^>]*>.*?(?:</(?P=tag)>|\Z)",
    re.S,
)
# A message that is one element of a compound tag name from end to end (``<ci-monitor-event>...``): the harness
# delivering an event, not a person typing (Copilot CLI's ``<system_reminder>`` and the names above are its kind).
_WHOLE_ELEMENT = re.compile(r"\A\s*<(?P<tag>[a-z]+(?:[-_][a-z]+)+)\b[^>]*>.*</(?P=tag)>\s*\Z", re.S)
# Wrappers Claude Code puts around the user's own words (the ``#`` memory shortcut, long pasted or dictated
# input): the tags go, the words stay.
_WRAPPERS = re.compile(r"</?(?:user-memory-input|pasted_content)\b[^>]*>")
# What the user typed after a slash command: their words when they are prose (a custom command's brief), a setting
# of the command when they are a word or three ("/model sonnet").
_COMMAND_ARGS = re.compile(r"<command-args>(.*?)(?:</command-args>|\Z)", re.S)
# Harnesses that wrap what the user typed and put their own blocks beside it (Antigravity's <USER_REQUEST> with
# <ADDITIONAL_METADATA> and <USER_SETTINGS_CHANGE>, Cursor's <user_query> with the context it attached): only the
# wrapped text is the user's.
_REQUEST = re.compile(r"<(?P<tag>USER_REQUEST|user_query)>(.*?)(?:</(?P=tag)>|\Z)", re.S)
_INTERRUPTED = re.compile(r"^\s*\[Request interrupted by user[^\]]*\]\s*$", re.M)


@dataclass
class Turn:
    """One cleaned piece of conversation.

    ``role`` is ``user``, ``assistant``, ``tool``, ``system`` or ``summary``. ``trusted`` is False for tool
    results, web content and ``[UNTRUSTED DATA]`` spans; ``reason`` says why. ``uid`` is the line's uuid when
    the format has one, else ``line:N`` / ``msg:N``; ``line`` is the 1-based line (or message index) it came from.
    """

    role: str
    text: str
    trusted: bool = True
    uid: str = ""
    line: int = 0
    reason: str = ""
    timestamp: str | None = None


@dataclass
class Transcript:
    """A parsed transcript: its format, turns, and what it says about its session."""

    path: Path
    format: str
    turns: list[Turn] = field(default_factory=list)
    session_id: str | None = None
    cwd: str | None = None
    # The last complete unit read (line number or message count): the processed-offset bookkeeping unit.
    last_line: int = 0
    repository: str | None = None  # the repository URL the transcript names (Codex ``session_meta.git``)
    dropped: list[tuple[int, str]] = field(default_factory=list)  # (line, why) of text that is not the user's

    def drop(self, line: int, why: str) -> None:
        """Note that text at ``line`` was left out, and why (``memory-extract --explain``)."""
        self.dropped.append((line, why))

    def add(self, role: str, text: str | None, uid: str, line: int, stamp: str | None = None) -> None:
        """Add a turn of ``role`` when it has text: a tool's output as untrusted (``tool_result``), the rest as
        trusted. A user's turn is appended as read, empty or not: ``--explain`` counts those."""
        if text:
            trusted = role != "tool"
            self.turns.append(Turn(role, text, trusted, uid, line, "" if trusted else "tool_result", stamp))


def read_transcript(path: str | Path) -> Transcript:
    """Read and clean a transcript of any supported format (raises :class:`TranscriptError`)."""
    import stat

    path = Path(path)
    try:
        mode = path.stat().st_mode
        if not stat.S_ISREG(mode):  # a FIFO would block the worker for good, a device never ends
            kind = "a directory" if stat.S_ISDIR(mode) else "not a regular file"
            raise TranscriptError(f"Transcript {path} is {kind}")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise TranscriptError(f"Transcript {path} not found") from None
    except OSError as exc:
        raise TranscriptError(f"Transcript {path} cannot be read: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise TranscriptError(f"{path}:{line}: not UTF-8 text") from None
    return parse_transcript(text, path)


def parse_transcript(text: str, path: str | Path = "<transcript>") -> Transcript:
    """Parse transcript ``text`` (the file name is used in error messages only)."""
    try:
        return _parse(text, Path(path))
    except RecursionError:  # JSON nested thousands deep: no transcript looks like that
        raise TranscriptError(f"{path}: JSON nested too deeply to be a transcript") from None


def _parse(text: str, path: Path) -> Transcript:
    from ratchet.extract import readers

    fmt = readers.sniff(text, path)
    if fmt == "empty":
        raise TranscriptError(f"{path}: empty file, no conversation turns")
    transcript = readers.read(fmt, text, path)
    if not transcript.turns and not transcript.dropped:
        raise TranscriptError(f"{path}: no conversation turns found (read as {fmt})")
    transcript.turns = clean_turns(transcript.turns, transcript)
    return transcript


def sniff(text: str) -> str:
    """The shape of ``text`` (see :mod:`ratchet.extract.readers`), or ``empty``."""
    from ratchet.extract import readers

    return readers.sniff(text)


def strip_recalled(text: str) -> str:
    """Remove Ratchet's injected recalled-memory block(s), so recalled facts are never re-extracted."""
    return _RECALLED.sub("", text)


def strip_private(text: str) -> str:
    """Remove ``<private>...</private>`` content (an unterminated block hides the rest of the text)."""
    return _PRIVATE.sub("", text)


def wrapped_requests(text: str) -> list[str]:
    """What the user typed, when a harness wrapped it (``<USER_REQUEST>``, ``<user_query>``), one per wrapper."""
    return [m.group(2).strip() for m in _REQUEST.finditer(text)]


def strip_harness(text: str) -> str:
    """Remove blocks the agent harness inserted into a user message (``<system-reminder>``, slash-command echoes and
    output, hook output, ``!`` shell mode, IDE selections, other agents' and sessions' messages, "[Request
    interrupted by user]") and the tags, not the words, of the wrappers around the user's own input; of a message
    that wraps the user's request (``<USER_REQUEST>``, ``<user_query>``), only the request."""
    requests = wrapped_requests(text)
    if requests:
        text = "\n\n".join(r for r in requests if r)
    whole = _WHOLE_ELEMENT.match(text)
    if whole and whole.group("tag") != "command-args" and not _WRAPPERS.match(text.lstrip()):
        return ""  # the user's own words come in wrappers and a command's arguments, never alone in another element
    text = _COMMAND_ARGS.sub(lambda m: m.group(1) if len(m.group(1).split()) >= 4 else "", text)
    return _WRAPPERS.sub("", _INTERRUPTED.sub("", _HARNESS.sub("", text)))


def clean_turns(turns: list[Turn], transcript: Transcript | None = None) -> list[Turn]:
    """Strip recalled context, private blocks and harness blocks; split out untrusted spans. What was removed is
    noted in ``transcript.dropped`` (by kind, never its text)."""
    out: list[Turn] = []
    for turn in turns:
        text = strip_recalled(turn.text)
        if transcript is not None and text != turn.text:
            transcript.drop(turn.line, "recalled context (Ratchet's own)")
        cleaned = strip_private(text)
        if transcript is not None and cleaned != text:
            transcript.drop(turn.line, "private")
        text = cleaned
        if turn.role == "user":
            cleaned = strip_harness(text)
            if transcript is not None and cleaned != text:
                transcript.drop(turn.line, "harness (blocks the agent inserted)")
            text = cleaned
        for piece, trusted, reason in _split_untrusted(text):
            piece = piece.strip()
            if piece:
                trusted = trusted and turn.trusted
                out.append(
                    Turn(
                        turn.role,
                        piece,
                        trusted,
                        turn.uid,
                        turn.line,
                        "" if trusted else turn.reason or reason,
                        turn.timestamp,
                    )
                )
    return out


def _split_untrusted(text: str) -> list[tuple[str, bool, str]]:
    """Trusted text before the first ``[UNTRUSTED DATA]``, untrusted text up to the *last* ``[/UNTRUSTED DATA]`` (or
    the end), trusted text after it. Untrusted content can carry a closer (or an opener) of its own to end its span
    early; since a genuine closer cannot be told from a planted one, everything up to the last one stays untrusted,
    user text between two blocks included: the safe side."""
    start = text.find(UNTRUSTED_OPEN)
    if start < 0:
        return [(text, True, "")]
    close = text.rfind(UNTRUSTED_CLOSE, start + len(UNTRUSTED_OPEN))
    end = close if close >= 0 else len(text)
    after = text[close + len(UNTRUSTED_CLOSE) :] if close >= 0 else ""
    return [
        (text[:start], True, ""),
        (text[start + len(UNTRUSTED_OPEN) : end], False, "untrusted_block"),
        (after, True, ""),
    ]


def explain(transcript: Transcript) -> dict[str, Any]:
    """How ``transcript`` was read (``memory-extract --explain``): its format and session, the turns extraction sees
    by role (trusted or not), and what was left out and why, by reason with the lines (never the text)."""
    roles: dict[str, int] = {}
    for turn in transcript.turns:
        key = turn.role if turn.trusted or turn.role != "user" else "user (untrusted)"
        roles[key] = roles.get(key, 0) + 1
    dropped: dict[str, list[int]] = {}
    for line, why in transcript.dropped:
        dropped.setdefault(why, []).append(line)
    return {
        "path": str(transcript.path),
        "format": transcript.format,
        "session": transcript.session_id,
        "cwd": transcript.cwd,
        "repository": transcript.repository,
        "turns": roles,
        "dropped": {why: sorted(set(lines)) for why, lines in dropped.items()},
    }
