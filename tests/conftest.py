"""Fixtures that run the real bot under SimCord, an offline simulated Discord.

`simcord_env` (from SimCord's pytest plugin) starts the bot returned by `simcord_bot` and hands the test
a running environment. SimCord's shutdown detaches the bot but does not close it, so `make_bot` closes
every bot it built (and with it the aiosqlite connection, whose thread would keep the test process
alive) after `simcord_env` has shut down: pytest tears fixtures down in reverse order of setup.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import db_helpers
import pytest

from bot import WizardBot, create_bot

MakeBot = Callable[..., WizardBot]


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    return tmp_path / "wizard.sqlite3"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of the tests' PostgreSQL server (see tests/db_helpers.py)."""
    with db_helpers.postgres_server() as url:
        yield url


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The database backend of the test: SQLite, unless the test is parametrized over
    ``db_helpers.BACKENDS`` with ``indirect=True``."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
async def database_url(backend: str, request: pytest.FixtureRequest) -> AsyncIterator[str | None]:
    """A fresh PostgreSQL database for a test on that backend; None on SQLite."""
    if backend == "sqlite":
        yield None
        return
    server = request.getfixturevalue("postgres_server")
    url = await db_helpers.create_database(server)
    yield url
    await db_helpers.drop_database(server, url)


@pytest.fixture
def database(database_url: str | None, database_path: Path) -> db_helpers.Database:
    """The test's database, whichever the backend: the SQLite file's path, or the PostgreSQL URL."""
    return database_url if database_url is not None else database_path


@pytest.fixture
async def make_bot(database_path: Path, database_url: str | None) -> AsyncIterator[MakeBot]:
    """Build bots on the test's database; pass Settings fields to change one (e.g. `force_sync=True`).

    Every field is given explicitly, so no developer's `.env` or environment leaks into a test.
    For a restart: `await simcord_env.restart_bot(make_bot())`.
    """
    bots: list[WizardBot] = []

    def make(**overrides: Any) -> WizardBot:
        settings: dict[str, Any] = {
            "token": None,
            "database_path": database_path,
            "database_url": database_url,
            "log_level": "INFO",
            "dev_guild_id": None,
            "force_sync": False,
            "images": True,
            "computer_delay": 0,
            "computer_budget_ms": 5,
            # Computers think in a thread of the test process: SimCord cannot tell a worker process's
            # answer from a wait that never ends, and each bot would start its own processes
            # (``tests/core/test_ai_processes.py`` tests the pool).
            "computer_processes": 0,
            # Pictures are drawn in a thread of the test process, for the same reasons
            # (``tests/table/test_pictures_workers.py`` tests the worker processes).
            "picture_processes": 0,
            # Every change shown at once: a test reads the table right after a click, with no time passing.
            "table_edit_interval": 0,
            # SimCord moves its clock on with the real one when nothing else does: a test that runs for a
            # while would see nudges at any point. The tests of nudges set their own.
            "nudge_seconds": 600,
            "metrics_port": None,
            # Processes sharing a PostgreSQL database: a heartbeat SimCord never waits for while settling
            # (it waits for timers due within 5 s). The tests of taking over drive it themselves.
            "heartbeat_seconds": 60,
        }
        settings.update(overrides)
        bot = create_bot(**settings)
        bots.append(bot)
        return bot

    yield make
    for bot in bots:
        await bot.close()


@pytest.fixture
def simcord_bot(make_bot: MakeBot) -> WizardBot:
    return make_bot()
