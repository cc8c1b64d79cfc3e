"""The storage interface keeps the same promises on SQLite and on PostgreSQL.

Each test opens a real database through `open_database` (a SQLite file, or a fresh PostgreSQL database)
and checks what features rely on: transactions that roll back whole, row counts, helpers that join the
task's own transaction, new ids, integrity errors, `meta`, the health check, one schema for both backends,
migrations applied once, and numbers read back as Python numbers of the same kind.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import asyncpg
import db_helpers
import pytest

from bot import MIGRATIONS_DIR
from cogs.storage import INTEGRITY_ERRORS, Connection, Database, find_migrations, open_database
from cogs.storage import postgres as postgres_backend
from cogs.storage import sqlite as sqlite_backend
from cogs.storage.postgres import numbered

on_both_backends = pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True)


class Boom(Exception):
    """Raised inside a transaction to make it roll back."""


@pytest.fixture
async def db(database: db_helpers.Database) -> AsyncIterator[Database]:
    opened = await open_database(database, MIGRATIONS_DIR)
    try:
        yield opened
    finally:
        await opened.close()


def stored_meta(database: db_helpers.Database) -> dict[str, str]:
    """`meta` as another connection reads it: committed rows only."""
    return {row["key"]: row["value"] for row in db_helpers.query(database, "SELECT key, value FROM meta")}


async def new_table(conn: Connection, channel_id: int) -> int:
    """A new lobby's id, as `TableStore.create` gets it (``RETURNING id``)."""
    table_id = await conn.fetchval(
        "INSERT INTO tables (guild_id, channel_id, host_id, edition, status, created_at, updated_at)"
        " VALUES (?, ?, ?, 'classic', 'lobby', ?, ?) RETURNING id",
        (1, channel_id, 10, 100.0, 100.0),
    )
    assert isinstance(table_id, int)
    return table_id


# -- transactions ------------------------------------------------------------------------------------------


@on_both_backends
async def test_a_transaction_that_raises_rolls_back_everything(
    db: Database, database: db_helpers.Database
) -> None:
    await db.set_meta("kept", "before")
    with pytest.raises(Boom):
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", ("new", "row"))
            await conn.execute("UPDATE meta SET value = ? WHERE key = ?", ("after", "kept"))
            await conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", [("a", "1"), ("b", "2")])
            await new_table(conn, 5)
            assert await conn.fetchval("SELECT count(*) FROM meta") == 4
            raise Boom
    assert stored_meta(database) == {"kept": "before"}
    assert db_helpers.query(database, "SELECT id FROM tables") == []
    # The database is usable again at once, and a transaction that ends well commits.
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", ("new", "committed"))
    assert stored_meta(database) == {"kept": "before", "new": "committed"}


@on_both_backends
async def test_execute_returns_the_changed_row_count(db: Database) -> None:
    async with db.transaction() as conn:
        await conn.executemany(
            "INSERT INTO meta (key, value) VALUES (?, ?)", [(f"k{i}", str(i)) for i in range(3)]
        )
        assert await conn.execute("UPDATE meta SET value = 'x' WHERE key LIKE 'k%'") == 3
        assert await conn.execute("INSERT INTO meta (key, value) VALUES ('one', '1')") == 1
    assert await db.execute("UPDATE meta SET value = 'y' WHERE key IN (?, ?)", ("k0", "k2")) == 2
    assert await db.execute("UPDATE meta SET value = 'z' WHERE key = 'missing'") == 0
    assert await db.execute("INSERT INTO meta (key, value) VALUES ('one', '2') ON CONFLICT DO NOTHING") == 0
    assert await db.execute("DELETE FROM meta WHERE key LIKE 'k%'") == 3
    assert [row["key"] for row in await db.fetchall("SELECT key FROM meta ORDER BY key")] == ["one"]


@on_both_backends
async def test_a_helper_called_inside_the_tasks_transaction_joins_it(
    db: Database, database: db_helpers.Database
) -> None:
    with pytest.raises(Boom):
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO meta (key, value) VALUES ('inside', 'yes')")
            # The helpers see the transaction's own uncommitted write, and write as part of it.
            row = await db.fetchone("SELECT value FROM meta WHERE key = 'inside'")
            assert row is not None and row["value"] == "yes"
            assert await db.execute("INSERT INTO meta (key, value) VALUES ('helper', 'too')") == 1
            assert await db.get_meta("helper") == "too"
            assert [r["key"] for r in await db.fetchall("SELECT key FROM meta ORDER BY key")] == [
                "helper",
                "inside",
            ]
            assert stored_meta(database) == {}, "a write inside the transaction was committed on its own"
            raise Boom
    # The helper's write was rolled back with the transaction.
    assert await db.get_meta("helper") is None and stored_meta(database) == {}

    async with db.transaction() as conn:
        await conn.execute("INSERT INTO meta (key, value) VALUES ('inside', 'yes')")
        await db.set_meta("helper", "too")
    assert stored_meta(database) == {"inside": "yes", "helper": "too"}


