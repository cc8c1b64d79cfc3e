"""The leaderboard's pure parts and its SQL: recording, aggregates against a recomputation, erasure.

The helpers at the top (offline games, storing them through `TableStore.finish`, and an oracle that
recomputes every figure from the stored result rows with its own code) are shared with
test_leaderboard_bot.py.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import discord
import pytest
from openskill.models import BradleyTerryFull

from bot import MIGRATIONS_DIR
from cogs.leaderboard import board as lb
from cogs.table.render import embed_limit_problems
from cogs.table.store import FinishingTable, SeatRecord, TableStore
from cogs.utils.db import Database
from wizard_core import Game, GameResult, Rules

DAY = 86400.0
# 2026-01-01 00:00 UTC, a Thursday (SimCord's clock starts there too).
NEW_YEAR = datetime(2026, 1, 1, tzinfo=UTC).timestamp()

# -- shared helpers --------------------------------------------------------------------------------------


def play_offline(players: int, seed: int, edition: str = "classic") -> Game:
    """A whole game with random legal moves, without Discord."""
    game = Game([f"p{i}" for i in range(players)], Rules(edition), seed=seed)
    rng = random.Random(seed)
    while actions := game.legal_actions():
        game.apply(rng.choice(actions))
    return game


async def store_game(
    store: TableStore,
    guild_id: int,
    user_ids: Sequence[int],
    *,
    seed: int,
    finished_at: float,
    edition: str = "classic",
    channel_id: int = 1,
) -> GameResult:
    """Play a game offline and store it the way the bot does, through `TableStore.finish`."""
    game = play_offline(len(user_ids), seed, edition)
    seats = [SeatRecord(i, user, f"user{user}") for i, user in enumerate(user_ids)]
    record = await store.create(
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=user_ids[0],
        host_name=seats[0].name,
        rules=Rules(edition),
        now=finished_at - 3600,
    )
    await store.set_seats(record.id, seats, user_ids[0], finished_at - 3600)
    await store.start(record.id, game.seed, [], finished_at - 3600)
    table = FinishingTable(record.id, record.guild_id, record.edition, seats)
    await store.finish(table, game.result(), game.log, 0, finished_at)
    return game.result()


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

    def totals(self) -> lb.Totals:
        return lb.Totals(
            self.games,
            self.wins,
            self.shared_wins,
            self.score_sum,
            self.best_score,
            self.rounds,
            self.exact_bids,
        )


def stored_games(path: Path, guild_id: int) -> list[tuple[int, float, list[sqlite3.Row]]]:
    """The stored games of a server in the order they finished: (table id, finished_at, result rows)."""
    with sqlite3.connect(path) as conn:
        conn.row_factory = sqlite3.Row
        rows = conn.execute(
            "SELECT * FROM game_results WHERE guild_id = ? ORDER BY finished_at, table_id, seat", (guild_id,)
        ).fetchall()
    conn.close()
    games: dict[int, list[sqlite3.Row]] = {}
    for row in rows:
        games.setdefault(row["table_id"], []).append(row)
    return [(table_id, seats[0]["finished_at"], seats) for table_id, seats in games.items()]


def recompute(path: Path, guild_id: int, since: float = 0.0, humans_only: bool = True) -> dict[int, Figures]:
    """Every player's figures from the stored result and round rows of games finished at or after `since`."""
    figures: dict[int, Figures] = {}
    with sqlite3.connect(path) as conn:
        for user, score, won, shared, table_id, seat, computer in conn.execute(
            "SELECT user_id, score, won, shared_win, table_id, seat, computer FROM game_results"
            " WHERE guild_id = ? AND finished_at >= ?",
            (guild_id, since),
        ):
            if humans_only and computer:
                continue
            f = figures.setdefault(user, Figures())
            f.games += 1
            f.wins += won
            f.shared_wins += shared
            f.score_sum += score
            f.best_score = max(f.best_score, score)
            rounds = conn.execute(
                "SELECT bid, tricks FROM game_rounds WHERE table_id = ? AND seat = ?", (table_id, seat)
            ).fetchall()
            f.rounds += len(rounds)
            f.exact_bids += sum(bid == tricks for bid, tricks in rounds)
    conn.close()
    return figures


