"""What the leaderboard tests share: offline games stored the way the bot stores them, and an oracle that
recomputes every figure and rating from the stored result and round rows with its own code.

The oracle reads the stored rows outside the bot (``db_helpers.query``), from a SQLite file or a
PostgreSQL database alike.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import db_helpers
import pytest
from openskill.models import BradleyTerryFull

from cogs.leaderboard.queries import BoardLine, Totals
from cogs.leaderboard.ratings import Rating
from cogs.table.store import FinishingTable, SeatRecord, TableStore
from wizard_core import Game, GameResult, Rules

DAY = 86400.0
# 2026-01-01 00:00 UTC, a Thursday (SimCord's clock starts there too).
NEW_YEAR = datetime(2026, 1, 1, tzinfo=UTC).timestamp()
COMPUTER_NAMES = ("Ada", "Alan", "Grace", "Edsger", "Barbara", "Claude")
DERIVED = ("player_stats", "player_hand_stats", "player_ratings", "rating_history")


def play_offline(players: int, seed: int, edition: str = "classic") -> Game:
    """A whole game with random legal moves, without Discord."""
    game = Game([f"p{i}" for i in range(players)], Rules(edition), seed=seed)
    rng = random.Random(seed)
    while actions := game.legal_actions():
        game.apply(rng.choice(actions))
    return game


def seat_records(user_ids: Sequence[int], levels: Sequence[str | None] = ()) -> list[SeatRecord]:
    """The seats of a table: members named after their id, computers (a level) named as the table does."""
    levels = list(levels) or [None] * len(user_ids)
    names = iter(COMPUTER_NAMES)
    return [
        SeatRecord(seat, user, f"user{user}")
        if level is None
        else SeatRecord(seat, user, next(names), computer=level)
        for seat, (user, level) in enumerate(zip(user_ids, levels, strict=True))
    ]


async def store_game(
    store: TableStore,
    guild_id: int,
    user_ids: Sequence[int],
    *,
    seed: int,
    finished_at: float,
    edition: str = "classic",
    channel_id: int = 1,
    levels: Sequence[str | None] = (),
    practice: bool = False,
) -> GameResult:
    """Play a game offline and store it the way the bot does, through `TableStore.finish`.

    ``levels`` makes the seats that have one computers (with negative ids in ``user_ids``); ``practice``
    stores it as a game played with the coach.
    """
    game = play_offline(len(user_ids), seed, edition)
    seats = seat_records(user_ids, levels)
    host = next(s for s in seats if s.computer is None)
    record = await store.create(
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=host.user_id,
        host_name=host.name,
        rules=Rules(edition),
        now=finished_at - 3600,
    )
    await store.set_seats(record.id, seats, host.user_id, finished_at - 3600, read_at=record.updated_at)
    await store.start(record.id, game.seed, [], finished_at - 3600, read_at=finished_at - 3600)
    table = FinishingTable(record.id, record.guild_id, record.edition, seats, practice=practice)
    await store.finish(table, game.result(), game.log, 0, finished_at)
    return game.result()


async def fill(
    store: TableStore, guild_id: int, users: Sequence[int], games: int, seed: int, start: float
) -> None:
    """Store ``games`` games of 3 to 6 of ``users``, an hour apart from ``start``."""
    rng = random.Random(seed)
    for index in range(games):
        players = rng.sample(list(users), rng.randint(3, min(6, len(users))))
        edition = rng.choice(["classic", "camelot"])
        await store_game(
            store,
            guild_id,
            players,
            seed=seed * 1000 + index,
            finished_at=start + index * 3600,
            edition=edition,
        )


@dataclass
class Figures:
    """One player's figures as the oracle recomputes them."""

    games: int = 0
    wins: int = 0
    shared_wins: int = 0
    score_sum: int = 0
    best_score: int = -(10**9)
    rounds: int = 0
    exact_bids: int = 0

    def totals(self) -> Totals:
        return Totals(
            self.games,
            self.wins,
            self.shared_wins,
            self.score_sum,
            self.best_score,
            self.rounds,
            self.exact_bids,
        )


Row = dict[str, Any]


def stored_games(database: db_helpers.Database, guild_id: int) -> list[tuple[int, float, list[Row]]]:
    """The stored games of a server in the order they finished: (table id, finished_at, result rows)."""
    rows = db_helpers.query(
        database,
        "SELECT * FROM game_results WHERE guild_id = ? ORDER BY finished_at, table_id, seat",
        (guild_id,),
    )
    games: dict[int, list[Row]] = {}
    for row in rows:
        games.setdefault(row["table_id"], []).append(row)
    return [(table_id, seats[0]["finished_at"], seats) for table_id, seats in games.items()]


def recompute(database: db_helpers.Database, guild_id: int, since: float = 0.0) -> dict[int, Figures]:
    """Every member's figures from the stored result and round rows of games finished at or after `since`."""
    results = db_helpers.query(
        database,
        "SELECT user_id, score, won, shared_win, table_id, seat FROM game_results"
        " WHERE guild_id = ? AND finished_at >= ? AND computer = 0",
        (guild_id, since),
    )
    rounds: dict[tuple[int, int], list[Row]] = {}
    for line in db_helpers.query(
        database,
        "SELECT r.table_id, r.seat, r.bid, r.tricks FROM game_rounds AS r"
        " JOIN game_results AS g ON g.table_id = r.table_id AND g.seat = r.seat WHERE g.guild_id = ?",
        (guild_id,),
    ):
        rounds.setdefault((line["table_id"], line["seat"]), []).append(line)
    figures: dict[int, Figures] = {}
    for row in results:
        f = figures.setdefault(row["user_id"], Figures())
        f.games += 1
        f.wins += row["won"]
        f.shared_wins += row["shared_win"]
        f.score_sum += row["score"]
        f.best_score = max(f.best_score, row["score"])
        played = rounds.get((row["table_id"], row["seat"]), [])
        f.rounds += len(played)
        f.exact_bids += sum(line["bid"] == line["tricks"] for line in played)
    return figures