@on_both_backends
async def test_another_task_never_reads_an_uncommitted_write(db: Database) -> None:
    seen: list[str | None] = []
    with pytest.raises(Boom):
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO meta (key, value) VALUES ('pending', 'yes')")

            async def read() -> None:
                seen.append(await db.get_meta("pending"))

            # SQLite makes the other task wait for the transaction; PostgreSQL answers from committed rows.
            other = asyncio.create_task(read())
            await asyncio.sleep(0.1)
            raise Boom
    await other
    assert seen == [None]


@on_both_backends
async def test_transactions_cannot_be_nested(db: Database, database: db_helpers.Database) -> None:
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO meta (key, value) VALUES ('outer', '1')")
        with pytest.raises(RuntimeError, match="nested"):
            async with db.transaction():
                pytest.fail("a nested transaction was opened")
        await conn.execute("INSERT INTO meta (key, value) VALUES ('after', '2')")
    # The outer transaction went on and committed.
    assert stored_meta(database) == {"outer": "1", "after": "2"}


# -- ids, constraints, meta, health ------------------------------------------------------------------------


@on_both_backends
async def test_fetchval_and_returning_give_the_new_id(db: Database, database: db_helpers.Database) -> None:
    async with db.transaction() as conn:
        first = await new_table(conn, 1)
        second = await new_table(conn, 2)
    assert second == first + 1
    # Outside a transaction too, through fetchone (committed at once).
    row = await db.fetchone(
        "INSERT INTO tables (guild_id, channel_id, host_id, edition, status, created_at, updated_at)"
        " VALUES (1, 3, 10, 'classic', 'lobby', 1.0, 1.0) RETURNING id, channel_id",
    )
    assert row is not None and row["id"] == second + 1 and row[1] == 3
    stored = db_helpers.query(database, "SELECT id, channel_id FROM tables ORDER BY id")
    assert [(r["id"], r["channel_id"]) for r in stored] == [(first, 1), (second, 2), (second + 1, 3)]
    async with db.transaction() as conn:
        assert await conn.fetchval("SELECT channel_id FROM tables WHERE id = ?", (second,)) == 2
        assert await conn.fetchval("SELECT channel_id FROM tables WHERE id = ?", (999,)) is None
        deleted = await conn.fetchval("DELETE FROM tables WHERE id = ? RETURNING channel_id", (first,))
    assert deleted == 1 and len(db_helpers.query(database, "SELECT id FROM tables")) == 2


@on_both_backends
async def test_a_unique_violation_raises_an_integrity_error(
    db: Database, database: db_helpers.Database
) -> None:
    await db.set_meta("key", "first")
    with pytest.raises(INTEGRITY_ERRORS):
        await db.execute("INSERT INTO meta (key, value) VALUES ('key', 'second')")
    with pytest.raises(INTEGRITY_ERRORS):
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO meta (key, value) VALUES ('other', 'x')")
            await conn.execute("INSERT INTO meta (key, value) VALUES ('key', 'third')")
    # A second open table in one channel (a partial unique index) is refused too.
    async with db.transaction() as conn:
        await new_table(conn, 7)
    with pytest.raises(INTEGRITY_ERRORS):
        async with db.transaction() as conn:
            await new_table(conn, 7)
    assert stored_meta(database) == {"key": "first"}
    assert len(db_helpers.query(database, "SELECT id FROM tables")) == 1


@on_both_backends
async def test_meta_round_trips(database: db_helpers.Database) -> None:
    db = await open_database(database, MIGRATIONS_DIR)
    try:
        assert await db.get_meta("missing") is None
        await db.set_meta("commands", "abc")
        assert await db.get_meta("commands") == "abc"
        await db.set_meta("commands", "déf ✓")
        await db.set_meta("empty", "")
        assert await db.get_meta("commands") == "déf ✓" and await db.get_meta("empty") == ""
    finally:
        await db.close()
    db = await open_database(database, MIGRATIONS_DIR)
    try:
        assert await db.get_meta("commands") == "déf ✓" and await db.get_meta("empty") == ""
    finally:
        await db.close()


