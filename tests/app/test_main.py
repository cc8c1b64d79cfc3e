"""`main()` turns every way starting can fail into one plain line and an exit code.

`WizardBot.start` is replaced, so nothing here connects to Discord.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest

import bot
from bot import WizardBot
from cogs.utils.db import Database

TOKEN = "MTIzNDU2Nzg5.secret-token.value"


@pytest.fixture(autouse=True)
def environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.chdir(tmp_path)
    for key in list(os.environ):
        if key == "DISCORD_TOKEN" or key.startswith("WIZARD_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield tmp_path
    # main() installs its own log handler; put the test runner's back.
    root.handlers[:] = handlers
    root.setLevel(level)


def test_rejected_token_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def start(self: WizardBot, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(WizardBot, "start", start)

    assert bot.main() == 1
    err = capsys.readouterr().err
    assert err.startswith("Discord rejected DISCORD_TOKEN")
    assert len(err.strip().splitlines()) == 1
    assert TOKEN not in err


def test_failed_migration_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    migrations = tmp_path / "migrations"
    migrations.mkdir()
    (migrations / "0001_broken.sql").write_text("CREATE TABLE (;", encoding="utf-8")
    monkeypatch.setattr(bot, "MIGRATIONS_DIR", migrations)

    async def start(self: WizardBot, token: str) -> None:
        await self.setup_hook()

    monkeypatch.setattr(WizardBot, "start", start)

    assert bot.main() == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "migration 0001_broken.sql failed" in err[0]


def test_sigterm_closes_cleanly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    closed: list[bool] = []

    async def start(self: WizardBot, token: str) -> None:
        self._db = await Database.open(self.settings.database_path, bot.MIGRATIONS_DIR)
        os.kill(os.getpid(), signal.SIGTERM)
        while not self.is_closed():
            await asyncio.sleep(0.01)
        closed.append(self.closing and self.db.closed)

    monkeypatch.setattr(WizardBot, "start", start)

    assert bot.main() == 0
    assert closed == [True]
    assert (tmp_path / "data" / "wizard.sqlite3").exists()
