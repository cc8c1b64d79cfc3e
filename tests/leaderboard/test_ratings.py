"""Ratings among members (issue 19): computers are not rated, a game of one member rates nobody, the
migration recomputes the stored ratings by that rule, and computers are named as the table named them.
"""

from __future__ import annotations

import doctest
import json
import re
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import db_helpers
import pytest
from leaderboard_oracle import (
    DAY,
    DERIVED,
    NEW_YEAR,
    another_database,
    dump,
    expected_board,
    fill,
    migrations_up_to,
    play_offline,
    recompute,
    recompute_ratings,
    seat_records,
    store_game,
)
from openskill.models import BradleyTerryFull

from bot import MIGRATIONS_DIR
from cogs.leaderboard import embeds, ratings
from cogs.leaderboard.embeds import history_embed, score_sheet_embed, stats_embed
from cogs.leaderboard.queries import leaderboard_page, player_card, recent_games, score_sheet
from cogs.leaderboard.ratings import Rating, places_among, rate_members
from cogs.leaderboard.results import REBUILD_KEY, FinishedGame, rebuild_if_pending, record_game
from cogs.storage import Database, open_database
from cogs.table.store import SeatRecord, TableStore
from cogs.utils.i18n import ENGLISH
from wizard_core import GameResult, Rules

MODEL = BradleyTerryFull()
NEGATIVE_MENTION = re.compile(r"<@!?-\d")


# The tests that store and read run on SQLite and on PostgreSQL (the ``database`` fixture of conftest.py:
# a SQLite file's path or a fresh PostgreSQL database's URL); the oracle reads either.
on_both_backends = pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True)


@pytest.fixture
async def db(database: db_helpers.Database) -> AsyncIterator[Database]:
    opened = await open_database(database, MIGRATIONS_DIR)
    yield opened
    await opened.close()


def stored_ratings(database: db_helpers.Database) -> dict[int, tuple[float, float, int]]:
    rows = db_helpers.query(database, "SELECT user_id, mu, sigma, games FROM player_ratings")
    return {row["user_id"]: (row["mu"], row["sigma"], row["games"]) for row in rows}


def history_rows(database: db_helpers.Database, table_id: int) -> list[tuple[int, int]]:
    rows = db_helpers.query(
        database, "SELECT seat, user_id FROM rating_history WHERE table_id = ? ORDER BY seat", (table_id,)
    )
    return [(row["seat"], row["user_id"]) for row in rows]


def last_table(database: db_helpers.Database) -> int:
    return int(db_helpers.query(database, "SELECT MAX(table_id) AS id FROM game_results")[0]["id"])


def first_table(database: db_helpers.Database) -> int:
    return int(db_helpers.query(database, "SELECT MIN(table_id) AS id FROM game_results")[0]["id"])


# -- the rule, without a database ------------------------------------------------------------------------


def test_places_are_counted_again_among_the_members() -> None:
    assert places_among([3, 1]) == [2, 1]
    assert places_among([2, 2]) == [1, 1]
    assert places_among([1, 4, 4, 6]) == [1, 2, 2, 4]
    assert doctest.testmod(ratings).failed == 0
    assert doctest.testmod(embeds).failed == 0


def test_computers_change_no_rating_and_move_none() -> None:
    priors = [Rating(), Rating(27.0, 6.0, 3), Rating(), Rating(22.0, 5.0, 8)]
    places = [1, 3, 2, 4]
    after = rate_members(priors, places, [False, True, False, True])
    expected = MODEL.rate(
        [[MODEL.rating(mu=27.0, sigma=6.0)], [MODEL.rating(mu=22.0, sigma=5.0)]], ranks=[1.0, 2.0]
    )
    assert after[0] is priors[0] and after[2] is priors[2]
    assert (after[1].mu, after[1].sigma, after[1].games) == (expected[0][0].mu, expected[0][0].sigma, 4)
    assert (after[3].mu, after[3].sigma, after[3].games) == (expected[1][0].mu, expected[1][0].sigma, 9)
    assert rate_members(priors, places, [False, True, False, False]) == priors
    assert rate_members(priors, places, [False] * 4) == priors


