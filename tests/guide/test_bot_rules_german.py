"""/wizard rules in German through SimCord: every topic for a reader whose Discord client is German
(SimCord sends `en-US`, so the interaction's locale is patched), a German server's readers with other
clients, the topic autocomplete and an unknown topic."""

from __future__ import annotations

import pytest
from bot_helpers import patch_client_locales
from discord_payloads import assert_valid_discord_payloads
from simcord import Env, InteractionResult, ResponseMessage
from test_rules_german import assert_german, everything_of

from cogs.guide.pages import RULES_TOPICS, rules_embeds
from cogs.utils.i18n import texts
from cogs.utils.text import embed_limit_problems
from wizard_core.variants import VARIANTS

pytestmark = pytest.mark.simcord(check_errors=True)
GERMAN = texts("de")


@pytest.fixture
def client_locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Members' Discord client languages by user id; the others keep SimCord's `en-US`."""
    return patch_client_locales(monkeypatch)


def everything(message: ResponseMessage) -> str:
    parts = []
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{field.name}\n{field.value}" for field in embed.fields]
    return "\n".join(parts)


def shown(result: InteractionResult) -> str:
    assert result.response is not None and result.ephemeral, result
    assert result.response.embeds and not result.followups
    for embed in result.response.embeds:
        assert embed_limit_problems(embed) == []
    return everything(result.response)


async def test_a_german_client_reads_every_topic_in_german(
    simcord_env: Env, client_locales: dict[int, str]
) -> None:
    guild = simcord_env.create_guild()  # an English server: the reader's client decides
    channel = guild.create_text_channel("wizard")
    reader = guild.add_member(simcord_env.create_user("leser"))
    client_locales[reader.id] = "de"
    overview = shown(await reader.slash(channel, "wizard rules"))
    assert overview.startswith("Regeln: Klassisches Wizard\n**Wizard (klassisch)**")
    assert "Weitere Themen" in overview
    assert_german(overview)
    for topic in RULES_TOPICS:
        text = shown(await reader.slash(channel, "wizard rules", topic=topic))
        assert text == everything_of(rules_embeds(topic, t=GERMAN))
        assert_german(text)
    assert_valid_discord_payloads(simcord_env)


async def test_a_german_server_s_readers_with_other_clients(
    simcord_env: Env, client_locales: dict[int, str]
) -> None:
    """Discord's German in the server decides for a client the bot does not speak; an English client reads
    English."""
    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("wizard")
    french, english = (guild.add_member(simcord_env.create_user(n)) for n in ("lecteur", "reader"))
    client_locales[french.id] = "fr"
    text = shown(await french.slash(channel, "wizard rules", topic="forehead"))
    assert text.startswith("Variante: Stirnkarte\nIn der Runde mit einer Karte pro Spieler")
    assert "Zusammen nur bei manchen Spielerzahlen\nSchnelles Spiel: nur mit 4 Spielern" in text
    text = shown(await english.slash(channel, "wizard rules", topic="forehead"))
    assert text.startswith("Variant: Forehead card\n")


async def test_autocomplete_and_an_unknown_topic_in_german(
    simcord_env: Env, client_locales: dict[int, str]
) -> None:
    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("wizard")
    reader = guild.add_member(simcord_env.create_user("leser"))
    client_locales[reader.id] = "de"
    offered = await reader.autocomplete(channel, "wizard rules", "topic", "")
    names = {choice["value"]: choice["name"] for choice in offered}
    assert names["nannie"] == "Variante: Nannies Regel"
    assert names["unsupported"] == "Noch nicht unterstützte Varianten"
    typed = await reader.autocomplete(channel, "wizard rules", "topic", "kanad")
    assert [choice["value"] for choice in typed] == ["canadian"]
    # The name autocomplete offered is a topic the command takes.
    text = shown(await reader.slash(channel, "wizard rules", topic=names["third-time"]))
    assert text.startswith(f"Variante: {names['third-time'].removeprefix('Variante: ')}")
    result = await reader.slash(channel, "wizard rules", topic="Narrenvorhersage")
    assert result.response is not None and result.ephemeral
    assert str(result.response.content).startswith("Ein Regelthema namens 'Narrenvorhersage' gibt es nicht.")
    for variant in VARIANTS:
        assert f"`{variant}`" in str(result.response.content)
