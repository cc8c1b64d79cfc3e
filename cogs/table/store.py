"""Tables, seats and action logs in SQLite: everything needed to rebuild a running game after a restart.

Every write is one transaction, and the cogs write before they answer the interaction, so an action a
player saw acknowledged is on disk.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field

import aiosqlite

from cogs.leaderboard.results import FinishedGame, record_game
from cogs.utils.db import Database
from wizard_core import GameResult, LogEntry, Rules, decode_log_entry, encode_log_entry

OPEN_STATUSES = ("lobby", "playing")


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
    """

    seat: int
    user_id: int
    name: str
    dms_closed: bool = False
    computer: str | None = None
    auto: bool = False
    missed: int = 0


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

    @property
    def table_rules(self) -> Rules:
        """The table's rules; a table stored before rules were kept plays its edition's base rules."""
        return self.rules if self.rules is not None else Rules(self.edition)


@dataclass(frozen=True, slots=True)
class News:
    """Something players must be shown because of a stored action (a row of the outbox)."""

    kind: str  # "round" (the summary of round ``key``), "deal" (new hands) or "final" (the standings)
    key: int


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
class FinishingTable:
    """What storing a finished game needs to know about its table."""

    id: int
    guild_id: int
    edition: str
    seats: Sequence[SeatRecord]


