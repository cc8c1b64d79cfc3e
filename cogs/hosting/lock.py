"""One process per database: an exclusive lock on a file beside it, held for the process's life.

Two processes writing the same SQLite file each keep their own picture of it in memory and overwrite
each other's rows. The lock is an operating-system lock on an open file (``flock`` on POSIX,
``msvcrt.locking`` on Windows), so it goes away with the process, even one that was killed: there is
no stale lock file to clean up. The file also holds the owner's process id, for the error message.

Within one process the lock is shared: opening the same database twice (a test restarting the bot
in place, a benchmark) counts references instead of locking the process out of its own database.
Another name for the same file (a symbolic link) takes the same lock (``acquire``).
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from pathlib import Path

__all__ = ("DatabaseInUseError", "DatabaseLock", "acquire", "lock_path")

log = logging.getLogger(__name__)

if sys.platform == "win32":
    import msvcrt

    # Windows locks are mandatory: the locked byte is placed past the process id, so that another
    # process can still read who holds the lock.
    _LOCKED_OFFSET = 64

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, _LOCKED_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, _LOCKED_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


class DatabaseInUseError(RuntimeError):
    """Another process holds the lock of this database."""

    def __init__(self, database: Path, pid: int | None) -> None:
        owner = f" (pid {pid})" if pid is not None else ""
        super().__init__(f"another process is already using {database}{owner}")
        self.database = database
        self.pid = pid


def lock_path(database: Path) -> Path:
    """The lock file of a database: ``wizard.sqlite3`` is locked through ``wizard.sqlite3.lock``."""
    return database.with_name(database.name + ".lock")


class _Held:
    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.count = 0


_held: dict[str, _Held] = {}
_guard = threading.Lock()


class DatabaseLock:
    """A hold on a database's lock; ``release()`` gives it back (once, however often it is called)."""

    def __init__(self, key: str) -> None:
        self._key: str | None = key

    @property
    def held(self) -> bool:
        return self._key is not None

    def release(self) -> None:
        with _guard:
            key, self._key = self._key, None
            if key is None:
                return
            held = _held[key]
            held.count -= 1
            if held.count:
                return
            del _held[key]
            try:
                _unlock(held.fd)
            finally:
                os.close(held.fd)


def _read_pid(fd: int) -> int | None:
    os.lseek(fd, 0, os.SEEK_SET)
    try:
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdecimal() else None


def _write_pid(fd: int) -> None:
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, f"{os.getpid()}\n".encode("ascii"))


def acquire(database: Path, *, exclusive: bool = False) -> DatabaseLock:
    """Lock `database` for this process, or raise DatabaseInUseError naming the process that has it.

    With `exclusive`, a hold of this same process counts as in use too (replacing the file under an
    open connection). The database's folder must exist; OSError when the lock file cannot be made.

    The lock belongs to the file itself, not to the name it was opened by: a symbolic link to the
    database (or to a folder on its path) is followed first, so a second process started on another name
    for the same file finds it locked.
    """
    path = lock_path(Path(os.path.realpath(database)))
    key = str(path)
    with _guard:
        held = _held.get(key)
        if held is not None and exclusive:
            raise DatabaseInUseError(database, os.getpid())
        if held is None:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            if not _try_lock(fd):
                pid = _read_pid(fd)
                os.close(fd)
                raise DatabaseInUseError(database, pid)
            try:
                _write_pid(fd)
            except OSError:
                # The lock still works without the process id; only the message loses it.
                log.warning("Could not write the process id into %s", path, exc_info=True)
            held = _held[key] = _Held(fd)
        held.count += 1
    return DatabaseLock(key)
