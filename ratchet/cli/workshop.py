"""``ratchet prompt``: the prompt workshop (score the extraction prompt on a golden set, compare two versions).

Human verbs: they fail closed (one line on stderr, exit 1 on a runtime failure, 2 on a usage error). The report
goes to stdout, progress to stderr. Nothing here reads or writes the memory store: every case runs in a
temporary memory directory.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ratchet.cli.common import Context, common_options, emit_json, fail_closed


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def prompt() -> None:
    """Prompt workshop: score the extraction prompt on a golden set, compare versions.

    \b
    Examples:
      ratchet prompt eval
      ratchet prompt eval --prompt my-extract.md --live
      ratchet prompt diff old-extract.md prompts/extract.md
    """


def _set_options(func: Any) -> Any:
    options = [
        click.option(
            "--set",
            "set_dir",
            type=click.Path(file_okay=False, path_type=Path),
            help="Golden set directory (default: prompts/golden).",
        ),
        click.option(
            "--replies",
            "replies_dir",
            type=click.Path(file_okay=False, path_type=Path),
            help="Recorded replies directory (default: <set>/replies).",
        ),
        click.option("--live", is_flag=True, help="Call the configured LLM for every chunk and record the replies."),
        click.option("--offline", is_flag=True, help="Use the offline extractor even with replies or an LLM."),
        click.option("--judge", is_flag=True, help="Let the configured LLM decide which facts match."),
        click.option("--model", help="Extraction model (default: the configured one)."),
        click.option(
            "--threshold",
            type=click.FloatRange(0.0, 1.0),
            default=None,
            help="Similarity at which an extracted fact matches an expected one (default 0.75).",
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _options(
    set_dir: Path | None,
    replies_dir: Path | None,
    live: bool,
    offline: bool,
    judge: bool,
    model: str | None,
    threshold: float | None,
) -> dict[str, Any]:
    from ratchet.workbench import golden

    return {
        "set_dir": set_dir,
        "replies_root": replies_dir,
        "live": live,
        "offline": offline,
        "judge": judge,
        "model": model,
        "threshold": golden.MATCH_THRESHOLD if threshold is None else threshold,
        "progress": lambda message: click.echo(message, err=True),
    }


@prompt.command(name="eval")
@click.option(
    "--prompt",
    "prompt_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Prompt file (default: prompts/extract.md).",
)
@_set_options
@click.option("--brief", is_flag=True, help="Only the table, not the matching of each case.")
@common_options
@fail_closed
def eval_(ctx: Context, prompt_file: Path | None, brief: bool, **options: Any) -> None:
    """Score the extraction prompt on the golden set: precision, recall, forbidden facts, cost.

    Runs extraction on every transcript of the set in a temporary memory directory (your store is never
    touched) and matches extracted to expected facts by meaning, showing each match and its similarity.
    Facts come from recorded replies of this prompt version and model when there are some, else from the
    configured LLM (recording its replies), else from the offline extractor.

    \b
    Examples:
      ratchet prompt eval
      ratchet prompt eval --brief
      ratchet prompt eval --prompt experiments/extract-v2.md --live
      ratchet prompt eval --set ~/my-golden --json
    """
    from ratchet.workbench.workshop import evaluate_prompt

    report = evaluate_prompt(ctx.config, prompt_path=prompt_file, **_options(**options))
    if ctx.json_output:
        emit_json(report.to_json())
    else:
        click.echo(format_report(report, brief=brief))
    _after(report)


def _after(report: Any) -> None:
    import sys

    for path in report.recorded:
        click.echo(f"Recorded replies: {path}", err=True)
    failed = [c for c in report.cases if c.error]
    for case in failed:
        click.echo(f"Error: case '{case.case}': {case.error}", err=True)
    if failed:
        sys.exit(1)


@prompt.command(name="diff")
@click.argument("old", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("new", type=click.Path(dir_okay=False, path_type=Path))
@_set_options
@common_options
@fail_closed
def diff(ctx: Context, old: Path, new: Path, **options: Any) -> None:
    """Facts gained and lost on the golden set going from prompt OLD to prompt NEW.

    Each fact is marked expected, forbidden or unexpected by the golden case. With the offline extractor both
    sides are the same (it does not read the prompt): record replies or configure an LLM to compare prompts.

    \b
    Examples:
      git show HEAD~1:prompts/extract.md > /tmp/old.md
      ratchet prompt diff /tmp/old.md prompts/extract.md
      ratchet prompt diff v1.md v2.md --live --json
    """
    from ratchet.workbench.workshop import diff as run_diff

    report = run_diff(ctx.config, old, new, **_options(**options))
    if ctx.json_output:
        emit_json(report.to_json())
    else:
        click.echo(format_diff(report))
        if report.old.source == "offline" and report.new.source == "offline":
            click.echo("Note: both sides used the offline extractor, which does not read the prompt.", err=True)
    _after(report.old)
    _after(report.new)


# ----- formatting ----------------------------------------------------------------------------------
def _ratio(value: float | None, part: int, whole: int) -> str:
    return "n/a" if value is None else f"{value:.2f} ({part}/{whole})"


def _tokens(usage: dict[str, int], source: str) -> str:
    if source == "offline":
        return "-"
    return f"{usage.get('prompt_tokens', 0)}/{usage.get('completion_tokens', 0)}"


def _cost(value: float | None, source: str) -> str:
    if source == "offline":
        return "-"
    return "n/a" if value is None else f"${value:.4f}"


def format_report(report: Any, brief: bool = False) -> str:
    """The evaluation as a table plus, unless ``brief``, each case's matching."""
    lines = [
        f"Prompt {report.prompt} (version {report.prompt_version}) on {report.set_dir}: {len(report.cases)} cases",
        f"Facts from: {report.label}",
        f"Matching: {report.matcher}, threshold {report.threshold:.2f}",
        "",
    ]
    rows = [["case", "format", "facts", "precision", "recall", "forbidden", "supersedes", "tokens in/out", "cost"]]
    for c in report.cases:
        if c.error:
            rows.append([c.case, c.format or "?", "error", "", "", "", "", "", ""])
            continue
        rows.append(
            [
                c.case,
                c.format,
                str(len(c.extracted)),
                _ratio(c.precision, c.matched, len(c.extracted)),
                _ratio(c.recall, c.matched, len(c.matches)),
                str(len(c.forbidden_hits)),
                f"{c.supersedes_correct}/{c.supersedes_expected}"
                + (f" ({len(c.supersedes_wrong)} wrong)" if c.supersedes_wrong else ""),
                _tokens(c.usage, c.source),
                _cost(c.cost, c.source),
            ]
        )
    t = report.totals()
    rows.append(
        [
            "TOTAL",
            "",
            str(t["extracted"]),
            _ratio(t["precision"], t["matched"], t["extracted"]),
            _ratio(t["recall"], t["matched"], t["expected"]),
            str(t["forbidden_hits"]),
            f"{t['supersedes_correct']}/{t['supersedes_expected']}"
            + (f" ({t['supersedes_wrong']} wrong)" if t["supersedes_wrong"] else ""),
            _tokens(t["usage"], report.source),
            _cost(t["cost"], report.source),
        ]
    )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        lines.append(
            "  ".join(
                cell.ljust(w) if i < 2 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            ).rstrip()
        )
    if not brief:
        for c in report.cases:
            lines.extend(["", *_case_lines(c)])
    return "\n".join(lines)


