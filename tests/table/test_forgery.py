"""Clicks carrying another server's table id: refused before anything changes, whatever the clicker's rights.

A component's custom_id names its table, and a tampered client can send any id. A member who manages
their own server (Manage Server there) forges every kind of table control with the id of a table in a
server they are not in; the bot must compare the table's server and channel with the click's, not only
the clicker's permissions where they click.
"""

from __future__ import annotations

import random
from pathlib import Path

import db_helpers
import discord
import pytest
from bot_helpers import (
    assert_refused,
    finish,
    forge_click,
    make_players,
    manager,
    open_lobby,
    open_table,
    snapshot,
    stored,
)
from discord_payloads import assert_valid_discord_payloads
from simcord import Env, MemberActor
from simcord.backend.models import Message as StoredMessage

from cogs.table.components import custom_id
from cogs.utils.i18n import ENGLISH

pytestmark = pytest.mark.simcord(check_errors=True)


async def mallory_with_a_carrier(env: Env) -> tuple[MemberActor, StoredMessage]:
    """Mallory, who manages a server of her own, and a lobby message of hers there to click on."""
    elsewhere = env.create_guild()
    admins = elsewhere.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    mallory = elsewhere.add_member(env.create_user("mallory"), roles=[admins])
    own = await mallory.slash(elsewhere.create_text_channel("games"), "wizard new")
    assert own.response is not None
    return mallory, stored(env, own.response.channel_id, own.response.id)


async def test_forged_controls_from_another_server_change_nothing(
    simcord_env: Env, database_path: Path
) -> None:
    running = await open_table(simcord_env, 3)
    lobby_channel = running.guild.create_text_channel("lobby")
    latecomers = make_players(simcord_env, running.guild, 3, "late")
    waiting = await open_lobby(simcord_env, latecomers, lobby_channel)

    mallory, carrier = await mallory_with_a_carrier(simcord_env)

    game = running.game
    forged = [
        custom_id("end", running.table_id, 0, "yes"),
        custom_id("leave", running.table_id, 0, "yes"),
        custom_id("hand", running.table_id, 0, "show"),
        custom_id("seat", running.table_id, 0, "back"),
        custom_id("act", running.table_id, game.version, game.legal_actions()[0]),
        *(
            custom_id("lobby", waiting.table_id, 0, action)
            for action in ("join", "leave", "start", "cancel", "add-easy", "rmcpu")
        ),
    ]
    before = [snapshot(running, database_path), snapshot(waiting, database_path)]
    for cid in forged:
        result = await forge_click(simcord_env, mallory, carrier, cid)
        assert assert_refused(result) == ENGLISH("table-refusal-elsewhere"), cid
    assert [snapshot(running, database_path), snapshot(waiting, database_path)] == before
    assert running.bot_table is not None and waiting.bot_table is not None
    assert mallory.id not in {seat.user_id for seat in waiting.bot_table.seats}
    assert_valid_discord_payloads(simcord_env)


@pytest.mark.parametrize(
    ("menu", "values"),
    [("edition", ["camelot"]), ("preset", ["german"]), ("variants", ["canadian"])],
)
async def test_forged_lobby_menus_from_another_server_change_nothing(
    simcord_env: Env, database_path: Path, menu: str, values: list[str]
) -> None:
    """The host's rules menus, forged with a choice they offer, from a server the lobby is not in."""
    guild = simcord_env.create_guild()
    players = make_players(simcord_env, guild, 2)
    waiting = await open_lobby(simcord_env, players, guild.create_text_channel("wizard"))
    mallory, carrier = await mallory_with_a_carrier(simcord_env)
    before = snapshot(waiting, database_path)
    rules = waiting.bot_table.rules if waiting.bot_table is not None else None
    forged = custom_id("lobby", waiting.table_id, 0, menu)
    result = await forge_click(simcord_env, mallory, carrier, forged, values=values)
    assert assert_refused(result) == ENGLISH("table-refusal-elsewhere")
    assert snapshot(waiting, database_path) == before
    assert waiting.bot_table is not None and waiting.bot_table.rules == rules
    assert_valid_discord_payloads(simcord_env)


