"""`python bot.py backup PATH` and `restore PATH`: consistent copies of the live database, put back safely,
on SQLite and on PostgreSQL (through pg_dump and pg_restore, or the bot's own copy without them)."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import sqlite3
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import db_helpers
import pytest
from bot_helpers import manager, open_table, play, replay_from_database
from simcord import Env

import bot
from cogs.hosting import backup as backup_module
from cogs.hosting.backup import BackupError, backup_database, restore_database
from cogs.storage import open_database

if TYPE_CHECKING:
    from conftest import MakeBot

LATEST = len(list(bot.MIGRATIONS_DIR.glob("*.sql")))


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


# -- PostgreSQL ------------------------------------------------------------------------------------------


async def run_main(*argv: str) -> int:
    """`bot.main` as from a shell: it runs its own event loop, so it runs in a thread of its own."""
    return await asyncio.to_thread(bot.main, list(argv))


def without_pg_dump(monkeypatch: pytest.MonkeyPatch) -> None:
    """As on a host without PostgreSQL's client programs: the bot writes its own copy."""
    monkeypatch.setattr(backup_module, "find_postgres_tool", lambda name: None)


def migrations_up_to(folder: Path, last: int) -> Path:
    """A migrations folder with the first `last` files on both backends: the schema of an older bot."""
    for source in (bot.MIGRATIONS_DIR, bot.MIGRATIONS_DIR / "postgresql"):
        into = folder / source.relative_to(bot.MIGRATIONS_DIR)
        into.mkdir(parents=True)
        for migration in sorted(source.glob("*.sql"))[:last]:
            shutil.copyfile(migration, into / migration.name)
    return folder


