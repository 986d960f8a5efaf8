"""The weekly report: ``memory/reports/YYYY-Www.md`` and its chart beside it (``YYYY-Www.svg``).

The markdown is rendered from the same summary ``memory-manage --json`` prints; the chart (score histogram and
facts created per month) is drawn by :mod:`ratchet.lifecycle.chart`.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any

from ratchet.core import clock, review
from ratchet.core.facts import Fact
from ratchet.core.scoring import Settings, effective_score
from ratchet.core.sensitive import TAG as SENSITIVE
from ratchet.store.files import atomic_write, ensure_private_dir
from ratchet.store.memdir import MemoryDir

LIST_CAP = 50  # items listed per section of the summary; counts are always complete


def _snippet(text: str, width: int = 100) -> str:
    flat = " ".join(str(text).split()).replace("|", "\\|")
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def _counts(title: str, counts: dict[str, int]) -> list[str]:
    if not counts:
        return [f"- {title}: none"]
    return [f"- {title}: " + ", ".join(f"{k} {v}" for k, v in counts.items())]


def _items(title: str, summary: dict[str, Any], key: str, fmt: Any) -> list[str]:
    items = summary.get(key) or []
    total = summary.get(f"{key}_count", len(items))
    lines = [f"## {title} ({total})", ""]
    if not items:
        return [*lines, "None.", ""]
    lines += [fmt(item) for item in items]
    if total > len(items):
        lines.append(f"- … and {total - len(items)} more (see memory-log.jsonl)")
    return [*lines, ""]


def render(summary: dict[str, Any], plot_name: str | None = None) -> str:
    """The report's markdown."""
    week = summary["week"]
    con = summary.get("contradictions") or {}
    lines = [
        f"# Ratchet weekly report {week}",
        "",
        f"Run at {summary['time']}{' (dry run: nothing written)' if summary.get('dry_run') else ''}.",
        "",
        "## Summary",
        "",
        f"- Facts: {summary['facts']} ({summary['active']} active, {summary['superseded_total']} superseded); "
        f"{summary['in_memory_md']} listed in MEMORY.md; {summary.get('sensitive', 0)} sensitive (shown only when "
        "asked about; `ratchet list --sensitive`)"
        + (f"; {summary['pending']} pending review (`ratchet review`)" if summary.get("pending") else ""),
        f"- Reinforced: {summary.get('reinforced', 0)} facts from {summary.get('references', 0)} confirmed references"
        + (f" ({summary['unknown_references']} for unknown facts)" if summary.get("unknown_references") else ""),
        f"- Decayed: {summary.get('decayed', 0)} facts, {summary.get('decay_weeks', 0)} fact-weeks in all",
        f"- Promoted {summary['promoted_count']}, purged {summary['purged_count']}, "
        f"superseded {summary['superseded_count']}, flagged for review {summary['flagged_count']}",
        f"- Contradiction check: {con.get('candidates', 0)} candidate pairs by {con.get('method', 'none')}"
        + (f", {con['llm_checked']} judged by the LLM" if con.get("llm_checked") else "")
        + (f" (LLM failed: {con['llm_error']})" if con.get("llm_error") else ""),
        f"- Old injection events compacted: {summary.get('events_compacted', 0)}",
        "",
        "## Counts (active facts)",
        "",
        *_counts("Category", summary["counts"]["by_category"]),
        *_counts("Tier", summary["counts"]["by_tier"]),
        *_counts("Trust", summary["counts"]["by_trust"]),
        *_counts("Scope", summary["counts"]["by_scope"]),
        "",
        "## Score distribution (effective score of active facts)",
        "",
        "| score | facts |",
        "|---|---|",
        *(f"| {n / 10:.1f}–{(n + 1) / 10:.1f} | {c} |" for n, c in enumerate(summary["score_histogram"])),
        "",
        f"Mean effective score: {summary['score_mean']:.3f}",
        "",
    ]
    if plot_name:
        lines += [f"![Scores and facts over time]({plot_name})", ""]
    lines += _items("Promoted", summary, "promoted", _fmt_promoted)
    lines += _items("Purged (archived; `ratchet restore ID`)", summary, "purged", _fmt_purged)
    lines += _items("Superseded", summary, "superseded", _fmt_superseded)
    lines += _items("Flagged for review (`ratchet review`)", summary, "flagged", _fmt_flagged)
    lines += _items("Dangling references", summary, "dangling", _fmt_dangling)
    if summary.get("chains_count"):
        lines += _items("Supersede chains", summary, "chains", lambda i: f"- {_chain(i)}")
    return "\n".join(lines).rstrip("\n") + "\n"


