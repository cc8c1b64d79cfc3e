"""`python bot.py backup PATH` and `restore PATH`: consistent copies of the live database, put back safely."""

from __future__ import annotations

import os
import random
import sqlite3
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from bot_helpers import manager, open_table, play, replay_from_database
from simcord import Env

import bot
from cogs.hosting.backup import BackupError, backup_database, restore_database
from cogs.storage import open_database

if TYPE_CHECKING:
    from conftest import MakeBot


@pytest.fixture(autouse=True)
def environment(tmp_path: Path, database_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`bot.main()` reads WIZARD_DATABASE_PATH like the bot, from a folder without a .env."""
    for key in list(os.environ):
        if key == "DISCORD_TOKEN" or key.startswith("WIZARD_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("WIZARD_DATABASE_PATH", str(database_path))
    monkeypatch.chdir(tmp_path)


def rows(path: Path, query: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        found = conn.execute(query).fetchall()
    conn.close()
    return found


async def test_a_backup_taken_during_a_game_holds_that_game(
    simcord_env: Env,
    make_bot: MakeBot,
    database_path: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    table = await open_table(simcord_env, 3)
    await play(table, random.Random(7), until=lambda game: game.version >= 12)
    copy = tmp_path / "copy.sqlite3"

    assert bot.main(["backup", str(copy)]) == 0

    assert capsys.readouterr().out == f"Copied the database {database_path} to {copy}\n"
    assert replay_from_database(copy, table) == table.game
    for query in ("SELECT * FROM tables", "SELECT * FROM actions", "SELECT * FROM seats"):
        assert rows(copy, query) == rows(database_path, query)
    assert rows(copy, "PRAGMA integrity_check") == [("ok",)]

    # A bot started on the copy picks the game up where it was.
    expected = table.game.clone()
    await simcord_env.restart_bot(make_bot(database_path=copy))
    restored = manager(simcord_env).sessions[table.table_id].table
    assert restored.status == "playing"
    assert restored.game == expected


def test_copies_are_consistent_while_another_connection_writes(tmp_path: Path) -> None:
    """Each transaction writes one row to each of two tables; every copy must have as many in both."""
    live = tmp_path / "live.sqlite3"
    with sqlite3.connect(live) as conn:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("CREATE TABLE a (x)")
        conn.execute("CREATE TABLE b (x)")
    conn.close()
    stop = threading.Event()
    writing = threading.Event()

    def write() -> None:
        writer = sqlite3.connect(live, isolation_level=None)
        while not stop.is_set():
            writer.execute("BEGIN IMMEDIATE")
            writer.execute("INSERT INTO a VALUES (randomblob(2000))")
            writer.execute("INSERT INTO b VALUES (randomblob(2000))")
            writer.execute("COMMIT")
            writing.set()
        writer.close()

    thread = threading.Thread(target=write)
    thread.start()
    try:
        assert writing.wait(timeout=30)
        counts = []
        for index in range(5):
            copy = backup_database(live, tmp_path / f"copy{index}.sqlite3")
            [(a, b)] = rows(copy, "SELECT (SELECT count(*) FROM a), (SELECT count(*) FROM b)")
            assert a == b
            counts.append(int(str(a)))
    finally:
        stop.set()
        thread.join()
    assert counts == sorted(counts) and counts[-1] > 0


async def test_backup_rules(tmp_path: Path, database_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert bot.main(["backup", str(tmp_path / "copy.sqlite3")]) == 1
    assert capsys.readouterr().err == (
        f"Backup failed: there is no database at {database_path} (WIZARD_DATABASE_PATH)\n"
    )
    await (await open_database(database_path, bot.MIGRATIONS_DIR)).close()

    # A folder gets a dated copy inside it.
    folder = tmp_path / "backups"
    folder.mkdir()
    assert bot.main(["backup", str(folder)]) == 0
    [dated] = folder.iterdir()
    assert dated.name.startswith("wizard-") and dated.suffix == ".sqlite3"

    # An existing file is kept unless --force is given.
    assert bot.main(["backup", str(dated)]) == 1
    assert capsys.readouterr().err.endswith(
        f"Backup failed: {dated} already exists; choose another path, or add --force to replace it\n"
    )
    dated.write_bytes(b"old")
    assert bot.main(["backup", "--force", str(dated)]) == 0
    assert rows(dated, "PRAGMA user_version") == [(len(list(bot.MIGRATIONS_DIR.glob("*.sql"))),)]

    with pytest.raises(BackupError, match=r"the folder .*missing does not exist"):
        backup_database(database_path, tmp_path / "missing" / "copy.sqlite3")
    with pytest.raises(BackupError, match="is the database itself"):
        backup_database(database_path, database_path, force=True)
    assert not list(tmp_path.rglob("*.partial"))


def test_something_else_than_a_database_is_not_copied(tmp_path: Path) -> None:
    notes = tmp_path / "notes.sqlite3"
    notes.write_text("not a database " * 100, encoding="utf-8")
    with pytest.raises(BackupError, match=r"cannot read the database .*notes\.sqlite3: file is not a da"):
        backup_database(notes, tmp_path / "copy.sqlite3")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["notes.sqlite3"]


async def test_restore_puts_a_backup_back_and_keeps_what_it_replaced(
    tmp_path: Path, database_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = await open_database(database_path, bot.MIGRATIONS_DIR)
    await db.set_meta("era", "backed up")
    await db.close()
    backup = tmp_path / "backup.sqlite3"
    assert bot.main(["backup", str(backup)]) == 0

    db = await open_database(database_path, bot.MIGRATIONS_DIR)
    await db.set_meta("era", "after the backup")
    # While a bot has the database, restoring is refused.
    assert bot.main(["restore", str(backup)]) == 1
    assert capsys.readouterr().err == (
        f"Restore refused: a Wizard bot is using {database_path} (pid {os.getpid()}); stop it first.\n"
    )
    await db.close()

    assert bot.main(["restore", str(backup)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Restored {backup} as the database {database_path}")
    [kept] = tmp_path.glob("wizard.sqlite3.before-restore-*.bak")
    assert f"The database it replaced is kept as {kept}." in out
    assert rows(database_path, "SELECT value FROM meta WHERE key = 'era'") == [("backed up",)]
    assert rows(kept, "SELECT value FROM meta WHERE key = 'era'") == [("after the backup",)]
    assert not database_path.with_name("wizard.sqlite3-wal").exists()

    db = await open_database(database_path, bot.MIGRATIONS_DIR)
    assert await db.get_meta("era") == "backed up"
    await db.close()


def test_restore_refuses_a_backup_from_a_newer_bot(tmp_path: Path, database_path: Path) -> None:
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as conn:
        conn.execute("PRAGMA user_version = 99")
    conn.close()
    with pytest.raises(BackupError, match="schema version 99, newer than this version knows"):
        restore_database(newer, database_path, max_version=6)
    assert not database_path.exists()


@pytest.mark.parametrize("command", ["backup", "restore"])
def test_backup_and_restore_send_a_postgresql_host_to_its_own_tools(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    monkeypatch.setenv("WIZARD_DATABASE_URL", "postgresql://bot:secret@db.internal/wizard")
    assert bot.main([command, str(tmp_path / "copy.sqlite3")]) == 1
    error = capsys.readouterr().err
    assert "pg_dump" in error and "WIZARD_DATABASE_URL" in error and "secret" not in error
    assert not (tmp_path / "copy.sqlite3").exists()
