"""Copying the bot's data between a SQLite file and a PostgreSQL database, table by table.

``bot.py copy-database`` moves a SQLite database into a new, empty PostgreSQL one (`copy_database`). On
a PostgreSQL host without pg_dump, ``bot.py backup`` writes the database into a SQLite file with the same
code (`copy_into_sqlite`) and ``restore`` puts such a file back (`copy_into_postgres`); the guarantees of
each kind of backup are in cogs/hosting/backup.py.

Both ends are brought to the same schema by the bot's own migrations before a row moves, and the tables
to copy are read from the schema, not listed here: a table or a column a later migration adds is copied
with the others, and one that either side lacks stops the copy instead of being left out. Rows move in
batches of `BATCH_ROWS`, each value converted to the type of its column on the receiving side (SQLite
keeps booleans as 0 and 1 and times as REAL, PostgreSQL has BIGINT, DOUBLE PRECISION and BYTEA), and a
value that would not arrive unchanged stops the copy.

Afterwards the receiving side is checked: each table holds as many rows as were read, and the finished
games' results and the ratings hold the same rows, compared through a digest of each side's rows that
does not depend on their order.

Table and column names are written into the SQL (quoted): they come from the schema, never from a user.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import shutil
import sqlite3
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import aiosqlite
import asyncpg

from cogs.hosting import backup, lock
from cogs.storage.base import is_postgres_url
from cogs.storage.migrations import find_migrations
from cogs.storage.postgres import apply_migrations as migrate_postgres
from cogs.storage.sqlite import apply_migrations as migrate_sqlite
from cogs.storage.sqlite import schema_version

__all__ = (
    "BATCH_ROWS",
    "CopyError",
    "CopyReport",
    "DatabaseBusyError",
    "PostgresBackup",
    "PostgresRestore",
    "backup_postgres",
    "copy_database",
    "copy_into_postgres",
    "copy_into_sqlite",
    "restore_postgres",
)

BATCH_ROWS = 1000
CONNECT_TIMEOUT_SECONDS = 10.0
# PostgreSQL's record of the migrations applied; SQLite keeps it in PRAGMA user_version instead.
POSTGRES_INTERNAL = frozenset({"schema_migrations"})
# The rows checked value for value after a copy, besides every table's count: what members would miss.
CHECKED: dict[str, tuple[str, ...]] = {
    "results": ("game_results", "game_rounds"),
    "ratings": ("player_ratings", "player_stats", "rating_history"),
}
# The database server's clock, as the processes' heartbeats are written with it.
SERVER_NOW = "extract(epoch FROM clock_timestamp())"
# What reaching PostgreSQL raises when it cannot be reached, refuses the login or has no such database.
_UNREACHABLE: tuple[type[BaseException], ...] = (
    OSError,
    TimeoutError,
    ValueError,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
)
_FAILED: tuple[type[BaseException], ...] = (
    sqlite3.Error,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    OSError,
)


class CopyError(RuntimeError):
    """A copy, a backup or a restore could not be made; the message says why, in one line."""


class DatabaseBusyError(CopyError):
    """A bot process is running on the database to be replaced."""


@dataclass(frozen=True, slots=True)
class TableShape:
    """One table to copy: its name and its columns, in the order the copy reads them."""

    name: str
    columns: tuple[str, ...]


@dataclass(slots=True)
class Tally:
    """The rows of one table as one side holds them: how many, and (for a checked table) their digest."""

    rows: int = 0
    digest: int = 0

    def add(self, batch: Sequence[Sequence[Any]], *, digest: bool) -> None:
        self.rows += len(batch)
        if digest:
            self.digest = (self.digest + sum(map(row_digest, batch))) % 2**256


@dataclass
class CopyReport:
    """What a copy moved and how it was checked."""

    version: int
    # Rows copied, by table, in the order they were copied.
    rows: dict[str, int] = field(default_factory=dict)
    # Each checked group of tables (`CHECKED`): its digest, equal on both sides, and its rows.
    checksums: dict[str, tuple[str, int]] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def total(self) -> int:
        return sum(self.rows.values())


_PLAIN = (int, float, str, type(None))


def _canonical(value: Any) -> Any:
    # The same stored value reads back as the same Python value from either driver, except these.
    if type(value) in _PLAIN:
        return value
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, bytes | bytearray | memoryview):
        return {"bytes": bytes(value).hex()}
    if value is None or isinstance(value, int | float | str):
        return value
    return str(value)


def row_digest(row: Sequence[Any]) -> int:
    """A row's digest: SHA-256 of its values as JSON, where 1 and 1.0 differ, as a number."""
    text = json.dumps([_canonical(value) for value in row], separators=(",", ":"), ensure_ascii=False)
    return int.from_bytes(hashlib.sha256(text.encode()).digest(), "big")


