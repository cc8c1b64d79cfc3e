"""The real bot boots under SimCord, registers its commands only when they change, answers /wizard help."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord_payloads import assert_valid_discord_payloads
from simcord import Env

from bot import WizardBot
from wizard_core import rules_summary

if TYPE_CHECKING:
    from conftest import MakeBot


def command_puts(env: Env) -> list[str]:
    return [r.path for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]


async def test_boot_registers_the_wizard_group(simcord_env: Env) -> None:
    [path] = command_puts(simcord_env)
    assert "/guilds/" not in path
    body = next(r.json for r in simcord_env.http_requests if r.path == path)
    assert isinstance(body, list)
    by_name = {payload["name"]: payload for payload in body}
    assert sorted(by_name) == ["wizard", "wizard-admin"]
    assert [option["name"] for option in by_name["wizard"]["options"]] == [
        "help",
        "new",
        "hand",
        "table",
        "end",
        "leave",
        "leaderboard",
        "stats",
        "history",
        "season",
        "forget-me",
        "replay",
        "record",
        "rules",
        "settings",
        "me",
    ]
    admin = by_name["wizard-admin"]
    assert int(admin["default_member_permissions"]) == discord.Permissions(manage_guild=True).value
    assert_valid_discord_payloads(simcord_env)


async def test_restart_with_same_commands_does_not_register_again(
    simcord_env: Env, make_bot: MakeBot
) -> None:
    await simcord_env.restart_bot(make_bot())
    assert len(command_puts(simcord_env)) == 1

    await simcord_env.restart_bot(make_bot(force_sync=True))
    assert len(command_puts(simcord_env)) == 2

    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "wizard help")
    assert result.ephemeral


async def test_dev_guild_gets_its_own_registration(simcord_env: Env, make_bot: MakeBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(simcord_env.create_user("alice"))

    await simcord_env.restart_bot(make_bot(dev_guild_id=guild.id))
    puts = command_puts(simcord_env)
    assert len(puts) == 2
    assert puts[1].endswith(f"/guilds/{guild.id}/commands")

    result = await alice.slash(channel, "wizard help")
    assert result.ephemeral
    assert_valid_discord_payloads(simcord_env)


async def test_wizard_help_lists_commands_and_rules(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(simcord_env.create_user("alice"))

    assert "wizard help" in alice.available_commands(channel)
    result = await alice.slash(channel, "wizard help")

    assert result.ephemeral
    assert result.response is not None
    [embed] = result.response.embeds
    fields = {field.name: str(field.value) for field in embed.fields}
    assert "`/wizard help`" in fields["Commands"]
    rules = "\n".join(str(field.value) for field in embed.fields if str(field.name).startswith("Rules"))
    assert rules == rules_summary("classic")
    assert channel.last_message is None  # nothing was posted for everyone to see
    assert_valid_discord_payloads(simcord_env)


async def test_closing_bot_refuses_new_commands(simcord_env: Env, simcord_bot: WizardBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(simcord_env.create_user("alice"))

    simcord_bot.closing = True
    result = await alice.slash(channel, "wizard help")

    assert result.ephemeral
    assert result.response is not None
    assert result.response.content == "The bot is shutting down, try again in a minute."
    assert not result.response.embeds
