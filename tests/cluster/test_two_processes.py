"""Two bot processes sharing one PostgreSQL database, each running some of the shards (issue 16).

``alpha`` runs shard 0 (which receives every DM interaction) and ``beta`` shard 1, whose server holds the
table: beta runs the table, and the DM clicks alpha receives are handed to beta, which answers them.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import TYPE_CHECKING, Any

import db_helpers
import pytest
from bot_helpers import (
    TestTable,
    act,
    action_rows,
    assert_finished_like_core,
    forge_click,
    lobby_id,
    make_players,
    message_text,
    play,
    play_member_turn,
    play_members_to_the_end,
    press,
    replay_from_database,
    result_rows,
    stored,
    table_row,
)
from cluster_helpers import Attached, attach_second, crash, make_silent
from simcord import Env

from bot import WizardBot
from cogs.cluster import service
from cogs.cluster.service import Cluster
from cogs.table.announce import Announcer
from cogs.table.lobby_flow import Lobbies
from cogs.table.model import Table
from cogs.table.registry import OpenTables
from cogs.utils.i18n import ENGLISH
from wizard_core import Game, Rules

if TYPE_CHECKING:
    from conftest import MakeBot


@pytest.fixture
def backend() -> str:
    return "postgresql"


@pytest.fixture
def simcord_bot(make_bot: MakeBot) -> WizardBot:
    return make_bot(shard_count=2, shard_ids=[0], process_name="alpha")


class SharedTable(TestTable):
    """A table whose bot state is read from whichever process runs it."""

    __test__ = False
    bots: tuple[WizardBot, ...] = ()

    @property
    def bot_table(self) -> Table | None:
        for bot in self.bots:
            session = bot.service(OpenTables).find(self.table_id)
            if session is not None:
                return session.table
        return None


async def beta_and_table(env: Env, make_bot: MakeBot, players: int = 6) -> tuple[Attached, SharedTable]:
    """Beta joins; a table of `players` members opens in a server of beta's shard and starts, with the
    Quick Wizard house rule (a whole game in 5 rounds)."""
    beta = await attach_second(env, make_bot(shard_count=2, shard_ids=[1], process_name="beta"))
    guild = env.create_guild("far away", shard_id=1)
    channel = guild.create_text_channel("wizard")
    members = make_players(env, guild, players)
    opened = await members[0].slash(channel, "wizard new")
    assert opened.response is not None and not opened.ephemeral, opened
    found = beta.tables.in_channel(channel.id)
    assert found is not None, "the table is run by the process of its server's shard"
    assert env.bot is not None
    table = SharedTable(env, guild, channel, members, found.table.id, opened.response.id)
    table.bots = (beta.bot, env.bot)  # type: ignore[assignment]
    quick = await members[0].select(table.table_message, ["quick"], custom_id=lobby_id(table, "variants"))
    assert not quick.ephemeral, quick
    for member in members[1:]:
        joined = await member.click(table.table_message, label="Join")
        assert not joined.ephemeral, joined
    started = await members[0].click(table.table_message, label="Start")
    assert not started.ephemeral, started
    assert table.running()
    return beta, table


def served(bot: WizardBot, outcome: str) -> float:
    return bot.service(Cluster).handoffs.value(outcome=outcome)


async def test_a_game_with_clicks_through_both_processes_is_stored_once(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    alpha = simcord_env.bot
    assert isinstance(alpha, WizardBot)
    beta, table = await beta_and_table(simcord_env, make_bot)
    assert table_row(database, table.table_id)["owner"] == "beta"
    rng = random.Random(16)
    # Hand messages arrive as DMs: their clicks reach alpha (shard 0), which hands them to beta. Show my
    # hand is clicked in the server's channel, which beta receives itself.
    final = await play(table, rng, via=lambda t, seat: "dm" if rng.random() < 0.85 else "button")
    assert final is not None
    assert served(alpha, "handed") > 0 and served(beta.bot, "served") == served(alpha, "handed")
    assert served(alpha, "busy") == 0
    assert alpha.service(OpenTables).find(table.table_id) is None, "alpha never ran the table"
    # Every click became exactly one stored action, the game the rules core plays from that log.
    assert_finished_like_core(table, database, final, dm_controls_cleared=False)
    assert len(action_rows(database, table.table_id)) == len(final.log)


async def test_when_a_process_dies_mid_game_the_other_takes_its_table_and_finishes_it(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    alpha = simcord_env.bot
    assert isinstance(alpha, WizardBot)
    beta, table = await beta_and_table(simcord_env, make_bot)
    rng = random.Random(61)
    await play(table, rng, until=lambda game: game.round_number == 2, via=lambda t, seat: "dm")
    before = table.game.clone()
    await crash(simcord_env, beta)
    table.bots = (alpha,)  # what beta held in memory died with it
    stored = replay_from_database(database, table)
    assert stored.log == before.log, "every acknowledged action was stored before the crash"
    # While beta's heartbeat is recent, a click is handed to it, not taken in time, and refused as busy:
    # nothing is applied. (Beta gets no time at all here: SimCord settles no wait with a timeout.)
    monkeypatch.setattr(service, "CLAIM_WAIT_SECONDS", 0)
    seat = before.current_player
    assert seat is not None
    handed = served(alpha, "handed")
    refused = await press(table, table.players[seat], rng.choice(sorted(before.legal_actions())))
    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == ENGLISH("table-refusal-busy")
    assert served(alpha, "handed") == handed + 1 and served(alpha, "busy") == 1
    assert len(action_rows(database, table.table_id)) == len(before.log)
    assert table_row(database, table.table_id)["owner"] == "beta"
    monkeypatch.undo()
    # Once beta has been silent for longer than three heartbeats, alpha takes the table over.
    await make_silent(alpha.db, "beta", 3 * alpha.settings.heartbeat_seconds + 1)
    taken = await alpha.service(Cluster).take_over()
    assert [s.table.id for s in taken] == [table.table_id]
    assert table_row(database, table.table_id)["owner"] == "alpha"
    await simcord_env.settle()
    # The game goes on in alpha from where it stood, through DMs (beta's shard is gone with it).
    assert table.game.log == before.log
    await play(table, rng, until=lambda game: game.round_number == 5, via=lambda t, seat: "dm")
    # Beta comes back under its name: the table stays with alpha, and the server's commands and buttons,
    # which reach beta again, are handed to alpha.
    back = await attach_second(simcord_env, make_bot(shard_count=2, shard_ids=[1], process_name="beta"))
    assert back.tables.find(table.table_id) is None
    ways = iter(["slash", "button", "dm"] * 1000)
    final = await play(table, rng, via=lambda t, seat: next(ways))
    assert final is not None
    assert served(back.bot, "handed") > 0 and served(alpha, "served") >= served(back.bot, "handed")
    assert_finished_like_core(table, database, final, dm_controls_cleared=False)


def command_registrations(env: Env) -> int:
    return sum(1 for request in env.http_requests if request.method == "PUT" and "/commands" in request.path)


async def test_only_the_process_of_shard_0_registers_the_commands(
    simcord_env: Env, make_bot: MakeBot
) -> None:
    alpha = simcord_env.bot
    assert isinstance(alpha, WizardBot) and alpha.registers_commands
    assert command_registrations(simcord_env) == 1
    # Even told to register (WIZARD_SYNC_COMMANDS=1), the process without shard 0 leaves it to alpha.
    beta = await attach_second(
        simcord_env, make_bot(shard_count=2, shard_ids=[1], process_name="beta", force_sync=True)
    )
    assert not beta.bot.registers_commands
    assert command_registrations(simcord_env) == 1
    # Each sharded process is connected through every shard it runs (its /healthz says so).
    assert alpha.gateway_connected() and beta.bot.gateway_connected()
    assert await alpha.health() is None and await beta.bot.health() is None
    shard = beta.bot.get_shard(1)  # type: ignore[attr-defined]
    assert shard is not None
    await shard.disconnect()
    assert not beta.bot.gateway_connected()
    assert await beta.bot.health() == "not connected to the Discord gateway"
    restarted = make_bot(shard_count=2, shard_ids=[0], process_name="alpha", force_sync=True)
    await simcord_env.restart_bot(restarted)
    assert command_registrations(simcord_env) == 2, "the check itself sees a registration"


def computer_moves(bot: WizardBot) -> float:
    actions = bot.service(Lobbies).parts.actions
    return sum(actions.value(kind=kind, by="computer") for kind in ("bid", "play", "choosetrump", "call"))


@pytest.mark.simcord(settle_timeout=20)
async def test_computers_play_in_the_process_that_runs_their_table_and_move_with_it(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    alpha = simcord_env.bot
    assert isinstance(alpha, WizardBot)
    beta = await attach_second(simcord_env, make_bot(shard_count=2, shard_ids=[1], process_name="beta"))
    guild = simcord_env.create_guild("far away", shard_id=1)
    channel = guild.create_text_channel("wizard")
    [member] = make_players(simcord_env, guild, 1)
    opened = await member.slash(channel, "wizard new")
    assert opened.response is not None
    found = beta.tables.in_channel(channel.id)
    assert found is not None
    table = SharedTable(simcord_env, guild, channel, [member], found.table.id, opened.response.id)
    table.bots = (beta.bot, alpha)
    for level in ["easy"] * 5:
        added = await member.click(table.table_message, custom_id=lobby_id(table, f"add-{level}"))
        assert not added.ephemeral, added
    await member.select(table.table_message, ["quick"], custom_id=lobby_id(table, "variants"))
    started = await member.click(table.table_message, label="Start")
    assert not started.ephemeral and table.running()
    rng = random.Random(5)
    # The member's DM clicks reach alpha and are handed to beta; the computers move in beta alone.
    while table.game.round_number < 3:
        await play_member_turn(table, member, rng)
    assert computer_moves(beta.bot) > 0 and computer_moves(alpha) == 0
    await crash(simcord_env, beta)
    table.bots = (alpha,)
    await make_silent(alpha.db, "beta", 3 * alpha.settings.heartbeat_seconds + 1)
    assert [s.table.id for s in await alpha.service(Cluster).take_over()] == [table.table_id]
    await simcord_env.settle()
    # From here the computers move in alpha, and the game ends there.
    final = await play_members_to_the_end(table, rng)
    assert computer_moves(alpha) > 0
    # Every move, the member's and the computers' in both processes, stored once: the stored log is the
    # finished game the rules core replays.
    seats = db_helpers.query(
        database, "SELECT name FROM seats WHERE table_id = ? ORDER BY seat", (table.table_id,)
    )
    row = table_row(database, table.table_id)
    rules = Rules.from_dict(json.loads(row["rules"]))
    stored = Game.replay(
        [seat["name"] for seat in seats], rules, row["seed"], action_rows(database, table.table_id)
    )
    assert stored.is_over and stored.log[: len(final.log)] == final.log
    assert [r["computer"] for r in result_rows(database, table.table_id)] == [0, 1, 1, 1, 1, 1]
    assert table_row(database, table.table_id)["status"] == "finished"


async def test_standings_a_stopped_process_never_showed_are_shown_by_another(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    alpha = simcord_env.bot
    assert isinstance(alpha, WizardBot)
    beta, table = await beta_and_table(simcord_env, make_bot)
    rng = random.Random(9)
    await play(table, rng, until=lambda game: last_action_next(game), via=lambda t, seat: "dm")

    async def died(*args: object, **kwargs: object) -> None:
        raise ConnectionError("beta died here")

    # Beta stores the last card (and the results), then dies before it shows the standings.
    monkeypatch.setattr(Announcer, "final_standings", died)
    await act(table, via="dm", rng=rng)
    monkeypatch.undo()
    await crash(simcord_env, beta)
    assert table_row(database, table.table_id)["status"] == "finished"
    assert not any("Game over ·" in message_text(m) for m in table.channel_messages())
    await make_silent(alpha.db, "beta", 3 * alpha.settings.heartbeat_seconds + 1)
    assert await alpha.service(Cluster).take_over_news() == [table.table_id]
    await simcord_env.settle()
    assert sum("Game over ·" in message_text(m) for m in table.channel_messages()) == 1
    # Shown once: the next heartbeats find nothing left to show.
    assert await alpha.service(Cluster).take_over_news() == []


def alpha_session_hands(bot: WizardBot, table_id: int) -> dict[int, Any]:
    """The hand messages the process ``bot`` knows for a table it runs."""
    session = bot.service(OpenTables).find(table_id)
    assert session is not None
    return dict(session.hands)


def last_action_next(game: Game) -> bool:
    """Whether the next card ends the game."""
    return game.round_number == game.rounds_total and sum(game.public_view().hand_sizes) == 1


# -- a forged id, a clean stop (issue 13, issue 16) -----------------------------------------------------


async def test_a_forged_click_for_another_server_s_table_is_refused_before_it_is_handed_or_taken_over(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    alpha = simcord_env.bot
    assert isinstance(alpha, WizardBot)
    beta, table = await beta_and_table(simcord_env, make_bot)
    # A member of a server of alpha's shard, with a table of their own there (a message to click on).
    home = simcord_env.create_guild("home", shard_id=0)
    channel = home.create_text_channel("wizard")
    [member] = make_players(simcord_env, home, 1, prefix="forger")
    opened = await member.slash(channel, "wizard new")
    assert opened.response is not None
    carrier = stored(simcord_env, channel.id, opened.response.id)
    game = table.game
    forged = table.act_id(sorted(game.legal_actions())[0])
    handoffs_before = served(alpha, "handed")

    async def forge() -> None:
        result = await forge_click(simcord_env, member, carrier, forged)
        assert result.ephemeral and result.response is not None
        assert result.response.content == ENGLISH("table-refusal-elsewhere")

    # Beta alive: refused in alpha, not handed to beta.
    await forge()
    # Beta silent (as if gone): refused all the same, not taken over.
    await make_silent(alpha.db, "beta", 3 * alpha.settings.heartbeat_seconds + 1)
    await forge()
    assert served(alpha, "handed") == handoffs_before and served(beta.bot, "served") == handoffs_before
    assert alpha.service(Cluster).takeovers.value() == 0
    assert table_row(database, table.table_id)["owner"] == "beta"
    assert db_helpers.query(database, "SELECT * FROM handoffs") == []
    assert table.game.log == game.log
    # A control that is never sent by DM, clicked in a DM (where every DM click arrives at alpha): refused
    # there too, not handed over.
    player = table.players[0]
    dm = table.latest_controls(player)
    assert dm is not None
    result = await forge_click(simcord_env, player.user, dm, f"wizard:hand:{table.table_id}:0:show")
    assert result.response is not None and result.response.content == ENGLISH("table-refusal-elsewhere")
    assert served(alpha, "handed") == handoffs_before
    assert table_row(database, table.table_id)["owner"] == "beta"


async def test_a_process_that_stops_cleanly_leaves_the_process_list_only_once_its_clocks_stopped(
    simcord_env: Env, make_bot: MakeBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    beta, table = await beta_and_table(simcord_env, make_bot)
    running = beta.tables.find(table.table_id)
    assert running is not None and running.clock_task is not None, "a turn clock runs"
    at_leaving: list[list[bool]] = []
    execute = beta.bot.db.execute

    async def leaving(sql: str, parameters: Any = ()) -> int:
        if sql.startswith("DELETE FROM processes"):
            at_leaving.append([task.done() or task.cancelling() > 0 for task in running.tasks()])
        return await execute(sql, parameters)

    monkeypatch.setattr(beta.bot.db, "execute", leaving)
    await beta.bot.close()
    # Another process may take the tables once beta has left: by then none of their tasks runs here.
    assert len(at_leaving) == 1 and at_leaving[0] and all(at_leaving[0]), at_leaving


async def test_a_paused_process_writes_nothing_to_a_table_taken_over_meanwhile(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25: a process stopped (SIGSTOP, a frozen VM) right after it stored and answered a move, its
    table taken over and played on by another; when it wakes, what the move still called for (the table
    message edited, a hand, a ping) is not written: before, it put the table message back to its old
    state. Here the pause is beta's heartbeat stopping and its clock moving on, and the work the move
    left is the table message's edit, held back then run on waking."""
    alpha = simcord_env.bot
    assert isinstance(alpha, WizardBot)
    beta, table = await beta_and_table(simcord_env, make_bot)
    rng = random.Random(25)
    await play(table, rng, until=lambda game: game.round_number == 2, via=lambda t, seat: "dm")
    session = beta.tables.find(table.table_id)
    assert session is not None
    delivery = session.parts.delivery
    held_back: list[tuple[Any, ...]] = []
    show_table = delivery.show_table

    async def frozen(*args: Any, **kwargs: Any) -> bool:
        held_back.append(args)  # the process stops here, before it edits the table message
        return True

    monkeypatch.setattr(delivery, "show_table", frozen)
    await act(table, rng=rng, via="dm")
    assert held_back, "the move's table edit was under way when beta stopped"
    stopped_at = table.game.version
    # Beta is frozen: no heartbeat, its clock moves on. Alpha takes the table over and plays on.
    for task in beta.cluster._tasks:
        task.cancel()
    heartbeat = alpha.settings.heartbeat_seconds
    assert beta.cluster._beaten_real is not None
    monotonic, wall = beta.cluster._beaten_real
    beta.cluster._beaten_real = (monotonic - 3 * heartbeat - 1, wall - 3 * heartbeat - 1)
    await make_silent(alpha.db, "beta", 3 * heartbeat + 1)
    assert [s.table.id for s in await alpha.service(Cluster).take_over()] == [table.table_id]
    table.bots = (alpha,)
    await simcord_env.settle()
    for _ in range(3):
        await act(table, rng=rng, via="dm")
    assert table.game.version > stopped_at
    shown = message_text(table.table_message)
    requests = len(simcord_env.http_requests)

    # Beta wakes and goes on with what the move left: nothing reaches Discord.
    for args in held_back:
        await show_table(*args)
    assert message_text(table.table_message) == shown
    assert await delivery.send_channel(session.table, content="stale") is None
    for seat in range(len(session.table.seats)):
        await session.parts.announcer.refresh_hand(session, seat)  # a hand edited, or sent anew
    assert len(simcord_env.http_requests) == requests
    assert message_text(table.table_message) == shown
    # At its next look beta lets the table go for good.
    await beta.cluster._let_go()
    assert session.table.released and not session.is_open


