"""One bot process per database (issue 13): a second one refuses to start, naming the first.

The first bot runs in another process, under SimCord, on the test's database: the lock is an
operating-system lock, so only a second process shows it working.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import simcord

import bot
from bot import WizardBot
from cogs.storage import DatabaseInUseError, DatabaseLocationError, open_database

if TYPE_CHECKING:
    from conftest import MakeBot

ROOT = Path(__file__).resolve().parents[2]

FIRST_BOT = textwrap.dedent(
    """
    import asyncio, sys
    from pathlib import Path
    import simcord
    from bot import create_bot

    async def main() -> None:
        bot = create_bot(token=None, database_path=Path(sys.argv[1]), metrics_port=None)
        async with simcord.run(bot):
            print("ready", flush=True)
            await asyncio.to_thread(sys.stdin.readline)
        await bot.close()

    asyncio.run(main())
    """
)


@pytest.fixture
def first_bot(database_path: Path) -> Iterator[subprocess.Popen[str]]:
    """A bot in another process, running on the test's database until the test ends."""
    process = subprocess.Popen(
        [sys.executable, "-c", FIRST_BOT, str(database_path)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    try:
        assert process.stdout.readline().strip() == "ready"
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=30)


async def test_a_second_bot_on_the_same_database_refuses_to_start(
    first_bot: subprocess.Popen[str], make_bot: MakeBot, database_path: Path
) -> None:
    second = make_bot()
    with pytest.raises(DatabaseInUseError) as raised:
        async with simcord.run(second):
            pass
    assert raised.value.pid == first_bot.pid
    assert raised.value.database == database_path

    # The lock dies with its process, even one killed without a chance to clean up.
    first_bot.send_signal(signal.SIGKILL)
    first_bot.wait(timeout=30)
    # A new simulated Discord does not know the commands the first bot registered.
    third = make_bot(force_sync=True)
    async with simcord.run(third) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("general")
        alice = guild.add_member(env.create_user("alice"))
        assert (await alice.slash(channel, "wizard help")).ephemeral


def test_main_says_which_process_has_the_database(
    first_bot: subprocess.Popen[str],
    database_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    start_main(monkeypatch, database_path)
    assert bot.main() == 1
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line == (
        f"Another Wizard bot is already using {database_path} (pid {first_bot.pid}). Stop it first, "
        "or give this one its own WIZARD_DATABASE_PATH."
    )


def start_main(monkeypatch: pytest.MonkeyPatch, database_path: Path) -> None:
    """Make `bot.main()` start with a token and `database_path`, and stop after opening the database."""
    for key in list(os.environ):
        if key.startswith("WIZARD_"):
            monkeypatch.delenv(key)
    monkeypatch.chdir(next(folder for folder in database_path.parents if folder.is_dir()))
    monkeypatch.setenv("DISCORD_TOKEN", "MTIzNDU2Nzg5.secret-token.value")
    monkeypatch.setenv("WIZARD_DATABASE_PATH", str(database_path))

    async def start(self: WizardBot, token: str) -> None:
        await self.setup_hook()

    monkeypatch.setattr(WizardBot, "start", start)
    # main() installs its own log handler; the test runner's comes back afterwards.
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", list(root.handlers))
    monkeypatch.setattr(root, "level", root.level)


def test_a_file_in_place_of_the_database_folder_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "data").write_text("a file, not a folder", encoding="utf-8")
    database = tmp_path / "data" / "wizard.sqlite3"
    start_main(monkeypatch, database)

    assert bot.main() == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line == (
        f"Configuration error: WIZARD_DATABASE_PATH must be inside a folder, but '{tmp_path / 'data'}' "
        f"is a file (got '{database}')"
    )


def test_a_lock_file_that_cannot_be_made_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "wizard.sqlite3"
    (tmp_path / "wizard.sqlite3.lock").mkdir()
    start_main(monkeypatch, database)

    assert bot.main() == 1
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line == (
        f"Could not open the database at {database} (WIZARD_DATABASE_PATH): cannot create "
        f"{tmp_path / 'wizard.sqlite3.lock'}: Is a directory"
    )
    assert "Could not reach Discord" not in line


async def test_opening_under_a_file_says_so(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file, not a folder", encoding="utf-8")
    with pytest.raises(DatabaseLocationError) as raised:
        await open_database(tmp_path / "data" / "deeper" / "wizard.sqlite3", bot.MIGRATIONS_DIR)
    assert str(raised.value) == (
        f"cannot create the folder {tmp_path / 'data' / 'deeper'}: {tmp_path / 'data'} is a file"
    )


async def test_one_process_may_open_its_database_twice(tmp_path: Path) -> None:
    """A bot restarted in place (as the tests do) shares the lock; it is let go with the last one."""
    path = tmp_path / "wizard.sqlite3"
    first = await open_database(path, bot.MIGRATIONS_DIR)
    second = await open_database(path, bot.MIGRATIONS_DIR)
    await first.close()
    await first.close()  # closing twice gives the lock back once
    probe = subprocess.run(
        [sys.executable, "-c", PROBE, str(path)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert probe.stdout.strip() == f"in use by {os.getpid()}"
    await second.close()
    probe = subprocess.run(
        [sys.executable, "-c", PROBE, str(path)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert probe.stdout.strip() == "free"


PROBE = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from cogs.hosting import lock
    try:
        lock.acquire(Path(sys.argv[1])).release()
    except lock.DatabaseInUseError as error:
        print(f"in use by {error.pid}")
    else:
        print("free")
    """
)


async def test_another_name_for_the_same_file_is_locked_too(tmp_path: Path) -> None:
    """A symbolic link to the database, or to its folder, is the same database: a second process
    started on it must not run beside the first (issue 25)."""
    real = tmp_path / "data" / "wizard.sqlite3"
    held = await open_database(real, bot.MIGRATIONS_DIR)
    (tmp_path / "link.sqlite3").symlink_to(real)
    (tmp_path / "folder-link").symlink_to(tmp_path / "data", target_is_directory=True)
    try:
        for other_name in (tmp_path / "link.sqlite3", tmp_path / "folder-link" / "wizard.sqlite3"):
            probe = subprocess.run(
                [sys.executable, "-c", PROBE, str(other_name)],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert probe.stdout.strip() == f"in use by {os.getpid()}", other_name
    finally:
        await held.close()
    probe = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "link.sqlite3")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert probe.stdout.strip() == "free"