def quoted(name: str) -> str:
    """A table's or a column's name as an SQL identifier (either backend)."""
    return '"' + name.replace('"', '""') + '"'


def _select(shape: TableShape) -> str:
    return f"SELECT {', '.join(map(quoted, shape.columns))} FROM {quoted(shape.name)}"


def _where(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.hostname or 'localhost'}:{parts.port or 5432}"


def _database_name(url: str) -> str:
    return urlsplit(url).path.strip("/") or "wizard"


def _version_advice(what: str, version: int, known: int) -> str:
    """Why a database at `version` cannot be copied by this bot (which knows `known` migrations)."""
    if version == 0:
        return f"{what} holds no Wizard database (it has no schema version)"
    if version > known:
        return (
            f"{what} is at schema version {version}, newer than this version of the bot knows ({known}): "
            "use the version of the bot that wrote it"
        )
    return (
        f"{what} is at schema version {version}, this bot's is {known}: start this version of the bot "
        "once on it (it brings the database up to date at start), stop it, and try again"
    )


# -- the SQLite side --------------------------------------------------------------------------------------


@asynccontextmanager
async def _open_sqlite(path: Path, mode: Literal["ro", "rwc"]) -> AsyncIterator[aiosqlite.Connection]:
    """A connection of its own to the SQLite file at `path`, in autocommit mode (as migrations want)."""
    try:
        conn = await aiosqlite.connect(
            f"{path.resolve().as_uri()}?mode={mode}", uri=True, isolation_level=None
        )
    except sqlite3.Error as error:
        raise CopyError(f"cannot open {path}: {error}") from error
    try:
        yield conn
    finally:
        await conn.close()


