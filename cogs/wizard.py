"""The /wizard slash commands: every subcommand of the game lives in this one group.

Each command is a thin door into a feature package (the table, the leaderboard, the server settings,
the guide). Each runs its work through ``cogs.utils.replies.guarded``, which answers a refusal or an
unexpected error privately, like every button and menu; what discord.py itself refuses (a failed check,
a bad option value) is answered by the command tree's error handler through the same function.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.guide.pages import find_topic, rules_embeds, topic_choices, topic_list
from cogs.leaderboard.commands import PERIOD_CHOICES, SORT_CHOICES, show_history, show_leaderboard, show_stats
from cogs.leaderboard.confirm import ask_forget_me
from cogs.server_settings import panel as server_settings
from cogs.table.manager import TableManager
from cogs.table.model import Table
from cogs.utils.replies import Refusal, guarded
from cogs.utils.text import chunk_lines, message_batches
from wizard_core import rules_summary

if TYPE_CHECKING:
    from bot import WizardBot

ABOUT = (
    "Play **Wizard**, the trick-taking card game for 3 to 6 players, right in a server channel. "
    "The table, the bids and the tricks are shown to everyone in the channel; "
    "your hand is shown only to you."
)

# How a game goes in Discord, step by step, with the buttons' and commands' own names.
HOW_TO_PLAY = (
    "1. `/wizard new` opens a table in the channel; players click **Join**. The host can add computer "
    "players and choose house rules, then clicks **Start**.\n"
    "2. Your hand comes by direct message. If your DMs are closed, press **Show my hand** on the table "
    "or use `/wizard hand`: only you see it.\n"
    "3. Your hand has buttons for your bids and your cards all round: press one on your turn. The table "
    "shows whose turn it is; if you take a while, a short reminder comes by DM.\n"
    "4. If the server has a turn timer, the table shows when your turn runs out; then a computer plays "
    "that turn for you, and after two missed turns in a row your seat, until you press "
    "**Take my seat back**.\n"
    "5. The final standings have a **Play again** button for a new table with the same rules.\n"
    "6. `/wizard leave` hands your seat to a computer for the rest of the game; `/wizard end` ends it "
    "early, with no results recorded (the host or Manage Server).\n"
    "7. Chat pushed the table out of sight? `/wizard table` brings it back to the bottom."
)


class Wizard(commands.Cog):
    """Discord's side of the game: commands in, messages out; the rules live in wizard_core."""

    wizard = app_commands.Group(name="wizard", description="Play the card game Wizard", guild_only=True)

    def __init__(self, bot: WizardBot) -> None:
        self.bot = bot
        self.tables = bot.service(TableManager)

    def command_lines(self) -> list[str]:
        return [
            f"`/{command.qualified_name}`: {command.description}"
            for command in self.wizard.walk_commands()
            if isinstance(command, app_commands.Command)
        ]

    def help_embed(self) -> discord.Embed:
        embed = discord.Embed(title="Wizard", description=ABOUT, colour=discord.Colour.blurple())
        embed.add_field(name="How to play here", value=HOW_TO_PLAY, inline=False)
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
    @app_commands.describe(edition="Which deck to play (default: this server's choice in /wizard settings)")
    @app_commands.choices(
        edition=[
            app_commands.Choice(name="Classic Wizard", value="classic"),
            app_commands.Choice(name="Camelot Edition", value="camelot"),
        ]
    )
    async def new_command(
        self, interaction: discord.Interaction[WizardBot], edition: str | None = None
    ) -> None:
        """Open a table in this channel for others to join."""
        await guarded(interaction, self.tables.new_table(interaction, edition), "/wizard new")

    @wizard.command(name="hand")
    async def hand_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Show your hand in this channel's game, only to you, with your controls."""

        async def show() -> None:
            table = self._running_table(interaction)
            async with table.lock:
                await self.tables.show_hand(interaction, table)

        await guarded(interaction, show(), "/wizard hand")

    @wizard.command(name="table")
    async def table_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Bring this channel's table back to the bottom of the channel, below the chat."""

        async def bring_back() -> None:
            assert interaction.channel_id is not None
            table = self.tables.in_channel(interaction.channel_id)
            if table is None:
                raise Refusal("There is no table in this channel. Start one with `/wizard new`.")
            async with table.lock:
                if not self.tables.is_open(table):
                    raise Refusal("This channel's table has just closed.")
                await self.tables.bring_back(interaction, table)

        await guarded(interaction, bring_back(), "/wizard table")

    @wizard.command(name="end")
    async def end_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """End this channel's game early (host or Manage Server); no results are recorded."""
        await guarded(interaction, self._ask_to_end(interaction, "end"), "/wizard end")

    @wizard.command(name="leave")
    async def leave_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Leave this channel's game; a computer plays your seat to the end, and it won't count for you."""
        await guarded(interaction, self._ask_to_end(interaction, "leave"), "/wizard leave")

    async def _ask_to_end(self, interaction: discord.Interaction[WizardBot], kind: str) -> None:
        await self.tables.ask_to_end(interaction, self._running_table(interaction), kind)

    def _running_table(self, interaction: discord.Interaction[WizardBot]) -> Table:
        assert interaction.channel_id is not None
        table = self.tables.in_channel(interaction.channel_id)
        if table is None or table.status != "playing":
            raise Refusal("There is no game running in this channel. Start one with `/wizard new`.")
        return table

    # -- leaderboards, stats and history: the leaderboard package answers ------------------------------

    @wizard.command(name="leaderboard")
    @app_commands.describe(
        sort="What to rank by (default: rating)", period="Which games count (default: all)"
    )
    @app_commands.choices(sort=SORT_CHOICES, period=PERIOD_CHOICES)
    async def leaderboard_command(
        self, interaction: discord.Interaction[WizardBot], sort: str = "rating", period: str = "all"
    ) -> None:
        """Show this server's Wizard ranking, only to you."""
        await show_leaderboard(interaction, sort, period)

    @wizard.command(name="stats")
    @app_commands.describe(member="Whose stats to show (default: yours)")
    async def stats_command(
        self, interaction: discord.Interaction[WizardBot], member: discord.Member | None = None
    ) -> None:
        """Show a member's Wizard stats and rating in this server, only to you."""
        await show_stats(interaction, member)

    @wizard.command(name="history")
    @app_commands.describe(member="Whose games to list (default: yours)")
    async def history_command(
        self, interaction: discord.Interaction[WizardBot], member: discord.Member | None = None
    ) -> None:
        """List a member's recent games in this server, with their score sheets, only to you."""
        await show_history(interaction, member)

    @wizard.command(name="forget-me")
    async def forget_me_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Erase your Wizard records in this server, after a confirmation."""
        await ask_forget_me(interaction)

    # -- rules and server settings -----------------------------------------------------------------------

    @wizard.command(name="rules")
    @app_commands.describe(
        topic="An edition, a variant, 'variants' or 'unsupported' (default: classic rules)"
    )
    async def rules_command(
        self, interaction: discord.Interaction[WizardBot], topic: str | None = None
    ) -> None:
        """Show the rules of an edition or of a variant, only to you."""
        key = None if topic is None else find_topic(topic)
        if topic is not None and key is None:
            await interaction.response.send_message(
                f"There is no rules topic called {topic[:100]!r}. Choose one of: {topic_list()}.",
                ephemeral=True,
            )
            return
        batches = message_batches(rules_embeds(key))
        await interaction.response.send_message(embeds=batches[0], ephemeral=True)
        for batch in batches[1:]:
            await interaction.followup.send(embeds=batch, ephemeral=True)

    @rules_command.autocomplete("topic")
    async def rules_topic_autocomplete(
        self, interaction: discord.Interaction[WizardBot], current: str
    ) -> list[app_commands.Choice[str]]:
        return topic_choices(current)

    # Discord applies default_member_permissions to top-level commands only, and this one shares the
    # /wizard group with every player's commands: Manage Server is checked by the bot on each use.
    @wizard.command(name="settings")
    async def settings_command(self, interaction: discord.Interaction[WizardBot]) -> None:
        """Choose this server's default rules, turn timer, lobby timeout and pictures (Manage Server)."""
        await server_settings.show_panel(interaction)


async def setup(bot: WizardBot) -> None:
    await bot.add_cog(Wizard(bot))
