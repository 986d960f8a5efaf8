"""Ralph's ``.agent/memories.md``: parse it, and write Ratchet's facts as ``ralph memory prime`` prints them.

The format (one file, blockquoted memories under typed sections)::

    # Memories

    ## Patterns

    ### mem-1737372000-a1b2
    > This codebase uses barrel exports for all module boundaries.
    > Each directory has an index.ts that re-exports public API.
    <!-- tags: imports, structure | created: 2025-01-20 -->

Parsing is stricter than Ralph's own parser so nothing is dropped silently: a memory without content, a
metadata comment that does not parse, a memory under an unknown section, a heading that is not an id, a
repeated id or a stray unquoted line inside a memory are each reported as a malformed item. A memory without
a metadata comment is fine (no tags; the date comes from its id). Fenced code blocks and HTML comments outside
memories are ignored. Guardrails' structured format is the same grammar with ``fix-``/``decision-``/
``pattern-`` ids, so :mod:`ratchet.interop.guardrails` reuses :func:`parse` and receives the headings it
knows (legacy ``### Sign:`` blocks) through ``foreign``.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ratchet.config import Config
from ratchet.core import clock
from ratchet.core.facts import Fact
from ratchet.interop.common import (
    RALPH_ID,
    RALPH_TYPES,
    Item,
    Parsed,
    Problem,
    normalise_date,
    ralph_timestamp,
    ralph_type_of,
    split_tags,
)

SECTION_FOR_TYPE = {"pattern": "Patterns", "decision": "Decisions", "fix": "Fixes", "context": "Context"}
# Section headings accepted on import, lower-cased (Ralph writes the plural forms).
TYPE_FOR_SECTION = {
    "patterns": "pattern",
    "pattern": "pattern",
    "decisions": "decision",
    "decision": "decision",
    "fixes": "fix",
    "fix": "fix",
    "context": "context",
    "contexts": "context",
}
TRUNCATION_MARKER = "<!-- truncated: budget exceeded -->"
HEADER = "# Memories"
CHARS_PER_TOKEN = 4  # Ralph's own estimate: "MEMORIES_BUDGET=2000  # ~8000 chars"

_METADATA = re.compile(r"^<!--\s*tags:\s*(?P<tags>[^|]*?)\s*\|\s*created:\s*(?P<created>\S+)\s*-->$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_RULE = re.compile(r"^\s*([-*_])(\s*\1){2,}\s*$")


@dataclass
class RawBlock:
    """A ``###`` block whose heading another parser claimed (legacy guardrail signs)."""

    heading: str
    lineno: int
    lines: list[str] = field(default_factory=list)


@dataclass
class _Block:
    heading: str
    lineno: int
    section: str | None  # memory type, None for an unknown section
    section_name: str
    content: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    created: str | None = None
    has_metadata: bool = False
    errors: list[str] = field(default_factory=list)


