"""``ratchet eval``: measure retrieval quality on public benchmarks (fails closed).

``ratchet eval locomo FILE`` stores each LoCoMo conversation in a temporary memory directory and asks every question
through the real retrieval code; the library is :mod:`ratchet.workbench.locomo`. The memory directory is never touched.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from ratchet.cli.common import Context, common_options, emit_json, fail_closed


@click.group(name="eval", context_settings={"help_option_names": ["-h", "--help"]})
def eval_() -> None:
    """Measure retrieval quality on a benchmark.

    \b
    Examples:
      ratchet eval locomo ../shared/eval/locomo-dev.json
      ratchet eval locomo data.json --unit facts --mode keyword --json
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
    lines += [
        "",
        f"Tokens of the top-k units: {tokens}",
        f"Context under a {summary['budget']}-token budget: {summary['context_tokens_mean']:g} tokens on average",
        f"Retrieval latency per query: p50 {latency['p50']:g} ms, p95 {latency['p95']:g} ms",
    ]
    return "\n".join(lines)
