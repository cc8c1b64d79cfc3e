"""Seasons and server records as embeds: a season with its board, an ended season's announcement, the
head line of a season's board, and a server's records.

Every word comes from ``cogs/locales/<language>/seasons.ftl`` (and ``leaderboard.ftl`` for a board's
lines); members are named by a mention, which Discord shows as their name.
"""

from __future__ import annotations

import discord

from cogs.leaderboard.embeds import board_line_text, percent
from cogs.leaderboard.queries import RECORD_MIN_GAMES, BoardPage, ServerRecords
from cogs.leaderboard.season_words import champion_text, season_name, season_text
from cogs.leaderboard.seasons import Season
from cogs.utils.i18n import Texts
from cogs.utils.text import DESCRIPTION_LIMIT, TITLE_LIMIT, clip

COLOUR = discord.Colour.gold()
# Lines of an ended season's board in its announcement.
PODIUM = 3


def season_embed(season: Season, board: BoardPage, *, t: Texts) -> discord.Embed:
    """A season: its days, its champion once ended, and the first page of its board by rating."""
    title = clip(t("season-title", name=season_name(season, t=t)), TITLE_LIMIT)
    embed = discord.Embed(title=title, colour=COLOUR)
    head = [season_text(season, t=t)]
    if not season.running:
        head.append(champion_text(season, t=t))
    if season.fresh_ratings:
        head.append(t("season-fresh-ratings"))
    lines = [board_line_text(line, "rating", t=t) for line in board.lines]
    body = "\n".join(lines) if lines else t("season-board-empty")
    embed.description = clip("\n".join(head) + "\n\n" + body, DESCRIPTION_LIMIT)
    embed.set_footer(text=t("season-footer", count=board.total))
    return embed


def announcement_embed(season: Season, board: BoardPage, *, t: Texts) -> discord.Embed:
    """The channel's news that a season ended: its champion and its first places."""
    title = clip(t("season-over-title", name=season_name(season, t=t)), TITLE_LIMIT)
    embed = discord.Embed(title=title, colour=COLOUR)
    lines = [board_line_text(line, "rating", t=t) for line in board.lines[:PODIUM]]
    parts = [season_text(season, t=t), champion_text(season, t=t)]
    if lines:
        parts.append("\n".join(lines))
    parts.append(t("season-over-see-more"))
    embed.description = clip("\n\n".join(parts), DESCRIPTION_LIMIT)
    return embed


def _holders(holders: tuple[int, ...]) -> str:
    return ", ".join(f"<@{user}>" for user in holders)


def records_embed(records: ServerRecords, *, t: Texts) -> discord.Embed:
    """A server's records (all time or a season's), each with who holds it."""
    if records.season is None:
        title = t("records-title-all")
    else:
        title = t("records-title-season", name=season_name(records.season, t=t))
    embed = discord.Embed(title=clip(title, TITLE_LIMIT), colour=COLOUR)
    embed.description = t("records-description", min=RECORD_MIN_GAMES)
    none = t("records-none")
    score = none
    if records.high_score is not None:
        value, holders = records.high_score
        score = t("records-score", score=value, holders=_holders(holders))
    embed.add_field(name=t("records-score-name"), value=score, inline=False)
    streak = none
    if records.streak is not None:
        value, holders = records.streak
        streak = t("records-streak", count=value, holders=_holders(holders))
    embed.add_field(name=t("records-streak-name"), value=streak, inline=False)
    accuracy = t("records-accuracy-none", min=RECORD_MIN_GAMES)
    if records.accuracy is not None:
        user, exact, rounds, games = records.accuracy
        accuracy = t(
            "records-accuracy",
            rate=percent(exact / rounds),
            exact=exact,
            rounds=rounds,
            games=games,
            holder=f"<@{user}>",
        )
    embed.add_field(name=t("records-accuracy-name"), value=accuracy, inline=False)
    return embed
