"""Tables, seats and action logs: everything needed to rebuild a running game after a restart.

Every write is one transaction, and the cogs write before they answer the interaction, so an action a
player saw acknowledged is stored.

When several processes share the database (PostgreSQL), each open table has an owner, the one process
that runs it; every transaction that changes a table first locks its row and checks that this process
still owns it (``TableMovedError`` otherwise), so a table is changed by one process at a time.

A restart reads every open table in two statements (``open_tables``). As each round of a game is dealt,
a checkpoint of the game (the rules core's state, with the log up to that point) is stored beside the
log, so a restart replays the current round only. The last entry of each write keeps when it was
written: the moment the game began to wait for its next move, from which a turn's clock resumes.
"""

from __future__ import annotations

import functools
import json
import logging
import sys
from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from cogs.leaderboard.results import FinishedGame, record_game
from cogs.storage import DATABASE_ERRORS, INTEGRITY_ERRORS, Connection, Database, Row, placeholders
from cogs.table.model import Occupant, Table
from cogs.utils.i18n import Explained, language_of
from wizard_core import (
    CorruptSaveError,
    Game,
    GameResult,
    LogEntry,
    Rules,
    decode_log_entry,
    encode_log_entry,
)

log = logging.getLogger(__name__)

OPEN_STATUSES = ("lobby", "playing")
# The database server's clock, in Unix seconds (PostgreSQL).
SERVER_NOW = "extract(epoch FROM clock_timestamp())"
# A table's log entries after its checkpoint as one text, "seq,entry,at,seq,entry,at,...", in order.
_JOINED_ENTRIES = {
    "sqlite": "SELECT group_concat(seq || ',' || entry || ',' || coalesce(CAST(at AS TEXT), 'null'), ',')"
    " FROM (SELECT seq, entry, at FROM actions WHERE table_id = t.id AND seq >= coalesce(c.version, 0)"
    " ORDER BY seq)",
    "postgresql": "SELECT string_agg(seq || ',' || entry || ',' || coalesce(CAST(at AS TEXT), 'null'), ','"
    " ORDER BY seq) FROM actions WHERE table_id = t.id AND seq >= coalesce(c.version, 0)",
}
_SEAT_COLUMNS = (
    "seat, user_id, name, dms_closed, computer, auto, missed, lang, hand_channel_id, hand_message_id"
)


class TableExistsError(Exception):
    """The channel already has an open table."""

    def __init__(self, table_id: int, message_id: int | None) -> None:
        super().__init__(f"table {table_id} is already open in this channel")
        self.table_id = table_id
        self.message_id = message_id


@dataclass
class SeatRecord:
    """A player at a table: a member, or a computer when ``computer`` names its level.

    ``auto`` marks a member's seat that a computer plays for now, after ``missed`` turns in a row ran out.
    ``lang`` is a member's language for the DMs the bot sends them on its own (None: the table's).
    ``hand`` is their hand message, (DM channel, message), as the process that last handed the table on
    left it (``TableStore.hand_home``).
    """

    seat: int
    user_id: int
    name: str
    dms_closed: bool = False
    computer: str | None = None
    auto: bool = False
    missed: int = 0
    lang: str | None = None
    hand: tuple[int, int] | None = None


@dataclass
class TableRecord:
    """A table as stored: who, where, its status, and for a running game its seed and action log."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    edition: str
    status: str
    seed: int | None
    message_id: int | None
    created_at: float
    updated_at: float
    seats: list[SeatRecord] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    ping_message_id: int | None = None
    rules: Rules | None = None
    # A running game's latest checkpoint (``Game.checkpoint``), if one was read with the log: rebuilding
    # from it replays only the entries after it.
    checkpoint: dict[str, Any] | None = None
    # When log entries were stored, by position (those read; none for entries stored before 0008).
    stored_times: dict[int, float] = field(default_factory=dict)
    # A Play again lobby's held seats: the last game's members it waits for, until ``held_until``.
    held_for: frozenset[int] = frozenset()
    held_until: float = 0.0
    # Played with the coach (``Table.coach``).
    coach: bool = False

    @property
    def table_rules(self) -> Rules:
        """The table's rules; a table stored before rules were kept plays its edition's base rules."""
        return self.rules if self.rules is not None else Rules(self.edition)

    def stored_at(self, seq: int) -> float:
        """When log entry ``seq`` was stored; the table's last change if that is not known."""
        return self.stored_times.get(seq, self.updated_at)

    def rebuild(self) -> Game:
        """The running game, from its checkpoint if it has one, else from its whole log.

        A checkpoint that does not rebuild (damaged) is left aside for the whole log; a log that does not
        replay raises (``CorruptSaveError``, or any error of damaged data).
        """
        if self.seed is None:
            raise CorruptSaveError("a running game without a seed")
        names = [s.name for s in self.seats]
        if self.checkpoint is not None:
            try:
                return Game.replay(names, self.table_rules, self.seed, self.log, checkpoint=self.checkpoint)
            except Exception as error:  # any damage: the whole log decides
                log.warning(
                    "Table %d: its checkpoint does not rebuild (%s); replaying its log", self.id, error
                )
        return Game.replay(names, self.table_rules, self.seed, self.log)


