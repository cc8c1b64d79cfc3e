"""Restarts: a new bot object on the same database picks up every lobby and running game.

Buttons are DynamicItems, so the messages sent before a restart keep working: the players finish the game
with the controls of their old DMs and with Show my hand.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import db_helpers
from bot_helpers import (
    TestTable,
    act,
    act_code,
    act_ids,
    assert_finished_like_core,
    assert_no_hand_leaks,
    assert_refused_in_place,
    clickable,
    fast_forward,
    hands_unread,
    in_round,
    make_players,
    manager,
    message_text,
    open_lobby,
    open_table,
    patch_client_locales,
    play,
    snapshot,
    stored,
    table_in,
    table_row,
)
from discord_payloads import assert_valid_discord_payloads
from simcord import Env
from simcord.backend.models import Message as StoredMessage

from wizard_core import Game, Phase

if TYPE_CHECKING:
    from conftest import MakeBot

import pytest

pytestmark = [
    pytest.mark.simcord(check_errors=True),
    pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True),
]


def bids_made(game: Game) -> int:
    return sum(bid is not None for bid in game.bids)


async def restart(env: Env, make_bot: MakeBot, table: TestTable) -> Game:
    """Restart the bot; the running game comes back equal to what it was."""
    before = table.game
    old_manager = manager(env)
    await env.restart_bot(make_bot())
    assert manager(env) is not old_manager
    restored = table.game
    assert restored is not before
    assert restored == before and restored.log == before.log
    return restored


async def click_old_dm(table: TestTable, message: StoredMessage, rng: random.Random) -> None:
    """The current player clicks a control of a DM the previous bot sent; it must be taken."""
    game = table.game
    seat = game.current_player
    assert seat is not None
    version = game.version
    message = stored(table.env, message.channel_id, message.id)
    offered = {act_code(cid): cid for cid in act_ids(message)}
    assert set(game.legal_actions()) <= set(offered)
    code = rng.choice(game.legal_actions())
    result = await table.players[seat].user.click(clickable(table.env, message), custom_id=offered[code])
    assert not result.ephemeral, result.response.content if result.response else result
    assert table.game.version > version
    assert table.game.log[version] == code


async def test_restart_mid_bidding_and_mid_trick_then_finish(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    table = await open_table(simcord_env, 3)
    rng = random.Random(7)

    # 1. Mid-bidding: round 2, one bid made.
    await play(table, rng, until=lambda g: g.round_number == 2 and g.phase is Phase.BID and bids_made(g) == 1)
    seat = table.game.current_player
    assert seat is not None
    old_dm = table.dm_controls(table.players[seat])
    assert old_dm is not None
    await restart(simcord_env, make_bot, table)
    await click_old_dm(table, old_dm, rng)
    assert bids_made(table.game) == 2
    assert_no_hand_leaks(table)

    # 2. Mid-trick: round 3, one card on the table. The player to act uses Show my hand this time; the
    # new bot does not know the hand message the old one sent, which still shows the card played: that
    # button is refused.
    await play(table, rng, until=in_round(3, Phase.PLAY, 1))
    seat = table.game.current_player
    assert seat is not None
    player = table.players[seat]
    old_dm = table.dm_controls(player)
    assert old_dm is not None
    await restart(simcord_env, make_bot, table)
    shown = await table.show_hand(player)
    assert shown.response is not None and act_ids(shown.response)
    await act(table, rng=rng, via="button")
    before = snapshot(table, database)
    old = stored(simcord_env, old_dm.channel_id, old_dm.id)
    played = table.game.current_trick().plays[-1].card
    for cid in [c for c in act_ids(old) if act_code(c) == played.face]:
        result = await player.user.click(clickable(simcord_env, old), custom_id=cid)
        assert_refused_in_place(result, old.id)
    assert hands_unread(snapshot(table, database)) == hands_unread(before)
    # The others go on through the DMs the new bot sends.
    await act(table, rng=rng, via="dm")

    # 3. Shortcut to the last card of round 19 (its last round's hands are dealt by the bot), then a
    # restart in the middle of a trick of the last round: the old DM finishes the trick, and the game is
    # played to its end.
    await fast_forward(table, rng, lambda g: g.round_number == 19 and sum(g.public_view().hand_sizes) == 1)
    while not (table.game.round_number == 20 and table.game.current_trick().plays):
        await act(table, rng=rng)
    seat = table.game.current_player
    assert seat is not None
    old_dm = table.dm_controls(table.players[seat])
    assert old_dm is not None and table.game.current_trick().plays
    await restart(simcord_env, make_bot, table)
    await click_old_dm(table, old_dm, rng)
    final = await play(table, rng)
    assert final is not None and final.is_over
    assert_finished_like_core(table, database, final, dm_controls_cleared=False)
    assert_valid_discord_payloads(simcord_env)


async def test_restart_right_before_the_last_card(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    table = await open_table(simcord_env, 6)
    rng = random.Random(8)
    await fast_forward(table, rng, lambda g: g.round_number == 10 and sum(g.public_view().hand_sizes) == 3)
    await act(table, rng=rng)
    await act(table, rng=rng)
    seat = table.game.current_player
    assert seat is not None
    # The player looks at their hand privately, then the bot restarts; the reply's controls still work.
    shown = await table.show_hand(table.players[seat])
    assert shown.response is not None
    await restart(simcord_env, make_bot, table)
    final = table.game.clone()
    code = rng.choice(final.legal_actions())
    final.apply(code)
    assert final.is_over
    cid = next(c for c in act_ids(shown.response) if act_code(c) == code)
    result = await table.players[seat].click(shown.response, custom_id=cid)
    assert not result.ephemeral
    assert not table.running()
    assert_finished_like_core(table, database, final, dm_controls_cleared=False)
    assert_valid_discord_payloads(simcord_env)


async def test_lobbies_survive_a_restart(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    guild = simcord_env.create_guild()
    busy, idle = guild.create_text_channel("busy"), guild.create_text_channel("idle")
    players = make_players(simcord_env, guild, 4)
    busy_table = await open_lobby(simcord_env, players[:2], busy)
    idle_table = await open_lobby(simcord_env, players[3:], idle)
    await simcord_env.advance_time(10 * 60)

    await simcord_env.restart_bot(make_bot())
    # The old lobby message's buttons work with the new bot.
    joined = await players[2].click(busy_table.table_message, label="Join")
    assert not joined.ephemeral
    assert busy_table.bot_table is not None
    assert [s.user_id for s in busy_table.bot_table.seats] == [p.id for p in players[:3]]
    started = await players[0].click(busy_table.table_message, label="Start")
    assert not started.ephemeral and busy_table.running()

    # The idle lobby still closes 30 minutes after its last activity, counted from before the restart.
    await simcord_env.advance_time(15 * 60)
    assert idle_table.bot_table is not None
    await simcord_env.advance_time(6 * 60)
    assert idle_table.bot_table is None
    assert "30 minutes" in message_text(idle_table.table_message)
    assert table_row(database, idle_table.table_id)["status"] == "cancelled"
    assert busy_table.running()
    assert_valid_discord_payloads(simcord_env)


async def test_a_confirmation_from_before_a_restart_is_answered(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    table = await open_table(simcord_env, 3)
    host = table.players[0]
    asked = await host.slash(table.channel, "wizard end")
    assert asked.response is not None
    await simcord_env.restart_bot(make_bot())
    before = snapshot(table, database)
    late = await host.click(asked.response, label="Yes, end it")
    assert late.acknowledged, "the click on a confirmation sent before the restart was left unanswered"
    if table.running():
        assert snapshot(table, database) == before
    assert_valid_discord_payloads(simcord_env)


async def test_each_members_language_survives_a_restart(
    simcord_env: Env, make_bot: MakeBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The DMs the bot sends on its own follow the language each member's client had when they took the
    seat, after a restart too: the host's English, a German client's German."""
    locales = patch_client_locales(monkeypatch)
    guild = simcord_env.create_guild()
    host, german, third = make_players(simcord_env, guild, 3)
    locales[german.id] = "de"
    table = await open_lobby(simcord_env, [host, german, third], guild.create_text_channel("wizard"))
    await simcord_env.restart_bot(make_bot())
    lobby = table_in(simcord_env, table.channel.id)
    assert lobby is not None and [seat.lang for seat in lobby.seats] == ["en", "de", "en"]
    started = await host.click(table.table_message, label="Start")
    assert not started.ephemeral
    # (The hand's title: the trump legend is shown only in a round with a trump.)
    assert "Runde 1/" in message_text(table.dm_messages(german)[-1])
    assert "Round 1/" in message_text(table.dm_messages(host)[-1])
    assert_valid_discord_payloads(simcord_env)


async def test_a_language_change_during_a_game_survives_a_restart(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25: a member who switches their Discord client to German during a game gets the DMs the bot
    sends on its own in German after a restart too (before, the change lived in memory only)."""
    locales = patch_client_locales(monkeypatch)
    table = await open_table(simcord_env, 3)
    rng = random.Random(25)
    seat = table.game.current_player
    assert seat is not None
    member = table.players[seat]
    locales[member.id] = "de"
    await act(table, rng=rng)
    rows = db_helpers.query(
        database, "SELECT seat, lang FROM seats WHERE table_id = ? ORDER BY seat", (table.table_id,)
    )
    assert [row["lang"] for row in rows] == ["de" if row["seat"] == seat else "en" for row in rows]
    await restart(simcord_env, make_bot, table)
    restored = table_in(simcord_env, table.channel.id)
    assert restored is not None and restored.seats[seat].lang == "de"
    # The next round's hand, sent to them on its own, is German.
    await play(table, rng, until=lambda game: game.round_number == 2)
    assert "Runde 2/" in message_text(table.dm_messages(member)[-1])
    assert_valid_discord_payloads(simcord_env)