def _case_lines(c: Any) -> list[str]:
    lines = [f"{c.case} ({c.format or '?'}, {c.kind}, {c.transcript})"]
    if c.error:
        return [*lines, f"  error: {c.error}"]
    pad = " " * 14
    for m in c.matches:
        score = f"{m.similarity:.2f}" if m.similarity is not None else "    "
        if m.extracted is not None:
            lines.append(f"  ok    {score}  {m.expected}")
            lines.append(f"{pad}= {m.extracted}")
        else:
            lines.append(f"  MISS  {score}  {m.expected}")
            if m.closest:
                lines.append(f"{pad}closest: {m.closest}")
        if m.supersedes:
            verdict = "ok" if m.supersedes_ok else "MISSING"
            lines.append(f"{pad}supersedes existing '{m.supersedes}': {verdict}")
    forbidden = {h["extracted"]: h for h in c.forbidden_hits}
    untrusted = {f["content"] for f in c.extracted if f["source_trust"] == "untrusted"}

    def mark(text: str) -> str:
        return text + (" (untrusted)" if text in untrusted else "")

    for text in c.unexpected:
        if text in forbidden:
            continue
        lines.append(f"  EXTRA       {mark(text)}")
    for hit in c.forbidden_hits:
        lines.append(f"  FORBIDDEN {hit['similarity']:.2f}  {mark(hit['extracted'])}")
        lines.append(f"{pad}is {hit['why']}: {hit['forbidden']}")
    for wrong in c.supersedes_wrong:
        lines.append(f"  WRONG SUPERSEDES  {wrong['fact']} replaced existing '{wrong['superseded']}'")
    return lines


def format_diff(report: Any) -> str:
    """Both sides' scores, then per case the facts gained (+) and lost (-)."""
    lines = []
    for tag, side in (("OLD", report.old), ("NEW", report.new)):
        t = side.totals()
        precision = "n/a" if t["precision"] is None else f"{t['precision']:.2f}"
        recall = "n/a" if t["recall"] is None else f"{t['recall']:.2f}"
        lines.append(
            f"{tag} {side.prompt} (version {side.prompt_version}): precision {precision}, recall {recall}, "
            f"forbidden {t['forbidden_hits']}; facts from {side.label}"
        )
    gained = lost = 0
    for case in report.cases:
        if case.get("error"):
            lines.extend(["", case["case"], f"  error: {case['error']}"])
            continue
        if not case["gained"] and not case["lost"]:
            continue
        lines.extend(["", case["case"]])
        lines.extend(f"  + [{g['status']}] {g['fact']}" for g in case["gained"])
        lines.extend(f"  - [{g['status']}] {g['fact']}" for g in case["lost"])
        gained += len(case["gained"])
        lost += len(case["lost"])
    lines.append("")
    if report.identical:
        lines.append("No difference: both prompts extract the same facts on this set.")
    else:
        lines.append(f"{gained} facts gained, {lost} lost.")
    return "\n".join(lines)