# -- recording ---------------------------------------------------------------------------------------------


@on_both_backends
async def test_two_members_and_two_computers_rate_the_members_among_themselves(
    db: Database, database: db_helpers.Database
) -> None:
    store = TableStore(db)
    await fill(store, 1, [1, 2, 3], 5, seed=30, start=NEW_YEAR - DAY)
    before = stored_ratings(database)
    seats = [-1, 1, -2, 2]
    result = await store_game(
        store, 1, seats, seed=31, finished_at=NEW_YEAR, levels=["easy", None, "hard", None]
    )
    # The members' places among themselves: 1 and 2, or 1 and 1 for a tie.
    first, second = result.places[1], result.places[3]
    ranks = [1.0 if first <= second else 2.0, 1.0 if second <= first else 2.0]
    teams = [[MODEL.rating(mu=before[u][0], sigma=before[u][1])] for u in (1, 2)]
    expected = MODEL.rate(teams, ranks=ranks)
    after = stored_ratings(database)
    for user, team in zip((1, 2), expected, strict=True):
        assert after[user] == (team[0].mu, team[0].sigma, before[user][2] + 1)
    # Rated with the computers, as before issue 19, the members would have moved otherwise.
    with_computers = [
        [MODEL.rating()] if u < 0 else [MODEL.rating(mu=before[u][0], sigma=before[u][1])] for u in seats
    ]
    everyone = MODEL.rate(with_computers, ranks=[float(p) for p in result.places])
    assert (everyone[1][0].mu, everyone[3][0].mu) != (after[1][0], after[2][0])
    assert after[3] == before[3]
    assert set(after) == {1, 2, 3}
    assert history_rows(database, last_table(database)) == [(1, 1), (3, 2)]


@on_both_backends
async def test_a_game_with_one_member_changes_no_rating(db: Database, database: db_helpers.Database) -> None:
    store = TableStore(db)
    await fill(store, 1, [1, 2, 3], 4, seed=32, start=NEW_YEAR - DAY)
    before = stored_ratings(database)
    card = await player_card(db, 1, 1)
    assert card is not None
    await store_game(store, 1, [-1, 1, -2], seed=33, finished_at=NEW_YEAR, levels=["easy", None, "medium"])
    assert stored_ratings(database) == before
    assert history_rows(database, last_table(database)) == []
    after = await player_card(db, 1, 1)
    assert after is not None
    assert after.totals.games == card.totals.games + 1 and after.rating == card.rating
    # A newcomer who only ever played computers has games, and the rating of a new player.
    await store_game(store, 1, [9, -1, -2], seed=34, finished_at=NEW_YEAR + 60, levels=[None, "hard", "hard"])
    assert 9 not in stored_ratings(database)
    newcomer = await player_card(db, 1, 9)
    assert newcomer is not None and newcomer.totals.games == 1
    assert newcomer.rating == Rating() and newcomer.rating.provisional
    assert "provisional: 0 of 5 rated games" in str(stats_embed(newcomer, "nine", t=ENGLISH).fields[6].value)
    board = await leaderboard_page(db, 1, "rating", "all", 0, 9, NEW_YEAR)
    assert list(board.lines) == expected_board(
        recompute(database, 1), recompute_ratings(database, 1), "rating"
    )


# -- naming computers ----------------------------------------------------------------------------------


@on_both_backends
async def test_history_and_score_sheets_mention_no_computer(
    db: Database, database: db_helpers.Database
) -> None:
    store = TableStore(db)
    await store_game(
        store, 1, [5, -1, 6, -2], seed=40, finished_at=NEW_YEAR, levels=[None, "easy", None, "medium"]
    )
    games, _ = await recent_games(db, 1, 5, 0)
    sheet = await score_sheet(db, 1, games[0].table_id)
    assert sheet is not None
    for text in (
        history_embed(games, 5, 0, t=ENGLISH).description,
        score_sheet_embed(sheet, t=ENGLISH).description,
    ):
        assert text is not None and "🤖" in text and "<@5>" in text and "<@6>" in text
        assert not NEGATIVE_MENTION.search(text), text