def table_of(record: TableRecord) -> Table:
    """The table as stored, in memory, without its game (rebuilt by the caller, ``TableRecord.rebuild``)."""
    return Table(
        id=record.id,
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        host_id=record.host_id,
        rules=record.table_rules,
        status=record.status,
        seats=[
            Occupant(
                s.user_id,
                s.name,
                s.dms_closed,
                s.computer,
                s.auto,
                s.missed,
                lang=language_of(s.lang),
                dm_channel_id=None if s.hand is None else s.hand[0],
                hand_message_id=None if s.hand is None else s.hand[1],
            )
            for s in record.seats
        ],
        message_id=record.message_id,
        updated_at=record.updated_at,
        ping_id=record.ping_message_id,
        held=record.held_for,
        held_until=record.held_until,
        coach=record.coach,
    )


def _hand(channel_id: int | None, message_id: int | None) -> tuple[int, int] | None:
    return None if channel_id is None or message_id is None else (int(channel_id), int(message_id))


def _held_members(stored: str | None) -> frozenset[int]:
    """The members a Play again lobby holds seats for, read leniently: anything damaged holds none (the
    seats are then first come, as before the hold was stored)."""
    if stored is None:
        return frozenset()
    try:
        members = json.loads(stored)
        return frozenset(int(member) for member in members)
    except (ValueError, TypeError) as error:
        log.warning("Damaged seat hold %r left aside: %s", stored[:40], error)
        return frozenset()


def seat_record(table: Table, index: int) -> SeatRecord:
    """One seat of a table, as stored."""
    s = table.seats[index]
    return SeatRecord(index, s.user_id, s.name, s.dms_closed, s.computer, s.auto, s.missed, s.lang)


def seat_records(table: Table) -> list[SeatRecord]:
    """Every seat of a table, as stored."""
    return [seat_record(table, index) for index in range(len(table.seats))]


@dataclass(frozen=True, slots=True)
class News:
    """Something players must be shown because of a stored action (a row of the outbox)."""

    kind: str  # "round" (the summary of round ``key``), "deal" (new hands) or "final" (the standings)
    key: int


class TableMovedError(Explained):
    """Another process took this table over (this one was thought gone); nothing was written."""

    key = "table-refusal-moved"

    def __init__(self, table_id: int) -> None:
        super().__init__(f"table {table_id} is run by another process now")
        self.table_id = table_id


