"""/wizard help through SimCord: what the bot is, how a game is played here, the commands and the rules,
in the reader's language (their Discord client's, else the server's)."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
from discord_payloads import assert_valid_discord_payloads
from simcord import Env
from simcord import interactions as simcord_interactions

from cogs.core_words import rules_text
from cogs.utils.i18n import ENGLISH, Texts, texts
from cogs.utils.text import embed_limit_problems
from wizard_core import rules_summary

pytestmark = pytest.mark.simcord(check_errors=True)

# A command named in help text, in any language's letters.
COMMAND = re.compile(r"`(/wizard [\w-]+)`")


def use_client_locales(monkeypatch: pytest.MonkeyPatch, locales: dict[int, str]) -> None:
    """From now on, the interactions of these users come from Discord clients set to these locales
    (SimCord sends every interaction with en-US)."""
    build = simcord_interactions.base_payload

    def with_locale(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = build(*args, **kwargs)
        payload["locale"] = locales.get(kwargs["user_id"], payload["locale"])
        return record, payload

    monkeypatch.setattr(simcord_interactions, "base_payload", with_locale)


def help_parts(embed: discord.Embed, t: Texts) -> tuple[list[str], str, str, str]:
    """The field names, How to play here, the commands and the rules of a help embed in ``t``'s language."""
    assert embed_limit_problems(embed) == []
    names = [str(field.name) for field in embed.fields]

    def values(*headings: str) -> str:
        return "\n".join(str(field.value) for field in embed.fields if field.name in headings)

    how = values(t("help-how-to-play-title"), t("help-how-to-play-continued"))
    commands = values(t("help-commands"), t("help-more-commands"))
    return names, how, commands, values(t("help-rules"), t("help-rules-continued"))


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
    for command in COMMAND.findall(how):
        assert f"`{command}`" in commands
    rules = "\n".join(str(f.value) for f in embed.fields if str(f.name).startswith("Rules"))
    assert rules == rules_summary("classic") and not re.search(r"\bR-\d", rules)
    assert_valid_discord_payloads(simcord_env)


@pytest.mark.parametrize(("client", "server"), [("de", "en-US"), ("fr", "de"), (None, "de-AT")])
async def test_help_in_german(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch, client: str | None, server: str
) -> None:
    """A German client reads German; so does a reader whose client language the bot does not speak, on a
    German server."""
    guild = simcord_env.create_guild(preferred_locale=server)
    channel = guild.create_text_channel("wizard")
    reader = guild.add_member(simcord_env.create_user("reader"))
    use_client_locales(monkeypatch, {reader.id: client or "fr"})
    result = await reader.slash(channel, "wizard help")
    assert result.ephemeral and result.response is not None
    [embed] = result.response.embeds
    german = texts("de")
    names, how, commands, rules = help_parts(embed, german)
    assert embed.description == german("help-about")
    assert names[0] == "So wird hier gespielt" and names[1] == "Befehle" and "Regeln" in names
    for step in ("`/wizard neu` eröffnet einen Tisch", "`/wizard tisch`", "`/wizard verlassen`"):
        assert step in how, step
    named = COMMAND.findall(how)
    assert len(named) == 5 and all(f"`{command}`" in commands for command in named)
    assert "`/wizard einstellungen`: Wähl die Vorgaben des Servers" in commands
    assert "`/wizard hilfe`: Zeig, was dieser Bot kann" in commands
    assert rules == rules_text("classic", german) != rules_summary("classic")
    # Nothing English is left: no English description, heading or step.
    text = "\n".join([str(embed.title), str(embed.description), *names, how, commands])
    for key in ("help-about", "help-how-to-play-title", "help-commands", "command-new-description"):
        assert ENGLISH(key) not in text, key
    assert_valid_discord_payloads(simcord_env)


async def test_an_english_client_on_a_german_server_reads_english(simcord_env: Env) -> None:
    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("wizard")
    reader = guild.add_member(simcord_env.create_user("reader"))
    result = await reader.slash(channel, "wizard help")
    assert result.response is not None
    [embed] = result.response.embeds
    names, how, commands, _ = help_parts(embed, ENGLISH)
    assert names[0] == "How to play here" and "`/wizard new` opens a table" in how
    assert "`/wizard settings`: Choose this server's default rules" in commands
