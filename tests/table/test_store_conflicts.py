"""A lobby write never replaces what its writer did not read.

Two writers on one database (two connections, as two bot processes would have) change the same lobby:
the one that read it before the other's change is refused, and the other's seat stays. The bot itself
also refuses to run twice on one SQLite file; this is the store's own guarantee beneath that, on SQLite
and on PostgreSQL.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import db_helpers
import pytest

from bot import MIGRATIONS_DIR
from cogs.storage import open_database
from cogs.table.store import SeatRecord, StaleTableError, TableStore
from wizard_core import Rules

pytestmark = pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True)

HOST = 10


@pytest.fixture
async def stores(database: db_helpers.Database) -> AsyncIterator[tuple[TableStore, TableStore]]:
    first = await open_database(database, MIGRATIONS_DIR)
    second = await open_database(database, MIGRATIONS_DIR)
    try:
        yield TableStore(first), TableStore(second)
    finally:
        await first.close()
        await second.close()


def seats(*user_ids: int) -> list[SeatRecord]:
    return [SeatRecord(i, user, f"user{user}") for i, user in enumerate(user_ids)]


async def test_a_stale_seat_list_is_refused_and_the_newer_seats_stay(
    stores: tuple[TableStore, TableStore],
) -> None:
    one, other = stores
    record = await one.create(
        guild_id=1, channel_id=2, host_id=HOST, host_name="host", rules=Rules("classic"), now=100.0
    )
    # The other writer seats a second member; the first, still at its old read, seats a third.
    await other.set_seats(record.id, seats(HOST, 11), HOST, 101.0, read_at=record.updated_at)
    with pytest.raises(StaleTableError):
        await one.set_seats(record.id, seats(HOST, 12), HOST, 102.0, read_at=record.updated_at)
    stored = await one.get(record.id)
    assert stored is not None
    assert [s.user_id for s in stored.seats] == [HOST, 11] and stored.updated_at == 101.0
    # Read again, the first writer's change goes through.
    await one.set_seats(record.id, seats(HOST, 11, 12), HOST, 103.0, read_at=stored.updated_at)
    again = await other.get(record.id)
    assert again is not None and [s.user_id for s in again.seats] == [HOST, 11, 12]


async def test_a_stale_start_or_rules_change_is_refused(stores: tuple[TableStore, TableStore]) -> None:
    one, other = stores
    record = await one.create(
        guild_id=1, channel_id=2, host_id=HOST, host_name="host", rules=Rules("classic"), now=100.0
    )
    await other.set_seats(record.id, seats(HOST, 11, 12), HOST, 101.0, read_at=record.updated_at)
    with pytest.raises(StaleTableError):
        await one.start(record.id, 7, [], 102.0, read_at=record.updated_at)
    with pytest.raises(StaleTableError):
        await one.set_rules(record.id, Rules("camelot"), 102.0, read_at=record.updated_at, coach=False)
    stored = await other.get(record.id)
    assert (
        stored is not None and stored.status == "lobby" and stored.edition == "classic" and stored.log == []
    )
    await other.start(record.id, 7, [], 103.0, read_at=101.0)
    started = await one.get(record.id)
    assert started is not None and started.status == "playing" and started.seed == 7
