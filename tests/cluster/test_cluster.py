"""The rules that keep tables whole across processes sharing a PostgreSQL database, in real time and
without Discord: takeover after silence, one owner at a time, a handed interaction served once."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Sequence
from types import SimpleNamespace
from typing import Any, cast

import db_helpers
import discord
import pytest
from discord.ext import commands

from bot import MIGRATIONS_DIR, start_failure
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


def session_of(table_id: int) -> Any:
    """A stand-in for an open table's session: what the cluster reads of it, its table's id."""
    return SimpleNamespace(table=SimpleNamespace(id=table_id))


class Tables:
    """What a cluster asks of the registry of open tables and of the restorer (this stands in for both),
    recording the tables it hands over."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.adopted: list[int] = []
        self.elsewhere: object = None
        self.sessions: dict[int, Any] = {}
        self.forgotten: list[int] = []

        self.closed = False

    def forget(self, session: Any) -> None:
        self.forgotten.append(session.table.id)
        del self.sessions[session.table.id]

    def close(self) -> None:
        self.closed = True

    async def adopt(self, table_ids: Sequence[int]) -> list[Any]:
        self.adopted.extend(table_ids)
        return [session_of(table_id) for table_id in table_ids]

    def find(self, table_id: int) -> Any:
        return self.sessions.get(table_id)


async def start_serving(cluster: Cluster, tables: Tables) -> None:
    """Start the cluster with ``tables`` as its registry and its restorer."""
    await cluster.start(cast(Any, tables), cast(Any, tables))


def serving(cluster: Cluster, tables: Tables) -> None:
    """Give the cluster ``tables`` as its registry and its restorer, without starting it."""
    cluster._tables = cluster._restorer = cast(Any, tables)


def cluster(
    db: PostgresDatabase, name: str, heartbeat: float, dispatched: list[dict[str, Any]], **more: Any
) -> Cluster:
    bot = SimpleNamespace(metrics=MetricsRegistry("test"))
    return Cluster(
        cast(Any, bot),
        db,
        name=name,
        shards="0 of 1",
        heartbeat_seconds=heartbeat,
        dispatch=dispatched.append,
        **more,
    )


async def who(store: TableStore, table_id: int) -> tuple[str | None, bool] | None:
    """A table's owner and whether it is open."""
    found = await store.owner_of(table_id)
    return None if found is None else (found.owner, found.open)


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
    await start_serving(alpha, tables)
    try:
        # Beta beats no more: for three heartbeats it is still thought alive.
        await asyncio.sleep(heartbeat)
        assert tables.adopted == [] and await who(alpha.tables.store, table_id) == ("beta", True)
        while not tables.adopted and time.monotonic() - silent_since < 10:
            await asyncio.sleep(0.05)
        waited = time.monotonic() - silent_since
        assert await db.fetchone("SELECT 1 FROM processes WHERE name = 'alpha'") is not None
    finally:
        await alpha.stop()
    assert tables.adopted == [table_id]
    # Taken once silent for three heartbeats, at the next look at the latest (with room for a busy host).
    assert 3 * heartbeat - 0.1 <= waited <= 4 * heartbeat + 2, waited
    assert await who(alpha.tables.store, table_id) == ("alpha", True)
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
    assert await who(alpha_store, table_id) == ("alpha", False)


async def test_two_processes_claiming_one_table_at_once_give_it_one_owner(db: PostgresDatabase) -> None:
    table_id = await open_lobby(TableStore(db, owner="gone"))
    stores = [TableStore(db, owner=f"p{index}") for index in range(4)]
    won = await asyncio.gather(*(store.claim(table_id, "gone", 15) for store in stores))
    assert sorted(won) == [False, False, False, True]
    winner = stores[won.index(True)].owner
    assert await who(stores[0], table_id) == (winner, True)


