"""A season in words: its name as shown, its days and its champion (``cogs/locales/*/seasons.ftl``)."""

from __future__ import annotations

from datetime import UTC, datetime

import babel.dates

from cogs.leaderboard.seasons import Season
from cogs.utils.i18n import Texts
from cogs.utils.text import display_name


def season_name(season: Season, *, t: Texts) -> str:
    """A season's name as shown: a monthly season's is its month in the reader's language."""
    if season.monthly:
        month = datetime.fromtimestamp(season.started_at, UTC)
        return babel.dates.format_date(month, format="LLLL y", locale=t.lang)
    return display_name(season.name)


def _day(at: float, *, t: Texts) -> str:
    return t.date(datetime.fromtimestamp(at, UTC))


def season_text(season: Season, *, t: Texts) -> str:
    """A season in one line: its name and its days (since, until, or from and to when ended)."""
    name = season_name(season, t=t)
    since = _day(season.started_at, t=t)
    if season.ended_at is not None:
        return t("season-line-ended", name=name, since=since, until=_day(season.ended_at, t=t))
    if season.ends_at is not None:
        # A planned end is the end of its last day: the day shown is the one before.
        return t("season-line-until", name=name, since=since, until=_day(season.ends_at - 1, t=t))
    return t("season-line-running", name=name, since=since)


def champion_text(season: Season, *, t: Texts) -> str:
    """Who won an ended season, or that nobody played in it."""
    if season.champion_id is None:
        return t("season-champion-none")
    return t("season-champion", member=f"<@{season.champion_id}>")
