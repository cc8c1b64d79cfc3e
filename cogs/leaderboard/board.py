"""Server leaderboards, player stats and game history: what finished games leave behind, and how it shows.

Recording: ``record_game`` runs inside the transaction of ``TableStore.finish`` that marks a game
finished. It stores every round (with its hand size), updates each player's openskill rating
(Weng-Lin Bradley-Terry with full pairing; tied players share a place, R-2) with a history row per game,
and adds the game to the player's aggregates for all time, its calendar month and its week (from Monday,
UTC). Leaderboard pages and stats cards read those aggregates, so they never scan a server's results.

Everything is keyed by server (``guild_id``): no query reads another server's rows. Rows of computer
players (``computer = 1``) are stored like the others but kept out of the rankings.

The replies are ephemeral. Their buttons and selects are ``DynamicItem``s under the ``wzlb:`` prefix
(``wizard:`` is the game's), carrying what they show, so they keep working after a restart:
``wzlb:lb:<sort>:<period>:<page|me>``, ``wzlb:hp:<user>:<page>`` and ``wzlb:hg:<user>:<page>``.
"""

from __future__ import annotations

import json
import logging
import re
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from openskill.models import BradleyTerryFull

from cogs.utils.components import Component
from cogs.utils.db import Database
from cogs.utils.replies import Refusal, guarded, reply_privately
from cogs.utils.text import DESCRIPTION_LIMIT, FIELD_VALUE_LIMIT, TITLE_LIMIT, clip, display_name, ordinal
from wizard_core import GameResult, RoundResult

if TYPE_CHECKING:
    import aiosqlite

log = logging.getLogger(__name__)

PREFIX = "wzlb"
PAGE_SIZE = 10
HISTORY_PAGE_SIZE = 10
TREND_GAMES = 10
# Below this many games a rating is provisional, and for the rate sorts (win rate, average score, bid
# accuracy) a player with fewer games in the period is listed after those with enough.
MIN_GAMES = 5
# The rating shown is the openskill ordinal (mu - 3 sigma, 0 for a new player), scaled to Elo-like numbers.
RATING_BASE = 1000
RATING_SCALE = 40
REBUILD_KEY = "leaderboard_rebuild"

# Weng-Lin's Bradley-Terry model with full pairing: every pair of players of a game is a win, a loss or
# a draw. openskill 6.2.0's Plackett-Luce model mis-rates ties (vivekjoshy/openskill.py#155: with ranks
# 1, 1, 3, 4 the third gets the winners' new mu), and shared wins are common in Wizard (R-2).
MODEL = BradleyTerryFull()

SORTS = {
    "rating": "Rating",
    "wins": "Wins",
    "winrate": "Win rate",
    "average": "Average score",
    "accuracy": "Bid accuracy",
}
RATE_SORTS = ("winrate", "average", "accuracy")
PERIODS = {"all": "All time", "month": "This month", "week": "This week"}
EDITIONS = {"classic": "Classic", "camelot": "Camelot"}
SORT_CHOICES = [app_commands.Choice(name=name, value=value) for value, name in SORTS.items()]
PERIOD_CHOICES = [app_commands.Choice(name=name, value=value) for value, name in PERIODS.items()]

COLOUR = discord.Colour.gold()
SPARKS = "▁▂▃▄▅▆▇█"

