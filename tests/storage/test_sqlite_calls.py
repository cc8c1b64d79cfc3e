"""SQLite's calls into aiosqlite's thread: each is a hand-over there and back that waits for the event
loop, so a statement is one call, a transaction's BEGIN goes with its first statement, and a transaction
whose caller is cancelled while a call of it is still queued is rolled back all the same."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot import MIGRATIONS_DIR
from cogs.storage import open_database
from cogs.storage.sqlite import SQLiteDatabase


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[SQLiteDatabase]:
    opened = await open_database(tmp_path / "wizard.sqlite3", MIGRATIONS_DIR)
    assert isinstance(opened, SQLiteDatabase)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The name of every function run in aiosqlite's thread from now on."""
    names: list[str] = []
    original = aiosqlite.Connection._execute

    async def counted(self: aiosqlite.Connection, fn: Any, *args: Any, **kwargs: Any) -> Any:
        names.append(getattr(fn, "__name__", repr(fn)))
        return await original(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    return names


def committed(tmp_path: Path) -> dict[str, str]:
    """`meta` as another connection reads it."""
    with sqlite3.connect(tmp_path / "wizard.sqlite3") as other:
        return dict(other.execute("SELECT key, value FROM meta").fetchall())


async def test_a_statement_is_one_call_and_a_transaction_one_more_to_commit(
    db: SQLiteDatabase, calls: list[str], tmp_path: Path
) -> None:
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO meta (key, value) VALUES ('a', '1')")
        await conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", [("b", "2"), ("c", "3")])
        await conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", [])  # nothing to run
        row = await conn.fetchone("SELECT value FROM meta WHERE key = 'b'")
        assert row is not None and row["value"] == "2"
    assert len(calls) == 4  # three statements (BEGIN with the first), COMMIT
    assert committed(tmp_path) == {"a": "1", "b": "2", "c": "3"}
    calls.clear()
    assert [row["key"] for row in await db.fetchall("SELECT key FROM meta ORDER BY key")] == ["a", "b", "c"]
    assert await db.get_meta("c") == "3"
    assert len(calls) == 2


async def test_a_transaction_without_a_statement_begins_nothing(db: SQLiteDatabase, calls: list[str]) -> None:
    async with db.transaction():
        pass
    assert calls == []
    async with db.transaction() as conn:  # nothing was left open
        await conn.execute("INSERT INTO meta (key, value) VALUES ('after', 'yes')")
    assert await db.get_meta("after") == "yes"


async def test_a_transaction_cancelled_before_its_first_statement_ran_is_rolled_back(
    db: SQLiteDatabase, tmp_path: Path
) -> None:
    release = threading.Event()
    # aiosqlite's thread is kept busy, so the transaction's first statement (and its BEGIN) is still
    # queued there when its task is cancelled: the rollback must come after it, not be judged before.
    busy = asyncio.ensure_future(db._conn._execute(release.wait, 10))

    async def write() -> None:
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO meta (key, value) VALUES ('cancelled', 'yes')")

    task = asyncio.create_task(write())
    await asyncio.sleep(0.05)
    task.cancel()
    await asyncio.sleep(0.05)
    release.set()
    with pytest.raises(asyncio.CancelledError):
        await task
    await busy
    await db.set_meta("next", "committed")  # on its own, not inside a transaction left open
    assert committed(tmp_path) == {"next": "committed"}
