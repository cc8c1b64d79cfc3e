"""The coach (issue 30): the lobby's switch and the server's default, the Hint button on a member's turn and
what it tells, the line after each round, and a coached game kept out of ratings.

Tables here seat one member and computers (which move at once in the bot under test, ``conftest``), so the
member's turns come one after the other.
"""

from __future__ import annotations

import asyncio
import functools
import random
import re
import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

import pytest
from bot_helpers import (
    TestTable,
    act,
    action_rows,
    assert_refused,
    buttons,
    clickable,
    custom_ids,
    fast_forward,
    finish,
    forge_click,
    hand_messages,
    human_seat,
    killed,
    lobby_id,
    make_players,
    message_text,
    play_member_turn,
    table_in,
    table_row,
)
from discord_payloads import assert_valid_discord_payloads
from simcord import Env, InteractionResult, MemberActor
from simcord.backend.models import Message as StoredMessage

from cogs.server_settings.store import ServerSettings, ServerSettingsStore
from cogs.table import computers, render, session
from cogs.table.announce import Announcer
from cogs.table.components import custom_id as make_custom_id
from cogs.utils.i18n import ENGLISH
from wizard_core import Game, Phase, PlayerView, Rules
from wizard_core.actions import TRUMP_BASE
from wizard_core.ai import deliberate
from wizard_core.ai.advise import BidAdvice, PlayAdvice, TrumpAdvice, advise, would_bid
from wizard_core.cards import Card, Suit, deck

if TYPE_CHECKING:
    from conftest import MakeBot

pytestmark = pytest.mark.simcord(settle_timeout=20)

HINT_ID = re.compile(r"wizard:hint:(?P<table>\d+):(?P<version>\d+):go")


async def coached_table(env: Env, *, members: int = 1, computers_added: int = 2) -> TestTable:
    """A table of ``members`` members and easy computers, the coach turned on by the host in the lobby,
    started."""
    guild = env.create_guild()
    channel = guild.create_text_channel("wizard")
    players = make_players(env, guild, members)
    opened = await players[0].slash(channel, "wizard new")
    assert opened.response is not None
    found = table_in(env, channel.id)
    assert found is not None
    table = TestTable(env, guild, channel, players, found.id, opened.response.id)
    for player in players[1:]:
        await player.click(table.table_message, label="Join")
    for _ in range(computers_added):
        await players[0].click(table.table_message, custom_id=lobby_id(table, "add-easy"))
    switched = await players[0].click(table.table_message, custom_id=lobby_id(table, "coach"))
    assert not switched.ephemeral and switched.response is not None
    assert "🎓 Coach: on" in [b["label"] for b in buttons(switched.response)]
    started = await players[0].click(table.table_message, label="Start")
    assert not started.ephemeral
    return table


def hint_ids(message: StoredMessage) -> list[str]:
    return [cid for cid in custom_ids(message) if HINT_ID.fullmatch(cid)]


def newest_hand(table: TestTable, member: MemberActor) -> StoredMessage:
    return hand_messages(table, member)[-1]


async def ask_hint(table: TestTable, member: MemberActor) -> tuple[InteractionResult, str]:
    """The member presses Hint on their newest hand; the private answer's text."""
    hand = newest_hand(table, member)
    [cid] = hint_ids(hand)
    result = await member.user.click(clickable(table.env, hand), custom_id=cid)
    # The answer is deferred (the advice is worked out in a worker), then it takes the deferral's place.
    assert result.ephemeral and result.response is not None and not result.followups
    return result, message_text(result.response)


async def to_member_turn(table: TestTable, member: MemberActor, phase: Phase, rng: random.Random) -> None:
    """Advance the game (without Discord) to the member's turn in ``phase`` with two choices or more,
    then bring their hand up to date through Show my hand's private look... and their hand message."""
    seat = human_seat(table, member)

    def ready(game: Game) -> bool:
        return game.phase is phase and game.to_act == (seat,) and len(game.legal_actions(seat)) > 1

    if not ready(table.game):
        await fast_forward(table, rng, ready)
    session = table.session
    assert session is not None
    async with session.lock:
        await session.parts.announcer.refresh_hand(session, seat)
    await table.env.settle()


