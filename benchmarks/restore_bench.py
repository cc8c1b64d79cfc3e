"""Restart speed: how long the bot takes to bring back N running games from its database.

Builds (or reuses, with ``--path``) a database holding N running games of 4 players, each stopped at a
random point of a random game, 4 tables per server (``--per-server``): half play an edition's base
rules, half 1 to 5 house rules (drawn as the rules core's tests draw them). The games are played offline
by the rules core with random legal moves and written through the real ``TableStore``: the lobby
(``create``, ``set_seats``), the start (``start``), then the moves with ``append``, one call per round
(the moves after a deal up to the one that deals the next round) rather than one per move, which leaves
the same rows and checkpoints and builds far quicker.

Then it times, each in a fresh connection, best and median of ``--repeat`` runs, wall time and the
process's CPU time (every thread):

- ``open_tables``: ``TableStore.open_tables()`` alone, the read of every open table;
- ``restore``: ``Restorer.restore()`` with a minimal stand-in bot, everything the bot does at
  start before it connects (the read, every game rebuilt); then what it does first in the background,
  reading each server's settings (a query per server, 1,250 for 5,000 games; a restored table waits for
  its server's settings before it takes a click). Before this work ``restore`` read them itself;
- for reference, the way restore worked before (issue 14): three queries per table
  (``TableStore.get``) and a replay of each whole action log (``Game.replay``).

Every restored game is checked against a full replay of its log (they must be equal).

Run: ``.venv/bin/python benchmarks/restore_bench.py`` (1,000 and 5,000 games; building takes about
25 s per 1,000); ``--games 5000 --path /tmp/restore.sqlite3`` keeps the database for later runs.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import MIGRATIONS_DIR
from cogs.hosting.metrics import MetricsRegistry
from cogs.server_settings.store import ServerSettingsStore
from cogs.storage import Database, open_database
from cogs.table.cog import open_tables
from cogs.table.registry import OpenTables
from cogs.table.session import TableSession
from cogs.table.store import SeatRecord, TableRecord, TableStore
from cogs.utils.config import Settings
from wizard_core import Game, Rules, RulesError
from wizard_core.variants import VARIANTS

PLAYERS = 4
FIRST_USER = 10**17
FIRST_CHANNEL = 10**16
Figures = tuple[float, float]  # wall and CPU seconds


def random_rules(rng: random.Random) -> Rules:
    """Half the games: an edition's base rules; the other half: 1 to 5 house rules R-9 allows."""
    edition = rng.choice(("classic", "camelot"))
    if rng.random() < 0.5:
        return Rules(edition)
    while True:
        chosen = frozenset(rng.sample(sorted(VARIANTS), rng.randrange(1, 6)))
        every = 3 if "nannie" in chosen and rng.random() < 0.5 else 2
        try:
            rules = Rules(edition, chosen, every)
            rules.check_players(PLAYERS)
            return rules
        except RulesError:
            continue


def random_moves(rng: random.Random, rules: Rules, seed: int) -> list[tuple[int, int]]:
    """A whole random game's moves, (seat, code)."""
    game = Game(PLAYERS, rules, seed)
    moves = []
    while not game.is_over:
        seat = rng.choice(game.to_act)
        code = rng.choice(game.legal_actions(seat))
        game.apply(code, player=seat)
        moves.append((seat, code))
    return moves


async def write_game(store: TableStore, rng: random.Random, index: int, now: float, per_server: int) -> None:
    """One running game at a random point, written as the bot writes it."""
    rules = random_rules(rng)
    seed = rng.getrandbits(63)
    moves = random_moves(rng, rules, seed)
    stop = rng.randrange(len(moves))  # never the last move: the game is still running
    users = [FIRST_USER + index * PLAYERS + seat for seat in range(PLAYERS)]
    names = [f"Player {user % 100_000}" for user in users]
    started = now - rng.uniform(600, 7200)
    record = await store.create(
        guild_id=1 + index // per_server,
        channel_id=FIRST_CHANNEL + index,
        host_id=users[0],
        host_name=names[0],
        rules=rules,
        now=started - 60,
    )
    seats = [SeatRecord(seat, users[seat], names[seat]) for seat in range(PLAYERS)]
    await store.set_seats(record.id, seats, users[0], started - 30, read_at=record.updated_at)
    game = Game(names, rules, seed)
    await store.start(record.id, seed, game.log, started, read_at=started - 30)
    # The moves, spread over the time the game has run: one append per round (from the move after a
    # deal to the move that deals the next round), as the bot's appends would have left the database
    # with nothing left to show (``news``), only quicker to build.
    step = (now - started) / (stop + 1)
    first = game.version
    for number, (seat, code) in enumerate(moves[:stop]):
        version = game.version
        game.apply(code, player=seat)
        dealt = game.version > version + 1
        if dealt or number == stop - 1:
            at = started + step * (number + 1)
            await store.append(record.id, first, game.log[first:], at, game=game)
            first = game.version


async def build(path: Path, games: int, seed: int, per_server: int) -> None:
    db = await open_database(path, MIGRATIONS_DIR)
    try:
        # Building only: no fsync per transaction.
        await db.execute("PRAGMA synchronous = OFF")
        store = TableStore(db)
        rng = random.Random(seed)
        now = time.time()
        started = time.perf_counter()
        for index in range(games):
            await write_game(store, rng, index, now, per_server)
            if (index + 1) % 500 == 0:
                print(f"  built {index + 1} games in {time.perf_counter() - started:.0f} s", flush=True)
        await db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        await db.close()