class TableStore:
    """The SQL for tables; literal queries with ``?`` parameters only."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(
        self, *, guild_id: int, channel_id: int, host_id: int, host_name: str, rules: Rules, now: float
    ) -> TableRecord:
        """Open a lobby with its host in seat 0; raise TableExistsError if the channel has an open table."""
        try:
            async with self.db.transaction() as conn:
                cursor = await conn.execute(
                    "INSERT INTO tables (guild_id, channel_id, host_id, edition, rules, status, created_at,"
                    " updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?)",
                    (guild_id, channel_id, host_id, rules.edition, json.dumps(rules.to_dict()), now, now),
                )
                table_id = cursor.lastrowid
                await cursor.close()
                assert table_id is not None
                await conn.execute(
                    "INSERT INTO seats (table_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                    (table_id, host_id, host_name),
                )
        except sqlite3.IntegrityError:
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

    async def open_tables(self) -> list[TableRecord | UnreadableTable]:
        """Every lobby and running game, for the start of the bot.

        A table whose stored rules, seats or actions cannot be read comes back as an ``UnreadableTable``
        instead of stopping the start; a failing database still raises.
        """
        rows = await self.db.fetchall("SELECT * FROM tables WHERE status IN ('lobby', 'playing') ORDER BY id")
        tables: list[TableRecord | UnreadableTable] = []
        for row in rows:
            try:
                tables.append(await self._complete(row))
            except sqlite3.Error:
                raise
            except Exception as error:
                tables.append(
                    UnreadableTable(row["id"], row["channel_id"], f"{type(error).__name__}: {error}")
                )
        return tables

    async def _complete(self, row: sqlite3.Row) -> TableRecord:
        seats = await self.db.fetchall(
            "SELECT seat, user_id, name, dms_closed, computer, auto, missed FROM seats WHERE table_id = ?"
            " ORDER BY seat",
            (row["id"],),
        )
        entries = await self.db.fetchall(
            "SELECT entry FROM actions WHERE table_id = ? ORDER BY seq", (row["id"],)
        )
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
                )
                for s in seats
            ],
            log=[decode_log_entry(json.loads(e["entry"])) for e in entries],
            ping_message_id=row["ping_message_id"],
            rules=self._rules(row),
        )

    @staticmethod
    def _rules(row: sqlite3.Row) -> Rules | None:
        if row["rules"] is None:
            return None
        return Rules.from_dict(json.loads(row["rules"]))

    async def set_rules(self, table_id: int, rules: Rules, now: float, *, read_at: float) -> None:
        """Change a lobby's rules (the host chose another edition, preset or variants); like
        ``set_seats``, refuses a lobby changed since ``read_at``."""
        changed = await self.db.execute(
            "UPDATE tables SET edition = ?, rules = ?, updated_at = ?"
            " WHERE id = ? AND status = 'lobby' AND updated_at = ?",
            (rules.edition, json.dumps(rules.to_dict()), now, table_id, read_at),
        )
        if changed != 1:
            raise StaleTableError(table_id)

    async def set_message(self, table_id: int, message_id: int) -> None:
        """Remember the channel message that shows the table."""
        await self.db.execute("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))

    async def set_ping(self, table_id: int, message_id: int | None) -> None:
        """Remember the channel's "your turn" ping for a player without DMs, to delete it later."""
        await self.db.execute("UPDATE tables SET ping_message_id = ? WHERE id = ?", (message_id, table_id))

    async def set_seats(
        self, table_id: int, seats: Sequence[SeatRecord], host_id: int, now: float, *, read_at: float
    ) -> None:
        """Replace a lobby's seats (after a join or a leave) and its host.

        ``read_at`` is the lobby's ``updated_at`` as the caller last read or wrote it: if the lobby was
        changed since (by anyone else), nothing is written and ``StaleTableError`` is raised, so a seat
        list never replaces seats its writer did not see.
        """
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE tables SET host_id = ?, updated_at = ?"
                " WHERE id = ? AND status = 'lobby' AND updated_at = ?",
                (host_id, now, table_id, read_at),
            )
            if cursor.rowcount != 1:
                raise StaleTableError(table_id)
            await conn.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
            await conn.executemany(
                "INSERT INTO seats (table_id, seat, user_id, name, dms_closed, computer, auto, missed)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
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
                    )
                    for s in seats
                ],
            )

    async def start(
        self, table_id: int, seed: int, log: Sequence[LogEntry], now: float, *, read_at: float
    ) -> None:
        """Turn a lobby into a running game with its seed and the log's first entries.

        Like ``set_seats``, refuses (``StaleTableError``) a lobby changed since ``read_at``: the game starts
        with exactly the seats its starter saw.
        """
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE tables SET status = 'playing', seed = ?, updated_at = ?"
                " WHERE id = ? AND status = 'lobby' AND updated_at = ?",
                (seed, now, table_id, read_at),
            )
            if cursor.rowcount != 1:
                raise StaleTableError(table_id)
            await conn.executemany(
                "INSERT INTO actions (table_id, seq, entry) VALUES (?, ?, ?)",
                [(table_id, seq, json.dumps(encode_log_entry(e))) for seq, e in enumerate(log)],
            )

    async def append(
        self,
        table_id: int,
        first_seq: int,
        entries: Sequence[LogEntry],
        now: float,
        news: Sequence[News] = (),
    ) -> None:
        """Add log entries from position ``first_seq`` on, with what they oblige the bot to show (``news``,
        see ``pending``); a position written twice fails the transaction."""
        async with self.db.transaction() as conn:
            await self._append(conn, table_id, first_seq, entries, news)
            await conn.execute("UPDATE tables SET updated_at = ? WHERE id = ?", (now, table_id))

    @staticmethod
    async def _append(
        conn: aiosqlite.Connection,
        table_id: int,
        first_seq: int,
        entries: Sequence[LogEntry],
        news: Sequence[News],
    ) -> None:
        await conn.executemany(
            "INSERT INTO actions (table_id, seq, entry) VALUES (?, ?, ?)",
            [(table_id, first_seq + i, json.dumps(encode_log_entry(e))) for i, e in enumerate(entries)],
        )
        await conn.executemany(
            "INSERT OR IGNORE INTO outbox (table_id, kind, key) VALUES (?, ?, ?)",
            [(table_id, item.kind, item.key) for item in news],
        )

    async def pending(self) -> dict[int, list[News]]:
        """What players have not been shown yet, by table: written with an action, not yet delivered."""
        rows = await self.db.fetchall("SELECT table_id, kind, key FROM outbox ORDER BY table_id, key, kind")
        found: dict[int, list[News]] = {}
        for row in rows:
            found.setdefault(row["table_id"], []).append(News(row["kind"], row["key"]))
        return found

    async def delivered(self, table_id: int, news: Sequence[News]) -> None:
        """Forget what has now been shown."""
        if news:
            async with self.db.transaction() as conn:
                await conn.executemany(
                    "DELETE FROM outbox WHERE table_id = ? AND kind = ? AND key = ?",
                    [(table_id, item.kind, item.key) for item in news],
                )

    async def set_seat(self, table_id: int, seat: SeatRecord) -> None:
        """Store one seat's changes during a game: a computer taking over, the count of missed turns."""
        await self.db.execute(
            "UPDATE seats SET user_id = ?, name = ?, computer = ?, auto = ?, missed = ?"
            " WHERE table_id = ? AND seat = ?",
            (seat.user_id, seat.name, seat.computer, int(seat.auto), seat.missed, table_id, seat.seat),
        )

    async def set_dms_closed(self, table_id: int, seat: int) -> None:
        """Remember that a player cannot be sent direct messages."""
        await self.db.execute(
            "UPDATE seats SET dms_closed = 1 WHERE table_id = ? AND seat = ?", (table_id, seat)
        )

    async def close(self, table_id: int, status: str, now: float) -> None:
        """End a table without results: cancelled (a lobby) or ended (a game stopped early)."""
        assert status in ("cancelled", "ended")
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE tables SET status = ?, updated_at = ?"
                " WHERE id = ? AND status IN ('lobby', 'playing')",
                (status, now, table_id),
            )
            await conn.execute("DELETE FROM outbox WHERE table_id = ?", (table_id,))

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
            await self._append(conn, table.id, first_seq, new_entries, news)
            await conn.execute(
                "UPDATE tables SET status = 'finished', updated_at = ? WHERE id = ?", (now, table.id)
            )
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
            )
