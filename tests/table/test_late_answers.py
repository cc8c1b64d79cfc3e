"""A click whose answer Discord refuses (later than its 3 seconds, 10062 Unknown interaction, or dropped):
the move is stored, so everything it calls for happens all the same; what the answer would have shown is
shown another way."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import db_helpers
import pytest
from bot_helpers import (
    act_code,
    act_ids,
    clickable,
    fast_forward,
    in_round,
    make_players,
    manager,
    message_round,
    message_text,
    open_lobby,
    stored,
    table_in,
)
from simcord import Env, MemberActor

from wizard_core import Phase

if TYPE_CHECKING:
    from bot_helpers import TestTable

pytestmark = [
    pytest.mark.simcord(check_errors=True),
    pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True),
]


def refuse_next_answer(env: Env) -> None:
    """Discord refuses the next interaction callback, as it does one sent after 3 seconds."""
    env.inject_error(
        "POST", "/interactions/*/callback", status=404, code=10062, message="Unknown interaction", times=1
    )


async def lobby_of(env: Env, members: int, seated: int | None = None) -> tuple[TestTable, list[MemberActor]]:
    """A lobby in a new channel with ``seated`` of ``members`` new members at it (all by default)."""
    guild = env.create_guild()
    players = make_players(env, guild, members)
    table = await open_lobby(env, players[:seated], guild.create_text_channel("wizard"))
    return table, players


def table_buttons(table: TestTable) -> list[str]:
    message = stored(table.env, table.channel.id, table.message_id)
    return [c.get("label", "") for row in message.components for c in row.get("components", [])]


async def test_a_start_answered_too_late_still_starts_the_game(simcord_env: Env) -> None:
    table, players = await lobby_of(simcord_env, 3)
    channel = table.channel
    refuse_next_answer(simcord_env)
    await players[0].click(table.table_message, label="Start")
    assert table.running()
    # The lobby message became the table, by an edit of its own, and everyone has their hand.
    assert "Show my hand" in table_buttons(table) and "Join" not in table_buttons(table)
    assert message_round(stored(simcord_env, channel.id, table.message_id)) == 1
    for player in players:
        assert table.dm_controls(player) is not None, f"{player.name} got no hand"


async def test_the_last_card_of_a_round_answered_too_late_deals_the_next(simcord_env: Env) -> None:
    table, players = await lobby_of(simcord_env, 3)
    channel = table.channel
    await players[0].click(table.table_message, label="Start")
    rng = random.Random(5)
    # Round 1 has one trick of one card each: two cards are in, the third ends the round.
    await fast_forward(table, rng, in_round(1, Phase.PLAY, trick_cards=2))
    game = table.game
    seat = game.current_player
    assert seat is not None
    player = table.players[seat]
    # The game moved on without Discord: the member plays from Show my hand.
    shown = await table.show_hand(player)
    assert shown.response is not None
    [code] = game.legal_actions(seat)
    cid = next(c for c in act_ids(shown.response) if act_code(c) == code)
    refuse_next_answer(simcord_env)
    await player.click(shown.response, custom_id=cid)
    assert table.game.round_number == 2
    # The table shows round 2 and round 1's scores, and every member has their round 2 hand.
    table_message = stored(simcord_env, channel.id, table.message_id)
    assert message_round(table_message) == 2, message_text(table_message)
    for member in players:
        assert table.dm_controls(member) is not None, f"{member.name} got no round 2 hand"


async def test_a_lobby_change_answered_too_late_shows_on_the_lobby(simcord_env: Env) -> None:
    table, players = await lobby_of(simcord_env, 3, seated=2)
    channel = table.channel
    refuse_next_answer(simcord_env)
    await players[2].click(table.table_message, label="Join")
    assert players[2].user.name in message_text(stored(simcord_env, channel.id, table.message_id)) or (
        f"<@{players[2].id}>" in message_text(stored(simcord_env, channel.id, table.message_id))
    )


async def test_a_new_table_answered_too_late_is_posted_in_the_channel(simcord_env: Env) -> None:
    """The lobby is stored when /wizard new is answered; an answer Discord refuses used to leave it unseen,
    with the channel blocked ("a table is already open here") until a restart. It is posted instead, and
    its buttons work."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    host, second = make_players(simcord_env, guild, 2)
    refuse_next_answer(simcord_env)
    await host.slash(channel, "wizard new")
    lobby = table_in(simcord_env, channel.id)
    assert lobby is not None and lobby.message_id is not None
    posted = stored(simcord_env, channel.id, lobby.message_id)
    assert "a new table" in message_text(posted)
    joined = await second.click(clickable(simcord_env, posted), label="Join")
    assert not joined.ephemeral and len(lobby.seats) == 2
    session = manager(simcord_env).find(lobby.id)
    assert session is not None and session.lobby_timer is not None, "the idle lobby still closes in time"
