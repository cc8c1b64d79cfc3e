"""The shared backend: PostgreSQL through an asyncpg pool, for several bot processes on one database.

Features write SQL with ``?`` placeholders, as for SQLite; they are numbered (``$1``, ``$2``, ...) here
once per statement text. Transactions run at PostgreSQL's default READ COMMITTED level: what must not
interleave between processes takes a row lock (``SELECT ... FOR UPDATE``) or `Connection.serialize`.
Migrations run under an advisory lock, so processes starting together apply each file once.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from cogs.storage.base import Connection, Database, DatabaseUnreachableError, Parameters, Row
from cogs.storage.migrations import MigrationError, find_migrations

__all__ = ("PostgresConnection", "PostgresDatabase", "numbered")

log = logging.getLogger(__name__)

POOL_SIZE = 10
CONNECT_TIMEOUT_SECONDS = 10.0
CLOSE_TIMEOUT_SECONDS = 5.0
# Any fixed number: the advisory lock that lets one process at a time apply migrations.
MIGRATION_LOCK = 0x57495A41


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1``, ``$2``, ... (and SQLite's ``?2`` as ``$2``), leaving
    quoted text alone."""
    out: list[str] = []
    number = 0
    quote: str | None = None
    for index, char in enumerate(sql):
        if quote is not None:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "?":
            if sql[index + 1 : index + 2].isdigit():
                out.append("$")
                continue
            number += 1
            out.append(f"${number}")
            continue
        out.append(char)
    return "".join(out)


def _changed(status: str) -> int:
    # asyncpg answers a command with its tag: "UPDATE 3", "INSERT 0 1", "DELETE 0".
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _number(text: str) -> int | float:
    # SUM of integers is NUMERIC in PostgreSQL, written without a point; AVG and divisions with one.
    # Read them as SQLite gives them: a whole number as int, the others as float.
    if any(char in text for char in ".eEN"):
        return float(text)
    return int(text)


async def _prepare(conn: asyncpg.Connection) -> None:
    await conn.set_type_codec("numeric", encoder=str, decoder=_number, schema="pg_catalog", format="text")


