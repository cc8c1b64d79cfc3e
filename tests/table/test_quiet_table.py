"""A quiet table: few messages, few requests, the table in view (issue 18's counts).

A whole default 4-member classic game is played at a human pace (a couple of seconds between clicks,
table edits at most once a second), through the hand messages in the players' DMs, and what the bot sent
is counted from SimCord's record of its HTTP requests: the DMs each player got, the bot's messages in the
channel, and the requests Discord counts against the bot's global limit (all but interaction callbacks
and interaction-token webhooks).
"""

from __future__ import annotations

import asyncio
import random
import re
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, cast
from unittest.mock import ANY

import pytest
from bot_helpers import (
    TestTable,
    act,
    act_code,
    act_ids,
    assert_finished_like_core,
    clickable,
    hand_messages,
    message_text,
    open_table,
    stored,
    table_parts,
)
from discord_payloads import assert_valid_discord_payloads
from simcord import Env
from simcord.types import HttpLogEntry

from cogs.table.announce import Announcer
from cogs.table.clock import WATCHING_SECONDS
from cogs.table.delivery import Delivery
from cogs.table.model import Occupant
from cogs.table.model import Table as BotTable
from cogs.table.registry import OpenTables
from cogs.table.session import TableParts, TableSession
from wizard_core import Game, PublicView, Rules

if TYPE_CHECKING:
    from conftest import MakeBot

pytestmark = pytest.mark.simcord(check_errors=True)

CLICK_PACE = 2.0  # seconds of (simulated) thought between two clicks
UNCOUNTED = re.compile(r"^/(interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+)")
MESSAGE_POST = re.compile(r"^/channels/(\d+)/messages$")


def counted(requests: list[HttpLogEntry]) -> list[HttpLogEntry]:
    """The requests Discord counts against a bot's global limit: all but interaction callbacks and
    interaction-token webhooks."""
    return [r for r in requests if not UNCOUNTED.match(r.path)]


def messages_created(requests: list[HttpLogEntry]) -> Counter[int]:
    """Messages the bot created through the REST API, by channel id."""
    found = Counter[int]()
    for request in requests:
        match = MESSAGE_POST.match(request.path)
        if request.method == "POST" and match:
            found[int(match.group(1))] += 1
    return found


def player_actions(table: TestTable) -> int:
    """The players' moves in the game's log (its chance events left out)."""
    return sum(isinstance(entry, int) for entry in table.game.log)


@pytest.fixture
def simcord_bot(make_bot: MakeBot) -> object:
    # As deployed: one edit of a table message a second at most, nudges after 8 seconds.
    return make_bot(table_edit_interval=1.0, nudge_seconds=8)


# Seconds of (simulated) thought before each click: brisk (nobody is ever nudged), and mixed (anywhere
# from brisk to 20 seconds: most turns past the nudge time; 10 seconds every move was 147 DMs a player and
# 3.06 counted requests a move before nudges went only to members who seem away).
PACES = {
    "brisk": lambda rng: CLICK_PACE,
    "mixed": lambda rng: rng.uniform(0.5, 20.0),
}


@pytest.mark.parametrize("pace", list(PACES))
async def test_a_four_member_game_is_quiet(simcord_env: Env, database_path: Path, pace: str) -> None:
    table = await open_table(simcord_env, 4)
    start = len(simcord_env.http_requests)
    clicks = 0
    thinking = random.Random(pace)

    async def human_pace(t: TestTable) -> None:
        nonlocal clicks
        clicks += 1
        await simcord_env.advance_time(PACES[pace](thinking))

    final = await play_paced(table, random.Random(18), human_pace)
    assert final.is_over and len(final.round_results) == 15
    await simcord_env.advance_time(CLICK_PACE)  # any last edit waiting
    assert_finished_like_core(table, database_path, final)
    during = simcord_env.http_requests[start:]
    actions = sum(isinstance(entry, int) for entry in final.log)
    assert clicks == actions  # every move a member's click
    # At most 35 DMs a player for the whole game: 15 hands and one nudge a round at most, nothing for
    # each turn.
    created = messages_created(simcord_env.http_requests)
    for player in table.players:
        assert created[player.user.dm_channel.id] <= 35, (player.name, created)
        assert len(hand_messages(table, player)) == 15
    # The channel holds the table and the final standings: at most 4 bot messages per game.
    bot_id = simcord_env.bot.user.id  # type: ignore[union-attr]
    public = [m for m in table.channel_messages() if m.author_id == bot_id and not m.is_ephemeral]
    assert len(public) <= 4 and public[0].id == table.message_id
    assert created[table.channel.id] <= 4, created  # created during the game (pings included)
    # At most 1.2 counted requests per move, averaged over the game.
    per_action = len(counted(during)) / actions
    assert per_action <= 1.2, (per_action, Counter(r.method + " " + r.path.split("/")[1] for r in during))
    assert_valid_discord_payloads(simcord_env)


