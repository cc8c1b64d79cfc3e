"""What the bot asks of a database, whichever one holds its data.

Features talk to a `Database` and, inside `transaction()`, to a `Connection`; both take SQL with ``?``
placeholders and return rows that are read by column name or position. `SQLiteDatabase` (one process, a
file) and `PostgresDatabase` (several processes, a server) implement it. SQL written by features must
run on both: ``INSERT ... ON CONFLICT``, ``RETURNING``, ``IN (?, ?)`` through `placeholders`, no
``INSERT OR ...`` and no JSON functions.
"""

from __future__ import annotations

import logging
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import asyncpg

from cogs.storage.migrations import Dialect

__all__ = (
    "DATABASE_ERRORS",
    "INTEGRITY_ERRORS",
    "Connection",
    "Database",
    "DatabaseUnreachableError",
    "Parameters",
    "Row",
    "placeholders",
)

log = logging.getLogger(__name__)

Parameters = Iterable[Any]

# What a failed read or write raises, on either backend (a full disk, a lost server, a broken row).
DATABASE_ERRORS: tuple[type[BaseException], ...] = (
    sqlite3.Error,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    ConnectionError,
)
# A unique key or a check refused the row.
INTEGRITY_ERRORS: tuple[type[BaseException], ...] = (
    sqlite3.IntegrityError,
    asyncpg.IntegrityConstraintViolationError,
)


class DatabaseUnreachableError(RuntimeError):
    """The database server cannot be reached or refuses the login; the message names it (no password)."""


class Row(Protocol):
    """A result row: ``row["column"]`` or ``row[0]`` (sqlite3.Row, asyncpg.Record)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...

    def keys(self) -> Any: ...


def placeholders(count: int) -> str:
    """``?, ?, ?`` for an ``IN (...)`` list of `count` values (at least one)."""
    if count < 1:
        raise ValueError("an IN list needs at least one value")
    return ", ".join("?" * count)


class Connection(ABC):
    """The database inside one transaction (`Database.transaction()`)."""

    @abstractmethod
    async def execute(self, sql: str, parameters: Parameters = ()) -> int:
        """Run one statement; returns how many rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once for each row of parameters."""

    @abstractmethod
    async def fetchone(self, sql: str, parameters: Parameters = ()) -> Row | None: ...

    @abstractmethod
    async def fetchall(self, sql: str, parameters: Parameters = ()) -> list[Row]: ...

    async def fetchval(self, sql: str, parameters: Parameters = ()) -> Any:
        """The first column of the first row, or None."""
        row = await self.fetchone(sql, parameters)
        return None if row is None else row[0]

    @abstractmethod
    async def serialize(self, key: str, *, shared: bool = False) -> None:
        """Make other processes' transactions that serialize on `key` wait until this one ends; `shared`
        ones only wait for (and hold off) those that are not shared.

        SQLite has one writer at a time anyway; PostgreSQL takes a transaction-level advisory lock.
        """


class Database(ABC):
    """The bot's database: reads, writes and transactions, migrated to the current schema."""

    dialect: Dialect
    # True when several bot processes may share this database (then tables have owners).
    shared: bool = False

    def __init__(self) -> None:
        # Called with the seconds each COMMIT of `transaction()` took (for the metrics).
        self.on_commit: Callable[[float], None] | None = None

    @property
    @abstractmethod
    def closed(self) -> bool: ...

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        """`async with db.transaction() as conn:` commits on success and rolls back on an exception.

        Transactions cannot be nested; the helpers below, called inside this task's own transaction,
        run as part of it.
        """

    @abstractmethod
    async def fetchone(self, sql: str, parameters: Parameters = ()) -> Row | None: ...

    @abstractmethod
    async def fetchall(self, sql: str, parameters: Parameters = ()) -> list[Row]: ...

    @abstractmethod
    async def execute(self, sql: str, parameters: Parameters = ()) -> int:
        """Run one statement, committed on its own unless inside this task's transaction; returns how
        many rows it changed."""

    @abstractmethod
    async def check_writable(self) -> None:
        """Raise unless a write could be committed now (one is made to `meta` and rolled back)."""

    @abstractmethod
    async def close(self) -> None:
        """Wait for the transaction under way, then close. Safe to call twice."""

    async def listen(
        self, channel: str, callback: Callable[[str], None], *, lost: Callable[[], None] | None = None
    ) -> None:
        """Call `callback(payload)` for every `notify` on `channel` by any process sharing the database
        (this one included), and `lost()` when notifications may have been missed (the connection was
        lost and made again). Nothing to hear when the database is not shared."""
        return None

    async def notify(self, channel: str, payload: str) -> None:
        """Tell every process sharing the database (see `listen`); nothing when it is not shared."""
        return None

    async def get_meta(self, key: str) -> str | None:
        row = await self.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row["value"])

    async def set_meta(self, key: str, value: str) -> None:
        await self.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def _observe_commit(self, seconds: float) -> None:
        if self.on_commit is None:
            return
        try:
            self.on_commit(seconds)
        except Exception:  # a measurement never turns a committed write into a failed one
            log.exception("The commit observer failed")


def is_postgres_url(target: str) -> bool:
    return target.startswith(("postgresql://", "postgres://"))
