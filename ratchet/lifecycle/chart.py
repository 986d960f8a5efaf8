"""The weekly report's chart as SVG: the effective-score histogram of the active facts and the facts created per
month, side by side.

Two small panels of bars and a line need no plotting library: SVG is text, so the chart is drawn here with string
formatting, for every install (matplotlib was an optional extra, and importing and rendering with it took half a
second of every ``memory-manage`` run). Browsers, editors and Markdown viewers show it where the report links it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 1000, 360
BAR, LINE, INK, GRID = "#4c72b0", "#dd8452", "#333333", "#dddddd"
FONT = 'font-family="sans-serif"'


def svg(summary: dict[str, Any]) -> str:
    """The chart of a run's ``summary`` (its ``week``, ``score_histogram`` and ``created_by_month``)."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        _text(WIDTH / 2, 22, f"Ratchet memory {summary['week']}", size=15, anchor="middle"),
    ]
    histogram = [int(n) for n in summary["score_histogram"]]
    left = _Panel(x=70, y=50, width=380, height=230, top=max(histogram, default=0))
    parts += left.frame("Effective score (active facts)", "score", "facts")
    step = left.width / max(len(histogram), 1)
    for n, count in enumerate(histogram):
        parts.append(
            f'<rect x="{left.x + n * step + 0.5:.1f}" y="{left.ys(count):.1f}" width="{step - 1:.1f}" '
            f'height="{left.y + left.height - left.ys(count):.1f}" fill="{BAR}"/>'
        )
    for n in range(0, len(histogram) + 1, 2):  # 0.0, 0.2, ... under the bars' edges
        at = left.x + n * step
        parts.append(_text(at, left.y + left.height + 16, f"{n / max(len(histogram), 1):.1f}", anchor="middle"))
    months = [str(m) for m in summary["created_by_month"]]
    counts = [int(c) for c in summary["created_by_month"].values()]
    right = _Panel(x=580, y=50, width=390, height=230, top=max(counts, default=0))
    parts += right.frame("Facts by month created", None, "facts")
    gap = right.width / max(len(months) - 1, 1)
    points = [(right.x + (n * gap if len(months) > 1 else right.width / 2), right.ys(c)) for n, c in enumerate(counts)]
    if len(points) > 1:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{LINE}" stroke-width="2"/>')
    parts += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{LINE}"/>' for x, y in points]
    every = max(1, len(months) // 8)
    for n in range(0, len(months), every):
        x, base = points[n][0], right.y + right.height + 12
        parts.append(
            f'<text x="{x:.1f}" y="{base}" font-size="10" {FONT} fill="{INK}" text-anchor="end" '
            f'transform="rotate(-45 {x:.1f} {base})">{escape(months[n])}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


class _Panel:
    """One plot area: ``x``/``y`` its top left in pixels, counts from 0 to a round ``top`` mapped upward."""

    def __init__(self, *, x: float, y: float, width: float, height: float, top: int) -> None:
        self.x, self.y, self.width, self.height = x, y, width, height
        self.ticks = _ticks(top)
        self.top = self.ticks[-1]

    def ys(self, value: float) -> float:
        """The y pixel of ``value``."""
        return self.y + self.height - self.height * value / self.top

    def frame(self, title: str, xlabel: str | None, ylabel: str) -> list[str]:
        """Title, grid lines with their labels, axes and axis labels."""
        out = [_text(self.x + self.width / 2, self.y - 10, title, size=13, anchor="middle")]
        for tick in self.ticks:
            y = self.ys(tick)
            line = f'<line x1="{self.x}" y1="{y:.1f}" x2="{self.x + self.width}" y2="{y:.1f}" stroke="{GRID}"/>'
            out += [line, _text(self.x - 6, y + 4, f"{tick:,}", anchor="end")]
        bottom = self.y + self.height
        out.append(
            f'<polyline points="{self.x},{self.y} {self.x},{bottom} {self.x + self.width},{bottom}" '
            f'fill="none" stroke="{INK}"/>'
        )
        middle = self.y + self.height / 2
        out.append(
            f'<text x="{self.x - 48}" y="{middle}" font-size="12" {FONT} fill="{INK}" text-anchor="middle" '
            f'transform="rotate(-90 {self.x - 48} {middle})">{escape(ylabel)}</text>'
        )
        if xlabel:
            out.append(_text(self.x + self.width / 2, bottom + 34, xlabel, size=12, anchor="middle"))
        return out


def _ticks(top: int) -> Sequence[int]:
    """0 up to the first multiple of a 1-2-5 step at or above ``top``, in about five steps (0, 1 when empty)."""
    if top <= 0:
        return (0, 1)
    raw = top / 5
    magnitude = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    step = max(int(step), 1)
    return tuple(range(0, math.ceil(top / step) * step + 1, step))


def _text(x: float, y: float, text: str, *, size: int = 10, anchor: str = "start") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" {FONT} fill="{INK}" '
        f'text-anchor="{anchor}">{escape(text)}</text>'
    )
