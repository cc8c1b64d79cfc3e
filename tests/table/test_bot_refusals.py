"""Every refusal is answered privately, in words, and changes nothing.

"Nothing" is checked with `snapshot`: the game's version and log, the stored log, the seats (in memory
and in SQLite), the table's status, the table message and its buttons, the public messages of the
channel and every player's DMs.

Clicks no real client can make (a custom_id the message does not carry, a double click delivered after
the message changed) are dispatched with `forge_click`, through SimCord's gateway like any click.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import db_helpers
import discord
import pytest
from bot_helpers import (
    TestTable,
    act,
    act_code,
    act_ids,
    assert_refused,
    assert_refused_in_place,
    clickable,
    custom_ids,
    fast_forward,
    forge_click,
    hands_unread,
    in_round,
    make_players,
    message_payload,
    message_text,
    open_lobby,
    open_table,
    payload_act_ids,
    play,
    snapshot,
    stored,
)
from discord_payloads import assert_valid_discord_payloads
from simcord import Env, MemberActor, UserHandle
from simcord.backend.models import Message as StoredMessage

from wizard_core import Card, Game, Phase, Play, decode
from wizard_core.actions import BID_BASE, TRUMP_BASE

pytestmark = pytest.mark.simcord(check_errors=True)


def current(table: TestTable) -> tuple[int, MemberActor]:
    seat = table.game.current_player
    assert seat is not None
    return seat, table.players[seat]


def carrier(table: TestTable, player: MemberActor) -> tuple[MemberActor | UserHandle, StoredMessage]:
    """A message the player can click to send a forged custom_id: their newest DM, else the table."""
    dms = [m for m in table.dm_messages(player) if not m.is_ephemeral]
    if dms:
        return player.user, dms[-1]
    return player, stored(table.env, table.channel.id, table.message_id)


async def forge(table: TestTable, player: MemberActor, cid: str, *, in_place: bool = False) -> str:
    """Send a forged custom_id from the player's newest DM (else the table); the refusal's text. A
    well-formed act of this round is refused by the hand itself (``in_place``), anything else privately."""
    actor, message = carrier(table, player)
    result = await forge_click(table.env, actor, message, cid)
    return assert_refused_in_place(result, message.id) if in_place else assert_refused(result)


# -- who may do what -------------------------------------------------------------------------------------


async def test_a_member_who_is_not_seated_is_refused(simcord_env: Env, database_path: Path) -> None:
    table = await open_table(simcord_env, 3)
    await act(table, rng=random.Random(1))
    outsider = table.guild.add_member(simcord_env.create_user("outsider"))
    before = snapshot(table, database_path)

    hand = await outsider.slash(table.channel, "wizard hand")
    assert_refused(hand, "not playing")
    assert_refused(await outsider.click(table.table_message, label="Show my hand"), "not playing")
    assert_refused(await outsider.slash(table.channel, "wizard leave"), "not playing")
    assert_refused(await outsider.slash(table.channel, "wizard end"), "only the host", "manage server")
    # An act code for the current turn, sent by someone who has no seat, on a private message of theirs.
    legal = table.game.legal_actions()[0]
    assert hand.response is not None
    private = stored(simcord_env, table.channel.id, hand.response.id)
    assert_refused(await forge_click(simcord_env, outsider, private, table.act_id(legal)), "not playing")
    # On the public table message it is refused before anyone looks at the seat: an act answer rewrites
    # the clicked message with a hand, and the table message is nobody's hand.
    public = stored(simcord_env, table.channel.id, table.message_id)
    assert_refused(await forge_click(simcord_env, outsider, public, table.act_id(legal)), "isn't valid")
    assert snapshot(table, database_path) == before
    assert_valid_discord_payloads(simcord_env)


async def test_lobby_buttons_refuse_what_the_user_may_not_do(simcord_env: Env, database_path: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    host, second, *others = make_players(simcord_env, guild, 7)
    table = await open_lobby(simcord_env, [host, second], channel)

    before = snapshot(table, database_path)
    lobby = table.table_message
    assert_refused(await host.click(lobby, label="Start"), "3 to 6 players", "2 have joined")
    assert_refused(await second.click(lobby, label="Start"), "only the host")
    assert_refused(await second.click(lobby, label="Cancel"), "only the host", "manage server")
    assert_refused(await second.click(lobby, label="Join"), "already have a seat")
    assert_refused(await others[0].click(lobby, label="Leave"), "don't have a seat")
    assert snapshot(table, database_path) == before

    for player in others[:4]:
        assert not (await player.click(lobby, label="Join")).ephemeral
    assert table.bot_table is not None and len(table.bot_table.seats) == 6
    before = snapshot(table, database_path)
    assert_refused(await others[4].click(table.table_message, label="Join"), "full", "6 players")
    assert_refused(await others[0].click(table.table_message, label="Start"), "only the host")
    assert snapshot(table, database_path) == before
    assert_valid_discord_payloads(simcord_env)


async def test_commands_without_a_running_game_are_refused(simcord_env: Env, database_path: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    players = make_players(simcord_env, guild, 3)
    for command in ("wizard hand", "wizard end", "wizard leave"):
        assert_refused(await players[0].slash(channel, command), "no game running")
    table = await open_lobby(simcord_env, players, channel)
    before = snapshot(table, database_path)
    for command in ("wizard hand", "wizard end", "wizard leave"):
        assert_refused(await players[1].slash(channel, command), "no game running")
    assert snapshot(table, database_path) == before
    assert_valid_discord_payloads(simcord_env)


async def test_a_player_who_is_not_host_cannot_end_the_game(simcord_env: Env, database_path: Path) -> None:
    table = await open_table(simcord_env, 3)
    before = snapshot(table, database_path)
    assert_refused(
        await table.players[1].slash(table.channel, "wizard end"), "only the host", "manage server"
    )
    assert snapshot(table, database_path) == before
    # The confirmation of another user cannot be used either: it is ephemeral, so only the host sees it.
    asked = await table.players[0].slash(table.channel, "wizard end")
    assert asked.ephemeral
    assert table.running()
    assert_valid_discord_payloads(simcord_env)


# -- turns, stale messages, double clicks ------------------------------------------------------------------


async def test_acting_out_of_turn_is_refused(simcord_env: Env, database_path: Path) -> None:
    table = await open_table(simcord_env, 3)
    rng = random.Random(2)
    for phase in (Phase.BID, Phase.PLAY):
        await fast_forward(table, rng, in_round(2, phase))
        seat, player = current(table)
        waiting_seat = (seat + 1) % 3
        waiting = table.players[waiting_seat]
        before = snapshot(table, database_path)
        # Their hand keeps its buttons (what they may come to do this round); pressed now, each is refused.
        shown = await table.show_hand(waiting)
        assert shown.response is not None
        offered = {act_code(cid) for cid in act_ids(shown.response)}
        if phase is Phase.BID:
            assert offered == {64 + bid for bid in range(table.game.cards_per_player + 1)}
        else:
            assert offered == {card.face for card in table.game.hand(waiting_seat)}
        result = await waiting.click(shown.response, custom_id=act_ids(shown.response)[0])
        reason = assert_refused_in_place(result, shown.response.id)
        assert f"it is {player.user.name}'s turn" in reason.lower()
        text = await forge(table, waiting, table.act_id(table.game.legal_actions()[0]), in_place=True)
        assert f"it is {player.user.name}'s turn" in text.lower(), text
        assert hands_unread(snapshot(table, database_path)) == hands_unread(before)
        await act(table, rng=rng)
    assert_valid_discord_payloads(simcord_env)


async def test_a_hand_of_an_earlier_round_is_refused(simcord_env: Env, database_path: Path) -> None:
    table = await open_table(simcord_env, 3)
    rng = random.Random(3)
    # Round 1's hand messages, as dealt: a bid button on each.
    old = {}
    for seat, player in enumerate(table.players):
        message = table.latest_controls(player)
        assert message is not None
        old[seat] = (message, message_payload(simcord_env, message))
    await play(table, rng, until=in_round(2, Phase.BID))
    before = snapshot(table, database_path)
    for seat, player in enumerate(table.players):
        message, as_dealt = old[seat]
        cid = payload_act_ids(as_dealt)[0]
        result = await forge_click(simcord_env, player.user, message, cid, snapshot=as_dealt)
        assert_refused(result, "earlier round", "show my hand")
    assert snapshot(table, database_path) == before
    assert_valid_discord_payloads(simcord_env)


async def test_a_hand_message_works_all_round_and_show_my_hand_keeps_it_up_to_date(
    simcord_env: Env, database_path: Path
) -> None:
    table = await open_table(simcord_env, 3)
    rng = random.Random(5)
    await play(table, rng, until=in_round(3, Phase.PLAY))
    seat, player = current(table)
    hand = table.latest_controls(player)
    assert hand is not None
    # A card played through Show my hand: the hand message (a DM) is edited to match, in place.
    shown = await table.show_hand(player)
    assert shown.response is not None
    code = table.game.legal_actions()[0]
    cid = next(c for c in act_ids(shown.response) if act_code(c) == code)
    assert not (await player.click(shown.response, custom_id=cid)).ephemeral
    hand = stored(simcord_env, hand.channel_id, hand.id)
    assert code not in {act_code(c) for c in act_ids(hand)}
    assert {act_code(c) for c in act_ids(hand)} == {card.face for card in table.game.hand(seat)}
    # The same card again, from the reply that played it: refused by that reply, nothing changes.
    before = snapshot(table, database_path)
    reply = stored_reply(table, shown)
    assert_refused_in_place(await forge_click(simcord_env, player, reply, cid), reply.id)
    assert hands_unread(snapshot(table, database_path)) == hands_unread(before)
    assert_valid_discord_payloads(simcord_env)


def stored_reply(table: TestTable, result: Any) -> StoredMessage:
    return stored(table.env, table.channel.id, result.response.id)


async def play_until_turn_of(table: TestTable, seat: int, rng: random.Random) -> None:
    while table.game.current_player != seat:
        await act(table, rng=rng)


@pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True)
async def test_a_double_click_is_refused_the_second_time(
    simcord_env: Env, database: db_helpers.Database
) -> None:
    table = await open_table(simcord_env, 3)
    rng = random.Random(4)
    for _ in range(6):  # bids and cards alike
        _, player = current(table)
        dm = table.dm_controls(player)
        assert dm is not None
        as_clicked = message_payload(simcord_env, dm)
        code = rng.choice(table.game.legal_actions())
        cid = next(c for c in act_ids(dm) if act_code(c) == code)
        first = await player.user.click(clickable(simcord_env, dm), custom_id=cid)
        assert not first.ephemeral
        before = snapshot(table, database)
        second = await forge_click(simcord_env, player.user, dm, cid, snapshot=as_clicked)
        # Stale whatever it asks (even a card the member still holds twice, on their turn again): the
        # button was drawn before the member's own move (or, if that move ended the round, in an
        # earlier round).
        if int(cid.split(":")[3]) < table.game.round_version:
            assert_refused(second, "earlier round")
        else:
            assert_refused_in_place(second, dm.id, "made a move since this hand was drawn")
        assert hands_unread(snapshot(table, database)) == hands_unread(before)
    assert_valid_discord_payloads(simcord_env)


# -- forged and malformed custom_ids, illegal actions ------------------------------------------------------


async def test_forged_and_malformed_custom_ids_are_refused(simcord_env: Env, database_path: Path) -> None:
    table = await open_table(simcord_env, 3)
    _, player = current(table)
    game = table.game
    legal = game.legal_actions()[0]
    v, tid = game.version, table.table_id
    cases = {
        "wizard:act": "isn't valid",
        f"wizard:act:{tid}:{v}:": "isn't valid",
        f"wizard:act:{tid}:{v}:{legal}:extra": "isn't valid",
        f"wizard:act:{tid}:-1:{legal}": "isn't valid",
        "wizard:" + "x" * 93: "isn't valid",
        f"wizard:zap:{tid}:{v}:{legal}": "isn't valid",
        f"wizard:act:{tid + 1000}:{v}:{legal}": "no longer open",
        f"wizard:act:{tid}:{v + 1}:{legal}": "isn't valid",
        f"wizard:act:{tid}:{v - 1}:{legal}": "earlier round",
        # Forged in the player's DMs, where no lobby button is ever sent.
        f"wizard:lobby:{tid}:0:start": "only works in the channel",
        f"wizard:lobby:{tid}:0:join": "only works in the channel",
    }
    before = snapshot(table, database_path)
    for cid, needle in cases.items():
        text = await forge(table, player, cid)
        assert needle in text, (cid, text)
    assert snapshot(table, database_path) == before
    assert_valid_discord_payloads(simcord_env)


@pytest.mark.parametrize("kind", ["act", "lobby"])
async def test_a_damaged_button_argument_is_refused_as_invalid(
    simcord_env: Env, database_path: Path, kind: str
) -> None:
    """A button whose argument is no action (a bid code, a lobby action) is damaged, not out of date."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    players = make_players(simcord_env, guild, 3)
    table = await open_lobby(simcord_env, players, channel)
    if kind == "act":
        await players[0].click(table.table_message, label="Start")
        version = table.game.version
        _, player = current(table)
    else:
        version, player = 0, players[1]
    before = snapshot(table, database_path)
    text = await forge(table, player, f"wizard:{kind}:{table.table_id}:{version}:bogus")
    assert snapshot(table, database_path) == before
    assert "isn't valid" in text, text
    assert_valid_discord_payloads(simcord_env)