def stored_game(database: str | Path) -> dict[str, list[tuple[object, ...]]]:
    """The rows that make up the tables and their games."""
    return {
        table: sorted(tuple(row.values()) for row in db_helpers.query(database, f"SELECT * FROM {table}"))
        for table in ("tables", "seats", "actions", "checkpoints", "outbox")
    }


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
@pytest.mark.parametrize("method", ["pg_dump", "logical"])
async def test_a_postgresql_backup_taken_during_a_game_restores_that_game(
    simcord_env: Env,
    simcord_bot: bot.WizardBot,
    make_bot: MakeBot,
    database_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    method: str,
) -> None:
    if method == "logical":
        without_pg_dump(monkeypatch)
    monkeypatch.setenv("WIZARD_DATABASE_URL", database_url)
    folder = tmp_path / "backups"
    folder.mkdir()
    table = await open_table(simcord_env, 3)
    await play(table, random.Random(7), until=lambda game: game.version >= 12)
    expected, at_backup = table.game.clone(), stored_game(database_url)

    assert await run_main("backup", str(folder)) == 0

    [made] = folder.iterdir()
    name = database_url.rsplit("/", 1)[1]
    assert made.name.startswith(f"{name}-") and made.suffix == (
        ".dump" if method == "pg_dump" else ".sqlite3"
    )
    out = capsys.readouterr().out
    if method == "pg_dump":
        assert out == f"Copied the database {database_url} to {made} with pg_dump.\n"
    else:
        assert out.startswith(
            f"Copied the database {database_url} to {made}, a SQLite file (pg_dump is not installed).\n"
        )
        assert "Checked: the checksums of both sides agree: results " in out
        assert stored_game(made) == at_backup
    await play(table, random.Random(8), until=lambda game: game.version >= 20)

    # Not while a bot runs on the database: its heartbeat is fresh.
    assert await run_main("restore", str(made)) == 1
    assert capsys.readouterr().err == (
        f"Restore refused: a Wizard bot is running on the database {name} (process "
        f"{simcord_bot.process_name!r} wrote its heartbeat just now); stop every process first.\n"
    )
    await simcord_bot.close()

    assert await run_main("restore", str(made)) == 0

    out = capsys.readouterr().out
    how = "with pg_restore" if method == "pg_dump" else "copied in by the bot"
    assert out.startswith(
        f"Restored {made} into the database {database_url} ({how}, schema version {LATEST})."
    )
    [kept] = folder.glob(f"{name}-before-restore-*")
    assert f"The data it replaced is kept in {kept}.\n" in out
    assert stored_game(database_url) == at_backup
    assert db_helpers.query(database_url, "SELECT * FROM processes") == []
    # A bot started on the restored database takes the game up where the backup left it.
    await simcord_env.restart_bot(make_bot())
    await simcord_env.advance_time(61)
    assert manager(simcord_env).sessions[table.table_id].table.game == expected
    await play(table, random.Random(9), until=lambda game: game.version >= 16)


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
async def test_a_sqlite_backup_restores_into_postgresql_and_a_postgresql_one_into_sqlite(
    database_path: Path,
    database_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    db = await open_database(database_path, bot.MIGRATIONS_DIR)
    await db.set_meta("era", "sqlite")
    await db.close()
    from_sqlite = tmp_path / "from-sqlite.sqlite3"
    assert await run_main("backup", str(from_sqlite)) == 0
    monkeypatch.setenv("WIZARD_DATABASE_URL", database_url)

    assert await run_main("restore", str(from_sqlite)) == 0

    assert "(copied in by the bot, schema version" in capsys.readouterr().out
    assert db_helpers.query(database_url, "SELECT value FROM meta WHERE key = 'era'") == [{"value": "sqlite"}]
    db_helpers.execute(database_url, "UPDATE meta SET value = 'postgresql' WHERE key = 'era'")
    from_postgres = tmp_path / "from-postgresql.sqlite3"
    assert await run_main("backup", "--logical", str(from_postgres)) == 0
    assert "a SQLite file (at your request)" in capsys.readouterr().out
    monkeypatch.delenv("WIZARD_DATABASE_URL")

    assert await run_main("restore", str(from_postgres)) == 0

    assert rows(database_path, "SELECT value FROM meta WHERE key = 'era'") == [("postgresql",)]


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
async def test_the_bots_own_copy_of_an_older_database_keeps_its_version(
    database_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A database the new version has not started on yet (a backup before the upgrade's first start)."""
    await (await open_database(database_url, migrations_up_to(tmp_path / "older", LATEST - 2))).close()
    db_helpers.execute(database_url, "INSERT INTO meta (key, value) VALUES ('era', 'older')")
    monkeypatch.setenv("WIZARD_DATABASE_URL", database_url)
    without_pg_dump(monkeypatch)
    copy = tmp_path / "older.sqlite3"

    assert await run_main("backup", str(copy)) == 0

    assert rows(copy, "PRAGMA user_version") == [(LATEST - 2,)]
    assert rows(copy, "SELECT value FROM meta WHERE key = 'era'") == [("older",)]
    # Restored, it is brought up to date: the restore runs the later migrations on a copy of it first.
    db_helpers.execute(database_url, "UPDATE meta SET value = 'changed'")
    assert await run_main("restore", str(copy)) == 0
    assert f"(copied in by the bot, schema version {LATEST - 2})" in capsys.readouterr().out
    assert db_helpers.query(database_url, "SELECT max(version) AS v FROM schema_migrations") == [
        {"v": LATEST}
    ]
    assert db_helpers.query(database_url, "SELECT value FROM meta WHERE key = 'era'") == [{"value": "older"}]


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
async def test_pg_restore_is_refused_a_dump_older_than_the_database(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """pg_restore would leave the tables of the later migrations behind, and the bot would fail on them."""
    await (await open_database(database_url, migrations_up_to(tmp_path / "older", 6))).close()
    monkeypatch.setenv("WIZARD_DATABASE_URL", database_url)
    dump = tmp_path / "older.dump"
    assert await run_main("backup", str(dump)) == 0
    await (await open_database(database_url, bot.MIGRATIONS_DIR)).close()
    capsys.readouterr()

    assert await run_main("restore", str(dump)) == 1

    assert capsys.readouterr().err == (
        f"Restore failed: the database is at schema version {LATEST}, the backup {dump} at 6: restore it "
        "into a new, empty database (createdb), or restore a newer backup\n"
    )


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
async def test_postgresql_refuses_a_backup_from_a_newer_bot(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WIZARD_DATABASE_URL", database_url)
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as conn:
        conn.execute("PRAGMA user_version = 99")
    conn.close()
    await (await open_database(database_url, bot.MIGRATIONS_DIR)).close()
    db_helpers.execute(database_url, "INSERT INTO meta (key, value) VALUES ('era', 'now')")
    db_helpers.execute(
        database_url, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'later.sql', 0)"
    )
    assert await run_main("backup", str(tmp_path / "newer.dump")) == 0
    db_helpers.execute(database_url, "DELETE FROM schema_migrations WHERE version = 99")
    capsys.readouterr()

    for backup in (newer, tmp_path / "newer.dump"):
        assert await run_main("restore", str(backup)) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"Restore failed: {backup} is at schema version 99, newer than this version"), (
            err
        )
    assert not list(tmp_path.glob("*before-restore*"))
    assert db_helpers.query(database_url, "SELECT value FROM meta WHERE key = 'era'") == [{"value": "now"}]


@pytest.mark.parametrize("command", ["backup", "restore"])
def test_an_unreachable_postgresql_is_one_line_without_its_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    monkeypatch.setenv("WIZARD_DATABASE_URL", "postgresql://bot:secret@127.0.0.1:1/wizard")
    copy = tmp_path / "copy.sqlite3"
    if command == "restore":
        with sqlite3.connect(copy) as conn:
            conn.execute("PRAGMA user_version = 1")
        conn.close()
    for lookup in (backup_module.find_postgres_tool, lambda name: None):
        monkeypatch.setattr(backup_module, "find_postgres_tool", lookup)
        assert bot.main([command, str(copy)]) == 1
        [error] = capsys.readouterr().err.splitlines()
        assert error.startswith(f"{command.capitalize()} failed: ") and "127.0.0.1" in error, error
        assert "secret" not in error
    assert sorted(path.name for path in tmp_path.iterdir()) == (
        ["copy.sqlite3"] if command == "restore" else []
    )
