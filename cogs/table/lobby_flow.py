"""A lobby's flow: it opens, members join and leave, the host seats computers and chooses the rules, and
it starts, is cancelled or closes when left idle.

Whether a change is allowed is for ``lobby``'s pure functions; here each change is stored (and refused if
someone else changed the lobby first, or undone in memory if it cannot be stored) and the lobby message
shows it. The Start hands the table over to the game under way (``manager``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from typing import TYPE_CHECKING

import discord

from cogs import core_words
from cogs.table import lobby, render
from cogs.table.components import lobby_view
from cogs.table.model import LEVEL_KEYS, Occupant, Table, now
from cogs.table.open_tables import HandedOff, OpenTables, manages_server, reader
from cogs.table.store import StaleTableError, TableExistsError
from cogs.utils.components import invalid_control
from cogs.utils.i18n import Texts, language_of
from cogs.utils.replies import Refusal, reader_texts
from wizard_core import MAX_PLAYERS, MIN_PLAYERS, Rules, WizardError
from wizard_core.variants import VARIANTS

if TYPE_CHECKING:
    from bot import WizardBot

# What each computer level does, for the lobby.
LEVEL_HELP = {
    "easy": "lobby-level-help-easy",
    "medium": "lobby-level-help-medium",
    "hard": "lobby-level-help-hard",
}


class LobbyFlow(OpenTables):
    """A lobby, from when it opens until it starts or closes."""

    async def new_table(self, interaction: discord.Interaction[WizardBot], edition: str | None) -> None:
        """Open a lobby in the interaction's channel, with the caller as host and the server's rules
        (in ``edition`` if one is given)."""
        assert interaction.guild_id is not None
        server = await self.server_settings.get(interaction.guild_id)
        rules = server.rules()
        if edition is not None and edition != rules.edition:
            try:
                rules = Rules(edition, rules.variants, rules.nannie_every)
            except WizardError:
                rules = Rules(edition)
        await self._open_lobby(interaction, rules)

    async def _open_lobby(
        self,
        interaction: discord.Interaction[WizardBot],
        rules: Rules,
        computers: Sequence[Occupant] = (),
        held: frozenset[int] = frozenset(),
    ) -> None:
        """Store a new lobby in the interaction's channel, hosted by the caller (with ``computers`` seated
        too, and seats ``held`` for a while for those members), and show it as the answer to the
        interaction."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        user = interaction.user
        try:
            record = await self.store.create(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host_id=user.id,
                host_name=user.display_name,
                rules=rules,
                now=now(),
                host_lang=language_of(interaction.locale),
            )
        except TableExistsError as error:
            existing = self.tables.get(error.table_id)
            t = reader(interaction, existing) if existing else reader_texts(interaction)
            if existing is None:
                raise Refusal(t("lobby-refusal-exists-here")) from None
            raise Refusal(t("lobby-refusal-exists", link=existing.jump_url)) from None
        table = Table.from_record(record)
        if computers:
            table.seats += [Occupant(c.user_id, c.name, computer=c.computer) for c in computers]
            await self._store_lobby(table, seats=True)
        if held:
            lobby.hold_seats(table, held, now())
        await self.apply_server_settings(table)
        self._add(table)
        await interaction.response.send_message(embed=self.lobby_embed(table), view=lobby_view(table))
        message = await interaction.original_response()
        table.message_id = message.id
        await self.store.set_message(table.id, message.id)
        self._arm_lobby_timer(table)

    async def play_again(self, interaction: discord.Interaction[WizardBot], finished_id: int) -> None:
        """Play again, on a finished game's standings: the first click opens a new lobby in the channel
        with the same rules and computers, hosted by the clicker; the next clicks take a seat in it. The
        last game's members come first: the lobby holds their seats for a while (``lobby.hold_seats``)."""
        record = await self.store.get(finished_id)
        t = reader_texts(interaction)
        if record is None or record.status != "finished":
            raise Refusal(invalid_control(t, menu=False))
        if (record.guild_id, record.channel_id) != (interaction.guild_id, interaction.channel_id):
            raise Refusal(t("table-refusal-elsewhere"))
        current = await self.locate_in_channel(interaction)
        if isinstance(current, HandedOff):
            return  # the channel's new lobby is run by another process, which answers
        if current is None:
            computers = [Occupant(s.user_id, s.name, computer=s.computer) for s in record.seats if s.computer]
            members = frozenset(s.user_id for s in record.seats if not s.computer)
            lobby.check_opener(interaction.user.id, members, len(computers), t=t, at=now())
            await self._open_lobby(interaction, record.table_rules, computers, held=members)
            return
        t = reader(interaction, current)
        if current.status != "lobby":
            raise Refusal(t("table-refusal-new-game-under-way", url=current.jump_url))
        async with current.lock:
            if not self.is_open(current) or current.status != "lobby":
                raise Refusal(t("table-refusal-new-table-moved-on", url=current.jump_url))
            async with self._lobby_change(current, t):
                user = interaction.user
                lobby.join(current, user.id, user.display_name, t=t, lang=language_of(interaction.locale))
                await self._store_lobby(current, seats=True)
            await self.delivery.edit_table_message(
                current, embed=self.lobby_embed(current), view=lobby_view(current)
            )
        await interaction.response.send_message(
            t("table-seat-at-new-table", url=current.jump_url), ephemeral=True
        )

    def lobby_embed(self, table: Table) -> discord.Embed:
        """The lobby message, in the table's language."""
        t = table.texts
        embed = discord.Embed(
            title=t("lobby-title", edition=render.edition_name(table.edition, t=t)),
            description=t("lobby-description", host=f"<@{table.host_id}>", min=MIN_PLAYERS, max=MAX_PLAYERS),
            colour=discord.Colour.blurple(),
        )
        seats = "\n".join(f"{i + 1}. {seat.mention(t)}" for i, seat in enumerate(table.seats))
        players = t("lobby-players", count=len(table.seats), max=MAX_PLAYERS)
        embed.add_field(name=players, value=seats or t("lobby-nobody"))
        levels = "\n".join(f"**{t(LEVEL_KEYS[level])}:** {t(key)}" for level, key in LEVEL_HELP.items())
        embed.add_field(name=t("lobby-computers"), value=levels)
        embed.add_field(name=_rules_heading(table, t)[:256], value=_rules_text(table, t)[:1024], inline=False)
        minutes = round(table.lobby_timeout / 60)
        embed.set_footer(text=t("lobby-footer", minutes=minutes))
        return embed

    async def lobby_button(
        self, interaction: discord.Interaction[WizardBot], table: Table, action: str
    ) -> None:
        user = interaction.user
        t = reader(interaction, table)
        if action == "start":
            lobby.check_start(table, user.id, t=t)
            await self._start(interaction, table, t)
            return
        if action == "cancel":
            if not lobby.may_manage(table, user.id, manages_server(interaction)):
                raise Refusal(t("lobby-refusal-cancel"))
            await self._cancel_lobby(interaction, table, table.texts("lobby-cancelled-by", name=user.mention))
            return
        async with self._lobby_change(table, t):
            if action == "join":
                lobby.join(table, user.id, user.display_name, t=t, lang=language_of(interaction.locale))
            elif action in lobby.ADD_COMPUTER:
                lobby.add_computer(table, user.id, lobby.ADD_COMPUTER[action], t=t)
            elif action == "rmcpu":
                lobby.remove_computer(table, user.id, t=t)
            elif lobby.leave(table, user.id, t=t) is lobby.Left.EMPTY:
                why = table.texts("lobby-left-closed", name=user.mention)
                await self._cancel_lobby(interaction, table, why)
                return
            await self._store_lobby(table, seats=True)
        await interaction.response.edit_message(embed=self.lobby_embed(table), view=lobby_view(table))

    async def lobby_menu(
        self, interaction: discord.Interaction[WizardBot], table: Table, menu: str, values: list[str]
    ) -> None:
        t = reader(interaction, table)
        async with self._lobby_change(table, t):
            lobby.choose_rules(table, interaction.user.id, menu, values, t=t)
            await self._store_lobby(table, seats=False)
        await interaction.response.edit_message(embed=self.lobby_embed(table), view=lobby_view(table))

    async def _store_lobby(self, table: Table, *, seats: bool) -> None:
        """Store a change of the lobby's seats (and host) or rules, unless someone else changed it first."""
        read_at, table.updated_at = table.updated_at, now()
        if seats:
            await self.store.set_seats(
                table.id, table.records(), table.host_id, table.updated_at, read_at=read_at
            )
        else:
            await self.store.set_rules(table.id, table.rules, table.updated_at, read_at=read_at)

    @contextlib.asynccontextmanager
    async def _lobby_change(self, table: Table, t: Texts) -> AsyncIterator[None]:
        """Around a change of the lobby: if it cannot be stored (or is refused), memory is put back as it
        was; if someone else changed the lobby meanwhile, memory is read again from the database and the
        click is refused, so memory and database always agree."""
        saved = (list(table.seats), table.host_id, table.rules, table.updated_at)
        try:
            yield
        except StaleTableError:
            record = await self.store.get(table.id)
            if record is not None:
                fresh = Table.from_record(record)
                table.seats, table.host_id, table.rules = fresh.seats, fresh.host_id, fresh.rules
                table.updated_at = fresh.updated_at
            raise Refusal(t("table-refusal-changed-elsewhere")) from None
        except BaseException:
            table.seats, table.host_id, table.rules, table.updated_at = saved
            raise

    async def _cancel_lobby(
        self, interaction: discord.Interaction[WizardBot] | None, table: Table, why: str
    ) -> None:
        await self.store.close(table.id, "cancelled", now())
        table.status = "cancelled"
        self._remove(table)
        t = table.texts
        embed = discord.Embed(
            title=t("lobby-closed-title", edition=render.edition_name(table.edition, t=t)), description=why
        )
        if interaction is not None:
            await interaction.response.edit_message(embed=embed, view=None)
        else:
            await self.delivery.edit_table_message(table, embed=embed, view=None)

    def _arm_lobby_timer(self, table: Table) -> None:
        table.lobby_timer = asyncio.create_task(self._lobby_timer(table), name=f"wizard-lobby-{table.id}")

    async def _lobby_timer(self, table: Table) -> None:
        """Close the lobby once it has been idle for the configured time."""
        while table.status == "lobby":
            remaining = table.updated_at + table.lobby_timeout - now()
            if remaining > 0:
                await asyncio.sleep(remaining)
                continue
            async with table.lock:
                if table.status == "lobby" and table.updated_at + table.lobby_timeout <= now():
                    minutes = round(table.lobby_timeout / 60)
                    await self._cancel_lobby(None, table, table.texts("lobby-timed-out", minutes=minutes))
            return


def _rules_heading(table: Table, t: Texts) -> str:
    """The lobby's rules in short: "Rules: Classic + Canadian Rule, Hidden Bid"."""
    return t("lobby-rules", rules=core_words.rules_description(table.rules, t))


def _rules_text(table: Table, t: Texts) -> str:
    """Each house rule of the lobby with what it does."""
    rules = table.rules
    lines = [
        f"**{core_words.variant_name(key, t)}**: {core_words.variant_help(key, t)}"
        for key in VARIANTS
        if key in rules.variants
    ]
    text = "\n".join(lines) or t("lobby-no-house-rules")
    if "nannie" in rules.variants and rules.nannie_every == 3:
        text += "\n" + t("lobby-nannie-third")
    return text
