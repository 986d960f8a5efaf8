"""``memory-extract``: facts from an agent transcript into the memory store.

Run by hand it fails closed: an unreadable transcript is one line naming the file and line, exit 1, nothing
written. With ``--hook`` it is a hook verb and fails open: it reads the hook JSON on stdin, starts a fully
detached worker (new session, no stdio) and exits 0 at once with nothing on stdout; any failure, in the hook or
in the worker, becomes a line in ``memory/ratchet.log``. Heavy modules are imported only past the hook path.
"""

from __future__ import annotations

import sys

import click

import ratchet
from ratchet.cli.common import Context, common_options, emit_json, fail_closed
from ratchet.hooks.io import fail_open


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("transcript", required=False, type=click.Path(dir_okay=False, path_type=str))
@click.option("--session", help="Session id (default: from the transcript, else its file name).")
@click.option(
    "--cwd",
    "cwd",
    type=click.Path(file_okay=False, path_type=str),
    help="The session's working directory (decides the repository scope).",
)
@click.option("--dry-run", is_flag=True, help="Print the facts that would be stored; write nothing.")
@click.option("--offline", is_flag=True, help="Use the offline extractor even when an LLM is configured.")
@click.option(
    "--explain",
    is_flag=True,
    help="Print how the transcript was read (format, turns by role, what was left out and why); extract nothing.",
)
@click.option(
    "--hook",
    is_flag=True,
    help="Read hook JSON (transcript_path, session_id, cwd) on stdin; extract in the background.",
)
@click.option("--worker", is_flag=True, hidden=True)
@common_options
def cli(
    ctx: Context,
    transcript: str | None,
    session: str | None,
    cwd: str | None,
    dry_run: bool,
    offline: bool,
    explain: bool,
    hook: bool,
    worker: bool,
) -> None:
    """Extract durable facts from an agent session transcript.

    Reads Claude Code, Codex, Gemini CLI, Copilot CLI, OpenCode, Pi, Cursor and Aider sessions, claude.ai, ChatGPT,
    Open WebUI, LibreChat and LM Studio exports, ShareGPT, plain JSON message lists and User:/Assistant: text.
    Uses the configured LLM, or the offline extractor when no API key or base URL is set. Running the same
    transcript again adds nothing.

    \b
    Examples:
      memory-extract ~/.claude/projects/-home-me-app/0b7e.jsonl
      memory-extract session.md --dry-run
      memory-extract rollout.jsonl --explain
      memory-extract chat.json --session review-42 --json
      echo '{"transcript_path": "t.jsonl", "session_id": "s1", "cwd": "."}' | memory-extract --hook
    """
    if hook:
        _hook(ctx)
        return
    if worker:
        _worker(ctx, transcript, session, cwd, offline)
        return
    if explain:
        _explain(ctx, transcript)
        return
    _run(ctx, transcript, session, cwd, dry_run, offline)


