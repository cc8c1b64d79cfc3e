"""The leaderboard's pure parts and its SQL: recording, aggregates against a recomputation, erasure.

The oracle (offline games stored through `TableStore.finish`, figures and ratings recomputed from the
stored rows with its own code) is in leaderboard_oracle.py, shared with the other modules here.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import subprocess
import sys
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import db_helpers
import discord
import pytest
from leaderboard_oracle import (
    DAY,
    DERIVED,
    NEW_YEAR,
    another_database,
    count_rows,
    dump,
    expected_board,
    fill,
    first_of_month,
    migrations_up_to,
    monday_of,
    play_offline,
    recompute,
    recompute_ratings,
    store_game,
    stored_games,
)

from bot import MIGRATIONS_DIR
from cogs.leaderboard.components import GamesMenu, history_view
from cogs.leaderboard.embeds import (
    board_line_text,
    history_embed,
    leaderboard_embed,
    score_sheet_embed,
    spark,
    stats_embed,
)
from cogs.leaderboard.erasure import erase_member, reset_guild
from cogs.leaderboard.periods import period_start
from cogs.leaderboard.queries import (
    AHEAD_QUERIES,
    HISTORY_PAGE_SIZE,
    PAGE_QUERIES,
    PAGE_SIZE,
    RATE_SORTS,
    SORTS,
    TREND_GAMES,
    BoardLine,
    BoardPage,
    GameSummary,
    PlayerCard,
    ScoreSheet,
    Seat,
    Totals,
    leaderboard_page,
    player_card,
    recent_games,
    score_sheet,
)
from cogs.leaderboard.ratings import MIN_GAMES, MODEL, Rating, rate
from cogs.leaderboard.results import (
    REBUILD_KEY,
    FinishedGame,
    RoundLine,
    game_rows,
    rebuild,
    rebuild_if_pending,
)
from cogs.storage import Database, open_database
from cogs.table.store import FinishingTable, SeatRecord, TableStore
from cogs.utils.i18n import ENGLISH
from cogs.utils.text import embed_limit_problems
from wizard_core import Game, Rules

ROOT = Path(__file__).resolve().parents[2]

# -- fixtures --------------------------------------------------------------------------------------------


# The tests that store and read run on SQLite and on PostgreSQL (the ``database`` fixture of conftest.py:
# a SQLite file's path or a fresh PostgreSQL database's URL); the oracle reads either.
on_both_backends = pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True)


@pytest.fixture
async def db(database: db_helpers.Database) -> AsyncIterator[Database]:
    opened = await open_database(database, MIGRATIONS_DIR)
    yield opened
    await opened.close()


# -- pure parts ------------------------------------------------------------------------------------------


def test_period_starts_in_utc() -> None:
    thursday = NEW_YEAR + 15 * 3600  # 2026-01-01 15:00 UTC
    assert period_start("all", thursday) == 0
    assert period_start("month", thursday) == NEW_YEAR
    assert period_start("week", thursday) == NEW_YEAR - 3 * DAY  # Monday 29 December 2025
    assert period_start("month", NEW_YEAR - 1) == datetime(2025, 12, 1, tzinfo=UTC).timestamp()
    sunday_night = NEW_YEAR + 3 * DAY + 86399
    assert period_start("week", sunday_night) == NEW_YEAR - 3 * DAY
    assert period_start("week", sunday_night + 1) == NEW_YEAR + 4 * DAY
    with pytest.raises(ValueError, match="unknown period 'year'"):
        period_start("year", thursday)


def test_ratings_follow_the_places_and_ties_share_them() -> None:
    new = Rating()
    assert new.display == 1000 and new.provisional and new.games == 0
    after = rate([new, new, new, new], [1, 1, 3, 4])
    assert after[0] == after[1]  # tied on the highest total: a shared win rates the same
    assert after[0].mu > after[2].mu > after[3].mu
    assert all(r.games == 1 and r.sigma < new.sigma for r in after)
    again = rate(after, [4, 3, 2, 1])
    assert again[3].mu > after[3].mu and again[0].mu < after[0].mu
    seasoned = Rating(30.0, 2.0, MIN_GAMES)
    assert not seasoned.provisional
    assert seasoned.display == round(1000 + 40 * (30.0 - 6.0))


def test_finished_game_stores_the_hand_size_of_each_round() -> None:
    game = play_offline(4, seed=7)
    result = game.result()
    finished = FinishedGame.from_result(
        table_id=1,
        guild_id=2,
        edition="classic",
        user_ids=[10, 11, 12, 13],
        result=result,
        finished_at=5.0,
        computers=[3],
    )
    assert [p.user_id for p in finished.players] == [10, 11, 12, 13]
    assert [p.computer for p in finished.players] == [False, False, False, True]
    for seat, player in enumerate(finished.players):
        assert player.score == result.totals[seat] and player.place == result.places[seat]
        assert [line.cards for line in player.rounds] == [r.cards_per_player for r in result.rounds]
        assert [line.bid for line in player.rounds] == [r.bids[seat] for r in result.rounds]
        assert player.exact_bids == sum(r.bids[seat] == r.tricks[seat] for r in result.rounds)
        assert player.won == (seat in result.winners)
        assert player.shared_win == (result.shared_win and seat in result.winners)


def test_game_rows_cover_every_round_period_and_hand_size() -> None:
    result = play_offline(3, seed=3).result()
    game = FinishedGame.from_result(
        table_id=9, guild_id=1, edition="classic", user_ids=[1, 2, 3], result=result, finished_at=NEW_YEAR
    )
    rows, after = game_rows(game, [Rating()] * 3)
    assert len(rows.rounds) == 3 * 20
    assert len(rows.stats) == 3 * 3
    assert {(r[1], r[2]) for r in rows.stats} == {
        ("all", 0),
        ("month", NEW_YEAR),
        ("week", NEW_YEAR - 3 * DAY),
    }
    assert len(rows.hands) == 3 * 20  # hand sizes 1 to 20
    assert [r[2:5] for r in rows.ratings] == [(a.mu, a.sigma, 1) for a in after]
    assert [h[5:7] for h in rows.history] == [(MODEL.mu, MODEL.sigma)] * 3


def test_spark_and_lines() -> None:
    assert spark([]) == ""
    assert spark([5, 5]) == "▄▄"
    assert spark([0, 7, 14]) == "▁▅█"
    line = BoardLine(3, 42, Totals(4, 1, 1, 400, 180, 60, 21), Rating(27.0, 7.0, 4))
    text = board_line_text(line, "average", t=ENGLISH)
    assert text == (
        "`  3.` <@42> · rating 1240? · 1 win · 25% won · **avg 100.0** · bids 35% exact · 4 games"
    )


def summary(players: int, seats: int, rounds: int) -> ScoreSheet:
    game = GameSummary(
        table_id=1,
        edition="camelot",
        finished_at=NEW_YEAR,
        players=players,
        seats=tuple(Seat(s, 10**18 + s, -1000 + s, s + 1, False) for s in range(seats)),
    )
    lines = tuple(RoundLine(n + 1, n + 1, 0, -10 * (n + 1)) for n in range(rounds))
    return ScoreSheet(game, {s: lines for s in range(seats)})


@pytest.mark.parametrize(("players", "seats", "rounds"), [(3, 3, 20), (6, 6, 10), (6, 5, 10), (4, 4, 15)])
def test_embeds_stay_within_discord_limits(players: int, seats: int, rounds: int) -> None:
    sheet = summary(players, seats, rounds)
    embed = score_sheet_embed(sheet, t=ENGLISH)
    assert not embed_limit_problems(embed)
    assert embed.description is not None and "-" in embed.description
    if seats < players:
        assert "records were erased" in embed.description
    long_name = "x" * 200
    games = [sheet.game] * HISTORY_PAGE_SIZE
    assert not embed_limit_problems(history_embed(games, 10**18, 3, t=ENGLISH))
    card = PlayerCard(
        user_id=10**18,
        totals=Totals(10**6, 10**5, 10**4, -(10**9), 10**4, 10**7, 10**6),
        rating=Rating(-50.0, 1.0, 10**6),
        rank=10**5,
        ranked_players=10**5,
        hands=tuple((cards, 10**6, 10**5) for cards in range(1, 21)),
        trend=tuple(range(1000, 1011)),
    )
    assert not embed_limit_problems(stats_embed(card, long_name, t=ENGLISH))
    big = Totals(10**6, 10**6, 10**5, 10**9, 10**4, 10**7, 10**7)
    lines = tuple(BoardLine(10**5 + i, 10**18 + i, big, Rating()) for i in range(PAGE_SIZE))
    page = BoardPage("accuracy", "week", 10**4, 10**5, lines, BoardLine(1, 5, big, Rating()))
    assert not embed_limit_problems(leaderboard_embed(page, NEW_YEAR, t=ENGLISH))


def test_recording_and_reading_need_no_discord() -> None:
    """The table store imports results, and a store imports no UI: nor do the queries and erasure."""
    modules = "cogs.leaderboard.results, cogs.leaderboard.queries, cogs.leaderboard.erasure"
    check = f"import sys, {modules}; sys.exit(any(m.split('.')[0] == 'discord' for m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", check], cwd=ROOT, check=False).returncode == 0


# -- recording, against the database ---------------------------------------------------------------------


@on_both_backends
async def test_finish_records_rounds_ratings_and_aggregates(
    db: Database, database: db_helpers.Database
) -> None:
    store = TableStore(db)
    users = list(range(100, 108))
    await fill(store, 1, users, 24, seed=1, start=NEW_YEAR - 40 * DAY)
    games = stored_games(database, 1)
    assert len(games) == 24
    # Every round of every player is stored with its hand size, bid and tricks, matching the JSON of 0002.
    lines: dict[tuple[int, int], list[dict[str, int]]] = {}
    for line in db_helpers.query(
        database,
        "SELECT table_id, seat, round_number, cards, bid, tricks, points FROM game_rounds"
        " ORDER BY table_id, seat, round_number",
    ):
        lines.setdefault((line["table_id"], line["seat"]), []).append(line)
    results = db_helpers.query(database, "SELECT table_id, seat, rounds FROM game_results")
    assert len(results) == len(lines)
    for row in results:
        stored = lines[row["table_id"], row["seat"]]
        assert [[r["bid"], r["tricks"], r["points"]] for r in stored] == json.loads(row["rounds"])
        assert [r["round_number"] for r in stored] == list(range(1, len(stored) + 1))
        assert [r["cards"] for r in stored] == list(range(1, len(stored) + 1))

    figures = recompute(database, 1)
    ratings = recompute_ratings(database, 1)
    for sort in SORTS:
        expected = expected_board(figures, ratings, sort)
        page = await leaderboard_page(db, 1, sort, "all", 0, users[0], NEW_YEAR)
        assert list(page.lines) == expected[:10]
        assert page.total == len(users)
        assert page.me == next(line for line in expected if line.user_id == users[0])

    card = await player_card(db, 1, users[2])
    assert card is not None
    assert card.totals == figures[users[2]].totals()
    assert card.rating == ratings[users[2]]
    hands = db_helpers.query(
        database,
        "SELECT r.cards AS cards, COUNT(*) AS rounds,"
        " SUM(CASE WHEN r.bid = r.tricks THEN 1 ELSE 0 END) AS exact FROM game_rounds AS r"
        " JOIN game_results AS g ON g.table_id = r.table_id AND g.seat = r.seat"
        " WHERE g.user_id = ? GROUP BY r.cards ORDER BY r.cards",
        (users[2],),
    )
    assert list(card.hands) == [(h["cards"], h["rounds"], h["exact"]) for h in hands]
    assert len(card.trend) == min(TREND_GAMES, figures[users[2]].games) + 1
    assert card.trend[-1] == ratings[users[2]].display


@on_both_backends
async def test_rebuild_gives_what_recording_gave(db: Database, database: db_helpers.Database) -> None:
    store = TableStore(db)
    await fill(store, 1, list(range(1, 9)), 12, seed=2, start=NEW_YEAR - 20 * DAY)
    await fill(store, 2, list(range(5, 12)), 9, seed=3, start=NEW_YEAR - 50 * DAY)
    before = {table: dump(database, table) for table in DERIVED}
    assert all(before.values())
    assert await rebuild(db) == 21
    assert {table: dump(database, table) for table in DERIVED} == before


@on_both_backends
async def test_leaderboard_pages_and_the_callers_page(db: Database, database: db_helpers.Database) -> None:
    store = TableStore(db)
    users = list(range(1, 24))
    await fill(store, 7, users, 40, seed=4, start=NEW_YEAR - 10 * DAY)
    expected = expected_board(recompute(database, 7), recompute_ratings(database, 7), "wins")
    assert len(expected) == len(users)
    seen: list[BoardLine] = []
    for number in range(3):
        page = await leaderboard_page(db, 7, "wins", "all", number, users[0], NEW_YEAR)
        assert page.page == number and page.pages == 3
        seen.extend(page.lines)
    assert seen == expected
    last = expected[-1].user_id
    mine = await leaderboard_page(db, 7, "wins", "all", None, last, NEW_YEAR)
    assert mine.page == 2 and mine.me == expected[-1] and expected[-1] in mine.lines
    beyond = await leaderboard_page(db, 7, "wins", "all", 50, users[0], NEW_YEAR)
    assert beyond.page == 2 and list(beyond.lines) == expected[20:]
    stranger = await leaderboard_page(db, 7, "wins", "all", None, 999, NEW_YEAR)
    assert stranger.page == 0 and stranger.me is None
    empty = await leaderboard_page(db, 8, "wins", "all", None, 999, NEW_YEAR)
    assert empty.total == 0 and empty.pages == 1 and not empty.lines


@on_both_backends
async def test_periods_count_only_their_games(db: Database, database: db_helpers.Database) -> None:
    store = TableStore(db)
    now = NEW_YEAR + 9 * DAY + 12 * 3600  # Saturday 10 January 2026, noon
    moments = [now - 40 * DAY, now - 12 * DAY, now - 9.4 * DAY, now - 6 * DAY, now - 2 * DAY, now - 3600]
    rng = random.Random(5)
    users = list(range(1, 10))
    for index, moment in enumerate(moments):
        await store_game(store, 3, rng.sample(users, 4), seed=50 + index, finished_at=moment)
    ratings = recompute_ratings(database, 3)
    for period, since in (("all", 0.0), ("month", first_of_month(now)), ("week", monday_of(now))):
        figures = recompute(database, 3, since)
        for sort in SORTS:
            expected = expected_board(figures, ratings, sort)
            page = await leaderboard_page(db, 3, sort, period, 0, users[0], now)
            assert list(page.lines) == expected[:10], (period, sort)
    assert monday_of(now) == NEW_YEAR + 4 * DAY


@on_both_backends
async def test_ended_and_cancelled_tables_store_nothing(db: Database, database: db_helpers.Database) -> None:
    store = TableStore(db)
    for status in ("ended", "cancelled"):
        record = await store.create(
            guild_id=1, channel_id=5, host_id=1, host_name="a", rules=Rules("classic"), now=NEW_YEAR
        )
        if status == "ended":
            await store.start(record.id, 1, [], NEW_YEAR, read_at=record.updated_at)
        await store.close(record.id, status, NEW_YEAR)
    for table in ("game_results", "game_rounds", *DERIVED):
        assert count_rows(database, table) == 0, table


@on_both_backends
async def test_erasing_a_member_and_resetting_a_server(db: Database, database: db_helpers.Database) -> None:
    store = TableStore(db)
    users = list(range(1, 8))
    await fill(store, 1, users, 10, seed=6, start=NEW_YEAR - 5 * DAY)
    await fill(store, 2, users, 6, seed=7, start=NEW_YEAR - 5 * DAY)
    other = {table: count_rows(database, table, 2) for table in ("game_results", "game_rounds", *DERIVED)}
    figures = recompute(database, 1)
    games = figures[3].games
    assert await erase_member(db, 1, 3) == games
    assert 3 not in recompute(database, 1)
    assert await player_card(db, 1, 3) is None
    for table in ("player_stats", "player_hand_stats", "player_ratings", "rating_history"):
        query = f"SELECT COUNT(*) AS n FROM {table} WHERE guild_id = 1 AND user_id = 3"
        assert db_helpers.query(database, query)[0]["n"] == 0, query
    orphans = db_helpers.query(
        database,
        "SELECT COUNT(*) AS n FROM game_rounds AS r LEFT JOIN game_results AS g"
        " ON g.table_id = r.table_id AND g.seat = r.seat WHERE g.table_id IS NULL",
    )
    assert orphans[0]["n"] == 0
    # The others keep their figures, which still match their own stored rows.
    rest = recompute(database, 1)
    for user in rest:
        card = await player_card(db, 1, user)
        assert card is not None and card.totals == rest[user].totals() == figures[user].totals()
    # A game with an erased player shows the others and says one was erased.
    table_id = db_helpers.query(
        database,
        "SELECT table_id FROM game_results WHERE guild_id = 1"
        " GROUP BY table_id HAVING COUNT(*) < MAX(players)",
    )[0]["table_id"]
    sheet = await score_sheet(db, 1, table_id)
    assert sheet is not None and all(s.user_id != 3 for s in sheet.game.seats)
    assert "records were erased" in (score_sheet_embed(sheet, t=ENGLISH).description or "")

    assert await reset_guild(db, 1) == 10
    for table in ("game_results", "game_rounds", *DERIVED):
        assert count_rows(database, table, 1) == 0, table
    assert {table: count_rows(database, table, 2) for table in other} == other
    assert await erase_member(db, 1, 3) == 0


@on_both_backends
async def test_history_pages_and_score_sheets_stay_in_their_server(
    db: Database, database: db_helpers.Database
) -> None:
    store = TableStore(db)
    users = [1, 2, 3, 4]
    await fill(store, 1, users, 13, seed=8, start=NEW_YEAR - 5 * DAY)
    await fill(store, 2, users, 2, seed=9, start=NEW_YEAR - 5 * DAY)
    mine = [(t, at) for t, at, seats in stored_games(database, 1) if any(s["user_id"] == 1 for s in seats)]
    newest_first = [t for t, _ in sorted(mine, key=lambda item: (-item[1], -item[0]))]
    first, more = await recent_games(db, 1, 1, 0)
    second, more_after = await recent_games(db, 1, 1, 1)
    assert [g.table_id for g in first + second] == newest_first
    assert more == (len(newest_first) > 10) and not more_after
    for game in first:
        assert game.seat_of(1) is not None and len(game.seats) == game.players
    elsewhere = stored_games(database, 2)[0][0]
    assert await score_sheet(db, 1, elsewhere) is None
    sheet = await score_sheet(db, 2, elsewhere)
    assert sheet is not None and sheet.game.table_id == elsewhere


@on_both_backends
async def test_computer_players_are_kept_out_of_the_ranking(
    db: Database, database: db_helpers.Database
) -> None:
    store = TableStore(db)
    await fill(store, 1, [1, 2, 3], 4, seed=10, start=NEW_YEAR - DAY)
    await store_game(
        store, 1, [1, -1, 2, -2], seed=11, finished_at=NEW_YEAR, levels=[None, "easy", None, "hard"]
    )
    page = await leaderboard_page(db, 1, "rating", "all", 0, 1, NEW_YEAR)
    expected = expected_board(recompute(database, 1), recompute_ratings(database, 1), "rating")
    assert list(page.lines) == expected and page.total == 3
    assert all(line.user_id > 0 for line in page.lines)
    for table in ("player_stats", "player_hand_stats", "player_ratings", "rating_history"):
        query = f"SELECT COUNT(*) AS n FROM {table} WHERE user_id < 0"
        assert db_helpers.query(database, query)[0]["n"] == 0, query
    assert await player_card(db, 1, -1) is None


@on_both_backends
async def test_migration_backfills_games_stored_before_it(
    database: db_helpers.Database, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    old = migrations_up_to(MIGRATIONS_DIR, tmp_path / "old", 2)
    db = await open_database(database, old)
    results = []
    for index in range(3):
        game = play_offline(3, seed=20 + index)
        result = game.result()
        results.append(result)
        # What the bot of 0002 wrote, without the leaderboard.
        async with db.transaction() as conn:
            table_id = await conn.fetchval(
                "INSERT INTO tables (guild_id, channel_id, host_id, edition, status, seed, created_at,"
                " updated_at) VALUES (1, 1, 1, 'classic', 'finished', ?, ?, ?) RETURNING id",
                (game.seed, NEW_YEAR + index, NEW_YEAR + index),
            )
            for seat, user in enumerate((1, 2, 3)):
                rounds = [[r.bids[seat], r.tricks[seat], r.points[seat]] for r in result.rounds]
                await conn.execute(
                    "INSERT INTO game_results (table_id, guild_id, user_id, seat, edition, players, score,"
                    " place, won, shared_win, rounds, finished_at)"
                    " VALUES (?, 1, ?, ?, 'classic', 3, ?, ?, ?, ?, ?, ?)",
                    (
                        table_id,
                        user,
                        seat,
                        result.totals[seat],
                        result.places[seat],
                        int(seat in result.winners),
                        int(result.shared_win and seat in result.winners),
                        json.dumps(rounds),
                        NEW_YEAR + index,
                    ),
                )
    await db.close()

    db = await open_database(database, MIGRATIONS_DIR)
    assert await db.get_meta(REBUILD_KEY) == "pending"
    assert count_rows(database, "game_rounds") == 3 * 3 * 20
    assert count_rows(database, "player_stats") == 0
    assert await rebuild_if_pending(db)
    assert await db.get_meta(REBUILD_KEY) is None
    assert not await rebuild_if_pending(db)
    figures = recompute(database, 1)
    ratings = recompute_ratings(database, 1)
    page = await leaderboard_page(db, 1, "rating", "all", 0, 1, NEW_YEAR)
    assert list(page.lines) == expected_board(figures, ratings, "rating")
    card = await player_card(db, 1, 1)
    assert card is not None and [h[0] for h in card.hands] == list(range(1, 21))
    await db.close()
    # A fresh database has nothing to rebuild.
    async with another_database(request, tmp_path) as other:
        fresh = await open_database(other, MIGRATIONS_DIR)
        assert await fresh.get_meta(REBUILD_KEY) is None
        await fresh.close()


@on_both_backends
async def test_processes_starting_together_rebuild_once(
    db: Database,
    database: db_helpers.Database,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    await fill(TableStore(db), 1, list(range(1, 7)), 6, seed=12, start=NEW_YEAR - DAY)
    before = {table: dump(database, table) for table in DERIVED}
    await db.set_meta(REBUILD_KEY, "pending")
    # Two processes on PostgreSQL; on SQLite, where one process holds the file, two starts in one.
    other = await open_database(database, MIGRATIONS_DIR) if db.shared else db
    # Both find the request before either takes the lock.
    both_looked = asyncio.Barrier(2)

    def looking(opened: Database) -> None:
        read = opened.get_meta

        async def get_meta(key: str) -> str | None:
            value = await read(key)
            await both_looked.wait()
            return value

        monkeypatch.setattr(opened, "get_meta", get_meta)

    looking(db)
    if other is not db:
        looking(other)
    try:
        with caplog.at_level(logging.INFO, logger="cogs.leaderboard.results"):
            rebuilt = await asyncio.gather(rebuild_if_pending(db), rebuild_if_pending(other))
    finally:
        if other is not db:
            await other.close()
    assert sorted(rebuilt) == [False, True]
    assert len([r for r in caplog.records if r.getMessage().startswith("Computed leaderboards")]) == 1
    assert db_helpers.query(database, "SELECT key FROM meta WHERE key = ?", (REBUILD_KEY,)) == []
    assert {table: dump(database, table) for table in DERIVED} == before


def test_discord_limits_of_the_history_select() -> None:
    game = GameSummary(1, "classic", NEW_YEAR, 6, tuple(Seat(s, s, 100, 1, False) for s in range(6)))
    view = history_view([game] * HISTORY_PAGE_SIZE, 1, 0, True, t=ENGLISH)
    assert view is not None
    [select] = [
        item.item
        for item in view.children
        if isinstance(item, GamesMenu) and isinstance(item.item, discord.ui.Select)
    ]
    assert len(select.options) == HISTORY_PAGE_SIZE
    assert all(len(option.label) <= 100 for option in select.options)


def test_every_sort_reads_its_own_index() -> None:
    """The ranking expressions of the queries are those of migration 0006's indexes, so pages stay fast."""
    schema = (MIGRATIONS_DIR / "0006_members_rating.sql").read_text(encoding="utf-8")
    assert schema.count(f"games < {MIN_GAMES},") == len(RATE_SORTS)
    for sort in RATE_SORTS:
        assert f"games < {MIN_GAMES}," in PAGE_QUERIES[sort]
        assert f"games < {MIN_GAMES}," in AHEAD_QUERIES[sort]


