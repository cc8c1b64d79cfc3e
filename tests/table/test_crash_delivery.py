"""A crash anywhere along the delivery path: after the restart every player sees what they should.

An action is stored before anything is shown; what it obliges the bot to show (a round's summary, new
hands, the final standings) is stored with it and shown again at the next start if a crash cut it short.
The table message and the turn controls are brought up to date after every restart. Here the bot is
"killed" at a point of the delivery path (that step raises, so nothing after it runs; the process is
then replaced by a new bot on the same database) and each player's view is checked after the restart.
Every test runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import db_helpers
import pytest
from bot_helpers import (
    Killed,
    TestTable,
    act,
    fast_forward,
    hand_messages,
    killed,
    make_players,
    manager,
    message_text,
    open_lobby,
    open_table,
    stored_messages,
    table_in,
    table_row,
)
from discord_payloads import assert_valid_discord_payloads
from simcord import Env

from cogs.table import lobby_flow
from cogs.table.announce import Announcer
from wizard_core import Game

if TYPE_CHECKING:
    from conftest import MakeBot

pytestmark = pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True)


def ends(what: Callable[[Game], int | bool]) -> Callable[[Game], bool]:
    """A stop condition: the current player's next action (any of them) changes ``what``."""

    def check(game: Game) -> bool:
        seat = game.to_act[0]
        probe = game.clone()
        probe.apply(game.legal_actions(seat)[0], player=seat)
        return what(probe) != what(game)

    return check


def rounds_scored(game: Game) -> int:
    return len(game.round_results)


def game_over(game: Game) -> bool:
    return game.is_over


async def crash_on_next_action(
    table: TestTable, monkeypatch: pytest.MonkeyPatch, step: str, rng: random.Random
) -> None:
    monkeypatch.setattr(Announcer, step, killed)
    await act(table, rng=rng)
    monkeypatch.undo()


def summaries(table: TestTable) -> list[str]:
    return [message_text(m) for m in table.channel_messages() if "scored" in message_text(m)]


@pytest.mark.parametrize("step", ["redraw_table", "deal_out"])
async def test_a_crash_at_the_end_of_a_round_is_caught_up_after_the_restart(
    simcord_env: Env, make_bot: MakeBot, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    rng = random.Random(5)
    table = await open_table(simcord_env, 3)
    await fast_forward(table, rng, ends(rounds_scored))
    await crash_on_next_action(table, monkeypatch, step, rng)
    ended = table.game.round_results[-1].round_number
    await simcord_env.restart_bot(make_bot())
    await simcord_env.settle()

    # The round's scores are on the table message, and nowhere else in the channel.
    assert sum(f"Round {ended} scored" in text for text in summaries(table)) == 1, summaries(table)
    assert f"Round {ended} scored" in message_text(table.table_message)
    # Every member holds the new round's cards in a DM, and the one to act has controls for it.
    for seat, player in enumerate(table.players):
        hand = table.game.hand(seat)
        last = message_text(hand_messages(table, player)[-1])
        assert all(str(card) in last for card in hand), (player.name, last)
    current = table.game.current_player
    assert current is not None and table.dm_controls(table.players[current]) is not None
    assert f"Round {table.game.round_number}" in message_text(table.table_message)
    assert_valid_discord_payloads(simcord_env)


async def test_a_crash_before_the_final_standings_posts_them_after_the_restart(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(8)
    table = await open_table(simcord_env, 3)
    await fast_forward(table, rng, ends(game_over))
    await crash_on_next_action(table, monkeypatch, "final_standings", rng)
    assert table_row(database, table.table_id)["status"] == "finished"
    assert not any("Game over ·" in message_text(m) for m in table.channel_messages())

    await simcord_env.restart_bot(make_bot())
    await simcord_env.settle()
    assert sum("Game over ·" in message_text(m) for m in table.channel_messages()) == 1
    # A second restart shows nothing twice.
    await simcord_env.restart_bot(make_bot())
    await simcord_env.settle()
    assert sum("Game over ·" in message_text(m) for m in table.channel_messages()) == 1
    assert_valid_discord_payloads(simcord_env)


async def test_a_lobby_stored_but_never_shown_is_posted_after_the_restart(
    simcord_env: Env, make_bot: MakeBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    host, second = make_players(simcord_env, guild, 2)
    monkeypatch.setattr(lobby_flow, "lobby_embed", lambda *args: (_ for _ in ()).throw(Killed("died")))
    await host.slash(channel, "wizard new")
    monkeypatch.undo()
    assert not [m for m in stored_messages(simcord_env, channel.id) if "a new table" in message_text(m)]

    await simcord_env.restart_bot(make_bot())
    await simcord_env.settle()
    lobby = table_in(simcord_env, channel.id)
    assert lobby is not None and lobby.message_id is not None
    shown = [m for m in stored_messages(simcord_env, channel.id) if m.id == lobby.message_id]
    assert shown and "a new table" in message_text(shown[0])
    # The posted lobby works: the second member joins through it.
    table = TestTable(simcord_env, guild, channel, [host], lobby.id, lobby.message_id, "classic")
    joined = await second.click(table.table_message, label="Join")
    assert not joined.ephemeral and len(lobby.seats) == 2


async def test_a_deleted_table_message_is_posted_again_after_the_restart(
    simcord_env: Env, make_bot: MakeBot
) -> None:
    table = await open_table(simcord_env, 3)
    old = table.message_id
    simcord_env.backend.messages[table.channel.id].pop(old)
    await simcord_env.restart_bot(make_bot())
    await simcord_env.settle()
    bot_table = table.bot_table
    assert bot_table is not None and bot_table.message_id not in (None, old)
    table.message_id = bot_table.message_id
    assert "Show my hand" in str([c for c in table.table_message.components])
    await act(table, rng=random.Random(2))
    assert_valid_discord_payloads(simcord_env)


async def test_a_lobby_restored_untouched_keeps_its_message(simcord_env: Env, make_bot: MakeBot) -> None:
    guild = simcord_env.create_guild()
    players = make_players(simcord_env, guild, 3)
    table = await open_lobby(simcord_env, players, guild.create_text_channel("wizard"))
    count = len(table.channel_messages())
    await simcord_env.restart_bot(make_bot())
    await simcord_env.settle()
    assert len(table.channel_messages()) == count
    assert manager(simcord_env).in_channel(table.channel.id) is not None
