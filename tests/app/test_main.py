"""`main()` turns every way starting can fail into one plain line and an exit code.

`WizardBot.start` is replaced, so nothing here connects to Discord.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import tomllib
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest

import bot
from bot import WizardBot
from cogs.storage import open_database

TOKEN = "MTIzNDU2Nzg5.secret-token.value"


@pytest.fixture(autouse=True)
def environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.chdir(tmp_path)
    for key in list(os.environ):
        if key == "DISCORD_TOKEN" or key.startswith("WIZARD_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    # The default database is in the project directory; a test keeps its own.
    monkeypatch.setenv("WIZARD_DATABASE_PATH", str(tmp_path / "data" / "wizard.sqlite3"))
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
        self._db = await open_database(self.settings.database_path, bot.MIGRATIONS_DIR)
        os.kill(os.getpid(), signal.SIGTERM)
        while not self.is_closed():
            await asyncio.sleep(0.01)
        closed.append(self.closing and self.db.closed)

    monkeypatch.setattr(WizardBot, "start", start)

    assert bot.main() == 0
    assert closed == [True]
    assert (tmp_path / "data" / "wizard.sqlite3").exists()


def test_version_comes_from_pyproject(capsys: pytest.CaptureFixture[str]) -> None:
    with (Path(bot.__file__).parent / "pyproject.toml").open("rb") as file:
        expected = tomllib.load(file)["project"]["version"]
    assert bot.version() == expected
    assert bot.main(["--version"]) == 0
    assert capsys.readouterr().out == f"wizard-discord-bot {expected}\n"


def test_an_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert bot.main(["bakup", "x"]) == 2
    err = capsys.readouterr().err
    assert "usage: bot.py" in err
    assert "invalid choice: 'bakup'" in err


def test_a_metrics_port_in_use_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def start(self: WizardBot, token: str) -> None:
        await self.start_metrics_server()

    monkeypatch.setattr(WizardBot, "start", start)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        monkeypatch.setenv("WIZARD_METRICS_PORT", str(port))
        assert bot.main() == 1
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(
        "Could not start the metrics server (WIZARD_METRICS_HOST, WIZARD_METRICS_PORT): "
        f"cannot serve metrics on 127.0.0.1:{port}: "
    )


def test_an_unreachable_postgresql_server_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Nothing listens on port 1 of this machine.
    monkeypatch.setenv("WIZARD_DATABASE_URL", "postgresql://wizard:hunter22@127.0.0.1:1/wizard")

    async def start(self: WizardBot, token: str) -> None:
        await self.setup_hook()

    monkeypatch.setattr(WizardBot, "start", start)

    assert bot.main() == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert err[0].startswith(
        "Could not open the database at postgresql://wizard:[redacted]@127.0.0.1:1/wizard"
        " (WIZARD_DATABASE_URL): cannot connect to PostgreSQL at 127.0.0.1:1"
    ), err[0]
    assert "hunter22" not in err[0] and TOKEN not in err[0]
