"""House rules in Discord: chosen in the lobby or as server defaults, and each variant's interface.

Games are driven through the members' real controls (DM buttons, Show my hand); `fast_forward` skips
ahead through the rules core where a test only needs a later state.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from bot_helpers import (
    TestTable,
    act_code,
    act_ids,
    assert_no_hand_leaks,
    assert_refused,
    assert_refused_in_place,
    buttons,
    fast_forward,
    forge_click,
    hands_unread,
    lobby_id,
    make_players,
    message_payload,
    message_text,
    payload_act_ids,
    press,
    snapshot,
    table_in,
    table_parts,
    table_row,
)
from discord_payloads import assert_valid_discord_payloads
from simcord import Env, MemberActor, ResponseMessage

from cogs.server_settings.store import ServerSettings
from wizard_core import CALL_GIZZARD, PLAY_HIDDEN, Game, Phase, PlayedCard, Rules
from wizard_core.cards import WIZARD_FACE

pytestmark = pytest.mark.simcord(settle_timeout=20)


async def open_lobby_with(env: Env, count: int, variants: list[str], edition: str = "classic") -> TestTable:
    """A lobby of `count` new members whose host picked `variants` in the lobby's menu."""
    guild = env.create_guild()
    channel = guild.create_text_channel("wizard")
    players = make_players(env, guild, count)
    opened = await players[0].slash(channel, "wizard new", edition=edition)
    assert opened.response is not None and not opened.ephemeral
    for player in players[1:]:
        await player.click(opened.response, label="Join")
    bot_table = table_in(env, channel.id)
    assert bot_table is not None
    table = TestTable(env, guild, channel, list(players), bot_table.id, opened.response.id, edition)
    if variants:
        chosen = await players[0].select(table.table_message, variants, custom_id=lobby_id(table, "variants"))
        assert not chosen.ephemeral, chosen.response.content if chosen.response else chosen
    return table


async def start(table: TestTable) -> None:
    started = await table.players[0].click(table.table_message, label="Start")
    assert not started.ephemeral, started.response.content if started.response else started
    assert table.running()
    await choose_trump_if_asked(table)


async def choose_trump_if_asked(table: TestTable) -> None:
    """When a Wizard was turned up, the dealer picks trump first (clubs), through their controls."""
    if table.game.phase is Phase.CHOOSE_TRUMP:
        dealer = table.players[table.game.to_act[0]]
        result = await press(table, dealer, min(table.game.legal_actions()))
        assert not result.ephemeral


def offered(table: TestTable, player: MemberActor) -> list[int]:
    message = table.latest_controls(player)
    return [] if message is None else sorted(act_code(c) for c in act_ids(message))


def table_text(table: TestTable) -> str:
    return message_text(table.table_message)


async def finish_round(table: TestTable, rng: random.Random) -> None:
    """Members play on through their controls until the round in play is over."""
    round_number = table.game.round_number
    while table.running() and table.game.round_number == round_number:
        game = table.game
        seat = game.to_act[0]
        player = table.players[seat]
        result = await press(table, player, rng.choice(game.legal_actions(seat)))
        assert not result.ephemeral, result.response.content if result.response else result


# -- choosing the rules ---------------------------------------------------------------------------------


async def test_the_host_chooses_presets_and_variants_in_the_lobby(
    simcord_env: Env, database_path: Path, make_bot: Any
) -> None:
    table = await open_lobby_with(simcord_env, 3, [])
    host, guest = table.players[0], table.players[1]
    chosen = await host.select(table.table_message, ["german"], custom_id=lobby_id(table, "preset"))
    assert not chosen.ephemeral
    assert "Bids may not add up" in table_text(table)
    assert json_rules(database_path, table) == {"edition": "classic", "variants": ["no-even-bids"]}
    await host.select(table.table_message, ["camelot"], custom_id=lobby_id(table, "edition"))
    await host.select(
        table.table_message, ["hidden-bid", "gizzard-fester"], custom_id=lobby_id(table, "variants")
    )
    text = table_text(table)
    assert "Camelot" in text and "Hidden Bid" in text and "Smyrna Style" in text
    # A guest may not choose; R-9 pairs are refused naming both options; nothing changes either way.
    before = snapshot(table, database_path)
    refused = await guest.select(table.table_message, ["quick"], custom_id=lobby_id(table, "variants"))
    assert_refused(refused, "Only the host")
    refused = await host.select(
        table.table_message, ["canadian", "hidden-bid"], custom_id=lobby_id(table, "variants")
    )
    assert_refused(refused, "Canadian Rule", "Hidden Bid")
    refused = await host.select(
        table.table_message, ["maximus", "nannie"], custom_id=lobby_id(table, "variants")
    )
    assert_refused(refused, "Wizard Maximus", "Nannie's Rule")
    assert snapshot(table, database_path) == before
    # The choice survives a restart, and the game plays it.
    await simcord_env.restart_bot(make_bot())
    await start(table)
    assert table.game.rules == Rules("camelot", frozenset({"hidden-bid", "gizzard-fester"}))
    assert_valid_discord_payloads(simcord_env)


