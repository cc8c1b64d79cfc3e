"""Lobbies open: ``/wizard new``, and Play again on a finished game's standings.

``Lobbies`` stores a new lobby, makes its session and shows it; from then on the lobby's changes (joins,
computers, rules, the Start) are the session's (``session.press_lobby_button`` and the functions beside
it), and whether each is allowed is for ``lobby``'s pure functions.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import discord

from cogs.table import lobby
from cogs.table.components import lobby_embed, lobby_view
from cogs.table.model import Occupant, Table, now
from cogs.table.outbox import SEND_ERRORS
from cogs.table.registry import HandedOff, OpenTables
from cogs.table.session import TableParts, TableSession, arm_lobby_timer, lobby_change, store_lobby
from cogs.table.store import TableExistsError, table_of
from cogs.utils.components import invalid_control
from cogs.utils.i18n import language_of
from cogs.utils.replies import Refusal, reader_texts
from wizard_core import Rules, WizardError

if TYPE_CHECKING:
    from bot import WizardBot

log = logging.getLogger(__name__)

SessionFactory = Callable[[Table], TableSession]


class Lobbies:
    """Opens lobbies: ``/wizard new``, and Play again on a finished game's standings."""

    def __init__(
        self, registry: OpenTables[TableSession], parts: TableParts, new_session: SessionFactory
    ) -> None:
        self.registry = registry
        self.parts = parts
        # A session for a table just opened (``TableSession`` with the process's parts).
        self.new_session = new_session
        registry.opener = self

    async def new_table(self, interaction: discord.Interaction[WizardBot], edition: str | None) -> None:
        """Open a lobby in the interaction's channel, with the caller as host and the server's rules
        (in ``edition`` if one is given)."""
        assert interaction.guild_id is not None
        server = await self.parts.server_settings.get(interaction.guild_id)
        rules = server.rules()
        if edition is not None and edition != rules.edition:
            try:
                rules = Rules(edition, rules.variants, rules.nannie_every)
            except WizardError:
                rules = Rules(edition)
        await self.open(interaction, rules, coach=server.coach)

    async def open(
        self,
        interaction: discord.Interaction[WizardBot],
        rules: Rules,
        computers: Sequence[Occupant] = (),
        held: frozenset[int] = frozenset(),
        coach: bool = False,
    ) -> None:
        """Store a new lobby in the interaction's channel, hosted by the caller (with ``computers`` seated
        too, and seats ``held`` for a while for those members), and show it as the answer to the
        interaction. ``coach`` is whether it starts with the coach."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        user = interaction.user
        store = self.parts.store
        try:
            record = await store.create(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host_id=user.id,
                host_name=user.display_name,
                rules=rules,
                now=now(),
                host_lang=language_of(interaction.locale),
                coach=coach,
            )
        except TableExistsError as error:
            existing = self.registry.find(error.table_id)
            if existing is None:
                raise Refusal(reader_texts(interaction)("lobby-refusal-exists-here")) from None
            t = existing.table.reader_texts(interaction.user.id, interaction.locale)
            raise Refusal(t("lobby-refusal-exists", link=existing.table.jump_url)) from None
        session = self.new_session(table_of(record))
        table = session.table
        if computers:
            table.seats += [Occupant(c.user_id, c.name, computer=c.computer) for c in computers]
            await store_lobby(session, seats=True)
        if held:
            lobby.hold_seats(table, held, now())
            await store.set_held(table.id, table.held, table.held_until)
        await session.apply_server_settings()
        self.registry.add(session)
        try:
            sent = await interaction.response.send_message(embed=lobby_embed(table), view=lobby_view(table))
        except SEND_ERRORS as error:
            # Answered too late (or dropped): the lobby is stored and open, so it is posted in the
            # channel instead, rather than left unseen with the channel blocked until a restart.
            log.warning("Could not answer /wizard new for table %d (%s); posting the lobby", table.id, error)
            await session.remember_message(
                await self.parts.delivery.send_channel(
                    table, embed=lobby_embed(table), view=lobby_view(table)
                )
            )
        else:
            await session.remember_answer(interaction, sent)
        finally:
            arm_lobby_timer(session)

    async def play_again(self, interaction: discord.Interaction[WizardBot], finished_id: int) -> None:
        """Play again, on a finished game's standings: the first click opens a new lobby in the channel
        with the same rules and computers, hosted by the clicker; the next clicks take a seat in it. The
        last game's members come first: the lobby holds their seats for a while (``lobby.hold_seats``)."""
        record = await self.parts.store.get(finished_id)
        t = reader_texts(interaction)
        if record is None or record.status != "finished":
            raise Refusal(invalid_control(t, menu=False))
        if (record.guild_id, record.channel_id) != (interaction.guild_id, interaction.channel_id):
            raise Refusal(t("table-refusal-elsewhere"))
        current = await self.registry.locate_in_channel(interaction)
        if isinstance(current, HandedOff):
            return  # the channel's new lobby is run by another process, which answers
        if current is None:
            computers = [Occupant(s.user_id, s.name, computer=s.computer) for s in record.seats if s.computer]
            members = frozenset(s.user_id for s in record.seats if not s.computer)
            lobby.check_opener(interaction.user.id, members, len(computers), t=t, at=now())
            await self.open(interaction, record.table_rules, computers, held=members, coach=record.coach)
            return
        table = current.table
        t = table.reader_texts(interaction.user.id, interaction.locale)
        if table.status != "lobby":
            raise Refusal(t("table-refusal-new-game-under-way", url=table.jump_url))
        async with current.lock:
            if not current.is_open or table.status != "lobby":
                raise Refusal(t("table-refusal-new-table-moved-on", url=table.jump_url))
            async with lobby_change(current, t):
                user = interaction.user
                lobby.join(table, user.id, user.display_name, t=t, lang=language_of(interaction.locale))
                await store_lobby(current, seats=True)
            await current.parts.delivery.edit_table_message(
                current, embed=lobby_embed(table), view=lobby_view(table)
            )
        await interaction.response.send_message(
            t("table-seat-at-new-table", url=table.jump_url), ephemeral=True
        )