async def _sqlite_column(conn: aiosqlite.Connection, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
    async with conn.execute(sql, tuple(parameters)) as cursor:
        return [row[0] for row in await cursor.fetchall()]


async def sqlite_shapes(conn: aiosqlite.Connection) -> list[TableShape]:
    """Every table of the bot in a SQLite database (not SQLite's own), each after those it refers to."""
    names = await _sqlite_column(
        conn,
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        " ORDER BY name",
    )
    shapes: dict[str, TableShape] = {}
    parents: dict[str, set[str]] = {}
    for name in names:
        columns = await _sqlite_column(conn, "SELECT name FROM pragma_table_info(?) ORDER BY cid", (name,))
        shapes[name] = TableShape(name, tuple(columns))
        referred = await _sqlite_column(conn, 'SELECT "table" FROM pragma_foreign_key_list(?)', (name,))
        parents[name] = set(referred) - {name}
    ordered: list[TableShape] = []
    placed: set[str] = set()
    while len(ordered) < len(shapes):
        ready = [name for name in names if name not in placed and parents[name] <= placed]
        if not ready:  # a circle of references: their order cannot matter more than this
            ready = [name for name in names if name not in placed]
        for name in ready:
            ordered.append(shapes[name])
            placed.add(name)
    return ordered


class _SQLiteSide:
    """Reading a SQLite database's tables in batches."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def batches(self, shape: TableShape) -> AsyncIterator[list[tuple[Any, ...]]]:
        async with self.conn.execute(_select(shape)) as cursor:
            while batch := list(await cursor.fetchmany(BATCH_ROWS)):
                yield [tuple(row) for row in batch]

    async def count(self, shape: TableShape) -> int:
        [count] = await _sqlite_column(self.conn, f"SELECT count(*) FROM {quoted(shape.name)}")
        return int(count)


# -- the PostgreSQL side ----------------------------------------------------------------------------------


@asynccontextmanager
async def _open_postgres(url: str) -> AsyncIterator[asyncpg.Connection]:
    """One connection to the PostgreSQL database at `url`; CopyError naming the server (never the password)
    when it cannot be reached."""
    try:
        conn = await asyncpg.connect(url, timeout=CONNECT_TIMEOUT_SECONDS)
    except _UNREACHABLE as error:
        reason = str(error) or f"no answer within {CONNECT_TIMEOUT_SECONDS:g} s"
        raise CopyError(f"cannot connect to PostgreSQL at {_where(url)}: {reason}") from None
    try:
        yield conn
    finally:
        with contextlib.suppress(*_FAILED, TimeoutError):
            await conn.close(timeout=CONNECT_TIMEOUT_SECONDS)


async def _postgres_version(conn: asyncpg.Connection) -> int:
    """The schema version of a PostgreSQL database: 0 when the bot has never run on it."""
    if await conn.fetchval("SELECT to_regclass('schema_migrations') IS NULL"):
        return 0
    return int(await conn.fetchval("SELECT coalesce(max(version), 0) FROM schema_migrations"))


async def _postgres_columns(conn: asyncpg.Connection) -> dict[str, dict[str, str]]:
    """Every table of the bot's schema in PostgreSQL: its columns and their types, in order."""
    rows = await conn.fetch(
        "SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns AS c"
        " JOIN information_schema.tables AS t USING (table_schema, table_name)"
        " WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'"
        " ORDER BY c.table_name, c.ordinal_position"
    )
    tables: dict[str, dict[str, str]] = {}
    for row in rows:
        if row["table_name"] not in POSTGRES_INTERNAL:
            tables.setdefault(row["table_name"], {})[row["column_name"]] = row["data_type"]
    return tables


class _PostgresSide:
    """Reading a PostgreSQL database's tables in batches (inside a transaction: cursors need one)."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def batches(self, shape: TableShape) -> AsyncIterator[list[tuple[Any, ...]]]:
        cursor = await self.conn.cursor(_select(shape))
        while batch := await cursor.fetch(BATCH_ROWS):
            yield [tuple(record) for record in batch]

    async def count(self, shape: TableShape) -> int:
        return int(await self.conn.fetchval(f"SELECT count(*) FROM {quoted(shape.name)}"))


def _check_tables(
    shapes: Sequence[TableShape], columns: dict[str, dict[str, str]], *, both_ways: bool
) -> None:
    """Refuse a copy that would leave a table or a column out: every table and column of the SQLite side
    must exist in PostgreSQL and, with `both_ways` (copying from PostgreSQL), the other way round too."""
    for shape in shapes:
        found = columns.get(shape.name)
        if found is None:
            raise CopyError(
                f"the table {shape.name} is missing in PostgreSQL; are both at one schema version?"
            )
        missing = [column for column in shape.columns if column not in found]
        if missing:
            raise CopyError(f"the column {shape.name}.{missing[0]} is missing in PostgreSQL")
        if both_ways and (extra := [column for column in found if column not in shape.columns]):
            raise CopyError(f"the column {shape.name}.{extra[0]} of PostgreSQL has no place in SQLite")
    if both_ways and (extra_tables := sorted(set(columns) - {shape.name for shape in shapes})):
        raise CopyError(f"the table {extra_tables[0]} of PostgreSQL has no place in SQLite")


# -- converting values ------------------------------------------------------------------------------------


class _Unconvertible(ValueError):
    pass


def _whole(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    raise _Unconvertible


def _real(value: Any) -> Any:
    if isinstance(value, int | float) and float(value) == value:
        return float(value)
    raise _Unconvertible


def _boolean(value: Any) -> Any:
    if value in (0, 1):
        return bool(value)
    raise _Unconvertible


def _text(value: Any) -> Any:
    if isinstance(value, str):
        return value
    raise _Unconvertible


def _binary(value: Any) -> Any:
    if isinstance(value, bytes | bytearray | memoryview):
        return bytes(value)
    raise _Unconvertible


def _unchanged(value: Any) -> Any:
    return value


_TO_POSTGRES: dict[str, Callable[[Any], Any]] = {
    "bigint": _whole,
    "integer": _whole,
    "smallint": _whole,
    "double precision": _real,
    "real": _real,
    "boolean": _boolean,
    "text": _text,
    "character varying": _text,
    "bytea": _binary,
}


def _converter(shape: TableShape, types: dict[str, str]) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """Turn a SQLite row of `shape` into the values PostgreSQL's columns of `types` take, or raise
    CopyError naming the first value that would not arrive as it is."""
    steps = [_TO_POSTGRES.get(types[column], _unchanged) for column in shape.columns]

    def convert(row: Sequence[Any]) -> tuple[Any, ...]:
        values = []
        for step, value, column in zip(steps, row, shape.columns, strict=True):
            try:
                values.append(None if value is None else step(value))
            except _Unconvertible:
                raise CopyError(
                    f"{shape.name}.{column} holds {repr(value)[:60]}, which PostgreSQL's {types[column]} "
                    "column cannot store unchanged"
                ) from None
        return tuple(values)

    return convert


def _for_sqlite(row: Sequence[Any]) -> tuple[Any, ...]:
    # asyncpg reads BIGINT, DOUBLE PRECISION, TEXT and BYTEA as SQLite takes them; a boolean becomes 0 or 1.
    return tuple(int(value) if isinstance(value, bool) else value for value in row)


# -- copying ----------------------------------------------------------------------------------------------


def _checked(name: str) -> bool:
    return any(name in tables for tables in CHECKED.values())


async def _tally(side: _SQLiteSide | _PostgresSide, shapes: Iterable[TableShape]) -> dict[str, Tally]:
    """How many rows each table holds, with the digest of the checked ones."""
    tallies: dict[str, Tally] = {}
    for shape in shapes:
        tally = tallies[shape.name] = Tally()
        if not _checked(shape.name):
            tally.rows = await side.count(shape)
            continue
        async for batch in side.batches(shape):
            tally.add(batch, digest=True)
    return tallies


def _compare(read: dict[str, Tally], stored: dict[str, Tally], report: CopyReport) -> None:
    """Fill `report` with what was copied, or raise CopyError where the copy differs from what was read."""
    for name, tally in read.items():
        if stored[name].rows != tally.rows:
            raise CopyError(
                f"verification failed: {name} has {tally.rows} rows in the source and {stored[name].rows} "
                "in the copy"
            )
        if stored[name].digest != tally.digest:
            raise CopyError(f"verification failed: the rows of {name} differ between the source and the copy")
        report.rows[name] = tally.rows
    for group, tables in CHECKED.items():
        present = [name for name in tables if name in read]
        text = ";".join(f"{name}:{read[name].rows}:{read[name].digest:064x}" for name in present)
        digest = hashlib.sha256(text.encode()).hexdigest()[:16]
        report.checksums[group] = (digest, sum(read[name].rows for name in present))


async def _refuse_rows(conn: asyncpg.Connection, shapes: Sequence[TableShape], url: str) -> None:
    """Refuse a PostgreSQL database holding any row in a table of the bot."""
    existing = await _postgres_columns(conn)
    for shape in shapes:
        if shape.name in existing and await conn.fetchval(
            f"SELECT EXISTS (SELECT 1 FROM {quoted(shape.name)})"
        ):
            raise CopyError(
                f"the database {_database_name(url)} at {_where(url)} is not empty (its table {shape.name} "
                "has rows): copy into a new, empty database (createdb)"
            )


async def _advance_identities(conn: asyncpg.Connection, names: set[str]) -> None:
    """Make PostgreSQL number new rows after the copied ones, as SQLite would (its rowid is the highest
    id plus one): an identity column does not move on when rows bring their own ids."""
    numbered = await conn.fetch(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema()"
        " AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')"
    )
    for row in numbered:
        table, column = row["table_name"], row["column_name"]
        if table in names:
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence($1, $2),"
                f" coalesce(max({quoted(column)}), 0) + 1, false) FROM {quoted(table)}",
                quoted(table),
                column,
            )


async def _fill_postgres(
    source: _SQLiteSide, pg: asyncpg.Connection, shapes: Sequence[TableShape], *, replace: bool, url: str
) -> dict[str, Tally]:
    """Copy every table in one transaction, which holds off any bot's writes until it ends."""
    columns = await _postgres_columns(pg)
    _check_tables(shapes, columns, both_ways=False)
    names = ", ".join(quoted(shape.name) for shape in shapes)
    read: dict[str, Tally] = {}
    async with pg.transaction():
        await pg.execute(f"LOCK TABLE {names} IN EXCLUSIVE MODE")
        if replace:
            await pg.execute(f"TRUNCATE {names}")
        else:
            await _refuse_rows(pg, shapes, url)
        for shape in shapes:
            convert = _converter(shape, columns[shape.name])
            tally = read[shape.name] = Tally()
            async for batch in source.batches(shape):
                tally.add(batch, digest=_checked(shape.name))
                await pg.copy_records_to_table(
                    shape.name, records=[convert(row) for row in batch], columns=list(shape.columns)
                )
        await _advance_identities(pg, {shape.name for shape in shapes})
    return read


async def copy_into_postgres(
    source: Path, url: str, migrations_dir: Path, *, replace: bool = False
) -> CopyReport:
    """Copy the SQLite database `source` (at the latest schema version) into the PostgreSQL database at
    `url`, brought to that version first by the bot's migrations; then check the copy.

    Without `replace` a database holding any row of the bot is refused (before anything is changed,
    and again inside the copy's transaction); with it, its rows are replaced. Everything is copied in
    one transaction: a copy that fails leaves no row behind. The identity columns go on after the
    copied ids. Raises CopyError, and MigrationError when the database cannot be brought up to date.
    """
    started = time.perf_counter()
    known = len(find_migrations(migrations_dir))
    async with _open_sqlite(source, "ro") as conn, _open_postgres(url) as pg:
        try:
            version = await schema_version(conn)
            if version != known:
                raise CopyError(_version_advice(str(source), version, known))
            shapes = await sqlite_shapes(conn)
            if not replace:
                await _refuse_rows(pg, shapes, url)
            await migrate_postgres(pg, migrations_dir)
            # One read transaction on the source: the copy is one moment of it.
            await conn.execute("BEGIN")
            try:
                read = await _fill_postgres(_SQLiteSide(conn), pg, shapes, replace=replace, url=url)
            finally:
                await conn.execute("ROLLBACK")
            async with pg.transaction(isolation="repeatable_read", readonly=True):
                stored = await _tally(_PostgresSide(pg), shapes)
        except _FAILED as error:
            raise CopyError(f"the copy failed: {error}") from error
    report = CopyReport(version)
    _compare(read, stored, report)
    report.seconds = time.perf_counter() - started
    return report


async def copy_into_sqlite(url: str, target: Path, migrations_dir: Path) -> CopyReport:
    """Write the PostgreSQL database at `url` into a new SQLite file at `target`, made by the bot's
    migrations up to the database's schema version; then check it.

    PostgreSQL is read in one REPEATABLE READ, read-only transaction: the copy holds every table as it
    was at one moment, while bots go on writing. The file is written under a temporary name and renamed
    once complete and checked. Raises CopyError (or BackupError when the file cannot be put in place).
    """
    started = time.perf_counter()
    known = len(find_migrations(migrations_dir))
    partial = backup.partial_path(target)
    partial.unlink(missing_ok=True)
    try:
        async with _open_postgres(url) as pg:
            version = await _postgres_version(pg)
            if version == 0 or version > known:
                raise CopyError(_version_advice(f"the database {_database_name(url)}", version, known))
            async with _open_sqlite(partial, "rwc") as conn:
                read, stored = await _fill_sqlite(pg, conn, migrations_dir, version)
        report = CopyReport(version)
        _compare(read, stored, report)
        backup.finish_backup(partial, target)
    except _FAILED as error:
        raise CopyError(f"the copy failed: {error}") from error
    finally:
        partial.unlink(missing_ok=True)
    report.seconds = time.perf_counter() - started
    return report


async def _fill_sqlite(
    pg: asyncpg.Connection, conn: aiosqlite.Connection, migrations_dir: Path, version: int
) -> tuple[dict[str, Tally], dict[str, Tally]]:
    """Make the schema of `version` in the new file `conn`, copy every table into it in one transaction,
    and count what it holds; returns the tallies of what was read and of what was stored."""
    # A database an older bot left (this one not started on it yet) is copied at its own version; a
    # restore brings the copy up to date.
    with tempfile.TemporaryDirectory(prefix="wizard-migrations-") as folder:
        for migration in find_migrations(migrations_dir)[:version]:
            shutil.copyfile(migration.path, Path(folder) / migration.name)
        await migrate_sqlite(conn, Path(folder))
    shapes = await sqlite_shapes(conn)
    _check_tables(shapes, await _postgres_columns(pg), both_ways=True)
    source = _PostgresSide(pg)
    read: dict[str, Tally] = {}
    async with pg.transaction(isolation="repeatable_read", readonly=True):
        await conn.execute("BEGIN IMMEDIATE")
        for shape in shapes:
            # A migration may have put rows of its own in; the copy holds PostgreSQL's only.
            await conn.execute(f"DELETE FROM {quoted(shape.name)}")
            insert = (
                f"INSERT INTO {quoted(shape.name)} ({', '.join(map(quoted, shape.columns))})"
                f" VALUES ({', '.join('?' * len(shape.columns))})"
            )
            tally = read[shape.name] = Tally()
            async for batch in source.batches(shape):
                tally.add(batch, digest=_checked(shape.name))
                await conn.executemany(insert, [_for_sqlite(row) for row in batch])
        await conn.execute("COMMIT")
    return read, await _tally(_SQLiteSide(conn), shapes)


# -- the commands ------------------------------------------------------------------------------------------


async def copy_database(source: Path, url: str, migrations_dir: Path) -> CopyReport:
    """``bot.py copy-database``: copy the SQLite database `source` into the new, empty PostgreSQL database
    at `url`. `source` must be at this bot's schema version, and no bot may be using it (raises
    lock.DatabaseInUseError); see `copy_into_postgres`."""
    if not is_postgres_url(url):
        raise CopyError(
            f"{url.partition('://')[0] or url!r} is not a PostgreSQL address: give postgresql://…"
        )
    if not source.is_file():
        raise CopyError(f"there is no database at {source}")
    try:
        held = lock.acquire(source, exclusive=True)
    except OSError as error:
        raise CopyError(f"cannot lock {source}: {error.strerror or error}") from error
    try:
        try:
            version = backup.check_database(source)
        except backup.BackupError as error:
            raise CopyError(str(error)) from error
        known = len(find_migrations(migrations_dir))
        if version != known:
            raise CopyError(_version_advice(str(source), version, known))
        return await copy_into_postgres(source, url, migrations_dir)
    finally:
        held.release()


@dataclass(frozen=True, slots=True)
class PostgresBackup:
    """A backup of a PostgreSQL database: where, and how it was made (`report` for a logical copy)."""

    path: Path
    method: Literal["pg_dump", "logical"]
    report: CopyReport | None = None


async def backup_postgres(
    url: str,
    target: Path,
    migrations_dir: Path,
    *,
    force: bool = False,
    logical: bool = False,
    stem: str | None = None,
) -> PostgresBackup:
    """Back up the PostgreSQL database at `url` to `target` (a file, or a folder to put a dated one in,
    named `stem` or after the database): with pg_dump when it is installed (``<database>-<time>.dump``),
    else, or with `logical`, as a SQLite file the bot writes itself (``<database>-<time>.sqlite3``).
    Raises BackupError or CopyError."""
    pg_dump = None if logical else backup.find_postgres_tool("pg_dump")
    suffix = ".dump" if pg_dump is not None else ".sqlite3"
    path = backup.backup_target(target, stem or _database_name(url), suffix, force=force)
    if pg_dump is not None:
        try:
            await asyncio.to_thread(backup.dump_postgres, pg_dump, url, path)
        except backup.BackupError as error:
            if "version mismatch" not in str(error):
                raise
            # An older pg_dump than the server: the bot's own copy reads any version.
            raise backup.BackupError(f"{error}; add --logical to have the bot write its own copy") from error
        return PostgresBackup(path, "pg_dump")
    return PostgresBackup(path, "logical", await copy_into_sqlite(url, path, migrations_dir))


@dataclass(frozen=True, slots=True)
class PostgresRestore:
    """A restore into PostgreSQL: the backup's schema version, how, and where the replaced data went."""

    version: int
    method: Literal["pg_restore", "logical"]
    kept: PostgresBackup | None
    report: CopyReport | None = None


async def _live_processes(conn: asyncpg.Connection, stale_seconds: float) -> list[str]:
    """The bot processes whose heartbeat is younger than `stale_seconds` (by the server's clock)."""
    if await conn.fetchval("SELECT to_regclass('processes') IS NULL"):
        return []
    rows = await conn.fetch(
        f"SELECT name FROM processes WHERE heartbeat_at >= {SERVER_NOW} - $1 ORDER BY name", stale_seconds
    )
    return [str(row["name"]) for row in rows]


async def _before_restore(url: str, known: int, stale_seconds: float) -> int:
    """Refuse a restore while a bot runs on the database or when a newer bot migrated it; its version."""
    async with _open_postgres(url) as pg:
        live = await _live_processes(pg, stale_seconds)
        if live:
            raise DatabaseBusyError(
                f"a Wizard bot is running on the database {_database_name(url)} (process {live[0]!r} "
                "wrote its heartbeat just now); stop every process first"
            )
        current = await _postgres_version(pg)
    if current > known:
        raise CopyError(_version_advice(f"the database {_database_name(url)}", current, known))
    return current


async def restore_postgres(
    path: Path, url: str, migrations_dir: Path, *, stale_seconds: float
) -> PostgresRestore:
    """Replace the data of the PostgreSQL database at `url` with the backup `path`: a pg_dump file (through
    pg_restore) or a SQLite database (copied in, after the bot's migrations brought a copy of it up to
    date). Both run in one transaction.

    Refused while a bot process has written its heartbeat within `stale_seconds`, for a backup from a newer
    bot, and for a pg_dump file older than the database (pg_restore would leave the newer tables behind).
    What the database held is first backed up beside `path` (``<database>-before-restore-<time>``).
    """
    kind = backup.backup_kind(path)
    if kind is None:
        what = (
            "there is no backup at" if not path.is_file() else "not a backup of the bot (SQLite or pg_dump):"
        )
        raise CopyError(f"{what} {path}")
    known = len(find_migrations(migrations_dir))
    current = await _before_restore(url, known, stale_seconds)
    if kind == "pg_dump":
        return await _restore_dump(path, url, migrations_dir, current)
    try:
        version = backup.check_database(path)
    except backup.BackupError as error:
        raise CopyError(str(error)) from error
    if version == 0 or version > known:
        raise CopyError(_version_advice(str(path), version, known))
    kept = await _keep(url, path, migrations_dir, current)
    with tempfile.TemporaryDirectory(prefix="wizard-restore-") as folder:
        copy = backup.backup_database(path, Path(folder) / "restore.sqlite3")
        async with _open_sqlite(copy, "rwc") as conn:
            await migrate_sqlite(conn, migrations_dir)
        report = await copy_into_postgres(copy, url, migrations_dir, replace=True)
    await _forget_processes(url)
    return PostgresRestore(version, "logical", kept, report)


async def _restore_dump(path: Path, url: str, migrations_dir: Path, current: int) -> PostgresRestore:
    pg_restore = backup.find_postgres_tool("pg_restore")
    if pg_restore is None:
        raise CopyError(
            f"{path} is a pg_dump file, and pg_restore is not installed: install PostgreSQL's client "
            "programs (the postgresql-client package)"
        )
    version = await asyncio.to_thread(backup.dump_schema_version, pg_restore, path)
    known = len(find_migrations(migrations_dir))
    if version == 0 or version > known:
        raise CopyError(_version_advice(str(path), version, known))
    if current > version:
        raise CopyError(
            f"the database is at schema version {current}, the backup {path} at {version}: restore it into "
            "a new, empty database (createdb), or restore a newer backup"
        )
    kept = await _keep(url, path, migrations_dir, current)
    await asyncio.to_thread(backup.restore_postgres_dump, pg_restore, path, url)
    await _forget_processes(url)
    return PostgresRestore(version, "pg_restore", kept)


async def _forget_processes(url: str) -> None:
    """Drop the process list the backup brought: none of those processes runs (a restore is refused while
    one does), and heartbeats from the moment of the backup would make the tables they owned look taken
    for a while; without them, the first process to start takes those tables over."""
    async with _open_postgres(url) as pg:
        if not await pg.fetchval("SELECT to_regclass('processes') IS NULL"):
            await pg.execute("DELETE FROM processes")


async def _keep(url: str, path: Path, migrations_dir: Path, current: int) -> PostgresBackup | None:
    """Back up the database a restore replaces, beside the backup restored; None when it holds no schema."""
    if current == 0:
        return None
    stem = f"{_database_name(url)}-before-restore"
    try:
        return await backup_postgres(url, path.parent, migrations_dir, stem=stem)
    except (CopyError, backup.BackupError) as error:
        raise CopyError(f"could not back up the database it would replace: {error}") from error