class StaleTableError(Exception):
    """A lobby was changed by someone else since the writer read it; nothing was written."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"table {table_id} changed since it was read")
        self.table_id = table_id


@dataclass(frozen=True, slots=True)
class UnreadableTable:
    """An open table whose stored data cannot be read back (a damaged row): set aside at start-up."""

    id: int
    channel_id: int
    reason: str


@dataclass(frozen=True, slots=True)
class Ownership:
    """Who runs a table (a shared database), whether it is open, and the server and channel it is in."""

    owner: str | None
    open: bool
    guild_id: int
    channel_id: int


@dataclass(frozen=True, slots=True)
class FinishingTable:
    """What storing a finished game needs to know about its table."""

    id: int
    guild_id: int
    edition: str
    seats: Sequence[SeatRecord]
    # Played with the coach: a practice game, left out of ratings and boards.
    practice: bool = False


class TableStore:
    """The SQL for tables; literal queries with ``?`` parameters only.

    ``owner`` is this process's name when the database is shared (``Database.shared``), else None.
    """

    def __init__(self, db: Database, owner: str | None = None) -> None:
        self.db = db
        self.owner = owner if db.shared else None
        # Called with a table's id when a write finds that another process runs it now.
        self.on_moved: Callable[[int], None] | None = None

    async def _fence(self, conn: Connection, table_id: int) -> None:
        """Lock a table's row for this transaction and check this process still runs the table."""
        if self.owner is None:
            return
        owner = await conn.fetchval("SELECT owner FROM tables WHERE id = ? FOR UPDATE", (table_id,))
        if owner != self.owner:
            self._moved(table_id)

    async def _touch(self, conn: Connection, table_id: int, now: float) -> None:
        """Mark a table changed now; on a shared database the same statement is the owner check (the
        row stays locked for the transaction), one round trip for each move."""
        if self.owner is None:
            await conn.execute("UPDATE tables SET updated_at = ? WHERE id = ?", (now, table_id))
        elif not await conn.execute(
            "UPDATE tables SET updated_at = ? WHERE id = ? AND owner = ?", (now, table_id, self.owner)
        ):
            self._moved(table_id)

    def _moved(self, table_id: int) -> NoReturn:
        if self.on_moved is not None:
            self.on_moved(table_id)
        raise TableMovedError(table_id)

    async def _write(self, table_id: int, sql: str, parameters: tuple[Any, ...]) -> None:
        """One statement that changes a table (or its seats), under the table's owner check."""
        if self.owner is None:
            await self.db.execute(sql, parameters)
            return
        async with self.db.transaction() as conn:
            await self._fence(conn, table_id)
            await conn.execute(sql, parameters)

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        rules: Rules,
        now: float,
        host_lang: str | None = None,
        coach: bool = False,
    ) -> TableRecord:
        """Open a lobby with its host in seat 0 (``host_lang``: their language, as in ``SeatRecord``),
        with the coach or not; raise TableExistsError if the channel has an open table."""
        try:
            async with self.db.transaction() as conn:
                table_id = await conn.fetchval(
                    "INSERT INTO tables (guild_id, channel_id, host_id, edition, rules, status, created_at,"
                    " updated_at, owner, coach) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?) RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        host_id,
                        rules.edition,
                        json.dumps(rules.to_dict()),
                        now,
                        now,
                        self.owner,
                        int(coach),
                    ),
                )
                assert table_id is not None
                await conn.execute(
                    "INSERT INTO seats (table_id, seat, user_id, name, lang) VALUES (?, 0, ?, ?, ?)",
                    (table_id, host_id, host_name, host_lang),
                )
        except INTEGRITY_ERRORS:
            existing = await self.open_in_channel(channel_id)
            if existing is None:
                raise
            raise TableExistsError(existing.id, existing.message_id) from None
        record = await self.get(table_id)
        assert record is not None
        return record

    async def get(self, table_id: int) -> TableRecord | None:
        """One table with its seats and log."""
        row = await self.db.fetchone("SELECT * FROM tables WHERE id = ?", (table_id,))
        return None if row is None else await self._complete(row)

    async def open_in_channel(self, channel_id: int) -> TableRecord | None:
        """The lobby or running game of a channel, if any."""
        row = await self.db.fetchone(
            "SELECT * FROM tables WHERE channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,)
        )
        return None if row is None else await self._complete(row)

    async def open_tables(self, ids: Sequence[int] | None = None) -> list[TableRecord | UnreadableTable]:
        """Every lobby and running game (of this process, when the database is shared; only those of
        ``ids`` when given), for the start of the bot: two statements for all of them.

        A running game comes with its latest checkpoint and the log entries after it (the log before it is
        the checkpoint's copy); a game without a usable checkpoint, with its whole log. A table whose stored
        rules, seats or actions cannot be read comes back as an ``UnreadableTable`` instead of stopping the
        start; a failing database still raises.
        """
        # The entries after the checkpoint come as one text per table, a JSON array of (seq, entry, at)
        # triples: the database joins them, and one parse reads them.
        which, parameters = self._which(ids)
        rows = await self.db.fetchall(
            "SELECT t.*, c.version AS checkpoint_version, c.at AS checkpoint_at, c.codes AS checkpoint_codes,"
            " c.chance AS checkpoint_chance,"
            " c.state AS checkpoint_state, (SELECT max(seq) FROM actions WHERE table_id = t.id) AS last_seq,"
            f" ({_JOINED_ENTRIES[self.db.dialect]}) AS entries"
            " FROM tables AS t LEFT JOIN checkpoints AS c ON c.table_id = t.id"
            f" WHERE {which} ORDER BY t.id",
            parameters,
        )
        seats = _by_table(
            await self.db.fetchall(
                "SELECT s.table_id, s.seat, s.user_id, s.name, s.dms_closed, s.computer, s.auto, s.missed,"
                " s.lang, s.hand_channel_id, s.hand_message_id"
                " FROM seats AS s JOIN tables AS t ON t.id = s.table_id"
                f" WHERE {which} ORDER BY s.table_id, s.seat",
                parameters,
            )
        )
        tables: list[TableRecord | UnreadableTable] = []
        for row in rows:
            table_id = row["id"]
            try:
                record = self._record(row, seats.get(table_id, ()))
                if not self._read_log(record, row):
                    record = await self._complete(row)
            except DATABASE_ERRORS:
                raise
            except Exception as error:
                tables.append(
                    UnreadableTable(table_id, row["channel_id"], f"{type(error).__name__}: {error}")
                )
                continue
            tables.append(record)
        return tables

    def _which(self, ids: Sequence[int] | None) -> tuple[str, tuple[Any, ...]]:
        """The condition on ``tables AS t`` that picks the open tables ``open_tables`` reads."""
        which = "t.status IN ('lobby', 'playing')"
        parameters: tuple[Any, ...] = ()
        if self.owner is not None:
            which += " AND t.owner = ?"
            parameters += (self.owner,)
        if ids is not None:
            if not ids:
                return "0 = 1", ()
            which += f" AND t.id IN ({placeholders(len(ids))})"
            parameters += tuple(ids)
        return which, parameters

    @staticmethod
    def _read_log(record: TableRecord, row: Row) -> bool:
        """Give a table read by ``open_tables`` its log. False if it must be read whole instead, the way
        ``get`` does, which then refuses what is damaged: the checkpoint is damaged or does not fit the
        entries after it, or the entries do not read as one (seq, entry, time) after another."""
        start = row["checkpoint_version"] or 0
        try:
            if start:
                record.log = _decode_checkpoint_log(row["checkpoint_codes"], row["checkpoint_chance"])
                record.checkpoint = json.loads(row["checkpoint_state"])
                record.stored_times[start - 1] = row["checkpoint_at"]
            joined = json.loads(f"[{row['entries'] or ''}]")
            seqs, entries, times = joined[0::3], joined[1::3], joined[2::3]
            after = _decode_log(entries)
        except Exception as error:  # anything damaged: the table is read whole
            log.warning(
                "Table %d: read again entry by entry (%s: %s)", record.id, type(error).__name__, error
            )
            return False
        last = start + len(after) - 1
        if len(record.log) != start or len(joined) != 3 * len(after) or seqs != list(range(start, last + 1)):
            return False
        if (row["last_seq"] if row["last_seq"] is not None else -1) != last:
            return False
        if record.checkpoint is not None and not isinstance(record.checkpoint, dict):
            return False
        record.log.extend(after)
        record.stored_times.update(
            (seq, at) for seq, at in zip(seqs, times, strict=True) if isinstance(at, float | int)
        )
        return True

    async def _complete(self, row: Row) -> TableRecord:
        seats = await self.db.fetchall(
            f"SELECT {_SEAT_COLUMNS} FROM seats WHERE table_id = ? ORDER BY seat", (row["id"],)
        )
        entries = await self.db.fetchall(
            "SELECT seq, entry, at FROM actions WHERE table_id = ? ORDER BY seq", (row["id"],)
        )
        record = self._record(row, seats)
        record.log = [_decode_entry(e["entry"]) for e in entries]
        record.stored_times = {e["seq"]: e["at"] for e in entries if e["at"] is not None}
        return record

    def _record(self, row: Row, seats: Iterable[Row]) -> TableRecord:
        """A table row and its seats (without its log)."""
        return TableRecord(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            host_id=row["host_id"],
            edition=row["edition"],
            status=row["status"],
            seed=row["seed"],
            message_id=row["message_id"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            seats=[
                SeatRecord(
                    s["seat"],
                    s["user_id"],
                    s["name"],
                    bool(s["dms_closed"]),
                    s["computer"],
                    bool(s["auto"]),
                    s["missed"],
                    s["lang"],
                    _hand(s["hand_channel_id"], s["hand_message_id"]),
                )
                for s in seats
            ],
            ping_message_id=row["ping_message_id"],
            rules=self._rules(row),
            held_for=_held_members(row["held_for"]),
            held_until=row["held_until"] or 0.0,
            coach=bool(row["coach"]),
        )

    @staticmethod
    def _rules(row: Row) -> Rules | None:
        return None if row["rules"] is None else _parse_rules(row["rules"])

    async def set_rules(
        self, table_id: int, rules: Rules, now: float, *, read_at: float, coach: bool
    ) -> None:
        """Change a lobby's rules (the host chose another edition, preset or variants) and whether it is
        played with the coach; like ``set_seats``, refuses a lobby changed since ``read_at``."""
        async with self.db.transaction() as conn:
            await self._fence(conn, table_id)
            changed = await conn.execute(
                "UPDATE tables SET edition = ?, rules = ?, coach = ?, updated_at = ?"
                " WHERE id = ? AND status = 'lobby' AND updated_at = ?",
                (rules.edition, json.dumps(rules.to_dict()), int(coach), now, table_id, read_at),
            )
            if changed != 1:
                raise StaleTableError(table_id)

    async def set_held(self, table_id: int, members: frozenset[int], until: float) -> None:
        """Store the seats a Play again lobby holds for the last game's ``members`` until ``until``."""
        await self._write(
            table_id,
            "UPDATE tables SET held_for = ?, held_until = ? WHERE id = ?",
            (json.dumps(sorted(members)), until, table_id),
        )

    async def set_message(self, table_id: int, message_id: int) -> None:
        """Remember the channel message that shows the table."""
        await self._write(table_id, "UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))

    async def set_ping(self, table_id: int, message_id: int | None) -> None:
        """Remember the channel's "your turn" ping for a player without DMs, to delete it later."""
        await self._write(
            table_id, "UPDATE tables SET ping_message_id = ? WHERE id = ?", (message_id, table_id)
        )

    async def set_seats(
        self, table_id: int, seats: Sequence[SeatRecord], host_id: int, now: float, *, read_at: float
    ) -> None:
        """Replace a lobby's seats (after a join or a leave) and its host.

        ``read_at`` is the lobby's ``updated_at`` as the caller last read or wrote it: if the lobby was
        changed since (by anyone else), nothing is written and ``StaleTableError`` is raised, so a seat
        list never replaces seats its writer did not see.
        """
        async with self.db.transaction() as conn:
            await self._fence(conn, table_id)
            changed = await conn.execute(
                "UPDATE tables SET host_id = ?, updated_at = ?"
                " WHERE id = ? AND status = 'lobby' AND updated_at = ?",
                (host_id, now, table_id, read_at),
            )
            if changed != 1:
                raise StaleTableError(table_id)
            await conn.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
            await conn.executemany(
                "INSERT INTO seats (table_id, seat, user_id, name, dms_closed, computer, auto, missed, lang)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        table_id,
                        s.seat,
                        s.user_id,
                        s.name,
                        int(s.dms_closed),
                        s.computer,
                        int(s.auto),
                        s.missed,
                        s.lang,
                    )
                    for s in seats
                ],
            )

    async def start(
        self,
        table_id: int,
        seed: int,
        log: Sequence[LogEntry],
        now: float,
        *,
        read_at: float,
        news: Sequence[News] = (),
    ) -> None:
        """Turn a lobby into a running game with its seed and the log's first entries, and what that
        obliges the bot to show (``news``: the first hands), as ``append`` does.

        Like ``set_seats``, refuses (``StaleTableError``) a lobby changed since ``read_at``: the game starts
        with exactly the seats its starter saw.
        """
        async with self.db.transaction() as conn:
            await self._fence(conn, table_id)
            changed = await conn.execute(
                "UPDATE tables SET status = 'playing', seed = ?, updated_at = ?"
                " WHERE id = ? AND status = 'lobby' AND updated_at = ?",
                (seed, now, table_id, read_at),
            )
            if changed != 1:
                raise StaleTableError(table_id)
            await self._append(conn, table_id, 0, log, news, now)

    async def append(
        self,
        table_id: int,
        first_seq: int,
        entries: Sequence[LogEntry],
        now: float,
        news: Sequence[News] = (),
        *,
        game: Game,
    ) -> None:
        """Add log entries from position ``first_seq`` on, with what they oblige the bot to show (``news``,
        see ``pending``); a position written twice fails the transaction. ``game`` is the game as these
        entries leave it: when they deal a new round, its checkpoint is stored in the same transaction
        (see ``open_tables``), taken from the game in memory."""
        async with self.db.transaction() as conn:
            await self._touch(conn, table_id, now)
            await self._append(conn, table_id, first_seq, entries, news, now)
            if any(not isinstance(entry, int) for entry in entries):
                await self._checkpoint(conn, table_id, game, now)

    @staticmethod
    async def _append(
        conn: Connection,
        table_id: int,
        first_seq: int,
        entries: Sequence[LogEntry],
        news: Sequence[News],
        now: float,
    ) -> None:
        await conn.executemany(
            "INSERT INTO actions (table_id, seq, entry, at) VALUES (?, ?, ?, ?)",
            _action_rows(table_id, first_seq, entries, now),
        )
        await conn.executemany(
            "INSERT INTO outbox (table_id, kind, key) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            [(table_id, item.kind, item.key) for item in news],
        )

    @staticmethod
    async def _checkpoint(conn: Connection, table_id: int, game: Game, now: float) -> None:
        """Store the game's state as it stands after the entries just appended (a round was dealt)."""
        await conn.execute(
            "INSERT INTO checkpoints (table_id, version, at, codes, chance, state) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (table_id) DO UPDATE SET version = excluded.version, at = excluded.at,"
            " codes = excluded.codes, chance = excluded.chance, state = excluded.state",
            (
                table_id,
                game.version,
                now,
                *_checkpoint_log(game.log),
                json.dumps(game.checkpoint(), separators=(",", ":")),
            ),
        )

    # -- owners (a shared database) ------------------------------------------------------------------

    # What follows runs only on a shared database (PostgreSQL). Heartbeats are the database server's
    # time, so processes on hosts whose clocks differ judge each other by one clock.

    async def claim_orphans(self, stale_seconds: float, limit: int, *, status: str = "open") -> list[int]:
        """Make this process the owner of up to ``limit`` open tables whose owner (another process) has
        not beaten for ``stale_seconds`` (or that have none), in one statement; returns them.
        ``status="finished"``: finished games whose news (the final standings) a stopped process never
        showed, still in the outbox.

        Each row is locked and its owner judged under that lock, so a table changes hands once; rows
        another transaction holds (a move being stored, a process claiming at the same moment) are left
        for the next look, so processes that look at once share the tables out.
        """
        assert self.owner is not None
        if status == "open":
            which = "t.status IN ('lobby', 'playing')"
        else:
            which = "t.status = 'finished' AND EXISTS (SELECT 1 FROM outbox AS o WHERE o.table_id = t.id)"
        # The CTE runs once (it locks rows), so exactly the rows it picked and locked change hands.
        rows = await self.db.fetchall(
            "WITH picked AS (SELECT t.id FROM tables AS t"
            f" WHERE {which} AND t.owner IS DISTINCT FROM ?1 AND NOT EXISTS (SELECT 1 FROM processes AS p"
            f" WHERE p.name = t.owner AND p.heartbeat_at >= {SERVER_NOW} - ?2)"
            " ORDER BY t.id LIMIT ?3 FOR UPDATE SKIP LOCKED)"
            " UPDATE tables SET owner = ?1 FROM picked WHERE tables.id = picked.id RETURNING tables.id",
            (self.owner, stale_seconds, limit),
        )
        return sorted(int(row["id"]) for row in rows)

    async def claim(self, table_id: int, previous: str | None, stale_seconds: float) -> bool:
        """Make this process the owner of one open table if ``previous`` still is and has not beaten for
        ``stale_seconds``; False if someone else was quicker, the owner came back, or the table is no
        longer open."""
        assert self.owner is not None
        async with self.db.transaction() as conn:
            owner = await conn.fetchone(
                "SELECT owner FROM tables WHERE id = ? AND status IN ('lobby', 'playing') FOR UPDATE",
                (table_id,),
            )
            if owner is None or owner["owner"] != previous:
                return False
            if previous is not None:
                alive = await conn.fetchval(
                    f"SELECT heartbeat_at >= {SERVER_NOW} - ? FROM processes WHERE name = ?",
                    (stale_seconds, previous),
                )
                if alive:
                    return False
            await conn.execute("UPDATE tables SET owner = ? WHERE id = ?", (self.owner, table_id))
        return True

    async def hand_home(self, table_id: int, home: str, hands: Mapping[int, tuple[int, int]]) -> bool:
        """Give an open table this process runs to process ``home``, which runs its server's shard, with
        the members' ``hands`` (seat: their hand message's DM channel and id) for it to edit: False if the
        table is not this process's any more, or no longer open."""
        assert self.owner is not None
        async with self.db.transaction() as conn:
            moved = await conn.execute(
                "UPDATE tables SET owner = ? WHERE id = ? AND owner = ? AND status IN ('lobby', 'playing')",
                (home, table_id, self.owner),
            )
            if not moved:
                return False
            await conn.execute(
                "UPDATE seats SET hand_channel_id = NULL, hand_message_id = NULL WHERE table_id = ?",
                (table_id,),
            )
            await conn.executemany(
                "UPDATE seats SET hand_channel_id = ?, hand_message_id = ? WHERE table_id = ? AND seat = ?",
                [(channel, message, table_id, seat) for seat, (channel, message) in hands.items()],
            )
        return True

    async def owned(self, *, opened_before: float | None = None) -> list[int]:
        """The open tables this process owns, whether or not it runs them now (after it was cut off, or
        handed home to it); with ``opened_before`` (a Unix time), only those opened before then."""
        before = "" if opened_before is None else " AND created_at < ?"
        rows = await self.db.fetchall(
            f"SELECT id FROM tables WHERE owner = ? AND status IN ('lobby', 'playing'){before} ORDER BY id",
            (self.owner,) + (() if opened_before is None else (opened_before,)),
        )
        return [int(row["id"]) for row in rows]

    async def release(self, table_ids: Sequence[int]) -> None:
        """Give up tables this process claimed but could not load: without an owner, they are taken
        over anew."""
        await self.db.execute(
            "UPDATE tables SET owner = NULL WHERE id = ANY(?::bigint[]) AND owner = ?",
            (list(table_ids), self.owner),
        )

    async def moved_away(self, table_ids: Sequence[int]) -> list[int]:
        """Which of these tables another process runs now."""
        if not table_ids:
            return []
        rows = await self.db.fetchall(
            "SELECT id FROM tables WHERE id = ANY(?::bigint[]) AND owner IS DISTINCT FROM ?",
            (list(table_ids), self.owner),
        )
        return [int(row["id"]) for row in rows]

    async def owner_of(self, table_id: int) -> Ownership | None:
        """Who runs a table, whether it is open, and where it is; None for a table that does not exist."""
        row = await self.db.fetchone(
            "SELECT owner, status IN ('lobby', 'playing') AS open, guild_id, channel_id FROM tables"
            " WHERE id = ?",
            (table_id,),
        )
        if row is None:
            return None
        return Ownership(row["owner"], bool(row["open"]), row["guild_id"], row["channel_id"])

    async def open_id_in_channel(self, channel_id: int) -> int | None:
        """The id of a channel's open table, whoever runs it."""
        row = await self.db.fetchone(
            "SELECT id FROM tables WHERE channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,)
        )
        return None if row is None else int(row["id"])

    async def pending(self, table_id: int | None = None) -> dict[int, list[News]]:
        """What players have not been shown yet, by table (of one table, with ``table_id``): written with
        an action, not yet delivered."""
        one = "" if table_id is None else " AND o.table_id = ?"
        parameters: tuple[Any, ...] = () if table_id is None else (table_id,)
        if self.owner is None:
            rows = await self.db.fetchall(
                f"SELECT o.table_id, o.kind, o.key FROM outbox AS o WHERE 1 = 1{one}"
                " ORDER BY o.table_id, o.key, o.kind",
                parameters,
            )
        else:
            rows = await self.db.fetchall(
                "SELECT o.table_id, o.kind, o.key FROM outbox AS o JOIN tables AS t ON t.id = o.table_id"
                f" WHERE t.owner = ?{one} ORDER BY o.table_id, o.key, o.kind",
                (self.owner, *parameters),
            )
        found: dict[int, list[News]] = {}
        for row in rows:
            found.setdefault(row["table_id"], []).append(News(row["kind"], row["key"]))
        return found

    async def delivered(self, table_id: int, news: Sequence[News]) -> None:
        """Forget what has now been shown (on a shared database, only while this process owns the table:
        ``TableMovedError`` otherwise, the news left to its owner)."""
        if news:
            async with self.db.transaction() as conn:
                await self._fence(conn, table_id)
                await conn.executemany(
                    "DELETE FROM outbox WHERE table_id = ? AND kind = ? AND key = ?",
                    [(table_id, item.kind, item.key) for item in news],
                )

    async def set_seat(self, table_id: int, seat: SeatRecord) -> None:
        """Store one seat's changes during a game: a computer taking over, the count of missed turns."""
        await self._write(
            table_id,
            "UPDATE seats SET user_id = ?, name = ?, computer = ?, auto = ?, missed = ?"
            " WHERE table_id = ? AND seat = ?",
            (seat.user_id, seat.name, seat.computer, int(seat.auto), seat.missed, table_id, seat.seat),
        )

    async def set_language(self, table_id: int, user_id: int, lang: str | None) -> None:
        """Store a seated member's language (their Discord client's changed since they sat down)."""
        await self._write(
            table_id,
            "UPDATE seats SET lang = ? WHERE table_id = ? AND user_id = ?",
            (lang, table_id, user_id),
        )

    async def set_dms_closed(self, table_id: int, seat: int) -> None:
        """Remember that a player cannot be sent direct messages."""
        await self._write(
            table_id, "UPDATE seats SET dms_closed = 1 WHERE table_id = ? AND seat = ?", (table_id, seat)
        )

    async def close(self, table_id: int, status: str, now: float) -> None:
        """End a table without results: cancelled (a lobby) or ended (a game stopped early)."""
        assert status in ("cancelled", "ended")
        async with self.db.transaction() as conn:
            await self._fence(conn, table_id)
            await conn.execute(
                "UPDATE tables SET status = ?, updated_at = ?"
                " WHERE id = ? AND status IN ('lobby', 'playing')",
                (status, now, table_id),
            )
            await conn.execute("DELETE FROM outbox WHERE table_id = ?", (table_id,))
            await conn.execute("DELETE FROM checkpoints WHERE table_id = ?", (table_id,))

    async def finish(
        self,
        table: FinishingTable,
        result: GameResult,
        new_entries: Sequence[LogEntry],
        first_seq: int,
        now: float,
        news: Sequence[News] = (),
    ) -> None:
        """Write the game's last entries, mark it finished and store each player's result, all at once
        (with what this obliges the bot to show, ``news``)."""
        players = len(table.seats)
        rows = []
        for seat in table.seats:
            p = seat.seat
            rounds = [[r.bids[p], r.tricks[p], r.points[p]] for r in result.rounds]
            rows.append(
                (
                    table.id,
                    table.guild_id,
                    seat.user_id,
                    p,
                    table.edition,
                    players,
                    result.totals[p],
                    result.places[p],
                    int(p in result.winners),
                    int(result.shared_win and p in result.winners),
                    json.dumps(rounds),
                    now,
                    int(seat.computer is not None),
                )
            )
        async with self.db.transaction() as conn:
            await self._fence(conn, table.id)
            await self._append(conn, table.id, first_seq, new_entries, news, now)
            await conn.execute(
                "UPDATE tables SET status = 'finished', updated_at = ? WHERE id = ?", (now, table.id)
            )
            await conn.execute("DELETE FROM checkpoints WHERE table_id = ?", (table.id,))
            await conn.executemany(
                "INSERT INTO game_results (table_id, guild_id, user_id, seat, edition, players, score, place,"
                " won, shared_win, rounds, finished_at, computer)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
            # Rounds, ratings and the leaderboard's aggregates, in the same transaction as the result.
            await record_game(
                conn,
                FinishedGame.from_result(
                    table_id=table.id,
                    guild_id=table.guild_id,
                    edition=table.edition,
                    user_ids=[s.user_id for s in sorted(table.seats, key=lambda s: s.seat)],
                    result=result,
                    finished_at=now,
                    names=[s.name for s in sorted(table.seats, key=lambda s: s.seat)],
                    levels=[s.computer for s in sorted(table.seats, key=lambda s: s.seat)],
                ),
                practice=table.practice,
            )


@functools.lru_cache(maxsize=256)
def _parse_rules(text: str) -> Rules:
    """Stored rules (JSON); the tables of a bot share a few sets of rules (``Rules`` is immutable)."""
    return Rules.from_dict(json.loads(text))


def _action_rows(
    table_id: int, first_seq: int, entries: Sequence[LogEntry], now: float
) -> list[tuple[int, int, str, float | None]]:
    """The rows of log entries written together (an action, with the chance events it brought): the last
    one holds when they were written, the moment the game began to wait for its next move."""
    last = len(entries) - 1
    return [
        (table_id, first_seq + i, json.dumps(encode_log_entry(entry)), now if i == last else None)
        for i, entry in enumerate(entries)
    ]


def _by_table(rows: Iterable[Row]) -> dict[int, list[Row]]:
    """Rows of many tables (``table_id`` first), by table, in their order."""
    found: dict[int, list[Row]] = {}
    for row in rows:
        found.setdefault(row[0], []).append(row)
    return found


def _decode_entry(text: str) -> LogEntry:
    """One stored log entry; most are action codes, read without the JSON parser."""
    if text.isascii() and text.isdigit():
        return int(text)
    return decode_log_entry(json.loads(text))


def _checkpoint_log(log: Sequence[LogEntry]) -> tuple[bytes, str]:
    """A checkpoint's copy of the log, in a form quick to read back: the action codes as 16-bit integers
    (a 0 in place of each chance event), and the chance events in JSON, each with its place and the bits
    of its cards in hexadecimal."""
    codes = array("H", [entry if isinstance(entry, int) else 0 for entry in log])
    if sys.byteorder == "big":
        codes.byteswap()
    chance = [
        [at, entry[0], bytes(entry[1]).hex()] for at, entry in enumerate(log) if not isinstance(entry, int)
    ]
    return codes.tobytes(), json.dumps(chance, separators=(",", ":"))


def _decode_checkpoint_log(codes: bytes, chance: str) -> list[LogEntry]:
    """The log of a checkpoint from its stored form (``_checkpoint_log``); damage raises."""
    read = array("H")
    read.frombytes(codes)
    if sys.byteorder == "big":
        read.byteswap()
    log: list[LogEntry] = list(read)
    for at, kind, cards in json.loads(chance):
        if kind not in ("draw", "deal") or type(at) is not int or not 0 <= at < len(log) or log[at]:
            raise CorruptSaveError(f"a checkpoint's log has no {kind!r} at {at!r}")
        log[at] = (kind, tuple(bytes.fromhex(cards)))
    return log


def _decode_log(data: object) -> list[LogEntry]:
    """Log entries read as one JSON array (``open_tables``); damage raises."""
    if not isinstance(data, list):
        raise CorruptSaveError("a stored log is not a list")
    return [entry if type(entry) is int else decode_log_entry(entry) for entry in data]
