"""Text renderings of facts and counts for people (tables, details)."""

from __future__ import annotations

import shutil
from typing import Any

from ratchet.core import review
from ratchet.core.facts import Fact


def _date(value: str) -> str:
    return value[:10]


def fact_table(facts: list[Fact], width: int | None = None) -> str:
    """One line per fact: short id, date, category, tier, importance, scope, content (cut to the terminal)."""
    width = width or shutil.get_terminal_size((120, 20)).columns
    header = f"{'ID':<8}  {'CREATED':<10}  {'CATEGORY':<11}  {'TIER':<9}  {'IMP':>4}  {'SCOPE':<14}  CONTENT"
    lines = [header]
    for fact in facts:
        scope = fact.scope if len(fact.scope) <= 14 else fact.scope[:13] + "…"
        mark = "" if fact.active else "[superseded] "
        mark += "[pending review] " if review.pending(fact) else ""
        prefix = (
            f"{fact.id[:8]:<8}  {_date(fact.created):<10}  {fact.category[:11]:<11}  {fact.tier:<9}  "
            f"{fact.importance:>4.2f}  {scope:<14}  "
        )
        room = max(20, width - len(prefix))
        content = mark + " ".join(fact.content.split())
        if len(content) > room:
            content = content[: room - 1] + "…"
        lines.append(prefix + content)
    return "\n".join(lines)


def fact_details(fact: Fact) -> str:
    """Every field of one fact, one per line."""
    record = fact.to_dict()
    width = max(len(k) for k in record)
    lines = []
    for key, value in record.items():
        if isinstance(value, list):
            value = ", ".join(map(str, value)) if value else "-"
        elif value is None:
            value = "-"
        lines.append(f"{key:<{width}}  {value}")
    return "\n".join(lines)


def stats_text(data: dict[str, Any]) -> str:
    """The output of ``ratchet stats``."""
    lines = [
        f"Memory directory: {data['memory_dir']}",
        f"Facts: {data['facts']} ({data['active']} active, {data['superseded']} superseded, "
        f"{data['promoted']} promoted, {data['archived']} archived)",
    ]
    for title, key in (
        ("Category", "by_category"),
        ("Tier", "by_tier"),
        ("Trust", "by_trust"),
        ("Scope", "by_scope"),
    ):
        counts = data[key]
        if counts:
            lines.append(f"{title}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return "\n".join(lines)
