"""Fixtures that run the real bot under SimCord, an offline simulated Discord.

`simcord_env` (from SimCord's pytest plugin) starts the bot returned by `simcord_bot` and hands the test
a running environment. SimCord's shutdown detaches the bot but does not close it, so `make_bot` closes
every bot it built (and with it the aiosqlite connection, whose thread would keep the test process
alive) after `simcord_env` has shut down: pytest tears fixtures down in reverse order of setup.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot import WizardBot, create_bot

MakeBot = Callable[..., WizardBot]


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    return tmp_path / "wizard.sqlite3"


@pytest.fixture
async def make_bot(database_path: Path) -> AsyncIterator[MakeBot]:
    """Build bots on the test's database; pass Settings fields to change one (e.g. `force_sync=True`).

    Every field is given explicitly, so no developer's `.env` or environment leaks into a test.
    For a restart: `await simcord_env.restart_bot(make_bot())`.
    """
    bots: list[WizardBot] = []

    def make(**overrides: Any) -> WizardBot:
        settings: dict[str, Any] = {
            "token": None,
            "database_path": database_path,
            "log_level": "INFO",
            "dev_guild_id": None,
            "force_sync": False,
            "images": True,
            "computer_delay": 0,
            "computer_budget_ms": 5,
            # Every change shown at once: a test reads the table right after a click, with no time passing.
            "table_edit_interval": 0,
            # SimCord moves its clock on with the real one when nothing else does: a test that runs for a
            # while would see nudges at any point. The tests of nudges set their own.
            "nudge_seconds": 600,
            "metrics_port": None,
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