async def test_a_member_who_presses_any_enabled_button_is_never_refused(
    simcord_env: Env, database_path: Path
) -> None:
    """Issue 26: at a member's turn the enabled buttons of their hand are exactly what they may do, so a
    member who presses any of them is never refused (before: about 30 refusals a game). The hand is
    redrawn for their turn through the token of their last click on it, which Discord does not count:
    the quiet table's budget holds (at most 1.5 counted requests a move, 35 DMs a player, 4 messages in
    the channel)."""
    table = await open_table(simcord_env, 4)
    start = len(simcord_env.http_requests)
    rng = random.Random(26)
    pressed = 0
    while True:
        game = table.game
        seat = game.current_player
        assert seat is not None
        player = table.players[seat]
        hand = table.dm_controls(player)
        assert hand is not None, player.name
        enabled = act_ids(hand)
        assert sorted(map(act_code, enabled)) == sorted(game.legal_actions()), (game.version, player.name)
        cid = rng.choice(enabled)
        after = game.clone()
        after.apply(act_code(cid), player=seat)
        result = await player.user.click(clickable(simcord_env, hand), custom_id=cid)
        pressed += 1
        assert not result.ephemeral and result.response is not None
        await simcord_env.advance_time(CLICK_PACE)
        if after.is_over:
            break
        assert table.game.log == after.log, "the press was refused"
    assert len(after.round_results) == 15 and pressed == sum(isinstance(e, int) for e in after.log)
    assert_finished_like_core(table, database_path, after)
    during = simcord_env.http_requests[start:]
    created = messages_created(simcord_env.http_requests)
    for member in table.players:
        assert created[member.user.dm_channel.id] <= 35, (member.name, created)
    assert created[table.channel.id] <= 4, created
    per_action = len(counted(during)) / pressed
    assert per_action <= 1.5, (per_action, Counter(r.method + " " + r.path.split("/")[1] for r in during))
    assert_valid_discord_payloads(simcord_env)


async def play_paced(
    table: TestTable, rng: random.Random, after_each: Callable[[TestTable], Awaitable[None]]
) -> Game:
    """Play a whole game through the hand messages, `after_each` click; returns the finished game."""
    while True:
        game = table.game
        seat = game.current_player
        assert seat is not None
        code = rng.choice(game.legal_actions())
        finished = game.clone()
        finished.apply(code, player=seat)
        await act(table, code, via="dm")
        await after_each(table)
        if finished.is_over:
            return finished


def nudges(table: TestTable, seat: int) -> list[str]:
    """The DMs a player has now that are no hand message (nudges and reminders), as text."""
    player = table.players[seat]
    return [message_text(m) for m in table.dm_messages(player) if not m.embeds]


