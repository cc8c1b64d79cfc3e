"""A disposable PostgreSQL server for the tests and benchmarks that need one.

`PostgresCluster` makes a new cluster in a temporary directory with ``initdb``, starts it on a free
loopback port (and a Unix socket in the same directory), and on `stop` shuts it down at once and deletes
the directory, so nothing survives it. It is tuned for speed, not safety: no fsync, no synchronous
commit, no full-page writes. Anyone on the machine may connect as the superuser ``wizard`` without a
password, over 127.0.0.1 only. PostgreSQL refuses to run as root, so under root the server programs run
as the ``postgres`` user, which then owns the directory.

From the shell, ``run`` wraps a command, which finds the server's URL in ``WIZARD_TEST_POSTGRES_URL``
(a server named there already is used as it is, and none is started)::

    .venv/bin/python tools/postgres_cluster.py run -- .venv/bin/pytest tests/storage/test_storage_backends.py
    .venv/bin/python tools/postgres_cluster.py serve    # prints the URL, stops on Ctrl-C

The server comes from Debian's ``postgresql`` package: ``initdb`` on PATH, else the newest
``/usr/lib/postgresql/<version>/bin``.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import FrameType, TracebackType
from typing import Self
from urllib.parse import quote

__all__ = (
    "ENVIRONMENT_VARIABLE",
    "SUPERUSER",
    "PostgresCluster",
    "PostgresClusterError",
    "PostgresNotFoundError",
    "find_bindir",
)

ENVIRONMENT_VARIABLE = "WIZARD_TEST_POSTGRES_URL"
SUPERUSER = "wizard"
# The account the server programs run as when this process is root.
SERVER_ACCOUNT = "postgres"
HOST = "127.0.0.1"

# Written into postgresql.conf after initdb. The port and socket directory are added per start.
SETTINGS: dict[str, str] = {
    "listen_addresses": HOST,
    "max_connections": "200",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
}

_INSTALL_HINT = (
    "PostgreSQL's server programs (initdb, pg_ctl, postgres) were not found on PATH or in "
    "/usr/lib/postgresql/*/bin: install Debian's postgresql package (apt-get install postgresql)"
)
# A Unix socket's path must fit in sockaddr_un.sun_path (108 bytes on Linux, with the final NUL).
_SOCKET_PATH_LIMIT = 107
_START_ATTEMPTS = 3
_TIMEOUT_SECONDS = 60


class PostgresNotFoundError(RuntimeError):
    """PostgreSQL's server programs are not installed on this machine."""


class PostgresClusterError(RuntimeError):
    """The cluster could not be created, started or used; the message carries the server's log."""


def find_bindir() -> Path:
    """Return the directory holding ``initdb``, ``pg_ctl`` and ``postgres`` of one version.

    ``initdb`` on PATH wins (a symlink is followed to its real directory, so the other programs come
    from the same version); otherwise the highest version under ``/usr/lib/postgresql``.
    """
    candidates: list[Path] = []
    on_path = shutil.which("initdb")
    if on_path is not None:
        candidates.append(Path(on_path).resolve().parent)

    def version(path: Path) -> tuple[int, ...]:
        return tuple(int(part) for part in re.findall(r"\d+", path.parent.name))

    candidates.extend(sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=version, reverse=True))
    for bindir in candidates:
        if all((bindir / program).is_file() for program in ("initdb", "pg_ctl", "postgres")):
            return bindir
    raise PostgresNotFoundError(_INSTALL_HINT)