def parse(
    text: str,
    path: Path,
    *,
    foreign: re.Pattern[str] | None = None,
    fallback_created: str | None = None,
) -> tuple[Parsed, list[RawBlock]]:
    """Memories of a Ralph markdown file, problems found, and the blocks whose headings match ``foreign``."""
    parsed = Parsed()
    raw_blocks: list[RawBlock] = []
    name = path.name
    section: str | None = "pattern"  # Ralph's parser starts in Patterns too
    section_name = "Patterns"
    block: _Block | None = None
    raw: RawBlock | None = None
    seen: dict[str, int] = {}
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    i = 0

    def flush() -> None:
        nonlocal block, raw
        if raw is not None:
            raw_blocks.append(raw)
            raw = None
        if block is not None:
            _finish(block, name, parsed, seen, fallback_created)
            block = None

    while i < len(lines):
        line = lines[i]
        lineno = i + 1
        i += 1
        if _FENCE.match(line) and not line.startswith(">"):
            # A fenced example (guardrails files show the format inside ``` blocks): skip to the closing fence.
            fence = _FENCE.match(line).group(1)  # type: ignore[union-attr]
            while i < len(lines) and not lines[i].strip().startswith(fence):
                i += 1
            i += 1
            if block is not None:
                block.errors.append(f"line {lineno}: a code fence inside a memory (quote it with '> ')")
            continue
        if line.strip().startswith("<!--"):
            # Comments first: templates hide example headings inside multi-line comments.
            comment = line.strip()
            while "-->" not in comment and i < len(lines):
                comment += "\n" + lines[i].strip()
                i += 1
            if block is not None:
                _metadata(block, comment, lineno)
            continue
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            title = line[level:].strip()
            if level in (1, 2, 3) and line[level : level + 1] in (" ", "\t", ""):
                flush()
                if level == 2:
                    section = TYPE_FOR_SECTION.get(title.lower())
                    section_name = title
                elif level == 3:
                    if foreign is not None and foreign.match(line):
                        raw = RawBlock(line, lineno)
                    else:
                        block = _Block(title, lineno, section, section_name)
                continue
        if raw is not None:
            raw.lines.append(line)
            continue
        stripped = line.strip()
        if line.startswith(">"):
            if block is not None:
                body = line[1:]
                block.content.append(body[1:] if body.startswith(" ") else body)
            continue
        if not stripped or _RULE.match(line):
            continue
        if block is not None:
            block.errors.append(f"line {lineno}: text outside the '> ' quote: {stripped[:40]!r}")
    flush()
    return parsed, raw_blocks


def _metadata(block: _Block, comment: str, lineno: int) -> None:
    if comment == TRUNCATION_MARKER:
        return
    match = _METADATA.match(comment)
    if not match:
        block.errors.append(f"line {lineno}: bad metadata comment (want '<!-- tags: a, b | created: YYYY-MM-DD -->')")
        return
    created = normalise_date(match.group("created"))
    if created is None:
        block.errors.append(f"line {lineno}: bad metadata comment: created '{match.group('created')}' is not a date")
        return
    if block.has_metadata:
        block.errors.append(f"line {lineno}: a second metadata comment")
        return
    block.has_metadata = True
    block.tags = split_tags(match.group("tags"))
    block.created = created


def _finish(block: _Block, name: str, parsed: Parsed, seen: dict[str, int], fallback_created: str | None) -> None:
    where = f"{name}:{block.lineno}"
    source_id = block.heading if RALPH_ID.match(block.heading) else None
    errors = list(block.errors)
    if source_id is None:
        errors.insert(0, f"heading '### {block.heading}' is not a memory id (mem-<unix time>-<4 hex>)")
    elif source_id in seen:
        errors.insert(0, f"duplicate id (first at line {seen[source_id]})")
    if block.section is None:
        errors.append(f"unknown section '## {block.section_name}' (known: Patterns, Decisions, Fixes, Context)")
    content = "\n".join(block.content).strip()
    if not content:
        errors.append("memory without content (no '> ' line)")
    if source_id is not None:
        seen.setdefault(source_id, block.lineno)
    if errors:
        parsed.problems.append(Problem(where, "; ".join(errors), source_id or block.heading[:60] or None))
        return
    assert source_id is not None and block.section is not None
    created = ralph_timestamp(source_id) or block.created or fallback_created
    parsed.items.append(
        Item(
            where=where,
            content=content,
            source_type=block.section,
            source_id=source_id,
            fact_id=source_id,
            tags=block.tags,
            created=created,
        )
    )


def parse_file(path: Path) -> Parsed:
    """Parse a Ralph memories file (see :func:`parse`); dates missing everywhere fall back to the file's time."""
    from ratchet.interop.common import file_time

    parsed, _ = parse(path.read_text(encoding="utf-8"), path, fallback_created=file_time(path))
    return parsed


# ----- export --------------------------------------------------------------------------------------------------