class PostgresConnection(Connection):
    """One pooled connection inside a transaction."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, parameters: Parameters = ()) -> int:
        return _changed(await self._conn.execute(numbered(sql), *parameters))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        batch = [tuple(row) for row in rows]
        if batch:
            await self._conn.executemany(numbered(sql), batch)

    async def fetchone(self, sql: str, parameters: Parameters = ()) -> Row | None:
        row: Row | None = await self._conn.fetchrow(numbered(sql), *parameters)
        return row

    async def fetchall(self, sql: str, parameters: Parameters = ()) -> list[Row]:
        return list(await self._conn.fetch(numbered(sql), *parameters))

    async def fetchval(self, sql: str, parameters: Parameters = ()) -> Any:
        return await self._conn.fetchval(numbered(sql), *parameters)

    async def serialize(self, key: str, *, shared: bool = False) -> None:
        function = "pg_advisory_xact_lock_shared" if shared else "pg_advisory_xact_lock"
        await self._conn.execute(f"SELECT {function}(hashtext($1))", key)


class PostgresDatabase(Database):
    """A pool of connections to one PostgreSQL database, which other bot processes may share."""

    dialect = "postgresql"
    shared = True

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        super().__init__()
        self._pool = pool
        self._url = url
        self._closed = False
        # The connection of each task inside its own transaction(), which its helper calls join.
        self._held: dict[asyncio.Task[Any], PostgresConnection] = {}
        self._listener: asyncpg.Connection | None = None
        self._listening: list[tuple[str, Callable[[str], None]]] = []
        self._on_lost: list[Callable[[], None]] = []

    @classmethod
    async def connect(cls, url: str, migrations_dir: Path) -> PostgresDatabase:
        """Connect to the database at `url` and bring its schema up to date."""
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=POOL_SIZE,
                init=_prepare,
                timeout=CONNECT_TIMEOUT_SECONDS,
                # Statements are few and fixed; asyncpg's per-connection cache prepares each once.
                statement_cache_size=256,
            )
        except _CLOSE_FAILED as error:
            where = urlsplit(url)
            host = f"{where.hostname or 'localhost'}:{where.port or 5432}"
            reason = str(error) or f"no answer within {CONNECT_TIMEOUT_SECONDS:g} s"
            raise DatabaseUnreachableError(f"cannot connect to PostgreSQL at {host}: {reason}") from None
        try:
            async with pool.acquire() as conn:
                await apply_migrations(conn, migrations_dir)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url)

    @property
    def closed(self) -> bool:
        return self._closed

    def _joined(self) -> PostgresConnection | None:
        task = asyncio.current_task()
        return None if task is None else self._held.get(task)

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[PostgresConnection]:
        joined = self._joined()
        if joined is not None:
            yield joined
            return
        if self._closed:
            raise RuntimeError("the database is closed")
        async with self._pool.acquire() as conn:
            yield PostgresConnection(conn)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        if self._joined() is not None:
            raise RuntimeError("transactions cannot be nested")
        if self._closed:
            raise RuntimeError("the database is closed")
        task = asyncio.current_task()
        assert task is not None
        async with self._pool.acquire() as conn:
            wrapped = PostgresConnection(conn)
            transaction = conn.transaction()
            await transaction.start()
            self._held[task] = wrapped
            try:
                yield wrapped
            except BaseException:
                with contextlib.suppress(*_GONE):
                    await transaction.rollback()
                raise
            else:
                started = time.perf_counter()
                await transaction.commit()
                self._observe_commit(time.perf_counter() - started)
            finally:
                del self._held[task]

    async def fetchone(self, sql: str, parameters: Parameters = ()) -> Row | None:
        async with self._connection() as conn:
            return await conn.fetchone(sql, parameters)

    async def fetchall(self, sql: str, parameters: Parameters = ()) -> list[Row]:
        async with self._connection() as conn:
            return await conn.fetchall(sql, parameters)

    async def execute(self, sql: str, parameters: Parameters = ()) -> int:
        async with self._connection() as conn:
            return await conn.execute(sql, parameters)

    async def check_writable(self) -> None:
        if self._closed:
            raise RuntimeError("the database is closed")
        async with self._pool.acquire() as conn:
            transaction = conn.transaction()
            await transaction.start()
            try:
                await conn.execute(
                    "INSERT INTO meta (key, value) VALUES ('health_check', '')"
                    " ON CONFLICT (key) DO UPDATE SET value = excluded.value"
                )
            finally:
                await transaction.rollback()

    async def listen(
        self, channel: str, callback: Callable[[str], None], *, lost: Callable[[], None] | None = None
    ) -> None:
        """Call `callback(payload)` for every NOTIFY on `channel`, on a connection of its own (made again
        by `keep_listening` if it is lost, and then `lost()` is called)."""
        self._listening.append((channel, callback))
        if lost is not None:
            self._on_lost.append(lost)
        listener = await self._listening_connection()
        await listener.add_listener(channel, _receiver(callback))

    async def _listening_connection(self) -> asyncpg.Connection:
        if self._listener is None or self._listener.is_closed():
            self._listener = await asyncpg.connect(self._url, timeout=CONNECT_TIMEOUT_SECONDS)
        return self._listener

    async def keep_listening(self) -> bool:
        """Check the listening connection and connect again if it was lost (a restarted server, a
        dropped connection); True when it had to. NOTIFYs sent while it was gone are lost."""
        if not self._listening:
            return False
        listener = self._listener
        if listener is not None and not listener.is_closed():
            try:
                await listener.fetchval("SELECT 1", timeout=CONNECT_TIMEOUT_SECONDS)
                return False
            except _CLOSE_FAILED:
                listener.terminate()
        self._listener = None
        listener = await self._listening_connection()
        for channel, callback in self._listening:
            await listener.add_listener(channel, _receiver(callback))
        log.warning("Listening to PostgreSQL again after the connection was lost")
        for lost in self._on_lost:
            lost()
        return True

    async def notify(self, channel: str, payload: str) -> None:
        """Send a NOTIFY (delivered when the surrounding transaction, if any, commits)."""
        async with self._connection() as conn:
            await conn.execute("SELECT pg_notify(?, ?)", (channel, payload))

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._listener is not None:
            with contextlib.suppress(*_GONE):
                await self._listener.close(timeout=CLOSE_TIMEOUT_SECONDS)
        try:
            await asyncio.wait_for(self._pool.close(), CLOSE_TIMEOUT_SECONDS)
        except _CLOSE_FAILED:
            self._pool.terminate()

    def terminate(self) -> None:
        """Drop every connection at once, as a killed process would (for tests of a crash)."""
        self._closed = True
        if self._listener is not None:
            self._listener.terminate()
        self._pool.terminate()


def _receiver(callback: Callable[[str], None]) -> Callable[[object, int, str, str], None]:
    def received(_conn: object, _pid: int, _channel: str, payload: str) -> None:
        callback(payload)

    return received


_GONE: tuple[type[BaseException], ...] = (asyncpg.InterfaceError, asyncpg.PostgresError, OSError)
_CLOSE_FAILED: tuple[type[BaseException], ...] = (TimeoutError, *_GONE)


async def apply_migrations(conn: asyncpg.Connection, directory: Path) -> list[str]:
    """Apply the migrations not yet recorded in ``schema_migrations``, each file in one transaction.

    PostgreSQL runs a file's statements as one script; a failing file is rolled back completely and
    reported as MigrationError. Returns the names applied.
    """
    migrations = find_migrations(directory, "postgresql")
    applied: list[str] = []
    async with conn.transaction():
        # CREATE ... IF NOT EXISTS is not safe against another process doing the same at that moment.
        await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
        )
        if await conn.fetchval("SELECT coalesce(max(version), 0) FROM schema_migrations") == len(migrations):
            return applied  # up to date: the usual start, one statement
    for migration in migrations:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            current = await conn.fetchval("SELECT coalesce(max(version), 0) FROM schema_migrations")
            if current > len(migrations):
                raise MigrationError(
                    f"the database is at schema version {current} but only {len(migrations)} "
                    "migrations exist; is this an older version of the bot?"
                )
            if current >= migration.version:
                continue
            try:
                await conn.execute(migration.path.read_text(encoding="utf-8"))
            except asyncpg.PostgresError as error:
                raise MigrationError(f"migration {migration.name} failed: {error}") from error
            await conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                migration.version,
                migration.name,
                time.time(),
            )
        applied.append(migration.name)
    if applied:
        log.info("Applied %d migration(s) to PostgreSQL: %s", len(applied), ", ".join(applied))
    return applied
