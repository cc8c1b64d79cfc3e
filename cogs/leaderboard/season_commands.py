"""/wizard season start, end and show, and the ``season:`` option of the leaderboard, stats and history.

Starting and ending a season is for members with Manage Server (checked by the bot on each use, as the
settings panel does); showing one is for everyone. Every read of the current season settles the
server's seasons first (``seasons.settle``), so a board is right even before the periodic check ran;
an ended season is announced once (``season_watch.announce_pending``).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs.leaderboard import context
from cogs.leaderboard.queries import leaderboard_page
from cogs.leaderboard.results import hold_boards
from cogs.leaderboard.season_embeds import season_embed
from cogs.leaderboard.season_watch import announce_pending, season_started
from cogs.leaderboard.season_words import season_name
from cogs.leaderboard.seasons import (
    NAME_LIMIT,
    Season,
    SeasonError,
    end_season,
    find_season,
    open_season,
    season_named,
    seasons_of,
    settle,
    start_season,
)
from cogs.server_settings.language import reply_texts
from cogs.server_settings.panel import check_manager
from cogs.storage import Database
from cogs.utils.i18n import Texts
from cogs.utils.replies import Refusal, guarded
from cogs.utils.text import clip

if TYPE_CHECKING:
    from bot import WizardBot

WHAT = "a season command"
# The option value of "all time" (the autocomplete offers it first).
ALL_TIME = "all"
# A season's planned last day, as the managers write it: 2026-03-31 or 31.03.2026.
DATE_FORMATS = ("%Y-%m-%d", "%d.%m.%Y")
CHOICE_NAME_LIMIT = 100


async def current_season(db: Database, guild_id: int, at: float) -> Season | None:
    """The server's season running at ``at`` (None: none), archiving or opening seasons first if due.

    The usual case (a season running and not due, or none and no automatic seasons) is one or two reads;
    only a change takes the server's leaderboard lock.
    """
    season = await open_season(db, guild_id)
    if season is not None and season.due(at) is None:
        return season
    if season is None:
        monthly = await db.fetchone(
            "SELECT 1 FROM server_settings WHERE guild_id = ? AND season_monthly = 1", (guild_id,)
        )
        if monthly is None:
            return None
    async with db.transaction() as conn:
        await hold_boards(conn, guild_id)
        return await settle(conn, guild_id, at)


async def chosen_season(
    interaction: discord.Interaction[WizardBot], choice: str | None, t: Texts
) -> Season | None:
    """The season a ``season:`` option names (None: all time): by default the current one, else all time;
    an id the autocomplete offered, or a season's name as typed."""
    db, guild_id, now = context.database(interaction), context.guild_id(interaction), context.now()
    season = await current_season(db, guild_id, now)
    await announce_pending(interaction.client, guild_id)
    if choice is None:
        return season
    text = choice.strip()
    if text.casefold() in (ALL_TIME, t("season-all-time").casefold()):
        return None
    found = await find_season(db, guild_id, int(text)) if text.isdecimal() and len(text) < 19 else None
    found = found or await season_named(db, guild_id, text)
    if found is None:
        raise Refusal(t("season-refused-unknown", name=clip(text, NAME_LIMIT)))
    return found


async def season_choices(
    interaction: discord.Interaction[WizardBot], current: str
) -> list[app_commands.Choice[str]]:
    """The autocomplete of a ``season:`` option: all time, then the server's seasons, newest first."""
    if interaction.guild_id is None:
        return []
    t = await reply_texts(interaction)
    seasons = await seasons_of(context.database(interaction), interaction.guild_id)
    choices = [app_commands.Choice(name=t("season-all-time"), value=ALL_TIME)]
    for season in seasons:
        label = clip(season_name(season, t=t), CHOICE_NAME_LIMIT)
        if season.running:
            label = clip(t("season-choice-running", name=season_name(season, t=t)), CHOICE_NAME_LIMIT)
        choices.append(app_commands.Choice(name=label, value=str(season.id)))
    typed = current.strip().casefold()
    return [c for c in choices if typed in c.name.casefold()][:25]