async def test_a_member_who_seems_away_is_nudged_and_the_nudge_goes_when_they_act(
    simcord_env: Env,
) -> None:
    table = await open_table(simcord_env, 3)
    rng = random.Random(7)
    # The first bidder's turn began with their new hand: that was notification enough.
    first = table.game.current_player
    assert first is not None
    await simcord_env.advance_time(9)
    assert nudges(table, first) == []
    # The first bidder takes a long time: the next one got their hand long ago and seems away.
    await simcord_env.advance_time(WATCHING_SECONDS - 9 + 1)
    await act(table, rng=rng, via="dm")
    seat = table.game.current_player
    assert seat is not None
    await simcord_env.advance_time(7)
    assert nudges(table, seat) == []
    await simcord_env.advance_time(2)
    [nudge] = nudges(table, seat)
    assert "Your turn" in nudge and f"<#{table.channel.id}>" in nudge and "bid (0 to 1)" in nudge
    hand = hand_messages(table, table.players[seat])[-1]
    assert f"/{hand.id})" in nudge  # a link to their hand message
    turn = table.bot_table.turns[seat] if table.bot_table else None
    assert turn is not None and f"<t:{int(turn.started + 120)}:R>" in nudge  # when their time runs out
    await simcord_env.advance_time(20)
    assert len(nudges(table, seat)) == 1
    # Acting deletes it; nobody else was nudged meanwhile.
    await act(table, rng=rng, via="dm")
    assert nudges(table, seat) == []
    assert all(nudges(table, other) == [] for other in range(3) if other != table.game.current_player)
    assert_valid_discord_payloads(simcord_env)


async def test_a_member_is_nudged_once_a_round_at_most(simcord_env: Env) -> None:
    """Round 2, everyone seeming away: a bidder is nudged; their next slow turn in the round is not."""
    table = await open_table(simcord_env, 3)
    rng = random.Random(9)
    while table.game.round_number == 1:
        await act(table, rng=rng)
        await simcord_env.advance_time(1.5)  # the table's coalesced edit, on the simulated clock
    bot = table.bot_table
    assert bot is not None
    for member in bot.seats:
        member.attended_at = 0.0  # as if nobody had moved or been sent anything for long
    await act(table, rng=rng)  # the first bidder, whose new hand told them
    seat = table.game.current_player
    assert seat is not None
    await simcord_env.advance_time(9)
    assert len(nudges(table, seat)) == 1 and bot.seats[seat].nudged_round == 2
    await act(table, rng=rng)
    assert nudges(table, seat) == []
    sent = len(simcord_env.http_requests)
    while table.game.current_player != seat:
        bot.seats[seat].attended_at = 0.0  # still seeming away when their next turn begins
        await act(table, rng=rng)
        await simcord_env.advance_time(1.5)
    assert table.game.round_number == 2
    await simcord_env.advance_time(30)
    assert nudges(table, seat) == []
    dm = f"/channels/{table.players[seat].user.dm_channel.id}/messages"
    assert not [r for r in simcord_env.http_requests[sent:] if r.method == "POST" and r.path == dm]
    assert_valid_discord_payloads(simcord_env)


async def test_the_half_time_reminder_takes_the_nudges_place(simcord_env: Env) -> None:
    table = await open_table(simcord_env, 3)
    rng = random.Random(8)
    await simcord_env.advance_time(WATCHING_SECONDS + 1)  # the next bidder seems away by now
    await act(table, rng=rng, via="dm")
    seat = table.game.current_player
    assert seat is not None
    await simcord_env.advance_time(9)
    assert len(nudges(table, seat)) == 1
    await simcord_env.advance_time(52)  # 61 s: half of the default 120 s turn
    [reminder] = nudges(table, seat)
    assert "⏰ It's still your turn" in reminder
    await act(table, rng=rng, via="dm")
    assert nudges(table, seat) == []
    assert_valid_discord_payloads(simcord_env)


def table_edits(env: Env, table: TestTable, since: int) -> list[HttpLogEntry]:
    path = f"/channels/{table.channel.id}/messages/{table.message_id}"
    return [r for r in env.http_requests[since:] if r.method == "PATCH" and r.path == path]


class RecordingDelivery:
    """Stands in for ``Delivery``: records the versions of the game each table edit shows."""

    def __init__(self) -> None:
        self.shown: list[int] = []

    async def show_table(
        self, session: TableSession, view: PublicView, controls: object, note: object = None
    ) -> bool:
        self.shown.append(view.version)
        await asyncio.sleep(0)  # an edit takes a moment
        return True