def recompute_ratings(path: Path, guild_id: int) -> dict[int, lb.Rating]:
    """Replay openskill over the stored games in the order they finished."""
    model = BradleyTerryFull()
    state: dict[int, tuple[float, float, int]] = {}
    for _, _, seats in stored_games(path, guild_id):
        before = [state.get(s["user_id"], (model.mu, model.sigma, 0)) for s in seats]
        teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma, _ in before]
        rated = model.rate(teams, ranks=[float(s["place"]) for s in seats])
        for s, team, (_, _, games) in zip(seats, rated, before, strict=True):
            state[s["user_id"]] = (team[0].mu, team[0].sigma, games + 1)
    return {user: lb.Rating(mu, sigma, games) for user, (mu, sigma, games) in state.items()}


def expected_board(
    figures: dict[int, Figures], ratings: dict[int, lb.Rating], sort: str
) -> list[lb.BoardLine]:
    """The whole leaderboard as the issue defines it (see README: ties, and the 5-game rule of rate sorts)."""

    def key(user: int) -> tuple[float, ...]:
        t = figures[user].totals()
        value = {
            "rating": ratings[user].ordinal,
            "wins": float(t.wins),
            "winrate": t.wins / t.games,
            "average": t.score_sum / t.games,
            "accuracy": t.exact_bids / t.rounds,
        }[sort]
        late = 1 if sort in ("winrate", "average", "accuracy") and t.games < 5 else 0
        return (late, -value, -t.games, user)

    order = sorted(figures, key=key)
    return [
        lb.BoardLine(position, user, figures[user].totals(), ratings[user])
        for position, user in enumerate(order, start=1)
    ]


def monday_of(at: float) -> float:
    day = datetime.fromtimestamp(at, UTC).date()
    start = day - timedelta(days=day.weekday())
    return datetime(start.year, start.month, start.day, tzinfo=UTC).timestamp()


def first_of_month(at: float) -> float:
    day = datetime.fromtimestamp(at, UTC)
    return datetime(day.year, day.month, 1, tzinfo=UTC).timestamp()


def count_rows(path: Path, table: str, guild_id: int | None = None) -> int:
    queries = {
        "game_results": "SELECT COUNT(*) FROM game_results WHERE ?1 IS NULL OR guild_id = ?1",
        "game_rounds": "SELECT COUNT(*) FROM game_rounds WHERE ?1 IS NULL OR table_id IN"
        " (SELECT table_id FROM game_results WHERE guild_id = ?1)",
        "player_stats": "SELECT COUNT(*) FROM player_stats WHERE ?1 IS NULL OR guild_id = ?1",
        "player_hand_stats": "SELECT COUNT(*) FROM player_hand_stats WHERE ?1 IS NULL OR guild_id = ?1",
        "player_ratings": "SELECT COUNT(*) FROM player_ratings WHERE ?1 IS NULL OR guild_id = ?1",
        "rating_history": "SELECT COUNT(*) FROM rating_history WHERE ?1 IS NULL OR guild_id = ?1",
    }
    with sqlite3.connect(path) as conn:
        value = int(conn.execute(queries[table], (guild_id,)).fetchone()[0])
    conn.close()
    return value


DERIVED = ("player_stats", "player_hand_stats", "player_ratings", "rating_history")


def dump(path: Path, table: str) -> list[tuple[object, ...]]:
    queries = {
        "player_stats": "SELECT * FROM player_stats ORDER BY guild_id, period, start, user_id",
        "player_hand_stats": "SELECT * FROM player_hand_stats ORDER BY guild_id, user_id, cards",
        "player_ratings": "SELECT guild_id, user_id, computer, mu, sigma, games FROM player_ratings"
        " ORDER BY guild_id, user_id",
        "rating_history": "SELECT * FROM rating_history ORDER BY table_id, seat",
    }
    with sqlite3.connect(path) as conn:
        rows = [tuple(row) for row in conn.execute(queries[table])]
    conn.close()
    return rows


