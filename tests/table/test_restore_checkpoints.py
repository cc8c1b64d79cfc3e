"""Fast restarts: a running game comes back from its latest checkpoint, equal to a replay of its whole log.

The rules core's ``Game.checkpoint`` holds the state of a game, and ``Game.replay(..., checkpoint=...)``
replays only the log after it. The table store writes a checkpoint as each round is dealt and reads every
open table in a few statements; a damaged checkpoint is only a cache (the whole log decides), a damaged
entry still sets its table aside.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import AsyncIterator, Callable
from typing import Any

import db_helpers
import pytest

from bot import MIGRATIONS_DIR
from cogs.storage import Row, open_database
from cogs.table.announce import news_of
from cogs.table.store import SeatRecord, TableRecord, TableStore, UnreadableTable
from wizard_core import CorruptSaveError, Game, Rules, RulesError
from wizard_core.variants import VARIANTS

# The store's tests run on SQLite and on PostgreSQL; the rules core's need no database.
on_both_backends = pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True)


def random_rules(rng: random.Random, players: int) -> Rules:
    """An edition's base rules a third of the time, else one to five house rules R-9 allows (as the rules
    core's tests draw them)."""
    edition = rng.choice(("classic", "camelot"))
    if rng.random() < 1 / 3:
        return Rules(edition)
    while True:
        chosen = frozenset(rng.sample(sorted(VARIANTS), rng.randrange(1, 6)))
        try:
            rules = Rules(edition, chosen, 3 if "nannie" in chosen and rng.random() < 0.5 else 2)
            rules.check_players(players)
            return rules
        except RulesError:
            continue


def random_move(game: Game, rng: random.Random) -> tuple[int, int]:
    seat = rng.choice(game.to_act)
    return seat, rng.choice(game.legal_actions(seat))


def random_game(rng: random.Random, seed: int) -> Game:
    players = rng.randrange(3, 7)
    while True:
        try:
            return Game([f"P{seat}" for seat in range(players)], random_rules(rng, players), seed)
        except RulesError:
            continue


def full_replay(game: Game) -> Game:
    return Game.replay(game.players, game.rules, game.seed, game.log)


def assert_same_from_here(one: Game, other: Game, rng: random.Random) -> None:
    """Equal now, and after the same moves (deals included, from the restored generator)."""
    assert one == other and one.log == other.log
    for _ in range(60):
        if one.is_over:
            break
        seat, code = random_move(one, rng)
        one.apply(code, player=seat)
        other.apply(code, player=seat)
    assert one == other and one.log == other.log


# -- the rules core's checkpoints --------------------------------------------------------------------------


def test_a_game_rebuilt_from_a_checkpoint_equals_a_full_replay() -> None:
    rng = random.Random(14)
    rebuilt = 0
    for seed in range(150):
        game = random_game(rng, seed)
        checkpoints: list[dict[str, Any]] = []
        stop = rng.randrange(1, 500)
        while not game.is_over and game.version < stop:
            round_number = game.round_number
            seat, code = random_move(game, rng)
            game.apply(code, player=seat)
            # One as each round is dealt (as the table store takes them), and some anywhere.
            if game.round_number != round_number or rng.random() < 0.05:
                checkpoints.append(json.loads(json.dumps(game.checkpoint())))
        full = full_replay(game)
        for checkpoint in checkpoints[-4:]:
            again = Game.replay(game.players, game.rules, game.seed, game.log, checkpoint=checkpoint)
            assert_same_from_here(again, full_replay(game), random.Random(seed))
            rebuilt += 1
        assert full == game
    assert rebuilt > 300


