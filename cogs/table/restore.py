"""Tables brought back after a restart, or taken over from a process that stopped.

Every open table is rebuilt from the database (one that cannot be is set aside: closed without a result,
its channel told) and given its server's settings. Then, in the background and one table at a time, what
a crash cut short is shown (round summaries, new hands, final standings), and every table is shown
again as it is now: its message brought up to date (or posted anew), the members to act given their
controls again, the clocks and computers started. ``Restorer`` does this for the registry of open tables,
at start-up (``restore``) and when the cluster hands this process tables (``adopt``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import discord

from cogs.table.clock import track_turns, turn_since
from cogs.table.components import custom_id, lobby_embed, lobby_view, table_view
from cogs.table.lobby_flow import SessionFactory
from cogs.table.model import PausedTurn, Table, now
from cogs.table.session import TableParts, TableSession, arm_lobby_timer
from cogs.table.store import OPEN_STATUSES, News, TableMovedError, TableRecord, UnreadableTable, table_of
from cogs.utils.i18n import Texts, guild_language, texts
from wizard_core import Game

if TYPE_CHECKING:
    from cogs.table.registry import OpenTables

log = logging.getLogger(__name__)

# Tables taken over are read this many at a time.
LOAD_BATCH = 500


class Restorer:
    """Brings open tables back from the database into the registry, and shows them again as they are."""

    def __init__(
        self, registry: OpenTables[TableSession], parts: TableParts, new_session: SessionFactory
    ) -> None:
        self.registry = registry
        self.parts = parts
        self.new_session = new_session
        self.store = parts.store
        self._catching_up: asyncio.Task[None] | None = None
        self._adopting: set[asyncio.Task[None]] = set()
        parts.outbox.deliver_again, parts.outbox.give_up = self.deliver_again, self.give_up

    def close(self) -> None:
        """Stop bringing the tables up to date."""
        if self._catching_up is not None:
            self._catching_up.cancel()
        for task in self._adopting:
            task.cancel()
        self.parts.outbox.close()

    async def deliver_again(self, table_id: int) -> bool:
        """Show a table's news that Discord did not take when it was first shown (``outbox``): what is
        still undelivered once the table's lock is held, so nothing shown meanwhile is shown twice. True
        once the table has no undelivered news left (or is no longer this process's)."""
        session = self.registry.find(table_id)
        if session is None:
            # A finished game's standings (its session closed with the game), or a table now elsewhere.
            news = (await self.store.pending(table_id)).get(table_id)
            if news:
                await self._catch_up({table_id: news})
        else:
            async with session.lock:
                news = (await self.store.pending(table_id)).get(table_id)
                if news and session.is_open:
                    await session.deliver(news)
        return not await self.store.pending(table_id)

    async def give_up(self, table_id: int) -> None:
        """Forget a table's news that could not be shown after every try."""
        news = (await self.store.pending(table_id)).get(table_id)
        if news:
            await self.store.delivered(table_id, news)

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

    async def adopt(self, table_ids: Sequence[int], *, handed: bool = False) -> list[TableSession]:
        """Take in open tables this process has just become the owner of: their process stopped, and they
        are rebuilt and resume as after a restart; or (``handed``) their process handed them home to this
        one, between two moves, and they go on where they stood, their turns' clocks too, without being
        shown again (nothing was cut short). Returns the sessions now here."""
        adopted = await self._load(table_ids, stopped=now() if handed else None)
        if adopted:
            ids = ", ".join(str(s.table.id) for s in adopted)
            log.info("%s %d table(s): %s", "Took back" if handed else "Took over", len(adopted), ids)
            after = self._after_restart(adopted, adopted=True, handed=handed)
            task = asyncio.create_task(after, name="wizard-adopt")
            self._adopting.add(task)
            task.add_done_callback(self._adopting.discard)
        return adopted

    async def _load(
        self, table_ids: Sequence[int] | None = None, *, stopped: float | None = None
    ) -> list[TableSession]:
        registry = self.registry
        with _collector_paused():
            if table_ids is None:
                records = await self.store.open_tables()
            else:
                records = []
                for start in range(0, len(table_ids), LOAD_BATCH):
                    records += await self.store.open_tables(table_ids[start : start + LOAD_BATCH])
            if stopped is None:
                stopped = _stopped_at(records)
            loaded: list[TableSession] = []
            try:
                for record in records:
                    if registry.find(record.id) is not None:
                        continue
                    table = await self._rebuilt(record, stopped)
                    if table is not None:
                        session = self.new_session(table)
                        # Locked until its server's settings are read, the first thing
                        # ``_after_restart`` does (a query per server, done while the bot connects): a
                        # click waits until then.
                        await session.lock.acquire()
                        registry.add(session)
                        loaded.append(session)
            except BaseException:
                # No table stays half taken in (locked for good, with no clock): the caller gives up
                # what it claimed, or the start fails.
                for session in loaded:
                    registry.remove(session)
                    session.lock.release()
                raise
            finally:
                records.clear()  # what was read goes before the collector runs again, not after
        return loaded

    async def _rebuilt(self, record: TableRecord | UnreadableTable, stopped: float) -> Table | None:
        """A table as stored, with its game rebuilt and its turns paused where the bot stopped (at
        ``stopped``); None if it cannot be rebuilt, and then it is set aside."""
        if isinstance(record, UnreadableTable):
            await self._set_aside(record.id, record.channel_id, record.reason)
            return None
        try:
            table = table_of(record)
            if record.status == "playing":
                table.game = record.rebuild()
                _pause_turns(table, record, stopped)
        except Exception as error:  # a damaged log or rules: any error of the replay
            await self._set_aside(record.id, record.channel_id, f"{type(error).__name__}: {error}")
            return None
        return table

    async def _after_restart(
        self, restored: list[TableSession], *, adopted: bool = False, handed: bool = False
    ) -> None:
        """Give the restored tables their servers' settings, then show what a crash cut short and every
        table again, one table at a time. (Tables ``adopted`` from another process: only those.)"""
        await self._apply_settings_after_restart(restored)
        try:
            pending = await self.store.pending()
            if adopted:
                ids = {session.table.id for session in restored}
                pending = {table_id: news for table_id, news in pending.items() if table_id in ids}
            await self._catch_up(pending)
        except Exception:
            log.exception("Could not show everything a crash cut short")
        for session in list(restored if adopted else self.registry.sessions.values()):
            try:
                async with session.lock:
                    if session.is_open:
                        await (resume(session) if handed else show_again(session))
            except Exception:
                log.exception("Could not bring table %d up to date after the restart", session.table.id)

    async def _apply_settings_after_restart(self, restored: list[TableSession]) -> None:
        """Give each restored table (locked by ``restore``) its server's settings, then let clicks in and
        start a lobby's timer."""
        for session in restored:
            try:
                await session.apply_server_settings()
            except Exception:
                log.exception(
                    "Could not read the server settings of table %d: it keeps the defaults", session.table.id
                )
            finally:
                session.lock.release()
            if session.table.game is None and session.is_open:
                arm_lobby_timer(session)

    async def show_finished(self, table_ids: Sequence[int]) -> None:
        """Show the news of finished games this process has just become the owner of (their process
        stopped before it showed their standings)."""
        pending = await self.store.pending()
        await self._catch_up({table_id: pending[table_id] for table_id in table_ids if table_id in pending})

    async def _catch_up(self, pending: dict[int, list[News]]) -> None:
        """Show what stored actions obliged the bot to show but a crash cut short: round summaries, new
        hands, the final standings of a game finished just before the crash."""
        for table_id, news in pending.items():
            session = self.registry.find(table_id)
            if session is None:
                record = await self.store.get(table_id)
                if record is not None and record.status in OPEN_STATUSES:
                    continue  # open but not run here (let go of, or not loaded): its news waits for it
                session = await self._finished_table(record)
            if session is None or session.table.game is None:
                with contextlib.suppress(TableMovedError):
                    await self.store.delivered(table_id, news)
                continue
            async with session.lock:
                await session.deliver(news)

    async def _finished_table(self, record: TableRecord | None) -> TableSession | None:
        """A game that finished (its result is stored) but whose standings may not have been shown: a
        session for it outside the registry, to show them."""
        if record is None or record.status != "finished" or record.seed is None:
            return None
        table = table_of(record)
        table.game = Game.replay([s.name for s in record.seats], record.table_rules, record.seed, record.log)
        session = self.new_session(table)
        await session.apply_server_settings()
        return session

    async def _set_aside(self, table_id: int, channel_id: int, reason: str) -> None:
        log.error("Table %d could not be restored (%s); it is closed without a result", table_id, reason)
        await self.store.close(table_id, "ended", now())
        t = await self._channel_texts(channel_id)
        await self.parts.delivery.post(channel_id, t("table-set-aside"))

    async def _channel_texts(self, channel_id: int) -> Texts:
        """The catalog of a channel whose table is not known: its server's language, if the bot knows the
        channel already, else English."""
        parts = self.parts
        guild = getattr(parts.bot.get_channel(channel_id), "guild", None)
        chosen = None
        if isinstance(guild, discord.Guild):
            try:
                chosen = (await parts.server_settings.get(guild.id)).language
            except Exception:
                log.exception("Could not read the settings of server %d", guild.id)
        return texts(guild_language(chosen, guild))


async def show_again(session: TableSession) -> None:
    """After a restart: the table message shows the table as it is now (a new message if it was never
    shown, its id was lost or it was deleted), the members to act get their controls again (the ones
    sent before a crash may never have left), and the clocks and computers start."""
    table, delivery = session.table, session.parts.delivery
    if table.game is None:
        # Edited even when nothing seems to have changed: a join or a leave stored just before a crash
        # may never have been shown.
        embed, view = lobby_embed(table), lobby_view(table)
        if table.message_id is None:
            # Answered but never stored (a crash in between): the lobby message is taken back, rather
            # than a second one posted beside it.
            await session.remember_message(
                await delivery.find_message(table, custom_id("lobby", table.id, 0, ""))
            )
        if not await delivery.edit_table_message(session, embed=embed, view=view):
            await session.remember_message(await delivery.send_channel(table, embed=embed, view=view))
        return
    # The turns under way resume from here, with the time their players had left (``Table.paused``),
    # first so that the messages below show when they run out. (A member who played since the restart
    # began the turns that followed, and sent their controls.)
    under_way = set(table.turns) & set(table.game.to_act)
    track_turns(table)
    session.drawn_at = now()
    if not await delivery.show_table(session, table.game.public_view(), table_view(table)):
        await _post_table(session)
    # The members to act get their hand again, with its buttons, in a new message (the one sent before
    # a crash may never have left, and this process does not know it).
    if not under_way:
        await session.clear_ping()
    for seat in [seat for seat in table.turns if seat not in under_way]:
        if table.seats[seat].hand_version != table.running.version:  # not dealt just now (catch-up)
            await _turn_again(session, seat)
    session.keep_going()


async def resume(session: TableSession) -> None:
    """A table handed home between two moves goes on as it stood: its turns' clocks resume with the time
    their players had left, and its computers move; its messages are as its last process left them, and
    the members' hand messages it named are this session's to edit from now on."""
    table = session.table
    for seat, occupant in enumerate(table.seats):
        if occupant.dm_channel_id is not None and occupant.hand_message_id is not None:
            hand = await session.parts.delivery.dm_message(occupant.dm_channel_id, occupant.hand_message_id)
            if hand is not None:
                session.hands[seat] = hand
    if table.game is None:
        return  # a lobby's timer started with its settings
    track_turns(table)
    session.keep_going()


async def _post_table(session: TableSession) -> None:
    """Post the table message anew at the bottom of the channel (the one before is gone, or moved)."""
    table, delivery = session.table, session.parts.delivery
    embeds, files = await delivery.table_message(
        table, table.running.public_view(), files_allowed=delivery.channel_allows_files(table)
    )
    message = await delivery.send_channel(table, embeds=embeds, view=table_view(table), files=files)
    await session.remember_message(message)


async def _turn_again(session: TableSession, seat: int) -> None:
    """A member whose turn is under way gets their hand with its buttons as a new message (or, without
    DMs, a ping): it tells them it is their turn, so no nudge follows."""
    table, announcer = session.table, session.parts.announcer
    if table.seats[seat].dms_closed:
        await announcer.ping(session, seat)
    else:
        await announcer.send_hand(session, seat)
    table.turns[seat].nudged = True


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