# -- fixtures --------------------------------------------------------------------------------------------


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "wizard.sqlite3", MIGRATIONS_DIR)
    yield database
    await database.close()


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "wizard.sqlite3"


async def fill(
    store: TableStore, guild_id: int, users: Sequence[int], games: int, seed: int, start: float
) -> None:
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


# -- pure parts ------------------------------------------------------------------------------------------


def test_period_starts_in_utc() -> None:
    thursday = NEW_YEAR + 15 * 3600  # 2026-01-01 15:00 UTC
    assert lb.period_start("all", thursday) == 0
    assert lb.period_start("month", thursday) == NEW_YEAR
    assert lb.period_start("week", thursday) == NEW_YEAR - 3 * DAY  # Monday 29 December 2025
    assert lb.period_start("month", NEW_YEAR - 1) == datetime(2025, 12, 1, tzinfo=UTC).timestamp()
    sunday_night = NEW_YEAR + 3 * DAY + 86399
    assert lb.period_start("week", sunday_night) == NEW_YEAR - 3 * DAY
    assert lb.period_start("week", sunday_night + 1) == NEW_YEAR + 4 * DAY
    with pytest.raises(ValueError, match="unknown period 'year'"):
        lb.period_start("year", thursday)


def test_ratings_follow_the_places_and_ties_share_them() -> None:
    new = lb.Rating()
    assert new.display == 1000 and new.provisional and new.games == 0
    after = lb.rate([new, new, new, new], [1, 1, 3, 4])
    assert after[0] == after[1]  # tied on the highest total: a shared win rates the same
    assert after[0].mu > after[2].mu > after[3].mu
    assert all(r.games == 1 and r.sigma < new.sigma for r in after)
    again = lb.rate(after, [4, 3, 2, 1])
    assert again[3].mu > after[3].mu and again[0].mu < after[0].mu
    seasoned = lb.Rating(30.0, 2.0, lb.MIN_GAMES)
    assert not seasoned.provisional
    assert seasoned.display == round(1000 + 40 * (30.0 - 6.0))


