"""Backups of the bot's database, on either backend, and putting one back.

SQLite: copying the file itself is not safe while the bot writes to it: in WAL mode the latest changes
live in ``-wal`` beside it, and a copy taken mid-write is torn. SQLite's online backup API copies the
pages one consistent snapshot holds, while the writer goes on. A copy is written under a temporary name
and renamed when complete, so a failed or interrupted copy never leaves something that looks like a
backup.

PostgreSQL: with PostgreSQL's client programs installed, ``pg_dump`` writes the backup (its custom
format) and ``pg_restore`` puts it back. pg_dump reads the whole database in one snapshot (a REPEATABLE
READ transaction of its own), so a backup taken while bots play holds every game as it stood at one
moment, each move either wholly in it or not at all. Without them, the bot writes a logical copy itself
(``cogs/storage/copy.py``): a SQLite database at the same schema version, read from PostgreSQL table by
table inside one REPEATABLE READ, read-only transaction, hence as consistent as pg_dump's; and, being a
database of the bot, it can also be restored onto SQLite. Either kind is written under a temporary name
and renamed when complete, like SQLite's copies, and restoring either kind is one transaction:
interrupted, it leaves the database as it was.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sqlite3
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal
from urllib.parse import unquote, urlsplit, urlunsplit

from cogs.hosting import lock

__all__ = (
    "BackupError",
    "backup_before_migration",
    "backup_database",
    "backup_kind",
    "backup_target",
    "check_database",
    "dump_postgres",
    "dump_schema_version",
    "find_postgres_tool",
    "finish_backup",
    "migration_backups",
    "partial_path",
    "restore_database",
    "restore_postgres_dump",
)

BUSY_TIMEOUT_MS = 5000
KEEP_MIGRATION_BACKUPS = 3
# Where Debian's postgresql packages put each version's programs, when they are not on PATH.
POSTGRES_PROGRAMS = Path("/usr/lib/postgresql")
# How long pg_dump or pg_restore may take; a backup of a large database takes minutes, not hours.
TOOL_TIMEOUT_SECONDS = 3600
# The first bytes of each kind of backup file.
SQLITE_HEADER = b"SQLite format 3\x00"
PG_DUMP_HEADER = b"PGDMP"
BackupKind = Literal["sqlite", "pg_dump"]


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
    partial = partial_path(target)
    _remove(partial)
    try:
        _copy_pages(source, partial, target)
        finish_backup(partial, target)
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
    target = backup_target(target, source.stem, source.suffix, force=force)
    _copy(source, target)
    return target


def backup_target(target: Path, stem: str, suffix: str, *, force: bool = False) -> Path:
    """Where a backup asked for at `target` goes: inside it, named `stem`, the time and `suffix`, when it
    is a folder. Raises BackupError when the backup could not be written there (an existing file is
    replaced only with `force`)."""
    if target.is_dir():
        target = target / f"{stem}-{_stamp()}{suffix}"
    if target.exists() and not force:
        raise BackupError(f"{target} already exists; choose another path, or add --force to replace it")
    if not target.parent.is_dir():
        raise BackupError(f"cannot write {target}: the folder {target.parent} does not exist")
    if not os.access(target.parent, os.W_OK):
        raise BackupError(f"cannot write {target}: no permission to write in {target.parent}")
    return target


def partial_path(target: Path) -> Path:
    """The temporary name a backup is written under until it is complete."""
    return target.with_name(target.name + ".partial")


def finish_backup(partial: Path, target: Path) -> None:
    """Make the complete backup at `partial` durable, then give it its name (replacing any file there)."""
    try:
        with open(partial, "rb") as written:
            os.fsync(written.fileno())
        os.replace(partial, target)
    except OSError as error:
        raise BackupError(f"cannot write {target}: {_reason(error)}") from error


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


def check_database(path: Path) -> int:
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
    version = check_database(backup)
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


# -- PostgreSQL, through its own programs ------------------------------------------------------------------


def find_postgres_tool(name: str) -> Path | None:
    """PostgreSQL's client program `name` (``pg_dump``, ``pg_restore``): on PATH, else the newest version
    under /usr/lib/postgresql (Debian installs the programs there); None when it is not installed.

    The newest is taken because pg_dump refuses a server newer than itself.
    """
    on_path = shutil.which(name)
    if on_path is not None:
        return Path(on_path)

    def version(bindir: Path) -> tuple[int, ...]:
        return tuple(int(part) for part in re.findall(r"\d+", bindir.parent.name))

    for bindir in sorted(POSTGRES_PROGRAMS.glob("*/bin"), key=version, reverse=True):
        if (bindir / name).is_file():
            return bindir / name
    return None


def backup_kind(path: Path) -> BackupKind | None:
    """What a backup file holds, from its first bytes: a SQLite database (a SQLite bot's copy, or the
    logical copy of a PostgreSQL one) or pg_dump's custom format; None for anything else."""
    try:
        with open(path, "rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except OSError:
        return None
    if head.startswith(SQLITE_HEADER):
        return "sqlite"
    if head.startswith(PG_DUMP_HEADER):
        return "pg_dump"
    return None


def _connection_of(url: str) -> tuple[str, dict[str, str]]:
    """The URL without its password, and an environment carrying the password instead: a command line
    can be read by every user of the machine (``ps``), a process's environment cannot."""
    parts = urlsplit(url)
    environment = dict(os.environ)
    if parts.password is None:
        return url, environment
    environment["PGPASSWORD"] = unquote(parts.password)
    netloc = parts.netloc.rpartition("@")[2]
    user = parts.netloc.rpartition("@")[0].partition(":")[0]
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc}" if user else netloc)), environment


