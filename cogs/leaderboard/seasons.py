"""Seasons: stretches of a server's games with a board of their own, started and ended by its managers or
one per calendar month (UTC), archived with their final board and champion when they end.

A server has at most one open season. A season's board is its ``player_stats`` rows of period
``season`` (``start`` is the season's id), kept by ``results.record_game`` like a month's; an ended season
takes no more games, so those rows are its archive. ``settle`` brings a server's seasons up to a moment:
it archives the open season once its planned end (or, for a monthly one, its month) has passed and opens
the month's season of a server with automatic seasons. Everything that reads or writes a season settles
first, under the server's leaderboard lock, so a board is right before any timer has run; the bot also
settles every server with a due season at start-up and periodically (``cog``), and announces each
ended season once (``claim_announcement``). No Discord here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from cogs.leaderboard.periods import month_after, period_start
from cogs.storage import Connection, Database

SEASON = "season"
NAME_LIMIT = 40
COLUMNS = (
    "id, guild_id, name, monthly, fresh_ratings, started_at, ends_at, ended_at, champion_id, announced_at"
)
# The season's champion: the first of its board by rating (queries.PAGE_QUERIES["rating"], first line).
CHAMPION = (
    "SELECT user_id FROM player_stats WHERE guild_id = ? AND period = 'season' AND start = ?"
    " ORDER BY 3 * sigma - mu, -games, user_id LIMIT 1"
)
# The servers that have a season to archive at a moment (?1) whose month began at ?2.
DUE_SERVERS = (
    "SELECT DISTINCT guild_id FROM seasons WHERE ended_at IS NULL"
    " AND (ends_at <= ?1 OR (monthly = 1 AND started_at < ?2))"
)


class SeasonError(Exception):
    """A season command that cannot be done: ``reason`` names why (a key of the seasons catalog)."""

    def __init__(self, reason: str, season: Season | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.season = season


@dataclass(frozen=True, slots=True)
class Season:
    """One season of a server, running (``ended_at`` None) or archived."""

    id: int
    guild_id: int
    name: str
    monthly: bool
    fresh_ratings: bool
    started_at: float
    ends_at: float | None
    ended_at: float | None
    champion_id: int | None
    announced_at: float | None

    @property
    def running(self) -> bool:
        """Whether the season still takes games."""
        return self.ended_at is None

    def due(self, at: float) -> float | None:
        """When the season ends if it has ended by ``at`` without being archived yet, else None."""
        if self.ended_at is not None:
            return None
        if self.ends_at is not None and self.ends_at <= at:
            return self.ends_at
        if self.monthly and month_after(self.started_at) <= at:
            return float(month_after(self.started_at))
        return None


def _season(row: Any) -> Season:
    return Season(
        id=int(row["id"]),
        guild_id=int(row["guild_id"]),
        name=str(row["name"]),
        monthly=bool(row["monthly"]),
        fresh_ratings=bool(row["fresh_ratings"]),
        started_at=float(row["started_at"]),
        ends_at=None if row["ends_at"] is None else float(row["ends_at"]),
        ended_at=None if row["ended_at"] is None else float(row["ended_at"]),
        champion_id=None if row["champion_id"] is None else int(row["champion_id"]),
        announced_at=None if row["announced_at"] is None else float(row["announced_at"]),
    )


def month_name(at: float) -> str:
    """The name of the monthly season holding ``at``: its year and month, "2026-02"."""
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m")


async def open_season(conn: Connection | Database, guild_id: int) -> Season | None:
    """The server's open season as stored (perhaps due: ``settle`` archives it)."""
    row = await conn.fetchone(
        f"SELECT {COLUMNS} FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
    )
    return None if row is None else _season(row)


async def find_season(db: Connection | Database, guild_id: int, season_id: int) -> Season | None:
    """One season of this server (None for another server's or an unknown id)."""
    row = await db.fetchone(
        f"SELECT {COLUMNS} FROM seasons WHERE guild_id = ? AND id = ?", (guild_id, season_id)
    )
    return None if row is None else _season(row)


async def season_named(db: Database, guild_id: int, name: str) -> Season | None:
    """This server's season of that name, whatever its case."""
    row = await db.fetchone(
        f"SELECT {COLUMNS} FROM seasons WHERE guild_id = ? AND lower(name) = lower(?)", (guild_id, name)
    )
    return None if row is None else _season(row)


async def seasons_of(db: Database, guild_id: int, limit: int = 25) -> list[Season]:
    """The server's latest seasons, newest first."""
    rows = await db.fetchall(
        f"SELECT {COLUMNS} FROM seasons WHERE guild_id = ? ORDER BY started_at DESC, id DESC LIMIT ?",
        (guild_id, limit),
    )
    return [_season(row) for row in rows]


async def archive(conn: Connection, season: Season, ended_at: float) -> Season:
    """End a season at ``ended_at``, with the first of its board as champion."""
    champion = await conn.fetchval(CHAMPION, (season.guild_id, season.id))
    await conn.execute(
        "UPDATE seasons SET ended_at = ?, champion_id = ? WHERE id = ? AND ended_at IS NULL",
        (ended_at, champion, season.id),
    )
    return Season(
        season.id,
        season.guild_id,
        season.name,
        season.monthly,
        season.fresh_ratings,
        season.started_at,
        season.ends_at,
        ended_at,
        None if champion is None else int(champion),
        None,
    )


