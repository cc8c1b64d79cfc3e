"""/wizard rules through SimCord: every topic kind, the topic autocomplete and an unknown topic."""

from __future__ import annotations

import re

import pytest
from bot_helpers import assert_refused, message_text
from discord_payloads import assert_valid_discord_payloads
from simcord import ChannelHandle, Env, InteractionResult, MemberActor, ResponseMessage

from cogs.guide.pages import RULES_TOPICS
from wizard_core import rules_summary
from wizard_core.variants import UNSUPPORTED_VARIANTS, VARIANTS

pytestmark = pytest.mark.simcord(check_errors=True)


def player(env: Env) -> tuple[ChannelHandle, MemberActor]:
    guild = env.create_guild()
    channel = guild.create_text_channel("wizard")
    return channel, guild.add_member(env.create_user("reader"))


def shown(result: InteractionResult) -> ResponseMessage:
    """The rules reply, checked to be private and to carry embeds."""
    assert result.response is not None, result
    assert result.ephemeral, result.response.content
    assert result.response.embeds, result.response.content
    assert not result.followups
    return result.response


def fields(message: ResponseMessage) -> dict[str, str]:
    return {str(f.name): str(f.value) for embed in message.embeds for f in embed.fields}


def descriptions(message: ResponseMessage) -> str:
    return "\n".join(embed.description or "" for embed in message.embeds)


async def test_without_a_topic_the_classic_rules_and_the_topics(simcord_env: Env) -> None:
    channel, reader = player(simcord_env)
    message = shown(await reader.slash(channel, "wizard rules"))
    assert message.embeds[0].title == "Classic Wizard rules"
    assert descriptions(message) == rules_summary("classic")
    topics = fields(message)["More topics (`/wizard rules topic:…`)"]
    for topic in ("classic", "camelot", "variants", "unsupported", *VARIANTS):
        assert f"`{topic}`" in topics
    assert_valid_discord_payloads(simcord_env)


@pytest.mark.parametrize(
    ("topic", "title", "edition"),
    [
        ("classic", "Classic Wizard rules", "classic"),
        ("camelot", "Wizard Camelot Edition rules", "camelot"),
        ("Camelot Edition rules", "Wizard Camelot Edition rules", "camelot"),
    ],
)
async def test_edition_topics(simcord_env: Env, topic: str, title: str, edition: str) -> None:
    channel, reader = player(simcord_env)
    message = shown(await reader.slash(channel, "wizard rules", topic=topic))
    assert message.embeds[0].title == title
    assert descriptions(message) == rules_summary(edition)
    assert_valid_discord_payloads(simcord_env)


async def test_the_variants_topic_lists_every_variant(simcord_env: Env) -> None:
    channel, reader = player(simcord_env)
    message = shown(await reader.slash(channel, "wizard rules", topic="variants"))
    text = descriptions(message)
    for variant in VARIANTS.values():
        assert f"**{variant.name}** (`{variant.id}`): {variant.help}" in text
    assert "/wizard settings" in text
    assert_valid_discord_payloads(simcord_env)


async def test_the_unsupported_topic_says_why(simcord_env: Env) -> None:
    channel, reader = player(simcord_env)
    message = shown(await reader.slash(channel, "wizard rules", topic="unsupported"))
    text = descriptions(message)
    assert len(UNSUPPORTED_VARIANTS) == 4
    for name, why in UNSUPPORTED_VARIANTS.items():
        assert f"**{name}**: {why}." in text
    assert_valid_discord_payloads(simcord_env)


@pytest.mark.parametrize("variant_id", list(VARIANTS))
async def test_each_variant_topic(simcord_env: Env, variant_id: str) -> None:
    variant = VARIANTS[variant_id]
    channel, reader = player(simcord_env)
    message = shown(await reader.slash(channel, "wizard rules", topic=variant_id))
    assert message.embeds[0].title == f"Variant: {variant.name}"
    assert descriptions(message) == variant.rule
    assert fields(message)["In short"] == variant.help
    assert_valid_discord_payloads(simcord_env)


async def test_a_variant_by_name_and_what_it_cannot_be_combined_with(simcord_env: Env) -> None:
    channel, reader = player(simcord_env)
    message = shown(await reader.slash(channel, "wizard rules", topic="canadian rule"))
    assert message.embeds[0].title == "Variant: Canadian Rule"
    assert fields(message)["Cannot be combined with"].splitlines() == [
        "Hidden Bid",
        "Delayed Reveal Bid",
        "Hands In Bid",
        "Wizard Saboteur",
    ]
    quick = shown(await reader.slash(channel, "wizard rules", topic="quick"))
    assert fields(quick)["Cannot be combined with"].splitlines() == ["Wizard Maximus", "Nannie's Rule"]
    # the Forehead card goes with Quick play only when there is a 1-card round, with 4 players.
    assert fields(quick)["Together only with some player counts"] == "Forehead card: 4 players only"
    forehead = shown(await reader.slash(channel, "wizard rules", topic="forehead"))
    assert fields(forehead)["Together only with some player counts"] == "Quick play: 4 players only"
    # A variant that combines with every other one has no such field.
    third = shown(await reader.slash(channel, "wizard rules", topic="third-time"))
    assert "Cannot be combined with" not in fields(third)
    assert "Together only with some player counts" not in fields(third)


async def test_an_unknown_topic_lists_the_valid_ones(simcord_env: Env) -> None:
    channel, reader = player(simcord_env)
    result = await reader.slash(channel, "wizard rules", topic="Jester bid and more")
    text = assert_refused(result, "no rules topic called 'Jester bid and more'")
    for topic in RULES_TOPICS:
        assert f"`{topic}`" in text
    assert result.response is not None and not result.response.embeds
    assert_valid_discord_payloads(simcord_env)


async def test_topic_autocomplete(simcord_env: Env) -> None:
    channel, reader = player(simcord_env)
    everything = await reader.autocomplete(channel, "wizard rules", "topic", "")
    values = [choice["value"] for choice in everything]
    assert values == ["classic", "camelot", "variants", *VARIANTS, "unsupported"]
    assert len(values) <= 25
    names = {choice["value"]: choice["name"] for choice in everything}
    assert names["nannie"] == "Variant: Nannie's Rule"
    assert names["unsupported"] == "Variants not supported yet"

    async def values_for(typed: str) -> list[str]:
        return [c["value"] for c in await reader.autocomplete(channel, "wizard rules", "topic", typed)]

    assert await values_for("camel") == ["camelot"]
    assert await values_for("NANNIE") == ["nannie"]
    assert await values_for("unsup") == ["unsupported"]
    assert await values_for("bid") == ["no-even-bids", "hidden-bid", "delayed-reveal", "hands-in"]
    assert await values_for("zzz") == []
    # Every value offered is a topic the command accepts, and none shows a ruling id or jargon.
    for value in values:
        message = shown(await reader.slash(channel, "wizard rules", topic=value))
        text = message_text(message)
        assert text and not re.search(r"\bR-\d", text) and "isprint" not in text
    assert_valid_discord_payloads(simcord_env)
