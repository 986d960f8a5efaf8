"""Import and export the memory formats of other agent-memory tools.

Import formats: ``ralph-memories`` (Ralph's ``.agent/memories.md``), ``ralph-guardrails`` (``guardrails.md``,
structured and legacy "Signs"), ``crabtalk`` (``memory/entries/*.md`` and ``MEMORY.md``), ``ralph-mem-sqlite``
(ralph-mem's SQLite database), ``jsonl`` (Ratchet's own facts, to merge stores) and ``embeddings-json``
(the spec's ``{fact_id: [float, ...]}``), ``claude-memory`` (Claude Code's auto memory: ``MEMORY.md`` and topic
files), ``codex-memories`` (Codex Memories: ``MEMORY.md`` and ``memory_summary.md``). Export formats:
``ralph-memories`` (the ``ralph memory prime`` markdown, budget-aware), ``crabtalk`` (an entries directory) and
``jsonl``.

Each format module parses; :func:`ratchet.interop.common.run_import` applies the shared rules (ids, credential
filter, dedupe, all or nothing). The library never prints: callers show the :class:`ImportReport`.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from ratchet.config import Config
from ratchet.core import clock
from ratchet.core.facts import Fact
from ratchet.errors import NotFoundError, RatchetError, UsageError
from ratchet.interop.common import (
    CATEGORY_FOR_TYPE,
    RALPH_TYPES,
    TYPE_FOR_CATEGORY,
    ImportReport,
    Parsed,
    ralph_type_of,
    run_import,
)
from ratchet.store.store import Store

IMPORT_FORMATS = (
    "ralph-memories",
    "ralph-guardrails",
    "crabtalk",
    "ralph-mem-sqlite",
    "jsonl",
    "embeddings-json",
    "claude-memory",
    "codex-memories",
)
EXPORT_FORMATS = ("ralph-memories", "crabtalk", "jsonl")

__all__ = [
    "CATEGORY_FOR_TYPE",
    "EXPORT_FORMATS",
    "IMPORT_FORMATS",
    "TYPE_FOR_CATEGORY",
    "ImportReport",
    "export_crabtalk",
    "export_text",
    "import_path",
    "parse",
    "select",
]


def parse(fmt: str, path: Path) -> Parsed:
    """Read ``path`` in format ``fmt`` into items and problems (nothing is written)."""
    from ratchet.interop import claude_memory, crabtalk, guardrails, jsonl, ralph, ralphmem

    parsers = {
        "ralph-memories": ralph.parse_file,
        "ralph-guardrails": guardrails.parse_file,
        "crabtalk": crabtalk.parse_file,
        "ralph-mem-sqlite": ralphmem.parse_file,
        "jsonl": jsonl.parse_file,
        "claude-memory": claude_memory.parse_file,
        "codex-memories": claude_memory.parse_codex,
    }
    if fmt not in parsers:
        raise UsageError(f"Unknown import format '{fmt}' (known: {', '.join(IMPORT_FORMATS)})")
    if fmt in ("ralph-memories", "ralph-guardrails") and not path.is_file():
        raise NotFoundError(f"File {path} not found")
    if fmt in ("crabtalk", "claude-memory", "codex-memories") and not path.exists():
        raise NotFoundError(f"Directory {path} not found")
    try:
        return parsers[fmt](path)
    except RecursionError:  # JSON nested thousands deep: no export of any tool looks like that
        raise RatchetError(f"{path}: JSON nested too deeply to be a {fmt} file") from None
    except UnicodeDecodeError as exc:
        raise RatchetError(f"{path} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except IsADirectoryError:
        raise RatchetError(f"{path} is a directory, not a {fmt} file") from None
    except OSError as exc:
        raise RatchetError(f"{path} cannot be read: {exc.strerror}") from None


def default_scope(fmt: str, path: Path) -> str:
    """Where imported facts belong when no scope is given: a Ralph file's repository, otherwise global."""
    from ratchet.core.scope import scope_for

    if fmt in ("ralph-memories", "ralph-guardrails"):
        return scope_for(path.resolve().parent)
    if fmt == "claude-memory":
        from ratchet.interop.claude_memory import project_dir

        project = project_dir(path.resolve())
        return scope_for(project) if project else "global"
    return "global"


