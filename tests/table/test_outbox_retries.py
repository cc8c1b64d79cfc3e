"""News Discord did not take is shown again later (issue 25): a round's new hands refused by a passing
error (503 Service Unavailable here) stay in the outbox and reach the members who missed them at the next
try, without a second copy for those who got theirs; news still refused after the last try, or refused for
good, is given up and counted. Every test runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import random

import db_helpers
import pytest
from bot_helpers import (
    TestTable,
    act,
    hand_messages,
    lobby_id,
    make_players,
    manager,
    message_text,
    open_lobby,
    open_table,
    play,
    random_policy,
    table_row,
)
from discord_payloads import assert_valid_discord_payloads
from simcord import Env

from cogs.table.outbox import RETRY_DELAYS, Outbox

pytestmark = [
    pytest.mark.simcord(check_errors=True),
    pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True),
]


def refuse_posts(env: Env, times: int | None) -> None:
    """Discord answers the next ``times`` message posts (DMs and channel messages alike) with a 503,
    which discord.py does not retry itself (``times=None``: until the test says otherwise)."""
    env.inject_error("POST", "/channels/*/messages", status=503, message="Service Unavailable", times=times)


async def play_to_the_last_move_of_round_1(table: TestTable, rng: random.Random) -> int:
    """Play round 1 up to its last move; returns that move's code (not played)."""
    while True:
        code = random_policy(table.game, rng)
        after = table.game.clone()
        after.apply(code)
        if after.round_number == 2:
            return code
        await act(table, code)


def round_2_hands(table: TestTable) -> list[int]:
    """How many hand messages of round 2 each member has."""
    return [sum("Round 2/" in message_text(m) for m in hand_messages(table, p)) for p in table.players]


def outbox_of(database: db_helpers.Database, table: TestTable) -> list[str]:
    rows = db_helpers.query(database, "SELECT kind FROM outbox WHERE table_id = ?", (table.table_id,))
    return sorted(row["kind"] for row in rows)


def outbox(env: Env, table: TestTable) -> Outbox:
    session = manager(env).find(table.table_id)
    assert session is not None
    return session.parts.outbox


async def test_new_hands_refused_for_now_reach_those_who_missed_them_later(
    simcord_env: Env, database: db_helpers.Database
) -> None:
    table = await open_table(simcord_env, 3)
    rng = random.Random(25)
    last = await play_to_the_last_move_of_round_1(table, rng)
    refuse_posts(simcord_env, times=2)
    await act(table, last)
    assert table.game.round_number == 2
    # Two of the three new hands were refused: the round's news waits in the outbox for another try.
    assert sorted(round_2_hands(table)) == [0, 0, 1]
    assert outbox_of(database, table) == ["deal", "round"]
    assert table.table_id in outbox(simcord_env, table).waiting

    await simcord_env.advance_time(RETRY_DELAYS[0] + 1)
    assert round_2_hands(table) == [1, 1, 1]  # the missing two, and no second copy of the third
    assert outbox_of(database, table) == []
    counted = outbox(simcord_env, table)
    assert counted.retries.value() == 1 and not counted.waiting
    assert counted.undelivered.value(reason="gave up") == 0
    # The round goes on from the hands that came late.
    await act(table, rng=rng, via="dm")
    assert_valid_discord_payloads(simcord_env)


async def test_news_still_refused_after_the_last_try_is_given_up_and_counted(
    simcord_env: Env, database: db_helpers.Database
) -> None:
    table = await open_table(simcord_env, 3)
    rng = random.Random(26)
    last = await play_to_the_last_move_of_round_1(table, rng)
    refuse_posts(simcord_env, times=None)
    await act(table, last)
    counted = outbox(simcord_env, table)
    for delay in RETRY_DELAYS:
        assert outbox_of(database, table) == ["deal", "round"]
        await simcord_env.advance_time(delay + 1)
    assert counted.retries.value() == len(RETRY_DELAYS)
    assert counted.undelivered.value(reason="gave up") == 1
    assert outbox_of(database, table) == [] and not counted.waiting
    # Nothing is tried any more, even once Discord takes messages again.
    simcord_env.backend.faults.clear()
    await simcord_env.advance_time(RETRY_DELAYS[-1] + 1)
    assert counted.retries.value() == len(RETRY_DELAYS)
    assert_valid_discord_payloads(simcord_env)


async def test_a_retry_after_the_game_ended_shows_the_standings_once(
    simcord_env: Env, database: db_helpers.Database
) -> None:
    """The last round's new hands are refused for now; the members play it through Show my hand and the
    game ends, its standings shown. The retry that comes then finds a finished game: it shows nothing
    more (before, it posted the final standings a second time)."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    players = make_players(simcord_env, guild, 3)
    table = await open_lobby(simcord_env, players, channel)
    quick = await players[0].select(table.table_message, ["quick"], custom_id=lobby_id(table, "variants"))
    assert not quick.ephemeral
    assert not (await players[0].click(table.table_message, label="Start")).ephemeral
    rng = random.Random(27)
    last_round = table.game.rounds_total
    while True:
        code = random_policy(table.game, rng)
        after = table.game.clone()
        after.apply(code)
        if after.round_number == last_round:
            break
        await act(table, code)
    # The retry waits until the game is over (five minutes here), so no click of the last round meets it.
    retries = outbox(simcord_env, table)
    retries.delays = (300.0,)
    refuse_posts(simcord_env, times=3)
    await act(table, code)
    assert "deal" in outbox_of(database, table) and table.table_id in retries.waiting
    final = await play(table, rng, via=lambda t, seat: "button")
    assert final is not None and table_row(database, table.table_id)["status"] == "finished"
    assert sum("Game over ·" in message_text(m) for m in table.channel_messages()) == 1
    await simcord_env.advance_time(301)
    assert retries.retries.value() == 1 and not retries.waiting
    over = [m for m in table.channel_messages() if "Game over ·" in message_text(m)]
    assert len(over) == 1
    assert outbox_of(database, table) == []