async def test_query_plans_use_the_sort_indexes(db: Database) -> None:
    indexes = {
        "rating": "player_stats_by_rating",
        "wins": "player_stats_by_wins",
        "winrate": "player_stats_by_win_rate",
        "average": "player_stats_by_average",
        "accuracy": "player_stats_by_accuracy",
    }
    for sort, index in indexes.items():
        plan = await db.fetchall("EXPLAIN QUERY PLAN " + PAGE_QUERIES[sort], (1, "all", 0, 10, 0))
        text = " ".join(str(row["detail"]) for row in plan)
        assert f"USING INDEX {index}" in text and "TEMP B-TREE" not in text, (sort, text)


# -- rounds without a bid (Wizard Saboteur, Nannie's Rule) ---------------------------------------------

SABOTEUR_NANNIE = frozenset({"saboteur", "nannie"})


def play_variants(players: int, seed: int, variants: frozenset[str]) -> Game:
    """A whole game of these variants with random legal moves (bids at once need the bidder named)."""
    game = Game([f"p{i}" for i in range(players)], Rules("classic", variants), seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        player = rng.choice(game.to_act)
        game.apply(rng.choice(game.legal_actions(player)), player=player)
    return game


def test_rounds_without_a_bid_count_for_no_bid_figure() -> None:
    result = play_variants(4, 5, SABOTEUR_NANNIE).result()
    out_after = {seat: row.round_number for row in result.rounds for seat in row.eliminated}
    assert out_after and any(r.bids[r.dealer] is None for r in result.rounds)
    game = FinishedGame.from_result(
        table_id=3, guild_id=1, edition="classic", user_ids=[1, 2, 3, 4], result=result, finished_at=NEW_YEAR
    )
    rows, _ = game_rows(game, [Rating()] * 4)
    for seat, player in enumerate(game.players):
        # An eliminated player's rounds stop with the round after which they were eliminated.
        played = result.rounds[: out_after.get(seat, len(result.rounds))]
        assert [line.bid for line in player.rounds] == [r.bids[seat] for r in played]
        assert sum(line.points for line in player.rounds) == result.totals[seat]
        bid = [r for r in played if r.bids[seat] is not None]
        assert player.bid_rounds == len(bid) < len(result.rounds)
        assert player.exact_bids == sum(r.bids[seat] == r.tricks[seat] for r in bid)
        stored = [row for row in rows.rounds if row[1] == seat]
        assert [row[2] for row in stored] == [r.round_number for r in bid]
        assert all(row[4] is not None for row in stored)
        stats = next(row for row in rows.stats if row[3] == player.user_id and row[1] == "all")
        assert stats[8:10] == (player.bid_rounds, player.exact_bids)
        hands = {row[2]: row[3] for row in rows.hands if row[1] == player.user_id}
        assert sum(hands.values()) == player.bid_rounds


@on_both_backends
async def test_a_saboteur_game_is_stored_and_its_score_sheet_adds_up(
    db: Database, database: db_helpers.Database
) -> None:
    store = TableStore(db)
    users = [21, 22, 23, 24]
    game = play_variants(4, 5, SABOTEUR_NANNIE)
    result = game.result()
    seats = [SeatRecord(i, user, f"user{user}") for i, user in enumerate(users)]
    record = await store.create(
        guild_id=1, channel_id=1, host_id=users[0], host_name="user21", rules=game.rules, now=NEW_YEAR
    )
    await store.set_seats(record.id, seats, users[0], NEW_YEAR, read_at=record.updated_at)
    await store.start(record.id, game.seed, [], NEW_YEAR, read_at=NEW_YEAR)
    table = FinishingTable(record.id, 1, record.edition, seats)
    await store.finish(table, result, game.log, 0, NEW_YEAR + 60)

    rows = db_helpers.query(
        database, "SELECT seat, rounds FROM game_results WHERE table_id = ?", (record.id,)
    )
    stored = {row["seat"]: row["rounds"] for row in rows}
    nulls = db_helpers.query(database, "SELECT COUNT(*) AS n FROM game_rounds WHERE bid IS NULL")[0]["n"]
    assert nulls == 0
    assert any(entry[0] is None for text in stored.values() for entry in json.loads(text))
    figures = recompute(database, 1)
    for seat, user in enumerate(users):
        card = await player_card(db, 1, user)
        assert card is not None and card.totals == figures[user].totals()
        expected = FinishedGame.from_result(
            table_id=0, guild_id=1, edition="classic", user_ids=users, result=result, finished_at=0
        ).players[seat]
        assert (card.totals.rounds, card.totals.exact_bids) == (expected.bid_rounds, expected.exact_bids)

    sheet = await score_sheet(db, 1, record.id)
    assert sheet is not None
    for seat in range(4):
        lines = sheet.rounds[seat]
        assert sum(line.points for line in lines) == result.totals[seat]
        for line, row in zip(lines, result.rounds, strict=False):
            assert (line.cards, line.bid, line.tricks) == (
                row.cards_per_player,
                row.bids[seat],
                row.tricks[seat],
            )
    text = score_sheet_embed(sheet, t=ENGLISH).description or ""
    assert not embed_limit_problems(score_sheet_embed(sheet, t=ENGLISH))
    assert "-/" in text and "out" in text

    before = {table: dump(database, table) for table in DERIVED}
    assert await rebuild(db) == 1
    assert {table: dump(database, table) for table in DERIVED} == before