def import_path(
    store: Store,
    config: Config,
    fmt: str,
    path: Path,
    *,
    scope: str | None = None,
    dry_run: bool = False,
    partial: bool = False,
) -> ImportReport:
    """Import ``path`` (format ``fmt``) into ``store``; ``scope`` None keeps each source's own scope."""
    if fmt == "embeddings-json":
        from ratchet.interop.embeddings_json import import_vectors

        try:
            return import_vectors(store, config, path, dry_run=dry_run, partial=partial)
        except RecursionError:
            raise RatchetError(f"{path}: JSON nested too deeply to be an embeddings-json file") from None
    parsed = parse(fmt, path)
    if scope is not None:
        for item in parsed.items:
            item.scope = scope
            if item.fact is not None:
                item.fact.scope = scope
    return run_import(
        store, config, fmt, path, parsed, scope=default_scope(fmt, path), dry_run=dry_run, partial=partial
    )


def select(
    facts: list[Fact],
    config: Config,
    *,
    types: list[str] | None = None,
    tags: list[str] | None = None,
    recent: int | None = None,
    scope: str | None = None,
    now: datetime | None = None,
) -> list[Fact]:
    """Active facts (not pending review: a proposal is not memory yet) matching every filter: ``types`` (Ralph types
    or categories), any of ``tags``, created in the last ``recent`` days, in ``scope``. Oldest first."""
    from ratchet.core.review import pending

    wanted = [t.strip().lower() for t in types or [] if t.strip()]
    unknown = [t for t in wanted if t not in RALPH_TYPES and t not in config.categories]
    if unknown:
        known = ", ".join([*RALPH_TYPES, *sorted(config.categories)])
        raise UsageError(f"--type: '{unknown[0]}' is neither a Ralph type nor a category ({known})")
    wanted_tags = {t.strip().lower() for t in tags or [] if t.strip()}
    moment = now or clock.now()
    out = []
    for fact in facts:
        if not fact.active or pending(fact):
            continue
        if wanted and fact.category not in wanted and ralph_type_of(fact, config) not in wanted:
            continue
        if wanted_tags and not wanted_tags.intersection(fact.tags):
            continue
        if recent is not None and clock.days_between(fact.created, moment) > recent:
            continue
        if scope is not None and fact.scope != scope:
            continue
        out.append(fact)
    out.sort(key=lambda f: (f.created, f.id))
    from ratchet.core.secrets import shareable

    return [f for f in out if shareable(f.content, f.tags)]  # a planted credential never leaves through an export


def export_text(facts: list[Fact], config: Config, fmt: str, *, budget: int | None = None) -> tuple[str, int]:
    """The export of ``facts`` as text and how many a ``budget`` left out (``ralph-memories`` or ``jsonl``)."""
    if fmt == "ralph-memories":
        from ratchet.core.scoring import effective_score
        from ratchet.interop import ralph

        now = clock.now()
        ranked = sorted(facts, key=lambda f: (-effective_score(f, config, now), f.created, f.id))
        return ralph.render(facts, config, budget=budget, ranked=ranked)
    if fmt == "jsonl":
        from ratchet.interop import jsonl

        return jsonl.render(facts), 0
    raise UsageError(f"Format '{fmt}' is not a text export (text formats: ralph-memories, jsonl)")


def export_crabtalk(facts: list[Fact], out: Path, *, force: bool = False) -> tuple[list[Path], list[Path]]:
    """Write crabtalk entries for ``facts`` under memory directory ``out``: ``(written, unchanged)`` paths."""
    from ratchet.interop import crabtalk

    result = crabtalk.export_dir(facts, out, force=force)
    return result.written, result.unchanged