async def test_a_burst_of_moves_is_one_table_edit_and_the_last_state_is_shown() -> None:
    """Edits at most once per interval: the first at once, the burst after it as one edit, showing the
    game as it is by then (timed with the real clock, outside SimCord)."""
    delivery = RecordingDelivery()
    announcer = Announcer(cast(Delivery, delivery), interval=0.2)
    table = BotTable(1, 1, 1, 1, Rules(), "playing", [Occupant(i, f"p{i}") for i in range(3)])
    table.game = Game(3, seed=1)
    # The table's session, open all along (a registry that holds it); the announcer uses no other part.
    registry = cast("OpenTables[TableSession]", SimpleNamespace(holds=lambda session: True))
    session = TableSession(table, cast(TableParts, SimpleNamespace()), registry)
    rng = random.Random(1)

    async def move() -> None:
        game = table.running.clone()
        game.apply(rng.choice(game.legal_actions()))
        table.game = game
        await announcer.redraw_table(session)

    await move()
    assert delivery.shown == [table.running.version]  # at once
    for _ in range(3):
        await move()
    assert len(delivery.shown) == 1 and session.redraw is not None
    await asyncio.sleep(0.3)
    assert delivery.shown == [delivery.shown[0], table.running.version]  # one edit, the latest state
    await asyncio.sleep(0.3)
    await move()  # after a quiet while: at once again
    assert delivery.shown[-1] == table.running.version and len(delivery.shown) == 3


async def test_an_unchanged_picture_is_kept_not_uploaded_again(simcord_env: Env) -> None:
    table = await open_table(simcord_env, 3)
    session = table.session
    assert session is not None
    announcer = table_parts(simcord_env).announcer
    await simcord_env.advance_time(2)
    since = len(simcord_env.http_requests)
    async with session.lock:
        await announcer.redraw_table(session)  # uploads the picture (the start's was an answer)
    await simcord_env.advance_time(2)
    async with session.lock:
        await announcer.redraw_table(session)  # the same picture: kept
    first, second = table_edits(simcord_env, table, since)
    assert first.json is not None and second.json is not None
    assert first.json["attachments"] == [{"id": 0, "filename": "table.png", "description": ANY}]
    message = stored(simcord_env, table.channel.id, table.message_id)
    [uploaded] = message.attachments
    [kept] = second.json["attachments"]
    # The uploaded file kept by its id: nothing uploaded again.
    assert str(kept["id"]) == str(uploaded["id"]) != "0"
    assert [a["id"] for a in stored(simcord_env, table.channel.id, table.message_id).attachments] == [
        uploaded["id"]
    ]
    assert message.embeds[0]["image"]["url"] == "attachment://table.png"
    assert_valid_discord_payloads(simcord_env)


async def test_wizard_table_brings_the_table_back_below_the_chat(simcord_env: Env) -> None:
    table = await open_table(simcord_env, 3)
    rng = random.Random(10)
    await act(table, rng=rng, via="dm")
    old_id = table.message_id
    for line in ("hello", "anyone?", "gg"):
        await table.players[2].send(table.channel, line)
    moved = await table.players[1].slash(table.channel, "wizard table")
    assert moved.response is not None and not moved.ephemeral
    assert table.bot_table is not None and table.bot_table.message_id == moved.response.id
    table.message_id = moved.response.id
    assert table.channel_messages()[-1].id == moved.response.id
    assert "to bid" in message_text(table.table_message)
    old = stored(simcord_env, table.channel.id, old_id)
    assert "moved to the bottom" in message_text(old) and not old.embeds
    # The old message's Show my hand still answers, and the game goes on on the new message.
    shown = await table.players[0].click(clickable(simcord_env, old), label="Show my hand")
    assert shown.ephemeral and shown.response is not None and act_ids(shown.response)
    await act(table, rng=rng, via="dm")
    seat = table.game.current_player
    assert seat is not None
    assert f"► **{table.players[seat].user.name}** to bid" in message_text(table.table_message)
    assert "moved to the bottom" in message_text(stored(simcord_env, table.channel.id, old_id))
    assert_valid_discord_payloads(simcord_env)