def test_finished_game_stores_the_hand_size_of_each_round() -> None:
    game = play_offline(4, seed=7)
    result = game.result()
    finished = lb.FinishedGame.from_result(
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
    game = lb.FinishedGame.from_result(
        table_id=9, guild_id=1, edition="classic", user_ids=[1, 2, 3], result=result, finished_at=NEW_YEAR
    )
    rows, after = lb.game_rows(game, [lb.Rating()] * 3)
    assert len(rows.rounds) == 3 * 20
    assert len(rows.stats) == 3 * 3
    assert {(r[1], r[2]) for r in rows.stats} == {
        ("all", 0),
        ("month", NEW_YEAR),
        ("week", NEW_YEAR - 3 * DAY),
    }
    assert len(rows.hands) == 3 * 20  # hand sizes 1 to 20
    assert [r[2:6] for r in rows.ratings] == [(0, a.mu, a.sigma, 1) for a in after]
    assert [h[5:7] for h in rows.history] == [(lb.MODEL.mu, lb.MODEL.sigma)] * 3


def test_spark_and_lines() -> None:
    assert lb.spark([]) == ""
    assert lb.spark([5, 5]) == "▄▄"
    assert lb.spark([0, 7, 14]) == "▁▅█"
    line = lb.BoardLine(3, 42, lb.Totals(4, 1, 1, 400, 180, 60, 21), lb.Rating(27.0, 7.0, 4))
    text = lb.board_line_text(line, "average")
    assert text == (
        "`  3.` <@42> · rating 1240? · 1 win · 25% won · **avg 100.0** · bids 35% exact · 4 games"
    )


def summary(players: int, seats: int, rounds: int) -> lb.ScoreSheet:
    game = lb.GameSummary(
        table_id=1,
        edition="camelot",
        finished_at=NEW_YEAR,
        players=players,
        seats=tuple(lb.Seat(s, 10**18 + s, -1000 + s, s + 1, False) for s in range(seats)),
    )
    lines = tuple(lb.RoundLine(n + 1, n + 1, 0, -10 * (n + 1)) for n in range(rounds))
    return lb.ScoreSheet(game, {s: lines for s in range(seats)})


@pytest.mark.parametrize(("players", "seats", "rounds"), [(3, 3, 20), (6, 6, 10), (6, 5, 10), (4, 4, 15)])
def test_embeds_stay_within_discord_limits(players: int, seats: int, rounds: int) -> None:
    sheet = summary(players, seats, rounds)
    embed = lb.score_sheet_embed(sheet)
    assert not embed_limit_problems(embed)
    assert embed.description is not None and "-" in embed.description
    if seats < players:
        assert "records were erased" in embed.description
    long_name = "x" * 200
    games = [sheet.game] * lb.HISTORY_PAGE_SIZE
    assert not embed_limit_problems(lb.history_embed(games, 10**18, 3))
    card = lb.PlayerCard(
        user_id=10**18,
        totals=lb.Totals(10**6, 10**5, 10**4, -(10**9), 10**4, 10**7, 10**6),
        rating=lb.Rating(-50.0, 1.0, 10**6),
        rank=10**5,
        ranked_players=10**5,
        computer=False,
        hands=tuple((cards, 10**6, 10**5) for cards in range(1, 21)),
        trend=tuple(range(1000, 1011)),
    )
    assert not embed_limit_problems(lb.stats_embed(card, long_name))
    big = lb.Totals(10**6, 10**6, 10**5, 10**9, 10**4, 10**7, 10**7)
    lines = tuple(lb.BoardLine(10**5 + i, 10**18 + i, big, lb.Rating()) for i in range(lb.PAGE_SIZE))
    page = lb.BoardPage("accuracy", "week", 10**4, 10**5, lines, lb.BoardLine(1, 5, big, lb.Rating()))
    assert not embed_limit_problems(lb.leaderboard_embed(page, NEW_YEAR))


def test_custom_ids_fit_and_parse() -> None:
    ids = [
        lb.board_id("accuracy", "month", 99999),
        lb.board_id("rating", "all", "me"),
        lb.history_id("hp", 2**63, 999999),
        lb.history_id("hg", 2**63, 0),
    ]
    for custom_id in ids:
        assert len(custom_id) <= 100 and custom_id.startswith("wzlb:")
        assert lb.CUSTOM_ID.fullmatch(custom_id), custom_id
        assert lb.LeaderboardItem.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert not lb.LeaderboardItem.__discord_ui_compiled_template__.fullmatch("wizard:act:1:2:3")


# -- recording, against the database ---------------------------------------------------------------------


async def test_finish_records_rounds_ratings_and_aggregates(db: Database, path: Path) -> None:
    store = TableStore(db)
    users = list(range(100, 108))
    await fill(store, 1, users, 24, seed=1, start=NEW_YEAR - 40 * DAY)
    games = stored_games(path, 1)
    assert len(games) == 24
    # Every round of every player is stored with its hand size, bid and tricks, matching the JSON of 0002.
    with sqlite3.connect(path) as conn:
        for table_id, seat, rounds_json in conn.execute("SELECT table_id, seat, rounds FROM game_results"):
            stored = conn.execute(
                "SELECT round_number, cards, bid, tricks, points FROM game_rounds"
                " WHERE table_id = ? AND seat = ? ORDER BY round_number",
                (table_id, seat),
            ).fetchall()
            assert [[b, t, p] for _, _, b, t, p in stored] == json.loads(rounds_json)
            assert [n for n, *_ in stored] == list(range(1, len(stored) + 1))
            assert [c for _, c, *_ in stored] == list(range(1, len(stored) + 1))
    conn.close()

    figures = recompute(path, 1)
    ratings = recompute_ratings(path, 1)
    for sort in lb.SORTS:
        expected = expected_board(figures, ratings, sort)
        page = await lb.leaderboard_page(db, 1, sort, "all", 0, users[0], NEW_YEAR)
        assert list(page.lines) == expected[:10]
        assert page.total == len(users)
        assert page.me == next(line for line in expected if line.user_id == users[0])

    card = await lb.player_card(db, 1, users[2])
    assert card is not None
    assert card.totals == figures[users[2]].totals()
    assert card.rating == ratings[users[2]]
    with sqlite3.connect(path) as conn:
        hands = conn.execute(
            "SELECT r.cards, COUNT(*), SUM(r.bid = r.tricks) FROM game_rounds AS r"
            " JOIN game_results AS g ON g.table_id = r.table_id AND g.seat = r.seat"
            " WHERE g.user_id = ? GROUP BY r.cards ORDER BY r.cards",
            (users[2],),
        ).fetchall()
    conn.close()
    assert list(card.hands) == [tuple(h) for h in hands]
    assert len(card.trend) == min(lb.TREND_GAMES, figures[users[2]].games) + 1
    assert card.trend[-1] == ratings[users[2]].display


async def test_rebuild_gives_what_recording_gave(db: Database, path: Path) -> None:
    store = TableStore(db)
    await fill(store, 1, list(range(1, 9)), 12, seed=2, start=NEW_YEAR - 20 * DAY)
    await fill(store, 2, list(range(5, 12)), 9, seed=3, start=NEW_YEAR - 50 * DAY)
    before = {table: dump(path, table) for table in DERIVED}
    assert all(before.values())
    assert await lb.rebuild(db) == 21
    assert {table: dump(path, table) for table in DERIVED} == before


async def test_leaderboard_pages_and_the_callers_page(db: Database, path: Path) -> None:
    store = TableStore(db)
    users = list(range(1, 24))
    await fill(store, 7, users, 40, seed=4, start=NEW_YEAR - 10 * DAY)
    expected = expected_board(recompute(path, 7), recompute_ratings(path, 7), "wins")
    assert len(expected) == len(users)
    seen: list[lb.BoardLine] = []
    for number in range(3):
        page = await lb.leaderboard_page(db, 7, "wins", "all", number, users[0], NEW_YEAR)
        assert page.page == number and page.pages == 3
        seen.extend(page.lines)
    assert seen == expected
    last = expected[-1].user_id
    mine = await lb.leaderboard_page(db, 7, "wins", "all", None, last, NEW_YEAR)
    assert mine.page == 2 and mine.me == expected[-1] and expected[-1] in mine.lines
    beyond = await lb.leaderboard_page(db, 7, "wins", "all", 50, users[0], NEW_YEAR)
    assert beyond.page == 2 and list(beyond.lines) == expected[20:]
    stranger = await lb.leaderboard_page(db, 7, "wins", "all", None, 999, NEW_YEAR)
    assert stranger.page == 0 and stranger.me is None
    empty = await lb.leaderboard_page(db, 8, "wins", "all", None, 999, NEW_YEAR)
    assert empty.total == 0 and empty.pages == 1 and not empty.lines


async def test_periods_count_only_their_games(db: Database, path: Path) -> None:
    store = TableStore(db)
    now = NEW_YEAR + 9 * DAY + 12 * 3600  # Saturday 10 January 2026, noon
    moments = [now - 40 * DAY, now - 12 * DAY, now - 9.4 * DAY, now - 6 * DAY, now - 2 * DAY, now - 3600]
    rng = random.Random(5)
    users = list(range(1, 10))
    for index, moment in enumerate(moments):
        await store_game(store, 3, rng.sample(users, 4), seed=50 + index, finished_at=moment)
    ratings = recompute_ratings(path, 3)
    for period, since in (("all", 0.0), ("month", first_of_month(now)), ("week", monday_of(now))):
        figures = recompute(path, 3, since)
        for sort in lb.SORTS:
            expected = expected_board(figures, ratings, sort)
            page = await lb.leaderboard_page(db, 3, sort, period, 0, users[0], now)
            assert list(page.lines) == expected[:10], (period, sort)
    assert monday_of(now) == NEW_YEAR + 4 * DAY


async def test_ended_and_cancelled_tables_store_nothing(db: Database, path: Path) -> None:
    store = TableStore(db)
    for status in ("ended", "cancelled"):
        record = await store.create(
            guild_id=1, channel_id=5, host_id=1, host_name="a", rules=Rules("classic"), now=NEW_YEAR
        )
        if status == "ended":
            await store.start(record.id, 1, [], NEW_YEAR)
        await store.close(record.id, status, NEW_YEAR)
    for table in ("game_results", "game_rounds", *DERIVED):
        assert count_rows(path, table) == 0, table


async def test_erasing_a_member_and_resetting_a_server(db: Database, path: Path) -> None:
    store = TableStore(db)
    users = list(range(1, 8))
    await fill(store, 1, users, 10, seed=6, start=NEW_YEAR - 5 * DAY)
    await fill(store, 2, users, 6, seed=7, start=NEW_YEAR - 5 * DAY)
    other = {table: count_rows(path, table, 2) for table in ("game_results", "game_rounds", *DERIVED)}
    figures = recompute(path, 1)
    games = figures[3].games
    assert await lb.erase_member(db, 1, 3) == games
    assert 3 not in recompute(path, 1)
    assert await lb.player_card(db, 1, 3) is None
    with sqlite3.connect(path) as conn:
        for query in (
            "SELECT COUNT(*) FROM player_stats WHERE guild_id = 1 AND user_id = 3",
            "SELECT COUNT(*) FROM player_hand_stats WHERE guild_id = 1 AND user_id = 3",
            "SELECT COUNT(*) FROM player_ratings WHERE guild_id = 1 AND user_id = 3",
            "SELECT COUNT(*) FROM rating_history WHERE guild_id = 1 AND user_id = 3",
        ):
            assert conn.execute(query).fetchone()[0] == 0, query
        orphans = conn.execute(
            "SELECT COUNT(*) FROM game_rounds AS r LEFT JOIN game_results AS g"
            " ON g.table_id = r.table_id AND g.seat = r.seat WHERE g.table_id IS NULL"
        ).fetchone()[0]
        assert orphans == 0
    conn.close()
    # The others keep their figures, which still match their own stored rows.
    rest = recompute(path, 1)
    for user in rest:
        card = await lb.player_card(db, 1, user)
        assert card is not None and card.totals == rest[user].totals() == figures[user].totals()
    # A game with an erased player shows the others and says one was erased.
    with sqlite3.connect(path) as conn:
        table_id = conn.execute(
            "SELECT table_id FROM game_results WHERE guild_id = 1"
            " GROUP BY table_id HAVING COUNT(*) < MAX(players)"
        ).fetchone()[0]
    conn.close()
    sheet = await lb.score_sheet(db, 1, table_id)
    assert sheet is not None and all(s.user_id != 3 for s in sheet.game.seats)
    assert "records were erased" in (lb.score_sheet_embed(sheet).description or "")

    assert await lb.reset_guild(db, 1) == 10
    for table in ("game_results", "game_rounds", *DERIVED):
        assert count_rows(path, table, 1) == 0, table
    assert {table: count_rows(path, table, 2) for table in other} == other
    assert await lb.erase_member(db, 1, 3) == 0


async def test_history_pages_and_score_sheets_stay_in_their_server(db: Database, path: Path) -> None:
    store = TableStore(db)
    users = [1, 2, 3, 4]
    await fill(store, 1, users, 13, seed=8, start=NEW_YEAR - 5 * DAY)
    await fill(store, 2, users, 2, seed=9, start=NEW_YEAR - 5 * DAY)
    mine = [(t, at) for t, at, seats in stored_games(path, 1) if any(s["user_id"] == 1 for s in seats)]
    newest_first = [t for t, _ in sorted(mine, key=lambda item: (-item[1], -item[0]))]
    first, more = await lb.recent_games(db, 1, 1, 0)
    second, more_after = await lb.recent_games(db, 1, 1, 1)
    assert [g.table_id for g in first + second] == newest_first
    assert more == (len(newest_first) > 10) and not more_after
    for game in first:
        assert game.seat_of(1) is not None and len(game.seats) == game.players
    elsewhere = stored_games(path, 2)[0][0]
    assert await lb.score_sheet(db, 1, elsewhere) is None
    sheet = await lb.score_sheet(db, 2, elsewhere)
    assert sheet is not None and sheet.game.table_id == elsewhere


async def test_computer_players_are_kept_out_of_the_ranking(db: Database, path: Path) -> None:
    store = TableStore(db)
    await fill(store, 1, [1, 2, 3, 4], 6, seed=10, start=NEW_YEAR - DAY)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE player_stats SET computer = 1 WHERE user_id = 4")
        conn.execute("UPDATE player_ratings SET computer = 1 WHERE user_id = 4")
        conn.execute("UPDATE game_results SET computer = 1 WHERE user_id = 4")
    conn.close()
    page = await lb.leaderboard_page(db, 1, "rating", "all", 0, 4, NEW_YEAR)
    assert [line.user_id for line in page.lines] == [
        line.user_id for line in expected_board(recompute(path, 1), recompute_ratings(path, 1), "rating")
    ]
    assert 4 not in {line.user_id for line in page.lines} and page.me is None and page.total == 3
    card = await lb.player_card(db, 1, 4)
    assert card is not None and card.computer and card.rank is None
    assert "computer player" in (lb.stats_embed(card, "Bot").description or "")


async def test_migration_backfills_games_stored_before_it(tmp_path: Path) -> None:
    old = tmp_path / "old"
    old.mkdir()
    for name in ("0001_initial.sql", "0002_tables.sql"):
        shutil.copy(MIGRATIONS_DIR / name, old / name)
    path = tmp_path / "wizard.sqlite3"
    db = await Database.open(path, old)
    results = []
    for index in range(3):
        game = play_offline(3, seed=20 + index)
        result = game.result()
        results.append(result)
        # What the bot of 0002 wrote, without the leaderboard.
        async with db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO tables (guild_id, channel_id, host_id, edition, status, seed, created_at,"
                " updated_at) VALUES (1, 1, 1, 'classic', 'finished', ?, ?, ?)",
                (game.seed, NEW_YEAR + index, NEW_YEAR + index),
            )
            table_id = cursor.lastrowid
            await cursor.close()
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

    db = await Database.open(path, MIGRATIONS_DIR)
    assert await db.get_meta(lb.REBUILD_KEY) == "pending"
    assert count_rows(path, "game_rounds") == 3 * 3 * 20
    assert count_rows(path, "player_stats") == 0
    await lb.rebuild_if_pending(db)
    assert await db.get_meta(lb.REBUILD_KEY) is None
    figures = recompute(path, 1)
    ratings = recompute_ratings(path, 1)
    page = await lb.leaderboard_page(db, 1, "rating", "all", 0, 1, NEW_YEAR)
    assert list(page.lines) == expected_board(figures, ratings, "rating")
    card = await lb.player_card(db, 1, 1)
    assert card is not None and [h[0] for h in card.hands] == list(range(1, 21))
    await db.close()
    # A fresh database has nothing to rebuild.
    fresh = await Database.open(tmp_path / "fresh.sqlite3", MIGRATIONS_DIR)
    assert await fresh.get_meta(lb.REBUILD_KEY) is None
    await fresh.close()


def test_discord_limits_of_the_history_select() -> None:
    game = lb.GameSummary(1, "classic", NEW_YEAR, 6, tuple(lb.Seat(s, s, 100, 1, False) for s in range(6)))
    view = lb.history_view([game] * lb.HISTORY_PAGE_SIZE, 1, 0, True)
    assert view is not None
    [select] = [
        item.item
        for item in view.children
        if isinstance(item, lb.LeaderboardItem) and isinstance(item.item, discord.ui.Select)
    ]
    assert len(select.options) == lb.HISTORY_PAGE_SIZE
    assert all(len(option.label) <= 100 for option in select.options)


def test_every_sort_reads_its_own_index() -> None:
    """The ranking expressions of the queries are those of migration 0003's indexes, so pages stay fast."""
    schema = (MIGRATIONS_DIR / "0003_leaderboard.sql").read_text(encoding="utf-8")
    assert schema.count(f"games < {lb.MIN_GAMES},") == len(lb.RATE_SORTS)
    for sort in lb.RATE_SORTS:
        assert f"games < {lb.MIN_GAMES}," in lb.PAGE_QUERIES[sort]
        assert f"games < {lb.MIN_GAMES}," in lb.AHEAD_QUERIES[sort]


async def test_query_plans_use_the_sort_indexes(db: Database) -> None:
    indexes = {
        "rating": "player_stats_by_rating",
        "wins": "player_stats_by_wins",
        "winrate": "player_stats_by_win_rate",
        "average": "player_stats_by_average",
        "accuracy": "player_stats_by_accuracy",
    }
    for sort, index in indexes.items():
        plan = await db.fetchall("EXPLAIN QUERY PLAN " + lb.PAGE_QUERIES[sort], (1, "all", 0, 10, 0))
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
    game = lb.FinishedGame.from_result(
        table_id=3, guild_id=1, edition="classic", user_ids=[1, 2, 3, 4], result=result, finished_at=NEW_YEAR
    )
    rows, _ = lb.game_rows(game, [lb.Rating()] * 4)
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
        assert stats[9:11] == (player.bid_rounds, player.exact_bids)
        hands = {row[2]: row[3] for row in rows.hands if row[1] == player.user_id}
        assert sum(hands.values()) == player.bid_rounds


async def test_a_saboteur_game_is_stored_and_its_score_sheet_adds_up(db: Database, path: Path) -> None:
    store = TableStore(db)
    users = [21, 22, 23, 24]
    game = play_variants(4, 5, SABOTEUR_NANNIE)
    result = game.result()
    seats = [SeatRecord(i, user, f"user{user}") for i, user in enumerate(users)]
    record = await store.create(
        guild_id=1, channel_id=1, host_id=users[0], host_name="user21", rules=game.rules, now=NEW_YEAR
    )
    await store.set_seats(record.id, seats, users[0], NEW_YEAR)
    await store.start(record.id, game.seed, [], NEW_YEAR)
    table = FinishingTable(record.id, 1, record.edition, seats)
    await store.finish(table, result, game.log, 0, NEW_YEAR + 60)

    with sqlite3.connect(path) as conn:
        stored = dict(conn.execute("SELECT seat, rounds FROM game_results WHERE table_id = ?", (record.id,)))
        nulls = conn.execute("SELECT COUNT(*) FROM game_rounds WHERE bid IS NULL").fetchone()[0]
    conn.close()
    assert nulls == 0
    assert any(entry[0] is None for text in stored.values() for entry in json.loads(text))
    figures = recompute(path, 1)
    for seat, user in enumerate(users):
        card = await lb.player_card(db, 1, user)
        assert card is not None and card.totals == figures[user].totals()
        expected = lb.FinishedGame.from_result(
            table_id=0, guild_id=1, edition="classic", user_ids=users, result=result, finished_at=0
        ).players[seat]
        assert (card.totals.rounds, card.totals.exact_bids) == (expected.bid_rounds, expected.exact_bids)

    sheet = await lb.score_sheet(db, 1, record.id)
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
    text = lb.score_sheet_embed(sheet).description or ""
    assert not embed_limit_problems(lb.score_sheet_embed(sheet))
    assert "-/" in text and "out" in text

    before = {table: dump(path, table) for table in DERIVED}
    assert await lb.rebuild(db) == 1
    assert {table: dump(path, table) for table in DERIVED} == before