def stand_in_bot(db: Database) -> Any:
    """What the table service reads of the bot before it talks to Discord: the bot's own settings (its
    defaults, computers without a pause) and nothing of Discord's cache."""
    return SimpleNamespace(
        settings=dataclasses.replace(Settings(), computer_delay=0.0, computer_budget_ms=5.0),
        closing=False,
        db=db,
        metrics=MetricsRegistry("wizard"),
        get_channel=lambda _id: None,
        get_guild=lambda _id: None,
    )


class Clock:
    """Wall time and this process's CPU time (every thread: the database's too) of what runs inside."""

    def __enter__(self) -> Clock:
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *_: object) -> None:
        self.wall, self.cpu = time.perf_counter() - self.wall, time.process_time() - self.cpu

    @property
    def figures(self) -> Figures:
        return self.wall, self.cpu


async def time_open_tables(path: Path) -> Figures:
    db = await open_database(path, MIGRATIONS_DIR)
    try:
        with Clock() as clock:
            await TableStore(db).open_tables()
        return clock.figures
    finally:
        await db.close()


async def time_restore(path: Path, *, check: bool = False) -> tuple[Figures, Figures | None]:
    """``Restorer.restore``, then the first thing the bot does after it, in the background: reading
    every restored table's server settings (None where ``restore`` still reads them itself)."""
    db = await open_database(path, MIGRATIONS_DIR)
    try:
        store = TableStore(db)
        tables, _, restorer = open_tables(stand_in_bot(db), store, ServerSettingsStore(db))
        with Clock() as clock:
            await restorer.restore()
        # The rest of what follows (catching up with Discord) is not measured: stopped here.
        restorer.close()
        tables.close()
        settings = None
        apply_settings = getattr(restorer, "_apply_settings_after_restart", None)
        if apply_settings is not None:
            with Clock() as settings:
                await apply_settings(list(tables.sessions.values()))
        if check:
            await check_equal(store, tables)
        return clock.figures, None if settings is None else settings.figures
    finally:
        await db.close()


async def check_equal(store: TableStore, tables: OpenTables[TableSession]) -> None:
    """Every restored game equals a full replay of its log."""
    for session in tables.sessions.values():
        table = session.table
        record = await store.get(table.id)
        assert record is not None and record.seed is not None
        full = Game.replay([s.name for s in record.seats], record.table_rules, record.seed, record.log)
        assert table.game == full and table.game is not None and table.game.log == full.log, table.id
    print(f"  checked: {len(tables.sessions)} restored games equal a full replay of their logs")


async def time_per_table(path: Path) -> tuple[Figures, Figures]:
    """The way restore worked before: three queries per table (``TableStore.get``), then a replay of
    every whole log. The (wall, CPU) seconds of each."""
    db = await open_database(path, MIGRATIONS_DIR)
    try:
        store = TableStore(db)
        with Clock() as read:
            rows = await db.fetchall("SELECT id FROM tables WHERE status IN ('lobby', 'playing') ORDER BY id")
            records = [await store.get(row["id"]) for row in rows]
        with Clock() as replay:
            for record in cast("list[TableRecord]", records):
                assert record.seed is not None
                Game.replay([s.name for s in record.seats], record.table_rules, record.seed, record.log)
        return read.figures, replay.figures
    finally:
        await db.close()


def figures(runs: list[Figures]) -> str:
    walls, cpus = [wall for wall, _ in runs], [cpu for _, cpu in runs]
    return (
        f"wall best {min(walls):6.3f} s, median {statistics.median(walls):6.3f} s;"
        f"  CPU best {min(cpus):6.3f} s, median {statistics.median(cpus):6.3f} s"
    )


async def repeat(times: int, measure: Callable[[], Awaitable[Figures]]) -> list[Figures]:
    return [await measure() for _ in range(times)]


async def bench(path: Path, games: int, seed: int, repeats: int, per_server: int) -> None:
    if not path.exists():
        print(f"Building {games} running games in {path} ...", flush=True)
        started = time.perf_counter()
        await build(path, games, seed, per_server)
        print(f"  built in {time.perf_counter() - started:.0f} s")
    db = await open_database(path, MIGRATIONS_DIR)
    try:
        count = await db.fetchone("SELECT count(*) AS n FROM tables WHERE status = 'playing'")
        actions = await db.fetchone("SELECT count(*) AS n FROM actions")
    finally:
        await db.close()
    assert count is not None and actions is not None
    print(f"{count['n']} running games, {actions['n']} logged actions ({path.stat().st_size >> 20} MiB)")
    print(f"  open_tables            {figures(await repeat(repeats, lambda: time_open_tables(path)))}")
    runs = [await time_restore(path, check=True)]
    runs += [await time_restore(path) for _ in range(repeats - 1)]
    print(f"  restore                {figures([restore for restore, _ in runs])}")
    settings = [after for _, after in runs if after is not None]
    if settings:
        print(f"  then servers' settings {figures(settings)}")
    old = [await time_per_table(path) for _ in range(max(1, repeats // 2))]
    print(f"  per table: 3 queries   {figures([read for read, _ in old])}")
    print(f"  per table: full replay {figures([replay for _, replay in old])}")
    together = [(read[0] + replay[0], read[1] + replay[1]) for read, replay in old]
    print(f"  per table: together    {figures(together)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, nargs="*", default=[1000, 5000], help="running games (each size)"
    )
    parser.add_argument("--path", type=Path, help="the database to build or reuse (one size only)")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--per-server", type=int, default=4, help="running tables per server")
    arguments = parser.parse_args()
    if arguments.path is not None and len(arguments.games) != 1:
        parser.error("--path goes with one --games size")
    with tempfile.TemporaryDirectory() as folder:
        for games in arguments.games:
            path = arguments.path or Path(folder) / f"restore-{games}.sqlite3"
            asyncio.run(bench(path, games, arguments.seed, arguments.repeat, arguments.per_server))


if __name__ == "__main__":
    main()