def result_rows(
    table_id: int, guild_id: int, seats: Sequence[SeatRecord], result: GameResult, at: float
) -> list[tuple[object, ...]]:
    """The game_results rows the table store writes when a game finishes (0005's columns)."""
    rows: list[tuple[object, ...]] = []
    for seat in seats:
        p = seat.seat
        rounds = [[r.bids[p], r.tricks[p], r.points[p]] for r in result.rounds]
        winner = p in result.winners
        rows.append(
            (
                table_id,
                guild_id,
                seat.user_id,
                p,
                "classic",
                len(seats),
                result.totals[p],
                result.places[p],
                int(winner),
                int(result.shared_win and winner),
                json.dumps(rounds),
                at,
                int(seat.computer is not None),
            )
        )
    return rows


INSERT_RESULT = (
    "INSERT INTO game_results (table_id, guild_id, user_id, seat, edition, players, score, place, won,"
    " shared_win, rounds, finished_at, computer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


async def open_game(store: TableStore, seats: Sequence[SeatRecord], seed: int, at: float) -> int:
    """A started table of these seats in server 1; its id."""
    host = next(s for s in seats if s.computer is None)
    record = await store.create(
        guild_id=1, channel_id=seed, host_id=host.user_id, host_name=host.name, rules=Rules("classic"), now=at
    )
    await store.set_seats(record.id, seats, host.user_id, at, read_at=record.updated_at)
    await store.start(record.id, seed, [], at, read_at=at)
    return record.id


@on_both_backends
async def test_computers_are_named_as_the_table_named_them(
    db: Database, database: db_helpers.Database
) -> None:
    seats = seat_records([7, -1, 8, -2], [None, "easy", None, "medium"])
    seats[3] = SeatRecord(3, -2, "Stand-in for user*9*", computer="medium")
    store = TableStore(db)
    table_id = await open_game(store, seats, 41, NEW_YEAR)
    result = play_offline(4, seed=41).result()
    # What the table store does once it passes each seat's name and level.
    async with db.transaction() as conn:
        await conn.executemany(INSERT_RESULT, result_rows(table_id, 1, seats, result, NEW_YEAR))
        game = FinishedGame.from_result(
            table_id=table_id,
            guild_id=1,
            edition="classic",
            user_ids=[s.user_id for s in seats],
            result=result,
            finished_at=NEW_YEAR,
            names=[s.name for s in seats],
            levels=[s.computer for s in seats],
        )
        await record_game(conn, game)
    games, _ = await recent_games(db, 1, 7, 0)
    sheet = await score_sheet(db, 1, table_id)
    assert sheet is not None
    history = history_embed(games, 7, 0, t=ENGLISH).description or ""
    legend = score_sheet_embed(sheet, t=ENGLISH).description or ""
    for text in (history, legend):
        assert "🤖 Ada (Easy)" in text and r"🤖 Stand-in for user\*9\* (Medium)" in text
        assert not NEGATIVE_MENTION.search(text)
    assert "P2 🤖 Ada (Easy): **" in legend


# -- migration 0006 --------------------------------------------------------------------------------------

GAMES_BEFORE: tuple[tuple[list[int], list[str | None]], ...] = (
    ([1, 2, -1, 3], [None, None, "easy", None]),
    ([1, -1, -2], [None, "hard", "medium"]),
    ([2, 3, -1, -2, 4], [None, None, "easy", "easy", None]),
    ([4, 1, 2], [None, None, None]),
    ([-1, 3, -2, 1], ["medium", None, "hard", None]),
)


async def store_as_before_0006(
    db: Database, index: int, user_ids: list[int], levels: list[str | None]
) -> None:
    """A finished game as the bot of migration 0005 stored it: computers rated, and given aggregates."""
    seats = seat_records(user_ids, levels)
    at = NEW_YEAR + index * 3600
    result = play_offline(len(seats), seed=50 + index).result()
    async with db.transaction() as conn:
        # The table and its seats in the schema of 0005, written as that bot wrote them (today's store
        # reads columns later migrations add).
        table_id = await conn.fetchval(
            "INSERT INTO tables (guild_id, channel_id, host_id, edition, status, seed, created_at,"
            " updated_at) VALUES (1, ?, ?, 'classic', 'playing', ?, ?, ?) RETURNING id",
            (50 + index, next(s.user_id for s in seats if s.computer is None), 50 + index, at, at),
        )
        assert table_id is not None
        await conn.executemany(
            "INSERT INTO seats (table_id, seat, user_id, name, computer) VALUES (?, ?, ?, ?, ?)",
            [(table_id, s.seat, s.user_id, s.name, s.computer) for s in seats],
        )
        await conn.executemany(INSERT_RESULT, result_rows(table_id, 1, seats, result, at))
        for seat in seats:
            p = seat.seat
            await conn.executemany(
                "INSERT INTO game_rounds (table_id, seat, round_number, cards, bid, tricks, points)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (table_id, p, r.round_number, r.cards_per_player, r.bids[p], r.tricks[p], r.points[p])
                    for r in result.rounds
                ],
            )
            computer = int(seat.computer is not None)
            await conn.execute(
                "INSERT INTO player_ratings (guild_id, user_id, computer, mu, sigma, games, updated_at)"
                " VALUES (1, ?, ?, 99.0, 1.0, 1, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
                " computer = excluded.computer, mu = excluded.mu, sigma = excluded.sigma,"
                " games = excluded.games, updated_at = excluded.updated_at",
                (seat.user_id, computer, at),
            )