def json_rules(database_path: Path, table: TestTable) -> Any:
    import json

    return json.loads(table_row(database_path, table.table_id)["rules"])


async def test_a_new_table_starts_from_the_server_defaults(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    (host,) = make_players(simcord_env, guild, 1)
    defaults = ServerSettings(edition="camelot", variants=frozenset({"saboteur"}), turn_timer_seconds=300)
    await table_parts(simcord_env).server_settings.set(guild.id, defaults)
    opened = await host.slash(channel, "wizard new")
    assert opened.response is not None
    assert "Wizard Saboteur" in message_text(opened.response)
    bot_table = table_in(simcord_env, channel.id)
    assert bot_table is not None and bot_table.rules == Rules("camelot", frozenset({"saboteur"}))


async def test_forehead_needs_a_one_card_round_at_start(simcord_env: Env, database_path: Path) -> None:
    table = await open_lobby_with(simcord_env, 3, ["forehead", "quick"])
    refused = await table.players[0].click(table.table_message, label="Start")
    assert_refused(refused, "Forehead", "Quick play")
    assert not table.running()


# -- bidding at once ------------------------------------------------------------------------------------


async def test_hidden_bids_are_made_in_any_order_and_revealed_together(simcord_env: Env) -> None:
    table = await open_lobby_with(simcord_env, 3, ["hidden-bid"])
    await start(table)
    game = table.game
    assert set(game.to_act) == {0, 1, 2}
    # Everyone has bid controls at once; they bid in reverse seat order, each on their first message.
    for seat in (2, 1, 0):
        player = table.players[seat]
        assert offered(table, player) == sorted(game.legal_actions(seat))
    bids = {2: 1, 1: 0, 0: 1}
    for seat in (2, 1):
        result = await press(table, table.players[seat], 64 + bids[seat])
        assert not result.ephemeral
        text = table_text(table)
        assert "🔒" in text, text
        # Nobody sees another player's bid yet: the public view hides it, and so do their DMs.
        assert table.game.public_view().bids == (None, None, None)
    assert offered(table, table.players[0]), "the last bidder's controls went stale"
    await press(table, table.players[0], 64 + bids[0])
    assert table.game.phase is Phase.PLAY
    assert table.game.public_view().bids == (1, 0, 1)
    assert "🔒" not in table_text(table)
    assert_no_hand_leaks(table)
    assert_valid_discord_payloads(simcord_env)


async def test_bids_made_at_once_survive_a_restart(simcord_env: Env, make_bot: Any) -> None:
    table = await open_lobby_with(simcord_env, 3, ["hidden-bid"])
    await start(table)
    await press(table, table.players[2], 64)
    await simcord_env.restart_bot(make_bot())
    assert table.game.public_view().has_bid == (False, False, True)
    # The controls sent before the restart still work for the two who have not bid.
    for seat in (0, 1):
        result = await press(table, table.players[seat], 64)
        assert not result.ephemeral, result.response.content if result.response else result
    assert table.game.phase is Phase.PLAY


async def test_a_second_bid_is_refused(simcord_env: Env, database_path: Path) -> None:
    table = await open_lobby_with(simcord_env, 3, ["hidden-bid"])
    await start(table)
    player = table.players[1]
    message = table.latest_controls(player)
    assert message is not None
    as_dealt = message_payload(simcord_env, message)
    await press(table, player, 64)
    # After their bid the hand message offers their cards, no bid any more.
    shown = await show(table, player)
    assert shown is not None and all(act_code(cid) < 64 for cid in act_ids(shown))
    before = snapshot(table, database_path)
    cid = next(c for c in payload_act_ids(as_dealt) if act_code(c) == 65)
    forged = await forge_click(simcord_env, player.user, message, cid, snapshot=as_dealt)
    # Refused as drawn before the member's own bid (the rules core would refuse it too: already bid), by
    # the hand message itself, redrawn with their cards.
    assert_refused_in_place(forged, message.id, "made a move since this hand was drawn")
    assert hands_unread(snapshot(table, database_path)) == hands_unread(before)


async def test_hands_in_counts_three_two_one(simcord_env: Env) -> None:
    table = await open_lobby_with(simcord_env, 3, ["hands-in"])
    await start(table)
    for seat in (1, 0, 2):
        await press(table, table.players[seat], 64)
    # The bids are shown together on the table message, no message of their own.
    others = [m for m in table.channel_messages() if m.id != table.message_id]
    assert not [m for m in others if "Hands in" in message_text(m)]
    shown = message_text(table.table_message)
    assert re.search(r"Hands in.*bids: .*\*\*0\*\*.*\*\*0\*\*.*\*\*0\*\*", shown), shown


async def test_delayed_reveal_keeps_bids_secret_until_the_round_ends(simcord_env: Env) -> None:
    table = await open_lobby_with(simcord_env, 3, ["delayed-reveal"])
    await start(table)
    rng = random.Random(3)
    await fast_forward(table, rng, lambda g: g.round_number == 2)
    if table.game.phase is Phase.CHOOSE_TRUMP:
        await finish_bidding(table, rng, steps=1)
    for seat in (0, 1, 2):
        shown = await show(table, table.players[seat])
        assert shown is not None
        code = sorted(act_code(c) for c in act_ids(shown))[0]
        await table.players[seat].click(shown, custom_id=table.act_id(code, shown_version(shown)))
    assert table.game.phase is Phase.PLAY
    assert table.game.public_view().bids == (None, None, None)
    assert "🔒" in table_text(table)
    await finish_round_via_buttons(table, rng)
    # The round's summary reveals the bids.
    assert table.game.round_results[-1].bids == (0, 0, 0)
    summary = next(m for m in reversed(table.channel_messages()) if "Round 2" in message_text(m))
    assert "🔒" not in message_text(summary)


def shown_version(shown: ResponseMessage) -> int:
    cid = act_ids(shown)[0]
    return int(cid.split(":")[3])


async def show(table: TestTable, player: MemberActor) -> ResponseMessage:
    """Show my hand, answered privately; returns the private message."""
    result = await table.show_hand(player)
    assert result.response is not None
    return result.response


def last_play(game: Game, seat: int) -> PlayedCard:
    view = game.public_view()
    trick = view.current_trick if view.current_trick.plays else view.completed_tricks[-1]
    return [p for p in trick.plays if p.player == seat][-1]


async def finish_round_via_buttons(table: TestTable, rng: random.Random) -> None:
    round_number = table.game.round_number
    while table.running() and table.game.round_number == round_number:
        game = table.game
        seat = game.to_act[0]
        shown = await show(table, table.players[seat])
        assert shown is not None
        codes = sorted(act_code(c) for c in act_ids(shown))
        assert codes == sorted(game.legal_actions(seat))
        result = await table.players[seat].click(
            shown, custom_id=table.act_id(rng.choice(codes), shown_version(shown))
        )
        assert not result.ephemeral


# -- hidden cards ---------------------------------------------------------------------------------------


async def test_third_time_bids_blind_then_shows_the_hands(simcord_env: Env) -> None:
    table = await open_lobby_with(simcord_env, 3, ["third-time"])
    await start(table)
    rng = random.Random(4)
    await fast_forward(table, rng, lambda g: g.round_number == 3)
    game = table.game
    for seat in range(3):
        view = game.view(seat)
        assert view.hand_hidden and view.hand == ()
        shown = await show(table, table.players[seat])
        text = message_text(shown)
        for card in game.hand(seat):
            if card.suit is not None:
                assert str(card) not in text, (card, text)
    await finish_bidding(table, rng)
    assert not table.game.view(0).hand_hidden
    # Once the bids are in, every member is sent their hand.
    for seat in range(3):
        newest = table.dm_messages(table.players[seat])[-1]
        text = message_text(newest)
        assert any(str(c) in text for c in table.game.hand(seat) if c.suit is not None) or not [
            c for c in table.game.hand(seat) if c.suit is not None
        ]


async def finish_bidding(table: TestTable, rng: random.Random, steps: int = 100) -> None:
    for _ in range(steps):
        if table.game.phase not in (Phase.BID, Phase.CHOOSE_TRUMP):
            return
        seat = table.game.to_act[0]
        shown = await show(table, table.players[seat])
        codes = sorted(act_code(c) for c in act_ids(shown))
        await table.players[seat].click(
            shown, custom_id=table.act_id(rng.choice(codes), shown_version(shown))
        )


async def test_forehead_shows_every_card_but_your_own(simcord_env: Env) -> None:
    table = await open_lobby_with(simcord_env, 3, ["forehead"])
    await start(table)
    game = table.game
    assert game.cards_per_player == 1
    for seat in range(3):
        shown = await show(table, table.players[seat])
        text = message_text(shown)
        own = game.hand(seat)[0]
        others = [game.hand(other)[0] for other in range(3) if other != seat]
        for card in others:
            assert str(card) in text, (card, text)
        if own.suit is not None and all(str(own) != str(o) for o in others):
            assert str(own) not in text
    await finish_bidding(table, random.Random(5))
    seat = table.game.to_act[0]
    shown = await show(table, table.players[seat])
    assert [act_code(c) for c in act_ids(shown)] == [PLAY_HIDDEN]
    assert "Play my hidden card" in [b.get("label") for b in buttons(shown)]


# -- Gizzard and Fester ---------------------------------------------------------------------------------


def holding(game: Game, seat: int, face: int) -> bool:
    return any(card.face == face for card in game.hand(seat))


async def reach_turn_with(table: TestTable, face: int, rng: random.Random) -> int:
    """Skip ahead (through the core) to a member's turn to play while they hold a card of `face`."""
    for _ in range(40):
        await fast_forward(
            table,
            rng,
            lambda g: g.phase is Phase.PLAY and g.round_number > 1 and holding(g, g.to_act[0], face),
        )
        if table.running():
            return table.game.to_act[0]
    raise AssertionError("no such turn came")


async def test_a_made_and_a_forgotten_gizzard_call(simcord_env: Env) -> None:
    face, call, flipped = WIZARD_FACE, CALL_GIZZARD, "as Jester"
    table = await open_lobby_with(simcord_env, 3, ["gizzard-fester"])
    await start(table)
    rng = random.Random(6)
    seat = await reach_turn_with(table, face, rng)
    player = table.players[seat]
    shown = await show(table, player)
    codes = [act_code(c) for c in act_ids(shown)]
    assert call in codes
    # The call is its own button: pressing it plays nothing, and the card then counts as itself.
    version = shown_version(shown)
    called = await player.click(shown, custom_id=table.act_id(call, version))
    assert not called.ephemeral
    assert table.game.armed_call == "gizzard"
    assert "Gizzard" in table_text(table)
    shown = await show(table, player)
    await player.click(shown, custom_id=table.act_id(face, shown_version(shown)))
    played = last_play(table.game, seat)
    assert not played.flipped
    # Next time the Wizard goes down without the call, and it flips.
    seat = await reach_turn_with(table, face, rng)
    player = table.players[seat]
    shown = await show(table, player)
    await player.click(shown, custom_id=table.act_id(face, shown_version(shown)))
    played = last_play(table.game, seat)
    assert played.flipped and flipped in str(played)
    assert flipped in table_text(table)
    assert_valid_discord_payloads(simcord_env)


# -- the dealer's game and eliminations ------------------------------------------------------------------


async def test_the_saboteur_dealer_does_not_bid_and_scores_twenty(simcord_env: Env) -> None:
    table = await open_lobby_with(simcord_env, 3, ["saboteur"])
    await start(table)
    dealer = table.game.dealer
    rng = random.Random(7)
    bidders = []
    while table.game.phase in (Phase.CHOOSE_TRUMP, Phase.BID):
        if table.game.phase is Phase.BID:
            bidders.append(table.game.to_act[0])
        await finish_bidding(table, rng, steps=1)
    assert dealer not in bidders and len(bidders) == 2
    await finish_round_via_buttons(table, rng)
    result = table.game.round_results[0]
    assert result.bids[dealer] is None and result.points[dealer] == 20
    summary = next(m for m in table.channel_messages() if "Round 1" in message_text(m))
    assert "20" in message_text(summary)


def last_card_of(round_number: int) -> Callable[[Game], bool]:
    """Whether a game stands before the last card of the given round."""

    def check(game: Game) -> bool:
        return game.round_number == round_number and sum(game.public_view().hand_sizes) == 1

    return check


async def test_nannie_eliminates_the_lowest_and_the_game_goes_on(simcord_env: Env) -> None:
    table = await open_lobby_with(simcord_env, 4, ["nannie"])
    await start(table)
    rng = random.Random(8)
    ties = 0
    # After every second round the single lowest total is out; a tie for lowest waits for the next.
    for checkpoint in (2, 4, 6, 8):
        await fast_forward(table, rng, last_card_of(checkpoint))
        await finish_round_via_buttons(table, rng)
        result = table.game.round_results[-1]
        if result.eliminated:
            break
        low = min(result.totals)
        assert list(result.totals).count(low) > 1
        ties += 1
    (out,) = result.eliminated
    assert result.totals[out] < min(t for seat, t in enumerate(result.totals) if seat != out)
    assert not table.game.active[out] and out not in table.game.to_act
    shown = await show(table, table.players[out])
    assert not [c for c in act_ids(shown) if ":act:" in c]
    assert "out" in table_text(table)
    summary = next(m for m in reversed(table.channel_messages()) if "Eliminated" in message_text(m))
    assert table.players[out].name in message_text(summary)
    assert table.running() and ties < 4