# -- values ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One round of one player: the hand size, the bid, the tricks taken and the points.

    ``bid`` is None in a round the player did not bid: as the Wizard Saboteur dealer (who still scores).
    Such a round counts towards no bid statistic.
    """

    cards: int
    bid: int | None
    tricks: int
    points: int

    @property
    def exact(self) -> bool:
        """True if the player bid and took exactly the tricks they bid."""
        return self.bid is not None and self.bid == self.tricks


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's part of a finished game."""

    seat: int
    user_id: int
    score: int
    place: int
    won: bool
    shared_win: bool
    rounds: tuple[RoundLine, ...]
    computer: bool = False

    @property
    def exact_bids(self) -> int:
        """Rounds in which the player took exactly the tricks they bid."""
        return sum(r.exact for r in self.rounds)

    @property
    def bid_rounds(self) -> int:
        """Rounds in which the player bid: the rounds of the bid statistics."""
        return sum(r.bid is not None for r in self.rounds)


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game as the leaderboard records it."""

    table_id: int
    guild_id: int
    edition: str
    finished_at: float
    players: tuple[PlayerResult, ...]

    @classmethod
    def from_result(
        cls,
        *,
        table_id: int,
        guild_id: int,
        edition: str,
        user_ids: Sequence[int],
        result: GameResult,
        finished_at: float,
        computers: Iterable[int] = (),
    ) -> FinishedGame:
        """The game of ``result``; ``user_ids`` in seat order, ``computers`` the seats of computer players.

        A player eliminated by Nannie's Rule keeps the rounds up to their elimination; the later ones,
        which they sat out, are left out.
        """
        computer_seats = set(computers)
        players = tuple(
            PlayerResult(
                seat=seat,
                user_id=user_id,
                score=result.totals[seat],
                place=result.places[seat],
                won=seat in result.winners,
                shared_win=result.shared_win and seat in result.winners,
                rounds=tuple(
                    RoundLine(r.cards_per_player, r.bids[seat], r.tricks[seat], r.points[seat])
                    for r in _rounds_played(result, seat)
                ),
                computer=seat in computer_seats,
            )
            for seat, user_id in enumerate(user_ids)
        )
        return cls(table_id, guild_id, edition, finished_at, players)


def _rounds_played(result: GameResult, seat: int) -> list[RoundResult]:
    """The rounds of a game up to the one after which Nannie's Rule eliminated ``seat``, if it did."""
    rounds = []
    for row in result.rounds:
        rounds.append(row)
        if seat in row.eliminated:
            break
    return rounds


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's openskill rating and how many games it rests on."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative skill estimate, mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        """The rating as shown: the ordinal scaled (a new player shows 1000)."""
        return display_rating(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        """Too few games for the rating to mean much yet."""
        return self.games < MIN_GAMES


def display_rating(mu: float, sigma: float) -> int:
    """The shown rating of (mu, sigma)."""
    return round(RATING_BASE + RATING_SCALE * (mu - 3 * sigma))


def rate(priors: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """New ratings after one game; ``places`` as in ``GameResult.places`` (1 is first, ties share)."""
    teams = [[MODEL.rating(mu=prior.mu, sigma=prior.sigma)] for prior in priors]
    rated = MODEL.rate(teams, ranks=[float(place) for place in places])
    return [
        Rating(team[0].mu, team[0].sigma, prior.games + 1) for team, prior in zip(rated, priors, strict=True)
    ]


def period_start(period: str, at: float) -> int:
    """The first second (Unix time) of the period holding ``at``: 0 for all time, else its month or week."""
    if period == "all":
        return 0
    day = datetime.fromtimestamp(at, UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "month":
        return int(day.replace(day=1).timestamp())
    if period == "week":
        return int((day - timedelta(days=day.weekday())).timestamp())
    raise ValueError(f"unknown period {period!r}")


# -- recording a game ------------------------------------------------------------------------------------

INSERT_ROUND = (
    "INSERT INTO game_rounds (table_id, seat, round_number, cards, bid, tricks, points)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)
UPSERT_STATS = (
    "INSERT INTO player_stats (guild_id, period, start, user_id, computer, games, wins, shared_wins,"
    " score_sum, best_score, rounds, exact_bids, last_played, mu, sigma, rated_games)"
    " VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id, period, start, user_id) DO UPDATE SET computer = excluded.computer,"
    " games = games + 1, wins = wins + excluded.wins, shared_wins = shared_wins + excluded.shared_wins,"
    " score_sum = score_sum + excluded.score_sum, best_score = MAX(best_score, excluded.best_score),"
    " rounds = rounds + excluded.rounds, exact_bids = exact_bids + excluded.exact_bids,"
    " last_played = MAX(last_played, excluded.last_played), mu = excluded.mu, sigma = excluded.sigma,"
    " rated_games = excluded.rated_games"
)
UPSERT_HAND = (
    "INSERT INTO player_hand_stats (guild_id, user_id, cards, rounds, exact_bids) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id, user_id, cards) DO UPDATE SET rounds = rounds + excluded.rounds,"
    " exact_bids = exact_bids + excluded.exact_bids"
)
UPSERT_RATING = (
    "INSERT INTO player_ratings (guild_id, user_id, computer, mu, sigma, games, updated_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
    " computer = excluded.computer, mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
    " updated_at = excluded.updated_at"
)
INSERT_HISTORY = (
    "INSERT INTO rating_history (table_id, seat, guild_id, user_id, finished_at, mu_before, sigma_before,"
    " mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
SELECT_RATINGS = (
    "SELECT user_id, mu, sigma, games FROM player_ratings"
    " WHERE guild_id = ? AND user_id IN (SELECT value FROM json_each(?))"
)


@dataclass
class GameRows:
    """The parameters of every statement that records one game, statement by statement."""

    rounds: list[tuple[Any, ...]] = field(default_factory=list)
    stats: list[tuple[Any, ...]] = field(default_factory=list)
    hands: list[tuple[Any, ...]] = field(default_factory=list)
    ratings: list[tuple[Any, ...]] = field(default_factory=list)
    history: list[tuple[Any, ...]] = field(default_factory=list)

    def statements(self, *, with_rounds: bool = True) -> list[tuple[str, list[tuple[Any, ...]]]]:
        """(SQL, parameter rows) pairs in the order they are executed."""
        pairs = [
            (UPSERT_STATS, self.stats),
            (UPSERT_HAND, self.hands),
            (UPSERT_RATING, self.ratings),
            (INSERT_HISTORY, self.history),
        ]
        return [(INSERT_ROUND, self.rounds), *pairs] if with_rounds else pairs


def game_rows(game: FinishedGame, priors: Sequence[Rating]) -> tuple[GameRows, list[Rating]]:
    """What recording ``game`` writes, given each player's rating before it (in seat order)."""
    after = rate(priors, [p.place for p in game.players])
    rows = GameRows()
    g, at = game.guild_id, game.finished_at
    for player, before, new in zip(game.players, priors, after, strict=True):
        user, computer = player.user_id, int(player.computer)
        for number, line in enumerate(player.rounds, start=1):
            # A round without a bid (the Saboteur dealer's) has no row: the table holds bids (0003's
            # CHECK); game_results.rounds keeps it, and the score sheet reads it from there.
            if line.bid is not None:
                rows.rounds.append(
                    (game.table_id, player.seat, number, line.cards, line.bid, line.tricks, line.points)
                )
        for period in PERIODS:
            rows.stats.append(
                (
                    g,
                    period,
                    period_start(period, at),
                    user,
                    computer,
                    int(player.won),
                    int(player.shared_win),
                    player.score,
                    player.score,
                    player.bid_rounds,
                    player.exact_bids,
                    at,
                    new.mu,
                    new.sigma,
                    new.games,
                )
            )
        hands: Counter[int] = Counter()
        exact: Counter[int] = Counter()
        for line in player.rounds:
            if line.bid is not None:
                hands[line.cards] += 1
                exact[line.cards] += line.exact
        rows.hands.extend((g, user, cards, count, exact[cards]) for cards, count in sorted(hands.items()))
        rows.ratings.append((g, user, computer, new.mu, new.sigma, new.games, at))
        rows.history.append(
            (game.table_id, player.seat, g, user, at, before.mu, before.sigma, new.mu, new.sigma)
        )
    return rows, after


async def record_game(conn: aiosqlite.Connection, game: FinishedGame) -> None:
    """Record a finished game whose game_results rows were just written, inside the caller's transaction."""
    users = [p.user_id for p in game.players]
    found = await conn.execute_fetchall(SELECT_RATINGS, (game.guild_id, _json_ids(users)))
    known = {row[0]: Rating(row[1], row[2], row[3]) for row in found}
    rows, _ = game_rows(game, [known.get(user, Rating()) for user in users])
    for sql, parameters in rows.statements():
        await conn.executemany(sql, parameters)


def _json_ids(ids: Iterable[int]) -> str:
    return "[" + ",".join(str(int(i)) for i in ids) + "]"


async def rebuild(db: Database) -> int:
    """Recompute every rating, rating history and aggregate from the stored results; returns the games."""
    # For results stored before the leaderboard existed (migration 0003 asks for it). Games are replayed
    # in the order they finished, which is the order the bot records them in.
    async with db.transaction() as conn:
        await conn.execute("DELETE FROM player_stats")
        await conn.execute("DELETE FROM player_hand_stats")
        await conn.execute("DELETE FROM player_ratings")
        await conn.execute("DELETE FROM rating_history")
        results = await conn.execute_fetchall(
            "SELECT table_id, guild_id, seat, user_id, edition, score, place, won, shared_win, computer,"
            " finished_at FROM game_results ORDER BY finished_at, table_id, seat"
        )
        games: dict[int, list[Any]] = {}
        for row in results:
            games.setdefault(row[0], []).append(row)
        ratings: dict[tuple[int, int], Rating] = {}
        for table_id, seats in games.items():
            lines = await conn.execute_fetchall(
                "SELECT seat, cards, bid, tricks, points FROM game_rounds WHERE table_id = ?"
                " ORDER BY seat, round_number",
                (table_id,),
            )
            by_seat: dict[int, list[RoundLine]] = {}
            for seat, cards, bid, tricks, points in lines:
                by_seat.setdefault(seat, []).append(RoundLine(cards, bid, tricks, points))
            first = seats[0]
            game = FinishedGame(
                table_id=table_id,
                guild_id=first[1],
                edition=first[4],
                finished_at=first[10],
                players=tuple(
                    PlayerResult(
                        seat=s[2],
                        user_id=s[3],
                        score=s[5],
                        place=s[6],
                        won=bool(s[7]),
                        shared_win=bool(s[8]),
                        rounds=tuple(by_seat.get(s[2], ())),
                        computer=bool(s[9]),
                    )
                    for s in seats
                ),
            )
            priors = [ratings.get((game.guild_id, p.user_id), Rating()) for p in game.players]
            rows, after = game_rows(game, priors)
            for player, new in zip(game.players, after, strict=True):
                ratings[game.guild_id, player.user_id] = new
            for sql, parameters in rows.statements(with_rounds=False):
                await conn.executemany(sql, parameters)
        await conn.execute("DELETE FROM meta WHERE key = ?", (REBUILD_KEY,))
    return len(games)


async def rebuild_if_pending(db: Database) -> None:
    """Run ``rebuild`` once after migration 0003 found results stored before it."""
    if await db.get_meta(REBUILD_KEY) is not None:
        count = await rebuild(db)
        log.info("Computed leaderboards and ratings from %d earlier game(s)", count)


# -- erasing ---------------------------------------------------------------------------------------------


async def erase_member(db: Database, guild_id: int, user_id: int) -> int:
    """Delete one member's records in one server (results, rounds, stats, rating); returns their games."""
    async with db.transaction() as conn:
        async with conn.execute(
            "SELECT COUNT(*) FROM game_results WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        ) as cursor:
            row = await cursor.fetchone()
        await conn.execute(
            "DELETE FROM game_rounds WHERE (table_id, seat) IN"
            " (SELECT table_id, seat FROM game_results WHERE guild_id = ? AND user_id = ?)",
            (guild_id, user_id),
        )
        await conn.execute(
            "DELETE FROM rating_history WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
        await conn.execute("DELETE FROM game_results WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
        await conn.execute("DELETE FROM player_stats WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
        await conn.execute(
            "DELETE FROM player_hand_stats WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
        await conn.execute(
            "DELETE FROM player_ratings WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        )
    return int(row[0]) if row is not None else 0


async def reset_guild(db: Database, guild_id: int) -> int:
    """Delete every leaderboard record of one server; returns how many games it held."""
    async with db.transaction() as conn:
        async with conn.execute(
            "SELECT COUNT(DISTINCT table_id) FROM game_results WHERE guild_id = ?", (guild_id,)
        ) as cursor:
            row = await cursor.fetchone()
        await conn.execute(
            "DELETE FROM game_rounds WHERE table_id IN"
            " (SELECT table_id FROM game_results WHERE guild_id = ?)",
            (guild_id,),
        )
        await conn.execute("DELETE FROM rating_history WHERE guild_id = ?", (guild_id,))
        await conn.execute("DELETE FROM game_results WHERE guild_id = ?", (guild_id,))
        await conn.execute("DELETE FROM player_stats WHERE guild_id = ?", (guild_id,))
        await conn.execute("DELETE FROM player_hand_stats WHERE guild_id = ?", (guild_id,))
        await conn.execute("DELETE FROM player_ratings WHERE guild_id = ?", (guild_id,))
    return int(row[0]) if row is not None else 0


# -- reading ---------------------------------------------------------------------------------------------

# Each sort reads its own index of player_stats (migration 0003), whose ranking expressions these
# queries repeat exactly: a page is a short index walk, and a member's place is the count of index
# entries before theirs. Parameters: ?1 guild, ?2 period, ?3 period start, then a page's size and
# offset, or the member.
PAGE_QUERIES = {
    "rating": "SELECT user_id, games, wins, shared_wins, score_sum, best_score, rounds, exact_bids, mu,"
    " sigma, rated_games FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND computer = 0 ORDER BY 3 * sigma - mu, -games, user_id LIMIT ?4 OFFSET ?5",
    "wins": "SELECT user_id, games, wins, shared_wins, score_sum, best_score, rounds, exact_bids, mu,"
    " sigma, rated_games FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND computer = 0 ORDER BY -wins, -games, user_id LIMIT ?4 OFFSET ?5",
    "winrate": "SELECT user_id, games, wins, shared_wins, score_sum, best_score, rounds, exact_bids, mu,"
    " sigma, rated_games FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND computer = 0 ORDER BY games < 5, -1.0 * wins / games, -games, user_id LIMIT ?4 OFFSET ?5",
    "average": "SELECT user_id, games, wins, shared_wins, score_sum, best_score, rounds, exact_bids, mu,"
    " sigma, rated_games FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND computer = 0 ORDER BY games < 5, -1.0 * score_sum / games, -games, user_id LIMIT ?4 OFFSET ?5",
    "accuracy": "SELECT user_id, games, wins, shared_wins, score_sum, best_score, rounds, exact_bids, mu,"
    " sigma, rated_games FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND computer = 0 ORDER BY games < 5, -1.0 * exact_bids / rounds, -games, user_id LIMIT ?4 OFFSET ?5",
}
AHEAD_QUERIES = {
    "rating": "SELECT COUNT(*) FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND computer = 0 AND (3 * sigma - mu, -games, user_id) < (SELECT 3 * sigma - mu, -games, user_id"
    " FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3 AND user_id = ?4)",
    "wins": "SELECT COUNT(*) FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND computer = 0 AND (-wins, -games, user_id) < (SELECT -wins, -games, user_id"
    " FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3 AND user_id = ?4)",
    "winrate": "SELECT COUNT(*) FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND computer = 0 AND (games < 5, -1.0 * wins / games, -games, user_id)"
    " < (SELECT games < 5, -1.0 * wins / games, -games, user_id"
    " FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3 AND user_id = ?4)",
    "average": "SELECT COUNT(*) FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND computer = 0 AND (games < 5, -1.0 * score_sum / games, -games, user_id)"
    " < (SELECT games < 5, -1.0 * score_sum / games, -games, user_id"
    " FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3 AND user_id = ?4)",
    "accuracy": "SELECT COUNT(*) FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND computer = 0 AND (games < 5, -1.0 * exact_bids / rounds, -games, user_id)"
    " < (SELECT games < 5, -1.0 * exact_bids / rounds, -games, user_id"
    " FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3 AND user_id = ?4)",
}
BOARD_MEMBER = (
    "SELECT user_id, games, wins, shared_wins, score_sum, best_score, rounds, exact_bids, mu, sigma,"
    " rated_games FROM player_stats WHERE guild_id = ? AND period = ? AND start = ? AND user_id = ?"
    " AND computer = 0"
)
BOARD_SIZE = (
    "SELECT COUNT(*) FROM player_stats WHERE guild_id = ? AND period = ? AND start = ? AND computer = 0"
)


@dataclass(frozen=True, slots=True)
class Totals:
    """A player's aggregates over a period."""

    games: int
    wins: int
    shared_wins: int
    score_sum: int
    best_score: int
    rounds: int
    exact_bids: int

    @property
    def win_rate(self) -> float:
        """Wins (shared ones included) per game."""
        return self.wins / self.games

    @property
    def average(self) -> float:
        """Average final score."""
        return self.score_sum / self.games

    @property
    def accuracy(self) -> float:
        """Exact bids per round."""
        return self.exact_bids / self.rounds if self.rounds else 0.0


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One line of a leaderboard: a place, a member, their totals and current rating."""

    position: int
    user_id: int
    totals: Totals
    rating: Rating


@dataclass(frozen=True, slots=True)
class BoardPage:
    """One page of a server's leaderboard, and the caller's own line wherever it is."""

    sort: str
    period: str
    page: int
    total: int
    lines: tuple[BoardLine, ...]
    me: BoardLine | None

    @property
    def pages(self) -> int:
        """How many pages the whole leaderboard has (at least 1)."""
        return max(1, -(-self.total // PAGE_SIZE))


def _board_line(position: int, row: Any) -> BoardLine:
    totals = Totals(*(row[i] for i in range(1, 8)))
    return BoardLine(position, row["user_id"], totals, Rating(row["mu"], row["sigma"], row["rated_games"]))


async def leaderboard_page(
    db: Database, guild_id: int, sort: str, period: str, page: int | None, user_id: int, now: float
) -> BoardPage:
    """Page ``page`` (0-based; None: the caller's) of the leaderboard for the period holding ``now``."""
    if sort not in SORTS or period not in PERIODS:
        raise ValueError(f"unknown sort {sort!r} or period {period!r}")
    start = period_start(period, now)
    me = None
    mine = await db.fetchone(BOARD_MEMBER, (guild_id, period, start, user_id))
    if mine is not None:
        ahead = await db.fetchone(AHEAD_QUERIES[sort], (guild_id, period, start, user_id))
        assert ahead is not None
        me = _board_line(int(ahead[0]) + 1, mine)
    size = await db.fetchone(BOARD_SIZE, (guild_id, period, start))
    total = int(size[0]) if size is not None else 0
    last = max(0, -(-total // PAGE_SIZE) - 1)
    if page is None:
        number = (me.position - 1) // PAGE_SIZE if me is not None else 0
    else:
        number = min(max(page, 0), last)
    rows = await db.fetchall(PAGE_QUERIES[sort], (guild_id, period, start, PAGE_SIZE, number * PAGE_SIZE))
    lines = tuple(_board_line(number * PAGE_SIZE + i, row) for i, row in enumerate(rows, start=1))
    return BoardPage(sort, period, number, total, lines, me)


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """Everything the stats card shows about one member of one server."""

    user_id: int
    totals: Totals
    rating: Rating
    rank: int | None
    ranked_players: int
    computer: bool
    hands: tuple[tuple[int, int, int], ...]
    trend: tuple[int, ...]


async def player_card(db: Database, guild_id: int, user_id: int) -> PlayerCard | None:
    """A member's all-time stats in a server, or None if they have no recorded game there."""
    row = await db.fetchone(
        "SELECT s.games, s.wins, s.shared_wins, s.score_sum, s.best_score, s.rounds, s.exact_bids,"
        " s.computer, r.mu, r.sigma, r.games AS rated_games"
        " FROM player_stats AS s"
        " JOIN player_ratings AS r ON r.guild_id = s.guild_id AND r.user_id = s.user_id"
        " WHERE s.guild_id = ? AND s.period = 'all' AND s.start = 0 AND s.user_id = ?",
        (guild_id, user_id),
    )
    if row is None:
        return None
    totals = Totals(*(row[i] for i in range(7)))
    rating = Rating(row["mu"], row["sigma"], row["rated_games"])
    ranked = await db.fetchone(
        "SELECT COUNT(*) AS players, SUM(mu - 3 * sigma > ?) AS above FROM player_ratings"
        " WHERE guild_id = ? AND computer = 0",
        (rating.ordinal, guild_id),
    )
    players = int(ranked["players"]) if ranked is not None else 0
    above = int(ranked["above"] or 0) if ranked is not None else 0
    hands = await db.fetchall(
        "SELECT cards, rounds, exact_bids FROM player_hand_stats WHERE guild_id = ? AND user_id = ?"
        " ORDER BY cards",
        (guild_id, user_id),
    )
    history = await db.fetchall(
        "SELECT mu_before, sigma_before, mu, sigma FROM rating_history WHERE guild_id = ? AND user_id = ?"
        " ORDER BY finished_at DESC, table_id DESC LIMIT ?",
        (guild_id, user_id, TREND_GAMES),
    )
    trend: list[int] = []
    if history:
        oldest = history[-1]
        trend.append(display_rating(oldest["mu_before"], oldest["sigma_before"]))
        trend.extend(display_rating(h["mu"], h["sigma"]) for h in reversed(history))
    computer = bool(row["computer"])
    return PlayerCard(
        user_id=user_id,
        totals=totals,
        rating=rating,
        rank=None if computer else above + 1,
        ranked_players=players,
        computer=computer,
        hands=tuple((h[0], h[1], h[2]) for h in hands),
        trend=tuple(trend),
    )


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's line in a past game."""

    seat: int
    user_id: int
    score: int
    place: int
    computer: bool


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A past game: when, which edition, who, and the final scores (erased players are missing)."""

    table_id: int
    edition: str
    finished_at: float
    players: int
    seats: tuple[Seat, ...]

    def seat_of(self, user_id: int) -> Seat | None:
        """The line of a member in this game."""
        return next((s for s in self.seats if s.user_id == user_id), None)


async def recent_games(
    db: Database, guild_id: int, user_id: int, page: int
) -> tuple[list[GameSummary], bool]:
    """A page of a member's games in a server, newest first, and whether older ones exist."""
    rows = await db.fetchall(
        "SELECT table_id FROM game_results WHERE guild_id = ? AND user_id = ?"
        " ORDER BY finished_at DESC, table_id DESC LIMIT ? OFFSET ?",
        (guild_id, user_id, HISTORY_PAGE_SIZE + 1, max(page, 0) * HISTORY_PAGE_SIZE),
    )
    ids = [row[0] for row in rows[:HISTORY_PAGE_SIZE]]
    games = await _summaries(db, guild_id, ids)
    return [games[i] for i in ids if i in games], len(rows) > HISTORY_PAGE_SIZE


async def _summaries(db: Database, guild_id: int, table_ids: Sequence[int]) -> dict[int, GameSummary]:
    rows = await db.fetchall(
        "SELECT table_id, seat, user_id, edition, players, score, place, computer, finished_at"
        " FROM game_results WHERE guild_id = ? AND table_id IN (SELECT value FROM json_each(?))"
        " ORDER BY table_id, seat",
        (guild_id, _json_ids(table_ids)),
    )
    seats: dict[int, list[Any]] = {}
    for row in rows:
        seats.setdefault(row["table_id"], []).append(row)
    return {
        table_id: GameSummary(
            table_id=table_id,
            edition=lines[0]["edition"],
            finished_at=lines[0]["finished_at"],
            players=lines[0]["players"],
            seats=tuple(
                Seat(r["seat"], r["user_id"], r["score"], r["place"], bool(r["computer"])) for r in lines
            ),
        )
        for table_id, lines in seats.items()
    }


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A past game round by round: each stored player's rounds, in seat order."""

    game: GameSummary
    rounds: dict[int, tuple[RoundLine, ...]]


async def score_sheet(db: Database, guild_id: int, table_id: int) -> ScoreSheet | None:
    """One game of a server with its rounds, or None if the server has no such game."""
    summary = (await _summaries(db, guild_id, [table_id])).get(table_id)
    if summary is None:
        return None
    rows = await db.fetchall(
        "SELECT seat, round_number, cards, bid, tricks, points FROM game_rounds WHERE table_id = ?"
        " ORDER BY seat, round_number",
        (table_id,),
    )
    stored = await db.fetchall(
        "SELECT seat, rounds FROM game_results WHERE guild_id = ? AND table_id = ? ORDER BY seat",
        (guild_id, table_id),
    )
    by_number: dict[int, dict[int, RoundLine]] = {}
    cards_of: dict[int, int] = {}
    for seat, number, cards, bid, tricks, points in rows:
        by_number.setdefault(seat, {})[number] = RoundLine(cards, bid, tricks, points)
        cards_of[number] = cards
    rounds: dict[int, tuple[RoundLine, ...]] = {}
    for seat, text in stored:
        lines = by_number.get(seat, {})
        # Rounds without a bid (the Saboteur dealer's) have no game_rounds row: they come from the
        # result's JSON, [bid, tricks, points] with a null bid, their hand size from another seat's row.
        extra = _json_rounds(text)
        count = max(len(extra), max(lines, default=0))
        filled = []
        for n in range(1, count + 1):
            bid, tricks, points = extra[n - 1] if n <= len(extra) else (None, 0, 0)
            filled.append(lines.get(n) or RoundLine(cards_of.get(n, 0), bid, tricks, points))
        if filled:
            rounds[seat] = tuple(filled)
    return ScoreSheet(summary, rounds)


def _json_rounds(text: object) -> list[tuple[int | None, int, int]]:
    """The rounds of ``game_results.rounds`` up to the player's elimination, if any.

    Each is ``[bid, tricks, points]``; the bid is null in a round the player did not bid: as the
    Saboteur dealer, or after Nannie's Rule eliminated them (those trailing ``[null, 0, 0]`` rounds are
    dropped). Anything unreadable gives no rounds.
    """
    try:
        data = json.loads(text) if isinstance(text, str | bytes) else None
    except ValueError:
        return []
    if not isinstance(data, list):
        return []
    rounds: list[tuple[int | None, int, int]] = []
    for entry in data:
        if not (isinstance(entry, list) and len(entry) == 3):
            return []
        bid, tricks, points = entry
        if not (bid is None or type(bid) is int) or type(tricks) is not int or type(points) is not int:
            return []
        rounds.append((bid, tricks, points))
    while rounds and rounds[-1] == (None, 0, 0):
        rounds.pop()
    return rounds


# -- rendering -------------------------------------------------------------------------------------------


def _date(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d %H:%M UTC")


def rating_text(rating: Rating) -> str:
    """The shown rating, with a ``?`` while it is provisional."""
    return f"{rating.display}{'?' if rating.provisional else ''}"


def board_line_text(line: BoardLine, sort: str) -> str:
    """One leaderboard line: place, member, every figure (the sorted one in bold) and games played."""
    t = line.totals
    figures = {
        "rating": f"rating {rating_text(line.rating)}",
        "wins": f"{t.wins} {'win' if t.wins == 1 else 'wins'}",
        "winrate": f"{t.win_rate:.0%} won",
        "average": f"avg {t.average:.1f}",
        "accuracy": f"bids {t.accuracy:.0%} exact",
    }
    parts = [f"**{text}**" if key == sort else text for key, text in figures.items()]
    games = f"{t.games} {'game' if t.games == 1 else 'games'}"
    return f"`{line.position:>3}.` <@{line.user_id}> · {' · '.join(parts)} · {games}"


def period_text(period: str, now: float) -> str:
    """The period in words, with its start."""
    if period == "all":
        return "All time"
    since = datetime.fromtimestamp(period_start(period, now), UTC)
    when = since.strftime("%-d %B %Y") if period == "month" else since.strftime("Monday %-d %B %Y")
    return f"{PERIODS[period]} (since {when}, UTC)"


def leaderboard_embed(page: BoardPage, now: float) -> discord.Embed:
    """A leaderboard page, with the caller's own line when it is on another page."""
    title = f"Wizard leaderboard · {SORTS[page.sort]} · {PERIODS[page.period]}"
    embed = discord.Embed(title=title, colour=COLOUR)
    head = period_text(page.period, now)
    if not page.lines:
        embed.description = f"{head}\nNo finished games in this server for this period yet."
    else:
        body = "\n".join(
            board_line_text(line, page.sort)
            + (" ◀ you" if page.me and line.user_id == page.me.user_id else "")
            for line in page.lines
        )
        embed.description = f"{head}\n\n{body}"
    if page.me is None:
        embed.add_field(name="You", value="You have no finished games in this period.", inline=False)
    elif page.me not in page.lines:
        embed.add_field(name="You", value=board_line_text(page.me, page.sort), inline=False)
    notes = [f"Page {page.page + 1}/{page.pages} · {page.total} {'player' if page.total == 1 else 'players'}"]
    notes.append(f"? = provisional rating (fewer than {MIN_GAMES} games)")
    if page.sort in RATE_SORTS:
        notes.append(f"players with fewer than {MIN_GAMES} games in the period come after the others")
    if page.period != "all" and page.sort == "rating":
        notes.append("ratings are current ones")
    embed.set_footer(text=" · ".join(notes))
    return embed


def spark(values: Sequence[int]) -> str:
    """A one-line chart of the values."""
    if not values:
        return ""
    low, high = min(values), max(values)
    if high == low:
        return SPARKS[3] * len(values)
    return "".join(SPARKS[round((v - low) * (len(SPARKS) - 1) / (high - low))] for v in values)


def stats_embed(card: PlayerCard, name: str) -> discord.Embed:
    """A member's stats card for one server."""
    t = card.totals
    embed = discord.Embed(title=clip(f"Wizard stats · {display_name(name)}", TITLE_LIMIT), colour=COLOUR)
    kind = " (computer player, not ranked)" if card.computer else ""
    embed.description = f"<@{card.user_id}>{kind} in this server, all time."
    shared = f" ({t.shared_wins} shared)" if t.shared_wins else ""
    embed.add_field(name="Games", value=str(t.games))
    embed.add_field(name="Wins", value=f"{t.wins}{shared}")
    embed.add_field(name="Win rate", value=f"{t.win_rate:.0%}")
    embed.add_field(name="Average score", value=f"{t.average:.1f}")
    embed.add_field(name="Best score", value=str(t.best_score))
    embed.add_field(name="Bid accuracy", value=f"{t.accuracy:.0%} ({t.exact_bids}/{t.rounds} rounds exact)")
    rating = f"{card.rating.display}"
    if card.rating.provisional:
        rating += f" (provisional: {card.rating.games} of {MIN_GAMES} games)"
    if card.rank is not None:
        rating += f"\n#{card.rank} of {card.ranked_players} by rating"
    embed.add_field(name="Rating", value=rating)
    if len(card.trend) > 1:
        change = card.trend[-1] - card.trend[0]
        games = len(card.trend) - 1
        embed.add_field(
            name=f"Trend, last {games} {'game' if games == 1 else 'games'}",
            value=f"{spark(card.trend)}\n{card.trend[0]} → {card.trend[-1]} ({change:+d})",
        )
    if card.hands:
        lines = [
            f"{cards:>2} {'card ' if cards == 1 else 'cards'} {exact:>4}/{rounds:<4} {exact / rounds:>4.0%}"
            for cards, rounds, exact in card.hands
        ]
        embed.add_field(
            name="Bid accuracy by hand size",
            value=clip("```\n" + "\n".join(lines) + "\n```", FIELD_VALUE_LIMIT),
            inline=False,
        )
    return embed


def _place_line(seat: Seat) -> str:
    who = f"<@{seat.user_id}>" + (" (computer)" if seat.computer else "")
    return f"{who} {seat.score}"


def history_embed(games: Sequence[GameSummary], user_id: int, page: int) -> discord.Embed:
    """A page of a member's recent games in one server (the member as a mention: pages need no name)."""
    embed = discord.Embed(title="Wizard history", colour=COLOUR)
    if not games:
        embed.description = (
            f"<@{user_id}> has no finished games in this server yet." if page == 0 else "No older games."
        )
        return embed
    lines = []
    for index, game in enumerate(games, start=page * HISTORY_PAGE_SIZE + 1):
        mine = game.seat_of(user_id)
        own = f"**{ordinal(mine.place)}** with {mine.score}" if mine else ""
        scores = " · ".join(_place_line(s) for s in sorted(game.seats, key=lambda s: (s.place, s.seat)))
        erased = game.players - len(game.seats)
        if erased:
            scores += f" · {erased} erased"
        lines.append(
            f"`{index:>2}.` <t:{int(game.finished_at)}:d> · {EDITIONS.get(game.edition, game.edition)}"
            f" · {game.players} players · {own}\n{scores}"
        )
    embed.description = clip(f"<@{user_id}>'s games in this server:\n" + "\n".join(lines), DESCRIPTION_LIMIT)
    embed.set_footer(text=f"Page {page + 1} · newest first · pick a game below for its score sheet")
    return embed


def _game_label(game: GameSummary) -> str:
    return f"{_date(game.finished_at)} · {EDITIONS.get(game.edition, game.edition)} · {game.players} players"


def score_sheet_embed(sheet: ScoreSheet) -> discord.Embed:
    """One past game round by round: bid/tricks and the running total of each player."""
    game = sheet.game
    title = f"Score sheet · {EDITIONS.get(game.edition, game.edition)} · {_date(game.finished_at)}"
    legend = [
        f"P{s.seat + 1} <@{s.user_id}>{' (computer)' if s.computer else ''}: "
        f"**{ordinal(s.place)}** with {s.score}"
        for s in game.seats
    ]
    erased = game.players - len(game.seats)
    if erased:
        legend.append(f"{erased} player{'s' if erased > 1 else ''}' records were erased.")
    seats = [s.seat for s in game.seats if s.seat in sheet.rounds]
    width = 12
    lines = ["  #  n" + "".join(f"P{seat + 1}".rjust(width) for seat in seats)]
    totals = dict.fromkeys(seats, 0)
    count = max((len(sheet.rounds[seat]) for seat in seats), default=0)
    for number in range(count):
        cards = next(sheet.rounds[s][number].cards for s in seats if number < len(sheet.rounds[s]))
        cells = []
        for seat in seats:
            lines_of_seat = sheet.rounds[seat]
            if number >= len(lines_of_seat):
                cells.append("out".rjust(6).ljust(width))  # eliminated by Nannie's Rule
                continue
            line = lines_of_seat[number]
            totals[seat] += line.points
            bid = "-" if line.bid is None else line.bid
            cells.append(f"{bid}/{line.tricks}".rjust(6) + f"{totals[seat]:>6}")
        lines.append(f"{number + 1:>3} {cards:>2}" + "".join(cells))
    table = "```\n" + "\n".join(lines) + "\n```"
    description = (
        "\n".join(legend)
        + "\nEach round: bid/tricks and the running total; n = cards dealt; - no bid.\n"
        + table
    )
    return discord.Embed(
        title=clip(title, TITLE_LIMIT), description=clip(description, DESCRIPTION_LIMIT), colour=COLOUR
    )


# -- components ------------------------------------------------------------------------------------------

CUSTOM_ID = re.compile(
    r"wzlb:(?:lb:(?P<sort>[a-z]{1,10}):(?P<period>[a-z]{1,8}):(?P<page>\d{1,6}|me)"
    r"|(?P<kind>hp|hg):(?P<user>\d{1,20}):(?P<hpage>\d{1,6}))"
)


def board_id(sort: str, period: str, page: int | str) -> str:
    """The custom_id of a leaderboard page button."""
    return f"{PREFIX}:lb:{sort}:{period}:{page}"


def history_id(kind: str, user_id: int, page: int) -> str:
    """The custom_id of a history page button (``hp``) or game select (``hg``)."""
    return f"{PREFIX}:{kind}:{user_id}:{page}"


class LeaderboardItem(Component[discord.ui.Item[Any]], template=r"wzlb:(?P<rest>.{0,95})"):
    """Every button and select of the leaderboard replies, before and after a restart."""

    what = "a leaderboard interaction"
    prefix = "wzlb:"

    async def handle(self, interaction: discord.Interaction[Any], fields: Mapping[str, str]) -> None:
        await handle_component(interaction, self.custom_id, self.values or [])


def _button(label: str, custom_id: str, *, disabled: bool = False, row: int = 0) -> LeaderboardItem:
    style = discord.ButtonStyle.secondary
    return LeaderboardItem(
        discord.ui.Button(label=label, custom_id=custom_id, style=style, disabled=disabled, row=row)
    )


def leaderboard_view(page: BoardPage) -> discord.ui.View:
    """Previous, Next and My place."""
    view = discord.ui.View(timeout=None)
    sort, period, number = page.sort, page.period, page.page
    view.add_item(_button("◀ Previous", board_id(sort, period, max(number - 1, 0)), disabled=number == 0))
    view.add_item(_button("Next ▶", board_id(sort, period, number + 1), disabled=number >= page.pages - 1))
    view.add_item(_button("My place", board_id(page.sort, page.period, "me"), disabled=page.me is None))
    return view


def history_view(games: Sequence[GameSummary], user_id: int, page: int, more: bool) -> discord.ui.View | None:
    """A select of the page's games (for a score sheet), and Newer / Older."""
    if not games and page == 0:
        return None
    view = discord.ui.View(timeout=None)
    if games:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=history_id("hg", user_id, page),
            placeholder="Show a game's score sheet",
            row=0,
            options=[
                discord.SelectOption(
                    label=clip(_game_label(game), 100),
                    value=str(game.table_id),
                    description=clip(_own_text(game, user_id), 100) or None,
                )
                for game in games
            ],
        )
        view.add_item(LeaderboardItem(select))
    view.add_item(_button("◀ Newer", history_id("hp", user_id, max(page - 1, 0)), disabled=page == 0, row=1))
    view.add_item(_button("Older ▶", history_id("hp", user_id, page + 1), disabled=not more, row=1))
    return view


def _own_text(game: GameSummary, user_id: int) -> str:
    mine = game.seat_of(user_id)
    return f"{ordinal(mine.place)} with {mine.score}" if mine else ""


def sheet_view(user_id: int, page: int) -> discord.ui.View:
    """Back to the list of games."""
    view = discord.ui.View(timeout=None)
    view.add_item(_button("◀ Back to the games", history_id("hp", user_id, page)))
    return view


# -- interactions ----------------------------------------------------------------------------------------


def _now() -> float:
    return discord.utils.utcnow().timestamp()


def _db(interaction: discord.Interaction[Any]) -> Database:
    db: Database = interaction.client.db
    return db


def _guild_id(interaction: discord.Interaction[Any]) -> int:
    if interaction.guild_id is None:
        raise Refusal("This only works in a server.")
    return interaction.guild_id


async def _board(
    interaction: discord.Interaction[Any], sort: str, period: str, page: int | None
) -> BoardPage:
    return await leaderboard_page(
        _db(interaction), _guild_id(interaction), sort, period, page, interaction.user.id, _now()
    )


async def show_leaderboard(interaction: discord.Interaction[Any], sort: str, period: str) -> None:
    """Answer /wizard leaderboard: the first page, privately."""

    async def run() -> None:
        if sort not in SORTS or period not in PERIODS:
            raise Refusal("Choose a sort and a period from the lists.")
        page = await _board(interaction, sort, period, 0)
        await interaction.response.send_message(
            embed=leaderboard_embed(page, _now()), view=leaderboard_view(page), ephemeral=True
        )

    await guarded(interaction, run(), "a leaderboard command")


async def show_stats(interaction: discord.Interaction[Any], member: discord.abc.User | None) -> None:
    """Answer /wizard stats: a member's card (the caller's by default), privately."""

    async def run() -> None:
        who = member or interaction.user
        card = await player_card(_db(interaction), _guild_id(interaction), who.id)
        if card is None:
            subject = "You have" if who.id == interaction.user.id else f"{who.mention} has"
            raise Refusal(f"{subject} no finished Wizard games in this server yet.")
        await interaction.response.send_message(embed=stats_embed(card, who.display_name), ephemeral=True)

    await guarded(interaction, run(), "a leaderboard command")


async def _history_message(
    interaction: discord.Interaction[Any], user_id: int, page: int
) -> tuple[discord.Embed, discord.ui.View | None]:
    games, more = await recent_games(_db(interaction), _guild_id(interaction), user_id, page)
    return history_embed(games, user_id, page), history_view(games, user_id, page, more)


async def show_history(interaction: discord.Interaction[Any], member: discord.abc.User | None) -> None:
    """Answer /wizard history: a member's recent games (the caller's by default), privately."""

    async def run() -> None:
        who = member or interaction.user
        embed, view = await _history_message(interaction, who.id, 0)
        await interaction.response.send_message(
            embed=embed, view=view or discord.utils.MISSING, ephemeral=True
        )

    await guarded(interaction, run(), "a leaderboard command")


async def handle_component(
    interaction: discord.Interaction[Any], custom_id: str, values: Sequence[str]
) -> None:
    """Every button and select of ours: page the leaderboard or the history, or show a score sheet."""
    match = CUSTOM_ID.fullmatch(custom_id)
    if match is None:
        raise Refusal("That button isn't valid.")
    if getattr(interaction.client, "closing", False):
        raise Refusal("The bot is restarting; try again in a minute.")
    if match["sort"] is not None:
        sort, period = match["sort"], match["period"]
        if sort not in SORTS or period not in PERIODS:
            raise Refusal("That button isn't valid.")
        wanted = None if match["page"] == "me" else int(match["page"])
        page = await _board(interaction, sort, period, wanted)
        await interaction.response.edit_message(
            embed=leaderboard_embed(page, _now()), view=leaderboard_view(page)
        )
        return
    user_id, page_number = int(match["user"]), int(match["hpage"])
    if match["kind"] == "hp":
        embed, view = await _history_message(interaction, user_id, page_number)
        await interaction.response.edit_message(embed=embed, view=view)
        return
    if len(values) != 1 or not values[0].isdecimal():
        raise Refusal("Pick one game from the list.")
    sheet = await score_sheet(_db(interaction), _guild_id(interaction), int(values[0]))
    if sheet is None:
        raise Refusal("That game is not in this server's records any more.")
    await interaction.response.edit_message(
        embed=score_sheet_embed(sheet), view=sheet_view(user_id, page_number)
    )


# -- erasing, after a confirmation -----------------------------------------------------------------------


class ConfirmErase(discord.ui.View):
    """A short-lived, private yes/no before records are erased."""

    def __init__(
        self,
        user_id: int,
        label: str,
        erase: Callable[[discord.Interaction[Any]], Awaitable[str]],
        allowed: Callable[[discord.Interaction[Any]], str | None] | None = None,
    ) -> None:
        super().__init__(timeout=120)
        self.user_id, self.erase, self.allowed = user_id, erase, allowed
        self.confirm.label = label
        self.asked: discord.Interaction[Any] | None = None

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id != self.user_id:
            await reply_privately(interaction, "Only the member who asked can answer this.")
            return False
        return True

    async def on_timeout(self) -> None:
        if self.asked is not None:
            try:
                await self.asked.edit_original_response(content="No answer: nothing was erased.", view=None)
            except discord.HTTPException:
                log.debug("Could not mark an erase confirmation as expired", exc_info=True)

    @discord.ui.button(label="Erase", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction[Any], _: discord.ui.Button[ConfirmErase]
    ) -> None:
        self.stop()
        refusal = self.allowed(interaction) if self.allowed is not None else None
        if refusal is not None:
            await interaction.response.edit_message(content=refusal, view=None)
            return
        try:
            text = await self.erase(interaction)
        except Exception:
            log.exception("Could not erase records")
            text = "Something went wrong on my side; nothing was erased. The error was logged."
        await interaction.response.edit_message(content=text, view=None)

    @discord.ui.button(label="Keep everything", style=discord.ButtonStyle.secondary)
    async def keep(self, interaction: discord.Interaction[Any], _: discord.ui.Button[ConfirmErase]) -> None:
        self.stop()
        await interaction.response.edit_message(content="Nothing was erased.", view=None)


async def ask(interaction: discord.Interaction[Any], question: str, view: ConfirmErase) -> None:
    """Ask the caller privately to confirm an erasure."""
    view.asked = interaction
    await interaction.response.send_message(question, view=view, ephemeral=True)


def _manager_only(interaction: discord.Interaction[Any]) -> str | None:
    """Why the caller may not manage the leaderboard, or None if they have Manage Server."""
    if interaction.permissions.manage_guild:
        return None
    return "You need the Manage Server permission for this; nothing was erased."


def _check_manager(interaction: discord.Interaction[Any]) -> None:
    # Discord's default_member_permissions can be overridden by the server's settings: check again here.
    refusal = _manager_only(interaction)
    if refusal is not None:
        raise Refusal(refusal)


def _games(count: int) -> str:
    return f"{count} {'game' if count == 1 else 'games'}"


async def ask_forget_me(interaction: discord.Interaction[Any]) -> None:
    """Answer /wizard forget-me: erase the caller's records in this server, after a confirmation."""

    async def erase(done: discord.Interaction[Any]) -> str:
        count = await erase_member(_db(done), _guild_id(done), done.user.id)
        return f"Done: your records of {_games(count)} in this server were erased."

    async def run() -> None:
        _guild_id(interaction)
        question = (
            "Erase **your** Wizard records in **this server**: your results, round-by-round sheets, stats "
            "and rating? Other servers keep theirs (run this there too), other players keep their own "
            "results, and games you finish later are recorded again. This cannot be undone."
        )
        await ask(interaction, question, ConfirmErase(interaction.user.id, "Erase my records", erase))

    await guarded(interaction, run(), "a leaderboard command")


async def ask_reset(interaction: discord.Interaction[Any]) -> None:
    """Answer /wizard-admin reset-leaderboard: check Manage Server, confirm, then reset."""

    async def erase(done: discord.Interaction[Any]) -> str:
        count = await reset_guild(_db(done), _guild_id(done))
        return f"Done: the leaderboard was reset; the records of {_games(count)} were erased."

    async def run() -> None:
        _guild_id(interaction)
        _check_manager(interaction)
        question = (
            "Reset this server's Wizard leaderboard? Every result, score sheet, stat and rating of every "
            "member in **this server** is erased. This cannot be undone."
        )
        view = ConfirmErase(interaction.user.id, "Reset the leaderboard", erase, _manager_only)
        await ask(interaction, question, view)

    await guarded(interaction, run(), "a leaderboard command")


async def ask_remove_member(interaction: discord.Interaction[Any], member: discord.abc.User) -> None:
    """Answer /wizard-admin remove-member: check Manage Server, confirm, then erase their records."""

    async def erase(done: discord.Interaction[Any]) -> str:
        count = await erase_member(_db(done), _guild_id(done), member.id)
        return f"Done: {member.mention}'s records of {_games(count)} in this server were erased."

    async def run() -> None:
        _guild_id(interaction)
        _check_manager(interaction)
        question = (
            f"Erase {member.mention}'s Wizard records in **this server**: their results, score sheets, "
            "stats and rating? Other players keep their own results. This cannot be undone."
        )
        view = ConfirmErase(interaction.user.id, "Erase their records", erase, _manager_only)
        await ask(interaction, question, view)

    await guarded(interaction, run(), "a leaderboard command")
