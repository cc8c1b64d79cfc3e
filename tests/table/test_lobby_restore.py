"""A lobby after a restart shows what is stored, whatever a crash cut short or someone deleted meanwhile.

The bot is "killed" at a point of a lobby's flow (that step raises, so nothing after it runs; the process
is then replaced by a new bot on the same database), or the lobby message is deleted while the bot is
down. After the restart the channel shows the table as stored: the lobby message is edited to show the
lobby as it is (a join or a leave stored but never shown shows now), a lobby whose message is gone is
posted anew, one whose message id was never saved is found in the channel, and a Start stored but never
answered shows the game. Every test runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import db_helpers
import discord
import pytest
from bot_helpers import (
    TestTable,
    act,
    assert_refused,
    buttons,
    forge_click,
    hand_messages,
    killed,
    make_players,
    message_text,
    open_lobby,
    seat_rows,
    stored_messages,
    table_in,
    table_row,
)
from discord_payloads import assert_valid_discord_payloads
from simcord import ChannelHandle, Env

from cogs.table.components import custom_id
from cogs.table.session import TableSession
from cogs.table.store import TableStore

if TYPE_CHECKING:
    from conftest import MakeBot

pytestmark = pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True)


def labels(table: TestTable) -> list[str]:
    """The labels of the table message's buttons."""
    return [button.get("label") or "" for button in buttons(table.table_message)]


def lobby_messages(env: Env, channel: ChannelHandle) -> list[int]:
    """The ids of the channel's messages that show a lobby."""
    return [m.id for m in stored_messages(env, channel.id) if "a new table" in message_text(m)]


async def restart(env: Env, make_bot: MakeBot) -> None:
    await env.restart_bot(make_bot())
    await env.settle()


