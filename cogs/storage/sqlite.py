"""The embedded backend: one SQLite file, one aiosqlite connection, serialised writes.

Every statement runs on a single connection, so a statement issued while a transaction is open would
silently join it. The helpers therefore share one lock with `transaction()`: a read never sees another
task's uncommitted writes, and a write never lands inside someone else's transaction.

One process at a time may open a database (`cogs.hosting.lock`), and a database that already has a
schema is copied beside itself before new migrations change it (`cogs.hosting.backup`).

Each call into aiosqlite's thread is a hand-over there and back, and the way back waits for the event
loop to come round; on a busy host that is where a write's time went, not in SQLite (a game click's
write took ten of them, one of which waited 320 ms at 1,000 tables). So a statement is one call, its
cursor read and closed in the thread, and a transaction's BEGIN IMMEDIATE goes with its first
statement: the click's write now takes three to five (docs/pictures.md).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

import aiosqlite

from cogs.hosting import lock
from cogs.hosting.backup import BackupError, backup_before_migration
from cogs.storage.base import Connection, Database, Parameters, Row
from cogs.storage.migrations import MigrationError, find_migrations, split_statements

__all__ = ("DatabaseLocationError", "SQLiteConnection", "SQLiteDatabase", "apply_migrations")

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000


class DatabaseLocationError(RuntimeError):
    """The database's folder cannot be created or written (a file in the way, no permission)."""


Result = Literal["count", "one", "all"]


def _statement(
    db: sqlite3.Connection, begin: bool, sql: str, parameters: Any, many: bool, result: Result
) -> Any:
    """One statement, in aiosqlite's thread: BEGIN IMMEDIATE first when ``begin``, then ``sql`` (once,
    or for each row of ``parameters`` when ``many``); the changed row count, the first row or all rows.
    The cursor is closed here: an unclosed one of a statement that returned rows (a PRAGMA, say) would
    block COMMIT."""
    if begin:
        db.execute("BEGIN IMMEDIATE").close()
    cursor = db.executemany(sql, parameters) if many else db.execute(sql, parameters)
    try:
        if result == "one":
            return cursor.fetchone()
        if result == "all":
            return cursor.fetchall()
        return cursor.rowcount
    finally:
        cursor.close()


async def _in_thread(
    conn: aiosqlite.Connection,
    sql: str,
    parameters: Any = (),
    *,
    begin: bool = False,
    many: bool = False,
    result: Result = "count",
) -> Any:
    """``_statement`` in the connection's thread, one hand-over there and back (aiosqlite's own
    ``_execute``, which its cursors use for each of their calls; the version is pinned)."""
    return await conn._execute(_statement, conn._conn, begin, sql, parameters, many, result)


def _roll_back(db: sqlite3.Connection) -> None:
    """Roll back the transaction under way, if there is one (in aiosqlite's thread)."""
    if db.in_transaction:
        db.execute("ROLLBACK").close()


async def _run(conn: aiosqlite.Connection, sql: str, parameters: Parameters = ()) -> None:
    await _in_thread(conn, sql, tuple(parameters))


async def schema_version(conn: aiosqlite.Connection) -> int:
    """The schema version of a SQLite database (the number of migrations applied to it)."""
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    assert row is not None
    return int(row[0])


async def apply_migrations(
    conn: aiosqlite.Connection,
    directory: Path,
    *,
    before_upgrade: Callable[[int], Awaitable[object]] | None = None,
) -> list[str]:
    """Apply the migrations above `PRAGMA user_version`, each in its own transaction.

    The connection must be in autocommit mode (`isolation_level=None`). Returns the names applied.
    A failing file is rolled back completely and reported as MigrationError; earlier files stay applied.
    `before_upgrade(version)` is awaited first when a database that already has a schema is about to
    get migration `version` and later ones (not for a new database, nor when nothing is pending).
    """
    migrations = find_migrations(directory)
    current = await schema_version(conn)
    if current > len(migrations):
        raise MigrationError(
            f"the database is at schema version {current} but only {len(migrations)} migrations exist; "
            "is this an older version of the bot?"
        )
    if before_upgrade is not None and 0 < current < len(migrations):
        await before_upgrade(current + 1)
    applied = []
    for migration in migrations[current:]:
        # executescript() would commit before running, so each statement is executed on its own
        # inside an explicit transaction together with the version bump.
        statements = split_statements(migration.path.read_text(encoding="utf-8"))
        await _run(conn, "BEGIN IMMEDIATE")
        try:
            for statement in statements:
                await _run(conn, statement)
            await _run(conn, f"PRAGMA user_version = {migration.version:d}")
            await _run(conn, "COMMIT")
        except sqlite3.Error as error:
            if conn.in_transaction:
                await _run(conn, "ROLLBACK")
            raise MigrationError(f"migration {migration.name} failed: {error}") from error
        applied.append(migration.name)
    return applied


