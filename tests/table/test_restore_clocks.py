"""Turn clocks after a restart: each turn under way resumes with the time its player had left.

The time a turn ran before the bot stopped counts, the time the bot was down does not, and a turn that had
nearly run out gets a short grace. The bot takes the time of the last move it stored for the moment it
stopped (it cannot have stopped before; it may have run on a while after, which a player then gains): so
these tests start a game in another server the instant they stop the bot, and move every stored time
back to play a long downtime. Every test that stores runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import db_helpers
import pytest
from bot_helpers import TestTable, message_text, open_table, press, table_parts
from discord_payloads import assert_valid_discord_payloads
from simcord import Env

from cogs.server_settings.store import ServerSettings
from cogs.table.clock import GRACE_SECONDS, resumed_left
from cogs.table.model import now
from wizard_core import Phase

if TYPE_CHECKING:
    from conftest import MakeBot

pytestmark = pytest.mark.simcord(check_errors=True)

on_both_backends = pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True)

REMINDER = "left before a computer plays it"
TIMED_OUT = "ran out of time"


def reminders(table: TestTable, seat: int) -> int:
    return sum(REMINDER in message_text(m) for m in table.dm_messages(table.players[seat]))


async def stop_and_restart(
    env: Env, make_bot: MakeBot, database: db_helpers.Database, *, down: float
) -> None:
    """Stop the bot now, just after a game starts in another server (the last move it stores), and start
    it again as if it had been down ``down`` seconds: every stored time moves back by that much."""
    await open_table(env, 3, prefix="elsewhere")
    db_helpers.execute(database, "UPDATE tables SET updated_at = updated_at - ?", (down,))
    db_helpers.execute(database, "UPDATE actions SET at = at - ?", (down,))
    db_helpers.execute(database, "UPDATE checkpoints SET at = at - ?", (down,))
    await env.restart_bot(make_bot())


def test_what_is_left_is_kept_and_an_ending_turn_gets_a_grace() -> None:
    assert resumed_left(30, 120) == 90
    assert resumed_left(0, 120) == 120
    # Under twice the grace (12 s for two minutes), half of what was left is added to the grace.
    assert resumed_left(100, 120) == 12 + 10
    assert resumed_left(115, 120) == 12 + 2.5
    assert resumed_left(120, 120) == resumed_left(500, 120) == 12
    # At least ten seconds, and never more than the turn.
    assert resumed_left(30, 30) == GRACE_SECONDS
    assert resumed_left(0, 5) == 5
    # The order in which turns end is kept.
    lefts = [resumed_left(spent, 120) for spent in range(0, 200, 5)]
    assert lefts == sorted(lefts, reverse=True)


@on_both_backends
async def test_a_turn_with_90_of_120_seconds_left_keeps_them_after_a_long_downtime(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    table = await open_table(simcord_env, 3)
    seat = table.game.current_player
    assert seat is not None
    version = table.game.version
    await simcord_env.advance_time(30)
    await stop_and_restart(simcord_env, make_bot, database, down=3600)

    # Half time comes 30 s after the restart, the end 90 s after it: the hour down did not count.
    await simcord_env.advance_time(29)
    assert reminders(table, seat) == 0
    await simcord_env.advance_time(2)
    assert reminders(table, seat) == 1
    await simcord_env.advance_time(57)
    assert table.game.version == version
    await simcord_env.advance_time(3)
    assert table.game.version > version
    assert TIMED_OUT in message_text(table.table_message)
    assert_valid_discord_payloads(simcord_env)


@on_both_backends
async def test_the_countdown_shown_after_a_restart_is_the_time_left(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    table = await open_table(simcord_env, 3)
    seat = table.game.current_player
    assert seat is not None
    await simcord_env.advance_time(30)
    await stop_and_restart(simcord_env, make_bot, database, down=600)
    deadline = f"<t:{int(now() + 90)}:R>"
    assert deadline in message_text(table.table_message)
    # The member to act gets their controls again, with the same deadline.
    newest = table.dm_messages(table.players[seat])[-1]
    assert deadline in message_text(newest) and table.dm_controls(table.players[seat]) is not None


@on_both_backends
async def test_two_tables_keep_their_different_deadlines(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    early = await open_table(simcord_env, 3, channel_name="early")
    await simcord_env.advance_time(40)
    late = await open_table(simcord_env, 3, channel_name="late")
    await simcord_env.advance_time(10)
    # Early's turn ran 50 s before the stop, late's 10 s.
    await stop_and_restart(simcord_env, make_bot, database, down=900)
    turns = {}
    for table in (early, late):
        seat = table.game.current_player
        assert seat is not None and table.bot_table is not None
        turns[table.table_id] = (seat, table.game.version, table.bot_table.turns[seat].started)
    assert turns[late.table_id][2] - turns[early.table_id][2] == pytest.approx(40)

    await simcord_env.advance_time(11)
    assert reminders(early, turns[early.table_id][0]) == 1
    assert reminders(late, turns[late.table_id][0]) == 0
    await simcord_env.advance_time(60)  # 71 s after the restart: early's turn is over, late's is not
    assert early.game.version > turns[early.table_id][1]
    assert late.game.version == turns[late.table_id][1]
    assert reminders(late, turns[late.table_id][0]) == 1
    await simcord_env.advance_time(40)  # 111 s
    assert late.game.version > turns[late.table_id][1]


@on_both_backends
async def test_a_turn_that_had_nearly_run_out_gets_a_grace(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    table = await open_table(simcord_env, 3)
    seat = table.game.current_player
    assert seat is not None
    version = table.game.version
    await simcord_env.advance_time(115)
    assert reminders(table, seat) == 1 and table.game.version == version
    await stop_and_restart(simcord_env, make_bot, database, down=60)
    # 5 s were left: 12 s of grace and half of those 5 s; the reminder is not sent twice.
    await simcord_env.advance_time(14)
    assert table.game.version == version
    await simcord_env.advance_time(1)
    assert table.game.version > version
    assert reminders(table, seat) == 1


@on_both_backends
async def test_bids_made_at_once_resume_from_when_the_bidding_opened(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    guild = simcord_env.create_guild()
    await table_parts(simcord_env).server_settings.set(
        guild.id, ServerSettings(variants=frozenset({"hidden-bid"}))
    )
    table = await open_table(simcord_env, 3, guild=guild)
    if table.game.phase is Phase.CHOOSE_TRUMP:
        dealer = table.game.dealer
        await press(table, table.players[dealer], table.game.legal_actions(dealer)[0])
    assert table.game.phase is Phase.BID and len(table.game.to_act) == 3
    await simcord_env.advance_time(40)
    first, *others = table.game.to_act
    await press(table, table.players[first], table.game.legal_actions(first)[0])
    await simcord_env.advance_time(10)
    # The two who have not bid had their turns for 50 s, not 10, when the bot stopped.
    await stop_and_restart(simcord_env, make_bot, database, down=300)
    version = table.game.version
    await simcord_env.advance_time(9)
    assert [reminders(table, seat) for seat in others] == [0, 0]
    await simcord_env.advance_time(2)
    assert [reminders(table, seat) for seat in others] == [1, 1]
    await simcord_env.advance_time(57)  # 68 s
    assert table.game.version == version
    await simcord_env.advance_time(3)  # 71 s: both ran out, and a computer bid for each
    assert table.game.phase is Phase.PLAY and table.game.round_number == 1
    assert_valid_discord_payloads(simcord_env)


@on_both_backends
async def test_the_servers_own_turn_timer_times_a_resumed_turn(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    guild = simcord_env.create_guild()
    await table_parts(simcord_env).server_settings.set(guild.id, ServerSettings(turn_timer_seconds=300))
    table = await open_table(simcord_env, 3, guild=guild)
    seat = table.game.current_player
    assert seat is not None
    version = table.game.version
    await simcord_env.advance_time(100)
    await stop_and_restart(simcord_env, make_bot, database, down=120)
    # Five minutes a turn, 100 s of them used: half time 50 s after the restart, the end 200 s after it.
    assert table.bot_table is not None and table.bot_table.turn_seconds == 300
    await simcord_env.advance_time(49)
    assert reminders(table, seat) == 0
    await simcord_env.advance_time(2)
    assert reminders(table, seat) == 1
    await simcord_env.advance_time(147)
    assert table.game.version == version
    await simcord_env.advance_time(3)
    assert table.game.version > version


@on_both_backends
async def test_a_restart_never_takes_time_it_cannot_account_for(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    table = await open_table(simcord_env, 3)
    seat = table.game.current_player
    assert seat is not None
    version = table.game.version
    # Nothing is stored after the turn began: the bot cannot tell how long it ran before it stopped, so
    # the turn starts afresh.
    await simcord_env.advance_time(50)
    await simcord_env.restart_bot(make_bot())
    await simcord_env.advance_time(59)
    assert reminders(table, seat) == 0
    await simcord_env.advance_time(2)
    assert reminders(table, seat) == 1
    await simcord_env.advance_time(58)
    assert table.game.version == version
