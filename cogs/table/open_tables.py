"""The open tables of this process, and what every part of the table service shares.

``OpenTables`` finds a table by its id or its channel (or hands the interaction to the process that runs
the table, when processes share the database), lets a table go, and gives a table its server's settings.
It holds what each job at a table works with: the tables in memory, the store, the delivery of messages
and the announcer. The jobs build on it (``lobby_flow``, ``ending``, ``restore``) and ``manager`` puts
them together with the game under way.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Protocol

import discord

from cogs.server_settings.store import ServerSettings, ServerSettingsStore
from cogs.table.announce import Announcer
from cogs.table.components import TableHandlers
from cogs.table.delivery import Delivery
from cogs.table.model import Table
from cogs.table.store import News, TableStore
from cogs.utils.i18n import Texts, guild_language
from cogs.utils.replies import Refusal, reader_texts

if TYPE_CHECKING:
    from bot import WizardBot

log = logging.getLogger(__name__)


class HandedOff:
    """What ``locate_in_channel`` gives when another process serves the interaction."""


class Elsewhere(Protocol):
    """The processes sharing the database (``cogs.cluster``), as the tables see them."""

    async def route(self, interaction: discord.Interaction[WizardBot], table_id: int) -> Table | None:
        """Serve an interaction for an open table this process does not run: hand it to the process that
        does (None), or take the table over when that process is gone (the table, now here)."""
        ...


def reader(interaction: discord.Interaction[WizardBot], table: Table) -> Texts:
    """The catalog of a private answer to an interaction at a table, in the clicker's language (which is
    remembered for the direct messages the bot sends them later)."""
    return table.reader_texts(interaction.user.id, interaction.locale)


def manages_server(interaction: discord.Interaction[WizardBot]) -> bool:
    """Whether the clicker holds Manage Server (which lets them cancel any lobby and end any game)."""
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and permissions.manage_guild)


class OpenTables(TableHandlers):
    """The open tables of this process, and the parts every job at a table works with."""

    def __init__(self, bot: WizardBot, store: TableStore, server_settings: ServerSettingsStore) -> None:
        self.bot = bot
        self.store = store
        self.server_settings = server_settings
        self.tables: dict[int, Table] = {}
        self.by_channel: dict[int, int] = {}
        # Where clicks for tables this process does not run go, when processes share the database.
        self.elsewhere: Elsewhere | None = None
        store.on_moved = self._moved
        self.delivery = Delivery(bot, store)
        self.announcer = Announcer(self.delivery, self.is_open, interval=bot.settings.table_edit_interval)

    # -- open tables -------------------------------------------------------------------------------

    def find(self, table_id: int) -> Table | None:
        return self.tables.get(table_id)

    def is_open(self, table: Table) -> bool:
        return table.id in self.tables

    def in_channel(self, channel_id: int) -> Table | None:
        """The open table of a channel."""
        table_id = self.by_channel.get(channel_id)
        return None if table_id is None else self.tables.get(table_id)

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        self.by_channel[table.channel_id] = table.id

    def _remove(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        if self.by_channel.get(table.channel_id) == table.id:
            del self.by_channel[table.channel_id]
        for task in table.tasks():
            if task is not asyncio.current_task():
                task.cancel()

    def close(self) -> None:
        """Stop the lobby timers, turn clocks and computers (the bot is shutting down)."""
        for table in self.tables.values():
            for task in table.tasks():
                task.cancel()

    async def locate(self, interaction: discord.Interaction[WizardBot], table_id: int) -> Table | None:
        """The open table a click names, here; None when the click was handed to the process that runs
        that table (a shared database). Refuses a table that is not open."""
        table = self.tables.get(table_id)
        if table is None and self.elsewhere is not None:
            return await self.elsewhere.route(interaction, table_id)
        if table is None:
            raise Refusal(reader_texts(interaction)("table-refusal-no-longer-open"))
        return table

    async def locate_in_channel(
        self, interaction: discord.Interaction[WizardBot]
    ) -> Table | HandedOff | None:
        """The open table of the interaction's channel, here; None if it has none; ``HandedOff`` when the
        interaction was handed to the process that runs that table."""
        assert interaction.channel_id is not None
        table = self.in_channel(interaction.channel_id)
        if table is not None or self.elsewhere is None:
            return table
        table_id = await self.store.open_id_in_channel(interaction.channel_id)
        if table_id is None:
            return None
        found = await self.elsewhere.route(interaction, table_id)
        return HandedOff() if found is None else found

    def forget(self, table: Table) -> None:
        """Let go of a table another process has taken over (this one was thought gone)."""
        log.warning("Table %d is run by another process now; this one lets it go", table.id)
        self._remove(table)

    def _moved(self, table_id: int) -> None:
        table = self.tables.get(table_id)
        if table is not None:
            self.forget(table)

    async def _remember_message(self, table: Table, message: discord.Message | None) -> None:
        if message is not None:
            table.message_id = message.id
            await self.store.set_message(table.id, message.id)

    async def apply_server_settings(self, table: Table) -> ServerSettings:
        """Give a table its server's turn time, lobby lifetime and pictures; return the server's settings."""
        server = await self.server_settings.get(table.guild_id)
        table.turn_seconds = float(server.turn_timer_seconds)
        table.nudge_seconds = self.bot.settings.nudge_seconds
        minutes = server.lobby_timeout_minutes or self.bot.settings.lobby_timeout_minutes
        table.lobby_timeout = minutes * 60
        table.images = self.bot.settings.images if server.images is None else server.images
        table.lang = guild_language(server.language, self.bot.get_guild(table.guild_id))
        return server

    # -- what the game under way provides (``manager.TableManager``) --------------------------------

    async def _start(self, interaction: discord.Interaction[WizardBot], table: Table, t: Texts) -> None:
        """Start the lobby's game, as the answer to its Start button."""
        raise NotImplementedError

    def _keep_going(self, table: Table) -> None:
        """After every change to a running game: time the turns, and wake the computers."""
        raise NotImplementedError

    async def _deliver(self, table: Table, news: list[News]) -> None:
        """Show the stored news of an action, and the table message with it."""
        raise NotImplementedError