async def _insert(
    conn: Connection,
    guild_id: int,
    name: str,
    *,
    monthly: bool,
    started_at: float,
    ends_at: float | None,
) -> Season:
    fresh = await conn.fetchval(
        "SELECT season_fresh_ratings FROM server_settings WHERE guild_id = ?", (guild_id,)
    )
    await conn.execute(
        "INSERT INTO seasons (guild_id, name, monthly, fresh_ratings, started_at, ends_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (guild_id, name, int(monthly), int(bool(fresh)), started_at, ends_at),
    )
    season = await open_season(conn, guild_id)
    assert season is not None
    return season


async def settle(conn: Connection, guild_id: int, at: float) -> Season | None:
    """Bring the server's seasons up to ``at`` and return the season open then (None: none).

    Call inside a transaction holding the server's leaderboard lock (``results.hold_boards``).
    """
    season = await open_season(conn, guild_id)
    rolled = False
    if season is not None and (end := season.due(at)) is not None:
        await archive(conn, season, end)
        rolled, season = season.monthly, None
    if season is not None:
        return season
    monthly = await conn.fetchval(
        "SELECT season_monthly FROM server_settings WHERE guild_id = ?", (guild_id,)
    )
    if not monthly:
        return None
    month = float(period_start("month", at))
    name = month_name(at)
    if await conn.fetchval(
        "SELECT 1 FROM seasons WHERE guild_id = ? AND lower(name) = lower(?)", (guild_id, name)
    ):
        return None  # this month's season was ended early by the managers: the next month has one
    # A month's season begins with the month when it follows the last one, else when it is first needed.
    started = month if rolled else at
    return await _insert(conn, guild_id, name, monthly=True, started_at=started, ends_at=None)


async def start_season(
    conn: Connection, guild_id: int, name: str, ends_at: float | None, at: float
) -> Season:
    """Open a season named ``name`` at ``at``; ``SeasonError`` if one runs or the name is taken."""
    running = await settle(conn, guild_id, at)
    if running is not None:
        raise SeasonError("season-refused-running", running)
    if await conn.fetchval(
        "SELECT 1 FROM seasons WHERE guild_id = ? AND lower(name) = lower(?)", (guild_id, name)
    ):
        raise SeasonError("season-refused-name-taken")
    if ends_at is not None and ends_at <= at:
        raise SeasonError("season-refused-ends-past")
    return await _insert(conn, guild_id, name, monthly=False, started_at=at, ends_at=ends_at)


async def end_season(conn: Connection, guild_id: int, at: float) -> Season:
    """Archive the open season now; ``SeasonError`` if none runs."""
    running = await settle(conn, guild_id, at)
    if running is None:
        raise SeasonError("season-refused-none-running")
    return await archive(conn, running, at)


async def due_servers(db: Database, at: float) -> list[int]:
    """The servers with a season to archive at ``at``."""
    rows = await db.fetchall(DUE_SERVERS, (at, period_start("month", at)))
    return [int(row[0]) for row in rows]


async def next_due(db: Database) -> float | None:
    """When the next open season of any server ends: its planned end, or a monthly one's month's end."""
    row = await db.fetchone(
        "SELECT MIN(ends_at), MIN(CASE WHEN monthly = 1 THEN started_at END) FROM seasons"
        " WHERE ended_at IS NULL"
    )
    if row is None:
        return None
    ends = [float(row[0])] if row[0] is not None else []
    if row[1] is not None:
        ends.append(float(month_after(row[1])))
    return min(ends, default=None)


async def unannounced(db: Database, guild_id: int | None = None) -> list[Season]:
    """Ended seasons not announced yet (of one server, or of all)."""
    if guild_id is None:
        rows = await db.fetchall(
            f"SELECT {COLUMNS} FROM seasons WHERE announced_at IS NULL AND ended_at IS NOT NULL"
        )
    else:
        rows = await db.fetchall(
            f"SELECT {COLUMNS} FROM seasons WHERE guild_id = ? AND announced_at IS NULL"
            " AND ended_at IS NOT NULL",
            (guild_id,),
        )
    return [_season(row) for row in rows]


async def claim_announcement(db: Database, season_id: int, at: float) -> bool:
    """Take the one announcement of an ended season: True for the one caller (of any process) that wins."""
    changed = await db.execute(
        "UPDATE seasons SET announced_at = ? WHERE id = ? AND announced_at IS NULL AND ended_at IS NOT NULL",
        (at, season_id),
    )
    return changed == 1


async def crown_again(conn: Connection, guild_id: int, season_ids: Sequence[int] | None = None) -> None:
    """Name again the champions of a server's ended seasons (all, or these) from their boards, after the
    boards changed (a member erased, or every aggregate rebuilt)."""
    rows = await conn.fetchall(
        "SELECT id FROM seasons WHERE guild_id = ? AND ended_at IS NOT NULL", (guild_id,)
    )
    for (season_id,) in rows:
        if season_ids is not None and season_id not in season_ids:
            continue
        champion = await conn.fetchval(CHAMPION, (guild_id, season_id))
        await conn.execute("UPDATE seasons SET champion_id = ? WHERE id = ?", (champion, season_id))