def _run_tool(command: list[str], what: str, environment: dict[str, str] | None = None) -> str:
    """Run a PostgreSQL program and return what it printed; BackupError with its last error line."""
    try:
        result = subprocess.run(
            command,
            capture_output=True,
            text=True,
            env=environment,
            timeout=TOOL_TIMEOUT_SECONDS,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BackupError(f"{what} failed: {_reason(error)}") from error
    if result.returncode != 0:
        # The programs write "pg_dump: error: <why>", then hints on lines of their own.
        lines = [line.strip() for line in result.stderr.splitlines() if line.strip()]
        errors = [line.partition("error: ")[2] for line in lines if "error: " in line]
        reason = errors[0] if errors else lines[-1] if lines else f"exit status {result.returncode}"
        raise BackupError(f"{what} failed: {reason}")
    return result.stdout


def dump_postgres(pg_dump: Path, url: str, target: Path) -> None:
    """Write the database at `url` to `target` (a path chosen with `backup_target`) with pg_dump.

    The custom format, without owners and privileges, so that it restores into a database of another
    user too. pg_dump reads in one snapshot: the copy is consistent while bots write.
    """
    partial = partial_path(target)
    with contextlib.suppress(FileNotFoundError):
        partial.unlink()
    try:
        shown, environment = _connection_of(url)
        options = ["--format=custom", "--no-owner", "--no-privileges", f"--file={partial}"]
        _run_tool([str(pg_dump), *options, shown], "pg_dump", environment)
        finish_backup(partial, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()


def dump_schema_version(pg_restore: Path, dump: Path) -> int:
    """The bot's schema version recorded in a pg_dump file (the rows of ``schema_migrations``); 0 when it
    holds none. BackupError when it is not a readable dump."""
    command = [str(pg_restore), "--data-only", "--table=schema_migrations", "--file=-", str(dump)]
    text = _run_tool(command, f"reading {dump}")
    versions: list[int] = []
    inside = False
    for line in text.splitlines():
        if line.startswith("COPY ") and "schema_migrations" in line:
            inside = True
        elif line == "\\.":
            inside = False
        elif inside and line.split("\t", 1)[0].isdigit():
            versions.append(int(line.split("\t", 1)[0]))
    return max(versions, default=0)


def restore_postgres_dump(pg_restore: Path, dump: Path, url: str) -> None:
    """Put a pg_dump file back into the database at `url` in one transaction: the objects it holds are
    dropped and made again with its rows; on any error nothing changes."""
    shown, environment = _connection_of(url)
    command = [
        str(pg_restore),
        "--clean",
        "--if-exists",
        "--single-transaction",
        "--exit-on-error",
        "--no-owner",
        "--no-privileges",
        f"--dbname={shown}",
        str(dump),
    ]
    _run_tool(command, "pg_restore", environment)
