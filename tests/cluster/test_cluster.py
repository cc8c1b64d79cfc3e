"""The rules that keep tables whole across processes sharing a PostgreSQL database, in real time and
without Discord: takeover after silence, one owner at a time, a handed interaction served once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Sequence
from types import SimpleNamespace
from typing import Any, cast

import db_helpers
import discord
import pytest

from bot import MIGRATIONS_DIR
from cogs.cluster import service
from cogs.cluster.service import Cluster
from cogs.hosting.metrics import MetricsRegistry
from cogs.hosting.payloads import RAW_INTERACTION
from cogs.server_settings.store import ServerSettings, ServerSettingsStore
from cogs.storage import Database, open_database
from cogs.storage.postgres import PostgresDatabase
from cogs.table.store import TableMovedError, TableStore
from cogs.utils.config import Settings
from cogs.utils.replies import Refusal
from wizard_core import Rules


@pytest.fixture
def backend() -> str:
    return "postgresql"


@pytest.fixture
async def db(database: db_helpers.Database) -> AsyncIterator[PostgresDatabase]:
    opened = await open_database(database, MIGRATIONS_DIR)
    assert isinstance(opened, PostgresDatabase)
    yield opened
    await opened.close()


class Tables:
    """What a cluster asks of the table manager, recording the tables it hands over."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.adopted: list[int] = []
        self.elsewhere: object = None
        self.tables: dict[int, Any] = {}
        self.forgotten: list[int] = []

    def forget(self, table: Any) -> None:
        self.forgotten.append(table.id)
        del self.tables[table.id]

    async def adopt(self, table_ids: Sequence[int]) -> list[Any]:
        self.adopted.extend(table_ids)
        return [SimpleNamespace(id=table_id) for table_id in table_ids]

    def find(self, table_id: int) -> Any:
        return self.tables.get(table_id)


def cluster(db: PostgresDatabase, name: str, heartbeat: float, dispatched: list[dict[str, Any]]) -> Cluster:
    bot = SimpleNamespace(metrics=MetricsRegistry("test"))
    return Cluster(
        cast(Any, bot),
        db,
        name=name,
        shards="0 of 1",
        heartbeat_seconds=heartbeat,
        dispatch=dispatched.append,
    )


async def open_lobby(store: TableStore, channel_id: int = 7) -> int:
    record = await store.create(
        guild_id=1, channel_id=channel_id, host_id=2, host_name="host", rules=Rules(), now=time.time()
    )
    return record.id


async def beat(db: Database, name: str, at: float) -> None:
    await db.execute(
        "INSERT INTO processes (name, shards, started_at, heartbeat_at) VALUES (?, 'all', ?, ?)"
        " ON CONFLICT (name) DO UPDATE SET heartbeat_at = excluded.heartbeat_at",
        (name, at, at),
    )


def test_the_default_heartbeat_takes_a_silent_process_s_tables_over_within_30_seconds() -> None:
    # Silent for three heartbeats, then found at the next one at the latest.
    assert 4 * Settings().heartbeat_seconds <= 30


async def test_a_silent_process_s_tables_are_taken_over_in_time(db: PostgresDatabase) -> None:
    heartbeat = 0.5
    beta_store = TableStore(db, owner="beta")
    table_id = await open_lobby(beta_store)
    await beat(db, "beta", time.time())
    silent_since = time.monotonic()
    tables = Tables(TableStore(db, owner="alpha"))
    alpha = cluster(db, "alpha", heartbeat, [])
    await alpha.beat()
    alpha.start_beating()
    await alpha.start(cast(Any, tables))
    try:
        # Beta beats no more: for three heartbeats it is still thought alive.
        await asyncio.sleep(heartbeat)
        assert tables.adopted == [] and await alpha.tables.store.owner_of(table_id) == ("beta", True)
        while not tables.adopted and time.monotonic() - silent_since < 10:
            await asyncio.sleep(0.05)
        waited = time.monotonic() - silent_since
        assert await db.fetchone("SELECT 1 FROM processes WHERE name = 'alpha'") is not None
    finally:
        await alpha.stop()
    assert tables.adopted == [table_id]
    # Taken once silent for three heartbeats, at the next look at the latest (with room for a busy host).
    assert 3 * heartbeat - 0.1 <= waited <= 4 * heartbeat + 2, waited
    assert await alpha.tables.store.owner_of(table_id) == ("alpha", True)
    # A clean stop leaves the process list, so the next process need not wait for its silence.
    assert await db.fetchone("SELECT 1 FROM processes WHERE name = 'alpha'") is None


