"""What a failing database and a damaged table do: nothing is lost, and nobody is left without an answer.

- A click that cannot be stored (the database refuses writes) is answered privately: nothing changed,
  try again; the game goes on once writes work again.
- A table whose saved state cannot be read back is set aside at start-up (closed without a result, its
  channel told), and every other table is restored.

Every test runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, cast
from urllib.parse import urlsplit

import db_helpers
import pytest
from bot_helpers import (
    assert_refused,
    make_players,
    manager,
    message_text,
    open_lobby,
    open_table,
    press,
    snapshot,
    stored_messages,
    table_row,
)
from discord_payloads import assert_valid_discord_payloads
from simcord import Env

from cogs.storage.postgres import PostgresDatabase
from cogs.utils.replies import NOT_SAVED

if TYPE_CHECKING:
    from conftest import MakeBot

    from bot import WizardBot

pytestmark = [
    pytest.mark.simcord(check_errors=True),
    pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True),
]


async def refuse_writes(env: Env, database: db_helpers.Database, server: str | None, refuse: bool) -> None:
    """From here on the bot's database refuses every write (or takes them again), as a read-only or
    broken disk would: SQLite's ``query_only`` on the bot's own connection; on PostgreSQL, read-only
    transactions by default in the database, which the bot's pool reconnects to at once."""
    db = cast("WizardBot", env.bot).db
    if isinstance(database, str):
        assert server is not None and isinstance(db, PostgresDatabase)
        name = urlsplit(database).path.lstrip("/")
        change = "SET default_transaction_read_only = on" if refuse else "RESET default_transaction_read_only"
        db_helpers.execute(server, f'ALTER DATABASE "{name}" {change}')
        # Only new sessions take the database's settings (the pool has no public way to renew them).
        await db._pool.expire_connections()
    else:
        await db.execute(f"PRAGMA query_only = {'ON' if refuse else 'OFF'}")


@pytest.fixture
def server_url(backend: str, request: pytest.FixtureRequest) -> str | None:
    """The URL of the PostgreSQL server (its own database) on that backend; None on SQLite."""
    return None if backend == "sqlite" else str(request.getfixturevalue("postgres_server"))


async def test_a_click_the_database_cannot_store_changes_nothing(
    simcord_env: Env, database: db_helpers.Database, server_url: str | None
) -> None:
    table = await open_table(simcord_env, 3)
    seat = table.game.current_player
    assert seat is not None
    player = table.players[seat]
    code = table.game.legal_actions()[0]
    before = snapshot(table, database)
    await refuse_writes(simcord_env, database, server_url, True)
    refused = assert_refused(await press(table, player, code))
    assert refused.startswith(NOT_SAVED) and re.search(r"Error id: `[0-9a-f]{6}`", refused), refused
    assert snapshot(table, database) == before
    await refuse_writes(simcord_env, database, server_url, False)
    await press(table, player, code)
    assert before.version is not None and table.game.version == before.version + 1
    assert_valid_discord_payloads(simcord_env)


async def test_a_damaged_table_is_set_aside_and_the_others_come_back(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    healthy = await open_table(simcord_env, 3, channel_name="healthy")
    damaged = await open_table(simcord_env, 3, channel_name="damaged")
    db_helpers.execute(database, "UPDATE tables SET rules = '{not json' WHERE id = ?", (damaged.table_id,))
    await simcord_env.restart_bot(make_bot())

    assert manager(simcord_env).find(damaged.table_id) is None
    assert table_row(database, damaged.table_id)["status"] == "ended"
    told = [message_text(m) for m in stored_messages(simcord_env, damaged.channel.id)]
    assert any("could not be restored" in text for text in told), told
    # The healthy table plays on after the restart.
    assert manager(simcord_env).find(healthy.table_id) is not None
    version = healthy.game.version
    seat = healthy.game.current_player
    assert seat is not None
    await press(healthy, healthy.players[seat], random.Random(3).choice(healthy.game.legal_actions()))
    assert healthy.game.version == version + 1
    assert_valid_discord_payloads(simcord_env)


async def test_a_lobby_change_that_cannot_be_stored_is_undone_in_memory_too(
    simcord_env: Env, database: db_helpers.Database, server_url: str | None
) -> None:
    guild = simcord_env.create_guild()
    host, second, third = make_players(simcord_env, guild, 3)
    table = await open_lobby(simcord_env, [host, second], guild.create_text_channel("wizard"))
    before = snapshot(table, database)
    await refuse_writes(simcord_env, database, server_url, True)
    refused = assert_refused(await third.click(table.table_message, label="Join"))
    assert refused.startswith(NOT_SAVED)
    await refuse_writes(simcord_env, database, server_url, False)
    assert snapshot(table, database) == before, "the refused join stayed in memory"

    # Changed by another writer behind the bot's back: the bot refuses rather than overwrite it.
    db_helpers.execute(
        database, "UPDATE tables SET updated_at = updated_at + 1 WHERE id = ?", (table.table_id,)
    )
    assert_refused(await third.click(table.table_message, label="Join"), "changed elsewhere")
    assert snapshot(table, database) == before
    # The bot read the lobby again, so the next click goes through.
    joined = await third.click(table.table_message, label="Join")
    assert not joined.ephemeral
    assert table.bot_table is not None and third.id in {seat.user_id for seat in table.bot_table.seats}
    assert_valid_discord_payloads(simcord_env)
