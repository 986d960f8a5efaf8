"""``ratchet import`` and ``ratchet export``: other agent-memory tools' formats in and out.

Human verbs, fail closed. The import report (counts, skipped items and why) goes to stdout; each malformed item
is a warning on stderr. A run with malformed items imports nothing and exits 1 unless ``--partial``.
"""

from __future__ import annotations

from pathlib import Path

import click

from ratchet.cli.common import Context, common_options, emit_json, fail_closed
from ratchet.interop import EXPORT_FORMATS, IMPORT_FORMATS

_KIND_LABELS = {
    "present": "already present",
    "archived": "forgotten or purged",
    "duplicate": "duplicate",
    "secret": "with a credential",
    "too-long": "too long",
    "ignored": "not memory",
    "missing": "unknown fact",
    "superseded": "superseded",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _split(values: tuple[str, ...]) -> list[str]:
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


@click.command(name="import")
@click.argument("fmt", metavar="FORMAT", type=click.Choice(IMPORT_FORMATS))
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--dry-run", is_flag=True, help="Report what would be imported; write nothing.")
@click.option("--partial", is_flag=True, help="Import the good items even when some are malformed.")
@click.option(
    "--scope",
    help="'global', 'repo' (this repository) or 'repo:<id>' (default: a Ralph file's repository, else global; "
    "jsonl keeps each fact's own).",
)
@common_options
@fail_closed
def import_(ctx: Context, fmt: str, path: Path, dry_run: bool, partial: bool, scope: str | None) -> None:
    """Import memories from another tool's format (or merge another Ratchet store).

    FORMAT is one of ralph-memories, ralph-guardrails, crabtalk, ralph-mem-sqlite, jsonl, embeddings-json,
    claude-memory (Claude Code's auto memory folder, ~/.claude/projects/<project>/memory), codex-memories
    (~/.codex/memories).
    Ids, dates and tags are kept; types map to categories; credentials and duplicates are skipped.

    \b
    Examples:
      ratchet import ralph-memories .agent/memories.md --dry-run
      ratchet import ralph-guardrails .ralph/guardrails.md
      ratchet import crabtalk ~/.crabtalk/config
      ratchet import claude-memory ~/.claude/projects/-home-me-src-app/memory
      ratchet import codex-memories ~/.codex/memories
      ratchet import ralph-mem-sqlite ~/.ralph-mem/memory.db --partial
      ratchet import jsonl ../other-machine/memory
      ratchet import embeddings-json old/memory/embeddings.json
    """
    from ratchet.core.scope import resolve_scope
    from ratchet.errors import RatchetError
    from ratchet.interop import import_path

    wanted_scope = resolve_scope(scope) if scope else None
    report = import_path(ctx.store, ctx.config, fmt, path, scope=wanted_scope, dry_run=dry_run, partial=partial)
    for problem in report.malformed:
        click.echo(f"Warning: skipped malformed {problem}", err=True)
    if ctx.json_output:
        emit_json(report.to_dict())
    if report.aborted:
        many = _plural(len(report.malformed), "malformed item")
        raise RatchetError(f"Nothing imported: {many} in {path} (fix them or use --partial)")
    if ctx.json_output:
        return
    what = "vector" if fmt == "embeddings-json" else "fact"
    verb = "Would import" if dry_run else "Imported"
    line = f"{verb} {_plural(len(report.imported_ids), what)} from {fmt} {path}"
    counts = report.counts()
    if counts:
        parts = [f"{n} {_KIND_LABELS.get(kind, kind)}" for kind, n in counts.items()]
        line += f"; skipped {', '.join(parts)}"
    click.echo(line)
    for skip in report.skipped:
        click.echo(f"  skipped {skip}")


@click.command()
@click.argument("fmt", metavar="FORMAT", type=click.Choice(EXPORT_FORMATS))
@click.option(
    "--budget", type=click.IntRange(min=0), help="ralph-memories: at most TOKENS (~4 characters each; 0: no limit)."
)
@click.option("--type", "-t", "types", multiple=True, help="Only these Ralph types or categories (comma-separated).")
@click.option("--tags", multiple=True, help="Only facts with any of these tags (comma-separated).")
@click.option("--recent", type=click.IntRange(min=0), help="Only facts created in the last DAYS days (0: all).")
@click.option("--scope", help="Only facts of this scope: 'global', 'repo' (this repository) or 'repo:<id>'.")
@click.option("--output", "-o", type=click.Path(path_type=Path), help="File to write (crabtalk: its memory directory).")
@click.option("--force", is_flag=True, help="Overwrite an existing --output file (crabtalk: entry files that differ).")
@common_options
@fail_closed
def export(
    ctx: Context,
    fmt: str,
    budget: int | None,
    types: tuple[str, ...],
    tags: tuple[str, ...],
    recent: int | None,
    scope: str | None,
    output: Path | None,
    force: bool,
) -> None:
    """Export facts as Ralph memories markdown, crabtalk entries or Ratchet JSONL.

    ralph-memories prints what 'ralph memory prime' prints: typed sections, whole memories only, the
    highest-scoring first under --budget, and a truncation marker when the budget leaves some out.

    \b
    Examples:
      ratchet export ralph-memories --budget 2000 > .agent/memories.md
      ratchet export ralph-memories --type fix,pattern --recent 30
      ratchet export crabtalk --output ~/.crabtalk/config/memory
      ratchet export jsonl --tags docker --output facts.jsonl
    """
    from ratchet.core.scope import resolve_scope
    from ratchet.errors import UsageError
    from ratchet.interop import export_crabtalk, export_text, select
    from ratchet.store.files import atomic_write

    if budget and fmt != "ralph-memories":
        raise UsageError("--budget applies to ralph-memories only")
    if fmt == "crabtalk" and output is None:
        raise UsageError("crabtalk export needs --output DIR (the crabtalk memory directory)")
    if force and output is None:
        raise UsageError("--force applies with --output only")
    if ctx.json_output and output is None:
        raise UsageError("--json needs --output: without it the export itself goes to stdout")
    facts = select(
        ctx.store.facts(),
        ctx.config,
        types=_split(types),
        tags=_split(tags),
        recent=recent or None,
        scope=resolve_scope(scope) if scope else None,
    )
    if fmt == "crabtalk":
        assert output is not None
        written, unchanged = export_crabtalk(facts, output, force=force)
        summary = {"format": fmt, "exported": len(facts), "output": str(output), "written": len(written)}
        summary["unchanged"] = len(unchanged)
        if ctx.json_output:
            emit_json(summary)
        else:
            click.echo(
                f"Exported {_plural(len(facts), 'fact')} to {output} "
                f"({len(written)} written, {len(unchanged)} unchanged)",
                err=True,
            )
        return
    text, omitted = export_text(facts, ctx.config, fmt, budget=budget)
    if output is None:
        click.echo(text, nl=False)
    else:
        _check_output(output, force)
        atomic_write(output, text)
    exported = len(facts) - omitted
    if ctx.json_output:
        emit_json({"format": fmt, "exported": exported, "omitted": omitted, "output": str(output)})
        return
    where = f" to {output}" if output else ""
    message = f"Exported {_plural(exported, 'fact')}{where}"
    if omitted:
        message += f"; {omitted} left out by the budget of {budget} tokens"
    click.echo(message, err=True)


def _check_output(output: Path, force: bool) -> None:
    """An export replaces only a regular file, and only with ``--force``: never a symlink, a FIFO, a device or a
    directory (as root, ``--output /dev/null`` must not replace /dev/null)."""
    import stat

    from ratchet.errors import StoreError, UsageError

    if not output.parent.is_dir():
        raise StoreError(f"Directory {output.parent} does not exist")
    try:
        mode = output.lstat().st_mode
    except FileNotFoundError:
        return
    if stat.S_ISDIR(mode):
        raise UsageError(f"--output: {output} is a directory")
    if not stat.S_ISREG(mode):
        raise UsageError(f"--output: {output} is not a regular file; refusing to replace it")
    if not force:
        raise UsageError(f"--output: {output} exists (add --force to overwrite it)")
