"""``memory-manage`` (the weekly lifecycle) and ``ratchet confirm`` / ``ratchet review``.

memory-manage is a cron verb and fails closed (one line on stderr, exit 1 or 2), except that an overlapping run
exits 0 with "skipped: another run holds the lock" on stderr. The library does the work
(:mod:`ratchet.lifecycle.run`); this module parses options and formats output.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from ratchet.cli.common import Context, common_options, emit_json, fail_closed
from ratchet.errors import LockBusyError


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--dry-run", is_flag=True, help="Print what would change; write nothing, take no lock, call no LLM.")
@click.option("--no-llm", is_flag=True, help="Do not ask the LLM about contradictions (flag them for review).")
@click.option("--no-report", is_flag=True, help="Do not write memory/reports/YYYY-Www.md.")
@common_options
@fail_closed
def cli(ctx: Context, dry_run: bool, no_llm: bool, no_report: bool) -> None:
    """Weekly lifecycle: reinforce, decay, promote to MEMORY.md, purge, find contradictions, write a report.

    Run it from the Friday review cron. Running it twice in a week changes nothing the second time; a run
    after missed weeks catches up. RATCHET_NOW pins the date for tests and demos.

    \b
    Examples:
      memory-manage
      memory-manage --dry-run
      memory-manage --json --no-llm
      0 18 * * 5  memory-manage --memory-dir ~/.ratchet/memory   (crontab)
    """
    from ratchet.lifecycle.run import run

    try:
        summary = run(ctx.store, ctx.config, dry_run=dry_run, use_llm=not no_llm, write_report=not no_report)
    except LockBusyError as exc:  # another run is going on: the overlapping cron run skips, successfully
        click.echo(str(exc), err=True)
        sys.exit(0)
    if not dry_run and (summary.get("changed") or summary.get("purged_count")):  # answer the next start now
        from ratchet.hooks.io import warm_starts

        try:
            warm_starts(ctx.store, ctx.config)
        except Exception as exc:  # noqa: BLE001 - derived data: the next start computes its answer itself
            from ratchet.store.logfile import log_line

            log_line(ctx.store.memdir.log, f"memory-manage: answering session starts ahead failed: {exc}")
    if ctx.json_output:
        emit_json(summary)
        return
    click.echo(summary_text(summary))


def main() -> None:
    """The ``memory-manage`` program: :func:`cli`, then the process ends without freeing the run's objects one by
    one (a million of them at 100k facts: half a second that frees nothing the system would not). Every file was
    written, synced and closed by then; stdout and stderr are flushed here."""
    try:
        cli.main(prog_name="memory-manage")
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else _said(exc.code)
    try:
        sys.stdout.flush()
    except OSError:  # a closed pipe: what Python's own exit reports as 120
        code = code or 120
    sys.stderr.flush()
    os._exit(code)


def _said(message: object) -> int:
    """``sys.exit(message)``: the message on stderr, exit 1, as Python does."""
    print(message, file=sys.stderr)
    return 1


def summary_text(summary: dict[str, Any]) -> str:
    """The human summary of one run (``Would ...`` lines for a dry run)."""
    verb = "Would " if summary["dry_run"] else ""
    lines = [
        f"{'Dry run for' if summary['dry_run'] else 'Week'} {summary['week']}: {summary['facts']} facts "
        f"({summary['active']} active)",
        f"{'Would reinforce' if verb else 'Reinforced'} {summary.get('reinforced', 0)} facts "
        f"from {summary.get('references', 0)} references",
        f"{'Would decay' if verb else 'Decayed'} {summary.get('decayed', 0)} facts "
        f"({summary.get('decay_weeks', 0)} fact-weeks)",
    ]
    sections = (
        ("promote", "promoted", lambda i: i["content"]),
        ("purge", "purged", lambda i: f"{i['content']} (score {i['score']:.3f})"),
        ("supersede", "superseded", lambda i: f"{i['content']} (by {i['by'][:8]})"),
        (
            "flag for review",
            "flagged",
            lambda i: f"{i['old'][:8]} vs {i['new'][:8]} ({i['method']} {i['similarity']:.2f})",
        ),
    )
    for label, key, fmt in sections:
        count = summary.get(f"{key}_count", 0)
        lines.append(f"{verb}{label} {count}" if verb else f"{key.capitalize()}: {count}")
        lines.extend(f"  {i['id'][:8]}  {_cut(fmt(i))}" for i in summary.get(key) or [])
    for item in summary.get("dangling") or []:
        lines.append(f"Dangling: {item['id'][:8]} {item['field']} names missing {item['missing']}")
    if summary.get("report"):
        lines.append(f"Report: {summary['report']}")
    return "\n".join(lines)


def _cut(text: str, width: int = 90) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


@click.command()
@click.argument("fact_ids", nargs=-1, required=True)
@common_options
@fail_closed
def confirm(ctx: Context, fact_ids: tuple[str, ...]) -> None:
    """Record that you confirmed FACT_IDS are right and useful (reinforced at the next memory-manage run).

    \b
    Examples:
      ratchet confirm 3f2a9c
      ratchet confirm 3f2a9c 77be01
    """
    from ratchet.store import events

    store = ctx.store
    ids = [store.get(ref).id for ref in fact_ids]
    events.record(store.memdir, events.REFERENCE, ids, source="confirm")
    if ctx.json_output:
        emit_json({"confirmed": ids})
    else:
        for fact_id in ids:
            click.echo(f"Confirmed {fact_id} (reinforced at the next memory-manage run)")


@click.group(invoke_without_command=True)
@common_options
@fail_closed
def review(ctx: Context) -> None:
    """List possible contradictions and facts pending review (extraction.review) waiting for a decision; accept or
    reject them.

    \b
    Examples:
      ratchet review
      ratchet review accept 1            (the newer fact supersedes the older)
      ratchet review accept r3c9 --keep old
      ratchet review reject 2            (both stand; never flagged again)
      ratchet review accept p1           (a pending fact becomes memory)
      ratchet review reject p2           (a pending fact is archived)
    """
    if click.get_current_context().invoked_subcommand:
        return
    from ratchet.lifecycle.contradictions import open_items
    from ratchet.lifecycle.proposals import waiting

    items = open_items(ctx.store.memdir)
    pending = waiting(ctx.store)
    if ctx.json_output:
        emit_json(items + [_pending_item(n, f) for n, f in enumerate(pending, 1)])
        return
    if not items and not pending:
        click.echo("Nothing to review.", err=True)
        return
    _list_contradictions(items)
    if pending:
        click.echo(f"Pending facts ({len(pending)}; accept to keep, reject to archive):")
    for n, item in enumerate(pending, 1):
        why = item.meta.get("review", {}).get("why", "")
        click.echo(f"p{n}. {item.id[:8]}  {item.category} · {item.scope} · {why}")
        click.echo(f"   {_cut(item.content)}")


def _pending_item(n: int, fact: Any) -> dict[str, Any]:
    return {"kind": "pending", "ref": f"p{n}", "fact": fact.to_dict()}


def _list_contradictions(items: list[dict[str, Any]]) -> None:
    for n, item in enumerate(items, 1):
        click.echo(
            f"{n}. {item['id']}  {item['category']} · {item['scope']} · {item['method']} {item['similarity']:.2f}"
        )
        click.echo(f"   old {item['old'][:8]} ({item.get('old_created', '')[:10] or '-'}): {_cut(item['old_content'])}")
        click.echo(f"   new {item['new'][:8]} ({item.get('new_created', '')[:10] or '-'}): {_cut(item['new_content'])}")
        if item.get("reason"):
            click.echo(f"   why: {_cut(item['reason'])}")


@review.command()
@click.argument("ref")
@click.option("--keep", type=click.Choice(["new", "old"]), default="new", show_default=True, help="Which fact stays.")
@common_options
@fail_closed
def accept(ctx: Context, ref: str, keep: str) -> None:
    """Accept review item REF (its number or id): the kept fact supersedes the other; a pending fact (p1, or its
    id) becomes memory.

    \b
    Examples:
      ratchet review accept 1
      ratchet review accept r3c9a1 --keep old
      ratchet review accept p1
    """
    from ratchet.lifecycle import proposals
    from ratchet.lifecycle.contradictions import decide

    if proposals.is_pending_ref(ctx.store, ref):
        done = proposals.accept(ctx.store, ref)
        replaced = f"; it supersedes {', '.join(i[:8] for i in done['superseded'])}" if done["superseded"] else ""
        _answer(ctx, done, f"Accepted {done['id']}: now memory{replaced}")
        return
    result = decide(ctx.store, ref, accept=True, keep=keep)
    _answer(ctx, result, f"Accepted {result['id']}: {result['superseded']} superseded by {result['kept']}")


def _answer(ctx: Context, result: dict[str, Any], text: str) -> None:
    """A decision's outcome: ``result`` as JSON with ``--json``, else ``text``."""
    if ctx.json_output:
        emit_json(result)
    else:
        click.echo(text)


@review.command()
@click.argument("ref")
@common_options
@fail_closed
def reject(ctx: Context, ref: str) -> None:
    """Reject review item REF (its number or id): both facts stand and the pair is not flagged again; a pending fact
    (p1, or its id) is archived ('ratchet restore' brings it back).

    \b
    Examples:
      ratchet review reject 2
      ratchet review reject p1
    """
    from ratchet.lifecycle import proposals
    from ratchet.lifecycle.contradictions import decide

    if proposals.is_pending_ref(ctx.store, ref):
        done = proposals.reject(ctx.store, ref)
        _answer(ctx, done, f"Rejected {done['id']}: archived ('ratchet restore {done['id'][:8]}' brings it back)")
        return
    result = decide(ctx.store, ref, accept=False)
    _answer(ctx, result, f"Rejected {result['id']}: both facts stand")


if __name__ == "__main__":
    main()
