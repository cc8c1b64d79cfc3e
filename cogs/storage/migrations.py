"""The numbered migrations: one SQL file per schema change, applied in order on every backend.

``migrations/0001_initial.sql``, ``0002_tables.sql``, ... are written for SQLite. Where PostgreSQL needs
other SQL (column types, identity columns, JSON functions), the file of the same name under
``migrations/postgresql/`` is run there instead; each number is one change on both backends.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

__all__ = ("Dialect", "Migration", "MigrationError", "find_migrations", "split_statements")

Dialect = Literal["sqlite", "postgresql"]

_MIGRATION_NAME = re.compile(r"(\d{4})_[A-Za-z0-9_]+\.sql")


class MigrationError(RuntimeError):
    """A migration could not be applied; the database is left as it was before that file."""


@dataclass(frozen=True, slots=True)
class Migration:
    """One numbered SQL file of the migrations directory, in the SQL of one backend."""

    version: int
    path: Path

    @property
    def name(self) -> str:
        return self.path.name


def find_migrations(directory: Path, dialect: Dialect = "sqlite") -> list[Migration]:
    """Return the migrations in `directory`, numbered 0001, 0002, ... without gaps.

    For PostgreSQL a file of the same name in `directory/postgresql` replaces the shared one.
    """
    migrations = []
    for path in sorted(directory.glob("*.sql")):
        match = _MIGRATION_NAME.fullmatch(path.name)
        if match is None:
            raise MigrationError(f"migration file {path.name} is not named like 0001_description.sql")
        migrations.append(Migration(int(match.group(1)), path))
    for expected, migration in enumerate(migrations, start=1):
        if migration.version != expected:
            raise MigrationError(
                f"migrations must be numbered 0001, 0002, ... without gaps or repeats; "
                f"expected {expected:04d}, found {migration.name}"
            )
    if dialect == "sqlite":
        return migrations
    own = directory / dialect
    names = {migration.name for migration in migrations}
    strays = sorted(path.name for path in own.glob("*.sql") if path.name not in names)
    if strays:
        raise MigrationError(
            f"{own.name}/{strays[0]} has no migration of the same name in {directory.name}/: "
            "each number must exist for every backend"
        )
    return [
        Migration(migration.version, own / migration.name) if (own / migration.name).is_file() else migration
        for migration in migrations
    ]


def split_statements(script: str) -> list[str]:
    """Split an SQL script into single statements, leaving `;` inside strings, comments and triggers."""
    statements = []
    buffer = ""
    pieces = script.split(";")
    for piece in pieces[:-1]:
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    # What follows the last `;` is a comment, blank, or an unterminated statement SQLite will report.
    rest = buffer + pieces[-1]
    if rest.strip():
        statements.append(rest.strip())
    return statements