def playable_faces(game: Game) -> set[int]:
    plays = [decode(code) for code in game.legal_actions()]
    return {action.card.face for action in plays if isinstance(action, Play)}


def holds_unplayable_card(game: Game) -> bool:
    """The current player must follow suit and holds a card they may not play."""
    if game.phase is not Phase.PLAY or not game.current_trick().plays or game.current_player is None:
        return False
    legal_faces = playable_faces(game)
    return any(card.face not in legal_faces for card in game.hand(game.current_player))


async def test_illegal_bids_and_cards_are_refused(simcord_env: Env, database_path: Path) -> None:
    table = await open_table(simcord_env, 3)
    rng = random.Random(5)
    await fast_forward(table, rng, in_round(3, Phase.BID))
    seat, player = current(table)
    cases = {
        BID_BASE + 4: "bids go from 0 to 3",
        BID_BASE + 20: "bids go from 0 to 3",
        TRUMP_BASE: "time to bid",
        200: "200 is not an action",
        table.game.hand(seat)[0].face: "time to bid",
    }
    before = snapshot(table, database_path)
    for code, needle in cases.items():
        text = await forge(table, player, table.act_id(code), in_place=code < 200)
        assert needle in text.lower(), (code, text)
    assert hands_unread(snapshot(table, database_path)) == hands_unread(before)

    await fast_forward(table, rng, holds_unplayable_card)
    game = table.game
    seat, player = current(table)
    hand = game.hand(seat)
    legal_faces = playable_faces(game)
    barred = next(card for card in hand if card.face not in legal_faces)
    missing = next(card for card in map(Card, range(52)) if card not in hand)
    cases = {
        barred.face: f"not {barred}",
        missing.face: f"you don't have {missing}",
        BID_BASE + 1: "time to play a card",
        TRUMP_BASE + 2: "time to play a card",
    }
    before = snapshot(table, database_path)
    for code, needle in cases.items():
        text = await forge(table, player, table.act_id(code), in_place=True)
        assert needle.lower() in text.lower(), (code, text)
        if code == barred.face:
            assert "you must follow" in text.lower(), text
    assert hands_unread(snapshot(table, database_path)) == hands_unread(before)
    # The disabled button of the barred card cannot be clicked at all; its neighbours still work.
    shown = await table.show_hand(player)
    assert shown.response is not None
    disabled = [
        cid for cid in custom_ids(shown.response, enabled_only=False) if cid not in act_ids(shown.response)
    ]
    assert table.act_id(barred.face) in disabled
    assert sorted(act_code(cid) for cid in act_ids(shown.response)) == sorted(game.legal_actions())
    assert_valid_discord_payloads(simcord_env)