@on_both_backends
async def test_migration_0006_recomputes_the_ratings(
    database: db_helpers.Database, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    old = migrations_up_to(MIGRATIONS_DIR, tmp_path / "old", 5)
    db = await open_database(database, old)
    for index, (user_ids, levels) in enumerate(GAMES_BEFORE):
        await store_as_before_0006(db, index, user_ids, levels)
    await db.close()

    db = await open_database(database, MIGRATIONS_DIR)
    assert await db.get_meta(REBUILD_KEY) == "pending"
    assert await rebuild_if_pending(db)
    assert await db.get_meta(REBUILD_KEY) is None
    expected = recompute_ratings(database, 1)
    assert set(expected) == {1, 2, 3, 4}
    assert stored_ratings(database) == {u: (r.mu, r.sigma, r.games) for u, r in expected.items()}
    board = await leaderboard_page(db, 1, "rating", "all", 0, 1, NEW_YEAR)
    assert list(board.lines) == expected_board(recompute(database, 1), expected, "rating")
    named = db_helpers.query(
        database,
        "SELECT user_id, name, level FROM game_results WHERE table_id = ? AND computer = 1",
        (first_table(database),),
    )
    assert [(row["user_id"], row["name"], row["level"]) for row in named] == [(-1, "Ada", "easy")]
    await db.close()

    # Recording the same games now gives the same ratings, history and aggregates.
    async with another_database(request, tmp_path) as fresh:
        db = await open_database(fresh, MIGRATIONS_DIR)
        store = TableStore(db)
        for index, (user_ids, levels) in enumerate(GAMES_BEFORE):
            await store_game(
                store,
                1,
                user_ids,
                seed=50 + index,
                finished_at=NEW_YEAR + index * 3600,
                channel_id=50 + index,
                levels=levels,
            )
        await db.close()
        assert {table: dump(fresh, table) for table in DERIVED} == {
            table: dump(database, table) for table in DERIVED
        }
