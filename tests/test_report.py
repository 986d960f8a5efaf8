"""The weekly report: markdown from the run's summary, and a PNG when matplotlib is installed."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import pin_clock

from ratchet.config import Config
from ratchet.core.facts import new_fact
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
    try:
        import matplotlib  # noqa: F401 - the optional 'plot' extra
    except ImportError:
        assert summary.get("plot") is None and ".png" not in text  # no plot, and the report says nothing of one
        return
    assert "![Scores and facts over time](2026-W09.png)" in text
    png = Path(summary["plot"])
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


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