def _claim(path: Path) -> lock.DatabaseLock:
    """Create the database's folder and take its lock, saying plainly what stands in the way."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError) as error:
        blocker = next((p for p in path.parents if p.exists() and not p.is_dir()), path.parent)
        raise DatabaseLocationError(f"cannot create the folder {path.parent}: {blocker} is a file") from error
    except OSError as error:
        raise DatabaseLocationError(
            f"cannot create the folder {path.parent}: {error.strerror or error}"
        ) from error
    try:
        return lock.acquire(path)
    except OSError as error:
        raise DatabaseLocationError(
            f"cannot create {lock.lock_path(path)}: {error.strerror or error}"
        ) from error


async def _backup_before(path: Path, version: int) -> None:
    try:
        copy = await asyncio.to_thread(backup_before_migration, path, version)
    except BackupError as error:
        raise MigrationError(f"no migration was applied: the backup before it failed: {error}") from error
    log.info("Copied the database to %s before applying migration %04d", copy, version)


class SQLiteConnection(Connection):
    """The shared aiosqlite connection, inside a transaction (or for one statement outside any)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        # Set when a transaction is entered: its BEGIN IMMEDIATE goes with its first statement.
        self.begin_pending = False

    async def _statement(
        self, sql: str, parameters: Any, *, many: bool = False, result: Result = "count"
    ) -> Any:
        begin, self.begin_pending = self.begin_pending, False
        try:
            return await _in_thread(self._conn, sql, parameters, begin=begin, many=many, result=result)
        except BaseException:
            # BEGIN itself failed (the transaction never began) or the call was cancelled before it ran.
            if begin and not self._conn.in_transaction:
                self.begin_pending = True
            raise

    async def execute(self, sql: str, parameters: Parameters = ()) -> int:
        count: int = await self._statement(sql, tuple(parameters))
        return count

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        batch = [tuple(row) for row in rows]
        if batch:  # nothing to run: no call into the thread
            await self._statement(sql, batch, many=True)

    async def fetchone(self, sql: str, parameters: Parameters = ()) -> Row | None:
        row: sqlite3.Row | None = await self._statement(sql, tuple(parameters), result="one")
        return row

    async def fetchall(self, sql: str, parameters: Parameters = ()) -> list[Row]:
        rows: list[Row] = await self._statement(sql, tuple(parameters), result="all")
        return rows

    async def serialize(self, key: str, *, shared: bool = False) -> None:
        # BEGIN IMMEDIATE makes this the only writer (and no other process opens the file).
        return None


class SQLiteDatabase(Database):
    """One SQLite connection shared by the whole bot."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, held: lock.DatabaseLock | None = None) -> None:
        super().__init__()
        self._conn = conn
        self._wrapped = SQLiteConnection(conn)
        self._held = held
        self._lock = asyncio.Lock()
        self._holder: asyncio.Task[Any] | None = None
        self._closed = False

    @classmethod
    async def connect(cls, path: Path, migrations_dir: Path) -> SQLiteDatabase:
        """Open (creating if needed) the database at `path` and bring its schema up to date."""
        held = _claim(path)
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except BaseException:
            held.release()
            raise
        try:
            conn.row_factory = sqlite3.Row
            await _run(conn, "PRAGMA journal_mode = WAL")
            await _run(conn, "PRAGMA foreign_keys = ON")
            await _run(conn, f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS:d}")
            await apply_migrations(
                conn, migrations_dir, before_upgrade=lambda version: _backup_before(path, version)
            )
        except BaseException:
            # aiosqlite's worker thread keeps the process alive until the connection is closed.
            await conn.close()
            held.release()
            raise
        return cls(conn, held)

    @property
    def closed(self) -> bool:
        return self._closed

    @asynccontextmanager
    async def _locked(self) -> AsyncIterator[SQLiteConnection]:
        current = asyncio.current_task()
        if self._holder is not None and self._holder is current:
            # A helper called inside this task's own transaction() runs as part of it.
            yield self._wrapped
            return
        async with self._lock:
            if self._closed:
                raise RuntimeError("the database is closed")
            self._holder = current
            try:
                yield self._wrapped
            finally:
                self._holder = None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        if self._holder is not None and self._holder is asyncio.current_task():
            raise RuntimeError("transactions cannot be nested")
        async with self._locked() as wrapped:
            self._wrapped.begin_pending = True
            try:
                yield wrapped
                if self._wrapped.begin_pending:  # no statement ran: nothing began, nothing to commit
                    return
                started = time.perf_counter()
                await _run(self._conn, "COMMIT")
                self._observe_commit(time.perf_counter() - started)
            except BaseException:
                # Looked at in the thread, after any call still queued there (one whose caller was
                # cancelled may yet begin the transaction); SQLite may also have rolled back by itself
                # (for example on a full disk).
                await self._conn._execute(_roll_back, self._conn._conn)
                raise
            finally:
                self._wrapped.begin_pending = False

    async def fetchone(self, sql: str, parameters: Parameters = ()) -> Row | None:
        async with self._locked() as conn:
            return await conn.fetchone(sql, parameters)

    async def fetchall(self, sql: str, parameters: Parameters = ()) -> list[Row]:
        async with self._locked() as conn:
            return await conn.fetchall(sql, parameters)

    async def execute(self, sql: str, parameters: Parameters = ()) -> int:
        async with self._locked() as conn:
            return await conn.execute(sql, parameters)

    async def check_writable(self) -> None:
        """Waits for the transaction under way. sqlite3.Error says what failed (a read-only file, a
        lock held by another program); RuntimeError that the database is closed."""
        async with self._locked():
            await _run(self._conn, "BEGIN IMMEDIATE")
            try:
                await _run(
                    self._conn,
                    "INSERT INTO meta (key, value) VALUES ('health_check', '')"
                    " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                )
            finally:
                if self._conn.in_transaction:
                    await _run(self._conn, "ROLLBACK")

    async def close(self) -> None:
        if self._closed:
            return
        async with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                await self._conn.close()
            finally:
                if self._held is not None:
                    self._held.release()
