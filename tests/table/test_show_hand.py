"""A private look at one's hand replaces the one before (issue 26): Show my hand and /wizard hand do not
pile private hands up under the table."""

from __future__ import annotations

import random

import pytest
from bot_helpers import act, open_table
from discord_payloads import assert_valid_discord_payloads
from simcord import Env, MemberActor

pytestmark = pytest.mark.simcord(check_errors=True)


def still_there(env: Env, channel_id: int, message_id: int) -> bool:
    return message_id in env.backend.messages.get(channel_id, {})


async def test_a_second_look_at_the_hand_replaces_the_first(simcord_env: Env) -> None:
    table = await open_table(simcord_env, 3)
    player = table.players[1]
    channel = table.channel.id

    async def look(member: MemberActor, *, slash: bool = False) -> int:
        shown = await table.show_hand(member, slash=slash)
        assert shown.response is not None
        return shown.response.id

    first = await look(player)
    assert still_there(simcord_env, channel, first)
    second = await look(player, slash=True)
    assert not still_there(simcord_env, channel, first), "the first look was replaced"
    assert still_there(simcord_env, channel, second)
    # Another member's look is theirs: it stays.
    other = await look(table.players[2])
    await look(player)
    assert still_there(simcord_env, channel, other)
    assert not still_there(simcord_env, channel, second)
    # The look that replaced them works: the member plays from it when their turn comes.
    await act(table, rng=random.Random(5), via="button")
    assert_valid_discord_payloads(simcord_env)


async def test_a_hand_played_out_is_a_short_text_without_a_picture(simcord_env: Env) -> None:
    """Issue 26: a hand whose cards are all played kept a large "No cards" picture until the next round."""
    table = await open_table(simcord_env, 3)
    rng = random.Random(6)
    while table.game.phase.name != "PLAY":
        await act(table, rng=rng, via="dm")
    seat = table.game.current_player
    assert seat is not None and table.game.round_number == 1
    played = await act(table, rng=rng, via="dm")  # their one card: the others still to play
    assert table.game.round_number == 1 and seat not in table.game.to_act
    assert played.response is not None
    hand = played.response
    assert not hand.attachments and all(not embed.image for embed in hand.embeds), "no picture"
    assert "played all your cards" in "\n".join(embed.description or "" for embed in hand.embeds)
