"""Computer players in Discord: added in the lobby, playing whole games, the turn clock, and leaving.

The bot under test makes its computers move without a pause and think for 5 ms (``conftest``), so a
member's click returns once every computer after them has moved.
"""

from __future__ import annotations

import random
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from bot_helpers import (
    BUTTON,
    TestTable,
    assert_refused,
    bot_table,
    buttons,
    clickable,
    custom_ids,
    forge_click,
    human_seat,
    lobby_id,
    make_players,
    message_payload,
    message_text,
    play_member_turn,
    play_members_to_the_end,
    result_rows,
    snapshot,
    stored,
    table_in,
)
from discord_payloads import assert_valid_discord_payloads
from simcord import Env, MemberActor
from simcord.backend.models import Message as StoredMessage

# Whole games of computer moves can follow one click; under load they may take longer than SimCord's
# default 5 s to settle. The limit stays below the turn clock's first timer (60 s): SimCord waits in
# real time for a timer that falls due within it.
pytestmark = pytest.mark.simcord(settle_timeout=20)


def seats(database_path: Path, table_id: int) -> list[dict[str, Any]]:
    with sqlite3.connect(database_path) as conn:
        conn.row_factory = sqlite3.Row
        rows = conn.execute("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))
        return [dict(row) for row in rows.fetchall()]


async def lobby_with_computers(
    env: Env, humans: int, levels: list[str], *, start: bool = True, host_leaves: bool = False
) -> TestTable:
    """A table opened by the first of `humans` new members, with computers of `levels` added by the host."""
    guild = env.create_guild()
    channel = guild.create_text_channel("wizard")
    players = make_players(env, guild, humans)
    opened = await players[0].slash(channel, "wizard new")
    assert opened.response is not None and not opened.ephemeral
    for player in players[1:]:
        await player.click(opened.response, label="Join")
    bot_table = table_in(env, channel.id)
    assert bot_table is not None
    table = TestTable(env, guild, channel, list(players), bot_table.id, opened.response.id)
    for level in levels:
        added = await players[0].click(table.table_message, custom_id=lobby_id(table, f"add-{level}"))
        assert not added.ephemeral, added.response.content if added.response else added
    if host_leaves:
        await players[0].click(table.table_message, label="Leave")
    if start:
        started = await players[0].click(table.table_message, label="Start")
        assert not started.ephemeral, started.response.content if started.response else started
    return table


# -- the lobby -------------------------------------------------------------------------------------------


async def test_the_host_adds_and_removes_labelled_computers(simcord_env: Env, database_path: Path) -> None:
    table = await lobby_with_computers(simcord_env, 1, ["easy", "hard"], start=False)
    text = message_text(table.table_message)
    assert "🤖 Ada (Easy)" in text and "🤖 Alan (Hard)" in text
    stored_seats = seats(database_path, table.table_id)
    assert [row["computer"] for row in stored_seats] == [None, "easy", "hard"]
    assert [row["user_id"] < 0 for row in stored_seats] == [False, True, True]
    removed = await table.players[0].click(table.table_message, label="Remove a computer")
    assert not removed.ephemeral
    assert [row["computer"] for row in seats(database_path, table.table_id)] == [None, "easy"]
    assert "Alan" not in message_text(table.table_message)
    assert_valid_discord_payloads(simcord_env)


async def test_only_the_host_adds_computers_and_only_real_levels(
    simcord_env: Env, database_path: Path
) -> None:
    table = await lobby_with_computers(simcord_env, 2, ["medium"], start=False)
    guest = table.players[1]
    before = snapshot(table, database_path)
    refused = await guest.click(table.table_message, custom_id=lobby_id(table, "add-hard"))
    assert_refused(refused, "Only the host")
    refused = await guest.click(table.table_message, label="Remove a computer")
    assert_refused(refused, "Only the host")
    message = stored(simcord_env, table.channel.id, table.message_id)
    forged = await forge_click(simcord_env, table.players[0], message, lobby_id(table, "add-grandmaster"))
    assert_refused(forged, "isn't valid")
    assert snapshot(table, database_path) == before
    assert len(bot_table(table).seats) == 3
    assert_valid_discord_payloads(simcord_env)


async def test_a_full_table_takes_no_more_computers(simcord_env: Env) -> None:
    table = await lobby_with_computers(simcord_env, 1, ["easy"] * 5, start=False)
    assert len(bot_table(table).seats) == 6
    payload = message_payload(simcord_env, stored(simcord_env, table.channel.id, table.message_id))
    adds = [
        c
        for row in payload["components"]
        for c in row["components"]
        if c["type"] == BUTTON and ":add-" in c["custom_id"]
    ]
    assert len(adds) == 3 and all(c["disabled"] is True for c in adds)
    assert_valid_discord_payloads(simcord_env)


# -- whole games ----------------------------------------------------------------------------------------


async def test_one_member_plays_a_whole_game_against_computers(simcord_env: Env, database_path: Path) -> None:
    table = await lobby_with_computers(simcord_env, 1, ["easy", "medium", "hard"])
    member = table.players[0]
    await play_members_to_the_end(table, random.Random(1))
    rows = result_rows(database_path, table.table_id)
    assert len(rows) == 4
    assert [row["computer"] for row in rows] == [0, 1, 1, 1]
    assert rows[0]["user_id"] == member.id
    assert all(row["user_id"] < 0 for row in rows[1:])
    text = message_text(table.channel_messages()[-1])
    assert "Game over" in text and "🤖 Alan (Medium)" in text
    # The leaderboard ranks the member and no computer.
    board = await member.slash(table.channel, "wizard leaderboard")
    assert board.response is not None
    board_text = message_text(board.response)
    assert member.mention in board_text and "1 player" in board_text
    # Computers get no messages: every DM went to the member.
    used = {channel for channel, messages in simcord_env.backend.messages.items() if messages}
    assert used == {table.channel.id, member.user.dm_channel.id}
    assert_valid_discord_payloads(simcord_env)


async def test_computers_play_house_rules_with_a_member(simcord_env: Env, database_path: Path) -> None:
    table = await lobby_with_computers(
        simcord_env, 1, ["easy", "medium", "hard", "easy", "medium"], start=False
    )
    variants = ["hidden-bid", "gizzard-fester", "third-time", "forehead", "saboteur"]
    host = table.players[0]
    chosen = await host.select(table.table_message, variants, custom_id=lobby_id(table, "variants"))
    assert not chosen.ephemeral
    await host.click(table.table_message, label="Start")
    await play_members_to_the_end(table, random.Random(9))
    rows = result_rows(database_path, table.table_id)
    assert len(rows) == 6 and [row["computer"] for row in rows] == [0, 1, 1, 1, 1, 1]
    assert "Game over" in message_text(table.channel_messages()[-1])
    assert_valid_discord_payloads(simcord_env)


async def test_computers_alone_play_a_game_to_the_end(
    simcord_env: Env, database_path: Path, make_bot: Any
) -> None:
    table = await lobby_with_computers(simcord_env, 1, ["easy"] * 5, start=False)
    # The host leaves the table to the computers but stays its host, and starts a computers' game.
    await table.players[0].click(table.table_message, label="Leave")
    await table.players[0].click(table.table_message, custom_id=lobby_id(table, "add-easy"))
    assert all(seat.computer for seat in bot_table(table).seats)
    started = await table.players[0].click(table.table_message, label="Start")
    assert not started.ephemeral
    assert not table.running()
    rows = result_rows(database_path, table.table_id)
    assert len(rows) == 6 and all(row["computer"] == 1 for row in rows)
    assert "Game over" in message_text(table.channel_messages()[-1])
    assert_valid_discord_payloads(simcord_env)


async def test_a_member_who_leaves_is_replaced_by_a_computer(simcord_env: Env, database_path: Path) -> None:
    table = await lobby_with_computers(simcord_env, 3, ["easy"] * 3)
    leaver = table.players[2]
    asked = await leaver.slash(table.channel, "wizard leave")
    assert asked.response is not None and "computer takes your seat" in asked.response.content
    done = await leaver.click(asked.response, label="Yes, leave")
    assert done.response is not None and "a computer plays your seat" in done.response.content
    assert table.running()
    row = seats(database_path, table.table_id)[2]
    assert row["computer"] == "medium" and row["user_id"] < 0
    # The stand-in's name, shortened to the scoreboard's width, its level kept.
    assert re.search(r"🤖 Stand\S*… \(Medium\)", message_text(table.table_message))
    again = await leaver.click(table.table_message, label="Show my hand")
    assert_refused(again, "not playing")
    table.players = table.players[:2]
    await play_members_to_the_end(table, random.Random(2))
    rows = result_rows(database_path, table.table_id)
    assert [row["computer"] for row in rows] == [0, 0, 1, 1, 1, 1]
    assert leaver.id not in {row["user_id"] for row in rows}
    assert_valid_discord_payloads(simcord_env)


async def test_computers_carry_on_after_a_restart(
    simcord_env: Env, database_path: Path, make_bot: Any
) -> None:
    table = await lobby_with_computers(simcord_env, 1, ["hard", "easy", "easy", "easy", "easy"])
    rng = random.Random(3)
    for _ in range(4):
        await play_member_turn(table, table.players[0], rng)
    await simcord_env.restart_bot(make_bot())
    restored = bot_table(table)
    assert [seat.computer for seat in restored.seats] == [None, "hard", "easy", "easy", "easy", "easy"]
    await play_members_to_the_end(table, rng)
    assert [row["computer"] for row in result_rows(database_path, table.table_id)] == [0, 1, 1, 1, 1, 1]


# -- the turn clock -------------------------------------------------------------------------------------


def clock_messages(table: TestTable, player: MemberActor, needle: str) -> list[StoredMessage]:
    return [m for m in table.dm_messages(player) if needle in message_text(m)]


async def until_turn_of(table: TestTable, seat: int, rng: random.Random, limit: int = 400) -> None:
    """The other members play their turns at once (computers move by themselves) until it is `seat`'s turn."""
    for _ in range(limit):
        current = table.game.current_player
        if current == seat:
            return
        assert current is not None
        player = bot_table(table).seats[current]
        assert not player.played_by_computer, "the bot stopped on a computer's turn"
        await play_member_turn(table, next(p for p in table.players if p.id == player.user_id), rng)
    raise AssertionError("the seat's turn never came")


async def test_the_turn_clock_reminds_plays_takes_over_and_gives_back(
    simcord_env: Env, database_path: Path
) -> None:
    table = await lobby_with_computers(simcord_env, 2, ["easy"])
    member = table.players[0]
    seat = human_seat(table, member)
    rng = random.Random(6)
    await until_turn_of(table, seat, rng)
    version = table.game.version
    # Half the default two minutes: a reminder by DM, nothing played.
    await simcord_env.advance_time(61)
    reminders = clock_messages(table, member, "left before a computer plays it")
    assert len(reminders) == 1
    assert table.game.version == version
    # Time is up: a computer plays that turn, the table says so, and the miss is stored.
    await simcord_env.advance_time(60)
    assert table.game.version > version
    assert "ran out of time, so a computer played their turn" in message_text(table.table_message)
    assert seats(database_path, table.table_id)[seat]["missed"] == 1
    assert not bot_table(table).seats[seat].auto
    # The second miss in a row: a computer takes the seat, and the member is told how to take it back.
    await until_turn_of(table, seat, rng)
    await simcord_env.advance_time(121)
    stored_seat = seats(database_path, table.table_id)[seat]
    assert stored_seat["auto"] == 1 and stored_seat["missed"] == 2
    assert "(🤖 away)" in message_text(table.table_message)
    assert "Take my seat back" in [b.get("label") for b in buttons(table.table_message)]
    offers = clock_messages(table, member, "computer is playing your seat")
    assert len(offers) == 1 and "Take my seat back" in [b.get("label") for b in buttons(offers[0])]
    # While away the member gets no controls, and the computer plays the seat's turns without waiting:
    # the game waits for the other member only.
    shown = await member.click(table.table_message, label="Show my hand")
    assert shown.response is not None and not [c for c in custom_ids(shown.response) if ":act:" in c]
    other = human_seat(table, table.players[1])
    for _ in range(12):
        assert table.game.current_player == other
        await play_member_turn(table, table.players[1], rng)
    # One click gives the seat back; the member's next turn waits for them, with their controls.
    back = await member.user.click(clickable(simcord_env, offers[0]), label="Take my seat back")
    assert back.response is not None and "Welcome back" in back.response.content
    stored_seat = seats(database_path, table.table_id)[seat]
    assert stored_seat["auto"] == 0 and stored_seat["missed"] == 0
    assert "Take my seat back" not in [b.get("label") for b in buttons(table.table_message)]
    again = await member.user.click(clickable(simcord_env, offers[0]), label="Take my seat back")
    assert_refused(again, "already yours")
    await until_turn_of(table, seat, rng)
    version = table.game.version
    await simcord_env.advance_time(30)
    assert table.game.version == version and table.dm_controls(member) is not None
    assert_valid_discord_payloads(simcord_env)


async def test_when_everyone_is_away_the_game_waits(simcord_env: Env, database_path: Path) -> None:
    table = await lobby_with_computers(simcord_env, 1, ["easy", "easy"])
    member = table.players[0]
    seat = human_seat(table, member)
    await simcord_env.advance_time(121)
    await simcord_env.advance_time(121)
    assert seats(database_path, table.table_id)[seat]["auto"] == 1
    assert table.running() and table.game.current_player == seat
    version = table.game.version
    assert "the game waits" in message_text(table.table_message)
    await simcord_env.advance_time(600)
    assert table.game.version == version
    offer = clock_messages(table, member, "computer is playing your seat")[-1]
    await member.user.click(clickable(simcord_env, offer), label="Take my seat back")
    assert table.dm_controls(member) is not None
    await play_member_turn(table, member, random.Random(7))
    assert table.game.version > version


async def test_acting_in_time_resets_the_missed_turns(simcord_env: Env, database_path: Path) -> None:
    table = await lobby_with_computers(simcord_env, 1, ["easy", "easy"])
    member = table.players[0]
    seat = human_seat(table, member)
    await simcord_env.advance_time(121)
    assert seats(database_path, table.table_id)[seat]["missed"] == 1
    await play_member_turn(table, member, random.Random(5))
    assert seats(database_path, table.table_id)[seat]["missed"] == 0
    await simcord_env.advance_time(121)
    stored_seat = seats(database_path, table.table_id)[seat]
    assert stored_seat["missed"] == 1 and stored_seat["auto"] == 0
