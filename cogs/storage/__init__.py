"""Where the bot keeps its data: SQLite by default, PostgreSQL when several processes share it.

``await open_database(path_or_url, MIGRATIONS_DIR)`` opens either; features use the `Database` and
`Connection` interface of `cogs.storage.base` and never a backend's own API.
"""

from pathlib import Path

from cogs.hosting.lock import DatabaseInUseError
from cogs.storage.base import (
    DATABASE_ERRORS,
    INTEGRITY_ERRORS,
    Connection,
    Database,
    DatabaseUnreachableError,
    Parameters,
    Row,
    is_postgres_url,
    placeholders,
)
from cogs.storage.migrations import Migration, MigrationError, find_migrations, split_statements
from cogs.storage.postgres import PostgresDatabase
from cogs.storage.sqlite import DatabaseLocationError, SQLiteDatabase

__all__ = (
    "DATABASE_ERRORS",
    "INTEGRITY_ERRORS",
    "Connection",
    "Database",
    "DatabaseInUseError",
    "DatabaseLocationError",
    "DatabaseUnreachableError",
    "Migration",
    "MigrationError",
    "Parameters",
    "Row",
    "find_migrations",
    "is_postgres_url",
    "open_database",
    "placeholders",
    "split_statements",
)


async def open_database(target: Path | str, migrations_dir: Path) -> Database:
    """Open the database at `target` and bring its schema up to date: a SQLite file's path, or a
    ``postgresql://`` URL.

    Raises DatabaseInUseError when another process has a SQLite file open, DatabaseLocationError when
    its folder cannot be made, MigrationError, and the backend's errors (`DATABASE_ERRORS`).
    """
    if isinstance(target, str) and is_postgres_url(target):
        return await PostgresDatabase.connect(target, migrations_dir)
    return await SQLiteDatabase.connect(Path(target), migrations_dir)