async def test_an_interaction_the_owner_does_not_take_in_time_is_refused_once(
    db: PostgresDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service, "CLAIM_WAIT_SECONDS", 0.2)
    await beat(db, "beta", time.time())
    alpha = cluster(db, "alpha", 60, [])
    await start_serving(alpha, Tables(TableStore(db, owner="alpha")))
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
    await start_serving(beta, Tables(TableStore(db, owner="beta")))
    alpha = cluster(db, "alpha", 60, [])
    await start_serving(alpha, Tables(TableStore(db, owner="alpha")))
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
    tables.sessions = {kept: session_of(kept), lost: session_of(lost)}
    await beat(db, "alpha", time.time())
    assert await TableStore(db, owner="beta").claim(lost, "alpha", 0)  # alpha silent, by beta's count
    alpha = cluster(db, "alpha", 60, [])
    serving(alpha, tables)
    await alpha.tick()
    assert tables.forgotten == [lost] and list(tables.sessions) == [kept]


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
    serving(alpha, tables)
    with pytest.raises(ConnectionError):
        await alpha.take_over()
    # Claimed, then given up: no owner, so the next heartbeat (or click) takes it over again.
    assert await who(tables.store, table_id) == (None, True)
    del tables.adopt
    assert [s.table.id for s in await alpha.take_over()] == [table_id]


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
    # Until listening again the copy in memory may be served; once listening again (by the heartbeat's
    # look, or at once when the loss is noticed), the settings are read anew.
    assert await db.keep_listening()
    assert (await store.get(3)).edition == "classic"


# -- a NOTIFY lost, a database that fails as an interaction is taken back (issue 16) ---------------------


async def test_an_interaction_whose_notify_is_lost_is_still_served_by_its_owner_in_time(
    db: PostgresDatabase,
) -> None:
    served: list[dict[str, Any]] = []
    beta = cluster(db, "beta", 60, served)
    beta._listening = True  # beta hears no NOTIFY (its listening connection is gone, not yet noticed)
    await start_serving(beta, Tables(TableStore(db, owner="beta")))
    assert not beta._poll.is_running(), "alone, nobody hands beta anything"
    alpha = cluster(db, "alpha", 60, [])
    await alpha.beat()
    await start_serving(alpha, Tables(TableStore(db, owner="alpha")))
    await beta.tick()  # a heartbeat later, beta sees alpha
    assert beta._poll.is_running()
    token = RAW_INTERACTION.set({"id": "78", "type": 3, "data": {"custom_id": "wizard:act:1:0:64"}})
    began = time.monotonic()
    try:
        await alpha.hand_over(
            cast(Any, SimpleNamespace(id=78, created_at=discord.utils.utcnow())), "beta", "busy", "moved"
        )
    finally:
        RAW_INTERACTION.reset(token)
        await alpha.stop()
        await beta.stop()
    # Beta found it by looking (every half second), took it once, and alpha heard so in time.
    assert [item["id"] for item in served] == ["78"]
    assert alpha.handoffs.value(outcome="busy") == 0
    assert time.monotonic() - began < service.CLAIM_WAIT_SECONDS
    assert await db.fetchone("SELECT 1 FROM handoffs WHERE interaction_id = 78") is None


async def test_handoffs_lost_with_the_listening_connection_are_served_when_it_is_made_again(
    db: PostgresDatabase,
) -> None:
    served: list[dict[str, Any]] = []
    beta = cluster(db, "beta", 60, served)
    serving(beta, Tables(TableStore(db, owner="beta")))
    await beta._listen()
    listener = db._listener
    assert listener is not None
    await db.execute("SELECT pg_terminate_backend(?)", (listener.get_server_pid(),))
    await asyncio.sleep(0.2)
    # Handed over while beta was not listening: its NOTIFY reached nobody.
    await db.execute(
        "INSERT INTO handoffs (interaction_id, target, payload, created_at)"
        " VALUES (91, 'beta', '{\"id\": \"91\"}', extract(epoch FROM clock_timestamp()))"
    )
    await db.notify(service.CHANNEL, "beta\n91")
    await beta.tick()
    await asyncio.gather(*beta._claims)
    assert served == [{"id": "91"}]