async def test_a_process_that_was_taken_over_cannot_write_to_the_table(db: PostgresDatabase) -> None:
    beta_store = TableStore(db, owner="beta")
    table_id = await open_lobby(beta_store)
    alpha_store = TableStore(db, owner="alpha")
    assert await alpha_store.claim(table_id, "beta", 15)
    record = await beta_store.get(table_id)
    assert record is not None
    with pytest.raises(TableMovedError):
        await beta_store.set_seats(table_id, record.seats, 3, time.time(), read_at=record.updated_at)
    with pytest.raises(TableMovedError):
        await beta_store.close(table_id, "cancelled", time.time())
    after = await alpha_store.get(table_id)
    assert after is not None and after.status == "lobby" and after.host_id == 2
    # The new owner writes as before.
    await alpha_store.close(table_id, "cancelled", time.time())
    assert await alpha_store.owner_of(table_id) == ("alpha", False)


async def test_two_processes_claiming_one_table_at_once_give_it_one_owner(db: PostgresDatabase) -> None:
    table_id = await open_lobby(TableStore(db, owner="gone"))
    stores = [TableStore(db, owner=f"p{index}") for index in range(4)]
    won = await asyncio.gather(*(store.claim(table_id, "gone", 15) for store in stores))
    assert sorted(won) == [False, False, False, True]
    winner = stores[won.index(True)].owner
    assert await stores[0].owner_of(table_id) == (winner, True)


async def test_an_interaction_the_owner_does_not_take_in_time_is_refused_once(
    db: PostgresDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service, "CLAIM_WAIT_SECONDS", 0.2)
    await beat(db, "beta", time.time())
    alpha = cluster(db, "alpha", 60, [])
    await alpha.start(cast(Any, Tables(TableStore(db, owner="alpha"))))
    interaction = SimpleNamespace(id=4242, created_at=discord.utils.utcnow())
    token = RAW_INTERACTION.set({"id": "4242", "type": 3, "data": {"custom_id": "x"}})
    try:
        with pytest.raises(Refusal, match="busy"):
            await alpha.hand_over(cast(Any, interaction), "beta", "busy", "moved")
    finally:
        RAW_INTERACTION.reset(token)
        await alpha.stop()
    assert alpha.handoffs.value(outcome="busy") == 1
    # Beta, waking late, finds nothing to serve: the interaction was answered once, by alpha.
    late: list[dict[str, Any]] = []
    beta = cluster(db, "beta", 60, late)
    await beta._serve_handed(4242)
    assert late == [] and beta.handoffs.value(outcome="served") == 0


async def test_an_interaction_handed_to_a_live_owner_is_served_there_once(db: PostgresDatabase) -> None:
    served: list[dict[str, Any]] = []
    beta = cluster(db, "beta", 60, served)
    await beta.start(cast(Any, Tables(TableStore(db, owner="beta"))))
    alpha = cluster(db, "alpha", 60, [])
    await alpha.start(cast(Any, Tables(TableStore(db, owner="alpha"))))
    payload = {"id": "77", "type": 3, "data": {"custom_id": "wizard:act:1:0:64"}}
    token = RAW_INTERACTION.set(payload)
    try:
        await alpha.hand_over(
            cast(Any, SimpleNamespace(id=77, created_at=discord.utils.utcnow())), "beta", "busy", "moved"
        )
    finally:
        RAW_INTERACTION.reset(token)
        await alpha.stop()
        await beta.stop()
    assert [item["id"] for item in served] == ["77"] and served[0][service.HOPS_KEY] == 1
    assert alpha.handoffs.value(outcome="busy") == 0
    assert await db.fetchone("SELECT 1 FROM handoffs WHERE interaction_id = 77") is None


