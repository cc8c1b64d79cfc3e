"""A member without DMs is mentioned in the channel only when they seem away (issue 26): the nudge rule,
not every turn. Before, each of their turns created a mention (about 130 in one game) and deleted it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest
from bot_helpers import act
from discord_payloads import assert_valid_discord_payloads
from simcord import Env
from test_bot_dms_closed import lobby_with_closed_dms, pings

if TYPE_CHECKING:
    from conftest import MakeBot

pytestmark = pytest.mark.simcord(check_errors=True)

NUDGE_SECONDS = 8


@pytest.fixture
def simcord_bot(make_bot: MakeBot) -> object:
    return make_bot(nudge_seconds=NUDGE_SECONDS)


async def test_a_member_without_dms_is_mentioned_only_when_they_seem_away(simcord_env: Env) -> None:
    table, players, closed = await lobby_with_closed_dms(simcord_env)
    assert not (await players[0].click(table.table_message, label="Start")).ephemeral
    rng = random.Random(26)
    while table.game.current_player != 1:
        await act(table, rng=rng, via="dm")
    # Their turn has begun: nobody mentions them yet (they may be watching the table).
    assert pings(table) == []
    await simcord_env.advance_time(NUDGE_SECONDS + 1)
    # They take a while and have not looked at the game lately: mentioned once, like a nudge.
    [ping] = pings(table)
    assert closed.mention in ping
    await act(table, rng=rng, via="button")
    assert pings(table) == [], "the mention goes when their turn does"
    # Their next turn comes while they are still watching: no mention, however long it takes.
    while table.running() and table.game.current_player != 1:
        await act(table, rng=rng, via="dm")
    if table.running():
        await simcord_env.advance_time(NUDGE_SECONDS + 1)
        assert pings(table) == []
    assert_valid_discord_payloads(simcord_env)
