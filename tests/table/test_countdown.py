"""The turn countdown: the table and the hand of the member to act say when their time runs out.

The deadline is a Discord timestamp (``<t:…:R>``) that every client counts down in its own time zone.
"""

from __future__ import annotations

import random
import re

import pytest
from bot_helpers import TestTable, act, message_text, open_table, table_parts
from discord_payloads import assert_valid_discord_payloads
from simcord import Env

from cogs.server_settings.store import ServerSettings
from cogs.table import session as session_module
from wizard_core.views import Phase

pytestmark = pytest.mark.simcord(check_errors=True)

COUNTDOWN = re.compile(r"Time runs out <t:(\d+):R>")


def deadlines(text: str) -> list[int]:
    return [int(found) for found in COUNTDOWN.findall(text)]


def newest_dm(table: TestTable, seat: int) -> str:
    return message_text(table.dm_messages(table.players[seat])[-1])


# Seed 0 turns up a plain trump card in round 1; seed 4 turns up a Wizard, so the dealer chooses trump.
@pytest.mark.parametrize("seed", [0, 4], ids=["trump-turned-up", "wizard-turned-up"])
async def test_the_table_and_the_hand_of_the_member_to_act_count_down(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    monkeypatch.setattr(session_module.secrets, "randbits", lambda bits: seed)
    table = await open_table(simcord_env, 3)
    assert (table.game.phase is Phase.CHOOSE_TRUMP) == (seed == 4)
    if table.game.phase is Phase.CHOOSE_TRUMP:
        # The dealer's hand counts down their choice; once trump is chosen every hand is shown again.
        dealer = table.game.current_player
        assert dealer is not None and table.bot_table is not None
        assert deadlines(newest_dm(table, dealer)) == [int(table.bot_table.turns[dealer].started + 120)]
        await act(table, rng=random.Random(4))
    assert table.game.phase is Phase.BID
    # The first to bid gets their hand on their turn, with its countdown.
    first = table.game.current_player
    assert first is not None and table.bot_table is not None
    assert deadlines(newest_dm(table, first)) == [int(table.bot_table.turns[first].started + 120)]
    await act(table, rng=random.Random(4))
    seat = table.game.current_player
    assert seat is not None
    turn = table.bot_table.turns[seat] if table.bot_table else None
    assert turn is not None
    expected = int(turn.started + 120)
    assert deadlines(message_text(table.table_message)) == [expected]
    # The next one's hand message, sent before their turn, is not edited for it (a nudge tells them);
    # a look at their hand shows the countdown.
    assert deadlines(newest_dm(table, seat)) == []
    shown = await table.show_hand(table.players[seat])
    assert shown.response is not None and deadlines(message_text(shown.response)) == [expected]
    # The others' hands carry no countdown: it is not their turn.
    for other in range(3):
        if other != seat and table.dm_messages(table.players[other]):
            assert deadlines(newest_dm(table, other)) == []
    assert_valid_discord_payloads(simcord_env)


async def test_without_a_turn_timer_there_is_no_countdown(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    await table_parts(simcord_env).server_settings.set(guild.id, ServerSettings(turn_timer_seconds=0))
    table = await open_table(simcord_env, 3, guild=guild)
    await act(table, rng=random.Random(4))
    assert deadlines(message_text(table.table_message)) == []
    seat = table.game.current_player
    assert seat is not None and deadlines(newest_dm(table, seat)) == []
