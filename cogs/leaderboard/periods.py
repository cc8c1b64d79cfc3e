"""The leaderboard's periods: all time, a calendar month and a week from Monday, in UTC (a season, the
other kind of board, is ``seasons``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

PERIODS = {"all": "All time", "month": "This month", "week": "This week"}


def period_start(period: str, at: float) -> int:
    """The first second (Unix time) of the period holding ``at``: 0 for all time, else its month or week."""
    if period == "all":
        return 0
    day = datetime.fromtimestamp(at, UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "month":
        return int(day.replace(day=1).timestamp())
    if period == "week":
        return int((day - timedelta(days=day.weekday())).timestamp())
    raise ValueError(f"unknown period {period!r}")


def month_after(at: float) -> int:
    """The first second (Unix time) of the calendar month after the one holding ``at``."""
    first = datetime.fromtimestamp(period_start("month", at), UTC)
    if first.month == 12:
        return int(first.replace(year=first.year + 1, month=1).timestamp())
    return int(first.replace(month=first.month + 1).timestamp())