def planned_end(text: str | None, now: float, t: Texts) -> float | None:
    """The end of the day a manager wrote (UTC), or None for no planned end; a refusal if unreadable."""
    if text is None or not text.strip():
        return None
    for form in DATE_FORMATS:
        try:
            day = datetime.strptime(text.strip(), form).replace(tzinfo=UTC)
        except ValueError:
            continue
        end = (day + timedelta(days=1)).timestamp()
        if end <= now:
            raise Refusal(t("season-refused-ends-past"))
        return end
    raise Refusal(t("season-refused-ends-format", text=clip(text, 30)))


def checked_name(text: str, t: Texts) -> str:
    """A season's name as given, its spaces tidied; a refusal for an empty or too long one."""
    name = re.sub(r"\s+", " ", text).strip()
    if not name or len(name) > NAME_LIMIT:
        raise Refusal(t("season-refused-name", limit=NAME_LIMIT))
    if name.casefold() in (ALL_TIME, t("season-all-time").casefold()) or name.isdecimal():
        raise Refusal(t("season-refused-name-reserved"))
    return name


async def start(interaction: discord.Interaction[WizardBot], name: str, ends: str | None) -> None:
    """Answer /wizard season start: open a season now (Manage Server)."""

    async def run() -> None:
        t = await reply_texts(interaction)
        guild_id = check_manager(interaction, t)
        now = context.now()
        title, end = checked_name(name, t), planned_end(ends, now, t)
        db = context.database(interaction)
        try:
            async with db.transaction() as conn:
                await hold_boards(conn, guild_id)
                season = await start_season(conn, guild_id, title, end, now)
        except SeasonError as error:
            raise Refusal(_refusal(error, t)) from None
        await announce_pending(interaction.client, guild_id)
        if season.ends_at is not None:
            await season_started(interaction.client)
        key = "season-started-until" if season.ends_at else "season-started"
        until = t.date(datetime.fromtimestamp((season.ends_at or now) - 1, UTC))
        await interaction.response.send_message(
            t(key, name=season_name(season, t=t), date=until), ephemeral=True
        )

    await guarded(interaction, run(), WHAT)


async def end(interaction: discord.Interaction[WizardBot]) -> None:
    """Answer /wizard season end: archive the running season now and announce it (Manage Server)."""

    async def run() -> None:
        t = await reply_texts(interaction)
        guild_id = check_manager(interaction, t)
        db = context.database(interaction)
        try:
            async with db.transaction() as conn:
                await hold_boards(conn, guild_id)
                season = await end_season(conn, guild_id, context.now())
        except SeasonError as error:
            raise Refusal(_refusal(error, t)) from None
        await interaction.response.send_message(
            t("season-ended", name=season_name(season, t=t)), ephemeral=True
        )
        await announce_pending(interaction.client, guild_id)

    await guarded(interaction, run(), WHAT)


async def show(interaction: discord.Interaction[WizardBot], choice: str | None) -> None:
    """Answer /wizard season show: a season (the current one, else the latest) with its board, privately."""

    async def run() -> None:
        t = await reply_texts(interaction)
        db, guild_id = context.database(interaction), context.guild_id(interaction)
        season = await chosen_season(interaction, choice, t)
        if season is None and choice is None:
            latest = await seasons_of(db, guild_id, limit=1)
            season = latest[0] if latest else None
        if season is None:
            raise Refusal(t("season-refused-no-seasons" if choice is None else "season-refused-pick-one"))
        board = await leaderboard_page(
            db, guild_id, "rating", "all", 0, interaction.user.id, context.now(), season=season
        )
        await interaction.response.send_message(embed=season_embed(season, board, t=t), ephemeral=True)

    await guarded(interaction, run(), WHAT)


def _refusal(error: SeasonError, t: Texts) -> str:
    running = error.season
    if running is not None:
        return t(error.reason, name=season_name(running, t=t))
    return t(error.reason)
