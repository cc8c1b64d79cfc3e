"""One way to answer an unexpected error: any slash command, button or menu that fails gets the same
private apology, with a short error id that the log carries too, and nothing is left half done.

A failure is injected into each kind of interaction: a /wizard command, a lobby button, a lobby menu,
a game click, Show my hand, a leaderboard command and button, and an admin command. (The settings panel
has its own, in tests/server_settings.) The apology, and the answer to a slash command's error the user
caused, are in the reader's language.
"""

from __future__ import annotations

import logging
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest
from bot_helpers import (
    assert_apology,
    assert_refused,
    boom,
    lobby_id,
    open_lobby,
    open_table,
    press,
    snapshot,
)
from discord import app_commands
from discord_payloads import assert_valid_discord_payloads
from simcord import Env
from simcord import interactions as simcord_interactions

from cogs.leaderboard import commands as leaderboard_commands
from cogs.leaderboard import confirm
from cogs.table import session as session_module
from cogs.table.lobby_flow import Lobbies
from cogs.table.session import TableSession
from cogs.utils.i18n import ENGLISH, texts
from cogs.utils.replies import explain_command_error

GERMAN_APOLOGY = re.compile(r"Bei mir ist etwas schiefgelaufen\..* \(Fehlernummer: `[0-9a-f]{6}`\)")


Inject = Callable[[pytest.MonkeyPatch], None]


def failing(name: str) -> Inject:
    def inject(monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(session_module, name, boom)

    return inject


@pytest.mark.parametrize(
    ("kind", "inject"),
    [("lobby button", failing("press_lobby_button")), ("lobby menu", failing("choose_in_lobby"))],
)
async def test_a_failing_lobby_control_is_apologised_for(
    simcord_env: Env, database_path: Path, caplog: pytest.LogCaptureFixture, kind: str, inject: Inject
) -> None:
    guild = simcord_env.create_guild()
    players = [guild.add_member(simcord_env.create_user(f"p{i}")) for i in range(3)]
    table = await open_lobby(simcord_env, players[:2], guild.create_text_channel("wizard"))
    before = snapshot(table, database_path)
    monkeypatch = pytest.MonkeyPatch()
    inject(monkeypatch)
    try:
        with caplog.at_level(logging.ERROR):
            if kind == "lobby button":
                result = await players[2].click(table.table_message, label="Join")
            else:
                result = await players[0].select(
                    table.table_message, ["camelot"], custom_id=lobby_id(table, "edition")
                )
    finally:
        monkeypatch.undo()
    assert_apology(result, caplog)
    assert snapshot(table, database_path) == before
    assert_valid_discord_payloads(simcord_env)


async def test_a_failing_game_click_and_show_my_hand_are_apologised_for(
    simcord_env: Env, database_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await open_table(simcord_env, 3)
    seat = table.game.current_player
    assert seat is not None
    player = table.players[seat]
    before = snapshot(table, database_path)
    monkeypatch.setattr(TableSession, "act", boom)
    monkeypatch.setattr(TableSession, "show_hand", boom)
    with caplog.at_level(logging.ERROR):
        first = assert_apology(await press(table, player, table.game.legal_actions()[0]), caplog)
        shown = await player.click(table.table_message, label="Show my hand")
        second = assert_apology(shown, caplog)
    assert first != second, "each failure gets an id of its own"
    assert snapshot(table, database_path) == before


async def test_a_failing_command_is_apologised_for(
    simcord_env: Env, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    member = guild.add_member(simcord_env.create_user("member"))
    monkeypatch.setattr(Lobbies, "new_table", boom)
    with caplog.at_level(logging.ERROR):
        assert_apology(await member.slash(channel, "wizard new"), caplog)
    monkeypatch.undo()
    opened = await member.slash(channel, "wizard new")
    assert opened.response is not None and not opened.ephemeral, "the failure left the channel blocked"


async def test_failing_leaderboard_and_admin_interactions_are_apologised_for(
    simcord_env: Env, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    # The leaderboard's buttons and menus under a failure: tests/leaderboard/test_failures.py.
    monkeypatch.setattr(confirm, "ask", boom)
    monkeypatch.setattr(leaderboard_commands, "board_message", boom)
    with caplog.at_level(logging.ERROR):
        assert_apology(await admin.slash(channel, "wizard leaderboard"), caplog)
        assert_apology(await admin.slash(channel, "wizard-admin reset-leaderboard"), caplog)


async def test_the_apology_is_in_the_readers_language(
    simcord_env: Env, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    member = guild.add_member(simcord_env.create_user("member"))
    build = simcord_interactions.base_payload

    def german_client(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = build(*args, **kwargs)
        payload["locale"] = "de"
        return record, payload

    async def disk_full(*args: Any, **kwargs: Any) -> Any:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(simcord_interactions, "base_payload", german_client)
    monkeypatch.setattr(Lobbies, "new_table", boom)
    with caplog.at_level(logging.ERROR):
        text = assert_refused(await member.slash(channel, "wizard new"))
        assert GERMAN_APOLOGY.fullmatch(text), text
        monkeypatch.setattr(Lobbies, "new_table", disk_full)
        text = assert_refused(await member.slash(channel, "wizard new"))
        assert text.startswith("Ich konnte das nicht speichern, also hat sich nichts geändert."), text
    assert_valid_discord_payloads(simcord_env)


def test_a_slash_command_error_the_user_caused_is_explained_in_their_language() -> None:
    german = texts("de")
    cooldown = app_commands.CommandOnCooldown(app_commands.Cooldown(1, 60), 1.2)
    assert explain_command_error(cooldown) == "Slow down: you can use this again in 1 second."
    assert explain_command_error(cooldown, t=german) == (
        "Nicht so schnell: Du kannst das in 1 Sekunde wieder verwenden."
    )
    missing = app_commands.MissingPermissions(["manage_guild", "embed_links"])
    assert explain_command_error(missing) == "You need the Manage Server, Embed Links permission for this."
    assert explain_command_error(missing, t=german) == (
        "Dafür brauchst du die Berechtigung Server verwalten, Links einbetten."
    )
    assert explain_command_error(app_commands.NoPrivateMessage(), t=german) == german("reply-server-only")
    assert german("reply-server-only") != ENGLISH("reply-server-only")