async def test_forged_play_again_from_another_server_opens_nothing(simcord_env: Env) -> None:
    """Play again names a finished game: from another server it opens no lobby, there or here."""
    finished = await open_table(simcord_env, 3)
    await finish(finished, random.Random(5))
    mallory, carrier = await mallory_with_a_carrier(simcord_env)
    tables = manager(simcord_env)
    home = finished.channel.id
    result = await forge_click(simcord_env, mallory, carrier, custom_id("again", finished.table_id, 0, "go"))
    assert assert_refused(result) == ENGLISH("table-refusal-elsewhere")
    assert tables.in_channel(home) is None
    mine = tables.in_channel(carrier.channel_id)
    assert mine is not None and [seat.user_id for seat in mine.table.seats] == [mallory.id]
    assert_valid_discord_payloads(simcord_env)


async def test_a_channel_control_clicked_in_another_channel_of_the_server_is_refused(
    simcord_env: Env, database_path: Path
) -> None:
    """The same server is not enough: the table's buttons work in the table's channel."""
    running = await open_table(simcord_env, 3)
    other = running.guild.create_text_channel("other")
    host = running.players[0]
    own = await host.slash(other, "wizard new")
    assert own.response is not None
    carrier = stored(simcord_env, own.response.channel_id, own.response.id)
    before = snapshot(running, database_path)
    result = await forge_click(simcord_env, host, carrier, custom_id("end", running.table_id, 0, "yes"))
    assert assert_refused(result) == ENGLISH("table-refusal-elsewhere")
    assert snapshot(running, database_path) == before
    assert_valid_discord_payloads(simcord_env)


@pytest.mark.parametrize(
    "cid", ["wzlb:lb:rating:all:0", "wzlb:hp:11:0", "wzset:page:more", "wzset:images:off"]
)
async def test_a_private_panel_control_forged_on_the_table_message_rewrites_nothing(
    simcord_env: Env, database_path: Path, cid: str
) -> None:
    """Leaderboard and settings controls answer by rewriting the message they are on, which is always a
    private reply: forged onto the public table message, they are refused and the table stays."""
    running = await open_table(simcord_env, 3)
    admins = running.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = running.guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    before = snapshot(running, database_path)
    table_message = stored(simcord_env, running.channel.id, running.message_id)
    assert_refused(await forge_click(simcord_env, admin, table_message, cid), "isn't valid")
    assert snapshot(running, database_path) == before
    assert_valid_discord_payloads(simcord_env)


@pytest.mark.parametrize("backend", db_helpers.BACKENDS, indirect=True)
async def test_numbers_past_64_bits_are_refused_as_malformed(
    simcord_env: Env, database: db_helpers.Database
) -> None:
    """An id part that matches its family's template but holds a number no id can be (past 64 bits) is
    refused in words, like any malformed id, before any handler runs: nothing changes."""
    table = await open_table(simcord_env, 3)
    player = table.players[0]
    carrier = stored(simcord_env, table.channel.id, table.message_id)
    before = snapshot(table, database)
    huge = "9" * 19  # past 2**63 - 1, inside the templates' digit counts
    forged = [
        f"wizard:again:{huge}:0:go",
        f"wizard:act:{huge}:{table.game.version}:64",
        f"wizard:hand:{huge}:0:show",
        f"wzlb:hp:{'9' * 20}:0",
        f"wzlb:er:member:{player.id}:{'9' * 20}:{'9' * 20}:yes",
        f"wzlb:er:me:{'9' * 20}:1:yes",
    ]
    for cid in forged:
        result = await forge_click(simcord_env, player, carrier, cid)
        assert_refused(result, "isn't valid")
    # A history menu's value past 64 bits.
    menu = await forge_click(simcord_env, player, carrier, f"wzlb:hg:{player.id}:0", values=["9" * 20])
    assert_refused(menu)
    assert snapshot(table, database) == before
    assert manager(simcord_env).find(table.table_id) is not None
