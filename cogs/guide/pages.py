"""The pages of `/wizard rules`: an edition's rules, a house rule, the list of house rules, and the
variants the bot does not offer yet, as embeds within Discord's limits, in the reader's language.

The words come from the catalogs through ``cogs.core_words`` (the rules texts, house rules'
names, help and rules) and ``rules.ftl`` (the pages' own titles and fields). A reader gets their Discord
client's language if the bot speaks it, else their server's (``show_rules``).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from cogs.core_words import (
    edition_name,
    rules_text,
    unsupported_reason,
    variant_help,
    variant_name,
    variant_rule,
)
from cogs.server_settings.language import reply_texts
from cogs.utils.i18n import LANGUAGES, Texts, texts
from cogs.utils.text import DESCRIPTION_LIMIT, chunk_lines, message_batches
from wizard_core import EDITIONS, MAX_PLAYERS, MIN_PLAYERS, Rules, RulesError
from wizard_core.variants import UNSUPPORTED_VARIANTS, VARIANTS, Variant, check_variants, find_variant

AUTOCOMPLETE_LIMIT = 25
# /wizard rules topics, in the order autocomplete offers them.
RULES_TOPICS: tuple[str, ...] = ("classic", "camelot", "variants", *VARIANTS, "unsupported")
# The names of the topics that are not a house rule (a house rule's is "Variant: <its name>").
TOPIC_KEYS = {
    "classic": "rules-topic-classic",
    "camelot": "rules-topic-camelot",
    "variants": "rules-topic-variants",
    "unsupported": "rules-topic-unsupported",
}


def _normal(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def topic_label(topic: str, *, t: Texts) -> str:
    """A topic's name as autocomplete offers it (``Camelot Edition rules``, ``Variant: Canadian Rule``)."""
    if topic in VARIANTS:
        return t("rules-topic-variant", name=variant_name(topic, t))
    return t(TOPIC_KEYS[topic])


def find_topic(text: str) -> str | None:
    """The /wizard rules topic a user typed (its key, or its autocomplete name or house rule's name in any
    language the bot speaks), or None."""
    key = _normal(text)
    for topic in RULES_TOPICS:
        names = {_normal(topic)}
        for lang in LANGUAGES:
            names.add(_normal(topic_label(topic, t=texts(lang))))
            if topic in VARIANTS:
                names.add(_normal(variant_name(topic, texts(lang))))
        if key in names:
            return topic
    try:
        return find_variant(text).id
    except RulesError:
        return None


def topic_choices(current: str, *, t: Texts) -> list[app_commands.Choice[str]]:
    """The topics whose key or name (in ``t``'s language) contains what was typed so far."""
    key = _normal(current)
    choices = []
    for topic in RULES_TOPICS:
        label = topic_label(topic, t=t)
        if key in _normal(topic) or key in _normal(label):
            choices.append(app_commands.Choice(name=label, value=topic))
    return choices[:AUTOCOMPLETE_LIMIT]


def topic_list() -> str:
    return ", ".join(f"`{topic}`" for topic in RULES_TOPICS)


def text_embeds(
    title: str, text: str, *, t: Texts, fields: dict[str, str] | None = None
) -> list[discord.Embed]:
    """Long Markdown as embeds: the text split at line breaks over descriptions, then ``fields``."""
    pieces = list(chunk_lines(text, DESCRIPTION_LIMIT)) or [""]
    embeds = [
        discord.Embed(
            title=title if index == 0 else t("rules-continued", title=title),
            description=piece or None,
            colour=discord.Colour.blurple(),
        )
        for index, piece in enumerate(pieces)
    ]
    for name, value in (fields or {}).items():
        for index, piece in enumerate(chunk_lines(value)):
            embeds[-1].add_field(
                name=name if index == 0 else t("rules-continued", title=name), value=piece, inline=False
            )
    return embeds


def incompatible_with(variant: Variant, *, t: Texts) -> list[str]:
    """The names of the variants R-9 does not allow together with ``variant``."""
    names = []
    for other in VARIANTS.values():
        if other.id == variant.id:
            continue
        try:
            check_variants({variant.id, other.id})
        except RulesError:
            names.append(variant_name(other.id, t))
    return names


def only_for_some_player_counts(variant: Variant, *, t: Texts) -> list[str]:
    """The variants that go with ``variant`` only at some player counts (R-20: the Forehead card with Quick
    play needs 4 players), each with those counts: ``Quick play: 4 players only``."""
    every = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    lines = []
    for other in VARIANTS.values():
        try:
            rules = Rules("classic", frozenset({variant.id, other.id}))
        except RulesError:
            continue  # never together: incompatible_with names it
        counts = [t.number(players) for players in every if _playable(rules, players)]
        if other.id == variant.id or len(counts) == len(every):
            continue
        name = variant_name(other.id, t)
        if not counts:
            lines.append(t("rules-at-no-player-count", name=name))
            continue
        numbers = (
            counts[0] if len(counts) == 1 else t("rules-or", first=", ".join(counts[:-1]), last=counts[-1])
        )
        lines.append(t("rules-only-player-counts", name=name, counts=numbers))
    return lines


def _playable(rules: Rules, players: int) -> bool:
    try:
        rules.check_players(players)
    except RulesError:
        return False
    return True


def rules_embeds(topic: str | None, *, t: Texts) -> list[discord.Embed]:
    """What /wizard rules shows for a topic (one of RULES_TOPICS, or None for the overview)."""
    if topic is None or topic in EDITIONS:
        edition = topic or "classic"
        title = t("rules-edition-title", edition=edition_name(edition, t))
        return text_embeds(title, rules_text(edition, t), t=t, fields={t("rules-more-topics"): topic_list()})
    if topic == "variants":
        lines = [
            t("rules-variants-line", name=variant_name(v, t), id=v, help=variant_help(v, t)) for v in VARIANTS
        ]
        return text_embeds(t("rules-variants-title"), "\n".join([t("rules-variants-intro"), *lines]), t=t)
    if topic == "unsupported":
        lines = [
            t("rules-unsupported-line", name=name, why=unsupported_reason(why, t))
            for name, why in UNSUPPORTED_VARIANTS.items()
        ]
        text = "\n".join([t("rules-unsupported-intro"), *lines])
        return text_embeds(topic_label(topic, t=t), text, t=t)
    variant = VARIANTS[topic]
    fields = {t("rules-in-short"): variant_help(topic, t)}
    others = incompatible_with(variant, t=t)
    if others:
        fields[t("rules-cannot-combine")] = "\n".join(others)
    counted = only_for_some_player_counts(variant, t=t)
    if counted:
        fields[t("rules-some-player-counts")] = "\n".join(counted)
    return text_embeds(topic_label(topic, t=t), variant_rule(topic, t), t=t, fields=fields)


async def show_rules(interaction: discord.Interaction[Any], topic: str | None) -> None:
    """Answer /wizard rules privately in the reader's language: a topic's pages, or the topics there are."""
    t = await reply_texts(interaction)
    key = None if topic is None else find_topic(topic)
    if topic is not None and key is None:
        text = t("rules-unknown-topic", topic=repr(topic[:100]), topics=topic_list())
        await interaction.response.send_message(text, ephemeral=True)
        return
    batches = message_batches(rules_embeds(key, t=t))
    await interaction.response.send_message(embeds=batches[0], ephemeral=True)
    for batch in batches[1:]:
        await interaction.followup.send(embeds=batch, ephemeral=True)


async def rules_topic_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The topic autocomplete of /wizard rules, named in the reader's language."""
    return topic_choices(current, t=await reply_texts(interaction))