def damage(checkpoint: dict[str, Any], change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    damaged = copy.deepcopy(checkpoint)
    change(damaged)
    return damaged


@pytest.mark.parametrize(
    "change",
    [
        lambda c: c.pop("hands"),
        lambda c: c.update(format=2),
        lambda c: c.update(version=10_000),
        lambda c: c.update(version=0),
        lambda c: c.update(version="12"),
        lambda c: c.update(round=0),
        lambda c: c.update(dealer=9),
        lambda c: c.update(hands=[1, 2]),
        lambda c: c.update(totals=["0", 0, 0, 0]),
        lambda c: c.update(active=[1, 1, 1, 1]),
        lambda c: c["results"].append([1, 2, 3]),
        lambda c: c["results"][0].__setitem__(4, 99),
        lambda c: c.update(done="none"),
    ],
)
def test_a_damaged_checkpoint_is_refused(change: Callable[[dict[str, Any]], object]) -> None:
    game = Game(4, Rules("camelot", frozenset({"hidden-bid"})), seed=3)
    rng = random.Random(3)
    while game.round_number < 3:
        seat, code = random_move(game, rng)
        game.apply(code, player=seat)
    checkpoint = json.loads(json.dumps(game.checkpoint()))
    assert Game.replay(game.players, game.rules, game.seed, game.log, checkpoint=checkpoint) == game
    with pytest.raises(CorruptSaveError):
        Game.replay(game.players, game.rules, game.seed, game.log, checkpoint=damage(checkpoint, change))


# -- the table store: checkpoints written as the bot plays, and read back at the start -----------------------


@pytest.fixture
async def store(database: db_helpers.Database) -> AsyncIterator[TableStore]:
    db = await open_database(database, MIGRATIONS_DIR)
    if db.dialect == "sqlite":
        # Thousands of small transactions; nothing to keep (the tests' PostgreSQL server never syncs).
        await db.execute("PRAGMA synchronous = OFF")
    try:
        yield TableStore(db)
    finally:
        await db.close()


async def running_game(store: TableStore, rng: random.Random, index: int, moves: int) -> Game:
    """A game stored as the bot stores it: the lobby, the start, then one append per move with its news."""
    game = random_game(rng, seed=rng.getrandbits(63))
    names = list(game.players)
    record = await store.create(
        guild_id=1, channel_id=100 + index, host_id=1, host_name=names[0], rules=game.rules, now=1000.0
    )
    seats = [SeatRecord(seat, seat + 1, name) for seat, name in enumerate(names)]
    await store.set_seats(record.id, seats, 1, 1001.0, read_at=record.updated_at)
    await store.start(record.id, game.seed, game.log, 1002.0, read_at=1001.0)
    for number in range(moves):
        seat, code = random_move(game, rng)
        after = game.clone()
        events = after.apply(code, player=seat)
        if after.is_over:
            break
        at = 1003.0 + number
        await store.append(
            record.id, game.version, after.log[game.version :], at, news_of(events, after), game=after
        )
        game = after
    return game


async def whole_log_replay(store: TableStore, table_id: int) -> Game:
    record = await store.get(table_id)
    assert record is not None and record.seed is not None
    return Game.replay([s.name for s in record.seats], record.table_rules, record.seed, record.log)


def by_id(records: list[TableRecord | UnreadableTable]) -> dict[int, TableRecord | UnreadableTable]:
    return {record.id: record for record in records}


@on_both_backends
async def test_every_running_game_comes_back_from_its_current_round(store: TableStore) -> None:
    rng = random.Random(7)
    games = [await running_game(store, rng, index, rng.randrange(0, 400)) for index in range(40)]
    records = by_id(await store.open_tables())
    later_rounds = 0
    for table_id, game in enumerate(games, start=1):
        record = records[table_id]
        assert isinstance(record, TableRecord)
        rebuilt, full = record.rebuild(), await whole_log_replay(store, table_id)
        assert rebuilt == game == full
        # A restored game deals its next rounds from a generator keyed by its seed and log: both agree.
        assert_same_from_here(rebuilt, full, random.Random(table_id))
        if game.round_number == 1:
            assert record.checkpoint is None
            continue
        # The checkpoint was taken as this round was dealt: only this round's entries were read.
        later_rounds += 1
        assert record.checkpoint is not None
        dealt = record.checkpoint["version"]
        assert record.checkpoint["round"] == game.round_number
        assert min(record.stored_times) == dealt - 1
        assert all(isinstance(entry, int) for entry in record.log[dealt:])
    assert later_rounds > 20


@on_both_backends
async def test_a_damaged_checkpoint_gives_way_to_the_whole_log(
    store: TableStore, database: db_helpers.Database
) -> None:
    rng = random.Random(8)
    games = [await running_game(store, rng, index, 150) for index in range(6)]
    assert all(game.round_number > 2 for game in games)
    # Damaged behind the bot's back, in SQL both backends run (the new values are made here).
    select = "SELECT table_id, version, codes, chance, state FROM checkpoints"
    stored = {row["table_id"]: row for row in db_helpers.query(database, select)}
    assert set(stored) == set(range(1, 7))
    state = json.loads(stored[3]["state"])
    state["totals"] = [1, 2, 3, 4, 5, 6]
    damages: list[tuple[str, tuple[Any, ...]]] = [
        ("UPDATE checkpoints SET state = '{not json' WHERE table_id = 1", ()),
        ('UPDATE checkpoints SET chance = \'[[0, "deal", "zz"]]\' WHERE table_id = 2', ()),
        ("UPDATE checkpoints SET state = ? WHERE table_id = 3", (json.dumps(state),)),
        ("UPDATE checkpoints SET version = version + 3 WHERE table_id = 4", ()),
        ("UPDATE checkpoints SET codes = ? WHERE table_id = 5", (b"\x01\x02\x03",)),
        ("UPDATE checkpoints SET codes = ? WHERE table_id = 6", (b"\x00\x00" + bytes(stored[6]["codes"]),)),
    ]
    for statement, parameters in damages:
        db_helpers.execute(database, statement, parameters)
    damaged = {row["table_id"]: row for row in db_helpers.query(database, select)}
    assert all(damaged[table_id] != stored[table_id] for table_id in stored)
    records = by_id(await store.open_tables())
    for table_id, game in enumerate(games, start=1):
        record = records[table_id]
        assert isinstance(record, TableRecord)
        assert record.rebuild() == game


@on_both_backends
async def test_a_damaged_entry_sets_only_its_table_aside(
    store: TableStore, database: db_helpers.Database
) -> None:
    rng = random.Random(9)
    games = [await running_game(store, rng, index, 150) for index in range(3)]
    last = games[1].version - 1
    db_helpers.execute(
        database, "UPDATE actions SET entry = '{\"oops\": 1}' WHERE table_id = 2 AND seq = ?", (last,)
    )
    records = by_id(await store.open_tables())
    assert isinstance(records[2], UnreadableTable) and "oops" in records[2].reason
    for table_id in (1, 3):
        record = records[table_id]
        assert isinstance(record, TableRecord) and record.rebuild() == games[table_id - 1]


@on_both_backends
async def test_open_tables_reads_every_lobby_and_game_in_two_statements(store: TableStore) -> None:
    rng = random.Random(10)
    for index in range(12):
        await running_game(store, rng, index, rng.randrange(0, 200))
    await store.create(guild_id=1, channel_id=999, host_id=5, host_name="host", rules=Rules(), now=5.0)
    statements: list[str] = []
    fetchall = store.db.fetchall

    async def counted(sql: str, parameters: Any = ()) -> list[Row]:
        statements.append(sql)
        return await fetchall(sql, parameters)

    store.db.fetchall = counted  # type: ignore[method-assign]
    records = await store.open_tables()
    assert len(records) == 13 and len(statements) == 2
    lobby = records[-1]
    assert isinstance(lobby, TableRecord) and lobby.status == "lobby" and lobby.log == []


@on_both_backends
async def test_a_game_that_ends_leaves_no_checkpoint(store: TableStore) -> None:
    rng = random.Random(11)
    await running_game(store, rng, 0, 200)
    assert await store.db.fetchall("SELECT table_id FROM checkpoints")
    await store.close(1, "ended", 2000.0)
    assert not await store.db.fetchall("SELECT table_id FROM checkpoints")
