"""``ratchet eval``: measure retrieval and extraction quality on labelled data (fails closed).

``ratchet eval locomo FILE`` stores each LoCoMo conversation in a temporary memory directory and asks every question
through the real retrieval code; the library is :mod:`ratchet.workbench.locomo`. ``ratchet eval transcripts LABELS``
extracts each labelled real transcript into a temporary memory directory and scores what was stored; the library is
:mod:`ratchet.workbench.transcript_eval`. The memory directory is never touched.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from ratchet.cli.common import Context, common_options, emit_json, fail_closed


@click.group(name="eval", context_settings={"help_option_names": ["-h", "--help"]})
def eval_() -> None:
    """Measure retrieval or extraction quality on labelled data.

    \b
    Examples:
      ratchet eval locomo ../shared/eval/locomo-dev.json
      ratchet eval locomo data.json --unit facts --mode keyword --json
      ratchet eval transcripts bench/corpora/transcripts/chat.jsonl --root ../shared
    """


@eval_.command(name="locomo")
@click.argument("file", type=click.Path(dir_okay=False, exists=True))
@click.option(
    "--unit", type=click.Choice(["turns", "facts"]), default="turns", show_default=True, help="What one memory holds."
)
@click.option(
    "--mode",
    type=click.Choice(["auto", "keyword", "embeddings"]),
    default="auto",
    show_default=True,
    help="Retrieval mode (auto: hybrid with the local embeddings).",
)
@click.option(
    "--corrections",
    type=click.Path(dir_okay=False, exists=True),
    help="Published evidence corrections (default: <FILE stem>-corrections.json beside FILE, if present).",
)
@click.option("--no-corrections", is_flag=True, help="Do not look for a corrections file.")
@click.option(
    "--k", "ks", type=click.IntRange(min=1), multiple=True, help="Recall cut-offs (repeatable; default 5 10 25 50)."
)
@click.option(
    "--budget", type=click.IntRange(min=50), default=2000, show_default=True, help="Token budget of the context."
)
@click.option("--limit", type=click.IntRange(min=1), help="At most this many questions per conversation.")
@click.option(
    "--model",
    "local_model",
    help="Local embedding model for the hybrid (default: embeddings.local_model), e.g. all-MiniLM-L6-v2.",
)
@common_options
@fail_closed
def locomo(
    ctx: Context,
    file: str,
    unit: str,
    mode: str,
    corrections: str | None,
    no_corrections: bool,
    ks: tuple[int, ...],
    budget: int,
    limit: int | None,
    local_model: str | None,
) -> None:
    """Recall@k of LoCoMo questions over dialog turns or extracted facts.

    Each conversation is its own temporary memory; every question is a query through the real retrieval code,
    with the clock pinned just after the conversation's last session. Recall is reported with the original
    evidence and, when a corrections file is found, with the corrected evidence too.

    \b
    Examples:
      ratchet eval locomo ../shared/eval/locomo-dev.json
      ratchet eval locomo data.json --unit facts --k 5 --k 10
      ratchet eval locomo data.json --corrections fixes.json --json
      ratchet eval locomo data.json --model all-MiniLM-L6-v2
    """
    from ratchet.models import embedders
    from ratchet.workbench import locomo as evaluate

    if corrections and no_corrections:
        raise click.UsageError("--corrections and --no-corrections are mutually exclusive")
    if not corrections and not no_corrections:
        found = evaluate.corrections_beside(file)
        corrections = str(found) if found else None

    def progress(message: str) -> None:
        if ctx.verbose:
            click.echo(message, err=True)

    report = evaluate.evaluate_retrieval(
        file,
        embedders.with_local_model(ctx.config, local_model) if local_model else ctx.config,
        unit=unit,
        mode=mode,
        corrections=corrections,
        ks=ks or evaluate.KS,
        budget=budget,
        limit=limit,
        progress=progress,
    )
    summary = report.summary()
    summary["corrections"] = corrections
    if ctx.json_output:
        emit_json(summary)
        return
    click.echo(_text(summary))
    if summary["skipped_credentials"]:
        print(f"{summary['skipped_credentials']} units refused as credentials were not stored", file=sys.stderr)


def _text(summary: dict[str, Any]) -> str:
    from ratchet.workbench import locomo as evaluate

    latency = summary["latency_ms"]
    tokens = ", ".join(f"{k} {v:g}" for k, v in summary["topk_tokens"].items())
    lines = [
        f"LoCoMo {summary['data']}: {summary['conversations']} conversations, {summary['questions']} questions, "
        f"{summary['units']} {summary['unit']} stored, mode {summary['mode']}"
        + (f" ({summary['embedding_model']})" if summary.get("embedding_model") else ""),
        "",
        "Recall (original evidence):",
        evaluate.markdown_table(summary),
    ]
    if summary.get("corrections"):
        lines += [
            "",
            f"Recall (corrected evidence, {summary['corrected_questions']} questions changed):",
            evaluate.markdown_table(summary, corrected=True),
        ]
    if len(summary.get("by_conversation", {})) > 1:
        lines += [
            "",
            "Per conversation (spread: best minus worst):",
            evaluate.markdown_table(summary, part="by_conversation"),
        ]
    lines += [
        "",
        f"Tokens of the top-k units: {tokens}",
        f"Context under a {summary['budget']}-token budget: {summary['context_tokens_mean']:g} tokens on average",
        f"Retrieval latency per query: p50 {latency['p50']:g} ms, p95 {latency['p95']:g} ms",
    ]
    return "\n".join(lines)


@eval_.command(name="transcripts")
@click.argument("labels", nargs=-1, required=True, type=click.Path(dir_okay=False, exists=True))
@click.option(
    "--root",
    type=click.Path(file_okay=False, exists=True),
    default="../shared",
    show_default=True,
    envvar="RATCHET_EVAL_ROOT",
    help="Directory the labels' transcript paths are relative to.",
)
@click.option(
    "--mode",
    type=click.Choice(["offline", "llm", "auto"]),
    default="offline",
    show_default=True,
    help="Extraction mode (llm and auto call the configured endpoint).",
)
@click.option(
    "--holdout",
    "holdout",
    multiple=True,
    metavar="PREFIX",
    help="Hold out transcripts whose source or path starts with PREFIX (repeatable; besides 'holdout' in the labels).",
)
@click.option(
    "--only",
    type=click.Choice(["all", "tuning", "holdout"]),
    default="all",
    show_default=True,
    help="Run only the tuning or only the held-out transcripts.",
)
@click.option(
    "--grades",
    "grade_files",
    multiple=True,
    type=click.Path(dir_okay=False, exists=True),
    help="Grade file(s) with a person's answers (repeatable).",
)
@click.option(
    "--write-grades",
    type=click.Path(dir_okay=False, writable=True),
    help="Write the grade file of this run: one line per unexpected fact, answers known from --grades filled in.",
)
@click.option(
    "--threshold",
    type=click.FloatRange(0.0, 1.0),
    default=None,
    help="Similarity at which a stored fact matches an expected one (default 0.75, as the prompt workshop).",
)
@click.option("--brief", is_flag=True, help="Only the tables, not each transcript's pairs and facts.")
@common_options
@fail_closed
def transcripts(
    ctx: Context,
    labels: tuple[str, ...],
    root: str,
    mode: str,
    holdout: tuple[str, ...],
    only: str,
    grade_files: tuple[str, ...],
    write_grades: str | None,
    threshold: float | None,
    brief: bool,
) -> None:
    """Precision and recall of memory-extract on labelled real transcripts.

    Each transcript runs through the real extraction pipeline into a temporary memory directory (offline
    unless --mode says otherwise; the default configuration unless --config names one). Stored facts are matched to
    the labels' expected facts by meaning, as the prompt workshop matches them, and every pair is shown. Forbidden
    hits are stored facts that state a forbidden fact or contain a never_contains string. Facts that match nothing
    are listed for a person to grade: --write-grades writes them to a JSONL file whose 'good' fields the person
    fills in (true or false); with --grades, precision is (matched + graded good) / stored, ungraded facts counting
    as not good. Held-out transcripts are reported apart.

    \b
    Examples:
      ratchet eval transcripts bench/corpora/transcripts/claude.jsonl bench/corpora/transcripts/chat.jsonl
      ratchet eval transcripts bench/corpora/transcripts/claude.jsonl --only tuning --brief
      ratchet eval transcripts labels.jsonl --root ~/corpus --holdout claude/paul --json
      ratchet eval transcripts labels.jsonl --grades grades.jsonl --write-grades grades.jsonl
    """
    from ratchet.config import Config
    from ratchet.store.files import atomic_write
    from ratchet.workbench import golden, transcript_eval
    from ratchet.workbench import labels as labelled

    found = labelled.load_labels(list(labels), root, holdout)
    chosen = [x for x in found if only == "all" or x.holdout == (only == "holdout")]
    if not chosen:
        raise click.UsageError(f"--only {only}: no such transcripts in the labels")
    grades = labelled.load_grades(list(grade_files))
    config = ctx.config if ctx.config_path else Config()

    def progress(message: str) -> None:
        if ctx.verbose:
            click.echo(message, err=True)

    report = transcript_eval.evaluate(
        chosen,
        config,
        mode=mode,
        grades=grades,
        threshold=golden.MATCH_THRESHOLD if threshold is None else threshold,
        progress=progress,
    )
    rows = report.grade_rows()
    if write_grades:
        atomic_write(Path(write_grades), labelled.grade_lines(rows))
    if ctx.json_output:
        emit_json(report.to_json())
    else:
        click.echo(transcript_eval.render(report, brief=brief))
    ungraded = sum(1 for r in rows if r["good"] is None)
    if ungraded:
        where = f"fill in {write_grades}" if write_grades else "write them with --write-grades FILE"
        click.echo(f"{ungraded} unexpected facts are not graded yet: {where}", err=True)
    unread = [r.error for r in report.results if r.error]
    if unread:
        click.echo(f"Error: {unread[0]}" + (f" (and {len(unread) - 1} more)" if len(unread) > 1 else ""), err=True)
        sys.exit(1)
