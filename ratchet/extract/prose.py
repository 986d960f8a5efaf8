"""The user's own prose in a user turn: what the person wrote, apart from what they pasted.

A user turn often carries text the user did not write: code blocks, diffs, stack traces, terminal and CI output,
tables, agent replies pasted back (lines starting with ``⏺`` or ``⎿``), quoted text (``>``), quoted email (an
"On ... wrote:" line or a From/Sent/To/Subject header, and everything after it), long quotations in double quotes,
and material introduced by a short lead-in ending with a colon ("I'm getting this error:", "Use the following text
as an example:"). Pasted lines are removed; :func:`split` returns the other sentences, each marked ``own`` (the
user's prose) or not: introduced material, and a later paragraph that never speaks as the user (a pasted review, a
question from an exam, an example text) are not the user's own statements, though a first-person sentence in them
may still be. :func:`first_person` says whether a piece of text speaks as the user at all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

_FENCE = re.compile(r"```.*?(?:```|\Z)|\"\"\".*?(?:\"\"\"|\Z)", re.S)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])|(?<=[a-z]{3}[.!?])\s+(?=[\"'(\[]?[a-z])")
_ABBREVIATION = re.compile(
    r"(?:\b(?:dr|mr|mrs|ms|st|jr|sr|prof|vs|etc|approx|no|inc|ltd|co|mt|e\.g|i\.e|[A-Z])\.)$", re.I
)
_BULLET = re.compile(r"^\s*(?:[-*+\u2022]|[qQ]?\d+[.)]|[a-zA-Z][.)])\s+")  # "q2)": an answer to question 2
_PASTED_REPLY = re.compile(r"^\s*[\u23fa\u23bf\u25cf\u2022]\s")  # ⏺ ⎿ ● (agent UI glyphs)
_QUOTE = re.compile(r"^\s*>")
_TABLE = re.compile(r"^\s*(?:\|.*\||\+[-=+]+\+|[-=]{3,}\s*$)")
_BOX = re.compile(r"[\u2500-\u257f\u2580-\u259f]")  # box drawing and blocks: terminal UI
_PROMPT = re.compile(r"^\s*(?:[\u276f$%#]\s|\w[\w.-]*@[\w.-]+[:\s~])")  # ❯ $ % # user@host
_LOG = re.compile(
    r"^\s*(?:\[?\d{4}-\d{2}-\d{2}[T ]\d|\[?\d{1,2}:\d{2}:\d{2}|(?:INFO|WARN(?:ING)?|ERROR|DEBUG|TRACE|FATAL|FAIL|"
    r"PASS|RUN)\b|(?:ok|\?)\s{2,}\S|(?:[Pp]anic|[Ww]arning|[Ee]rror|[Ff]atal|e|w|Caused by):\s|npm ERR!|"
    r"(?:[a-z]+ ){1,2}(?:warning|error):\s|"  # a tool's diagnostic: "evaluation warning: ...", "fatal error: ..."
    r"Exception in |Traceback|"
    r"goroutine \d|(?:---|===)\s+\w|at \S+ \(|File \"|\w[\w./-]*\.\w+:\d+(?::\d+)?[:\s]|[+-]{3} |@@ |diff --git|"
    r"[+-](?!\s)[\w{}()\[\];\"'])"
)
# A compiler's diagnostic pasted as it printed it: "... (ts 7053)", "error TS2322:", "error[E0308]", "error CS0246".
_DIAGNOSTIC = re.compile(r"\((?:ts|TS)\s?\d{3,5}\)\s*$|\berror\s?(?:TS|CS)\d{3,5}\b|\berror\[E\d{4}\]")
_CODE_LINE = re.compile(
    r"^\s*(?:def |class |import |from \S+ import|function\b|const |let |var |val |fun |func |public |private |"
    r"return\b|if\s*\(|for\s*\(|while\s*\(|#include|package |[{}\[\]();]+\s*$|//|/\*|\*/|<\w+[^>]*>)"
)
_EMAIL_START = re.compile(
    r"^\s*(?:On .{3,80} wrote:\s*$|-{2,}\s*Original Message\s*-{2,}|(?:From|Sent|To|Cc|Subject|Date):\s+\S)", re.I
)
_LEAD_IN = re.compile(r":\s*$")
_QUOTED = re.compile(r"[\"\u201c][^\"\u201c\u201d]*(?:\s\S+){4,}[^\"\u201c\u201d]*[\"\u201d]")
_STATEMENT_LEAD = re.compile(r"^(?:i|we|i've|we've|i'm|we're|my|our)\b", re.I)
_MATERIAL = re.compile(
    r"\b(?:error|errors|output|log|logs|trace|this|these|following|example|examples|message|below|text|code|"
    r"getting|seeing|got|says?|said|reads?|shows?|like)\b",
    re.I,
)
_EMPHASIS = re.compile(r"(?<![\w*_])[*_]{1,2}(\w[^*_\n]*?)[*_]{1,2}(?![\w*_])")
_HEADING = re.compile(r"^\s*#{1,6}\s|^\s*\*\*[^*]+\*\*\s*:?\s*$")
# "Oh My Posh", "Oh My Zsh": a capitalised "My" or "Our" between capitalised words is part of a name.
_NAMED = re.compile(r"(?<=[A-Z][a-z])\s(?:My|Our|Me|Us|We)\s(?=[A-Z])")
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|we'd|we'll|us|our|ours)\b")


@dataclass
class Sentence:
    """A sentence of a user turn; ``own`` is False for pasted or introduced material."""

    text: str
    own: bool
    listed: bool = False  # a list item


def pasted_line(line: str) -> bool:
    """Is ``line`` something the user pasted (code, output, a table, a quote, an agent reply) rather than wrote?"""
    stripped = line.strip()
    if not stripped:
        return False
    if line.startswith(("    ", "\t")):
        return True
    if _PASTED_REPLY.match(line) or _QUOTE.match(line) or _TABLE.match(line) or _BOX.search(line):
        return True
    if _PROMPT.match(line) or _LOG.match(line) or _CODE_LINE.match(line) or _DIAGNOSTIC.search(line):
        return True
    if len(stripped) < 12:
        return False
    wordy = sum(c.isalnum() or c.isspace() or c in ".,'!?-" for c in stripped)
    return wordy / len(stripped) < 0.85  # symbols everywhere: code, data, paths


def split(text: str) -> list[Sentence]:
    """The sentences of a user turn, pasted material marked (see the module docstring)."""
    text = _FENCE.sub("\n\n", text)
    out: list[Sentence] = []
    introduced = False  # after a short lead-in line ending with ":", the rest of the turn is material
    pasted_block = False  # a pasted line's paragraph (continuation lines of an agent reply, a log) stays pasted
    paragraph = -1  # after the first paragraph, prose that does not speak as the user was brought in
    blank = True
    speaks = False
    for raw in text.splitlines():
        if not raw.strip():
            pasted_block = False
            blank = True
            continue
        if blank:
            paragraph += 1
            blank = False
            speaks = False  # does this paragraph speak as the user (then its later lines are the user's too)
        if _EMAIL_START.match(raw):
            break  # quoted email runs to the end of the message
        if _HEADING.match(raw):
            continue
        if pasted_line(raw):
            pasted_block = True
            continue
        listed = bool(_BULLET.match(raw))
        line = _BULLET.sub("", raw).strip()
        speaks = speaks or first_person(line)
        own = not (introduced or pasted_block or (paragraph > 0 and not speaks))
        line = _EMPHASIS.sub(r"\1", line)  # "We _do_ need" -> "We do need"
        pieces = _sentences(_QUOTED.sub('"..."', line))  # a long quotation is someone else's words
        for piece in pieces:
            if '"..."' not in piece:
                out.append(Sentence(piece, own, listed))
        lead = pieces[-1] if pieces else ""
        if lead and _LEAD_IN.search(lead) and len(lead.split()) <= 15:
            # "I've updated the issue with one more requirement:" introduces the user's own words; "I'm getting this
            # error:", "Use the following text as an example:", "Situation report:" introduce material.
            introduced = introduced or not (_STATEMENT_LEAD.match(lead) and not _MATERIAL.search(lead))
    return out


def _sentences(line: str) -> list[str]:
    pieces: list[str] = []
    for piece in _SENTENCE_END.split(line):
        if pieces and _ABBREVIATION.search(pieces[-1]):
            pieces[-1] += " " + piece  # "Dr. Okafor" does not end a sentence
        else:
            pieces.append(piece)
    return [p.strip() for p in pieces if p.strip()]


def normal(text: str) -> str:
    """``text`` lower-cased with every run of non-word characters one space: what :func:`repeats` compares."""
    return " ".join(re.findall(r"\w+", text.lower()))


def repeats(sentence: str, earlier: Sequence[str]) -> bool:
    """Whether ``sentence`` (six words or more) is a stretch of one of ``earlier`` (the assistant's turns before, each
    :func:`normal` text between spaces): the user pasting the assistant's words back (a lyric, a bio, a draft)."""
    said = normal(sentence)
    return len(said.split()) >= 6 and any(f" {said} " in turn for turn in earlier)


def first_person(text: str) -> bool:
    """Does ``text`` speak as the user (I, me, my, we, our, ...)?"""
    return bool(_FIRST_PERSON.search(_NAMED.sub(" ", text).lower().replace("\u2019", "'")))