@fail_closed
def _run(
    ctx: Context, transcript: str | None, session: str | None, cwd: str | None, dry_run: bool, offline: bool
) -> None:
    from ratchet.errors import UsageError
    from ratchet.extract.transcripts import read_transcript
    from ratchet.store.memdir import MemoryDir, resolve_memory_dir
    from ratchet.store.store import Store

    if not transcript:
        raise UsageError("Missing argument 'TRANSCRIPT' (or use --hook)")
    parsed = read_transcript(transcript)  # before touching the memory directory: a bad file writes nothing
    # A dry run must not even create the memory directory.
    store = Store(MemoryDir(resolve_memory_dir(ctx.memory_dir, ctx.config)), create=False) if dry_run else ctx.store
    result = ratchet.extract_transcript(
        store, parsed, config=ctx.config, session=session, cwd=cwd, dry_run=dry_run, mode="offline" if offline else None
    )
    if ctx.json_output:
        emit_json(result.to_json())
        return
    verb = "would add" if dry_run else "+"
    for fact in result.added:
        flags = f"{fact.category} {fact.importance:.2f}"
        if fact.source_trust == "untrusted":
            flags += " untrusted"
        if fact.tier != "standard":
            flags += f" {fact.tier}"
        scope = "" if fact.scope == "global" else f" ({fact.scope})"
        note = f" [superseded by {fact.superseded_by[:8]}]" if fact.superseded_by else ""
        waits = next((p["why"] for p in result.pending if p["id"] == fact.id), None)
        note += f" [pending review: {waits}]" if waits else ""
        click.echo(f"{verb} {fact.id[:8]} [{flags}] {fact.content}{scope}{note}")
    for pair in result.superseded:
        click.echo(f"~ {pair['old'][:8]} superseded by {pair['new'][:8]}")
    for rejected in result.rejected:
        kinds = f" ({', '.join(rejected['kinds'])})" if rejected.get("kinds") else ""
        click.echo(f"Rejected: {rejected['reason']}{kinds}", err=True)
    label = "LLM" if result.mode == "llm" else "offline extractor"
    click.echo(
        f"{transcript} ({result.format}, {label}{', dry run: nothing written' if dry_run else ''}): "
        f"{len(result.added)} added, {len(result.duplicates)} duplicate, {len(result.rejected)} rejected, "
        f"{len(result.superseded)} superseded, {len(result.references)} confirmed; "
        + (f"{len(result.pending)} of the added pending review ('ratchet review'); " if result.pending else "")
        + f"{result.turns_new} of {result.turns_total} turns new",
        err=True,
    )


@fail_closed
def _explain(ctx: Context, transcript: str | None) -> None:
    """How the file was read; touches no memory directory."""
    from ratchet.errors import UsageError
    from ratchet.extract.transcripts import explain, read_transcript

    if not transcript:
        raise UsageError("Missing argument 'TRANSCRIPT'")
    report = explain(read_transcript(transcript))
    if ctx.json_output:
        emit_json(report)
        return
    about = ", ".join(f"{k} {report[k]}" for k in ("session", "cwd", "repository") if report[k])
    click.echo(f"{transcript}: {report['format']}{f' ({about})' if about else ''}")
    click.echo("turns: " + (", ".join(f"{n} {role}" for role, n in report["turns"].items()) or "none"))
    if not report["dropped"]:
        click.echo("dropped: nothing")
    for why, lines in report["dropped"].items():
        shown = ", ".join(str(n) for n in lines[:10]) + (f" and {len(lines) - 10} more" if len(lines) > 10 else "")
        click.echo(f"dropped: {why} (line{'s' if len(lines) > 1 else ''} {shown})")


def _hook(ctx: Context) -> None:
    with fail_open("memory-extract --hook", ctx.memory_dir, ctx.config_path):
        from ratchet.hooks.io import parse_hook_input, spawn_worker

        spawn_worker(parse_hook_input(sys.stdin.read()), ctx.memory_dir, ctx.config_path)
    sys.exit(0)


def _worker(ctx: Context, transcript: str | None, session: str | None, cwd: str | None, offline: bool) -> None:
    """The detached half of ``--hook``: extract, log one line, never raise (nobody reads its stderr)."""
    with fail_open("memory-extract worker", ctx.memory_dir, ctx.config_path):
        from ratchet.store.logfile import log_line

        if not transcript:
            raise ValueError("worker started without a transcript")
        result = ratchet.extract_transcript(
            ctx.store, transcript, config=ctx.config, session=session, cwd=cwd, mode="offline" if offline else None
        )
        log_line(
            ctx.store.memdir.log,
            f"memory-extract: session {result.session}: {len(result.added)} added, {len(result.duplicates)} duplicate, "
            f"{len(result.rejected)} rejected, {len(result.superseded)} superseded"
            + (f", {len(result.pending)} pending review" if result.pending else "")
            + f" ({result.mode}, {result.turns_new} new turns)",
        )
        if result.added or result.superseded:  # the store changed: answer the next session start now
            from ratchet.hooks.io import warm_starts

            warm_starts(ctx.store, ctx.config)
    sys.exit(0)


if __name__ == "__main__":
    cli()