async def test_a_handed_interaction_too_old_to_answer_is_dropped_not_served(db: PostgresDatabase) -> None:
    served: list[dict[str, Any]] = []
    beta = cluster(db, "beta", 60, served)
    serving(beta, Tables(TableStore(db, owner="beta")))
    for interaction_id, age in ((92, 10), (93, 0)):
        await db.execute(
            "INSERT INTO handoffs (interaction_id, target, payload, created_at)"
            " VALUES (?, 'beta', ?, extract(epoch FROM clock_timestamp()) - ?)",
            (interaction_id, json.dumps({"id": str(interaction_id)}), age),
        )
    # Its receiver could not take it back (or died): answered now, it would be after Discord's 3 seconds.
    assert await beta.pick_up_handoffs() == [93]
    await beta._serve_handed(92)
    await asyncio.gather(*beta._claims)
    assert served == [{"id": "93"}]
    assert await db.fetchall("SELECT interaction_id FROM handoffs") == []


async def column(db: PostgresDatabase, name: str) -> Any:
    """A column of process alpha's row."""
    row = await db.fetchone(f"SELECT {name} FROM processes WHERE name = 'alpha'")
    assert row is not None
    return row[name]


def failing_deletes(db: PostgresDatabase, monkeypatch: pytest.MonkeyPatch, times: int) -> list[str]:
    """The next `times` deletes of handoffs fail as a lost connection would; returns the attempts."""
    execute = db.execute
    attempts: list[str] = []

    async def flaky(sql: str, parameters: Any = ()) -> int:
        if sql.startswith("DELETE FROM handoffs WHERE interaction_id"):
            attempts.append(sql)
            if len(attempts) <= times:
                raise ConnectionResetError("connection lost")
        return await execute(sql, parameters)

    monkeypatch.setattr(db, "execute", flaky)
    return attempts


async def test_taking_an_interaction_back_is_tried_again_when_the_database_fails_once(
    db: PostgresDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service, "CLAIM_WAIT_SECONDS", 0.2)
    await beat(db, "beta", time.time())
    alpha = cluster(db, "alpha", 60, [])
    await alpha._listen()
    attempts = failing_deletes(db, monkeypatch, 1)
    token = RAW_INTERACTION.set({"id": "94", "type": 3, "data": {"custom_id": "x"}})
    try:
        with pytest.raises(Refusal, match="busy"):
            await alpha.hand_over(cast(Any, SimpleNamespace(id=94)), "beta", "busy", "moved")
    finally:
        RAW_INTERACTION.reset(token)
    assert len(attempts) == 2 and alpha.handoffs.value(outcome="busy") == 1
    assert await db.fetchone("SELECT 1 FROM handoffs WHERE interaction_id = 94") is None


async def test_an_interaction_not_surely_taken_back_is_not_answered_nothing_changed(
    db: PostgresDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service, "CLAIM_WAIT_SECONDS", 0.2)
    await beat(db, "beta", time.time())
    alpha = cluster(db, "alpha", 60, [])
    await alpha._listen()
    attempts = failing_deletes(db, monkeypatch, 2)
    token = RAW_INTERACTION.set({"id": "95", "type": 3, "data": {"custom_id": "x"}})
    try:
        # Whether beta took it meanwhile cannot be known: not "nothing changed", but "look at the table".
        with pytest.raises(Refusal, match="look at the table"):
            await alpha.hand_over(
                cast(Any, SimpleNamespace(id=95)), "beta", "busy", "moved", unsure="look at the table"
            )
    finally:
        RAW_INTERACTION.reset(token)
    assert len(attempts) == 2
    assert alpha.handoffs.value(outcome="unsure") == 1 and alpha.handoffs.value(outcome="busy") == 0


# -- a process cut off from the database, a clean stop (issue 16) ----------------------------------------


