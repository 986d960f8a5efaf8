"""``memory-embed``: keep fact embeddings in step with the store (fails closed; extraction calls the library).

Incremental by default (facts without a vector are embedded; vectors of superseded, purged or edited facts are
dropped); ``--all`` re-embeds everything. ``--export-json``/``--import-json`` speak the spec's ``embeddings.json``.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from ratchet.cli.common import Context, common_options, emit_json, fail_closed

PROGRESS_MIN = 500


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--all", "full", is_flag=True, help="Re-embed every fact, not only those without a vector.")
@click.option(
    "--export-json",
    "export_path",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write {fact_id: [float, ...]} to this file ('-' for stdout) and stop.",
)
@click.option(
    "--import-json",
    "import_path",
    type=click.Path(dir_okay=False, exists=True, allow_dash=True),
    help="Replace the stored vectors with those in this embeddings.json and stop.",
)
@click.option("--status", is_flag=True, help="Show what is stored (backend, model, dimension, count) and stop.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar or summary.")
@common_options
@fail_closed
def cli(ctx: Context, full: bool, export_path: str | None, import_path: str | None, status: bool, quiet: bool) -> None:
    """Embed facts for semantic retrieval (openai, local wordllama or tf-idf backend).

    \b
    Examples:
      memory-embed
      memory-embed --all
      memory-embed --export-json memory/embeddings.json
      memory-embed --import-json embeddings.json
      memory-embed --status --json
    """
    from ratchet.recall import refresh
    from ratchet.store import vectors

    picked = [
        name
        for name, on in (
            ("--all", full),
            ("--export-json", export_path),
            ("--import-json", import_path),
            ("--status", status),
        )
        if on
    ]
    if len(picked) > 1:
        raise click.UsageError(f"{picked[0]} and {picked[1]} are mutually exclusive")
    store = ctx.store
    if status:
        info = vectors.status(store.memdir)
        if ctx.json_output:
            emit_json(info)
        elif info["count"] is None:
            click.echo("No embeddings stored.")
        else:
            click.echo(
                f"{info['count']} vectors, {info['backend']} {info['model']} ({info['dimension']}-d), "
                f"synced {info['updated']}"
            )
        return
    if export_path:
        data = vectors.export_json(store.memdir)
        text = json.dumps(data, separators=(",", ":"))
        if export_path == "-":
            click.echo(text)
        else:
            from pathlib import Path

            from ratchet.store.files import atomic_write

            atomic_write(Path(export_path), text + "\n")
            if not quiet:
                click.echo(f"Exported {len(data)} vectors to {export_path}", err=True)
        return
    if import_path:
        with click.open_file(import_path, encoding="utf-8") as fh:
            try:
                data = json.load(fh)
            except json.JSONDecodeError as exc:
                from ratchet.errors import RatchetError

                raise RatchetError(f"{import_path} line {exc.lineno}: invalid JSON ({exc.msg})") from None
        info = refresh.import_json(store, ctx.config, data)
        if ctx.json_output:
            emit_json(info)
        elif not quiet:
            click.echo(f"Imported {info['imported']} vectors ({info['dimension']}-d), skipped {info['skipped']}")
        return
    bar: dict[str, Any] = {}

    def progress(done: int, total: int) -> None:
        if quiet or total < PROGRESS_MIN:
            return
        if "bar" not in bar:
            bar["bar"] = click.progressbar(length=total, label="Embedding", file=sys.stderr)
            bar["bar"].__enter__()
            bar["done"] = 0
        bar["bar"].update(done - bar["done"])
        bar["done"] = done

    try:
        result = refresh.sync(store, ctx.config, full=full, progress=progress)
    finally:
        if "bar" in bar:
            bar["bar"].__exit__(None, None, None)
    if ctx.json_output:
        emit_json(result)
    elif not quiet:
        click.echo(
            f"Embedded {result['embedded']}, dropped {result['dropped']}: {result['total']} vectors "
            f"({result['backend']} {result['model']}, {result.get('dimension', 0)}-d)"
        )


if __name__ == "__main__":
    cli()
