"""Play again: the final standings carry a button that opens a new lobby with the same rules."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import db_helpers
import pytest
from bot_helpers import (
    assert_refused,
    clickable,
    finish,
    lobby_id,
    make_players,
    manager,
    message_text,
    open_lobby,
    stored,
)
from discord_payloads import assert_valid_discord_payloads
from simcord import Env

from cogs.table.lobby import PLAY_AGAIN_HOLD_SECONDS
from cogs.table.model import Table

if TYPE_CHECKING:
    from conftest import MakeBot

pytestmark = pytest.mark.simcord(check_errors=True)


def new_table(env: Env, channel_id: int) -> Table:
    session = manager(env).in_channel(channel_id)
    assert session is not None and session.table.status == "lobby"
    return session.table


async def test_play_again_opens_a_lobby_with_the_same_rules_and_computers(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    host, second, third = make_players(simcord_env, guild, 3)
    lobby = await open_lobby(simcord_env, [host, second], channel, edition="camelot")
    added = await host.click(lobby.table_message, custom_id=f"wizard:lobby:{lobby.table_id}:0:add-easy")
    assert not added.ephemeral
    lobby.players.append(third)  # not seated: the computer is the third player
    await host.click(lobby.table_message, label="Start")
    standings = await finish(lobby, random.Random(3))
    rules = manager(simcord_env).store

    opened = await second.click(standings, label="Play again")
    assert opened.response is not None and not opened.ephemeral
    again = new_table(simcord_env, channel.id)
    assert again.id != lobby.table_id and again.host_id == second.id
    assert again.rules.edition == "camelot"
    assert [(s.computer, s.name) for s in again.seats if s.computer] == [("easy", "Ada")]
    assert "a new table" in message_text(opened.response)

    joined = await host.click(standings, label="Play again")
    assert_refused(joined, "you have a seat at the new table")
    assert host.id in {seat.user_id for seat in again.seats}
    assert_refused(await host.click(standings, label="Play again"), "already have a seat")
    record = await rules.get(again.id)
    assert record is not None and [s.user_id for s in record.seats] == [s.user_id for s in again.seats]
    assert_valid_discord_payloads(simcord_env)


async def test_play_again_while_a_new_game_runs_is_refused(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    players = make_players(simcord_env, guild, 3)
    table = await open_lobby(simcord_env, players, channel)
    await players[0].click(table.table_message, label="Start")
    standings = await finish(table, random.Random(4))
    opened = await players[0].click(standings, label="Play again")
    assert opened.response is not None
    again = new_table(simcord_env, channel.id)
    for player in players[1:]:
        await player.click(standings, label="Play again")
    assert len(again.seats) == 3
    assert again.message_id is not None
    lobby_message = clickable(simcord_env, stored(simcord_env, channel.id, again.message_id))
    started = await players[0].click(lobby_message, label="Start")
    assert not started.ephemeral
    assert_refused(await players[1].click(standings, label="Play again"), "already under way")


async def test_the_last_games_members_come_first(simcord_env: Env) -> None:
    """Two members and four computers filled the table: someone else can neither open the new lobby nor
    take the one seat it keeps for the other member, who takes it; once the hold is over anyone may."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    first, second, stranger, latecomer = make_players(simcord_env, guild, 4)
    table = await open_lobby(simcord_env, [first, second], channel)
    for level in ("easy", "easy", "medium", "hard"):
        added = await first.click(table.table_message, custom_id=lobby_id(table, f"add-{level}"))
        assert not added.ephemeral
    assert not (await first.click(table.table_message, label="Start")).ephemeral
    standings = await finish(table, random.Random(6))
    assert_refused(await stranger.click(standings, label="Play again"), "first seats", "2 seats are held")
    assert manager(simcord_env).in_channel(channel.id) is None
    opened = await first.click(standings, label="Play again")
    assert opened.response is not None
    again = new_table(simcord_env, channel.id)
    assert [seat.user_id for seat in again.seats if seat.computer is None] == [first.id]
    assert_refused(await stranger.click(standings, label="Play again"), "one seat is held")
    assert_refused(await second.click(standings, label="Play again"), "you have a seat at the new table")
    assert [seat.user_id for seat in again.seats if seat.computer is None] == [first.id, second.id]
    # Full now; with a seat given up and the hold over, anyone may take it.
    lobby_message = clickable(simcord_env, stored(simcord_env, channel.id, again.message_id or 0))
    assert not (await second.click(lobby_message, label="Leave")).ephemeral
    await simcord_env.advance_time(PLAY_AGAIN_HOLD_SECONDS + 1)
    assert not (await latecomer.click(lobby_message, label="Join")).ephemeral
    assert latecomer.id in [seat.user_id for seat in again.seats]
    assert_valid_discord_payloads(simcord_env)


@pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True)
async def test_held_seats_survive_a_restart(simcord_env: Env, make_bot: MakeBot) -> None:
    """Issue 25: the seat a Play again lobby keeps for the last game's other member stays kept after a
    restart (before, the hold lived in memory only: first come after a restart)."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    first, second, stranger = make_players(simcord_env, guild, 3)
    table = await open_lobby(simcord_env, [first, second], channel)
    for level in ("easy", "easy", "medium", "hard"):
        added = await first.click(table.table_message, custom_id=lobby_id(table, f"add-{level}"))
        assert not added.ephemeral
    assert not (await first.click(table.table_message, label="Start")).ephemeral
    standings = await finish(table, random.Random(7))
    assert not (await first.click(standings, label="Play again")).ephemeral
    held = new_table(simcord_env, channel.id)
    until = held.held_until

    await simcord_env.restart_bot(make_bot())
    again = new_table(simcord_env, channel.id)
    assert again is not held and again.held == frozenset({first.id, second.id})
    assert again.held_until == pytest.approx(until)
    lobby_message = clickable(simcord_env, stored(simcord_env, channel.id, again.message_id or 0))
    assert_refused(await stranger.click(lobby_message, label="Join"), "one seat is held")
    assert not (await second.click(lobby_message, label="Join")).ephemeral
    assert [seat.user_id for seat in again.seats if seat.computer is None] == [first.id, second.id]
    assert_valid_discord_payloads(simcord_env)
