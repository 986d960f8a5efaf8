"""The weekly report: markdown from the run's summary, and its SVG chart."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import pytest
from conftest import pin_clock

from ratchet.config import Config
from ratchet.core.facts import new_fact
from ratchet.lifecycle import chart as chart_module
from ratchet.lifecycle import report
from ratchet.lifecycle import run as lifecycle
from ratchet.store.memdir import MemoryDir
from ratchet.store.store import Store


def test_report_has_counts_lists_distribution_and_plot(memory_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pin_clock(monkeypatch, "2026-02-27T18:00:00Z")
    store = Store(MemoryDir(memory_dir))
    old = new_fact("Casual remark | with a pipe", category="casual", importance=0.3, created="2025-10-01T09:00:00Z")
    keep = new_fact("Never deploy on Fridays", category="process", importance=0.9, tier="permanent")
    store.add([old, keep], actor="test")
    summary = lifecycle.run(store, Config())
    md = Path(summary["report"])
    assert md == memory_dir / "reports" / "2026-W09.md"
    text = md.read_text()
    assert text.startswith("# Ratchet weekly report 2026-W09\n")
    assert "- Category: process 1\n- Tier: permanent 1\n- Trust: trusted 1\n- Scope: global 1\n" in text
    assert "| 0.9–1.0 | 1 |" in text
    assert f"## Purged (archived; `ratchet restore ID`) (1)\n\n- `{old.id[:8]}` score " in text
    assert "Casual remark \\| with a pipe" in text
    assert "![Scores and facts over time](2026-W09.svg)" in text
    chart = Path(summary["plot"])
    assert chart == memory_dir / "reports" / "2026-W09.svg"
    root = ElementTree.fromstring(chart.read_bytes())  # well-formed XML, an SVG document
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Ratchet memory 2026-W09" in texts and "Effective score (active facts)" in texts
    bars = [r for r in root.iter("{http://www.w3.org/2000/svg}rect") if r.get("fill") == chart_module.BAR]
    assert len(bars) == 10  # one per tenth of the score range


def test_report_without_plot(memory_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pin_clock(monkeypatch, "2026-02-27T18:00:00Z")
    store = Store(MemoryDir(memory_dir))
    store.add([new_fact("Never deploy on Fridays", category="process", importance=0.9)], actor="test")
    config = Config()
    config.data["manage"]["report_plot"] = False
    summary = lifecycle.run(store, config)
    assert summary.get("plot") is None
    assert ".svg" not in Path(summary["report"]).read_text()  # the report names no chart
    assert not list((memory_dir / "reports").glob("*.svg"))


def test_chart_scales_bars_and_escapes_labels() -> None:
    summary = {
        "week": "2026-W09 <&>",
        "score_histogram": [0, 0, 0, 0, 0, 0, 0, 0, 0, 1234],
        "created_by_month": {f"{2024 + m // 12}-{m % 12 + 1:02d}": m for m in range(24)},
    }
    root = ElementTree.fromstring(chart_module.svg(summary))  # parses: the label's <&> is escaped
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Ratchet memory 2026-W09 <&>" in texts
    assert "1,500" in texts and "1,234" not in texts  # the axis ends at a round tick above the tallest bar
    tallest = [r for r in root.iter("{http://www.w3.org/2000/svg}rect") if r.get("fill") == chart_module.BAR][-1]
    assert float(tallest.get("height") or 0) == pytest.approx(230 * 1234 / 1500, abs=0.1)
    months = [t for t in texts if t and t[:4] in ("2024", "2025")]
    assert months == ["2024-01", "2024-04", "2024-07", "2024-10", "2025-01", "2025-04", "2025-07", "2025-10"]
    assert len(list(root.iter("{http://www.w3.org/2000/svg}circle"))) == 24


def test_chart_of_an_empty_store() -> None:
    empty = {"week": "2026-W01", "score_histogram": [0] * 10, "created_by_month": {}}
    root = ElementTree.fromstring(chart_module.svg(empty))
    assert not list(root.iter("{http://www.w3.org/2000/svg}circle"))


def test_render_caps_long_lists() -> None:
    summary = {
        "week": "2026-W09", "time": "t", "facts": 0, "active": 0, "superseded_total": 0, "in_memory_md": 0,
        "promoted": [{"id": f"id{n:06d}", "content": "c"} for n in range(2)], "promoted_count": 70,
        "purged_count": 0, "superseded_count": 0, "flagged_count": 0, "dangling_count": 0,
        "counts": {"by_category": {}, "by_tier": {}, "by_trust": {}, "by_scope": {}},
        "score_histogram": [0] * 10, "score_mean": 0.0,
    }  # fmt: skip
    text = report.render(summary)
    assert "## Promoted (70)\n\n- `id000000` c\n- `id000001` c\n- … and 68 more (see memory-log.jsonl)\n" in text
    assert "- Category: none" in text


def test_a_planted_credential_leaves_neither_through_the_report_nor_the_summary(
    memory_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line written straight into a quarter file (past every write filter) that the run purges is listed redacted:
    the report and ``memory-manage --json`` are outputs like the hooks."""
    from ratchet.store.files import dumps_line

    pin_clock(monkeypatch, "2026-02-27T18:00:00Z")
    store = Store(MemoryDir(memory_dir))
    planted = new_fact(
        "The router login is admin / Qx7!harbor92", category="casual", importance=0.3, created="2025-06-01T09:00:00Z"
    )
    store.memdir.facts_file("2025-Q2").write_text(dumps_line(planted.record()) + "\n", encoding="utf-8")
    store.reindex()
    summary = lifecycle.run(store, Config())
    assert [item["id"] for item in summary["purged"]] == [planted.id]
    assert "Qx7!harbor92" not in summary["purged"][0]["content"]
    assert "[REDACTED:" in summary["purged"][0]["content"]
    assert "Qx7!harbor92" not in Path(summary["report"]).read_text(encoding="utf-8")