async def test_an_interaction_without_its_payload_or_handed_too_often_is_refused(
    db: PostgresDatabase,
) -> None:
    alpha = cluster(db, "alpha", 60, [])
    with pytest.raises(Refusal, match="moved"):
        await alpha.hand_over(cast(Any, SimpleNamespace(id=5)), "beta", "busy", "moved")
    token = RAW_INTERACTION.set({"id": "5", service.HOPS_KEY: service.MAX_HOPS})
    try:
        with pytest.raises(Refusal, match="moved"):
            await alpha.hand_over(cast(Any, SimpleNamespace(id=5)), "beta", "busy", "moved")
    finally:
        RAW_INTERACTION.reset(token)
    assert await db.fetchone("SELECT 1 FROM handoffs") is None


async def test_a_settings_change_in_one_process_reaches_the_others(
    db: PostgresDatabase, database: db_helpers.Database
) -> None:
    other = await open_database(database, MIGRATIONS_DIR)
    try:
        here, there = ServerSettingsStore(db), ServerSettingsStore(other)
        await here.listen()
        await there.listen()
        assert (await here.get(5)).edition == "classic"  # now held in memory
        await there.set(5, ServerSettings(edition="camelot", turn_timer_seconds=60))
        deadline = time.monotonic() + 5
        while (await here.get(5)).edition != "camelot" and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        assert await here.get(5) == ServerSettings(edition="camelot", turn_timer_seconds=60)
    finally:
        await other.close()


async def test_a_process_lets_go_of_tables_another_took_over_at_its_next_heartbeat(
    db: PostgresDatabase,
) -> None:
    tables = Tables(TableStore(db, owner="alpha"))
    kept, lost = await open_lobby(tables.store, 7), await open_lobby(tables.store, 8)
    tables.tables = {kept: SimpleNamespace(id=kept), lost: SimpleNamespace(id=lost)}
    await beat(db, "alpha", time.time())
    assert await TableStore(db, owner="beta").claim(lost, "alpha", 0)  # alpha silent, by beta's count
    alpha = cluster(db, "alpha", 60, [])
    alpha._tables = cast(Any, tables)
    await alpha.tick()
    assert tables.forgotten == [lost] and list(tables.tables) == [kept]


async def test_a_heartbeat_listens_again_after_the_connection_was_lost(db: PostgresDatabase) -> None:
    heard: list[str] = []
    await db.listen("wizard_test", heard.append)
    listener = db._listener
    assert listener is not None
    await db.execute("SELECT pg_terminate_backend(?)", (listener.get_server_pid(),))
    await asyncio.sleep(0.2)
    assert await db.keep_listening()
    assert not await db.keep_listening(), "the new connection is fine"
    await db.notify("wizard_test", "again")
    deadline = time.monotonic() + 5
    while not heard and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    assert heard == ["again"]


async def test_tables_that_cannot_be_loaded_are_given_up_for_another_try(db: PostgresDatabase) -> None:
    table_id = await open_lobby(TableStore(db, owner="gone"))
    tables = Tables(TableStore(db, owner="alpha"))

    async def broken(table_ids: Sequence[int]) -> list[Any]:
        raise ConnectionError("lost the database while reading them")

    tables.adopt = broken  # type: ignore[method-assign]
    alpha = cluster(db, "alpha", 60, [])
    alpha._tables = cast(Any, tables)
    with pytest.raises(ConnectionError):
        await alpha.take_over()
    # Claimed, then given up: no owner, so the next heartbeat (or click) takes it over again.
    assert await tables.store.owner_of(table_id) == (None, True)
    assert await tables.store.orphans(alpha.stale_seconds, 10) == [(table_id, None)]


async def test_settings_are_read_again_after_listening_was_lost(db: PostgresDatabase) -> None:
    store = ServerSettingsStore(db)
    await store.listen()
    await store.set(3, ServerSettings(edition="camelot"))
    await store.get(3)
    # Changed behind this process's back while it was not listening (no NOTIFY reaches it).
    await db.execute("UPDATE server_settings SET edition = 'classic' WHERE guild_id = 3")
    listener = db._listener
    assert listener is not None
    await db.execute("SELECT pg_terminate_backend(?)", (listener.get_server_pid(),))
    await asyncio.sleep(0.2)
    assert (await store.get(3)).edition == "camelot", "still the copy in memory"
    assert await db.keep_listening()
    assert (await store.get(3)).edition == "classic"
