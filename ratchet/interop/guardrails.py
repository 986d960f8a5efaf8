"""Ralph's ``guardrails.md``: the structured format and the legacy "Signs".

Structured guardrails are Ralph memories (see :mod:`ratchet.interop.ralph`) under ``## Fixes``,
``## Decisions`` and ``## Patterns``, with ids ``{type}-{unix time}-{4 hex}``. Both formats may share a file
(a file half migrated), so one pass reads both.

The legacy format is not specified by the seed beyond its ``### Sign:`` heading. We read the shape Ralph's
templates use::

    ### Sign: Read Before Writing
    - **Trigger**: Before modifying any file
    - **Instruction**: Always read the existing file first
    - **Added after**: Iteration 3 - overwrote important code

Accepted variants: ``### SIGN-001: Title``, ``**Trigger:** ...`` without the list dash, the keys Trigger,
Instruction, Reason, Added after and Example in any order, and plain bullet lines (taken as the instruction when
there is no Instruction key). A sign becomes one fact: ``"<title>: <instruction> (trigger: <trigger>)"`` plus
``Reason: ...`` when given, category ``process``, tag ``guardrail``; the raw fields are kept in ``meta``.
Signs carry no id or date: the id is derived from the title (so re-importing finds it), the date is the file's.
"""

from __future__ import annotations

import re
from pathlib import Path

from ratchet.interop import ralph
from ratchet.interop.common import Item, Parsed, Problem, content_id, file_time

SIGN_HEADING = re.compile(r"^###\s+sign(?:[-_ ]?[\w]+)?\s*:\s*(?P<title>.*)$", re.IGNORECASE)
_FIELD = re.compile(
    r"^\s*(?:[-*+]\s+)?\*\*(?P<key>trigger|instruction|reason|added after|example)\s*:?\s*\*\*\s*:?\s*(?P<value>.*)$",
    re.IGNORECASE,
)
_BULLET = re.compile(r"^\s*[-*+]\s+(?P<text>.+)$")


def parse_file(path: Path) -> Parsed:
    """Facts of a guardrails file, structured memories and legacy signs alike."""
    text = path.read_text(encoding="utf-8")
    fallback = file_time(path)
    parsed, raw_blocks = ralph.parse(text, path, foreign=SIGN_HEADING, fallback_created=fallback)
    seen: dict[str, int] = {}
    for block in raw_blocks:
        _sign(block, path.name, fallback, parsed, seen)
    parsed.items.sort(key=lambda item: int(item.where.rsplit(":", 1)[1]))
    return parsed


def _sign(block: ralph.RawBlock, name: str, created: str, parsed: Parsed, seen: dict[str, int]) -> None:
    where = f"{name}:{block.lineno}"
    match = SIGN_HEADING.match(block.heading)
    title = match.group("title").strip() if match else ""
    fields: dict[str, str] = {}
    free: list[str] = []
    for line in _without_comments(block.lines):
        if not line.strip() or ralph._RULE.match(line):
            continue
        found = _FIELD.match(line)
        if found:
            fields[found.group("key").lower()] = found.group("value").strip()
            continue
        bullet = _BULLET.match(line)
        free.append((bullet.group("text") if bullet else line).strip())
    instruction = fields.get("instruction") or " ".join(free)
    if not title and not instruction:
        parsed.problems.append(Problem(where, "sign without title or instruction", block.heading[:60]))
        return
    key = title or instruction
    sign_id = content_id("sign", key)
    if sign_id in seen:
        parsed.problems.append(Problem(where, f"duplicate sign '{key[:40]}' (first at line {seen[sign_id]})", sign_id))
        return
    seen[sign_id] = block.lineno
    content = f"{title}: {instruction}" if title and instruction else (title or instruction)
    if fields.get("trigger"):
        content += f" (trigger: {fields['trigger']})"
    if fields.get("reason"):
        content += f" Reason: {fields['reason']}"
    meta = {"sign": title} if title else {}
    meta.update({k.replace(" ", "_"): v for k, v in fields.items() if v})
    parsed.items.append(
        Item(
            where=where,
            content=content,
            source_type="sign",
            source_id=sign_id,
            fact_id=sign_id,
            tags=["guardrail"],
            created=created,
            meta=meta,
        )
    )


def _without_comments(lines: list[str]) -> list[str]:
    """Lines with HTML comments (templates hide example signs in them) removed."""
    text = re.sub(r"<!--.*?-->", "", "\n".join(lines), flags=re.S)
    return text.split("\n")
