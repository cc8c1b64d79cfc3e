"""Seasons' timers: archiving seasons whose end has come, and announcing each ended season once.

A season's planned end and a monthly season's month must be noticed across restarts and by a cluster of
processes sharing the database, so nothing is held in memory: each process settles every server with a due
season at start-up, then sleeps until the next planned end or month boundary of an open season (as the
database says), or until a season is started anywhere (this process's own commands wake it; others hear of it
through ``SEASONS_CHANNEL``). Settling takes each server's leaderboard lock, so the first process to take it
archives and the others find nothing left to do. Each ended season is announced by the one process whose
conditional UPDATE of its ``announced_at`` wins (``seasons.claim_announcement``), in the channel the server's
managers chose, or nowhere. The posting goes through Discord's REST API, so any process can post for any
server.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from cogs.leaderboard import context
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

# How long to wait before looking again after the database failed.
RETRY_SECONDS = 15 * 60.0
# The longest sleep: a look at the seasons now and then even when nothing is due, in case a wake-up
# from another process was lost.
IDLE_SECONDS = 24 * 3600.0
# Processes sharing the database tell each other that a season with an end was started, on this channel.
SEASONS_CHANNEL = "wizard_seasons"


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


async def season_started(bot: WizardBot) -> None:
    """Wake every process's watch: a season started, whose end it must now wait for."""
    watch = bot.get_cog(SeasonWatch.__cog_name__)
    if isinstance(watch, SeasonWatch):
        watch.poke()
    await bot.db.notify(SEASONS_CHANNEL, "")


class SeasonWatch(commands.Cog):
    """Settles due seasons and announces ended ones: at start-up, then when the next one is due.

    One task looks and then sleeps; a poke while it sleeps replaces it by a new one that looks at once
    (like a table's clock), and a poke while it looks makes it look once more.
    """

    def __init__(self, bot: WizardBot) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None
        self._sleeping = False
        self._again = False

    async def cog_load(self) -> None:
        await self.bot.db.listen(SEASONS_CHANNEL, lambda _: self.poke(), lost=self.poke)
        self._start()

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def _start(self) -> None:
        self._sleeping = False
        self._task = asyncio.create_task(self._watch(), name="wizard-seasons")

    def poke(self) -> None:
        """Look at the seasons again now."""
        if self._task is None or self._task.done():
            return
        if not self._sleeping:
            self._again = True
            return
        self._task.cancel()
        self._start()

    async def _watch(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            self._again = False
            try:
                await settle_due(self.bot)
                due = await next_due(self.bot.db)
            except DATABASE_ERRORS as error:
                log.warning("Could not check the seasons: %s", error)
                due = context.now() + RETRY_SECONDS
            if self._again:
                continue
            self._sleeping = True
            await asyncio.sleep(min(IDLE_SECONDS, max(1.0, (due or float("inf")) - context.now())))
            self._sleeping = False