@on_both_backends
async def test_check_writable_passes_on_a_fresh_database_and_raises_after_close(
    database: db_helpers.Database,
) -> None:
    db = await open_database(database, MIGRATIONS_DIR)
    assert not db.closed
    await db.check_writable()
    # Its test write was rolled back.
    assert "health_check" not in stored_meta(database)
    await db.close()
    assert db.closed
    await db.close()  # safe twice
    with pytest.raises(RuntimeError, match="closed"):
        await db.check_writable()
    with pytest.raises(RuntimeError, match="closed"):
        await db.get_meta("anything")


# -- schema and migrations ---------------------------------------------------------------------------------


# A table's columns in order, each with whether it is NOT NULL (None for a primary key column, which
# SQLite's table_info reports as nullable unless declared otherwise, and PostgreSQL never does).
Schema = dict[str, list[tuple[str, bool | None]]]


def sqlite_schema(path: Path) -> Schema:
    with sqlite3.connect(path) as conn:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        schema = {
            table: [
                (name, None if pk else bool(notnull))
                for _, name, _, notnull, _, pk in conn.execute(f'PRAGMA table_info("{table}")')
            ]
            for table in tables
        }
    conn.close()
    return schema


def postgres_schema(url: str) -> Schema:
    rows = db_helpers.query(
        url,
        "SELECT c.table_name, c.column_name, c.is_nullable, k.column_name IS NOT NULL AS pk"
        " FROM information_schema.columns AS c"
        " LEFT JOIN information_schema.table_constraints AS t"
        "  ON t.table_schema = c.table_schema AND t.table_name = c.table_name"
        "  AND t.constraint_type = 'PRIMARY KEY'"
        " LEFT JOIN information_schema.key_column_usage AS k"
        "  ON k.constraint_name = t.constraint_name AND k.table_schema = t.table_schema"
        "  AND k.table_name = c.table_name AND k.column_name = c.column_name"
        " WHERE c.table_schema = 'public' AND c.table_name <> 'schema_migrations'"
        " ORDER BY c.table_name, c.ordinal_position",
    )
    schema: Schema = {}
    for row in rows:
        not_null = None if row["pk"] else row["is_nullable"] == "NO"
        schema.setdefault(row["table_name"], []).append((row["column_name"], not_null))
    return schema


async def test_both_backends_migrate_to_the_same_tables_and_columns(
    tmp_path: Path, postgres_server: str
) -> None:
    path = tmp_path / "wizard.sqlite3"
    await (await open_database(path, MIGRATIONS_DIR)).close()
    url = await db_helpers.create_database(postgres_server)
    try:
        await (await open_database(url, MIGRATIONS_DIR)).close()
        on_postgres = postgres_schema(url)
    finally:
        await db_helpers.drop_database(postgres_server, url)
    on_sqlite = sqlite_schema(path)
    assert {"meta", "tables", "seats", "actions", "checkpoints", "processes"} <= set(on_sqlite)
    assert sorted(on_postgres) == sorted(on_sqlite)
    for table, columns in on_sqlite.items():
        # The same column names in the same order (``SELECT *`` reads alike), and the same NOT NULLs.
        assert [name for name, _ in on_postgres[table]] == [name for name, _ in columns], table
        assert on_postgres[table] == columns, table


def migration_record(database: db_helpers.Database) -> list[tuple[object, ...]]:
    """What says which migrations a database has: SQLite's user_version, PostgreSQL's schema_migrations."""
    if isinstance(database, str):
        rows = db_helpers.query(
            database, "SELECT version, name, applied_at FROM schema_migrations ORDER BY 1"
        )
        return [(row["version"], row["name"], row["applied_at"]) for row in rows]
    return [tuple(row.values()) for row in db_helpers.query(database, "PRAGMA user_version")]


async def apply_again(database: db_helpers.Database) -> list[str]:
    """The backend's own migration runner on its own connection: the names it applied."""
    if isinstance(database, str):
        conn = await asyncpg.connect(database)
        try:
            return await postgres_backend.apply_migrations(conn, MIGRATIONS_DIR)
        finally:
            await conn.close()
    async with aiosqlite.connect(database, isolation_level=None) as sqlite_conn:
        return await sqlite_backend.apply_migrations(sqlite_conn, MIGRATIONS_DIR)