async def test_a_table_taken_over_goes_home_when_its_process_comes_back(
    simcord_env: Env, make_bot: MakeBot, database: db_helpers.Database
) -> None:
    """Issue 29: alpha took beta's table over while beta was down; beta comes back, and at alpha's next
    look the table goes home to beta between two moves: beta runs it (its clock too), alpha lets it go,
    and the game finishes there with every move stored once."""
    alpha = simcord_env.bot
    assert isinstance(alpha, WizardBot)
    beta, table = await beta_and_table(simcord_env, make_bot)
    rng = random.Random(29)
    await play(table, rng, until=lambda game: game.round_number == 2, via=lambda t, seat: "dm")
    await crash(simcord_env, beta)
    table.bots = (alpha,)
    await make_silent(alpha.db, "beta", 3 * alpha.settings.heartbeat_seconds + 1)
    assert [s.table.id for s in await alpha.service(Cluster).take_over()] == [table.table_id]
    await simcord_env.settle()
    await play(table, rng, until=lambda game: game.round_number == 3, via=lambda t, seat: "dm")
    before = table.game.clone()
    shown = message_text(table.table_message)

    hands = {seat: message.id for seat, message in alpha_session_hands(alpha, table.table_id).items()}
    assert hands, "alpha knows the members' hand messages of this round"
    back = await attach_second(simcord_env, make_bot(shard_count=2, shard_ids=[1], process_name="beta"))
    table.bots = (back.bot, alpha)
    # Beta's look for handed interactions every half second (a database read each time) would keep
    # SimCord from settling while beta serves clicks itself; the handed ones reach it by NOTIFY here.
    back.cluster._poll.cancel()
    assert back.tables.find(table.table_id) is None
    assert await alpha.service(Cluster).homecoming.send() == [table.table_id]
    # Beta takes it in as it hears alpha's NOTIFY: heard here at once, whenever the database delivers it.
    back.cluster._notified(f"home\nbeta\n{table.table_id}")
    # The taking in (this call's, or the database's own NOTIFY's if it came first) reads the database
    # over a socket, which SimCord's settling does not wait for: wait for it here.
    await asyncio.gather(*back.cluster._background)
    await simcord_env.settle()
    assert table_row(database, table.table_id)["owner"] == "beta"
    assert alpha.service(OpenTables).find(table.table_id) is None
    home = back.tables.find(table.table_id)
    assert home is not None and home.table.game == before and home.table.game.log == before.log
    # It goes on where it stood: the turns under way are timed there, and nothing was shown again.
    assert set(home.table.turns) == {s for s in before.to_act if not home.table.seats[s].played_by_computer}
    assert message_text(table.table_message) == shown
    # Beta edits the members' hand messages alpha sent, not new ones.
    assert {seat: message.id for seat, message in home.hands.items()} == hands
    assert alpha.service(Cluster).homecoming.sent.value() == 1
    # Nothing more to send: the table is home.
    assert await alpha.service(Cluster).homecoming.send() == []
    # Through the hand messages (clicks that reach alpha, handed to beta): clicks beta receives itself
    # are the two-process game test's.
    final = await play(table, rng, via=lambda t, seat: "dm")
    assert final is not None
    assert_finished_like_core(table, database, final, dm_controls_cleared=False)
    assert len(action_rows(database, table.table_id)) == len(final.log)
