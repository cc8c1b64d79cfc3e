"""A player whose DMs are closed plays through Show my hand and `/wizard hand`; the channel is told once.

Discord answers a DM to such a user with 403 / 50007 "Cannot send messages to this user"; the bot opens
the DM channel first (POST /users/@me/channels, which succeeds), so the fault is put on that channel's
messages.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from bot_helpers import (
    TestTable,
    act,
    act_code,
    act_ids,
    assert_finished_like_core,
    assert_no_hand_leaks,
    fast_forward,
    in_round,
    make_players,
    message_text,
    open_lobby,
    play,
    stored_messages,
)
from discord_payloads import assert_valid_discord_payloads
from simcord import Env, MemberActor

from wizard_core import Phase

if TYPE_CHECKING:
    from conftest import MakeBot

pytestmark = pytest.mark.simcord(check_errors=True)

NOTICE = "I can't send you direct messages"


def close_dms(env: Env, player: MemberActor) -> None:
    env.inject_error(
        "POST",
        f"/channels/{player.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )


async def lobby_with_closed_dms(env: Env) -> tuple[TestTable, list[MemberActor], MemberActor]:
    """A lobby of three members in a new channel; the second one's DMs are closed to the bot."""
    guild = env.create_guild()
    players = make_players(env, guild, 3)
    close_dms(env, players[1])
    return await open_lobby(env, players, guild.create_text_channel("wizard")), players, players[1]


def notices(table: TestTable) -> list[str]:
    return [m.content for m in table.channel_messages() if NOTICE in m.content]


def pings(table: TestTable) -> list[str]:
    return [m.content for m in table.channel_messages() if "it's your turn" in m.content]


async def test_a_player_with_closed_dms_plays_through_the_channel(
    simcord_env: Env, database_path: Path
) -> None:
    table, players, closed = await lobby_with_closed_dms(simcord_env)
    started = await players[0].click(table.table_message, label="Start")
    assert not started.ephemeral and table.running()

    assert notices(table) == [
        f"{closed.mention}, {NOTICE}, so your hand is on the table: press **Show my hand** "
        "(or use `/wizard hand`) whenever you need it."
    ]
    bot_table = table.bot_table
    assert bot_table is not None
    assert [seat.dms_closed for seat in bot_table.seats] == [False, True, False]
    assert stored_dms_closed(database_path, table.table_id) == [0, 1, 0]

    uses = {"button": 0, "slash": 0}
    others_via = ["dm"]  # after the shortcut, "auto": no DM was sent for the skipped turns

    def via(t: TestTable, seat: int) -> str:
        if t.players[seat] is not closed:
            return others_via[0]
        way = "button" if sum(uses.values()) % 2 == 0 else "slash"
        uses[way] += 1
        return way

    last = [table.game.current_player]

    def each(t: TestTable) -> None:
        # Playing briskly, the closed player is never mentioned: only a member who seems away is, like a
        # nudge (``test_dms_closed_pings.py``). After their own action they go on in the private message
        # they clicked.
        last[0] = t.game.current_player
        assert pings(t) == []
        assert t.dm_controls(closed) is None
        if t.clicks % 5 == 0:
            assert assert_no_hand_leaks(t) > 0

    # Three rounds click by click, then a shortcut to the last round's last tricks and on to the end.
    await play(table, random.Random(9), until=in_round(4), via=via, each=each)
    assert uses["button"] > 0 and uses["slash"] > 0
    await fast_forward(
        table, random.Random(11), lambda g: g.round_number == 20 and sum(g.public_view().hand_sizes) <= 9
    )
    others_via[0] = "auto"
    final = await play(table, random.Random(12), via=via)
    assert final is not None and final.is_over
    assert_finished_like_core(table, database_path, final, dm_controls_cleared=False)

    assert len(notices(table)) == 1, "the channel must be told only once"
    assert stored_dms_closed(database_path, table.table_id) == [0, 1, 0]
    assert pings(table) == []
    # Not one message reached the closed DMs; the others got theirs.
    assert stored_messages(simcord_env, closed.user.dm_channel.id) == []
    for player in (players[0], players[2]):
        assert table.dm_messages(player)
    assert_valid_discord_payloads(simcord_env)


def stored_dms_closed(database_path: Path, table_id: int) -> list[int]:
    with sqlite3.connect(database_path) as conn:
        rows = conn.execute("SELECT dms_closed FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))
        return [flag for (flag,) in rows.fetchall()]


async def test_closed_dms_hand_is_shown_privately_with_controls(
    simcord_env: Env, database_path: Path
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    players = make_players(simcord_env, guild, 3)
    for player in players:
        close_dms(simcord_env, player)
    table = await open_lobby(simcord_env, players, channel)
    await players[0].click(table.table_message, label="Start")
    assert len(notices(table)) == 3
    game = table.game
    for seat, player in enumerate(players):
        for slash in (False, True):
            shown = await table.show_hand(player, slash=slash)
            assert shown.response is not None
            text = message_text(shown.response)
            for card in game.hand(seat):
                assert str(card) in text
            # Bids on the turn to bid; the others may bid later this round. When a Wizard was turned up,
            # the dealer chooses trump first (the seed is random), and is offered the suits.
            offered = {act_code(cid) for cid in act_ids(shown.response)}
            if game.phase is Phase.CHOOSE_TRUMP and seat == game.current_player:
                assert offered == set(game.legal_actions())
            else:
                assert offered == {64 + bid for bid in range(game.cards_per_player + 1)}
    # Everyone plays round 1 and 2 from the channel alone.
    await play(table, random.Random(13), until=in_round(3), via=lambda t, s: "button")
    assert len(notices(table)) == 3
    assert assert_no_hand_leaks(table) > 0
    assert_valid_discord_payloads(simcord_env)


async def test_closed_dms_across_a_restart(simcord_env: Env, make_bot: MakeBot, database_path: Path) -> None:
    """The new bot knows the DMs are closed (nothing is said again), and the ping sent before the restart
    goes when the turn passes."""
    table, players, closed = await lobby_with_closed_dms(simcord_env)
    await players[0].click(table.table_message, label="Start")
    rng = random.Random(14)
    await play(table, rng, until=lambda g: g.round_number == 2 and g.current_player == 1)
    # They take a while: half their time gone, they are reminded in the channel.
    await simcord_env.advance_time(61)
    [old_ping] = [m.id for m in table.channel_messages() if f"{closed.mention}, ⏰" in m.content]

    await simcord_env.restart_bot(make_bot())
    bot_table = table.bot_table
    assert bot_table is not None and [s.dms_closed for s in bot_table.seats] == [False, True, False]
    await act(table, rng=rng, via="slash")
    await play(table, rng, until=lambda g: g.current_player == 1 and g.round_number >= 3)
    await act(table, rng=rng, via="button")
    await play(table, rng, until=in_round(5), via=lambda t, s: "auto")
    assert len(notices(table)) == 1, "the channel must be told only once"
    assert stored_messages(simcord_env, closed.user.dm_channel.id) == []
    # A turn ping is removed when the turn passes, also the one the bot sent before it restarted.
    assert old_ping not in [m.id for m in table.channel_messages()], (
        "the turn ping sent before the restart is still in the channel",
        pings(table),
    )
    assert_valid_discord_payloads(simcord_env)