@pytest.mark.parametrize("change", ["Join", "Leave"])
async def test_a_lobby_change_stored_but_never_shown_shows_after_the_restart(
    simcord_env: Env,
    make_bot: MakeBot,
    database: db_helpers.Database,
    monkeypatch: pytest.MonkeyPatch,
    change: str,
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    host, second, third = make_players(simcord_env, guild, 3)
    table = await open_lobby(simcord_env, [host, second] if change == "Leave" else [host], channel)
    seated = [host] if change == "Leave" else [host, second]
    # The bot dies once the change is stored, before the lobby message is edited to show it.
    monkeypatch.setattr(discord.InteractionResponse, "edit_message", killed)
    await second.click(table.table_message, label=change)
    monkeypatch.undo()
    assert seat_rows(database, table.table_id) == [p.id for p in seated]
    assert (f"<@{second.id}>" in message_text(table.table_message)) is (change == "Leave")
    count = len(table.channel_messages())

    await restart(simcord_env, make_bot)
    # The lobby message was edited in place to show the stored seats.
    assert len(table.channel_messages()) == count
    assert (f"<@{second.id}>" in message_text(table.table_message)) is (change == "Join")
    lobby = table_in(simcord_env, channel.id)
    assert lobby is not None and lobby.message_id == table.message_id
    assert [s.user_id for s in lobby.seats] == [p.id for p in seated]
    joined = await third.click(table.table_message, label="Join")
    assert not joined.ephemeral and f"<@{third.id}>" in message_text(table.table_message)
    assert_valid_discord_payloads(simcord_env)


async def test_a_lobby_message_deleted_while_the_bot_was_down_is_posted_again(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    players = make_players(simcord_env, guild, 3)
    table = await open_lobby(simcord_env, players[:2], channel)
    old = table.message_id
    # Deleted while the bot is down: the bot hears nothing of it.
    simcord_env.backend.messages[channel.id].pop(old)
    await restart(simcord_env, make_bot)

    lobby = table_in(simcord_env, channel.id)
    assert lobby is not None and lobby.message_id not in (None, old)
    assert table_row(database, lobby.id)["message_id"] == lobby.message_id
    assert lobby_messages(simcord_env, channel) == [lobby.message_id]
    table.message_id = lobby.message_id
    assert all(f"<@{p.id}>" in message_text(table.table_message) for p in players[:2])
    # Its buttons work: a third member joins, and the host starts the game.
    joined = await players[2].click(table.table_message, label="Join")
    assert not joined.ephemeral and len(lobby.seats) == 3
    started = await players[0].click(table.table_message, label="Start")
    assert not started.ephemeral and table.running()
    assert_valid_discord_payloads(simcord_env)


async def test_a_lobby_whose_message_id_was_never_saved_is_taken_back(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25: a crash between answering /wizard new and storing the message's id used to leave two
    lobbies, the old one's buttons refused. The restarted bot finds its lobby message in the channel and
    keeps it; one lobby shows, and its buttons work."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    host, second, third = make_players(simcord_env, guild, 3)
    # The lobby message is posted, and the bot dies before it stores the message's id.
    monkeypatch.setattr(TableStore, "set_message", killed)
    await host.slash(channel, "wizard new")
    monkeypatch.undo()
    [posted] = lobby_messages(simcord_env, channel)
    lobby = table_in(simcord_env, channel.id)
    assert lobby is not None and table_row(database, lobby.id)["message_id"] is None
    await third.send(channel, "hello")  # the lobby is not the newest message

    await restart(simcord_env, make_bot)
    lobby = table_in(simcord_env, channel.id)
    assert lobby is not None and lobby.message_id == posted
    assert table_row(database, lobby.id)["message_id"] == posted
    assert lobby_messages(simcord_env, channel) == [posted]
    table = TestTable(simcord_env, guild, channel, [host, second, third], lobby.id, posted)
    joined = await second.click(table.table_message, label="Join")
    assert not joined.ephemeral and len(lobby.seats) == 2
    assert f"<@{second.id}>" in message_text(table.table_message)
    assert_valid_discord_payloads(simcord_env)


async def test_a_lobby_never_shown_is_posted_at_the_restart(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lobby was stored, but its message is not in the channel (the answer never left, or it was
    deleted): the restarted bot posts it."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    host, second = make_players(simcord_env, guild, 2)
    monkeypatch.setattr(TableStore, "set_message", killed)
    await host.slash(channel, "wizard new")
    monkeypatch.undo()
    [posted] = lobby_messages(simcord_env, channel)
    simcord_env.backend.messages[channel.id].pop(posted)

    await restart(simcord_env, make_bot)
    lobby = table_in(simcord_env, channel.id)
    assert lobby is not None and lobby.message_id not in (None, posted)
    assert table_row(database, lobby.id)["message_id"] == lobby.message_id
    assert lobby_messages(simcord_env, channel) == [lobby.message_id]
    table = TestTable(simcord_env, guild, channel, [host, second], lobby.id, lobby.message_id)
    joined = await second.click(table.table_message, label="Join")
    assert not joined.ephemeral and len(lobby.seats) == 2
    assert_valid_discord_payloads(simcord_env)


async def test_a_click_on_a_lobby_whose_id_the_bot_has_not_learned_yet_is_served(
    simcord_env: Env, database: db_helpers.Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25: clicks on a brand-new lobby used to be refused ("That button isn't valid.") when they
    came before the bot knew its own lobby message. The click brings the message: it is served, and the
    message becomes the table's."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    host, second, third = make_players(simcord_env, guild, 3)

    async def slow(*args: object) -> None:
        return None  # the answer's message is not learned (as if it were still on its way)

    monkeypatch.setattr(TableSession, "remember_answer", slow)
    await host.slash(channel, "wizard new")
    monkeypatch.undo()
    [posted] = lobby_messages(simcord_env, channel)
    lobby = table_in(simcord_env, channel.id)
    assert lobby is not None and lobby.message_id is None
    table = TestTable(simcord_env, guild, channel, [host, second, third], lobby.id, posted)
    joined = await second.click(table.table_message, label="Join")
    assert not joined.ephemeral and len(lobby.seats) == 2
    assert lobby.message_id == posted and table_row(database, lobby.id)["message_id"] == posted
    assert f"<@{second.id}>" in message_text(table.table_message)
    # A click from another message of the channel is still refused: only the one message is the table's.
    again = await third.slash(channel, "wizard table")
    assert again.response is not None
    assert lobby.message_id == again.response.id
    old = simcord_env.backend.get_message(channel.id, posted)  # now pointing to the new one
    stale = await forge_click(simcord_env, third, old, custom_id("lobby", lobby.id, 0, "join"))
    assert_refused(stale, "isn't valid")
    assert len(lobby.seats) == 2
    assert_valid_discord_payloads(simcord_env)


async def test_a_start_stored_but_never_answered_shows_the_game_after_the_restart(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()
    players = make_players(simcord_env, guild, 3)
    table = await open_lobby(simcord_env, players, guild.create_text_channel("wizard"))
    # The game is stored, and the bot dies before the Start is answered: the channel still shows the lobby.
    monkeypatch.setattr(discord.InteractionResponse, "edit_message", killed)
    await players[0].click(table.table_message, label="Start")
    monkeypatch.undo()
    assert table_row(database, table.table_id)["status"] == "playing"
    assert "Join" in labels(table)

    await restart(simcord_env, make_bot)
    assert table.running()
    # The lobby message now shows the running game, not the lobby.
    assert "Join" not in labels(table) and "Start" not in labels(table)
    assert "Show my hand" in labels(table)
    assert "Round 1" in message_text(table.table_message)
    assert "a new table" not in message_text(table.table_message)
    # Every member got their first hand once, after the restart (the Start stored it as news to show),
    # and the member to act holds their controls; the game goes on.
    assert [len(hand_messages(table, player)) for player in players] == [1, 1, 1]
    current = table.game.current_player
    assert current is not None and table.dm_controls(table.players[current]) is not None
    rng = random.Random(3)
    for _ in range(3):
        await act(table, rng=rng)
    assert_valid_discord_payloads(simcord_env)