# -- the lobby and the server's default ---------------------------------------------------------------


async def test_the_host_turns_the_coach_on_and_off_and_it_is_stored(
    simcord_env: Env, database_path: Path
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    host, guest = make_players(simcord_env, guild, 2)
    opened = await host.slash(channel, "wizard new")
    assert opened.response is not None
    found = table_in(simcord_env, channel.id)
    assert found is not None and not found.coach
    table = TestTable(simcord_env, guild, channel, [host, guest], found.id, opened.response.id)
    await guest.click(table.table_message, label="Join")
    assert "🎓 Coach: off" in [b["label"] for b in buttons(table.table_message)]

    refused = await guest.click(table.table_message, custom_id=lobby_id(table, "coach"))
    assert_refused(refused, "Only the host")
    assert table_row(database_path, table.table_id)["coach"] == 0

    on = await host.click(table.table_message, custom_id=lobby_id(table, "coach"))
    assert on.response is not None and "Coach on: a practice game" in message_text(on.response)
    assert table_row(database_path, table.table_id)["coach"] == 1
    off = await host.click(table.table_message, custom_id=lobby_id(table, "coach"))
    assert off.response is not None and "practice game" not in message_text(off.response)
    assert table_row(database_path, table.table_id)["coach"] == 0
    assert_valid_discord_payloads(simcord_env)


async def test_a_server_that_chose_the_coach_opens_coached_lobbies_the_host_may_turn_off(
    simcord_env: Env, database_path: Path
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    [member] = make_players(simcord_env, guild, 1)
    settings: ServerSettingsStore = simcord_env.bot.service(ServerSettingsStore)  # type: ignore[attr-defined]
    await settings.set(guild.id, ServerSettings(coach=True))
    opened = await member.slash(channel, "wizard new")
    assert opened.response is not None
    found = table_in(simcord_env, channel.id)
    assert found is not None and found.coach
    assert "🎓 Coach: on" in [b["label"] for b in buttons(opened.response)]
    # The host may still turn it off for this table; the server's default stays.
    table = TestTable(simcord_env, guild, channel, [member], found.id, opened.response.id)
    await member.click(table.table_message, custom_id=lobby_id(table, "coach"))
    assert table_row(database_path, table.table_id)["coach"] == 0
    assert (await settings.get(guild.id)).coach


# -- hints ----------------------------------------------------------------------------------------------


async def test_a_bid_hint_tells_the_hard_computers_bid_and_the_chance_of_each_bid(
    simcord_env: Env, database_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await coached_table(simcord_env)
    [member] = table.players
    await to_member_turn(table, member, Phase.BID, random.Random(3))
    seat = human_seat(table, member)
    game = table.game
    view = game.view(seat)
    assert hint_ids(newest_hand(table, member)) == [
        make_custom_id("hint", table.table_id, game.version, "go")
    ]

    before = table_row(database_path, table.table_id)
    # The advice is worked out once the table's lock is let go: the table's moves do not wait for it.
    session = table.session
    assert session is not None
    driver = session.parts.driver
    locked_while_thinking: list[bool] = []

    async def run(job: functools.partial[object]) -> object:
        locked_while_thinking.append(session.lock.locked())
        return await type(driver).run(driver, job)

    monkeypatch.setattr(driver, "run", run)
    _, text = await ask_hint(table, member)
    assert locked_while_thinking == [False]
    # What the hard computer would bid there, with the seed its own decision in that seat would have.
    seed = computers.decision_seed(game.seed, seat, game.version)
    expected = advise(view, seed)
    assert isinstance(expected, BidAdvice)
    assert expected.pick == would_bid(view, seed)
    assert f"The hard computer would bid **{expected.pick}** in your place." in text
    listed = [int(bid) for bid in re.findall(r"Bid (\d+): made \d+% of the time", text)]
    assert expected.pick in listed and listed == sorted(listed)
    for option in expected.options:
        if option.bid in listed:
            assert f"Bid {option.bid}: made {round(option.chance * 100)}% of the time" in text
    # The table tells everyone watching that the game is practice.
    assert "🎓 Practice game with the coach: not rated." in message_text(table.table_message)
    # Asking changes nothing: the game, its table row and whose turn it is.
    assert table.game.version == game.version and table_row(database_path, table.table_id) == before
    assert_valid_discord_payloads(simcord_env)


async def test_a_card_hint_names_only_cards_of_the_members_own_hand(simcord_env: Env) -> None:
    table = await coached_table(simcord_env)
    [member] = table.players
    rng = random.Random(11)
    # A round with a few cards, so that there is a real choice of card.
    await fast_forward(table, rng, lambda game: game.round_number >= 4)
    await to_member_turn(table, member, Phase.PLAY, rng)
    seat = human_seat(table, member)
    game = table.game
    view = game.view(seat)
    _, text = await ask_hint(table, member)

    expected = advise(view, computers.decision_seed(game.seed, seat, game.version))
    assert isinstance(expected, PlayAdvice)
    own = {render.card_text(card, view.trump, t=ENGLISH) for card in view.hand}
    named = re.findall(r"^• \**(.+?): \d+%", text, re.MULTILINE)
    assert named and set(named) <= own
    # No card the member cannot see is written anywhere in the hint.
    unseen = set(_deck(game)) - set(view.hand) - _played(view)
    for card in unseen:
        label = render.card_text(card, view.trump, t=ENGLISH)
        if all(label not in render.card_text(mine, view.trump, t=ENGLISH) for mine in view.hand):
            assert label not in text, (label, text)
    picked = next(o for o in expected.options if o.action == expected.pick)
    assert f"would play **{render.card_text(picked.card, view.trump, t=ENGLISH)}**" in text
    assert_valid_discord_payloads(simcord_env)


def seed_with_early_trump_choice(seat: int, players: int) -> int:
    """A game seed whose deals turn up a Wizard early in a round that ``seat`` deals (deals depend on the
    seed alone, whatever is played)."""
    for seed in range(1_000):
        game = Game([f"p{i}" for i in range(players)], Rules("classic"), seed=seed)
        while game.round_number <= 6 and game.phase is not Phase.CHOOSE_TRUMP:
            game.apply(game.legal_actions(game.to_act[0])[0], player=game.to_act[0])
        if game.phase is Phase.CHOOSE_TRUMP and game.to_act == (seat,):
            return seed
    raise AssertionError("no such seed")


async def test_a_trump_hint_weighs_each_suit_with_its_best_bid(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed = seed_with_early_trump_choice(0, 3)
    monkeypatch.setattr(session, "secrets", SimpleNamespace(randbits=lambda bits: seed))
    table = await coached_table(simcord_env)
    [member] = table.players
    assert human_seat(table, member) == 0 and table.game.seed == seed
    await to_member_turn(table, member, Phase.CHOOSE_TRUMP, random.Random(5))
    game = table.game
    view = game.view(0)
    assert hint_ids(newest_hand(table, member)) == [
        make_custom_id("hint", table.table_id, game.version, "go")
    ]
    _, text = await ask_hint(table, member)

    decision_seed = computers.decision_seed(game.seed, 0, game.version)
    expected = advise(view, decision_seed)
    assert isinstance(expected, TrumpAdvice) and len(expected.options) == 4
    assert TRUMP_BASE + expected.pick == deliberate(view, "hard", seed=decision_seed).action

    def suit(which: Suit) -> str:
        return f"{which.symbol} {render.suit_name(which, t=ENGLISH)}"

    assert f"would choose **{suit(expected.pick)}** as trump" in text
    for option in expected.options:
        assert f"{suit(option.suit)}: bid {option.bid}, " in text
    assert table.game.version == game.version
    assert_valid_discord_payloads(simcord_env)


def _deck(game: Game) -> list[Card]:
    return deck(game.rules.edition)


def _played(view: PlayerView) -> set[Card]:
    cards = {played.card for trick in view.completed_tricks for played in trick.plays}
    cards |= {played.card for played in view.current_trick.plays}
    if view.turned_up is not None:
        cards.add(view.turned_up)
    return cards


async def test_hints_are_refused_off_turn_and_without_the_coach(simcord_env: Env) -> None:
    table = await coached_table(simcord_env, members=2, computers_added=1)
    game = table.game
    [waiting] = [p for p in table.players if human_seat(table, p) not in game.to_act]
    hand = newest_hand(table, waiting)
    # Not their turn: no Hint on their hand, and a forged one is refused.
    assert hint_ids(hand) == []
    hint_id = make_custom_id("hint", table.table_id, game.version, "go")
    forged = await forge_click(simcord_env, waiting.user, hand, hint_id)
    assert_refused(forged, "Hints are for your turn")
    # A table without the coach refuses any hint, even on the member's turn.
    [acting] = [p for p in table.players if p is not waiting]
    session = table.session
    assert session is not None
    session.table.coach = False
    forged = await forge_click(simcord_env, acting.user, newest_hand(table, acting), hint_id)
    assert_refused(forged, "without the coach")
    assert table.game.version == game.version


# -- after a round, and at the end ----------------------------------------------------------------------


async def test_after_a_round_the_next_hand_compares_the_bid_with_the_hard_computers(simcord_env: Env) -> None:
    table = await coached_table(simcord_env)
    [member] = table.players
    rng = random.Random(5)
    while table.game.round_number == 1:
        await play_member_turn(table, member, rng)
    await simcord_env.settle()
    game = table.game
    seat = human_seat(table, member)
    first = game.round_results[0]
    coach_bid = _hard_bid_in(game, seat, 1)
    took = f"you bid {first.bids[seat]} and took {first.tricks[seat]}"
    line = f"🎓 Round 1: {took}. Hard would have bid {coach_bid}"
    assert line in message_text(newest_hand(table, member))


async def test_a_round_line_cut_short_by_a_crash_comes_with_the_hands_after_the_restart(
    simcord_env: Env, make_bot: MakeBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await coached_table(simcord_env)
    [member] = table.players
    seat = human_seat(table, member)
    rng = random.Random(4)

    def member_ends_a_round(game: Game) -> bool:
        if game.to_act != (seat,) or game.phase is not Phase.PLAY or game.round_number < 2:
            return False
        probe = game.clone()
        probe.apply(game.legal_actions(seat)[0], player=seat)
        return len(probe.round_results) > len(game.round_results)

    await fast_forward(table, rng, member_ends_a_round)
    # The member's last card ends the round; the bot dies as it deals the next one's hands.
    monkeypatch.setattr(Announcer, "deal_out", killed)
    await act(table, rng=rng)
    monkeypatch.undo()
    ended = table.game.round_results[-1]
    line = f"🎓 Round {ended.round_number}: you bid"
    assert not any(line in message_text(hand) for hand in hand_messages(table, member))

    await simcord_env.restart_bot(make_bot())
    await simcord_env.settle()
    game = table.game
    took = f"you bid {ended.bids[seat]} and took {ended.tricks[seat]}"
    coach_bid = _hard_bid_in(game, seat, ended.round_number)
    expected = f"🎓 Round {ended.round_number}: {took}. Hard would have bid {coach_bid}"
    assert expected in message_text(newest_hand(table, member))
    assert game.round_number == ended.round_number + 1


async def test_a_coached_game_is_recorded_as_practice_and_rated_nowhere(
    simcord_env: Env, database_path: Path
) -> None:
    table = await coached_table(simcord_env)
    [member] = table.players
    seat = human_seat(table, member)
    standings = await finish(table, random.Random(8))
    assert "Practice game with the coach: not rated." in message_text(standings)
    # The last round's line is on the member's last hand, with how the round went.
    row = table_row(database_path, table.table_id)
    game = Game.replay(
        ["A", "B", "C"], Rules("classic"), row["seed"], action_rows(database_path, table.table_id)
    )
    last = game.round_results[-1]
    took = f"you bid {last.bids[seat]} and took {last.tricks[seat]}"
    coach_bid = _hard_bid_in(game, seat, last.round_number)
    expected = f"🎓 Round {last.round_number}: {took}. Hard would have bid {coach_bid}"
    assert expected in message_text(newest_hand(table, member))
    with sqlite3.connect(database_path) as conn:
        practice = conn.execute(
            "SELECT practice, COUNT(*) FROM game_results WHERE table_id = ? GROUP BY practice",
            (table.table_id,),
        ).fetchall()
        stats = conn.execute("SELECT COUNT(*) FROM player_stats").fetchone()
        ratings = conn.execute("SELECT COUNT(*) FROM player_ratings").fetchone()
    conn.close()
    assert practice == [(1, 3)]
    assert stats == (0,) and ratings == (0,)
    history = await member.slash(table.channel, "wizard history")
    assert history.response is not None
    assert "practice (coached)" in message_text(history.response)


async def test_play_again_after_a_coached_game_opens_a_coached_lobby(
    simcord_env: Env, database_path: Path
) -> None:
    table = await coached_table(simcord_env)
    [member] = table.players
    standings = await finish(table, random.Random(9))
    opened = await member.click(standings, label="Play again")
    assert opened.response is not None and not opened.ephemeral
    again = table_in(simcord_env, table.channel.id)
    assert again is not None and again.id != table.table_id and again.coach
    assert table_row(database_path, again.id)["coach"] == 1
    assert "🎓 Coach: on" in [b["label"] for b in buttons(opened.response)]


async def test_a_hint_is_the_same_in_a_worker_process_as_in_the_bots_own() -> None:
    game = Game(["Ann", "Ben", "Cy", "Dee"], Rules("classic"), seed=21)
    rng = random.Random(2)
    while game.round_number < 3 or game.phase is not Phase.PLAY or len(game.legal_actions()) < 2:
        game.apply(rng.choice(game.legal_actions(game.to_act[0])), player=game.to_act[0])
    view = game.view(game.to_act[0])
    job = functools.partial(computers.advice, view, game.seed)
    workers = computers.Thinkers(1)
    try:
        in_worker = await workers.run(job)
        assert workers.in_processes
    finally:
        await workers.close()
    assert in_worker == job() == await asyncio.to_thread(job)
    bid = functools.partial(computers.hard_bid_in_round, game.players, game.rules, game.seed, game.log, 0, 2)
    assert bid() == _hard_bid_in(game, 0, 2)


def _hard_bid_in(game: Game, seat: int, round_number: int) -> int | None:
    """What Hard would have bid for ``seat`` in a round: the game rebuilt from ever longer parts of its log
    until the seat's turn to bid (not the bot's way, which plays forward from the round's deal)."""
    for length in range(1, len(game.log) + 1):
        if length < len(game.log) and not isinstance(game.log[length], int):
            continue  # a cut before a deal: the action before it brought the deal with it
        then = Game.replay(game.players, game.rules, game.seed, game.log[:length])
        if then.round_number == round_number and then.phase is Phase.BID and seat in then.to_act:
            view = then.view(seat)
            return would_bid(view, computers.decision_seed(game.seed, seat, view.version))
    return None
