"""The clock, and dates and times as Ratchet stores them: ISO-8601 UTC strings, date-only accepted on read.

The library reads the time only through :func:`now`, which a caller may pin (:func:`pin`, :func:`pinned`): tests,
demos and evaluations replay a fixed moment. The environment (``RATCHET_NOW``) is read at the command-line edge
(:mod:`ratchet.cli.common`), never here.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta

ISO_PATTERN = r"^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$"


_PINNED: datetime | None = None


def now() -> datetime:
    """The current time in UTC, or the pinned moment (see :func:`pin`)."""
    if _PINNED is not None:
        return _PINNED
    return datetime.now(UTC).replace(microsecond=0)


def pin(moment: str | datetime | None) -> None:
    """Make :func:`now` answer ``moment`` from now on (an ISO-8601 string or a datetime); None unpins.

    Raises ValueError for a string that is not a date.
    """
    global _PINNED
    if moment is None or moment == "":
        _PINNED = None
    else:
        _PINNED = parse(moment) if isinstance(moment, str) else moment.astimezone(UTC)


@contextmanager
def pinned(moment: str | datetime) -> Iterator[None]:
    """:func:`pin` for the duration of the block, then the previous state back."""
    before = _PINNED
    pin(moment)
    try:
        yield
    finally:
        globals()["_PINNED"] = before


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
