"""`python bot.py copy-database --to postgresql://…`: a SQLite database moved whole into PostgreSQL.

The source is filled through the bot itself (games stored by its table store, settings chosen in its
panel, a member's records erased by their own command, a table left open mid-game), copied by the
command line as an admin runs it, and the copy is compared row for row and through the bot's commands
with a bot started on PostgreSQL.
"""

from __future__ import annotations

import importlib.util
import os
import random
import re
import sqlite3
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

import db_helpers
import discord
import pytest
from bot_helpers import make_players, manager, message_text, open_table, play
from simcord import ChannelHandle, Env, GuildHandle, MemberActor
from test_backup import (
    environment,  # noqa: F401  (the autouse fixture: bot.main() on the test's database)
    run_main,
)

import bot
from cogs.storage import open_database
from cogs.storage.copy import CHECKED

if TYPE_CHECKING:
    from conftest import MakeBot

pytestmark = pytest.mark.simcord(check_errors=True)

ROOT = Path(__file__).resolve().parents[2]
LATEST = len(list(bot.MIGRATIONS_DIR.glob("*.sql")))


def leaderboard_oracle() -> ModuleType:
    """tests/leaderboard/leaderboard_oracle.py, whose `fill` stores games the way the bot does."""
    path = ROOT / "tests" / "leaderboard" / "leaderboard_oracle.py"
    if "leaderboard_oracle" not in sys.modules:
        spec = importlib.util.spec_from_file_location("leaderboard_oracle", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["leaderboard_oracle"] = module
        spec.loader.exec_module(module)
    return sys.modules["leaderboard_oracle"]


@pytest.fixture
async def target(postgres_server: str) -> AsyncIterator[str]:
    """A new, empty PostgreSQL database to copy into."""
    url = await db_helpers.create_database(postgres_server)
    yield url
    await db_helpers.drop_database(postgres_server, url)


def table_names(path: Path) -> list[str]:
    rows = db_helpers.query(path, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    return [str(row["name"]) for row in rows if not str(row["name"]).startswith("sqlite_")]


def every_row(database: db_helpers.Database, table: str) -> list[tuple[Any, ...]]:
    """A table's rows in a fixed order; BYTEA and BLOB read alike."""
    rows = [
        tuple(bytes(v) if isinstance(v, memoryview) else v for v in row.values())
        for row in db_helpers.query(database, f'SELECT * FROM "{table}"')
    ]
    return sorted(rows, key=repr)


async def choose_camelot(env: Env, guild: GuildHandle, channel: ChannelHandle) -> MemberActor:
    """A moderator makes Camelot the server's edition in /wizard settings; returns the moderator."""
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    moderator = guild.add_member(env.create_user("moderator"), roles=[mods])
    shown = await moderator.slash(channel, "wizard settings")
    assert shown.response is not None
    chosen = await moderator.select(shown.response, ["camelot"], custom_id="wzset:edition")
    assert chosen.response is not None and "Camelot" in message_text(chosen.response)
    return moderator


async def erase(member: MemberActor, channel: ChannelHandle) -> None:
    asked = await member.slash(channel, "wizard forget-me")
    assert asked.response is not None
    done = await member.click(asked.response, label="Erase my records")
    assert done.response is not None and done.response.content.startswith("Done: your records of")


async def what_members_see(
    channel: ChannelHandle, members: list[MemberActor], moderator: MemberActor
) -> list[str]:
    """Leaderboards, a stats card, a history and the server's settings, as the bot answers them."""
    settings = await moderator.slash(channel, "wizard settings")
    assert settings.response is not None
    seen = [message_text(settings.response)]
    for sort in ("rating", "wins", "average"):
        shown = await members[0].slash(channel, "wizard leaderboard", sort=sort, period="all")
        assert shown.response is not None
        seen.append(message_text(shown.response))
    for command in ("wizard stats", "wizard history"):
        shown = await members[2].slash(channel, command)
        assert shown.response is not None
        seen.append(message_text(shown.response))
    return seen


async def test_a_database_arrives_whole_and_the_bot_carries_on_there(
    simcord_env: Env,
    make_bot: MakeBot,
    database_path: Path,
    target: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("records")
    members = make_players(simcord_env, guild, 8, "member")
    start = simcord_env.now().timestamp() - 30 * 86400
    await leaderboard_oracle().fill(
        manager(simcord_env).store, guild.id, [m.id for m in members], 14, 3, start
    )
    moderator = await choose_camelot(simcord_env, guild, channel)
    await erase(members[1], channel)
    table = await open_table(simcord_env, 3, guild=guild)
    await play(table, random.Random(5), until=lambda game: game.version >= 15)
    before = await what_members_see(channel, members, moderator)
    game = table.game.clone()
    simcord_bot = cast(bot.WizardBot, simcord_env.bot)
    await simcord_bot.close()

    assert await run_main("copy-database", "--to", target) == 0

    out = capsys.readouterr().out
    assert out.startswith(f"Copied {database_path} (schema version {LATEST}) into {target} in ")
    for name in table_names(database_path):
        assert every_row(target, name) == every_row(database_path, name), name
        assert f"  {name} " in out
    [results] = db_helpers.query(database_path, "SELECT count(*) AS n FROM game_results")
    assert re.search(rf"^  game_results +{results['n']:,} rows$", out, re.MULTILINE), out
    assert "Checked: every table of the copy holds as many rows as were read.\n" in out
    assert "Checked: the checksums of both sides agree: results " in out
    assert all(f"{group} " in out for group in CHECKED)

    # A bot on the copy shows the same boards and cards, goes on with the open game, and numbers new tables
    # after the copied ones.
    await simcord_env.restart_bot(make_bot(database_url=target))
    assert await what_members_see(channel, members, moderator) == before
    # The copied table has no owner yet: the first heartbeat of a process on PostgreSQL takes it over.
    await simcord_env.advance_time(61)
    assert manager(simcord_env).sessions[table.table_id].table.game == game
    await play(table, random.Random(6), until=lambda game: game.version >= 25)
    [highest] = db_helpers.query(database_path, "SELECT max(id) AS id FROM tables")
    other = await open_table(simcord_env, 3, guild=guild, channel_name="second")
    assert other.table_id == highest["id"] + 1


async def test_only_an_empty_database_is_copied_into(
    database_path: Path, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = await open_database(database_path, bot.MIGRATIONS_DIR)
    await db.set_meta("era", "sqlite")
    await db.close()
    assert await run_main("copy-database", "--to", target) == 0
    capsys.readouterr()

    assert await run_main("copy-database", "--to", target) == 1
    name = target.rsplit("/", 1)[1]
    assert capsys.readouterr().err == (
        f"Copy failed: the database {name} at {target.split('@')[1].split('/')[0]} is not empty (its table "
        "meta has rows): copy into a new, empty database (createdb)\n"
    )
    assert db_helpers.query(target, "SELECT value FROM meta") == [{"value": "sqlite"}]


async def test_a_copy_is_refused_while_a_bot_has_the_database(
    database_path: Path, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = await open_database(database_path, bot.MIGRATIONS_DIR)
    try:
        assert await run_main("copy-database", "--to", target) == 1
    finally:
        await db.close()
    assert capsys.readouterr().err == (
        f"Copy refused: Another Wizard bot is already using {database_path} (pid {os.getpid()}). Stop it "
        "first, or give this one its own WIZARD_DATABASE_PATH.\n"
    )
    assert db_helpers.query(target, "SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'") == [
        {"n": 0}
    ]


@pytest.mark.parametrize(("version", "advice"), [(5, "start this version of the bot once"), (99, "newer")])
async def test_a_database_of_another_version_is_refused(
    tmp_path: Path, target: str, capsys: pytest.CaptureFixture[str], version: int, advice: str
) -> None:
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as conn:
        conn.execute(f"PRAGMA user_version = {version}")
    conn.close()
    assert await run_main("copy-database", "--to", target, "--from", str(other)) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"Copy failed: {other} is at schema version {version}") and advice in err
    assert len(err.splitlines()) == 1


async def test_plain_failures_are_one_line(
    tmp_path: Path, database_path: Path, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    await (await open_database(database_path, bot.MIGRATIONS_DIR)).close()
    missing = target.rsplit("/", 1)[0] + "/no_such_database"
    cases = {
        (): "Copy failed: name the PostgreSQL database with --to postgresql://… (or WIZARD_DATABASE_URL).",
        (
            "--to",
            "mysql://db/wizard",
        ): "Copy failed: 'mysql' is not a PostgreSQL address: give postgresql://…",
        ("--to", missing): 'database "no_such_database" does not exist',
        ("--to", "postgresql://bot:secret@127.0.0.1:1/wizard"): "cannot connect to PostgreSQL at 127.0.0.1:1",
        ("--to", target, "--from", str(tmp_path / "gone.sqlite3")): "there is no database at",
    }
    for argv, expected in cases.items():
        assert await run_main("copy-database", *argv) == 1, argv
        err = capsys.readouterr().err
        assert expected in err and len(err.splitlines()) == 1 and "secret" not in err, err


async def test_a_table_the_target_lacks_or_a_value_it_cannot_hold_stops_the_copy(
    database_path: Path, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = await open_database(database_path, bot.MIGRATIONS_DIR)
    await db.set_meta("era", "sqlite")
    await db.execute(
        "INSERT INTO server_settings (guild_id, updated_at) VALUES (?, ?)", (7, "the day after tomorrow")
    )
    await db.close()
    assert await run_main("copy-database", "--to", target) == 1
    assert capsys.readouterr().err == (
        "Copy failed: server_settings.updated_at holds 'the day after tomorrow', which PostgreSQL's double "
        "precision column cannot store unchanged\n"
    )
    # The copy is one transaction: nothing of it stays.
    assert db_helpers.query(target, "SELECT count(*) AS n FROM meta") == [{"n": 0}]

    db_helpers.execute(database_path, "DELETE FROM server_settings")
    db_helpers.execute(database_path, "CREATE TABLE notes (text TEXT)")
    assert await run_main("copy-database", "--to", target) == 1
    assert capsys.readouterr().err == (
        "Copy failed: the table notes is missing in PostgreSQL; are both at one schema version?\n"
    )


async def test_what_a_later_migration_adds_is_copied_too(
    tmp_path: Path,
    database_path: Path,
    target: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    migrations = tmp_path / "migrations"
    leaderboard_oracle().migrations_up_to(bot.MIGRATIONS_DIR, migrations, LATEST)
    later = f"{LATEST + 1:04d}_notes.sql"
    script = "ALTER TABLE tables ADD COLUMN note TEXT; CREATE TABLE notes (id INTEGER PRIMARY KEY, {});"
    (migrations / later).write_text(script.format("flag INTEGER, at REAL"), encoding="utf-8")
    (migrations / "postgresql" / later).write_text(
        script.format("flag BOOLEAN, at DOUBLE PRECISION").replace(
            "INTEGER PRIMARY KEY", "BIGSERIAL PRIMARY KEY"
        ),
        encoding="utf-8",
    )
    monkeypatch.setattr(bot, "MIGRATIONS_DIR", migrations)
    db = await open_database(database_path, migrations)
    await db.execute("INSERT INTO notes (id, flag, at) VALUES (?, ?, ?), (?, ?, ?)", (1, 1, 5, 4, 0, 2.5))
    await db.close()

    assert await run_main("copy-database", "--to", target) == 0
    assert "  notes " in capsys.readouterr().out
    assert db_helpers.query(target, "SELECT * FROM notes ORDER BY id") == [
        {"id": 1, "flag": True, "at": 5.0},
        {"id": 4, "flag": False, "at": 2.5},
    ]
    assert db_helpers.query(target, "SELECT nextval('notes_id_seq') AS next") == [{"next": 5}]
