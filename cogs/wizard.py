"""The /wizard slash commands: every subcommand of the game lives in this one group."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils import leaderboard
from cogs.utils.store import TableStore
from cogs.utils.tables import GameButton, Refusal, Table, TableManager
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

    @wizard.command(name="new")
    @app_commands.describe(edition="Which deck and rules to play (default: classic)")
    @app_commands.choices(
        edition=[
            app_commands.Choice(name="Classic Wizard", value="classic"),
            app_commands.Choice(name="Camelot Edition", value="camelot"),
        ]
    )
    async def new_command(
        self, interaction: discord.Interaction[WizardBot], edition: str = "classic"
    ) -> None:
        """Open a table in this channel for others to join."""
        await self._guarded(interaction, self.bot.tables.new_table(interaction, edition))

    @wizard.command(name="hand")
    async def hand_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Show your hand in this channel's game, only to you, with your controls."""

        async def show() -> None:
            table = self._running_table(interaction)
            async with table.lock:
                await self.bot.tables.show_hand(interaction, table)

        await self._guarded(interaction, show())

    @wizard.command(name="end")
    async def end_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """End this channel's game early (host or Manage Server); no results are recorded."""

        async def end() -> None:
            await self.bot.tables.ask_to_end(interaction, self._running_table(interaction), "end")

        await self._guarded(interaction, end())

    @wizard.command(name="leave")
    async def leave_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Leave this channel's game; without you the game ends and no results are recorded."""

        async def leave() -> None:
            await self.bot.tables.ask_to_end(interaction, self._running_table(interaction), "leave")

        await self._guarded(interaction, leave())

    def _running_table(self, interaction: discord.Interaction[WizardBot]) -> Table:
        assert interaction.channel_id is not None
        table = self.bot.tables.in_channel(interaction.channel_id)
        if table is None or table.status != "playing":
            raise Refusal("There is no game running in this channel. Start one with `/wizard new`.")
        return table

    async def _guarded(self, interaction: discord.Interaction[WizardBot], work: Any) -> None:
        try:
            await work
        except Refusal as refusal:
            await self.bot.tables.refuse(interaction, str(refusal))

    # -- leaderboards, stats and history: thin wrappers around cogs/utils/leaderboard.py ----------------

    @wizard.command(name="leaderboard")
    @app_commands.describe(
        sort="What to rank by (default: rating)", period="Which games count (default: all)"
    )
    @app_commands.choices(sort=leaderboard.SORT_CHOICES, period=leaderboard.PERIOD_CHOICES)
    async def leaderboard_command(
        self, interaction: discord.Interaction[WizardBot], sort: str = "rating", period: str = "all"
    ) -> None:
        """Show this server's Wizard ranking, only to you."""
        await leaderboard.show_leaderboard(interaction, sort, period)

    @wizard.command(name="stats")
    @app_commands.describe(member="Whose stats to show (default: yours)")
    async def stats_command(
        self, interaction: discord.Interaction[WizardBot], member: discord.Member | None = None
    ) -> None:
        """Show a member's Wizard stats and rating in this server, only to you."""
        await leaderboard.show_stats(interaction, member)

    @wizard.command(name="history")
    @app_commands.describe(member="Whose games to list (default: yours)")
    async def history_command(
        self, interaction: discord.Interaction[WizardBot], member: discord.Member | None = None
    ) -> None:
        """List a member's recent games in this server, with their score sheets, only to you."""
        await leaderboard.show_history(interaction, member)

    @wizard.command(name="forget-me")
    async def forget_me_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Erase your Wizard records in this server, after a confirmation."""
        await leaderboard.ask_forget_me(interaction)


async def setup(bot: WizardBot) -> None:
    bot.tables = TableManager(bot, TableStore(bot.db), bot.settings.lobby_timeout_minutes * 60)
    await bot.tables.restore()
    bot.add_dynamic_items(GameButton, leaderboard.LeaderboardItem)
    await bot.add_cog(Wizard(bot))


async def teardown(bot: WizardBot) -> None:
    bot.tables.close()