def recompute_ratings(database: db_helpers.Database, guild_id: int) -> dict[int, Rating]:
    """Replay openskill over the stored games in the order they finished (issue 19): each game ranks its
    members among themselves by the standings, ties sharing a place; computers, and the member of a game
    with one member, are not rated. Members never rated are missing."""
    model = BradleyTerryFull()
    state: dict[int, tuple[float, float, int]] = {}
    for _, _, seats in stored_games(database, guild_id):
        members = [s for s in seats if not s["computer"]]
        if len(members) < 2:
            continue
        before = [state.get(s["user_id"], (model.mu, model.sigma, 0)) for s in members]
        teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma, _ in before]
        ranks = [float(sorted(m["place"] for m in members).index(s["place"]) + 1) for s in members]
        rated = model.rate(teams, ranks=ranks)
        for s, team, (_, _, games) in zip(members, rated, before, strict=True):
            state[s["user_id"]] = (team[0].mu, team[0].sigma, games + 1)
    return {user: Rating(mu, sigma, games) for user, (mu, sigma, games) in state.items()}


def expected_board(figures: dict[int, Figures], ratings: dict[int, Rating], sort: str) -> list[BoardLine]:
    """The whole leaderboard as the issue defines it (see README: ties, and the 5-game rule of rate sorts)."""

    def rating(user: int) -> Rating:
        return ratings.get(user, Rating())

    def key(user: int) -> tuple[float, ...]:
        t = figures[user].totals()
        value = {
            "rating": rating(user).ordinal,
            "wins": float(t.wins),
            "winrate": t.wins / t.games,
            "average": t.score_sum / t.games,
            "accuracy": t.exact_bids / t.rounds,
        }[sort]
        late = 1 if sort in ("winrate", "average", "accuracy") and t.games < 5 else 0
        return (late, -value, -t.games, user)

    order = sorted(figures, key=key)
    return [
        BoardLine(position, user, figures[user].totals(), rating(user))
        for position, user in enumerate(order, start=1)
    ]


def monday_of(at: float) -> float:
    day = datetime.fromtimestamp(at, UTC).date()
    start = day - timedelta(days=day.weekday())
    return datetime(start.year, start.month, start.day, tzinfo=UTC).timestamp()


def first_of_month(at: float) -> float:
    day = datetime.fromtimestamp(at, UTC)
    return datetime(day.year, day.month, 1, tzinfo=UTC).timestamp()


# The rows of each table that belong to a server.
OF_GUILD = {
    "game_results": "guild_id = ?",
    "game_rounds": "table_id IN (SELECT table_id FROM game_results WHERE guild_id = ?)",
    "player_stats": "guild_id = ?",
    "player_hand_stats": "guild_id = ?",
    "player_ratings": "guild_id = ?",
    "rating_history": "guild_id = ?",
}


def count_rows(database: db_helpers.Database, table: str, guild_id: int | None = None) -> int:
    """How many rows a table holds (of one server, when given)."""
    where = OF_GUILD[table]
    if guild_id is None:
        rows = db_helpers.query(database, f"SELECT COUNT(*) AS n FROM {table}")
    else:
        rows = db_helpers.query(database, f"SELECT COUNT(*) AS n FROM {table} WHERE {where}", (guild_id,))
    return int(rows[0]["n"])


def dump(database: db_helpers.Database, table: str) -> list[tuple[object, ...]]:
    """A derived table's rows, in a fixed order (a rating's update time left out)."""
    queries = {
        "player_stats": "SELECT * FROM player_stats ORDER BY guild_id, period, start, user_id",
        "player_hand_stats": "SELECT * FROM player_hand_stats ORDER BY guild_id, user_id, cards",
        "player_ratings": "SELECT guild_id, user_id, mu, sigma, games FROM player_ratings"
        " ORDER BY guild_id, user_id",
        "rating_history": "SELECT * FROM rating_history ORDER BY table_id, seat",
    }
    return [tuple(row.values()) for row in db_helpers.query(database, queries[table])]


# -- databases of the migration tests --------------------------------------------------------------------


def migrations_up_to(source: Path, target: Path, last: int) -> Path:
    """A migrations folder (``target``) with the files of ``source`` up to number ``last``, on both
    backends (PostgreSQL's forms in its ``postgresql`` folder): the schema an older bot had."""
    for folder in (source, source / "postgresql"):
        into = target / folder.relative_to(source)
        into.mkdir(parents=True, exist_ok=True)
        for migration in sorted(folder.glob("[0-9][0-9][0-9][0-9]_*.sql")):
            if int(migration.name[:4]) <= last:
                shutil.copy(migration, into / migration.name)
    return target


@asynccontextmanager
async def another_database(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[db_helpers.Database]:
    """A second fresh database on the test's backend (``backend`` fixture): a SQLite file beside the
    first, or a new PostgreSQL database, dropped afterwards."""
    if request.getfixturevalue("backend") == "sqlite":
        yield tmp_path / "another.sqlite3"
        return
    server = request.getfixturevalue("postgres_server")
    url = await db_helpers.create_database(server)
    try:
        yield url
    finally:
        await db_helpers.drop_database(server, url)
