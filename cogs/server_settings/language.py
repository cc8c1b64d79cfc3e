"""Which language a server's members read outside a table: the server's choice in /wizard settings, else
its Discord language (``i18n.server_language``); a private answer follows the reader's own choice
(``/wizard me``), then their client, first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from cogs.members.store import MemberSettingsStore
from cogs.server_settings.store import ServerSettings, ServerSettingsStore
from cogs.utils.i18n import DEFAULT_LANGUAGE, Lang, Texts, guild_language, language_of, texts
from cogs.utils.replies import reader_texts

if TYPE_CHECKING:
    from bot import WizardBot


def discord_language(interaction: discord.Interaction[WizardBot]) -> Lang:
    """The language the server's Discord settings ask for, if the bot speaks it, else English: what the
    server reads when it chose no language of its own."""
    return guild_language(None, interaction.guild)


def settings_language(settings: ServerSettings, interaction: discord.Interaction[WizardBot]) -> Lang:
    """The language of the interaction's server, given its settings."""
    return guild_language(settings.language, interaction.guild)


async def server_lang(interaction: discord.Interaction[WizardBot]) -> Lang:
    """The language of the interaction's server (English outside a server)."""
    if interaction.guild_id is None:
        return DEFAULT_LANGUAGE
    store = interaction.client.service(ServerSettingsStore)
    return settings_language(await store.get(interaction.guild_id), interaction)


async def reply_texts(interaction: discord.Interaction[WizardBot]) -> Texts:
    """The catalog of a private answer outside a table: the language the reader chose for this server
    (``/wizard me``), else their client's, else the server's."""
    if interaction.guild_id is not None:
        members = interaction.client.service(MemberSettingsStore)
        chosen = (await members.get(interaction.guild_id, interaction.user.id)).language
        if chosen is not None:
            return texts(chosen)
    reader = language_of(interaction.locale)
    if reader is not None:  # no need to read the server's settings
        return texts(reader)
    return reader_texts(interaction, await server_lang(interaction))