def _fmt_promoted(i: dict[str, Any]) -> str:
    return f"- `{i['id'][:8]}` {_snippet(i['content'])}"


def _fmt_purged(i: dict[str, Any]) -> str:
    return f"- `{i['id'][:8]}` score {i['score']:.3f}: {_snippet(i['content'])}"


def _fmt_superseded(i: dict[str, Any]) -> str:
    return f"- `{i['id'][:8]}` → `{i['by'][:8]}` {_snippet(i['content'])} ({_snippet(i['reason'], 80)})"


def _fmt_flagged(i: dict[str, Any]) -> str:
    return f"- `{i['id']}` `{i['old'][:8]}` vs `{i['new'][:8]}` ({i['method']} {i['similarity']:.2f})"


def _fmt_dangling(i: dict[str, Any]) -> str:
    return f"- `{i['id'][:8]}` {i['field']} names missing `{i['missing']}`"


def _chain(item: dict[str, Any]) -> str:
    if "cycle" in item:
        return "cycle " + " → ".join(f"`{i[:8]}`" for i in item["cycle"]) + f" broken at `{item['id'][:8]}`"
    return " → ".join(f"`{i[:8]}`" for i in [*item["chain"], item["head"]])


def write_report(memdir: MemoryDir, summary: dict[str, Any], *, plot: bool = True) -> dict[str, str | None]:
    """Write ``reports/<week>.md`` (and its chart ``<week>.svg`` unless ``plot`` is false); return their paths."""
    ensure_private_dir(memdir.reports_dir)
    week = summary["week"]
    plot_path = None
    if plot:
        from ratchet.lifecycle.chart import svg

        plot_path = memdir.reports_dir / f"{week}.svg"
        atomic_write(plot_path, svg(summary).encode())
    report_path = memdir.reports_dir / f"{week}.md"
    atomic_write(report_path, render(summary, plot_path.name if plot_path else None))
    return {"report": str(report_path), "plot": str(plot_path) if plot_path else None}


def summarise(
    found: dict[str, Any], remaining: list[Fact], changed: int, config: Settings, now: datetime, *, dry_run: bool
) -> dict[str, Any]:
    """Counts, distributions and capped lists of a run (``found``: what each step noted; ``remaining``: the facts
    after it): what ``memory-manage --json`` prints and the weekly report shows."""
    summary = {k: v for k, v in found.items() if not k.startswith("_")}
    active = [f for f in remaining if f.active]
    scores = [effective_score(f, config, now) for f in active]
    histogram = [0] * 10
    for score in scores:
        histogram[min(9, int(score * 10))] += 1
    by_month = Counter(f.created[:7] for f in remaining)
    summary.update(
        time=clock.iso(now),
        week=clock.iso_week(now),
        dry_run=dry_run,
        facts=len(remaining),
        active=len(active),
        superseded_total=len(remaining) - len(active),
        changed=changed,
        counts={
            "by_category": dict(Counter(f.category for f in active).most_common()),
            "by_tier": dict(Counter(f.tier for f in active).most_common()),
            "by_trust": dict(Counter(f.source_trust for f in active).most_common()),
            "by_scope": dict(Counter(f.scope for f in active).most_common()),
        },
        score_histogram=histogram,
        score_mean=round(sum(scores) / len(scores), 4) if scores else 0.0,
        created_by_month=dict(sorted(by_month.items())),
        in_memory_md=sum(1 for f in active if (f.promoted or f.tier == "permanent") and not review.pending(f)),
        sensitive=sum(1 for f in active if SENSITIVE in f.tags),
        pending=sum(1 for f in active if review.pending(f)),
    )
    for key in ("promoted", "demoted", "purged", "superseded", "flagged", "dangling", "chains"):
        items = summary.get(key) or []
        summary[f"{key}_count"] = len(items)
        summary[key] = [_redacted(item) for item in items[:LIST_CAP]]
    return summary


def _redacted(item: Any) -> Any:
    """A summary item with any credential in its text replaced by ``[REDACTED:<kind>]`` (the report and ``--json``
    are outputs too; a line planted in a quarter file must not leave through them). The quick scan, as the other
    output gates use: what was stored was scanned in full on the way in."""
    if not isinstance(item, dict) or not isinstance(item.get("content"), str):
        return item
    from ratchet.core.secrets import redact

    return {**item, "content": redact(item["content"], quick=True)}
