"""The slash commands in German: the registration Discord receives gives every command, subcommand and
option a German name and description, and every choice a German name, each within Discord's rules; the
English names Discord dispatches by stay as they were."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import discord
import pytest
from discord import app_commands
from simcord import Env

from cogs.utils.i18n import ENGLISH
from cogs.utils.text import CommandTexts, command_text

if TYPE_CHECKING:
    from conftest import MakeBot

# Discord's rule for the names of commands and options (lowercase where a script has case).
NAME = re.compile(r"[-_\w]{1,32}")
DESCRIPTION_LIMIT = 100


def registered(env: Env) -> dict[str, dict[str, Any]]:
    """The top-level commands of the last registration, by name."""
    [*_, put] = [r for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert isinstance(put.json, list)
    return {command["name"]: command for command in put.json}


def walk(node: dict[str, Any], path: str = "") -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every command, option and choice below ``node`` (itself included): its path, kind (a choice or
    not) and payload."""
    path = f"{path} {node['name']}".strip()
    yield path, "named", node
    for option in node.get("options") or []:
        yield from walk(option, path)
    for choice in node.get("choices") or []:
        yield f"{path} = {choice['value']}", "choice", choice


def problems(node: dict[str, Any]) -> list[str]:
    found = []
    siblings: dict[str, set[str]] = {}
    for path, kind, payload in walk(node):
        english = payload.get("description", payload["name"])
        if not 1 <= len(english) <= DESCRIPTION_LIMIT:
            found.append(f"{path}: English text {english!r} has {len(english)} characters")
        german = (payload.get("name_localizations") or {}).get("de")
        if german is None:
            found.append(f"{path}: no German name")
            continue
        parent = path.rsplit(" ", 1)[0]
        if german in siblings.setdefault(parent, set()):
            found.append(f"{path}: German name {german!r} twice at this level")
        siblings[parent].add(german)
        if kind == "choice":
            if not 1 <= len(german) <= DESCRIPTION_LIMIT:
                found.append(f"{path}: German name {german!r} has {len(german)} characters")
            continue
        if not NAME.fullmatch(german) or german != german.lower():
            found.append(f"{path}: {german!r} is not a name Discord accepts")
        description = (payload.get("description_localizations") or {}).get("de")
        if description is None or not 1 <= len(description) <= DESCRIPTION_LIMIT:
            found.append(f"{path}: German description {description!r}")
        elif description == payload["description"]:
            found.append(f"{path}: German description is the English one")
    return found


@pytest.mark.parametrize(
    "command",
    ["wizard", "wizard-admin"],
)
async def test_every_command_option_and_choice_is_registered_in_german(
    simcord_env: Env, command: str
) -> None:
    assert problems(registered(simcord_env)[command]) == []


async def test_the_english_names_discord_dispatches_by_are_unchanged(simcord_env: Env) -> None:
    wizard = registered(simcord_env)["wizard"]
    new = next(option for option in wizard["options"] if option["name"] == "new")
    [edition] = new["options"]
    assert edition["name"] == "edition" and edition["name_localizations"]["de"] == "edition"
    assert [(c["name"], c["value"], c["name_localizations"]["de"]) for c in edition["choices"]] == [
        ("Classic Wizard", "classic", "Klassisches Wizard"),
        ("Camelot Edition", "camelot", "Camelot-Edition"),
    ]
    assert new["name_localizations"] == {"de": "neu"}
    assert wizard["description"] == "Play the card game Wizard"

    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("wizard")
    member = guild.add_member(simcord_env.create_user("member"))
    shown = await member.slash(channel, "wizard leaderboard", sort="winrate", period="week")
    assert shown.ephemeral and shown.response is not None


async def test_the_translator_speaks_german_only() -> None:
    translator = CommandTexts()
    context: app_commands.TranslationContextTypes = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.other, None
    )
    text = command_text("command-new-description")
    assert text.message == ENGLISH("command-new-description")
    german = await translator.translate(text, discord.Locale.german, context)
    assert german is not None and german.startswith("Eröffne")
    for locale in (discord.Locale.american_english, discord.Locale.british_english, discord.Locale.french):
        assert await translator.translate(text, locale, context) is None
    # A string without a catalog key (an autocomplete choice, say) is left as it is.
    plain = app_commands.locale_str("Classic Wizard rules")
    assert await translator.translate(plain, discord.Locale.german, context) is None


async def test_a_changed_translation_is_registered_again(
    simcord_env: Env, make_bot: MakeBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = CommandTexts.translate

    async def reworded(
        self: CommandTexts,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if string.extras.get("key") == "command-help-description" and locale is discord.Locale.german:
            return "Zeig die Hilfe."
        return await original(self, string, locale, context)

    monkeypatch.setattr(CommandTexts, "translate", reworded)
    await simcord_env.restart_bot(make_bot())
    help_command = next(o for o in registered(simcord_env)["wizard"]["options"] if o["name"] == "help")
    assert help_command["description_localizations"]["de"] == "Zeig die Hilfe."
