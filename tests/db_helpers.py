"""What the tests read from and set up in the bot's database, on either backend.

A test's database is a SQLite file (a `Path`) or a PostgreSQL database (its URL, a `str`); the sync
readers here take either, so a test parametrized over both backends checks both the same way. The
PostgreSQL server of the tests is the one ``tools/postgres_cluster.py run`` started for the suite
(``WIZARD_TEST_POSTGRES_URL``, as ``make test`` and CI run it) or, without one, a cluster the test
session starts itself.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import importlib.util
import os
import sqlite3
import sys
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from cogs.storage.postgres import numbered

ROOT = Path(__file__).resolve().parent.parent
BACKENDS = ("sqlite", "postgresql")
POSTGRES_ENV = "WIZARD_TEST_POSTGRES_URL"

Database = Path | str


def _cluster_module() -> Any:
    path = ROOT / "tools" / "postgres_cluster.py"
    spec = importlib.util.spec_from_file_location("postgres_cluster", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("postgres_cluster", module)
    spec.loader.exec_module(module)
    return module


@contextmanager
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server for the tests (its ``postgres`` database, as a superuser)."""
    url = os.environ.get(POSTGRES_ENV)
    if url:
        yield url
        return
    cluster = _cluster_module().PostgresCluster()
    with cluster:
        yield cluster.url


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


async def create_database(server: str) -> str:
    """A new, empty database on the server; returns its URL."""
    name = f"wizard_test_{uuid.uuid4().hex[:16]}"
    conn = await asyncpg.connect(server)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return with_database(server, name)


async def drop_database(server: str, url: str) -> None:
    name = urlsplit(url).path.lstrip("/")
    conn = await asyncpg.connect(server)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()


_pool = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="stored")


async def _fetch_postgres(url: str, sql: str, parameters: Sequence[Any]) -> list[dict[str, Any]]:
    conn = await asyncpg.connect(url)
    try:
        return [dict(row) for row in await conn.fetch(numbered(sql), *parameters)]
    finally:
        await conn.close()


def query(database: Database, sql: str, parameters: Sequence[Any] = ()) -> list[dict[str, Any]]:
    """Rows of one statement (``?`` placeholders), read outside the bot, as dicts by column name.

    Blocking on purpose, as a test's look at what is stored; for PostgreSQL the query runs in a
    thread with its own event loop and connection.
    """
    if isinstance(database, str):
        future = _pool.submit(asyncio.run, _fetch_postgres(database, sql, parameters))
        return future.result(timeout=30)
    with sqlite3.connect(database) as conn:
        conn.row_factory = sqlite3.Row
        return [dict(row) for row in conn.execute(sql, tuple(parameters)).fetchall()]


def execute(database: Database, sql: str, parameters: Sequence[Any] = ()) -> None:
    """Change what is stored behind the bot's back (to damage a row, say), committed at once."""
    if isinstance(database, str):

        async def run() -> None:
            conn = await asyncpg.connect(database)
            try:
                await conn.execute(numbered(sql), *parameters)
            finally:
                await conn.close()

        _pool.submit(asyncio.run, run()).result(timeout=30)
        return
    with sqlite3.connect(database) as conn:
        conn.execute(sql, tuple(parameters))
