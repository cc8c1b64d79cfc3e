"""Reading a server's records: leaderboard pages, a member's stats card, their history and score sheets.

Everything is keyed by server (``guild_id``): no query reads another server's rows. Pages and cards read
the aggregates ``results.record_game`` keeps, so they never scan a server's results. No Discord here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from cogs.leaderboard.periods import PERIODS, period_start
from cogs.leaderboard.ratings import Rating, display_rating
from cogs.leaderboard.results import RoundLine
from cogs.leaderboard.seasons import SEASON, Season
from cogs.storage import Database, placeholders

PAGE_SIZE = 10
HISTORY_PAGE_SIZE = 10
TREND_GAMES = 10
SORTS = {
    "rating": "Rating",
    "wins": "Wins",
    "winrate": "Win rate",
    "average": "Average score",
    "accuracy": "Bid accuracy",
}
# The sorts by a rate, where a player with fewer than ratings.MIN_GAMES games in the period comes last.
RATE_SORTS = ("winrate", "average", "accuracy")

# Each sort reads its own index of player_stats (migration 0006), whose ranking expressions these
# queries repeat exactly: a page is a short index walk, and a member's place is the count of index
# entries before theirs. Parameters: ?1 guild, ?2 period, ?3 period start, then a page's size and
# offset, or the member.
PAGE_QUERIES = {
    "rating": "SELECT user_id, games, wins, shared_wins, score_sum, best_score, rounds, exact_bids, mu,"
    " sigma, rated_games FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " ORDER BY 3 * sigma - mu, -games, user_id LIMIT ?4 OFFSET ?5",
    "wins": "SELECT user_id, games, wins, shared_wins, score_sum, best_score, rounds, exact_bids, mu,"
    " sigma, rated_games FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " ORDER BY -wins, -games, user_id LIMIT ?4 OFFSET ?5",
    "winrate": "SELECT user_id, games, wins, shared_wins, score_sum, best_score, rounds, exact_bids, mu,"
    " sigma, rated_games FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " ORDER BY games < 5, -1.0 * wins / games, -games, user_id LIMIT ?4 OFFSET ?5",
    "average": "SELECT user_id, games, wins, shared_wins, score_sum, best_score, rounds, exact_bids, mu,"
    " sigma, rated_games FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " ORDER BY games < 5, -1.0 * score_sum / games, -games, user_id LIMIT ?4 OFFSET ?5",
    "accuracy": "SELECT user_id, games, wins, shared_wins, score_sum, best_score, rounds, exact_bids, mu,"
    " sigma, rated_games FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " ORDER BY games < 5, -1.0 * exact_bids / rounds, -games, user_id LIMIT ?4 OFFSET ?5",
}
AHEAD_QUERIES = {
    "rating": "SELECT COUNT(*) FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND (3 * sigma - mu, -games, user_id) < (SELECT 3 * sigma - mu, -games, user_id"
    " FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3 AND user_id = ?4)",
    "wins": "SELECT COUNT(*) FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND (-wins, -games, user_id) < (SELECT -wins, -games, user_id"
    " FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3 AND user_id = ?4)",
    "winrate": "SELECT COUNT(*) FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND (games < 5, -1.0 * wins / games, -games, user_id)"
    " < (SELECT games < 5, -1.0 * wins / games, -games, user_id"
    " FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3 AND user_id = ?4)",
    "average": "SELECT COUNT(*) FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND (games < 5, -1.0 * score_sum / games, -games, user_id)"
    " < (SELECT games < 5, -1.0 * score_sum / games, -games, user_id"
    " FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3 AND user_id = ?4)",
    "accuracy": "SELECT COUNT(*) FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND (games < 5, -1.0 * exact_bids / rounds, -games, user_id)"
    " < (SELECT games < 5, -1.0 * exact_bids / rounds, -games, user_id"
    " FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3 AND user_id = ?4)",
}
BOARD_SIZE = "SELECT COUNT(*) FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
# A member's line with the count of those ahead of them and the board's size, in one statement.
MEMBER_QUERIES = {
    sort: "SELECT user_id, games, wins, shared_wins, score_sum, best_score, rounds, exact_bids, mu, sigma,"
    " rated_games, (" + ahead + ") AS ahead, (" + BOARD_SIZE + ") AS players"
    " FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3 AND user_id = ?4"
    for sort, ahead in AHEAD_QUERIES.items()
}


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
    # The season whose board this is (``period`` is then "season").
    season: Season | None = None

    @property
    def pages(self) -> int:
        """How many pages the whole leaderboard has (at least 1)."""
        return max(1, -(-self.total // PAGE_SIZE))


def _board_line(position: int, row: Any) -> BoardLine:
    totals = Totals(*(row[i] for i in range(1, 8)))
    return BoardLine(position, row["user_id"], totals, Rating(row["mu"], row["sigma"], row["rated_games"]))


async def _member_line(
    db: Database, guild_id: int, sort: str, period: str, start: int, user_id: int
) -> tuple[BoardLine | None, int]:
    """A member's line of one board with their place on it (None without a game in the period), and
    how many players the board has."""
    mine = await db.fetchone(MEMBER_QUERIES[sort], (guild_id, period, start, user_id))
    if mine is not None:
        return _board_line(int(mine["ahead"]) + 1, mine), int(mine["players"])
    size = await db.fetchone(BOARD_SIZE, (guild_id, period, start))
    return None, int(size[0]) if size is not None else 0


async def leaderboard_page(
    db: Database,
    guild_id: int,
    sort: str,
    period: str,
    page: int | None,
    user_id: int,
    now: float,
    *,
    season: Season | None = None,
) -> BoardPage:
    """Page ``page`` (0-based; None: the caller's) of the leaderboard for the period holding ``now``, or
    of a season's board (``season``, whatever ``period`` says)."""
    if sort not in SORTS or (season is None and period not in PERIODS):
        raise ValueError(f"unknown sort {sort!r} or period {period!r}")
    period, start = board_key(period, now, season)
    me, total = await _member_line(db, guild_id, sort, period, start, user_id)
    last = max(0, -(-total // PAGE_SIZE) - 1)
    if page is None:
        number = (me.position - 1) // PAGE_SIZE if me is not None else 0
    else:
        number = min(max(page, 0), last)
    rows = await db.fetchall(PAGE_QUERIES[sort], (guild_id, period, start, PAGE_SIZE, number * PAGE_SIZE))
    lines = tuple(_board_line(number * PAGE_SIZE + i, row) for i, row in enumerate(rows, start=1))
    return BoardPage(sort, period, number, total, lines, me, season)


def board_key(period: str, now: float, season: Season | None) -> tuple[str, int]:
    """The ``player_stats`` key of a board: a season's (its id as the start) or the period's at ``now``."""
    if season is not None:
        return SEASON, season.id
    return period, period_start(period, now)


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """Everything the stats card shows about one member of one server."""

    user_id: int
    totals: Totals
    rating: Rating
    rank: int
    ranked_players: int
    hands: tuple[tuple[int, int, int], ...]
    trend: tuple[int, ...]
    season: Season | None = None


async def player_card(
    db: Database, guild_id: int, user_id: int, season: Season | None = None
) -> PlayerCard | None:
    """A member's all-time stats in a server (or a season's), or None if they have no recorded game there.

    Their rank is their place on the board by rating, so the card and the board agree. A season's card
    has no trend nor hand sizes: those are kept for all time only.
    """
    period, start = board_key("all", 0, season)
    line, players = await _member_line(db, guild_id, "rating", period, start, user_id)
    if line is None:
        return None
    if season is not None:
        return PlayerCard(user_id, line.totals, line.rating, line.position, players, (), (), season)
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
    return PlayerCard(
        user_id=user_id,
        totals=line.totals,
        rating=line.rating,
        rank=line.position,
        ranked_players=players,
        hands=tuple((h[0], h[1], h[2]) for h in hands),
        trend=tuple(trend),
    )


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's line in a past game; a computer's has the name and level the table showed."""

    seat: int
    user_id: int
    score: int
    place: int
    computer: bool
    name: str | None = None
    level: str | None = None


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A past game: when, which edition, who, and the final scores (erased players are missing)."""

    table_id: int
    edition: str
    finished_at: float
    players: int
    seats: tuple[Seat, ...]
    # Played with the coach: in history, but in no rating, board or record.
    practice: bool = False

    def seat_of(self, user_id: int) -> Seat | None:
        """The line of a member in this game."""
        return next((s for s in self.seats if s.user_id == user_id and not s.computer), None)


async def recent_games(
    db: Database, guild_id: int, user_id: int, page: int, season: Season | None = None
) -> tuple[list[GameSummary], bool]:
    """A page of a member's games in a server (or in one of its seasons), newest first, and whether
    older ones exist."""
    offset = max(page, 0) * HISTORY_PAGE_SIZE
    if season is None:
        rows = await db.fetchall(
            "SELECT table_id FROM game_results WHERE guild_id = ? AND user_id = ?"
            " ORDER BY finished_at DESC, table_id DESC LIMIT ? OFFSET ?",
            (guild_id, user_id, HISTORY_PAGE_SIZE + 1, offset),
        )
    else:
        # The season's stretch of the member's games (the index's range), then those it counted.
        rows = await db.fetchall(
            "SELECT table_id FROM game_results WHERE guild_id = ? AND user_id = ? AND finished_at >= ?"
            " AND season_id = ? ORDER BY finished_at DESC, table_id DESC LIMIT ? OFFSET ?",
            (guild_id, user_id, season.started_at, season.id, HISTORY_PAGE_SIZE + 1, offset),
        )
    ids = [row[0] for row in rows[:HISTORY_PAGE_SIZE]]
    games = await _summaries(db, guild_id, ids)
    return [games[i] for i in ids if i in games], len(rows) > HISTORY_PAGE_SIZE


async def _summaries(db: Database, guild_id: int, table_ids: Sequence[int]) -> dict[int, GameSummary]:
    if not table_ids:
        return {}
    rows = await db.fetchall(
        "SELECT table_id, edition, finished_at, players, seat, user_id, score, place, computer, name, level,"
        f" practice FROM game_results WHERE guild_id = ? AND table_id IN ({placeholders(len(table_ids))})"
        " ORDER BY table_id, seat",
        (guild_id, *table_ids),
    )
    games: dict[int, GameSummary] = {}
    seats: dict[int, list[Seat]] = {}
    for row in rows:
        table_id, edition, finished_at, players, seat, user, score, place, computer, name, level = row[:11]
        if table_id not in games:
            games[table_id] = GameSummary(table_id, edition, finished_at, players, (), bool(row[11]))
        seats.setdefault(table_id, []).append(Seat(seat, user, score, place, bool(computer), name, level))
    return {table_id: replace(game, seats=tuple(seats[table_id])) for table_id, game in games.items()}


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
        # Rounds without a bid (the Saboteur dealer's) have no game_rounds row: they come from the
        # result's JSON, [bid, tricks, points] with a null bid, their hand size from another seat's row.
        lines = by_number.get(seat, {})
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


# -- server records --------------------------------------------------------------------------------------

# Who holds a record on a board: every member with the board's best value. Parameters: ?1 server,
# ?2 period, ?3 start, ?4 how many holders to name.
RECORD_HOLDERS = {
    "score": "SELECT user_id, best_score FROM player_stats WHERE guild_id = ?1 AND period = ?2 AND start = ?3"
    " AND best_score = (SELECT MAX(best_score) FROM player_stats WHERE guild_id = ?1 AND period = ?2"
    " AND start = ?3) ORDER BY user_id LIMIT ?4",
    "streak": "SELECT user_id, best_streak FROM player_stats WHERE guild_id = ?1 AND period = ?2"
    " AND start = ?3 AND best_streak > 0 AND best_streak = (SELECT MAX(best_streak) FROM player_stats"
    " WHERE guild_id = ?1 AND period = ?2 AND start = ?3) ORDER BY user_id LIMIT ?4",
}
# The best bid accuracy among members with enough games: ties go to more rounds, then the lower id.
BEST_ACCURACY = (
    "SELECT user_id, exact_bids, rounds, games FROM player_stats WHERE guild_id = ? AND period = ?"
    " AND start = ? AND games >= ? ORDER BY -1.0 * exact_bids / rounds, -rounds, user_id LIMIT 1"
)
# Games a member needs on the board for the bid accuracy record.
RECORD_MIN_GAMES = 10
# How many holders of one record are named (more share it only on a tiny board).
RECORD_HOLDERS_SHOWN = 5


@dataclass(frozen=True, slots=True)
class ServerRecords:
    """A board's records, each with its holders (members only: computers keep no aggregates)."""

    season: Season | None
    high_score: tuple[int, tuple[int, ...]] | None
    streak: tuple[int, tuple[int, ...]] | None
    accuracy: tuple[int, int, int, int] | None  # user, exact bids, rounds, games


async def _holders(
    db: Database, record: str, key: tuple[int, str, int]
) -> tuple[int, tuple[int, ...]] | None:
    """A record's value and its holders, or None on an empty board (or no bid ever made)."""
    rows = await db.fetchall(RECORD_HOLDERS[record], (*key, RECORD_HOLDERS_SHOWN))
    if not rows:
        return None
    return int(rows[0][1]), tuple(int(row[0]) for row in rows)


async def server_records(db: Database, guild_id: int, season: Season | None = None) -> ServerRecords:
    """The server's all-time records (or a season's): highest score, most bids made in a row in one game,
    best bid accuracy over at least ``RECORD_MIN_GAMES`` games."""
    period, start = board_key("all", 0, season)
    key = (guild_id, period, start)
    best = await db.fetchone(BEST_ACCURACY, (*key, RECORD_MIN_GAMES))
    accuracy = None if best is None else (int(best[0]), int(best[1]), int(best[2]), int(best[3]))
    return ServerRecords(
        season, await _holders(db, "score", key), await _holders(db, "streak", key), accuracy
    )
