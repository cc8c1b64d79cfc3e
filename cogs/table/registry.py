"""The open tables of this process: a registry of table sessions, found by table (every component
carries its table's id) or by channel (the slash commands).

``OpenTables`` only finds and lets go of sessions (``session.TableSession``, one per open table); it
opens none itself. Lobbies are opened by ``lobby_flow``, tables come back after a restart or a takeover
through ``restore``, and a session leaves the registry when its table closes. When processes share the
database, a click for a table this process does not run is handed to ``elsewhere`` (``cogs.cluster``),
which passes it on or takes the table over.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import discord

from cogs.members.store import MemberSettings
from cogs.table.model import Table
from cogs.table.store import TableStore
from cogs.utils.i18n import Texts
from cogs.utils.replies import Refusal, reader_texts

if TYPE_CHECKING:
    from bot import WizardBot

log = logging.getLogger(__name__)


class Session(Protocol):
    """What the registry and the component families know of a table's session
    (``session.TableSession``): the registry is generic over it, so neither imports the session."""

    table: Table
    lock: asyncio.Lock

    @property
    def is_open(self) -> bool: ...

    def stop(self) -> None: ...

    async def remember_message(self, message: discord.Message | None) -> None:
        """Keep a new table message's id."""
        ...

    async def serve(
        self, click: Any, interaction: discord.Interaction[WizardBot], t: Texts
    ) -> Callable[[], Awaitable[None]] | None:
        """Serve a click of one of the table's component families (the lock held); what is left to do
        once the lock is let go, if anything."""
        ...


SessionT = TypeVar("SessionT", bound=Session)


class Opener(Protocol):
    """What opens a new lobby from a finished game's Play again (``lobby_flow.Lobbies``)."""

    async def play_again(self, interaction: discord.Interaction[WizardBot], finished_id: int) -> None: ...


class HandedOff:
    """What ``locate_in_channel`` gives when another process serves the interaction."""


class Elsewhere(Protocol):
    """The processes sharing the database (``cogs.cluster``), as the tables see them."""

    async def route(self, interaction: discord.Interaction[WizardBot], table_id: int) -> Any:
        """Serve an interaction for an open table this process does not run: hand it to the process that
        does (None), or take the table over when that process is gone (its session, now here)."""
        ...

    def current(self) -> bool:
        """Whether this process may still act for its tables: no other process can have taken them."""
        ...


def manages_server(interaction: discord.Interaction[WizardBot]) -> bool:
    """Whether the clicker holds Manage Server (which lets them cancel any lobby and end any game)."""
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and permissions.manage_guild)


class OpenTables(Generic[SessionT]):
    """The sessions of this process's open tables."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.sessions: dict[int, SessionT] = {}
        self._by_channel: dict[int, int] = {}
        # Where clicks for tables this process does not run go, when processes share the database.
        self.elsewhere: Elsewhere | None = None
        # What opens lobbies for Play again (``lobby_flow.Lobbies``, which sets itself here).
        self.opener: Opener | None = None
        store.on_moved = self._moved

    # -- finding a session ---------------------------------------------------------------------------

    def member_settings_changed(self, guild_id: int, user_id: int, settings: MemberSettings) -> None:
        """A member changed their own settings (``/wizard me``): their seats at this process's open tables
        of that server follow at once."""
        for session in self.sessions.values():
            table = session.table
            seat = table.seat_of(user_id) if table.guild_id == guild_id else None
            if seat is not None:
                table.seats[seat].settings = settings

    def find(self, table_id: int) -> SessionT | None:
        """The session of an open table of this process."""
        return self.sessions.get(table_id)

    def holds(self, session: SessionT) -> bool:
        """Whether the session is still this process's (its table open here)."""
        return self.sessions.get(session.table.id) is session

    def current(self) -> bool:
        """Whether this process may still act for its tables. Alone on its database it always may; among
        several processes only while its heartbeat is recent enough that none can have taken them over
        (``Cluster.current``): a process that was paused finds out here before it writes anything."""
        return self.elsewhere is None or self.elsewhere.current()

    def may_write(self, table: Table) -> bool:
        """Whether this process may write to a table's messages: it has not let go of the table, and it
        is ``current``. Checked by ``Delivery`` before every message it sends, edits or deletes for a
        table, so a process that lost a table (paused, thought gone, taken over) writes nothing to it,
        even a message a move stored before the pause called for: the table's new owner shows it."""
        return not table.released and self.current()

    def in_channel(self, channel_id: int) -> SessionT | None:
        """The session of a channel's open table."""
        table_id = self._by_channel.get(channel_id)
        return None if table_id is None else self.sessions.get(table_id)

    async def locate(self, interaction: discord.Interaction[WizardBot], table_id: int) -> SessionT | None:
        """The session of the open table a click names, here; None when the click was handed to the
        process that runs that table (a shared database). Refuses a table that is not open."""
        session = self.sessions.get(table_id)
        if session is None and self.elsewhere is not None:
            return await self.elsewhere.route(interaction, table_id)
        if session is None:
            raise Refusal(reader_texts(interaction)("table-refusal-no-longer-open"))
        return session

    async def locate_in_channel(
        self, interaction: discord.Interaction[WizardBot]
    ) -> SessionT | HandedOff | None:
        """The session of the interaction's channel's open table, here; None if it has none;
        ``HandedOff`` when the interaction was handed to the process that runs that table."""
        assert interaction.channel_id is not None
        session = self.in_channel(interaction.channel_id)
        if session is not None or self.elsewhere is None:
            return session
        table_id = await self.store.open_id_in_channel(interaction.channel_id)
        if table_id is None:
            return None
        found = await self.elsewhere.route(interaction, table_id)
        return HandedOff() if found is None else found

    # -- sessions come and go ------------------------------------------------------------------------

    def add(self, session: SessionT) -> None:
        table = session.table
        self.sessions[table.id] = session
        self._by_channel[table.channel_id] = table.id

    def remove(self, session: SessionT) -> None:
        """Let a session go (its table closed, or moved to another process) and stop its tasks."""
        table = session.table
        if self.sessions.get(table.id) is session:
            del self.sessions[table.id]
        if self._by_channel.get(table.channel_id) == table.id:
            del self._by_channel[table.channel_id]
        session.stop()

    def forget(self, session: SessionT, *, handed: bool = False) -> None:
        """Let go of a table another process runs now: it took the table over (this one was thought
        gone), or this one ``handed`` it to the process of its server's shard."""
        if not handed:
            log.warning("Table %d is run by another process now; this one lets it go", session.table.id)
        session.table.released = True
        self.remove(session)

    def _moved(self, table_id: int) -> None:
        session = self.sessions.get(table_id)
        if session is not None:
            self.forget(session)

    def close(self) -> None:
        """Stop every table's timers, clocks and computers (the bot is shutting down)."""
        for session in self.sessions.values():
            session.stop()
