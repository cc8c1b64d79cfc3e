"""What a finished game leaves behind, and writing it: rounds, ratings and the players' aggregates.

``record_game`` runs inside the transaction of ``TableStore.finish`` that marks a game finished and
writes its ``game_results`` rows. It stores every round (with its hand size) and each computer's name
and level; rates the game's members (``ratings``); and adds the game to each member's aggregates for
all time, its calendar month, its week (``periods``) and the server's open season (``seasons``), which
leaderboard pages, stats cards and server records read so they never scan a server's results. A
practice game (played with the coach) is stored and marked, but counts in none of them. Computers'
results and rounds are stored, but they get no rating and no aggregates: they are never ranked, and
their ids are only unique within one table.

No Discord here: the table store imports this module, and a store imports no UI.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cogs.leaderboard.periods import PERIODS, period_start
from cogs.leaderboard.ratings import MIN_MEMBERS, Rating, rate_members
from cogs.leaderboard.seasons import SEASON, crown_again, settle
from cogs.storage import Connection, Database, placeholders
from wizard_core import GameResult, RoundResult

log = logging.getLogger(__name__)

# The meta key a migration sets when every rating and aggregate must be computed again (``rebuild``).
REBUILD_KEY = "leaderboard_rebuild"

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
    """One player's part of a finished game; a computer's also has its name and level from the table."""

    seat: int
    user_id: int
    score: int
    place: int
    won: bool
    shared_win: bool
    rounds: tuple[RoundLine, ...]
    computer: bool = False
    name: str | None = None
    level: str | None = None

    @property
    def exact_bids(self) -> int:
        """Rounds in which the player took exactly the tricks they bid."""
        return sum(r.exact for r in self.rounds)

    @property
    def bid_rounds(self) -> int:
        """Rounds in which the player bid: the rounds of the bid statistics."""
        return sum(r.bid is not None for r in self.rounds)

    @property
    def best_streak(self) -> int:
        """The most rounds in a row in which the player made their bid (a round without a bid, the
        Saboteur dealer's, neither counts nor breaks the run)."""
        best = run = 0
        for line in self.rounds:
            if line.bid is None:
                continue
            run = run + 1 if line.exact else 0
            best = max(best, run)
        return best


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game as the leaderboard records it."""

    table_id: int
    guild_id: int
    edition: str
    finished_at: float
    players: tuple[PlayerResult, ...]
    # The season the game counts in (``seasons``), None outside any.
    season_id: int | None = None

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
        names: Sequence[str] = (),
        levels: Sequence[str | None] = (),
    ) -> FinishedGame:
        """The game of ``result``, its seats in seat order: ``user_ids``, and optionally ``names`` and
        ``levels`` (a computer's level, None for a member). A seat is a computer's when it has a level or
        is in ``computers``.

        A player eliminated by Nannie's Rule keeps the rounds up to their elimination; the later ones,
        which they sat out, are left out.
        """
        computer_seats = set(computers) | {seat for seat, level in enumerate(levels) if level is not None}
        players = []
        for seat, user_id in enumerate(user_ids):
            computer = seat in computer_seats
            players.append(
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
                    computer=computer,
                    name=names[seat] if computer and names else None,
                    level=levels[seat] if computer and levels else None,
                )
            )
        return cls(table_id, guild_id, edition, finished_at, tuple(players))

    @property
    def members(self) -> tuple[PlayerResult, ...]:
        """The players who are members, not computers."""
        return tuple(p for p in self.players if not p.computer)


def _rounds_played(result: GameResult, seat: int) -> list[RoundResult]:
    """The rounds of a game up to the one after which Nannie's Rule eliminated ``seat``, if it did."""
    rounds = []
    for row in result.rounds:
        rounds.append(row)
        if seat in row.eliminated:
            break
    return rounds


# -- recording a game ------------------------------------------------------------------------------------

INSERT_ROUND = (
    "INSERT INTO game_rounds (table_id, seat, round_number, cards, bid, tricks, points)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)
NAME_COMPUTER = "UPDATE game_results SET name = ?, level = ? WHERE table_id = ? AND seat = ?"
# What processes sharing the database serialize on to change the leaderboards (``Connection.serialize``).
LEADERBOARDS = "leaderboard"
UPSERT_STATS = (
    "INSERT INTO player_stats (guild_id, period, start, user_id, games, wins, shared_wins,"
    " score_sum, best_score, rounds, exact_bids, best_streak, last_played, mu, sigma, rated_games)"
    " VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id, period, start, user_id) DO UPDATE SET"
    " games = player_stats.games + 1, wins = player_stats.wins + excluded.wins,"
    " shared_wins = player_stats.shared_wins + excluded.shared_wins,"
    " score_sum = player_stats.score_sum + excluded.score_sum,"
    " best_score = CASE WHEN excluded.best_score > player_stats.best_score"
    " THEN excluded.best_score ELSE player_stats.best_score END,"
    " rounds = player_stats.rounds + excluded.rounds,"
    " exact_bids = player_stats.exact_bids + excluded.exact_bids,"
    " best_streak = CASE WHEN excluded.best_streak > player_stats.best_streak"
    " THEN excluded.best_streak ELSE player_stats.best_streak END,"
    " last_played = CASE WHEN excluded.last_played > player_stats.last_played"
    " THEN excluded.last_played ELSE player_stats.last_played END, mu = excluded.mu, sigma = excluded.sigma,"
    " rated_games = excluded.rated_games"
)
UPSERT_HAND = (
    "INSERT INTO player_hand_stats (guild_id, user_id, cards, rounds, exact_bids) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id, user_id, cards) DO UPDATE SET"
    " rounds = player_hand_stats.rounds + excluded.rounds,"
    " exact_bids = player_hand_stats.exact_bids + excluded.exact_bids"
)
UPSERT_RATING = (
    "INSERT INTO player_ratings (guild_id, user_id, mu, sigma, games, updated_at)"
    " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
    " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, updated_at = excluded.updated_at"
)
INSERT_HISTORY = (
    "INSERT INTO rating_history (table_id, seat, guild_id, user_id, finished_at, mu_before, sigma_before,"
    " mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
SELECT_RATINGS = "SELECT user_id, mu, sigma, games FROM player_ratings WHERE guild_id = ? AND user_id IN ({})"
# A season's own ratings (a season with fresh ratings): its board's rows hold them.
SELECT_SEASON_RATINGS = (
    "SELECT user_id, mu, sigma, rated_games FROM player_stats WHERE guild_id = ? AND period = 'season'"
    " AND start = ? AND user_id IN ({})"
)
MARK_GAME = "UPDATE game_results SET season_id = ?, practice = ? WHERE table_id = ?"


@dataclass
class GameRows:
    """The parameters of every statement that records one game, statement by statement."""

    rounds: list[tuple[Any, ...]] = field(default_factory=list)
    computers: list[tuple[Any, ...]] = field(default_factory=list)
    stats: list[tuple[Any, ...]] = field(default_factory=list)
    hands: list[tuple[Any, ...]] = field(default_factory=list)
    ratings: list[tuple[Any, ...]] = field(default_factory=list)
    history: list[tuple[Any, ...]] = field(default_factory=list)

    def statements(self, *, derived_only: bool = False) -> list[tuple[str, list[tuple[Any, ...]]]]:
        """(SQL, parameter rows) pairs in the order they are executed.

        ``derived_only`` leaves out what belongs to the game itself (its rounds, its computers' names),
        which a rebuild keeps.
        """
        derived = [
            (UPSERT_STATS, self.stats),
            (UPSERT_HAND, self.hands),
            (UPSERT_RATING, self.ratings),
            (INSERT_HISTORY, self.history),
        ]
        if derived_only:
            return derived
        return [(INSERT_ROUND, self.rounds), (NAME_COMPUTER, self.computers), *derived]


def game_rows(
    game: FinishedGame, priors: Sequence[Rating], *, season_ratings: Sequence[Rating] | None = None
) -> tuple[GameRows, list[Rating]]:
    """What recording ``game`` writes, given each player's rating before it (in seat order), and each
    player's rating after it (a computer's, or everyone's in a game of one member, unchanged).

    ``season_ratings`` are the players' ratings of the game's season after it, for a season that rates
    its games from scratch; else its board shows the all-time ratings, as a month's does.
    """
    after = rate_members(priors, [p.place for p in game.players], [not p.computer for p in game.players])
    rated = len(game.members) >= MIN_MEMBERS
    rows = GameRows()
    g, at = game.guild_id, game.finished_at
    for player, before, new in zip(game.players, priors, after, strict=True):
        rows.rounds.extend(_round_rows(game.table_id, player))
        if player.computer:
            rows.computers.append((player.name, player.level, game.table_id, player.seat))
            continue
        rows.stats.extend(_stats_rows(g, at, player, new))
        if game.season_id is not None:
            seasonal = new if season_ratings is None else season_ratings[player.seat]
            rows.stats.append(_stats_row(g, SEASON, game.season_id, at, player, seasonal))
        rows.hands.extend(_hand_rows(g, player))
        if rated:
            user = player.user_id
            rows.ratings.append((g, user, new.mu, new.sigma, new.games, at))
            changed = (before.mu, before.sigma, new.mu, new.sigma)
            rows.history.append((game.table_id, player.seat, g, user, at, *changed))
    return rows, after


def _round_rows(table_id: int, player: PlayerResult) -> Iterator[tuple[Any, ...]]:
    for number, line in enumerate(player.rounds, start=1):
        # A round without a bid (the Saboteur dealer's) has no row: the table holds bids (0003's CHECK);
        # game_results.rounds keeps it, and the score sheet reads it from there.
        if line.bid is not None:
            yield (table_id, player.seat, number, line.cards, line.bid, line.tricks, line.points)


def _stats_rows(guild_id: int, at: float, player: PlayerResult, rating: Rating) -> Iterator[tuple[Any, ...]]:
    for period in PERIODS:
        yield _stats_row(guild_id, period, period_start(period, at), at, player, rating)


def _stats_row(
    guild_id: int, period: str, start: int, at: float, player: PlayerResult, rating: Rating
) -> tuple[Any, ...]:
    return (
        guild_id,
        period,
        start,
        player.user_id,
        int(player.won),
        int(player.shared_win),
        player.score,
        player.score,
        player.bid_rounds,
        player.exact_bids,
        player.best_streak,
        at,
        rating.mu,
        rating.sigma,
        rating.games,
    )


def _hand_rows(guild_id: int, player: PlayerResult) -> Iterator[tuple[Any, ...]]:
    hands: Counter[int] = Counter()
    exact: Counter[int] = Counter()
    for line in player.rounds:
        if line.bid is not None:
            hands[line.cards] += 1
            exact[line.cards] += line.exact
    for cards, count in sorted(hands.items()):
        yield (guild_id, player.user_id, cards, count, exact[cards])


async def hold_boards(conn: Connection, guild_id: int) -> None:
    """Keep other processes from changing this server's leaderboard until the transaction ends (a
    rebuild of every board waits for it, and it for a rebuild)."""
    await conn.serialize(LEADERBOARDS, shared=True)
    await conn.serialize(f"{LEADERBOARDS}:{guild_id}")


async def record_game(conn: Connection, game: FinishedGame, *, practice: bool = False) -> None:
    """Record a finished game whose game_results rows were just written, inside the caller's transaction.

    The game counts in the server's open season, if any (settled at the game's end first). A
    ``practice`` game (played with the coach) keeps its rounds, for history and its score sheet, and is
    marked so: it changes no rating, board, stat or record.

    Another process may be recording a game of the same server: the server's ratings and totals are
    read and written by one at a time.
    """
    await hold_boards(conn, game.guild_id)
    if practice:
        await conn.execute(MARK_GAME, (None, 1, game.table_id))
        rounds = [row for player in game.players for row in _round_rows(game.table_id, player)]
        await conn.executemany(INSERT_ROUND, rounds)
        named = [(p.name, p.level, game.table_id, p.seat) for p in game.players if p.computer]
        await conn.executemany(NAME_COMPUTER, named)
        return
    season = await settle(conn, game.guild_id, game.finished_at)
    season_ratings = None
    if season is not None:
        game = replace(game, season_id=season.id)
        await conn.execute(MARK_GAME, (season.id, 0, game.table_id))
    members = [p.user_id for p in game.members]
    priors = await _ratings(conn, SELECT_RATINGS, (game.guild_id,), members)
    if season is not None and season.fresh_ratings:
        seasonal = await _ratings(conn, SELECT_SEASON_RATINGS, (game.guild_id, season.id), members)
        season_ratings = _rated(game, [seasonal.get(p.user_id, Rating()) for p in game.players])
    rows, _ = game_rows(
        game, [priors.get(p.user_id, Rating()) for p in game.players], season_ratings=season_ratings
    )
    for sql, parameters in rows.statements():
        await conn.executemany(sql, parameters)


async def _ratings(
    conn: Connection, sql: str, head: tuple[Any, ...], members: Sequence[int]
) -> dict[int, Rating]:
    """Members' stored ratings read by ``sql`` (its parameters ``head``, then the members)."""
    if not members:
        return {}
    found = await conn.fetchall(sql.format(placeholders(len(members))), (*head, *members))
    return {row[0]: Rating(row[1], row[2], row[3]) for row in found}


def _rated(game: FinishedGame, priors: Sequence[Rating]) -> list[Rating]:
    """Every seat's rating after the game, from these priors (members rated among themselves)."""
    return rate_members(priors, [p.place for p in game.players], [not p.computer for p in game.players])


# -- recomputing everything ------------------------------------------------------------------------------

STORED_RESULTS = (
    "SELECT table_id, guild_id, seat, user_id, edition, score, place, won, shared_win, computer,"
    " finished_at, season_id FROM game_results WHERE practice = 0 ORDER BY finished_at, table_id, seat"
)
CLEAR_DERIVED = (
    "DELETE FROM player_stats",
    "DELETE FROM player_hand_stats",
    "DELETE FROM player_ratings",
    "DELETE FROM rating_history",
)
STORED_ROUNDS = (
    "SELECT seat, cards, bid, tricks, points FROM game_rounds WHERE table_id = ? ORDER BY seat, round_number"
)


async def rebuild(db: Database) -> int:
    """Recompute every rating, rating history and aggregate from the stored results; returns the games.

    Games are replayed in the order they finished, which is the order the bot records them in, so the
    result is what recording them one by one gave (or, after a change of the rules, would have given).
    """
    async with db.transaction() as conn:
        await conn.serialize(LEADERBOARDS)
        return await _rebuild(conn)


async def _rebuild(conn: Connection) -> int:
    """``rebuild`` inside a transaction that holds the leaderboards' lock."""
    for sql in CLEAR_DERIVED:
        await conn.execute(sql)
    fresh = {row[0] for row in await conn.fetchall("SELECT id FROM seasons WHERE fresh_ratings = 1")}
    # Ratings by (server, member), and the own ratings of seasons with fresh ones by (season, member).
    ratings: dict[tuple[int, int], Rating] = {}
    seasonal: dict[tuple[int | None, int], Rating] = {}
    games = 0
    async for game in _stored_games(conn):
        games += 1
        priors = [ratings.get((game.guild_id, p.user_id), Rating()) for p in game.players]
        season_ratings = None
        if game.season_id in fresh:
            own = [seasonal.get((game.season_id, p.user_id), Rating()) for p in game.players]
            season_ratings = _rated(game, own)
        rows, after = game_rows(game, priors, season_ratings=season_ratings)
        for player, new in zip(game.players, after, strict=True):
            if not player.computer:
                ratings[game.guild_id, player.user_id] = new
                if season_ratings is not None:
                    seasonal[game.season_id, player.user_id] = season_ratings[player.seat]
        for sql, parameters in rows.statements(derived_only=True):
            await conn.executemany(sql, parameters)
    for (guild_id,) in await conn.fetchall("SELECT DISTINCT guild_id FROM seasons"):
        await crown_again(conn, guild_id)
    await conn.execute("DELETE FROM meta WHERE key = ?", (REBUILD_KEY,))
    return games


async def _stored_games(conn: Connection) -> AsyncIterator[FinishedGame]:
    """Every stored game, in the order the games finished."""
    results = await conn.fetchall(STORED_RESULTS)
    seats_of: dict[int, list[Any]] = {}
    for row in results:
        seats_of.setdefault(row[0], []).append(row)
    for table_id, seats in seats_of.items():
        by_seat: dict[int, list[RoundLine]] = {}
        for seat, cards, bid, tricks, points in await conn.fetchall(STORED_ROUNDS, (table_id,)):
            by_seat.setdefault(seat, []).append(RoundLine(cards, bid, tricks, points))
        players = tuple(
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
        )
        first = seats[0]
        yield FinishedGame(table_id, first[1], first[4], first[10], players, first[11])


async def rebuild_if_pending(db: Database) -> bool:
    """Run ``rebuild`` once when a migration asked for it (0003 for older results, 0006 for issue 19);
    returns whether this call rebuilt.

    Processes that start together on one database may all find the request: each looks again once it
    holds the leaderboards' lock, so the first one rebuilds and the others find the request gone.
    """
    if await db.get_meta(REBUILD_KEY) is None:
        return False  # the usual start: nothing asked, no lock taken
    async with db.transaction() as conn:
        await conn.serialize(LEADERBOARDS)
        if await conn.fetchone("SELECT value FROM meta WHERE key = ?", (REBUILD_KEY,)) is None:
            return False  # another process rebuilt while this one waited for the lock
        count = await _rebuild(conn)
    log.info("Computed leaderboards and ratings from %d earlier game(s)", count)
    return True