@on_both_backends
async def test_migrations_apply_once(database: db_helpers.Database) -> None:
    count = len(find_migrations(MIGRATIONS_DIR))
    db = await open_database(database, MIGRATIONS_DIR)
    # A row in a table that migration 0006 drops and makes anew: applied again, it would be gone.
    await db.execute(
        "INSERT INTO player_stats (guild_id, period, start, user_id, games, wins, shared_wins, score_sum,"
        " best_score, rounds, exact_bids, last_played, mu, sigma, rated_games)"
        " VALUES (1, 'all', 0, 2, 1, 0, 0, 10, 10, 3, 1, 5.0, 25.0, 8.3, 1)"
    )
    await db.close()
    record = migration_record(database)
    if isinstance(database, str):
        assert [version for version, *_ in record] == list(range(1, count + 1))
    else:
        assert record == [(count,)]

    db = await open_database(database, MIGRATIONS_DIR)
    await db.close()
    assert migration_record(database) == record
    assert len(db_helpers.query(database, "SELECT user_id FROM player_stats")) == 1
    assert await apply_again(database) == []
    assert migration_record(database) == record


async def test_processes_starting_together_on_a_new_postgresql_database_migrate_it_once(
    postgres_server: str,
) -> None:
    url = await db_helpers.create_database(postgres_server)
    try:
        opened = await asyncio.gather(*(open_database(url, MIGRATIONS_DIR) for _ in range(4)))
        for db in opened:
            await db.close()
        versions = [row["version"] for row in db_helpers.query(url, "SELECT version FROM schema_migrations")]
        assert sorted(versions) == list(range(1, len(find_migrations(MIGRATIONS_DIR)) + 1))
    finally:
        await db_helpers.drop_database(postgres_server, url)


# -- SQL and numbers ---------------------------------------------------------------------------------------


def test_numbered_turns_question_marks_into_postgres_placeholders() -> None:
    assert numbered("SELECT * FROM t WHERE a = ? AND b IN (?, ?)") == (
        "SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)"
    )
    assert (
        numbered("UPDATE t SET a = ?2 WHERE b = ?1 AND c = ?2")
        == "UPDATE t SET a = $2 WHERE b = $1 AND c = $2"
    )
    assert numbered("SELECT '?', \"col?\", ? FROM t WHERE x = 'a?b'") == (
        "SELECT '?', \"col?\", $1 FROM t WHERE x = 'a?b'"
    )
    assert numbered("SELECT 'it''s ?', ?") == "SELECT 'it''s ?', $1"
    assert numbered("SELECT 1") == "SELECT 1"


@on_both_backends
async def test_sum_is_an_int_and_avg_a_float(db: Database) -> None:
    await db.execute(
        "INSERT INTO player_hand_stats (guild_id, user_id, cards, rounds, exact_bids)"
        " VALUES (1, 1, 1, 3, 1), (1, 1, 2, 4, 2), (1, 1, 3, 5, 2), (2, 1, 1, 1, 1)"
    )
    row = await db.fetchone(
        "SELECT SUM(rounds) AS total, AVG(rounds) AS average, SUM(exact_bids) AS exact,"
        " AVG(exact_bids) AS exact_average, COUNT(*) AS n FROM player_hand_stats WHERE guild_id = 1"
    )
    assert row is not None
    assert row["total"] == 12 and type(row["total"]) is int
    assert row["exact"] == 5 and type(row["exact"]) is int
    assert row["n"] == 3 and type(row["n"]) is int
    assert row["exact_average"] == pytest.approx(5 / 3) and type(row["exact_average"]) is float
    assert row["average"] == 4 and type(row["average"]) in (int, float)
    empty = await db.fetchone("SELECT SUM(rounds), AVG(rounds) FROM player_hand_stats WHERE guild_id = 9")
    assert empty is not None and tuple(empty) == (None, None)


@pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True)
async def test_an_average_that_is_whole_is_still_a_float(db: Database) -> None:
    await db.execute(
        "INSERT INTO player_hand_stats (guild_id, user_id, cards, rounds, exact_bids)"
        " VALUES (1, 1, 1, 3, 1), (1, 1, 2, 5, 2)"
    )
    average = await db.fetchone("SELECT AVG(rounds) FROM player_hand_stats")
    assert average is not None and average[0] == 4
    assert type(average[0]) is float, f"AVG gave {average[0]!r}, a {type(average[0]).__name__}"
