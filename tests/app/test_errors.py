"""Slash-command errors: the user's own are explained in plain words, bugs are logged and apologised for."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
import pytest
import simcord
from discord import app_commands
from discord_payloads import assert_valid_discord_payloads

if TYPE_CHECKING:
    from conftest import MakeBot


async def refuse(interaction: discord.Interaction) -> bool:
    raise app_commands.CheckFailure("Only the host of this table can do that.")


async def test_check_failure_is_answered_ephemerally(make_bot: MakeBot) -> None:
    bot = make_bot()

    @bot.tree.command(name="guarded", description="Refuse everyone")
    @app_commands.check(refuse)
    async def guarded(interaction: discord.Interaction) -> None:
        raise AssertionError("the check should have stopped this")

    async with simcord.run(bot) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("general")
        alice = guild.add_member(env.create_user("alice"))

        result = await alice.slash(channel, "guarded")

        assert result.ephemeral
        assert result.response is not None
        assert result.response.content == "Only the host of this table can do that."
        assert [type(error) for error in env.errors] == [app_commands.CheckFailure]
        assert_valid_discord_payloads(env)


async def test_unexpected_error_is_logged_and_apologised_for(
    make_bot: MakeBot, caplog: pytest.LogCaptureFixture
) -> None:
    bot = make_bot()

    @bot.tree.command(name="broken", description="Fail")
    async def broken(interaction: discord.Interaction) -> None:
        raise ZeroDivisionError("a bug")

    async with simcord.run(bot) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("general")
        alice = guild.add_member(env.create_user("alice"))

        with caplog.at_level(logging.ERROR, logger="bot"):
            result = await alice.slash(channel, "broken")

        assert result.ephemeral
        assert result.response is not None
        assert result.response.content.startswith("Something went wrong on my side.")
        assert "ZeroDivisionError: a bug" in caplog.text
        [error] = env.errors
        assert isinstance(error.__cause__, ZeroDivisionError)
