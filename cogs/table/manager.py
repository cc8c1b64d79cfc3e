"""The flow of every table: lobbies open and start, clicks become moves, moves are stored, games end.

``TableManager`` keeps the open tables in memory and serves what the components and commands ask
(``components.TableHandlers``). Each table has one lock, so its interactions are handled one at a time,
and every action is written to SQLite before the player's click is answered. The rules themselves are all
in ``wizard_core``; the lobby's rules in ``lobby``; what players are shown in ``announce`` and
``delivery``; the turn clock in ``clock`` and the computer players in ``driver``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import logging
import secrets
from collections.abc import AsyncIterator, Iterator, Sequence
from typing import TYPE_CHECKING, Protocol

import discord

from cogs import core_words
from cogs.server_settings.store import ServerSettings, ServerSettingsStore
from cogs.table import lobby, render
from cogs.table.announce import Announcer, hands_in, news_of
from cogs.table.clock import MISSED_TURNS_FOR_TAKEOVER, TurnClock, track_turns, turn_since
from cogs.table.components import (
    TableHandlers,
    controls_view,
    end_question_view,
    lobby_view,
    table_view,
    take_back_view,
)
from cogs.table.delivery import Delivery, reply_allows_files
from cogs.table.driver import STAND_IN_LEVEL, ComputerDriver
from cogs.table.model import LEVEL_KEYS, Occupant, PausedTurn, Table, now
from cogs.table.store import (
    FinishingTable,
    News,
    StaleTableError,
    TableExistsError,
    TableRecord,
    TableStore,
    UnreadableTable,
)
from cogs.utils.components import invalid_control
from cogs.utils.i18n import Texts, guild_language, language_of, texts
from cogs.utils.replies import Refusal, reader_texts
from cogs.utils.text import display_name, duration
from wizard_core import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Game,
    Phase,
    Rules,
    RulesError,
    WizardError,
    decode,
)
from wizard_core.variants import VARIANTS

if TYPE_CHECKING:
    from bot import WizardBot

log = logging.getLogger(__name__)

# What each computer level does, for the lobby.
LEVEL_HELP = {
    "easy": "lobby-level-help-easy",
    "medium": "lobby-level-help-medium",
    "hard": "lobby-level-help-hard",
}
# Tables taken over are read this many at a time.
LOAD_BATCH = 500
# The questions of /wizard end and /wizard leave.
END_QUESTIONS = {"end": "table-question-end", "leave": "table-question-leave"}


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


class TableManager(TableHandlers):
    """All open tables of the bot, and what happens when players click."""

    def __init__(self, bot: WizardBot, store: TableStore, server_settings: ServerSettingsStore) -> None:
        self.bot = bot
        self.store = store
        self.server_settings = server_settings
        self.tables: dict[int, Table] = {}
        self.by_channel: dict[int, int] = {}
        self._catching_up: asyncio.Task[None] | None = None
        self._adopting: set[asyncio.Task[None]] = set()
        # Where clicks for tables this process does not run go, when processes share the database.
        self.elsewhere: Elsewhere | None = None
        store.on_moved = self._moved
        self.actions = bot.metrics.counter(
            "actions_total", "Moves stored, by kind and by whom", ("kind", "by")
        )
        settings = bot.settings
        self.delivery = Delivery(bot, store)
        self.announcer = Announcer(self.delivery, self.is_open, interval=settings.table_edit_interval)
        self.clock = TurnClock(self.nudge, self.remind, self.time_out, self.is_open)
        self.driver = ComputerDriver(
            self.computer_move,
            lambda table: self.is_open(table) and not bot.closing,
            delay=settings.computer_delay,
            budget_ms=settings.computer_budget_ms,
        )

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
        if self._catching_up is not None:
            self._catching_up.cancel()
        for task in self._adopting:
            task.cancel()
        for table in self.tables.values():
            for task in table.tasks():
                task.cancel()

    async def restore(self) -> None:
        """Rebuild every lobby and running game from the database (at start-up).

        A table that cannot be rebuilt (damaged rules or actions) is set aside: logged, closed without a
        result, and its channel told; every other table comes back. Each waits for its server's settings,
        read first thing in the background. The turns that were under way when the bot stopped resume,
        when each table is shown again, with the time their players had left.
        """
        restored = await self._load()
        log.info("Restored %d open table(s)", len(restored))
        # What players should see is brought up to date in the background: the bot answers clicks
        # meanwhile, each table under its lock.
        self._catching_up = asyncio.create_task(self._after_restart(restored), name="wizard-restore")

    async def adopt(self, table_ids: Sequence[int]) -> list[Table]:
        """Take in open tables this process has just become the owner of (their process stopped): they
        are rebuilt and resume as after a restart. Returns those now here."""
        adopted = await self._load(table_ids)
        if adopted:
            log.info("Took over %d table(s): %s", len(adopted), ", ".join(str(t.id) for t in adopted))
            task = asyncio.create_task(self._after_restart(adopted, adopted=True), name="wizard-adopt")
            self._adopting.add(task)
            task.add_done_callback(self._adopting.discard)
        return adopted

    async def _load(self, table_ids: Sequence[int] | None = None) -> list[Table]:
        with _collector_paused():
            if table_ids is None:
                records = await self.store.open_tables()
            else:
                records = []
                for start in range(0, len(table_ids), LOAD_BATCH):
                    records += await self.store.open_tables(table_ids[start : start + LOAD_BATCH])
            stopped = _stopped_at(records)
            loaded: list[Table] = []
            try:
                for record in records:
                    if record.id in self.tables:
                        continue
                    table = await self._rebuilt(record, stopped)
                    if table is not None:
                        # Locked until its server's settings are read, the first thing
                        # ``_after_restart`` does (a query per server, done while the bot connects): a
                        # click waits until then.
                        await table.lock.acquire()
                        self._add(table)
                        loaded.append(table)
            except BaseException:
                # No table stays half taken in (locked for good, with no clock): the caller gives up
                # what it claimed, or the start fails.
                for table in loaded:
                    self._remove(table)
                    table.lock.release()
                raise
            finally:
                records.clear()  # what was read goes before the collector runs again, not after
        return loaded

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

    async def _rebuilt(self, record: TableRecord | UnreadableTable, stopped: float) -> Table | None:
        """A table as stored, with its game rebuilt and its turns paused where the bot stopped (at
        ``stopped``); None if it cannot be rebuilt, and then it is set aside."""
        if isinstance(record, UnreadableTable):
            await self._set_aside(record.id, record.channel_id, record.reason)
            return None
        try:
            table = Table.from_record(record)
            if record.status == "playing":
                table.game = record.rebuild()
                _pause_turns(table, record, stopped)
        except Exception as error:  # a damaged log or rules: any error of the replay
            await self._set_aside(record.id, record.channel_id, f"{type(error).__name__}: {error}")
            return None
        return table

    async def _after_restart(self, restored: list[Table], *, adopted: bool = False) -> None:
        """Give the restored tables their servers' settings, then show what a crash cut short and every
        table again, one table at a time. (Tables ``adopted`` from another process: only those.)"""
        await self._apply_settings_after_restart(restored)
        try:
            pending = await self.store.pending()
            if adopted:
                ids = {table.id for table in restored}
                pending = {table_id: news for table_id, news in pending.items() if table_id in ids}
            await self._catch_up(pending)
        except Exception:
            log.exception("Could not show everything a crash cut short")
        for table in list(restored if adopted else self.tables.values()):
            try:
                async with table.lock:
                    if self.is_open(table):
                        await self._show_again(table)
            except Exception:
                log.exception("Could not bring table %d up to date after the restart", table.id)

    async def _apply_settings_after_restart(self, restored: list[Table]) -> None:
        """Give each restored table (locked by ``restore``) its server's settings, then let clicks in and
        start a lobby's timer."""
        for table in restored:
            try:
                await self.apply_server_settings(table)
            except Exception:
                log.exception(
                    "Could not read the server settings of table %d: it keeps the defaults", table.id
                )
            finally:
                table.lock.release()
            if table.game is None and self.is_open(table):
                self._arm_lobby_timer(table)

    async def show_finished(self, table_ids: Sequence[int]) -> None:
        """Show the news of finished games this process has just become the owner of (their process
        stopped before it showed their standings)."""
        pending = await self.store.pending()
        await self._catch_up({table_id: pending[table_id] for table_id in table_ids if table_id in pending})

    async def _catch_up(self, pending: dict[int, list[News]]) -> None:
        """Show what stored actions obliged the bot to show but a crash cut short: round summaries, new
        hands, the final standings of a game finished just before the crash."""
        for table_id, news in pending.items():
            table = self.tables.get(table_id)
            if table is None:
                table = await self._finished_table(table_id)
            if table is None or table.game is None:
                await self.store.delivered(table_id, news)
                continue
            async with table.lock:
                await self._deliver(table, news)

    async def _finished_table(self, table_id: int) -> Table | None:
        """A game that finished (its result is stored) but whose standings may not have been shown."""
        record = await self.store.get(table_id)
        if record is None or record.status != "finished" or record.seed is None:
            return None
        table = Table.from_record(record)
        table.game = Game.replay([s.name for s in record.seats], record.table_rules, record.seed, record.log)
        await self.apply_server_settings(table)
        return table

    async def _show_again(self, table: Table) -> None:
        """After a restart: the table message shows the table as it is now (a new message if it was never
        shown, its id was lost or it was deleted), the members to act get their controls again (the ones
        sent before a crash may never have left), and the clocks and computers start."""
        if table.game is None:
            if table.message_id is None:
                message = await self.delivery.send_channel(
                    table, embed=self.lobby_embed(table), view=lobby_view(table)
                )
                await self._remember_message(table, message)
            return
        # The turns under way resume from here, with the time their players had left (``Table.paused``),
        # first so that the messages below show when they run out. (A member who played since the restart
        # began the turns that followed, and sent their controls.)
        under_way = set(table.turns) & set(table.game.to_act)
        track_turns(table)
        table.drawn_at = now()
        if not await self.delivery.show_table(table, table.game.public_view(), table_view(table)):
            await self._post_table(table)
        # The members to act get their hand again, with its buttons, in a new message (the one sent before
        # a crash may never have left, and this process does not know it).
        if not under_way:
            await self.delivery.clear_ping(table)
        for seat in [seat for seat in table.turns if seat not in under_way]:
            await self._turn_again(table, seat)
        self._keep_going(table)

    async def _post_table(self, table: Table) -> None:
        """Post the table message anew at the bottom of the channel (the one before is gone, or moved)."""
        embeds, files = await self.delivery.table_message(
            table, table.running.public_view(), files_allowed=self.delivery.channel_allows_files(table)
        )
        message = await self.delivery.send_channel(table, embeds=embeds, view=table_view(table), files=files)
        await self._remember_message(table, message)

    async def _turn_again(self, table: Table, seat: int) -> None:
        """A member whose turn is under way gets their hand with its buttons as a new message (or, without
        DMs, a ping): it tells them it is their turn, so no nudge follows."""
        if table.seats[seat].dms_closed:
            await self.announcer.ping(table, seat)
        else:
            await self.announcer.send_hand(table, seat)
        table.turns[seat].nudged = True

    async def _remember_message(self, table: Table, message: discord.Message | None) -> None:
        if message is not None:
            table.message_id = message.id
            await self.store.set_message(table.id, message.id)

    async def _set_aside(self, table_id: int, channel_id: int, reason: str) -> None:
        log.error("Table %d could not be restored (%s); it is closed without a result", table_id, reason)
        await self.store.close(table_id, "ended", now())
        t = await self._channel_texts(channel_id)
        await self.delivery.post(channel_id, t("table-set-aside"))

    async def _channel_texts(self, channel_id: int) -> Texts:
        """The catalog of a channel whose table is not known: its server's language, if the bot knows the
        channel already, else English."""
        guild = getattr(self.bot.get_channel(channel_id), "guild", None)
        chosen = None
        if isinstance(guild, discord.Guild):
            try:
                chosen = (await self.server_settings.get(guild.id)).language
            except Exception:
                log.exception("Could not read the settings of server %d", guild.id)
        return texts(guild_language(chosen, guild))

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

    # -- the lobby ---------------------------------------------------------------------------------

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
        self, interaction: discord.Interaction[WizardBot], rules: Rules, computers: Sequence[Occupant] = ()
    ) -> None:
        """Store a new lobby in the interaction's channel, hosted by the caller (with ``computers`` seated
        too), and show it as the answer to the interaction."""
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
            )
        except TableExistsError as error:
            existing = self.tables.get(error.table_id)
            t = reader(interaction, existing) if existing else reader_texts(interaction)
            if existing is None:
                raise Refusal(t("lobby-refusal-exists-here")) from None
            raise Refusal(t("lobby-refusal-exists", link=existing.jump_url)) from None
        table = Table.from_record(record)
        table.seats[0].lang = language_of(interaction.locale)
        if computers:
            table.seats += [Occupant(c.user_id, c.name, computer=c.computer) for c in computers]
            await self._store_lobby(table, seats=True)
        await self.apply_server_settings(table)
        self._add(table)
        await interaction.response.send_message(embed=self.lobby_embed(table), view=lobby_view(table))
        message = await interaction.original_response()
        table.message_id = message.id
        await self.store.set_message(table.id, message.id)
        self._arm_lobby_timer(table)

    async def play_again(self, interaction: discord.Interaction[WizardBot], finished_id: int) -> None:
        """Play again, on a finished game's standings: the first click opens a new lobby in the channel
        with the same rules and computers, hosted by the clicker; the next clicks take a seat in it."""
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
            await self._open_lobby(interaction, record.table_rules, computers)
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
            if not lobby.may_manage(table, user.id, _manages_server(interaction)):
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

    async def _start(self, interaction: discord.Interaction[WizardBot], table: Table, t: Texts) -> None:
        try:
            game = Game([s.name for s in table.seats], table.rules, seed=secrets.randbits(63))
        except RulesError as error:
            raise Refusal(t("lobby-refusal-start", reason=render.error_text(error, t=t))) from None
        try:
            await self.store.start(table.id, game.seed, game.log, now(), read_at=table.updated_at)
        except StaleTableError:
            raise Refusal(t("table-refusal-changed-elsewhere")) from None
        table.game = game
        table.status = "playing"
        if table.lobby_timer is not None:
            table.lobby_timer.cancel()
            table.lobby_timer = None
        dealer = table.seats[game.first_dealer].label(table.texts)
        note = table.texts("table-first-dealer", name=display_name(dealer))
        embeds, files = await self.delivery.table_message(
            table, game.public_view(), note, files_allowed=reply_allows_files(interaction)
        )
        table.drawn_at = now()
        await interaction.response.edit_message(embeds=embeds, view=table_view(table), attachments=files)
        await self.announcer.deal_out(table)
        await self.announcer.notify_turn(table)
        self._keep_going(table)

    async def bring_back(self, interaction: discord.Interaction[WizardBot], table: Table) -> None:
        """Post the table (a lobby or a game) again at the bottom of the channel, as the answer to the
        command, once the members' chat has pushed it out of sight. The old message is retired: it points
        to the new one, and a game's buttons on it (Show my hand) still answer."""
        if table.game is None:
            await interaction.response.send_message(embed=self.lobby_embed(table), view=lobby_view(table))
        else:
            embeds, files = await self.delivery.table_message(
                table, table.game.public_view(), files_allowed=reply_allows_files(interaction)
            )
            await interaction.response.send_message(embeds=embeds, view=table_view(table), files=files)
            table.drawn_at = now()
        old = dataclasses.replace(table)  # the table as it was, to edit its old message
        table.picture = None  # the new message's picture is not known here
        await self._remember_message(table, await interaction.original_response())
        await self.delivery.edit_table_message(
            old,
            content=table.texts("table-moved", url=table.jump_url),
            embeds=[],
            attachments=[],
            view=None if table.game is None else table_view(table),
        )

    # -- moves -------------------------------------------------------------------------------------

    @staticmethod
    def _seat_of(interaction: discord.Interaction[WizardBot], table: Table, t: Texts) -> int:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal(t("table-refusal-not-playing"))
        return seat

    async def show_hand(self, interaction: discord.Interaction[WizardBot], table: Table) -> None:
        """A private look at the caller's hand, with fresh controls on their turn."""
        t = reader(interaction, table)
        seat = self._seat_of(interaction, table, t)
        view = table.running.view(seat)
        controls = None if table.seats[seat].auto else controls_view(table, view, t)
        embed, files = await self.delivery.hand_message(
            table, view, t=t, files_allowed=reply_allows_files(interaction)
        )
        await interaction.response.send_message(
            embed=embed, view=controls or discord.utils.MISSING, files=files, ephemeral=True
        )

    async def act(
        self, interaction: discord.Interaction[WizardBot], table: Table, version: int, code: int
    ) -> None:
        """Apply a bid, a trump choice or a card; written to the database before it is answered."""
        game = table.running
        t = reader(interaction, table)
        seat = self._seat_of(interaction, table, t)
        player = table.seats[seat]
        if player.auto:
            raise Refusal(t("table-refusal-away"))
        # A hand message keeps its buttons all round: a click from it is good while its round lasts, and
        # the rules core refuses what is not legal at that moment (not their turn, a card that does not
        # follow suit, a double click), saying why.
        if version > game.version:
            raise Refusal(invalid_control(t, menu=False))
        if version < game.round_version:
            raise Refusal(t("table-refusal-earlier-round"))
        try:
            news = await self._commit(table, seat, code)
        except WizardError as error:
            raise Refusal(render.error_text(error, t=t)) from None
        if player.missed:
            player.missed = 0
            await self.store.set_seat(table.id, table.record(seat))
        self._clear_notice(table, seat)
        round_over = any(n.kind == "round" for n in news)
        await self._answer_move(interaction, table, seat, t, round_over=round_over)
        await self._after_action(table, game, news, actor=seat)

    async def _answer_move(
        self,
        interaction: discord.Interaction[WizardBot],
        table: Table,
        seat: int,
        t: Texts,
        *,
        round_over: bool,
    ) -> None:
        """Answer a member's move on the clicked message: their hand as it is now, with its buttons for the
        rest of the round (or, their round over, how it went). The answer to a click is not counted by
        Discord against the bot's request limit; the hand message, if the click came from elsewhere (Show
        my hand), is edited too."""
        game = table.running
        player = table.seats[seat]
        clicked = interaction.message
        elsewhere = player.hand_message is not None and (
            clicked is None or clicked.id != player.hand_message.id
        )
        if round_over:
            result = game.round_results[-1]
            embed = render.round_over_embed(result, seat, t=t, game_over=game.is_over)
            await interaction.response.edit_message(embed=embed, view=None, attachments=[])
            if elsewhere:
                await self.announcer.retire_hand(table, seat)
            return
        mine = game.view(seat)
        embed, files = await self.delivery.hand_message(
            table, mine, t=t, files_allowed=reply_allows_files(interaction)
        )
        await interaction.response.edit_message(
            embed=embed, view=controls_view(table, mine, t), attachments=files
        )
        if elsewhere:
            await self.announcer.refresh_hand(table, seat)

    async def _commit(self, table: Table, seat: int, code: int) -> list[News]:
        """Apply one seat's action to a copy of the game, store it, then make the copy the table's game.

        A refused action raises WizardError and changes nothing. What the action obliges the bot to show
        (a round's summary, new hands, the standings) is stored with it, and the last action of a game
        stores the results too, all in one transaction. Returns that news, to be delivered.
        """
        game = table.running
        after = game.clone()
        after.apply(code, player=seat)
        new_entries = after.log[game.version :]
        news = news_of(game, after)
        if after.is_over:
            finishing = FinishingTable(table.id, table.guild_id, table.edition, table.records())
            await self.store.finish(finishing, after.result(), new_entries, game.version, now(), news)
        else:
            await self.store.append(table.id, game.version, new_entries, now(), news)
        table.game = after
        table.turns.pop(seat, None)
        by = "computer" if table.seats[seat].played_by_computer else "member"
        self.actions.inc(kind=type(decode(code)).__name__.lower(), by=by)
        return news

    @staticmethod
    def _clear_notice(table: Table, seat: int) -> None:
        if table.notice is not None and table.notice[0] == seat:
            table.notice = None

    async def computer_move(self, table: Table, seat: int) -> None:
        """One move by the computer playing a seat (the caller holds the table's lock)."""
        game = table.running
        view = game.view(seat)
        code = await self.driver.decide(table, seat, view)
        try:
            news = await self._commit(table, seat, code)
        except WizardError:
            log.exception("A computer player of table %d chose an illegal action %d", table.id, code)
            news = await self._commit(table, seat, view.legal_actions[0])
        await self._after_action(table, game, news)

    async def take_back(self, interaction: discord.Interaction[WizardBot], table: Table) -> None:
        """Give a player their seat back from the computer that has been playing it."""
        t = reader(interaction, table)
        seat = self._seat_of(interaction, table, t)
        player = table.seats[seat]
        if not player.auto:
            raise Refusal(t("table-refusal-seat-yours"))
        player.auto = False
        player.missed = 0
        await self.store.set_seat(table.id, table.record(seat))
        self._clear_notice(table, seat)
        sentences = [t("table-welcome-back")]
        if player.dms_closed:
            sentences.append(t("table-welcome-back-show-hand"))
        else:
            sentences.append(t("table-welcome-back-dm"))
        if seat in table.running.to_act:
            sentences.append(t("table-welcome-back-your-turn"))
        await interaction.response.send_message(" ".join(sentences), ephemeral=True)
        await self.announcer.redraw_table(table)
        if not player.dms_closed:
            await self.announcer.send_hand(table, seat)
        await self.announcer.notify_turn(table)
        self._keep_going(table)

    def _keep_going(self, table: Table) -> None:
        """After every change to a running game: time the turns of the members who are to act, and wake
        the computers if one of them is to act."""
        game = table.game
        if game is None or game.is_over or not self.is_open(table):
            return
        track_turns(table)
        self.clock.arm(table)
        self.driver.wake(table)

    # -- the turn clock's events -------------------------------------------------------------------

    async def nudge(self, table: Table, seat: int) -> None:
        """Tell a member by DM that it is their turn, a few seconds into it (members without DMs were
        pinged when it began)."""
        if not table.seats[seat].dms_closed:
            await self.announcer.nudge(table, seat)

    async def remind(self, table: Table, seat: int, deadline: float) -> None:
        """Tell a member, privately if possible, that their turn is half over (in place of their nudge)."""
        player = table.seats[seat]
        if not player.dms_closed:
            t = table.seat_texts(seat)
            left = duration(deadline - now(), t=t)
            text = t("table-reminder", channel=str(table.channel_id), url=table.jump_url, left=left)
            await self.announcer.nudge(table, seat, text)
            if player.nudge is not None:
                return
        t = table.texts
        left = duration(deadline - now(), t=t)
        await self.delivery.clear_ping(table)
        await self.delivery.ping(table, t("table-reminder-ping", mention=f"<@{player.user_id}>", left=left))

    async def time_out(self, table: Table, seat: int) -> None:
        """A member's turn ran out: a computer plays it, and after the second miss in a row their seat."""
        player = table.seats[seat]
        player.missed += 1
        player.auto = player.missed >= MISSED_TURNS_FOR_TAKEOVER
        await self.store.set_seat(table.id, table.record(seat))
        name = display_name(player.name)
        t = table.texts
        if player.auto:
            text = t("table-timed-out-twice", name=name)
            if not table.members_present:
                text += " " + t("table-everyone-away")
        else:
            text = t("table-timed-out", name=name)
        table.notice = (seat, text)
        await self.computer_move(table, seat)
        if not self.is_open(table) or player.dms_closed:
            return
        # Their hand message shows the move made for them (and, once a computer plays their seat, no
        # buttons any more).
        await self.announcer.refresh_hand(table, seat)
        if player.auto:
            t = table.seat_texts(seat)
            await self.delivery.dm(
                table,
                seat,
                content=t("table-timed-out-dm", channel=str(table.channel_id)),
                view=take_back_view(table, t),
            )

    # -- after every move --------------------------------------------------------------------------

    async def _after_action(
        self, table: Table, before: Game, news: list[News], actor: int | None = None
    ) -> None:
        """Tell everyone about an action: the news it brought (a new round's hands, the final standings),
        the table, and whose turn it is (``actor`` is the member whose click is being answered)."""
        game = table.running
        # The bidding of a round just ended: with Hands In, the table shows the bids, on a count of three.
        same_round = len(game.round_results) == len(before.round_results)
        bids_done = same_round and before.phase is Phase.BID and game.phase is Phase.PLAY
        if bids_done and "hands-in" in table.rules.variants and game.current_player is not None:
            t = table.texts
            table.notice = (game.current_player, hands_in(table.labelled(game.public_view(), t), t=t))
        await self._deliver(table, news)
        if game.is_over:
            return
        await self.announcer.notify_turn(table, actor)
        self._keep_going(table)
        await self.announcer.clear_nudges(table)

    async def _deliver(self, table: Table, news: list[News]) -> None:
        """Show the news of an action, and the table message with it. Each piece of news was stored with
        the action and is forgotten once shown, so a crash in between shows it at the next start.

        A round's scores are part of the table message; new hands are new messages in a new round, and
        the hand messages edited in place when the same round's hands are shown again (trump chosen, the
        blind bidding over).
        """
        game = table.running
        if game.is_over:
            await self._finish(table)
        else:
            await self.announcer.redraw_table(table)
            deals = [item.key for item in news if item.kind == "deal"]
            if deals and min(deals) <= game.round_version:
                await self.announcer.deal_out(table)
            elif deals:
                await self.announcer.refresh_hands(table)
        await self.store.delivered(table.id, news)

    async def _finish(self, table: Table) -> None:
        table.status = "finished"
        self._remove(table)
        await self.delivery.clear_ping(table)
        await self.announcer.clear_nudges(table, all_seats=True)
        await self.announcer.final_standings(table)

    # -- ending a game early -----------------------------------------------------------------------

    @staticmethod
    def _check_may_end(
        interaction: discord.Interaction[WizardBot], table: Table, kind: str, t: Texts
    ) -> None:
        if kind == "end" and not lobby.may_manage(table, interaction.user.id, _manages_server(interaction)):
            raise Refusal(t("table-refusal-end"))
        if kind == "leave" and table.seat_of(interaction.user.id) is None:
            raise Refusal(t("table-refusal-not-playing"))

    async def ask_to_end(self, interaction: discord.Interaction[WizardBot], table: Table, kind: str) -> None:
        """Ask, privately, whether to end the game (``end``) or to leave it (``leave``).

        The answers are game buttons, so they work at any later time, even after a restart; the
        permission is checked again when one is pressed.
        """
        t = reader(interaction, table)
        self._check_may_end(interaction, table, kind, t)
        await interaction.response.send_message(
            t(END_QUESTIONS[kind]), view=end_question_view(table, kind, t), ephemeral=True
        )

    async def confirm_end(
        self, interaction: discord.Interaction[WizardBot], table: Table, kind: str, yes: bool
    ) -> None:
        """The answer to ``ask_to_end``."""
        t = reader(interaction, table)
        if not yes:
            await interaction.response.edit_message(content=t("table-nothing-changed"), view=None)
            return
        self._check_may_end(interaction, table, kind, t)
        if kind == "leave":
            await interaction.response.edit_message(content=t("table-you-left"), view=None)
            await self.replace_with_computer(table, interaction.user.id)
            return
        await interaction.response.edit_message(content=t("table-ended"), view=None)
        await self.end_game(table, table.texts("table-ended-by", name=interaction.user.mention))

    async def replace_with_computer(self, table: Table, user_id: int) -> None:
        """A member leaves a running game: a computer takes their seat for good, and the game goes on.

        The seat gets a computer's id, so the game's result is recorded as a computer's, not theirs.
        """
        seat = table.seat_of(user_id)
        assert seat is not None
        player = table.seats[seat]
        await self.delivery.delete(player.nudge)
        player.nudge = None
        await self.announcer.retire_hand(table, seat)
        stand_in = table.new_computer(STAND_IN_LEVEL)
        left = player.name
        t = table.texts
        player.user_id, player.name = stand_in.user_id, t("table-stand-in-name", name=left)
        player.computer = STAND_IN_LEVEL
        player.auto, player.missed = False, 0
        await self.store.set_seat(table.id, table.record(seat))
        if seat in table.running.to_act:
            await self.delivery.clear_ping(table)
        table.turns.pop(seat, None)
        table.notice = (seat, t("table-left-notice", name=display_name(left)))
        await self.announcer.redraw_table(table)
        self._keep_going(table)

    async def end_game(self, table: Table, why: str) -> None:
        """Stop a running game (the caller holds its lock); nothing is recorded for the leaderboard."""
        await self.store.close(table.id, "ended", now())
        table.status = "ended"
        self._remove(table)
        await self.delivery.clear_ping(table)
        await self.announcer.clear_nudges(table, all_seats=True)
        for seat in range(len(table.seats)):
            await self.announcer.retire_hand(table, seat)
        note = f"{why} {table.texts('table-no-results')}"
        await self.delivery.show_table(table, table.running.public_view(), None, note)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while every open table is read and rebuilt at once: the
    many objects made then would set it off again and again, over a heap that keeps growing, for about
    half the time of a restart with thousands of games."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _stopped_at(records: list[TableRecord | UnreadableTable]) -> float:
    """When the bot stopped, as far as the database tells: the last change it stored to an open table (it
    may have run on a while after that, which the players whose turns were under way then gain; it cannot
    have stopped before), never later than now."""
    return min(max((r.updated_at for r in records if isinstance(r, TableRecord)), default=now()), now())


def _pause_turns(table: Table, record: TableRecord, stopped: float) -> None:
    """Remember how much of each turn under way had passed when the bot stopped: a turn began when the
    entry that made it stand was stored (while everyone bids at once, the one that opened the bidding)."""
    game = table.running
    since = turn_since(game)
    spent = max(0.0, stopped - record.stored_at(since - 1))
    table.paused = {seat: PausedTurn(since, spent) for seat in game.to_act}


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


def _manages_server(interaction: discord.Interaction[WizardBot]) -> bool:
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and permissions.manage_guild)