def estimate_tokens(text: str) -> int:
    """Tokens as Ralph counts them for its budget: about four characters each."""
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def export_id(fact: Fact, used: set[str]) -> str:
    """The ``mem-<unix time>-<4 hex>`` id a fact is written under: its Ralph id when it has one."""
    for candidate in (str(fact.meta.get("source_id") or ""), fact.id):
        match = RALPH_ID.match(candidate)
        if match:
            ralph = f"mem-{match.group(2)}-{match.group(3)}"
            if ralph not in used:
                return ralph
    stamp = int(clock.parse(fact.created).timestamp())
    digest = hashlib.sha1(fact.id.encode("utf-8")).hexdigest()
    for start in range(0, len(digest) - 3):
        ralph = f"mem-{stamp}-{digest[start : start + 4]}"
        if ralph not in used:
            return ralph
    raise ValueError(f"no free Ralph id for fact {fact.id}")  # 37 collisions in one second: not reachable


def _clean_tag(tag: str) -> str:
    # ',' separates tags and '|' ends the list in the metadata comment; '--' could close the comment.
    return re.sub(r"[,|]|--", "-", tag).strip()


def render_block(memory_id: str, fact: Fact) -> str:
    """One memory as Ralph writes it: ``### id``, the quoted content, the metadata comment."""
    lines = [f"### {memory_id}"]
    body = fact.content.replace("\r\n", "\n").replace("\r", "\n")
    lines += [f"> {line}" if line else ">" for line in body.split("\n")]
    tags = ", ".join(t for t in (_clean_tag(t) for t in fact.tags) if t)
    lines.append(f"<!-- tags: {tags} | created: {fact.created[:10]} -->")
    return "\n".join(lines) + "\n"


def render(
    facts: Iterable[Fact],
    config: Config,
    *,
    budget: int | None = None,
    ranked: list[Fact] | None = None,
) -> tuple[str, int]:
    """The prime markdown for ``facts`` and how many were left out by the token ``budget`` (0/None: no limit).

    Under a budget the highest-ranked memories (``ranked``, default the given order) are kept whole; the
    document lists them by section then age, and ends with the truncation marker when any was left out.
    """
    chosen = list(facts)
    order = ranked if ranked is not None else chosen
    used: set[str] = set()
    blocks: dict[str, str] = {}
    for fact in sorted(chosen, key=lambda f: (f.created, f.id)):
        memory_id = export_id(fact, used)
        used.add(memory_id)
        blocks[fact.id] = render_block(memory_id, fact)
    types = {f.id: ralph_type_of(f, config) for f in chosen}
    keep = {f.id for f in chosen}
    if budget:
        limit = budget * CHARS_PER_TOKEN
        total = len(HEADER) + 1
        if total + sum(len(b) + 1 for b in blocks.values()) + _section_cost(set(types.values())) > limit:
            limit -= len(TRUNCATION_MARKER) + 2
            keep = set()
            sections: set[str] = set()
            for fact in order:
                kind = types[fact.id]
                cost = len(blocks[fact.id]) + 1 + (0 if kind in sections else _section_cost({kind}))
                if total + cost <= limit:
                    total += cost
                    keep.add(fact.id)
                    sections.add(kind)
    out = [HEADER + "\n"]
    for kind in RALPH_TYPES:
        members = [f for f in chosen if f.id in keep and types[f.id] == kind]
        if not members:
            continue
        out.append(f"\n## {SECTION_FOR_TYPE[kind]}\n")
        for fact in sorted(members, key=lambda f: (f.created, f.id)):
            out.append("\n" + blocks[fact.id])
    omitted = len(chosen) - len(keep)
    if omitted:
        out.append("\n" + TRUNCATION_MARKER + "\n")
    return "".join(out), omitted


def _section_cost(kinds: set[str]) -> int:
    return sum(len(f"\n## {SECTION_FOR_TYPE[k]}\n") for k in kinds)
