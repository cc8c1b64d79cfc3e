"""Seasons' timers: archiving seasons whose end has come, and announcing each ended season once.

A season's planned end and a monthly season's month must be noticed across restarts and by a cluster of
processes sharing the database, so nothing is held in memory: each process settles, at start-up and then
at least every ``CHECK_SECONDS`` (sooner when a planned end or a new month is nearer), every server
with a due season, under that server's leaderboard lock (the first to take it archives, the others find
nothing left to do). Each ended season is announced by the one process whose conditional UPDATE of its
``announced_at`` wins (``seasons.claim_announcement``), in the channel the server's managers chose, or
nowhere. The posting goes through Discord's REST API, so any process can post for any server.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from cogs.leaderboard import context
from cogs.leaderboard.periods import month_after
from cogs.leaderboard.queries import leaderboard_page
from cogs.leaderboard.results import hold_boards
from cogs.leaderboard.season_embeds import announcement_embed
from cogs.leaderboard.seasons import claim_announcement, due_servers, next_due, settle, unannounced
from cogs.server_settings.store import ServerSettingsStore
from cogs.storage import DATABASE_ERRORS
from cogs.utils.i18n import guild_language, texts

if TYPE_CHECKING:
    from bot import WizardBot

log = logging.getLogger(__name__)

# The longest wait between two looks for due seasons (a season started by another process is seen
# within it; this process's own commands announce at once).
CHECK_SECONDS = 15 * 60.0


async def announce_pending(bot: WizardBot, guild_id: int | None = None) -> None:
    """Announce the ended seasons nobody announced yet (of one server, or of all), each exactly once."""
    for season in await unannounced(bot.db, guild_id):
        if not await claim_announcement(bot.db, season.id, context.now()):
            continue  # another process (or an earlier call) has it
        settings = await bot.service(ServerSettingsStore).get(season.guild_id)
        channel_id = settings.season_channel_id
        if channel_id is None:
            continue
        t = texts(guild_language(settings.language, bot.get_guild(season.guild_id)))
        board = await leaderboard_page(
            bot.db, season.guild_id, "rating", "all", 0, 0, context.now(), season=season
        )
        channel = bot.get_partial_messageable(channel_id, guild_id=season.guild_id)
        try:
            await channel.send(
                embed=announcement_embed(season, board, t=t),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as error:
            # Announced once means never twice: a channel gone or closed to the bot loses this one.
            log.warning(
                "Could not announce the end of season %d in channel %d: %s", season.id, channel_id, error
            )


async def settle_due(bot: WizardBot) -> None:
    """Archive every due season (each server under its own lock), then announce the ended ones."""
    now = context.now()
    for guild_id in await due_servers(bot.db, now):
        async with bot.db.transaction() as conn:
            await hold_boards(conn, guild_id)
            await settle(conn, guild_id, now)
    await announce_pending(bot)


class SeasonWatch(commands.Cog):
    """Settles due seasons and announces ended ones, at start-up and then periodically."""

    def __init__(self, bot: WizardBot) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._task = asyncio.create_task(self._watch(), name="wizard-seasons")

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _watch(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            try:
                await settle_due(self.bot)
                wait = await self._wait()
            except DATABASE_ERRORS as error:
                log.warning("Could not check the seasons: %s", error)
                wait = CHECK_SECONDS
            await asyncio.sleep(wait)

    async def _wait(self) -> float:
        """Seconds until the next look: the next planned end or month, at most ``CHECK_SECONDS``."""
        now = context.now()
        soonest = min(month_after(now), await next_due(self.bot.db) or float("inf"))
        return max(1.0, min(CHECK_SECONDS, soonest - now))
