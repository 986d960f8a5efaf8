"""crabtalk's file-per-entry memory: ``memory/entries/*.md``, the curated ``memory/MEMORY.md``, and ``Crab.md``.

An entry is frontmatter markdown, its filename slugified from its name::

    ---
    name: Entry Name
    description: Short searchable description
    ---
    Long-form content here.

Import: each entry becomes a fact (content = the body, or the description when the body is empty; category
``project``; the file's time as its date). ``MEMORY.md`` is split into its list items and paragraphs, each a
fact (explicitly curated: +0.2 importance), tagged with the slug of the heading above it. ``Crab.md`` is the
agent's identity, not memory: it is reported and passed over.

Export writes ``entries/<slug>.md`` (and ``MEMORY.md`` listing promoted facts) into a crabtalk memory
directory. Ratchet adds ``id``, ``category``, ``tags`` and ``created`` keys to the frontmatter so a round trip
keeps them; crabtalk reads only ``name`` and ``description``. Existing files with other content are not
overwritten unless ``force`` is given.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ratchet.core.facts import Fact
from ratchet.errors import NotFoundError, RatchetError
from ratchet.interop.common import (
    Item,
    Parsed,
    Problem,
    content_id,
    fact_id_for,
    file_time,
    normalise_date,
    valid_fact_id,
)
from ratchet.store.files import atomic_write, ensure_private_dir

_KEY = re.compile(r"^(?P<key>[A-Za-z_][\w-]*)\s*:\s?(?P<value>.*)$")
_LIST_ITEM = re.compile(r"^(?P<indent>\s*)(?:[-*+]|\d+[.)])\s+(?P<text>.*)$")
_SLUG = re.compile(r"[^a-z0-9]+")


def locate(path: Path) -> tuple[Path, Path]:
    """``(memory directory, config directory)`` for a path to either of them or to ``entries/``."""
    candidates = [path / "memory", path, path.parent] if path.name == "entries" else [path / "memory", path]
    for memory in candidates:
        if (memory / "entries").is_dir() or (memory / "MEMORY.md").is_file():
            return memory, memory.parent
    raise NotFoundError(f"No crabtalk memory (entries/ or MEMORY.md) under {path}")


def parse_file(path: Path) -> Parsed:
    """Entries, MEMORY.md lines and the Crab.md notice of a crabtalk config or memory directory."""
    parsed = Parsed()
    if path.is_file():
        _entry(path, parsed, path.name)
        return parsed
    memory, config_dir = locate(path)
    entries = memory / "entries"
    if entries.is_dir():
        for entry in sorted(entries.glob("*.md")):
            _entry(entry, parsed, f"entries/{entry.name}")
    index = memory / "MEMORY.md"
    if index.is_file():
        _index(index, parsed)
    crab = config_dir / "Crab.md"
    if crab.is_file():
        parsed.ignored.append(Problem("Crab.md", "identity file (agent personality), not memory: not imported"))
    return parsed


def parse_frontmatter(text: str) -> tuple[dict[str, Any], str] | str:
    """``(keys, body)`` of a frontmatter document, or the reason it is malformed."""
    lines = text.replace("\r\n", "\n").split("\n")
    if not lines or lines[0].strip() != "---":
        return "no frontmatter (the file must start with '---')"
    try:
        end = next(n for n in range(1, len(lines)) if lines[n].strip() == "---")
    except StopIteration:
        return "frontmatter not closed by '---'"
    keys: dict[str, Any] = {}
    for n in range(1, end):
        line = lines[n]
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _KEY.match(line)
        if not match:
            return f"line {n + 1}: frontmatter line is not 'key: value'"
        value = match.group("value").strip()
        try:
            keys[match.group("key").lower()] = _scalar(value)
        except ValueError as exc:
            return f"line {n + 1}: {exc}"
    return keys, "\n".join(lines[end + 1 :])


def _scalar(value: str) -> Any:
    if value.startswith('"'):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            raise ValueError(f"bad quoted value {value[:40]!r}") from None
    if len(value) >= 2 and value[0] == value[-1] == "'":
        return value[1:-1].replace("''", "'")
    if value.startswith("[") and value.endswith("]"):
        try:
            listed = json.loads(value)
        except json.JSONDecodeError:
            return [str(_scalar(v.strip())) for v in value[1:-1].split(",") if v.strip()]
        return [str(v) for v in listed] if isinstance(listed, list) else value
    return value


def _entry(path: Path, parsed: Parsed, where: str) -> None:
    stem = path.stem
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        parsed.problems.append(Problem(where, f"cannot be read: {exc}", stem))
        return
    result = parse_frontmatter(text)
    if isinstance(result, str):
        parsed.problems.append(Problem(where, result, stem))
        return
    keys, body = result
    name = str(keys.get("name") or "").strip()
    description = str(keys.get("description") or "").strip()
    content = body.strip() or description
    errors = []
    if not name:
        errors.append("frontmatter has no name")
    if not content:
        errors.append("entry without content or description")
    created = file_time(path)
    if keys.get("created"):
        created = normalise_date(str(keys["created"])) or ""
        if not created:
            errors.append(f"frontmatter created '{keys['created']}' is not a date")
    tags = keys.get("tags") or []
    if isinstance(tags, str):
        tags = [t.strip() for t in tags.split(",") if t.strip()]
    if errors:
        parsed.problems.append(Problem(where, "; ".join(errors), stem))
        return
    own_id = str(keys.get("id") or "")
    parsed.items.append(
        Item(
            where=where,
            content=content,
            source_type="entry",
            source_id=stem,
            fact_id=own_id if valid_fact_id(own_id) else fact_id_for("crabtalk", f"crabtalk-{stem}"),
            tags=list(tags),
            created=created,
            category=str(keys["category"]) if keys.get("category") else None,
            meta={"name": name, "description": description} if description else {"name": name},
        )
    )


def _index(path: Path, parsed: Parsed) -> None:
    """MEMORY.md: every list item and paragraph is a fact, tagged with its heading."""
    created = file_time(path)
    heading: str | None = None
    chunks: list[tuple[int, str, str | None]] = []
    current: list[str] = []
    start = 0
    in_fence = False

    def close() -> None:
        nonlocal current
        text = " ".join(part.strip() for part in current).strip()
        if text:
            chunks.append((start, text, heading))
        current = []

    for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if line.strip().startswith(("```", "~~~")):
            in_fence = not in_fence
            close()
            continue
        if in_fence:
            continue
        if line.startswith("#"):
            close()
            heading = line.lstrip("#").strip() or None
            continue
        if not line.strip() or re.match(r"^\s*([-*_])(\s*\1){2,}\s*$", line):
            close()
            continue
        item = _LIST_ITEM.match(line)
        if item and len(item.group("indent")) < 2:
            close()
            start = n
            current = [item.group("text")]
            continue
        if not current:
            start = n
        current.append(line)
    close()
    seen: set[str] = set()
    for lineno, text, title in chunks:
        item_id = content_id("crabtalk-index", text)
        if item_id in seen:
            continue
        seen.add(item_id)
        slug = _SLUG.sub("-", (title or "").lower()).strip("-")[:64]
        parsed.items.append(
            Item(
                where=f"MEMORY.md:{lineno}",
                content=text,
                source_type="index",
                source_id=item_id,
                fact_id=item_id,
                tags=[slug] if slug else [],
                created=created,
                explicit=True,
            )
        )


# ----- export --------------------------------------------------------------------------------------------------


@dataclass
class Written:
    """Files an export wrote and left as they were."""

    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)


def slugify(name: str) -> str:
    """crabtalk's filename rule: the lower-cased name with runs of other characters turned into '-'."""
    return _SLUG.sub("-", name.lower()).strip("-")[:60].strip("-") or "entry"