async def test_clicks_on_a_finished_or_ended_table_are_refused(simcord_env: Env, database_path: Path) -> None:
    table = await open_table(simcord_env, 3)
    _, player = current(table)
    dm = table.dm_controls(player)
    assert dm is not None
    as_sent = message_payload(simcord_env, dm)
    cid = act_ids(dm)[0]
    asked = await table.players[0].slash(table.channel, "wizard end")
    assert asked.response is not None
    await table.players[0].click(asked.response, label="Yes, end it")
    # The DM lost its controls; a click delivered with the message as it was is still refused.
    assert not act_ids(stored(simcord_env, dm.channel_id, dm.id))
    result = await forge_click(simcord_env, player.user, dm, cid, snapshot=as_sent)
    assert_refused(result, "no longer open")
    # Ending it twice: the second confirmation finds the game over.
    assert_refused(await table.players[0].slash(table.channel, "wizard end"), "no game running")

    # A finished game: the last card is played from Show my hand; the same click once more is refused.
    table = await open_table(simcord_env, 3)
    await fast_forward(
        table, random.Random(6), lambda g: g.round_number == 20 and sum(g.public_view().hand_sizes) == 1
    )
    _, player = current(table)
    shown = await table.show_hand(player)
    assert shown.response is not None
    last = stored(simcord_env, table.channel.id, shown.response.id)
    as_shown = message_payload(simcord_env, last)
    [cid] = act_ids(last)
    await player.click(shown.response, custom_id=cid)
    assert not table.running() and table.bot_table is None
    assert not custom_ids(table.table_message, enabled_only=False), "the finished table kept its buttons"
    result = await forge_click(simcord_env, player, last, cid, snapshot=as_shown)
    assert_refused(result, "no longer open")
    assert_valid_discord_payloads(simcord_env)