def _free_port() -> int:
    """A TCP port on the loopback address that nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def _conf_value(value: str) -> str:
    """`value` as a quoted string of postgresql.conf."""
    return "'" + value.replace("\\", "\\\\").replace("'", "''") + "'"


def _traversable_by(path: Path, uid: int, gid: int) -> bool:
    """Whether the account `uid`/`gid` may pass through the directory `path` and all above it."""
    path = path.resolve()
    for directory in (path, *path.parents):
        mode = os.stat(directory)
        if mode.st_uid == uid:
            allowed = mode.st_mode & 0o100
        elif mode.st_gid == gid:
            allowed = mode.st_mode & 0o010
        else:
            allowed = mode.st_mode & 0o001
        if not allowed:
            return False
    return True


class PostgresCluster:
    """One throwaway PostgreSQL cluster: `start` makes and starts it, `stop` ends and deletes it.

    Used as a context manager it is started on entry and stopped on exit. Its `url` reaches the
    ``postgres`` database as the superuser; the tests make their databases there (tests/db_helpers.py).
    """

    def __init__(self, *, bindir: Path | None = None, settings: Mapping[str, str] | None = None) -> None:
        """Prepare a cluster with the programs of `bindir` (default `find_bindir`).

        `settings` are added to (or override) `SETTINGS` in the server's postgresql.conf.
        """
        self._bindir = bindir
        self._settings = {**SETTINGS, **(settings or {})}
        self._directory: Path | None = None
        self._port: int | None = None
        self._running = False

    # Lifecycle

    def start(self) -> Self:
        """Create the cluster in a new temporary directory and start its server; returns the cluster.

        Raises `PostgresNotFoundError` when PostgreSQL is not installed and `PostgresClusterError` when
        initdb or the server fails. Whatever was made is removed again when starting fails.
        """
        if self._directory is not None:
            raise PostgresClusterError("this cluster is already started")
        bindir = self._bindir = self._bindir or find_bindir()
        try:
            self._directory = self._make_directory()
            self._run_as_server(
                [
                    str(bindir / "initdb"),
                    "--pgdata", str(self._data),
                    "--username", SUPERUSER,
                    "--auth", "trust",
                    "--encoding", "UTF8",
                    "--locale", "C",
                    "--no-sync",
                    "--no-instructions",
                ],
                "initdb",
            )  # fmt: skip
            with open(self._data / "postgresql.conf", "a", encoding="utf-8") as conf:
                conf.write("\n# tools/postgres_cluster.py\ninclude 'wizard_cluster.conf'\n")
            self._start_server(bindir)
        except BaseException:
            self.stop()
            raise
        atexit.register(self.stop)
        return self

    def stop(self) -> None:
        """Stop the server at once (no checkpoint) and delete the cluster's directory.

        Safe to call more than once, and on a cluster whose start failed.
        """
        atexit.unregister(self.stop)
        directory, self._directory = self._directory, None
        if directory is None:
            return
        self._running = False
        # A server is running if its pid file is there, even when its start was interrupted.
        if (directory / "data" / "postmaster.pid").exists():
            self._stop_server(directory / "data")
        shutil.rmtree(directory, ignore_errors=True)

    def __enter__(self) -> Self:
        """Start the cluster."""
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        """Stop the cluster and delete its files."""
        self.stop()

    # Where it is

    @property
    def port(self) -> int:
        """The TCP port the server listens on, at 127.0.0.1."""
        if self._port is None or not self._running:
            raise PostgresClusterError("the cluster is not running")
        return self._port

    @property
    def url(self) -> str:
        """The URL of the ``postgres`` database, as the superuser ``wizard``."""
        return self.url_for("postgres")

    def url_for(self, database: str) -> str:
        """The URL of the database named `database`, as the superuser ``wizard``."""
        return f"postgresql://{SUPERUSER}@{HOST}:{self.port}/{quote(database, safe='')}"

    # Internals

    @property
    def _data(self) -> Path:
        assert self._directory is not None
        return self._directory / "data"

    @property
    def _log(self) -> Path:
        assert self._directory is not None
        return self._directory / "server.log"

    def _server_account(self) -> pwd.struct_passwd | None:
        """The account to run the server programs as: ``postgres`` under root, else none (ourselves)."""
        if os.geteuid() != 0:
            return None
        try:
            return pwd.getpwnam(SERVER_ACCOUNT)
        except KeyError:
            raise PostgresClusterError(
                f"PostgreSQL does not run as root, and there is no {SERVER_ACCOUNT!r} user to run it as: "
                f"{_INSTALL_HINT.split(': ', 1)[1]}, which creates it"
            ) from None

    def _make_directory(self) -> Path:
        """A new temporary directory for the data and the socket, owned by the server's account."""
        account = self._server_account()
        base = Path(tempfile.gettempdir())
        # The socket's path must stay short, and the server's account must reach the directory.
        too_long = len(str(base)) + 40 > _SOCKET_PATH_LIMIT
        if too_long or (account is not None and not _traversable_by(base, account.pw_uid, account.pw_gid)):
            base = Path("/tmp")
        directory = Path(tempfile.mkdtemp(prefix="wizard-pg-", dir=base))
        if account is not None:
            os.chown(directory, account.pw_uid, account.pw_gid)
        return directory

    def _as_server(self, command: Sequence[str]) -> list[str]:
        """`command`, run as the server's account when this process is root."""
        account = self._server_account()
        if account is None:
            return list(command)
        if shutil.which("runuser"):
            return ["runuser", "-u", account.pw_name, "--", *command]
        return [
            "setpriv",
            f"--reuid={account.pw_uid}",
            f"--regid={account.pw_gid}",
            "--init-groups",
            "--",
            *command,
        ]

    def _run_as_server(self, command: Sequence[str], what: str) -> None:
        """Run a server program to completion, raising `PostgresClusterError` with its output on failure."""
        try:
            result = subprocess.run(
                self._as_server(command),
                cwd=self._directory,
                capture_output=True,
                text=True,
                timeout=_TIMEOUT_SECONDS,
                check=False,
            )
        except subprocess.TimeoutExpired as error:
            raise PostgresClusterError(f"{what} took more than {_TIMEOUT_SECONDS} s") from error
        if result.returncode != 0:
            output = (result.stdout + result.stderr).strip()
            raise PostgresClusterError(f"{what} failed ({result.returncode}):\n{output}{self._log_tail()}")

    def _start_server(self, bindir: Path) -> None:
        """Start the server on a free port, trying another one if that port was taken meanwhile."""
        assert self._directory is not None
        for attempt in range(1, _START_ATTEMPTS + 1):
            self._port = _free_port()
            settings = {
                **self._settings,
                "port": str(self._port),
                "unix_socket_directories": str(self._directory),
            }
            lines = [f"{key} = {_conf_value(value)}" for key, value in settings.items()]
            (self._data / "wizard_cluster.conf").write_text("\n".join(lines) + "\n", encoding="utf-8")
            try:
                self._run_as_server(
                    [
                        str(bindir / "pg_ctl"),
                        "--pgdata", str(self._data),
                        "--log", str(self._log),
                        "--wait",
                        "--timeout", str(_TIMEOUT_SECONDS),
                        "--silent",
                        "start",
                    ],
                    "pg_ctl start",
                )  # fmt: skip
            except PostgresClusterError as error:
                if attempt < _START_ATTEMPTS and "already in use" in str(error):
                    continue
                raise
            self._running = True
            return

    def _stop_server(self, data: Path) -> None:
        """Stop the server in `data` at once; if pg_ctl cannot, signal the postmaster directly."""
        assert self._bindir is not None
        command = [str(self._bindir / "pg_ctl"), "--pgdata", str(data), "--mode", "immediate", "--wait"]
        with contextlib.suppress(PostgresClusterError):
            self._run_as_server([*command, "--silent", "stop"], "pg_ctl stop")
            return
        with contextlib.suppress(OSError, ValueError, IndexError):
            pid = int((data / "postmaster.pid").read_text().split()[0])
            os.kill(pid, signal.SIGQUIT)

    def _log_tail(self, lines: int = 20) -> str:
        """The last lines of the server's log, for error messages."""
        if self._directory is None:
            return ""
        try:
            text = self._log.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        tail = "\n".join(text.splitlines()[-lines:])
        return f"\nserver log ({self._log}):\n{tail}" if tail else ""


