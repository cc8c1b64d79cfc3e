"""Erasure leaves no trace of the member in the server's games, and the games still replay.

After /wizard forget-me (or remove-member) the member's id and name are gone from every closed table of
that server (seats and hosts) and replaced by one stable pseudonym; after a reset, every member's are.
Other servers keep theirs, and every game replays from what is stored. On SQLite and on PostgreSQL.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import db_helpers
import pytest
from leaderboard_oracle import store_game

from bot import MIGRATIONS_DIR
from cogs.leaderboard.erasure import FORMER_PLAYER, PSEUDONYM_BASE, erase_member, reset_guild
from cogs.storage import Database, open_database
from cogs.table.store import TableStore
from wizard_core import Game

GUILD, OTHER = 100, 200
ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14

pytestmark = pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True)


@pytest.fixture
async def db(database: db_helpers.Database) -> AsyncIterator[Database]:
    opened = await open_database(database, MIGRATIONS_DIR)
    try:
        yield opened
    finally:
        await opened.close()


async def stored_ids(db: Database, guild_id: int) -> set[int]:
    rows = await db.fetchall(
        "SELECT user_id FROM seats JOIN tables ON tables.id = seats.table_id WHERE guild_id = ?"
        " UNION SELECT host_id FROM tables WHERE guild_id = ?",
        (guild_id, guild_id),
    )
    return {row[0] for row in rows}


async def replays(store: TableStore, db: Database, guild_id: int) -> None:
    for row in await db.fetchall("SELECT id FROM tables WHERE guild_id = ?", (guild_id,)):
        record = await store.get(row["id"])
        assert record is not None and record.seed is not None
        game = Game.replay([s.name for s in record.seats], record.table_rules, record.seed, record.log)
        assert game.is_over


async def test_forget_me_replaces_the_member_everywhere_by_one_pseudonym(db: Database) -> None:
    store = TableStore(db)
    await store_game(store, GUILD, [ALICE, BOB, CAROL], seed=1, finished_at=1.767e9)
    await store_game(store, GUILD, [BOB, ALICE, DAVE], seed=2, finished_at=1.767e9 + 3600)
    await store_game(store, OTHER, [ALICE, BOB, CAROL], seed=3, finished_at=1.767e9 + 7200)

    assert await erase_member(db, GUILD, ALICE) == 2
    ids = await stored_ids(db, GUILD)
    assert ALICE not in ids and {BOB, CAROL, DAVE} <= ids
    pseudonyms = {i for i in ids if i < 0}
    assert len(pseudonyms) == 1 and next(iter(pseudonyms)) < PSEUDONYM_BASE
    names = {row[0] for row in await db.fetchall("SELECT name FROM seats WHERE user_id < 0")}
    assert names == {FORMER_PLAYER}
    assert ALICE in await stored_ids(db, OTHER), "another server's games were touched"
    await replays(store, db, GUILD)


async def test_a_reset_forgets_every_member_of_the_server(
    db: Database, database: db_helpers.Database
) -> None:
    store = TableStore(db)
    await store_game(store, GUILD, [ALICE, BOB, CAROL], seed=4, finished_at=1.767e9)
    await store_game(store, OTHER, [ALICE, BOB, CAROL], seed=5, finished_at=1.767e9 + 3600)
    await erase_member(db, GUILD, BOB)
    bob = {i for i in await stored_ids(db, GUILD) if i < 0}

    assert await reset_guild(db, GUILD) == 1
    ids = await stored_ids(db, GUILD)
    assert all(i < PSEUDONYM_BASE for i in ids)
    assert bob <= ids, "the pseudonym of a member already forgotten changed"
    assert {ALICE, BOB, CAROL} <= await stored_ids(db, OTHER)
    await replays(store, db, GUILD)
    # As another connection reads it, committed.
    rows = db_helpers.query(
        database, "SELECT name FROM seats JOIN tables ON id = table_id WHERE guild_id = ?", (GUILD,)
    )
    assert rows and {row["name"] for row in rows} == {FORMER_PLAYER}
