"""Claude Code's auto memory: ``~/.claude/projects/<project>/memory/``, ``MEMORY.md`` and topic files.

Claude Code keeps notes of its own per project (its memory reference: ``MEMORY.md`` is the index, the first 200
lines loaded at every start, with topic files beside it). They are plain Markdown, which Claude (and the user) write
freely, so the reader is lenient:

- an optional YAML front matter (``name``, ``description``, ``type``) is read; ``type`` picks the category
  (``user`` -> personal, ``feedback`` -> preference, ``project`` and ``reference`` -> project);
- each bullet or numbered item is a fact, and so is each paragraph; the nearest heading becomes a tag;
- in ``MEMORY.md`` a bullet that only links to a topic file (``- [Testing](testing.md) - how we test``) is an index
  entry: the topic file itself is read instead;
- code blocks and HTML comments are not facts.

Facts carry a content id (``claude-memory-<sha1>`` of the file name and text), so importing the same notes again
adds nothing, and the file's modification time as their date. The scope is the project's repository when the
project folder's name (Claude Code's path of the project with ``/`` as ``-``) names a repository on this machine.

Codex Memories (``~/.codex/memories/``) are read the same way (:func:`parse_codex`): ``MEMORY.md``, the consolidated
memories, and ``memory_summary.md``, the short index injected at every start; the per-session raw notes
(``raw_memories.md``, ``rollout_summaries/``) and ``skills/`` are passed over. This layout is the one tools that
mirror Codex describe (``memory_summary.md``, ``MEMORY.md``, ``raw_memories.md``, ``rollout_summaries/``); it was not
checked against openai/codex's own source.
"""

from __future__ import annotations

import re
from pathlib import Path

from ratchet.interop.common import Item, Parsed, Problem, content_id, file_time

SOURCE_TYPE = "claude-memory"
CODEX_TYPE = "codex-memories"
CODEX_FILES = ("MEMORY.md", "memory_summary.md")
CATEGORY_FOR_KIND = {"user": "personal", "feedback": "preference", "project": "project", "reference": "project"}
_FRONT = re.compile(r"\A---\s*\n(?P<body>.*?)\n---\s*(?:\n|\Z)", re.S)
_FIELD = re.compile(r"^(?P<key>[A-Za-z_]+)\s*:\s*(?P<value>.*?)\s*$")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(?P<title>.+?)\s*#*\s*$")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(?P<text>.+)$")
_INDEX_LINK = re.compile(r"^\[(?P<title>[^\]]+)\]\((?P<target>[^)\s]+\.md)\)\s*(?:[-—–:]\s*(?P<hook>.*))?$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_COMMENT = re.compile(r"<!--.*?-->", re.S)


def parse_codex(path: Path) -> Parsed:
    """Facts of a Codex memories directory (``MEMORY.md`` and ``memory_summary.md``) or of one of its files."""
    parsed = Parsed()
    if path.is_dir():
        files = [path / name for name in CODEX_FILES if (path / name).is_file()]
        if not files:
            parsed.problems.append(Problem(str(path), "no MEMORY.md or memory_summary.md"))
        for other in sorted(p.name for p in path.iterdir() if p.name not in CODEX_FILES):
            parsed.ignored.append(Problem(f"{path.name}/{other}", "raw or per-session notes, skills: not imported"))
    else:
        files = [path]
    for file in files:
        _read(file, parsed, index=False, source_type=CODEX_TYPE)
    return parsed


def parse_file(path: Path) -> Parsed:
    """Facts of a memory directory (``MEMORY.md`` and every topic file) or of one Markdown file."""
    parsed = Parsed()
    if path.is_dir():
        files = sorted(path.glob("*.md"), key=lambda p: (p.name != "MEMORY.md", p.name))
        if not files:
            parsed.problems.append(Problem(str(path), "no Markdown files (MEMORY.md or topic files)"))
    else:
        files = [path]
    for file in files:
        _read(file, parsed, index=file.name == "MEMORY.md")
    return parsed


def _read(path: Path, parsed: Parsed, *, index: bool, source_type: str = SOURCE_TYPE) -> None:
    text = _COMMENT.sub("", path.read_text(encoding="utf-8"))
    created = file_time(path)
    category = None
    front = _FRONT.match(text)
    offset = 0
    if front:
        fields = {
            m.group("key").lower(): m.group("value") for m in map(_FIELD.match, front.group("body").splitlines()) if m
        }
        category = CATEGORY_FOR_KIND.get(fields.get("type", "").strip().strip("\"'").lower())
        offset = text[: front.end()].count("\n")
        text = text[front.end() :]
    heading: str | None = None
    paragraph: list[tuple[int, str]] = []
    in_code = False

    def flush() -> None:
        if paragraph:
            text = " ".join(t for _, t in paragraph)
            _add(path, paragraph[0][0], text, heading, category, created, parsed, source_type)
            paragraph.clear()

    for number, line in enumerate(text.splitlines(), offset + 1):
        if _FENCE.match(line):
            flush()
            in_code = not in_code
            continue
        if in_code:
            continue
        found = _HEADING.match(line)
        if found:
            flush()
            heading = found.group("title")
            continue
        item = _ITEM.match(line)
        if item:
            flush()
            body = item.group("text").strip()
            link = _INDEX_LINK.match(body)
            if link and index and (path.parent / link.group("target")).is_file():
                parsed.ignored.append(Problem(f"{path.name}:{number}", f"index entry for {link.group('target')}"))
                continue
            if link:  # a link to a file that is not there: keep what the line says
                body = " - ".join(p for p in (link.group("title"), link.group("hook")) if p)
            _add(path, number, body, heading, category, created, parsed, source_type)
            continue
        if line.strip():
            paragraph.append((number, line.strip()))
        else:
            flush()
    flush()


def _add(
    path: Path,
    number: int,
    text: str,
    heading: str | None,
    category: str | None,
    created: str,
    parsed: Parsed,
    source_type: str = SOURCE_TYPE,
) -> None:
    text = " ".join(text.split())
    if len(text) < 3:
        return
    tags = [_slug(heading)] if heading and _slug(heading) else []
    parsed.items.append(
        Item(
            where=f"{path.name}:{number}",
            content=text,
            source_type=source_type,
            source_id=content_id(source_type, f"{path.name}\n{text}"),
            tags=tags,
            created=created,
            category=category,
            meta={"file": path.name},
        )
    )


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40]


def project_dir(memory_dir: Path) -> Path | None:
    """The project a Claude Code memory folder belongs to: ``~/.claude/projects/-home-me-src-app/memory`` ->
    ``/home/me/src/app`` when that directory exists (a ``-`` in a folder's own name is tried both ways)."""
    folder = memory_dir if memory_dir.is_dir() else memory_dir.parent
    name = folder.parent.name if folder.name == "memory" else folder.name
    if not name.startswith("-"):
        return None
    parts = name[1:].split("-")
    current = Path("/")
    i = 0
    while i < len(parts):
        for j in range(len(parts), i, -1):  # the longest name that exists: "my-app" before "my"
            candidate = current / "-".join(parts[i:j])
            if candidate.is_dir():
                current, i = candidate, j
                break
        else:
            return None
    return current