# Command line


def _exit_status(returncode: int) -> int:
    """A child's return code as an exit status: a death by signal N becomes 128 + N, as in shells."""
    return 128 - returncode if returncode < 0 else returncode


def _run_child(command: Sequence[str], environment: Mapping[str, str]) -> int:
    """Run `command` to its end and return its exit status.

    The child shares the terminal's process group, so Ctrl-C reaches it directly and is ignored here
    (the child decides when to exit); SIGTERM and SIGHUP sent to this process are passed on to it.
    """
    try:
        child = subprocess.Popen(list(command), env=dict(environment))
    except OSError as error:
        print(f"postgres_cluster: cannot run {command[0]}: {error}", file=sys.stderr)
        return 127

    def forward(signum: int, frame: FrameType | None) -> None:
        child.send_signal(signum)

    previous = {
        signal.SIGINT: signal.signal(signal.SIGINT, signal.SIG_IGN),
        signal.SIGTERM: signal.signal(signal.SIGTERM, forward),
        signal.SIGHUP: signal.signal(signal.SIGHUP, forward),
    }
    try:
        return _exit_status(child.wait())
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _terminate(signum: int, frame: FrameType | None) -> None:
    """Leave through `finally` blocks (stopping the cluster) on SIGTERM or SIGHUP."""
    raise SystemExit(128 + signum)


