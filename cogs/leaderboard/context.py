"""What every leaderboard interaction needs from Discord: the bot's database, the server, the time and
the language of the member who reads the reply."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from cogs.storage import Database
from cogs.utils.replies import Refusal, reader_texts

if TYPE_CHECKING:
    from bot import WizardBot


def now() -> float:
    """The current time as a Unix timestamp (Discord's clock, which tests can move)."""
    return discord.utils.utcnow().timestamp()


def database(interaction: discord.Interaction[WizardBot]) -> Database:
    """The bot's database."""
    return interaction.client.db


def guild_id(interaction: discord.Interaction[WizardBot]) -> int:
    """The server the interaction happened in; a refusal outside a server, whose records do not exist."""
    if interaction.guild_id is None:
        # Outside a server there is no server language: the member's client language, else English.
        raise Refusal(reader_texts(interaction)("lb-only-in-a-server"))
    return interaction.guild_id