async def test_a_process_that_cannot_write_its_heartbeat_lets_go_of_its_tables_before_others_may_take_them(
    db: PostgresDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    heartbeat = 0.3
    tables = Tables(TableStore(db, owner="alpha"))
    ids = [await open_lobby(tables.store, 7), await open_lobby(tables.store, 8)]
    tables.sessions = {table_id: session_of(table_id) for table_id in ids}
    let_go: list[float] = []
    forget = tables.forget

    def forgotten(session: Any) -> None:
        let_go.append(asyncio.get_running_loop().time())
        forget(session)

    tables.forget = forgotten  # type: ignore[method-assign]
    alpha = cluster(db, "alpha", heartbeat, [])
    await alpha.join()
    alpha.start_beating()
    await start_serving(alpha, tables)
    try:
        beaten = await column(db, "heartbeat_at")
        last = alpha._beaten_at
        assert last is not None

        async def unreachable() -> None:
            raise ConnectionResetError("the database is out of reach")

        monkeypatch.setattr(alpha, "beat", unreachable)
        deadline = time.monotonic() + 5
        while not alpha.cut_off and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        # Let go of once the last heartbeat written is two and a half heartbeats old: half a heartbeat
        # before another process may take the tables over. Nothing of them runs here any more.
        assert sorted(tables.forgotten) == ids and tables.sessions == {}
        assert all(alpha.cut_off_seconds <= at - last < alpha.stale_seconds for at in let_go), let_go
        assert alpha.cut_off_seconds == 3 * heartbeat - heartbeat / 2
        assert await column(db, "heartbeat_at") == beaten
        # The database comes back before anyone took them: the next heartbeat takes them back.
        monkeypatch.undo()
        while not tables.adopted and time.monotonic() < deadline + 5:
            await asyncio.sleep(0.02)
        assert tables.adopted == ids and not alpha.cut_off
    finally:
        await alpha.stop()


async def test_a_process_cut_off_takes_back_only_the_tables_nobody_took_meanwhile(
    db: PostgresDatabase,
) -> None:
    tables = Tables(TableStore(db, owner="alpha"))
    kept, taken = await open_lobby(tables.store, 7), await open_lobby(tables.store, 8)
    alpha = cluster(db, "alpha", 60, [])
    await alpha.join()
    serving(alpha, tables)
    alpha.cut_off = True
    await beat(db, "alpha", time.time() - 100)  # silent for long, by beta's count
    assert await TableStore(db, owner="beta").claim(taken, "alpha", 15)
    await alpha.beat()
    assert [s.table.id for s in await alpha.take_back()] == [kept]
    assert tables.adopted == [kept] and not alpha.cut_off


async def test_a_clean_stop_stops_the_tables_before_leaving_the_process_list(
    db: PostgresDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables = Tables(TableStore(db, owner="alpha"))
    alpha = cluster(db, "alpha", 60, [])
    await alpha.join()
    alpha.start_beating()
    await start_serving(alpha, tables)
    seen: list[str] = []
    close, execute = tables.close, db.execute

    def closed() -> None:
        seen.append("tables stopped")
        close()

    async def left(sql: str, parameters: Any = ()) -> int:
        if sql.startswith("DELETE FROM processes"):
            seen.append("left")
        return await execute(sql, parameters)

    tables.close = closed  # type: ignore[method-assign]
    monkeypatch.setattr(db, "execute", left)
    await alpha.stop()
    assert seen == ["tables stopped", "left"]
    assert await db.fetchone("SELECT 1 FROM processes WHERE name = 'alpha'") is None


# -- two processes under one name (issue 16) -----------------------------------------------------------


async def test_a_second_live_process_under_the_same_name_refuses_to_start(
    db: PostgresDatabase, database: db_helpers.Database
) -> None:
    first = cluster(db, "alpha", 60, [])
    await first.join()
    first.start_beating()
    other = await open_database(database, MIGRATIONS_DIR)
    assert isinstance(other, PostgresDatabase)
    second = cluster(other, "alpha", 60, [])
    try:
        with pytest.raises(service.ProcessNameInUseError, match="WIZARD_PROCESS_NAME"):
            await second.join()
    finally:
        await other.close()
        await first.stop()
    assert first.instance != second.instance


async def test_a_process_that_died_is_replaced_under_its_name_at_once(
    db: PostgresDatabase, database: db_helpers.Database
) -> None:
    dead = cluster(db, "alpha", 60, [])
    await dead.join()
    dead.start_beating()
    await dead.stop(clean=False)  # died: its heartbeat is recent, but nothing of it runs
    other = await open_database(database, MIGRATIONS_DIR)
    assert isinstance(other, PostgresDatabase)
    began = time.monotonic()
    try:
        again = cluster(other, "alpha", 60, [])
        await again.join()
        # It waited for an answer the dead process could not give, not for its heartbeat to age.
        assert time.monotonic() - began < service.ALIVE_WAIT_SECONDS + 2
        assert await column(db, "instance") == again.instance
        # The old run, had it only been paused, finds its name taken at its next heartbeat.
        with pytest.raises(service.ProcessNameInUseError):
            await dead.beat()
        assert await column(db, "instance") == again.instance
    finally:
        await other.close()


async def test_a_process_whose_name_another_run_took_lets_go_of_its_tables_and_stops(
    db: PostgresDatabase,
) -> None:
    tables = Tables(TableStore(db, owner="alpha"))
    table_id = await open_lobby(tables.store)
    tables.sessions = {table_id: session_of(table_id)}
    stopped = asyncio.Event()

    async def shut_down() -> None:
        stopped.set()

    alpha = cluster(db, "alpha", 0.2, [], shut_down=shut_down)
    await alpha.join()
    alpha.start_beating()
    await start_serving(alpha, tables)
    try:
        # Another run took the name while this one was silent.
        await db.execute("UPDATE processes SET instance = 'another run' WHERE name = 'alpha'")
        await asyncio.wait_for(stopped.wait(), 5)
        assert alpha.displaced and tables.forgotten == [table_id]
    finally:
        await alpha.stop()
    # Its clean stop leaves the other run's row alone.
    assert await column(db, "instance") == "another run"


# -- taking over many tables (issue 16) ----------------------------------------------------------------


async def test_one_look_takes_over_every_table_of_a_stopped_process_a_batch_a_statement(
    db: PostgresDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    count = 2 * service.TAKEOVER_BATCH + 200
    await db.execute(
        "INSERT INTO tables (guild_id, channel_id, host_id, edition, status, created_at, updated_at, owner)"
        " SELECT 1, g, 2, 'classic', 'lobby', 0, 0, 'gone' FROM generate_series(1, ?::bigint) AS g",
        (count,),
    )
    tables = Tables(TableStore(db, owner="alpha"))
    alpha = cluster(db, "alpha", 60, [])
    serving(alpha, tables)
    statements: list[str] = []
    fetchall = db.fetchall

    async def counted(sql: str, parameters: Any = ()) -> Any:
        statements.append(sql)
        return await fetchall(sql, parameters)

    monkeypatch.setattr(db, "fetchall", counted)
    began = time.monotonic()
    taken = await alpha.take_over()
    took = time.monotonic() - began
    assert len(taken) == count and len(set(tables.adopted)) == count
    assert len(statements) == 3, "one statement claims a batch"
    assert took < 5, took
    assert alpha.takeovers.value() == count
    assert await alpha.take_over() == []


async def test_processes_taking_over_at_once_share_the_tables_out(db: PostgresDatabase) -> None:
    await db.execute(
        "INSERT INTO tables (guild_id, channel_id, host_id, edition, status, created_at, updated_at, owner)"
        " SELECT 1, g, 2, 'classic', 'lobby', 0, 0, 'gone' FROM generate_series(1, 300) AS g"
    )
    takers = [cluster(db, f"p{index}", 60, []) for index in range(3)]
    for taker in takers:
        await taker.join()
        serving(taker, Tables(TableStore(db, owner=taker.name)))
    taken = await asyncio.gather(*(taker.take_over() for taker in takers))
    ids = [session.table.id for each in taken for session in each]
    assert len(ids) == len(set(ids)) == 300
    owners = await db.fetchall("SELECT owner, count(*) AS n FROM tables GROUP BY owner")
    assert sum(row["n"] for row in owners) == 300 and {row["owner"] for row in owners} <= {"p0", "p1", "p2"}


def test_a_process_name_in_use_is_one_line_at_start() -> None:
    """discord.py wraps the error of an extension that cannot start; the start says it plainly."""
    wrapped = commands.ExtensionFailed("cogs.cluster.cog", service.ProcessNameInUseError("alpha"))
    line = start_failure(wrapped, Settings())
    assert line is not None and "'alpha'" in line and "WIZARD_PROCESS_NAME" in line