def run(command: Sequence[str]) -> int:
    """Run `command` with ``WIZARD_TEST_POSTGRES_URL`` naming a cluster started for it; its exit status.

    When the variable is already set, the command runs with it as it is and no cluster is started.
    """
    if os.environ.get(ENVIRONMENT_VARIABLE):
        return _run_child(command, os.environ)
    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGHUP, _terminate)
    with PostgresCluster() as cluster:
        return _run_child(command, {**os.environ, ENVIRONMENT_VARIABLE: cluster.url})


def serve() -> int:
    """Start a cluster, print its URL, and keep it until Ctrl-C (or SIGTERM)."""
    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGHUP, _terminate)
    started = time.perf_counter()
    with PostgresCluster() as cluster:
        print(f"{ENVIRONMENT_VARIABLE}={cluster.url}", flush=True)
        print(f"started in {time.perf_counter() - started:.2f} s; Ctrl-C stops it", file=sys.stderr)
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                time.sleep(3600)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``run -- COMMAND ...``, ``serve`` or ``find``."""
    parser = argparse.ArgumentParser(
        prog="postgres_cluster.py", description="A throwaway PostgreSQL cluster for tests."
    )
    commands = parser.add_subparsers(dest="action", required=True)
    run_parser = commands.add_parser(
        "run", help=f"run a command with {ENVIRONMENT_VARIABLE} naming a new cluster, then remove it"
    )
    run_parser.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    commands.add_parser("serve", help="start a cluster, print its URL and keep it until Ctrl-C")
    commands.add_parser("find", help="print the folder of the PostgreSQL programs it would use")
    arguments = parser.parse_args(argv)
    try:
        if arguments.action == "find":
            print(find_bindir())
            return 0
        if arguments.action == "serve":
            return serve()
        command = list(arguments.command)
        if command[:1] == ["--"]:
            command = command[1:]
        if not command:
            run_parser.error("a command to run is needed: run -- COMMAND [ARGUMENTS ...]")
        return run(command)
    except (PostgresNotFoundError, PostgresClusterError) as error:
        print(f"postgres_cluster: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        # Ctrl-C before the command started: the cluster is already removed.
        return 128 + signal.SIGINT


if __name__ == "__main__":
    sys.exit(main())
