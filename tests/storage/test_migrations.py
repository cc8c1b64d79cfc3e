"""Migrations apply in order, once, each in one transaction; a broken one changes nothing."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot import MIGRATIONS_DIR
from cogs.storage import MigrationError, find_migrations, open_database, split_statements


def write_migrations(directory: Path, files: dict[str, str]) -> Path:
    directory.mkdir()
    for name, text in files.items():
        (directory / name).write_text(text, encoding="utf-8")
    return directory


def schema(path: Path) -> tuple[int, list[str]]:
    with sqlite3.connect(path) as conn:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = [
            row[0]
            for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        ]
    conn.close()
    return version, tables


async def test_fresh_database_gets_every_migration(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "dir" / "wizard.sqlite3"
    db = await open_database(path, MIGRATIONS_DIR)
    await db.close()

    version, tables = schema(path)
    assert version == len(find_migrations(MIGRATIONS_DIR))
    assert "meta" in tables


async def test_reopening_applies_nothing(tmp_path: Path) -> None:
    path = tmp_path / "wizard.sqlite3"
    db = await open_database(path, MIGRATIONS_DIR)
    await db.set_meta("kept", "yes")
    await db.close()

    db = await open_database(path, MIGRATIONS_DIR)
    assert await db.get_meta("kept") == "yes"
    await db.close()
    assert schema(path)[0] == len(find_migrations(MIGRATIONS_DIR))


async def test_broken_migration_is_rolled_back(tmp_path: Path) -> None:
    migrations = write_migrations(
        tmp_path / "migrations",
        {
            "0001_first.sql": "CREATE TABLE first (id INTEGER PRIMARY KEY);",
            "0002_broken.sql": "CREATE TABLE second (id INTEGER PRIMARY KEY);\nCREATE TABLE oops (;\n",
        },
    )
    path = tmp_path / "wizard.sqlite3"

    with pytest.raises(MigrationError, match=r"^migration 0002_broken\.sql failed: .*syntax error"):
        await open_database(path, migrations)

    assert schema(path) == (1, ["first"])


async def test_later_migrations_apply_on_top(tmp_path: Path) -> None:
    files = {"0001_first.sql": "CREATE TABLE first (id INTEGER PRIMARY KEY);"}
    migrations = write_migrations(tmp_path / "migrations", files)
    path = tmp_path / "wizard.sqlite3"
    await (await open_database(path, migrations)).close()

    (migrations / "0002_second.sql").write_text(
        "-- a comment; with a semicolon\nCREATE TABLE second (note TEXT DEFAULT 'a;b');\n"
        "INSERT INTO second (note) VALUES ('x'); INSERT INTO second DEFAULT VALUES;",
        encoding="utf-8",
    )
    db = await open_database(path, migrations)
    assert [row["note"] for row in await db.fetchall("SELECT note FROM second ORDER BY rowid")] == [
        "x",
        "a;b",
    ]
    await db.close()
    assert schema(path) == (2, ["first", "second"])


async def test_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "wizard.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 99")
    conn.close()
    with pytest.raises(MigrationError, match="schema version 99"):
        await open_database(path, MIGRATIONS_DIR)


def test_gaps_in_numbering_are_refused(tmp_path: Path) -> None:
    migrations = write_migrations(tmp_path / "migrations", {"0001_a.sql": "", "0003_c.sql": ""})
    with pytest.raises(MigrationError, match=r"expected 0002, found 0003_c\.sql"):
        find_migrations(migrations)


def test_split_statements_keeps_triggers_and_strings_whole() -> None:
    script = """
        CREATE TABLE t (x TEXT);  -- trailing comment; still fine
        CREATE TRIGGER t_ins AFTER INSERT ON t BEGIN
            UPDATE t SET x = 'a;b' WHERE rowid = new.rowid;
        END;
        -- the end
    """
    statements = split_statements(script)
    assert len(statements) == 3
    assert statements[1].endswith("END;")


async def test_transaction_rolls_back_on_error(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "wizard.sqlite3", MIGRATIONS_DIR)
    with pytest.raises(RuntimeError, match="boom"):
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO meta (key, value) VALUES ('a', '1')")
            raise RuntimeError("boom")
    assert await db.get_meta("a") is None

    async with db.transaction() as conn:
        await conn.execute("INSERT INTO meta (key, value) VALUES ('a', '2')")
        assert await db.get_meta("a") == "2"  # a helper inside the task's own transaction sees it
    assert await db.get_meta("a") == "2"
    await db.close()


async def test_close_waits_for_the_transaction_under_way(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "wizard.sqlite3", MIGRATIONS_DIR)
    entered = asyncio.Event()
    release = asyncio.Event()

    async def write() -> None:
        async with db.transaction() as conn:
            entered.set()
            await release.wait()
            await conn.execute("INSERT INTO meta (key, value) VALUES ('late', 'written')")

    writer = asyncio.create_task(write())
    await entered.wait()
    closer = asyncio.create_task(db.close())
    await asyncio.sleep(0.01)
    assert not closer.done()
    release.set()
    await asyncio.gather(writer, closer)

    reopened = await open_database(tmp_path / "wizard.sqlite3", MIGRATIONS_DIR)
    assert await reopened.get_meta("late") == "written"
    await reopened.close()
    with pytest.raises(RuntimeError, match="closed"):
        await db.get_meta("late")


def backups(path: Path) -> list[str]:
    return sorted(p.name.split(".before-")[1][:4] for p in path.parent.glob(f"{path.name}.before-*.bak"))


async def test_a_database_with_a_schema_is_copied_before_new_migrations(tmp_path: Path) -> None:
    migrations = write_migrations(
        tmp_path / "migrations", {"0001_first.sql": "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"}
    )
    path = tmp_path / "wizard.sqlite3"
    db = await open_database(path, migrations)
    await db.set_meta("before", "kept")
    await db.close()
    assert backups(path) == []  # a new database has nothing to keep
    (migrations / "0002_second.sql").write_text("CREATE TABLE second (id INTEGER);", encoding="utf-8")
    (migrations / "0003_third.sql").write_text("DROP TABLE meta;", encoding="utf-8")

    db = await open_database(path, migrations)
    await db.close()

    [copy] = path.parent.glob("wizard.sqlite3.before-0002-*.bak")
    assert schema(copy) == (1, ["meta"])
    with sqlite3.connect(copy) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key = 'before'").fetchall() == [("kept",)]
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    conn.close()
    assert schema(path) == (3, ["second"])

    db = await open_database(path, migrations)  # nothing pending: no copy
    await db.close()
    assert backups(path) == ["0002"]


async def test_only_the_last_three_copies_before_migrations_are_kept(tmp_path: Path) -> None:
    migrations = write_migrations(tmp_path / "migrations", {"0001_t1.sql": "CREATE TABLE t1 (x);"})
    path = tmp_path / "wizard.sqlite3"
    await (await open_database(path, migrations)).close()
    for version in range(2, 7):
        (migrations / f"{version:04d}_t{version}.sql").write_text(f"CREATE TABLE t{version} (x);", "utf-8")
        await (await open_database(path, migrations)).close()

    assert backups(path) == ["0004", "0005", "0006"]
    [before_last] = path.parent.glob("wizard.sqlite3.before-0006-*.bak")
    assert schema(before_last)[0] == 5


async def test_a_failed_migration_leaves_its_backup(tmp_path: Path) -> None:
    migrations = write_migrations(tmp_path / "migrations", {"0001_first.sql": "CREATE TABLE first (id);"})
    path = tmp_path / "wizard.sqlite3"
    await (await open_database(path, migrations)).close()
    (migrations / "0002_broken.sql").write_text("CREATE TABLE (;", encoding="utf-8")

    with pytest.raises(MigrationError, match="0002_broken"):
        await open_database(path, migrations)
    assert backups(path) == ["0002"]
    assert schema(path) == (1, ["first"])
