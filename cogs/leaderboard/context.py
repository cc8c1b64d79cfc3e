"""What every leaderboard interaction needs from Discord: the bot's database, the server, the time and
the language of the member who reads the reply."""

from __future__ import annotations

from typing import Any

import discord

from cogs.server_settings.store import ServerSettingsStore
from cogs.utils.db import Database
from cogs.utils.i18n import DEFAULT_LANGUAGE, Lang, Texts, reader_language, server_language, texts
from cogs.utils.replies import Refusal


def now() -> float:
    """The current time as a Unix timestamp (Discord's clock, which tests can move)."""
    return discord.utils.utcnow().timestamp()


def database(interaction: discord.Interaction[Any]) -> Database:
    """The bot's database."""
    db: Database = interaction.client.db
    return db


def guild_id(interaction: discord.Interaction[Any]) -> int:
    """The server the interaction happened in; a refusal outside a server, whose records do not exist."""
    if interaction.guild_id is None:
        # Outside a server there is no server language: the member's client language, else English.
        t = texts(reader_language(interaction.locale, DEFAULT_LANGUAGE))
        raise Refusal(t("lb-only-in-a-server"))
    return interaction.guild_id


async def server_lang(interaction: discord.Interaction[Any]) -> Lang:
    """The language of the interaction's server: its choice in /wizard settings, else its Discord
    language; English outside a server."""
    if interaction.guild_id is None:
        return DEFAULT_LANGUAGE
    settings = await interaction.client.service(ServerSettingsStore).get(interaction.guild_id)
    guild = interaction.guild
    return server_language(settings.language, guild.preferred_locale if guild else interaction.guild_locale)


async def reader_texts(interaction: discord.Interaction[Any]) -> Texts:
    """The catalog of a private reply: the member's Discord client language, else the server's."""
    return texts(reader_language(interaction.locale, await server_lang(interaction)))
