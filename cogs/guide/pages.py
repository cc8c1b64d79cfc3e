"""The pages of `/wizard rules`: an edition's rules, a house rule, the list of house rules, and the
variants the bot does not offer yet, as embeds within Discord's limits.
"""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.table.render import EDITION_NAMES
from cogs.utils.text import DESCRIPTION_LIMIT, chunk_lines
from wizard_core import EDITIONS, MAX_PLAYERS, MIN_PLAYERS, Rules, RulesError, rules_summary
from wizard_core.variants import UNSUPPORTED_VARIANTS, VARIANTS, Variant, check_variants, find_variant

AUTOCOMPLETE_LIMIT = 25
# /wizard rules topics, in the order autocomplete offers them, with the name shown there.
RULES_TOPICS: dict[str, str] = {
    "classic": "Classic Wizard rules",
    "camelot": "Camelot Edition rules",
    "variants": "All variants (house rules)",
    **{variant.id: f"Variant: {variant.name}" for variant in VARIANTS.values()},
    "unsupported": "Variants not supported yet",
}


def _normal(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def find_topic(text: str) -> str | None:
    """The /wizard rules topic a user typed (its key, autocomplete name or variant name), or None."""
    key = _normal(text)
    for topic, label in RULES_TOPICS.items():
        if key in (_normal(topic), _normal(label)):
            return topic
    try:
        return find_variant(text).id
    except RulesError:
        return None


def topic_choices(current: str) -> list[app_commands.Choice[str]]:
    """The topics whose key or name contains what was typed so far."""
    key = _normal(current)
    return [
        app_commands.Choice(name=label, value=topic)
        for topic, label in RULES_TOPICS.items()
        if key in _normal(topic) or key in _normal(label)
    ][:AUTOCOMPLETE_LIMIT]


def topic_list() -> str:
    return ", ".join(f"`{topic}`" for topic in RULES_TOPICS)


def text_embeds(title: str, text: str, **fields: str) -> list[discord.Embed]:
    """Long Markdown as embeds: the text split at line breaks over descriptions, then `fields`."""
    pieces = list(chunk_lines(text, DESCRIPTION_LIMIT)) or [""]
    embeds = [
        discord.Embed(
            title=title if index == 0 else f"{title} (continued)",
            description=piece or None,
            colour=discord.Colour.blurple(),
        )
        for index, piece in enumerate(pieces)
    ]
    for name, value in fields.items():
        for index, piece in enumerate(chunk_lines(value)):
            embeds[-1].add_field(
                name=name if index == 0 else f"{name} (continued)", value=piece, inline=False
            )
    return embeds


def incompatible_with(variant: Variant) -> list[str]:
    """The names of the variants R-9 does not allow together with `variant`."""
    names = []
    for other in VARIANTS.values():
        if other.id == variant.id:
            continue
        try:
            check_variants({variant.id, other.id})
        except RulesError:
            names.append(other.name)
    return names


def only_for_some_player_counts(variant: Variant) -> list[str]:
    """The variants that go with `variant` only at some player counts (R-20: the Forehead card with Quick
    play needs 4 players), each with those counts: ``Quick play: 4 players only``."""
    every = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    lines = []
    for other in VARIANTS.values():
        try:
            rules = Rules("classic", frozenset({variant.id, other.id}))
        except RulesError:
            continue  # never together: incompatible_with names it
        counts = [str(players) for players in every if _playable(rules, players)]
        if other.id == variant.id or len(counts) == len(every):
            continue
        if not counts:
            lines.append(f"{other.name}: at no player count")
        else:
            numbers = " or ".join(filter(None, [", ".join(counts[:-1]), counts[-1]]))
            lines.append(f"{other.name}: {numbers} players only")
    return lines


def _playable(rules: Rules, players: int) -> bool:
    try:
        rules.check_players(players)
    except RulesError:
        return False
    return True


def rules_embeds(topic: str | None) -> list[discord.Embed]:
    """What /wizard rules shows for a topic (a key of RULES_TOPICS, or None for the overview)."""
    topics = {"More topics (`/wizard rules topic:…`)": topic_list()}
    if topic is None or topic in EDITIONS:
        edition = topic or "classic"
        return text_embeds(f"{EDITION_NAMES[edition]} rules", rules_summary(edition), **topics)
    if topic == "variants":
        lines = [f"**{v.name}** (`{v.id}`): {v.help}" for v in VARIANTS.values()]
        intro = (
            "House rules a table can add. A server's defaults are chosen with `/wizard settings`; "
            "`/wizard rules topic:<variant>` gives the full rule."
        )
        return text_embeds("Variants", intro + "\n" + "\n".join(lines))
    if topic == "unsupported":
        lines = [f"**{name}**: {why}." for name, why in UNSUPPORTED_VARIANTS.items()]
        intro = "The rulebook names these variants, but the bot does not offer them yet:"
        return text_embeds("Variants not supported yet", intro + "\n" + "\n".join(lines))
    variant = VARIANTS[topic]
    extra = {"In short": variant.help}
    others = incompatible_with(variant)
    if others:
        extra["Cannot be combined with"] = "\n".join(others)
    counted = only_for_some_player_counts(variant)
    if counted:
        extra["Together only with some player counts"] = "\n".join(counted)
    return text_embeds(f"Variant: {variant.name}", variant.rule, **extra)
