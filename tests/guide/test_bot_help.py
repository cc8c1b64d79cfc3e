"""/wizard help through SimCord: what the bot is, how a game is played here, the commands and the rules."""

from __future__ import annotations

import re

import pytest
from discord_payloads import assert_valid_discord_payloads
from simcord import Env

from cogs.utils.text import embed_limit_problems
from wizard_core import rules_summary

pytestmark = pytest.mark.simcord(check_errors=True)


async def test_help_says_how_to_play_here(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("wizard")
    reader = guild.add_member(simcord_env.create_user("reader"))
    result = await reader.slash(channel, "wizard help")
    assert result.ephemeral and result.response is not None
    [embed] = result.response.embeds
    assert embed_limit_problems(embed) == []
    names = [str(field.name) for field in embed.fields]
    assert names[0] == "How to play here" and "Commands" in names
    how = str(embed.fields[0].value)
    for step in (
        "`/wizard new` opens a table",
        "**Join**",
        "add computer players",
        "**Start**",
        "Your hand comes by direct message",
        "**Show my hand**",
        "`/wizard hand`",
        "buttons for your bids and your cards all round",
        "a short reminder comes by DM",
        "`/wizard table`",
        "turn timer",
        "**Take my seat back**",
        "**Play again**",
        "`/wizard leave`",
        "`/wizard end`",
    ):
        assert step in how, step
    # Every command named there exists.
    commands = "\n".join(str(field.value) for field in embed.fields if str(field.name).endswith("ommands"))
    for command in re.findall(r"`(/wizard [a-z-]+)`", how):
        assert f"`{command}`" in commands
    rules = "\n".join(str(f.value) for f in embed.fields if str(f.name).startswith("Rules"))
    assert rules == rules_summary("classic") and not re.search(r"\bR-\d", rules)
    assert_valid_discord_payloads(simcord_env)