def _title(content: str) -> str:
    first = content.strip().split("\n", 1)[0]
    words = first.split()
    title = ""
    for word in words:
        if len(title) + len(word) + 1 > 60:
            break
        title = f"{title} {word}".strip()
    return title or first[:60] or "entry"


def _description(content: str) -> str:
    flat = " ".join(content.split())
    sentence = re.split(r"(?<=[.!?])\s", flat, maxsplit=1)[0]
    return sentence if len(sentence) <= 160 else sentence[:157].rstrip() + "..."


def _yaml(value: str) -> str:
    """A frontmatter value, quoted (JSON strings are valid YAML) when plain text would be misread."""
    if not value or re.search(r"[:#\[\]{}\"'\n]|^[\s\-?!&*|>%@`]|\s$", value):
        return json.dumps(value, ensure_ascii=False)
    return value


def render_entry(fact: Fact) -> tuple[str, str]:
    """``(slug, text)`` of the entry file for ``fact``."""
    from_crabtalk = fact.provenance == "import:crabtalk" and fact.meta.get("source_type") == "entry"
    name = str(fact.meta.get("name") or "") if from_crabtalk else ""
    name = name or _title(fact.content)
    description = str(fact.meta.get("description") or "") if from_crabtalk else ""
    description = description or _description(fact.content)
    slug = str(fact.meta.get("source_id") or "") if from_crabtalk else ""
    lines = [
        "---",
        f"name: {_yaml(name)}",
        f"description: {_yaml(description)}",
        f"id: {fact.id}",
        f"category: {fact.category}",
        f"tags: {json.dumps(fact.tags, ensure_ascii=False)}",
        f"created: {fact.created}",
        "---",
        fact.content.strip(),
        "",
    ]
    return slug or slugify(name), "\n".join(lines)


def export_dir(facts: list[Fact], out: Path, *, force: bool = False) -> Written:
    """Write ``facts`` as crabtalk entries (and MEMORY.md for promoted ones) under memory directory ``out``."""
    plan: dict[Path, str] = {}
    for fact in sorted(facts, key=lambda f: (f.created, f.id)):
        slug, text = render_entry(fact)
        target = out / "entries" / f"{slug}.md"
        n = 2
        while target in plan:
            target = out / "entries" / f"{slug}-{n}.md"
            n += 1
        plan[target] = text
    promoted = [f for f in facts if f.promoted]
    if promoted:
        lines = ["# Memory", ""] + [f"- {' '.join(f.content.split())}" for f in promoted]
        plan[out / "MEMORY.md"] = "\n".join(lines) + "\n"
    result = Written()
    conflicts = []
    for target, text in plan.items():
        if target.exists():
            if target.read_text(encoding="utf-8", errors="replace") == text:
                result.unchanged.append(target)
            elif not force:
                conflicts.append(target)
    if conflicts:
        more = f" (and {len(conflicts) - 1} more)" if len(conflicts) > 1 else ""
        raise RatchetError(f"{conflicts[0]} exists with other content{more}; use --force to overwrite")
    for target, text in plan.items():
        if target in result.unchanged:
            continue
        ensure_private_dir(target.parent)
        atomic_write(target, text)
        result.written.append(target)
    return result
