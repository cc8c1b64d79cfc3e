"""The /wizard slash commands: every subcommand of the game lives in this one group."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from wizard_core import rules_summary

if TYPE_CHECKING:
    from bot import WizardBot

ABOUT = (
    "Play **Wizard**, the trick-taking card game for 3 to 6 players, right in a server channel. "
    "The table, the bids and the tricks are shown to everyone in the channel; "
    "your hand is shown only to you."
)
FIELD_LIMIT = 1024


def chunk_lines(text: str, limit: int = FIELD_LIMIT) -> Iterator[str]:
    """Split text at line breaks into pieces of at most `limit` characters (for embed fields)."""
    piece = ""
    for line in text.splitlines():
        while len(line) > limit:
            if piece:
                yield piece
                piece = ""
            yield line[:limit]
            line = line[limit:]
        candidate = f"{piece}\n{line}" if piece else line
        if len(candidate) > limit:
            yield piece
            candidate = line
        piece = candidate
    if piece:
        yield piece


class Wizard(commands.Cog):
    """Discord's side of the game: commands in, messages out; the rules live in wizard_core."""

    wizard = app_commands.Group(name="wizard", description="Play the card game Wizard", guild_only=True)

    def __init__(self, bot: WizardBot) -> None:
        self.bot = bot

    def command_lines(self) -> list[str]:
        return [
            f"`/{command.qualified_name}`: {command.description}"
            for command in self.wizard.walk_commands()
            if isinstance(command, app_commands.Command)
        ]

    def help_embed(self) -> discord.Embed:
        embed = discord.Embed(title="Wizard", description=ABOUT, colour=discord.Colour.blurple())
        for index, piece in enumerate(chunk_lines("\n".join(self.command_lines()))):
            embed.add_field(name="Commands" if index == 0 else "More commands", value=piece, inline=False)
        for index, piece in enumerate(chunk_lines(rules_summary("classic"))):
            embed.add_field(name="Rules" if index == 0 else "Rules (continued)", value=piece, inline=False)
        return embed

    @wizard.command(name="help")
    async def help_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Show what this bot does, its commands and a summary of the rules."""
        await interaction.response.send_message(embed=self.help_embed(), ephemeral=True)


async def setup(bot: WizardBot) -> None:
    await bot.add_cog(Wizard(bot))
