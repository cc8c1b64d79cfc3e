"""Copies of the SQLite database that are safe to take while the bot writes to it.

Copying the file itself is not: in WAL mode the latest changes live in ``-wal`` beside it, and a copy
taken mid-write is torn. SQLite's online backup API copies the pages one consistent snapshot holds,
while the writer goes on. A copy is written under a temporary name and renamed when complete, so a
failed or interrupted copy never leaves something that looks like a backup.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from cogs.hosting import lock

__all__ = (
    "BackupError",
    "backup_before_migration",
    "backup_database",
    "migration_backups",
    "restore_database",
)

BUSY_TIMEOUT_MS = 5000
KEEP_MIGRATION_BACKUPS = 3


class BackupError(RuntimeError):
    """A backup or a restore could not be made; the message says why, in one line."""


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error)


def _connect(path: Path, *, create: bool) -> sqlite3.Connection:
    # mode=rw never creates the file: a mistyped source is an error, not a new empty database.
    mode = "rwc" if create else "rw"
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS:d}")
    return conn


def _open_source(path: Path) -> sqlite3.Connection:
    try:
        conn = _connect(path, create=False)
    except sqlite3.Error as error:
        raise BackupError(f"cannot read the database {path}: {error}") from error
    try:
        # Reading the schema tells a database from any other file before anything is written.
        conn.execute("SELECT count(*) FROM sqlite_master").fetchall()
    except sqlite3.Error as error:
        conn.close()
        raise BackupError(f"cannot read the database {path}: {error}") from error
    return conn


def _remove(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


def _copy(source: Path, target: Path) -> None:
    """Copy the database `source` to `target` (replaced if it exists) through the backup API."""
    partial = target.with_name(target.name + ".partial")
    _remove(partial)
    try:
        _copy_pages(source, partial, target)
        with open(partial, "rb") as written:
            os.fsync(written.fileno())
        os.replace(partial, target)
    except OSError as error:
        raise BackupError(f"cannot write {target}: {_reason(error)}") from error
    finally:
        _remove(partial)


def _copy_pages(source: Path, partial: Path, target: Path) -> None:
    src = _open_source(source)
    try:
        dst = _connect(partial, create=True)
        try:
            src.backup(dst)
            # A backup is one self-contained file; the bot turns WAL back on when it opens it.
            dst.execute("PRAGMA journal_mode = DELETE").fetchall()
        finally:
            dst.close()
    except sqlite3.Error as error:
        raise BackupError(f"cannot write {target}: {error}") from error
    finally:
        src.close()


def backup_database(source: Path, target: Path, *, force: bool = False) -> Path:
    """Copy the live database `source` to `target` and return the copy's path.

    When `target` is a folder the copy goes inside it, named after the database and the time
    (``wizard-20250101T120000Z.sqlite3``). An existing file is replaced only with `force`.
    """
    if not source.is_file():
        raise BackupError(f"there is no database at {source}")
    if target.is_dir():
        target = target / f"{source.stem}-{_stamp()}{source.suffix}"
    if target.exists() and target.resolve() == source.resolve():
        raise BackupError(f"{target} is the database itself; choose another path for the copy")
    if target.exists() and not force:
        raise BackupError(f"{target} already exists; choose another path, or add --force to replace it")
    if not target.parent.is_dir():
        raise BackupError(f"cannot write {target}: the folder {target.parent} does not exist")
    if not os.access(target.parent, os.W_OK):
        raise BackupError(f"cannot write {target}: no permission to write in {target.parent}")
    _copy(source, target)
    return target


_MIGRATION_BACKUP = re.compile(r"\.before-(\d{4})-(\d{8}T\d{6}Z)\.bak")


def migration_backups(database: Path) -> list[Path]:
    """The automatic backups of `database` taken before migrations, oldest first."""
    found = []
    for path in database.parent.glob(f"{glob_escape(database.name)}.before-*.bak"):
        match = _MIGRATION_BACKUP.fullmatch(path.name[len(database.name) :])
        if match is not None:
            found.append((match.group(2), match.group(1), path))
    return [path for _, _, path in sorted(found)]


def glob_escape(name: str) -> str:
    """`name` with the characters glob treats specially made literal."""
    return re.sub(r"([*?[])", r"[\1]", name)


def backup_before_migration(database: Path, version: int, *, keep: int = KEEP_MIGRATION_BACKUPS) -> Path:
    """Copy `database` beside itself before migration `version` is applied; keep the last `keep` such
    copies. The name says which migration it precedes: ``wizard.sqlite3.before-0006-<time>.bak``."""
    target = database.with_name(f"{database.name}.before-{version:04d}-{_stamp()}.bak")
    _copy(database, target)
    for old in migration_backups(database)[:-keep]:
        _remove(old)
    return target


def _check_is_database(path: Path) -> int:
    """The schema version of the database at `path`, after SQLite's quick integrity check."""
    try:
        with _connect(path, create=False) as conn:
            [verdict] = conn.execute("PRAGMA quick_check").fetchone()
            [version] = conn.execute("PRAGMA user_version").fetchone()
    except sqlite3.Error as error:
        raise BackupError(f"{path} is not a usable database: {error}") from error
    if verdict != "ok":
        raise BackupError(f"{path} is damaged: {verdict}")
    return int(version)


def _set_aside(database: Path) -> Path:
    """Keep the database about to be replaced beside it, and return where."""
    kept = database.with_name(f"{database.name}.before-restore-{_stamp()}.bak")
    try:
        # Reading through SQLite folds in what a crash left in -wal.
        _copy(database, kept)
    except BackupError:
        # Too damaged to be read (often why it is being restored): keep its files as they are.
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.replace(database.with_name(database.name + suffix), kept.with_name(kept.name + suffix))
    return kept


def restore_database(
    backup: Path, database: Path, *, max_version: int | None = None
) -> tuple[Path | None, int]:
    """Put a copy of `backup` in place of `database`, which no process may be using.

    Returns where the replaced database was kept (``wizard.sqlite3.before-restore-<time>.bak``; None
    when there was none) and the schema version of the restored one. A backup whose schema version
    is above `max_version` (made by a newer program) is refused. Raises BackupError, or
    lock.DatabaseInUseError while the bot runs.
    """
    if not backup.is_file():
        raise BackupError(f"there is no backup at {backup}")
    version = _check_is_database(backup)
    if max_version is not None and version > max_version:
        raise BackupError(
            f"{backup} has schema version {version}, newer than this version knows ({max_version}); "
            "restore it with the version of the bot that made it"
        )
    try:
        database.parent.mkdir(parents=True, exist_ok=True)
        held = lock.acquire(database, exclusive=True)
    except OSError as error:
        raise BackupError(f"cannot write beside {database}: {_reason(error)}") from error
    try:
        kept = _set_aside(database) if database.exists() else None
        # A -wal left beside the restored file would be replayed onto it.
        for suffix in ("-wal", "-shm"):
            _remove(database.with_name(database.name + suffix))
        _copy(backup, database)
    finally:
        held.release()
    return kept, version
