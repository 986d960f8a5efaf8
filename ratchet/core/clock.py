"""Dates and times as Ratchet stores them: ISO-8601 UTC strings, date-only accepted on read."""

from __future__ import annotations

import os
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache

ISO_PATTERN = r"^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$"


def now() -> datetime:
    """The current time in UTC; ``RATCHET_NOW`` (ISO-8601) pins it for tests, demos and evaluations."""
    pinned = os.environ.get("RATCHET_NOW")
    if pinned:
        return _pinned(pinned)
    return datetime.now(UTC).replace(microsecond=0)


@lru_cache(maxsize=4)
def _pinned(text: str) -> datetime:
    return parse(text)  # asked once per audit record in a big run: parse it once


def iso(moment: datetime | date) -> str:
    """Format a moment the way facts store it (``2026-02-28T10:00:00Z``)."""
    if isinstance(moment, datetime):
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")
    return moment.isoformat()


def now_iso() -> str:
    return iso(now())


def parse(text: str) -> datetime:
    """Parse a stored date or date-time; naive values are UTC."""
    value = text.strip()
    if len(value) == 10:
        return datetime.fromisoformat(value).replace(tzinfo=UTC)
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        from dateutil import parser as dateparser  # only for forms fromisoformat refuses: imports cost 6-24 ms

        moment = dateparser.isoparse(value)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def days_between(earlier: str | datetime, later: datetime | None = None) -> float:
    """Days from ``earlier`` to ``later`` (default now), never negative."""
    start = parse(earlier) if isinstance(earlier, str) else earlier
    end = later or now()
    return max(0.0, (end - start).total_seconds() / 86400.0)


def quarter_of(text: str) -> str:
    """``2026-Q1`` for a stored date."""
    moment = parse(text)
    return f"{moment.year}-Q{(moment.month - 1) // 3 + 1}"


def iso_week(moment: datetime) -> str:
    """``2026-W09`` (ISO calendar week)."""
    year, week, _ = moment.isocalendar()
    return f"{year}-W{week:02d}"


def week_start(week: str) -> datetime:
    """Monday 00:00 UTC of an ISO week string."""
    year, num = week.split("-W")
    return datetime.fromisocalendar(int(year), int(num), 1).replace(tzinfo=UTC)


def weeks_between(first: str, second: str) -> int:
    """Whole ISO weeks from week ``first`` to week ``second`` (negative when reversed)."""
    return (week_start(second) - week_start(first)) // timedelta(weeks=1)