async def test_a_moderator_role_without_manage_server_is_refused(
    simcord_env: Env, database_path: Path
) -> None:
    table = await open_table(simcord_env, 3)
    helpers = table.guild.create_role("helpers", permissions=discord.Permissions(manage_messages=True))
    helper = table.guild.add_member(simcord_env.create_user("helper"), roles=[helpers])
    before = snapshot(table, database_path)
    assert_refused(await helper.slash(table.channel, "wizard end"), "only the host", "manage server")
    assert snapshot(table, database_path) == before
    assert_valid_discord_payloads(simcord_env)


async def test_confirming_after_the_game_already_ended_changes_nothing(
    simcord_env: Env, database_path: Path
) -> None:
    table = await open_table(simcord_env, 3)
    host, leaver = table.players[0], table.players[2]
    left = await leaver.slash(table.channel, "wizard leave")
    assert left.response is not None
    asked = await host.slash(table.channel, "wizard end")
    assert asked.response is not None
    await host.click(asked.response, label="Yes, end it")
    assert table.bot_table is None
    before = snapshot(table, database_path)
    late = await leaver.click(left.response, label="Yes, leave")
    assert late.response is not None and late.response.ephemeral
    assert "no longer open" in late.response.content
    assert snapshot(table, database_path) == before
    assert "No results were recorded" in message_text(table.table_message)
    assert_valid_discord_payloads(simcord_env)


async def test_an_expired_confirmation_is_answered(simcord_env: Env, database_path: Path) -> None:
    """ "Yes, end it" pressed after the confirmation's two minutes must still get an answer."""
    table = await open_table(simcord_env, 3)
    host = table.players[0]
    asked = await host.slash(table.channel, "wizard end")
    assert asked.response is not None
    await simcord_env.advance_time(3 * 60)
    before = snapshot(table, database_path)
    late = await host.click(asked.response, label="Yes, end it")
    assert late.acknowledged, "the click on the expired confirmation was left unanswered"
    if table.running():
        assert snapshot(table, database_path) == before
    assert_valid_discord_payloads(simcord_env)
